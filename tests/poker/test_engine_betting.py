"""Betting rules of the state machine: order, minimums, pot limit, fixed limit, all-ins.

Each test names the requirement (BET-, GAME-, OQ-) or worked example (A-nn) it proves.
"""

from __future__ import annotations

from poker.model import Action, Variant
from poker.profiles import CABA, MANUAL, PBA, ShortAllInReopen
from poker.state import HandState, Rejected
from tests.poker.engine_helpers import NO_RAKE, check, coded, codes, make_hand

BOARD = ["d db 2c3d8h", "d db 9s", "d db Jd"]


def _state(hand, profile=NO_RAKE):  # type: ignore[no-untyped-def]
    return HandState.start(hand, profile)


# ---------------------------------------------------------------- order of action
def test_game_08_preflop_starts_left_of_big_blind():  # GAME-08
    hand = make_hand([100] * 4, "p4 f")
    assert ("OUT_OF_TURN", 0) in coded(check(hand))
    assert _state(make_hand([100] * 4)).turn == 2  # p3, under the gun


def test_game_08_big_blind_option_must_be_taken():  # GAME-08: the BB acts last pre-flop
    hand = make_hand([100] * 4, ["p3 cc", "p4 cc", "p1 cc", BOARD[0]])
    assert ("STREET_INCOMPLETE", 3) in coded(check(hand))
    state = _state(make_hand([100] * 4, ["p3 cc", "p4 cc", "p1 cc"]))
    options = state.options()
    assert options is not None and options.player == 1
    assert options.can_check and options.can_bet_or_raise and options.min_to == 4


def test_game_08_big_blind_may_raise_its_option():  # GAME-08
    hand = make_hand([100] * 4, ["p3 cc", "p4 cc", "p1 cc", "p2 cbr 6", "p3 f", "p4 f", "p1 f"])
    verdict = check(hand)
    assert verdict.valid, coded(verdict)
    assert verdict.finishing_stacks == (98, 106, 98, 98)


def test_game_09_postflop_starts_left_of_button():  # GAME-09
    pre = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", BOARD[0]]
    assert _state(make_hand([100] * 4, pre)).turn == 0
    folded_sb = ["p3 cc", "p4 cc", "p1 f", "p2 cc", BOARD[0]]
    assert _state(make_hand([100] * 4, folded_sb)).turn == 1
    assert ("OUT_OF_TURN", 5) in coded(check(make_hand([100] * 4, [*pre, "p2 cc"])))


def test_oq_32_heads_up_button_posts_small_blind_and_acts_first():  # OQ-32, PHH reverse order
    # GAME-14: the seeds say nothing about heads-up play; OQ-32 sets it.
    # PHH heads-up: blinds [1, 2] mean the button (p2) posts 1 and p1 posts 2.
    state = _state(make_hand([100, 100]))
    assert state.bets == (2, 1)
    assert state.turn == 1  # the button acts first pre-flop
    hand = make_hand([100, 100], ["p2 cc", "p1 cc", BOARD[0]])
    assert _state(hand).turn == 0  # and p1 acts first after the flop
    late = make_hand([100, 100], ["p2 cc", "p1 cc", BOARD[0], "p2 cc"])
    assert ("OUT_OF_TURN", 3) in coded(check(late))
    assert check(make_hand([100, 100], ["p1 cc"])).violations[0].code.value == "OUT_OF_TURN"


def test_bet_01_out_of_turn_is_flagged_not_filled_in():  # BET-01, strict replay
    # p3 is skipped: PokerKit would fold p3 silently; Mesa reports the record.
    hand = make_hand([100] * 4, ["p4 cc", "p1 cc", "p2 cc"])
    verdict = check(hand)
    assert coded(verdict)[0] == ("OUT_OF_TURN", 0)
    assert not verdict.valid


def test_bet_05_check_only_when_nothing_is_owed():  # BET-05
    hand = make_hand([100] * 3, ["p3 cc # mesa:check"])
    assert ("CHECK_NOT_ALLOWED", 0) in coded(check(hand))
    ok = make_hand([100] * 3, ["p3 cc # mesa:call", "p1 cc # mesa:call", "p2 cc # mesa:check"])
    assert "CHECK_NOT_ALLOWED" not in codes(check(ok))
    nothing_to_call = make_hand([100] * 3, ["p3 cc", "p1 cc", "p2 cc # mesa:call"])
    assert ("CALL_NOT_ALLOWED", 2) in coded(check(nothing_to_call))


# ---------------------------------------------------------------- sizes
def test_bet_04_minimum_bet_is_the_big_blind():  # BET-04
    pre = ["p3 cc", "p1 cc", "p2 cc", BOARD[0]]
    hand = make_hand([100] * 3, [*pre, "p1 cbr 1"])
    assert ("BET_BELOW_MINIMUM", 4) in coded(check(hand))
    state = _state(make_hand([100] * 3, pre))
    options = state.options()
    assert options is not None and options.is_bet and options.min_to == 2 and options.max_to == 98


def test_a_07_minimum_raise_is_the_last_increment():  # BET-06, A-07: bet 5 -> raise to 10
    pre = ["p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cbr 5"]
    options = _state(make_hand([100] * 3, pre)).options()
    assert options is not None and options.min_to == 10
    assert ("RAISE_BELOW_MINIMUM", 5) in coded(check(make_hand([100] * 3, [*pre, "p2 cbr 9"])))
    assert "RAISE_BELOW_MINIMUM" not in codes(check(make_hand([100] * 3, [*pre, "p2 cbr 10"])))
    # The increment grows with each full raise: 5 -> 15 (by 10) -> at least 25.
    more = [*pre, "p2 cbr 15"]
    options = _state(make_hand([100] * 3, more)).options()
    assert options is not None and options.min_to == 25


def test_bet_06_no_limit_maximum_is_the_stack():  # BET-06
    options = _state(make_hand([100, 50, 80])).options()
    assert options is not None and options.max_to == 80 and options.all_in_to == 80


def test_a_08_pot_limit_maximum():  # BET-07, A-08: pot 100, bet 100, raise to at most 400
    pre = ["p2 cc", "p1 cc", BOARD[0]]  # heads-up 25/50: pot 100 after the flop
    hand = make_hand([1000, 1000], pre, blinds=[25, 50], variant=Variant.POT_LIMIT)
    options = _state(hand).options()
    assert options is not None and options.is_bet and options.max_to == 100
    after_bet = make_hand(
        [1000, 1000], [*pre, "p1 cbr 100"], blinds=[25, 50], variant=Variant.POT_LIMIT
    )
    options = _state(after_bet).options()
    assert options is not None
    assert (options.call_amount, options.min_to, options.max_to) == (100, 200, 400)
    too_big = make_hand(
        [1000, 1000], [*pre, "p1 cbr 100", "p2 cbr 401"], blinds=[25, 50], variant=Variant.POT_LIMIT
    )
    assert ("RAISE_ABOVE_POT", 4) in coded(check(too_big))
    exact = make_hand(
        [1000, 1000], [*pre, "p1 cbr 100", "p2 cbr 400"], blinds=[25, 50], variant=Variant.POT_LIMIT
    )
    assert "RAISE_ABOVE_POT" not in codes(check(exact))


def test_bet_07_pot_limit_preflop_counts_the_blinds():  # BET-07: 1/2 blinds, pot raise to 7
    options = _state(make_hand([100] * 3, variant=Variant.POT_LIMIT)).options()
    assert options is not None and (options.min_to, options.max_to) == (4, 7)


# ---------------------------------------------------------------- fixed limit
def _limit(acts, stacks=(200, 200, 200), **kw):  # type: ignore[no-untyped-def]
    return make_hand(
        list(stacks), acts, blinds=[2, 5, 0], variant=Variant.FIXED_LIMIT, small_bet=5, **kw
    )


def test_a_09_limit_sizes_small_then_big_bet():  # BET-08, A-09: 5/10
    assert _limit("").big_bet == 10
    options = _state(_limit("")).options()
    assert options is not None and (options.min_to, options.max_to) == (10, 10)
    assert ("LIMIT_SIZE", 0) in coded(check(_limit(["p3 cbr 12"])))
    to_turn = ["p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cc", "p3 cc", BOARD[1]]
    options = _state(_limit(to_turn)).options()
    assert options is not None and (options.min_to, options.max_to) == (10, 10)
    assert ("LIMIT_SIZE", 8) in coded(check(_limit([*to_turn, "p1 cbr 5"])))


def test_a_10_limit_cap_bet_and_three_raises():  # BET-09, A-10: 5 -> 10 -> 15 -> 20, cap
    flop = ["p3 cc", "p1 cc", "p2 cc", BOARD[0]]
    capped = [*flop, "p1 cbr 5", "p2 cbr 10", "p3 cbr 15", "p1 cbr 20"]
    state = _state(_limit(capped))
    options = state.options()
    assert options is not None and options.cap_reached and not options.can_bet_or_raise
    assert options.call_amount == 10 and options.raises_left == 0
    assert ("RAISE_CAP", 8) in coded(check(_limit([*capped, "p2 cbr 25"])))


def test_oq_03_big_blind_counts_as_the_bet_preflop():  # OQ-03, BET-09
    capped = ["p3 cbr 10", "p1 cbr 15", "p2 cbr 20"]  # BB + 3 raises = 4 bets
    assert ("RAISE_CAP", 3) in coded(check(_limit([*capped, "p3 cbr 25"])))
    five = MANUAL.with_overrides(rake_bps=0, limit_cap_bets=5)  # configurable cap
    assert "RAISE_CAP" not in codes(check(_limit([*capped, "p3 cbr 25"]), five))


def test_oq_03_heads_up_cap_option():  # OQ-03: limit_cap_heads_up_unlimited
    flop = ["p3 f", "p1 cc", "p2 cc", BOARD[0]]
    raises = [*flop, "p1 cbr 5", "p2 cbr 10", "p1 cbr 15", "p2 cbr 20", "p1 cbr 25"]
    assert "RAISE_CAP" in codes(check(_limit(raises)))
    lifted = MANUAL.with_overrides(rake_bps=0, limit_cap_heads_up_unlimited=True)
    assert "RAISE_CAP" not in codes(check(_limit(raises), lifted))


# ---------------------------------------------------------------- straddle
def test_a_12_straddle_acts_last_and_sets_the_minimum_raise():  # GAME-06, OQ-06, A-12
    blinds = [5, 10, 20, 0, 0]
    state = _state(make_hand([500] * 5, blinds=blinds), MANUAL)
    options = state.options()
    assert options is not None and options.player == 3  # the player after the straddler
    assert options.call_amount == 20 and options.min_to == 40
    everyone_calls = ["p4 cc", "p5 cc", "p1 cc", "p2 cc"]
    options = _state(make_hand([500] * 5, everyone_calls, blinds=blinds), MANUAL).options()
    assert options is not None and options.player == 2  # the straddler acts last ...
    assert options.can_check and options.can_bet_or_raise  # ... and may re-raise
    verdict = check(make_hand([500] * 5, [*everyone_calls, "p3 cbr 60"], blinds=blinds))
    assert "OUT_OF_TURN" not in codes(verdict) and not verdict.violations[:0]


def test_oq_06_straddle_not_allowed_under_pba_and_caba():  # OQ-06, GAME-06
    hand = make_hand([500] * 5, blinds=[5, 10, 20, 0, 0])
    assert "STRADDLE_NOT_ALLOWED" in codes(check(hand, PBA))
    assert "STRADDLE_NOT_ALLOWED" in codes(check(hand, CABA))
    assert "STRADDLE_NOT_ALLOWED" not in codes(check(hand, MANUAL))
    wrong_size = make_hand([500] * 5, blinds=[5, 10, 30, 0, 0])
    assert "STRADDLE_NOT_ALLOWED" in codes(check(wrong_size, MANUAL))


def test_blinds_invalid_small_above_big():  # GAME-05, OQ-01
    assert "BLINDS_INVALID" in codes(check(make_hand([100] * 3, blinds=[3, 2, 0])))


# ---------------------------------------------------------------- all-in and re-opening
def _short_allin(extra, stacks=None):  # type: ignore[no-untyped-def]
    """BET-10 illustration: A (p1) bets 100, B (p2) all-in 150, then C (p3)."""
    stacks = stacks or [1000, 150, 200]
    pre = [f"p{i + 1} cc" for i in range(len(stacks))]
    flop = [*pre, BOARD[0], "p1 cbr 100", "p2 cbr 150"]
    return make_hand(stacks, [*flop, *extra], blinds=[0] * len(stacks), min_bet=10)


def test_bet_10_short_allin_does_not_reopen_for_the_aggressor():  # BET-10, OQ-09
    state = _state(_short_allin([]))
    c = state.options()
    assert c is not None and c.player == 2 and c.reopened and c.can_bet_or_raise  # C may raise
    assert c.min_to == c.all_in_to == 200  # (all-in is C's only raise here)
    deeper = _state(_short_allin([], stacks=[1000, 150, 1000])).options()
    assert deeper is not None and deeper.min_to == 250
    after_call = _state(_short_allin(["p3 cc"])).options()
    assert after_call is not None and after_call.player == 0
    assert not after_call.reopened and not after_call.can_bet_or_raise  # A: call or fold
    assert after_call.call_amount == 50
    verdict = check(_short_allin(["p3 cc", "p1 cbr 400"]))
    assert ("ACTION_NOT_REOPENED", 7) in coded(verdict)


def test_bet_10_short_allins_adding_up_to_a_full_raise_reopen():  # BET-10, OQ-09
    # C then goes all-in for 200: 150 + 200 make a full raise of 100 over A's bet.
    stacks = [1000, 150, 200, 1000]  # D (p4) has chips, so a raise can be called
    options = _state(_short_allin(["p3 cbr 200", "p4 cc"], stacks=stacks)).options()
    assert options is not None and options.player == 0 and options.reopened
    assert options.can_bet_or_raise and options.min_to == 300
    reraise = _short_allin(["p3 cbr 200", "p4 cc", "p1 cbr 300"], stacks=stacks)
    assert "ACTION_NOT_REOPENED" not in codes(check(reraise))
    # With only one short all-in (C calls), A is still barred (the control case).
    barred = _short_allin(["p3 cc", "p4 cc", "p1 cbr 300"], stacks=[1000, 150, 1000, 1000])
    assert "ACTION_NOT_REOPENED" in codes(check(barred))


def test_oq_09_manual_bars_only_the_last_aggressor():  # OQ-09: a caller may still raise
    stacks = [1000, 1000, 150, 1000]
    acts = ["p1 cc", "p2 cc", "p3 cc", "p4 cc", BOARD[0], "p1 cbr 100", "p2 cc", "p3 cbr 150"]
    hand = make_hand(stacks, [*acts, "p4 f", "p1 cc", "p2 cbr 400"], blinds=[0] * 4, min_bet=10)
    assert "ACTION_NOT_REOPENED" not in codes(check(hand))


def test_oq_09_no_reraise_option():  # OQ-09, 004: after a short all-in only call or fold
    profile = NO_RAKE.with_overrides(short_allin_reopen=ShortAllInReopen.NO_RERAISE)
    options = _state(_short_allin([]), profile).options()
    assert options is not None and not options.can_bet_or_raise
    assert ("ACTION_NOT_REOPENED", 6) in coded(check(_short_allin(["p3 cbr 400"]), profile))


def test_bet_11_call_for_less_is_all_in():  # BET-11 table stakes
    hand = make_hand([100, 30, 100], ["p3 cbr 50", "p1 f", "p2 cc"])
    state = _state(hand)
    assert state.stacks[1] == 0 and state.bets[1] == 30


def test_bet_11_cannot_bet_more_than_the_stack():  # BET-11
    hand = make_hand([100, 100, 100], ["p3 cbr 150"])
    assert ("EXCEEDS_STACK", 0) in coded(check(hand))


def test_raise_with_nobody_left_to_call_is_not_offered_but_accepted():  # POT-04, A-17
    # Not offered: nobody else can call (PokerKit refuses it outright) ...
    options = _state(make_hand([100, 40], ["p2 cbr 40"])).options()
    assert options is not None and not options.can_bet_or_raise and options.call_amount == 38
    # ... but a recorded shove is legal play: the unmatched chips go back (seed §8.5).
    verdict = check(make_hand([100, 40], ["p2 cbr 40", "p1 cbr 100"]))
    assert "RAISE_NO_OPPONENT" not in codes(verdict) and codes(verdict) == ["HAND_INCOMPLETE"]
    assert verdict.uncalled_returned == (60, 0)


def test_bet_02_bets_in_multiples_of_the_smallest_chip():  # BET-02, GEN-05
    hand = make_hand([100] * 3, ["p3 cbr 23"], blinds=[5, 10, 0], chip_unit=5)
    assert "AMOUNT_NOT_CHIP_MULTIPLE" in codes(check(hand))
    assert "AMOUNT_NOT_CHIP_MULTIPLE" not in codes(
        check(make_hand([100] * 3, ["p3 cbr 20"], blinds=[5, 10, 0], chip_unit=5))
    )


# ---------------------------------------------------------------- incremental API
def test_bet_24_apply_returns_the_violation_and_keeps_the_state():  # BET-24, HREC-04
    state = _state(make_hand([100] * 3))
    result = state.apply(Action.fold(0))  # p1 is not to act
    assert isinstance(result, Rejected)
    assert result.violations[0].code.value == "OUT_OF_TURN"
    assert state.turn == 2 and state.stacks == (99, 98, 100)
    following = state.apply(Action.bet_raise(2, 6))
    assert not isinstance(following, Rejected)
    assert following.turn == 0 and following.bets == (1, 2, 6)
    assert following.pots() == ((9, (0, 1, 2)),)
    rejected = following.apply(Action.check(0))
    assert (
        isinstance(rejected, Rejected) and rejected.violations[0].code.value == "CHECK_NOT_ALLOWED"
    )
