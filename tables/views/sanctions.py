"""The sanctions pages and forms: the ledger, one sanction; propose, impose, lift,
reduce, appeal and decide."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from casino.access import Actor, require
from casino.formdata import ticked
from casino.roles import Perm
from players.models import Player
from players.selectors import access_player

from .. import presenters, selectors, services
from ..conduct import CONDUCTS, ladder
from ..models import SanctionEntry, SanctionLevel, Table, TableSession
from ..sanction_from_hand import initial_from_query
from .common import Handler, _int, page


@page
def sanctions(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.VIEW_SANCTIONS)
    q = request.GET
    ledger = selectors.sanctions_ledger(
        actor.casino,
        player=_int(q.get("player"), "player"),
        table=_int(q.get("table"), "table"),
        conduct=q.get("conduct") or None,
        level=q.get("level") or None,
        kind=q.get("kind") or None,
        event_name=q.get("event") or None,
    ).select_related("gaming_day")[:300]
    # HREC-10: the form filled from a hand's irregularity (``new_*`` in the query string)
    initial = initial_from_query(q)
    if q.get("session"):  # the form's session preselected from the ledger's link
        initial.setdefault("session", q["session"])
    sessions = list(
        TableSession.objects.filter(casino=actor.casino)
        .exclude(status=TableSession.Status.CLOSED)
        .select_related("table")
    )
    wanted = _int(initial.get("session"), "session")
    if wanted and all(s.pk != wanted for s in sessions):
        sessions.append(selectors.access_session(actor, wanted))  # the hand's, now closed
    return render(
        request,
        "tables/sanctions.html",
        {
            "initial": initial,
            "actor": actor,
            "ledger": ledger,
            "conducts": CONDUCTS,
            "levels": SanctionLevel.choices,
            "kinds": SanctionEntry.Kind.choices,
            "players": Player.objects.filter(casino=actor.casino).order_by("display_name")[:500],
            "tables": Table.objects.filter(casino=actor.casino).order_by("number"),
            "sessions": sessions,
            "filters": q,
            "must_pending": selectors.mandatory_not_imposed(actor.casino),
        },
    )


@page
def sanction_detail(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    entry = selectors.access_sanction(actor, pk)
    data = presenters.sanction_detail(entry)
    scale = ladder(is_tournament=entry.is_tournament, ruleset=entry.ruleset)
    return render(
        request,
        "tables/sanction.html",
        {
            "actor": actor,
            "entry": entry,
            "data": data,
            "scale": [(s.level, s.vueltas, s.label()) for s in scale],
            "levels": SanctionLevel.choices,
        },
    )


def _sanction_args(actor: Actor, request: HttpRequest) -> dict[str, Any]:
    p = request.POST
    player_pk = _int(p.get("player"), "player")
    session_pk = _int(p.get("session"), "session")
    return {
        "conduct_code": p.get("conduct") or None,
        "conduct_text": p.get("conduct_text", ""),
        "player": access_player(actor, player_pk, Perm.VIEW_SANCTIONS) if player_pk else None,
        "player_description": p.get("player_description", ""),
        "session": selectors.access_session(actor, session_pk) if session_pk else None,
        "hand_number": _int(p.get("hand_number"), "hand_number"),
        "event_name": p.get("event_name", ""),
        "level": p.get("level") or None,
        "vueltas": _int(p.get("vueltas"), "vueltas"),
        "players_in_hand": _int(p.get("players_in_hand"), "players_in_hand"),
        "reason": p.get("reason", ""),
    }


def _impose(request: HttpRequest, actor: Actor, pk: int) -> str:
    args = _sanction_args(actor, request)
    proposal = selectors.access_sanction(actor, pk) if pk else None
    entry = services.sanction_impose(
        actor=actor,
        proposal=proposal,
        immediate=ticked(request.POST, "immediate"),
        immediate_reason=request.POST.get("immediate_reason", ""),
        override_reason=request.POST.get("override_reason", ""),
        **args,
    )
    return _("Sanction imposed: notice %(notice)s.") % {"notice": entry.notice}


def _propose(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_propose(actor=actor, **_sanction_args(actor, request))
    return _("Sanction proposed.")


def _lift(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_lift(
        actor=actor,
        sanction=selectors.access_sanction(actor, pk),
        reason=request.POST.get("reason", ""),
    )
    return _("Sanction lifted.")


def _reduce(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_reduce(
        actor=actor,
        sanction=selectors.access_sanction(actor, pk),
        level=request.POST.get("level", ""),
        vueltas=_int(request.POST.get("vueltas"), "vueltas"),
        reason=request.POST.get("reason", ""),
    )
    return _("Sanction reduced.")


def _appeal(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_appeal(
        actor=actor,
        sanction=selectors.access_sanction(actor, pk),
        grounds=request.POST.get("grounds", ""),
    )
    return _("Appeal recorded: the sanction stays in force until it is decided.")


def _decide_appeal(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_appeal_decide(
        actor=actor,
        appeal=selectors.access_sanction(actor, pk),
        outcome=request.POST.get("outcome", ""),
        level=request.POST.get("level") or None,
        vueltas=_int(request.POST.get("vueltas"), "vueltas"),
        reason=request.POST.get("reason", ""),
    )
    return _("Appeal decided.")


#: This area's forms, by the name each posts to (``tables.views.actions``).
ACTIONS: dict[str, Handler] = {
    "impose": _impose,
    "propose": _propose,
    "lift": _lift,
    "reduce": _reduce,
    "appeal": _appeal,
    "decide_appeal": _decide_appeal,
}
