"""Chip continuity between hands (HREC-08, issue 4 §4) and rake into the books (§5, RAKE-08)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage.models import RakeEntry
from hands import services
from hands.models import Hand

from .conftest import buy_in, folded_to_big_blind, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def _codes(hand: Hand) -> list[str]:
    return list(hand.violation_rows.values_list("code", flat=True))


def test_stacks_carry_over_from_hand_to_hand(sup, ready_session):
    # HREC-08: start of hand 2 = end of hand 1 (539 / 480 / 480).
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    )
    assert second.status == "valid", _codes(second)


def test_an_extra_chip_is_a_continuity_violation_naming_seat_and_amount(sup, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 481, 5: 480})
    )
    assert second.status == "invalid"
    violation = second.violation_rows.get(code="CONTINUITY_MISMATCH")
    assert violation.field == "seats[1].stack"
    assert "seat 3" in violation.message_en and "+1.00" in violation.message_en
    assert "asiento 3" in violation.message_es


def test_a_rebuy_recorded_by_the_cage_keeps_continuity(sup, staff, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    # Seat 5 finished the first hand with 480: a re-buy, between the hands (BUYIN-05).
    buy_in(staff, ready_session, seat=5, amount=500, stack_before=480)
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 980})
    )
    assert second.status == "valid", _codes(second)


def test_a_missing_buyin_is_a_continuity_violation(sup, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 980})
    )
    violation = second.violation_rows.get(code="CONTINUITY_MISMATCH")
    assert "+500.00" in violation.message_en and "seat 5" in violation.message_en


def test_first_hand_of_a_seat_is_checked_against_its_buyin(sup, staff, ready_session):
    buy_in(staff, ready_session, seat=1, amount=500)
    buy_in(staff, ready_session, seat=3, amount=400)  # seat 3 starts with 500: 100 unrecorded
    buy_in(staff, ready_session, seat=5, amount=500)
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert _codes(hand) == ["CONTINUITY_MISMATCH"]
    assert "seat 3" in hand.violation_rows.get().message_en


def test_rake_of_valid_hands_goes_into_the_ledger_and_sums_up(sup, ready_session):
    # RAKE-08, issue 4 §5: the rake box total = the sum of the valid hands' rakes.
    first = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    data = showdown_hand(button=1)
    for s in data["seats"]:
        s["stack"] = {1: "539", 3: "480", 5: "480"}[s["seat"]]
    # button 1: SB 3, BB 5, first to act 1 — replay the same betting with these seats
    data["actions"] = [
        {"action": "raise", "seat": 1, "amount": "100"},
        {"action": "call", "seat": 3},
        {"action": "call", "seat": 5},
        {"action": "board", "cards": "2h7d9s"},
        {"action": "check", "seat": 3},
        {"action": "check", "seat": 5},
        {"action": "check", "seat": 1},
        {"action": "board", "cards": "Jc"},
        {"action": "check", "seat": 3},
        {"action": "check", "seat": 5},
        {"action": "check", "seat": 1},
        {"action": "board", "cards": "3s"},
        {"action": "check", "seat": 3},
        {"action": "check", "seat": 5},
        {"action": "check", "seat": 1},
        {"action": "show", "seat": 3},
        {"action": "show", "seat": 5},
        {"action": "show", "seat": 1},
    ]
    second = services.hand_log(actor=sup, session=ready_session, data=data)
    assert (first.status, second.status) == ("valid", "valid"), _codes(second)
    assert (first.rake, second.rake) == (D("1.00"), D("9.00"))  # 3 % of 300 = 9
    entries = RakeEntry.objects.filter(session=ready_session)
    assert sorted(e.hand_number for e in entries) == [1, 2]
    assert sum(e.sign * e.amount for e in entries) == first.rake + second.rake


def test_an_invalid_hand_posts_no_rake_until_resolved(sup, ready_session):
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}  # the dealer took 2, the engine computes 1 (RAKE-07)
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert _codes(hand) == ["RAKE_MISMATCH"]
    assert not RakeEntry.objects.filter(session=ready_session).exists()
