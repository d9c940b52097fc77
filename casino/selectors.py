"""Reads of the shared kernel."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from .errors import Conflict
from .models import AuditEvent, Casino, GamingDay


# The one gaming-day lookup (issue 13 §1): every app asks here for the open gaming day;
# tests/architecture/test_one_way.py keeps the filter from being written anywhere else.
def open_gaming_days(casino: Casino | int | None) -> QuerySet[GamingDay]:
    """The casino's open gaming days (one at most), as a queryset to lock or narrow."""
    return GamingDay.objects.filter(casino=casino, status=GamingDay.Status.OPEN)


def open_gaming_day(casino: Casino | int | None) -> GamingDay | None:
    """The casino's open gaming day, if one is open."""
    return open_gaming_days(casino).first()


def require_open_gaming_day(casino: Casino | int | None) -> GamingDay:
    """The casino's open gaming day; refused with NO_OPEN_GAMING_DAY when none is open."""
    day = open_gaming_day(casino)
    if day is None:
        raise Conflict(
            "NO_OPEN_GAMING_DAY",
            "No hay una jornada abierta: el gerente de turno debe abrirla.",
            "There is no open gaming day: the shift manager must open one.",
        )
    return day


def on_open_gaming_day(path: str = "gaming_day") -> Q:
    """A filter for rows whose gaming day (reached through ``path``) is open."""
    return Q(**{f"{path}__status": GamingDay.Status.OPEN})


def audit_events(casino: Casino) -> QuerySet[AuditEvent]:
    return AuditEvent.objects.filter(casino=casino).select_related("actor")
