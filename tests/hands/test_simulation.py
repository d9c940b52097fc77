"""The hand recorder's public simulation API (``hands.adapter.simulate_hand``).

Used by the cage's ``simulate_day``, the benchmarks and the tests: a legal hand with
random play, as the record ``hand_log`` takes, with the rake and the finishing stacks
the engine computes (HREC-04, HREC-06, HREC-08).
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from hands import adapter, services
from hands.selectors import chip_unit_cents

pytestmark = pytest.mark.django_db
D = Decimal


def _rules(session):  # type: ignore[no-untyped-def]
    unit = chip_unit_cents(session.table)
    return adapter.rules_for(session.settings, chip_unit=unit, structure="no_limit", at=None)


def test_a_simulated_hand_is_logged_valid_with_its_rake_and_stacks(sup, ready_session):
    # HREC-06: what the simulation says is what the recorder stores.
    rules = _rules(ready_session)
    stacks = {1: D("500"), 3: D("800"), 6: D("250")}
    rng = random.Random(3)
    for number in range(1, 6):
        button = sorted(stacks)[(number - 1) % len(stacks)]
        played = adapter.simulate_hand(
            rules, stacks=stacks, button=button, small=D("5"), big=D("10"), rng=rng
        )
        assert played.record["button"] == button
        assert sum(played.finishing.values()) + played.rake == sum(stacks.values())
        hand = services.hand_log(actor=sup, session=ready_session, data=played.record)
        assert hand.status == "valid", list(hand.violation_rows.values_list("code", flat=True))
        assert hand.rake == played.rake
        assert {s.seat: s.finishing_stack for s in hand.seats.all()} == played.finishing
        stacks = {s: v for s, v in played.finishing.items() if v > 0}  # HREC-08 continuity
        if len(stacks) < 2:
            break


def test_the_same_seed_plays_the_same_hand_and_bad_input_is_refused(ready_session):
    rules = _rules(ready_session)
    stacks = {2: D("300"), 4: D("300")}

    def play(seed: int):  # type: ignore[no-untyped-def]
        return adapter.simulate_hand(
            rules, stacks=stacks, button=4, small=D("5"), big=D("10"), rng=random.Random(seed)
        )

    assert play(9) == play(9)
    with pytest.raises(ValueError):
        adapter.simulate_hand(
            rules, stacks=stacks, button=7, small=D("5"), big=D("10"), rng=random.Random(1)
        )
    records = adapter.simulate_records(
        rules, count=3, seats=[2, 4, 6], stack=D("300"), small=D("5"), big=D("10"), seed=5
    )
    assert [r["button"] for r in records] == [6, 2, 4]  # GAME-07: one seat clockwise
