"""Pages of the promotion funds (issue 44 §2): the fund with its posted rules and
balance, its ledger, a hand judged for the fund, the claim with its signatures, and the
slips the cage pays. Thin: parse the form, call the service the API calls, render."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cage.models import Slip
from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formatting import active_lang, parse_amount
from casino.formdata import read_datetime
from casino.models import GamingDay
from casino.pages import page_view
from casino.roles import Perm, Role
from casino.selectors import open_gaming_days
from hands.models import Hand
from tables.codes import TablesCode
from tables.selectors import require_assigned

from . import selectors, services
from .codes import PromotionsCode
from .judging import amount
from .models import SHARE_LABELS, Fund, JackpotClaim, Kind


def _origin(view_name: str, kwargs: dict[str, Any]) -> str | None:
    if view_name == "box_count":
        return reverse("promotions:fund", args=[kwargs["pk"]])
    if view_name == "claim_file":
        return reverse("promotions:hand", args=[kwargs["pk"]])
    if view_name == "claim_sign":
        return reverse("promotions:claim", args=[kwargs["pk"]])
    if view_name == "period_claim":
        return reverse("promotions:fund", args=[kwargs["pk"]])
    return None


_page = page_view(
    template="promotions/refused.html", form_page=_origin, fallback="promotions:index"
)


def _hand(actor: Actor, pk: int) -> Hand:
    hand = Hand.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if hand is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand)
    return hand


def _day(actor: Actor) -> GamingDay | None:
    return open_gaming_days(actor.casino_id).first()


@_page
def index(request: HttpRequest, actor: Actor) -> HttpResponse:
    if not actor.can(Perm.VIEW_HANDS):
        require(actor, Perm.VIEW_CAGE)
    rows = [
        {"fund": f, "balance": selectors.balance(f), "tables": selectors.fund_tables(f)}
        for f in selectors.funds(actor.casino_id)
    ]
    return render(request, "promotions/index.html", {"rows": rows})


def _fund_context(actor: Actor, pk: int) -> dict[str, Any]:
    perm = Perm.VIEW_HANDS if actor.can(Perm.VIEW_HANDS) else Perm.VIEW_CAGE
    fund = selectors.access_fund(actor, pk, perm)
    version = fund.rules_at()
    lang = active_lang()
    from .judging import money_in

    rules: tuple[str, ...] = ()
    if version is not None:
        from poker.promotions import posted_rules

        rules = posted_rules(version.fund_rules(), lang, money=money_in(lang))
    day = _day(actor)
    return {
        "fund": fund,
        "version": version,
        "rules": rules,
        "balance": selectors.balance(fund),
        "tables": selectors.fund_tables(fund),
        "claims": fund.claims.select_related("hand", "hand__table")[:20],
        "day": day,
        "day_drops": selectors.day_drops(fund, day) if day else None,
        "findings": selectors.box_findings(fund, day) if day else [],
        "can_count": actor.can(Perm.COUNT_DROP),
        "lang": lang,
    }


def _local_input(when: datetime) -> str:
    """A moment as a ``datetime-local`` field shows it (the casino's time, to the second)."""
    return timezone.localtime(when).strftime("%Y-%m-%dT%H:%M:%S")


def _period(data: Any, day: GamingDay | None) -> tuple[datetime, datetime] | None:
    """The high-hand period asked for (``start``/``end``), else the open day's date."""
    start, end = read_datetime(data, "start"), read_datetime(data, "end")
    if start is not None and end is not None:
        return start, end
    if day is None:
        return None
    start = timezone.make_aware(datetime.combine(day.business_date, time(0)))
    return start, start + timedelta(days=1)


def _claimable(claimed: list[JackpotClaim], start: datetime, end: datetime, key: Any) -> bool:
    """Whether the period's claim may be filed: none yet, or the same period's unlocked
    claim whose winners changed since (a revision: the new claim replaces it)."""
    if not claimed:
        return True
    (c,) = claimed if len(claimed) == 1 else (None,)
    return (
        c is not None
        and not c.is_locked
        and (c.period_start, c.period_end) == (start, end)
        and c.judgement.get("winners") != key
    )


@_page
def fund(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    context = _fund_context(actor, pk)
    f = context["fund"]
    if f.kind == Kind.HIGH_HAND:
        found = _period(request.GET, context["day"])
        if found is not None:
            start, end = found
            winners = selectors.high_hand_period(f, start, end) if start < end else []
            ended = end <= timezone.now()
            claimed = list(selectors.period_claims(f, start, end)) if start < end else []
            context.update(
                period=(start, end),
                period_inputs=(_local_input(start), _local_input(end)),
                period_iso=(start.isoformat(), end.isoformat()),
                winners=winners,
                period_ended=ended,
                period_claimed=claimed,
                can_claim_period=bool(winners)
                and ended
                and actor.can(Perm.LOG_HAND)
                and _claimable(claimed, start, end, selectors.period_winners_key(winners)),
            )
    return render(request, "promotions/fund.html", context)


@_page
@require_POST
def period_claim(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    """File the claim of a closed high-hand period (the period shown on the fund page)."""
    require(actor, Perm.LOG_HAND)
    f = selectors.access_fund(actor, pk, Perm.LOG_HAND)
    start, end = read_datetime(request.POST, "start"), read_datetime(request.POST, "end")
    if start is None or end is None:
        raise DomainError.of(
            PromotionsCode.PERIOD_INVALID,
            problem=DomainError.of(PromotionsCode.PERIOD_BOUNDS_REQUIRED),
            field="start" if start is None else "end",
        )
    claim = services.high_hand_claim_file(actor=actor, fund=f, start=start, end=end)
    messages.success(request, _("Claim filed: it goes to the shift manager."))
    return redirect(reverse("promotions:claim", args=[claim.pk]))


@_page
def ledger(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    context = _fund_context(actor, pk)
    running = []
    total = 0
    for entry in selectors.ledger(context["fund"]):
        total += entry.signed_amount
        running.append((entry, total))
    context["entries"] = running
    return render(request, "promotions/ledger.html", context)


@_page
@require_POST
def box_count(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    fund = selectors.access_fund(actor, pk, Perm.COUNT_DROP)
    day = _day(actor)
    if day is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=GamingDay)
    counted = parse_amount(request.POST.get("counted"))
    if counted is None:
        raise DomainError.of(
            TablesCode.AMOUNT_INVALID, value=request.POST.get("counted", ""), field="counted"
        )
    services.box_count_record(
        actor=actor, fund=fund, gaming_day=day, counted=counted, note=request.POST.get("note", "")
    )
    messages.success(request, _("Jackpot box count recorded."))
    return redirect(reverse("promotions:fund", args=[fund.pk]))


@_page
def hand(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    require(actor, Perm.VIEW_HANDS)
    h = _hand(actor, pk)
    found = selectors.hand_judgement(h)
    context: dict[str, Any] = {"hand": h, "lang": active_lang()}
    if found is not None:
        f, judged = found
        context.update(
            fund=f,
            judged=judged,
            claim=f.claims.filter(hand=h).first(),
            can_claim=judged.qualified and actor.can(Perm.LOG_HAND) and f.kind == Kind.BAD_BEAT,
        )
    return render(request, "promotions/hand.html", context)


@_page
@require_POST
def claim_file(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    require(actor, Perm.LOG_HAND)
    h = _hand(actor, pk)
    require_assigned(actor, session=h.session)  # the table's own (issue 12 §1)
    found = selectors.hand_judgement(h)
    if found is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Fund)
    claim = services.claim_file(actor=actor, fund=found[0], hand=h)
    messages.success(request, _("Claim filed: it goes to the shift manager."))
    return redirect(reverse("promotions:claim", args=[claim.pk]))


@_page
def claim(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    c = selectors.access_claim(actor, pk)
    signatures = {s.role: s for s in c.signatures()}
    roles = [(r, signatures.get(r.value)) for r in c.required_signature_roles()]
    slips = list(c.slips.select_related("hand", "hand__table"))
    replacement = JackpotClaim.objects.filter(replaces=c).first()
    where = {
        h["hand_id"]: f"{_('Table')} {h['table']} · {_('hand')} {h['number']}"
        for h in c.judgement.get("hands", [])
        if "hand_id" in h
    }
    return render(
        request,
        "promotions/claim.html",
        {
            "claim": c,
            "roles": roles,
            "slips": slips,
            "lang": active_lang(),
            "can_sign": actor.role in c.required_signature_roles()
            and actor.role.value not in signatures
            and not c.is_locked
            and replacement is None,
            "replacement": replacement,
            "next_step": _next_step(c, signatures, slips, replacement),
            "can_pay": actor.can(Perm.ISSUE_SLIP),
            "awards": [
                {
                    **a,
                    "money": amount(a["amount"]),
                    "label": SHARE_LABELS.get(a["share"]),
                    "where": where.get(a.get("hand")),
                }
                for a in c.payout.get("awards", [])
            ],
            "hands": [
                {**h, "label": SHARE_LABELS.get(h["role"], h["role"])}
                for h in c.judgement.get("hands", [])
            ],
        },
    )


def _next_step(
    c: JackpotClaim, signatures: dict[str, Any], slips: list[Any], replacement: Any
) -> str:
    """What the claim waits for, in words (shown first on its page)."""
    if replacement is not None:
        return _("Replaced by a new claim after a revision: sign the new one.")
    if not c.is_locked:
        if Role.SUPERVISOR.value not in signatures:
            return _("Next: the table supervisor signs.")
        if Role.SURVEILLANCE.value not in signatures:
            return _("Next: surveillance reviews the camera and signs.")
        return _("Next: the shift manager confirms.")
    if any(not s.is_locked for s in slips):
        return _("Next: the cage pays the slips.")
    return _("Paid: the fund was re-seeded as the rules say.")


@_page
@require_POST
def claim_sign(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    services.require_claim_signer(actor)
    c = selectors.access_claim(actor, pk)
    result = services.claim_sign(actor=actor, claim=c, role=actor.role)
    if result.locked:
        messages.success(request, _("Claim confirmed: the cage pays its slips."))
    else:
        messages.success(request, _("Claim signed."))
    return redirect(reverse("promotions:claim", args=[c.pk]))


@_page
@require_POST
def slip_pay(request: HttpRequest, actor: Actor, pk: int) -> HttpResponse:
    from .models import JackpotSlip

    slip = JackpotSlip.objects.filter(pk=pk, claim__casino_id=actor.casino_id).first()
    if slip is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
    services.slip_pay(actor=actor, slip=slip)
    messages.success(request, _("Slip paid."))
    return redirect(reverse("promotions:claim", args=[slip.claim_id]))
