"""A pot carried over from a voided hand (IRREG-03, POT-09, RUL-34).

Two identical cards void the hand and the chips go back, except that a player who
knew and still bet or raised loses the refund: those chips stay for the next hand
(``Hand.forfeits`` -> ``Verdict.carry_out``), where they are a separate pot open only
to the voided hand's players who are in the new hand (``Hand.carry_in``). Chips are
conserved: starting stacks + carry-in = finishing stacks + rake + carry-out.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker import phh
from poker.model import Action, ActionKind, CarriedPot, Hand, Variant, VoidReason
from poker.profiles import MANUAL
from poker.state import HandState
from poker.validate import Status, Verdict, validate
from tests.poker.engine_gen import GEN_PROFILE, random_hand
from tests.poker.engine_helpers import NO_RAKE, check, codes, make_hand

RAKED = MANUAL.with_overrides(rake_bps=500, rake_cap=30)
BOARD = ["d db 2c7d9h", "d db Js", "d db 4s"]


def _checked_down(holes: list[str], carry_in: tuple[CarriedPot, ...], profile=NO_RAKE) -> Verdict:  # type: ignore[no-untyped-def]
    """Three players limp and check to a showdown (pot 6 of blinds 1/2)."""
    acts = [f"d dh p{i + 1} {cards}" for i, cards in enumerate(holes)]
    acts += ["p3 cc", "p1 cc", "p2 cc"]
    for street in BOARD:
        acts += [street, "p1 cc", "p2 cc", "p3 cc"]
    acts += ["p1 sm -", "p2 sm -", "p3 sm -"]
    return check(make_hand([100, 100, 100], acts, carry_in=carry_in), profile)


def _conserved(hand: Hand, verdict: Verdict) -> None:
    start = sum(hand.starting_stacks) + sum(p.amount for p in hand.carry_in)
    end = sum(verdict.finishing_stacks) + verdict.rake + sum(p.amount for p in verdict.carry_out)
    assert start == end, (start, end)


def test_pot_09_the_carried_pot_goes_to_the_best_eligible_hand():  # POT-09, IRREG-03
    # p3 holds the best hand and wins the main pot, but was not in the voided hand:
    # the carried 30 goes to the best hand of p1 and p2 (kings).
    carried = (CarriedPot(30, (0, 1)),)
    verdict = _checked_down(["QhQd", "KhKd", "AhAd"], carried)
    assert verdict.status is Status.VALID, verdict.violations
    main, pot = verdict.pots
    assert (main.amount, main.winners, main.carried) == (6, (2,), False)
    assert (pot.amount, pot.eligible, pot.winners, pot.shares, pot.carried) == (
        30,
        (0, 1),
        (1,),
        (30,),
        True,
    )
    assert verdict.finishing_stacks == (98, 128, 104)
    assert verdict.payouts == (0, 30, 6) and verdict.carry_out == ()
    hand = make_hand([100] * 3, carry_in=carried)
    _conserved(hand, verdict)


def test_pot_09_an_eligible_player_with_the_best_hand_wins_both():  # POT-09
    verdict = _checked_down(["AhAd", "KhKd", "QhQd"], (CarriedPot(30, (0, 1)),))
    assert [p.winners for p in verdict.pots] == [(0,), (0,)]
    assert verdict.finishing_stacks == (134, 98, 98)


def test_pot_09_no_rake_on_the_carried_pot():  # POT-09, RAKE-05: the chips of a void hand
    verdict = _checked_down(["QhQd", "KhKd", "AhAd"], (CarriedPot(40, (0, 1)),), RAKED)
    main, pot = verdict.pots
    assert pot.rake == 0 and pot.shares == (40,)
    assert verdict.rake == main.rake
    _conserved(make_hand([100] * 3, carry_in=(CarriedPot(40, (0, 1)),)), verdict)


def test_pot_09_a_tie_splits_the_carried_pot_with_the_odd_chip_clockwise():  # POT-08, POT-09
    # The board is a royal flush: everybody ties; the carried 25 is split by p1 and p2.
    acts = ["d dh p1 2c3c", "d dh p2 4h5h", "d dh p3 6d7d", "p3 cc", "p1 cc", "p2 cc"]
    for street in ("d db AsKsQs", "d db Js", "d db Ts"):
        acts += [street, "p1 cc", "p2 cc", "p3 cc"]
    acts += ["p1 sm -", "p2 sm -", "p3 sm -"]
    hand = make_hand([100] * 3, acts, carry_in=(CarriedPot(25, (0, 1)),))
    verdict = check(hand)
    assert verdict.status is Status.VALID, verdict.violations
    pot = verdict.pots[-1]
    assert (pot.winners, pot.shares, pot.odd_chips) == ((0, 1), (13, 12), (0,))
    _conserved(hand, verdict)


def test_pot_09_when_no_eligible_player_is_left_the_pot_waits_for_the_next_hand():
    # POT-09: everybody folds to p3, who was not in the voided hand: p3 takes the blinds,
    # the carried pot is carried on with the same eligible players.
    carried = (CarriedPot(30, (0, 1)),)
    hand = make_hand([100] * 3, ["p3 cbr 6", "p1 f", "p2 f"], carry_in=carried)
    verdict = check(hand)
    assert verdict.status is Status.VALID, verdict.violations
    assert [p.carried for p in verdict.pots] == [False]
    assert verdict.carry_out == carried
    assert verdict.finishing_stacks == (99, 98, 103)
    _conserved(hand, verdict)


def test_pot_09_a_folded_eligible_player_cannot_win_it():  # POT-05, POT-09
    hand = make_hand(
        [100] * 3,
        ["p3 cbr 6", "p1 f", "p2 cc", *_check_down_two()],
        carry_in=(CarriedPot(30, (0, 1)),),
    )
    verdict = check(hand)
    assert verdict.status is Status.VALID, verdict.violations
    pot = verdict.pots[-1]
    assert pot.carried and pot.eligible == (1,) and pot.winners == (1,)
    _conserved(hand, verdict)


def _check_down_two() -> list[str]:
    out: list[str] = []
    for street in BOARD:
        out += [street, "p2 cc", "p3 cc"]
    return [*out, "p2 sm 9s9d", "p3 sm 8s8d"]


def test_irreg_03_a_void_hand_keeps_the_chips_of_the_player_who_knew():  # IRREG-03, RUL-34
    # p3 raises to 20, p1 calls, p2 folds; two identical cards are found and p3 knew.
    acts = ["p3 cbr 20", "p1 cc", "p2 f"]
    hand = make_hand([100, 100, 100], acts, forfeits=(2,))
    hand = replace(hand, actions=(*hand.actions, Action.void(VoidReason.DUPLICATE_CARD)))
    verdict = check(hand)
    assert verdict.status is Status.VOID, verdict.violations
    assert verdict.finishing_stacks == (100, 100, 80)  # everybody else gets it all back
    assert verdict.carry_out == (CarriedPot(20, (0, 1, 2)),)  # open to this hand's players
    assert verdict.pots == () and verdict.rake == 0
    _conserved(hand, verdict)


def test_irreg_03_without_a_knowing_player_every_chip_goes_back():  # IRREG-03, MISDEAL-03
    acts = ["p3 cbr 20", "p1 cc", "p2 f"]
    hand = make_hand([100, 100, 100], acts)
    hand = replace(hand, actions=(*hand.actions, Action.void(VoidReason.DUPLICATE_CARD)))
    verdict = check(hand)
    assert verdict.finishing_stacks == (100, 100, 100) and verdict.carry_out == ()


def test_irreg_03_a_void_hand_carries_its_carried_in_pot_on():  # POT-09: nobody won it
    carried = (CarriedPot(30, (0, 2)),)
    hand = make_hand([100, 100, 100], ["p3 cbr 20"], carry_in=carried, forfeits=(2,))
    hand = replace(hand, actions=(*hand.actions, Action.void(VoidReason.MISDEAL)))
    verdict = check(hand)
    assert verdict.status is Status.VOID, verdict.violations
    assert verdict.carry_out == (*carried, CarriedPot(20, (0, 1, 2)))
    _conserved(hand, verdict)


@pytest.mark.parametrize(
    "carry_in, forfeits",
    [
        ((CarriedPot(0, (0,)),), ()),
        ((CarriedPot(10, ()),), ()),
        ((CarriedPot(10, (3,)),), ()),
        ((CarriedPot(10, (1, 1)),), ()),
        (((10, (0,)),), ()),
        ((), (5,)),
        ((), (1, 1)),
    ],
)
def test_pot_09_a_carried_pot_that_cannot_be_settled_is_malformed(carry_in, forfeits):  # type: ignore[no-untyped-def]
    hand = make_hand([100] * 3, ["p3 f", "p1 f"], carry_in=carry_in, forfeits=forfeits)
    assert codes(validate(hand)) == ["MALFORMED"]


def test_pot_09_the_live_state_shows_the_carried_pot_and_rakes_only_the_betting():
    # POT-11, RAKE-06: the carried pot is listed last, with its eligible players still in.
    hand = make_hand([100] * 3, carry_in=(CarriedPot(30, (0, 1)),))
    state = HandState.start(hand, RAKED)
    assert state.pots() == ((3, (0, 1, 2)), (30, (0, 1)))
    assert state.rake_preview() == 0  # 5 % of 3 rounds down; the 30 is never raked
    state = state.apply(Action.bet_raise(2, 100))
    state = state.apply(Action.fold(0))
    assert state.pots()[-1] == (30, (1,))


def test_phh_round_trip_keeps_the_carried_pot_and_the_forfeits():  # POT-09, IRREG-03
    hand = make_hand(
        [10000, 10000, 10000],
        ["p3 cbr 400", "p1 f", "p2 f"],
        blinds=[100, 200, 0],
        carry_in=(CarriedPot(2500, (0, 2)), CarriedPot(700, (1,))),
        forfeits=(1,),
        scale=2,
        chip_unit=100,
    )
    text = phh.dumps(hand)
    assert "_carry_in = [25.00, 7.00]" in text
    assert '_carry_in_eligible = ["p1 p3", "p2"]' in text and '_forfeits = ["p2"]' in text
    (again,) = phh.loads(text)
    assert again.hand is not None and not again.problems
    assert again.hand.carry_in == hand.carry_in and again.hand.forfeits == (1,)
    assert (again.hand.scale, again.hand.chip_unit) == (2, 100)
    assert validate(again.hand, NO_RAKE) == validate(hand, NO_RAKE)


@pytest.mark.parametrize(
    "fields",
    [
        '_carry_in = [10]\n_carry_in_eligible = ["p4"]',
        "_carry_in = [10]",
        '_carry_in = [0]\n_carry_in_eligible = ["p1"]',
        '_carry_in = [10, 5]\n_carry_in_eligible = ["p1"]',
        '_forfeits = ["p1 p1"]',
        "_forfeits = 3",
    ],
)
def test_phh_bad_carry_fields_are_malformed(fields: str):  # POT-09: refused with a reason
    base = phh.dumps(make_hand([100] * 3, ["p3 f", "p1 f"]))
    (record,) = phh.loads(base + fields + "\n")
    assert record.hand is None and [p.code.value for p in record.problems] == ["MALFORMED"]


# ---------------------------------------------------------------- properties (hypothesis)
EXAMPLES = int(os.environ.get("MESA_PROPERTY_EXAMPLES", "200"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32)


def _random_carry(rng: random.Random, n: int, unit: int) -> tuple[CarriedPot, ...]:
    pots = []
    for _ in range(rng.randint(1, 2)):
        eligible = tuple(sorted(rng.sample(range(n), rng.randint(1, n))))
        pots.append(CarriedPot(unit * rng.randint(1, 500), eligible))
    return tuple(pots)


def _a_carried_pot_has_only_mucked_claimants(hand: Hand) -> bool:
    folded = {a.player for a in hand.actions if a.kind is ActionKind.FOLD}
    mucked = {a.player for a in hand.actions if a.kind is ActionKind.MUCK}
    for pot in hand.carry_in:
        claimants = set(pot.eligible) - folded
        if claimants and claimants <= mucked:
            return True
    return False


@SETTINGS
@given(seeds, st.sampled_from(list(Variant)), st.sampled_from([GEN_PROFILE, RAKED]))
def test_chips_are_conserved_with_a_carried_pot(seed: int, variant: Variant, profile) -> None:  # type: ignore[no-untyped-def]
    # POT-09, POT-12: starting stacks + carry-in = finishing stacks + rake + carry-out.
    base = random_hand(seed, variant)
    rng = random.Random(seed)
    hand = replace(base, carry_in=_random_carry(rng, base.player_count, base.chip_unit))
    verdict = validate(hand, profile)
    assert verdict.status is Status.VALID, verdict.violations
    _conserved(hand, verdict)
    plain = validate(base, profile)
    assert verdict.rake == plain.rake  # the carried pots pay no rake
    carried = [p for p in verdict.pots if p.carried]
    for pot in carried:
        assert set(pot.winners) <= set(pot.eligible) and sum(pot.shares) == pot.amount
    assert len(carried) + len(verdict.carry_out) == len(hand.carry_in)
    for waiting in verdict.carry_out:  # nobody eligible reached the end of the hand
        assert waiting in hand.carry_in
    for pot in hand.carry_in:  # OQ-48: a pot whose every claimant mucked waits on
        if _a_carried_pot_has_only_mucked_claimants(hand) and pot in verdict.carry_out:
            assert not any(p.carried and p.eligible == pot.eligible for p in verdict.pots)


@SETTINGS
@given(seeds, st.sampled_from(list(Variant)), st.data())
def test_chips_are_conserved_when_a_hand_is_voided(seed: int, variant: Variant, data) -> None:  # type: ignore[no-untyped-def]
    # IRREG-03: void at any point; the knowing players' chips are carried out, no more.
    base = random_hand(seed, variant)
    n = base.player_count
    cut = data.draw(st.integers(min_value=0, max_value=len(base.actions)))
    forfeits = tuple(sorted(data.draw(st.sets(st.integers(0, n - 1), max_size=n))))
    rng = random.Random(seed)
    carry_in = _random_carry(rng, n, base.chip_unit) if rng.random() < 0.5 else ()
    actions = (*base.actions[:cut], Action.void(VoidReason.DUPLICATE_CARD))
    hand = replace(base, actions=actions, forfeits=forfeits, carry_in=carry_in)
    verdict = validate(hand, GEN_PROFILE)
    assert verdict.status is Status.VOID, verdict.violations
    _conserved(hand, verdict)
    kept = [s - f for s, f in zip(hand.starting_stacks, verdict.finishing_stacks, strict=True)]
    assert all(k == 0 for i, k in enumerate(kept) if i not in forfeits)
    assert all(k >= 0 for k in kept)
    assert verdict.carry_out[: len(carry_in)] == carry_in
    assert ActionKind.VOID in {a.kind for a in hand.actions}


def test_irreg_03_the_duplicate_that_voids_the_hand_is_its_cause_not_an_error():
    # IRREG-03, HREC-05: two aces of spades recorded and the hand declared void for it.
    dealt = ["d dh p1 AsAd", "d dh p2 AsKd", "d dh p3 QcQd", "p3 cbr 20", "p1 cc", "p2 f"]
    void = check(make_hand([100] * 3, [*dealt, "# mesa:void duplicate_card"], forfeits=(2,)))
    assert void.status is Status.VOID and void.violations == ()
    assert void.carry_out == (CarriedPot(20, (0, 1, 2)),)
    played_on = check(make_hand([100] * 3, dealt))
    assert "CARD_DUPLICATE" in codes(played_on)  # not declared: a recording error
    misdeal = check(make_hand([100] * 3, [*dealt, "# mesa:void misdeal"]))
    assert "CARD_DUPLICATE" in codes(misdeal)


def test_oq_48_the_only_eligible_player_who_mucks_does_not_win_the_carried_pot():
    # OQ-48, POT-09 (issue 16 §3): p1 folded, so p2 is the carried pot's only claimant; he
    # mucks at the showdown. A mucked hand is dead and never wins: the carried pot is not
    # paid to him (as a shortcut for a lone claimant once did) but waits for the next hand.
    streets: list[str] = []
    for street in BOARD:
        streets += [street, "p2 cc", "p3 cc"]
    carried = (CarriedPot(30, (0, 1)),)
    hand = make_hand(
        [100] * 3, ["p3 cbr 6", "p1 f", "p2 cc", *streets, "p3 sm 8s8d", "p2 sm"], carry_in=carried
    )
    verdict = check(hand)
    assert verdict.status is Status.VALID, verdict.violations
    assert verdict.payouts[1] == 0 and verdict.carry_out == carried
    _conserved(hand, verdict)
    # The same hand with p2 showing his cards pays him the carried pot.
    shown = make_hand(
        [100] * 3,
        ["p3 cbr 6", "p1 f", "p2 cc", *streets, "p3 sm 8s8d", "p2 sm 9s9d"],
        carry_in=carried,
    )
    valid = check(shown)
    assert valid.status is Status.VALID, valid.violations
    assert valid.pots[-1].carried and valid.pots[-1].winners == (1,) and valid.carry_out == ()
