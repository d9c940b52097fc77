"""Plain-data views of hands for the API and the pages (no rules here)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino.access import Actor
from casino.formatting import active_lang as _lang
from casino.roles import Role
from tables import selectors as table_selectors
from tables.models import TableSession
from tables.procedure import shuffle_procedure

from . import adapter, selectors
from .labels import irregularity_label, outcome_label
from .models import Hand, HandReview

LIST_RELATED = ("table", "gaming_day", "dealer", "recorded_by", "settings", "verdict", "review")


def with_related(qs: QuerySet[Hand]) -> QuerySet[Hand]:
    return qs.select_related(*LIST_RELATED)


def with_detail(qs: QuerySet[Hand]) -> QuerySet[Hand]:
    return with_related(qs).prefetch_related(
        "seats",
        "irregularities__decided_by",
        "corrections__revision",
        "corrections__created_by",
        "revisions",
    )


def _review(hand: Hand) -> HandReview | None:
    try:
        return hand.review
    except HandReview.DoesNotExist:
        return None


def summary(hand: Hand, *, new: bool = False) -> dict[str, Any]:
    review = None if new else _review(hand)
    verdict = hand.verdict
    return {
        "id": hand.pk,
        "number": hand.number,
        "table": hand.table.number,
        "session": hand.session_id,
        "business_date": hand.gaming_day.business_date,
        "started_at": hand.started_at,
        "ended_at": hand.ended_at,
        "recorded_at": hand.recorded_at,
        "status": hand.status,
        "engine_status": hand.engine_status,
        "resolved": bool(review and review.is_locked),
        "structure": hand.structure,
        "ruleset": hand.ruleset,
        "settings_version": hand.settings.version,
        "dealer": hand.dealer.username if hand.dealer else None,
        "recorded_by": hand.recorded_by.username,
        "source": hand.source,
        "button": hand.button_seat,
        "players_dealt": hand.players_dealt,
        "pot_total": hand.pot_total,
        "rake": hand.rake,
        "recorded_rake": hand.recorded_rake,
        "codes": [v["code"] for v in verdict.violations if v.get("severity") != "info"],
        "revision_of": hand.revision_of_id,
    }


def detail(hand: Hand, *, new: bool = False) -> dict[str, Any]:
    """Everything about a hand. ``new``: just stored, so no correction or review yet."""
    data = summary(hand, new=new)
    verdict = hand.verdict
    review = None if new else _review(hand)
    signature = review.signatures().first() if review else None
    data.update(
        {
            "record": hand.record,
            "verdict": {
                "status": verdict.status,
                "engine_status": verdict.engine_status,
                "engine_tag": verdict.engine_tag,
                "violations": verdict.violations,
                "pots": verdict.pots,
                "rake": verdict.rake,
                "drop": verdict.drop,  # a promotion fund's drop, apart from the rake (issue 44)
                "payouts": verdict.payouts,
                "finishing": verdict.finishing,
                "returned": verdict.returned,
                "showdown_order": verdict.showdown_order,
                "rulings": verdict.rulings,
                "carry_out": verdict.carry_out,
            },
            "seats": [
                {
                    "seat": s.seat,
                    "position": s.position,
                    "player": s.player_id,
                    "name": s.name,
                    "starting_stack": s.starting_stack,
                    "finishing_stack": s.finishing_stack,
                    "won": s.won,
                    "penalised": s.penalised,
                }
                for s in hand.seats.all()
            ],
            "irregularities": [
                {
                    "action_index": i.action_index,
                    "kind": i.kind,
                    "seat": i.seat,
                    "street": i.street,
                    "outcome": i.outcome,
                    "rule_ids": i.rule_ids,
                    "ruling": i.ruling,
                    "decided_by": i.decided_by.username,
                }
                for i in hand.irregularities.all()
            ],
            "corrections": [
                {
                    "id": c.pk,
                    "kind": c.kind,
                    "reason": c.reason,
                    "revision": c.revision_id,
                    "revision_status": c.revision.status if c.revision else None,
                    "created_by": c.created_by.username,
                    "created_at": c.created_at,
                }
                for c in ([] if new else hand.corrections.all())
            ],
            "review": None
            if review is None
            else {
                "id": review.pk,
                "correction": review.correction_id,
                "note": review.note,
                "locked": review.is_locked,
                "signed_by": signature.signer.username if signature else None,
                "signed_at": signature.signed_at if signature else None,
            },
            "revisions": [] if new else sorted(r.pk for r in hand.revisions.all()),
            "redeal_of": hand.redeal_of_id,
            "notes": hand.notes,
        }
    )
    return data


def _one(obj: Any, name: str) -> Any:
    """A reverse one-to-one row, or None when there is none."""
    try:
        return getattr(obj, name)
    except ObjectDoesNotExist:
        return None


def revision_chain(hand: Hand) -> list[dict[str, Any]]:
    """The hand's corrections in order (HREC-09, issue 38 §3): who, when, why, the revision
    made and whether it counts (no signature needed, the pit boss's signature, or waiting
    for it), with what a signed or waiting revision does to the later hands' continuity.
    Plain data for the hand's page and the hand-history PDF."""
    original = hand.revision_of or hand
    chain = []
    corrections = original.corrections.select_related(
        "created_by", "revision", "approval", "review"
    ).order_by("created_at", "id")
    for k, c in enumerate(corrections, start=1):
        approval = _one(c, "approval")
        review = _one(c, "review")
        document = approval or review
        signature = document.signatures().first() if document is not None else None
        if document is None:
            state = "counts" if c.kind == c.Kind.REVISION and original.status != "invalid" else ""
        else:
            state = "signed" if document.is_locked else "waiting"
        chain.append(
            {
                "n": k,
                "id": c.pk,
                "kind": c.kind,
                "kind_label": c.get_kind_display(),
                "reason": c.reason,
                "by": c.created_by,
                "role": c.role,
                "at": c.created_at,
                "revision": c.revision,
                "state": state,
                "signed_by": signature.signer if signature else None,
                "signed_at": signature.signed_at if signature else None,
                "continuity": approval.continuity if approval is not None else [],
            }
        )
    return chain


def rules_of(hand: Hand) -> adapter.Rules:
    return adapter.rules_for(
        hand.settings,
        chip_unit=hand.chip_unit,
        structure=hand.structure,
        at=hand.started_at,
        tournament=hand.session.is_tournament,  # issue 42: no rake at a tournament table
    )


def replay(hand: Hand) -> dict[str, Any]:
    data = adapter.replay(hand.record, rules_of(hand))
    data["hand"] = hand.pk
    data["positions"] = {str(k): v for k, v in data["positions"].items()}
    data["finishing"] = {str(k): v for k, v in data["finishing"].items()}
    for step in data["steps"]:
        step["stacks"] = {str(k): v for k, v in step["stacks"].items()}
        step["bets"] = {str(k): v for k, v in step["bets"].items()}
    return data


def seat_plan(session: Any) -> dict[str, Any]:
    """The seating plan (``tables.selectors.seat_plan``) with the next hand's suggestion."""
    nxt = selectors.next_hand(session)
    return {
        "session": session.pk,
        "next_button": nxt.button,
        "dealt_in": list(nxt.dealt_in),
        "waiting_for_blinds": {str(k): v for k, v in nxt.waiting.items()},
        "seats": nxt.plan.occupied,
        "waiting": [
            {"id": w.pk, "name": w.name, "player": w.player_id, "requested_at": w.requested_at}
            for w in nxt.plan.waiting
        ],
    }


def live_rulings(live: Any) -> list[dict[str, Any]]:
    """The rulings the table's rule profile gives for the irregularities declared in the
    hand being logged (IRREG-14), as the engine decides them; read-only."""
    from hands import adapter

    lang = _lang()
    from hands.services.live import live_rules

    rules = live_rules(live)  # the rules the hand is judged by (a tournament's, issue 42)
    built = adapter.build(live.record, rules, lenient=True)
    out = []
    for item in built.irregularities:
        ruling = item["ruling"]
        out.append(
            {
                "kind": irregularity_label(item["kind"]),
                "seat": item["seat"],
                "outcomes": [outcome_label(o) for o in ruling["outcomes"]]
                or [outcome_label(item["outcome"])],
                "rule_ids": ", ".join(item["rule_ids"]),
                "explanation": ruling["explanation"].get(lang) or ruling["explanation"]["es"],
                "needs_supervisor": ruling["needs_supervisor"],
            }
        )
    return out


WAIT_LABELS = {
    "waits_button_and_blinds": _("new: waits until the button and the blinds pass (SEAT-05)"),
    "waits_big_blind": _("new: waits for the big blind or posts (SEAT-05)"),
}


def hand_start_rows(actor: Actor, session: TableSession) -> dict[str, Any]:
    """The form of a new hand filled in from the one seating plan (issue 13 §1): every seat
    whose player is dealt in ticked, with the stack the plan holds (the last finishing
    stack plus the buy-ins since; a first hand: the buy-ins), new players who wait by the
    table's entry policy unticked with the reason, the button one seat on, the croupier on
    duty as dealer. The supervisor corrects what differs at the table."""
    nxt = selectors.next_hand(session)
    rows = []
    for p in nxt.plan.seats:
        row: dict[str, Any] = {"seat": p.number, "name": "", "stack": None, "in": False}
        row["status"] = ""
        if p.occupied:
            row.update(name=p.label, stack=p.stack, status=p.status_label)
            row["in"] = p.number in nxt.dealt_in
            if p.number in nxt.waiting:
                row["status"] = str(WAIT_LABELS[nxt.waiting[p.number]])
        rows.append(row)
    croupier = table_selectors.croupier_on_duty(session)
    from casino.models import User

    return {
        "rows": rows,
        "button": nxt.button,
        "occupied": list(nxt.dealt_in),
        "dealer": croupier.username if croupier else "",
        "croupiers": User.objects.filter(
            casino=actor.casino, is_active=True, groups__name=Role.CROUPIER.value
        ).order_by("username"),
        # SHUF-04: the house's shuffle, shown where the hand starts.
        "shuffle_procedure": shuffle_procedure(
            table_selectors.settings_for_hand(session, timezone.now())
        ),
    }
