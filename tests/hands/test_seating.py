"""Seats, the waiting list, the button draw and joining the game (SEAT, SHUF-09, GAME-07)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.errors import Conflict, ValidationFailed
from hands import services
from hands.models import ButtonDraw
from tables import services as table_services
from tables.models import Seat, SeatEvent
from tests.casino.test_api import assert_error_shape

from .conftest import folded_to_big_blind, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def test_seat_players_and_keep_the_history(staff, api, ready_session):
    client = api(staff["supervisor"])
    url = f"/api/hands/sessions/{ready_session.pk}/seats/"
    response = client.post(url, {"seat": 4, "name": "Ana"}, format="json")
    assert response.status_code == 201, response.json()
    taken = client.post(url, {"seat": 4, "name": "Beto"}, format="json")
    assert taken.status_code == 409
    assert_error_shape(taken.json(), "SEAT_TAKEN")
    out = client.post(f"{url}4/status/", {"status": "sitting_out"}, format="json")
    assert out.json()["status"] == "sitting_out"
    reserved = client.post(
        f"{url}4/status/", {"status": "reserved", "reserved_minutes": 15}, format="json"
    )
    assert reserved.json()["reserved_until"] is not None  # SEAT-09
    plan = client.get(url).json()
    assert [(s["seat"], s["status"], s["name"]) for s in plan["seats"]] == [(4, "reserved", "Ana")]
    kinds = list(SeatEvent.objects.values_list("kind", flat=True))
    assert kinds == ["sit", "sit_out", "reserve"]  # SEAT-04: every assignment recorded
    assert (
        api(staff["croupier"]).post(url, {"seat": 5, "name": "X"}, format="json").status_code == 403
    )


def test_the_waiting_list_is_seated_in_order(staff, api, ready_session):
    client = api(staff["supervisor"])
    table = ready_session.table.pk
    first = client.post(
        f"/api/hands/tables/{table}/waiting-list/", {"name": "Primera"}, format="json"
    ).json()
    second = client.post(
        f"/api/hands/tables/{table}/waiting-list/", {"name": "Segundo"}, format="json"
    ).json()
    assert [e["name"] for e in client.get(f"/api/hands/tables/{table}/waiting-list/").json()] == [
        "Primera",
        "Segundo",
    ]
    jump = client.post(
        f"/api/hands/waiting-list/{second['id']}/seat/",
        {"session": ready_session.pk, "seat": 2},
        format="json",
    )
    assert jump.status_code == 409
    assert_error_shape(jump.json(), "WAITING_LIST_ORDER")
    seated = client.post(
        f"/api/hands/waiting-list/{first['id']}/seat/",
        {"session": ready_session.pk, "seat": 2},
        format="json",
    )
    assert seated.status_code == 200 and seated.json()["name"] == "Primera"
    assert [e["name"] for e in client.get(f"/api/hands/tables/{table}/waiting-list/").json()] == [
        "Segundo"
    ]


def test_button_draw_spades_beat_diamonds(sup, ready_session):
    # SHUF-09, A-32: two kings drawn, K♠ and K♦ — K♠ wins.
    draw = services.button_draw_record(
        actor=sup, session=ready_session, cards={3: "Kd", 6: "K♠", 8: "9c"}
    )
    assert draw.winner_seat == 6
    assert ButtonDraw.objects.get().cards == {"3": "Kd", "6": "K♠", "8": "9c"}
    with pytest.raises(ValidationFailed) as err:
        services.button_draw_record(actor=sup, session=ready_session, cards={1: "Kd", 2: "Kd"})
    assert err.value.code == "CARD_DUPLICATE"


def test_the_plan_follows_the_hands_and_the_button_moves_one_seat(staff, api, sup, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())  # button on seat 5
    plan = api(staff["supervisor"]).get(f"/api/hands/sessions/{ready_session.pk}/seats/").json()
    assert {s["seat"]: s["stack"] for s in plan["seats"]} == {1: "539.00", 3: "480.00", 5: "480.00"}
    assert plan["next_button"] == 1  # GAME-07: one seat clockwise
    wrong = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(3, {1: 539, 3: 480, 5: 480})
    )
    warning = wrong.violation_rows.get()
    assert (warning.code, warning.severity) == ("BUTTON_NOT_MOVED_ONE_SEAT", "warning")
    assert wrong.status == "valid"  # a warning does not make the hand invalid


def test_a_new_player_may_not_come_in_on_the_blinds(sup, ready_session):
    # SEAT-05 (MANUAL, OQ-07): the vacant seat would be the small blind of the next hand.
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    table_services.seat_sit(actor=sup, session=ready_session, seat=2, name="Nuevo")
    hand = services.hand_log(
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(1, {1: 539, 2: 300, 3: 480, 5: 480}),
    )
    codes = list(hand.violation_rows.values_list("code", flat=True))
    assert "NEW_PLAYER_IN_BLINDS" in codes
    assert hand.violation_rows.get(code="NEW_PLAYER_IN_BLINDS").field == "seats[1]"


def test_blinds_missed_while_sitting_out_are_remembered(sup, ready_session):
    # SEAT-06: the big blind passes seat 5 in hand 2, the small blind in hand 3.
    services.hand_log(
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(7, {1: 500, 3: 500, 5: 500, 7: 500}),
    )
    table_services.seat_set_status(actor=sup, session=ready_session, seat=5, status="sitting_out")
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 495, 3: 505, 7: 500})
    )
    assert second.status == "valid"
    seat = Seat.objects.get(session=ready_session, seat=5)
    assert (seat.missed_big, seat.missed_small) == (True, False)
    third = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(3, {1: 495, 3: 500, 7: 505})
    )
    assert third.status == "valid"
    seat.refresh_from_db()
    assert (seat.missed_big, seat.missed_small) == (True, True)
    assert seat.status == "sitting_out"


def test_no_one_leaves_during_a_live_hand(staff, api, sup, ready_session):
    table_services.seat_sit(actor=sup, session=ready_session, seat=1, name="A")
    api(staff["supervisor"]).post(
        "/api/hands/live/",
        {
            "session": ready_session.pk,
            "button": 5,
            "seats": [{"seat": 1, "stack": "100"}, {"seat": 5, "stack": "100"}],
        },
        format="json",
    )
    with pytest.raises(Conflict) as err:
        table_services.seat_set_status(actor=sup, session=ready_session, seat=1, status="empty")
    assert err.value.code == "HAND_IN_PROGRESS"
