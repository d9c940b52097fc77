"""The forms of a session's life: open, checklists, start play, suspend, resume, last
hand, closing, dealer changes, supervisor reliefs, attestations."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.formdata import ticked
from casino.roles import Role

from .. import selectors, services
from ..checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from .common import Handler, _int, _pack_ref, _session, _user


def _open(request: HttpRequest, actor: Actor, pk: int) -> str:
    table = selectors.access_table(actor, pk)
    services.session_open(
        actor=actor,
        table=table,
        supervisor=selectors.staff_member(
            actor, request.POST.get("supervisor"), Role.SUPERVISOR, field="supervisor"
        ),
        croupier=selectors.staff_member(
            actor, request.POST.get("croupier"), Role.CROUPIER, field="croupier"
        ),
        note=request.POST.get("note", ""),
    )
    return _("Session opened: record the opening count.")


def _ticked(request: HttpRequest, items: Any) -> dict[str, bool]:
    """Each point of a checklist as ticked or not (issue 13 §2: an unticked box sends
    nothing, so absent is False)."""
    return {key: ticked(request.POST, f"item_{key}") for key in items}


def _checklist(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.prep_checklist_record(
        actor=actor,
        session=_session(actor, pk),
        items=_ticked(
            request, SUPERVISOR_ITEMS if actor.role == Role.SUPERVISOR else PIT_BOSS_ITEMS
        ),
        note=request.POST.get("note", ""),
    )
    return _("Checklist recorded.")


def _prep_override(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.prep_override(
        actor=actor, session=_session(actor, pk), reason=request.POST.get("reason", "")
    )
    return _("Override recorded.")


def _closing_checklist(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.closing_checklist_record(
        actor=actor,
        session=_session(actor, pk),
        items=_ticked(request, CLOSING_ITEMS),
        note=request.POST.get("note", ""),
    )
    return _("Checklist recorded.")


def _start(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_start_play(
        actor=actor,
        session=_session(actor, pk),
        # OPEN-17, SHUF-01: the players present when the supervisor is told.
        players_present=_int(request.POST.get("players_present"), "players_present"),
    )
    return _("Play started.")


def _suspend(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_suspend(
        actor=actor,
        session=_session(actor, pk),
        reason=request.POST.get("reason", ""),
        float_locked=ticked(request.POST, "float_locked"),
        cards_handed_to=selectors.staff_member(
            actor, request.POST.get("cards_handed_to"), Role.PIT_BOSS, field="cards_handed_to"
        ),
    )
    return _("Table suspended.")


def _resume(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_resume(
        actor=actor, session=_session(actor, pk), note=request.POST.get("note", "")
    )
    return _("Play resumed.")


def _last_hand(request: HttpRequest, actor: Actor, pk: int) -> str:
    number = _int(request.POST.get("last_hand_number"), "last_hand_number")
    services.session_announce_last_hand(
        actor=actor,
        session=_session(actor, pk),
        last_hand_number=number if number is not None else -1,
        instructed_by=_user(actor, request, "instructed_by"),
    )
    return _("Last hand announced.")


def _closing(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.closing_start(
        actor=actor,
        session=_session(actor, pk),
        note=request.POST.get("note", ""),
        security_officer=selectors.staff_member(
            actor, request.POST.get("security_officer"), Role.SECURITY, field="security_officer"
        ),
    )
    return _("Closing started: record the closing count.")


def _dealer_change(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.dealer_change_record(
        actor=actor,
        session=_session(actor, pk),
        incoming=selectors.staff_member(
            actor, request.POST.get("incoming"), Role.CROUPIER, field="incoming"
        ),
        handover_note=request.POST.get("handover_note", ""),
        incoming_pack=_pack_ref(actor, request.POST.get("incoming_pack"), "incoming_pack"),
        outgoing_pack_complete=ticked(request.POST, "outgoing_pack_complete"),
    )
    return _("Dealer change recorded.")


def _event(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_event_record(
        actor=actor,
        session=_session(actor, pk),
        kind=request.POST.get("kind", ""),
        person=_user(actor, request, "person"),
        keys_to=_user(actor, request, "keys_to"),
        note=request.POST.get("note", ""),
    )
    return _("Event recorded.")


def _supervisor_relief(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_supervisor_relieve(
        actor=actor,
        session=_session(actor, pk),
        incoming=_user(actor, request, "incoming"),
        reason=request.POST.get("reason", ""),
    )
    return _("Supervisor relief recorded.")


#: This area's forms, by the name each posts to (``tables.views.actions``).
ACTIONS: dict[str, Handler] = {
    "session-open": _open,
    "checklist": _checklist,
    "prep-override": _prep_override,
    "closing-checklist": _closing_checklist,
    "start-play": _start,
    "suspend": _suspend,
    "resume": _resume,
    "last-hand": _last_hand,
    "closing": _closing,
    "dealer-change": _dealer_change,
    "event": _event,
    "supervisor-relief": _supervisor_relief,
}
