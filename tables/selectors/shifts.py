"""Reads of the shift changes at a table (issue 14 §3): fetch-and-authorise, lines, state.

The shift a record belongs to is not read here: ``casino.selectors.shift_at`` derives it
from the record's gaming day and timestamp (GEN-02), for every app alike.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import GamingDay
from casino.roles import Perm
from casino.selectors import shift_at

from ..models import ShiftChange, SupervisorRelief, Table, TableSession


def access_shift_change(actor: Actor, pk: object) -> ShiftChange:
    """A shift change of the actor's casino (404 otherwise); reading is never scoped."""
    require(actor, Perm.VIEW_TABLES)
    try:
        return ShiftChange.objects.select_related(
            "session", "table", "gaming_day", "gaming_day__casino", "acceptance"
        ).get(casino=actor.casino, pk=int(str(pk)))
    except (ValueError, TypeError, ShiftChange.DoesNotExist):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=ShiftChange) from None


def shift_changes(session: TableSession) -> QuerySet[ShiftChange]:
    return (
        ShiftChange.objects.filter(session=session)
        .select_related(
            "outgoing_supervisor", "incoming_supervisor", "acceptance", "gaming_day__casino"
        )
        .order_by("at", "id")
    )


def missing_slots(change: ShiftChange) -> list[str]:
    """The handover's signatures still missing, by slot (see ``services.shifts.SLOTS``)."""
    signed = change.signed_roles()
    out = [
        slot
        for slot, role in (("outgoing_supervisor", "supervisor"), ("pit_boss", "pit_boss"))
        if role not in signed
    ]
    if not change.acceptance.signed_roles():
        out.append("incoming_supervisor")
    return out


def shift_change_view(change: ShiftChange, lang: str = "es") -> dict[str, Any]:
    """Plain data of a shift change: lines with expected, counted and difference."""
    lines = [
        {
            "denomination": line.denomination_id,
            "value": line.value,
            "expected_count": line.expected_count,
            "expected_total": line.expected_total,
            "stacks": line.stacks,
            "loose": line.loose,
            "count": line.count,
            "total": line.total,
            "difference_chips": line.variance_chips,
            "difference_value": line.variance_value,
        }
        for line in change.ordered_lines()
    ]
    counted = change.grand_total()
    expected = change.expected_total()
    missing = missing_slots(change)
    return {
        "id": change.pk,
        "session": change.session_id,
        "table": change.table.number,
        "at": change.at,
        "shift": shift_at(change.gaming_day, change.at).label(lang),
        "outgoing_supervisor": change.outgoing_supervisor.username,
        "incoming_supervisor": change.incoming_supervisor.username,
        "note": change.note,
        "lines": lines,
        "expected_total": expected,
        "counted_total": counted,
        "difference": counted - expected,
        "missing_signatures": missing,
        "locked": not missing,
    }


def supervision_periods(
    table: Table, gaming_day: GamingDay
) -> list[tuple[int, datetime, datetime]]:
    """Who supervised ``table`` on ``gaming_day`` and when: ``(user id, from, to)`` per
    session, split at each recorded relief (issue 12 §1); an open session runs to now."""
    now = timezone.now()
    out: list[tuple[int, datetime, datetime]] = []
    sessions = TableSession.objects.filter(table=table, gaming_day=gaming_day).order_by("id")
    for session in sessions:
        current, start = session.supervisor_id, session.created_at
        for relief in SupervisorRelief.objects.filter(session=session).order_by("at", "id"):
            out.append((current, start, relief.at))
            current, start = relief.incoming_id, relief.at
        out.append((current, start, session.closed_at or max(now, start)))
    return out
