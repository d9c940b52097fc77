"""The hand recorder's API: each role allowed and refused, bad input, idempotency, filters,
and the OpenAPI document (issue 4 §7, Bad input)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from hands.models import Hand
from tests.casino.test_api import assert_error_shape

from .conftest import showdown_hand

pytestmark = pytest.mark.django_db
URL = "/api/hands/"


def body(session, **extra):
    return {"session": session.pk, **showdown_hand(), **extra}


@pytest.mark.parametrize("role", ["supervisor", "croupier"])
def test_supervisors_and_croupiers_log_hands(staff, api, ready_session, role):
    # OPEN-17, SHUF-01: the supervisor starts play before the croupier's first hand.
    start = f"/api/sessions/{ready_session.pk}/start-play/"
    if role == "croupier":
        api(staff["supervisor"]).post(start, {"players_present": 3}, format="json")
    response = api(staff[role]).post(URL, body(ready_session), format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["status"] == "valid" and data["number"] == 1
    assert data["verdict"]["rake"] == "1.00"
    assert data["verdict"]["finishing"] == {"1": "539.00", "3": "480.00", "5": "480.00"}
    assert [s["position"] for s in data["seats"]] == ["SB", "BB", "BU"]


@pytest.mark.parametrize(
    "role", ["pit_boss", "auditor", "shift_manager", "security", "cage_cashier"]
)
def test_other_roles_may_not_log(staff, api, ready_session, role):
    response = api(staff[role]).post(URL, body(ready_session), format="json")
    assert response.status_code == 403
    assert_error_shape(response.json(), "PERMISSION_DENIED")
    assert Hand.objects.count() == 0


def test_the_verdict_of_an_illegal_hand_comes_back_in_both_languages(staff, api, ready_session):
    data = body(ready_session)
    data["actions"][1] = {"action": "check", "seat": 1}
    response = api(staff["supervisor"]).post(URL, data, format="json")
    assert response.status_code == 201
    verdict = response.json()["verdict"]
    assert verdict["status"] == "invalid"
    v = next(v for v in verdict["violations"] if v["code"] == "CHECK_NOT_ALLOWED")
    assert v["action"] == 1 and v["message"]["es"] != v["message"]["en"]


def test_bad_input_answers_400_with_code_and_field(staff, api, ready_session):
    data = body(ready_session)
    data["actions"][0]["seat"] = 4  # nobody is dealt in on seat 4
    response = api(staff["supervisor"]).post(URL, data, format="json")
    assert response.status_code == 400
    assert_error_shape(response.json(), "SEAT_NOT_IN_HAND", "actions[0].seat")
    bad_card = body(ready_session)
    bad_card["actions"][3]["cards"] = "2h7d1s"
    response = api(staff["supervisor"]).post(URL, bad_card, format="json")
    assert_error_shape(response.json(), "CARD_INVALID", "actions[3].cards")
    shape = api(staff["supervisor"]).post(URL, {"session": ready_session.pk}, format="json")
    assert shape.status_code == 400 and shape.json()["field"] in ("button", "seats", "actions")
    assert Hand.objects.count() == 0


def test_duplicate_number_is_a_400(staff, api, ready_session):
    client = api(staff["supervisor"])
    assert client.post(URL, body(ready_session, number=1), format="json").status_code == 201
    again = client.post(URL, body(ready_session, number=1), format="json")
    assert again.status_code == 400
    assert_error_shape(again.json(), "DUPLICATE_HAND_NUMBER", "number")


def test_a_retried_request_with_the_same_key_stores_the_hand_once(staff, api, ready_session):
    client = api(staff["supervisor"])
    first = client.post(URL, body(ready_session), format="json", HTTP_IDEMPOTENCY_KEY="hand-1")
    second = client.post(URL, body(ready_session), format="json", HTTP_IDEMPOTENCY_KEY="hand-1")
    assert first.status_code == second.status_code == 201
    assert second.headers["Idempotent-Replayed"] == "true"
    assert first.json()["id"] == second.json()["id"]
    assert Hand.objects.count() == 1


def test_reads_by_role(staff, api, ready_session):
    created = api(staff["supervisor"]).post(URL, body(ready_session), format="json").json()
    for role in ("auditor", "pit_boss", "supervisor", "croupier", "shift_manager", "surveillance"):
        client = api(staff[role])
        assert client.get(URL).status_code == 200, role
        assert client.get(f"{URL}{created['id']}/").status_code == 200, role
    refused = api(staff["security"]).get(URL)
    assert refused.status_code == 403
    cashier = api(staff["cage_cashier"]).get(f"{URL}{created['id']}/")
    assert cashier.status_code == 403


def test_other_casinos_hands_are_not_found(staff, api, ready_session, other_casino):
    from tests.conftest import make_staff

    created = api(staff["supervisor"]).post(URL, body(ready_session), format="json").json()
    from casino.roles import Role

    stranger = make_staff(other_casino, "auditor_b", Role.AUDITOR)
    response = api(stranger).get(f"{URL}{created['id']}/")
    assert response.status_code == 404
    assert api(stranger).get(URL).json()["count"] == 0


def test_list_filters(staff, api, ready_session):
    client = api(staff["supervisor"])
    client.post(URL, body(ready_session, dealer="croupier2"), format="json")
    bad = body(ready_session)
    bad["actions"][1] = {"action": "check", "seat": 1}
    client.post(URL, bad, format="json")
    reader = api(staff["auditor"])

    def numbers(**params):
        return [h["number"] for h in reader.get(URL, params).json()["results"]]

    assert numbers(status="invalid") == [2]
    assert numbers(code="CHECK_NOT_ALLOWED") == [2]
    assert numbers(dealer="croupier2") == [1]
    assert sorted(numbers(table_number=7)) == [1, 2]
    assert numbers(table_number=8) == []
    assert sorted(numbers(table=7)) == [1, 2]  # the deprecated name, kept in API v1
    assert numbers(unresolved="true") == [2]
    today = ready_session.gaming_day.business_date.isoformat()
    assert sorted(numbers(date_from=today, date_to=today)) == [1, 2]
    assert reader.get(URL, {"table_number": "x"}).status_code == 400
    assert reader.get(URL, {"table": "x"}).status_code == 400


def test_list_filters_by_player(staff, api, ready_session, casino):
    from players.models import Player

    ana = Player.objects.create(casino=casino, display_name="Ana Gómez")
    data = body(ready_session)
    data["seats"][0]["player"] = ana.pk
    created = api(staff["supervisor"]).post(URL, data, format="json")
    assert created.status_code == 201, created.json()
    reader = api(staff["auditor"])
    assert reader.get(URL, {"player": ana.pk}).json()["count"] == 1
    assert reader.get(URL, {"player": "gómez"}).json()["count"] == 1
    assert reader.get(URL, {"player": "nobody"}).json()["count"] == 0


def test_replay_returns_board_pots_and_stacks_after_each_action(staff, api, ready_session):
    created = api(staff["supervisor"]).post(URL, body(ready_session), format="json").json()
    replay = api(staff["auditor"]).get(f"{URL}{created['id']}/replay/").json()
    steps = replay["steps"]
    assert steps[0]["pot"] == "15.00"  # the blinds
    flop = next(s for s in steps if s["board"] and s["street"] == "flop")
    assert flop["pot"] == "60.00"
    assert steps[-1]["stacks"]["3"] == "480.00"
    assert replay["pots"][0]["winners"] == [1]
    assert "Pareja" in replay["shown"]["1"]["es"] or "pareja" in replay["shown"]["1"]["es"]


def test_the_openapi_document_has_no_warnings(tmp_path):
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--file", str(out), "--validate", "--fail-on-warn")
    text = out.read_text()
    assert "/api/hands/live/{id}/actions/" in text and "/api/hands/{id}/review/" in text
