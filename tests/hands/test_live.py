"""Logging a hand action by action with the engine's legal options (issue 4 §7, BET-24)."""

from __future__ import annotations

import pytest

from casino.errors import Conflict
from hands.models import Hand, LiveHand
from tables.models import TableSession
from tests.casino.test_api import assert_error_shape

from .conftest import buy_in, seats

pytestmark = pytest.mark.django_db
START = "/api/hands/live/"


def start(client, session, button=5, stacks=None):
    stacks = stacks or {1: 500, 3: 500, 5: 500}
    return client.post(
        START,
        {"session": session.pk, "button": button, "seats": seats(stacks)},
        format="json",
    )


def shown(client, live_id) -> dict[str, str]:
    """The version of the hand the client shows (the state's ETag), sent as If-Match with
    every change (issue 38 §1)."""
    return {"HTTP_IF_MATCH": client.get(f"{START}{live_id}/")["ETag"]}


def act(client, live_id, **action):
    return client.post(
        f"{START}{live_id}/actions/", action, format="json", **shown(client, live_id)
    )


def test_the_live_hand_offers_the_next_legal_actions(staff, api, ready_session):
    # OPEN-17, SHUF-01: the supervisor is told play begins before the croupier's first hand.
    sup = api(staff["supervisor"])
    sup.post(f"/api/sessions/{ready_session.pk}/start-play/", {"players_present": 3}, format="json")
    client = api(staff["croupier"])
    response = start(client, ready_session)
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["next_seat"] == 5  # button first pre-flop with three players (GAME-08)
    options = {o["action"]: o for o in state["options"]}
    assert options["call"]["amount"] == "10.00"
    assert options["raise"]["min"] == "20.00" and options["raise"]["max"] == "500.00"
    assert "check" not in options
    ready_session.refresh_from_db()
    assert ready_session.hand_in_progress  # the cage refuses re-buys meanwhile (BUYIN-05)


def test_a_full_hand_logged_live_is_stored_on_finish(staff, api, ready_session):
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    for action in (
        {"action": "raise", "seat": 5, "amount": "30"},
        {"action": "fold", "seat": 1},
        {"action": "call", "seat": 3},
    ):
        assert act(client, live, **action).status_code == 200
    state = act(client, live, action="board", cards="Ah7d2c").json()
    assert state["street"] == "flop" and state["next_seat"] == 3
    assert {o["action"] for o in state["options"]} == {"fold", "check", "bet", "all_in"}
    for action in (
        {"action": "bet", "seat": 3, "amount": "40"},
        {"action": "fold", "seat": 5},
    ):
        state = act(client, live, **action).json()
    assert state["phase"] == "over" and state["complete"]
    done = client.post(f"{START}{live}/finish/", {}, format="json", **shown(client, live))
    assert done.status_code == 200, done.json()
    hand = Hand.objects.get()
    assert (hand.number, hand.status, hand.source) == (1, "valid", "live")
    assert hand.rake == 1  # 3 % of 65 = 1.95, rounded down to the 1.00 chip (RAKE-07)
    ready_session.refresh_from_db()
    assert not ready_session.hand_in_progress
    assert LiveHand.objects.get().status == "finished"


def test_an_illegal_action_is_refused_with_the_options(staff, api, ready_session):
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    response = act(client, live, action="check", seat=5)
    assert response.status_code == 400
    body = response.json()
    assert_error_shape(body, "ACTION_ILLEGAL", "actions[0]")
    assert body["details"]["codes"] == ["CHECK_NOT_ALLOWED"]
    assert body["details"]["next_seat"] == 5
    assert LiveHand.objects.get().record["actions"] == []
    out_of_turn = act(client, live, action="fold", seat=1)
    assert out_of_turn.json()["details"]["codes"] == ["OUT_OF_TURN"]


def test_the_floor_may_force_what_happened(staff, api, ready_session):
    # AUTH-04: the engine advises, it never stops the table.
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    forced = act(client, live, action="check", seat=5, force=True)
    assert forced.status_code == 200
    assert forced.json()["forced"][0]["code"] == "CHECK_NOT_ALLOWED"
    undo = client.post(f"{START}{live}/undo/", {}, format="json", **shown(client, live))
    assert undo.json()["actions"] == []


def test_one_live_hand_at_a_time_and_rebuys_wait(staff, api, ready_session):
    client = api(staff["supervisor"])
    assert start(client, ready_session).status_code == 201
    again = start(client, ready_session)
    assert again.status_code == 409
    assert_error_shape(again.json(), "HAND_IN_PROGRESS")
    with pytest.raises(Conflict) as err:
        buy_in(staff, ready_session, seat=1, amount=500)
    assert err.value.code == "HAND_IN_PROGRESS"


def test_abandon_frees_the_table(staff, api, ready_session):
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    response = client.post(
        f"{START}{live}/abandon/",
        {"reason": "started by mistake"},
        format="json",
        **shown(client, live),
    )
    assert response.status_code == 200
    assert not TableSession.objects.get(pk=ready_session.pk).hand_in_progress
    assert Hand.objects.count() == 0
    assert act(client, live, action="fold", seat=5).status_code == 409


def test_finishing_an_incomplete_hand_is_refused(staff, api, ready_session):
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    act(client, live, action="raise", seat=5, amount="30")
    response = client.post(f"{START}{live}/finish/", {}, format="json", **shown(client, live))
    assert response.status_code == 400
    assert response.json()["code"] == "HAND_INCOMPLETE"
    assert Hand.objects.count() == 0
    assert TableSession.objects.get(pk=ready_session.pk).hand_in_progress


def test_only_loggers_use_the_live_recorder(staff, api, ready_session):
    response = start(api(staff["auditor"]), ready_session)
    assert response.status_code == 403
