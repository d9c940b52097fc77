"""The shift change page of a session and its forms (issue 14 §3)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.formatting import active_lang as _lang
from casino.roles import Role

from .. import selectors
from .common import Handler, _session, _staff, _user, page


@page
def shift_change(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """The shift change page of a session: the count form and each change with its signatures."""
    from ..selectors.shifts import shift_change_view, shift_changes

    session = selectors.access_session(actor, pk)
    denominations = session.table.chip_set.denominations.filter(is_active=True).order_by("-value")
    return render(
        request,
        "tables/shift_change.html",
        {
            "actor": actor,
            "session": session,
            "table": session.table,
            "denominations": denominations,
            "supervisors": _staff(actor, Role.SUPERVISOR),
            "current_supervisor": selectors.session_supervisor(session),
            "changes": [shift_change_view(c, _lang()) for c in shift_changes(session)],
            "lang": _lang(),
        },
    )


def _shift_change(request: HttpRequest, actor: Actor, pk: int) -> str:
    from ..services.shifts import shift_change_record

    session = _session(actor, pk)
    denominations = session.table.chip_set.denominations.filter(is_active=True)
    shift_change_record(
        actor=actor,
        session=session,
        incoming=_user(actor, request, "incoming"),
        lines=[
            {
                "denomination": d.pk,
                "stacks": request.POST.get(f"stacks_{d.pk}", ""),
                "loose": request.POST.get(f"loose_{d.pk}", ""),
            }
            for d in denominations
        ],
        grand_total=request.POST.get("grand_total") or None,
        note=request.POST.get("note", ""),
    )
    return _("Shift change recorded.")


def _shift_change_sign(request: HttpRequest, actor: Actor, pk: int) -> str:
    from ..selectors.shifts import access_shift_change
    from ..services.shifts import shift_change_sign

    result = shift_change_sign(
        actor=actor,
        shift_change=access_shift_change(actor, pk),
        slot=request.POST.get("slot", ""),
        pin=request.POST.get("pin") or None,
        override_reason=request.POST.get("override_reason", ""),
    )
    return _("Signed and locked.") if result.locked else _("Signature recorded.")


#: This area's forms, by the name each posts to (``tables.views.actions``).
ACTIONS: dict[str, Handler] = {
    "shift-change": _shift_change,
    "shift-change-sign": _shift_change_sign,
}
