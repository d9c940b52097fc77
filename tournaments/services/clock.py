"""The clock's log: start, pause, resume, go to a level, adjust, hand-for-hand (TDA RP-8),
end. Rows are appended, never edited; the engine refuses a row that cannot follow the
log (``poker.tournament.clock_check``), so the log only holds valid rows."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.roles import Perm
from hands.selectors import sessions_dealt_since
from poker.tournament import ClockEvent as EngineClockEvent
from poker.tournament import ClockEventKind, ClockStatus, clock_check

from .. import selectors
from ..codes import TournamentsCode
from ..models import ClockEvent, Tournament, TournamentStatus
from ._common import ask, lock_tournament, require_status

KINDS = {k.value for k in ClockEventKind if k is not ClockEventKind.END}


def clock_record(
    *,
    actor: Actor,
    tournament: Tournament,
    kind: str,
    level: int = 0,
    seconds: int = 0,
    reason: str = "",
) -> ClockEvent:
    """Append one event to the clock's log. START opens play (the tournament runs); the
    clock ends by itself when one player is left."""
    require(actor, Perm.RUN_TOURNAMENT)
    if kind not in KINDS:
        raise DomainError.of(
            TournamentsCode.CLOCK_EVENT_KIND_INVALID,
            field="kind",
            details={"allowed": sorted(KINDS)},
        )
    for name, value in (("level", level), ("seconds", seconds)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise DomainError.of(CasinoCode.NUMBER_INVALID, field=name)
    with transaction.atomic():
        t = lock_tournament(tournament, actor)
        require_status(t, TournamentStatus.PLANNED, TournamentStatus.RUNNING)
        row = _append(actor, t, kind, level=level, seconds=seconds, reason=reason)
        if kind == ClockEventKind.START and t.status == TournamentStatus.PLANNED:
            Tournament.objects.filter(pk=t.pk).update(
                status=TournamentStatus.RUNNING, started_at=row.at
            )
            tournament.status = TournamentStatus.RUNNING
    return row


def _append(
    actor: Actor, t: Tournament, kind: str, *, level: int = 0, seconds: int = 0, reason: str = ""
) -> ClockEvent:
    """One row at the end of the log, checked by the engine, with its audit event (the
    caller holds the tournament's lock)."""
    rows = list(ClockEvent.objects.filter(tournament=t).order_by("seq"))
    now = timezone.now()
    at = max(now, rows[-1].at) if rows else now
    event = EngineClockEvent(ClockEventKind(kind), int(at.timestamp() * 1000), level, seconds)
    ask(clock_check, t.rules(), [r.engine() for r in rows], event)
    row = ClockEvent.objects.create(
        casino_id=t.casino_id,
        tournament=t,
        seq=(rows[-1].seq if rows else 0) + 1,
        kind=kind,
        at=at,
        level=level,
        seconds=seconds,
        recorded_by=actor.user,
        role=actor.role.value,
        reason=reason.strip()[:300],
    )
    audit_record(
        actor=actor,
        action=f"tournament.clock.{kind}",
        obj=t,
        after={"seq": row.seq, "level": level, "seconds": seconds},
        reason=reason,
    )
    return row


#: The reason on a hand-for-hand hand the recorder completed (RP-8).
ROUND_COMPLETE = "every table has played its hand-for-hand hand"


def hand_for_hand_played(actor: Actor, t: Tournament) -> ClockEvent | None:
    """TDA RP-8, from the hands stored (called by the recorder's provider after a stored
    hand's busts, the tournament locked): while hand-for-hand is on, each table in play
    deals one hand; when every table has stored its hand of the round, the clock takes
    the hand off the level, as the floor's ``hand_for_hand_hand`` does. A table counts
    once per round; a table with fewer than two players left deals no hand and is not
    waited for. Nothing is written while a table is still playing its hand, or when the
    clock cannot take the hand (paused: the floor's)."""
    state = selectors.clock(t)
    if not state.hand_for_hand or state.status is not ClockStatus.HAND_FOR_HAND:
        return None
    opened = (
        ClockEvent.objects.filter(
            tournament=t,
            kind__in=[
                ClockEventKind.HAND_FOR_HAND_ON.value,
                ClockEventKind.HAND_FOR_HAND_HAND.value,
            ],
        )
        .order_by("-seq")
        .first()
    )
    if opened is None:
        return None
    view = selectors.seating(t)
    players: dict[int, int] = {}
    for info in view.seats.values():
        players[info.tt.session_id] = players.get(info.tt.session_id, 0) + 1
    in_play = {tt.session_id for tt in view.tables if tt.broken_at is None}
    dealt = sessions_dealt_since(in_play, opened.at)
    waiting = {s for s in in_play if players.get(s, 0) >= 2} - dealt
    if waiting or not dealt:
        return None
    try:
        return _append(actor, t, ClockEventKind.HAND_FOR_HAND_HAND.value, reason=ROUND_COMPLETE)
    except DomainError:
        return None  # the engine refuses it now (a pause): the floor records the hand
