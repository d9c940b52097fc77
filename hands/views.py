"""Pages of the hand recorder (issue 4 §7): thin views over the same services as the API."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods

from casino.access import Actor, require
from casino.errors import DomainError, PermissionRefused
from casino.formatting import active_lang
from casino.formatting import active_lang as _lang
from casino.formdata import as_id, read_date, read_int
from casino.pages import page_view
from casino.roles import Perm
from casino.views import acting_actor
from tables import services as table_services
from tables.models import SeatStatus

from . import presenters, selectors, services
from .cut import seat_before_button
from .labels import IRREGULARITY_GROUPS
from .models import HandStatus
from .services.live import live_hand_act_many


def _actor(request: HttpRequest) -> Actor:
    actor = acting_actor(request)
    if actor is None:
        raise PermissionRefused("NO_ROLE", "Sin rol.", "No role.")
    return actor


def _fail(request: HttpRequest, err: DomainError) -> None:
    messages.error(request, err.message(active_lang()))


# The kernel's page guard (casino.pages): the hand recorder's forms handle their own
# refusals; one that escapes is shown on the refusal page at its status.
_guard = page_view(template="hands/refused.html", on_post="page", with_actor=False)


@_guard
def hand_list(request: HttpRequest) -> HttpResponse:
    actor = _actor(request)
    q = request.GET
    qs = selectors.filter_hands(
        selectors.hands_for(actor),
        table=read_int(q, "table"),  # issue 39 §4: the one parser ("?session=²" was a 500)
        session=read_int(q, "session"),
        date_from=read_date(q, "date_from"),
        date_to=read_date(q, "date_to"),
        dealer=q.get("dealer") or None,
        player=q.get("player") or None,
        status=q.get("status") or None,
        code=q.get("code") or None,
        unresolved=True if q.get("unresolved") else None,
    )
    qs = presenters.with_related(qs).order_by("-started_at", "-id")
    page = Paginator(qs, 50).get_page(q.get("page"))
    # People by name on the page (issue 13 §5); the API keeps the username.
    rows = [{**presenters.summary(h), "dealer_name": h.dealer or None} for h in page]
    return render(
        request,
        "hands/list.html",
        {"rows": rows, "page": page, "q": q, "statuses": HandStatus.choices, "actor": actor},
    )


@_guard
def hand_detail(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    hand = selectors.access_hand(actor, pk)
    data = presenters.detail(hand)
    lang = _lang()
    violations = [{**v, "text": v["message"][lang]} for v in data["verdict"]["violations"]]
    rulings = {
        int(k): {**r, "text": r["explanation"][lang]} for k, r in data["verdict"]["rulings"].items()
    }
    actions = [
        {"index": i, **a, "ruling": rulings.get(i)} for i, a in enumerate(hand.record["actions"])
    ]
    irregularities = [
        {**i, "text": i["ruling"]["explanation"][lang]} for i in data["irregularities"]
    ]
    return render(
        request,
        "hands/detail.html",
        {
            "hand": hand,
            "d": data,
            "violations": violations,
            "actions": actions,
            "irregularities": irregularities,
            "can_review": actor.can(Perm.REVIEW_HAND),
            "can_correct": actor.can(Perm.LOG_HAND) or actor.can(Perm.REVIEW_HAND),
            "irregularity_groups": IRREGULARITY_GROUPS,
            "needs_review": hand.status == HandStatus.INVALID
            and not data["resolved"]
            and hand.revision_of_id is None,
        },
    )


@_guard
def hand_replay(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    hand = selectors.access_hand(actor, pk)
    data = presenters.replay(hand)
    steps = data["steps"]
    step = max(0, min(as_id(request.GET.get("step")) or 0, len(steps) - 1))
    current = steps[step]
    lang = _lang()
    seats = [
        {
            "seat": s["seat"],
            "name": s.get("name") or "",
            "position": data["positions"].get(str(s["seat"]), ""),
            "stack": current["stacks"].get(str(s["seat"])),
            "bet": current["bets"].get(str(s["seat"])),
            "folded": s["seat"] in current["folded"],
            "to_act": s["seat"] == current["next_seat"],
            "shown": data["shown"].get(s["seat"]),
        }
        for s in hand.record["seats"]
    ]
    return render(
        request,
        "hands/replay.html",
        {
            "hand": hand,
            "step": step,
            "last": len(steps) - 1,
            "current": current,
            "text": current["text"][lang],
            "history": [st["text"][lang] for st in steps[: step + 1]],
            "seats": seats,
            "final": step == len(steps) - 1,
            "pots": data["pots"],
            "lang": lang,
        },
    )


@_guard
@require_http_methods(["POST"])
def hand_resolve(request: HttpRequest, pk: int) -> HttpResponse:
    """Override with a reason, or the pit boss's signed review."""
    actor = _actor(request)
    # Refuse the role before the hand is fetched (issue 9 §1): the review is the pit
    # boss's or manager's; an override is for who logs hands or reviews them.
    if request.POST.get("op") == "review" or not actor.can(Perm.LOG_HAND):
        require(actor, Perm.REVIEW_HAND)
        perm = Perm.REVIEW_HAND
    else:
        perm = Perm.LOG_HAND
    hand = selectors.access_hand(actor, pk, perm)  # assigned to its table (issue 12 §1)
    try:
        if request.POST.get("op") == "override":
            services.hand_override(actor=actor, hand=hand, reason=request.POST.get("reason", ""))
            messages.success(request, _("The correction entry was recorded."))
        elif request.POST.get("op") == "irregularity":
            revision = _raise_irregularity(request, actor, hand)
            messages.success(request, _("The irregularity is recorded in a linked revision."))
            return redirect("hands:detail", pk=revision.pk)
        elif request.POST.get("op") == "review":
            correction = read_int(request.POST, "correction") or 0
            services.hand_review(
                actor=actor,
                hand=hand,
                correction_id=correction,
                note=request.POST.get("note", ""),
                override_reason=request.POST.get("override_reason", ""),
            )
            messages.success(request, _("The review is signed: the hand is resolved."))
    except DomainError as err:
        _fail(request, err)
    return redirect("hands:detail", pk=hand.pk)


def _raise_irregularity(request: HttpRequest, actor: Actor, hand: Any) -> Any:
    """HREC-10, IRREG-14: the form's irregularity goes into a linked revision of the hand,
    through the same service as ``POST /api/hands/{id}/corrections/`` (hand_correct)."""
    from . import engine

    p = request.POST
    facts: dict[str, Any] = {"kind": p.get("kind", "")}
    if (seat := read_int(p, "seat")) is not None:
        facts["seat"] = seat
    for box in ("first_or_second_card", "exposed_by_dealer", "deliberate"):
        if box in p:  # an unticked box sends nothing
            facts[box] = True
    if p.get("override_reason", "").strip():
        facts["override_reason"] = p["override_reason"].strip()
    at = read_int(p, "at")
    data = engine.record_with_irregularity(
        hand.record,
        at=at if at is not None else len(hand.record.get("actions") or ()),
        irregularity=facts,
    )
    return services.hand_correct(actor=actor, hand=hand, data=data, reason=p.get("reason", ""))


@_guard
def session_page(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = selectors.access_session(actor, pk)
    if request.method == "POST":
        try:
            job = _session_post(request, actor, session)
        except DomainError as err:
            _fail(request, err)
        else:
            if job is not None:
                return redirect("hands:import", pk=job.pk)
        return redirect("hands:session", pk=session.pk)
    plan = presenters.seat_plan(session)
    hands = presenters.with_related(
        selectors.filter_hands(selectors.hands_for(actor), session=session.pk)
    ).order_by("-number")[:30]
    live = selectors.open_live_hand(session)
    return render(
        request,
        "hands/session.html",
        {
            "session": session,
            "plan": plan,
            "rows": [presenters.summary(h) for h in hands],
            "live": live,
            "statuses": SeatStatus.choices,
            "seat_numbers": range(
                1, (session.settings.max_seats if session.settings_id else 10) + 1
            ),
            "can_seat": actor.can(Perm.MANAGE_SEATING),
            "can_log": actor.can(Perm.LOG_HAND),
            "can_import": actor.can(Perm.IMPORT_HANDS),
        },
    )


def _session_post(request: HttpRequest, actor: Actor, session: Any) -> Any:
    """Apply one seating or import form; returns the import job when one was queued."""
    op = request.POST.get("op")
    p = request.POST
    if op == "sit":
        table_services.seat_sit(
            actor=actor,
            session=session,
            seat=p.get("seat"),
            player_id=p.get("player") or None,
            name=p.get("name", ""),
        )
    elif op == "status":
        table_services.seat_set_status(
            actor=actor, session=session, seat=p.get("seat"), status=p.get("status", "")
        )
    elif op == "wait":
        table_services.waiting_add(actor=actor, table=session.table, name=p.get("name", ""))
    elif op == "seat_waiting":
        entry = selectors.access_waiting_entry(actor, p.get("entry"))
        table_services.waiting_seat(actor=actor, entry=entry, session=session, seat=p.get("seat"))
    elif op == "draw":
        cards = {k[5:]: v for k, v in p.items() if k.startswith("draw_") and v.strip()}
        draw = services.button_draw_record(actor=actor, session=session, cards=cards)
        messages.success(
            request, _("The button goes to seat %(seat)s.") % {"seat": draw.winner_seat}
        )
    elif op == "import":
        upload = request.FILES.get("file")
        content = (
            upload.read().decode("utf-8", errors="replace") if upload else p.get("content", "")
        )
        return services.import_job_create(
            actor=actor, session=session, content=content, filename=upload.name if upload else ""
        )
    return None


@_guard
def session_export(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = selectors.access_session(actor, pk)
    text = services.session_export_phhs(actor=actor, session=session)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.phhs"'
    return response


@_guard
def live_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Start logging a hand in one tap: the seats with a player, their stacks, the button and
    the dealer come filled in (``hands.presenters.hand_start_rows``); the supervisor
    corrects what differs at the table."""
    actor = _actor(request)
    session = selectors.access_session(actor, pk, Perm.LOG_HAND)
    if request.method == "POST":
        seats = []
        for seat in range(1, 11):
            if request.POST.get(f"in_{seat}"):
                seats.append(
                    {
                        "seat": seat,
                        "name": request.POST.get(f"name_{seat}", ""),
                        "stack": _money(request.POST.get(f"stack_{seat}")),
                        "cards": request.POST.get(f"cards_{seat}", ""),
                    }
                )
        try:
            live = services.live_hand_start(
                actor=actor,
                session=session,
                data={
                    "button": read_int(request.POST, "button") or 0,
                    "seats": seats,
                    **_cut_posted(request, seats),
                },
                dealer=request.POST.get("dealer") or None,
            )
        except DomainError as err:
            _fail(request, err)
        else:
            return redirect("hands:live", pk=live.pk)
    live = selectors.open_live_hand(session)
    if live is not None:
        return redirect("hands:live", pk=live.pk)
    return render(
        request,
        "hands/live_start.html",
        {"session": session, **presenters.hand_start_rows(actor, session)},
    )


def _cut_posted(request: HttpRequest, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """SHUF-08: the page offers the cut only to the player before the button (or the
    dealer's cut when declined), so it names no seat; the recorder works it out."""
    choice = request.POST.get("cut", "")
    if choice == "declined":
        return {"cut": {"declined": True}}
    if choice == "player" and seats:
        button = read_int(request.POST, "button") or 0
        return {"cut": {"seat": seat_before_button([s["seat"] for s in seats], button)}}
    return {}


def _money(value: Any) -> str:
    """An amount typed on the page (``1.500``, ``1500,50``) as the service reads it."""
    from casino.formatting import parse_amount

    amount = parse_amount(value)
    return str(amount) if amount is not None else "0"


# The words of the manual for the actions so far (issue 13 §4).
ACTION_WORDS = {
    "fold": _lazy("folds"),
    "check": _lazy("checks"),
    "call": _lazy("calls"),
    "bet": _lazy("bets"),
    "raise": _lazy("raises to"),
    "all_in": _lazy("all-in"),
    "board": _lazy("board"),
    "show": _lazy("shows"),
    "muck": _lazy("mucks"),
    "irregularity": _lazy("irregularity"),
    "dead": _lazy("dead hand"),
    "void": _lazy("void (misdeal)"),
}
RANKS = "AKQJT98765432"
SUITS = (("s", "\u2660"), ("h", "\u2665"), ("d", "\u2666"), ("c", "\u2663"))


def _pairs(text: str) -> set[str]:
    text = (text or "").replace(" ", "")
    return {text[i : i + 2] for i in range(0, len(text) - 1, 2)}


def _live_action(request: HttpRequest) -> dict[str, Any]:
    """One action of the live page's forms, as the service reads it."""
    p = request.POST
    action: dict[str, Any] = {"action": p.get("action"), "seat": read_int(p, "seat")}
    if p.get("amount"):
        action["amount"] = _money(p.get("amount"))
    if p.get("cards"):
        action["cards"] = p.get("cards", "").replace(" ", "")
    if action["action"] == "irregularity":
        # IRREG-14: the floor declares what happened; the engine rules on it.
        action["irregularity"] = {
            "kind": p.get("kind", ""),
            **({"seat": action["seat"]} if action["seat"] else {}),
        }
    return action


def _live_context(live: Any, stored: Any = None, error: str = "") -> dict[str, Any]:
    """What the live page and its panel show: the table map, the options, the keypad."""
    from cage.selectors import table_denominations

    from .labels import IRREGULARITY_GROUPS

    state = services.live_state(live)
    if stored is None and live.hand_id is not None:
        stored = live.hand  # finished: the verdict, not the options
    names = {s["seat"]: s.get("name") or "" for s in live.record["seats"]}
    used = _pairs(state["board"])
    for seat in live.record["seats"]:
        used |= _pairs(seat.get("cards") or "")
    options = {o["action"]: o for o in state["options"]}
    sizing = options.get("raise") or options.get("bet")
    to_act = state["phase"] == "betting" and state["next_seat"] is not None
    seated = [
        {
            "seat": s["seat"],
            "name": s.get("name") or "",
            "stack": state["stacks"].get(str(s["seat"])),
            "bet": state["bets"].get(str(s["seat"])),
            "position": state["positions"].get(str(s["seat"]), ""),
            "folded": s["seat"] in state["folded"],
            "to_act": s["seat"] == state["next_seat"],
            "button": s["seat"] == state["button"],
        }
        for s in live.record["seats"]
    ]
    return {
        "live": live,
        "state": state,
        "stored": stored,
        "error": error,
        "rulings": presenters.live_rulings(live),
        "irregularity_groups": IRREGULARITY_GROUPS,
        "next_name": names.get(state["next_seat"], ""),
        "seats": seated,
        # "todos se retiran hasta el asiento N": the seats still in, after the one to act.
        "fold_targets": [s for s in seated if not s["folded"] and not s["to_act"]]
        if to_act
        else [],
        "can_check_around": to_act and "check" in options,
        "sizing": sizing,
        "chips": sorted(table_denominations(live.session.table)),
        "picker": [
            [{"card": r + s, "rank": r, "suit": sym, "used": r + s in used} for s, sym in SUITS]
            for r in RANKS
        ],
        "actions": [
            {"n": i, **a, "word": ACTION_WORDS.get(a.get("action"), a.get("action"))}
            for i, a in enumerate(live.record["actions"], start=1)
        ],
        "count": len(live.record["actions"]),
    }


def _live_post(request: HttpRequest, actor: Actor, live: Any) -> Any:
    """Apply one form of the live page; returns the stored hand on *finish*."""
    p = request.POST
    op = p.get("op")
    if op == "act":
        services.live_hand_act(
            actor=actor, live=live, action=_live_action(request), force=bool(p.get("force"))
        )
    elif op == "many":  # issue 13 §4: fold to seat N, check around, in one tap
        live_hand_act_many(
            actor=actor,
            live=live,
            action=p.get("action", ""),
            until_seat=read_int(p, "until"),
            expected_count=read_int(p, "count"),
        )
    elif op == "undo":
        services.live_hand_undo(actor=actor, live=live)
    elif op == "finish":
        return services.live_hand_finish(actor=actor, live=live)
    return None


@_guard
def live_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """The hand being logged (BET-24): rendered once, then each tap answers the panel
    (htmx, issue 13 §4); without JavaScript the same forms post and redirect."""
    actor = _actor(request)
    live = selectors.access_live_hand(actor, pk)
    htmx = bool(getattr(request, "htmx", False))
    if request.method == "POST":
        if request.POST.get("op") == "abandon":
            try:
                services.live_hand_abandon(
                    actor=actor, live=live, reason=request.POST.get("reason", "")
                )
            except DomainError as err:
                _fail(request, err)
                return redirect("hands:live", pk=live.pk)
            return redirect("hands:session", pk=live.session_id)
        try:
            stored = _live_post(request, actor, live)
        except DomainError as err:
            if not htmx:
                _fail(request, err)
                return redirect("hands:live", pk=live.pk)
            live.refresh_from_db()
            context = _live_context(live, error=err.message(active_lang()))
            return render(request, "hands/_live_panel.html", context)
        if stored is not None and not htmx:
            messages.success(request, _("Hand %(number)s stored.") % {"number": stored.number})
            return redirect("hands:detail", pk=stored.pk)
        if not htmx:
            return redirect("hands:live", pk=live.pk)
        live.refresh_from_db()
        return render(request, "hands/_live_panel.html", _live_context(live, stored=stored))
    return render(request, "hands/live.html", _live_context(live))


@_guard
def import_page(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    job = selectors.access_import(actor, pk)
    summary = services.import_summary(job)
    template = "hands/_import_progress.html" if request.htmx else "hands/import.html"  # type: ignore[attr-defined]
    done = summary.get("status") in ("done", "failed")
    hands = (
        [presenters.summary(h) for h in presenters.with_related(job.hands.order_by("number"))[:50]]
        if done
        else []
    )
    # htmx stops polling on a 286 answer: the import is over.
    status = 286 if done and request.htmx else 200  # type: ignore[attr-defined]
    return render(request, template, {"job": job, "s": summary, "hands": hands}, status=status)


@_guard
def revalidation_page(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    actor = _actor(request)
    require(actor, Perm.VIEW_HANDS)  # the empty form too: not for the cage or security
    if request.method == "POST":
        try:
            run = services.revalidation_create(
                actor=actor,
                date_from=read_date(request.POST, "date_from"),  # type: ignore[arg-type]
                date_to=read_date(request.POST, "date_to"),  # type: ignore[arg-type]
            )
        except (DomainError, TypeError) as err:
            if isinstance(err, DomainError):
                _fail(request, err)
            else:
                messages.error(request, _("Give both dates."))
            return redirect("hands:revalidate")
        return redirect("hands:revalidation", pk=run.pk)
    run = selectors.access_revalidation(actor, pk) if pk else None
    report = services.revalidation_report(run) if run else None
    return render(
        request,
        "hands/revalidation.html",
        {"run": run, "r": report, "can_run": actor.can(Perm.REVALIDATE_HANDS)},
    )


__all__ = [
    "hand_detail",
    "hand_list",
    "hand_replay",
    "hand_resolve",
    "import_page",
    "live_hand",
    "live_start",
    "revalidation_page",
    "session_export",
    "session_page",
]
