"""The live hand's state for the screen: who acts, the options, the street's closing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.machine import BETTING, DEALING, OVER, SHOWDOWN, VOID
from poker.model import (
    Action,
)
from poker.state import HandState

from .build import Built, build
from .profile import Rules, positions
from .units import cards_text, money, money_text

# ---------------------------------------------------------------------------
# Live logging: whose turn, and what may they do (BET-24, HREC-04)

_PHASES = {BETTING: "betting", DEALING: "dealing", SHOWDOWN: "showdown", OVER: "over", VOID: "void"}
_STREETS = ("preflop", "flop", "turn", "river")


def live_state(record: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The state of a hand being logged: next actor and legal options, pots, stacks."""
    built = build(record, rules, lenient=True)
    m = built.machine
    order = built.order
    phase = _PHASES.get(m.phase, "betting")
    state: dict[str, Any] = {
        "phase": phase,
        "street": _STREETS[min(m.street, 3)],
        "board": cards_text(c for c in m.board),
        "pot": str(money(m.total)),
        "stacks": {str(order[i]): str(money(m.stacks[i])) for i in range(m.n)},
        "bets": {str(order[i]): str(money(m.bets[i])) for i in range(m.n)},
        "folded": [order[i] for i in range(m.n) if m.folded[i]],
        "next_seat": None,
        "options": [],
        "expected": None,
        "complete": m.incomplete_reason() is None,
        "positions": {str(k): v for k, v in positions(order).items()},
        # POT-11: every pot as it stands, with the seats that can win it.
        "pots": [
            {"amount": money_text(amount), "eligible": [order[i] for i in eligible]}
            for amount, eligible in HandState(m, built.hand, len(built.hand.actions), ()).pots()
        ],
    }
    if phase == "betting":
        actor = m.next_actor()
        if actor >= 0:
            state["next_seat"] = order[actor]
            state["options"] = _options(built)
    elif phase == "dealing":
        count = 3 if m.street == 0 else 1
        state["expected"] = {"action": "board", "cards": count, "street": _STREETS[m.street + 1]}
    elif phase == "showdown":
        if len(m.board) < 5:
            state["expected"] = {
                "action": "board",
                "cards": 3 if not m.board else 1,
                "street": {0: "flop", 3: "turn"}.get(len(m.board), "river"),
            }
        else:
            waiting = [
                order[i]
                for i in m.showdown_order()
                if m.shown[i] is None and not m.mucked[i] and not m.folded[i]
            ]
            if waiting:
                state["next_seat"] = waiting[0]
                state["expected"] = {"action": "show_or_muck", "seats": waiting}
    state["closing"] = _closing(built) if phase == "betting" else None
    state["awards_needed"] = []
    state["winners"] = []
    if state["complete"] and m.phase in (SHOWDOWN, OVER):
        _settled_view(state, built)
    return state


def _closing(built: Built) -> dict[str, Any] | None:
    """Issue 38 §5: what ends this betting round at no cost but checks and at most one
    call (the only way it ends without another bet or a fold), and what comes next (the
    next board cards, or the first hand to show). None when more than that is left."""
    m = built.machine.copy()
    order = built.order
    street = m.street
    known = len(m.violations)
    steps: list[dict[str, Any]] = []
    calls = 0
    for _ in range(m.n):
        if m.phase != BETTING or m.street != street:
            break
        actor = m.next_actor()
        if actor < 0:
            return None
        owed = m.to_call(actor)
        if owed > 0:
            calls += 1
            steps.append(
                {
                    "seat": order[actor],
                    "action": "call",
                    "amount": money_text(min(owed, m.stacks[actor])),
                }
            )
            m.apply(Action.call(actor), -1)
        else:
            steps.append({"seat": order[actor], "action": "check"})
            m.apply(Action.check(actor), -1)
    if calls > 1 or len(m.violations) != known or not steps:
        return None
    if m.phase == DEALING:
        then = {
            "action": "board",
            "street": _STREETS[m.street + 1],
            "cards": 3 if m.street == 0 else 1,
        }
    elif m.phase == SHOWDOWN and len(m.board) < 5:
        then = {
            "action": "board",
            "street": {0: "flop", 3: "turn"}.get(len(m.board), "river"),
            "cards": 3 if not m.board else 1,
        }
    elif m.phase == SHOWDOWN:
        waiting = [i for i in m.showdown_order() if m.shown[i] is None and not m.mucked[i]]
        if not waiting:
            return None
        then = {"action": "show", "seat": order[waiting[0]]}
    else:
        return None
    return {"actions": steps, "then": then}


def _settled_view(state: dict[str, Any], built: Built) -> None:
    """Issue 38 §2: who takes each pot as the record stands (the cards read, or the floor's
    award) and the pots it does not say: the hand is complete only once they are awarded."""
    order = built.order
    settled = built.machine.copy()
    pots = settled.settle(finished=True).pots
    for k, pot in enumerate(pots):
        kind = "carried" if pot.carried else ("main" if k == 0 else "side")
        view = {
            "pot": k,
            "kind": kind,
            "amount": money_text(pot.amount),
            "eligible": [order[i] for i in pot.eligible],
            "winners": [order[i] for i in pot.winners],
            "awarded": k in built.awards,
        }
        if k in settled.unread:
            state["awards_needed"].append(view)
        else:
            state["winners"].append(view)
    if state["awards_needed"]:
        state["complete"] = False


def _options(built: Built) -> list[dict[str, Any]]:
    """The legal options of the player to act, from the engine's ``HandState`` (BET-24)."""
    m = built.machine
    state = HandState(m, built.hand, len(built.hand.actions), ())
    o = state.options()
    if o is None:
        return []
    stack = m.stacks[o.player]
    opts: list[dict[str, Any]] = [{"action": "fold"}]
    if o.can_check:
        opts.append({"action": "check"})
    else:
        opts.append(
            {
                "action": "call",
                "amount": money_text(o.call_amount),
                "all_in": o.call_amount >= stack,
            }
        )
    if o.can_bet_or_raise and o.min_to is not None and o.max_to is not None:
        if o.min_to < o.all_in_to:
            option: dict[str, Any] = {
                "action": "bet" if o.is_bet else "raise",
                "min": money_text(o.min_to),
                "max": money_text(o.max_to),
            }
            if o.raises_left is not None:
                option["raises_left"] = o.raises_left  # fixed limit (BET-09)
            opts.append(option)
        if o.max_to == o.all_in_to:
            opts.append({"action": "all_in", "amount": money_text(o.all_in_to)})
    return opts
