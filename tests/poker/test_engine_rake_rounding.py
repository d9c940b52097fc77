"""The casino's rake rounding: down to the chip (default) or to the nearest (RAKE-07, OQ-04).

``RakeRounding.NEAREST`` rounds each pot's percentage to the nearest chip unit;
exactly half a chip rounds down. It never takes more than the ruleset's maximum
percentage of the pot (RAKE-03: CABA 5 %), nor more than ``rake_cap``; chips are
conserved. Set ``MESA_PROPERTY_EXAMPLES`` to run more examples.
"""

from __future__ import annotations

import io
import json
import os
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.cli import main
from poker.irregularities import HandContext, Irregularity, IrregularityKind, decide
from poker.model import Variant
from poker.pots import rake_of
from poker.profiles import CABA, MANUAL, ProfileError, RakeRounding, RuleProfile
from poker.rulings_common import Street
from poker.state import HandState
from poker.validate import Verdict, validate
from tests.poker.engine_gen import random_hand
from tests.poker.engine_helpers import actions, check, codes, make_hand

DOWN = RakeRounding.DOWN_TO_MIN_CHIP
NEAREST = RakeRounding.NEAREST
NEAR_MANUAL = MANUAL.with_overrides(rake_rounding=NEAREST)

EXAMPLES = int(os.environ.get("MESA_PROPERTY_EXAMPLES", "200"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


# ------------------------------------------------------------------ worked examples


def test_rake_07_default_is_down_to_the_min_chip():  # RAKE-07, OQ-04
    assert MANUAL.rake_rounding is DOWN
    assert CABA.rake_rounding is DOWN
    assert rake_of(60, 300) == 1  # 1.8 -> 1


def test_rake_07_nearest_rounds_to_the_nearest_chip():  # RAKE-07, OQ-04
    assert rake_of(60, 300, 1, NEAREST) == 2  # 1.8 -> 2
    assert rake_of(40, 300, 1, NEAREST) == 1  # 1.2 -> 1
    assert rake_of(300, 300, 1, NEAREST) == 9  # exact, no rounding
    assert rake_of(300, 300, 5, NEAREST) == 10  # 9 = 1.8 chips of 5 -> 2 chips
    assert rake_of(300, 300, 5, DOWN) == 5


def test_rake_07_nearest_tie_rounds_down():  # RAKE-07, OQ-04: exactly half a chip
    assert rake_of(50, 300, 1, NEAREST) == 1  # 1.5 -> 1
    assert rake_of(250, 300, 5, NEAREST) == 5  # 7.5 = 1.5 chips of 5 -> 1 chip
    assert rake_of(51, 300, 1, NEAREST) == 2  # 1.53 -> 2: just above half


def test_rake_03_nearest_never_above_the_caba_maximum():  # RAKE-03, RAKE-07, OQ-04
    # CABA 5 %: 5 % of 31 = 1.55 would round to 2 (6.45 % of the pot): stays 1.
    assert rake_of(31, 500, 1, NEAREST, 500) == 1
    # 4.5 % of 40 = 1.8 -> 2, exactly 5 % of 40: allowed.
    assert rake_of(40, 450, 1, NEAREST, 500) == 2
    # 4.5 % of 39 = 1.755 -> 2 would be 5.1 % of 39: stays 1.
    assert rake_of(39, 450, 1, NEAREST, 500) == 1
    caba = CABA.with_overrides(rake_bps=450, rake_rounding=NEAREST)
    assert _heads_up_pot(caba, 80).rake == 4  # 3.6 -> 4 = 5 % of 80
    assert _heads_up_pot(caba, 78).rake == 3  # 3.51 -> 4 would be 5.1 % of 78


def test_rake_07_nearest_never_above_the_pot():  # RAKE-07: a pot smaller than a chip
    assert rake_of(3, 10_000, 5, NEAREST) == 0


def _pot_300(profile: RuleProfile, **fields: object) -> Verdict:
    """A-27's pot of 300 (150 each, heads-up, p1 wins at showdown)."""
    acts = [
        "d dh p1 AhAd",
        "d dh p2 KhKd",
        "p2 cbr 100",
        "p1 cc",
        "d db 2c7d9h",
        "p1 cbr 50",
        "p2 cc",
        "d db Js",
        "p1 cc",
        "p2 cc",
        "d db 4s",
        "p1 cc",
        "p2 cc",
        "p1 sm -",
        "p2 sm -",
    ]
    return check(make_hand([1000, 1000], acts, blinds=[25, 50], **fields), profile)


def _heads_up_pot(profile: RuleProfile, pot: int) -> Verdict:
    """A heads-up pot of ``pot`` chips (even), checked down, p1 wins."""
    half = pot // 2
    acts = [
        "d dh p1 AhAd",
        "d dh p2 KhKd",
        f"p2 cbr {half}",
        "p1 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "d db Js",
        "p1 cc",
        "p2 cc",
        "d db 4s",
        "p1 cc",
        "p2 cc",
        "p1 sm -",
        "p2 sm -",
    ]
    if pot % 2:
        raise ValueError("an even pot")
    return check(make_hand([1000, 1000], acts, blinds=[1, 2], min_bet=2), profile)


def test_rake_07_nearest_in_a_validated_hand():  # RAKE-07, OQ-04, RAKE-05
    down = _heads_up_pot(MANUAL, 60)
    near = _heads_up_pot(NEAR_MANUAL, 60)
    assert (down.rake, near.rake) == (1, 2)  # 3 % of 60 = 1.8
    # Taken before paying (RAKE-05): the winner gets the pot less the rake.
    assert down.finishing_stacks == (1029, 970)
    assert near.finishing_stacks == (1028, 970)
    assert near.valid and down.valid
    # Chip unit 5: 9 is 1.8 chips -> 10 to the nearest, 5 down.
    assert (_pot_300(MANUAL, chip_unit=5).rake, _pot_300(NEAR_MANUAL, chip_unit=5).rake) == (5, 10)


def test_rake_07_nearest_is_per_pot():  # RAKE-07, OQ-04, A-17: 30 and 80 contested
    acts = [
        "d dh p1 AhAd",
        "d dh p2 KhKd",
        "d dh p3 QhQd",
        "p1 cbr 10",
        "p2 cbr 50",
        "p3 cbr 200",
        "d db 2c7d9h",
        "d db Js",
        "d db 4s",
        "p1 sm -",
        "p2 sm -",
        "p3 sm -",
    ]
    hand = make_hand([10, 50, 200], acts, blinds=[0, 0, 0], min_bet=1)
    down, near = check(hand, MANUAL), check(hand, NEAR_MANUAL)
    # 3 % of 30 = 0.9 and of 80 = 2.4, each pot on its own; the 150 returned is not raked.
    assert [p.rake for p in down.pots] == [0, 2]
    assert [p.rake for p in near.pots] == [1, 2]
    assert near.finishing_stacks == (29, 78, 150)


def test_rake_07_nearest_respects_the_cap_per_hand():  # RAKE-07 rake_cap_amount
    assert _pot_300(NEAR_MANUAL.with_overrides(rake_cap=5), chip_unit=5).rake == 5
    assert _pot_300(NEAR_MANUAL.with_overrides(rake_cap=7), chip_unit=1).rake == 7


def test_rake_07_nearest_keeps_no_flop_no_drop_and_tournaments():  # RAKE-02, RAKE-07 option
    acts = ["p2 cbr 300", "p1 f"]
    hand = make_hand([1000, 1000], acts, blinds=[50, 100])
    assert check(hand, NEAR_MANUAL).rake == 6
    assert check(hand, NEAR_MANUAL.with_overrides(no_flop_no_drop=True)).rake == 0
    assert _pot_300(NEAR_MANUAL.with_overrides(tournament=True)).rake == 0


def test_rake_07_recorded_rake_rounded_the_other_way_is_a_mismatch():  # RAKE-07, RAKE-06
    # The dealer took 1 (rounded down) at a table that rounds to the nearest: flagged.
    assert "RAKE_MISMATCH" in codes(_heads_up_pot_recorded(NEAR_MANUAL, 1))
    assert _heads_up_pot_recorded(NEAR_MANUAL, 2).valid
    assert "RAKE_MISMATCH" in codes(_heads_up_pot_recorded(MANUAL, 2))


def _heads_up_pot_recorded(profile: RuleProfile, rake: int) -> Verdict:
    acts = ["d dh p1 AhAd", "d dh p2 KhKd", "p2 cbr 30", "p1 cc"]
    acts += ["d db 2c7d9h", "p1 cc", "p2 cc", "d db Js", "p1 cc", "p2 cc"]
    acts += ["d db 4s", "p1 cc", "p2 cc", "p1 sm -", "p2 sm -"]
    hand = make_hand([1000, 1000], acts, blinds=[1, 2], min_bet=2, rake=rake)
    return check(hand, profile)


def test_rake_06_live_preview_uses_the_rounding():  # RAKE-06, RAKE-07: expected commission
    hand = make_hand([1000, 1000], [], blinds=[1, 2], min_bet=2)
    for profile, expected in ((MANUAL, 1), (NEAR_MANUAL, 2)):
        state = HandState.start(hand, profile)
        for action in actions(["d dh p1 AhAd", "d dh p2 KhKd", "p2 cbr 30", "p1 cc"], 2):
            result = state.apply(action)
            assert isinstance(result, HandState), result
            state = result
        assert state.rake_preview() == expected  # 3 % of 60 = 1.8


def test_rake_07_commission_ruling_states_the_rounding():  # RUL-41, RAKE-07, OQ-04
    dispute = Irregularity(IrregularityKind.COMMISSION_DISPUTE)
    context = HandContext(street=Street.FLOP, players_acted=4, seats=(1, 2, 3, 4))
    down = decide(dispute, context, MANUAL)
    near = decide(dispute, context, NEAR_MANUAL)
    assert "rounded down" in down.explanation_en and "hacia abajo" in down.explanation_es
    assert "nearest chip" in near.explanation_en and "más cercana" in near.explanation_es


def test_oq_04_profile_setting_is_validated():  # OQ-04
    assert MANUAL.with_overrides(rake_rounding="nearest").rake_rounding is NEAREST
    with pytest.raises(ProfileError):
        MANUAL.with_overrides(rake_rounding="up")


# ------------------------------------------------------------------ command line

PHH = (
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    "starting_stacks = [1000, 1000]\n"
    "actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 30', 'p1 cc', 'd db 2c7d9h',"
    " 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', 'p2 cc', 'd db 4s', 'p1 cc', 'p2 cc',"
    " 'p1 sm AhAd', 'p2 sm KhKd']\n"
)


def _cli(*argv: str) -> tuple[int, list[dict[str, object]]]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_oq_04_cli_rake_rounding_option(tmp_path: Path) -> None:  # RAKE-07, OQ-04
    path = tmp_path / "hand.phh"
    path.write_text(PHH, encoding="utf-8")
    code, (down,) = _cli("validate", "--rake", "3", str(path))
    assert code == 0 and down["rake"] == 1
    code, (explicit,) = _cli("validate", "--rake", "3", "--rake-rounding", "down", str(path))
    assert code == 0 and explicit["rake"] == 1
    code, (near,) = _cli("validate", "--rake", "3", "--rake-rounding", "nearest", str(path))
    assert code == 0 and near["rake"] == 2 and near["finishing_stacks"] == [1028, 970]
    code, _ = _cli("validate", "--rake-rounding", "up", str(path))
    assert code == 2


# ------------------------------------------------------------------ properties


def _reference_nearest(amount: int, bps: int, unit: int) -> int:
    """The nearest multiple of ``unit`` to the exact percentage, ties down (RAKE-07)."""
    exact = Fraction(amount * bps, 10_000)
    below = (exact // unit) * unit
    return below + unit if exact - below > Fraction(unit, 2) else below


@SETTINGS
@given(
    st.integers(min_value=0, max_value=10**9),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from([1, 5, 10, 25, 100]),
    st.one_of(st.none(), st.integers(min_value=0, max_value=10_000)),
)
def test_rake_07_nearest_against_exact_fractions(amount, bps, unit, max_bps):  # type: ignore[no-untyped-def]  # RAKE-07, OQ-04, RAKE-03
    if max_bps is not None and bps > max_bps:
        bps, max_bps = max_bps, bps  # a profile never has rake_bps above its maximum
    down = rake_of(amount, bps, unit, DOWN, max_bps)
    near = rake_of(amount, bps, unit, NEAREST, max_bps)
    assert down % unit == 0 and near % unit == 0
    assert down <= near <= down + unit  # at most one chip unit apart
    assert down == (Fraction(amount * bps, 10_000) // unit) * unit
    assert near <= amount
    if max_bps is not None:
        assert near * 10_000 <= amount * max_bps  # never above the maximum percentage
    reference = _reference_nearest(amount, bps, unit)
    if reference <= amount and (max_bps is None or reference * 10_000 <= amount * max_bps):
        assert near == reference
    else:
        assert near == down  # clamped back to the chip below


RAKED_PROFILES = [
    MANUAL,
    MANUAL.with_overrides(rake_bps=250),
    MANUAL.with_overrides(rake_bps=500, rake_cap=30),
    CABA.with_overrides(rake_bps=500),
    CABA.with_overrides(rake_bps=450, rake_cap=12),
    MANUAL.with_overrides(rake_bps=300, no_flop_no_drop=True),
]


@SETTINGS
@given(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(list(Variant)),
    st.sampled_from(RAKED_PROFILES),
)
def test_rake_07_nearest_over_random_hands(seed, variant, profile):  # type: ignore[no-untyped-def]  # RAKE-07, OQ-04, POT-12
    hand = random_hand(seed, variant)
    down = validate(hand, profile.with_overrides(rake_rounding=DOWN))
    near = validate(hand, profile.with_overrides(rake_rounding=NEAREST))
    unit = hand.chip_unit
    for verdict in (down, near):
        # POT-12: chips conserved, pots = payouts + rake.
        assert sum(hand.starting_stacks) == sum(verdict.finishing_stacks) + verdict.rake
        assert sum(p.amount for p in verdict.pots) == sum(verdict.payouts) + verdict.rake
        assert sum(p.rake for p in verdict.pots) == verdict.rake
        for pot in verdict.pots:
            assert sum(pot.shares) == pot.amount - pot.rake
            assert 0 <= pot.rake <= pot.amount
            if profile.rake_max_bps is not None:  # RAKE-03: CABA 5 % of each pot
                assert pot.rake * 10_000 <= pot.amount * profile.rake_max_bps
        if profile.rake_cap is not None:  # RAKE-07, OQ-04: the cap limits each pot
            assert all(pot.rake <= profile.rake_cap for pot in verdict.pots)
    assert down.rake <= near.rake <= down.rake + unit * len(near.pots)
    if profile.rake_cap is None:
        for d, n in zip(down.pots, near.pots, strict=True):
            assert d.amount == n.amount
            assert d.rake <= n.rake <= d.rake + unit  # one chip unit per pot at most
