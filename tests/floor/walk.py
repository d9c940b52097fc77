"""Every page of a played day, as the people who read it (issue 40).

``pages(world, staff)`` yields each page the floor has (every GET page of the permission
matrix, ``tests/security/matrix.py``), over the security tests' full gaming day
(``tests/security/world.py``: a closed table, a table at its opening, one at its closing,
one in play with a cash alert, hands valid and invalid, packs in every place), once for
each role allowed to read it, in Spanish; and the pages of each record of a kind (every
table, every pack, every sheet, every hand), not only the newest one.

The HTML helpers read a page as a person does: the forms and their boxes, the visible
text (no tags, no scripts, no auditors' codes), the values typed in the fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from casino.roles import Role
from tests.security.matrix import ENTRIES, Entry
from tests.security.test_permission_matrix import _base, routes, url_of

from .conftest import client_for

# Pages that are not a person's page: a file download, a poll's fragment, the login form
# of nobody, the queue's JSON.
SKIP = {"login", "hands:export", "reports:download", "floor:tables-live", "floor:queue-live"}


@dataclass(frozen=True)
class Page:
    url: str
    role: Role
    name: str


def _entries() -> list[Entry]:
    return [
        e
        for e in ENTRIES
        if e.method == "GET" and not e.name.startswith("api-") and e.name not in SKIP
    ]


# The kinds whose every record is walked (a table at each stage of its day, each pack in
# its place, each sheet signed or not, each hand valid or not); others by their newest.
EVERY = {
    "tables.TableSession",
    "tables.Table",
    "tables.Pack",
    "tables.OpeningSheet",
    "tables.ClosingSheet",
    "hands.Hand",
}


def pages(world: Any) -> Iterator[Page]:
    """Each page once per role allowed to read it, on the world's records."""
    from django.apps import apps

    found = routes()
    for entry in _entries():
        route = found[_base(entry)[0]]
        if entry.obj in EVERY:
            pks = list(
                apps.get_model(entry.obj).objects.order_by("pk").values_list("pk", flat=True)
            )
        else:
            pks = [world.id_of(entry.obj)]
        for pk in pks:
            url = url_of(entry, route, pk)
            for role in sorted(entry.roles, key=lambda r: r.value):
                yield Page(url, role, entry.name)


def reader(staff: dict[str, Any], role: Role) -> Client:
    return client_for(staff[role.value], role)


# --- reading a page ---------------------------------------------------------------------


@dataclass
class Box:
    name: str
    checked: bool
    form: str  # the form's action


@dataclass
class Read:
    boxes: list[Box] = field(default_factory=list)
    text: list[str] = field(default_factory=list)  # what a person reads, in order
    values: list[str] = field(default_factory=list)  # values shown in text fields
    codes: list[tuple[str, str]] = field(default_factory=list)  # (code, the words beside it)


class _Reader(HTMLParser):
    """The visible text, the boxes of the forms, the values of the fields; the auditors'
    codes (``<code class="small detail">``) apart, each with the words of its line."""

    BLOCKS = {"li", "p", "td", "th", "dd", "dt", "h1", "h2", "h3", "label", "option", "div"}

    def __init__(self) -> None:
        super().__init__()
        self.read = Read()
        self._skip = 0
        self._form = ""
        self._code: list[str] | None = None
        self._line: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in ("script", "style", "template"):
            self._skip += 1
        elif tag == "form":
            self._form = a.get("action", "")
        elif tag == "input":
            kind = a.get("type", "text")
            if kind == "checkbox":
                self.read.boxes.append(Box(a.get("name", ""), "checked" in a, self._form))
            elif kind in ("text", "number", "") and a.get("value"):
                self.read.values.append(a["value"])
        elif tag == "code" and "detail" in a.get("class", "").split():
            self._code = []
        elif tag == "code" and "data" in a.get("class", "").split():
            self._skip += 1  # a stored record shown as it is kept (the audit's before/after)
        if tag in self.BLOCKS:
            self._line = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1
        elif tag == "form":
            self._form = ""
        elif tag == "code" and self._code is not None:
            self.read.codes.append(("".join(self._code).strip(), " ".join(self._line)))
            self._code = None
        elif tag == "code" and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._code is not None:
            self._code.append(data)
            return
        self.read.text.append(data)
        self._line.append(data)


def read(html: str) -> Read:
    parser = _Reader()
    parser.feed(html)
    return parser.read


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", " ".join(read(html).text)).strip()
