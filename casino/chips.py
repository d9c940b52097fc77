"""The casino's chip catalogue: chip sets and their denominations (§3.3, GEN-05, CHIP-01).

Below the tables and the cage (issue 13 §1): a table plays a chip set, an opening count
and the cage's chip lines count its denominations. The database tables keep the names they
had when the cage owned the catalogue (``cage_chipset``, ``cage_denomination``).
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from .models import MONEY, Casino


class ChipSet(models.Model):
    """The chips a casino uses (§3.3, GEN-05)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="chip_sets")
    name = models.CharField(_("name"), max_length=100)

    class Meta:
        db_table = "cage_chipset"  # named when the cage owned the catalogue (issue 13 §1)
        verbose_name = _("chip set")
        verbose_name_plural = _("chip sets")
        constraints = [
            models.UniqueConstraint(fields=["casino", "name"], name="chip_set_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Denomination(models.Model):
    """A chip: value and colour; casino value chip or table colour chip (§3.3, CHIP-01)."""

    class Kind(models.TextChoices):
        VALUE = "value", _("Value chip (any table)")
        COLOUR = "colour", _("Table colour chip")

    chip_set = models.ForeignKey(ChipSet, on_delete=models.PROTECT, related_name="denominations")
    value = models.DecimalField(_("value"), validators=[MinValueValidator(0)], **MONEY)
    colour = models.CharField(_("colour"), max_length=40)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.VALUE)
    is_active = models.BooleanField(default=True)

    class Meta:
        db_table = "cage_denomination"
        verbose_name = _("denomination")
        verbose_name_plural = _("denominations")
        # Highest first: the order the croupier lays out and announces the float (OPEN-07).
        ordering = ["-value"]
        constraints = [
            models.UniqueConstraint(fields=["chip_set", "value"], name="denomination_unique"),
            models.CheckConstraint(condition=models.Q(value__gt=0), name="denomination_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.value:,} ({self.colour})"

    @property
    def cut_group_size(self) -> int:
        # Cash-out stacks of 20 are cut in fours for 0.25 and 25 chips, in fives otherwise
        # (CHIP-10, OQ-40). Procedural only: totals never depend on it.
        return 4 if self.value in (Decimal("0.25"), Decimal("25")) else 5
