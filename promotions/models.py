"""Promotion funds: posted rules (dated versions), the tables they cover, a sealed
ledger, the counted jackpot box, claims signed by the floor and surveillance, and the
slips the cage pays them against (issue 44; docs/promotions.md).

The rules themselves are :mod:`poker.promotions` (pure); a version stores one
``FundRules`` value as plain data (:func:`rules_to_data` / :func:`rules_from_data`).
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability, sealing
from casino.models import MONEY, Casino, GamingDay, SignableDocument, User
from casino.roles import Role
from poker.promotions import Drop, FundKind, FundRules, HoleCards, Split, Ties

#: The words for a share of a payout and a hand's role in a judgement.
SHARE_LABELS = {
    "losing_hand": _("Losing hand"),
    "winning_hand": _("Winning hand"),
    "table": _("Others dealt in"),
    "high_hand": _("High hand"),
    "shown": _("Hand shown"),
}


class Kind(models.TextChoices):
    BAD_BEAT = FundKind.BAD_BEAT.value, _("Bad-beat jackpot")
    HIGH_HAND = FundKind.HIGH_HAND.value, _("High-hand prize")


def rules_to_data(rules: FundRules) -> dict[str, Any]:
    """A ``FundRules`` as JSON-safe plain data (integers, strings, booleans)."""
    d, s = rules.drop, rules.split
    return {
        "kind": rules.kind.value,
        "drop": {
            "amount": d.amount,
            "share_bps": d.share_bps,
            "min_pot": d.min_pot,
            "cap": d.cap,
            "raked_only": d.raked_only,
            "flop_required": d.flop_required,
        },
        "seed": rules.seed,
        "split": {
            "losing_hand_bps": s.losing_hand_bps,
            "winning_hand_bps": s.winning_hand_bps,
            "table_bps": s.table_bps,
            "reserve_bps": s.reserve_bps,
        },
        "minimum_hand": rules.minimum_hand,
        "hole_cards": rules.hole_cards.value,
        "kickers_play": rules.kickers_play,
        "winning_hole_cards": rules.winning_hole_cards.value,
        "min_dealt": rules.min_dealt,
        "showdown_required": rules.showdown_required,
        "drop_pots_only": rules.drop_pots_only,
        "ties": rules.ties.value,
    }


def rules_from_data(data: dict[str, Any]) -> FundRules:
    """The inverse of :func:`rules_to_data`; raises ``RulesError`` on a value that cannot
    be posted (and ``KeyError``/``ValueError`` on a malformed one)."""
    return FundRules(
        kind=FundKind(data["kind"]),
        drop=Drop(**data["drop"]),
        seed=data["seed"],
        split=Split(**data["split"]),
        minimum_hand=data["minimum_hand"],
        hole_cards=HoleCards(data["hole_cards"]),
        kickers_play=data["kickers_play"],
        winning_hole_cards=HoleCards(data["winning_hole_cards"]),
        min_dealt=data["min_dealt"],
        showdown_required=data["showdown_required"],
        drop_pots_only=data["drop_pots_only"],
        ties=Ties(data["ties"]),
    )


@immutability.append_only
class Fund(models.Model):
    """A promotion fund: money held for the players, apart from the rake (N.J.A.C.
    13:69F-14.19 (a)). Its rules are :class:`FundRulesVersion` rows."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("promotion fund")
        verbose_name_plural = _("promotion funds")
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "name"], name="promotions_fund_name_unique")
        ]

    def __str__(self) -> str:
        return self.name

    def rules_at(self, when: Any = None) -> FundRulesVersion | None:
        """The version in force at ``when`` (GEN-04's pattern, as ``Table.settings_at``)."""
        when = when or timezone.now()
        return (
            self.rules_versions.filter(effective_from__lte=when)
            .order_by("-effective_from", "-version")
            .first()
        )


@immutability.append_only
class FundRulesVersion(models.Model):
    """One version of a fund's posted rules, effective from a time; never edited: a
    change is a new version (as ``tables.TableSettings``)."""

    fund = models.ForeignKey(Fund, on_delete=models.PROTECT, related_name="rules_versions")
    version = models.PositiveIntegerField()
    effective_from = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    rules = models.JSONField()

    class Meta:
        verbose_name = _("fund rules version")
        verbose_name_plural = _("fund rules versions")
        ordering = ["fund", "version"]
        constraints = [
            models.UniqueConstraint(fields=["fund", "version"], name="promotions_rules_version")
        ]

    def __str__(self) -> str:
        return f"{self.fund} v{self.version}"

    def fund_rules(self) -> FundRules:
        return rules_from_data(self.rules)


@immutability.append_only
class FundTable(models.Model):
    """A table attached to (or detached from) a fund: the latest row of a table says
    which fund it offers, if any. One fund per table at a time (13:69F-14.19 (a))."""

    class Action(models.TextChoices):
        ATTACH = "attach", _("Attached")
        DETACH = "detach", _("Detached")

    fund = models.ForeignKey(Fund, on_delete=models.PROTECT, related_name="table_events")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=8, choices=Action.choices)
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("fund table")
        verbose_name_plural = _("fund tables")
        ordering = ["table", "at", "id"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.action} {self.fund_id}"


class EntryKind(models.TextChoices):
    SEED = "seed", _("Seed")
    CONTRIBUTION = "contribution", _("Contribution")
    PAYOUT = "payout", _("Payout")
    RESEED = "reseed", _("Re-seed")
    CORRECTION = "correction", _("Correction")


@immutability.append_only
class FundEntry(models.Model):
    """One line of a fund's ledger, sealed (as ``cage.RakeEntry``): the seed, a hand's
    drop, a payout on a signed slip, the house's re-seed, or a correction that reverses
    an earlier line (``corrects``). The balance is the sum of ``sign * amount``."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    fund = models.ForeignKey(Fund, on_delete=models.PROTECT, related_name="entries")
    rules_version = models.ForeignKey(FundRulesVersion, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(
        GamingDay, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=16, choices=EntryKind.choices)
    sign = models.SmallIntegerField(default=1)
    amount = models.DecimalField(**MONEY)
    hand = models.ForeignKey(
        "hands.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    table = models.ForeignKey(
        "tables.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    claim = models.ForeignKey(
        "JackpotClaim", on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    slip = models.OneToOneField(
        "JackpotSlip", on_delete=models.PROTECT, null=True, blank=True, related_name="entry"
    )
    corrects = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="correction"
    )
    reason = models.TextField(blank=True)
    posted_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    posted_at = models.DateTimeField(default=timezone.now)
    seal = models.CharField(max_length=100)

    class Meta:
        verbose_name = _("fund ledger entry")
        verbose_name_plural = _("fund ledger entries")
        ordering = ["fund", "posted_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="promotions_entry_amount"),
            models.CheckConstraint(condition=Q(sign__in=[1, -1]), name="promotions_entry_sign"),
            # One drop per hand and fund: a second posting of the same hand is a no-op.
            models.UniqueConstraint(
                fields=["fund", "hand"],
                condition=Q(kind="contribution"),
                name="promotions_one_drop_per_hand",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.sign * self.amount}"

    @property
    def signed_amount(self) -> Any:
        return self.sign * self.amount

    def seal_payload(self) -> dict[str, Any]:
        return {
            "casino": self.casino_id,
            "fund": self.fund_id,
            "rules_version": self.rules_version_id,
            "gaming_day": self.gaming_day_id,
            "kind": self.kind,
            "sign": self.sign,
            "amount": f"{self.amount:.2f}",
            "hand": self.hand_id,
            "table": self.table_id,
            "claim": self.claim_id,
            "slip": self.slip_id,
            "corrects": self.corrects_id,
            "reason": self.reason,
            "posted_by": self.posted_by_id,
            "posted_at": self.posted_at.isoformat(),
        }

    def compute_seal(self) -> str:
        return sealing.seal(self.seal_payload())

    def seal_verdict(self) -> str:
        return sealing.verify(self.seal_payload(), self.seal)


@immutability.append_only
class JackpotBoxCount(models.Model):
    """The counted jackpot box of a fund for a gaming day, set against the drops the
    ledger holds for that day (WAC 230-15-085: its own box). ``expected`` is the
    ledger's figure when counted; a difference is a finding."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    fund = models.ForeignKey(Fund, on_delete=models.PROTECT, related_name="box_counts")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    counted = models.DecimalField(**MONEY)
    expected = models.DecimalField(**MONEY)
    counted_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    counted_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("jackpot box count")
        verbose_name_plural = _("jackpot box counts")
        ordering = ["fund", "counted_at", "id"]

    def __str__(self) -> str:
        return f"box {self.fund_id} {self.counted}"

    @property
    def difference(self) -> Any:
        return self.counted - self.expected


@immutability.locked_when_signed
class JackpotClaim(SignableDocument):
    """A qualifying hand claimed for a fund: the engine's judgement, the rules in force,
    the balance and the payout by the split. The table's supervisor, surveillance (the
    camera review, WAC 230-15-405) and the shift manager sign; then it is locked and
    the cage pays its slips.

    A high-hand claim is for a closed period (``period_start <= started < period_end``):
    ``hand`` is the first winning record (its table's supervisor signs), the judgement
    lists every winning hand (ties as posted) and each slip names its hand. A claim not
    yet locked whose hands were revised since is replaced by a new claim for the same
    period (``replaces``), never edited."""

    REQUIRED_SIGNATURE_ROLES = (Role.SUPERVISOR, Role.SURVEILLANCE, Role.SHIFT_MANAGER)
    DOCUMENT_KIND = "promotions.claim"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    fund = models.ForeignKey(Fund, on_delete=models.PROTECT, related_name="claims")
    rules_version = models.ForeignKey(FundRulesVersion, on_delete=models.PROTECT, related_name="+")
    hand = models.ForeignKey("hands.Hand", on_delete=models.PROTECT, related_name="+")
    balance = models.DecimalField(**MONEY)
    judgement = models.JSONField()
    payout = models.JSONField()
    filed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    filed_at = models.DateTimeField(default=timezone.now)
    period_start = models.DateTimeField(null=True, blank=True)
    period_end = models.DateTimeField(null=True, blank=True)
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="replaced_by"
    )

    class Meta:
        verbose_name = _("jackpot claim")
        verbose_name_plural = _("jackpot claims")
        ordering = ["-filed_at", "-id"]
        constraints = [
            # A bad beat is claimed once per hand; a high-hand period once (a replacement
            # of a claim whose hands were revised points at it and is unique by that link).
            models.UniqueConstraint(
                fields=["fund", "hand"],
                condition=Q(period_start__isnull=True),
                name="promotions_one_claim_per_hand",
            ),
            models.UniqueConstraint(
                fields=["fund", "period_start", "period_end"],
                condition=Q(period_start__isnull=False, replaces__isnull=True),
                name="promotions_one_claim_per_period",
            ),
            models.CheckConstraint(
                condition=Q(period_start__isnull=True, period_end__isnull=True)
                | Q(period_start__lt=models.F("period_end")),
                name="promotions_claim_period",
            ),
        ]

    def __str__(self) -> str:
        return f"claim {self.pk} hand {self.hand_id}"

    def signing_payload(self) -> dict[str, Any]:
        start, end = self.period_start, self.period_end  # both or neither (the constraint)
        return {
            "fund": self.fund_id,
            "rules_version": self.rules_version_id,
            "hand": self.hand_id,
            "balance": f"{self.balance:.2f}",
            "judgement": self.judgement,
            "payout": self.payout,
            **(
                {
                    "period_start": start.isoformat(),
                    "period_end": end.isoformat(),
                    "replaces": self.replaces_id,
                }
                if start is not None and end is not None
                else {}
            ),
        }

    @property
    def is_period(self) -> bool:
        """A high-hand period's claim (a bad beat's is one hand's)."""
        return self.period_start is not None

    def signing_assignment(self) -> Any:
        from tables.selectors import session_assignment

        return session_assignment(self.hand.session)


@immutability.locked_when_signed
class JackpotSlip(SignableDocument):
    """One award of a claim, paid at the cage: the cashier's signature pays it (the
    ledger's payout line is posted then)."""

    REQUIRED_SIGNATURE_ROLES = (Role.CAGE_CASHIER,)
    DOCUMENT_KIND = "promotions.slip"

    claim = models.ForeignKey(JackpotClaim, on_delete=models.PROTECT, related_name="slips")
    line = models.PositiveSmallIntegerField()
    share = models.CharField(max_length=16)
    seat = models.PositiveSmallIntegerField()
    amount = models.DecimalField(**MONEY)
    # The hand the award is for: a high-hand period's tied winners may be of several
    # hands (a bad beat's slips are all the claim's hand: left empty).
    hand = models.ForeignKey(
        "hands.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("jackpot slip")
        verbose_name_plural = _("jackpot slips")
        ordering = ["claim", "line"]
        constraints = [
            models.UniqueConstraint(fields=["claim", "line"], name="promotions_slip_line")
        ]

    def __str__(self) -> str:
        return f"slip {self.claim_id}/{self.line}"

    @property
    def share_label(self) -> Any:
        return SHARE_LABELS.get(self.share, self.share)

    def signing_payload(self) -> dict[str, Any]:
        return {
            "claim": self.claim_id,
            "line": self.line,
            "share": self.share,
            "seat": self.seat,
            "amount": f"{self.amount:.2f}",
            **({"hand": self.hand_id} if self.hand_id else {}),
        }
