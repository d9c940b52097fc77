"""A stored hand as the promotion judges read it, through the recorder's engine door
(docs/promotions.md "The hand the judges read"), and the judgement as plain data for
pages, claims and the API."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from casino.formatting import money as money_text
from hands import adapter
from hands.models import Hand
from hands.selectors import record_in_force
from poker.cards import format_cards
from poker.promotions import (
    FundKind,
    FundRules,
    HandOutcome,
    HighHandQualified,
    NotQualified,
    PlayedHand,
    Qualified,
    almost_qualified,
    judge_bad_beat,
    judge_high_hand,
    outcome_of,
    posted_rules,
)
from poker.validate import validate


def cents(value: Decimal) -> int:
    return int((Decimal(value) * 100).to_integral_value())


def amount(units: int) -> Decimal:
    return adapter.money(units)


def money_in(lang: str):
    """The project's one money formatter, on cents, in ``lang``."""
    return lambda units: money_text(amount(units), lang)


def hand_outcome(hand: Hand) -> HandOutcome:
    """The engine's reading of a stored hand; ``revised`` when another record of it counts."""
    rules = adapter.rules_for(
        hand.settings,
        chip_unit=hand.chip_unit,
        structure=hand.structure,
        at=hand.started_at,  # the fund's drop in force then (issue 44 §1)
    )
    built = adapter.build(hand.record, rules, lenient=True)
    verdict = validate(built.hand, rules.profile)
    # Revised: another record of the hand counts now (a revision in force, HREC-09); a
    # revision waiting for the pit boss's signature does not replace it yet.
    revised = record_in_force(hand).pk != hand.pk
    return outcome_of(built.hand, verdict, revised=revised)


def judge(rules: FundRules, outcome: HandOutcome) -> Qualified | HighHandQualified | NotQualified:
    if rules.kind is FundKind.BAD_BEAT:
        return judge_bad_beat(rules, outcome)
    return judge_high_hand(rules, outcome)


def _hand_data(h: PlayedHand, role: str) -> dict[str, Any]:
    return {
        "seat": h.seat,
        "role": role,
        "cards": format_cards(h.hole, " "),
        "best_five": format_cards(h.best_five, " "),
        "value": h.value,
        "hand": {"es": h.describe("es"), "en": h.describe("en")},
        "playing": h.playing,
        "card_roles": [r.value for r in h.roles],
    }


@dataclass(frozen=True)
class Judgement:
    qualified: bool
    almost: bool
    data: dict[str, Any]


def judgement(rules: FundRules, outcome: HandOutcome) -> Judgement:
    """The engine's verdict on a hand for a fund, as plain data: the hands with their
    cards, the rules in words (es/en), and the reason (code and words) when it fails."""
    result = judge(rules, outcome)
    data: dict[str, Any] = {
        "kind": rules.kind.value,
        "board": format_cards(outcome.board, " "),
        "rules": {
            "es": list(posted_rules(rules, "es", money=money_in("es"))),
            "en": list(posted_rules(rules, "en", money=money_in("en"))),
        },
    }
    if isinstance(result, NotQualified):
        data["qualified"] = False
        data["reason"] = {
            "code": result.reason.value,
            "es": result.message("es", money=money_in("es")),
            "en": result.message("en", money=money_in("en")),
        }
        data["hands"] = [_hand_data(h, "shown") for h in result.hands]
        return Judgement(False, almost_qualified(rules, result), data)
    data["qualified"] = True
    if isinstance(result, Qualified):
        data["hands"] = [_hand_data(h, "losing_hand") for h in result.losing] + [
            _hand_data(h, "winning_hand") for h in result.winning
        ]
        data["losing"] = [h.seat for h in result.losing]
        data["winning"] = [h.seat for h in result.winning]
        data["others"] = list(result.others)
    else:
        data["hands"] = [_hand_data(h, "high_hand") for h in result.hands]
        data["winning"] = [h.seat for h in result.hands]
        data["losing"], data["others"] = [], []
    return Judgement(True, False, data)
