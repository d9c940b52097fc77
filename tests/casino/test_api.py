"""The API's error shape, authentication, health and schema (issue 2 §6, Bad input)."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from casino.models import AuditEvent, GamingDay
from tests.conftest import PASSWORD, RoleClient

pytestmark = pytest.mark.django_db


def assert_error_shape(body: dict, code: str, status_field: str | None = None) -> None:
    assert set(body) >= {"code", "message", "field", "errors"}
    assert body["code"] == code
    assert set(body["message"]) == {"es", "en"}
    assert body["message"]["es"] and body["message"]["en"]
    assert body["errors"][0]["code"] == code
    if status_field is not None:
        assert body["field"] == status_field


def test_unauthenticated_request_gets_401_in_the_error_shape():
    response = RoleClient().get("/api/me/")
    assert response.status_code == 401
    assert_error_shape(response.json(), "NOT_AUTHENTICATED")


def test_me_lists_roles(staff, api):
    body = api(staff["pit_boss"]).get("/api/me/").json()
    assert body["roles"] == ["pit_boss"]
    assert body["casino"] == "test"


@pytest.mark.parametrize("fmt", ["\u00b2", "2026-02-30", "9" * 30, "xml"])
def test_an_unknown_format_is_not_acceptable(staff, api, fmt):
    # DRF answered an unknown ?format= with 404, which the schema does not describe for a
    # path that names no record (the hostile walk: GET /api/me/?format=²). 406, declared
    # on every operation, in the error shape; a known format is still served.
    client = api(staff["auditor"])
    response = client.get("/api/me/", {"format": fmt})
    assert response.status_code == 406
    assert_error_shape(response.json(), "NOT_ACCEPTABLE")
    assert client.get("/api/me/", {"format": "json"}).status_code == 200


def test_token_login_and_wrong_password(staff):
    client = RoleClient()
    bad = client.post(
        "/api/auth/token/", {"username": "pit_boss", "password": "nope"}, format="json"
    )
    assert bad.status_code == 403
    assert_error_shape(bad.json(), "LOGIN_FAILED")
    ok = client.post(
        "/api/auth/token/", {"username": "pit_boss", "password": PASSWORD}, format="json"
    )
    assert ok.status_code == 200
    token = ok.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/").json()["username"] == "pit_boss"


def test_validation_errors_come_in_spanish_and_english(staff, api):
    response = api(staff["shift_manager"]).post(
        "/api/gaming-days/", {"business_date": "ayer"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "business_date"
    assert body["message"]["es"] != body["message"]["en"]
    assert "fecha" in body["message"]["es"].lower()
    assert "date" in body["message"]["en"].lower()


def test_malformed_json_is_a_400(staff, api):
    response = api(staff["shift_manager"]).post(
        "/api/gaming-days/", data="{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert_error_shape(response.json(), "MALFORMED_REQUEST")


def test_unauthorised_role_gets_403_and_nothing_changes(staff, api):
    before = (GamingDay.objects.count(), AuditEvent.objects.count())
    response = api(staff["supervisor"]).post(
        "/api/gaming-days/", {"business_date": "2026-12-01"}, format="json"
    )
    assert response.status_code == 403
    assert_error_shape(response.json(), "PERMISSION_DENIED")
    assert (GamingDay.objects.count(), AuditEvent.objects.count()) == before


def test_role_header_must_be_a_held_role(staff):
    client = RoleClient(staff["supervisor"], role="pit_boss")
    response = client.get("/api/gaming-days/")
    assert response.status_code == 403
    assert_error_shape(response.json(), "ROLE_NOT_HELD", "role")
    unknown = RoleClient(staff["supervisor"], role="jefe")
    response = unknown.get("/api/gaming-days/")
    assert response.status_code == 400
    assert_error_shape(response.json(), "UNKNOWN_ROLE", "role")


def test_gaming_day_open_close_with_audit(staff, api):
    client = api(staff["shift_manager"])
    created = client.post("/api/gaming-days/", {"business_date": "2026-12-01"}, format="json")
    assert created.status_code == 201, created.json()
    day_id = created.json()["id"]
    again = client.post("/api/gaming-days/", {"business_date": "2026-12-02"}, format="json")
    assert again.status_code == 409
    assert_error_shape(again.json(), "GAMING_DAY_ALREADY_OPEN")
    closed = client.post(f"/api/gaming-days/{day_id}/close/")
    assert closed.status_code == 200
    assert closed.json()["status"] == "closed"
    assert client.post(f"/api/gaming-days/{day_id}/close/").status_code == 409
    actions = list(AuditEvent.objects.order_by("id").values_list("action", flat=True))
    assert actions[-2:] == ["gaming_day.open", "gaming_day.close"]


def test_audit_trail_is_readable_by_auditor_and_filterable(staff, api):
    api(staff["shift_manager"]).post(
        "/api/gaming-days/", {"business_date": "2026-12-01"}, format="json"
    )
    response = api(staff["auditor"]).get("/api/audit-events/?action=gaming_day")
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["action"] for r in results] == ["gaming_day.open"]
    assert results[0]["actor"] == "shift_manager"
    assert api(staff["supervisor"]).get("/api/audit-events/").status_code == 403


def test_health_reports_database_and_broker(client):
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["database"]["ok"] is True
    assert "mode" in body["broker"]


def test_api_docs_and_schema_are_served_without_cdn(staff, client):
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html
    # Every asset from this server: no src or href to another host, no known CDN named.
    # (The bare word "cdn" is no test: the page's random CSRF token once contained it.)
    assets = re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)""", html)
    assert assets and all(not re.match(r"(?:[a-z]+:)?//", url, re.I) for url in assets), assets
    lowered = html.lower()
    assert not any(cdn in lowered for cdn in ("jsdelivr", "unpkg", "cdnjs", "cdn.")), html
    schema = client.get("/api/schema/")
    assert schema.status_code == 200


def test_schema_builds_without_warnings(tmp_path):
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--file", str(out), "--validate", "--fail-on-warn")
    assert out.read_text().startswith("openapi: 3")


def test_login_page_is_spanish_by_default(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'lang="es"' in html
    assert "Iniciar sesión" in html or "Ingresar" in html


def test_home_requires_login_and_shows_tasks(client, staff):
    assert client.get("/").status_code == 302
    client.force_login(staff["pit_boss"])
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Jefe de sector" in html  # the role label, in Spanish
    assert "No tiene tareas pendientes." in html
