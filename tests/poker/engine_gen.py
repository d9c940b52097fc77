"""Random legal Texas Hold'em hands, played on the engine's own incremental API.

``random_hand(rng, ...)`` deals a full hand: unequal stacks (often short, so
all-ins and side pots are common), random folds, checks, calls, bets and raises
anywhere between the legal minimum and maximum (all-ins included), a board
run out when needed and a showdown. The three structures are covered. The
hands are legal by construction (every action is taken from
``HandState.options``); property and differential tests then check them.
"""

from __future__ import annotations

import random
from dataclasses import replace

from poker.model import UNKNOWN_CARD, Action, Hand, Variant
from poker.profiles import MANUAL, RuleProfile
from poker.state import HandState, Rejected

GEN_PROFILE = MANUAL.with_overrides(rake_bps=0)


def random_setup(
    rng: random.Random,
    variant: Variant | None = None,
    *,
    straddle: bool = True,
    antes: bool = True,
    players: int | None = None,
) -> Hand:
    n = players or rng.choice([2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 10])
    variant = variant or rng.choice(list(Variant))
    bb = rng.choice([2, 2, 2, 4, 10, 100])
    sb = bb // 2
    blinds = [sb, bb] + [0] * (n - 2)
    if straddle and n >= 4 and rng.random() < 0.15:
        blinds[2] = 2 * bb
    ante = rng.choice([0, 0, 0, 1, bb // 2]) if antes else 0
    depth = rng.choice([3, 10, 30, 100])
    stacks = [rng.randint(1, depth * bb) + (bb if rng.random() < 0.8 else 0) for _ in range(n)]
    if n == 2:
        blinds = [bb, sb]  # PHH heads-up: reverse-assigned, so the button (p2) posts sb
        blinds = blinds[::-1]
    return Hand(
        variant=variant,
        starting_stacks=tuple(stacks),
        antes=(ante,) * n,
        blinds_or_straddles=tuple(blinds),
        actions=(),
        min_bet=None if variant is Variant.FIXED_LIMIT else bb,
        small_bet=bb if variant is Variant.FIXED_LIMIT else None,
        big_bet=2 * bb if variant is Variant.FIXED_LIMIT else None,
    )


def _push(state: HandState, action: Action) -> HandState:
    result = state.apply(action)
    if isinstance(result, Rejected):  # pragma: no cover - a generator bug
        raise AssertionError(f"generator made an illegal move {action}: {result.violations}")
    return result


def play(
    rng: random.Random,
    setup: Hand,
    profile: RuleProfile = GEN_PROFILE,
    *,
    unknown_cards: bool = False,
    allow_muck: bool = True,
) -> Hand:
    """Deal and play ``setup`` to the end with random legal actions."""
    deck = list(range(52))
    rng.shuffle(deck)
    state = HandState.start(setup, profile)
    n = setup.player_count
    hidden = unknown_cards and rng.random() < 0.3
    holes = []
    for p in range(n):
        cards = (deck.pop(), deck.pop())
        holes.append(cards)
        shown_cards = (UNKNOWN_CARD, UNKNOWN_CARD) if hidden else cards
        state = _push(state, Action.deal_hole(p, shown_cards))
    aggression = rng.random()
    for _ in range(1000):
        if state.is_over:
            break
        due = state.dealer_due
        if state.at_showdown and _pending_shows(state):
            state = _showdown(rng, state, holes, hidden, allow_muck)
            continue
        if due in ("flop", "turn", "river"):
            count = 3 if due == "flop" else 1
            state = _push(state, Action.deal_board(tuple(deck.pop() for _ in range(count))))
            continue
        options = state.options()
        if options is None:
            raise AssertionError(f"stuck: {state!r}")
        state = _push(state, _choose(rng, options, aggression))
    else:  # pragma: no cover
        raise AssertionError("hand did not finish")
    return state.hand


def _pending_shows(state: HandState) -> list[int]:
    shown = {a.player for a in state.hand.actions if a.kind.name in ("SHOW", "MUCK")}
    return [p for p in state.showdown_order() if p not in shown]


def _showdown(
    rng: random.Random,
    state: HandState,
    holes: list[tuple[int, int]],
    hidden: bool,
    allow_muck: bool,
) -> HandState:
    pending = _pending_shows(state)
    # Mucking is realistic only with one pot: a side pot nobody claims cannot be paid.
    all_in = len(state.board) < 5 or len(state.pots()) > 1
    for k, p in enumerate(pending):
        last = k == len(pending) - 1
        if allow_muck and not all_in and not last and rng.random() < 0.15:
            state = _push(state, Action.muck(p))
        elif hidden or rng.random() < 0.5:
            state = _push(state, Action.show(p, holes[p]))
        else:
            state = _push(state, Action.show(p))  # PHH "sm -"
    return state


def _choose(rng: random.Random, options, aggression: float) -> Action:  # type: ignore[no-untyped-def]
    p = options.player
    r = rng.random()
    if options.can_bet_or_raise and r < 0.25 + 0.35 * aggression:
        assert options.min_to is not None and options.max_to is not None
        roll = rng.random()
        if roll < 0.15:
            amount = options.max_to
        elif roll < 0.45:
            amount = options.min_to
        else:
            amount = rng.randint(options.min_to, options.max_to)
        return Action.bet_raise(p, amount)
    if options.call_amount and r > 0.75:
        return Action.fold(p)
    if not options.call_amount and r > 0.97:
        return Action.fold(p)  # folding when a check is possible is allowed (and silly)
    return Action.check_or_call(p)


def random_hand(
    seed: int,
    variant: Variant | None = None,
    *,
    straddle: bool = True,
    antes: bool = True,
    unknown_cards: bool = False,
    profile: RuleProfile = GEN_PROFILE,
) -> Hand:
    rng = random.Random(seed)
    setup = random_setup(rng, variant, straddle=straddle, antes=antes)
    if not profile.straddle_allowed:
        blinds = list(setup.blinds_or_straddles)
        if len(blinds) > 2:
            blinds[2:] = [0] * (len(blinds) - 2)
        setup = replace(setup, blinds_or_straddles=tuple(blinds))
    return play(rng, setup, profile, unknown_cards=unknown_cards)
