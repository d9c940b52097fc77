"""The lag guard of the reports: a report is read from the replica only when the replica has
seen what the report needs (issue 18 §4; the router is ``casino/db_router.py``).

Two checks, both on the data, never on a clock:

1. **The claim**: the replica holds this report's claim (its row with the same attempt
   number, written on the primary when the worker took the report). A standby replays
   commits in order, so it then holds everything committed before the rendering started:
   the same data the primary would give.
2. **The days it covers**: each gaming day the report covers that is closed on the primary
   is closed on the replica, with the same head of its evidence chain (issue 12 §5). A
   report of a closed day is never rendered from a replica that has not seen its closing.

A replica catching up gets a short wait (``MESA_REPLICA_WAIT_SECONDS``, polled); after it
the primary serves and the log says why (``casino.db_router.reading_from_replica``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

from django.conf import settings

from casino.db_router import DEFAULT, Guard, reading_from_replica
from casino.models import ChainLink, GamingDay
from tables.models import TableSession

from .models import Report

POLL_SECONDS = 0.05


def _days_of(casino_id: int, params: dict[str, Any]) -> list[GamingDay]:
    """The gaming days a report's parameters name (on the primary); the casino's latest
    day when they name none (a report without a date reads the current day)."""
    days = GamingDay.objects.using(DEFAULT).filter(casino_id=casino_id)
    if params.get("session"):
        session = TableSession.objects.using(DEFAULT).filter(pk=params["session"]).first()
        return list(days.filter(pk=session.gaming_day_id)) if session else []
    if params.get("date"):
        try:
            return list(days.filter(business_date=date.fromisoformat(str(params["date"]))))
        except ValueError:
            return []
    latest = days.order_by("-business_date").first()
    return [latest] if latest else []


def _head(alias: str, day_id: int) -> int | None:
    seq = (
        ChainLink.objects.using(alias)
        .filter(gaming_day_id=day_id)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return None if seq is None else int(seq)


def day_guard(days: list[GamingDay]) -> Guard:
    """Check 2 alone: every closed day closed on the replica, with the primary's chain head."""

    def check(alias: str) -> str:
        for day in days:
            if day.status != GamingDay.Status.CLOSED:
                continue
            seen = GamingDay.objects.using(alias).filter(pk=day.pk).values_list("status").first()
            if seen is None or seen[0] != GamingDay.Status.CLOSED:
                return f"REPLICA_STALE: the closing of {day.business_date} is not on the replica"
            if _head(alias, day.pk) != _head(DEFAULT, day.pk):
                return f"REPLICA_STALE: the evidence chain of {day.business_date} is behind"
        return ""

    return check


def report_guard(report: Report, params: dict[str, Any]) -> Guard:
    """Checks 1 and 2 for a claimed report, waiting a little for a replica catching up."""
    days: list[GamingDay] = []

    def once(alias: str) -> str:
        claimed = Report.objects.using(alias).filter(pk=report.pk, attempts=report.attempts)
        if not claimed.exists():
            return f"REPLICA_STALE: the claim of report {report.pk} is not on the replica"
        return day_guard(days)(alias)

    def check(alias: str) -> str:  # only called when a replica is configured
        days[:] = _days_of(report.casino_id, params)
        deadline = time.monotonic() + settings.MESA_REPLICA_WAIT_SECONDS
        while True:
            reason = once(alias)
            if not reason or time.monotonic() >= deadline:
                return reason
            time.sleep(POLL_SECONDS)

    return check


@contextmanager
def report_reads(report: Report, params: dict[str, Any]) -> Iterator[str]:
    """The one place the reports choose where a rendering reads: yields the alias."""
    with reading_from_replica(
        guard=report_guard(report, params), what=f"report {report.pk} ({report.kind})"
    ) as alias:
        yield alias


@contextmanager
def day_reads(day: GamingDay, what: str) -> Iterator[str]:
    """The archive export of one day: the replica when it has seen the day's closing."""
    with reading_from_replica(guard=day_guard([day]), what=what) as alias:
        yield alias
