"""The entries (an entry or re-entry of an identified player), the arrivals at the drawn
seat and the waiting list."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User
from casino.roles import Role

from .tournaments import Tournament


class EntryKind(models.TextChoices):
    ENTRY = "entry", _("Entry")
    RE_ENTRY = "re_entry", _("Re-entry")


@immutability.append_only
class Entry(models.Model):
    """One entry of an identified player (a re-entry is a new entry, TDA 8). Whether it is
    still in, busted or refunded is read from the ledger and the eliminations."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField()
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=16, choices=EntryKind.choices, default=EntryKind.ENTRY)
    alternate = models.BooleanField(default=False)  # from the waiting list
    previous = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="re_entry"
    )
    registered_at = models.DateTimeField(default=timezone.now)
    registered_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament entry")
        verbose_name_plural = _("tournament entries")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.number} {self.player}"


@immutability.append_only
class EntryArrival(models.Model):
    """The player of an entry sat down (TOUR-02: absent entrants are blinded until late
    registration closes, then their stacks come off)."""

    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="arrival")
    at = models.DateTimeField(default=timezone.now)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)

    def __str__(self) -> str:
        return f"{self.entry} arrived"


class WaitingPlayer(models.Model):
    """A player waiting for a place in a full tournament; he enters as an alternate."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        REGISTERED = "registered", _("Registered")
        CANCELLED = "cancelled", _("Cancelled")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="waiting")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField(default=timezone.now)
    added_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    entry = models.OneToOneField(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("tournament waiting list entry")
        verbose_name_plural = _("tournament waiting list")
        ordering = ["tournament", "requested_at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.player}"
