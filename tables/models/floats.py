"""A table's standard float: the chips of each denomination its float should hold
(CLOSE-07, OQ-26). The tables app owns it (issue 13 §1); the database table keeps the
name it had when the cage did (``cage_floatpar``)."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from casino.models import Denomination

from .core import Table


class FloatPar(models.Model):
    """A table float's standard inventory per denomination (CLOSE-07, OQ-26)."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="float_par")
    denomination = models.ForeignKey(Denomination, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveIntegerField(_("chips"))

    class Meta:
        db_table = "cage_floatpar"  # named when the cage owned it (issue 13 §1)
        verbose_name = _("float par")
        verbose_name_plural = _("float par")
        constraints = [
            models.UniqueConstraint(fields=["table", "denomination"], name="float_par_unique")
        ]

    def __str__(self) -> str:
        return f"par {self.count} x {self.denomination_id} @ table {self.table_id}"

    @property
    def total(self) -> Decimal:
        return self.denomination.value * self.count
