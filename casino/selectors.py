"""Reads of the shared kernel."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import AuditEvent, Casino, GamingDay


def gaming_day_current(casino: Casino) -> GamingDay | None:
    return GamingDay.objects.filter(casino=casino, status=GamingDay.Status.OPEN).first()


def audit_events(casino: Casino) -> QuerySet[AuditEvent]:
    return AuditEvent.objects.filter(casino=casino).select_related("actor")
