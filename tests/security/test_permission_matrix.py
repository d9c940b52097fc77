"""Every endpoint and page × every role, against the one declared matrix (issue 9 §1).

Three passes:

1. **Completeness**: every URL pattern of the resolver (every API method, every page,
   every ``tables:act`` action) has an entry in ``tests/security/matrix.py`` and
   every entry names a URL that exists. A new endpoint without an entry fails here.
2. **Gates, ids that do not exist**: each entry is called anonymously and in each of
   the eight roles. A refused role must be refused before any lookup (401/403, on a
   page the refusal message), an allowed one must get anything but 401/403, and no
   answer may be a 500. Entries marked ``late`` (the view fetches the record first)
   may answer 404 to a refused role; pass 3 proves their refusal.
3. **Real records**: the same calls against a full gaming day (``world.py``): every
   refused role is refused and the database does not change at all (row-level change
   log, ``changes.py``); then the allowed roles run and nothing answers 500.

Django's admin is checked separately: ``is_staff`` only, no role grants it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from casino.errors import DomainError
from casino.roles import Role
from tests.helpers import PASSWORD, RoleClient

from .changes import ChangeDetector
from .matrix import ADMIN_NAMESPACE, ENTRIES, Entry

pytestmark = pytest.mark.django_db

DUMMY_ID = 999_999
REFUSED, ALLOWED, NOT_FOUND, ERROR = "refused", "allowed", "not found", "server error"
REJECTED = "rejected"  # a 4xx for the input or the record's state, not for the role
# With an id that does not exist, a view that fetches before it checks answers 404 (or
# rejects the input that names the missing record); pass 3 proves the refusal.
LATE_OK = {REFUSED, NOT_FOUND, REJECTED}
# A document refuses a signature in a role it does not need with 400 ROLE_NOT_REQUIRED.
DOCUMENT_REFUSALS = {"ROLE_NOT_REQUIRED"}


@dataclass(frozen=True)
class Route:
    name: str
    kwargs: tuple[str, ...]
    methods: tuple[str, ...]  # for class-based API views; () for function views
    is_api: bool


def _walk(patterns: list[Any], ns: str | None = None) -> Iterator[tuple[str, Any]]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, p.namespace or ns)
        elif isinstance(p, URLPattern) and p.name:
            yield (f"{ns}:{p.name}" if ns else p.name), p


def routes() -> dict[str, Route]:
    out: dict[str, Route] = {}
    for name, p in _walk(get_resolver().url_patterns):
        view_class = getattr(p.callback, "view_class", None) or getattr(p.callback, "cls", None)
        methods: tuple[str, ...] = ()
        is_api = name.startswith("api-") or name in ("health", "health-slash")
        if is_api and view_class is not None:
            methods = tuple(
                m.upper()
                for m in ("get", "post", "put", "patch", "delete")
                if hasattr(view_class, m)
            )
        out[name] = Route(name, tuple(p.pattern.regex.groupindex), methods, is_api)
    return out


# Pages that post many actions to one URL, the action named in the path.
ACTION_ROUTES = {
    "tables:act": "name",
    "floor:queue-act": "kind",
    "tournaments:act": "what",
    "tournaments:create": "what",
}


def _base(entry: Entry) -> tuple[str, str | None]:
    if "[" in entry.name:
        base, action = entry.name.rstrip("]").split("[", 1)
        return base, action
    return entry.name, None


def url_of(entry: Entry, route: Route, pk: int) -> str:
    base, action = _base(entry)
    kwargs: dict[str, Any] = {}
    for kw in route.kwargs:
        if kw == ACTION_ROUTES.get(base):
            kwargs[kw] = action
        else:
            kwargs[kw] = 1 if kw == "seat" else pk
    return reverse(base, kwargs=kwargs)


def registered_actions() -> dict[str, set[str]]:
    from floor.views import QUEUE_ACTIONS
    from tables.views.actions import ACTIONS as TABLE_ACTIONS
    from tournaments.views import ACTIONS as TOURNAMENT_ACTIONS

    return {
        "tables:act": set(TABLE_ACTIONS),
        "floor:queue-act": set(QUEUE_ACTIONS),
        "tournaments:act": set(TOURNAMENT_ACTIONS),
        "tournaments:create": {"structure", "tournament"},  # tournaments.views.create
    }


def fill(body: Any, values: dict[str, Any]) -> Any:
    if isinstance(body, dict):
        return {k: fill(v, values) for k, v in body.items()}
    if isinstance(body, list):
        return [fill(v, values) for v in body]
    if isinstance(body, str) and body in values:
        return values[body]
    return body


class Caller:
    """One logged-in client per role (and one anonymous), for the API and for pages."""

    def __init__(self, staff: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
        self.staff = staff
        self.api: dict[Role | None, Any] = {None: RoleClient()}
        self.pages: dict[Role | None, Client] = {None: Client()}
        for role in Role:
            self.api[role] = RoleClient(staff[role.value], role)
            page = Client()
            page.force_login(staff[role.value])
            self.pages[role] = page
        self.raised: list[DomainError] = []
        original = DomainError.__init__
        raised = self.raised

        def spy(self: DomainError, *args: Any, **kwargs: Any) -> None:
            original(self, *args, **kwargs)
            raised.append(self)

        monkeypatch.setattr(DomainError, "__init__", spy)

    def call(self, entry: Entry, route: Route, role: Role | None, url: str, body: Any) -> Any:
        self.raised.clear()
        method = entry.method.lower()
        if route.is_api:
            client = self.api[role]
            if method == "get":
                return client.get(url)
            return getattr(client, method)(url, body, format="json")
        client = self.pages[role]
        if entry.name == "logout":  # would log the shared client out
            client = Client()
            if role is not None:
                client.force_login(self.staff[role.value])
        return client.get(url) if method == "get" else getattr(client, method)(url, body)

    def outcome(self, response: Any, route: Route) -> str:
        status = response.status_code
        if status >= 500:
            return ERROR
        if status in (401, 403):
            return REFUSED
        if status in (301, 302, 303) and not route.is_api:
            location = response.get("Location", "")
            if "/login/" in location and "next=" in location:
                return REFUSED  # login_required
            # A page shows a refusal as a message and goes back: what was raised?
            last = self.raised[-1] if self.raised else None
            if last is None:
                return ALLOWED
            if last.status_code == 403 or last.code in DOCUMENT_REFUSALS:
                return REFUSED
            return NOT_FOUND if last.status_code == 404 else REJECTED
        if status == 404:
            return NOT_FOUND
        if 400 <= status < 500:
            return REFUSED if _code(response) in DOCUMENT_REFUSALS else REJECTED
        return ALLOWED


def _code(response: Any) -> str | None:
    if response.get("X-Mesa-Refusal"):  # a page shown again with its refusal (issue 13 §6)
        return response["X-Mesa-Refusal"]
    try:
        return json.loads(response.content).get("code")
    except (ValueError, AttributeError):
        return None


def _who(role: Role | None) -> str:
    return role.value if role else "anonymous"


# ------------------------------------------------------------------------ 1. completeness


def test_every_url_pattern_has_an_entry_in_the_matrix():
    # issue 9 §1: "a new endpoint without an entry in the matrix fails the test"
    found = routes()
    declared: dict[str, set[str]] = {}
    for entry in ENTRIES:
        base, _action = _base(entry)
        assert base in found, f"matrix entry for a URL that does not exist: {entry.name}"
        declared.setdefault(entry.name, set()).add(entry.method)
    missing = []
    for name, route in sorted(found.items()):
        if name.startswith(f"{ADMIN_NAMESPACE}:") or name in ACTION_ROUTES:
            continue
        if name not in declared:
            missing.append(name)
        for method in route.methods:
            if method not in declared.get(name, set()):
                missing.append(f"{name} {method}")
        for method in declared.get(name, set()):
            assert not route.methods or method in route.methods, f"{name} has no {method}"
    for route_name, actions in registered_actions().items():
        declared_actions = {a for e in ENTRIES if (b := _base(e))[0] == route_name for a in [b[1]]}
        missing += [f"{route_name}[{a}]" for a in sorted(actions - declared_actions)]
        assert declared_actions <= actions, declared_actions - actions
    assert not missing, "URL patterns without an entry in tests/security/matrix.py: " + ", ".join(
        missing
    )
    keys = [e.key for e in ENTRIES]
    assert len(keys) == len(set(keys)), "an entry is declared twice"


# ------------------------------------------------------------------ 2. gates (dummy ids)


def test_gates_refuse_before_any_lookup_and_never_fail(staff, gaming_day, monkeypatch):
    # issue 9 §1: every endpoint and page × anonymous and the 8 roles, against the matrix
    caller = Caller(staff, monkeypatch)
    found = routes()
    values: dict[str, Any] = {k: DUMMY_ID for k in ("$player", "$store", "$session", "$pack")}
    body_token = {"username": "auditor", "password": PASSWORD}
    problems: list[str] = []
    calls = 0
    for entry in ENTRIES:
        route = found[_base(entry)[0]]
        url = url_of(entry, route, DUMMY_ID)
        for role in (None, *Role):
            values["$role"] = role.value if role else "croupier"
            body = body_token if entry.name == "api-token" else fill(entry.body, values)
            response = caller.call(entry, route, role, url, body)
            calls += 1
            got = caller.outcome(response, route)
            allowed = entry.anonymous if role is None else role in entry.roles
            if got == ERROR:
                problems.append(f"{entry.key} as {_who(role)}: {response.status_code}")
            elif allowed and got == REFUSED:
                problems.append(f"{entry.key} as {_who(role)}: refused, the matrix allows it")
            elif not allowed and got != REFUSED and not (entry.late and got in LATE_OK):
                problems.append(
                    f"{entry.key} as {_who(role)}: {got} ({response.status_code}), "
                    "the matrix refuses it"
                )
    assert not problems, f"{len(problems)} of {calls} calls disagree:\n" + "\n".join(problems)
    assert calls == len(ENTRIES) * (len(Role) + 1)


def test_admin_is_for_is_staff_only(staff):
    # issue 9 §1: Django's admin is not reachable by any Mesa role (no role sets is_staff)
    open_views = {"admin:login", "admin:logout", "admin:view_on_site"}
    clients: dict[Role | None, Client] = {None: Client()}
    for role in Role:
        clients[role] = Client()
        clients[role].force_login(staff[role.value])
    admin_routes = [r for n, r in routes().items() if n.startswith(f"{ADMIN_NAMESPACE}:")]
    assert len(admin_routes) > 50
    problems = []
    for route in admin_routes:
        if route.name in open_views:
            continue
        kwargs = {k: ("casino" if k == "app_label" else "1") for k in route.kwargs}
        url = reverse(route.name, kwargs=kwargs)
        for role, client in clients.items():
            response = client.get(url)
            location = response.get("Location", "")
            if response.status_code != 302 or "/admin/login/" not in location:
                problems.append(f"{route.name} as {_who(role)}: {response.status_code}")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ 3. real records


def test_refused_roles_are_refused_on_real_records_and_nothing_changes(
    staff, casino, gaming_day, sector, monkeypatch, settings, tmp_path
):
    # issue 9 §1 and §4: refused means refused and nothing written, with real ids too
    from .world import build_world

    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    caller = Caller(staff, monkeypatch)
    detector = ChangeDetector().install()
    found = routes()
    problems: list[str] = []
    refused_calls = 0
    for entry in ENTRIES:
        route = found[_base(entry)[0]]
        url = url_of(entry, route, world.id_of(entry.obj))
        for role in (None, *Role):
            allowed = entry.anonymous if role is None else role in entry.roles
            if allowed:
                continue
            body = fill(entry.body, world.placeholders(role))
            mark = detector.mark()
            response = caller.call(entry, route, role, url, body)
            refused_calls += 1
            got = caller.outcome(response, route)
            changed = detector.since(mark)
            if got != REFUSED:
                problems.append(f"{entry.key} as {_who(role)}: {got} ({response.status_code})")
            if changed:
                tables = sorted({f"{c.op} {c.table}" for c in changed})
                problems.append(f"{entry.key} as {_who(role)} changed {tables}")
    assert refused_calls > 500
    # Then the allowed roles, on the same records: whatever the state, never a 500.
    for entry in ENTRIES:
        route = found[_base(entry)[0]]
        url = url_of(entry, route, world.id_of(entry.obj))
        for role in (None, *Role):
            allowed = entry.anonymous if role is None else role in entry.roles
            if not allowed or entry.name == "api-token":
                continue
            body = fill(entry.body, world.placeholders(role))
            response = caller.call(entry, route, role, url, body)
            if response.status_code >= 500:
                problems.append(f"{entry.key} as {_who(role)}: {response.status_code}")
    assert not problems, "\n".join(problems)
