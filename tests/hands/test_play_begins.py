"""Play begins: told to the supervisor or pit boss, with two players at least (OPEN-17,
SHUF-01; issue 17 §4).

Through the API as the floor uses it: the supervisor starts play (``start-play``) with
the players present; a croupier's first hand before anyone was told is refused; a
supervisor who logs the first hand himself is told by doing so (the event is written
with the hand's players). Each refusal writes nothing.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from casino.access import ROLE_SESSION_KEY
from casino.models import AuditEvent
from casino.roles import Role
from hands.models import Hand, LiveHand
from tables.models import SessionEvent

from .conftest import seats, showdown_hand

pytestmark = pytest.mark.django_db
E = SessionEvent.Kind


def _events(session):
    return list(SessionEvent.objects.filter(session=session, kind=E.PLAY_STARTED))


def _start(api, user, session, **body):
    return api(user).post(f"/api/sessions/{session.pk}/start-play/", body, format="json")


def test_play_begins_with_two_players_at_least(staff, api, ready_session):
    # OPEN-17, SHUF-01: one player present: refused, the table stays open, nothing written.
    one = _start(api, staff["supervisor"], ready_session, players_present=1)
    assert one.status_code == 409, one.content
    assert one.json()["code"] == "TOO_FEW_PLAYERS"
    assert one.json()["field"] == "players_present"
    ready_session.refresh_from_db()
    assert ready_session.status == "open" and _events(ready_session) == []
    # Three players: the supervisor who starts play is the one told, by the croupier.
    ok = _start(api, staff["supervisor"], ready_session, players_present=3)
    assert ok.status_code == 200, ok.content
    (event,) = _events(ready_session)
    assert event.recorded_by == staff["supervisor"] and event.role == "supervisor"
    assert event.person == staff["croupier"]
    assert event.data == {
        "told": "supervisor",
        "told_role": "supervisor",
        "told_by": "croupier",
        "players_present": 3,
        "how": "start_play",
    }


def test_a_hand_needs_two_players(staff, api, ready_session):
    # OPEN-17: a hand of one player is refused at the door (2 to 10 players).
    data = {"session": ready_session.pk, "button": 1, "seats": seats({1: 500}), "actions": []}
    before = Hand.objects.count()
    refused = api(staff["supervisor"]).post("/api/hands/", data, format="json")
    assert refused.status_code == 400, refused.content
    assert Hand.objects.count() == before


def test_the_croupiers_first_hand_waits_for_play_to_begin(staff, api, ready_session):
    # OPEN-17, SHUF-01: nobody told the supervisor: the croupier's first hand is refused,
    # live or whole; after the supervisor starts play, the same hand is taken.
    data = {"session": ready_session.pk, **showdown_hand()}
    live = {"session": ready_session.pk, "button": 5, "seats": seats({1: 500, 3: 500, 5: 500})}
    before = (Hand.objects.count(), LiveHand.objects.count(), AuditEvent.objects.count())
    for url, body in (("/api/hands/", data), ("/api/hands/live/", live)):
        resp = api(staff["croupier"]).post(url, body, format="json")
        assert resp.status_code == 409, resp.content
        assert resp.json()["code"] == "PLAY_NOT_ANNOUNCED"
        assert resp.json()["message"]["es"] and resp.json()["message"]["en"]
    assert (Hand.objects.count(), LiveHand.objects.count(), AuditEvent.objects.count()) == before
    assert _events(ready_session) == []
    assert _start(api, staff["supervisor"], ready_session, players_present=3).status_code == 200
    assert api(staff["croupier"]).post("/api/hands/", data, format="json").status_code == 201


def test_the_supervisor_logging_the_first_hand_is_told(staff, api, ready_session):
    # OPEN-17, SHUF-01: the supervisor records the first hand himself: play begins is
    # recorded with him as the one told and the hand's three players; once only.
    first = api(staff["supervisor"]).post(
        "/api/hands/", {"session": ready_session.pk, **showdown_hand()}, format="json"
    )
    assert first.status_code == 201, first.content
    (event,) = _events(ready_session)
    assert event.recorded_by == staff["supervisor"] and event.person == staff["croupier"]
    assert event.data["players_present"] == 3 and event.data["how"] == "first_hand"
    assert AuditEvent.objects.filter(action="session.play_begins", object_id=str(event.pk)).exists()
    second = showdown_hand(button=1)
    for s in second["seats"]:
        s["stack"] = {1: "539", 3: "480", 5: "480"}[s["seat"]]
    assert (
        api(staff["supervisor"])
        .post("/api/hands/", {"session": ready_session.pk, **second}, format="json")
        .status_code
        == 201
    )
    assert len(_events(ready_session)) == 1


def test_the_start_play_page_records_the_players_present(staff, ready_session):
    # OPEN-17: the table page's form, as a browser posts it.
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(staff["supervisor"])
    session = client.session
    session[ROLE_SESSION_KEY] = Role.SUPERVISOR.value
    session.save()
    page = client.get(reverse("tables:table", args=[ready_session.table_id])).content.decode()
    assert 'name="players_present"' in page
    url = reverse("tables:act", args=["start-play", ready_session.pk])
    client.post(url, {"players_present": "1"})
    ready_session.refresh_from_db()
    assert ready_session.status == "open" and _events(ready_session) == []
    client.post(url, {"players_present": "4"})
    ready_session.refresh_from_db()
    (event,) = _events(ready_session)
    assert ready_session.status == "in_play" and event.data["players_present"] == 4
