"""Issue 13 §1, §3: one live state per table. The cage's buy-ins and departures, the
supervisor's seating and the hand recorder's hands all write the one seating plan
(``tables.services.seating``), and every reader (the table screen, the new-hand form, the
recorder) reads it (``tables.selectors.seat_plan``), so the floor shows one answer."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage import services as cage
from cage.models import TableTransaction
from casino.access import acting_as
from casino.errors import Conflict
from casino.roles import Role
from floor.selectors import seat_views
from hands import selectors, services
from hands.presenters import hand_start_rows
from tables.models import SeatEvent, SeatStatus
from tables.selectors import seat_at, seat_plan

from .conftest import buy_in, folded_to_big_blind, seats, showdown_hand

pytestmark = pytest.mark.django_db

AFTER_FIRST = {1: 539, 3: 480, 5: 480}  # showdown_hand: seat 1 wins the 60 pot, rake 1


def _codes(hand):
    return sorted(v.code for v in hand.violation_rows.all())


def _first_hand(sup, staff, session):
    for seat in (1, 3, 5):
        buy_in(staff, session, seat=seat, amount=500)
    hand = services.hand_log(actor=sup, session=session, data=showdown_hand())
    assert hand.status == "valid", _codes(hand)
    return hand


def test_a_player_who_left_is_not_dealt_into_the_next_hand(sup, staff, ready_session):
    # SEAT-04, HREC-08: seat 5 cashes out and leaves with his 480 (recorded at the cage).
    _first_hand(sup, staff, ready_session)
    assert seat_at(ready_session, 5).stack == Decimal("480.00")
    cage.player_departure_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=ready_session,
        seat=5,
        stack="480",
    )
    assert seat_at(ready_session, 5) is None  # the plan itself: the seat is empty
    assert SeatEvent.objects.filter(session=ready_session, seat=5, kind="leave").exists()
    rows = {r["seat"]: r for r in hand_start_rows(sup, ready_session)["rows"]}
    assert not rows[5]["in"] and rows[5]["stack"] is None and rows[5]["name"] == ""
    assert [r["seat"] for r in rows.values() if r["in"]] == [1, 3]
    screen = {v.number: v for v in seat_views(sup, ready_session)}
    assert not screen[5].taken and screen[1].stack == Decimal("539.00")
    # The hand as suggested (heads-up, seats 1 and 3) stores without a continuity warning.
    suggested = hand_start_rows(sup, ready_session)
    button = suggested["button"]
    data = {  # heads-up: the button posts the small blind and folds to the big blind
        "button": button,
        "seats": seats({1: 539, 3: 480}),
        "actions": [{"action": "fold", "seat": button}],
    }
    second = services.hand_log(actor=sup, session=ready_session, data=data)
    assert second.status == "valid", _codes(second)


def test_a_new_player_after_the_button_waits_and_the_hand_has_no_button_warning(
    sup, staff, ready_session
):
    # SEAT-05 (MANUAL: a new player waits until the button and blinds pass), GAME-07.
    _first_hand(sup, staff, ready_session)  # button on seat 5
    buy_in(staff, ready_session, seat=6, amount=500)  # the seat right after the button
    nxt = selectors.next_hand(ready_session)
    assert nxt.dealt_in == (1, 3, 5) and nxt.button == 1
    assert nxt.waiting == {6: "waits_button_and_blinds"}
    form = hand_start_rows(sup, ready_session)
    rows = {r["seat"]: r for r in form["rows"]}
    assert form["button"] == 1 and not rows[6]["in"] and rows[6]["stack"] == Decimal("500.00")
    assert "SEAT-05" in rows[6]["status"]
    hand = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(form["button"], AFTER_FIRST)
    )
    assert _codes(hand) == [] and hand.status == "valid"


def test_a_buyin_without_a_name_shows_the_seat_taken(sup, staff, ready_session):
    # Issue 13: "a buy-in without a name leaves the seat tile reading libre".
    buy_in(staff, ready_session, seat=2, amount=500)
    view = {v.number: v for v in seat_views(sup, ready_session)}[2]
    assert view.taken and view.name and view.stack == Decimal("500.00")
    assert seat_plan(ready_session).at(2).status == SeatStatus.PLAYING


def test_a_new_player_buys_in_during_a_hand_and_a_rebuy_waits(sup, staff, ready_session):
    # BUYIN-05: only re-buys wait for the hand to end; a new player's cash does not.
    live = services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={"button": 5, "seats": seats({1: 500, 3: 500, 5: 500})},
    )
    assert seat_plan(ready_session).hand_in_progress
    buy_in(staff, ready_session, seat=7, amount=500)
    assert seat_at(ready_session, 7).stack == Decimal("500.00")
    before = TableTransaction.objects.count()
    with pytest.raises(Conflict) as refused:
        buy_in(staff, ready_session, seat=1, amount=200, stack_before=500)
    assert refused.value.code == "HAND_IN_PROGRESS"
    assert TableTransaction.objects.count() == before  # the refusal recorded nothing
    assert seat_at(ready_session, 1).stack == Decimal("500.00")
    services.live_hand_abandon(actor=sup, live=live, reason="prueba")
    assert not seat_plan(ready_session).hand_in_progress
    # Seat 7 is dealt in from the next hand (no hand played yet: no entry rule applies).
    assert 7 in selectors.next_hand(ready_session).dealt_in


def test_a_reversed_rebuy_after_the_hand_lowers_the_stack_once(sup, staff, ready_session):
    # HREC-08: the plan's stack is the last finishing stack plus what came since.
    _first_hand(sup, staff, ready_session)
    buy_in(staff, ready_session, seat=3, amount=300, stack_before=480)
    assert seat_at(ready_session, 3).stack == Decimal("780.00")
    rebuy = TableTransaction.objects.filter(seat=3, is_rebuy=True).get()
    cage.transaction_reverse(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), transaction_=rebuy, reason="doble"
    )
    assert seat_at(ready_session, 3).stack == Decimal("480.00")
    hand = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, AFTER_FIRST)
    )
    assert hand.status == "valid", _codes(hand)
