"""A player's cash in the gaming day (issue 40, issue 43): the player's key, the day's
cash buy-ins and total, and the cash alerts with the day's cash now."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django.db.models import DecimalField, F, Sum

from casino.hotqueries import HotQuery
from casino.models import MONEY, GamingDay

from ..models import (
    CashAlert,
    TableTransaction,
    TransactionKind,
)


def player_key(tx: TableTransaction) -> tuple[str, str]:
    """Who a cash buy-in belongs to for the thresholds: the player, the name, or the seat."""
    if tx.player_id:
        label = tx.player.display_name if tx.player else tx.player_name
        return f"player:{tx.player_id}", label or f"#{tx.player_id}"
    name = normalise_name(tx.player_name)
    if name:
        return f"name:{name}", tx.player_name
    return f"seat:{tx.session_id}:{tx.seat}", f"{tx.table} · {tx.seat}"


def normalise_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def cash_buyins_for_key(gaming_day: GamingDay, key: str) -> list[TableTransaction]:
    """The cash buy-ins (and their reversals) of one player key in a gaming day."""
    return list(
        TableTransaction.objects.filter(
            gaming_day=gaming_day, kind=TransactionKind.BUYIN, source="cash", cash_key=key
        )
    )


# The day's cash of one player (issue 43): an indexed SUM over the stored key
# (``TableTransaction.cash_key``), where every anonymous cash buy-in of the day was read
# and its name normalised in Python.
_CASH_TOTAL = HotQuery(
    lambda day, key: (
        TableTransaction.objects.filter(
            gaming_day_id=day, kind=TransactionKind.BUYIN, source="cash", cash_key=key
        )
        .order_by()
        .values("gaming_day_id")
        .annotate(total=Sum(F("amount") * F("sign"), output_field=DecimalField(**MONEY)))
        .values_list("total", flat=True)
    ),
    day=int,
    key=str,
)


def cash_total(gaming_day: GamingDay, key: str) -> Decimal:
    """The player's cash buy-ins of the day, net of reversals (the thresholds' figure)."""
    total = _CASH_TOTAL.first(day=gaming_day.pk, key=key)
    return Decimal("0") if total is None else total


def alerts_with_day_cash(alerts: Iterable[CashAlert]) -> list[tuple[CashAlert, Decimal]]:
    """Each cash alert with its player's cash in the gaming day now (issue 40): the alert
    keeps the cash at the moment the threshold was crossed; the day's goes on growing."""
    totals: dict[tuple[int, str], Decimal] = {}
    out = []
    for alert in alerts:
        key = (alert.gaming_day_id, alert.player_key)
        if key not in totals:
            totals[key] = cash_total(alert.gaming_day, alert.player_key)
        out.append((alert, totals[key]))
    return out
