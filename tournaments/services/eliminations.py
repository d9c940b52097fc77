"""Eliminations and what changes chips outside a hand: busts (with the hand where there is
one; RP-8 at hand-for-hand), corrections, hidden chips (TOUR-04), sanctions in a
tournament (SANC-03..07, SANC-10, SANC-12), the chip race (TDA 24, 25).

An elimination empties the player's seat through the tables' seating (his chips leave
play) and is a row in order; places are derived from the rows (``selectors.results``).
The sanctions go to the one sanctions ledger (``tables.services.sanctions``), with the
tournament's event so that they accumulate across its tournaments (SANC-07).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.roles import Perm
from hands.selectors import next_hand_started as recorder_next_hand_started
from poker.tournament import ClockEventKind, ClockStatus, RaceRounding, chip_race
from tables.codes import TablesCode
from tables.models import SanctionEntry, SanctionLevel
from tables.services.sanctions import sanction_impose
from tables.services.seating import seat_stack_add, seat_take_for_tournament, seat_vacate

from .. import selectors
from ..codes import TournamentsCode
from ..models import (
    ChipRaceRecord,
    ClockEvent,
    DrawKind,
    Elimination,
    EliminationCorrection,
    Entry,
    ExitKind,
    PayoutSlip,
    SeatDraw,
    SeatMove,
    Tournament,
    TournamentStatus,
)
from ._common import ask, derived_seed, lock_tournament, require_status


def _not_in_play() -> DomainError:
    return DomainError.of(TournamentsCode.ENTRY_NOT_IN_PLAY, field="entry")


def finish_if_done(actor: Actor, tournament: Tournament) -> bool:
    """One entry left: the tournament is over (its clock ends)."""
    states = selectors.entry_states(tournament)
    if len(states.counted) < 2 or len(states.live) > 1:
        return False
    now = timezone.now()
    Tournament.objects.filter(pk=tournament.pk).update(
        status=TournamentStatus.FINISHED, finished_at=now
    )
    tournament.status, tournament.finished_at = TournamentStatus.FINISHED, now
    clock = selectors.clock(tournament)
    if clock.status not in (ClockStatus.NOT_STARTED, ClockStatus.ENDED):
        last = ClockEvent.objects.filter(tournament=tournament).order_by("-seq").first()
        ClockEvent.objects.create(
            casino_id=tournament.casino_id,
            tournament=tournament,
            seq=(last.seq if last else 0) + 1,
            kind=ClockEventKind.END.value,
            at=max(now, last.at) if last else now,
            recorded_by=actor.user,
            role=actor.role.value,
            reason="last player standing",
        )
    audit_record(actor=actor, action="tournament.finish", obj=tournament)
    return True


def eliminate(
    actor: Actor,
    tournament: Tournament,
    entry: Entry,
    view: selectors.SeatingView,
    *,
    kind: ExitKind,
    hand_key: str = "",
    stack_at_start: int = 0,
    reason: str = "",
    hand_number: int | None = None,
    hand: Any = None,
    sanction: SanctionEntry | None = None,
) -> Elimination:
    """One elimination in order, the seat emptied (inside the caller's transaction, the
    tournament locked)."""
    info = view.seats.get(entry.pk)
    if info is not None:
        seat_vacate(actor, info.tt.session, info.seat, tournament=tournament.pk, exit=kind)
    seq = (Elimination.objects.filter(tournament=tournament).aggregate(n=Max("seq"))["n"] or 0) + 1
    row = Elimination.objects.create(
        casino_id=tournament.casino_id,
        tournament=tournament,
        entry=entry,
        seq=seq,
        kind=kind,
        hand_key=hand_key,
        hand=hand,
        hand_number=hand_number,
        stack_at_start=max(0, int(stack_at_start)),
        session=info.tt.session if info else None,
        table_number=info.tt.table.number if info else None,
        seat=info.seat if info else None,
        sanction=sanction,
        recorded_by=actor.user,
        role=actor.role.value,
        reason=reason,
    )
    audit_record(
        actor=actor,
        action=f"tournament.elimination.{kind}",
        obj=tournament,
        after={
            "entry": entry.number,
            "seq": seq,
            "hand": hand_key,
            "stack_at_start": row.stack_at_start,
            "table": row.table_number,
            "seat": row.seat,
            "sanction": sanction.notice if sanction else None,
        },
        reason=reason,
    )
    return row


def hand_key_for(tournament: Tournament, session_id: int | None, hand_number: int | None) -> str:
    """The key of the hand a bust happened in: at hand-for-hand, the hand being played at
    every table (TDA RP-8: busts in it finish together); else the table's hand number."""
    clock = selectors.clock(tournament)
    if clock.hand_for_hand:
        return f"h4h:{clock.elapsed_ms}:{clock.hand_for_hand_hands + 1}"
    if hand_number is not None and session_id is not None:
        return f"hand:{session_id}:{hand_number}"
    return ""


def elimination_record(
    *,
    actor: Actor,
    tournament: Tournament,
    entry: Entry,
    hand_number: int | None = None,
    stack_at_start: int | None = None,
    reason: str = "",
) -> Elimination:
    """The floor records a bust, with the hand it happened in where there is one.

    ``stack_at_start``: the chips the player had when that hand began (by default his
    stack as the table last recorded it): players busted in the same hand finish in that
    order, equal stacks sharing the places (TDA; RP-8 at hand-for-hand).
    """
    require(actor, Perm.RUN_TOURNAMENT)
    if hand_number is not None and (
        isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1
    ):
        raise DomainError.of(TablesCode.HAND_NUMBER_INVALID, field="hand_number")
    if stack_at_start is not None and (
        isinstance(stack_at_start, bool)
        or not isinstance(stack_at_start, int)
        or stack_at_start < 0
    ):
        raise DomainError.of(TournamentsCode.STACK_INVALID, field="stack_at_start")
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.RUNNING)
        states = selectors.entry_states(t)
        if entry.tournament_id != t.pk or not states.is_live(entry):
            raise _not_in_play()
        if len(states.live) < 2:
            raise _not_in_play()
        view = selectors.seating(t, states)
        info = view.seats.get(entry.pk)
        if info is None:
            raise DomainError.of(TournamentsCode.ENTRY_NOT_SEATED, field="entry")
        key = hand_key_for(t, info.tt.session_id, hand_number)
        row = eliminate(
            actor,
            t,
            entry,
            view,
            kind=ExitKind.BUST,
            hand_key=key,
            stack_at_start=info.chips if stack_at_start is None else stack_at_start,
            hand_number=hand_number,
            reason=reason.strip(),
        )
        finish_if_done(actor, t)
    return row


def elimination_correct(
    *, actor: Actor, elimination: Elimination, reason: str, chips: int
) -> EliminationCorrection:
    """A mistaken elimination corrected by a new row with the reason: the player is back
    with the chips the floor counted, at his seat if it is still free, else at a seat
    drawn as for a late entry (TDA 8)."""
    require(actor, Perm.RUN_TOURNAMENT)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        raise DomainError.of(TournamentsCode.CHIPS_INVALID, field="chips")
    with transaction.atomic():
        t = lock_tournament(elimination.tournament_id, actor)
        require_status(t, TournamentStatus.RUNNING, TournamentStatus.FINISHED)
        row = Elimination.objects.select_for_update().get(pk=elimination.pk)
        return correct_elimination(actor, t, row, chips=chips, reason=reason)


def correct_elimination(
    actor: Actor,
    t: Tournament,
    row: Elimination,
    *,
    chips: int,
    reason: str,
    revision: Any = None,
) -> EliminationCorrection:
    """The correction row and the reseat (inside the caller's transaction, the tournament
    locked). ``revision``: the corrected hand that gave the player chips back (issue 42
    §7), kept as the correction's reason."""
    if EliminationCorrection.objects.filter(elimination=row).exists():
        raise DomainError.of(TournamentsCode.ELIMINATION_ALREADY_CORRECTED)
    if PayoutSlip.objects.filter(entry_id=row.entry_id).exists():
        raise DomainError.of(TournamentsCode.PRIZE_ALREADY_PAID)
    entry = row.entry
    states = selectors.entry_states(t)
    if any(e.player_id == entry.player_id and states.is_live(e) for e in states.counted):
        raise DomainError.of(
            TournamentsCode.PLAYER_ALREADY_REGISTERED,
            problem=DomainError.of(TournamentsCode.PLAYER_CAME_BACK),
        )
    if t.status == TournamentStatus.FINISHED:
        Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING, finished_at=None)
        t.status = TournamentStatus.RUNNING
    move = _reseat(actor, t, entry, selectors.seating(t, states), row, chips)
    correction = EliminationCorrection.objects.create(
        elimination=row,
        chips=chips,
        move=move,
        reason=reason,
        revision=revision,
        recorded_by=actor.user,
        role=actor.role.value,
    )
    audit_record(
        actor=actor,
        action="tournament.elimination.correct",
        obj=t,
        before={"entry": entry.number, "seq": row.seq, "kind": row.kind},
        after={
            "chips": chips,
            "seat": [move.to_table, move.to_seat],
            "revision": getattr(revision, "pk", None),
        },
        reason=reason,
    )
    return correction


def _reseat(
    actor: Actor,
    t: Tournament,
    entry: Entry,
    view: selectors.SeatingView,
    elimination: Elimination,
    chips: int,
) -> SeatMove:
    from poker.tournament import draw_late_entries

    record = SeatDraw.objects.create(
        casino_id=t.casino_id,
        tournament=t,
        kind=DrawKind.RESEAT,
        seed="",
        seating_version=view.version,
        recorded_by=actor.user,
        role=actor.role.value,
        reason=f"elimination {elimination.seq} corrected",
    )
    origin = view.by_number.get(elimination.table_number or -1)
    free = (
        origin is not None
        and elimination.seat is not None
        and all(
            not (i.tt.pk == origin.pk and i.seat == elimination.seat) for i in view.seats.values()
        )
    )
    if free:
        assert origin is not None and elimination.seat is not None
        tt, seat, why = origin, elimination.seat, "corrected"
    else:
        seed = derived_seed(t, "reseat", elimination.seq)
        record.seed = str(seed)
        SeatDraw.objects.filter(pk=record.pk).update(seed=str(seed))
        draw = ask(draw_late_entries, view.seating, [entry.pk], seed)
        to = draw.moves[0].to_seat
        tt, seat, why = view.by_number[to.table], to.seat, "drawn"
    seat_take_for_tournament(
        actor,
        tt.session,
        seat,
        entry.player,
        entry.player.display_name,
        chips,
        tournament=t.pk,
        entry=entry.number,
        reason="correction",
    )
    name = entry.player.display_name
    return SeatMove.objects.create(
        draw=record,
        entry=entry,
        to_session=tt.session,
        to_table=tt.table.number,
        to_seat=seat,
        chips=chips,
        reason="correction",
        seat_reason=why,
        slip_es=f"{name}: mesa {tt.table.number} asiento {seat} (eliminación corregida)",
        slip_en=f"{name}: table {tt.table.number} seat {seat} (elimination corrected)",
    )


def hidden_chips_record(
    *,
    actor: Actor,
    tournament: Tournament,
    entry: Entry,
    chips: int,
    winner: Entry | None = None,
    next_hand_started: bool,
    reason: str = "",
) -> Elimination | None:
    """TOUR-04: a covered all-in player who lost is found to have had more chips. Found
    before the next hand: the chips go to the player who beat him, and the player is out
    (he lost all he put in). Found after the next hand started: he is eliminated and the
    chips leave play. Returns the elimination (the standing one if already recorded)."""
    require(actor, Perm.RUN_TOURNAMENT)
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        raise DomainError.of(TournamentsCode.CHIPS_INVALID, field="chips")
    if not next_hand_started and winner is None:
        raise DomainError.of(TournamentsCode.WINNER_REQUIRED, field="winner")
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.RUNNING)
        states = selectors.entry_states(t)
        view = selectors.seating(t, states)
        standing = states.eliminated.get(entry.pk)
        if standing is not None and standing.hand_id is not None:
            _require_next_hand_as_recorded(standing, next_hand_started)
        if not next_hand_started:
            assert winner is not None
            target = view.seats.get(winner.pk)
            if target is None or not states.is_live(winner):
                raise DomainError.of(TournamentsCode.WINNER_NOT_SEATED, field="winner")
            seat_stack_add(target.tt.session, target.seat, Decimal(chips))
        if standing is None:
            if not states.is_live(entry):
                raise _not_in_play()
            info = view.seats.get(entry.pk)
            standing = eliminate(
                actor,
                t,
                entry,
                view,
                kind=ExitKind.BUST,
                hand_key=hand_key_for(t, info.tt.session_id if info else None, None),
                stack_at_start=view.chips_of(entry.pk),
                reason="TOUR-04 " + reason.strip(),
            )
        audit_record(
            actor=actor,
            action="tournament.hidden_chips",
            obj=t,
            after={
                "entry": entry.number,
                "chips": chips,
                "to": winner.number if winner is not None and not next_hand_started else None,
                "next_hand_started": next_hand_started,
                "elimination": standing.seq,
            },
            reason="TOUR-04 " + reason.strip(),
        )
        finish_if_done(actor, t)
    return standing


def _require_next_hand_as_recorded(bust: Elimination, next_hand_started: bool) -> None:
    """TOUR-04 after a bust the recorder stored: whether the next hand has started at that
    table is the recorder's fact (a later hand stored, or one being dealt), not the
    screen's; a request that says otherwise acts on a table that has moved on."""
    if bust.hand is None:  # a bust the recorder did not store: nothing to compare
        return
    started = recorder_next_hand_started(bust.hand)
    if started == next_hand_started:
        return
    if started:
        raise DomainError.of(
            TournamentsCode.TOURNAMENT_NEXT_HAND_DIFFERS,
            problem=DomainError.of(TournamentsCode.NEXT_HAND_ALREADY_STARTED),
            field="next_hand_started",
            details={"next_hand_started": started, "hand": bust.hand_number},
        )
    raise DomainError.of(
        TournamentsCode.TOURNAMENT_NEXT_HAND_DIFFERS,
        problem=DomainError.of(TournamentsCode.NEXT_HAND_NOT_STARTED),
        field="next_hand_started",
        details={"next_hand_started": started, "hand": bust.hand_number},
    )


def sanction_record(
    *,
    actor: Actor,
    tournament: Tournament,
    entry: Entry,
    conduct_code: str,
    level: str,
    vueltas: int | None = None,
    players_in_hand: int | None = None,
    hand_number: int | None = None,
    immediate: bool = False,
    immediate_reason: str = "",
    override_reason: str = "",
    conduct_text: str = "",
    reason: str = "",
    final_heads_up: bool = False,
) -> SanctionEntry:
    """A sanction in a tournament (SANC-03), on the one sanctions ledger with the
    tournament's event (SANC-07: sanctions accumulate across its tournaments), then its
    effect here: a disqualification eliminates the player with the place and prize earned
    (SANC-05); an expulsion forfeits them and those below move up (SANC-06). Vueltas
    (SANC-04) are served at the table: the hand recorder deals the player in and counts
    them down (SANC-13)."""
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.RUNNING, TournamentStatus.FINISHED)
        states = selectors.entry_states(t)
        if entry.tournament_id != t.pk or entry.pk in states.refunded:
            raise _not_in_play()
        view = selectors.seating(t, states)
        info = view.seats.get(entry.pk)
        standing = states.eliminated.get(entry.pk)
        if level == SanctionLevel.DISQUALIFICATION and standing is not None:
            raise _not_in_play()
        if level == SanctionLevel.EXPULSION and standing is None and len(states.live) < 2:
            raise DomainError.of(TournamentsCode.EXPEL_LAST_PLAYER, field="entry")
        if level == SanctionLevel.EXPULSION and PayoutSlip.objects.filter(entry=entry).exists():
            raise DomainError.of(TournamentsCode.PRIZE_ALREADY_PAID)
        sanction = sanction_impose(
            actor=actor,
            conduct_code=conduct_code,
            level=level,
            player=entry.player,
            conduct_text=conduct_text,
            session=info.tt.session if info else (standing.session if standing else None),
            hand_number=hand_number,
            event_name=t.event_name,
            is_tournament=True,
            vueltas=vueltas,
            players_in_hand=players_in_hand,
            immediate=immediate,
            immediate_reason=immediate_reason,
            override_reason=override_reason,
            final_heads_up=final_heads_up,
            reason=reason,
        )
        if level == SanctionLevel.DISQUALIFICATION:
            eliminate(
                actor,
                t,
                entry,
                view,
                kind=ExitKind.DISQUALIFIED,
                stack_at_start=view.chips_of(entry.pk),
                sanction=sanction,
                reason="SANC-05",
            )
        elif level == SanctionLevel.EXPULSION:
            if standing is not None:
                # His earlier bust gave him a place: the expulsion takes it (SANC-06).
                EliminationCorrection.objects.create(
                    elimination=standing,
                    chips=0,
                    reason=f"SANC-06: expelled ({sanction.notice})",
                    recorded_by=actor.user,
                    role=actor.role.value,
                )
            eliminate(
                actor,
                t,
                entry,
                view,
                kind=ExitKind.EXPELLED,
                stack_at_start=view.chips_of(entry.pk),
                sanction=sanction,
                reason="SANC-06",
            )
        if t.status == TournamentStatus.RUNNING:
            finish_if_done(actor, t)
    return sanction


def chip_race_record(
    *,
    actor: Actor,
    tournament: Tournament,
    table: int,
    stacks: dict[int, dict[int, int]],
    cards: dict[int, list[int]] | None = None,
    rounding: str = RaceRounding.NEAREST.value,
) -> ChipRaceRecord:
    """TDA 24, 25: at a break with a colour-up, one table's chip race, from the dealer's
    count of each seat's chips (and his cards, or a recorded seed); the seats' stacks
    become what the race leaves them."""
    require(actor, Perm.RUN_TOURNAMENT)
    try:
        rounding_ = RaceRounding(rounding)
    except ValueError:
        raise DomainError.of(TournamentsCode.ROUNDING_INVALID, field="rounding") from None
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.RUNNING)
        clock = selectors.clock(t)
        if not clock.on_break or not clock.colour_up:
            raise DomainError.of(TournamentsCode.NOT_A_COLOUR_UP_BREAK, field="table")
        view = selectors.seating(t)
        tt = view.by_number.get(table)
        if tt is None:
            raise DomainError.of(
                TablesCode.TABLE_INVALID,
                problem=DomainError.of(TournamentsCode.TABLE_NOT_IN_TOURNAMENT, table=table),
                field="table",
            )
        n = ChipRaceRecord.objects.filter(tournament=t).count()
        seed = None if cards else derived_seed(t, "race", n)
        race = ask(
            chip_race,
            stacks,
            in_play=t.rules().denominations_at(clock.level),
            remove=clock.colour_up,
            seed=seed,
            cards=cards,
            rounding=rounding_,
        )
        seated = {i.seat: i for i in view.seats.values() if i.tt.pk == tt.pk}
        for s in race.seats:
            if s.seat not in seated:
                raise DomainError.of(TablesCode.SEAT_EMPTY, seat=s.seat, field="stacks")
            delta = s.value_after - seated[s.seat].chips
            if delta:
                seat_stack_add(tt.session, s.seat, Decimal(delta))
        result = [
            {
                "seat": s.seat,
                "before": s.value_before,
                "removed": s.removed_value,
                "exchanged": s.exchanged,
                "odd": s.odd_value,
                "cards": list(s.cards),
                "won": s.won,
                "given": s.given,
                "after": s.value_after,
            }
            for s in race.seats
        ]
        record = ChipRaceRecord.objects.create(
            casino_id=t.casino_id,
            tournament=t,
            session=tt.session,
            table_number=table,
            removed=list(race.removed),
            seed="" if seed is None else str(seed),
            result={"new_chip": race.new_chip, "raced": race.chips_raced, "seats": result},
            recorded_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="tournament.chip_race",
            obj=t,
            after={"table": table, "record": record.pk, "raced": race.chips_raced},
        )
    return record
