"""The published contract is a valid OpenAPI document, every API test is checked against
it, and every list that grows is paginated (issue 39 §6).

openapi-spec-validator refused the served schema (a string with ``minLength: 1`` and
``default: ''``), so openapi-core could not load it and an integrator could not check an
answer; ``/api/auth/tokens/`` and ``/api/sessions/{id}/shift-changes/`` grew without pages.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from casino.roles import Role
from tests.helpers import RoleClient

# Lists that answer a plain array, each with what bounds it. Every other list is paginated.
BOUNDED = {
    "/api/tables/": "the casino's tables (its configuration)",
    "/api/checklists/": "the fixed catalogue of checklists",
    "/api/deck-stores/": "the casino's card stores (its configuration)",
    "/api/deck-alerts/": "the packs at the tables now that need attention",
    "/api/reports/kinds/": "the fixed catalogue of report kinds",
    "/api/sanctions/conducts/": "the fixed catalogue of conducts",
    "/api/sessions/{id}/readiness/": "what stops one session from playing now",
    "/api/hands/tables/{id}/waiting-list/": "the people waiting for one table now",
    "/api/sheets/to-sign/": "the sheets waiting for the actor's signature at the tables "
    "it is assigned to now",
    "/api/rotations/": "the versions of the open gaming day's rota (one day)",
    "/api/tournaments/structures/": "the casino's tournament structures (its configuration)",
    # One tournament's lists: bounded by its field (max_players) and its one event.
    "/api/tournaments/{id}/deals/": "one tournament's deals (its final table)",
    "/api/tournaments/{id}/draw/": "one tournament's seat draw (its field)",
    "/api/tournaments/{id}/eliminations/": "one tournament's eliminations (its field)",
    "/api/tournaments/{id}/entries/": "one tournament's entries (its field and re-entries)",
    "/api/tournaments/{id}/ledger/": "one tournament's money lines (its entries and payouts)",
    "/api/tournaments/{id}/moves/": "one tournament's player moves (its field, its tables)",
    "/api/tournaments/{id}/payouts/": "one tournament's paid places",
    "/api/tournaments/{id}/qualifiers/": "one satellite's qualifiers (its seats won)",
    "/api/tournaments/{id}/tables/": "one tournament's tables",
    "/api/tournaments/{id}/waiting-list/": "the people waiting for one tournament now",
}


# Arrays inside one answer (a detail, a check), each with what bounds it. An array that grows
# with the casino's life (a player's ledger over the years) is cut to a page and counted, the
# whole of it behind a paginated list (issue 39 §6).
NESTED_BOUNDED = {
    "CagePolicy": "the policy's note values (configuration)",
    "ChipSet": "the chip set's denominations (configuration)",
    "DayReconciliation": "one gaming day's sessions and findings",
    "HandDetail": "one hand: its seats, codes, irregularities and versions",
    "HandReplay": "one hand's steps",
    "Incident": "one incident's steps and the fixed escalation levels",
    "LiveState": "one live hand",
    "Me": "the actor's roles (a fixed catalogue)",
    "PackDetail": "one pack's life and the moves open to it",
    "ParRestoration": "the float's denominations",
    "Reconciliation": "the packs of one card store (its stock)",
    "ReportSigning": "one report's signatures and the roles still to sign",
    "SanctionDetail": "one sanction's amendments",
    "SeatingPlan": "one session's seats",
    "SessionDetail": "one table session (one gaming day at most)",
    "SessionReconciliation": "one session's denominations and findings",
    "ShiftChange": "one handover's lines and signatures",
    "Sheet": "one signed sheet",
    "Slip": "one slip",
    "Suggestion": "the fixed scale and the sanctions inside the look-back window",
    "TableCard": "one session's table card",
    "TableSettings": "one settings version",
    "TableState": "one table now: its packs, blockers and penalties in force",
    # The player's ledger grows for as long as he plays: its newest page and its count; the
    # whole ledger is /api/sanctions/?player={id} (paginated).
    "Seating": "active penalties; history: newest SEATING_HISTORY entries, history_count",
    "BalancePlan": "one tournament's balancing now: its tables halted or broken, its moves",
    "Clock": "one tournament's chips in play and colour-ups (its denominations)",
    "Results": "one tournament's finishing places (its field)",
    "RotaPlan": "one rota version: the day's tables, croupiers and slots",
    "PlannedVsActual": "one rota version's checks and the dealer changes off its plan (one day)",
    "JackpotClaim": "one claim's signatures and slips",
    "JackpotFundDetail": "the tables one fund covers (configuration)",
    "JackpotPeriod": "one high-hand period's tied best hands and the claims overlapping it",
}


def _served(fmt: str = "json") -> dict[str, Any]:
    response = Client().get("/api/schema/" + ("?format=json" if fmt == "json" else ""))
    assert response.status_code == 200
    if fmt == "json":
        return json.loads(response.content)
    import yaml

    return yaml.safe_load(response.content)


@pytest.mark.django_db
def test_the_served_schema_is_a_valid_openapi_document():  # issue 39 §6
    from openapi_core import OpenAPI
    from openapi_spec_validator import OpenAPIV30SpecValidator

    for fmt in ("json", "yaml"):  # the document as downloaded, both ways
        document = _served(fmt)
        problems = [
            f"{'/'.join(str(p) for p in e.absolute_path)}: {e.message}"
            for e in OpenAPIV30SpecValidator(document).iter_errors()
        ]
        assert problems == [], problems[:10]
    OpenAPI.from_dict(_served())  # what an integrator loads: it loads (and validates)


@pytest.mark.django_db
def test_every_list_that_grows_is_paginated():  # issue 39 §6, issue 15 §2
    document = _served()
    components = document["components"]["schemas"]
    plain, paged = [], []
    for path, item in document["paths"].items():
        operation = item.get("get")
        if not operation:
            continue
        content = operation["responses"].get("200", {}).get("content", {})
        schema = content.get("application/json", {}).get("schema", {})
        if schema.get("type") == "array":
            plain.append(path)
        elif "$ref" in schema:
            component = components[schema["$ref"].split("/")[-1]]
            if set(component.get("properties", {})) == {"count", "next", "previous", "results"}:
                paged.append(path)
                names = {p["name"] for p in operation.get("parameters", [])}
                assert {"page", "page_size"} <= names, path
    assert sorted(plain) == sorted(BOUNDED), "a plain list the schema publishes, unpaginated"
    assert {"/api/auth/tokens/", "/api/sessions/{id}/shift-changes/"} <= set(paged)


@pytest.mark.django_db
def test_the_growing_lists_answer_one_page(staff, gaming_day):  # issue 39 §6
    from tests.helpers import PASSWORD

    for _ in range(3):
        RoleClient(schema_checked=False).post(
            "/api/auth/token/", {"username": "auditor", "password": PASSWORD}, format="json"
        )
    client = RoleClient(staff["auditor"], Role.AUDITOR)
    page = client.get("/api/auth/tokens/?page_size=2")
    assert page.status_code == 200
    assert page.json()["count"] == 3 and len(page.json()["results"]) == 2
    assert page.json()["next"]


@pytest.mark.django_db
def test_the_api_client_checks_every_answer_against_the_schema(staff, monkeypatch):
    # issue 39 §6: not an opt-in helper: an answer the contract does not describe fails
    from casino.api import views

    client = RoleClient(staff["auditor"], Role.AUDITOR)
    assert client.get("/api/me/").status_code == 200  # described: passes

    original = views.MeView.get

    def extra(self: Any, request: Any) -> Any:
        response = original(self, request)
        response.data = {**response.data, "roles": "auditor"}  # a string, not a list
        return response

    monkeypatch.setattr(views.MeView, "get", extra)
    with pytest.raises(AssertionError, match="does not describe"):
        client.get("/api/me/")
    unchecked = RoleClient(staff["auditor"], Role.AUDITOR, schema_checked=False)
    assert unchecked.get("/api/me/").status_code == 200  # the fuzzers check it themselves


@pytest.mark.django_db
def test_every_array_inside_an_answer_is_bounded():  # issue 39 §6
    document = _served()
    components = document["components"]["schemas"]
    unbounded = set()
    for item in document["paths"].values():
        operation = item.get("get")
        if not operation:
            continue
        content = operation["responses"].get("200", {}).get("content", {})
        ref = content.get("application/json", {}).get("schema", {}).get("$ref", "")
        name = ref.split("/")[-1]
        properties = components.get(name, {}).get("properties", {})
        if set(properties) == {"count", "next", "previous", "results"}:
            continue
        if any(p.get("type") == "array" for p in properties.values()):
            unbounded.add(name)
    assert sorted(unbounded) == sorted(NESTED_BOUNDED), "an array in an answer, unbounded"
    assert "history_count" in components["Seating"]["properties"]


@pytest.mark.django_db
def test_a_players_ledger_at_seating_is_one_page_and_its_count(staff, gaming_day):
    # issue 39 §6, SANC-07: the history shown at seating grew with every entry of the
    # player's life; it is the newest page, counted, the rest on the paginated ledger
    from players.models import Player
    from tables.models import SanctionEntry
    from tables.selectors.sanctions import SEATING_HISTORY

    casino = gaming_day.casino
    player = Player.objects.create(casino=casino, display_name="Ana Ledger")
    total = SEATING_HISTORY + 3
    SanctionEntry.objects.bulk_create(
        SanctionEntry(
            casino=casino,
            kind=SanctionEntry.Kind.PROPOSAL,
            player=player,
            conduct_code="phone_use",
            gaming_day=gaming_day,
            ruleset="manual",
            level="warning",
            issued_by=staff["supervisor"],
            role=Role.SUPERVISOR,
        )
        for _ in range(total)
    )
    client = RoleClient(staff["pit_boss"], Role.PIT_BOSS)
    seating = client.get(f"/api/players/{player.pk}/sanctions/")
    assert seating.status_code == 200, seating.json()
    body = seating.json()
    assert body["history_count"] == total
    assert len(body["history"]) == SEATING_HISTORY
    newest = SanctionEntry.objects.filter(player=player).order_by("-at", "-id")[0]
    assert body["history"][0]["id"] == newest.pk
    ledger = client.get(f"/api/sanctions/?player={player.pk}&page_size=500")
    assert ledger.json()["count"] == total  # the whole ledger, paginated
