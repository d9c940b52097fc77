"""A shift change at an open table: the float counted and handed over (issue 14 §3).

Table-games controls count the table inventory at the end of each shift (for example
25 CFR 543.10(e)). At an open table the float is counted denomination by denomination
(the count lines of the opening and closing sheets), compared with the float expected
now, and the handover is signed by the outgoing supervisor and the sector's pit boss
(:class:`ShiftChange`) and by the incoming supervisor (:class:`ShiftChangeAcceptance`,
a second document because a document takes one signature per role). Both lock when
signed. The shift itself is never stored: ``casino.selectors.shift_at`` derives it
from ``gaming_day`` and ``at``.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, GamingDay, SignableDocument, User
from casino.roles import Role

from .core import Table, TableSession
from .sheets import CountLine


@immutability.locked_when_signed
class ShiftChange(SignableDocument):
    """The float counted at a shift change, signed by the outgoing supervisor and the pit boss."""

    DOCUMENT_KIND = "shift_change"
    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SUPERVISOR, Role.PIT_BOSS)

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, related_name="shift_changes"
    )
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(default=timezone.now, db_index=True)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    outgoing_supervisor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    incoming_supervisor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("shift change")
        verbose_name_plural = _("shift changes")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.table} {self.at:%Y-%m-%d %H:%M}"

    def ordered_lines(self) -> list[ShiftChangeLine]:
        return list(self.lines.select_related("denomination").order_by("-value", "id"))

    def grand_total(self) -> Decimal:
        return sum((line.total or Decimal("0") for line in self.ordered_lines()), Decimal("0"))

    def expected_total(self) -> Decimal:
        return sum((line.expected_total for line in self.ordered_lines()), Decimal("0"))

    def signing_payload(self) -> dict[str, Any]:
        return {
            "part": "shift_change",
            "session": self.session_id,
            "gaming_day": self.gaming_day_id,
            "at": self.at,
            "outgoing": self.outgoing_supervisor_id,
            "incoming": self.incoming_supervisor_id,
            "lines": [
                [str(x.value), x.stacks, x.loose, x.count, str(x.total), x.expected_count]
                for x in self.ordered_lines()
            ],
        }

    def signing_assignment(self) -> Any:
        """The outgoing supervisor signs as supervisor; the table's sector pit bosses as
        pit boss (the shift manager only as an override, ``casino.signatures``)."""
        from ..selectors.assignment import table_assignment

        return replace(
            table_assignment(self.table),
            supervisor_ids=frozenset({self.outgoing_supervisor_id}),
        )


@immutability.frozen_with_parent("shift_change")
class ShiftChangeLine(CountLine):  # noqa: DJ008 - __str__ inherited from CountLine
    shift_change = models.ForeignKey(ShiftChange, on_delete=models.PROTECT, related_name="lines")

    class Meta(CountLine.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["shift_change", "denomination"], name="shift_change_line_unique"
            )
        ]


@immutability.locked_when_signed
class ShiftChangeAcceptance(SignableDocument):
    """The incoming supervisor takes the table over on the count of :class:`ShiftChange`."""

    DOCUMENT_KIND = "shift_change_acceptance"
    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SUPERVISOR,)

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    shift_change = models.OneToOneField(
        ShiftChange, on_delete=models.PROTECT, related_name="acceptance"
    )

    class Meta:
        verbose_name = _("shift change acceptance")
        verbose_name_plural = _("shift change acceptances")

    def __str__(self) -> str:
        return f"{self.shift_change} ✓"

    def signing_payload(self) -> dict[str, Any]:
        # The incoming supervisor vouches for the same count the outgoing one signed.
        return {"part": "acceptance", "shift_change": self.shift_change.signing_payload()}

    def signing_assignment(self) -> Any:
        from ..selectors.assignment import table_assignment

        change = self.shift_change
        return replace(
            table_assignment(change.table),
            supervisor_ids=frozenset({change.incoming_supervisor_id}),
        )
