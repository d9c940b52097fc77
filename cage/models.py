"""The cage: chip sets and the table float's par (foundation; issue 6 builds on it)."""

from __future__ import annotations

from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from casino.models import MONEY, Casino


class ChipSet(models.Model):
    """The chips a casino uses (§3.3, GEN-05)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="chip_sets")
    name = models.CharField(_("name"), max_length=100)

    class Meta:
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


class FloatPar(models.Model):
    """A table float's standard inventory per denomination (CLOSE-07, OQ-26)."""

    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="float_par")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveIntegerField(_("chips"))

    class Meta:
        verbose_name = _("float par")
        verbose_name_plural = _("float par")
        constraints = [
            models.UniqueConstraint(fields=["table", "denomination"], name="float_par_unique")
        ]

    @property
    def total(self):  # type: ignore[no-untyped-def]
        return self.denomination.value * self.count
