"""Plain-data views of hands for the API and the pages (no rules here)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from . import engine, selectors
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


def rules_of(hand: Hand) -> engine.Rules:
    return engine.rules_for(hand.settings, chip_unit=hand.chip_unit, structure=hand.structure)


def replay(hand: Hand) -> dict[str, Any]:
    data = engine.replay(hand.record, rules_of(hand))
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
