"""The seat draws and their moves, with the reason, the slip and the dealers'
confirmations."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User
from casino.roles import Role

from .entries import Entry
from .tournaments import Tournament


class DrawKind(models.TextChoices):
    INITIAL = "initial", _("Initial draw")
    LATE = "late", _("Late entry")
    PLAN = "plan", _("Balancing, table breaks and the final table")
    RESEAT = "reseat", _("A corrected elimination reseated")


@immutability.append_only
class SeatDraw(models.Model):
    """One decision of seats: a draw or a balancing plan, with its seed and the seating
    version it was made on (a plan is a version: it applies to that seating only)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="draws")
    kind = models.CharField(max_length=16, choices=DrawKind.choices)
    seed = models.CharField(max_length=80)
    seating_version = models.CharField(max_length=64, blank=True)
    halted = models.JSONField(default=list, blank=True)  # [{"table", "players", "short_by"}]
    broken = models.JSONField(default=list, blank=True)  # table numbers, in the break order
    final_table = models.PositiveSmallIntegerField(null=True, blank=True)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("seat draw")
        verbose_name_plural = _("seat draws")
        ordering = ["tournament", "at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament} {self.kind} #{self.pk}"


@immutability.append_only
class SeatMove(models.Model):
    """One seat given or one player moved, with why, and the slip the floor reads (TOUR-05)."""

    draw = models.ForeignKey(SeatDraw, on_delete=models.PROTECT, related_name="moves")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="moves")
    from_session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    from_table = models.PositiveSmallIntegerField(null=True, blank=True)
    from_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    to_session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="+"
    )
    to_table = models.PositiveSmallIntegerField()
    to_seat = models.PositiveSmallIntegerField()
    chips = models.PositiveIntegerField()
    reason = models.CharField(max_length=32)  # poker.tournament.Reason
    seat_reason = models.CharField(max_length=32)
    player_reason = models.CharField(max_length=32, blank=True)
    slip_es = models.TextField()
    slip_en = models.TextField()

    class Meta:
        verbose_name = _("seat move")
        verbose_name_plural = _("seat moves")
        ordering = ["draw", "id"]

    def __str__(self) -> str:
        return self.slip_en

    @property
    def is_move(self) -> bool:
        return self.from_session_id is not None


@immutability.append_only
class MoveConfirmation(models.Model):
    """The dealer of a table saw the move: the player left with his chips in view
    (``from``), or arrived with them (``to``) (TOUR-05)."""

    class Side(models.TextChoices):
        FROM = "from", _("Left the table")
        TO = "to", _("Arrived at the table")

    move = models.ForeignKey(SeatMove, on_delete=models.PROTECT, related_name="confirmations")
    side = models.CharField(max_length=4, choices=Side.choices)
    croupier = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    method = models.CharField(max_length=8)  # session | pin
    chips_visible = models.BooleanField(default=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("move confirmation")
        verbose_name_plural = _("move confirmations")
        ordering = ["move", "at"]
        constraints = [
            models.UniqueConstraint(fields=["move", "side"], name="move_confirmed_once_per_side")
        ]

    def __str__(self) -> str:
        return f"{self.move_id} {self.side}"
