"""Busts and their corrections, and a colour-up's chip race at a table."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User
from casino.roles import Role

from .entries import Entry
from .seats import SeatMove
from .tournaments import Tournament


class ExitKind(models.TextChoices):
    BUST = "bust", _("Busted")
    DISQUALIFIED = "disqualified", _("Disqualified (SANC-05)")
    EXPELLED = "expelled", _("Expelled (SANC-06)")
    ABSENT = "absent", _("Never arrived: stack removed (TOUR-02)")
    DEAL = "deal", _("Finished by the deal")


@immutability.append_only
class Elimination(models.Model):
    """An entry leaves the tournament, in order (``seq``), with the hand it happened in
    where there is one. Places are derived from these rows, never stored."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="eliminations"
    )
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="eliminations")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=ExitKind.choices, default=ExitKind.BUST)
    # The same key = the same hand (RP-8: one hand-for-hand hand across the tables).
    hand_key = models.CharField(max_length=64, blank=True)
    hand = models.ForeignKey(
        "hands.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    stack_at_start = models.PositiveIntegerField(default=0)  # chips when that hand began
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    sanction = models.ForeignKey(
        "tables.SanctionEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)
    reason = models.TextField(blank=True)

    class Meta:
        verbose_name = _("elimination")
        verbose_name_plural = _("eliminations")
        ordering = ["tournament", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="elimination_seq")
        ]

    def __str__(self) -> str:
        return f"{self.entry} {self.kind}"


@immutability.append_only
class EliminationCorrection(models.Model):
    """A mistaken elimination, corrected with a reason: the entry is back in with the
    chips the floor counted, reseated (a new seat move)."""

    elimination = models.OneToOneField(
        Elimination, on_delete=models.PROTECT, related_name="correction"
    )
    chips = models.PositiveIntegerField()
    move = models.ForeignKey(
        SeatMove, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reason = models.TextField()
    # A correction that follows a corrected hand (the hand recorder's revision that gave
    # the player chips back, issue 42 §7): the revision is its reason.
    revision = models.ForeignKey(
        "hands.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"correction of {self.elimination_id}"


@immutability.append_only
class ChipRaceRecord(models.Model):
    """A colour-up's chip race at one table (TDA 24, 25), as the engine computed it."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="chip_races")
    session = models.ForeignKey("tables.TableSession", on_delete=models.PROTECT, related_name="+")
    table_number = models.PositiveSmallIntegerField()
    removed = models.JSONField()
    seed = models.CharField(max_length=80, blank=True)
    result = models.JSONField()
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.tournament} chip race table {self.table_number}"
