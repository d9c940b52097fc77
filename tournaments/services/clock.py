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
from poker.tournament import ClockEvent as EngineClockEvent
from poker.tournament import ClockEventKind, clock_check

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
        if kind == ClockEventKind.START and t.status == TournamentStatus.PLANNED:
            Tournament.objects.filter(pk=t.pk).update(
                status=TournamentStatus.RUNNING, started_at=at
            )
            tournament.status = TournamentStatus.RUNNING
        audit_record(
            actor=actor,
            action=f"tournament.clock.{kind}",
            obj=t,
            after={"seq": row.seq, "level": level, "seconds": seconds},
            reason=reason,
        )
    return row
