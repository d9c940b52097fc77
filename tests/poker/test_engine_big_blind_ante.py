"""A big blind too short for the big-blind ante and the blind (issue 42 §5, tournaments).

TDA 2024, recommended procedure RP-11: "If a single-payer ante is used, the big blind ante
format (BBA) with big-blind-first calculation is recommended." The 2019 rules took the
ante first; the 2024 rules take the blind first: with 500/1,000 and a 1,000 big-blind
ante, a big blind of 1,100 posts his 1,000 blind (live: the others must call it, he can
win it from each of them) and 100 of ante (dead). The engine's tournament profile plays
it so; any other ante (an ante from every player, a cash table's dead blind) is still
taken first (OQ-33). Chips are conserved either way.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from poker.machine import Machine
from poker.model import Variant
from tests.poker.engine_helpers import NO_RAKE, check, make_hand

TOURNAMENT = NO_RAKE.with_overrides(tournament=True)


def _posted(stacks, antes, blinds, profile=TOURNAMENT):  # type: ignore[no-untyped-def]
    m = Machine(Variant.NO_LIMIT, stacks, antes, blinds, min_bet=max(blinds), profile=profile)
    return m.bets, m.dead, m.stacks


def test_tda_rp_11_a_short_big_blind_posts_the_blind_before_the_big_blind_ante():
    # TDA 2024 RP-11 (big-blind-first calculation): 500/1,000, big-blind ante 1,000; the big
    # blind (PHH index 1) has 1,100: 1,000 blind live, 100 ante dead.
    bets, dead, stacks = _posted([20000, 1100, 20000], [0, 1000, 0], [500, 1000, 0])
    assert (bets, dead, stacks) == ([500, 1000, 0], 100, [19500, 0, 20000])
    # Shorter than the blind: all of it is the blind; no ante.
    bets, dead, stacks = _posted([20000, 800, 20000], [0, 1000, 0], [500, 1000, 0])
    assert (bets, dead, stacks) == ([500, 800, 0], 0, [19500, 0, 20000])
    # Heads-up the button posts the small blind and PHH reverse-assigns the forced bets
    # (OQ-32): the big blind is index 0, his ante listed second; blind first still.
    bets, dead, stacks = _posted([1100, 20000], [0, 1000], [500, 1000])
    assert (bets, dead, stacks) == ([1000, 500], 100, [0, 19500])
    # Enough for both: the full ante and the full blind.
    bets, dead, _ = _posted([20000, 5000, 20000], [0, 1000, 0], [500, 1000, 0])
    assert (bets, dead) == ([500, 1000, 0], 1000)


def test_tda_rp_11_applies_to_the_single_payer_ante_only_and_to_tournaments_only():
    # An ante from every player is taken first (OQ-33), and a cash table keeps OQ-33 too.
    bets, dead, _ = _posted([20000, 150, 20000], [100, 100, 100], [500, 1000, 0])
    assert (bets[1], dead) == (50, 300)
    bets, dead, _ = _posted([20000, 1100, 20000], [0, 1000, 0], [500, 1000, 0], NO_RAKE)
    assert (bets[1], dead) == (100, 1000)


def test_tda_rp_11_whole_hand_the_short_big_blind_wins_his_blind_from_each_caller():
    # The button calls 1,000, the small blind calls; the big blind (all in preflop) wins
    # with aces: his 1,000 from each of three players and the 100 ante = 3,100 (ante
    # first he could have won only 100 × 3 + 1,000).
    hand = make_hand(
        [20000, 1100, 20000],
        [
            "d dh p1 7c2d",
            "d dh p2 AsAh",
            "d dh p3 8d3c",
            "p3 cc",
            "p1 cc",
            "d db Kh9s4c",
            "p1 cc",
            "p3 cc",
            "d db 5d",
            "p1 cc",
            "p3 cc",
            "d db Jh",
            "p1 cc",
            "p3 cc",
            "p1 sm 7c2d",
            "p3 sm 8d3c",
            "p2 sm AsAh",
        ],
        blinds=[500, 1000, 0],
        antes=[0, 1000, 0],
        min_bet=1000,
    )
    verdict = check(hand, TOURNAMENT)
    assert verdict.valid, verdict.violations
    assert verdict.finishing_stacks == (19000, 3100, 19000)
    assert sum(verdict.finishing_stacks) == 20000 + 1100 + 20000


@settings(max_examples=300, deadline=None)
@given(
    big=st.integers(min_value=1, max_value=5000),
    blind=st.integers(min_value=2, max_value=2000),
    ante=st.integers(min_value=1, max_value=2000),
    players=st.integers(min_value=2, max_value=9),
)
def test_tda_rp_11_chips_are_conserved_and_the_blind_comes_first(big, blind, ante, players):
    # Property: whatever the stacks, nothing is created or lost by the posting, and the big
    # blind's blind is never short while he has chips left for the ante.
    small = blind // 2
    stacks = [50000] * players
    antes = [0] * players
    blinds = [small, blind] + [0] * (players - 2)
    if players == 2:  # heads-up: the big blind is index 0, his ante listed second (OQ-32)
        stacks[0], antes[1] = big, ante
    else:
        stacks[1], antes[1] = big, ante
    m = Machine(Variant.NO_LIMIT, stacks, antes, blinds, min_bet=blind, profile=TOURNAMENT)
    assert sum(m.stacks) + sum(m.bets) + m.dead == sum(stacks)
    bb = 0 if players == 2 else 1
    bb_bet = m.bets[bb]
    assert bb_bet == min(big, blind)
    assert m.dead == min(ante, big - bb_bet)
