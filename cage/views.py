"""Pages of the cage: the supervisor's table card, the cage's slip queue and blind drop
count, the pit boss's approvals and variances. Thin: parse the form, call the same
services as the API, show the domain messages in the active language."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.access import Actor, require
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formatting import active_lang
from casino.formdata import as_id
from casino.forms import refusal, refuse
from casino.models import GamingDay, User
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.selectors import open_gaming_day
from casino.views import acting_actor
from tables.models import TableSession
from tables.selectors import access_session

from . import selectors, services
from .codes import CageCode
from .models import CashAlert, Slip, SlipKind, SlipVoid, TransactionKind
from .reconciliation import VARIANCE, reconcile_day, reconcile_session

# Bank notes offered on the buy-in form when the casino has not listed its own (CASH-07).
DEFAULT_NOTES = ["20000", "10000", "2000", "1000", "500", "200", "100", "50", "20", "10"]


def _actor(request: HttpRequest) -> Actor:
    actor = acting_actor(request)
    if actor is None:
        raise DomainError.of(CasinoCode.NO_ROLE)
    return actor


# The page each form of the cage is on (a refused form is shown there again).
_FORM_PAGES = {
    "buyin": "cage:session",
    "change": "cage:session",
    "departure": "cage:session",
    "drop": "cage:drop",
    "explain": "cage:reconciliation",
}


def _origin(view_name: str, kwargs: dict[str, Any]) -> str | None:
    if view_name in ("slip_request", "slip_sign", "slip_void", "void_confirm"):
        return reverse("cage:slips")
    name = _FORM_PAGES.get(view_name)
    return reverse(name, args=[kwargs["pk"]]) if name and "pk" in kwargs else None


# The kernel's page guard (casino.pages): a refused form shows again on its page (the
# view's own, else the cage home); the cage's views read the actor themselves.
_page = page_view(
    template="cage/refused.html", form_page=_origin, fallback="cage:index", with_actor=False
)


def _int(value: Any) -> int | None:
    return as_id(None if value is None else str(value))  # the one parser (issue 39 §4)


def _counts(post: Any, prefix: str) -> list[tuple[str, str]]:
    """Form rows ``<prefix>-<value>`` = count, non-empty ones only (the service validates)."""
    rows = []
    for key, raw in post.items():
        if key.startswith(prefix + "-") and str(raw).strip():
            rows.append((key[len(prefix) + 1 :], str(raw).strip()))
    return rows


def _staff(actor: Actor, username: str) -> User | None:
    if not username:
        return None
    return User.objects.filter(username=username, casino_id=actor.casino_id).first()


def _note_values(casino_id: int) -> list[str]:
    listed = selectors.cage_policy(casino_id).note_values
    return [str(Decimal(v).normalize()) for v in listed] if listed else DEFAULT_NOTES


def suggest_chips(session: TableSession, amount: Decimal) -> list[tuple[str, int]]:
    """A first proposal of chips for a buy-in: chips of about a fifth of the amount or less,
    largest first (the supervisor corrects it before confirming)."""
    values = sorted(selectors.table_denominations(session.table), reverse=True)
    if not values:
        return []
    ceiling = max(amount / 5, values[-1])
    rest = amount
    out = []
    for value in values:
        if value > ceiling and value != values[-1]:
            continue
        n = int(rest // value)
        if n:
            out.append((str(value), n))
            rest -= value * n
    return out


# --------------------------------------------------------------------------- index


@_page
def index(request: HttpRequest) -> HttpResponse:
    actor = _actor(request)
    day = open_gaming_day(actor.user.casino_id)
    sessions = list(selectors.sessions_of_day(day)) if day else []
    return render(request, "cage/index.html", {"actor": actor, "day": day, "sessions": sessions})


# --------------------------------------------------------------------------- table card


@_page
def session_card(request: HttpRequest, pk: int) -> HttpResponse:
    """The table card: seats, buy-ins and changes, and the forms to log them (BUYIN-06/07)."""
    actor = _actor(request)
    selectors.require_sees_expected(actor)
    session = access_session(actor, pk, Perm.VIEW_CAGE)
    denominations = sorted(selectors.table_denominations(session.table), reverse=True)
    proposal = request.session.pop("cage_buyin_proposal", None)
    refused = refusal(request)
    if refused is not None and refused.action == reverse("cage:buyin", args=[pk]):
        proposal = _typed_buyin(refused.data)  # issue 13 §6: the buy-in as it was typed
    transactions = (
        session.cage_transactions.select_related("croupier", "approved_by", "player")
        .prefetch_related("chip_lines__denomination", "cash_lines")
        .order_by("-recorded_at", "-id")
    )
    croupiers = User.objects.filter(
        casino_id=actor.casino_id, groups__name=Role.CROUPIER, is_active=True
    ).order_by("username")
    return render(
        request,
        "cage/session.html",
        {
            "actor": actor,
            "session": session,
            "seats": sorted(selectors.seat_summaries(session).values(), key=lambda x: x.seat),
            "transactions": transactions,
            "denominations": denominations,
            "notes": _note_values(session.casino_id),
            "croupiers": croupiers,
            "proposal": proposal,
            "seat_numbers": range(1, session.settings.max_seats + 1),
            "change_kinds": [
                (TransactionKind.COLOUR_CHANGE, _("Colour change")),
                (TransactionKind.CASH_OUT, _("Cash-out (colour-up)")),
                (TransactionKind.TIP_CHANGE, _("Tip change")),
                (TransactionKind.IN_HAND_CHANGE, _("In-hand change (from the pot)")),
            ],
        },
    )


def _typed_buyin(post: Any) -> dict[str, Any]:
    """A refused buy-in as it was posted, in the shape of the card's proposal."""
    return {
        "seat": post.get("seat", ""),
        "player_name": post.get("player_name", ""),
        "croupier": post.get("croupier", ""),
        "amount": post.get("amount", ""),
        "stack_before": post.get("stack_before", ""),
        "notes": dict(_counts(post, "note")),
        "chips": dict(_counts(post, "chip")),
    }


@_page
@require_POST
def buyin(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, pk, Perm.RECORD_BUYIN)
    post = request.POST
    back = reverse("cage:session", args=[pk])
    cash = [{"value": v, "count": n} for v, n in _counts(post, "note")]
    chips = _counts(post, "chip")
    amount_raw = post.get("amount", "").strip()
    if not amount_raw:
        try:
            amount_raw = str(
                sum((Decimal(c["value"]) * int(c["count"]) for c in cash), Decimal("0"))
            )
        except (InvalidOperation, ValueError):
            amount_raw = "0"
    if not chips and post.get("source", "cash") == "cash":
        # Two taps: the notes, then confirm the chips Mesa proposes.
        try:
            amount = Decimal(amount_raw)
        except InvalidOperation:
            amount = Decimal("0")
        request.session["cage_buyin_proposal"] = {
            "seat": post.get("seat", ""),
            "player_name": post.get("player_name", ""),
            "croupier": post.get("croupier", ""),
            "amount": amount_raw,
            "stack_before": post.get("stack_before", ""),
            "notes": {c["value"]: c["count"] for c in cash},
            "chips": dict(suggest_chips(session, amount)),
        }
        messages.info(request, _("Check the chips and confirm the buy-in."))
        return redirect(back + "#buyin")
    result = services.buyin_record(
        actor=actor,
        session=session,
        seat=_int(post.get("seat")),  # type: ignore[arg-type]
        amount=amount_raw,
        croupier=_staff(actor, post.get("croupier", "")),
        cash=cash,
        chips=chips,
        source=post.get("source", "cash"),
        player_name=post.get("player_name", ""),
        stack_before=post.get("stack_before") or None,
        override_by=_staff(actor, post.get("override_by", "")),
        override_pin=post.get("override_pin") or None,
        override_reason=post.get("override_reason", ""),
    )
    tx = result.transaction
    messages.success(
        request,
        _("Buy-in of %(amount)s recorded at seat %(seat)s.")
        % {"amount": tx.amount, "seat": tx.seat},
    )
    lang = active_lang()
    for notice in result.warnings:
        messages.warning(request, notice.message(lang))
    return redirect(back)


@_page
@require_POST
def change(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, pk, Perm.RECORD_CHANGE)
    post = request.POST
    kind = post.get("kind", "")
    records: dict[str, Callable[..., services.Recorded]] = {
        TransactionKind.COLOUR_CHANGE: services.colour_change_record,
        TransactionKind.CASH_OUT: services.cash_out_record,
        TransactionKind.TIP_CHANGE: services.tip_change_record,
        TransactionKind.IN_HAND_CHANGE: services.in_hand_change_record,
    }
    record = records.get(kind)
    if record is None:
        raise DomainError.of(CageCode.KIND_INVALID, field="kind")
    kwargs: dict[str, Any] = {
        "actor": actor,
        "session": session,
        "croupier": _staff(actor, post.get("croupier", "")),
        "chips_in": _counts(post, "in"),
        "chips_out": _counts(post, "out"),
    }
    if kind != TransactionKind.TIP_CHANGE:
        kwargs["seat"] = _int(post.get("seat"))
    if kind == TransactionKind.IN_HAND_CHANGE:
        kwargs["hand_number"] = _int(post.get("hand_number"))
    result = record(**kwargs)
    messages.success(
        request, _("Change recorded: %(amount)s.") % {"amount": result.transaction.amount}
    )
    lang = active_lang()
    for notice in result.warnings:
        messages.warning(request, notice.message(lang))
    return redirect(reverse("cage:session", args=[pk]))


@_page
@require_POST
def departure(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, pk, Perm.RECORD_BUYIN)
    services.player_departure_record(
        actor=actor,
        session=session,
        seat=_int(request.POST.get("seat")),  # type: ignore[arg-type]
        stack=request.POST.get("stack", ""),
    )
    messages.success(request, _("Departure recorded."))
    return redirect(reverse("cage:session", args=[pk]))


@_page
@require_POST
def reverse_transaction(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    tx = selectors.access_transaction(actor, pk, Perm.APPROVE_CHANGE)
    services.transaction_reverse(
        actor=actor, transaction_=tx, reason=request.POST.get("reason", "")
    )
    messages.success(request, _("Reversal recorded."))
    return redirect(reverse("cage:session", args=[tx.session_id]))


# --------------------------------------------------------------------------- slips


@_page
def slips(request: HttpRequest) -> HttpResponse:
    """The fill and credit queue: each role sees what it signs next."""
    actor = _actor(request)
    if not (actor.can(Perm.VIEW_CAGE) or actor.can(Perm.CARRY_SLIP)):
        require(actor, Perm.VIEW_CAGE)
    lang = active_lang()
    open_slips = [
        (
            slip,
            selectors.slip_status(slip),
            sum((line.denomination.value * line.count for line in slip.lines.all()), Decimal(0)),
            selectors.slip_number_label(slip, lang),  # "Relleno N.º …" (issue 14 §5)
        )
        for slip in selectors.slips_for(actor.casino).order_by("-requested_at")[:100]
    ]
    day = open_gaming_day(actor.user.casino_id)
    live = (
        [s for s in selectors.sessions_of_day(day) if s.status != TableSession.Status.CLOSED]
        if day
        else []
    )
    pending_voids = SlipVoid.objects.filter(
        slip__casino_id=actor.casino_id, confirmation__isnull=True
    ).select_related("slip", "requested_by")
    croupiers = User.objects.filter(
        casino_id=actor.casino_id, groups__name=Role.CROUPIER, is_active=True
    ).order_by("username")
    denominations = sorted(
        {v for s in live for v in selectors.table_denominations(s.table)}, reverse=True
    )
    return render(
        request,
        "cage/slips.html",
        {
            "actor": actor,
            "slips": open_slips,
            "live_sessions": live,
            "pending_voids": pending_voids,
            "croupiers": croupiers,
            "denominations": denominations,
            "selected_session": request.GET.get("session", ""),
            # Whose turn it is, in each kind's order (CLOSE-07, ``cage.slip_order``).
            "mine": [
                (slip, total, step.value, _slip_verb(slip, step), label)
                for slip, _status, total, label in open_slips
                if (step := selectors.slip_step_for(actor.role, slip)) is not None
            ],
            "sign_role": actor.role in (Role.CAGE_CASHIER, Role.SECURITY, Role.SUPERVISOR),
        },
    )


def _slip_verb(slip: Slip, step: Role) -> str:
    """The button's word for the step: a fill is issued by the cage and received at the
    table, a credit handed over at the table and received by the cage."""
    if step == Role.SECURITY:
        return _("Carry")
    if slip.kind == SlipKind.CREDIT:
        return _("Receive") if step == Role.CAGE_CASHIER else _("Hand over")
    return _("Issue") if step == Role.CAGE_CASHIER else _("Receive")


@_page
@require_POST
def slip_request(request: HttpRequest) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, _int(request.POST.get("session")) or 0, Perm.REQUEST_FILL)
    slip = services.slip_request(
        actor=actor,
        session=session,
        kind=request.POST.get("kind", ""),
        lines=_counts(request.POST, "line"),
        purpose=request.POST.get("purpose", "play"),
        note=request.POST.get("note", ""),
    )
    messages.success(
        request, _("%(slip)s requested.") % {"slip": selectors.slip_number_label(slip)}
    )
    return redirect(reverse("cage:slips"))


@_page
@require_POST
def slip_sign(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    slip = Slip.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if slip is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
    role = request.POST.get("role", "")
    signer = _staff(actor, request.POST.get("signer", "")) if role == Role.CROUPIER else None
    result = services.slip_sign(
        actor=actor, slip=slip, role=role, signer=signer, pin=request.POST.get("pin") or None
    )
    if result.locked:
        messages.success(
            request, _("%(slip)s complete.") % {"slip": selectors.slip_number_label(slip)}
        )
    else:
        messages.success(
            request, _("%(slip)s signed.") % {"slip": selectors.slip_number_label(slip)}
        )
    return redirect(reverse("cage:slips"))


@_page
@require_POST
def slip_void(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    slip = selectors.access_slip(actor, pk, Perm.VOID_SLIP)
    services.slip_void_request(actor=actor, slip=slip, reason=request.POST.get("reason", ""))
    messages.success(request, _("Void requested; a second person must confirm it."))
    return redirect(reverse("cage:slips"))


@_page
@require_POST
def void_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    require(actor, Perm.VOID_SLIP)
    void = SlipVoid.objects.filter(pk=pk, slip__casino_id=actor.casino_id).first()
    if void is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=SlipVoid)
    services.slip_void_confirm(actor=actor, void=void)
    messages.success(
        request, _("%(slip)s void.") % {"slip": selectors.slip_number_label(void.slip)}
    )
    return redirect(reverse("cage:slips"))


# --------------------------------------------------------------------------- drop and books


@_page
def drop(request: HttpRequest, pk: int) -> HttpResponse:
    """The blind count: notes of the drop box and chips of the rake box, nothing expected."""
    actor = _actor(request)
    session = access_session(actor, pk, Perm.COUNT_DROP)
    if request.method == "POST":
        try:
            result = services.drop_count_record(
                actor=actor,
                session=session,
                cash=[{"value": v, "count": n} for v, n in _counts(request.POST, "note")],
                rake_chips=_counts(request.POST, "chip"),
            )
        except DomainError as err:
            return refuse(request, err, lambda page: _drop_page(page, session))
        else:
            text = {
                "first": _("Count recorded. A second person must count it too."),
                "agreed": _("Both counts agree: the drop is counted."),
                "disagree": _("The counts do not agree: count again."),
            }[result.status]
            (messages.success if result.status != "disagree" else messages.warning)(request, text)
        return redirect(reverse("cage:drop", args=[pk]))
    return _drop_page(request, session)


def _drop_page(request: HttpRequest, session: TableSession) -> HttpResponse:
    return render(
        request,
        "cage/drop.html",
        {
            "session": session,
            "notes": _note_values(session.casino_id),
            "denominations": sorted(selectors.table_denominations(session.table), reverse=True),
        },
    )


@_page
def reconciliation(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    selectors.require_sees_expected(actor)
    session = access_session(actor, pk, Perm.VIEW_CAGE)
    rec = reconcile_session(session)
    explanations = {
        e.finding_key: e for e in session.variance_explanations.select_related("explained_by")
    }
    return render(
        request,
        "cage/reconciliation.html",
        {
            "actor": actor,
            "session": session,
            "rec": rec,
            "data": rec.as_dict(),
            "findings": [(f, explanations.get(f.key)) for f in rec.findings],
            "can_explain": actor.can(Perm.EXPLAIN_VARIANCE),
            "variance": VARIANCE,
            "lang": active_lang(),
        },
    )


@_page
@require_POST
def explain(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, pk, Perm.EXPLAIN_VARIANCE)
    services.variance_explain(
        actor=actor,
        session=session,
        finding_key=request.POST.get("finding_key", ""),
        explanation=request.POST.get("explanation", ""),
    )
    messages.success(request, _("Explanation recorded."))
    return redirect(reverse("cage:reconciliation", args=[pk]))


@_page
def day(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    actor = _actor(request)
    selectors.require_sees_expected(actor)
    if pk is None:
        gaming_day = (
            GamingDay.objects.filter(casino_id=actor.casino_id).order_by("-business_date").first()
        )
        if gaming_day is None:
            return render(request, "cage/day.html", {"day": None})
    else:
        gaming_day = selectors.access_gaming_day(actor, pk, Perm.VIEW_CAGE)
    result = reconcile_day(gaming_day)
    return render(
        request,
        "cage/day.html",
        {
            "day": gaming_day,
            "result": result,
            "findings": result.all_findings,
            "lang": active_lang(),
        },
    )


@_page
def alerts(request: HttpRequest) -> HttpResponse:
    actor = _actor(request)
    selectors.require_sees_expected(actor)
    rows = CashAlert.objects.filter(casino_id=actor.casino_id).select_related(
        "gaming_day", "player"
    )[:200]
    return render(request, "cage/alerts.html", {"alerts": selectors.alerts_with_day_cash(rows)})
