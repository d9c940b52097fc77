"""The tables' pages: the floor's list of tables and one table with its session's forms."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from casino.access import Actor, require
from casino.formatting import active_lang as _lang
from casino.roles import Perm, Role

from .. import selectors, services
from ..checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from ..models import SessionEvent, Table
from .common import _staff, page


@page
def index(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.VIEW_TABLES)
    tables = Table.objects.filter(casino=actor.casino, is_active=True).order_by("number")
    states = [selectors.table_state(t) for t in tables]
    return render(request, "tables/index.html", {"states": states, "actor": actor})


@page
def table_detail(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    table = selectors.access_table(actor, pk)
    state = selectors.table_state(table)
    session = state.session
    context: dict[str, Any] = {
        "actor": actor,
        "state": state,
        "table": table,
        "session": session,
        "supervisors": _staff(actor, Role.SUPERVISOR),
        "croupiers": _staff(actor, Role.CROUPIER),
        "security": _staff(actor, Role.SECURITY),
        "pit_bosses": _staff(actor, Role.PIT_BOSS),
        "managers": _staff(actor, Role.SHIFT_MANAGER),
        "event_kinds": [(k, SessionEvent.Kind(k).label) for k in services.ATTESTATIONS],
        "checklist": list(
            (SUPERVISOR_ITEMS if actor.role == Role.SUPERVISOR else PIT_BOSS_ITEMS).items()
        ),
        "closing_items": list(CLOSING_ITEMS.items()),
        "prep_missing": selectors.prep_missing(session) if session else [],
        # Issue 12 §1: the supervisor now (a recorded relief takes over).
        "current_supervisor": selectors.session_supervisor(session) if session else None,
        "lang": _lang(),
    }
    if session is not None:
        context["log"] = selectors.session_log(session)
        # A checklist once recorded is shown as recorded, never offered again (issue 40).
        E = SessionEvent.Kind
        own = E.PREP_SUPERVISOR if actor.role == Role.SUPERVISOR else E.PREP_PIT_BOSS
        recorded = {
            e.kind: e
            for e in session.events.filter(kind__in=[own, E.CLOSING_CHECKLIST]).select_related(
                "recorded_by"
            )
        }
        context["checklist_done"] = recorded.get(own)
        context["closing_checklist_done"] = recorded.get(E.CLOSING_CHECKLIST)
        context["ready_packs"] = [
            p for p in state.packs if p.state in ("inspected", "reserve", "rested")
        ]
    return render(request, "tables/table.html", context)
