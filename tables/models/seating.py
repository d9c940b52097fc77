"""The table's live seating: who sits where, with which stack, and who waits (issue 13 §1).

The tables app is the one owner of the table's live state. ``Seat`` is the seating plan of
a session (one row per seat ever used), written only by ``tables.services.seating``: the
supervisor's seating actions, the cage's buy-ins and departures and the hand recorder's
stored hands all go through it, in their own transaction. Everybody reads it through
``tables.selectors.seat_plan``. ``SeatEvent`` is the append-only history (SEAT-04);
``WaitingEntry`` the table's waiting list.

The three tables keep the names they had when the hand recorder owned them
(``hands_seat``...), so moving the models changed no data.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import MONEY, Casino, User
from casino.roles import Role
from players.models import Player

from .core import Table, TableSession


class SeatStatus(models.TextChoices):
    """SEAT-09: what a seat is doing."""

    PLAYING = "playing", _("Playing")
    SITTING_OUT = "sitting_out", _("Sitting out")
    RESERVED = "reserved", _("Reserved")
    EMPTY = "empty", _("Empty")


class Seat(models.Model):
    """Who sits where now at a session, with which stack (SEAT-04, SEAT-09, BUYIN-07).

    Working state, kept up to date by the seating services and by every hand
    stored; the history is :class:`SeatEvent` and the hand records.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=SeatStatus.choices, default=SeatStatus.EMPTY)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=120, blank=True)
    since = models.DateTimeField(default=timezone.now)
    reserved_until = models.DateTimeField(null=True, blank=True)
    # The last hand number of the session when the player sat down (None: before any hand).
    joined_after_hand = models.PositiveIntegerField(null=True, blank=True)
    hands_played = models.PositiveIntegerField(default=0)
    last_hand_number = models.PositiveIntegerField(null=True, blank=True)
    last_hand_ended_at = models.DateTimeField(null=True, blank=True)
    stack = models.DecimalField(null=True, blank=True, **MONEY)
    # SEAT-06 MISSED_BLINDS: blinds owed on return.
    missed_small = models.BooleanField(default=False)
    missed_big = models.BooleanField(default=False)

    class Meta:
        db_table = "hands_seat"  # the table keeps its name from when the recorder owned it
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["session", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="seat_once_per_session"),
            models.CheckConstraint(
                condition=Q(seat__gte=1) & Q(seat__lte=10), name="seat_number_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} · {self.seat}"

    @property
    def occupied(self) -> bool:
        return self.status != SeatStatus.EMPTY


@immutability.append_only
class SeatEvent(models.Model):
    """Each seat assignment and change: player, seat, time, by whom (SEAT-04)."""

    class Kind(models.TextChoices):
        SIT = "sit", _("Seated")
        LEAVE = "leave", _("Left the table")
        SIT_OUT = "sit_out", _("Sitting out")
        RETURN = "return", _("Back in the game")
        RESERVE = "reserve", _("Seat reserved")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=120, blank=True)
    at = models.DateTimeField(default=timezone.now)
    actor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    detail = models.JSONField(default=dict, blank=True)

    class Meta:
        db_table = "hands_seatevent"
        verbose_name = _("seat event")
        verbose_name_plural = _("seat events")
        ordering = ["session", "at", "id"]

    def __str__(self) -> str:
        return f"{self.session} · {self.seat} · {self.kind}"


class WaitingEntry(models.Model):
    """A player waiting for a seat at a table, in order (SEAT-03, SEAT-04; seed 003 ¶25)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        SEATED = "seated", _("Seated")
        CANCELLED = "cancelled", _("Cancelled")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="waiting_list")
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=120)
    requested_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    added_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    seated_at = models.DateTimeField(null=True, blank=True)
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        db_table = "hands_waitingentry"
        verbose_name = _("waiting list entry")
        verbose_name_plural = _("waiting list")
        ordering = ["table", "requested_at", "id"]

    def __str__(self) -> str:
        return f"{self.table} · {self.name}"
