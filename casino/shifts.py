"""The casino's shift pattern: named shifts with their start times within the gaming day.

GEN-02 says every record belongs to one shift. Mesa never stores the shift on a
record: it is derived from the record's gaming day and server timestamp by the one
selector, :func:`casino.selectors.shift_at` (see ``shifts_of_day`` there).

A pattern is append-only (``casino.immutability``): the manager changes it by adding
a new pattern in the admin, effective from a business date. A gaming day uses the
newest pattern that existed when the day was opened and is effective on its date,
so a new pattern never re-labels a day already opened. With no pattern the whole
gaming day is one shift (``DEFAULT_SHIFT``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import immutability
from .models import Casino, User

if TYPE_CHECKING:
    from .selectors import ShiftSpan

# The shift of a casino that configured none: the whole gaming day, in both languages.
DEFAULT_SHIFT = ("Jornada completa", "Whole gaming day")


@immutability.append_only
class ShiftPattern(models.Model):
    """One version of the casino's shifts, effective from a business date (GEN-02)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="shift_patterns")
    effective_from = models.DateField(
        _("effective from"), help_text=_("First gaming day (business date) it applies to.")
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    created_by = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+", editable=False
    )
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("shift pattern")
        verbose_name_plural = _("shift patterns")
        ordering = ["-effective_from", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.casino} {self.effective_from.isoformat()}"


@immutability.append_only
class ShiftDefinition(models.Model):
    """A named shift of a pattern: it starts at ``starts_at`` (casino time) and ends where
    the next one starts; the last ends where the next gaming day's first shift starts."""

    pattern = models.ForeignKey(ShiftPattern, on_delete=models.PROTECT, related_name="shifts")
    position = models.PositiveSmallIntegerField(
        _("order in the day"), help_text=_("1 for the gaming day's first shift.")
    )
    name = models.CharField(_("name"), max_length=60)
    starts_at = models.TimeField(_("starts at"))

    class Meta:
        verbose_name = _("shift")
        verbose_name_plural = _("shifts")
        ordering = ["pattern", "position"]
        constraints = [
            models.UniqueConstraint(fields=["pattern", "position"], name="shift_position_unique"),
            models.UniqueConstraint(fields=["pattern", "name"], name="shift_name_unique"),
            models.UniqueConstraint(fields=["pattern", "starts_at"], name="shift_start_unique"),
            models.CheckConstraint(condition=~Q(name=""), name="shift_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.starts_at:%H:%M}"


def pattern_problems(starts: list[tuple[str, object]]) -> list[str]:
    """What is wrong with shifts given in day order as ``(name, time)``, in English msgids.

    The start times must follow each other round the clock at most once: the shifts fill
    one gaming day of 24 hours without overlapping.
    """
    if not starts:
        return [str(_("Give at least one shift."))]
    names = [name.strip() for name, _time in starts]
    if any(not n for n in names):
        return [str(_("Every shift needs a name."))]
    if len(set(names)) != len(names):
        return [str(_("Two shifts have the same name."))]
    minutes = [t.hour * 60 + t.minute for _name, t in starts]  # type: ignore[attr-defined]
    offsets = [(m - minutes[0]) % (24 * 60) for m in minutes]
    if any(b <= a for a, b in zip(offsets, offsets[1:], strict=False)):
        return [
            str(
                _(
                    "The start times must follow each other in the day's order and fit "
                    "within 24 hours."
                )
            )
        ]
    return []


def shift_title(spans: Sequence[ShiftSpan], lang: str) -> str:
    """The one way a shift is named on paper (RPT-01, OPEN-18): ``Turno Mañana 06:00–14:00``;
    several in a row, ``Turnos Mañana 06:00–14:00 → Tarde 14:00–22:00``; empty for none."""
    if not spans:
        return ""
    word = ("Shift", "Shifts") if lang == "en" else ("Turno", "Turnos")
    names = " → ".join(f"{s.label(lang)} {s.hours()}" for s in spans)
    return f"{word[len(spans) > 1]} {names}"
