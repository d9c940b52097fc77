"""The clock's append-only log (never a countdown)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User
from casino.roles import Role
from poker.tournament import ClockEvent as EngineClockEvent
from poker.tournament import ClockEventKind

from .tournaments import Tournament


@immutability.append_only
class ClockEvent(models.Model):
    """One row of the clock's log (TDA RP-8): the clock is derived from these, never kept
    as a countdown (``poker.tournament.clock_state``)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="clock_events"
    )
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=24, choices=[(k.value, k.value) for k in ClockEventKind])
    at = models.DateTimeField()
    level = models.PositiveSmallIntegerField(default=0)
    seconds = models.IntegerField(default=0)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("tournament clock event")
        verbose_name_plural = _("tournament clock events")
        ordering = ["tournament", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="clock_event_seq")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.seq} {self.kind}"

    def engine(self) -> EngineClockEvent:
        return EngineClockEvent(
            ClockEventKind(self.kind),
            int(self.at.timestamp() * 1000),
            self.level,
            self.seconds,
        )
