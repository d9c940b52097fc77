"""The tournaments API for each role, and bad input: a precise 400/403/404/409, never a
500, and a refused request changes nothing (STYLE; issue 15)."""

from __future__ import annotations

import pytest

from casino.roles import Role
from tests.helpers import RoleClient, make_staff
from tests.tables.openapi import assert_matches_schema
from tournaments import services
from tournaments.models import Entry, LedgerEntry

from .conftest import structure

pytestmark = pytest.mark.django_db


@pytest.fixture
def t(world, tournament):  # type: ignore[no-untyped-def]
    world.tables(1, 2)
    return tournament


def client(world, role: str):  # type: ignore[no-untyped-def]
    return RoleClient(world.staff[role], Role(role))


def test_each_role_may_do_its_own_part_only(world, t):
    p = world.player()
    url = f"/api/tournaments/{t.pk}/"
    for role in ("croupier", "supervisor", "pit_boss", "security"):
        r = client(world, role).post(url + "entries/", {"player": p.pk}, format="json")
        assert r.status_code == 403, (role, r.content)
        assert_matches_schema(r, "post")
    assert not Entry.objects.exists()
    r = client(world, "cage_cashier").post(url + "draw/", {"tables": [1, 2]}, format="json")
    assert r.status_code == 403
    r = client(world, "security").get(url)
    assert r.status_code == 403
    ok = client(world, "cage_cashier").post(url + "entries/", {"player": p.pk}, format="json")
    assert ok.status_code == 201
    assert_matches_schema(ok, "post")
    for role in ("auditor", "croupier", "supervisor", "shift_manager"):
        assert client(world, role).get(url).status_code == 200, role


def test_another_casinos_tournament_is_not_found(world, t, other_casino):
    stranger = make_staff(other_casino, "otro", Role.SHIFT_MANAGER)
    r = RoleClient(stranger, Role.SHIFT_MANAGER).get(f"/api/tournaments/{t.pk}/")
    assert r.status_code == 404 and r.json()["code"] == "NOT_FOUND"


def test_bad_input_is_a_precise_refusal_that_changes_nothing(world, t):
    cash = client(world, "cage_cashier")
    sup = client(world, "supervisor")
    url = f"/api/tournaments/{t.pk}/"
    r = cash.post(url + "entries/", {"player": "abc"}, format="json")
    assert r.status_code == 400 and r.json()["field"] == "player"
    r = cash.post(url + "entries/", {"player": 999999}, format="json")
    assert r.status_code == 404
    r = sup.post(url + "clock/", {"kind": "rewind"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "CLOCK_EVENT_KIND_INVALID"
    r = sup.post(url + "clock/", {"kind": "pause"}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "TOURNAMENT_CLOCK_NOT_STARTED"
    assert_matches_schema(r, "post")
    r = sup.post(url + "balance/", {"version": "x" * 64}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "TOURNAMENT_PLAN_STALE"
    r = sup.post(url + "draw/", {"tables": [1, 1]}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "TOURNAMENT_TABLE_LISTED_TWICE"
    r = sup.post(url + "draw/", {"tables": [77]}, format="json")
    assert r.status_code == 400 and r.json()["field"] == "tables"
    bad = structure()
    bad["levels"][1]["big_blind"] = 30  # falls below level 1's 50
    r = client(world, "pit_boss").post(
        "/api/tournaments/structures/", {"name": "Mala", "structure": bad}, format="json"
    )
    assert r.status_code == 400
    assert r.json()["field"] == "levels[1].big_blind", r.json()
    r = client(world, "pit_boss").post(
        "/api/tournaments/structures/",
        {"name": "Mala", "structure": {**structure(), "buy_in": 1000.5}},
        format="json",
    )
    assert r.status_code == 400 and r.json()["field"] == "buy_in"
    assert not Entry.objects.exists() and not LedgerEntry.objects.exists()


def test_a_retried_registration_lands_once(world, t):
    cash = client(world, "cage_cashier")
    p = world.player()
    url = f"/api/tournaments/{t.pk}/entries/"
    first = cash.post(url, {"player": p.pk}, format="json", HTTP_IDEMPOTENCY_KEY="e-1")
    again = cash.post(url, {"player": p.pk}, format="json", HTTP_IDEMPOTENCY_KEY="e-1")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert Entry.objects.count() == 1 and LedgerEntry.objects.count() == 1


def test_a_structure_in_use_is_never_edited_a_change_is_a_new_version(world, t):
    pit = client(world, "pit_boss")
    template = t.structure.template
    r = pit.post(
        f"/api/tournaments/structures/{template.pk}/versions/",
        {"structure": structure(fee="150.00"), "reason": "nueva comisión"},
        format="json",
    )
    assert r.status_code == 201 and r.json()["version"] == 2
    t.refresh_from_db()
    assert t.rules().fee == 10000  # the tournament keeps the version it was created on
    assert r.json()["structure"]["fee"] == "150.00"
    again = pit.post(
        "/api/tournaments/structures/",
        {"name": template.name, "structure": structure()},
        format="json",
    )
    assert again.status_code == 409 and again.json()["code"] == "STRUCTURE_NAME_TAKEN"
    assert services  # the same services as the pages
