"""Pages of the hand recorder (issue 4 §7): thin views over the same services as the API."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods

from casino.access import Actor, require
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.formatting import active_lang
from casino.formatting import active_lang as _lang
from casino.formatting import money as money_format
from casino.formdata import as_id, read_date, read_int
from casino.pages import page_view
from casino.roles import Perm
from casino.views import acting_actor
from tables import services as table_services
from tables.models import SeatStatus
from tables.selectors import access_session

from . import presenters, selectors, services
from .cut import seat_before_button
from .labels import ACTIONS, IRREGULARITY_GROUPS
from .models import HandRevisionApproval, HandStatus, LiveHand
from .services.live import UNSHOWN, live_hand_act_many, live_hand_close_and_act


def _actor(request: HttpRequest) -> Actor:
    actor = acting_actor(request)
    if actor is None:
        raise DomainError.of(CasinoCode.NO_ROLE)
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
    reasons = dict(AWARD_REASONS)
    actions = [
        {
            "index": i,
            **a,
            "ruling": rulings.get(i),
            "reason_text": reasons.get(a.get("reason") or "", "") if a["action"] == "award" else "",
        }
        for i, a in enumerate(hand.record["actions"])
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
            "chain": presenters.revision_chain(hand),
            "can_edit": actor.can(Perm.LOG_HAND),
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


@_guard
@require_http_methods(["POST"])
def hand_correct_open(request: HttpRequest, pk: int) -> HttpResponse:
    """HREC-09, issue 38 §3: open the stored hand in the live editor, as it counts now, to
    change what was wrong; storing it (with the reason) makes a linked revision."""
    actor = _actor(request)
    require(actor, Perm.LOG_HAND)
    hand = selectors.access_hand(actor, pk, Perm.LOG_HAND)
    try:
        draft = services.correction_draft_open(actor=actor, hand=hand)
    except DomainError as err:
        _fail(request, err)
        return redirect("hands:detail", pk=hand.pk)
    return redirect("hands:live", pk=draft.pk)


def _raise_irregularity(request: HttpRequest, actor: Actor, hand: Any) -> Any:
    """HREC-10, IRREG-14: the form's irregularity goes into a linked revision of the hand,
    through the same service as ``POST /api/hands/{id}/corrections/`` (hand_correct)."""
    from . import adapter

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
    data = adapter.record_with_irregularity(
        hand.record,
        at=at if at is not None else len(hand.record.get("actions") or ()),
        irregularity=facts,
    )
    return services.hand_correct(actor=actor, hand=hand, data=data, reason=p.get("reason", ""))


@_guard
def session_page(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, pk, Perm.VIEW_HANDS)
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
        cards = {k[5:]: str(v) for k, v in p.items() if k.startswith("draw_") and str(v).strip()}
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
            actor=actor,
            session=session,
            content=content,
            filename=(upload.name or "") if upload else "",
        )
    return None


@_guard
def session_export(request: HttpRequest, pk: int) -> HttpResponse:
    actor = _actor(request)
    session = access_session(actor, pk, Perm.VIEW_HANDS)
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
    session = access_session(actor, pk, Perm.LOG_HAND)
    if request.method == "POST" and request.POST.get("op") == "proposed":
        return _live_start_proposed(request, actor, session)
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
            started = services.live_hand_start(
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
            return redirect("hands:live", pk=started.pk)
    live = selectors.open_live_hand(session)
    if live is not None:
        return redirect("hands:live", pk=live.pk)
    return render(
        request,
        "hands/live_start.html",
        {"session": session, **presenters.hand_start_rows(actor, session)},
    )


def _live_start_proposed(request: HttpRequest, actor: Actor, session: Any) -> HttpResponse:
    """Issue 38 §5: one tap on the table screen starts the hand as Mesa proposes it (the
    seats dealt in with the stacks the seating plan holds, the button one seat on, the
    croupier on duty); the form (GET) stays for a hand that differs. With htmx the live
    page replaces the table screen's content in place (no page load) and takes its URL."""
    nxt = selectors.next_hand(session)  # what the form (GET) would propose, no more
    seats = [
        {"seat": p.number, "name": p.label, "stack": str(p.stack), "cards": ""}
        for p in nxt.plan.seats
        if p.occupied and p.number in nxt.dealt_in and p.stack is not None
    ]
    live: LiveHand | None
    try:
        live = services.live_hand_start(
            actor=actor,
            session=session,
            data={"button": nxt.button or 0, "seats": seats},
            dealer=None,  # the croupier on duty
        )
    except DomainError as err:
        live = selectors.open_live_hand(session)  # a double tap: the hand the first started
        if live is None:
            _fail(request, err)
            if getattr(request, "htmx", False):
                response = HttpResponse(status=204)
                response["HX-Redirect"] = reverse("floor:table", args=[session.table_id])
                return response
            return redirect("floor:table", pk=session.table_id)
    if not getattr(request, "htmx", False):
        return redirect("hands:live", pk=live.pk)
    response = render(request, "hands/_live_main.html", _live_context(live))
    response["HX-Push-Url"] = reverse("hands:live", args=[live.pk])
    return response


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


# The words of the manual for the actions so far (issue 13 §4): the one vocabulary of
# the pages and the PDFs (issue 40).
ACTION_WORDS = ACTIONS
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
    if action["action"] == "award":
        # SHOW-14: the seats the croupier pushed the pot to (the boxes ticked), and why.
        action["pot"] = read_int(p, "pot")
        action["seats"] = [
            n for x in p.getlist("seats") if (n := read_int({"seats": x}, "seats")) is not None
        ]
        action["seat"] = None
        if p.get("reason"):
            action["reason"] = p.get("reason")
    return action


# Issue 38 §1: a second tablet showing the hand asks every few seconds whether it moved on.
LIVE_POLL_SECONDS = 3


def _step_words(step: dict[str, Any]) -> str:
    if step["action"] == "call":
        return _("seat %(seat)s calls %(amount)s") % {
            "seat": step["seat"],
            "amount": money_format(step["amount"], active_lang()),
        }
    return _("seat %(seat)s checks") % {"seat": step["seat"]}


def _closed_live_context(live: Any, stored: Any, error: str) -> dict[str, Any]:
    """A live hand finished or abandoned: its verdict, not the options."""
    pending = bool(
        stored is not None
        and live.corrects_id is not None
        and HandRevisionApproval.objects.filter(
            correction__revision=stored, locked_at__isnull=True
        ).exists()
    )
    return {
        "live": live,
        "stored": stored,
        "error": error,
        "version": live.version,
        "pending_signature": pending,
    }


def _live_seats(live: Any, state: dict[str, Any], known: dict[int, str]) -> list[dict[str, Any]]:
    """The table map: each seat dealt in, as the live state has it now."""
    return [
        {
            "seat": s["seat"],
            "name": s.get("name") or "",
            "stack": state["stacks"].get(str(s["seat"])),
            "bet": state["bets"].get(str(s["seat"])),
            "position": state["positions"].get(str(s["seat"]), ""),
            "folded": s["seat"] in state["folded"],
            "to_act": s["seat"] == state["next_seat"],
            "button": s["seat"] == state["button"],
            "cards": known.get(s["seat"], ""),
        }
        for s in live.record["seats"]
    ]


def _live_pick(
    state: dict[str, Any], known: dict[int, str], names: dict[int, str]
) -> dict[str, Any] | None:
    """What the card picker does: deal the next street, or pick the cards a hand shows."""
    expected = state["expected"] or {}
    closing = state.get("closing")
    pick: dict[str, Any] | None = None
    if expected.get("action") == "board":
        pick = {"op": "act", "action": "board", "cards": expected["cards"], "steps": []}
        pick["street"] = expected["street"]
    elif expected.get("action") == "show_or_muck" and not _pairs(known.get(state["next_seat"], "")):
        pick = {"op": "act", "action": "show", "cards": 2, "seat": state["next_seat"], "steps": []}
    elif closing is not None:
        then = closing["then"]
        if then["action"] == "board" or not _pairs(known.get(then["seat"], "")):
            pick = {
                "op": "next",
                "action": then["action"],
                "cards": then.get("cards", 2),
                "street": then.get("street"),
                "seat": then.get("seat"),
                "steps": [_step_words(step) for step in closing["actions"]],
            }
    if pick is not None and pick.get("seat"):
        pick["name"] = names.get(pick["seat"], "")
    return pick


def _live_context(
    live: Any, stored: Any = None, error: str = "", state: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the live page and its panel show: the table map, the options, the keypad, the
    card picker for what comes next, and the version every form sends back (issue 38).
    ``state``: the live state the service just answered with (not computed twice)."""
    from cage.selectors import table_denominations

    from .labels import IRREGULARITY_GROUPS

    if stored is None and live.hand_id is not None:
        stored = live.hand  # finished: the verdict, not the options
    if stored is not None or live.status != LiveHand.Status.OPEN:
        return _closed_live_context(live, stored, error)
    if state is None:
        state = services.live_state(live)
    names = {s["seat"]: s.get("name") or "" for s in live.record["seats"]}
    known = {s["seat"]: (s.get("cards") or "").replace(" ", "") for s in live.record["seats"]}
    for a in live.record["actions"]:
        if a.get("action") == "show" and a.get("cards"):
            known[a["seat"]] = a["cards"].replace(" ", "")
    used = _pairs(state["board"])
    for cards in known.values():
        used |= _pairs(cards)
    options = {o["action"]: o for o in state["options"]}
    sizing = options.get("raise") or options.get("bet")
    to_act = state["phase"] == "betting" and state["next_seat"] is not None
    seated = _live_seats(live, state, known)
    expected = state["expected"] or {}
    pick = _live_pick(state, known, names)
    awards = [
        {
            **a,
            "choices": [{"seat": seat, "name": names.get(seat, "")} for seat in a["eligible"]],
        }
        for a in state.get("awards_needed") or ()
    ]
    irregular = any(a.get("action") == "irregularity" for a in live.record["actions"])
    # "todos se retiran hasta el asiento N": the seats still in, after the one to act; with
    # one of them only it is the player's own fold, already a button.
    fold_targets = [s for s in seated if not s["folded"] and not s["to_act"]] if to_act else []
    return {
        "live": live,
        "state": state,
        "version": state["version"],
        "poll_seconds": LIVE_POLL_SECONDS,
        "stored": stored,
        "error": error,
        "rulings": presenters.live_rulings(live) if irregular else [],
        "irregularity_groups": IRREGULARITY_GROUPS,
        "next_name": names.get(state["next_seat"], ""),
        "seats": seated,
        "fold_targets": fold_targets if len(fold_targets) > 1 else [],
        "can_check_around": to_act and "check" in options,
        "sizing": sizing,
        "pick": pick,
        "shows_as_dealt": expected.get("action") == "show_or_muck"
        and all(_pairs(known.get(seat, "")) for seat in expected.get("seats") or ()),
        "next_cards": known.get(state["next_seat"], ""),
        "awards": awards,
        "award_reasons": AWARD_REASONS,
        "winners": state.get("winners") or [],
        "chips": sorted(table_denominations(live.session.table)),
        # One row per suit, the ranks from the ace down: 13 columns x 4 rows.
        "picker": [
            [{"card": r + s, "rank": r, "suit": sym, "used": r + s in used} for r in RANKS]
            for s, sym in SUITS
        ],
        "actions": [
            {"n": i, **a, "word": ACTION_WORDS.get(a.get("action"), a.get("action"))}
            for i, a in enumerate(live.record["actions"], start=1)
        ],
        "count": len(live.record["actions"]),
        "correcting": live.corrects,
        "action_kinds": EDITABLE_ACTIONS if live.corrects_id else (),
    }


# What an action logged may be changed to in a correction (issue 38 §3).
EDITABLE_ACTIONS = (
    ("fold", _lazy("Fold")),
    ("check", _lazy("Check")),
    ("call", _lazy("Call")),
    ("bet", _lazy("Bet")),
    ("raise", _lazy("Raise")),
    ("all_in", _lazy("All-in")),
    ("board", _lazy("board")),
    ("show", _lazy("shows")),
    ("muck", _lazy("mucks")),
)


AWARD_REASONS = (
    ("unreadable", _lazy("Cards shown, not read or not entered")),
    ("mucked", _lazy("The winning hand was mucked")),
)


def _live_post(request: HttpRequest, actor: Actor, live: Any) -> tuple[Any, Any]:
    """Apply one form of the live page: the stored hand on *finish*, else the live state
    the service answered with.

    Every form sends the version of the hand it showed (issue 38 §1); one without it
    cannot say what the supervisor saw, and is refused."""
    p = request.POST
    op = p.get("op")
    version = read_int(p, "version")
    if version is None:
        version = UNSHOWN
    state = None
    if op == "act":
        state = services.live_hand_act(
            actor=actor,
            live=live,
            action=_live_action(request),
            force=bool(p.get("force")),
            version=version,
        )
    elif op == "many":  # issue 13 §4: fold to seat N, check around, in one tap
        state = live_hand_act_many(
            actor=actor,
            live=live,
            action=p.get("action", ""),
            until_seat=read_int(p, "until"),
            version=version,
        )
    elif op == "next":  # issue 38 §5: the street's last checks or call, then the card
        state = live_hand_close_and_act(
            actor=actor, live=live, action=_live_action(request), version=version
        )
    elif op == "undo":
        state = services.live_hand_undo(actor=actor, live=live, version=version)
    elif op == "truncate":  # issue 38 §3: log again from this action on
        state = services.live_hand_truncate(
            actor=actor, live=live, index=read_int(p, "index") or 0, version=version
        )
    elif op == "replace":  # issue 38 §3: this action as it really was
        state = services.live_hand_replace(
            actor=actor,
            live=live,
            index=read_int(p, "index") or 0,
            action=_live_action(request),
            version=version,
        )
    elif op == "store_correction":
        return (
            services.correction_draft_store(
                actor=actor, live=live, reason=p.get("reason", ""), version=version
            ),
            None,
        )
    elif op == "finish":
        return services.live_hand_finish(actor=actor, live=live, version=version), None
    elif op == "abandon":
        services.live_hand_abandon(
            actor=actor, live=live, reason=p.get("reason", ""), version=version
        )
    return None, state


@_guard
def live_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """The hand being logged (BET-24): rendered once, then each tap answers the panel
    (htmx, issue 13 §4); without JavaScript the same forms post and redirect. A refusal
    answers the panel as the hand stands, with the reason on top (issue 38 §1). The panel
    polls (``?v=<version>``): 204 while the hand is as it shows it."""
    actor = _actor(request)
    live = selectors.access_live_hand(actor, pk)
    htmx = bool(getattr(request, "htmx", False))
    if request.method == "POST":
        try:
            stored, state = _live_post(request, actor, live)
        except DomainError as err:
            if not htmx:
                _fail(request, err)
                return redirect("hands:live", pk=live.pk)
            live.refresh_from_db()
            context = _live_context(live, error=err.message(active_lang()))
            return render(request, "hands/_live_panel.html", context)
        if request.POST.get("op") == "abandon":
            return redirect("hands:session", pk=live.session_id)
        if stored is not None and not htmx:
            if live.corrects_id is not None:
                messages.success(request, _("The correction is stored as a linked revision."))
            else:
                messages.success(request, _("Hand %(number)s stored.") % {"number": stored.number})
            return redirect("hands:detail", pk=stored.pk)
        if not htmx:
            return redirect("hands:live", pk=live.pk)
        if state is not None:  # the state the service saved: the row as it stands now
            live.record = {**live.record, "actions": state["actions"]}
            live.version = state["version"]
        else:
            live.refresh_from_db(fields=["record", "version", "status", "hand", "updated_at"])
        context = _live_context(live, stored=stored, state=state)
        return render(request, "hands/_live_panel.html", context)
    if htmx and "v" in request.GET:
        if as_id(request.GET.get("v")) == live.version:
            return HttpResponse(status=204)  # nothing moved: htmx swaps nothing
        return render(request, "hands/_live_panel.html", _live_context(live))
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
    shown = selectors.access_revalidation(actor, pk) if pk else None
    report = services.revalidation_report(shown) if shown else None
    return render(
        request,
        "hands/revalidation.html",
        {"run": shown, "r": report, "can_run": actor.can(Perm.REVALIDATE_HANDS)},
    )


__all__ = [
    "hand_correct_open",
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
