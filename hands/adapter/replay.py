"""A stored hand replayed street by street, in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from poker.evaluator import describe as _describe
from poker.evaluator import evaluate7
from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.machine import Machine
from poker.model import (
    Action,
    ActionKind,
)

from .build import build
from .live import _STREETS
from .profile import Rules, positions
from .units import cards_text, money, money_text

# ---------------------------------------------------------------------------
# Replay, step by step (board, pots and stacks after each action)

_VERBS = {
    ActionKind.DEAL_HOLE: ("recibe {cards}", "is dealt {cards}"),
    ActionKind.FOLD: ("se retira", "folds"),
    ActionKind.CHECK: ("pasa", "checks"),
    ActionKind.CALL: ("iguala", "calls"),
    ActionKind.CHECK_OR_CALL: ("pasa o iguala", "checks or calls"),
    ActionKind.SHOW: ("muestra {cards}", "shows {cards}"),
    ActionKind.MUCK: ("descarta sin mostrar", "mucks"),
    ActionKind.DEAD: ("mano muerta", "hand is dead"),
}


def replay(record: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """Each action with the board, pots, bets and stacks after it (the replay page)."""
    built = build(record, rules, lenient=True)
    hand = built.hand
    order = built.order
    m = Machine.from_hand(hand, rules.profile)
    steps: list[dict[str, Any]] = []

    def snapshot(index: int | None, es: str, en: str) -> None:
        pots = m.settle(finished=False).pots
        steps.append(
            {
                "index": index,
                "record_action": None if index is None else built.origin[index][0],
                "text": {"es": es, "en": en},
                "street": _STREETS[min(m.street, 3)],
                "board": cards_text(m.board, symbols=True),
                "pot": str(money(m.total)),
                "pots": [
                    {"amount": str(money(p.amount)), "eligible": [order[i] for i in p.eligible]}
                    for p in pots
                ],
                "stacks": {order[i]: str(money(m.stacks[i])) for i in range(m.n)},
                "bets": {order[i]: str(money(m.bets[i])) for i in range(m.n)},
                "folded": [order[i] for i in range(m.n) if m.folded[i]],
                "next_seat": order[m.next_actor()] if m.next_actor() >= 0 else None,
            }
        )

    snapshot(None, "Ciegas y obligatorias puestas", "Blinds and forced bets posted")
    for index, action in enumerate(hand.actions):
        before_bet = m.current_bet
        m.apply(action, index)
        es, en = _describe_action(action, order, before_bet)
        snapshot(index, es, en)
    settlement = m.settle()
    shown = {}
    for i in range(m.n):
        cards = m.shown[i]
        if cards and all(c >= 0 for c in cards) and len(m.board) == 5:
            value = evaluate7((*cards, *m.board))
            shown[order[i]] = {
                "cards": cards_text(cards, symbols=True),
                "es": _describe(value, "es"),
                "en": _describe(value, "en"),
            }
    return {
        "steps": steps,
        "positions": positions(order),
        "shown": shown,
        "pots": [
            {
                "amount": str(money(p.amount)),
                "rake": str(money(p.rake)),
                "winners": [order[i] for i in p.winners],
                "shares": [str(money(s)) for s in p.shares],
            }
            for p in settlement.pots
        ],
        "finishing": {order[i]: str(money(v)) for i, v in enumerate(settlement.finishing_stacks)},
    }


def _describe_action(action: Action, order: Sequence[int], before_bet: int) -> tuple[str, str]:
    kind = action.kind
    if kind is ActionKind.DEAL_BOARD:
        text = cards_text(action.cards, symbols=True)
        return f"Mesa: {text}", f"Board: {text}"
    if kind is ActionKind.VOID:
        return "Mano anulada", "Hand declared void"
    if kind is ActionKind.NOOP:
        return "—", "—"
    seat = order[action.player] if 0 <= action.player < len(order) else action.player
    if kind is ActionKind.BET_RAISE:
        amount = money_text(action.amount)
        if before_bet:
            return f"Asiento {seat} sube a {amount}", f"Seat {seat} raises to {amount}"
        return f"Asiento {seat} apuesta {amount}", f"Seat {seat} bets {amount}"
    es, en = _VERBS.get(kind, ("actúa", "acts"))
    text = cards_text(action.cards, symbols=True) if action.cards else ""
    return (
        f"Asiento {seat} " + es.format(cards=text),
        f"Seat {seat} " + en.format(cards=text),
    )
