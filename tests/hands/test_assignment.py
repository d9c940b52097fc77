"""Only who works the table records its hands (issue 12 §1), and a re-buy's declared stack
is the one the hand recorder knows (issue 12 §7).

Through the API as the real actors: the supervisor of another session, the croupier
who is not on duty at this table, the pit boss of another sector. Each refusal is a
403 with its precise code and writes nothing.
"""

from __future__ import annotations

import pytest

from cage.models import TableTransaction
from casino.models import AuditEvent
from hands.models import Hand, LiveHand
from tables.models import Seat, SeatEvent

from .conftest import buy_in, seats, showdown_hand

pytestmark = pytest.mark.django_db
URL = "/api/hands/"


def rows():
    return tuple(m.objects.count() for m in (Hand, LiveHand, Seat, SeatEvent, AuditEvent))


def refused(resp, code):
    assert resp.status_code == 403, resp.content
    body = resp.json()
    assert body["code"] == code
    assert body["message"]["es"] and body["message"]["en"]


def test_the_unassigned_supervisor_logs_no_hand(staff, api, ready_session):
    # issue 12 §1: ready_session is supervised by staff["supervisor"].
    before = rows()
    data = {"session": ready_session.pk, **showdown_hand()}
    refused(api(staff["supervisor2"]).post(URL, data, format="json"), "NOT_SESSION_SUPERVISOR")
    live = {"session": ready_session.pk, "button": 5, "seats": seats({1: 500, 3: 500, 5: 500})}
    refused(
        api(staff["supervisor2"]).post("/api/hands/live/", live, format="json"),
        "NOT_SESSION_SUPERVISOR",
    )
    assert rows() == before
    assert api(staff["supervisor"]).post(URL, data, format="json").status_code == 201


def test_a_croupier_logs_hands_only_where_on_duty(staff, api, ready_session):
    # issue 12 §1: croupier is on duty at ready_session; croupier2 is not.
    before = rows()
    data = {"session": ready_session.pk, **showdown_hand()}
    refused(api(staff["croupier2"]).post(URL, data, format="json"), "NOT_CROUPIER_ON_DUTY")
    assert rows() == before
    # OPEN-17, SHUF-01: the supervisor starts play before the croupier's first hand.
    start = f"/api/sessions/{ready_session.pk}/start-play/"
    api(staff["supervisor"]).post(start, {"players_present": 3}, format="json")
    assert api(staff["croupier"]).post(URL, data, format="json").status_code == 201


def test_a_live_hand_is_kept_by_its_own_table_only(staff, api, ready_session):
    # issue 12 §1: act, undo, finish and abandon are scoped like the start.
    live = {"session": ready_session.pk, "button": 5, "seats": seats({1: 500, 3: 500, 5: 500})}
    started = api(staff["supervisor"]).post("/api/hands/live/", live, format="json")
    assert started.status_code == 201, started.content
    live_id = started.json()["id"]
    before = rows()
    other = api(staff["croupier2"])
    action = {"action": "fold", "seat": 5}
    refused(
        other.post(f"/api/hands/live/{live_id}/actions/", action, format="json"),
        "NOT_CROUPIER_ON_DUTY",
    )
    refused(
        other.post(f"/api/hands/live/{live_id}/abandon/", {"reason": "prueba"}, format="json"),
        "NOT_CROUPIER_ON_DUTY",
    )
    assert rows() == before
    assert LiveHand.objects.get(pk=live_id).record["actions"] == []


def test_the_other_sectors_pit_boss_seats_nobody(staff, api, ready_session):
    # issue 12 §1: pit_boss2 is in no sector of the hand table.
    before = rows()
    url = f"/api/hands/sessions/{ready_session.pk}/seats/"
    refused(
        api(staff["pit_boss2"]).post(url, {"seat": 4, "name": "Ana"}, format="json"),
        "NOT_SECTOR_PIT_BOSS",
    )
    refused(
        api(staff["supervisor2"]).post(url, {"seat": 4, "name": "Ana"}, format="json"),
        "NOT_SESSION_SUPERVISOR",
    )
    assert rows() == before
    assert api(staff["pit_boss"]).post(
        url, {"seat": 4, "name": "Ana"}, format="json"
    ).status_code == (201)


def test_a_rebuy_declares_the_stack_the_hand_recorder_knows(staff, api, ready_session):
    # issue 12 §7: seat 3 finished hand 1 with 480; a re-buy declaring 500 is refused.
    for seat in (1, 3, 5):
        buy_in(staff, ready_session, seat, 500)
    logged = api(staff["supervisor"]).post(
        URL, {"session": ready_session.pk, **showdown_hand()}, format="json"
    )
    assert logged.json()["verdict"]["finishing"]["3"] == "480.00"
    rebuy = {
        "seat": 3,
        "amount": "500.00",
        "croupier": "croupier",
        "stack_before": "500.00",
        "cash": [{"value": "100", "count": 5}],
        "chips": [{"value": "100", "count": 5}],
    }
    buyins = f"/api/cage/sessions/{ready_session.pk}/buyins/"
    sup = api(staff["supervisor"])
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    resp = sup.post(buyins, rebuy, format="json")
    assert resp.status_code == 409, resp.content
    body = resp.json()
    assert (body["code"], body["field"]) == ("STACK_MISMATCH", "stack_before")
    assert body["details"] == {"seat": 3, "declared": "500.00", "known": "480.00"}
    assert "480" in body["message"]["en"] and "500" in body["message"]["en"]
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before
    assert sup.post(buyins, {**rebuy, "stack_before": "480.00"}, format="json").status_code == 201
    # A second re-buy before the next hand: the known stack now counts the first one.
    again = sup.post(buyins, {**rebuy, "stack_before": "480.00"}, format="json")
    assert again.status_code == 409 and again.json()["details"]["known"] == "980.00"
