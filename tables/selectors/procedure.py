"""Reads of the procedure records of issue 17 §4 (PREP-01, OPEN-17, SHUF-01)."""

from __future__ import annotations

from typing import Any

from casino.models import Casino, GamingDay

from ..models import PreparationChecklist, SessionEvent, Table, TableSession
from .exceptions import day_exceptions
from .sessions import last_signed_closing


def preparation_documents(casino: Casino, gaming_day: GamingDay) -> list[dict[str, Any]]:
    """PREP-01 (c): each active table's last signed closing, the figures the next opening
    is compared with, and the day's GEN-10 link findings so far."""
    out: list[dict[str, Any]] = []
    for table in Table.objects.filter(casino=casino, is_active=True).order_by("number"):
        closing = last_signed_closing(table)
        out.append(
            {
                "table": table.number,
                "last_closing": closing.serial if closing else None,
                "locked_at": closing.locked_at.isoformat()
                if closing and closing.locked_at
                else None,
                "total": str(closing.grand_total()) if closing else None,
            }
        )
    links = [
        {"kind": x["kind"], "session": x["session"], "sheet": x["detail"]}
        for x in day_exceptions(gaming_day)
        if x["kind"] == "OPENING_LINK_MISMATCH"
    ]
    if links:
        out.append({"serial_check": links})
    return out


def preparation_checklist(casino: Casino, gaming_day: GamingDay) -> PreparationChecklist | None:
    """The day's signed checklist (PREP-01), or None."""
    return (
        PreparationChecklist.objects.filter(casino=casino, gaming_day=gaming_day)
        .select_related("signed_by")
        .first()
    )


def play_begins(session: TableSession) -> SessionEvent | None:
    """The session's "play begins" event (OPEN-17, SHUF-01), or None."""
    return (
        SessionEvent.objects.filter(session=session, kind=SessionEvent.Kind.PLAY_STARTED)
        .select_related("recorded_by", "person")
        .order_by("at", "id")
        .first()
    )
