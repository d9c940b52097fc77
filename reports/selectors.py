from __future__ import annotations

from django.db.models import QuerySet

from casino.access import Actor
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm

from .models import Report


def reports_visible(actor: Actor) -> QuerySet[Report]:
    qs = Report.objects.filter(casino=actor.casino).select_related("requested_by")
    if actor.can(Perm.VIEW_ALL_REPORTS):
        return qs
    return qs.filter(requested_by=actor.user)


def access_report(actor: Actor, report_id: int) -> Report:
    report = Report.objects.filter(casino=actor.casino, pk=report_id).first()
    if report is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Report)
    return report
