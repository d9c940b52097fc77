"""The showdown as it happened (issue 38 §2), through the hand recorder's services.

A hand that reaches a showdown is stored only once it says who won each pot: the cards
shown, read by the engine, or the seats the croupier pushed each pot to, with the reason.
The seating plan then takes only what was recorded. An award the cards contradict is
stored (the chips went there) and the hand is invalid until the pit boss resolves it;
an invalid verdict posts no rake to the rake box until then (docs/hands.md, "Rake").
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage.selectors import rake_ledger
from casino.errors import ValidationFailed
from hands import services
from hands.models import Hand
from hands.services.live import live_hand_act_many
from tables.selectors import seat_at

from .conftest import seats, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture
def at_showdown(sup, ready_session):
    """Three players of 500, no hole cards typed (button 5, blinds 1 and 3); everyone
    calls the big blind and checks down; the river is dealt and checked."""
    live = services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={"button": 5, "seats": seats({1: 500, 3: 500, 5: 500})},
    )
    for seat in (5, 1):
        services.live_hand_act(actor=sup, live=live, action={"action": "call", "seat": seat})
    services.live_hand_act(actor=sup, live=live, action={"action": "check", "seat": 3})
    for cards in ("2h7d9s", "Jc", "3s"):
        services.live_hand_act(actor=sup, live=live, action={"action": "board", "cards": cards})
        live_hand_act_many(actor=sup, live=live, action="check")
    return live


def _award(sup, live, **fields):
    return services.live_hand_act(actor=sup, live=live, action={"action": "award", **fields})


def test_everyone_shows_without_cards_cannot_be_stored(sup, at_showdown, ready_session):
    # SHOW-14, HREC-06: before issue 38 "Todos muestran" went through with no hole cards,
    # the engine split the pot among the three and the plan took those stacks.
    state = live_hand_act_many(actor=sup, live=at_showdown, action="show")
    assert state["applied"] == 3
    assert state["complete"] is False
    assert [(p["pot"], p["amount"], p["eligible"]) for p in state["awards_needed"]] == [
        (0, "30.00", [1, 3, 5])
    ]
    with pytest.raises(ValidationFailed) as err:
        services.live_hand_finish(actor=sup, live=at_showdown)
    assert err.value.code == "AWARD_REQUIRED"
    assert "no dice quién ganó" in err.value.message_es
    assert not Hand.objects.exists()
    assert [seat_at(ready_session, s).stack for s in (1, 3, 5)] == [D("500")] * 3  # unmoved


def test_the_winner_recorded_with_a_reason_moves_only_the_recorded_chips(
    sup, at_showdown, ready_session
):  # SHOW-14, HREC-06, AUTH-04
    live_hand_act_many(actor=sup, live=at_showdown, action="show")
    with pytest.raises(ValidationFailed) as err:
        _award(sup, at_showdown, pot=0, seats=[3])  # no reason: the cards do not say it
    assert err.value.code == "AWARD_REASON_REQUIRED"
    with pytest.raises(ValidationFailed) as err:
        _award(sup, at_showdown, pot=1, seats=[3], reason="unreadable")
    assert err.value.code == "AWARD_INVALID" and err.value.field == "actions[18].pot"
    state = _award(sup, at_showdown, pot=0, seats=[3], reason="unreadable")
    assert state["complete"] and state["awards_needed"] == []
    assert [(w["winners"], w["awarded"]) for w in state["winners"]] == [([3], True)]
    hand = services.live_hand_finish(actor=sup, live=at_showdown)
    assert hand.status == "valid"
    codes = {v.code: v.severity for v in hand.violation_rows.all()}
    assert codes == {"AWARD_BY_FLOOR": "info"}
    # The table screen's plan: +20 to seat 3, -10 to each of the others, nothing invented.
    assert hand.verdict.finishing == {"1": "490.00", "3": "520.00", "5": "490.00"}
    assert [seat_at(ready_session, s).stack for s in (1, 3, 5)] == [D("490"), D("520"), D("490")]


def test_an_award_to_a_seat_that_folded_is_refused(sup, ready_session):  # SHOW-14
    live = services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={"button": 5, "seats": seats({1: 500, 3: 500, 5: 500})},
    )
    services.live_hand_act(actor=sup, live=live, action={"action": "fold", "seat": 5})
    services.live_hand_act(actor=sup, live=live, action={"action": "call", "seat": 1})
    services.live_hand_act(actor=sup, live=live, action={"action": "check", "seat": 3})
    for cards in ("2h7d9s", "Jc", "3s"):
        services.live_hand_act(actor=sup, live=live, action={"action": "board", "cards": cards})
        live_hand_act_many(actor=sup, live=live, action="check")
    live_hand_act_many(actor=sup, live=live, action="show")
    with pytest.raises(ValidationFailed) as err:
        _award(sup, live, pot=0, seats=[5], reason="mucked")
    assert err.value.code == "AWARD_INVALID"
    assert "El asiento 5 no disputaba ese bote." == err.value.message_es
    live.refresh_from_db()
    assert live.record["actions"][-1]["action"] == "show"


def test_cards_entered_at_the_show_are_read_by_the_engine(sup, at_showdown):  # SHOW-14
    services.live_hand_act(
        actor=sup, live=at_showdown, action={"action": "show", "seat": 1, "cards": "AsAd"}
    )
    services.live_hand_act(
        actor=sup, live=at_showdown, action={"action": "show", "seat": 3, "cards": "KcKh"}
    )
    state = services.live_hand_act(
        actor=sup, live=at_showdown, action={"action": "muck", "seat": 5}
    )
    assert state["complete"] and [w["winners"] for w in state["winners"]] == [[1]]
    hand = services.live_hand_finish(actor=sup, live=at_showdown)
    assert hand.status == "valid" and hand.verdict.finishing["1"] == "520.00"


def test_an_award_against_the_cards_is_invalid_and_takes_no_rake_until_resolved(
    staff, sup, boss, ready_session
):  # SHOW-14, POT-02, HREC-07, AUTH-04, RAKE-05
    data = showdown_hand()  # seat 1's aces beat seat 3's kings; a pot of 60
    data["actions"].append({"action": "award", "pot": 0, "seats": [3]})
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert hand.status == "invalid"
    assert [v.code for v in hand.violation_rows.all()] == ["AWARD_MISMATCH"]
    # The chips went where the croupier pushed them: the plan has them there.
    assert hand.verdict.finishing["3"] == str(D("480.00") + D("60.00") - hand.rake)
    assert seat_at(ready_session, 3).stack == D(hand.verdict.finishing["3"])
    assert hand.rake > 0 and rake_ledger(ready_session) == 0  # not in the box until resolved
    services.hand_override(actor=sup, hand=hand, reason="El croupier pagó al asiento 3.")
    correction = hand.corrections.get()
    services.hand_review(actor=boss, hand=hand, correction_id=correction.pk)
    assert rake_ledger(ready_session) == hand.rake


def test_phh_keeps_who_the_floor_awarded_and_why(sup, at_showdown, ready_session):  # SHOW-14
    live_hand_act_many(actor=sup, live=at_showdown, action="show")
    _award(sup, at_showdown, pot=0, seats=[5], reason="mucked")
    services.live_hand_finish(actor=sup, live=at_showdown)
    text = services.session_export_phhs(actor=sup, session=ready_session)
    assert (
        '_awards = ["p3"]' in text
    )  # PHH order: seat 5, the button, is p3 and '_mesa_award_reasons = ["mucked"]' in text
    from hands import engine

    (imported,) = engine.phh_import(text, defaults={}, chip_unit=100)
    assert imported.record is not None
    assert imported.record["actions"][-1] == {
        "action": "award",
        "pot": 0,
        "seats": [5],
        "reason": "mucked",
    }
