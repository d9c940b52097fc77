"""No input gives a 500: every query parameter and every form field, hostile (issue 39 §4).

The values a careless client or a hostile user sends where a number, a date or a name is
expected: a NUL byte and another control character (PostgreSQL refuses NUL in text), a
Unicode digit that ``str.isdigit()`` accepts and ``int()`` refuses (``²``), an impossible
date (``2026-02-30``: ``parse_date`` raises), a number too large for any column, a
negative one. Nothing here is written by hand per page:

1. **Query strings.** Every GET of the permission matrix (``matrix.py``: every page and
   every API list and detail), on the full day of ``world.py`` (and on the table still in
   play), is called once as a role that may use it while every name the view reads from
   the query string is recorded (``QueryDict`` is spied on), plus every field of the GET
   forms the page shows and every query parameter the served schema declares for the
   operation. Then each of those names is sent with each hostile value.
2. **Form fields.** Every POST form of every page, as each role allowed there sees it
   (read from the HTML: inputs, selects, text areas, file inputs), and every page POST of
   the matrix with its declared body, is posted as the browser would, once per kind of
   field and hostile value, that field replaced (a file input gets the value as the file's
   content). A form shown on many pages or for many rows is posted once.

No answer may be a 5xx. A value with a control character is refused (at the edge, 400
``CONTROL_CHARACTER``; a file's content by the service that reads it), and a refused
request (any 4xx, or a refusal the page shows) changes nothing in the database
(``changes.py``).
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict
from django.urls import resolve

from casino.roles import Role

from .changes import ChangeDetector
from .matrix import ENTRIES, Entry
from .test_permission_matrix import Caller, Route, _base, fill, routes, url_of

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# One value of each kind (tests/casino/test_formdata.py walks every control character, the
# other digits and forms of a date through the one parser itself).
CONTROL = ("a\x00b",)
HOSTILE = (*CONTROL, "\u00b2", "2026-02-30", "9" * 30)
# Who calls a GET (the first of these the matrix allows): the widest reader first.
PREFERRED = (
    Role.SHIFT_MANAGER,
    Role.PIT_BOSS,
    Role.SUPERVISOR,
    Role.AUDITOR,
    Role.CAGE_CASHIER,
    Role.SURVEILLANCE,
    Role.SECURITY,
    Role.CROUPIER,
)
# Not inputs of a page: the CSRF token, the one-time form token (a fresh one per post).
NOT_FIELDS = {"csrfmiddlewaretoken", "form_token"}
# GETs that are no page or list (the schema generator is seconds a call).
SKIPPED_GETS = {"api-schema", "api-docs", "logout"}
# Forms that end the client's own session; posted last by nobody.
SKIPPED_ACTIONS = ("/logout/",)
IN_PLAY_OBJECTS = {"tables.TableSession": "session:in_play", "tables.Table": "table:in_play"}
# A page post claims its one-time form token and frees it again when refused (issue 12 §8):
# bookkeeping of the form, not a record.
BOOKKEEPING = {"casino_idempotencyrecord"}


def _shape(text: str) -> str:
    """A path or a field name with its numbers as N: one form of many rows is fuzzed once
    per kind of field (``note-1000``, ``note-500`` are one), one form of many tables once."""
    return re.sub(r"\d+(?:\.\d+)?", "N", text)


def _role_for(entry: Entry) -> Role | None:
    return next((r for r in PREFERRED if r in entry.roles), None)


# ------------------------------------------------------------------ reading what a view reads


class _Recorder:
    """Every key asked of any QueryDict while ``on``: the names a view reads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        self.names: set[str] = set()
        recorder = self
        for method in ("get", "__getitem__", "getlist", "__contains__"):
            original = getattr(QueryDict, method)

            def spy(self: QueryDict, key: Any, *args: Any, _original: Any = original, **kw: Any):
                if recorder.on and isinstance(key, str):
                    recorder.names.add(key)
                return _original(self, key, *args, **kw)

            monkeypatch.setattr(QueryDict, method, spy)

    def read(self, call: Any) -> tuple[Any, set[str]]:
        self.names, self.on = set(), True
        try:
            response = call()
        finally:
            self.on = False
        return response, set(self.names)


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    files: set[str] = field(default_factory=set)


class _Forms(HTMLParser):
    """The forms of a page as a browser would post them: each field with its value."""

    def __init__(self, base: str) -> None:
        super().__init__(convert_charrefs=True)
        self.base, self.forms, self._form = base, [], None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            action = urljoin(self.base, a.get("action") or self.base)
            self._form = Form(action, (a.get("method") or "get").lower())
            self.forms.append(self._form)
            return
        form = self._form
        if form is not None and tag == "option" and self._select is not None:
            values = form.fields[self._select]
            if not values or "selected" in a:
                form.fields[self._select] = [a.get("value", "")]
            return
        if form is None or not a.get("name"):
            return
        name = a["name"]
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image", "reset"):
                return
            if kind == "file":
                form.files.add(name)
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                form.fields.setdefault(name, [])
                return
            form.fields.setdefault(name, []).append(
                a.get("value", "on" if kind == "checkbox" else "")
            )
        elif tag == "select":
            self._select = name
            form.fields.setdefault(name, [])
        elif tag == "textarea":
            self._textarea = name
            form.fields[name] = [""]

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea is not None and self._form is not None:
            self._form.fields[self._textarea] = [data]


def forms_of(response: Any, url: str) -> list[Form]:
    if "html" not in response.get("Content-Type", ""):
        return []
    parser = _Forms(url)
    parser.feed(response.content.decode("utf-8", errors="replace"))
    return parser.forms


def _schema_parameters() -> dict[str, set[str]]:
    from tests.tables.openapi import document

    out: dict[str, set[str]] = {}
    for path, item in document()["paths"].items():
        op = item.get("get")
        if op:
            out[path] = {p["name"] for p in op.get("parameters", []) if p["in"] == "query"}
    return out


def _declared(path: str, declared: dict[str, set[str]]) -> set[str]:
    for template, names in declared.items():
        if re.fullmatch(re.sub(r"\{[^}]+\}", r"[^/]+", template), path):
            return names
    return set()


# ------------------------------------------------------------------------------- the world


@dataclass
class Walk:
    caller: Caller
    detector: ChangeDetector
    recorder: _Recorder
    world: Any
    problems: list[str] = field(default_factory=list)
    calls: int = 0

    def urls(self, entry: Entry, route: Route) -> list[str]:
        ids = [self.world.id_of(entry.obj)]
        if entry.obj in IN_PLAY_OBJECTS:
            ids.append(self.world.ids[IN_PLAY_OBJECTS[entry.obj]])
        return sorted({url_of(entry, route, pk) for pk in ids})

    def refused(self, response: Any) -> bool:
        return response.status_code >= 400 or bool(self.caller.raised)

    def check(self, what: str, value: str, call: Any) -> Any:
        mark = self.detector.mark()
        response = call()
        self.calls += 1
        status = response.status_code
        changed = [c for c in self.detector.since(mark) if c.table not in BOOKKEEPING]
        if status >= 500:
            self.problems.append(f"{what} = {value!r}: {status}")
        elif value in CONTROL and not self.refused(response):
            self.problems.append(f"{what} = {value!r}: {status}, not refused")
        elif changed and self.refused(response):
            tables = sorted({f"{c.op} {c.table}" for c in changed})
            self.problems.append(f"{what} = {value!r}: refused ({status}) but changed {tables}")
        return response


@pytest.fixture
def walk(staff, casino, gaming_day, sector, monkeypatch, settings, tmp_path) -> Walk:
    from .world import build_world

    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    from tables.models import TableSession

    world.ids["table:in_play"] = TableSession.objects.get(pk=world.ids["session:in_play"]).table_id
    caller = Caller(staff, monkeypatch)
    for client in (*caller.api.values(), *caller.pages.values()):
        client.raise_request_exception = False  # a 500 is an answer to count, not a crash
    recorder = _Recorder(monkeypatch)
    return Walk(caller, ChangeDetector().install(), recorder, world)


def _gets(every_role: bool = False) -> list[tuple[Entry, Role]]:
    """The GETs of the matrix, each as the widest reader (or as every role allowed)."""
    out = []
    for entry in ENTRIES:
        if entry.method != "GET" or entry.name in SKIPPED_GETS:
            continue
        roles = [r for r in PREFERRED if r in entry.roles]
        out += [(entry, role) for role in (roles if every_role else roles[:1])]
    return out


# --------------------------------------------------------------------------- 1. query strings


def test_every_query_parameter_of_every_page_and_list_survives_hostile_values(walk):
    # issue 39 §4: "?date_from=2026-02-30", "?player=a%00b", "?session=²" gave 500s
    found = routes()
    declared = _schema_parameters()
    names_seen = 0
    for entry, role in _gets():
        route = found[_base(entry)[0]]
        for url in walk.urls(entry, route):
            response, names = walk.recorder.read(
                lambda: walk.caller.call(entry, route, role, url, None)  # noqa: B023
            )
            if response.status_code >= 500:
                walk.problems.append(f"{entry.key} {url}: {response.status_code} unfuzzed")
                continue
            for form in forms_of(response, url):
                if form.method == "get" and urlsplit(form.action).path == urlsplit(url).path:
                    names |= set(form.fields)
            if route.is_api:
                names |= _declared(url, declared)
            names -= NOT_FIELDS
            names_seen += len(names)
            for name in sorted(names):
                for value in HOSTILE:
                    target = f"{url}?{urlencode({name: value})}"
                    walk.check(
                        f"GET {url} ?{name}",
                        value,
                        lambda: walk.caller.call(entry, route, role, target, None),  # noqa: B023
                    )
    assert names_seen > 100, names_seen
    assert not walk.problems, f"{len(walk.problems)} of {walk.calls} calls:\n" + "\n".join(
        walk.problems
    )


# ---------------------------------------------------------------------------- 2. form fields


def _post(walk: Walk, role: Role, action: str, data: dict[str, Any]) -> Any:
    client = walk.caller.pages[role]
    walk.caller.raised.clear()
    return client.post(action, data)


def _page_forms(walk: Walk) -> dict[tuple[str, tuple[str, ...]], tuple[Role, Form]]:
    """Every POST form the pages show to any role, once per action and set of fields."""
    found = routes()
    forms: dict[tuple[str, tuple[str, ...]], tuple[Role, Form]] = {}
    for entry, role in _gets(every_role=True):
        route = found[_base(entry)[0]]
        if route.is_api:
            continue
        for url in walk.urls(entry, route):
            response = walk.caller.call(entry, route, role, url, None)
            for form in forms_of(response, url):
                path = urlsplit(form.action).path
                if form.method != "post" or path.startswith(SKIPPED_ACTIONS):
                    continue
                key = (
                    _shape(path),
                    tuple(sorted({_shape(n) for n in (*form.fields, *form.files)})),
                )
                forms.setdefault(key, (role, form))
    # The page posts of the matrix with their declared body: forms an htmx panel loads.
    for entry in ENTRIES:
        role = _role_for(entry)
        route = found[_base(entry)[0]]
        if entry.method != "POST" or route.is_api or role is None or entry.name == "logout":
            continue
        body = fill(entry.body, walk.world.placeholders(role))
        for url in walk.urls(entry, route):
            form = Form(url, "post", {k: [str(v)] for k, v in body.items()})
            forms.setdefault((_shape(url), tuple(sorted(form.fields))), (role, form))
    return forms


def test_every_form_field_of_every_page_survives_hostile_values(walk):
    # issue 39 §4: a NUL in a player's name on the cage's buy-in form, in a PHH file
    # uploaded on the hands page or pasted on the table screen gave 500s
    forms = _page_forms(walk)
    fields = 0
    for (_path, _shapes), (role, form) in sorted(forms.items(), key=lambda kv: kv[0]):
        path = urlsplit(form.action).path
        try:
            resolve(path)
        except Exception:  # noqa: BLE001 - an action outside the URL conf is not ours
            continue
        kinds: dict[str, str] = {}
        for name in sorted((*form.fields, *form.files)):
            kinds.setdefault(_shape(name), name)
        for name in kinds.values():
            if name in NOT_FIELDS:
                continue
            fields += 1
            for value in HOSTILE:
                data: dict[str, Any] = {k: v for k, v in form.fields.items() if v}
                data["form_token"] = uuid.uuid4().hex
                if name in form.files:
                    data[name] = SimpleUploadedFile("hands.phhs", value.encode())
                else:
                    data[name] = value
                walk.check(
                    f"POST {path} {name}",
                    value,
                    lambda: _post(walk, role, form.action, data),  # noqa: B023
                )
    assert fields > 80, fields
    assert not walk.problems, f"{len(walk.problems)} of {walk.calls} posts:\n" + "\n".join(
        walk.problems
    )


def test_the_walk_reads_what_it_should():
    # The forms reader: a checkbox unticked sends nothing, a select its selected option.
    parser = _Forms("/floor/tables/1/")
    parser.feed(
        '<form method="post" action="/cage/1/buyin/"><input name="seat" value="3">'
        '<input type="checkbox" name="vip"><select name="kind"><option value="a">'
        '<option value="b" selected></select><textarea name="notes">x</textarea>'
        '<input type="file" name="file"><button>ok</button></form>'
    )
    (form,) = parser.forms
    assert form.fields == {"seat": ["3"], "vip": [], "kind": ["b"], "notes": ["x"]}
    assert form.files == {"file"} and form.action.endswith("/cage/1/buyin/")
    assert json.dumps(HOSTILE)  # the values are plain strings
