"""The float of a session: what moved it per denomination, and what it should hold."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Case, F, IntegerField, QuerySet, Sum, When

from casino.hotqueries import HotQuery
from tables.models import TableSession

from ..models import (
    ChipLine,
    Direction,
    SlipKind,
    SlipLine,
    SlipPurpose,
    TransactionKind,
)
from .counts import session_opening_count


def _float_movements_query(session: int) -> QuerySet[Any]:
    """Net chips into the float per denomination, in one statement: the session's chip
    lines (not in-hand changes) and its play slips that count (all five signatures, not
    void), each summed per denomination by the database (``UNION ALL``)."""
    signed_count = Case(
        When(direction=Direction.IN, then=F("count")),
        default=F("count") * -1,
        output_field=IntegerField(),
    )
    chips = (
        ChipLine.objects.filter(transaction__session_id=session)
        .exclude(transaction__kind=TransactionKind.IN_HAND_CHANGE)
        .order_by()
        .values("denomination_id")
        .annotate(net=Sum(signed_count * F("transaction__sign"), output_field=IntegerField()))
        .values_list("denomination_id", "net")
    )
    slip_count = Case(
        When(slip__kind=SlipKind.FILL, then=F("count")),
        default=F("count") * -1,
        output_field=IntegerField(),
    )
    slips = (
        SlipLine.objects.filter(
            slip__session_id=session,
            slip__purpose=SlipPurpose.PLAY,
            slip__locked_at__isnull=False,
            slip__void__confirmation__isnull=True,
        )
        .order_by()
        .values("denomination_id")
        .annotate(net=Sum(slip_count, output_field=IntegerField()))
        .values_list("denomination_id", "net")
    )
    return chips.union(slips, all=True)


# Issue 43: every buy-in and change pays from the float; its cost must not grow with the
# session (the lines were read one by one into Python, and each slip with its void).
_FLOAT_MOVEMENTS = HotQuery(_float_movements_query, session=int)


def float_movements(session: TableSession) -> dict[int, int]:
    """Net chips into the float per denomination from transactions and counted slips.

    Positive = into the float. In-hand changes come from the pot (CHIP-14) and
    closing slips come after the closing count, so neither is included. A slip counts
    once all five have signed and it is not void (``slip_counts``).
    """
    net: dict[int, int] = defaultdict(int)
    for denom_id, n in _FLOAT_MOVEMENTS.all(session=session.pk):
        net[denom_id] += n
    return dict(net)


def expected_float(session: TableSession) -> dict[int, int] | None:
    """Opening count plus every movement so far; ``None`` while there is no opening count."""
    opening = session_opening_count(session)
    if opening is None:
        return None
    result = dict(opening.lines)
    for denom_id, n in float_movements(session).items():
        result[denom_id] = result.get(denom_id, 0) + n
    return result
