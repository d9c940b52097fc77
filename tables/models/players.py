"""Exclusions and the refusals they cause (issue 17 §2).

A player may be barred from the gaming room by the house (an expulsion of the sanctions
ledger, SANC-06, SANC-08), by himself (a self-exclusion) or by a regulator's list. Every
row is append-only: an exclusion is lifted by a new row that points at it (``lifts``),
never edited; a regulator's list is imported whole as a new version
(:class:`ExclusionList`), whose entries replace the previous version's. A refused buy-in
or seating (an excluded or under-age player) leaves an :class:`ExclusionHit` for the pit
boss and surveillance.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User

from .core import DocumentType, Player, Table, TableSession
from .sanctions import SanctionEntry


class ExclusionKind(models.TextChoices):
    HOUSE_BAN = "house_ban", _("House ban (expulsion)")
    SELF_EXCLUSION = "self_exclusion", _("Self-exclusion")
    REGULATOR = "regulator", _("Regulator's list")


@immutability.append_only
class ExclusionList(models.Model):
    """One version of a regulator's list of barred people, imported from a CSV file."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    source = models.CharField(_("source"), max_length=80)
    list_date = models.DateField(_("list date"))
    version = models.PositiveIntegerField()
    file_name = models.CharField(max_length=200, blank=True)
    sha256 = models.CharField(max_length=64)
    entry_count = models.PositiveIntegerField(default=0)
    imported_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    imported_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("exclusion list")
        verbose_name_plural = _("exclusion lists")
        ordering = ["source", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "source", "version"], name="exclusion_list_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.source} v{self.version} ({self.list_date})"


@immutability.append_only
class Exclusion(models.Model):
    """A bar on a player (or, for a regulator's entry, on a document), or its lifting."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=16, choices=ExclusionKind.choices)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="exclusions"
    )
    # The document the bar names (copied from the player, or the regulator's row), so a
    # person registered after the import is matched too.
    document_type = models.CharField(max_length=16, choices=DocumentType.choices, blank=True)
    document_number = models.CharField(max_length=40, blank=True)
    full_name = models.CharField(max_length=200, blank=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)  # empty: until lifted
    source = models.CharField(max_length=120, blank=True)
    sanction = models.ForeignKey(
        SanctionEntry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    exclusion_list = models.ForeignKey(
        ExclusionList, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    line = models.PositiveIntegerField(null=True, blank=True)  # the list's CSV line
    # A lifting row points at the exclusion it lifts; the original stays as it was.
    lifts = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="lifted_by"
    )
    reason = models.TextField(blank=True)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("exclusion")
        verbose_name_plural = _("exclusions")
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["casino", "document_type", "document_number"]),
            models.Index(fields=["casino", "player"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                name="exclusion_dates_ordered",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=False) | ~Q(document_number=""),
                name="exclusion_names_someone",
            ),
        ]

    def __str__(self) -> str:
        who = self.player.display_name if self.player_id else self.full_name
        return f"{self.get_kind_display()} · {who}"


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
