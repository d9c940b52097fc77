"""The payout tables (proposed, approved and locked) and the prize slips."""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import MONEY, Casino, GamingDay, SignableDocument, User
from casino.roles import Role
from casino.serials import format_serial

from .common import _money
from .entries import Entry
from .tournaments import Tournament

SLIP_SERIES = "TPS"  # tournament prize slips


@immutability.locked_when_signed
class PayoutTable(SignableDocument):
    """A proposed payout table (TOUR-07): the rule, the pool and one line per place. The
    shift manager's signature approves and locks it (ROLE-09)."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SHIFT_MANAGER,)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.payout_table"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="payout_tables"
    )
    version = models.PositiveIntegerField()
    rule = models.CharField(max_length=16)  # power_law | satellite | manual
    pool = models.DecimalField(**MONEY)
    overlay = models.DecimalField(**MONEY)
    entries = models.PositiveIntegerField()
    unit = models.DecimalField(**MONEY)
    first_share = models.CharField(max_length=20, blank=True)
    exponent = models.CharField(max_length=20, blank=True)
    proposed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    proposed_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("payout table")
        verbose_name_plural = _("payout tables")
        ordering = ["tournament", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "version"], name="payout_table_version")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} payouts v{self.version}"

    def signing_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "version": self.version,
            "rule": self.rule,
            "pool": _money(self.pool),
            "overlay": _money(self.overlay),
            "entries": self.entries,
            "unit": _money(self.unit),
            "lines": [
                [line.place, _money(line.amount), _money(line.seat_value), line.seat_in]
                for line in self.lines.order_by("place")
            ],
        }

    def signing_blockers(self, role: Role) -> list[Any]:
        from ..services.payouts import payout_table_blockers

        return payout_table_blockers(self)


@immutability.frozen_with_parent("payout_table")
class PayoutLine(models.Model):
    payout_table = models.ForeignKey(PayoutTable, on_delete=models.PROTECT, related_name="lines")
    place = models.PositiveSmallIntegerField()
    amount = models.DecimalField(**MONEY)
    seat_value = models.DecimalField(default=0, **MONEY)  # TOUR-08
    seat_in = models.CharField(max_length=160, blank=True)

    class Meta:
        ordering = ["payout_table", "place"]
        constraints = [
            models.UniqueConstraint(fields=["payout_table", "place"], name="payout_line_place")
        ]

    def __str__(self) -> str:
        return f"{self.place}: {self.amount}"


@immutability.locked_when_signed
class PayoutSlip(SignableDocument):
    """A prize paid at the cage: numbered, signed by the player (on the printed slip, the
    cashier attests it with the name as signed) and by the cashier, then locked."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.CAGE_CASHIER,)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.payout_slip"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="slips")
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="slip")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    serial_year = models.PositiveIntegerField()
    serial_number = models.PositiveIntegerField()
    place = models.PositiveSmallIntegerField()
    place_to = models.PositiveSmallIntegerField()
    amount = models.DecimalField(**MONEY)
    seat_value = models.DecimalField(default=0, **MONEY)
    seat_in = models.CharField(max_length=160, blank=True)
    deal = models.ForeignKey(
        "Deal", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player_signed_name = models.CharField(max_length=160)
    player_signed_at = models.DateTimeField(default=timezone.now)
    issued_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("tournament prize slip")
        verbose_name_plural = _("tournament prize slips")
        ordering = ["tournament", "place", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "serial_year", "serial_number"], name="prize_slip_serial"
            )
        ]

    def __str__(self) -> str:
        return self.serial

    @property
    def serial(self) -> str:
        return format_serial(SLIP_SERIES, self.serial_year, self.serial_number)

    def signing_payload(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "tournament": self.tournament_id,
            "entry": self.entry_id,
            "player": self.player_id,
            "place": [self.place, self.place_to],
            "amount": _money(self.amount),
            "seat": [_money(self.seat_value), self.seat_in],
            "deal": self.deal_id,
            "player_signed": [self.player_signed_name, self.player_signed_at.isoformat()],
        }
