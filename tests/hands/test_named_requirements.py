"""Rules the hand recorder applies around the engine (issue 16 §5): dead blinds in the
pot but not in the poster's bet (SEAT-07, POT-10), and the next hand's button and
blinds (SHOW-10). Through ``hands.services.hand_log``, the service the API and the
floor pages call."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from casino.access import acting_as
from casino.roles import Role
from hands import services
from tables import services as tables_services
from tables.models import AbsentPlayerPolicy

from .conftest import folded_to_big_blind, seats, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def _errors(hand) -> list[str]:  # type: ignore[no-untyped-def]
    return list(hand.violation_rows.filter(severity="error").values_list("code", flat=True))


def _seat_5_back_after_missing_both_blinds(staff, sup, session) -> None:  # type: ignore[no-untyped-def]
    """Seats 1, 3, 5, 7; seat 5 sits out while the blinds pass him, then comes back."""
    tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=session.table,
        reason="ciegas perdidas (004)",
        absent_player_policy=AbsentPlayerPolicy.MISSED_BLINDS,
    )
    four = {1: 500, 3: 500, 5: 500, 7: 500}
    services.hand_log(actor=sup, session=session, data=folded_to_big_blind(7, four))
    tables_services.seat_set_status(actor=sup, session=session, seat=5, status="sitting_out")
    services.hand_log(
        actor=sup, session=session, data=folded_to_big_blind(1, {1: 495, 3: 505, 7: 500})
    )
    services.hand_log(
        actor=sup, session=session, data=folded_to_big_blind(3, {1: 495, 3: 500, 7: 505})
    )


def _returning_hand(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Button 7: seat 1 small blind 5, seat 3 big blind 10; seat 5 (under the gun) posts
    the big blind live (10) and the small blind dead (5)."""
    data = {
        "button": 7,
        "seats": seats(
            {1: 500, 3: 500, 5: 500, 7: 500}, {1: "7c2d", 3: "8c3d", 5: "AsAd", 7: "KcKh"}
        ),
        "actions": actions,
    }
    for s in data["seats"]:
        if s["seat"] == 5:
            s.update(post="10", dead_post="5")
    return data


def test_seat_07_pot_10_dead_blind_in_the_pot_not_in_the_posters_bet(staff, sup, ready_session):
    """SEAT-07, POT-10: seat 5's live 10 is his bet, so he may check; facing a raise to 30
    he calls 20 more (not 15): the dead 5 went into the pot without counting as his bet."""
    _seat_5_back_after_missing_both_blinds(staff, sup, ready_session)
    board = [("2h7d9s", (5, 7)), ("Jc", (5, 7)), ("3s", (5, 7))]
    actions: list[dict[str, Any]] = [
        {"action": "check", "seat": 5},
        {"action": "raise", "seat": 7, "amount": "30"},
        {"action": "fold", "seat": 1},
        {"action": "fold", "seat": 3},
        {"action": "call", "seat": 5},
    ]
    for cards, order in board:
        actions.append({"action": "board", "cards": cards})
        actions += [{"action": "check", "seat": s} for s in order]
    actions += [{"action": "show", "seat": 5}, {"action": "muck", "seat": 7}]
    hand = services.hand_log(actor=sup, session=ready_session, data=_returning_hand(actions))
    assert hand.status == "valid", _errors(hand)
    # 5 dead + 5 + 10 blinds + 30 + 30: seat 5 put in 35 in all.
    assert hand.pot_total == D("80.00")
    rake = hand.rake
    finishing = {s.seat: s.finishing_stack for s in hand.seats.all()}
    assert finishing == {1: D("495"), 3: D("490"), 5: D("545") - rake, 7: D("470")}


def test_pot_10_a_raise_nobody_calls_is_measured_against_live_bets_only(staff, sup, ready_session):
    """POT-10, SEAT-07: seat 7's raise to 30 is called by nobody; what goes back is the part
    above the highest live bet (10), so 20 returns and the dead 5 stays in a pot of 40."""
    _seat_5_back_after_missing_both_blinds(staff, sup, ready_session)
    actions = [
        {"action": "check", "seat": 5},
        {"action": "raise", "seat": 7, "amount": "30"},
        {"action": "fold", "seat": 1},
        {"action": "fold", "seat": 3},
        {"action": "fold", "seat": 5},
    ]
    hand = services.hand_log(actor=sup, session=ready_session, data=_returning_hand(actions))
    assert hand.status == "valid", _errors(hand)
    assert hand.pot_total == D("40.00")
    finishing = {s.seat: s.finishing_stack for s in hand.seats.all()}
    assert finishing[5] == D("485") and finishing[7] == D("530") - hand.rake


@pytest.mark.parametrize(
    ("button", "warned"),
    [(1, False), (5, True), (3, True)],  # one seat on; did not move; moved two seats
)
def test_show_10_next_hand_button_moves_one_seat_and_blinds_are_posted_again(
    button, warned, staff, api, sup, ready_session
):
    """SHOW-10: once the pot is awarded, the next hand has the button one seat on
    clockwise (seat 5 -> 1 among seats 1, 3, 5) and the blinds posted again from it."""
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())  # button 5
    plan = api(staff["supervisor"]).get(f"/api/hands/sessions/{ready_session.pk}/seats/").json()
    assert plan["next_button"] == 1  # what the recorder suggests for the next hand
    stacks = {1: 539, 3: 480, 5: 480}
    hand = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(button, stacks)
    )
    codes = list(hand.violation_rows.values_list("code", flat=True))
    assert ("BUTTON_NOT_MOVED_ONE_SEAT" in codes) is warned, codes
    assert hand.status == "valid", codes  # a warning for the floor, not an invalid hand
    if not warned:
        # New blinds from the new button: seat 3 posts the small blind, seat 5 the big.
        finishing = {s.seat: s.finishing_stack for s in hand.seats.all()}
        assert finishing == {1: D("539"), 3: D("475"), 5: D("485")}
