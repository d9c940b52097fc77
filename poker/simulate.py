"""Random legal hands, seeded (tests, benchmarks, the demo's simulated days).

Pure Python, like the rest of the engine: a hand is dealt from a shuffled deck and
every action is chosen among the engine's own legal options (``HandState.options``):
bets and raises between the minimum and the maximum, calls, folds, checks, then the
showdown in the engine's order. So each hand it returns validates. The same ``rng``
(a ``random.Random``) gives the same hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import Action, Hand, Variant
from .profiles import RuleProfile
from .state import HandState

#: Bound on the steps of one hand (a legal hand ends long before).
_MAX_STEPS = 500


def random_hand(
    *,
    variant: Variant,
    profile: RuleProfile,
    stacks: Sequence[int],
    small_blind: int,
    big_blind: int,
    chip_unit: int,
    rng: random.Random,
) -> Hand:
    """One legal hand with random play; ``stacks`` in PHH order (the small blind first,
    the button last; heads-up the button is the small blind's seat, OQ-32), in units."""
    n = len(stacks)
    if n < 2:
        raise ValueError("at least two players")
    blinds = [0] * n
    blinds[0], blinds[1] = small_blind, big_blind
    fixed = variant is Variant.FIXED_LIMIT
    setup = Hand(
        variant=variant,
        starting_stacks=tuple(stacks),
        antes=(0,) * n,
        blinds_or_straddles=tuple(blinds),
        actions=(),
        min_bet=None if fixed else big_blind,
        small_bet=big_blind if fixed else None,
        big_bet=2 * big_blind if fixed else None,
        chip_unit=chip_unit,
        scale=2,
    )
    deck = list(range(52))
    rng.shuffle(deck)
    state = HandState.start(setup, profile)

    def play(action: Action) -> None:
        nonlocal state
        result = state.apply(action)
        if not isinstance(result, HandState):
            raise RuntimeError(f"simulated action refused: {result.violations}")
        state = result

    for i in range(n):
        play(Action.deal_hole(i, (deck.pop(), deck.pop())))
    shown: set[int] = set()
    for _step in range(_MAX_STEPS):
        if state.is_over:
            break
        due = state.dealer_due
        if due in ("flop", "turn", "river"):
            k = 3 if due == "flop" else 1
            play(Action.deal_board(tuple(deck.pop() for _ in range(k))))
            continue
        o = state.options()
        if o is not None:
            roll = rng.random()
            if o.can_bet_or_raise and o.min_to is not None and o.max_to is not None and roll < 0.25:
                low, high = o.min_to, o.max_to
                if high > low and rng.random() < 0.3:
                    steps = (high - low) // chip_unit
                    to = low + chip_unit * rng.randint(0, min(steps, 20))
                else:
                    to = low
                play(Action.bet_raise(o.player, to))
            elif o.call_amount and roll < 0.40:
                play(Action.fold(o.player))
            elif o.can_check:
                play(Action.check(o.player))
            else:
                play(Action.call(o.player))
            continue
        if state.at_showdown:
            for p in state.showdown_order():
                if p not in shown:
                    shown.add(p)
                    play(Action.show(p))
                    break
            continue
        break
    return state.hand
