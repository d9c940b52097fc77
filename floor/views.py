"""The floor pages (issue 8): thin views over the apps' services and selectors.

Every write goes through the same service as the API (``cage.services``,
``tables.services``, ``hands.services``); a refusal (``DomainError``) is shown on the
page in the page's language. Forms are enhanced with htmx (the action panel opens in
place, a queue item is signed in place) and work without it.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cage import selectors as cage_selectors
from cage import services as cage_services
from cage.codes import CageCode
from cage.models import Slip, SlipVoid, TransactionKind
from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formatting import active_lang as _lang
from casino.formatting import money
from casino.formdata import as_id, read_date
from casino.forms import refuse
from casino.models import AuditEvent, GamingDay, User
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.urlsafety import safe_next
from hands import selectors as hand_selectors
from hands import services as hand_services
from hands.models import HandRevisionApproval
from players.selectors import access_player
from tables import selectors as table_selectors
from tables import services as table_services
from tables.codes import TablesCode

from . import proposals, selectors

View = Callable[..., HttpResponse]


# The kernel's page guard (casino.pages): an htmx request gets the refusal in place; a
# posted form goes back to its page with the message.
floor_page = page_view(
    template="floor/refused.html", partial="floor/_refused.html", on_post="message"
)


def _back(request: HttpRequest) -> str:
    # issue 12 §8: same-site paths only
    return safe_next(request, request.POST.get("next"), request.META.get("HTTP_REFERER"))


def _done(request: HttpRequest, url: str) -> HttpResponse:
    """After a write: back to ``url`` (htmx: the browser navigates there) with the message."""
    if request.htmx:  # type: ignore[attr-defined]
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


def _croupiers(actor: Actor) -> list[User]:
    return list(
        User.objects.filter(
            casino=actor.casino, is_active=True, groups__name=Role.CROUPIER.value
        ).order_by("username")
    )


def _counts(post: Any, prefix: str) -> list[tuple[str, str]]:
    """Form rows ``<prefix>-<value>`` = count, non-empty ones only (the service validates)."""
    return [
        (key[len(prefix) + 1 :], str(raw).strip())
        for key, raw in post.items()
        if key.startswith(prefix + "-") and str(raw).strip()
    ]


def _note_values(casino_id: int) -> list[str]:
    listed = cage_selectors.cage_policy(casino_id).note_values
    return [str(Decimal(v).normalize()) for v in listed] if listed else proposals.DEFAULT_NOTES


def _denominations(session: Any) -> list[Decimal]:
    return sorted(cage_selectors.table_denominations(session.table), reverse=True)


def _money_text(value: Decimal | None) -> str:
    return money(value, _lang())


# --- tables overview -------------------------------------------------------------------------


@floor_page
def tables(request: HttpRequest, actor: Actor) -> HttpResponse:
    everything = request.GET.get("all") == "1"
    tiles = selectors.table_tiles(actor, everything)
    scoped = actor.role == Role.PIT_BOSS and actor.user.sectors.exists()
    return render(
        request,
        "floor/tables.html",
        {
            "actor": actor,
            "tiles": tiles,
            "scoped": scoped and not everything,
            "can_scope": scoped,
            "day": selectors.open_gaming_day(actor),
            "alerting": sum(1 for t in tiles if t.alerts),
            **_poll_context(actor, everything),
        },
    )


# --- the supervisor's table screen ----------------------------------------------------------


@floor_page
def table_screen(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    table = table_selectors.access_table(actor, pk)
    data = selectors.table_screen(actor, table)
    session = data["session"]
    context: dict[str, Any] = {
        **data,
        "actor": actor,
        "can_buyin": actor.can(Perm.RECORD_BUYIN),
        "can_change": actor.can(Perm.RECORD_CHANGE),
        "can_log": actor.can(Perm.LOG_HAND),
        "can_import": actor.can(Perm.IMPORT_HANDS),
        "can_rotate": actor.can(Perm.DECK_HANDLE),
        "can_fill": actor.can(Perm.REQUEST_FILL),
        "can_sanction": actor.can(Perm.PROPOSE_SANCTION) or actor.can(Perm.IMPOSE_SANCTION),
        "can_seat": actor.can(Perm.MANAGE_SEATING),
        # SEAT-12: the registered players seated now, for the VIP referral form.
        "vip_players": selectors.seated_players(session) if actor.can(Perm.REFER_VIP) else [],
        "sees_books": selectors.sees_books(actor),
        "here": reverse("floor:table", args=[table.pk]),
    }
    panel = request.GET.get("panel")
    if session is not None and panel in ("buyin", "change"):
        # Without JavaScript the action panel opens by reloading the screen.
        context.update(_panel_context(request, actor, session, panel))
    return render(request, "floor/table.html", context)


def _panel_context(
    request: HttpRequest, actor: Actor, session: Any, panel: str, post: Any = None
) -> dict[str, Any]:
    source = post if post is not None else request.GET
    seat = source.get("seat", "")
    amount = proposals.parse_amount(source.get("amount"))
    views = selectors.seat_views(actor, session)
    if not seat and panel == "buyin":
        # "Compra" without a seat: the first free seat (a re-buy starts from its seat).
        seat = next((str(v.number) for v in views if not v.taken), "")
    seat_view = next((v for v in views if str(v.number) == str(seat)), None)
    on_duty = table_selectors.croupier_on_duty(session)
    kind = source.get("kind") or (
        TransactionKind.BUYIN if panel == "buyin" else TransactionKind.COLOUR_CHANGE
    )
    ctx: dict[str, Any] = {
        "panel": panel,
        "session": session,
        "seat": seat,
        "seat_view": seat_view,
        "seat_numbers": range(1, (session.settings.max_seats if session.settings_id else 10) + 1),
        "amount": source.get("amount", ""),
        "kind": kind,
        "croupiers": _croupiers(actor),
        "croupier": source.get("croupier") or (on_duty.username if on_duty else ""),
        "player_name": source.get("player_name", seat_view.name if seat_view else ""),
        "stack_before": source.get(
            "stack_before",
            seat_view.stack if seat_view and seat_view.stack is not None else "",
        ),
        "settings": session.settings,
        "change_kinds": [
            (TransactionKind.COLOUR_CHANGE, _("Colour change")),
            (TransactionKind.CASH_OUT, _("Cash-out (colour-up)")),
            (TransactionKind.TIP_CHANGE, _("Tip change")),
        ],
        "sources": cage_services_sources(),
        "source": source.get("source", "cash"),
    }
    ctx.update(_grids(session, panel, kind, amount, post))
    return ctx


def cage_services_sources() -> list[tuple[str, str]]:
    from cage.models import BuyinSource

    return [(value, str(label)) for value, label in BuyinSource.choices]


def _grids(
    session: Any, panel: str, kind: str, amount: Decimal | None, post: Any = None
) -> dict[str, Any]:
    """The notes and chips fields, filled with what was typed or with a proposal."""
    values = _denominations(session)
    # what was typed (text) or proposed (counts)
    typed_notes: dict[str, str] | dict[str, int]
    typed_chips: dict[str, str] | dict[str, int]
    typed_in: dict[str, str] | dict[str, int]
    typed_out: dict[str, str] | dict[str, int]
    if panel == "buyin":
        notes = _note_values(session.casino_id)
        if post is not None:
            typed_notes = dict(_counts(post, "note"))
            typed_chips = dict(_counts(post, "chip"))
        else:
            typed_notes = proposals.suggest_notes(amount, notes)
            typed_chips = proposals.suggest_chips(values, amount)
        return {
            "note_rows": [(v, typed_notes.get(v, "")) for v in notes],
            "chip_rows": [(str(v), v, typed_chips.get(str(v), "")) for v in values],
        }
    if post is not None:
        typed_in = dict(_counts(post, "in"))
        typed_out = dict(_counts(post, "out"))
    elif kind == TransactionKind.CASH_OUT:
        typed_in, typed_out = {}, proposals.suggest_colour_up(values, amount)
    else:
        typed_in = proposals.suggest_colour_up(values, amount)
        typed_out = proposals.suggest_chips(values, amount)
    return {
        "in_rows": [(str(v), v, typed_in.get(str(v), "")) for v in values],
        "out_rows": [(str(v), v, typed_out.get(str(v), "")) for v in values],
    }


def _panel(request: HttpRequest, ctx: dict[str, Any], status: int = 200) -> HttpResponse:
    template = "floor/_panel.html" if request.htmx else "floor/panel_page.html"  # type: ignore[attr-defined]
    return render(request, template, ctx, status=status)


def _refused_panel(request: HttpRequest, err: DomainError, ctx: dict[str, Any]) -> HttpResponse:
    """The panel again as typed, the field named (issue 13 §6); in place (htmx) it answers
    200, as htmx swaps no 4xx answer, and the page without JavaScript the error's status."""
    response = refuse(request, err, lambda page: _panel(page, ctx), top_message=False)
    if request.htmx:  # type: ignore[attr-defined]
        response.status_code = 200
    return response


@floor_page
def buyin(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """Buy-in in three taps from the table screen (issue 8 §1, BUYIN-06): the seat's
    button opens this panel with the seat chosen and the amount field focused; Mesa
    proposes the notes and the chips; one tap confirms."""
    session = table_selectors.access_session(actor, pk, Perm.RECORD_BUYIN)
    if request.method != "POST":
        return _panel(request, {**_panel_context(request, actor, session, "buyin"), "actor": actor})
    post = request.POST
    source = post.get("source", "cash")
    amount = proposals.parse_amount(post.get("amount"))
    try:
        result = cage_services.buyin_record(
            actor=actor,
            session=session,
            seat=_int(post.get("seat")),  # type: ignore[arg-type]
            amount=amount if amount is not None else post.get("amount", ""),
            croupier=_user(actor, post.get("croupier", "")),
            cash=[{"value": v, "count": n} for v, n in _counts(post, "note")]
            if source == "cash"
            else [],
            chips=_counts(post, "chip") if source == "cash" else [],
            source=source,
            player_name=post.get("player_name", ""),
            stack_before=proposals.parse_amount(post.get("stack_before")),
            override_by=_user(actor, post.get("override_by", "")),
            override_pin=post.get("override_pin") or None,
            override_reason=post.get("override_reason", ""),
        )
    except DomainError as err:
        ctx = _panel_context(request, actor, session, "buyin", post=post)
        return _refused_panel(request, err, {**ctx, "actor": actor})
    tx = result.transaction
    messages.success(
        request,
        _("Buy-in of %(amount)s recorded at seat %(seat)s.")
        % {"amount": _money_text(tx.amount), "seat": tx.seat},
    )
    for notice in result.warnings:
        messages.warning(request, notice.message(_lang()))
    return _done(request, reverse("floor:table", args=[session.table_id]))


@floor_page
def change(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """A colour change, a cash-out (colour-up) or a tip change at the float (CHIP-06/13/17)."""
    session = table_selectors.access_session(actor, pk, Perm.RECORD_CHANGE)
    if request.method != "POST":
        return _panel(
            request, {**_panel_context(request, actor, session, "change"), "actor": actor}
        )
    post = request.POST
    kind = post.get("kind", "")
    records: dict[str, Callable[..., cage_services.Recorded]] = {
        TransactionKind.COLOUR_CHANGE: cage_services.colour_change_record,
        TransactionKind.CASH_OUT: cage_services.cash_out_record,
        TransactionKind.TIP_CHANGE: cage_services.tip_change_record,
    }
    record = records.get(kind)
    try:
        if record is None:
            raise DomainError.of(CageCode.KIND_INVALID, field="kind")
        kwargs: dict[str, Any] = {
            "actor": actor,
            "session": session,
            "croupier": _user(actor, post.get("croupier", "")),
            "chips_in": _counts(post, "in"),
            "chips_out": _counts(post, "out"),
        }
        if kind != TransactionKind.TIP_CHANGE:
            kwargs["seat"] = _int(post.get("seat"))
        result = record(**kwargs)
    except DomainError as err:
        ctx = _panel_context(request, actor, session, "change", post=post)
        return _refused_panel(request, err, {**ctx, "actor": actor})
    messages.success(
        request,
        _("Change recorded: %(amount)s.") % {"amount": _money_text(result.transaction.amount)},
    )
    for notice in result.warnings:
        messages.warning(request, notice.message(_lang()))
    return _done(request, reverse("floor:table", args=[session.table_id]))


@floor_page
def proposal(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """htmx: the notes and chips Mesa proposes for the amount being typed."""
    session = table_selectors.access_session(actor, pk, Perm.VIEW_CAGE)
    panel = "buyin" if request.GET.get("panel") == "buyin" else "change"
    kind = request.GET.get("kind") or TransactionKind.COLOUR_CHANGE
    amount = proposals.parse_amount(request.GET.get("amount"))
    ctx = {"panel": panel, "kind": kind, **_grids(session, panel, kind, amount)}
    return render(request, "floor/_grids.html", ctx)


@floor_page
@require_POST
def phh(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """Paste one or more PHH hands: imported through the hand recorder (issue 8 §1), the
    progress and the verdicts shown on the import page."""
    session = table_selectors.access_session(actor, pk, Perm.IMPORT_HANDS)
    job = hand_services.import_job_create(
        actor=actor,
        session=session,
        content=request.POST.get("content", ""),
        filename=_("pasted hand"),
    )
    return _done(request, reverse("hands:import", args=[job.pk]))


@floor_page
@require_POST
def waiting(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """The table's waiting list from the table screen (SEAT-04): ``op=add`` puts a name at
    the end, ``op=seat`` seats the first in line on an empty seat. The seating services
    check who works the table and the list's order."""
    session = table_selectors.access_session(actor, pk, Perm.MANAGE_SEATING)
    if request.POST.get("op") == "seat":
        entry = hand_selectors.access_waiting_entry(actor, request.POST.get("entry"))
        seat = table_services.waiting_seat(
            actor=actor, entry=entry, session=session, seat=request.POST.get("seat")
        )
        messages.success(
            request,
            _("%(name)s is seated at seat %(seat)s.") % {"name": entry.name, "seat": seat.seat},
        )
    else:
        entry = table_services.waiting_add(
            actor=actor, table=session.table, name=request.POST.get("name", "")
        )
        messages.success(request, _("%(name)s is on the waiting list.") % {"name": entry.name})
    return _done(request, reverse("floor:table", args=[session.table_id]))


@floor_page
@require_POST
def vip_referral(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """Refer a seated player for VIP membership from the table screen (SEAT-12)."""
    from tables.services.players import vip_referral_record

    session = table_selectors.access_session(actor, pk, Perm.REFER_VIP)
    player = access_player(actor, request.POST.get("player"), Perm.REFER_VIP)
    vip_referral_record(
        actor=actor, player=player, session=session, reason=request.POST.get("reason", "")
    )
    messages.success(
        request, _("%(name)s is referred for VIP membership.") % {"name": player.display_name}
    )
    return _done(request, reverse("floor:table", args=[session.table_id]))


def _int(value: Any) -> int | None:
    return as_id(None if value is None else str(value))  # the one parser (issue 39 §4)


def _user(actor: Actor, username: str) -> User | None:
    if not username:
        return None
    return User.objects.filter(username=username, casino=actor.casino).first()


# --- the signing queue -------------------------------------------------------------------------


@floor_page
def queue(request: HttpRequest, actor: Actor) -> HttpResponse:
    items = selectors.signing_queue(actor)
    # Sheets are signed by the floor; the cage and security sign slips only.
    signs_sheets = actor.role in (Role.SUPERVISOR, Role.PIT_BOSS, Role.SHIFT_MANAGER)
    return render(
        request,
        "floor/queue.html",
        {
            "actor": actor,
            "items": items,
            "signs_sheets": signs_sheets,
            "slips_page": actor.can(Perm.VIEW_CAGE) or actor.can(Perm.CARRY_SLIP),
            **_poll_context(actor),
        },
    )


QueueAction = Callable[[HttpRequest, Actor, int], str]


def _sign_sheet(request: HttpRequest, actor: Actor, pk: int, part: str) -> str:
    if part == "opening":
        opening = table_selectors.access_opening(actor, pk)
        result = table_services.opening_sign(actor=actor, sheet=opening, role=actor.role.value)
    else:
        closing = table_selectors.access_closing(actor, pk)
        result = table_services.closing_sign(actor=actor, sheet=closing, role=actor.role.value)
    return _("Signed and locked.") if result.locked else _("Signature recorded.")


def _receipt(request: HttpRequest, actor: Actor, pk: int) -> str:
    table_services.deck_receipt_sign(actor=actor, receipt=table_selectors.access_receipt(actor, pk))
    return _("Receipt signed: the packs are in the store.")


def _discrepancy(request: HttpRequest, actor: Actor, pk: int) -> str:
    table_services.discrepancy_acknowledge(
        actor=actor,
        discrepancy=table_selectors.access_discrepancy(actor, pk),
        note=request.POST.get("note", ""),
        written_report=request.POST.get("written_report", ""),
    )
    return _("Difference acknowledged.")


def _void(request: HttpRequest, actor: Actor, pk: int) -> str:
    require(actor, Perm.VOID_SLIP)
    void = SlipVoid.objects.filter(pk=pk, slip__casino=actor.casino).select_related("slip").first()
    if void is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=SlipVoid)
    cage_services.slip_void_confirm(actor=actor, void=void)
    return _("%(slip)s void.") % {"slip": cage_selectors.slip_number_label(void.slip)}


def _slip(request: HttpRequest, actor: Actor, pk: int) -> str:
    """One step of a fill or credit slip, as on the cage's page (``cage.views.slip_sign``):
    in the role the user acts in, or the croupier's with the PIN on the supervisor's
    terminal (OQ-34). The service decides who may sign and in which order."""
    slip = Slip.objects.filter(pk=pk, casino=actor.casino).first()
    if slip is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
    role = request.POST.get("role") or actor.role.value
    signer = _user(actor, request.POST.get("signer", "")) if role == Role.CROUPIER else None
    result = cage_services.slip_sign(
        actor=actor, slip=slip, role=role, signer=signer, pin=request.POST.get("pin") or None
    )
    if result.locked:
        return _("%(slip)s complete.") % {"slip": cage_selectors.slip_number_label(slip)}
    if role == Role.CROUPIER:
        return _("%(slip)s: the croupier's signature is recorded.") % {
            "slip": cage_selectors.slip_number_label(slip)
        }
    return _("%(slip)s signed.") % {"slip": cage_selectors.slip_number_label(slip)}


def _shift_change(request: HttpRequest, actor: Actor, pk: int) -> str:
    """A signature of a shift change from the queue (issue 14 §3), by its slot, through the
    one writer (``tables.services.shifts``), which checks who may sign it."""
    from tables.selectors.shifts import access_shift_change
    from tables.services.shifts import shift_change_sign

    result = shift_change_sign(
        actor=actor,
        shift_change=access_shift_change(actor, pk),
        slot=request.POST.get("slot", ""),
    )
    return _("Signed and locked.") if result.locked else _("Signature recorded.")


def _variance(request: HttpRequest, actor: Actor, pk: int) -> str:
    session = table_selectors.access_session(actor, pk, Perm.EXPLAIN_VARIANCE)
    cage_services.variance_explain(
        actor=actor,
        session=session,
        finding_key=request.POST.get("finding_key", ""),
        explanation=request.POST.get("explanation", ""),
    )
    return _("Explanation recorded.")


def _review(request: HttpRequest, actor: Actor, pk: int) -> str:
    require(actor, Perm.REVIEW_HAND)
    hand = hand_selectors.access_hand(actor, pk, Perm.REVIEW_HAND)
    signed = hand_services.hand_review(
        actor=actor,
        hand=hand,
        correction_id=_int(request.POST.get("correction")) or 0,
        note=request.POST.get("note", ""),
    )
    if isinstance(signed, HandRevisionApproval):  # issue 38 §3
        return _("The correction is signed: it counts now.")
    return _("The review is signed: the hand is resolved.")


QUEUE_ACTIONS: dict[str, QueueAction] = {
    "opening": lambda r, a, pk: _sign_sheet(r, a, pk, "opening"),
    "closing": lambda r, a, pk: _sign_sheet(r, a, pk, "closing"),
    "receipt": _receipt,
    "discrepancy": _discrepancy,
    "void": _void,
    "slip": _slip,
    "shift_change": _shift_change,
    "variance": _variance,
    "hand": _review,
}


@floor_page
@require_POST
def queue_act(request: HttpRequest, actor: Actor, kind: str, pk: int) -> HttpResponse:
    """Sign (or acknowledge, confirm, explain) one queue item in place, in the role the
    user acts in (issue 8 §2); the item is replaced by the outcome."""
    handler = QUEUE_ACTIONS.get(kind)
    if handler is None:
        raise DomainError.of(TablesCode.ACTION_UNKNOWN, action=kind)
    dom_id = request.POST.get("dom_id", "")
    try:
        text = handler(request, actor, pk)
    except DomainError as err:
        if not request.htmx:  # type: ignore[attr-defined]
            raise
        item = next(
            (i for i in selectors.signing_queue(actor) if i.dom_id == dom_id),
            None,
        )
        return render(
            request,
            "floor/_queue_item.html",
            {"item": item, "error": err.message(_lang()), "dom_id": dom_id, "actor": actor},
        )
    if request.htmx:  # type: ignore[attr-defined]
        # A slip with a further step for the same person (the supervisor receives after the
        # croupier's PIN) stays in place with that step and the outcome.
        following = selectors.slip_queue_items(actor, pk) if kind == "slip" else []
        # What is still waiting, counted again: the list's heading follows (issue 40).
        remaining = len(selectors.signing_queue(actor))
        if following:
            return render(
                request,
                "floor/_queue_item.html",
                {
                    "item": following[0],
                    "done": text,
                    "dom_id": dom_id,
                    "actor": actor,
                    "remaining": remaining,
                },
            )
        return render(
            request,
            "floor/_queue_done.html",
            {"text": text, "dom_id": dom_id, "actor": actor, "remaining": remaining},
        )
    messages.success(request, text)
    return redirect("floor:queue")


# --- the sector moving by itself: polled fragments (issue 13 §8) -------------------------------


def _poll_version(actor: Actor, everything: bool = False) -> str:
    """What the fragment shows changes with a regulated change in the casino (every one
    writes its AuditEvent, in the same transaction) and with the clock (pack ages, slips'
    minutes): the latest event's id and the minute, per role, language and scope. One
    query; an unchanged answer costs only this."""
    latest = AuditEvent.objects.filter(casino=actor.casino).order_by("-id").values("id").first()
    minute = int(timezone.now().timestamp() // 60)
    parts = (latest["id"] if latest else 0, minute, actor.role.value, _lang(), int(everything))
    return "-".join(str(p) for p in parts)


def _poll_context(actor: Actor, everything: bool = False) -> dict[str, Any]:
    return {
        "poll_seconds": settings.MESA_POLL_SECONDS,
        "poll_version": _poll_version(actor, everything),
        "poll_all": everything,
    }


def _unchanged(request: HttpRequest, version: str) -> HttpResponse | None:
    """204 (htmx swaps nothing) when the poll's ``since`` is current; 304 to a client that
    sent the ETag back."""
    if request.GET.get("since") == version:
        return HttpResponse(status=204)
    if request.headers.get("If-None-Match") == f'"{version}"':
        return HttpResponse(status=304)
    return None


def _fragment(request: HttpRequest, template: str, ctx: dict[str, Any]) -> HttpResponse:
    response = render(request, template, ctx)
    response["ETag"] = f'"{ctx["poll_version"]}"'
    response["Cache-Control"] = "private, no-cache"
    return response


def _signs_in_queue(actor: Actor) -> bool:
    """The signing queue is the actor's when his menu offers it (floor.nav's check)."""
    from .nav import menu

    queue_url = reverse("floor:queue")
    return any(link.url == queue_url for link in menu(actor, "/"))


def _poll_session_gone(view: View) -> View:
    """A poll after the session expired reloads the page (to the login), instead of
    swapping the login form into the grid."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            # 401, nothing in it; htmx reads HX-Refresh whatever the status, and reloads.
            response = HttpResponse(status=401)
            response["HX-Refresh"] = "true"
            return response
        return view(request, *args, **kwargs)

    return wrapped


@_poll_session_gone
@floor_page
def tables_fragment(request: HttpRequest, actor: Actor) -> HttpResponse:
    """The tiles of ``/floor/tables/`` alone, for the page's poll: the same tiles and the
    same scope (a pit boss's sectors, or all with ``all=1``)."""
    if not actor.can(Perm.VIEW_TABLES):
        raise PermissionDenied
    everything = request.GET.get("all") == "1"
    poll = _poll_context(actor, everything)
    unchanged = _unchanged(request, poll["poll_version"])
    if unchanged is not None:
        return unchanged
    tiles = selectors.table_tiles(actor, everything)
    ctx = {
        "actor": actor,
        "tiles": tiles,
        "day": selectors.open_gaming_day(actor),
        "alerting": sum(1 for t in tiles if t.alerts),
        **poll,
    }
    return _fragment(request, "floor/_tiles.html", ctx)


@_poll_session_gone
@floor_page
def queue_fragment(request: HttpRequest, actor: Actor) -> HttpResponse:
    """The list of ``/floor/queue/`` alone, for the page's poll (the forms being filled
    in are kept by the page's script: it skips a poll while one is in progress)."""
    if not _signs_in_queue(actor):
        raise PermissionDenied
    poll = _poll_context(actor)
    unchanged = _unchanged(request, poll["poll_version"])
    if unchanged is not None:
        return unchanged
    ctx = {"actor": actor, "items": selectors.signing_queue(actor), **poll}
    return _fragment(request, "floor/_queue_list.html", ctx)


# --- the gaming day's dashboard -------------------------------------------------------------


@floor_page
def day(request: HttpRequest, actor: Actor) -> HttpResponse:
    """Manager and auditor: the day's tables, drop, rake, variances and exceptions with
    charts — the master report's figures on screen (issue 8 §4, RPT-07)."""
    from reports.kinds.gaming_day import master_data
    from reports.registry import get_spec
    from reports.services import check_access

    require(actor, Perm.VIEW_REPORTS)
    spec = get_spec("gaming_day")
    days = GamingDay.objects.filter(casino=actor.casino).order_by("-business_date")
    wanted = read_date(request.GET, "date")
    gaming_day = (days.filter(business_date=wanted).first() if wanted else None) or days.first()
    if spec is not None and not actor.can(spec.perm):
        check_access(actor, spec, {})  # refuses the role as the report does (RPT-17)
    if gaming_day is None:
        return render(request, "floor/day.html", {"actor": actor, "day": None})
    if spec is not None:
        check_access(actor, spec, {"date": gaming_day.business_date.isoformat()})
    data = master_data(gaming_day, _lang(), lambda *_a: None)
    return render(
        request,
        "floor/day.html",
        {
            "actor": actor,
            "day": gaming_day,
            "d": data,
            "days": days[:31],
            "can_request": actor.can(Perm.REQUEST_REPORT),
            "now": timezone.now(),
        },
    )


# --- refused attempts (issue 17 §2) -----------------------------------------------------------


@floor_page
def refused_attempts(request: HttpRequest, actor: Actor) -> HttpResponse:
    """The buy-ins and seatings refused to an excluded or under-age player, newest first."""
    page = Paginator(selectors.refused_attempts(actor), 50).get_page(request.GET.get("page"))
    return render(request, "floor/refused_attempts.html", {"actor": actor, "page": page})


# --- the audit trail -------------------------------------------------------------------------


@floor_page
def audit(request: HttpRequest, actor: Actor) -> HttpResponse:
    """Every regulated change (``casino.models.AuditEvent``), read-only, with filters."""
    q = request.GET
    qs = selectors.audit_trail(
        actor,
        date_from=read_date(q, "date_from"),
        date_to=read_date(q, "date_to"),
        username=q.get("user", ""),
        role=q.get("role", ""),
        action=q.get("action", ""),
        object_type=q.get("object_type", ""),
        object_id=q.get("object_id", ""),
        text=q.get("q", ""),
    )
    page = Paginator(qs, 50).get_page(q.get("page"))
    params = q.copy()
    params.pop("page", None)
    return render(
        request,
        "floor/audit.html",
        {
            "actor": actor,
            "page": page,
            "q": q,
            "query": params.urlencode(),
            "roles": Role.choices,
            **selectors.audit_choices(actor),
        },
    )


__all__ = [
    "audit",
    "buyin",
    "change",
    "day",
    "phh",
    "proposal",
    "queue",
    "queue_act",
    "refused_attempts",
    "table_screen",
    "tables",
    "vip_referral",
]
