"""The tournament's ledger (every peso in and out, numbered receipts, sealed and chained
like the cage's transactions) and its settlement at the cage, counted and signed."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability, sealing
from casino.models import MONEY, Casino, GamingDay, SignableDocument, User
from casino.roles import Role
from casino.serials import format_serial

from .common import _money
from .entries import Entry
from .tournaments import Tournament

RECEIPT_SERIES = "TOR"  # receipts of the tournament ledger (GEN-10)


class LedgerKind(models.TextChoices):
    ENTRY = "entry", _("Entry")
    RE_ENTRY = "re_entry", _("Re-entry")
    REBUY = "rebuy", _("Rebuy")
    ADD_ON = "add_on", _("Add-on")
    REFUND = "refund", _("Refund (unregistration)")
    PRIZE = "prize", _("Prize paid")
    OVERLAY = "overlay", _("Overlay added by the house")


class LedgerVia(models.TextChoices):
    CASH = "cash", _("Cash at the cage")
    SEAT = "seat", _("A satellite seat")
    HOUSE = "house", _("The house's funds")


@immutability.append_only
class LedgerEntry(models.Model):
    """One movement of a tournament's money: numbered, sealed, chained (issue 12 §5).

    ``pool_amount`` is what goes into (+) or out of (−) the prize pool, ``fee_amount``
    what goes to (+) or back from (−) the house's fees (TOUR-03: never mixed). ``via``
    says how: cash at the cage, a satellite seat (TOUR-08: no cash moves), or the house's
    funds (the overlay up to the guarantee). A refund reverses the payment it undoes.
    """

    ref = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(max_length=16, choices=LedgerKind.choices)
    via = models.CharField(max_length=8, choices=LedgerVia.choices, default=LedgerVia.CASH)
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    receipt_year = models.PositiveIntegerField()
    receipt_number = models.PositiveIntegerField()
    pool_amount = models.DecimalField(**MONEY)
    fee_amount = models.DecimalField(**MONEY)
    chips = models.PositiveIntegerField(default=0)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversal"
    )
    slip = models.ForeignKey(
        "PayoutSlip", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    recorded_at = models.DateTimeField(default=timezone.now, db_index=True)
    reason = models.TextField(blank=True)
    seal = models.CharField(max_length=100)  # "<key_id>:<hmac hex>" (issue 12 §5)

    class Meta:
        verbose_name = _("tournament ledger entry")
        verbose_name_plural = _("tournament ledger")
        ordering = ["recorded_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "receipt_year", "receipt_number"],
                name="tournament_receipt_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.receipt} {self.kind}"

    @property
    def receipt(self) -> str:
        return format_serial(RECEIPT_SERIES, self.receipt_year, self.receipt_number)

    @property
    def cash(self) -> Any:
        """Cash into (+) or out of (−) the cage for the tournament."""
        if self.via != LedgerVia.CASH:
            return Decimal("0")
        return self.pool_amount + self.fee_amount

    def seal_payload(self) -> dict[str, Any]:
        return {
            "ref": str(self.ref),
            "casino": self.casino_id,
            "gaming_day": self.gaming_day_id,
            "tournament": self.tournament_id,
            "kind": self.kind,
            "via": self.via,
            "entry": self.entry_id,
            "receipt": [self.receipt_year, self.receipt_number],
            "pool_amount": _money(self.pool_amount),
            "fee_amount": _money(self.fee_amount),
            "chips": self.chips,
            "reverses": self.reverses_id,
            "slip": self.slip_id,
            "recorded_by": self.recorded_by_id,
            "role": self.role,
            "recorded_at": self.recorded_at.isoformat(),
            "reason": self.reason,
        }

    def compute_seal(self) -> str:
        return sealing.seal(self.seal_payload())

    def seal_verdict(self) -> str:
        return sealing.verify(self.seal_payload(), self.seal)


@immutability.locked_when_signed
class Settlement(SignableDocument):
    """The tournament's cash counted at the cage against its ledger, signed by the cashier
    and the shift manager: the tournament's books reconcile to the cage like a table's."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.CAGE_CASHIER, Role.SHIFT_MANAGER)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.settlement"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.PROTECT, related_name="settlement"
    )
    counted = models.DecimalField(**MONEY)
    expected = models.DecimalField(**MONEY)
    fees = models.DecimalField(**MONEY)
    overlay = models.DecimalField(**MONEY)
    pool = models.DecimalField(**MONEY)
    paid = models.DecimalField(**MONEY)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("tournament settlement")
        verbose_name_plural = _("tournament settlements")

    def __str__(self) -> str:
        return f"{self.tournament} settlement"

    @property
    def difference(self) -> Any:
        return self.counted - self.expected

    def signing_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "counted": _money(self.counted),
            "expected": _money(self.expected),
            "fees": _money(self.fees),
            "overlay": _money(self.overlay),
            "pool": _money(self.pool),
            "paid": _money(self.paid),
            "created_by": self.created_by_id,
            "note": self.note,
        }
