"""Pots, side pots, showdown, odd chips and rake (POT, SHOW, RAKE; A-16, A-17, A-18, A-27)."""

from __future__ import annotations

import pytest

from poker.pots import build_pots, rake_of, split_pot
from poker.profiles import CABA, MANUAL, PBA, ProfileError
from tests.poker.engine_helpers import NO_RAKE, check, codes, make_hand

# ---------------------------------------------------------------- three all-ins
A17_DEAL = ["d db 2c7d9h", "d db Js", "d db 4s"]


def _a17(cards_a: str, cards_b: str, cards_c: str, profile=NO_RAKE):  # type: ignore[no-untyped-def]
    acts = [
        f"d dh p1 {cards_a}",
        f"d dh p2 {cards_b}",
        f"d dh p3 {cards_c}",
        "p1 cbr 10",
        "p2 cbr 50",
        "p3 cbr 200",
        *A17_DEAL,
        "p1 sm -",
        "p2 sm -",
        "p3 sm -",
    ]
    return check(make_hand([10, 50, 200], acts, blinds=[0, 0, 0], min_bet=1), profile)


def test_a_17_side_pots_in_layers():  # POT-02, POT-04, A-17
    verdict = _a17("AhAd", "KhKd", "QhQd")
    assert verdict.valid, verdict.violations
    assert [(p.amount, p.eligible) for p in verdict.pots] == [(30, (0, 1, 2)), (80, (1, 2))]
    assert verdict.uncalled_returned == (0, 0, 150)  # C's 150 goes straight back


def test_a_17_all_in_player_wins_only_the_main_pot():  # POT-06, A-17: A best
    verdict = _a17("AhAd", "KhKd", "QhQd")
    main, side = verdict.pots
    assert main.winners == (0,) and side.winners == (1,)  # best of B and C takes the side pot
    assert verdict.finishing_stacks == (30, 80, 150)


def test_a_17_best_hand_overall_wins_both_pots():  # POT-06, A-17: B best
    verdict = _a17("QhQd", "AhAd", "KhKd")
    assert [p.winners for p in verdict.pots] == [(1,), (1,)]
    assert verdict.finishing_stacks == (0, 110, 150)


def test_pot_05_folded_players_money_stays_but_they_cannot_win():  # POT-05, GAME-15
    acts = [
        "d dh p1 2h3d",
        "d dh p2 AhAd",
        "d dh p3 QhQd",
        "p3 cbr 20",
        "p1 cc",
        "p2 f",  # the big blind's 2 stays in the pot
        "d db 2c7d9h",
        "p1 cc",
        "p3 cc",
        "d db Js",
        "p1 cc",
        "p3 cc",
        "d db 4s",
        "p1 cc",
        "p3 cc",
        "p1 sm -",
        "p3 sm -",
    ]
    verdict = check(make_hand([100, 100, 100], acts))
    assert verdict.valid, verdict.violations
    assert [(p.amount, p.eligible, p.winners) for p in verdict.pots] == [(42, (0, 2), (2,))]
    assert verdict.finishing_stacks == (80, 98, 122)


# ---------------------------------------------------------------- two players
def _a16(hole_a: str, hole_b: str):  # type: ignore[no-untyped-def]
    acts = [
        f"d dh p1 {hole_a}",
        f"d dh p2 {hole_b}",
        "p2 cc",
        "p1 cc",
        "d db 2c7d9h",
        "p1 cbr 200",
        "p2 cc",  # all-in for 50
        "d db Js",
        "d db 4s",
        "p1 sm -",
        "p2 sm -",
    ]
    return check(make_hand([1000, 150], acts, blinds=[50, 100]))


def test_a_16_unmatched_bet_returned_and_pot_300():  # POT-03, A-16
    verdict = _a16("AhAd", "KhKd")
    assert verdict.valid, verdict.violations
    assert verdict.uncalled_returned == (150, 0)
    assert [(p.amount, p.winners) for p in verdict.pots] == [(300, (0,))]
    assert verdict.finishing_stacks == (1150, 0)
    other = _a16("KhKd", "AhAd")
    assert other.finishing_stacks == (850, 300)


# ---------------------------------------------------------------- odd chips
ROYAL_BOARD = ["d db AsKsQs", "d db Js", "d db Ts"]


def _split(chip_unit: int = 1):  # type: ignore[no-untyped-def]
    acts = [
        "d dh p1 2c3c",
        "d dh p2 4h5h",
        "d dh p3 6d7d",
        "p3 cc",
        "p1 f",
        "p2 cc",
        ROYAL_BOARD[0],
        "p2 cc",
        "p3 cc",
        ROYAL_BOARD[1],
        "p2 cc",
        "p3 cc",
        ROYAL_BOARD[2],
        "p2 cc",
        "p3 cc",
        "p2 sm -",
        "p3 sm -",
    ]
    return check(make_hand([100] * 3, acts, blinds=[5, 10, 0], chip_unit=chip_unit))


def test_a_18_odd_chip_to_first_winner_left_of_button():  # POT-08, A-18
    verdict = _split()
    assert verdict.valid, verdict.violations
    (pot,) = verdict.pots
    assert pot.amount == 25 and pot.winners == (1, 2) and pot.shares == (13, 12)
    assert pot.odd_chips == (1,)
    assert verdict.finishing_stacks == (95, 103, 102)


def test_pot_08_chip_unit_is_a_parameter():  # POT-08, GEN-05: smallest chip 5
    (pot,) = _split(chip_unit=5).pots
    assert pot.shares == (15, 10)


def test_pot_08_at_most_one_odd_chip_each():  # POT-08, 004 "Empates" (PokerKit differs)
    assert split_pot(32, [0, 1, 2]) == [11, 11, 10]
    assert split_pot(32, [4, 7, 9], chip_unit=1) == [11, 11, 10]
    assert split_pot(100, [0, 1, 2], chip_unit=25) == [50, 25, 25]
    assert split_pot(101, [0, 1]) == [51, 50]
    for amount in range(0, 200, 7):
        shares = split_pot(amount, [0, 1, 2, 3], chip_unit=5)
        assert sum(shares) == amount and max(shares) - min(shares) <= 5 + amount % 5


def test_pot_08_a_remainder_below_one_chip_goes_to_the_first_winner():
    # POT-08 (issue 16 §2): with stacks that are not whole chips, what is less than one
    # chip goes to the first winner left of the button, with the odd chips, never the last.
    assert split_pot(103, [0, 1], chip_unit=5) == [53, 50]  # 20 chips + 3: 10 and 10, +3
    assert split_pot(108, [2, 5, 7], chip_unit=5) == [38, 35, 35]  # 21 chips + 3
    assert split_pot(113, [1, 4, 6], chip_unit=5) == [43, 35, 35]  # 22 chips + 3: 8, 7, 7


# ---------------------------------------------------------------- showdown
def _river(river_actions: list[str], shows: list[str]):  # type: ignore[no-untyped-def]
    acts = [
        "d dh p1 AhAd",
        "d dh p2 KhKd",
        "d dh p3 QhQd",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db Js",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db 4s",
        *river_actions,
        *shows,
    ]
    return check(make_hand([100] * 3, acts))


def test_show_01_last_aggressor_shows_first():  # SHOW-01, OQ-23
    verdict = _river(["p1 cc", "p2 cbr 10", "p3 cc", "p1 cc"], ["p2 sm -", "p3 sm -", "p1 sm -"])
    assert verdict.valid, verdict.violations
    assert verdict.showdown_order == (1, 2, 0)


def test_show_01_without_a_bet_first_left_of_button_shows_first():  # SHOW-01
    verdict = _river(["p1 cc", "p2 cc", "p3 cc"], ["p1 sm -", "p2 sm -", "p3 sm -"])
    assert verdict.showdown_order == (0, 1, 2)


def test_show_04_cards_speak():  # SHOW-04, SHOW-14: the engine reads the hands
    verdict = _river(["p1 cc", "p2 cc", "p3 cc"], ["p3 sm -", "p2 sm -", "p1 sm -"])
    assert verdict.pots[0].winners == (0,)  # aces, whatever the order of showing


def test_oq_48_a_mucked_hand_never_wins():  # OQ-48, SHOW-03
    verdict = _river(["p1 cc", "p2 cc", "p3 cc"], ["p1 sm", "p2 sm -", "p3 sm -"])
    assert verdict.valid, verdict.violations
    assert verdict.pots[0].winners == (1,)  # kings: the aces were thrown away


def test_show_03_last_claimant_still_shows_to_win():  # SHOW-03 (tests/poker/test_show_03.py)
    unseen = _river(["p1 cc", "p2 cc", "p3 cc"], ["p1 sm", "p2 sm"])
    assert "HAND_INCOMPLETE" in codes(unseen)  # the others mucked: p3 is not paid unseen
    verdict = _river(["p1 cc", "p2 cc", "p3 cc"], ["p1 sm", "p2 sm", "p3 sm -"])
    assert verdict.valid, verdict.violations
    assert verdict.pots[0].winners == (2,)


def test_showdown_needs_each_player_to_show_or_muck():  # SHOW-13, HAND_INCOMPLETE
    verdict = _river(["p1 cc", "p2 cc", "p3 cc"], ["p1 sm -"])
    assert "HAND_INCOMPLETE" in codes(verdict)


def test_showdown_invalid_cards_not_dealt():  # SHOW-14: shown cards must be the dealt ones
    verdict = _river(["p1 cc", "p2 cc", "p3 cc"], ["p1 sm AhAc", "p2 sm -", "p3 sm -"])
    assert "SHOWDOWN_INVALID" in codes(verdict)


def test_showdown_by_folded_player_is_invalid():  # SHOW-03
    acts = ["p3 f", "p1 cc", "p2 cc", "d db 2c7d9h", "p1 cc", "p2 cc"]
    acts += ["d db Js", "p1 cc", "p2 cc", "d db 4s", "p1 cc", "p2 cc", "p3 sm AhAd"]
    assert "SHOWDOWN_INVALID" in codes(check(make_hand([100] * 3, acts)))


def test_unknown_cards_shown_do_not_claim_the_pot():  # SHOW-03 (HandHQ "sm ????")
    acts = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cc", "p2 cc"]
    acts += ["d db Js", "p1 cc", "p2 cc", "d db 4s", "p1 cc", "p2 cc", "p1 sm 3c4c", "p2 sm ????"]
    verdict = check(make_hand([100, 100], acts))
    assert verdict.valid, verdict.violations
    assert verdict.pots[0].winners == (0,)


# ---------------------------------------------------------------- rake
def _pot_300(profile, **fields):  # type: ignore[no-untyped-def]
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


def test_a_27_rake_three_percent():  # RAKE-01, A-27: pot 300 -> 9
    verdict = _pot_300(MANUAL)
    assert verdict.rake == 9 and verdict.pots[0].rake == 9
    assert verdict.finishing_stacks == (1141, 850)  # taken before paying (RAKE-05)
    assert rake_of(300, 300) == 9


def test_a_27_caba_up_to_five_percent():  # RAKE-03, A-27: at most 15
    assert _pot_300(CABA.with_overrides(rake_bps=500)).rake == 15
    with pytest.raises(ProfileError):
        CABA.with_overrides(rake_bps=600)


def test_rake_07_rounded_down_to_the_chip_unit():  # RAKE-07
    assert _pot_300(MANUAL, chip_unit=5).rake == 5
    assert rake_of(299, 300) == 8 and rake_of(300, 300, chip_unit=5) == 5


def test_rake_07_per_pot_on_contested_chips_only():  # RAKE-07, OQ-04
    verdict = _a17("AhAd", "KhKd", "QhQd", profile=MANUAL)
    assert [p.rake for p in verdict.pots] == [0, 2]  # 3% of 30 and of 80; the 150 returned
    assert verdict.rake == 2
    assert verdict.finishing_stacks == (30, 78, 150)


def test_rake_cap_per_hand():  # RAKE-07 rake_cap_amount
    assert _pot_300(MANUAL.with_overrides(rake_cap=5)).rake == 5


def test_rake_no_flop_no_drop_option():  # RAKE-07 option
    acts = ["p2 cbr 300", "p1 f"]
    hand = make_hand([1000, 1000], acts, blinds=[50, 100])
    assert check(hand, MANUAL).rake == 6  # OQ-04: every pot is raked by default
    assert check(hand, MANUAL.with_overrides(no_flop_no_drop=True)).rake == 0


def test_rake_02_none_in_tournaments_and_seat_charge():  # RAKE-02, RAKE-04
    assert _pot_300(MANUAL.with_overrides(tournament=True)).rake == 0
    assert _pot_300(PBA).rake == 0


def test_rake_mismatch_flagged():  # RAKE-07: recorded commission differs
    assert "RAKE_MISMATCH" in codes(_pot_300(MANUAL, rake=8))
    assert _pot_300(MANUAL, rake=9).valid


# ---------------------------------------------------------------- pure functions
def test_build_pots_layers_and_dead_money():  # POT-02, OQ-33
    assert build_pots([10, 50, 200], [True] * 3) == [(30, (0, 1, 2)), (80, (1, 2)), (150, (2,))]
    # antes are dead money in the main pot; folded contributions stay in the pots
    assert build_pots([20, 20, 5], [True, True, False], dead_money=3) == [(48, (0, 1))]
    # an all-in by the ante alone still plays for the main pot
    assert build_pots([0, 20, 20], [True] * 3, dead_money=3) == [(3, (0, 1, 2)), (40, (1, 2))]
