"""Logging whole hands through the service: verdict on save, bad input, sequence (HREC)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.errors import Conflict, ValidationFailed
from hands import services
from hands.models import Hand, HandSeat, HandVerdict, HandViolation

from .conftest import count_rows, folded_to_big_blind, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def test_valid_hand_is_stored_with_its_verdict(sup, ready_session):
    # HREC-01, HREC-06: the hand, its seats and the engine's verdict are stored together.
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert hand.number == 1
    assert hand.status == "valid"
    verdict = HandVerdict.objects.get(hand=hand)
    assert verdict.violations == []
    assert verdict.rake == D("1.00")  # 3 % of 60 rounded down to the 1.00 chip (RAKE-07)
    assert verdict.finishing == {"1": "539.00", "3": "480.00", "5": "480.00"}
    seats = {s.seat: s for s in HandSeat.objects.filter(hand=hand)}
    assert seats[1].finishing_stack == D("539.00") and seats[1].position == "SB"
    assert seats[5].position == "BU" and seats[3].position == "BB"  # GAME-12


def test_illegal_hand_is_stored_invalid_with_codes_and_indexes(sup, ready_session):
    data = showdown_hand()
    data["actions"][1] = {"action": "check", "seat": 1}  # the small blind cannot check a raise
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert hand.status == "invalid"
    rows = list(HandViolation.objects.filter(hand=hand))
    codes = [r.code for r in rows]
    assert "CHECK_NOT_ALLOWED" in codes
    check = next(r for r in rows if r.code == "CHECK_NOT_ALLOWED")
    assert check.action_index == 1  # index in the request's action list
    assert "asiento 1" in check.message_es and "seat 1" in check.message_en
    assert "15.00" in check.message_en  # the amount in money, not cents


@pytest.mark.parametrize(
    ("mutate", "code", "field"),
    [
        (
            lambda d: d["actions"].append({"action": "fold", "seat": 9}),
            "SEAT_NOT_IN_HAND",
            "actions[18].seat",
        ),
        (lambda d: d["seats"][0].update(cards="AsXx"), "CARD_INVALID", "seats[0].cards"),
        (lambda d: d["seats"][1].update(cards="AsQd"), "CARD_DUPLICATE", "seats[1].cards"),
        (lambda d: d["actions"][3].update(cards="2hAs7d"), "CARD_DUPLICATE", "actions[3].cards"),
        (
            lambda d: d["actions"][0].update(amount="20.50"),
            "AMOUNT_NOT_CHIP_MULTIPLE",
            "actions[0].amount",
        ),
        (
            lambda d: d["seats"][2].update(stack="500.50"),
            "AMOUNT_NOT_CHIP_MULTIPLE",
            "seats[2].stack",
        ),
        (lambda d: d.update(button=2), "BUTTON_SEAT_EMPTY", "button"),
        (lambda d: d["actions"].pop(), "HAND_INCOMPLETE", "actions[16]"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_stored(sup, ready_session, mutate, code, field):
    data = showdown_hand()
    mutate(data)
    before = count_rows(Hand, HandVerdict, HandSeat, HandViolation)
    with pytest.raises(ValidationFailed) as err:
        services.hand_log(actor=sup, session=ready_session, data=data)
    assert err.value.code == code
    assert err.value.field == field
    assert count_rows(Hand, HandVerdict, HandSeat, HandViolation) == before


def test_duplicate_hand_number_is_refused(sup, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand(), number=1)
    with pytest.raises(ValidationFailed) as err:
        services.hand_log(actor=sup, session=ready_session, data=showdown_hand(1), number=1)
    assert err.value.code == "DUPLICATE_HAND_NUMBER"
    assert Hand.objects.count() == 1


def test_a_gap_in_the_sequence_is_flagged(sup, ready_session):
    # Issue 4 §4: hands out of sequence are flagged.
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    later = services.hand_log(
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480}),
        number=4,
    )
    codes = list(later.violation_rows.values_list("code", flat=True))
    assert codes == ["SEQUENCE_GAP"]
    assert later.status == "invalid"
    assert "2–3" in later.violation_rows.get().message_en


def test_numbers_follow_on_when_not_given(sup, ready_session):
    first = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    )
    assert (first.number, second.number) == (1, 2)
    assert second.status == "valid", list(second.violation_rows.values_list("code", flat=True))


def test_a_table_not_ready_for_play_takes_no_hand(sup, staff, hand_table, gaming_day):
    from tests.tables.conftest import open_table

    session = open_table(staff, hand_table)  # opening signed, but no packs at the table
    with pytest.raises(Conflict) as err:
        services.hand_log(actor=sup, session=session, data=showdown_hand())
    assert err.value.code == "DECKS_MISSING"
    assert Hand.objects.count() == 0
