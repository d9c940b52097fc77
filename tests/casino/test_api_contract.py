"""The API's contract as an integrator reads it from the schema alone (issue 15 §1–§3).

JSON bodies only, and the schema built from the serializers the views parse with;
pagination where lists grow, as the schema says; filters refused when not valid; the
headers and the error answers declared; one catalogue of error codes, published as an
enum and a page of the docs.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from rest_framework import fields as drf_fields
from rest_framework import relations as drf_relations
from rest_framework import serializers as drf_serializers

from casino.api.codes import markdown
from casino.errorcodes import ValidationCode
from casino.models import GamingDay
from casino.refusals import all_codes
from casino.roles import Role
from tests.conftest import RoleClient
from tests.tables.openapi import assert_matches_schema, document

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "casino",
    "players",
    "tables",
    "cage",
    "hands",
    "tournaments",
    "rota",
    "promotions",
    "reports",
)
METHODS = ("get", "post", "put", "patch", "delete")
#: The one upload of the API: PHH hands as a file (or as JSON text).
UPLOADS = {("/api/hands/sessions/{id}/imports/", "post")}


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, op)
        for path, item in document()["paths"].items()
        for method, op in item.items()
        if method in METHODS
    ]


def _operation(path: str, method: str) -> dict[str, Any]:
    return document()["paths"][path][method]


def _headers(op: dict[str, Any]) -> set[str]:
    return {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}


# --- §1 JSON bodies only ---------------------------------------------------------------


def test_request_bodies_are_published_as_json_only_but_the_one_upload():  # issue 15 §1
    bodies = {
        (path, method): sorted(op["requestBody"]["content"])
        for path, method, op in _operations()
        if "requestBody" in op
    }
    assert len(bodies) > 50
    for key, media in bodies.items():
        if key in UPLOADS:
            assert media == ["application/json", "multipart/form-data"], key
        else:
            assert media == ["application/json"], key


@pytest.mark.django_db
def test_a_form_body_to_a_json_endpoint_answers_415_in_the_error_shape(staff):  # issue 15 §1
    client = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    for fmt in ("multipart", None):
        if fmt:
            response = client.post("/api/gaming-days/", {"business_date": "2026-01-02"}, format=fmt)
        else:
            response = client.post(
                "/api/gaming-days/",
                "business_date=2026-01-02",
                content_type="application/x-www-form-urlencoded",
            )
        assert response.status_code == 415, response.content
        body = response.json()
        assert body["code"] == "UNSUPPORTED_MEDIA_TYPE"
        assert body["message"]["es"] and body["message"]["en"]
        assert_matches_schema(response, "post")
    assert not GamingDay.objects.exists()
    ok = client.post("/api/gaming-days/", {"business_date": "2026-01-02"}, format="json")
    assert ok.status_code == 201, ok.content


def _parse_targets(func: ast.AST) -> list[str]:
    return [
        ast.unparse(call.args[0])
        for call in ast.walk(func)
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "parse" and call.args
    ]


def _schema_request(node: ast.AST) -> tuple[bool, str | None]:
    """(whether an ``extend_schema`` call is there, its ``request=`` as source)."""
    found, request = False, None
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) in (
            "extend_schema",
            "_change_schema",
        ):
            found = True
            for kw in call.keywords:
                if kw.arg == "request":
                    request = ast.unparse(kw.value)
    return found, request


def test_each_view_publishes_the_serializer_it_parses():  # issue 15 §1: they cannot drift
    checked = 0
    problems = []
    for module in sorted(ROOT.glob("*/api/**/*.py")):  # the views packages too
        tree = ast.parse(module.read_text())
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef) or func.name not in METHODS:
                continue
            for target in _parse_targets(func):
                checked += 1
                where = f"{module.relative_to(ROOT)}:{func.lineno} parse({target})"
                found, request = _schema_request(ast.Module(body=func.decorator_list))
                outer = parents.get(func)
                while not found and outer is not None:  # a view built by a factory
                    if isinstance(outer, ast.FunctionDef):
                        found, request = _schema_request(outer)
                    outer = parents.get(outer)
                if target == "self.serializer_class":
                    if request is not None:  # the schema reads serializer_class itself
                        problems.append(f"{where}: also publishes request={request}")
                elif request is None or target.split(".")[-1] not in request:
                    problems.append(f"{where}: publishes request={request}")
    assert checked > 50
    assert not problems, "\n".join(problems)


# --- §2 pagination and filters ----------------------------------------------------------

PAGINATED = {
    "/api/hands/": Role.AUDITOR,
    "/api/cage/slips/": Role.PIT_BOSS,
    "/api/packs/": Role.AUDITOR,
    "/api/deck-events/": Role.AUDITOR,
    "/api/reports/": Role.AUDITOR,
    "/api/sanctions/": Role.AUDITOR,
    "/api/cage/cash-alerts/": Role.PIT_BOSS,
    "/api/gaming-days/": Role.AUDITOR,
    "/api/key-handouts/": Role.SHIFT_MANAGER,
    "/api/audit-events/": Role.AUDITOR,
}


def test_the_schema_shows_the_envelope_of_every_list_that_grows():  # issue 15 §2
    for path in PAGINATED:
        op = _operation(path, "get")
        ref = op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        component = document()["components"]["schemas"][ref.split("/")[-1]]
        assert set(component["properties"]) == {"count", "next", "previous", "results"}, path
        assert {"page", "page_size"} <= {p["name"] for p in op["parameters"]}, path


@pytest.mark.django_db
def test_every_list_that_grows_answers_the_envelope_the_schema_promises(staff, gaming_day):
    # issue 15 §2: GET /api/hands/ sent the envelope where the schema promised an array
    for path, role in PAGINATED.items():
        response = RoleClient(staff[role.value], role).get(path)
        assert response.status_code == 200, (path, response.content)
        assert set(response.json()) == {"count", "next", "previous", "results"}, path
        assert_matches_schema(response)


@pytest.mark.django_db
def test_a_page_is_a_page(staff, casino):  # issue 15 §2
    import datetime

    for day in range(3):
        GamingDay.objects.create(
            casino=casino,
            business_date=datetime.date(2026, 1, 1 + day),
            opened_by=staff["shift_manager"],
            status=GamingDay.Status.OPEN if day == 2 else GamingDay.Status.CLOSED,
        )
    client = RoleClient(staff["auditor"], Role.AUDITOR)
    first = client.get("/api/gaming-days/?page_size=2").json()
    assert first["count"] == 3 and len(first["results"]) == 2 and first["previous"] is None
    assert [d["business_date"] for d in first["results"]] == ["2026-01-03", "2026-01-02"]
    second = client.get(first["next"]).json()
    assert [d["business_date"] for d in second["results"]] == ["2026-01-01"]
    assert second["next"] is None
    past = client.get("/api/gaming-days/?page=9")
    assert past.status_code == 404 and past.json()["code"] == "NOT_FOUND"
    assert_matches_schema(past)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "role", "field"),
    [
        ("/api/hands/?status=nonsense", Role.AUDITOR, "status"),
        ("/api/hands/?session=abc", Role.AUDITOR, "session"),
        ("/api/cage/slips/?status=nonsense", Role.PIT_BOSS, "status"),
        ("/api/cage/slips/?gaming_day_id=abc", Role.PIT_BOSS, "gaming_day_id"),
        ("/api/cage/slips/?gaming_day=abc", Role.PIT_BOSS, "gaming_day"),
        ("/api/cage/cash-alerts/?gaming_day_id=abc", Role.PIT_BOSS, "gaming_day_id"),
        ("/api/deck-events/?gaming_day_id=x", Role.AUDITOR, "gaming_day_id"),
        ("/api/hands/?table_number=x", Role.AUDITOR, "table_number"),
        ("/api/packs/?state=nonsense", Role.AUDITOR, "state"),
        ("/api/packs/?session=abc", Role.AUDITOR, "session"),
        ("/api/deck-events/?pack=x", Role.AUDITOR, "pack"),
        ("/api/sanctions/?level=jail", Role.AUDITOR, "level"),
        ("/api/sanctions/?kind=nonsense", Role.AUDITOR, "kind"),
        ("/api/sanctions/?conduct=nonsense", Role.AUDITOR, "conduct"),
        ("/api/sanctions/?player=abc", Role.AUDITOR, "player"),
    ],
)
def test_an_unknown_filter_value_is_refused_not_an_empty_list(staff, url, role, field):
    # issue 15 §2: ``?status=nonsense`` answered an empty list, ``?session=abc`` a 400
    response = RoleClient(staff[role.value], role).get(url)
    assert response.status_code == 400, (url, response.content)
    assert response.json()["code"] == "FILTER_INVALID"
    assert response.json()["field"] == field
    assert_matches_schema(response)


def test_the_enum_filters_are_published_as_enums():  # issue 15 §2
    for path, name in [
        ("/api/hands/", "status"),
        ("/api/cage/slips/", "status"),
        ("/api/packs/", "state"),
        ("/api/sanctions/", "level"),
        ("/api/sanctions/", "kind"),
        ("/api/sanctions/", "conduct"),
    ]:
        params = {p["name"]: p for p in _operation(path, "get")["parameters"]}
        assert params[name]["schema"].get("enum"), (path, name)


# --- §3 headers, responses and errors ---------------------------------------------------


def test_the_headers_each_operation_honours_are_declared():  # issue 15 §3
    idempotent = {(p, m) for p, m, op in _operations() if "Idempotency-Key" in _headers(op)}
    assert len(idempotent) > 35
    for key in [
        ("/api/gaming-days/", "post"),
        ("/api/hands/", "post"),
        ("/api/cage/sessions/{id}/buyins/", "post"),
        ("/api/cage/sessions/{id}/colour-changes/", "post"),  # through super().post
        ("/api/cage/sessions/{id}/slips/", "post"),
        ("/api/reports/", "post"),
    ]:
        assert key in idempotent, key
    assert ("/api/gaming-days/{id}/close/", "post") not in idempotent
    assert all(m != "get" for _p, m in idempotent)
    role = {(p, m) for p, m, op in _operations() if "X-Mesa-Role" in _headers(op)}
    assert ("/api/hands/", "get") in role and ("/api/audit-events/", "get") in role
    assert ("/api/me/", "get") not in role and ("/api/auth/token/", "post") not in role
    for path, method, op in _operations():
        assert "Accept-Language" in _headers(op), (path, method)
        assert op.get("operationId"), (path, method)


@pytest.mark.django_db
def test_a_declared_idempotency_key_is_honoured(staff):  # issue 15 §3
    client = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    body = {"business_date": "2026-02-03"}
    first = client.post("/api/gaming-days/", body, HTTP_IDEMPOTENCY_KEY="k-1")
    again = client.post("/api/gaming-days/", body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert GamingDay.objects.count() == 1


def _error_ref(op: dict[str, Any], status: str) -> str | None:
    spec = op["responses"].get(status)
    if spec is None:
        return None
    return spec["content"]["application/json"]["schema"].get("$ref")


def test_error_answers_are_declared_where_they_can_come_from():  # issue 15 §3
    error = "#/components/schemas/Error"
    for path, method, op in _operations():
        public = path in ("/health", "/api/auth/token/", "/api/schema/", "/api/docs/")
        if not public:
            for status in ("400", "401", "403"):
                assert _error_ref(op, status) == error, (path, method, status)
        if "requestBody" in op:
            for status in ("400", "413", "415"):
                assert _error_ref(op, status) == error, (path, method, status)
        if "{" in path and not public:
            assert _error_ref(op, "404") == error, (path, method)
        if method != "get" and not public:
            assert _error_ref(op, "409") == error, (path, method)
    assert _error_ref(_operation("/api/auth/token/", "post"), "429") == error


def test_the_error_body_has_details_and_the_code_enum():  # issue 15 §3
    schemas = document()["components"]["schemas"]
    for name in ("Error", "ErrorEntry"):
        props = schemas[name]["properties"]
        assert "details" in props and "details" not in schemas[name]["required"]
        assert props["code"]["allOf"][0]["$ref"] == "#/components/schemas/ErrorCode"
    # issue 41 §2: generated from the refusal enums, their union exactly
    assert set(schemas["ErrorCode"]["enum"]) == set(all_codes())


@pytest.mark.django_db
def test_the_refusals_seen_by_a_client_match_the_declared_error_schema(staff):  # issue 15 §3
    anonymous = RoleClient().get("/api/hands/")
    assert anonymous.status_code == 401
    assert_matches_schema(anonymous)
    croupier = RoleClient(staff["croupier"], Role.CROUPIER).post(
        "/api/gaming-days/", {"business_date": "2026-01-02"}
    )
    assert croupier.status_code == 403
    body = croupier.json()  # issue 41 §2: the one shape, the words of the catalogue
    assert set(body) == {"code", "message", "field", "errors", "details"}
    assert body["message"] == {
        "es": "No tiene permiso para esta acción.",
        "en": "You are not allowed to do this.",
    }
    assert body["errors"] == [{k: body[k] for k in ("code", "message", "field", "details")}]
    assert croupier.json()["details"]["permission"]
    assert_matches_schema(croupier, "post")
    twice = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    assert twice.post("/api/gaming-days/", {"business_date": "2026-01-02"}).status_code == 201
    conflict = twice.post("/api/gaming-days/", {"business_date": "2026-01-03"})
    assert conflict.status_code in (400, 409)
    assert_matches_schema(conflict, "post")


# --- §3 the catalogue of error codes ----------------------------------------------------

CODE = re.compile(r"^[A-Z][A-Z0-9_]{2,}$")
#: ``TablesCode.FLOAT_NOT_LOCKED``: a code named in the source.
ENUM_REF = re.compile(r"\b([A-Z][a-z]+Code)\.([A-Z][A-Z0-9_]+)\b")


def referenced_codes(apps: tuple[str, ...] = APPS) -> dict[str, str]:
    """Every code the apps' source names through its enum, with where it is."""
    found: dict[str, str] = {}
    for app in apps:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for n, line in enumerate(path.read_text().splitlines(), 1):
                for enum, code in ENUM_REF.findall(line):
                    found.setdefault(f"{enum}.{code}", f"{path.relative_to(ROOT)}:{n}")
    return found


def test_every_code_the_code_raises_is_in_the_catalogue():  # issue 15 §3, issue 41 §2
    found = referenced_codes()
    assert len(found) > 300
    codes = all_codes()
    missing = {
        ref: where
        for ref, where in found.items()
        if ref.split(".")[1] not in codes
        or type(codes[ref.split(".")[1]]).__name__ != ref.split(".")[0]
    }
    assert not missing, f"not a member of that enum: {missing}"


def test_every_validation_code_of_a_serializer_field_is_in_the_catalogue():  # issue 15 §3
    codes = set()
    for module in (drf_fields, drf_serializers, drf_relations):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, drf_fields.Field):
                codes |= {c.upper() for c in getattr(value, "default_error_messages", {})}
    codes |= {"NULL_CHARACTERS_NOT_ALLOWED", "SURROGATE_CHARACTERS_NOT_ALLOWED"}
    assert codes - {member.name for member in ValidationCode} == set()


def test_each_code_is_a_machine_code():  # issue 15 §3; the words: tests/casino/test_refusals.py
    for code in all_codes():
        assert CODE.match(code), code


def test_the_docs_page_carries_the_catalogue():  # issue 15 §3
    page = (ROOT / "docs" / "api.md").read_text()
    start, end = "<!-- error-codes:start -->\n", "<!-- error-codes:end -->"
    assert start in page and end in page
    table = page.split(start, 1)[1].split(end, 1)[0]
    assert table == markdown(), "run: python scripts/api_codes.py --write"
