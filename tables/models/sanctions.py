"""The sanctions ledger (§8.6, seed 001, SANC-01..14).

Append-only. A supervisor's proposal, a pit boss's or manager's imposition
and any later lift or reduction are each a :class:`SanctionEntry`; a lift or
reduction points at the imposition it amends (``amends``) and leaves it
untouched (GEN-09). An appeal (SANC-01 "appealed") is an entry too, linked to the
imposition; its decision (upheld, or a lift or reduction) points at the appeal it
answers (``appeal``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, GamingDay, Ruleset, User
from casino.serials import format_serial
from players.models import Player

from .core import Table, TableSession

NOTICE_SERIES = "SAN"


class SanctionLevel(models.TextChoices):
    """Penalties of the tournament scale (SANC-03) and the cash-game scale (SANC-08, OQ-15)."""

    WARNING = "warning", _("Verbal warning")
    VUELTAS = "vueltas", _("Penalty rounds (vueltas)")
    SIT_OUT = "sit_out", _("Sit out N hands")
    HAND_ANNULMENT = "hand_annulment", _("Annulment of the hand")
    REMOVAL = "removal", _("Removal from the table for the session")
    DISQUALIFICATION = "disqualification", _("Disqualification")
    EXPULSION = "expulsion", _("Expulsion")


@immutability.append_only
class SanctionEntry(models.Model):
    class Kind(models.TextChoices):
        PROPOSAL = "proposal", _("Proposal")
        IMPOSITION = "imposition", _("Imposition")
        LIFT = "lift", _("Lift")
        REDUCTION = "reduction", _("Reduction")
        APPEAL = "appeal", _("Appeal")
        UPHELD = "upheld", _("Upheld on appeal")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # LIFT / REDUCTION: the imposition amended. IMPOSITION: the proposal it follows, if any.
    amends = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="amendments"
    )
    proposal = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="impositions"
    )
    # UPHELD, and a LIFT or REDUCTION decided on appeal: the APPEAL entry it answers.
    appeal = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="decisions"
    )
    # Sanction notices are numbered (GEN-10); only impositions get a number.
    serial_year = models.PositiveIntegerField(null=True, blank=True)
    serial_number = models.PositiveIntegerField(null=True, blank=True)

    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="sanctions"
    )
    player_description = models.CharField(max_length=200, blank=True)
    conduct_code = models.CharField(max_length=32)
    conduct_text = models.TextField(blank=True)

    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="sanctions"
    )
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    event_name = models.CharField(max_length=120, blank=True)
    is_tournament = models.BooleanField(default=False)
    ruleset = models.CharField(max_length=8, choices=Ruleset.choices)

    level = models.CharField(max_length=20, choices=SanctionLevel.choices)
    vueltas = models.PositiveSmallIntegerField(null=True, blank=True)
    players_in_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    hands_total = models.PositiveIntegerField(null=True, blank=True)
    # SANC-09: it applies from the hand after ``starts_after_hand``, unless immediate.
    starts_after_hand = models.PositiveIntegerField(null=True, blank=True)
    immediate = models.BooleanField(default=False)
    immediate_reason = models.TextField(blank=True)

    suggested_level = models.CharField(max_length=20, choices=SanctionLevel.choices, blank=True)
    suggested_vueltas = models.PositiveSmallIntegerField(null=True, blank=True)
    override_reason = models.TextField(blank=True)

    issued_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)
    proposed_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reason = models.TextField(blank=True)

    class Meta:
        verbose_name = _("sanction entry")
        verbose_name_plural = _("sanctions ledger")
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["casino", "player"]),
            models.Index(fields=["casino", "conduct_code"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "serial_year", "serial_number"],
                condition=Q(serial_number__isnull=False),
                name="sanction_notice_serial",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=False) | ~Q(player_description=""),
                name="sanction_names_player",
            ),
            models.CheckConstraint(
                condition=Q(vueltas__isnull=True) | (Q(vueltas__gte=1) & Q(vueltas__lte=4)),
                name="sanction_vueltas_1_4",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=["lift", "reduction", "appeal", "upheld"])
                | Q(amends__isnull=False),
                name="sanction_amendment_links",
            ),
            models.CheckConstraint(
                condition=~Q(kind="upheld") | Q(appeal__isnull=False),
                name="sanction_upheld_answers_an_appeal",
            ),
            # One decision per appeal (upheld, lifted or reduced).
            models.UniqueConstraint(
                fields=["appeal"],
                condition=Q(appeal__isnull=False),
                name="sanction_one_decision_per_appeal",
            ),
        ]

    def __str__(self) -> str:
        who = self.player.display_name if self.player else self.player_description
        return f"{self.notice or self.kind} · {who} · {self.level}"

    @property
    def notice(self) -> str:
        if self.serial_number is None or self.serial_year is None:
            return ""
        return format_serial(NOTICE_SERIES, self.serial_year, self.serial_number)

    @property
    def player_label(self) -> str:
        return self.player.display_name if self.player else self.player_description
