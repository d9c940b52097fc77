"""Invariants over random legal hands (hypothesis): conservation, pots, strictness.

Hands come from ``engine_gen`` (NL, PL and FL; 2 to 10 players; unequal and short
stacks, so all-ins and side pots are frequent; antes and straddles sometimes).
Set ``MESA_PROPERTY_EXAMPLES`` to run more examples.
"""

from __future__ import annotations

import os
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.model import ActionKind, Variant
from poker.profiles import MANUAL
from poker.state import HandState
from poker.validate import Status, validate
from tests.poker.engine_gen import GEN_PROFILE, random_hand

EXAMPLES = int(os.environ.get("MESA_PROPERTY_EXAMPLES", "200"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32)
variants = st.sampled_from(list(Variant))
RAKED = MANUAL.with_overrides(rake_bps=500, rake_cap=30)


@SETTINGS
@given(seeds, variants)
def test_generated_hands_are_valid(seed: int, variant: Variant) -> None:  # HREC-04
    hand = random_hand(seed, variant)
    verdict = validate(hand, GEN_PROFILE)
    assert verdict.status is Status.VALID, verdict.violations


@SETTINGS
@given(seeds, variants, st.sampled_from([GEN_PROFILE, MANUAL, RAKED]))
def test_chips_are_conserved(seed: int, variant: Variant, profile) -> None:  # type: ignore[no-untyped-def]  # POT-12
    hand = random_hand(seed, variant)
    verdict = validate(hand, profile)
    assert sum(hand.starting_stacks) == sum(verdict.finishing_stacks) + verdict.rake
    assert min(verdict.finishing_stacks) >= 0  # BET-11: nobody loses more than their stack
    for start, end, paid in zip(
        hand.starting_stacks, verdict.finishing_stacks, verdict.payouts, strict=True
    ):
        assert end - paid <= start  # chips behind never exceed the starting stack


@SETTINGS
@given(seeds, variants, st.sampled_from([GEN_PROFILE, RAKED]))
def test_pots_add_up(seed: int, variant: Variant, profile) -> None:  # type: ignore[no-untyped-def]  # POT-02..08, RAKE
    hand = random_hand(seed, variant)
    verdict = validate(hand, profile)
    put_in = sum(hand.starting_stacks) - sum(verdict.finishing_stacks) + sum(verdict.payouts)
    assert sum(p.amount for p in verdict.pots) == put_in
    assert sum(p.rake for p in verdict.pots) == verdict.rake
    if profile.rake_cap is not None:  # RAKE-07, OQ-04: the cap limits each pot
        assert all(p.rake <= profile.rake_cap for p in verdict.pots)
    previous: set[int] | None = None
    for pot in verdict.pots:
        assert sum(pot.shares) == pot.amount - pot.rake
        assert set(pot.winners) <= set(pot.eligible)
        assert pot.rake <= pot.amount * profile.rake_bps // 10_000
        if pot.shares:
            assert max(pot.shares) - min(pot.shares) <= hand.chip_unit  # one odd chip at most
        if previous is not None:
            assert set(pot.eligible) <= previous  # side pots nest (POT-02)
        previous = set(pot.eligible)


@SETTINGS
@given(seeds, variants)
def test_live_api_and_validator_agree(seed: int, variant: Variant) -> None:  # BET-24, HREC-02
    hand = random_hand(seed, variant)
    state = HandState.start(hand, GEN_PROFILE)
    settlement = state.settle()
    verdict = validate(hand, GEN_PROFILE)
    assert settlement.finishing_stacks == verdict.finishing_stacks
    assert settlement.pots == verdict.pots
    assert state.is_over


@SETTINGS
@given(seeds, variants, st.data())
def test_a_missing_action_is_never_filled_in(seed: int, variant: Variant, data) -> None:  # type: ignore[no-untyped-def]
    # Unlike PokerKit's iteration, removing any dealing or betting action breaks the record.
    hand = random_hand(seed, variant)
    candidates = [
        i for i, a in enumerate(hand.actions) if a.kind not in (ActionKind.SHOW, ActionKind.MUCK)
    ]
    i = data.draw(st.sampled_from(candidates))
    broken = replace(hand, actions=hand.actions[:i] + hand.actions[i + 1 :])
    verdict = validate(broken, GEN_PROFILE)
    assert verdict.status is Status.INVALID, (i, hand.actions[i])


@SETTINGS
@given(seeds, variants)
def test_showdown_order_lists_the_players_at_showdown(
    seed: int, variant: Variant
) -> None:  # SHOW-01
    hand = random_hand(seed, variant)
    verdict = validate(hand, GEN_PROFILE)
    if verdict.showdown_order:
        folded = {a.player for a in hand.actions if a.kind is ActionKind.FOLD}
        assert set(verdict.showdown_order).isdisjoint(folded)
        assert len(set(verdict.showdown_order)) == len(verdict.showdown_order) >= 2
