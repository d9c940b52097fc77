"""The deck custody pages and forms: the packs, one pack, a store; the rotation at a
table, a pack's move, a delivery and its receipt, the day's final control."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from casino.access import Actor, require
from casino.errors import DomainError
from casino.formatting import active_lang as _lang
from casino.formdata import ticked
from casino.models import User
from casino.roles import Perm, Role
from casino.selectors import require_open_gaming_day

from .. import selectors, services
from ..codes import TablesCode
from ..deckrules import allowed_moves
from ..models import DeckFinalControl, DeckReceipt, DeckStore, Pack, PackState, TableSession
from .common import Handler, _int, _pack_ref, _session, _user, page


@page
def decks(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.VIEW_DECKS)
    q = request.GET
    events = selectors.deck_events(actor.casino)
    if q.get("serial"):
        events = events.filter(pack__serial__icontains=q["serial"])
    table = _int(q.get("table"), "table")
    if table is not None:
        events = events.filter(session__table__number=table)
    if q.get("state"):
        events = events.filter(to_state=q["state"])
    packs = Pack.objects.filter(casino=actor.casino).order_by("state", "serial")
    return render(
        request,
        "tables/decks.html",
        {
            "actor": actor,
            "events": events.order_by("-at", "-id")[:200],
            "packs": packs[:300],
            "alerts": selectors.deck_alerts(actor.casino),
            "stores": DeckStore.objects.filter(casino=actor.casino),
            "receipts": DeckReceipt.objects.filter(casino=actor.casino, locked_at__isnull=True),
            "states": PackState.choices,
            "filters": q,
            "lang": _lang(),
        },
    )


@page
def pack_detail(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    pack = selectors.access_pack(actor, pk, Perm.VIEW_DECKS)  # as the API (issue 9 §1)
    live = (
        TableSession.objects.filter(casino=actor.casino)
        .exclude(status=TableSession.Status.CLOSED)
        .select_related("table")
    )
    allowed = allowed_moves(pack.state)
    # The inspection (DECK-06) has its own form: the checks ticked by hand, the witness who
    # chooses his name and signs with his PIN; the other moves share the general one.
    inspecting = PackState.INSPECTED in allowed and pack.session is not None
    moves = [
        (m, PackState(m).label)
        for m in allowed
        if not (inspecting and m in (PackState.INSPECTED, PackState.REJECTED))
    ]
    return render(
        request,
        "tables/pack.html",
        {
            "actor": actor,
            "pack": pack,
            "events": selectors.deck_events(actor.casino).filter(pack=pack),
            "moves": moves,
            "inspecting": inspecting,
            "witnesses": (
                selectors.inspection_witnesses(pack.session, actor)
                if inspecting and pack.session is not None
                else []
            ),
            "inspections": pack.inspections.select_related("recorded_by", "witness"),
            "sessions": live,
            # Staff in a role (never an account without one, such as the admin).
            "staff": User.objects.filter(
                casino=actor.casino, is_active=True, groups__name__in=Role.values
            )
            .distinct()
            .order_by("username"),
            "session_packs": Pack.objects.filter(session=pack.session).exclude(pk=pack.pk)
            if pack.session_id
            else [],
        },
    )


@page
def store(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    deck_store = selectors.access_store(actor, pk)
    day = require_open_gaming_day(actor.casino)
    raw = request.GET.get("counted")
    counted = [x.strip() for x in raw.replace("\n", ",").split(",")] if raw else None
    return render(
        request,
        "tables/store.html",
        {
            "actor": actor,
            "store": deck_store,
            "day": day,
            "recon": selectors.deck_reconciliation(deck_store, day, counted),
            "counted": raw or "",
            "control": DeckFinalControl.objects.filter(store=deck_store, gaming_day=day).first(),
        },
    )


def _rotate(request: HttpRequest, actor: Actor, pk: int) -> str:
    # who may act here, before the form is read (the service checks again)
    require(actor, Perm.DECK_HANDLE)
    session = _session(actor, pk)
    incoming = _pack_ref(actor, request.POST.get("incoming_pack"), "incoming_pack")
    if incoming is None:
        raise DomainError.of(TablesCode.PACK_REQUIRED, field="incoming_pack")
    services.deck_rotate(
        actor=actor,
        session=session,
        incoming_pack=incoming,
        outgoing_complete=ticked(request.POST, "outgoing_complete"),
    )
    return _("Packs rotated.")


def _move(request: HttpRequest, actor: Actor, pk: int) -> str:
    to = request.POST.get("to", "")
    pack = selectors.access_pack(
        actor, pk, services.perm_for_move(to) if to in PackState.values else Perm.VIEW_DECKS
    )
    session_pk = _int(request.POST.get("session"), "session")
    services.deck_move(
        actor=actor,
        pack=pack,
        to=to,
        session=selectors.access_session(actor, session_pk) if session_pk else None,
        with_user=_user(actor, request, "with_user"),
        note=request.POST.get("note", ""),
        hand_number=_int(request.POST.get("hand_number"), "hand_number"),
        replaces=_pack_ref(actor, request.POST.get("replaces"), "replaces"),
        replacement=_pack_ref(actor, request.POST.get("replacement"), "replacement"),
        complete=ticked(request.POST, "complete"),
        face_up_ok=ticked(request.POST, "face_up_ok"),
        face_down_ok=ticked(request.POST, "face_down_ok"),
        pin=request.POST.get("pin") or None,
    )
    return _("Pack moved.")


def _delivery(request: HttpRequest, actor: Actor, pk: int) -> str:
    deck_store = selectors.access_store(actor, pk)
    packs = []
    for row in request.POST.get("packs", "").splitlines():
        parts = [x.strip() for x in row.split(",")]
        if parts and parts[0]:
            packs.append(
                {
                    "serial": parts[0],
                    "colour": parts[1] if len(parts) > 1 else "",
                    "design": parts[2] if len(parts) > 2 else "",
                }
            )
    services.deck_delivery_record(
        actor=actor, store=deck_store, packs=packs, note=request.POST.get("note", "")
    )
    return _("Delivery recorded: the pit boss signs the receipt.")


def _receipt(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.deck_receipt_sign(actor=actor, receipt=selectors.access_receipt(actor, pk))
    return _("Receipt signed: the packs are in the store.")


def _final(request: HttpRequest, actor: Actor, pk: int) -> str:
    raw = request.POST.get("counted", "")
    counted = [x.strip() for x in raw.replace("\n", ",").split(",") if x.strip()]
    services.deck_final_control_sign(
        actor=actor, store=selectors.access_store(actor, pk), counted_serials=counted
    )
    return _("Final control signed.")


#: This area's forms, by the name each posts to (``tables.views.actions``).
ACTIONS: dict[str, Handler] = {
    "rotate": _rotate,
    "move": _move,
    "delivery": _delivery,
    "receipt-sign": _receipt,
    "final-control": _final,
}
