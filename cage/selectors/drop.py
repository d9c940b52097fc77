"""The drop and the rake of a session: the rake ledger, the drop counts and the one
agreed."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import DecimalField, F, Sum

from tables.models import TableSession

from ..models import (
    DropCount,
    RakeEntry,
)


def rake_ledger(session: TableSession) -> Decimal:
    """The session's rake ledger, net of reversals (RAKE-08): what the rake box should hold.

    The one definition: the reconciliation and every report read it here.
    """
    total = RakeEntry.objects.filter(session=session).aggregate(
        total=Sum(
            F("amount") * F("sign"), output_field=DecimalField(max_digits=18, decimal_places=2)
        )
    )["total"]
    return total if total is not None else Decimal("0")


def drop_counts(session: TableSession) -> list[DropCount]:
    return list(
        DropCount.objects.filter(session=session)
        .prefetch_related("lines")
        .order_by("counted_at", "id")
    )


def agreed_drop_count(session: TableSession) -> DropCount | None:
    """The latest count that a second, different counter matched exactly."""
    counts = [c for c in drop_counts(session) if c.is_locked]
    for i in range(len(counts) - 1, 0, -1):
        latest = counts[i]
        for earlier in reversed(counts[:i]):
            if earlier.counter_id != latest.counter_id:
                if earlier.line_key() == latest.line_key():
                    return latest
                break
    return None
