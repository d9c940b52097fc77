"""The player registry (issue 17 §1, §2; issue 41): players, their identity documents,
exclusions and the regulator's lists of barred people.

A player is a data subject, never a user (ROLE-01). A player may be barred from the gaming
room by the house (an expulsion of the sanctions ledger, SANC-06, SANC-08), by himself (a
self-exclusion) or by a regulator's list. Every exclusion row is append-only: an exclusion is
lifted by a new row that points at it (``lifts``), never edited; a regulator's list is
imported whole as a new version (:class:`ExclusionList`), whose entries replace the previous
version's. What a refusal at a table leaves (``tables.ExclusionHit``) and a supervisor's VIP
referral (``tables.VipReferral``) belong to the table's session and stay with tables.

The app was carved out of tables (issue 41): the database tables keep their names
(``tables_player``, ``tables_exclusionlist``, ``tables_exclusion``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User


class DocumentType(models.TextChoices):
    """The identity documents the registry takes (issue 17 §1); rules in players.identity."""

    DNI = "dni", _("National identity document (DNI)")
    CI = "ci", _("Identity card (CI)")
    RUT = "rut", _("Chilean tax and identity number (RUT)")
    PASSPORT = "passport", _("Passport")
    OTHER = "other", _("Other document")


class Player(models.Model):
    """A player: a data subject, never a user (ROLE-01). Identity is optional (SEAT-11).

    An identified player (issue 17 §1) has a document type and number (normalised:
    upper case, no dots, dashes or spaces), a nationality (ISO 3166 alpha-2) and a birth
    date; one player per casino, document type and number (the registry finds or creates,
    ``players.services.player_register``). Who may read the identity, and the audit
    of each read, is ``players.services.player_identity_read``.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="players")
    display_name = models.CharField(_("name"), max_length=120)
    document_type = models.CharField(
        _("document type"), max_length=16, choices=DocumentType.choices, blank=True
    )
    document_number = models.CharField(_("identity document"), max_length=40, blank=True)
    nationality = models.CharField(_("nationality"), max_length=2, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    is_vip = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tables_player"  # issue 41: moved from tables, the table kept its name
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["display_name"]
        indexes = [models.Index(fields=["casino", "document_number"])]
        constraints = [
            # Issue 17 §1: one player, many visits.
            models.UniqueConstraint(
                fields=["casino", "document_type", "document_number"],
                condition=~Q(document_number=""),
                name="player_document_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def identified(self) -> bool:
        return bool(self.document_number)


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
        db_table = "tables_exclusionlist"  # issue 41: moved from tables, name kept
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
    # The expulsion of the sanctions ledger a house ban comes from (SANC-06). The ledger
    # stays with tables, above this app: the key is named, never imported (issue 41).
    sanction = models.ForeignKey(
        "tables.SanctionEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
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
        db_table = "tables_exclusion"  # issue 41: moved from tables, name kept
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
        who = self.player.display_name if self.player is not None else self.full_name
        return f"{self.get_kind_display()} · {who}"
