"""Seats: the initial draw, late entries, tables added, the balancing plan confirmed, the
dealers' confirmations (TOUR-01, TOUR-02, TOUR-05; TDA 7, 8, 10, 11).

The engine decides (``poker.tournament``: ``draw_seats``, ``draw_late_entries``,
``plan_balance``, ``move_slip``); the tables' seating owns the seats and writes them
(``tables.services.seating``: a player seated with his chips, a seat vacated). Each
decision is a :class:`SeatDraw` with its seed and one :class:`SeatMove` per seat given,
with its reason and the slip the floor reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from cage.codes import CageCode
from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.models import User
from casino.pins import pin_verify
from casino.roles import Perm, Role
from poker.tournament import (
    Move,
    TableSpec,
    TCode,
    TournamentError,
    draw_late_entries,
    draw_seats,
    move_slip,
)
from tables.codes import TablesCode
from tables.models import Table, TableSession
from tables.selectors import croupier_on_duty, live_session
from tables.services.seating import seat_take_for_tournament, seat_vacate

from .. import selectors
from ..codes import TournamentsCode
from ..models import (
    DrawKind,
    Entry,
    MoveConfirmation,
    SeatDraw,
    SeatMove,
    Tournament,
    TournamentStatus,
    TournamentTable,
)
from ..units import refusal
from ._common import ask, derived_seed, lock_tournament, require_status


def _table_names(view: selectors.SeatingView) -> dict[int, str]:
    return {n: str(tt.table.number) for n, tt in view.by_number.items()}


def _record_move(
    actor: Actor,
    draw: SeatDraw,
    move: Move,
    entry: Entry,
    chips: int,
    by_number: dict[int, TournamentTable],
) -> SeatMove:
    es, en = move_slip(move, entry.player.display_name)
    origin = move.from_seat
    return SeatMove.objects.create(
        draw=draw,
        entry=entry,
        from_session=by_number[origin.table].session if origin else None,
        from_table=origin.table if origin else None,
        from_seat=origin.seat if origin else None,
        to_session=by_number[move.to_seat.table].session,
        to_table=move.to_seat.table,
        to_seat=move.to_seat.seat,
        chips=chips,
        reason=move.reason.value,
        seat_reason=move.seat_reason.value,
        player_reason=move.player_reason.value if move.player_reason else "",
        slip_es=es,
        slip_en=en,
    )


def _session_for(actor: Actor, tournament: Tournament, table: Table) -> TableSession:
    if table.casino_id != actor.user.casino_id:
        raise DomainError.of(
            TablesCode.TABLE_INVALID,
            problem=DomainError.of(TablesCode.TABLE_NOT_VALID),
            field="tables",
        )
    session = live_session(table)
    if session is None or not (session.is_tournament and session.accepts_transactions):
        raise DomainError.of(
            TournamentsCode.TOURNAMENT_TABLE_NOT_OPEN,
            number=table.number,
            field="tables",
            details={"table": table.number},
        )
    taken = (
        TournamentTable.objects.filter(session=session, broken_at__isnull=True)
        .exclude(tournament=tournament)
        .exists()
    )
    if taken:
        raise DomainError.of(
            TournamentsCode.TOURNAMENT_TABLE_IN_USE,
            problem=DomainError.of(
                TournamentsCode.TABLE_PLAYS_ANOTHER_TOURNAMENT, number=table.number
            ),
            field="tables",
            details={"table": table.number},
        )
    return session


def _tables(actor: Actor, numbers: Sequence[int]) -> list[Table]:
    if not numbers:
        raise DomainError.of(TournamentsCode.TABLES_REQUIRED, field="tables")
    if len(set(numbers)) != len(numbers):
        raise refusal(TournamentError(TCode.TABLE_LISTED_TWICE, field="tables"))
    found = {t.number: t for t in Table.objects.filter(casino=actor.casino, number__in=numbers)}
    missing = [n for n in numbers if n not in found]
    if missing:
        raise DomainError.of(
            TablesCode.TABLE_INVALID,
            problem=DomainError.of(TournamentsCode.TABLE_NUMBER_UNKNOWN, number=missing[0]),
            field="tables",
        )
    return [found[n] for n in numbers]


def draw_initial(*, actor: Actor, tournament: Tournament, tables: Sequence[int]) -> SeatDraw:
    """TOUR-01, TDA 7: every player registered draws a table and a seat, with the
    starting chips on it (TOUR-02: an absent player's stack is dealt in all the same).

    ``tables``: the table numbers, in the order they break (TDA 10: fixed in advance; the
    last one listed hosts the final table)."""
    require(actor, Perm.RUN_TOURNAMENT)
    chosen = _tables(actor, list(tables))
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        if TournamentTable.objects.filter(tournament=t).exists():
            raise DomainError.of(TournamentsCode.TOURNAMENT_ALREADY_DRAWN, field="tables")
        from tables.services import lock_session

        sessions = [lock_session(_session_for(actor, t, table), actor) for table in chosen]
        rules = t.rules()
        by_number: dict[int, TournamentTable] = {}
        specs = []
        for rank, (table, session) in enumerate(zip(chosen, sessions, strict=True)):
            tt = TournamentTable.objects.create(
                casino_id=t.casino_id,
                tournament=t,
                table=table,
                session=session,
                break_rank=rank,
                added_by=actor.user,
            )
            by_number[table.number] = tt
            specs.append(TableSpec(table.number, selectors.seats_per_table(t, tt)))
        states = selectors.entry_states(t)
        live = {e.pk: e for e in states.live}
        seed = derived_seed(t, "draw", 0)
        draw = ask(draw_seats, sorted(live), specs, seed)
        record = SeatDraw.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            kind=DrawKind.INITIAL,
            seed=str(seed),
            recorded_by=actor.user,
            role=actor.role.value,
        )
        for move in draw.moves:
            entry = live[move.player]
            tt = by_number[move.to_seat.table]
            seat_take_for_tournament(
                actor,
                tt.session,
                move.to_seat.seat,
                entry.player,
                entry.player.display_name,
                rules.starting_chips,
                tournament=t.pk,
                entry=entry.number,
                reason=move.reason.value,
            )
            _record_move(actor, record, move, entry, rules.starting_chips, by_number)
        audit_record(
            actor=actor,
            action="tournament.draw",
            obj=t,
            after={
                "draw": record.pk,
                "seed": str(seed),
                "break_order": [int(n) for n in tables],
                "seats": [[m.player, m.to_seat.table, m.to_seat.seat] for m in draw.moves],
            },
        )
    return record


def seat_late_entries(actor: Actor, tournament: Tournament, entries: Sequence[Entry]) -> SeatDraw:
    """TDA 8: late entries, re-entries and alternates draw from the same open seats (inside
    the caller's transaction, the tournament locked)."""
    view = selectors.seating(tournament)
    n = selectors.plan_draws(tournament)
    seed = derived_seed(tournament, "late", n)
    draw = ask(draw_late_entries, view.seating, [e.pk for e in entries], seed)
    record = SeatDraw.objects.create(
        casino_id=tournament.casino_id,
        tournament=tournament,
        kind=DrawKind.LATE,
        seed=str(seed),
        seating_version=view.version,
        recorded_by=actor.user,
        role=actor.role.value,
    )
    by_entry = {e.pk: e for e in entries}
    rules = tournament.rules()
    for move in draw.moves:
        entry = by_entry[move.player]
        tt = view.by_number[move.to_seat.table]
        seat_take_for_tournament(
            actor,
            tt.session,
            move.to_seat.seat,
            entry.player,
            entry.player.display_name,
            rules.starting_chips,
            tournament=tournament.pk,
            entry=entry.number,
            reason=move.reason.value,
        )
        _record_move(actor, record, move, entry, rules.starting_chips, view.by_number)
    return record


def table_add(*, actor: Actor, tournament: Tournament, table: int) -> TournamentTable:
    """The floor opens one more table (every seat taken, late entries waiting, TDA 8); it
    breaks before the others (it was the last to open)."""
    require(actor, Perm.RUN_TOURNAMENT)
    (chosen,) = _tables(actor, [table])
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        if not TournamentTable.objects.filter(tournament=t).exists():
            raise DomainError.of(TournamentsCode.TOURNAMENT_NOT_DRAWN, field="tables")
        from tables.services import lock_session

        session = lock_session(_session_for(actor, t, chosen), actor)
        if TournamentTable.objects.filter(tournament=t, session=session).exists():
            raise DomainError.of(
                TournamentsCode.TOURNAMENT_TABLE_IN_USE,
                problem=DomainError.of(
                    TournamentsCode.TABLE_ALREADY_IN_TOURNAMENT, number=chosen.number
                ),
                field="tables",
            )
        first = TournamentTable.objects.filter(tournament=t).aggregate(n=Min("break_rank"))["n"]
        tt = TournamentTable.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            table=chosen,
            session=session,
            break_rank=(first or 0) - 1,
            added_by=actor.user,
        )
        audit_record(
            actor=actor,
            action="tournament.table_add",
            obj=t,
            after={"table": chosen.number, "break_rank": tt.break_rank},
        )
    return tt


def balance_confirm(*, actor: Actor, tournament: Tournament, version: str) -> SeatDraw:
    """The floor confirms the plan it was shown (TDA 10, 11; the final table): the moves
    are made on the tables' seats, each with its slip (TOUR-05), and the broken tables
    leave the tournament. A plan shown on a seating that has changed since is refused
    (PLAN_STALE): a plan is a version."""
    require(actor, Perm.RUN_TOURNAMENT)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        pv = selectors.balance_plan(t)
        if pv.version != version:
            raise refusal(TournamentError(TCode.PLAN_STALE, field="version", version=pv.version))
        plan = pv.plan
        if plan.empty:
            raise DomainError.of(TournamentsCode.TOURNAMENT_PLAN_EMPTY, field="version")
        view = pv.view
        record = SeatDraw.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            kind=DrawKind.PLAN,
            seed=str(pv.seed),
            seating_version=pv.version,
            halted=[
                {"table": h.table, "players": h.players, "short_by": h.short_by}
                for h in plan.halted
            ],
            broken=list(plan.broken),
            final_table=plan.final_table,
            recorded_by=actor.user,
            role=actor.role.value,
        )
        carried: dict[int, int] = {}
        for move in plan.moves:
            origin = move.from_seat
            assert origin is not None  # a plan only moves seated players
            info = view.seats[move.player]
            carried[move.player] = info.chips
            seat_vacate(
                actor,
                view.by_number[origin.table].session,
                origin.seat,
                tournament=t.pk,
                move_to=[move.to_seat.table, move.to_seat.seat],
            )
        for move in plan.moves:
            info = view.seats[move.player]
            tt = view.by_number[move.to_seat.table]
            seat_take_for_tournament(
                actor,
                tt.session,
                move.to_seat.seat,
                info.entry.player,
                info.name or info.entry.player.display_name,
                carried[move.player],
                tournament=t.pk,
                entry=info.entry.number,
                reason=move.reason.value,
            )
            _record_move(actor, record, move, info.entry, carried[move.player], view.by_number)
        now = timezone.now()
        for number in plan.broken:
            TournamentTable.objects.filter(pk=view.by_number[number].pk).update(broken_at=now)
        audit_record(
            actor=actor,
            action="tournament.balance",
            obj=t,
            after={
                "draw": record.pk,
                "seed": str(pv.seed),
                "version": pv.version,
                "halted": record.halted,
                "broken": record.broken,
                "final_table": plan.final_table,
                "moves": [
                    [m.player, [m.from_seat.table, m.from_seat.seat] if m.from_seat else None]
                    + [[m.to_seat.table, m.to_seat.seat], m.reason.value]
                    for m in plan.moves
                ],
            },
        )
    return record


def move_confirm(
    *,
    actor: Actor,
    move: SeatMove,
    side: str,
    croupier: User | None = None,
    pin: str | None = None,
    chips_visible: bool = True,
) -> MoveConfirmation:
    """The dealer of a table confirms the move (TOUR-05): ``from``, the player left with
    his chips in view; ``to``, he arrived with them. The croupier on duty confirms on his
    own session, or with his PIN on the supervisor's terminal. Chips not in view are
    recorded as such: the floor may then sanction (SANC-12, TOUR-05)."""
    require(actor, Perm.CONFIRM_TOURNAMENT_MOVE)
    if side not in MoveConfirmation.Side.values:
        raise DomainError.of(TournamentsCode.MOVE_SIDE_INVALID, field="side")
    if move.from_session_id is None:
        raise DomainError.of(TournamentsCode.MOVE_NOT_A_MOVE, field="move")
    with transaction.atomic():
        row = SeatMove.objects.select_for_update().select_related("draw").get(pk=move.pk)
        session = row.from_session if side == MoveConfirmation.Side.FROM else row.to_session
        assert session is not None
        on_duty = croupier_on_duty(session)
        if actor.role == Role.CROUPIER:
            if on_duty is None or on_duty.pk != actor.user.pk:
                raise DomainError.of(
                    CasinoCode.NOT_CROUPIER_ON_DUTY,
                    problem=DomainError.of(
                        TournamentsCode.DEALER_ON_DUTY_CONFIRMS, number=session.table.number
                    ),
                    field="role",
                )
            who, method = actor.user, "session"
        else:
            if croupier is None or on_duty is None or croupier.pk != on_duty.pk:
                raise DomainError.of(
                    CageCode.CROUPIER_REQUIRED,
                    problem=DomainError.of(
                        TournamentsCode.DEALER_ON_DUTY_REQUIRED, number=session.table.number
                    ),
                    field="croupier",
                )
            if not pin:
                raise DomainError.of(CasinoCode.PIN_REQUIRED, user=croupier, field="pin")
            pin_verify(actor=actor, signer=croupier, pin=pin)
            who, method = croupier, "pin"
        if MoveConfirmation.objects.filter(move=row, side=side).exists():
            raise DomainError.of(TournamentsCode.MOVE_ALREADY_CONFIRMED, field="side")
        confirmation = MoveConfirmation.objects.create(
            move=row,
            side=side,
            croupier=who,
            recorded_by=actor.user,
            role=actor.role.value,
            method=method,
            chips_visible=bool(chips_visible),
        )
        audit_record(
            actor=actor,
            action="tournament.move.confirm",
            obj=row.draw.tournament,
            after={
                "move": row.pk,
                "side": side,
                "croupier": who.username,
                "method": method,
                "chips_visible": bool(chips_visible),
                "slip": row.slip_es,
            },
        )
    return confirmation


__all__ = [
    "balance_confirm",
    "draw_initial",
    "move_confirm",
    "seat_late_entries",
    "table_add",
]
