"""The tournament's pages (issue 42): thin views over the same services as the API.

* ``index``: the tournaments, a new structure and a new tournament (a manager's).
* ``detail``: the overview; the cage's entries, rebuys, add-ons, refunds and prizes; the
  manager's payout table and deal; the settlement; the reports.
* ``tables``: the floor's tables and seats (the draw, arrivals, busts), polled.
* ``moves``: the balancing plan to confirm and the moves the dealers confirm.
* ``busts``: eliminations, corrections, hidden chips (TOUR-04).
* ``clock``: the clock's controls; ``tv``: the room's full-screen clock, polled.

Every form posts to :func:`act` with the name of one service call; a refusal comes back
to the page with its message (``casino.pages.page_view``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.access import Actor, require
from casino.codes import CasinoCode
from casino.errorcodes import RESOURCE, ApiCode
from casino.errors import DomainError
from casino.formatting import parse_amount
from casino.formdata import read_int, ticked
from casino.models import AuditEvent, User
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.urlsafety import safe_next
from hands.codes import HandsCode
from tables.codes import TablesCode
from tables.selectors import croupier_on_duty

from . import presenters, selectors, services
from .codes import TournamentsCode
from .models import (
    Deal,
    Elimination,
    Entry,
    PayoutTable,
    SeatMove,
    Settlement,
    StructureVersion,
    Tournament,
    WaitingPlayer,
)

_page = page_view(
    template="tournaments/refused.html",
    partial="tournaments/_refused.html",
    on_post="message",
    fallback="tournaments:index",
)


def _int(value: Any, field: str) -> int:
    # casino.formdata: ASCII digits that a column holds ("²" and 30 nines are no number)
    number = read_int({field: value}, field) if value is not None else None
    if number is None:
        raise DomainError.of(CasinoCode.NUMBER_INVALID, field=field)
    return number


def _opt_int(value: Any, field: str) -> int | None:
    return None if value in (None, "") else _int(value, field)


def _amount(value: Any, field: str) -> Decimal:
    amount = parse_amount(value)  # the one reader of a typed amount: 0-9, what a column holds
    if amount is None:
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=str(value), field=field)
    return amount


def _back(request: HttpRequest, default: str) -> HttpResponse:
    return redirect(
        safe_next(
            request,
            request.POST.get("next"),
            request.META.get("HTTP_REFERER"),
            fallback=default,
        )
    )


# --------------------------------------------------------------------------- reading pages


@_page
def index(request: HttpRequest, actor: Actor) -> HttpResponse:
    tournaments = selectors.tournaments_for(actor)
    versions = StructureVersion.objects.filter(casino_id=actor.casino_id).select_related("template")
    return render(
        request,
        "tournaments/index.html",
        {
            "actor": actor,
            "tournaments": tournaments,
            "versions": versions,
            "manages": actor.can(Perm.MANAGE_TOURNAMENTS),
        },
    )


def _context(actor: Actor, t: Tournament) -> dict[str, Any]:
    return {
        "actor": actor,
        "t": t,
        "clock": presenters.clock(t),
        "pool": presenters.pool(t),
        "counts": selectors.entry_counts(t),
    }


@_page
def detail(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    payouts = list(PayoutTable.objects.filter(tournament=t).order_by("-version"))
    deals = list(Deal.objects.filter(tournament=t).order_by("-proposed_at"))
    return render(
        request,
        "tournaments/detail.html",
        {
            **_context(actor, t),
            "entries": presenters.entries(t),
            "waiting": selectors.waiting_list(t).select_related("player"),
            "payout_tables": [presenters.payout_table(p) for p in payouts],
            "deals": [presenters.deal(d) for d in deals],
            "results": presenters.results(t),
            "settlement": Settlement.objects.filter(tournament=t).first(),
            "totals": selectors.ledger_totals(t),
            "cashier": actor.can(Perm.RECORD_TOURNAMENT_ENTRY),
            "pays": actor.can(Perm.PAY_TOURNAMENT_PRIZE),
            "manages": actor.can(Perm.MANAGE_TOURNAMENTS),
            "approves": actor.can(Perm.APPROVE_TOURNAMENT_PAYOUTS),
            "runs": actor.can(Perm.RUN_TOURNAMENT),
            "reports": _reports(actor),
        },
    )


def _reports(actor: Actor) -> list[tuple[str, str]]:
    """The tournament's reports (the reports app decides who may have which)."""
    if not actor.can(Perm.REQUEST_REPORT):
        return []
    return [
        ("tournament", _("Tournament report")),
        ("tournament_record", _("Tournament record for the regulator")),
    ]


def _tables_context(actor: Actor, t: Tournament) -> dict[str, Any]:
    states = selectors.entry_states(t)
    view = selectors.seating(t, states)
    entries = {e["number"]: e for e in presenters.entries(t, states, view)}
    tables = presenters.tables(t, view)
    for table in tables:
        for seat in table["seats"]:
            entry = entries.get(seat["entry_number"]) if seat["entry_number"] else None
            seat["entry"] = entry
    pv = selectors.balance_plan(t, view)
    return {
        **_context(actor, t),
        "tables": tables,
        "drawn": bool(tables) or t.tables.exists(),
        "unseated": [e for e in entries.values() if e["state"] == "in_play" and not e["seat"]],
        "halted": pv.plan.halted,
        "plan_pending": not pv.plan.empty,
        "runs": actor.can(Perm.RUN_TOURNAMENT),
        "poll_seconds": settings.MESA_POLL_SECONDS,
        "poll_version": _version(t),
    }


def _version(t: Tournament) -> str:
    """What the floor's fragments show changes with every audited change of the casino."""
    latest = AuditEvent.objects.filter(casino_id=t.casino_id).order_by("-id").values("id").first()
    return str(latest["id"] if latest else 0)


@_page
def tables(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    return render(request, "tournaments/tables.html", _tables_context(actor, t))


@_page
def tables_live(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    if request.GET.get("since") == _version(t):
        return HttpResponse(status=204)
    return render(request, "tournaments/_tables.html", _tables_context(actor, t))


@_page
def moves(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    pv = selectors.balance_plan(t)
    pending = []
    for m in selectors.moves_to_confirm(t):
        row = presenters.move(m)
        on_duty = {
            "from": croupier_on_duty(m.from_session) if m.from_session else None,
            "to": croupier_on_duty(m.to_session),
        }
        row["croupier_from"] = on_duty["from"].username if on_duty["from"] else ""
        row["croupier_to"] = on_duty["to"].username if on_duty["to"] else ""
        row["mine_from"] = on_duty["from"] is not None and on_duty["from"].pk == actor.user.pk
        row["mine_to"] = on_duty["to"] is not None and on_duty["to"].pk == actor.user.pk
        croupier = actor.role == Role.CROUPIER
        row["show_from"] = not row["confirmed_from"] and (not croupier or row["mine_from"])
        row["show_to"] = not row["confirmed_to"] and (not croupier or row["mine_to"])
        pending.append(row)
    return render(
        request,
        "tournaments/moves.html",
        {
            **_context(actor, t),
            "plan": presenters.plan(pv),
            "pending": pending,
            "runs": actor.can(Perm.RUN_TOURNAMENT),
            "confirms": actor.can(Perm.CONFIRM_TOURNAMENT_MOVE),
            "is_croupier": actor.role == Role.CROUPIER,
        },
    )


@_page
def busts(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    rows = Elimination.objects.filter(tournament=t).select_related("entry__player")
    live = [e for e in presenters.entries(t) if e["state"] == "in_play" and e["seat"]]
    return render(
        request,
        "tournaments/busts.html",
        {
            **_context(actor, t),
            "eliminations": [presenters.elimination(e) for e in rows.order_by("-seq")],
            "live": sorted(live, key=lambda e: (e["seat"]["table_number"], e["seat"]["seat"])),
            "runs": actor.can(Perm.RUN_TOURNAMENT),
        },
    )


@_page
def clock(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    levels = list(enumerate(t.rules().levels, start=1))
    return render(
        request,
        "tournaments/clock.html",
        {**_context(actor, t), "levels": levels, "runs": actor.can(Perm.RUN_TOURNAMENT)},
    )


def _tv_context(actor: Actor, t: Tournament) -> dict[str, Any]:
    return {
        **_context(actor, t),
        "poll_seconds": settings.MESA_POLL_SECONDS,
    }


@_page
def tv(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    return render(request, "tournaments/tv.html", _tv_context(actor, t))


@_page
def tv_live(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    t = selectors.access_tournament(actor, pk)
    return render(request, "tournaments/_tv.html", _tv_context(actor, t))


# --------------------------------------------------------------------------- forms


def _entry(actor: Actor, t: Tournament, raw: Any, field: str = "entry") -> Any:
    entry = selectors.access_entry(actor, _int(raw, field))
    if entry.tournament_id != t.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Entry, field=field)
    return entry


def _user(actor: Actor, username: str) -> User | None:
    if not username:
        return None
    return User.objects.filter(username=username, casino_id=actor.casino_id).first()


def _structure_new(request: HttpRequest, actor: Actor, t: None) -> str:
    try:
        data = json.loads(request.POST.get("structure", ""))
    except ValueError:
        raise DomainError.of(
            HandsCode.STRUCTURE_INVALID,
            problem=DomainError.of(TournamentsCode.STRUCTURE_NOT_JSON),
            field="structure",
        ) from None
    v = services.structure_create(actor=actor, name=request.POST.get("name", ""), structure=data)
    return _("Structure %(name)s saved (version %(v)s).") % {
        "name": v.template.name,
        "v": v.version,
    }


def _tournament_new(request: HttpRequest, actor: Actor, t: None) -> str:
    version = StructureVersion.objects.filter(
        pk=_int(request.POST.get("structure"), "structure"), casino_id=actor.casino_id
    ).first()
    if version is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=StructureVersion)
    new = services.tournament_create(
        actor=actor,
        name=request.POST.get("name", ""),
        structure=version,
        event_name=request.POST.get("event_name", ""),
        max_players=_opt_int(request.POST.get("max_players"), "max_players"),
    )
    request.tournament_created = new  # type: ignore[attr-defined]
    return _("Tournament %(name)s created.") % {"name": new.name}


def _register(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    player = selectors.player_of(actor, _int(request.POST.get("player"), "player"))
    waiting = None
    if request.POST.get("waiting"):
        waiting = WaitingPlayer.objects.filter(
            pk=_int(request.POST.get("waiting"), "waiting"), tournament=t
        ).first()
    if request.POST.get("kind") == "re_entry":
        entry = services.entry_re_enter(actor=actor, tournament=t, player=player)
    else:
        entry = services.entry_register(actor=actor, tournament=t, player=player, waiting=waiting)
    row = next(e for e in presenters.entries(t) if e["id"] == entry.pk)
    seat = row["seat"]
    where = (
        _(" Table %(table)s seat %(seat)s.") % {"table": seat["table_number"], "seat": seat["seat"]}
        if seat
        else ""
    )
    return (
        _("Entry %(n)s: %(name)s, receipt %(receipt)s.")
        % {
            "n": entry.number,
            "name": player.display_name,
            "receipt": row["receipt"],
        }
        + where
    )


def _waiting(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    player = selectors.player_of(actor, _int(request.POST.get("player"), "player"))
    services.waiting_add(actor=actor, tournament=t, player=player)
    return _("%(name)s is on the waiting list.") % {"name": player.display_name}


def _purchase(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    entry = _entry(actor, t, request.POST.get("entry"))
    row = services.entry_purchase(actor=actor, entry=entry, kind=request.POST.get("kind", ""))
    return _("Receipt %(receipt)s: %(chips)s chips.") % {"receipt": row.receipt, "chips": row.chips}


def _unregister(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    entry = _entry(actor, t, request.POST.get("entry"))
    row = services.entry_unregister(actor=actor, entry=entry, reason=request.POST.get("reason", ""))
    return _("Entry %(n)s refunded: receipt %(receipt)s.") % {
        "n": entry.number,
        "receipt": row.receipt,
    }


def _arrive(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    entry = _entry(actor, t, request.POST.get("entry"))
    services.entry_arrive(actor=actor, entry=entry)
    return _("%(name)s is at his seat.") % {"name": entry.player.display_name}


def _draw(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    numbers = [
        _int(x, "tables")
        for x in request.POST.get("tables", "").replace(";", ",").split(",")
        if x.strip()
    ]
    record = services.draw_initial(actor=actor, tournament=t, tables=numbers)
    return _("Seats drawn: %(n)s players.") % {"n": record.moves.count()}


def _table_add(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    tt = services.table_add(
        actor=actor, tournament=t, table=_int(request.POST.get("table_number"), "table_number")
    )
    return _("Table %(n)s added.") % {"n": tt.table.number}


def _balance(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    record = services.balance_confirm(
        actor=actor, tournament=t, version=request.POST.get("version", "")
    )
    return _("Plan confirmed: %(n)s moves.") % {"n": record.moves.count()}


def _confirm(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    move = selectors.access_move(actor, _int(request.POST.get("move"), "move"))
    if move.draw.tournament_id != t.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=SeatMove)
    services.move_confirm(
        actor=actor,
        move=move,
        side=request.POST.get("side", ""),
        croupier=_user(actor, request.POST.get("croupier", "")),
        pin=request.POST.get("pin") or None,
        # TOUR-05: the dealer ticks that the chips travelled in view; unticked, they did not.
        chips_visible=ticked(request.POST, "chips_visible"),
    )
    return _("Move confirmed: %(slip)s") % {"slip": move.slip_es}


def _clock(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    services.clock_record(
        actor=actor,
        tournament=t,
        kind=request.POST.get("kind", ""),
        level=_opt_int(request.POST.get("level"), "level") or 0,
        seconds=_opt_int(request.POST.get("seconds"), "seconds") or 0,
        reason=request.POST.get("reason", ""),
    )
    return _("Clock updated.")


def _bust(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    entry = _entry(actor, t, request.POST.get("entry"))
    e = services.elimination_record(
        actor=actor,
        tournament=t,
        entry=entry,
        hand_number=_opt_int(request.POST.get("hand_number"), "hand_number"),
        stack_at_start=_opt_int(request.POST.get("stack_at_start"), "stack_at_start"),
        reason=request.POST.get("reason", ""),
    )
    return _("%(name)s eliminated (elimination %(seq)s).") % {
        "name": entry.player.display_name,
        "seq": e.seq,
    }


def _correct(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    row = selectors.access_elimination(actor, _int(request.POST.get("elimination"), "elimination"))
    if row.tournament_id != t.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Elimination)
    c = services.elimination_correct(
        actor=actor,
        elimination=row,
        reason=request.POST.get("reason", ""),
        chips=_int(request.POST.get("chips"), "chips"),
    )
    return _("Elimination corrected: %(slip)s") % {"slip": c.move.slip_es if c.move else ""}


def _absentees(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    removed = services.absentees_remove(actor=actor, tournament=t)
    return _("Absent players removed: %(n)s.") % {"n": len(removed)}


def _payouts(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    p = services.payouts_propose(
        actor=actor,
        tournament=t,
        places=_opt_int(request.POST.get("places"), "places"),
        note=request.POST.get("note", ""),
    )
    return _("Payout table %(v)s proposed.") % {"v": p.version}


def _approve(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    table = PayoutTable.objects.filter(
        pk=_int(request.POST.get("table"), "table"), tournament=t
    ).first()
    if table is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=PayoutTable)
    services.payouts_approve(actor=actor, table=table)
    return _("Payout table approved and locked.")


def _pay(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    entry = _entry(actor, t, request.POST.get("entry"))
    slip = services.prize_pay(
        actor=actor,
        tournament=t,
        entry=entry,
        player_signed_name=request.POST.get("player_signed_name", ""),
    )
    return _("Prize paid: slip %(serial)s.") % {"serial": slip.serial}


def _deal(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    stacks: dict[int, int] | None = None
    post = request.POST  # each key's last value, as QueryDict.items() gives it
    typed = {k[len("stack-") :]: post.get(k, "") for k in post if k.startswith("stack-")}
    if typed and all(v.strip() for v in typed.values()):
        stacks = {_entry(actor, t, k, "stacks").pk: _int(v, "stacks") for k, v in typed.items()}
    d = services.deal_propose(
        actor=actor,
        tournament=t,
        method=request.POST.get("method", ""),
        to_play_for=_amount(request.POST.get("to_play_for") or "0", "to_play_for"),
        stacks=stacks,
    )
    return _("Deal proposed (%(n)s players).") % {"n": d.shares.count()}


def _consent(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    deal = Deal.objects.filter(pk=_int(request.POST.get("deal"), "deal"), tournament=t).first()
    if deal is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Deal)
    entry = _entry(actor, t, request.POST.get("entry"))
    services.deal_consent(actor=actor, deal=deal, entry=entry)
    return _("%(name)s agrees to the deal.") % {"name": entry.player.display_name}


def _deal_approve(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    deal = Deal.objects.filter(pk=_int(request.POST.get("deal"), "deal"), tournament=t).first()
    if deal is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Deal)
    services.deal_approve(actor=actor, deal=deal)
    return _("Deal approved and locked.")


def _settle(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    row = services.settlement_record(
        actor=actor,
        tournament=t,
        counted=_amount(request.POST.get("counted", ""), "counted"),
        note=request.POST.get("note", ""),
    )
    return _("Cash counted: %(counted)s; the ledger expects %(expected)s.") % {
        "counted": row.counted,
        "expected": row.expected,
    }


def _settle_sign(request: HttpRequest, actor: Actor, t: Tournament) -> str:
    row = Settlement.objects.filter(tournament=t).first()
    if row is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Settlement)
    services.settlement_sign(actor=actor, settlement=row)
    return _("Settlement signed.")


Handler = Callable[[HttpRequest, Actor, Any], str]

#: Each form's one service call, by the name the form posts to.
#: Each form of the tournament's page: the permission of the service it calls, checked
#: before the form is read (a role without it is refused, whatever it sent), and its handler.
ACTIONS: dict[str, tuple[Perm, Handler]] = {
    "register": (Perm.RECORD_TOURNAMENT_ENTRY, _register),
    "waiting": (Perm.RECORD_TOURNAMENT_ENTRY, _waiting),
    "purchase": (Perm.RECORD_TOURNAMENT_ENTRY, _purchase),
    "unregister": (Perm.RECORD_TOURNAMENT_ENTRY, _unregister),
    "arrive": (Perm.RUN_TOURNAMENT, _arrive),
    "draw": (Perm.RUN_TOURNAMENT, _draw),
    "table-add": (Perm.RUN_TOURNAMENT, _table_add),
    "balance": (Perm.RUN_TOURNAMENT, _balance),
    "confirm": (Perm.CONFIRM_TOURNAMENT_MOVE, _confirm),
    "clock": (Perm.RUN_TOURNAMENT, _clock),
    "bust": (Perm.RUN_TOURNAMENT, _bust),
    "correct": (Perm.RUN_TOURNAMENT, _correct),
    "absentees": (Perm.RUN_TOURNAMENT, _absentees),
    "payouts": (Perm.MANAGE_TOURNAMENTS, _payouts),
    "approve": (Perm.APPROVE_TOURNAMENT_PAYOUTS, _approve),
    "pay": (Perm.PAY_TOURNAMENT_PRIZE, _pay),
    "deal": (Perm.RUN_TOURNAMENT, _deal),
    "consent": (Perm.RUN_TOURNAMENT, _consent),
    "deal-approve": (Perm.APPROVE_TOURNAMENT_PAYOUTS, _deal_approve),
    "settle": (Perm.PAY_TOURNAMENT_PRIZE, _settle),
    "settle-sign": (Perm.APPROVE_TOURNAMENT_PAYOUTS, _settle_sign),
}


@_page
@require_POST
def act(request: HttpRequest, actor: Actor, pk: int, what: str) -> HttpResponse:
    if what not in ACTIONS:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=RESOURCE)
    permission, handler = ACTIONS[what]
    t = selectors.access_tournament(actor, pk)
    require(actor, permission)  # before the form is read: refused, not "invalid"
    messages.success(request, handler(request, actor, t))
    return _back(request, reverse("tournaments:detail", args=[t.pk]))


@_page
@require_POST
def create(request: HttpRequest, actor: Actor, what: str) -> HttpResponse:
    require(actor, Perm.MANAGE_TOURNAMENTS)
    if what == "structure":
        messages.success(request, _structure_new(request, actor, None))
        return redirect("tournaments:index")
    if what == "tournament":
        messages.success(request, _tournament_new(request, actor, None))
        new = request.tournament_created  # type: ignore[attr-defined]
        return redirect("tournaments:detail", pk=new.pk)
    raise DomainError.of(ApiCode.NOT_FOUND, thing=RESOURCE)
