"""Pages of table operations (issue 5 §6): thin — read the form, call the same services as
the API, show the DomainError message in the active language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.access import Actor, require
from casino.errors import DomainError
from casino.formatting import active_lang as _lang
from casino.formdata import read_int, ticked
from casino.models import User
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.selectors import require_open_gaming_day
from casino.urlsafety import safe_next

from . import presenters, selectors, services
from .checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from .codes import TablesCode
from .conduct import CONDUCTS, ladder
from .deckrules import allowed_moves
from .models import (
    ClosingSheet,
    DeckFinalControl,
    DeckReceipt,
    DeckStore,
    OpeningSheet,
    Pack,
    PackState,
    Player,
    SanctionEntry,
    SanctionLevel,
    SessionEvent,
    SheetCopyDeposit,
    Table,
    TableSession,
)
from .sanction_from_hand import initial_from_query

View = Callable[..., HttpResponse]


# The kernel's page guard (casino.pages): a refused form shows again on its page.
page = page_view(template="tables/error.html", fallback="tables:index")


def _back(request: HttpRequest) -> str:
    # issue 12 §8: same-site paths only
    return safe_next(
        request,
        request.POST.get("next"),
        request.META.get("HTTP_REFERER"),
        fallback=reverse("tables:index"),
    )


def _staff(actor: Actor, role: Role) -> list[User]:
    return list(
        User.objects.filter(casino=actor.casino, is_active=True, groups__name=role.value).order_by(
            "username"
        )
    )


def _user(actor: Actor, request: HttpRequest, name: str) -> User | None:
    return selectors.staff_user(actor, request.POST.get(name) or None, field=name)


def _int(value: str | None, field: str) -> int | None:
    return read_int({field: value}, field)  # the one parser (issue 39 §4)


def _pack_ref(actor: Actor, value: str | None, field: str) -> Pack | None:
    pk = _int(value, field)
    return selectors.access_pack(actor, pk, Perm.VIEW_TABLES) if pk else None


# --- reading pages ------------------------------------------------------------------------


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


@page
def queue(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.VIEW_TABLES)
    roles = [actor.role, Role.CROUPIER] if actor.role == Role.SUPERVISOR else [actor.role]
    # Issue 12 §1: my work is the sessions I am assigned to (a supervisor's own, a pit
    # boss's sector); the other roles are casino-wide.
    mine = [
        item
        for item in selectors.sheets_to_sign(actor.casino, roles)
        if selectors.is_assigned(actor, item.sheet.session)
    ]
    return render(
        request,
        "tables/queue.html",
        {
            "actor": actor,
            "items": mine,
            "all_items": selectors.sheets_to_sign(actor.casino),
            "lang": _lang(),
        },
    )


def _sheet_page(
    request: HttpRequest, actor: Actor, sheet: OpeningSheet | ClosingSheet, part: str
) -> HttpResponse:
    data = presenters.sheet(sheet)
    return render(
        request,
        "tables/sheet.html",
        {
            "actor": actor,
            "sheet": sheet,
            "part": part,
            "data": data,
            "rows": presenters.sheet_rows(sheet),
            # Once anyone signed, the count is what they vouched for: shown, not editable.
            "editable": not sheet.is_locked and not data["signatures"],
            "croupiers": _staff(actor, Role.CROUPIER),
            "copies": SheetCopyDeposit.Copy.choices
            if part == "closing"
            else [(SheetCopyDeposit.Copy.DROP_BOX, SheetCopyDeposit.Copy.DROP_BOX.label)],
            "needs": selectors.closing_float_needs(sheet.session) if part == "closing" else [],
            "signing_roles": [Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS],
        },
    )


@page
def opening(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    return _sheet_page(request, actor, selectors.access_opening(actor, pk), "opening")


@page
def closing(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    return _sheet_page(request, actor, selectors.access_closing(actor, pk), "closing")


@page
def decks(request: HttpRequest, actor: Actor) -> HttpResponse:
    require(actor, Perm.VIEW_DECKS)
    q = request.GET
    events = selectors.deck_events(actor.casino)
    if q.get("serial"):
        events = events.filter(pack__serial__icontains=q["serial"])
    if q.get("table"):
        events = events.filter(session__table__number=_int(q["table"], "table"))
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
            "witnesses": selectors.inspection_witnesses(pack.session, actor) if inspecting else [],
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


# --- actions (POST) -----------------------------------------------------------------------

Handler = Callable[[HttpRequest, Actor, int], str]
ACTIONS: dict[str, Handler] = {}


def action(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        ACTIONS[name] = handler
        return handler

    return register


@require_POST
@page
def act(request: HttpRequest, actor: Actor, name: str, pk: int) -> HttpResponse:
    handler = ACTIONS.get(name)
    if handler is None:
        raise DomainError.of(TablesCode.ACTION_UNKNOWN, action=name)
    done = handler(request, actor, pk)
    messages.success(request, done)
    return redirect(_back(request))


def _session(actor: Actor, pk: int) -> TableSession:
    """The session an action changes: only the people assigned there (issue 12 §1), refused
    before the form is read."""
    session = selectors.access_session(actor, pk)
    selectors.require_assigned(actor, session=session)
    return session


@action("session-open")
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


@action("checklist")
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


@action("prep-override")
def _prep_override(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.prep_override(
        actor=actor, session=_session(actor, pk), reason=request.POST.get("reason", "")
    )
    return _("Override recorded.")


@action("closing-checklist")
def _closing_checklist(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.closing_checklist_record(
        actor=actor,
        session=_session(actor, pk),
        items=_ticked(request, CLOSING_ITEMS),
        note=request.POST.get("note", ""),
    )
    return _("Checklist recorded.")


@action("start-play")
def _start(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_start_play(
        actor=actor,
        session=_session(actor, pk),
        # OPEN-17, SHUF-01: the players present when the supervisor is told.
        players_present=_int(request.POST.get("players_present"), "players_present"),
    )
    return _("Play started.")


@action("suspend")
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


@action("resume")
def _resume(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_resume(
        actor=actor, session=_session(actor, pk), note=request.POST.get("note", "")
    )
    return _("Play resumed.")


@action("last-hand")
def _last_hand(request: HttpRequest, actor: Actor, pk: int) -> str:
    number = _int(request.POST.get("last_hand_number"), "last_hand_number")
    services.session_announce_last_hand(
        actor=actor,
        session=_session(actor, pk),
        last_hand_number=number if number is not None else -1,
        instructed_by=_user(actor, request, "instructed_by"),
    )
    return _("Last hand announced.")


@action("closing")
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


@action("dealer-change")
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


@action("event")
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


@action("rotate")
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


def _count_lines(request: HttpRequest, sheet: OpeningSheet | ClosingSheet) -> list[dict]:
    return [
        {
            "denomination": line.denomination_id,
            "stacks": request.POST.get(f"stacks_{line.denomination_id}", ""),
            "loose": request.POST.get(f"loose_{line.denomination_id}", ""),
        }
        for line in sheet.ordered_lines()
    ]


def _sheet_of(actor: Actor, request: HttpRequest, pk: int) -> OpeningSheet | ClosingSheet:
    if request.POST.get("part") == "closing":
        sheet: OpeningSheet | ClosingSheet = selectors.access_closing(actor, pk)
    else:
        sheet = selectors.access_opening(actor, pk)
    selectors.require_assigned(actor, session=sheet.session)  # issue 12 §1
    return sheet


@action("count")
def _count(request: HttpRequest, actor: Actor, pk: int) -> str:
    sheet = _sheet_of(actor, request, pk)
    record = (
        services.opening_count_record
        if isinstance(sheet, OpeningSheet)
        else services.closing_count_record
    )
    record(
        actor=actor,
        sheet=sheet,
        lines=_count_lines(request, sheet),
        grand_total=request.POST.get("grand_total") or None,
        note=request.POST.get("note", ""),
    )
    return _("Count recorded.")


@action("sign")
def _sign(request: HttpRequest, actor: Actor, pk: int) -> str:
    sheet = _sheet_of(actor, request, pk)
    sign = services.opening_sign if isinstance(sheet, OpeningSheet) else services.closing_sign
    result = sign(
        actor=actor,
        sheet=sheet,
        role=request.POST.get("role", ""),
        signer=_user(actor, request, "signer"),
        pin=request.POST.get("pin") or None,
        override_reason=request.POST.get("override_reason", ""),
    )
    return _("Signed and locked.") if result.locked else _("Signature recorded.")


@action("supervisor-relief")
def _supervisor_relief(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.session_supervisor_relieve(
        actor=actor,
        session=_session(actor, pk),
        incoming=_user(actor, request, "incoming"),
        reason=request.POST.get("reason", ""),
    )
    return _("Supervisor relief recorded.")


@action("acknowledge")
def _acknowledge(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.discrepancy_acknowledge(
        actor=actor,
        discrepancy=selectors.access_discrepancy(actor, pk),
        note=request.POST.get("note", ""),
        written_report=request.POST.get("written_report", ""),
    )
    return _("Difference acknowledged.")


@action("copy")
def _copy(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sheet_copy_deposit(
        actor=actor,
        sheet=_sheet_of(actor, request, pk),
        copy=request.POST.get("copy", ""),
        note=request.POST.get("note", ""),
    )
    return _("Copy deposit recorded.")


@action("empty-bank")
def _empty_bank(request: HttpRequest, actor: Actor, pk: int) -> str:
    sheet = selectors.access_closing(actor, pk)
    selectors.require_assigned(actor, session=sheet.session)  # issue 12 §1
    services.closing_confirm_empty_bank(
        actor=actor,
        sheet=sheet,
        croupier=selectors.staff_member(
            actor, request.POST.get("croupier"), Role.CROUPIER, field="croupier"
        ),
        pin=request.POST.get("pin"),
    )
    return _("Empty rack confirmed.")


@action("move")
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


@action("delivery")
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


@action("receipt-sign")
def _receipt(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.deck_receipt_sign(actor=actor, receipt=selectors.access_receipt(actor, pk))
    return _("Receipt signed: the packs are in the store.")


@action("final-control")
def _final(request: HttpRequest, actor: Actor, pk: int) -> str:
    raw = request.POST.get("counted", "")
    counted = [x.strip() for x in raw.replace("\n", ",").split(",") if x.strip()]
    services.deck_final_control_sign(
        actor=actor, store=selectors.access_store(actor, pk), counted_serials=counted
    )
    return _("Final control signed.")


def _sanction_args(actor: Actor, request: HttpRequest) -> dict[str, Any]:
    p = request.POST
    player_pk = _int(p.get("player"), "player")
    session_pk = _int(p.get("session"), "session")
    return {
        "conduct_code": p.get("conduct") or None,
        "conduct_text": p.get("conduct_text", ""),
        "player": selectors.access_player(actor, player_pk) if player_pk else None,
        "player_description": p.get("player_description", ""),
        "session": selectors.access_session(actor, session_pk) if session_pk else None,
        "hand_number": _int(p.get("hand_number"), "hand_number"),
        "event_name": p.get("event_name", ""),
        "level": p.get("level") or None,
        "vueltas": _int(p.get("vueltas"), "vueltas"),
        "players_in_hand": _int(p.get("players_in_hand"), "players_in_hand"),
        "reason": p.get("reason", ""),
    }


@action("impose")
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


@action("propose")
def _propose(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_propose(actor=actor, **_sanction_args(actor, request))
    return _("Sanction proposed.")


@action("lift")
def _lift(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_lift(
        actor=actor,
        sanction=selectors.access_sanction(actor, pk),
        reason=request.POST.get("reason", ""),
    )
    return _("Sanction lifted.")


@action("reduce")
def _reduce(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_reduce(
        actor=actor,
        sanction=selectors.access_sanction(actor, pk),
        level=request.POST.get("level", ""),
        vueltas=_int(request.POST.get("vueltas"), "vueltas"),
        reason=request.POST.get("reason", ""),
    )
    return _("Sanction reduced.")


@action("appeal")
def _appeal(request: HttpRequest, actor: Actor, pk: int) -> str:
    services.sanction_appeal(
        actor=actor,
        sanction=selectors.access_sanction(actor, pk),
        grounds=request.POST.get("grounds", ""),
    )
    return _("Appeal recorded: the sanction stays in force until it is decided.")


@action("decide_appeal")
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


# --- shift changes (issue 14 §3) ----------------------------------------------------------


@page
def shift_change(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """The shift change page of a session: the count form and each change with its signatures."""
    from .selectors.shifts import shift_change_view, shift_changes

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


@action("shift-change")
def _shift_change(request: HttpRequest, actor: Actor, pk: int) -> str:
    from .services.shifts import shift_change_record

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


@action("shift-change-sign")
def _shift_change_sign(request: HttpRequest, actor: Actor, pk: int) -> str:
    from .selectors.shifts import access_shift_change
    from .services.shifts import shift_change_sign

    result = shift_change_sign(
        actor=actor,
        shift_change=access_shift_change(actor, pk),
        slot=request.POST.get("slot", ""),
        pin=request.POST.get("pin") or None,
        override_reason=request.POST.get("override_reason", ""),
    )
    return _("Signed and locked.") if result.locked else _("Signature recorded.")
