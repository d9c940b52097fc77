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
