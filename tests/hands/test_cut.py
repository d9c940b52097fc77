"""The cut as the hand recorder keeps it (SHUF-08, OQ-20; issue 17 §4).

The cut is offered to the player before the button (immediately to its right); if he
declines, the croupier cuts; it is never offered to another player. Through the API
(whole hand and live start), the new-hand page as a browser posts it, and the hand page.
"""

from __future__ import annotations

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from casino.roles import Role
from hands import services
from hands.cut import seat_before_button
from hands.models import Hand, LiveHand

from .conftest import seats, showdown_hand

pytestmark = pytest.mark.django_db
URL = "/api/hands/"


def test_the_seat_before_the_button_is_the_one_to_its_right():
    # OQ-20: seats are numbered clockwise; dealing starts left of the button.
    assert seat_before_button([1, 3, 5], 5) == 3
    assert seat_before_button([1, 3, 5], 1) == 5  # wraps round the table
    assert seat_before_button([2, 7], 7) == 2  # heads-up: the other player


def test_the_cut_by_the_player_before_the_button_is_recorded(staff, api, ready_session):
    # SHUF-08: button 5, seats 1, 3, 5: seat 3 cuts.
    body = {"session": ready_session.pk, **showdown_hand(), "cut": {"seat": 3}}
    resp = api(staff["supervisor"]).post(URL, body, format="json")
    assert resp.status_code == 201, resp.content
    assert resp.json()["record"]["cut"] == {"by": "player", "seat": 3}
    hand = Hand.objects.get(pk=resp.json()["id"])
    assert hand.record["cut"] == {"by": "player", "seat": 3}


def test_the_cut_is_never_offered_to_another_player(staff, api, ready_session):
    # SHUF-08: seat 1 is not before the button: refused, with the seat that may cut.
    before = Hand.objects.count()
    body = {"session": ready_session.pk, **showdown_hand(), "cut": {"seat": 1}}
    resp = api(staff["supervisor"]).post(URL, body, format="json")
    assert resp.status_code == 400, resp.content
    error = resp.json()
    assert error["code"] == "CUT_NOT_OFFERED_TO_SEAT" and error["field"] == "cut.seat"
    assert "seat 3" in error["message"]["en"] and "asiento 3" in error["message"]["es"]
    assert Hand.objects.count() == before
    live = {
        "session": ready_session.pk,
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "cut": {"seat": 5},
    }
    resp = api(staff["supervisor"]).post("/api/hands/live/", live, format="json")
    assert resp.status_code == 400 and resp.json()["code"] == "CUT_NOT_OFFERED_TO_SEAT"
    assert LiveHand.objects.count() == 0


def test_a_declined_cut_is_the_dealers_and_shows_on_the_hand_page(staff, api, ready_session):
    # SHUF-08: "cut declined / dealer cut" is recorded, and the hand page says so.
    body = {"session": ready_session.pk, **showdown_hand(), "cut": {"declined": True}}
    resp = api(staff["supervisor"]).post(URL, body, format="json")
    assert resp.status_code == 201, resp.content
    assert resp.json()["record"]["cut"] == {"by": "dealer", "offered_to": 3}
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff["supervisor"])
    session = client.session
    session[ROLE_SESSION_KEY] = Role.SUPERVISOR.value
    session.save()
    page = client.get(f"/hands/{resp.json()['id']}/")
    assert page.status_code == 200
    assert "Cut declined (seat 3): the dealer cut" in page.content.decode()


def test_the_new_hand_page_offers_the_cut_to_the_seat_before_the_button(staff, ready_session):
    # SHUF-08 on the page: "the player before the button cut" becomes that seat; the
    # live hand keeps it and the stored hand has it.
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(staff["supervisor"])
    session = client.session
    session[ROLE_SESSION_KEY] = Role.SUPERVISOR.value
    session.save()
    url = f"/hands/sessions/{ready_session.pk}/live/"
    form = client.get(url)
    assert form.status_code == 200 and 'name="cut"' in form.content.decode()
    posted = {"button": "5", "dealer": "", "cut": "player"}
    for seat in (1, 3, 5):
        posted |= {f"in_{seat}": "1", f"name_{seat}": "", f"stack_{seat}": "500"}
    resp = client.post(url, posted)
    assert resp.status_code == 302, resp.content.decode()[:2000]
    live = LiveHand.objects.get(session=ready_session)
    assert live.record["cut"] == {"by": "player", "seat": 3}


def test_an_imported_hand_needs_no_cut(sup, ready_session, other_session):
    # SHUF-08: optional; a PHH file says nothing about the cut.
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    text = services.session_export_phhs(actor=sup, session=ready_session)
    services.hands_import(actor=sup, session=other_session, content=text, filename="a.phhs")
    copy = Hand.objects.get(session=other_session)
    assert "cut" not in copy.record
