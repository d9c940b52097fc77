"""The day's cash sessions."""

from __future__ import annotations

from django.db.models import QuerySet

from casino.models import GamingDay
from tables.models import SessionKind, TableSession


def sessions_of_day(gaming_day: GamingDay) -> QuerySet[TableSession]:
    """The day's cash sessions: a tournament table has no float, no drop and no rake (its
    money is the tournament's ledger, reconciled by its settlement, issue 42)."""
    return (
        TableSession.objects.filter(gaming_day=gaming_day)
        .exclude(kind=SessionKind.TOURNAMENT)
        .select_related("table", "settings", "supervisor", "gaming_day")
        .order_by("table__number", "number")
    )
