"""Reads of the incident log (issue 17 §3): the state of an incident from its steps, the
list a floor person may see, and access to one incident. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm, Role
from tables.selectors.assignment import require_assigned_for

from .models import Incident, IncidentAction, IncidentStep


@dataclass(frozen=True)
class IncidentState:
    """Who holds the incident now, whether that level has decided, and whether it is closed."""

    level: Role
    levels_reached: tuple[Role, ...]
    decided_at_level: bool
    closed: bool
    closed_at: datetime | None
    final_decision: str

    @property
    def status(self) -> str:
        return (
            "closed" if self.closed else ("escalated" if len(self.levels_reached) > 1 else "open")
        )


def state_from_steps(incident: Incident, steps: list[IncidentStep]) -> IncidentState:
    level = Role(incident.level)
    reached = [level]
    decided = False
    decision = ""
    closed_at = None
    for step in sorted(steps, key=lambda s: s.seq):
        if step.action == IncidentAction.ESCALATE:
            level = Role(step.to_level)
            reached.append(level)
            decided = False
        elif step.action == IncidentAction.DECIDE:
            decided = True
            decision = step.text
        elif step.action == IncidentAction.CLOSE:
            closed_at = step.at
    return IncidentState(level, tuple(reached), decided, closed_at is not None, closed_at, decision)


def filter_status(qs: QuerySet[Incident], wanted: str) -> QuerySet[Incident]:
    """``qs`` narrowed to one :attr:`IncidentState.status`, in SQL (the list is paginated
    by the database). The same rule as the property: a CLOSE step makes it closed; else an
    ESCALATE step makes it escalated; else it is open."""
    steps = IncidentStep.objects.filter(incident=OuterRef("pk"))
    closed = Exists(steps.filter(action=IncidentAction.CLOSE))
    escalated = Exists(steps.filter(action=IncidentAction.ESCALATE))
    if wanted == "closed":
        return qs.filter(closed)
    if wanted == "escalated":
        return qs.filter(~closed & escalated)
    return qs.filter(~closed & ~escalated)


def incident_state(incident: Incident) -> IncidentState:
    return state_from_steps(incident, list(incident.steps.all()))


def incidents_for(actor: Actor) -> QuerySet[Incident]:
    """The casino's incidents, newest first, with what a list shows."""
    require(actor, Perm.VIEW_INCIDENTS)
    return (
        Incident.objects.filter(casino_id=actor.casino_id)
        .select_related("table", "session", "hand", "pack", "reported_by", "gaming_day")
        .prefetch_related("steps__by")
        .order_by("-opened_at", "-id")
    )


def access_incident(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_INCIDENTS) -> Incident:
    require(actor, perm)
    try:
        incident = incidents_for(actor).get(pk=int(pk))
    except (Incident.DoesNotExist, TypeError, ValueError):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Incident) from None
    if incident.session_id is not None or incident.table_id is not None:
        require_assigned_for(actor, perm, session=incident.session, table=incident.table)
    return incident
