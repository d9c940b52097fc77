"""The deals (chip chop or ICM), their shares and the players' consents."""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import MONEY, Casino, SignableDocument, User
from casino.roles import Role

from .common import _money
from .entries import Entry
from .payouts import PayoutTable
from .tournaments import Tournament


class DealMethod(models.TextChoices):
    CHIP_CHOP = "chip_chop", _("Chip chop")
    ICM = "icm", _("ICM (Malmuth–Harville)")


@immutability.locked_when_signed
class Deal(SignableDocument):
    """The players left split the locked payouts (TOUR-07, §8.3 m): the method, the
    stacks, the shares, every player's consent and the manager's signature."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SHIFT_MANAGER,)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.deal"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="deals")
    payout_table = models.ForeignKey(PayoutTable, on_delete=models.PROTECT, related_name="+")
    method = models.CharField(max_length=16, choices=DealMethod.choices)
    payouts = models.JSONField()  # the locked payouts it replaces, place 1 first (money)
    to_play_for = models.DecimalField(**MONEY)
    unit = models.DecimalField(**MONEY)
    proposed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    proposed_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["tournament", "-proposed_at"]

    def __str__(self) -> str:
        return f"{self.tournament} deal #{self.pk}"

    def signing_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "method": self.method,
            "payouts": self.payouts,
            "to_play_for": _money(self.to_play_for),
            "unit": _money(self.unit),
            "shares": [
                [s.entry_id, s.stack, s.equity, _money(s.amount)]
                for s in self.shares.order_by("id")
            ],
        }

    def signing_blockers(self, role: Role) -> list[Any]:
        from ..services.deals import deal_blockers

        return deal_blockers(self)


@immutability.frozen_with_parent("deal")
class DealShare(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="shares")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    stack = models.PositiveIntegerField()
    equity = models.CharField(max_length=200)  # the exact value, a fraction of cents
    amount = models.DecimalField(**MONEY)

    class Meta:
        ordering = ["deal", "id"]
        constraints = [models.UniqueConstraint(fields=["deal", "entry"], name="deal_share_once")]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.amount}"


@immutability.append_only
class DealConsent(models.Model):
    """A remaining player agreed to the deal (recorded by the floor)."""

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="consents")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "entry"], name="deal_consent_once")]

    def __str__(self) -> str:
        return f"{self.deal_id} {self.entry_id}"
