"""Reads of a tournament: access checks, the clock, the seating, the pool, the results.

Nothing here is stored twice. The clock is replayed from its log
(``poker.tournament.clock_state``); who sits where and with how many chips is the
tables' seat plan (``tables.selectors.seat_plan`` of each tournament session); the pool
is summed from the ledger; places are derived from the eliminations
(``poker.tournament.finishing_places``) and prizes from the approved payout table and
the deal (``poker.tournament.awards``).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Model, QuerySet, Sum
from django.utils import timezone

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm
from players.models import Player
from poker.tournament import (
    ClockState,
    Exit,
    ExitKind,
    Finish,
    Plan,
    PrizePool,
    Seating,
    TableState,
    awards,
    clock_state,
    finishing_places,
    plan_balance,
    prize_pool,
    qualifiers,
)
from poker.tournament import Prize as EnginePrize
from tables.models import TableSession
from tables.selectors import seat_plan

from .models import (
    ClockEvent,
    Deal,
    Elimination,
    Entry,
    EntryKind,
    LedgerEntry,
    LedgerKind,
    LedgerVia,
    MoveConfirmation,
    PayoutSlip,
    PayoutTable,
    SeatDraw,
    SeatMove,
    Tournament,
    TournamentTable,
    WaitingPlayer,
)
from .models import ExitKind as ModelExitKind
from .units import cents, derived_seed, engine, money

ZERO = Decimal("0")


# --------------------------------------------------------------------------- access


def _not_found(model: type) -> DomainError:
    return DomainError.of(ApiCode.NOT_FOUND, thing=model)


def tournaments_for(actor: Actor) -> QuerySet[Tournament]:
    require(actor, Perm.VIEW_TOURNAMENTS)
    return Tournament.objects.filter(casino_id=actor.casino_id).select_related(
        "structure__template", "gaming_day"
    )


def access_tournament(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_TOURNAMENTS) -> Tournament:
    """The tournament of the actor's casino, if the actor's role may ``perm``."""
    require(actor, perm)
    try:
        number = int(pk)
    except (TypeError, ValueError):
        raise _not_found(Tournament) from None
    row = (
        Tournament.objects.filter(pk=number, casino_id=actor.casino_id)
        .select_related("structure__template", "gaming_day")
        .first()
    )
    if row is None:
        raise _not_found(Tournament)
    return row


def _access(model: type[Model], actor: Actor, pk: Any, perm: Perm) -> Any:
    require(actor, perm)
    try:
        number = int(pk)
    except (TypeError, ValueError):
        raise _not_found(model) from None
    row = model._default_manager.filter(pk=number, tournament__casino_id=actor.casino_id).first()
    if row is None:
        raise _not_found(model)
    return row


def access_entry(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_TOURNAMENTS) -> Entry:
    return _access(Entry, actor, pk, perm)


def access_elimination(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_TOURNAMENTS) -> Elimination:
    return _access(Elimination, actor, pk, perm)


def access_payout_table(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_TOURNAMENTS) -> PayoutTable:
    return _access(PayoutTable, actor, pk, perm)


def access_deal(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_TOURNAMENTS) -> Deal:
    return _access(Deal, actor, pk, perm)


def access_move(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_TOURNAMENTS) -> SeatMove:
    require(actor, perm)
    try:
        number = int(pk)
    except (TypeError, ValueError):
        raise _not_found(SeatMove) from None
    row = (
        SeatMove.objects.filter(pk=number, draw__tournament__casino_id=actor.casino_id)
        .select_related("draw__tournament", "entry__player", "from_session", "to_session")
        .first()
    )
    if row is None:
        raise _not_found(SeatMove)
    return row


def player_of(actor: Actor, pk: Any) -> Player:
    """A player of the registry, of the actor's casino (the registry is the tables')."""
    try:
        number = int(pk)
    except (TypeError, ValueError):
        raise _not_found(Player) from None
    player = Player.objects.filter(pk=number, casino_id=actor.casino_id).first()
    if player is None:
        raise _not_found(Player)
    return player


# --------------------------------------------------------------------------- the clock


def clock_events(tournament: Tournament) -> list[ClockEvent]:
    return list(ClockEvent.objects.filter(tournament=tournament).order_by("seq"))


def clock(tournament: Tournament, at_ms: int | None = None) -> ClockState:
    """The clock now (or at ``at_ms``), replayed from the log (TDA RP-8)."""
    when = int(timezone.now().timestamp() * 1000) if at_ms is None else at_ms
    events = [e.engine() for e in clock_events(tournament)]
    with engine():
        return clock_state(tournament.rules(), events, when)


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class EntryStates:
    entries: list[Entry]
    refunded: set[int]
    eliminated: dict[int, Elimination]  # entry id -> its standing elimination

    @property
    def counted(self) -> list[Entry]:
        """Entries that count (not refunded): they finish somewhere."""
        return [e for e in self.entries if e.pk not in self.refunded]

    @property
    def live(self) -> list[Entry]:
        return [e for e in self.counted if e.pk not in self.eliminated]

    def live_by_player(self) -> dict[int, Entry]:
        return {e.player_id: e for e in self.live}

    def is_live(self, entry: Entry) -> bool:
        return entry.pk not in self.refunded and entry.pk not in self.eliminated


def entry_states(tournament: Tournament) -> EntryStates:
    entries = list(
        Entry.objects.filter(tournament=tournament).select_related("player").order_by("number")
    )
    refunded = set(
        LedgerEntry.objects.filter(
            tournament=tournament,
            kind=LedgerKind.REFUND,
            reverses__isnull=False,
        ).values_list("entry_id", flat=True)
    )
    eliminated = {
        e.entry_id: e
        for e in Elimination.objects.filter(tournament=tournament, correction__isnull=True)
    }
    return EntryStates(entries, refunded, eliminated)


def waiting_list(tournament: Tournament) -> QuerySet[WaitingPlayer]:
    return WaitingPlayer.objects.filter(
        tournament=tournament, status=WaitingPlayer.Status.WAITING
    ).order_by("requested_at", "id")


# --------------------------------------------------------------------------- money


@dataclass(frozen=True)
class LedgerTotals:
    entries: int
    re_entries: int
    rebuys: int
    add_ons: int
    collected: Decimal  # into the pool from the players (cash or seats)
    fees: Decimal  # the house's fees, never in the pool (TOUR-03)
    overlay_paid_in: Decimal  # the house's money put in the pool (recorded)
    prizes_paid: Decimal  # out of the pool (cash and seats)
    cash_in: Decimal
    cash_out: Decimal

    @property
    def cash_held(self) -> Decimal:
        return self.cash_in - self.cash_out


def ledger_totals(tournament: Tournament) -> LedgerTotals:
    rows = list(LedgerEntry.objects.filter(tournament=tournament))
    refunded = {r.reverses_id for r in rows if r.kind == LedgerKind.REFUND}
    count: dict[str, int] = defaultdict(int)
    collected = fees = overlay = prizes = cash_in = cash_out = ZERO
    for r in rows:
        if r.kind in (LedgerKind.ENTRY, LedgerKind.RE_ENTRY, LedgerKind.REBUY, LedgerKind.ADD_ON):
            if r.pk not in refunded:
                count[r.kind] += 1
        if r.kind == LedgerKind.OVERLAY:
            overlay += r.pool_amount
        elif r.kind == LedgerKind.PRIZE:
            prizes -= r.pool_amount
        else:
            collected += r.pool_amount
            fees += r.fee_amount
        cash = r.cash
        if r.via == LedgerVia.HOUSE:
            cash_in += r.pool_amount  # the house's funds come into the tournament's box
        elif cash >= 0:
            cash_in += cash
        else:
            cash_out -= cash
    return LedgerTotals(
        entries=count[LedgerKind.ENTRY],
        re_entries=count[LedgerKind.RE_ENTRY],
        rebuys=count[LedgerKind.REBUY],
        add_ons=count[LedgerKind.ADD_ON],
        collected=collected,
        fees=fees,
        overlay_paid_in=overlay,
        prizes_paid=prizes,
        cash_in=cash_in,
        cash_out=cash_out,
    )


def pool(tournament: Tournament) -> PrizePool:
    """The prize pool in cents (TOUR-07): the buy-ins, rebuys and add-ons paid, and the
    overlay up to the guarantee (``poker.tournament.prize_pool``)."""
    t = ledger_totals(tournament)
    with engine():
        return prize_pool(
            tournament.rules(),
            entries=t.entries,
            re_entries=t.re_entries,
            rebuys=t.rebuys,
            add_ons=t.add_ons,
        )


def ledger(tournament: Tournament) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(tournament=tournament).select_related(
        "entry__player", "recorded_by"
    )


# --------------------------------------------------------------------------- seating


def tables_in_play(tournament: Tournament) -> list[TournamentTable]:
    return list(
        TournamentTable.objects.filter(tournament=tournament, broken_at__isnull=True)
        .select_related("table", "session__settings")
        .order_by("break_rank")
    )


def last_big_blinds(sessions: list[TableSession]) -> dict[int, int | None]:
    """Per session, the seat that posted the big blind on its last stored hand (the hand
    recorder owns it); None before any hand. One query for every table."""
    from django.db.models import OuterRef, Subquery

    from hands.models import Hand, HandSeat

    if not sessions:
        return {}
    last = (
        Hand.objects.filter(session=OuterRef("pk"), revision_of__isnull=True)
        .order_by("-number")
        .values("pk")[:1]
    )
    # No ordering (HandSeat's default orders through the hand's session: a join that would
    # shadow the outer session in the subquery).
    seat = (
        HandSeat.objects.filter(hand=OuterRef("last_hand"), position="BB")
        .order_by()
        .values("seat")[:1]
    )
    rows = (
        TableSession.objects.filter(pk__in=[x.pk for x in sessions])
        .annotate(last_hand=Subquery(last))
        .annotate(bb=Subquery(seat))
        .values_list("pk", "bb")
    )
    return dict(rows)


@dataclass(frozen=True)
class SeatInfo:
    entry: Entry
    tt: TournamentTable
    seat: int
    chips: int
    name: str


@dataclass(frozen=True)
class SeatingView:
    """The tournament's seating as the engine reads it, with the records behind it."""

    seating: Seating
    tables: list[TournamentTable]
    by_number: dict[int, TournamentTable]
    seats: dict[int, SeatInfo]  # entry id -> where it sits
    unseated: list[Entry]  # live entries without a seat (registered before the draw)
    strays: list[tuple[TournamentTable, int, str]] = field(default_factory=list)

    @property
    def version(self) -> str:
        """A digest of the seating: a plan applies to the seating it was made on."""
        payload = [
            [t.table, t.seats, [list(p) for p in t.players], t.last_big_blind]
            for t in self.seating.tables
        ]
        return hashlib.sha256(json.dumps(payload).encode()).hexdigest()

    def chips_of(self, entry_id: int) -> int:
        info = self.seats.get(entry_id)
        return info.chips if info else 0


def seats_per_table(tournament: Tournament, tt: TournamentTable) -> int:
    settings_seats = tt.session.settings.max_seats if tt.session.settings_id else 10
    return min(settings_seats, tournament.rules().seats_per_table)


def seating(tournament: Tournament, states: EntryStates | None = None) -> SeatingView:
    states = states or entry_states(tournament)
    live = states.live_by_player()
    tables = tables_in_play(tournament)
    big_blinds = last_big_blinds([tt.session for tt in tables])
    table_states = []
    seats: dict[int, SeatInfo] = {}
    strays: list[tuple[TournamentTable, int, str]] = []
    for tt in tables:
        plan = seat_plan(tt.session, with_waiting=False)
        players = []
        for s in plan.occupied:
            entry = live.get(s.player_id) if s.player_id else None
            if entry is None:
                strays.append((tt, s.number, s.label))
                continue
            players.append((s.number, entry.pk))
            seats[entry.pk] = SeatInfo(entry, tt, s.number, int(s.stack or 0), s.label)
        with engine():
            table_states.append(
                TableState(
                    tt.table.number,
                    seats_per_table(tournament, tt),
                    tuple(sorted(players)),
                    big_blinds.get(tt.session_id),
                )
            )
    with engine():
        view_seating = Seating(tuple(table_states))
    unseated = [e for e in states.live if e.pk not in seats]
    return SeatingView(
        view_seating, tables, {t.table.number: t for t in tables}, seats, unseated, strays
    )


@dataclass(frozen=True)
class PlanView:
    plan: Plan
    view: SeatingView
    seed: int
    version: str

    @property
    def empty(self) -> bool:
        return self.plan.empty


def plan_draws(tournament: Tournament) -> int:
    return SeatDraw.objects.filter(tournament=tournament).count()


def balance_plan(tournament: Tournament, view: SeatingView | None = None) -> PlanView:
    """What the floor must do now (TDA 10, 11; the final table): computed, not stored,
    until the floor confirms it (``services.balance_confirm``)."""
    view = view or seating(tournament)
    rules = tournament.rules()
    seed = derived_seed(tournament, "plan", plan_draws(tournament))
    order = [tt.table.number for tt in view.tables]
    if not order:  # nothing drawn yet: nothing to balance (the engine wants a table)
        return PlanView(Plan(seed, (), (), None, ()), view, seed, view.version)
    with engine():
        plan = plan_balance(
            view.seating,
            break_order=order,
            final_table_size=rules.final_table_size,
            seed=seed,
            max_difference=rules.balance_max_difference,
        )
    return PlanView(plan, view, seed, view.version)


def moves_to_confirm(tournament: Tournament) -> list[SeatMove]:
    """Moves of players between tables that a dealer has not confirmed yet (TOUR-05)."""
    moves = (
        SeatMove.objects.filter(draw__tournament=tournament, from_session__isnull=False)
        .select_related("entry__player", "draw")
        .prefetch_related("confirmations")
        .order_by("-draw__at", "id")
    )
    out = []
    for m in moves:
        sides = {c.side for c in m.confirmations.all()}
        if {MoveConfirmation.Side.FROM, MoveConfirmation.Side.TO} - sides:
            out.append(m)
    return out


# --------------------------------------------------------------------------- places and prizes


def approved_payouts(tournament: Tournament) -> PayoutTable | None:
    return (
        PayoutTable.objects.filter(tournament=tournament, locked_at__isnull=False)
        .order_by("-version")
        .first()
    )


def approved_deal(tournament: Tournament) -> Deal | None:
    return (
        Deal.objects.filter(tournament=tournament, locked_at__isnull=False)
        .order_by("-proposed_at")
        .first()
    )


_EXIT = {
    ModelExitKind.BUST: ExitKind.BUST,
    ModelExitKind.ABSENT: ExitKind.BUST,
    ModelExitKind.DEAL: ExitKind.BUST,
    ModelExitKind.DISQUALIFIED: ExitKind.DISQUALIFIED,
    ModelExitKind.EXPELLED: ExitKind.EXPELLED,
}


def exits(tournament: Tournament) -> list[Exit]:
    """The standing eliminations in order, those of one hand together (RP-8)."""
    rows = list(
        Elimination.objects.filter(tournament=tournament, correction__isnull=True).order_by("seq")
    )
    groups: dict[str, list[Elimination]] = {}
    ordered: list[list[Elimination]] = []
    for r in rows:
        key = r.hand_key if r.kind in (ModelExitKind.BUST, ModelExitKind.ABSENT) else ""
        if key:
            if key in groups:
                groups[key].append(r)
                continue
            groups[key] = [r]
            ordered.append(groups[key])
        else:
            ordered.append([r])
    return [
        Exit(r.entry_id, _EXIT[ModelExitKind(r.kind)], r.hand_key or None, r.stack_at_start)
        for group in ordered
        for r in group
    ]


@dataclass(frozen=True)
class ResultRow:
    entry: Entry
    place: int | None  # None: still in; 0: expelled (SANC-06)
    place_to: int | None
    reason: str
    amount: Decimal  # cash won
    seat_value: Decimal
    seat_in: str
    slip: PayoutSlip | None
    elimination: Elimination | None

    @property
    def shared(self) -> bool:
        return self.place is not None and self.place_to is not None and self.place_to > self.place

    @property
    def prize(self) -> Decimal:
        return self.amount + self.seat_value


@dataclass(frozen=True)
class Results:
    tournament: Tournament
    rows: list[ResultRow]
    finished: bool
    payouts: PayoutTable | None
    deal: Deal | None

    @property
    def ranked(self) -> list[ResultRow]:
        return sorted(
            (r for r in self.rows if r.place is not None),
            key=lambda r: (r.place == 0, r.place, r.entry.number),
        )

    @property
    def winners(self) -> list[ResultRow]:
        return [r for r in self.ranked if r.prize > 0]


def _finishes(tournament: Tournament, states: EntryStates) -> tuple[Finish, ...]:
    counted = [e.pk for e in states.counted]
    with engine():
        return finishing_places(counted, exits(tournament))


def results(tournament: Tournament) -> Results:
    """Places (derived, shared when busted in the same hand with equal chips) and what
    each one wins: the approved payout table's places, the deal's shares for the players
    at the deal, and the slips paid."""
    states = entry_states(tournament)
    finishes = {f.entry: f for f in _finishes(tournament, states)}
    table = approved_payouts(tournament)
    deal = approved_deal(tournament)
    won: dict[int, tuple[int, int, str]] = {}
    if table is not None:
        lines = list(table.lines.order_by("place"))
        dealt = set()
        if deal is not None:
            dealt = set(range(1, deal.shares.count() + 1))
        prizes = [
            EnginePrize(
                line.place, cents(line.amount), cents(line.seat_value), line.seat_in or None
            )
            for line in lines
            if line.place not in dealt
        ]
        with engine():
            for a in awards(list(finishes.values()), prizes, unit=max(1, cents(table.unit))):
                won[a.entry] = (a.amount, a.seat_value, a.seat_in or "")
        if deal is not None:
            for share in deal.shares.all():
                f = finishes.get(share.entry_id)
                extra = cents(deal.to_play_for) if f is not None and f.place == 1 else 0
                won[share.entry_id] = (cents(share.amount) + extra, 0, "")
    slips = {s.entry_id: s for s in PayoutSlip.objects.filter(tournament=tournament)}
    rows = []
    for entry in states.counted:
        f = finishes.get(entry.pk)
        amount, seat_value, seat_in = won.get(entry.pk, (0, 0, ""))
        rows.append(
            ResultRow(
                entry=entry,
                place=f.place if f else None,
                place_to=f.place_to if f else None,
                reason=f.reason.value if f else "",
                amount=money(amount),
                seat_value=money(seat_value),
                seat_in=seat_in,
                slip=slips.get(entry.pk),
                elimination=states.eliminated.get(entry.pk),
            )
        )
    finished = bool(rows) and all(r.place is not None for r in rows)
    return Results(tournament, rows, finished, table, deal)


def qualifiers_of(tournament: Tournament) -> list[Any]:
    """TOUR-06: at the end of a qualifying stage, who goes on from each table."""
    view = seating(tournament)
    by_table: dict[int, dict[int, int]] = defaultdict(dict)
    for info in view.seats.values():
        by_table[info.tt.table.number][info.entry.pk] = info.chips
    with engine():
        return list(qualifiers(by_table, tournament.rules().advance_per_table))


def entry_counts(tournament: Tournament) -> dict[str, int]:
    states = entry_states(tournament)
    counted = states.counted
    return {
        "entries": len(counted),
        "re_entries": sum(1 for e in counted if e.kind == EntryKind.RE_ENTRY),
        "players_left": len(states.live),
    }


def chips_in_play(tournament: Tournament) -> int:
    view = seating(tournament)
    return sum(info.chips for info in view.seats.values())


def fees_and_pool_of_day(gaming_day: Any) -> list[dict[str, Any]]:
    """The tournaments with money recorded on a gaming day, for the day's master report:
    fees (the house's) and the pool, apart from cash-game rake (TOUR-03)."""
    ids = (
        LedgerEntry.objects.filter(gaming_day=gaming_day)
        .values_list("tournament_id", flat=True)
        .distinct()
    )
    out = []
    for t in Tournament.objects.filter(pk__in=list(ids)).order_by("pk"):
        day_rows = LedgerEntry.objects.filter(tournament=t, gaming_day=gaming_day)
        sums = day_rows.exclude(kind__in=[LedgerKind.PRIZE, LedgerKind.OVERLAY]).aggregate(
            pool=Sum("pool_amount"), fees=Sum("fee_amount")
        )
        prizes = day_rows.filter(kind=LedgerKind.PRIZE).aggregate(p=Sum("pool_amount"))["p"]
        overlay = day_rows.filter(kind=LedgerKind.OVERLAY).aggregate(p=Sum("pool_amount"))["p"]
        out.append(
            {
                "tournament": t,
                "pool_in": sums["pool"] or ZERO,
                "fees": sums["fees"] or ZERO,
                "overlay": overlay or ZERO,
                "prizes": -(prizes or ZERO),
            }
        )
    return out
