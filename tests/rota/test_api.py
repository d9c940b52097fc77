"""The rota's API (issue 44 §3): /api/rotations/… in the served schema; read the plan,
plan, re-plan, planned against actual; refusals 400/403/404/409 that change nothing; the
answers checked against the schema."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.roles import Role
from rota.models import RotaPlan
from tables import services as table_services
from tests.helpers import make_staff
from tests.tables.openapi import assert_matches_schema, document

from .conftest import open_session

pytestmark = pytest.mark.django_db


def _body(croupiers, tables, **extra):  # type: ignore[no-untyped-def]
    start = timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=20)
    return {
        "croupiers": [u.username for u in croupiers],
        "tables": [t.pk for t in tables],
        "starts_at": start.isoformat(),
        "ends_at": (start + timedelta(hours=8)).isoformat(),
        **extra,
    }


def test_the_schema_serves_the_rotation_paths():
    paths = [p for p in document()["paths"] if "rotation" in p]
    assert "/api/rotations/" in paths
    assert "/api/rotations/{id}/" in paths
    assert "/api/rotations/{id}/replan/" in paths
    assert "/api/rotations/{id}/planned-vs-actual/" in paths


def test_plan_read_replan_and_planned_vs_actual(api, staff, gaming_day, croupiers, room):
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    response = boss.post("/api/rotations/", _body(croupiers, room[:3]), format="json")
    assert response.status_code == 201, response.json()
    assert_matches_schema(response, "post")
    rota = response.json()
    assert rota["version"] == 1 and rota["in_force"] and rota["planned_by"] == "pit_boss"
    assert response["Location"].endswith(f"/api/rotations/{rota['id']}/")
    assert all(not s["unstaffed"] for s in rota["slots"])
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    read = sup.get(f"/api/rotations/{rota['id']}/")
    assert read.status_code == 200
    assert_matches_schema(read)
    listed = sup.get("/api/rotations/")
    assert listed.status_code == 200 and [r["id"] for r in listed.json()] == [rota["id"]]
    # the floor records a change the plan did not ask for: "unplanned"
    session = open_session(staff, room[0])
    assert session.pk
    actual = sup.get(f"/api/rotations/{rota['id']}/planned-vs-actual/")
    assert actual.status_code == 200
    assert_matches_schema(actual)
    data = actual.json()
    assert data["checks"] and {c["status"] for c in data["checks"]} <= {
        "on_time",
        "late",
        "missing",
        "pending",
    }
    recorded = [c for c in data["checks"] if c["recorded_at"]] + data["unplanned"]
    assert any(r["table"] == room[0].pk for r in recorded)
    replanned = boss.post(
        f"/api/rotations/{rota['id']}/replan/",
        {"table": room[0].pk, "change": "close"},
        format="json",
    )
    assert replanned.status_code == 200  # an action on the version shown (issue 15 §4)
    assert_matches_schema(replanned, "post")
    body = replanned.json()
    assert (body["version"], body["previous"], body["reason"]) == (2, rota["id"], "table_closed")
    again = boss.post(
        f"/api/rotations/{rota['id']}/replan/",
        {"table": room[1].pk, "change": "close"},
        format="json",
    )
    assert again.status_code == 409 and again.json()["code"] == "ROTA_CHANGED"
    assert RotaPlan.objects.count() == 2


@pytest.mark.parametrize(
    ("who", "role", "status"),
    [
        ("supervisor", Role.SUPERVISOR, 403),
        ("auditor", Role.AUDITOR, 403),
        ("pit_boss2", Role.PIT_BOSS, 403),  # not assigned to the tables' sector
    ],
)
def test_who_may_not_plan(api, staff, gaming_day, croupiers, room, who, role, status):
    response = api(staff[who], role).post(
        "/api/rotations/", _body(croupiers, room[:3]), format="json"
    )
    assert response.status_code == status
    assert not RotaPlan.objects.exists()


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"on_minutes": "x"}, "INVALID"),
        ({"on_minutes": 500}, "ROTA_MINUTES_INVALID"),
        ({"starts_at": "mañana"}, "INVALID"),
        ({"croupiers": []}, "ROTA_NO_CROUPIERS"),
        ({"tables": "1"}, "NOT_A_LIST"),
        ({"croupiers": ["supervisor"]}, "STAFF_ROLE_MISSING"),
    ],
)
def test_malformed_plans(api, staff, gaming_day, croupiers, room, change, code):
    body = _body(croupiers, room[:3])
    body.update(change)
    response = api(staff["pit_boss"], Role.PIT_BOSS).post("/api/rotations/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code or code in str(response.json())
    assert not RotaPlan.objects.exists()


def test_other_casino_and_malformed_replan(api, staff, gaming_day, croupiers, room, other_casino):
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    rota = boss.post("/api/rotations/", _body(croupiers, room[:3]), format="json").json()
    stranger = api(make_staff(other_casino, "otro", Role.SHIFT_MANAGER), Role.SHIFT_MANAGER)
    assert stranger.get(f"/api/rotations/{rota['id']}/").status_code == 404
    assert stranger.get(f"/api/rotations/{rota['id']}/planned-vs-actual/").status_code == 404
    response = stranger.post(
        f"/api/rotations/{rota['id']}/replan/",
        {"table": room[0].pk, "change": "close"},
        format="json",
    )
    assert response.status_code == 404
    response = boss.post(
        f"/api/rotations/{rota['id']}/replan/",
        {"table": room[0].pk, "change": "boom"},
        format="json",
    )
    assert response.status_code == 400
    response = boss.post(f"/api/rotations/{rota['id']}/replan/", {"table": "x"}, format="json")
    assert response.status_code == 400
    response = boss.post("/api/rotations/", _body(croupiers, room[:3]), format="json")
    assert response.status_code == 409 and response.json()["code"] == "ROTA_EXISTS"
    assert RotaPlan.objects.count() == 1
    assert table_services  # the dealer change itself stays with tables
