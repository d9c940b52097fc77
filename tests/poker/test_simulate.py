"""poker.simulate: random legal hands, seeded, pure (issue 41 §1).

The demo's simulated days, the load test and the benchmarks play these hands; every one
must validate under the profile it was played with, and a seed must replay the same hand.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from poker.model import Variant
from poker.profiles import CABA, MANUAL, PBA
from poker.simulate import random_hand
from poker.validate import Status, validate

PROFILES = (MANUAL, PBA, CABA)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    variant=st.sampled_from(list(Variant)),
    profile=st.sampled_from(PROFILES),
    stack=st.integers(4, 400),
)
def test_every_simulated_hand_validates_and_keeps_the_chips(
    seed, players, variant, profile, stack
):  # HREC-04, POT-01: legal play by construction, chips conserved
    stacks = [stack * 100] * players
    hand = random_hand(
        variant=variant,
        profile=profile.with_overrides(rake_bps=0),
        stacks=stacks,
        small_blind=100,
        big_blind=200,
        chip_unit=100,
        rng=random.Random(seed),
    )
    verdict = validate(hand, profile.with_overrides(rake_bps=0))
    assert verdict.status is Status.VALID, verdict.codes
    assert sum(verdict.finishing_stacks) == sum(stacks)


def test_the_same_seed_plays_the_same_hand():
    def play(seed: int):  # type: ignore[no-untyped-def]
        return random_hand(
            variant=Variant.NO_LIMIT,
            profile=MANUAL,
            stacks=[50_000, 30_000, 20_000],
            small_blind=500,
            big_blind=1_000,
            chip_unit=500,
            rng=random.Random(seed),
        )

    assert play(7) == play(7)
    assert any(play(7) != play(s) for s in range(8, 20))


def test_fewer_than_two_players_is_refused():
    import pytest

    with pytest.raises(ValueError):
        random_hand(
            variant=Variant.NO_LIMIT,
            profile=MANUAL,
            stacks=[1_000],
            small_blind=5,
            big_blind=10,
            chip_unit=5,
            rng=random.Random(0),
        )
