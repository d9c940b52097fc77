"""The chips of a table: its denominations, the smallest, the one a blind is paid in, the
float's par."""

from __future__ import annotations

from decimal import Decimal

from casino.hotqueries import HotQuery
from casino.models import Denomination
from tables.models import FloatPar, Table

_ACTIVE_DENOMINATIONS = HotQuery(
    lambda chip_set: Denomination.objects.filter(chip_set_id=chip_set, is_active=True),
    chip_set=int,
)


def table_denominations(table: Table) -> dict[Decimal, Denomination]:
    """The active denominations of a table's chip set, by value (GEN-05)."""
    return {d.value: d for d in _ACTIVE_DENOMINATIONS.all(chip_set=table.chip_set_id)}


def smallest_denomination(
    table: Table, denominations: dict[Decimal, Denomination] | None = None
) -> Decimal | None:
    values = list(table_denominations(table) if denominations is None else denominations)
    return min(values) if values else None


def blind_denomination(
    table: Table,
    small_blind: Decimal,
    denominations: dict[Decimal, Denomination] | None = None,
) -> Decimal | None:
    """The chip the blinds are paid with: the largest chip that divides the small blind.

    A change must include some of it (CHIP-05, §7.2 d). ``denominations``: the table's, when
    the caller has just read them (``table_denominations``), so they are not read again.
    """
    if denominations is None:
        denominations = table_denominations(table)
    fitting = [v for v in denominations if v <= small_blind and small_blind % v == 0]
    return max(fitting) if fitting else smallest_denomination(table, denominations)


def float_par(table: Table) -> dict[int, int]:
    return dict(FloatPar.objects.filter(table=table).values_list("denomination_id", "count"))
