"""The player's cash in the gaming day against the policy's thresholds (issue 6 item 10):
the alerts, raised once per level."""

from __future__ import annotations

from casino.audit import audit_record
from casino.hotqueries import HotQuery

from ... import selectors
from ...models import (
    AlertLevel,
    CagePolicy,
    CashAlert,
    TableTransaction,
)
from ..common import (
    advisory_lock,
)

# The alerts a player already has today (read once, when a threshold is reached).
_ALERTED_LEVELS = HotQuery(
    lambda day, key: (
        CashAlert.objects.filter(gaming_day_id=day, player_key=key)
        .order_by()
        .values_list("level", flat=True)
    ),
    day=int,
    key=str,
)


def _cash_thresholds(tx: TableTransaction, policy: CagePolicy) -> list[CashAlert]:
    """Cash buy-ins of the player this gaming day, against the thresholds (item 10)."""
    key, label = tx.cash_key, selectors.player_key(tx)[1]
    advisory_lock(f"cage-cash:{tx.gaming_day_id}:{key}")
    total = selectors.cash_total(tx.gaming_day, key)
    created = []
    levels = (
        (AlertLevel.IDENTIFY, policy.id_threshold),
        (AlertLevel.REPORT, policy.report_threshold),
    )
    reached = [(level, threshold) for level, threshold in levels if total >= threshold]
    alerted = set(_ALERTED_LEVELS.all(day=tx.gaming_day_id, key=key)) if reached else set()
    for level, threshold in reached:
        if level not in alerted:
            alert = CashAlert.objects.create(
                casino_id=tx.casino_id,
                gaming_day_id=tx.gaming_day_id,
                player=tx.player,
                player_key=key,
                player_label=label[:160],
                level=level,
                threshold=threshold,
                total=total,
                transaction=tx,
            )
            audit_record(
                actor=None,
                action="cage.cash_alert.raise",
                obj=alert,
                after={
                    "key": key,
                    "level": level,
                    "total": str(total),
                    "threshold": str(threshold),
                },
                casino_id=tx.casino_id,
            )
            created.append(alert)
    return created
