"""Irregularities declared by the floor, observed facts and penalised players
(IRREG-14, MISDEAL-03/13, DEAD-01, HREC-03, BET-14, SANC-04, SANC-13)."""

from __future__ import annotations

import pytest

from casino.access import acting_as
from casino.roles import Role
from hands import services
from hands.models import HandIrregularity, HandSeat
from players.models import Player

from .conftest import seats, showdown_hand

pytestmark = pytest.mark.django_db


def test_a_misdeal_before_action_voids_the_hand_and_the_redeal_links_to_it(sup, ready_session):
    # MISDEAL-02(a), MISDEAL-03, RUL-49, OQ-37, MISDEAL-13.
    data = {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "actions": [
            {
                "action": "irregularity",
                "irregularity": {
                    "kind": "dealer_exposed_card",
                    "seat": 1,
                    "first_or_second_card": True,
                },
            }
        ],
    }
    void = services.hand_log(actor=sup, session=ready_session, data=data)
    assert void.status == "void"
    irr = HandIrregularity.objects.get(hand=void)
    assert irr.outcome == "misdeal_redeal" and "RUL-49" in irr.rule_ids
    assert irr.decided_by == sup.user and irr.ruleset == "manual"
    assert irr.ruling["explanation"]["es"] and irr.ruling["explanation"]["en"]
    assert void.verdict.finishing == {"1": "500.00", "3": "500.00", "5": "500.00"}
    redeal = services.hand_log(
        actor=sup, session=ready_session, data=showdown_hand(), redeal_of=void
    )
    assert redeal.redeal_of_id == void.pk
    assert redeal.status == "valid"  # same button after a misdeal (OQ-37): no warning


def test_no_misdeal_once_two_players_have_acted(sup, ready_session):
    # MISDEAL-03, IRREG-13, RUL-50: the deal error is found after action; the hand plays on.
    data = showdown_hand()
    data["actions"].insert(
        2,
        {
            "action": "irregularity",
            "irregularity": {
                "kind": "dealer_exposed_card",
                "seat": 3,
                "first_or_second_card": True,
            },
        },
    )
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert hand.status == "valid"
    assert HandIrregularity.objects.get(hand=hand).outcome == "play_on"
    forced_void = showdown_hand()
    forced_void["actions"] = forced_void["actions"][:2] + [{"action": "void", "reason": "misdeal"}]
    stored = services.hand_log(actor=sup, session=ready_session, data=forced_void)
    assert "MISDEAL_AFTER_ACTION" in stored.violation_rows.values_list("code", flat=True)


def test_the_dealer_kills_an_unprotected_hand(sup, ready_session):
    # RUL-30, DEAD-01(e): the hand is dead, the chips stay in the pot.
    data = showdown_hand()
    data["actions"] = data["actions"][:3] + [
        {
            "action": "irregularity",
            "irregularity": {"kind": "dealer_killed_unprotected_hand", "seat": 3},
        },
        {"action": "board", "cards": "2h7d9s"},
        {"action": "check", "seat": 1},
        {"action": "check", "seat": 5},
        {"action": "board", "cards": "Jc"},
        {"action": "check", "seat": 1},
        {"action": "check", "seat": 5},
        {"action": "board", "cards": "3s"},
        {"action": "check", "seat": 1},
        {"action": "check", "seat": 5},
        {"action": "show", "seat": 1},
        {"action": "muck", "seat": 5},
    ]
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert hand.status == "valid", list(hand.violation_rows.values_list("code", "message_en"))
    assert hand.verdict.finishing["3"] == "480.00"
    assert hand.verdict.finishing["1"] == "539.00"


def test_observed_facts_give_the_effective_action_with_its_ruling(sup, ready_session):
    # HREC-03, BET-14, RUL-06: one larger chip put out silently facing the big blind: a call.
    data = showdown_hand()
    data["actions"][0] = {
        "action": "observed",
        "seat": 5,
        "observed": {"word": "none", "chips": ["25"]},
    }
    data["actions"][1:3] = [{"action": "call", "seat": 1}, {"action": "check", "seat": 3}]
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert hand.status == "valid", list(hand.violation_rows.values_list("code", "message_en"))
    ruling = hand.verdict.rulings["0"]
    assert ruling["kind"] == "call" and ruling["status"] == "corrected"
    assert "RUL-06" in ruling["rule_ids"] and ruling["change"] == "15.00"
    assert hand.verdict.finishing == {"1": "520.00", "3": "490.00", "5": "490.00"}


def test_a_penalised_player_is_dealt_in_with_a_dead_hand_and_served_hands_count(
    sup, staff, ready_session, casino
):
    from tables import services as tables_services
    from tables.selectors.sanctions import active_sanctions

    ana = Player.objects.create(casino=casino, display_name="Ana")
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    first = showdown_hand()
    first["seats"][1]["player"] = ana.pk  # seat 3
    services.hand_log(actor=sup, session=ready_session, data=first)
    tables_services.sanction_impose(
        actor=boss,
        conduct_code="out_of_turn",
        level="sit_out",
        player=ana,
        session=ready_session,
        hand_number=1,
        vueltas=1,
        players_in_hand=3,
        override_reason="test",
    )
    second = {
        "button": 1,
        "seats": seats({1: 539, 3: 480, 5: 480}),
        "actions": [{"action": "fold", "seat": 1}],  # seat 3's hand is dead from the start
    }
    second["seats"][1]["player"] = ana.pk
    hand = services.hand_log(actor=sup, session=ready_session, data=second)
    seat = HandSeat.objects.get(hand=hand, seat=3)
    assert seat.penalised  # SANC-13: dealt in, blinds posted, hand dead
    assert hand.status == "valid", list(hand.violation_rows.values_list("code", "message_en"))
    assert "PENALISED_DEALT_DEAD" in hand.violation_rows.values_list("code", flat=True)
    # The seat-3 small blind stays in the pot; seat 5 (big blind) takes it.
    assert hand.verdict.finishing == {"1": "539.00", "3": "475.00", "5": "485.00"}
    sanction = active_sanctions(casino, session=ready_session)[0]
    from tables import hooks

    assert hooks.hands_served(sanction.imposition) == 1
