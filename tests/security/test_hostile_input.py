"""Hostile input at the edges (issue 12 §8), each as the world sends it.

Nested JSON beyond a sane depth, redirect targets that leave the site, the
Content-Security-Policy, one-time page form tokens, names in the table card PDF,
and bidirectional control characters in free text.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from cage.models import TableTransaction
from casino.api.parsing import MAX_JSON_DEPTH, json_too_deep
from casino.middleware import CONTENT_SECURITY_POLICY
from casino.models import AuditEvent, IdempotencyRecord
from casino.roles import Role
from casino.urlsafety import safe_next
from tests.floor.conftest import client_for
from tests.helpers import PASSWORD
from tests.reports.scenario import act, ready_for_hands

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE
BUYIN = {
    "seat": 4,
    "amount": "500.00",
    "croupier": "croupier",
    "player_name": "Ana",
    "cash": [{"value": "100", "count": 5}],
    "chips": [{"value": "100", "count": 5}],
}
OFF_SITE = [
    "//evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example/x",
    "https://evil.example/x",
    "http:evil.example",
    "javascript:alert(1)",
    " //evil.example/x",
    "/\t/evil.example/x",
]


@pytest.fixture
def in_play(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    """Table 7 in play: seats 1, 3 and 5 bought in for 500 each (as in tests/floor)."""
    return ready_for_hands(staff, casino, sector, 7)


def _buyins_url(session) -> str:  # type: ignore[no-untyped-def]
    return f"/api/cage/sessions/{session.pk}/buyins/"


def _assert_shape(response, status: int, code: str, field: str | None = None) -> dict:  # type: ignore[no-untyped-def,type-arg]
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert body["code"] == code, body
    assert body["message"]["es"] and body["message"]["en"]
    assert body["errors"][0]["code"] == code
    if field is not None:
        assert body["field"] == field, body
    return body


def _stays_on_site(location: str) -> bool:
    parts = urlsplit(location)
    return (
        location.startswith("/")
        and not location.startswith("//")
        and "\\" not in location
        and parts.netloc == ""
        and parts.scheme == ""
    )


# --- 1. JSON depth and size -------------------------------------------------------


def test_50000_nested_brackets_answer_400_anonymously_on_the_token_endpoint():
    # issue 12 §8: was RecursionError in json.loads, a 500, before any login
    client = Client()
    for body in ("[" * 50_000, '{"a":' * 50_000, "[" * 50_000 + "]" * 50_000):
        response = client.post("/api/auth/token/", body, content_type="application/json")
        _assert_shape(response, 400, "JSON_TOO_DEEP")


def test_nesting_is_counted_outside_strings_and_the_limit_is_exact():
    # issue 12 §8: brackets inside a string are text; the limit is MAX_JSON_DEPTH levels
    assert MAX_JSON_DEPTH == 32
    assert not json_too_deep(b"[" * 32 + b"]" * 32)
    assert json_too_deep(b"[" * 33 + b"]" * 33)
    assert not json_too_deep(('{"username": "' + "[" * 5000 + '"}').encode())
    assert not json_too_deep(('{"a": "\\"' + "{" * 5000 + '"}').encode())  # escaped quote
    assert json_too_deep(('{"a": "x\\\\", "b":' + "[" * 40 + "]" * 40 + "}").encode())
    # A deep string in a login body is not a deep body: an ordinary refusal.
    body = '{"username": "' + "[" * 5000 + '", "password": "x"}'
    response = Client().post("/api/auth/token/", body, content_type="application/json")
    assert response.status_code in (400, 401) and response.json()["code"] != "JSON_TOO_DEEP"


def test_deep_json_on_a_buyin_is_refused_and_records_nothing(staff, in_play, api):
    # issue 12 §8: authenticated, on a recording endpoint; nothing written
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    client = api(staff["supervisor"])
    deep = '{"seat": 4, "amount": "500.00", "cash": ' + "[" * 10_000 + "]" * 10_000 + "}"
    response = client.post(_buyins_url(in_play), deep, content_type="application/json")
    _assert_shape(response, 400, "JSON_TOO_DEEP")
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before
    # The same endpoint still takes an ordinary buy-in.
    assert client.post(_buyins_url(in_play), BUYIN, format="json").status_code == 201


def test_a_huge_json_body_answers_413_not_500(settings):
    # issue 12 §8: the parser reads at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = '{"username": "' + "x" * 50_000 + '", "password": "x"}'
    response = Client().post("/api/auth/token/", body, content_type="application/json")
    _assert_shape(response, 413, "REQUEST_TOO_LARGE")


# --- 2. Redirect targets ------------------------------------------------------------


def test_safe_next_keeps_same_site_paths_only(rf):
    # issue 12 §8: one helper for every redirect target taken from the request
    request = rf.post("/")
    assert safe_next(request, "/floor/tables/7/?panel=buyin") == "/floor/tables/7/?panel=buyin"
    assert safe_next(request, "http://testserver/floor/day/") == "/floor/day/"  # a Referer
    assert safe_next(request, None, "", "/cage/") == "/cage/"
    for target in OFF_SITE:
        assert safe_next(request, target, fallback="/home/") == "/home/", target
    secure = rf.post("/", secure=True)
    assert safe_next(secure, "http://testserver/floor/") == "/"  # no downgrade to http


@pytest.mark.parametrize("target", OFF_SITE)
def test_a_refused_page_post_never_redirects_off_site(staff, in_play, target):
    # issue 12 §8: a refused page POST with next=//evil.example/x redirected off-site
    auditor = client_for(staff["auditor"], Role.AUDITOR)  # may not record nor rotate
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    form = {"seat": "6", "amount": "500", "croupier": "croupier", "next": target}
    for url in (
        reverse("floor:buyin", args=[in_play.pk]),
        reverse("cage:buyin", args=[in_play.pk]),
        reverse("tables:act", args=["rotate", in_play.pk]),
    ):
        for referer in ({}, {"HTTP_REFERER": "https://evil.example/r"}):
            response = auditor.post(url, form, **referer)
            assert response.status_code == 302, (url, response.status_code)
            assert _stays_on_site(response["Location"]), (url, target, response["Location"])
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before


def test_a_refused_page_post_goes_back_to_the_page_it_came_from(staff, in_play):
    # issue 12 §8: the same-site Referer (an absolute URL) is still honoured, as a path
    auditor = client_for(staff["auditor"], Role.AUDITOR)
    table_page = reverse("floor:table", args=[in_play.table_id])
    response = auditor.post(
        reverse("floor:buyin", args=[in_play.pk]),
        {"seat": "6", "amount": "50", "croupier": "croupier"},
        HTTP_REFERER=f"http://testserver{table_page}?panel=buyin",
    )
    assert response.status_code == 302 and response["Location"] == f"{table_page}?panel=buyin"
    cage = auditor.post(
        reverse("cage:buyin", args=[in_play.pk]), {"next": "/cage/?x=1", "seat": "6"}
    )
    assert cage.status_code == 302 and cage["Location"] == "/cage/?x=1"


@pytest.mark.parametrize("target", OFF_SITE)
def test_login_role_switch_and_language_switch_keep_next_on_site(staff, target):
    # issue 12 §8: every redirect target taken from the request
    login = Client().post(
        "/login/", {"username": "supervisor", "password": PASSWORD, "next": target}
    )
    assert login.status_code == 302 and _stays_on_site(login["Location"]), login["Location"]
    staff["supervisor"].groups.add(*staff["pit_boss"].groups.all())
    client = client_for(staff["supervisor"], Role.SUPERVISOR)
    switch = client.post("/role/", {"role": Role.PIT_BOSS.value, "next": target})
    assert switch.status_code == 302 and _stays_on_site(switch["Location"]), switch["Location"]
    lang = client.post("/i18n/setlang/", {"language": "en", "next": target})
    assert lang.status_code == 302 and _stays_on_site(lang["Location"]), lang["Location"]


# --- 3. Content-Security-Policy -----------------------------------------------------


def _policy(header: str) -> dict[str, set[str]]:
    out = {}
    for part in header.split(";"):
        name, *values = part.split()
        out[name] = set(values)
    return out


def test_every_page_carries_a_csp_without_inline_scripts(staff, in_play):
    # issue 12 §8: script-src 'self' and nothing inline, frames and plugins refused
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    pages = [
        "/",
        reverse("floor:table", args=[in_play.table_id]),
        "/cage/",
        "/reports/",
        "/tables/",
        "/no-such-page/",
    ]
    for url in pages:
        response = sup.get(url)
        assert response.status_code in (200, 404), url
        policy = _policy(response["Content-Security-Policy"])
        assert policy["script-src"] == {"'self'"}, url
        assert policy["style-src"] == {"'self'"}, url
        assert policy["frame-ancestors"] == {"'none'"} and policy["object-src"] == {"'none'"}
        assert policy["form-action"] == {"'self'"} and policy["base-uri"] == {"'self'"}
    login = Client().get("/login/")
    assert login["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    docs = sup.get("/api/docs/")  # Swagger UI from the sidecar keeps working, relaxed there
    assert docs.status_code == 200
    assert "'unsafe-inline'" in _policy(docs["Content-Security-Policy"])["script-src"]


def test_no_template_has_inline_script_or_event_handler():
    # issue 12 §8: under script-src 'self' they would not run; every one lives in static/
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
    handler = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
    found = []
    for path in TEMPLATES.rglob("*.html"):
        if "pdf" in path.parts:
            continue  # rendered to PDF by WeasyPrint, never served to a browser
        text = path.read_text()
        found += [f"{path.name}: {m.group(0)[:60]}" for m in inline_script.finditer(text)]
        found += [f"{path.name}: {m.group(0)[:60]}" for m in handler.finditer(text)]
    assert found == []
    js = (TEMPLATES.parent / "static" / "js" / "mesa.js").read_text()
    assert "data-autosubmit" in js  # the role switch's old onchange=


# --- 4. One-time page form tokens ---------------------------------------------------

_TOKEN = re.compile(r'name="form_token" value="([A-Za-z0-9_-]+)"')


def _form_token(html: str, action: str) -> str:
    """The form_token of the form posting to ``action`` in a page, as a browser sends it."""
    start = html.index(f'action="{action}"')
    match = _TOKEN.search(html, start)
    assert match is not None and match.start() < html.index("</form>", start), action
    return match.group(1)


def test_every_post_form_carries_a_fresh_token(staff, in_play):
    # issue 12 §8
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    url = reverse("floor:table", args=[in_play.table_id]) + "?panel=buyin&seat=2"
    first, second = sup.get(url).content.decode(), sup.get(url).content.decode()
    action = reverse("floor:buyin", args=[in_play.pk])
    assert _form_token(first, action) != _form_token(second, action)
    forms = re.findall(r'<form\b[^>]*method="post"[^>]*>.*?</form>', first, re.S | re.I)
    tokened = [f for f in forms if "form_token" in f]
    untokened = [f[:80] for f in forms if "form_token" not in f]
    assert tokened and all("switch-role" in f or "setlang" in f or "logout" in f for f in untokened)


def test_the_same_buyin_form_posted_twice_records_once(staff, in_play):
    # issue 12 §8: a double tap on "Confirm" (htmx) and a resent form (no JavaScript)
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    page = reverse("floor:table", args=[in_play.table_id])
    action = reverse("floor:buyin", args=[in_play.pk])
    form = {
        "seat": "4",
        "amount": "1.500",
        "player_name": "Eva",
        "croupier": "croupier",
        "source": "cash",
        "note-1000": "1",
        "note-500": "1",
        "chip-100.00": "15",
    }
    token = _form_token(sup.get(page + "?panel=buyin&seat=4").content.decode(), action)
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    first = sup.post(action, {**form, "form_token": token}, HTTP_HX_REQUEST="true")
    assert first.status_code == 204 and first["HX-Redirect"] == page
    after_first = (TableTransaction.objects.count(), AuditEvent.objects.count())
    assert after_first[0] == before[0] + 1
    again = sup.post(action, {**form, "form_token": token}, HTTP_HX_REQUEST="true")
    assert again.status_code == 204 and again["HX-Redirect"] == page  # where the first went
    plain = sup.post(action, {**form, "form_token": token})  # the same form, without htmx
    assert plain.status_code == 302 and plain["Location"] == page
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == after_first
    shown = sup.get(page).content.decode()
    assert "Este formulario ya se envió; no se registró de nuevo." in shown
    # A fresh form (a new token) records the next buy-in as usual.
    token2 = _form_token(sup.get(page + "?panel=buyin&seat=6").content.decode(), action)
    fresh = sup.post(action, {**form, "seat": "6", "form_token": token2}, HTTP_HX_REQUEST="true")
    assert fresh.status_code == 204
    assert TableTransaction.objects.count() == after_first[0] + 1


def test_the_same_cash_out_form_posted_twice_records_once(staff, in_play):
    # issue 12 §8: the reproduction: a cash-out form posted twice recorded two rows
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    page = reverse("floor:table", args=[in_play.table_id])
    action = reverse("floor:change", args=[in_play.pk])
    html = sup.get(page + "?panel=change&seat=1").content.decode()
    token = _form_token(html, action)
    form = {
        "kind": "cash_out",
        "seat": "1",
        "croupier": "croupier",
        "in-5.00": "20",
        "out-100.00": "1",
        "form_token": token,
    }
    before = TableTransaction.objects.filter(kind="cash_out").count()
    first, second = sup.post(action, form), sup.post(action, form)
    assert first.status_code == 302 and second.status_code == 302
    assert second["Location"] == first["Location"]
    assert TableTransaction.objects.filter(kind="cash_out").count() == before + 1
    tx = TableTransaction.objects.filter(kind="cash_out").latest("pk")
    assert (tx.seat, tx.amount) == (1, Decimal("100"))


def test_a_refused_form_leaves_no_trace_and_its_token_can_be_sent_again(staff, in_play):
    # issue 12 §8 and "a rejected request changes nothing": the claim is released
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    action = reverse("floor:buyin", args=[in_play.pk])
    page = reverse("floor:table", args=[in_play.table_id])
    token = _form_token(sup.get(page + "?panel=buyin&seat=6").content.decode(), action)
    refused = {"seat": "6", "amount": "50", "croupier": "croupier", "form_token": token}
    before = TableTransaction.objects.count()
    # Refused (below the minimum): the panel is shown again with the message.
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        again = sup.post(action, refused, **headers)
        # issue 13 §6: the error's status without JavaScript, 200 in place (htmx)
        assert again.status_code == (200 if headers else 400)
        assert 'role="alert"' in again.content.decode()
    assert not IdempotencyRecord.objects.filter(key__startswith="form:").exists()
    good = {
        **refused,
        "amount": "500",
        "source": "cash",
        "note-500": "1",
        "chip-100.00": "5",
    }
    assert sup.post(action, good).status_code == 302
    assert TableTransaction.objects.count() == before + 1
    assert IdempotencyRecord.objects.filter(key=f"form:{token}").count() == 1


# --- 5. Names in the table card PDF -------------------------------------------------


def _table_card_text(casino, session, tmp_path) -> str:  # type: ignore[no-untyped-def]
    from tests.reports.conftest import pdf_text, render

    return pdf_text(render("table_card", casino, {"session": session.pk}).pdf, tmp_path)


def _movement_amounts(text: str) -> list[tuple[str, int]]:
    """(amount, column where it ends) of each movement row of the table card, as printed."""
    rows = []
    for line in text.split("Totales")[0].splitlines():
        if re.match(r"\s*\d\d:\d\d\s", line):
            m = re.search(r"\d{1,3}(?:\.\d{3})*,\d{2}", line)
            rows.append((m.group(0), m.end()) if m else ("missing", -1))
    return rows


@pytest.mark.parametrize("long_name", ["X" * 120, "Nombre" * 20])
def test_a_long_unbroken_player_name_keeps_every_amount_in_its_column(
    staff, casino, gaming_day, sector, tmp_path, long_name
):
    # issue 12 §8: a 120-character name pushed every amount off the archived table card
    from cage import services as cage

    session = ready_for_hands(staff, casino, sector, 7)  # seats 1, 3, 5: "Jugador N", 500
    short = _movement_amounts(_table_card_text(casino, session, tmp_path))
    cage.buyin_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        seat=4,
        amount="1500",
        croupier=staff["croupier"],
        player_name=long_name,
        cash=[{"value": "500", "count": 3}],
        chips=[("100", 15)],
    )
    text = _table_card_text(casino, session, tmp_path)
    long = _movement_amounts(text)
    # Every amount is there, the new one included ...
    assert sorted(a for a, _ in long) == sorted([*(a for a, _ in short), "1.500,00"])
    # ... each in the amount column: the long name's row right-aligned with the rows of
    # the short names ("Jugador N") on the same card.
    assert len({c for _, c in short}) == 1, short
    assert max(c for _, c in long) - min(c for _, c in long) <= 2, long
    # The name is cut to its cell with an ellipsis, not lost, and stays on the page.
    assert "…" in text and long_name[:20] in re.sub(r"\s+", "", text)
    page_width = max(len(line) for line in text.split("Totales")[0].splitlines()[:3])
    # The body's lines: not the running footer (its length grows with the ids and the
    # chain's length, not with the name), nor the page number, which pdftotext pads to the
    # page's right edge (its column moves with the header's width: 201 once, 200 another).
    longest = max(
        (
            ln
            for ln in text.splitlines()
            if "huella" not in ln and not re.fullmatch(r"\s*página \d+ de \d+\s*", ln)
        ),
        key=len,
    )
    assert len(longest) <= max(page_width, 200), (len(longest), longest)


def test_a_name_with_a_bidi_override_prints_in_reading_order(
    staff, casino, gaming_day, sector, tmp_path
):
    # issue 12 §8: a name stored before the input refused them still prints as written
    from cage import services as cage

    session = ready_for_hands(staff, casino, sector, 9)
    cage.buyin_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        seat=4,
        amount="500",
        croupier=staff["croupier"],
        player_name=f"Ana {RLO}Gómez",
        cash=[{"value": "100", "count": 5}],
        chips=[("100", 5)],
    )
    text = _table_card_text(casino, session, tmp_path)
    assert "Ana Gómez" in text and "zemóG" not in text and RLO not in text


# --- 6. Bidirectional control characters --------------------------------------------


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u061c"])
def test_the_api_refuses_bidi_controls_naming_the_field(staff, in_play, api, char):
    # issue 12 §8: one guard in the API's parsers, for every free-text field
    client = api(staff["supervisor"])
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    body = {**BUYIN, "player_name": f"Ana {char}zemóG"}
    response = client.post(_buyins_url(in_play), body, format="json")
    _assert_shape(response, 400, "BIDI_CONTROL", field="player_name")
    nested = {**BUYIN, "cash": [{"value": "100", "count": 5, "note": f"x{char}"}]}
    response = client.post(_buyins_url(in_play), nested, format="json")
    _assert_shape(response, 400, "BIDI_CONTROL", field="cash[0].note")
    # issue 15 §1: a form body is not parsed at all (415); the one upload is guarded too
    form = client.post(_buyins_url(in_play), {"player_name": f"a{char}"}, format="multipart")
    _assert_shape(form, 415, "UNSUPPORTED_MEDIA_TYPE")
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before
    # Accents, ñ and Arabic or Hebrew letters themselves are names like any other.
    ok = client.post(_buyins_url(in_play), {**BUYIN, "player_name": "Núñez أحمد"}, format="json")
    assert ok.status_code == 201, ok.content
    assert TableTransaction.objects.latest("pk").player_name == "Núñez أحمد"


def test_the_token_endpoint_refuses_bidi_controls_anonymously():
    # issue 12 §8: before any login, in the one error shape
    body = {"username": f"admin{RLO}", "password": "x"}
    response = Client().post("/api/auth/token/", body, content_type="application/json")
    _assert_shape(response, 400, "BIDI_CONTROL", field="username")


def test_a_page_form_with_a_bidi_control_is_refused_naming_the_field(staff, in_play):
    # issue 12 §8: one guard for the pages (casino.middleware.HostileTextMiddleware)
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    action = reverse("floor:buyin", args=[in_play.pk])
    form = {
        "seat": "4",
        "amount": "500",
        "player_name": f"Ana {RLO}zemóG",
        "croupier": "croupier",
        "source": "cash",
        "note-500": "1",
        "chip-100.00": "5",
    }
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    response = sup.post(action, form)
    html = response.content.decode()
    assert response.status_code == 400
    assert "BIDI_CONTROL" in html and "player_name" in html and 'role="alert"' in html
    htmx = sup.post(action, form, HTTP_HX_REQUEST="true")  # shown in place in the panel
    assert htmx.status_code == 200 and "BIDI_CONTROL" in htmx.content.decode()
    english = client_for(staff["supervisor"], Role.SUPERVISOR, "en").post(action, form)
    assert "text-direction control character" in english.content.decode()
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before
    # Without the control character the same form records.
    assert sup.post(action, {**form, "player_name": "Ana Gómez"}).status_code == 302
    assert TableTransaction.objects.latest("pk").player_name == "Ana Gómez"
