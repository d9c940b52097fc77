"""The showdown as it happened (issue 38 §2): a pot goes where the floor pushed it.

The engine reads the cards shown; where it cannot (nobody's cards known, every contender
mucked) only the floor's award says who took the pot, and a pot nobody awarded is paid to
nobody (the engine never invents the award). An award the cards contradict is kept (the
chips went there) and flagged (SHOW-14; AUTH-04: the engine advises, the staff decide).
"""

from __future__ import annotations

from poker.model import PotAward
from poker.phh import dumps, loads
from poker.profiles import MANUAL
from poker.validate import Status, validate

from .engine_helpers import NO_RAKE, make_hand

RAKE_10 = MANUAL.with_overrides(rake_bps=1000)  # 10 %: the figures read easily
UNSEEN = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
SEEN = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]
CHECKS = ["p1 cc", "p2 cc", "p3 cc"]
STREETS = ["d db 2c3d8h", *CHECKS, "d db 9s", *CHECKS, "d db Tc", *CHECKS]


def _showdown(deal: list[str], shows: list[str]) -> list[str]:
    """Everyone calls the big blind (pot 6) and checks down; then ``shows``."""
    return [*deal, "p3 cc", "p1 cc", "p2 cc", *STREETS, *shows]


def test_cards_not_read_and_no_award_pay_nobody():  # SHOW-14, HREC-06
    # "Todos muestran" with no hole cards: before issue 38 the engine split the pot among
    # the three (2 each) and the recorder wrote those invented stacks to the seating plan.
    hand = make_hand([100] * 3, _showdown(UNSEEN, ["p3 sm", "p1 sm ????", "p2 sm ????"]))
    verdict = validate(hand, RAKE_10)
    assert verdict.status is Status.INVALID
    assert [v.code.value for v in verdict.violations] == ["SHOWDOWN_INVALID"]
    assert [(p.amount, p.winners, p.shares, p.rake) for p in verdict.pots] == [(6, (), (), 0)]
    assert verdict.finishing_stacks == (98, 98, 98) and verdict.rake == 0  # RAKE-05
    assert verdict.unread_pots == (0,)


def test_the_floor_award_pays_the_pot_and_the_hand_is_valid():  # SHOW-14, POT-02, HREC-06
    hand = make_hand(
        [100] * 3,
        _showdown(UNSEEN, ["p3 sm", "p1 sm ????", "p2 sm ????"]),
        awards=(PotAward(0, (1,)),),
    )
    verdict = validate(hand, RAKE_10)
    assert (verdict.status, verdict.violations, verdict.unread_pots) == (Status.VALID, (), ())
    # Rake is taken from the awarded pot (RAKE-05): 10 % of 6, down to the chip: 0.
    assert [(p.winners, p.shares) for p in verdict.pots] == [((1,), (6,))]
    assert verdict.finishing_stacks == (98, 104, 98)


def test_an_award_the_cards_agree_with_is_valid_and_one_they_contradict_is_flagged():
    # SHOW-14: the engine evaluates every shown hand and flags a difference from the
    # winners the supervisor recorded; AUTH-04: the chips went where the floor pushed them.
    shows = ["p3 sm QhQd", "p1 sm AhAd", "p2 sm KhKd"]
    agreed = make_hand([100] * 3, _showdown(SEEN, shows), awards=(PotAward(0, (0,)),))
    assert validate(agreed, NO_RAKE).violations == ()
    wrong = make_hand([100] * 3, _showdown(SEEN, shows), awards=(PotAward(0, (1,)),))
    verdict = validate(wrong, NO_RAKE)
    assert [(v.code.value, v.message_en) for v in verdict.violations] == [
        ("AWARD_MISMATCH", "Pot 1: awarded to p2; the cards give p1 (SHOW-14)")
    ]
    assert verdict.finishing_stacks == (98, 104, 98)


def test_an_award_to_a_player_not_in_the_pot_is_flagged():  # SHOW-14, POT-02
    acts = [*UNSEEN, "p3 f", "p1 cc", "p2 cc", *[a for a in STREETS if a != "p3 cc"]]
    acts += ["p1 sm ????", "p2 sm ????"]
    verdict = validate(make_hand([100] * 3, acts, awards=(PotAward(0, (2,)),)), NO_RAKE)
    assert [v.code.value for v in verdict.violations] == ["AWARD_INVALID"]
    assert "p3 was not contesting that pot" in verdict.violations[0].message_en


def test_a_split_award_gives_the_odd_chip_left_of_the_button():  # POT-08
    # Pot 6 + p1's ante 1 = 7 between p1 and p2: 4 and 3, the odd chip to p1 (left of
    # the button, who is p3).
    hand = make_hand(
        [100] * 3,
        _showdown(UNSEEN, ["p3 sm", "p1 sm ????", "p2 sm ????"]),
        antes=[1, 0, 0],
        awards=(PotAward(0, (1, 0)),),
    )
    verdict = validate(hand, NO_RAKE)
    assert verdict.violations == ()
    assert [(p.winners, p.shares, p.odd_chips) for p in verdict.pots] == [((0, 1), (4, 3), (0,))]


def test_each_pot_is_awarded_on_its_own():  # POT-02, POT-07
    # p1 is all-in for 20: a main pot of 60 (everyone) and a side pot of 40 (p2, p3).
    acts = [*UNSEEN, "p3 cbr 40", "p1 cc", "p2 cc", "d db 2c3d8h", "p2 cc", "p3 cc"]
    acts += ["d db 9s", "p2 cc", "p3 cc", "d db Tc", "p2 cc", "p3 cc"]
    acts += ["p2 sm ????", "p3 sm ????", "p1 sm ????"]
    only_main = make_hand([20, 100, 100], acts, awards=(PotAward(0, (0,)),))
    verdict = validate(only_main, NO_RAKE)
    assert [(p.amount, p.winners) for p in verdict.pots] == [(60, (0,)), (40, ())]
    assert verdict.unread_pots == (1,) and verdict.finishing_stacks == (60, 60, 60)
    both = make_hand([20, 100, 100], acts, awards=(PotAward(0, (0,)), PotAward(1, (2,))))
    verdict = validate(both, NO_RAKE)
    assert verdict.violations == () and verdict.finishing_stacks == (60, 60, 100)


def test_phh_keeps_the_award():  # SHOW-14
    hand = make_hand(
        [100] * 3,
        _showdown(UNSEEN, ["p3 sm", "p1 sm ????", "p2 sm ????"]),
        awards=(PotAward(0, (1,)),),
    )
    text = dumps(hand)
    assert '_awards = ["p2"]' in text
    (record,) = loads(text)
    assert record.hand is not None and record.hand.awards == (PotAward(0, (1,)),)
    assert validate(record.hand, NO_RAKE).violations == ()
