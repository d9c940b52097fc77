"""A promotion fund's drop is taken by the engine, from the pot, beside the rake (issue 44 §1).

The fund's drop rule (``poker.fund_drop``: a fixed amount or a share of the pot after the
rake, a minimum pot, a cap, raked pots only, a flop seen) is part of the engine's rules
(``RuleProfile.fund_drop``). The settlement takes it after the rake, from the main pot
first; the verdict reports the rake and the drop apart, each winner's stack is reduced
by the part of the pot taken, and chips are conserved to the chip unit:
starting stacks = finishing stacks + rake + drop. No drop in a tournament (TOUR-03) and
none on an invalid verdict. Hands come from ``tests.poker.engine_gen`` (side pots, antes,
straddles) and ``poker.simulate`` (chips of 25 and 100, for the rounding).
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.fund_drop import Drop, PotFacts, drop_of
from poker.model import ActionKind, Hand, Variant
from poker.profiles import MANUAL, ProfileError, RuleProfile
from poker.promotions import FundKind, FundRules, Split, drop_for_pot, hand_floor
from poker.simulate import random_hand as simulated_hand
from poker.validate import Status, Verdict, validate
from tests.poker.engine_gen import GEN_PROFILE, random_hand

EXAMPLES = int(os.environ.get("MESA_PROPERTY_EXAMPLES", "200"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32)
variants = st.sampled_from(list(Variant))
RAKED = MANUAL.with_overrides(rake_bps=500, rake_cap=30)
NO_FLOP_NO_DROP = MANUAL.with_overrides(rake_bps=1000, no_flop_no_drop=True)


@st.composite
def drops(draw: st.DrawFn, unit: int = 1) -> Drop:
    """Any drop a fund may post: a fixed amount or a share, a minimum pot, maybe a cap."""
    fixed = draw(st.booleans())
    return Drop(
        amount=draw(st.integers(0, 50)) * unit if fixed else 0,
        share_bps=0 if fixed else draw(st.integers(0, 10_000)),
        min_pot=draw(st.sampled_from([0, 0, 10, 100, 1000])) * unit,
        cap=draw(st.sampled_from([None, 0, 1, 7, 25, 200])),
        raked_only=draw(st.booleans()),
        flop_required=draw(st.booleans()),
    )


def flop_seen(hand: Hand) -> bool:
    return sum(len(a.cards) for a in hand.actions if a.kind is ActionKind.DEAL_BOARD) >= 3


def check_drop_taken(hand: Hand, base: RuleProfile, drop: Drop) -> Verdict:
    """The verdict with the fund's drop against the one without it: the same hand, the
    same rake; the drop is the rule's figure on the pots paid, taken from them (main pot
    first), from the winners' stacks only, and every chip is accounted for."""
    plain = validate(hand, base)
    verdict = validate(hand, base.with_overrides(fund_drop=drop))
    assert verdict.status is plain.status is Status.VALID, verdict.violations
    unit = hand.chip_unit
    paid = sum(p.amount for p in verdict.pots if p.winners)
    expected = drop_of(drop, PotFacts(paid, verdict.rake, flop_seen(hand), unit))
    # Chips are conserved with the rake and the drop (POT-12), exactly.
    assert sum(hand.starting_stacks) == sum(verdict.finishing_stacks) + verdict.rake + verdict.drop
    assert verdict.rake == plain.rake and verdict.drop == expected
    assert verdict.drop % unit == 0 and (drop.cap is None or verdict.drop <= drop.cap)
    assert sum(p.drop for p in verdict.pots) == verdict.drop
    left = verdict.drop
    for pot, before in zip(verdict.pots, plain.pots, strict=True):
        assert (pot.amount, pot.rake, pot.winners) == (before.amount, before.rake, before.winners)
        assert sum(pot.shares) == pot.amount - pot.rake - pot.drop  # pots = paid + rake + drop
        assert pot.drop == min(left, pot.amount - pot.rake)  # the main pot first
        left -= pot.drop
    # Each winner's stack is reduced by the drop taken from the pots the winner took;
    # nobody else's moves.
    lost = [b - a for a, b in zip(verdict.finishing_stacks, plain.finishing_stacks, strict=True)]
    assert min(lost) >= 0 and sum(lost) == verdict.drop
    winners = {w for p in verdict.pots for w in p.winners}
    assert all(lost[i] == 0 for i in range(hand.player_count) if i not in winners)
    return verdict


@SETTINGS
@given(seeds, variants, st.sampled_from([GEN_PROFILE, MANUAL, RAKED, NO_FLOP_NO_DROP]), drops())
def test_chips_are_conserved_with_the_rake_and_the_drop(seed, variant, base, drop) -> None:  # type: ignore[no-untyped-def]  # POT-12, RAKE-05, issue 44
    hand = random_hand(seed, variant)
    check_drop_taken(hand, base, drop)


@SETTINGS
@given(seeds, st.sampled_from([25, 100]), st.integers(2, 9), st.data())
def test_the_drop_is_whole_chips_of_the_table(seed, unit, players, data) -> None:  # type: ignore[no-untyped-def]  # RAKE-07, issue 44
    rng = random.Random(seed)
    hand = simulated_hand(
        variant=Variant.NO_LIMIT,
        profile=MANUAL,
        stacks=[unit * rng.randint(20, 400) for _ in range(players)],
        small_blind=unit,
        big_blind=2 * unit,
        chip_unit=unit,
        rng=rng,
    )
    check_drop_taken(hand, MANUAL, data.draw(drops(unit)))


@SETTINGS
@given(seeds, variants, drops())
def test_a_tournament_hand_takes_no_drop(seed, variant, drop) -> None:  # type: ignore[no-untyped-def]  # TOUR-03, RAKE-02
    hand = random_hand(seed, variant)
    profile = MANUAL.with_overrides(tournament=True, fund_drop=drop)
    verdict = validate(hand, profile)
    assert (verdict.rake, verdict.drop) == (0, 0)
    assert (
        verdict.finishing_stacks
        == validate(hand, MANUAL.with_overrides(tournament=True)).finishing_stacks
    )


def test_a_fixed_drop_is_taken_from_the_winner_beside_the_rake() -> None:  # RAKE-05, issue 44
    # Four players, one flop: the pot of 400 is raked 20 (5 %) and drops 100 (a fixed
    # drop from pots of 200 or more): the winner collects 280, not 380.
    drop = Drop(amount=100, min_pot=200, raked_only=True, flop_required=True)
    hand = _showdown_hand()
    verdict = validate(hand, MANUAL.with_overrides(rake_bps=500, fund_drop=drop))
    assert verdict.status is Status.VALID, verdict.violations
    (pot,) = verdict.pots
    assert (pot.amount, pot.rake, pot.drop, pot.shares) == (400, 20, 100, (280,))
    assert (verdict.rake, verdict.drop) == (20, 100)
    assert verdict.finishing_stacks == (800, 1080, 1000, 1000)
    assert verdict.winnings == (0, 280, 0, 0)


def test_the_engine_and_the_fund_judge_read_one_rule() -> None:  # issue 44: one owner
    rules = FundRules(
        kind=FundKind.BAD_BEAT,
        drop=Drop(share_bps=1000, cap=30, min_pot=100),
        seed=0,
        split=Split(losing_hand_bps=10_000),
        minimum_hand=hand_floor(*_quads()),
    )
    verdict = validate(_showdown_hand(), MANUAL.with_overrides(fund_drop=rules.drop))
    facts = PotFacts(400, verdict.rake, True, 1)
    assert verdict.drop == drop_for_pot(rules, facts) == 30  # 10 % of 388, capped at 30


def test_no_drop_on_an_invalid_verdict() -> None:  # HREC-06, issue 44
    # A record whose finishing stacks say something else is invalid: the engine takes no
    # drop then (what the record moved is not the fund's), and still accounts every chip.
    hand = replace(_showdown_hand(), finishing_stacks=(800, 1200, 1000, 1000))
    verdict = validate(hand, MANUAL.with_overrides(rake_bps=500, fund_drop=Drop(amount=100)))
    assert verdict.status is Status.INVALID
    assert verdict.codes == ("FINISHING_STACKS_MISMATCH",)
    assert (verdict.rake, verdict.drop, sum(p.drop for p in verdict.pots)) == (20, 0, 0)
    assert sum(verdict.finishing_stacks) + verdict.rake == sum(hand.starting_stacks)


def test_the_profile_takes_only_a_drop_rule() -> None:
    try:
        MANUAL.with_overrides(fund_drop={"amount": 100})
    except ProfileError as err:
        assert "fund_drop" in str(err)
    else:  # pragma: no cover
        raise AssertionError("a dict is not a drop rule")
    assert not MANUAL.takes_drop and MANUAL.with_overrides(fund_drop=Drop()).takes_drop


def _quads():  # type: ignore[no-untyped-def]
    from poker.evaluator import HandCategory

    return HandCategory.FOUR_OF_A_KIND, "8"


def _showdown_hand() -> Hand:
    """Four players of 1000; p1 (SB 5) and p2 (BB 10); p3 and p4 fold; p1 raises to 200,
    p2 calls; the board is checked down; p2's aces beat p1's kings (a pot of 400)."""
    from poker.cards import parse_cards
    from poker.model import Action

    c = parse_cards
    actions = (
        Action.deal_hole(0, tuple(c("KcKd"))),
        Action.deal_hole(1, tuple(c("AcAd"))),
        Action.deal_hole(2, tuple(c("2c3d"))),
        Action.deal_hole(3, tuple(c("4h5s"))),
        Action.fold(2),
        Action.fold(3),
        Action.bet_raise(0, 200),
        Action.call(1),
        Action.deal_board(tuple(c("7h8s9d"))),
        Action.check(0),
        Action.check(1),
        Action.deal_board(tuple(c("Tc"))),
        Action.check(0),
        Action.check(1),
        Action.deal_board(tuple(c("2s"))),
        Action.check(0),
        Action.check(1),
        Action.show(0),
        Action.show(1),
    )
    return Hand(
        variant=Variant.NO_LIMIT,
        starting_stacks=(1000, 1000, 1000, 1000),
        antes=(0, 0, 0, 0),
        blinds_or_straddles=(5, 10, 0, 0),
        actions=actions,
        min_bet=10,
    )
