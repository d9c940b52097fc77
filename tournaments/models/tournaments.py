"""The tournament and its tables (table sessions of kind tournament, with the order they
break in, fixed in advance, TDA 10)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino.models import Casino, GamingDay, User
from poker.tournament import TournamentStructure

from .structures import StructureVersion


class TournamentStatus(models.TextChoices):
    PLANNED = "planned", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class Tournament(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(_("name"), max_length=160)
    # SANC-07: the event whose tournaments accumulate sanctions (default: the name).
    event_name = models.CharField(_("event"), max_length=120)
    structure = models.ForeignKey(StructureVersion, on_delete=models.PROTECT, related_name="+")
    # Every random choice (draws, balancing) is seeded from this, recorded with each draw.
    seed = models.CharField(max_length=80, editable=False)
    # At most this many players in at once; more wait on the list (alternates). None: the
    # seats of the tables decide.
    max_players = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.PLANNED
    )
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def rules(self) -> TournamentStructure:
        """The structure this tournament is played under (cached on the instance)."""
        cached = getattr(self, "_rules", None)
        if cached is None:
            cached = self.structure.structure()
            self._rules = cached
        return cached


class TournamentTable(models.Model):
    """A table session the tournament plays at, and where it stands in the break order.

    The break order is fixed in advance (TDA 10): the lowest rank breaks first; the
    highest hosts the final table. A table added later breaks before the others.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="tables")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey("tables.TableSession", on_delete=models.PROTECT, related_name="+")
    break_rank = models.IntegerField()
    added_at = models.DateTimeField(default=timezone.now)
    added_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    # Set once, by the plan that breaks it (SeatDraw.broken names it too).
    broken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")
        ordering = ["tournament", "break_rank"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "session"], name="tournament_table_once"),
            models.UniqueConstraint(
                fields=["tournament", "break_rank"], name="tournament_break_rank"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.table}"

    @property
    def number(self) -> int:
        return self.table.number
