"""The one parser of query strings and form fields (issue 39 §4), value by value.

``tests/security/test_hostile_params.py`` sends one value of each kind to every parameter
and field of the product; this module walks each kind itself through the parser and the
edge: every control character, the digits ``int()`` and ``str.isdigit()`` take that are not
ASCII, the dates that do not exist, the numbers no column holds.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import date
from decimal import Decimal

import pytest
from django.http import QueryDict
from django.test import Client

from casino import formdata
from casino.errors import ValidationFailed
from casino.formatting import parse_amount
from casino.roles import Role
from tests.helpers import RoleClient

#: Every character ``str.isdigit()`` accepts in the Basic Multilingual Plane but 0-9.
OTHER_DIGITS = [chr(c) for c in range(0x80, 0x10000) if chr(c).isdigit()]


def test_control_characters_are_c0_but_whitespace_del_and_c1():  # issue 39 §4
    for code in range(0x100):
        ch = chr(code)
        expected = unicodedata.category(ch) == "Cc" and ch not in "\t\n\r"
        assert formdata.has_control_character(f"a{ch}b") is expected, hex(code)
    assert not formdata.has_control_character("Ana Gómez\tmesa 7\r\n")


def test_integers_are_ascii_digits_that_a_column_holds():  # issue 39 §4
    assert len(OTHER_DIGITS) > 300 and "\u00b2" in OTHER_DIGITS and "\u0661" in OTHER_DIGITS
    for digit in OTHER_DIGITS:
        with pytest.raises(ValidationFailed) as err:
            formdata.read_int({"n": f"1{digit}"}, "n")
        assert (err.value.code, err.value.field) == ("NUMBER_INVALID", "n")
    for bad in ("-1", "1.5", "1e3", "0x10", "+1", "1 2", "2147483648", "9" * 30, "١٢"):
        with pytest.raises(ValidationFailed):
            formdata.read_int({"n": bad}, "n")
    assert formdata.read_int({"n": " 12 "}, "n") == 12
    assert formdata.read_int({"n": "2147483647"}, "n") == 2_147_483_647
    assert formdata.read_int({"n": "-3"}, "n", negative=True) == -3
    assert formdata.read_int({}, "n") is None and formdata.read_int({"n": ""}, "n") is None
    assert formdata.as_id("12") == 12
    assert formdata.as_id("\u00b2") is None and formdata.as_id("Ana") is None
    assert formdata.as_id("2147483648") is None


def test_dates_are_days_that_exist():  # issue 39 §4
    for bad in ("2026-02-30", "2026-13-01", "20260201", "2026-2-1", "2026-02-01T00:00", "²"):
        with pytest.raises(ValidationFailed) as err:
            formdata.read_date({"d": bad}, "d")
        assert (err.value.code, err.value.field) == ("DATE_INVALID", "d")
    assert formdata.read_date({"d": "2028-02-29"}, "d") == date(2028, 2, 29)
    assert formdata.read_date({"d": ""}, "d") is None


def test_choices_and_the_api_filter_face():  # issue 15 §2, issue 39 §4
    from casino.api.query import query_date, query_int

    with pytest.raises(ValidationFailed) as err:
        formdata.read_choice({"s": "nonsense"}, "s", ["open"])
    assert err.value.code == "FILTER_INVALID"
    assert formdata.read_choice({"s": "open"}, "s", ["open"]) == "open"
    for call in (
        lambda: query_int({"session": "²"}, "session"),
        lambda: query_date({"d": "x"}, "d"),
    ):
        with pytest.raises(ValidationFailed) as err:
            call()
        assert err.value.code == "FILTER_INVALID"


def test_an_amount_no_column_holds_is_no_amount():  # issue 39 §4
    assert parse_amount("9" * 30) is None
    assert parse_amount("100.000.000.000.000") is None
    assert parse_amount("99.999.999.999.999,99") == Decimal("99999999999999.99")
    assert parse_amount("1.500") == Decimal("1500")


def test_a_form_or_query_string_with_a_control_character_is_refused_naming_it():
    form = QueryDict(mutable=True)
    form.update({"name": "Ana", "note": "a\x00b"})
    refusal = formdata.hostile_text_refusal(form)
    assert refusal is not None and (refusal.code, refusal.field) == ("CONTROL_CHARACTER", "note")
    form = QueryDict(mutable=True)
    form.update({"password": "a\x00b", "who": "a\u202eb"})
    refusal = formdata.hostile_text_refusal(form, skip=("password",))
    assert refusal is not None and (refusal.code, refusal.field) == ("BIDI_CONTROL", "who")


@pytest.mark.django_db
def test_the_edge_refuses_them_on_pages_the_api_and_its_bodies(staff, casino):
    # issue 39 §4: "?player=a%00b" and a NUL in a posted name were 500s on the pages
    page = Client()
    page.force_login(staff["shift_manager"])
    refused = page.get("/floor/audit/", {"q": "a\x00b"})
    assert refused.status_code == 400 and refused["X-Mesa-Refusal"] == "CONTROL_CHARACTER"
    page.force_login(staff["supervisor"])
    refused = page.post("/cage/sessions/1/buyin/", {"seat": "1", "player_name": "Ana\x00"})
    assert refused.status_code == 400 and refused["X-Mesa-Refusal"] == "CONTROL_CHARACTER"
    api = RoleClient(staff["auditor"], Role.AUDITOR)
    answer = api.get("/api/hands/", {"player": "a\x00b"})
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == ("CONTROL_CHARACTER", "player")
    answer = api.get("/api/hands/", {"date_from": "2026-02-30"})
    assert (answer.status_code, answer.json()["code"]) == (400, "FILTER_INVALID")
    manager = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    answer = manager.post(
        "/api/players/",
        json.dumps({"display_name": "Ana\u0000"}),
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == ("CONTROL_CHARACTER", "display_name")


def test_the_entry_points_read_numbers_and_dates_only_through_the_one_parser():
    # issue 39 §4, STYLE "one way to read a number from a query string": a view that
    # calls int(), isdigit() or a date parser on what was sent is a 500 waiting for "²"
    from tests.architecture.test_one_way import ROOT, _sources

    pattern = re.compile(
        r"\.isdigit\(\)|parse_date\(|parse_datetime\(|fromisoformat\(|"
        r"\bint\((request|q|p|post|data|params|value|text)\b[.\[]"
    )
    entry_points = [
        path
        for path in _sources()
        if path.name in ("views.py", "signing_views.py", "home.py")
        or (path.parent.name == "api" and path.suffix == ".py")
        # the views packages (tables.views, tables.api.views) and the API's serializers
        or path.parent.name == "views"
        or (path.parent.parent.name == "api" and path.suffix == ".py")
    ]
    assert len(entry_points) > 15
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in entry_points
        if not path.match("casino/api/query.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []
