"""The players at a table's session: refused admissions and VIP referrals (issue 17 §2).

The registry itself (players, exclusions, the regulator's lists) is the ``players`` app's
(issue 41). A refused buy-in or seating (an excluded or under-age player) leaves an
:class:`ExclusionHit` for the pit boss and surveillance; a supervisor refers a player for
VIP membership from a table's session (:class:`VipReferral`). Both name the table and the
session, so they stay with tables.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User
from players.models import Exclusion, Player

from .core import Table, TableSession


class HitReason(models.TextChoices):
    EXCLUDED = "excluded", _("Excluded")
    UNDER_AGE = "under_age", _("Under the minimum age")


@immutability.append_only
class ExclusionHit(models.Model):
    """A buy-in or seating refused because the player is excluded or under age."""

    class Where(models.TextChoices):
        BUYIN = "buyin", _("Buy-in")
        SEATING = "seating", _("Seating")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=16, choices=HitReason.choices)
    exclusion = models.ForeignKey(
        Exclusion, on_delete=models.PROTECT, null=True, blank=True, related_name="hits"
    )
    where = models.CharField(max_length=16, choices=Where.choices)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, null=True, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, null=True, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    actor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("exclusion hit")
        verbose_name_plural = _("exclusion hits")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_reason_display()} · {self.get_where_display()} · {self.player_id}"


@immutability.append_only
class VipReferral(models.Model):
    """A supervisor's referral of a player for VIP membership (SEAT-12, RPT-14).

    Append-only: the player can be assessed and told about the membership; the referral
    itself is never edited.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="vip_referrals")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField()
    referred_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("VIP referral")
        verbose_name_plural = _("VIP referrals")
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["casino", "at"])]

    def __str__(self) -> str:
        return f"VIP · {self.player_id} · {self.table_id}"
