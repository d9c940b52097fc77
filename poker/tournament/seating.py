"""Seats: the initial draw, late entries, breaking and balancing tables, the final table.

Everything here is a pure function of plain data and an explicit seed; every seat given
and every player moved is a :class:`Move` record with its reason, so the floor's slip
and the audit trail say why.

* TOUR-01, TDA 7: initial seats are drawn at random (:func:`draw_seats`): the players are
  spread as evenly as the tables allow (which tables take one more, and which seats stay
  empty, is drawn too).
* TDA 8: late entries, re-entries and alternates draw a seat from the same pool: an open
  seat at one of the tables with the fewest players (:func:`draw_late_entries`).
* TDA 10: when the players fit in the other tables, the next table of the break order
  (fixed in advance) breaks and its players draw new tables and seats in two steps (a
  table among those with the fewest players, then a seat); they may land on any seat.
* TDA 11: a table more than ``max_difference`` players short of the fullest is balanced:
  the fullest table (the first of them in the break order: the predetermined procedure)
  gives the player who would be big blind next, who goes to the worst position at the
  short table (the last of them in the break order): the open seat that will post the big
  blind soonest, never the small blind's seat. Play halts at a table three or more short
  of the fullest until the move is made (:class:`Halt`).
* When the players fit at the final table, the other tables break and every player draws
  a seat at it (the final table is redrawn).

A table's position comes from ``last_big_blind``: the seat that posted the big blind on
its last hand (tournaments play a dead button, so that seat is the small blind's next).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from poker.model import MAX_PLAYERS, MIN_PLAYERS
from poker.tournament.errors import Reason, TCode, TournamentError, reason_words
from poker.tournament.rng import SeededDraw, check_seed

HALT_SHORT = 3  # TDA 11: full-table play halts at a table 3 or more short of the fullest


@dataclass(frozen=True, slots=True, order=True)
class Seat:
    table: int  # the table's number as the floor reads it (or the app's id for it)
    seat: int  # 1 .. the table's seats


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table offered to the initial draw."""

    table: int
    seats: int


@dataclass(frozen=True, slots=True)
class TableState:
    """A table in play: its seats, who sits where, and whose big blind was last."""

    table: int
    seats: int
    players: tuple[tuple[int, int], ...] = ()  # (seat, player), by seat
    last_big_blind: int | None = None  # seat that posted the big blind on the last hand

    def __post_init__(self) -> None:
        _check_table(self.table, self.seats)
        previous = 0
        for pair in self.players:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise TournamentError(TCode.FIELD_TYPE, field="players", expected="(seat, player)")
            seat, player = pair
            if _not_int(seat) or not 1 <= seat <= self.seats or seat <= previous:
                raise TournamentError(
                    TCode.SEAT_INVALID, field="players", table=self.table, seat=str(seat)
                )
            if _not_int(player):
                raise TournamentError(TCode.FIELD_TYPE, field="players", expected="int")
            previous = seat
        if len({p for _, p in self.players}) != len(self.players):
            raise TournamentError(TCode.PLAYER_SEATED_TWICE, field="players", table=self.table)
        if self.last_big_blind is not None and (
            _not_int(self.last_big_blind) or not 1 <= self.last_big_blind <= self.seats
        ):
            raise TournamentError(
                TCode.SEAT_INVALID,
                field="last_big_blind",
                table=self.table,
                seat=str(self.last_big_blind),
            )

    @classmethod
    def of(
        cls, table: int, seats: int, players: Mapping[int, int], last_big_blind: int | None = None
    ) -> TableState:
        """From ``{seat: player}``."""
        return cls(table, seats, tuple(sorted(players.items())), last_big_blind)

    @property
    def count(self) -> int:
        return len(self.players)

    def seat_map(self) -> dict[int, int]:
        return dict(self.players)

    def open_seats(self) -> tuple[int, ...]:
        taken = {s for s, _ in self.players}
        return tuple(s for s in range(1, self.seats + 1) if s not in taken)


@dataclass(frozen=True, slots=True)
class Seating:
    """Every table in play and who sits where; a player sits at most once."""

    tables: tuple[TableState, ...]

    def __post_init__(self) -> None:
        ids = [t.table for t in self.tables]
        if len(set(ids)) != len(ids):
            raise TournamentError(TCode.TABLE_LISTED_TWICE, field="tables")
        seen: set[int] = set()
        for t in self.tables:
            for _, p in t.players:
                if p in seen:
                    raise TournamentError(TCode.PLAYER_SEATED_TWICE, field="tables", player=p)
                seen.add(p)

    @property
    def count(self) -> int:
        return sum(t.count for t in self.tables)

    def table(self, number: int) -> TableState:
        for t in self.tables:
            if t.table == number:
                return t
        raise TournamentError(TCode.TABLE_UNKNOWN, field="table", table=number)

    def where(self, player: int) -> Seat | None:
        for t in self.tables:
            for s, p in t.players:
                if p == player:
                    return Seat(t.table, s)
        return None

    def players(self) -> tuple[int, ...]:
        return tuple(p for t in self.tables for _, p in t.players)


@dataclass(frozen=True, slots=True)
class Move:
    """One seat given or one player moved, with why.

    ``reason``: why the player goes there (INITIAL_DRAW, LATE_ENTRY, TABLE_BROKEN,
    BALANCE, FINAL_TABLE). ``player_reason``: why this player (balancing: NEXT_BIG_BLIND,
    or DRAWN when the table has not dealt a hand yet). ``seat_reason``: why this seat
    (DRAWN, WORST_POSITION, ONLY_SMALL_BLIND_SEAT_OPEN).
    """

    player: int
    from_seat: Seat | None  # None: a new entry
    to_seat: Seat
    reason: Reason
    seat_reason: Reason
    player_reason: Reason | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Seats drawn for new players (initial draw or late entries) and the seating after."""

    seed: int
    moves: tuple[Move, ...]
    seating: Seating


@dataclass(frozen=True, slots=True)
class Halt:
    """TDA 11: play halts at ``table`` (``short_by`` players short of the fullest)."""

    table: int
    players: int
    short_by: int


@dataclass(frozen=True, slots=True)
class Plan:
    """What the floor must do now: tables that halt, tables that break, players to move.

    Computed on one seating (its version is the seating itself): :func:`apply_plan`
    refuses it on any other.
    """

    seed: int
    halted: tuple[Halt, ...]
    broken: tuple[int, ...]  # tables broken, in the break order
    final_table: int | None  # the table the final table is drawn at, when this plan forms it
    moves: tuple[Move, ...]

    @property
    def empty(self) -> bool:
        return not (self.broken or self.moves)


# -- helpers ---------------------------------------------------------------------------------


def _not_int(value: object) -> bool:
    return isinstance(value, bool) or not isinstance(value, int)


def _check_table(table: int, seats: int) -> None:
    if _not_int(table):
        raise TournamentError(TCode.FIELD_TYPE, field="table", expected="int")
    if _not_int(seats) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE,
            field="seats",
            value=str(seats),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )


def _check_players(players: Sequence[int], field: str = "players") -> None:
    for p in players:
        if _not_int(p):
            raise TournamentError(TCode.FIELD_TYPE, field=field, expected="int")
    if len(set(players)) != len(players):
        raise TournamentError(TCode.PLAYER_LISTED_TWICE, field=field)


class _Work:
    """A mutable copy of a seating while a draw or a plan is built."""

    def __init__(self, tables: Iterable[TableState]) -> None:
        self.seats: dict[int, int] = {}
        self.who: dict[int, dict[int, int]] = {}
        self.last_bb: dict[int, int | None] = {}
        self.order: list[int] = []
        for t in tables:
            self.order.append(t.table)
            self.seats[t.table] = t.seats
            self.who[t.table] = t.seat_map()
            self.last_bb[t.table] = t.last_big_blind

    def count(self, table: int) -> int:
        return len(self.who[table])

    def open_seats(self, table: int) -> list[int]:
        taken = self.who[table]
        return [s for s in range(1, self.seats[table] + 1) if s not in taken]

    def seating(self) -> Seating:
        return Seating(
            tuple(TableState.of(t, self.seats[t], self.who[t], self.last_bb[t]) for t in self.order)
        )


def _draw_table(rng: SeededDraw, work: _Work, tables: Sequence[int]) -> int | None:
    """Step 1 of a draw: one of the tables with room and the fewest players."""
    room = [t for t in tables if work.count(t) < work.seats[t]]
    if not room:
        return None
    fewest = min(work.count(t) for t in room)
    return rng.choice([t for t in room if work.count(t) == fewest])


# -- the initial draw and late entries --------------------------------------------------------


def tables_needed(players: int, seats_per_table: int) -> int:
    """How many tables seat ``players`` at ``seats_per_table`` a table (at least one)."""
    return max(1, -(-players // seats_per_table))


def draw_seats(players: Sequence[int], tables: Sequence[TableSpec], seed: int) -> Draw:
    """TOUR-01, TDA 7: draw every player's table and seat at random.

    Every table given is used, as evenly as their seats allow; which tables take one
    more player and which seats stay empty is drawn, then the players are drawn to the
    seats. Refused when the seats are too few, or when a table would get fewer than two.
    """
    check_seed(seed)
    _check_players(players)
    for spec in tables:
        _check_table(spec.table, spec.seats)
    if len({spec.table for spec in tables}) != len(tables):
        raise TournamentError(TCode.TABLE_LISTED_TWICE, field="tables")
    capacity = sum(spec.seats for spec in tables)
    if not tables or len(players) > capacity:
        raise TournamentError(
            TCode.NO_OPEN_SEAT, field="tables", players=len(players), seats=capacity
        )
    if len(players) < MIN_PLAYERS * len(tables):
        raise TournamentError(
            TCode.TABLES_TOO_MANY, field="tables", players=len(players), tables=len(tables)
        )
    rng = SeededDraw(seed, "draw")
    work = _Work(TableState(spec.table, spec.seats) for spec in tables)
    quota = dict.fromkeys(work.order, 0)
    for _ in players:  # which tables take one more: drawn among the tables with the fewest
        room = [t for t in work.order if quota[t] < work.seats[t]]
        fewest = min(quota[t] for t in room)
        quota[rng.choice([t for t in room if quota[t] == fewest])] += 1
    chosen: list[Seat] = []
    for t in work.order:  # which seats: drawn at each table
        seats = rng.shuffle(range(1, work.seats[t] + 1))[: quota[t]]
        chosen.extend(Seat(t, s) for s in sorted(seats))
    moves = []
    for player, seat in zip(rng.shuffle(sorted(players)), chosen, strict=True):
        work.who[seat.table][seat.seat] = player
        moves.append(Move(player, None, seat, Reason.INITIAL_DRAW, Reason.DRAWN))
    moves.sort(key=lambda m: m.to_seat)
    return Draw(seed, tuple(moves), work.seating())


def draw_late_entries(seating: Seating, players: Sequence[int], seed: int) -> Draw:
    """TDA 8: each late entry (or re-entry, or alternate) draws a table among those with
    room and the fewest players, then a seat there; in the order given.

    Refused with NO_OPEN_SEAT when every table is full (the floor opens a table and adds
    it to the seating, empty, then draws again).
    """
    check_seed(seed)
    _check_players(players)
    for p in players:
        if seating.where(p) is not None:
            raise TournamentError(TCode.PLAYER_ALREADY_SEATED, field="players", player=p)
    rng = SeededDraw(seed, "late")
    work = _Work(seating.tables)
    moves = []
    for p in players:
        table = _draw_table(rng, work, work.order)
        if table is None:
            raise TournamentError(
                TCode.NO_OPEN_SEAT,
                field="players",
                players=seating.count + len(players),
                seats=sum(work.seats.values()),
            )
        seat = rng.choice(work.open_seats(table))
        work.who[table][seat] = p
        moves.append(Move(p, None, Seat(table, seat), Reason.LATE_ENTRY, Reason.DRAWN))
    return Draw(seed, tuple(moves), work.seating())


# -- balancing, breaking, the final table -----------------------------------------------------


def _next_big_blind(work: _Work, table: int, moved: set[int]) -> tuple[int, Reason] | None:
    """TDA 11: the seat of the player who will be big blind next (not moved in this plan)."""
    who = work.who[table]
    last = work.last_bb[table]
    candidates = [s for s in who if who[s] not in moved]
    if not candidates:
        return None
    if last is None:
        return None  # no hand dealt yet: the caller draws
    n = work.seats[table]
    by_turn = sorted(candidates, key=lambda s: (s - last - 1) % n)
    first_due = min(who, key=lambda s: (s - last - 1) % n)
    reason = Reason.NEXT_BIG_BLIND if by_turn[0] == first_due else Reason.NEXT_BIG_BLIND_NOT_MOVED
    return by_turn[0], reason


def _worst_seat(work: _Work, table: int) -> tuple[int, Reason] | None:
    """TDA 11: the open seat that will post the big blind soonest, never the small blind's."""
    last = work.last_bb[table]
    open_ = work.open_seats(table)
    if not open_ or last is None:
        return None
    n = work.seats[table]
    # With a dead button the seat that posted the last big blind is the next small blind.
    usable = [s for s in open_ if s != last]
    if not usable:
        return last, Reason.ONLY_SMALL_BLIND_SEAT_OPEN
    return min(usable, key=lambda s: (s - last - 1) % n), Reason.WORST_POSITION


def plan_balance(
    seating: Seating,
    *,
    break_order: Sequence[int],
    final_table_size: int,
    seed: int,
    max_difference: int = 1,
) -> Plan:
    """The moves that balance the tables now (TDA 10, 11; the final table redraw).

    ``break_order``: every table in play, in the order they break (fixed in advance; the
    last one hosts the final table, which forms once the players fit at it:
    ``final_table_size``, or its seats if it has fewer). ``max_difference``: how many players apart tables
    may be (the structure's ``balance_max_difference``). Once the plan is applied no two
    tables differ by more than ``max_difference`` (but where the shorter table has no seat
    free: tables of different sizes) and nobody has moved twice.
    """
    check_seed(seed)
    order = _checked_break_order(seating, break_order, final_table_size, max_difference)
    rank = {t: i for i, t in enumerate(order)}
    tables = sorted(seating.tables, key=lambda state: rank[state.table])
    work = _Work(tables)
    in_play = [t.table for t in tables]
    rng = SeededDraw(seed, "balance")
    total = seating.count
    halted = _halted_tables(work, in_play)

    final_moves = _draw_final_table(work, in_play, total, final_table_size, rng)
    if final_moves is not None:
        return Plan(seed, tuple(halted), tuple(in_play[:-1]), in_play[-1], final_moves)

    moves: list[Move] = []
    moved: set[int] = set()
    broken = _break_tables(work, in_play, total, rng, moved, moves)
    _balance_tables(work, in_play, max_difference, rng, moved, moves)
    return Plan(seed, tuple(halted), tuple(broken), None, tuple(moves))


def _checked_break_order(
    seating: Seating, break_order: Sequence[int], final_table_size: int, max_difference: int
) -> list[int]:
    """The arguments of :func:`plan_balance` checked; the break order as a list."""
    if _not_int(max_difference) or not 1 <= max_difference <= 2:
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE,
            field="max_difference",
            value=str(max_difference),
            low=1,
            high=2,
        )
    if _not_int(final_table_size) or not MIN_PLAYERS <= final_table_size <= MAX_PLAYERS:
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE,
            field="final_table_size",
            value=str(final_table_size),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    order = list(break_order)
    if len(set(order)) != len(order):
        raise TournamentError(TCode.TABLE_LISTED_TWICE, field="break_order")
    for state in seating.tables:
        if state.table not in order:
            raise TournamentError(
                TCode.BREAK_ORDER_INCOMPLETE, field="break_order", table=state.table
            )
    return order


def _halted_tables(work: _Work, in_play: list[int]) -> list[Halt]:
    """The tables short enough of the fullest that play there halts until balanced."""
    halted: list[Halt] = []
    if len(in_play) > 1:
        fullest = max(work.count(t) for t in in_play)
        for t in in_play:
            short = fullest - work.count(t)
            if short >= HALT_SHORT:
                halted.append(Halt(t, work.count(t), short))
    return halted


def _draw_final_table(
    work: _Work, in_play: list[int], total: int, final_table_size: int, rng: SeededDraw
) -> tuple[Move, ...] | None:
    """The final table, once the players fit at it (its size, or its seats if it has
    fewer): every other table breaks and every player draws a seat at it. None before."""
    final = in_play[-1]
    final_seats = min(work.seats[final], final_table_size)
    if not (len(in_play) > 1 and total <= final_seats):
        return None
    seats = list(range(1, final_seats + 1))
    everyone = [(Seat(t, s), p) for t in in_play for s, p in sorted(work.who[t].items())]
    drawn = sorted(rng.shuffle(seats)[:total])
    moves = []
    for (origin, player), seat in zip(
        rng.shuffle(sorted(everyone, key=lambda x: x[1])), drawn, strict=True
    ):
        moves.append(Move(player, origin, Seat(final, seat), Reason.FINAL_TABLE, Reason.DRAWN))
    moves.sort(key=lambda m: m.to_seat)
    return tuple(moves)


def _break_tables(
    work: _Work,
    in_play: list[int],
    total: int,
    rng: SeededDraw,
    moved: set[int],
    moves: list[Move],
) -> list[int]:
    """TDA 10: break the next tables of the order while the players fit in the others
    (two tables stay until the final table forms); the broken tables, in order.

    Every table to break is chosen before anyone is redrawn, so nobody lands on a table
    that breaks in the same plan. Takes the broken tables out of ``in_play``.
    """
    broken: list[int] = []
    while len(in_play) > 2 and total <= sum(work.seats[t] for t in in_play[1:]):
        broken.append(in_play.pop(0))
    leaving = [(t, seat, player) for t in broken for seat, player in sorted(work.who[t].items())]
    for t in broken:
        work.who[t] = {}
    for table_from, seat, player in rng.shuffle(leaving):
        table = _draw_table(rng, work, in_play)
        assert table is not None  # the players fit: checked above
        to = rng.choice(work.open_seats(table))
        work.who[table][to] = player
        moved.add(player)
        moves.append(
            Move(player, Seat(table_from, seat), Seat(table, to), Reason.TABLE_BROKEN, Reason.DRAWN)
        )
    return broken


def _balance_tables(
    work: _Work,
    in_play: list[int],
    max_difference: int,
    rng: SeededDraw,
    moved: set[int],
    moves: list[Move],
) -> None:
    """TDA 11: from the fullest table to the shortest, one player at a time.

    Only a table with a seat free can take a player: among tables of different sizes (a
    full 6-seat table beside a 10-seat one) the shortest table may be full, and the
    tables are then as balanced as their seats allow."""
    while len(in_play) > 1:
        counts = {t: work.count(t) for t in in_play}
        room = [t for t in in_play if work.open_seats(t)]
        if not room:
            break
        fewest = min(counts[t] for t in room)
        if max(counts.values()) - fewest <= max_difference:
            break
        sources = [
            t
            for t in in_play
            if counts[t] > fewest + max_difference
            and any(p not in moved for p in work.who[t].values())
        ]
        if not sources:
            raise TournamentError(TCode.BALANCE_IMPOSSIBLE, field="seating")
        top = max(counts[t] for t in sources)
        source = next(t for t in sources if counts[t] == top)  # the first to break
        target = [t for t in room if counts[t] == fewest][-1]  # the last to break
        moves.append(_balance_move(work, source, target, rng, moved))


def _balance_move(work: _Work, source: int, target: int, rng: SeededDraw, moved: set[int]) -> Move:
    """TDA 11: the player due the big blind next at ``source`` takes the worst seat at
    ``target`` (each drawn when no hand has been dealt there yet)."""
    picked = _next_big_blind(work, source, moved)
    if picked is None:
        options = sorted(s for s, p in work.who[source].items() if p not in moved)
        from_seat, player_reason = rng.choice(options), Reason.DRAWN
    else:
        from_seat, player_reason = picked
    worst = _worst_seat(work, target)
    if worst is None:
        to_seat, seat_reason = rng.choice(work.open_seats(target)), Reason.DRAWN
    else:
        to_seat, seat_reason = worst
    player = work.who[source].pop(from_seat)
    work.who[target][to_seat] = player
    moved.add(player)
    return Move(
        player,
        Seat(source, from_seat),
        Seat(target, to_seat),
        Reason.BALANCE,
        seat_reason,
        player_reason,
    )


def apply_plan(seating: Seating, plan: Plan) -> Seating:
    """The seating once the floor has made the plan's moves.

    Refused with PLAN_STALE when the seating is not the one the plan was made on (a
    player is no longer where the plan takes them from, or a seat it fills is taken).
    """
    work = _Work(seating.tables)
    for t in plan.broken:
        if t not in work.who:
            raise TournamentError(TCode.PLAN_STALE, field="plan", table=t)
    for m in plan.moves:
        origin = m.from_seat
        if origin is None or work.who.get(origin.table, {}).get(origin.seat) != m.player:
            raise TournamentError(TCode.PLAN_STALE, field="plan", player=m.player)
        del work.who[origin.table][origin.seat]
    for t in plan.broken:
        if work.who[t]:
            raise TournamentError(TCode.PLAN_STALE, field="plan", table=t)
        work.order.remove(t)
        del work.who[t], work.seats[t], work.last_bb[t]
    for m in plan.moves:
        dest = m.to_seat
        if dest.table not in work.who or dest.seat in work.who[dest.table]:
            raise TournamentError(TCode.PLAN_STALE, field="plan", player=m.player)
        if not 1 <= dest.seat <= work.seats[dest.table]:
            raise TournamentError(TCode.PLAN_STALE, field="plan", player=m.player)
        work.who[dest.table][dest.seat] = m.player
    if plan.final_table is not None:
        work.last_bb[plan.final_table] = None  # a new button draw at the final table
    return work.seating()


def remove_players(seating: Seating, players: Iterable[int]) -> Seating:
    """The seating without these players (busted, disqualified, expelled, or absent
    entrants whose stacks come off when late registration closes, TOUR-02)."""
    gone = set(players)
    for p in gone:
        if seating.where(p) is None:
            raise TournamentError(TCode.PLAYER_NOT_SEATED, field="players", player=p)
    return Seating(
        tuple(
            TableState(
                t.table, t.seats, tuple(x for x in t.players if x[1] not in gone), t.last_big_blind
            )
            for t in seating.tables
        )
    )


def move_slip(
    move: Move, player_name: str, table_names: Mapping[int, str] | None = None
) -> tuple[str, str]:
    """The line of the floor's slip for one move, in Spanish and English (TOUR-05).

    ``"Juan Pérez: mesa 4 asiento 7 → mesa 2 asiento 3, con sus fichas a la vista ..."``
    """
    names = table_names or {}

    def where(seat: Seat, lang: int) -> str:
        table = names.get(seat.table, str(seat.table))
        return (f"mesa {table} asiento {seat.seat}", f"table {table} seat {seat.seat}")[lang]

    why_es, why_en = reason_words(move.reason)
    if move.from_seat is None:
        return (
            f"{player_name}: {where(move.to_seat, 0)} ({why_es.lower()})",
            f"{player_name}: {where(move.to_seat, 1)} ({why_en.lower()})",
        )
    return (
        f"{player_name}: {where(move.from_seat, 0)} → {where(move.to_seat, 0)}, con sus fichas "
        f"a la vista, en la mano o en un fichero ({why_es.lower()})",
        f"{player_name}: {where(move.from_seat, 1)} → {where(move.to_seat, 1)}, chips carried "
        f"in view, in hand or in a rack ({why_en.lower()})",
    )
