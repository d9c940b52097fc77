"""The live recorder's snapshot, ``poker.state.HandState``: the mutants left alive by the
rest of tests/poker (``make mutate MODULE=poker/state.py``, docs/testing.md "Mutation
testing"). Each test goes through ``HandState`` as the hand recorder uses it and names the
requirement it proves. Three players of 100 (p1 small blind 1, p2 big blind 2, p3 the
button), no rake unless a case says otherwise.
"""

from __future__ import annotations

import pytest

from poker.model import Action, CarriedPot, Variant, VoidReason
from poker.profiles import CABA, MANUAL, RakeRounding
from poker.state import HandState, Rejected
from poker.violations import Code
from tests.poker.engine_helpers import NO_RAKE, actions, make_hand

DEAL = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]
CALLED = ["p3 cc", "p1 cc", "p2 cc"]


def _one(line: str, n: int = 3) -> Action:
    (action,) = actions([line], n)
    return action


def _state(lines: list[str], stacks: list[int] | None = None, **fields: object) -> HandState:
    return HandState.start(make_hand(stacks or [100] * 3, lines, **fields), NO_RAKE)


# --- HREC-04: what the dealer must deal next ---------------------------------------------


def test_hrec_04_the_dealer_owes_the_rest_of_the_hole_cards_then_nothing():  # HREC-04
    assert _state(DEAL[:1]).dealer_due == "hole"
    assert _state(DEAL[:2]).dealer_due == "hole"
    dealt = _state(DEAL)
    assert dealt.dealer_due is None and dealt.turn == 2


@pytest.mark.parametrize(
    ("board", "due"),
    [([], "flop"), (["d db 2c3d8h"], "turn"), (["d db 2c3d8h", "d db 9s"], "river")],
)
def test_hrec_04_all_in_runs_out_the_board_one_street_at_a_time(board, due):  # HREC-04, BET-24
    # Everyone all in pre-flop: no more betting, the showdown waits for the rest of the board.
    lines = [*DEAL, "p3 cbr 100", "p1 cc", "p2 cc", *board]
    state = _state(lines)
    assert state.at_showdown and state.turn is None and state.options() is None
    assert state.dealer_due == due
    assert not state.is_over  # HREC-06: not settled before the five cards are out


def test_hrec_04_a_void_or_finished_hand_owes_nothing():  # HREC-04, IRREG-03
    void = HandState.start(make_hand([100] * 3, []), NO_RAKE).apply(Action.void())
    assert not isinstance(void, Rejected)
    assert void.is_void and void.dealer_due is None and void.turn is None
    assert void.pots() == () and void.rake_preview() == 0
    folded = _state(["p3 f", "p1 f"])
    assert folded.is_over and not folded.is_void and folded.dealer_due is None


def test_bet_24_the_street_and_the_board_as_they_stand():  # BET-24
    state = _state([*CALLED, "d db 2c3d8h"])
    assert state.street == "flop" and len(state.board) == 3
    assert isinstance(state.board, tuple) and isinstance(state.stacks, tuple)
    assert state.stacks == (98, 98, 98) and state.bets == (0, 0, 0)
    state = _state([*CALLED, "d db 2c3d8h", "p1 cc", "p2 cc", "p3 cc", "d db 9s"])
    assert state.street == "turn"
    state = _state([*CALLED, "d db 2c3d8h", "p1 cc", "p2 cc", "p3 cc", "d db 9s"] + ["p1 cbr 4"])
    assert state.bets == (4, 0, 0) and state.stacks == (94, 98, 98)
    assert not state.at_showdown and not state.is_over


# --- BET-24: the options of the player to act -------------------------------------------


def test_bet_24_options_of_the_first_player_to_act():  # BET-24, GAME-08
    options = _state([]).options()
    assert options is not None
    assert options.player == 2 and options.can_fold and not options.can_check
    assert options.call_amount == 2 and options.can_bet_or_raise and not options.is_bet
    assert (options.min_to, options.max_to, options.all_in_to) == (4, 100, 100)
    assert options.reopened and not options.cap_reached and options.raises_left is None


def test_bet_24_a_short_stack_may_only_go_all_in_for_less():  # BET-24, BET-10
    # p3 has 3 chips: the minimum raise to 4 is above his stack, so both bounds are 3.
    options = _state([], stacks=[100, 100, 3]).options()
    assert options is not None
    assert (options.min_to, options.max_to, options.all_in_to) == (3, 3, 3)
    assert options.can_bet_or_raise


def test_bet_24_nobody_left_to_call_means_no_raise():  # BET-24, BET-10
    # p3 and p1 all in; the big blind, the last with chips, may only call.
    options = _state(["p3 cbr 50", "p1 cc"], stacks=[50, 100, 50]).options()
    assert options is not None and options.player == 1
    assert options.call_amount == 48 and not options.can_bet_or_raise
    assert options.min_to is None and options.max_to is None


def test_bet_09_fixed_limit_counts_the_raises_left():  # BET-09
    hand = make_hand([100] * 3, ["p3 cbr 4"], blinds=[1, 2, 0], variant=Variant.FIXED_LIMIT)
    options = HandState.start(hand, NO_RAKE).options()
    assert options is not None
    assert options.raises_left == NO_RAKE.limit_cap_bets - 2  # the blind and one raise
    assert (options.min_to, options.max_to) == (6, 6)


def test_bet_05_a_check_when_nothing_is_owed():  # BET-05
    options = _state(CALLED[:2]).options()
    assert options is not None and options.player == 1
    assert options.can_check and options.call_amount == 0 and not options.is_bet


# --- POT-11 / POT-09 / RAKE-06: pots and rake as they stand ------------------------------


def test_pot_09_a_carried_pot_names_only_its_players_still_in():  # POT-09, POT-11
    hand = make_hand([100] * 3, ["p3 f"], carry_in=(CarriedPot(amount=30, eligible=(2, 0)),))
    state = HandState.start(hand, NO_RAKE)
    assert state.pots() == ((3, (0, 1)), (30, (0,)))  # p3 folded: his claim is gone


def test_rake_06_the_preview_of_the_pots_as_they_stand():  # RAKE-06
    hand = make_hand([1000] * 3, ["p3 cbr 100", "p1 cc", "p2 cc", "d db 2c3d8h"])
    raked = HandState.start(hand, MANUAL)
    assert [amount for amount, _ in raked.pots()] == [300]
    assert raked.rake_preview() == 9  # 3 % of 300
    assert HandState.start(hand, NO_RAKE).rake_preview() == 0
    # IRREG-03: two identical cards void the hand; its chips go back, no commission.
    void = raked.apply(Action.void(VoidReason.DUPLICATE_CARD))
    assert not isinstance(void, Rejected) and void.rake_preview() == 0


def test_rake_03_the_preview_never_passes_the_rulesets_maximum():  # RAKE-03, RAKE-07
    # CABA allows at most 5 %; at 5 % rounded to the nearest chip, a pot of 39 would pay
    # 1.95 -> 2 chips, above 5 % of 39 (1.95): the preview keeps the house to 1.
    profile = CABA.with_overrides(rake_bps=500, rake_rounding=RakeRounding.NEAREST)
    hand = make_hand([1000] * 3, ["p3 cbr 13", "p1 cc", "p2 cc", "d db 2c3d8h"])
    state = HandState.start(hand, profile)
    assert state.pots() == ((39, (0, 1, 2)),)
    assert state.rake_preview() == 1


def test_bet_07_pot_limit_bounds_stop_at_the_stack():  # BET-07, BET-10
    # Pot limit, p3 with 5 chips: the pot would allow a raise to 7; the stack stops it at 5.
    hand = make_hand([100, 100, 5], [], variant=Variant.POT_LIMIT)
    options = HandState.start(hand, NO_RAKE).options()
    assert options is not None and options.player == 2
    assert (options.min_to, options.max_to, options.all_in_to) == (4, 5, 5)


# --- HREC-04: a refused action comes back with its reasons -------------------------------


def test_hrec_04_what_is_not_an_action_is_refused_as_malformed():  # HREC-04
    state = _state(CALLED)
    result = state.apply("p1 cc")  # type: ignore[arg-type]
    assert isinstance(result, Rejected) and result.action == "p1 cc"
    (violation,) = result.violations
    assert violation.code is Code.MALFORMED and violation.action == 3
    assert violation.message_en == "Malformed hand data: not an action"


def test_hrec_04_an_action_the_machine_cannot_read_is_refused_with_its_error():  # HREC-04
    state = _state([])
    result = state.apply(Action.bet_raise(7, 10))  # no seat 8 at a table of three
    assert isinstance(result, Rejected)
    (violation,) = result.violations
    assert violation.code is Code.MALFORMED and violation.action == 0
    assert violation.message_en == "Malformed hand data: no player p8"
    # An error inside the machine comes back in its own words, cut at 120 characters.
    odd = type("Chips" * 40, (), {})()  # an amount that is no number, with a long name
    action = Action.bet_raise(2, odd)
    broken = state.apply(action)
    assert isinstance(broken, Rejected) and broken.action is action
    (violation,) = broken.violations
    assert violation.code is Code.MALFORMED and violation.action == 0
    expected = "'>' not supported between instances of '" + "Chips" * 40
    assert violation.message_en == f"Malformed hand data: {expected[:120]}"


def test_hrec_04_a_refusal_numbers_the_action_and_keeps_the_state():  # HREC-04, BET-01
    state = _state(CALLED[:1])
    wrong = _one("p2 cc")
    result = state.apply(wrong)  # out of turn: p1 is next
    assert isinstance(result, Rejected) and result.action is wrong
    assert [(v.code.value, v.action) for v in result.violations] == [("OUT_OF_TURN", 1)]
    assert state.turn == 0 and len(state.hand.actions) == 1
    accepted = state.apply(_one("p1 cc"))
    assert not isinstance(accepted, Rejected)
    assert len(accepted.hand.actions) == 2 and accepted.turn == 1
    late = accepted.apply(_one("p1 cc"))
    assert isinstance(late, Rejected) and late.violations[0].action == 2


def test_hrec_04_start_refuses_a_bad_setup_and_a_refused_action():  # HREC-04
    with pytest.raises(ValueError, match="one amount per player"):
        HandState.start(make_hand([100, 100, 100], [], blinds=[1, 2]), NO_RAKE)
    with pytest.raises(ValueError, match="^Out of turn: p3 is to act, p1 acted$"):
        _state(["p1 cc"])  # p3 is to act: the recorded action is refused


def test_game_04_setup_violations_are_kept_through_the_hand():  # GAME-04, BET-24
    hand = make_hand([100] * 3, [], blinds=[4, 2, 0])  # a small blind above the big blind
    state = HandState.start(hand, NO_RAKE)
    assert [v.code for v in state.setup_violations] == [Code.BLINDS_INVALID]
    later = state.apply(_one("p2 f"))  # p1 posted the largest blind: p2 acts first
    assert not isinstance(later, Rejected)
    assert later.setup_violations == state.setup_violations


def test_bet_24_repr_names_street_phase_turn_and_stacks():  # BET-24
    assert (
        repr(_state([])) == "HandState(street=preflop, phase=betting, turn=2, stacks=(99, 98, 100))"
    )
    assert "phase=dealing" in repr(_state(CALLED))
    assert "phase=showdown" in repr(_state([*DEAL, "p3 cbr 100", "p1 cc", "p2 cc"]))
    assert "phase=over" in repr(_state(["p3 f", "p1 f"]))
