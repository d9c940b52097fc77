"""The table's opening-and-closing sheet: counts, discrepancies, signatures, copies.

One serially numbered sheet per session (GEN-10, OQ-25) in two signed parts:
the opening part (:class:`OpeningSheet`) and the closing part
(:class:`ClosingSheet`, same serial number). Each part holds one line per
denomination — value, full 20-chip stacks, loose chips, chips, total
(OPEN-07..09, CLOSE-05) — and is signed by croupier, supervisor and pit boss,
three different people (OPEN-12, CLOSE-08, ROLE-14), then locked in the
database (``casino.immutability``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.errors import DomainError
from casino.models import MONEY, Casino, GamingDay, SignableDocument, User
from casino.roles import Role
from casino.serials import format_serial

from ..codes import TablesCode
from .core import Table, TableSession

SHEET_SERIES = "HAC"  # hoja de apertura y cierre
STACK_SIZE = 20  # chips in a stack, checked by cutting it into 4 groups of 5 (OPEN-08, A-03)


class CountSheet(SignableDocument):
    """What the opening and the closing parts share."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (
        Role.CROUPIER,
        Role.SUPERVISOR,
        Role.PIT_BOSS,
    )

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    serial_year = models.PositiveIntegerField()
    serial_number = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    # Each recount (before any signature) bumps the version; discrepancies belong to one.
    count_version = models.PositiveIntegerField(default=0)
    counted_at = models.DateTimeField(null=True, blank=True)
    counted_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    count_note = models.TextField(blank=True)

    class Meta:
        abstract = True

    @property
    def serial(self) -> str:
        return format_serial(SHEET_SERIES, self.serial_year, self.serial_number)

    @property
    def is_counted(self) -> bool:
        return self.count_version > 0

    def ordered_lines(self) -> list[Any]:
        return list(self.lines.select_related("denomination").order_by("-value", "id"))  # type: ignore[attr-defined]

    def grand_total(self) -> Decimal:
        return sum((line.total or Decimal("0") for line in self.ordered_lines()), Decimal("0"))

    def expected_total(self) -> Decimal:
        return sum((line.expected_total for line in self.ordered_lines()), Decimal("0"))

    def _lines_payload(self) -> list[list[Any]]:
        return [
            [
                str(line.value),
                line.stacks,
                line.loose,
                line.count,
                str(line.total) if line.total is not None else None,
                line.expected_count,
            ]
            for line in self.ordered_lines()
        ]

    def signing_assignment(self) -> Any:
        """The session's supervisor, croupier on duty and sector pit bosses (issue 12 §1)."""
        from ..selectors.assignment import session_assignment

        return session_assignment(self.session)  # type: ignore[attr-defined]

    def signing_blockers(self, role: Role) -> list[Any]:
        if not self.is_counted:
            return [DomainError.of(TablesCode.COUNT_NOT_RECORDED)]
        return []


class CountLine(models.Model):
    """One denomination of a count, in the order it is announced (OPEN-09)."""

    denomination = models.ForeignKey(
        "casino.Denomination", on_delete=models.PROTECT, related_name="+"
    )
    value = models.DecimalField(**MONEY)  # the denomination's value when counted
    expected_count = models.PositiveIntegerField(default=0)
    par_count = models.PositiveIntegerField(null=True, blank=True)
    stacks = models.PositiveIntegerField(null=True, blank=True)
    loose = models.PositiveIntegerField(null=True, blank=True)
    count = models.PositiveIntegerField(null=True, blank=True)
    total = models.DecimalField(null=True, blank=True, **MONEY)

    class Meta:
        abstract = True
        ordering = ["-value"]

    def __str__(self) -> str:
        return f"{self.value:,} × {self.count}"

    @property
    def expected_total(self) -> Decimal:
        return self.value * self.expected_count

    @property
    def variance_chips(self) -> int | None:
        return None if self.count is None else self.count - self.expected_count

    @property
    def variance_value(self) -> Decimal | None:
        chips = self.variance_chips
        return None if chips is None else self.value * chips


@immutability.locked_when_signed
class OpeningSheet(CountSheet):
    """The opening part (§6.4): compared with the table's last signed closing (OPEN-06)."""

    DOCUMENT_KIND = "opening_sheet"

    class ExpectedSource(models.TextChoices):
        CLOSING = "closing", _("Last signed closing (after fills and credits)")
        PAR = "par", _("Standard float (no previous closing)")
        NONE = "none", _("Nothing to compare with")

    session = models.OneToOneField(
        TableSession, on_delete=models.PROTECT, related_name="opening_sheet"
    )
    previous_closing = models.ForeignKey(
        "tables.ClosingSheet", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    expected_source = models.CharField(max_length=8, choices=ExpectedSource.choices)

    class Meta:
        verbose_name = _("opening sheet")
        verbose_name_plural = _("opening sheets")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "serial_year", "serial_number"], name="opening_sheet_serial"
            )
        ]

    def __str__(self) -> str:
        return f"{self.serial} · {self.table}"

    def signing_payload(self) -> dict[str, Any]:
        return {
            "part": "opening",
            "serial": self.serial,
            "table": self.table_id,
            "session": self.session_id,
            "gaming_day": self.gaming_day_id,
            "previous_closing": self.previous_closing_id,
            "count_version": self.count_version,
            "lines": self._lines_payload(),
        }

    def open_discrepancies(self) -> models.QuerySet[Discrepancy]:
        return self.discrepancies.filter(
            count_version=self.count_version, acknowledgement__isnull=True
        )

    def signing_blockers(self, role: Role) -> list[Any]:
        blockers = super().signing_blockers(role)
        pending = list(self.open_discrepancies().select_related("denomination"))
        if pending:
            values = ", ".join(f"{d.denomination.value:,}" for d in pending)
            # OPEN-10: nobody signs until the pit boss has acknowledged every difference.
            blockers.append(
                DomainError.of(
                    TablesCode.DISCREPANCY_UNACKNOWLEDGED,
                    values=values,
                    details={"discrepancies": [d.pk for d in pending]},
                )
            )
        return blockers


@immutability.frozen_with_parent("sheet")
class OpeningLine(CountLine):  # noqa: DJ008 - __str__ inherited from CountLine
    sheet = models.ForeignKey(OpeningSheet, on_delete=models.PROTECT, related_name="lines")

    class Meta(CountLine.Meta):
        constraints = [
            models.UniqueConstraint(fields=["sheet", "denomination"], name="opening_line_unique")
        ]


@immutability.append_only
class Discrepancy(models.Model):
    """A denomination whose opening count differs from the expected float (OPEN-10).

    ``variance_chips`` = counted − expected: negative is short, positive is over.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    sheet = models.ForeignKey(OpeningSheet, on_delete=models.PROTECT, related_name="discrepancies")
    count_version = models.PositiveIntegerField()
    denomination = models.ForeignKey(
        "casino.Denomination", on_delete=models.PROTECT, related_name="+"
    )
    value = models.DecimalField(**MONEY)
    expected_count = models.PositiveIntegerField()
    counted_count = models.PositiveIntegerField()
    variance_chips = models.IntegerField()
    variance_value = models.DecimalField(**MONEY)
    needs_written_report = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("count discrepancy")
        verbose_name_plural = _("count discrepancies")
        ordering = ["-created_at", "-value"]
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "count_version", "denomination"], name="discrepancy_unique"
            ),
            models.CheckConstraint(condition=~Q(variance_chips=0), name="discrepancy_nonzero"),
        ]

    def __str__(self) -> str:
        return f"{self.sheet_id} {self.value}: {self.variance_chips:+d}"

    @property
    def is_short(self) -> bool:
        return self.variance_chips < 0


@immutability.append_only
class DiscrepancyAcknowledgement(models.Model):
    """The pit boss (or shift manager) has seen a discrepancy, with a note (OPEN-10)."""

    discrepancy = models.OneToOneField(
        Discrepancy, on_delete=models.PROTECT, related_name="acknowledgement"
    )
    by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)
    note = models.TextField()
    written_report = models.TextField(blank=True)

    class Meta:
        verbose_name = _("discrepancy acknowledgement")
        verbose_name_plural = _("discrepancy acknowledgements")

    def __str__(self) -> str:
        return f"{self.discrepancy_id} ✓ {self.by}"


@immutability.locked_when_signed
class ClosingSheet(CountSheet):
    """The closing part (§9.1): the float counted after the last hand and the cash-outs."""

    DOCUMENT_KIND = "closing_sheet"

    session = models.OneToOneField(
        TableSession, on_delete=models.PROTECT, related_name="closing_sheet"
    )
    opening = models.ForeignKey(
        OpeningSheet, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("closing sheet")
        verbose_name_plural = _("closing sheets")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "serial_year", "serial_number"], name="closing_sheet_serial"
            )
        ]

    def __str__(self) -> str:
        return f"{self.serial} · {self.table} ({_('closing')})"

    def signing_payload(self) -> dict[str, Any]:
        return {
            "part": "closing",
            "serial": self.serial,
            "table": self.table_id,
            "session": self.session_id,
            "gaming_day": self.gaming_day_id,
            "count_version": self.count_version,
            "lines": self._lines_payload(),
        }

    def signing_blockers(self, role: Role) -> list[Any]:
        from .core import SessionEvent

        blockers = super().signing_blockers(role)
        emptied = SessionEvent.objects.filter(
            session_id=self.session_id,
            kind=SessionEvent.Kind.BANK_EMPTIED,
            data__count_version=self.count_version,
        ).exists()
        if not emptied:
            # CLOSE-06, OQ-26: supervisor and croupier confirm every chip was taken out.
            blockers.append(DomainError.of(TablesCode.BANK_NOT_CONFIRMED_EMPTY))
        return blockers


@immutability.frozen_with_parent("sheet")
class ClosingLine(CountLine):  # noqa: DJ008 - __str__ inherited from CountLine
    sheet = models.ForeignKey(ClosingSheet, on_delete=models.PROTECT, related_name="lines")

    class Meta(CountLine.Meta):
        constraints = [
            models.UniqueConstraint(fields=["sheet", "denomination"], name="closing_line_unique")
        ]


@immutability.append_only
class SheetCopyDeposit(models.Model):
    """Where a printed copy of a signed sheet went (OPEN-13, CLOSE-10, OQ-25)."""

    class Copy(models.TextChoices):
        ORIGINAL_CAGE = "original_cage", _("Original: main cage")
        DROP_BOX = "drop_box", _("Copy 1: drop box")
        CHIP_RACK = "chip_rack", _("Copy 2: locked in the chip rack")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    opening = models.ForeignKey(
        OpeningSheet, on_delete=models.PROTECT, null=True, blank=True, related_name="copies"
    )
    closing = models.ForeignKey(
        ClosingSheet, on_delete=models.PROTECT, null=True, blank=True, related_name="copies"
    )
    copy = models.CharField(max_length=16, choices=Copy.choices)
    deposited_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("sheet copy deposit")
        verbose_name_plural = _("sheet copy deposits")
        ordering = ["at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(opening__isnull=False) & Q(closing__isnull=True))
                | (Q(opening__isnull=True) & Q(closing__isnull=False)),
                name="copy_one_sheet",
            ),
            models.UniqueConstraint(fields=["opening", "copy"], name="opening_copy_once"),
            models.UniqueConstraint(fields=["closing", "copy"], name="closing_copy_once"),
        ]

    def __str__(self) -> str:
        return f"{self.copy} {self.at:%Y-%m-%d %H:%M}"
