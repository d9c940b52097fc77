"""The cage's books: chip sets, the table float, and every chip and cash movement.

What each record is (docs/cage.md explains the books and the formulas):

- :class:`ChipSet`, :class:`Denomination`, :class:`FloatPar`: the chips and each
  table's standard float per denomination (GEN-05, CLOSE-07).
- :class:`TableTransaction` with :class:`ChipLine` and :class:`CashLine`: buy-ins
  and re-buys (the table card, BUYIN-06), colour changes (CHIP-06), cash-outs
  (CHIP-15), tip changes (CHIP-17) and in-hand changes (CHIP-14). A mistake is a
  reversing row (``sign = -1``) that points at the original.
- :class:`Slip` with :class:`SlipLine`: fill and credit slips, numbered without
  gaps per casino, series and year (GEN-10), signed by five different people;
  :class:`SlipVoid` and :class:`SlipVoidConfirmation` void one with a reason and
  a second, independent signer.
- :class:`RakeEntry`: the rake box ledger, one posting per hand (RAKE-08).
- :class:`DropCount` with :class:`DropCountLine`: one counter's blind count of a
  session's drop box and rake box, signed.
- :class:`SeatDeparture`: a player's stack and time on leaving (BUYIN-03).
- :class:`CashAlert`: cash buy-ins of a player in a gaming day crossing a threshold.
- :class:`VarianceExplanation`: the pit boss's explanation of a variance.
- :class:`CagePolicy`: the casino's cage settings, versioned.

Every record is append-only in the database (``casino.immutability``); the slips
and drop counts are signed documents, locked when their last signature lands.
Transactions and rake postings carry a ``seal``: the keyed HMAC of their content
(with their lines) computed when they are written, ``"<key_id>:<hex>"``
(``casino.sealing``, issue 12 §5), so that the reconciliation can tell a row
changed behind the application's back even by someone who can recompute a hash.
"""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability, sealing
from casino.models import MONEY, Casino, Denomination, GamingDay, SignableDocument, User
from casino.roles import Role

CENT = Decimal("0.01")


def money_str(value: Decimal | None) -> str | None:
    """Decimal as a fixed two-place string, for seals and JSON (never float)."""
    return None if value is None else str(Decimal(value).quantize(CENT))


@immutability.append_only
class CagePolicy(models.Model):
    """One version of a casino's cage settings (Appendix B of the requirements).

    Never edited: a change is a new version effective from a time.
    """

    class CashChangePolicy(models.TextChoices):
        # CASH-01, OQ-50: EXCEPTION = allowed after offering the cage (the seed's house).
        EXCEPTION = "exception", _("Allowed as an exception (the cage is offered first)")
        CAGE_ONLY = "cage_only", _("Cage only")
        ALLOWED = "allowed", _("Allowed")

    class ForeignChips(models.TextChoices):
        # CHIP-01, OQ-36.
        VALUE_CHIPS_ONLY = "value_chips_only", _("Casino value chips only")
        NONE = "none", _("None")
        ALL = "all", _("All")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    effective_from = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, null=True, related_name="+")
    # Cash buy-ins per player and gaming day (issue 6 item 10).
    id_threshold = models.DecimalField(default=Decimal("3000"), **MONEY)
    report_threshold = models.DecimalField(default=Decimal("10000"), **MONEY)
    large_cash_threshold = models.DecimalField(null=True, blank=True, **MONEY)  # CASH-06
    return_exemption_minutes = models.PositiveSmallIntegerField(default=20)  # BUYIN-03
    table_cash_change_policy = models.CharField(
        max_length=16, choices=CashChangePolicy.choices, default=CashChangePolicy.EXCEPTION
    )
    foreign_chips_policy = models.CharField(
        max_length=20, choices=ForeignChips.choices, default=ForeignChips.VALUE_CHIPS_ONLY
    )
    # CHIP-05: warn when a denomination's expected float falls below this share of par.
    float_low_pct = models.PositiveSmallIntegerField(null=True, blank=True)
    # Bank-note values the casino's currency has (CASH-07); empty = any positive value.
    note_values = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = _("cage policy")
        verbose_name_plural = _("cage policies")
        ordering = ["casino", "-effective_from", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(id_threshold__gt=0) & Q(report_threshold__gt=0),
                name="cage_policy_thresholds_positive",
            )
        ]

    def __str__(self) -> str:
        return f"cage policy {self.casino_id} from {self.effective_from:%Y-%m-%d %H:%M}"


class TransactionKind(models.TextChoices):
    BUYIN = "buyin", _("Buy-in")
    COLOUR_CHANGE = "colour_change", _("Colour change")
    CASH_OUT = "cash_out", _("Cash-out (colour-up)")
    TIP_CHANGE = "tip_change", _("Tip change")
    IN_HAND_CHANGE = "in_hand_change", _("In-hand change (from the pot)")


class BuyinSource(models.TextChoices):
    # BUYIN-08.
    CASH = "cash", _("Cash changed at the table")
    CAGE_CHIPS = "cage_chips", _("Chips bought at the cage")
    OTHER_TABLE = "other_table", _("Chips brought from another table")


class LargeCashHandling(models.TextChoices):
    # CASH-06: what the pit boss did with a very large cash amount.
    NONE = "", _("None")
    TRANSFER_TO_CAGE = "transfer_to_cage", _("Money taken to the cage")
    PARTIAL_ADVANCE = "partial_advance", _("Part of the change advanced")


@immutability.append_only
class TableTransaction(models.Model):
    """One movement at a table: a buy-in (table card) or a chip change.

    ``sign`` is +1 for a transaction and -1 for the reversal of one
    (``reverses``); a reversal repeats the original's lines and its effect is
    the opposite. Chip lines say ``in`` (from the player into the float, or into
    the pot for an in-hand change) or ``out`` (to the player).
    """

    ref = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="cage_transactions"
    )
    kind = models.CharField(max_length=16, choices=TransactionKind.choices)
    sign = models.SmallIntegerField(default=1)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversal"
    )
    reason = models.TextField(blank=True)
    recorded_at = models.DateTimeField(default=timezone.now, db_index=True)
    # Who: the croupier who made the change and the supervisor (or pit boss) who
    # approved it; recording it is the approval (CASH-09, CHIP-04, CHIP-13, CHIP-17).
    croupier = models.ForeignKey(User, on_delete=models.PROTECT, null=True, related_name="+")
    approved_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    approved_role = models.CharField(max_length=16, choices=Role.choices)
    # Seat and player (BUYIN-06): the name where known.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player_name = models.CharField(max_length=120, blank=True)
    # Value of the transaction: the buy-in amount, or each side of a change.
    amount = models.DecimalField(**MONEY)
    # Buy-ins only.
    source = models.CharField(max_length=16, choices=BuyinSource.choices, blank=True)
    is_rebuy = models.BooleanField(default=False)
    stack_before = models.DecimalField(null=True, blank=True, **MONEY)
    limit_min = models.DecimalField(null=True, blank=True, **MONEY)
    limit_max = models.DecimalField(null=True, blank=True, **MONEY)
    exemption_applied = models.BooleanField(default=False)  # BUYIN-03
    override_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    override_reason = models.TextField(blank=True)  # BUYIN-09
    pit_boss = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    large_cash_handling = models.CharField(
        max_length=20, choices=LargeCashHandling.choices, blank=True
    )
    # In-hand changes only (CHIP-14): the hand whose pot made the change.
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    hand_ref = models.CharField(max_length=64, blank=True)
    seal = models.CharField(max_length=100)  # "<key_id>:<hmac hex>" (issue 12 §5)
    # Buy-ins: who the buy-in counts for towards the day's cash thresholds
    # (``cage.selectors.player_key``: the player, else the normalised name, else the seat),
    # stored when the row is written, so that a player's cash of the day is an indexed sum
    # (issue 43). Derived from sealed fields (player, name, session, seat), so not sealed.
    cash_key = models.CharField(
        max_length=400, blank=True, editable=False, default="", db_default=""
    )

    class Meta:
        verbose_name = _("table transaction")
        verbose_name_plural = _("table transactions")
        ordering = ["recorded_at", "id"]
        indexes = [
            models.Index(fields=["session", "kind"]),
            models.Index(fields=["gaming_day", "kind"]),
            models.Index(
                fields=["gaming_day", "cash_key"],
                condition=Q(kind="buyin", source="cash"),
                name="cage_tx_day_cash_key",
            ),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(sign__in=[1, -1]), name="cage_tx_sign"),
            models.CheckConstraint(
                condition=(Q(sign=1) & Q(reverses__isnull=True))
                | (Q(sign=-1) & Q(reverses__isnull=False)),
                name="cage_tx_reversal_links_original",
            ),
            models.CheckConstraint(condition=Q(amount__gte=0), name="cage_tx_amount"),
        ]

    def __str__(self) -> str:
        label = self.get_kind_display()
        if self.sign < 0:
            label = f"{label} (reversal)"
        return f"{label} #{self.pk} {money_str(self.amount)}"

    @property
    def moves_float(self) -> bool:
        # In-hand changes are made from the pot, never the float (CHIP-14).
        return self.kind != TransactionKind.IN_HAND_CHANGE

    def seal_payload(
        self, chip_lines: list[ChipLine], cash_lines: list[CashLine]
    ) -> dict[str, Any]:
        """The content the seal vouches for: every stored fact of the row and its lines."""
        return {
            "ref": str(self.ref),
            "casino": self.casino_id,
            "gaming_day": self.gaming_day_id,
            "table": self.table_id,
            "session": self.session_id,
            "kind": self.kind,
            "sign": self.sign,
            "reverses": self.reverses_id,
            "reason": self.reason,
            "recorded_at": self.recorded_at.isoformat(),
            "croupier": self.croupier_id,
            "approved_by": self.approved_by_id,
            "approved_role": self.approved_role,
            "seat": self.seat,
            "player": self.player_id,
            "player_name": self.player_name,
            "amount": money_str(self.amount),
            "source": self.source,
            "is_rebuy": self.is_rebuy,
            "stack_before": money_str(self.stack_before),
            "limit_min": money_str(self.limit_min),
            "limit_max": money_str(self.limit_max),
            "exemption_applied": self.exemption_applied,
            "override_by": self.override_by_id,
            "override_reason": self.override_reason,
            "pit_boss": self.pit_boss_id,
            "large_cash_handling": self.large_cash_handling,
            "hand_number": self.hand_number,
            "hand_ref": self.hand_ref,
            "chips": sorted((c.denomination_id, c.direction, c.count) for c in chip_lines),
            "cash": sorted((c.kind, money_str(c.value), c.count, c.returned) for c in cash_lines),
        }

    def compute_seal(self, chip_lines: list[ChipLine], cash_lines: list[CashLine]) -> str:
        """The keyed seal under the current key (issue 12 §5)."""
        return sealing.seal(self.seal_payload(chip_lines, cash_lines))

    def seal_verdict(self) -> str:
        """``sealing.OK``/``ALTERED``/``KEY_UNKNOWN``/``LEGACY`` of the stored row and lines."""
        payload = self.seal_payload(list(self.chip_lines.all()), list(self.cash_lines.all()))
        return sealing.verify(payload, self.seal)


class Direction(models.TextChoices):
    IN = "in", _("In (from the player)")
    OUT = "out", _("Out (to the player)")


@immutability.append_only
class ChipLine(models.Model):
    transaction = models.ForeignKey(
        TableTransaction, on_delete=models.PROTECT, related_name="chip_lines"
    )
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, related_name="+")
    direction = models.CharField(max_length=3, choices=Direction.choices)
    count = models.PositiveIntegerField()

    class Meta:
        ordering = ["direction", "-denomination__value"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gt=0), name="cage_chipline_count"),
            models.UniqueConstraint(
                fields=["transaction", "denomination", "direction"], name="cage_chipline_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.direction} {self.count} x {self.denomination_id}"


class TenderKind(models.TextChoices):
    # GEN-06: bank notes and casino plaques only; coins are refused.
    NOTE = "note", _("Bank note")
    PLAQUE = "plaque", _("Casino plaque")


@immutability.append_only
class CashLine(models.Model):
    """Cash put on the table for a buy-in, by note value (CASH-07, CASH-12).

    ``returned`` notes could not be changed and went back to the player (CASH-08):
    they are recorded, but they are not part of the amount nor of the drop.
    """

    transaction = models.ForeignKey(
        TableTransaction, on_delete=models.PROTECT, related_name="cash_lines"
    )
    kind = models.CharField(max_length=8, choices=TenderKind.choices, default=TenderKind.NOTE)
    value = models.DecimalField(**MONEY)
    count = models.PositiveIntegerField()
    returned = models.BooleanField(default=False)

    class Meta:
        ordering = ["returned", "-value"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gt=0), name="cage_cashline_count"),
            models.CheckConstraint(condition=Q(value__gt=0), name="cage_cashline_value"),
        ]

    def __str__(self) -> str:
        return f"{self.count} x {self.value} ({self.kind}{', returned' if self.returned else ''})"

    @property
    def total(self) -> Decimal:
        return self.value * self.count

    @property
    def bundles(self) -> tuple[int, int, int]:
        """Groups of five bundles, closed bundles of 20, loose notes (CASH-07)."""
        groups, rest = divmod(self.count, 100)
        return (groups, *divmod(rest, 20))


@immutability.append_only
class SeatDeparture(models.Model):
    """A player leaving a seat, with the stack they took (BUYIN-03, HREC-08)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey("tables.TableSession", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player_name = models.CharField(max_length=120, blank=True)
    stack = models.DecimalField(**MONEY)
    left_at = models.DateTimeField(default=timezone.now, db_index=True)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("seat departure")
        verbose_name_plural = _("seat departures")
        ordering = ["left_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(stack__gte=0), name="cage_departure_stack")
        ]

    def __str__(self) -> str:
        return f"seat {self.seat} left with {self.stack}"


class SlipKind(models.TextChoices):
    FILL = "fill", _("Fill (cage to table)")
    CREDIT = "credit", _("Credit (table to cage)")


class SlipPurpose(models.TextChoices):
    PLAY = "play", _("During play")
    CLOSING = "closing", _("At closing, to restore the par (CLOSE-07)")


@immutability.locked_when_signed
class Slip(SignableDocument):
    """A fill or credit slip: numbered, signed by five different people, then locked.

    Requested (and signed) by the pit boss; a fill is issued by the cage cashier,
    carried by a security officer, received by the croupier and the supervisor; a
    credit is handed over by the croupier and the supervisor, carried by security
    and received by the cage, last (CLOSE-07, ``cage.slip_order``).
    """

    REQUIRED_SIGNATURE_ROLES = (
        Role.PIT_BOSS,
        Role.CAGE_CASHIER,
        Role.SECURITY,
        Role.CROUPIER,
        Role.SUPERVISOR,
    )
    DOCUMENT_KIND = "cage.slip"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="cage_slips"
    )
    kind = models.CharField(max_length=8, choices=SlipKind.choices)
    purpose = models.CharField(max_length=8, choices=SlipPurpose.choices, default=SlipPurpose.PLAY)
    series = models.CharField(max_length=16)
    year = models.PositiveIntegerField()
    number = models.PositiveIntegerField()
    requested_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("fill or credit slip")
        verbose_name_plural = _("fill and credit slips")
        ordering = ["series", "year", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "series", "year", "number"], name="cage_slip_serial_unique"
            )
        ]

    def __str__(self) -> str:
        return self.serial

    @property
    def serial(self) -> str:
        return f"{self.series}-{self.year}-{self.number:06d}"

    @property
    def float_sign(self) -> int:
        return 1 if self.kind == SlipKind.FILL else -1

    def signing_payload(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "casino": self.casino_id,
            "gaming_day": self.gaming_day_id,
            "table": self.table_id,
            "session": self.session_id,
            "kind": self.kind,
            "purpose": self.purpose,
            "requested_by": self.requested_by_id,
            "requested_at": self.requested_at.isoformat(),
            "note": self.note,
            "lines": sorted(
                (line.denomination_id, money_str(line.denomination.value), line.count)
                for line in self.lines.select_related("denomination")
            ),
        }

    def required_signature_roles(self) -> tuple[Role, ...]:
        """The five roles in the order this kind is signed (``cage.slip_order``, CLOSE-07)."""
        from .slip_order import signing_order

        return signing_order(self.kind)

    def signing_blockers(self, role: Role) -> list[Any]:
        from . import services  # the order of the signatures is a rule (CLOSE-07)

        return services.slip_signing_blockers(self, role)

    def signing_assignment(self) -> Any:
        """Issue 12 §1: the session's supervisor, croupier on duty and sector pit bosses.

        A slip without a session (none today: the field is required) would be
        scoped to its table's sector pit bosses.
        """
        from tables.selectors import session_assignment, table_assignment

        if self.session_id is None:
            return table_assignment(self.table)
        return session_assignment(self.session)


@immutability.frozen_with_parent("slip")
class SlipLine(models.Model):
    slip = models.ForeignKey(Slip, on_delete=models.PROTECT, related_name="lines")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveIntegerField()

    class Meta:
        ordering = ["-denomination__value"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gt=0), name="cage_slipline_count"),
            models.UniqueConstraint(fields=["slip", "denomination"], name="cage_slipline_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.count} x {self.denomination_id}"


@immutability.append_only
class SlipVoid(models.Model):
    """A request to void a slip, with its reason; the slip keeps its number."""

    slip = models.OneToOneField(Slip, on_delete=models.PROTECT, related_name="void")
    requested_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    requested_role = models.CharField(max_length=16, choices=Role.choices)
    reason = models.TextField()
    requested_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("slip void")
        verbose_name_plural = _("slip voids")

    def __str__(self) -> str:
        return f"void of slip {self.slip_id}"


@immutability.append_only
class SlipVoidConfirmation(models.Model):
    """The second, independent signer of a void: only then is the slip void."""

    void = models.OneToOneField(SlipVoid, on_delete=models.PROTECT, related_name="confirmation")
    confirmed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    confirmed_role = models.CharField(max_length=16, choices=Role.choices)
    confirmed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"void {self.void_id} confirmed by {self.confirmed_by_id}"


@immutability.append_only
class RakeEntry(models.Model):
    """One hand's rake into the table's rake box (RAKE-05..08), or its reversal.

    ``settings`` is the table settings version in force when the hand started: a
    rate change applies only to hands that start after it (RAKE-01, GEN-04).
    ``pots`` (the contested amount of each pot, when the hand recorder gives them)
    let the reconciliation recompute the expected rake from what is stored.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="rake_entries"
    )
    settings = models.ForeignKey("tables.TableSettings", on_delete=models.PROTECT, related_name="+")
    hand_number = models.PositiveIntegerField()
    hand_ref = models.CharField(max_length=64, blank=True)
    hand_started_at = models.DateTimeField()
    posting = models.PositiveSmallIntegerField(default=1)
    sign = models.SmallIntegerField(default=1)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversal"
    )
    reason = models.TextField(blank=True)
    amount = models.DecimalField(**MONEY)
    pots = models.JSONField(null=True, blank=True)
    expected_amount = models.DecimalField(null=True, blank=True, **MONEY)
    posted_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    posted_at = models.DateTimeField(default=timezone.now)
    seal = models.CharField(max_length=100)  # "<key_id>:<hmac hex>" (issue 12 §5)

    class Meta:
        verbose_name = _("rake entry")
        verbose_name_plural = _("rake entries")
        ordering = ["session", "hand_number", "posting", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="cage_rake_amount"),
            models.CheckConstraint(condition=Q(sign__in=[1, -1]), name="cage_rake_sign"),
            # Idempotent per hand: one live posting per hand number and posting round.
            models.UniqueConstraint(
                fields=["session", "hand_number", "posting"],
                condition=Q(sign=1),
                name="cage_rake_one_posting_per_hand",
            ),
        ]

    def __str__(self) -> str:
        return f"rake hand {self.hand_number}: {money_str(self.sign * self.amount)}"

    def seal_payload(self) -> dict[str, Any]:
        return {
            "casino": self.casino_id,
            "gaming_day": self.gaming_day_id,
            "table": self.table_id,
            "session": self.session_id,
            "settings": self.settings_id,
            "hand_number": self.hand_number,
            "hand_ref": self.hand_ref,
            "hand_started_at": self.hand_started_at.isoformat(),
            "posting": self.posting,
            "sign": self.sign,
            "reverses": self.reverses_id,
            "reason": self.reason,
            "amount": money_str(self.amount),
            "pots": self.pots,
            "expected_amount": money_str(self.expected_amount),
            "posted_by": self.posted_by_id,
            "posted_at": self.posted_at.isoformat(),
        }

    def compute_seal(self) -> str:
        """The keyed seal under the current key (issue 12 §5)."""
        return sealing.seal(self.seal_payload())

    def seal_verdict(self) -> str:
        return sealing.verify(self.seal_payload(), self.seal)


class DropBox(models.TextChoices):
    DROP = "drop", _("Drop box (cash)")
    RAKE = "rake", _("Rake box (chips)")


@immutability.locked_when_signed
class DropCount(SignableDocument):
    """One counter's blind count of a session's drop box and rake box, signed.

    Two counts by two different people who did not work the session must agree
    before the reconciliation uses them (issue 6 item 8).
    """

    REQUIRED_SIGNATURE_ROLES = (Role.CAGE_CASHIER,)
    DOCUMENT_KIND = "cage.drop_count"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="drop_counts"
    )
    counter = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    counted_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("drop count")
        verbose_name_plural = _("drop counts")
        ordering = ["counted_at", "id"]

    def signing_assignment(self) -> Any:
        """``None``: drop counting is cage-wide work (issue 12 §1).

        The counters are cage cashiers, whose role is casino-wide; independence from
        the session (a counter did not work it) is a blocker of its own, not an
        assignment to the table.
        """
        return None

    def signing_payload(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "counter": self.counter_id,
            "counted_at": self.counted_at.isoformat(),
            "lines": self.line_key(),
        }

    def line_key(self) -> list[tuple[str, str, str, int]]:
        """The count itself, comparable between two counters."""
        return sorted(
            (line.box, line.kind, money_str(line.value) or "", line.count)
            for line in self.lines.all()
        )


@immutability.frozen_with_parent("drop_count")
class DropCountLine(models.Model):
    class Kind(models.TextChoices):
        NOTE = "note", _("Bank note")
        PLAQUE = "plaque", _("Casino plaque")
        CHIP = "chip", _("Chip")

    drop_count = models.ForeignKey(DropCount, on_delete=models.PROTECT, related_name="lines")
    box = models.CharField(max_length=4, choices=DropBox.choices)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    value = models.DecimalField(**MONEY)
    count = models.PositiveIntegerField()

    class Meta:
        ordering = ["box", "-value"]
        constraints = [
            models.CheckConstraint(condition=Q(value__gt=0), name="cage_dropline_value"),
            models.UniqueConstraint(
                fields=["drop_count", "box", "kind", "value"], name="cage_dropline_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.box} {self.count} x {self.value}"

    @property
    def total(self) -> Decimal:
        return self.value * self.count


class AlertLevel(models.TextChoices):
    IDENTIFY = "identify", _("Identification required")
    REPORT = "report", _("Report required")


@immutability.append_only
class CashAlert(models.Model):
    """A player's cash buy-ins in a gaming day reached a threshold (issue 6 item 10)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(
        "players.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player_key = models.CharField(max_length=160)
    player_label = models.CharField(max_length=160)
    level = models.CharField(max_length=8, choices=AlertLevel.choices)
    threshold = models.DecimalField(**MONEY)
    total = models.DecimalField(**MONEY)
    transaction = models.ForeignKey(TableTransaction, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("cash alert")
        verbose_name_plural = _("cash alerts")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["gaming_day", "player_key", "level"], name="cage_cash_alert_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_label}: {self.level} ({self.total})"


@immutability.append_only
class VarianceExplanation(models.Model):
    """The pit boss's explanation of one reconciliation finding of a session."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="variance_explanations"
    )
    finding_key = models.CharField(max_length=80)
    explanation = models.TextField()
    explained_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    explained_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("variance explanation")
        verbose_name_plural = _("variance explanations")
        ordering = ["explained_at", "id"]

    def __str__(self) -> str:
        return f"{self.finding_key}: {self.explanation[:40]}"


# A slip is chained with the content its signatures vouch for (issue 12 §5).
sealing.register_payload(Slip, Slip.signing_payload)
