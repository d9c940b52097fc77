"""The contract of API version 1 through the tables' endpoints (issue 15 §4–§6).

Each test goes through the API as a client does: a create answers 201 with a
``Location`` that GETs the record; a count names its denominations by
``denomination_id`` (the old ``denomination`` still accepted in v1); an amount sent as a
JSON float is refused, not rounded; the checklist keys, the chip set and the settings
history are read before an opening; the version is chosen in ``Accept``.
"""

from __future__ import annotations

import pytest

from casino.models import AuditEvent
from casino.roles import Role
from tables.checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import OpeningLine, OpeningSheet, TableSession
from tests.casino.test_api import assert_error_shape

from .conftest import count_lines, open_session
from .openapi import assert_matches_schema

pytestmark = pytest.mark.django_db


def _path(url: str) -> str:
    return url.removeprefix("http://testserver")


def test_a_create_answers_201_with_a_location_that_gets_the_record(
    staff, api, gaming_day, table, chip_set
):  # issue 15 §4
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    made = manager.post(
        "/api/tables/",
        {"number": 41, "variant": "no_limit", "chip_set": chip_set.pk, "big_blind": "10.00"},
        format="json",
    )
    assert made.status_code == 201, made.json()
    assert made["Location"] == f"http://testserver/api/tables/{made.json()['id']}/"
    again = manager.get(_path(made["Location"]))
    assert again.status_code == 200 and again.json()["number"] == 41
    # A create whose record lives under another path names that path; a retry replayed
    # from its idempotency key names the same record.
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    body = {"supervisor": "supervisor", "croupier": "croupier"}
    url = f"/api/tables/{table.pk}/sessions/"
    opened = boss.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="v1-open")
    assert opened.status_code == 201
    session = TableSession.objects.get()
    assert opened["Location"] == f"http://testserver/api/sessions/{session.pk}/"
    assert boss.get(_path(opened["Location"])).json()["id"] == session.pk
    replay = boss.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="v1-open")
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert replay["Location"] == opened["Location"]


def test_an_action_on_a_record_answers_200_without_location(staff, api, gaming_day, table):
    # issue 15 §4: one rule; a count is an action on the sheet that exists
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    lines = [
        {"denomination_id": x["denomination_id"], "stacks": 0, "loose": 0}
        for x in sup.get(f"/api/openings/{sheet.pk}/").json()["lines"]
    ]
    counted = sup.post(f"/api/openings/{sheet.pk}/count/", {"lines": lines}, format="json")
    assert counted.status_code == 200 and "Location" not in counted


def test_a_count_names_its_denominations_by_id(staff, api, gaming_day, table):
    # issue 15 §4: denomination_id, the old name still accepted in version 1
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    read = sup.get(f"/api/openings/{sheet.pk}/")
    assert_matches_schema(read)
    body = read.json()
    assert body["business_date"] == gaming_day.business_date.isoformat()
    assert [x["denomination_id"] for x in body["lines"]] == [
        x["denomination"] for x in body["lines"]
    ]
    chips = {x["denomination_id"]: x["expected_count"] for x in body["lines"]}
    new = [{"denomination_id": d, "stacks": n // 20, "loose": n % 20} for d, n in chips.items()]
    done = sup.post(f"/api/openings/{sheet.pk}/count/", {"lines": new}, format="json")
    assert done.status_code == 200, done.json()
    assert_matches_schema(done, "post")
    assert {x["denomination_id"]: x["count"] for x in done.json()["lines"]} == chips
    old = [{"denomination": d, "stacks": 0, "loose": 1} for d in chips]
    again = sup.post(f"/api/openings/{sheet.pk}/count/", {"lines": old}, format="json")
    assert again.status_code == 200, again.json()
    assert set(OpeningLine.objects.values_list("count", flat=True)) == {1}


@pytest.mark.parametrize(
    ("patch", "field"),
    [
        ({"grand_total": 1500.1}, "grand_total"),
        ({"line_total": 0.5}, "lines[0].total"),
    ],
)
def test_an_amount_sent_as_a_float_is_refused_not_rounded(
    staff, api, gaming_day, table, patch, field
):  # issue 15 §4
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    lines = [
        {"denomination_id": line.denomination_id, "stacks": 0, "loose": 0}
        for line in sheet.ordered_lines()
    ]
    body = {"lines": lines}
    if "line_total" in patch:
        lines[0]["total"] = patch["line_total"]
    else:
        body.update(patch)
    before = (list(OpeningLine.objects.values_list("count", flat=True)), AuditEvent.objects.count())
    refused = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/openings/{sheet.pk}/count/", body, format="json"
    )
    assert refused.status_code == 400
    assert_error_shape(refused.json(), "AMOUNT_NOT_DECIMAL_STRING", field)
    assert_matches_schema(refused, "post")
    after = (list(OpeningLine.objects.values_list("count", flat=True)), AuditEvent.objects.count())
    assert after == before
    # The same figure as a decimal string is read exactly (0 chips: "0.00").
    if field == "lines[0].total":
        lines[0]["total"] = "0.00"
        ok = api(staff["supervisor"], Role.SUPERVISOR).post(
            f"/api/openings/{sheet.pk}/count/", {"lines": lines}, format="json"
        )
        assert ok.status_code == 200, ok.json()


def test_the_checklist_keys_are_read_before_posting_them(staff, api, gaming_day, table):
    # issue 15 §5 (PREP-02, PREP-03, CLOSE-12): the keys come from the catalogue
    catalogue = api(staff["pit_boss"], Role.PIT_BOSS).get("/api/checklists/")
    assert catalogue.status_code == 200
    assert_matches_schema(catalogue)
    lists = {c["checklist"]: c for c in catalogue.json()}
    assert {k: [i["key"] for i in c["items"]] for k, c in lists.items()} == {
        "prep_pit_boss": list(PIT_BOSS_ITEMS),
        "prep_supervisor": list(SUPERVISOR_ITEMS),
        "closing": list(CLOSING_ITEMS),
    }
    paddle = next(i for i in lists["prep_pit_boss"]["items"] if i["key"] == "paddle")
    assert paddle["label"] == {
        "es": "Paleta en su lugar",
        "en": "Bill paddle in place",
    }
    assert lists["prep_pit_boss"]["roles"] == ["pit_boss"]
    session = open_session(staff, table, checklists=False)
    for name, role in (("prep_pit_boss", Role.PIT_BOSS), ("prep_supervisor", Role.SUPERVISOR)):
        items = {i["key"]: True for i in lists[name]["items"]}
        posted = api(staff[role.value], role).post(
            lists[name]["post_to"].format(id=session.pk), {"items": items}, format="json"
        )
        assert posted.status_code == 201, posted.json()
        assert posted.json()["kind"] == name


def test_the_chip_set_of_a_table_gives_the_ids_a_count_uses(staff, api, gaming_day, table):
    # issue 15 §5
    client = api(staff["supervisor"], Role.SUPERVISOR)
    read = client.get(f"/api/tables/{table.pk}/chip-set/")
    assert read.status_code == 200
    assert_matches_schema(read)
    chips = read.json()
    assert chips["id"] == table.chip_set_id
    assert [d["value"] for d in chips["denominations"]] == ["100.00", "50.00", "25.00", "5.00"]
    session = open_session(staff, table)
    opening = OpeningSheet.objects.get(session=session)
    sheet = client.get(f"/api/openings/{opening.pk}/").json()
    assert {d["id"] for d in chips["denominations"]} == {
        x["denomination_id"] for x in sheet["lines"]
    }


def test_the_settings_history_lists_every_version_newest_first(staff, api, gaming_day, table):
    # issue 15 §5 (GEN-04: a change is a new version)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    changed = manager.post(
        f"/api/tables/{table.pk}/settings/", {"reason": "ante", "ante": "1.00"}, format="json"
    )
    assert changed.status_code == 201, changed.json()
    history = api(staff["auditor"], Role.AUDITOR).get(f"/api/tables/{table.pk}/settings/history/")
    assert history.status_code == 200
    assert_matches_schema(history)
    page = history.json()
    assert page["count"] == 2
    assert [v["version"] for v in page["results"]] == [2, 1]
    assert [v["ante"] for v in page["results"]] == ["1.00", "0.00"]


def test_the_version_is_chosen_in_the_media_type(staff, api, table):  # issue 15 §6
    client = api(staff["auditor"], Role.AUDITOR)
    pinned = client.get("/api/tables/", HTTP_ACCEPT="application/json; version=1")
    assert pinned.status_code == 200 and pinned.json()[0]["id"] == table.pk
    assert client.get("/api/tables/").json() == pinned.json()
    future = client.get("/api/tables/", HTTP_ACCEPT="application/json; version=2")
    assert future.status_code == 406
    assert_error_shape(future.json(), "API_VERSION_UNSUPPORTED", "Accept")
    assert future.json()["details"] == {"allowed": ["1"]}


VENDOR = "application/vnd.mesa+json"


def test_the_vendor_media_type_pins_the_version_and_is_answered_in_kind(staff, api, table):
    # issue 15 §6: Accept: application/vnd.mesa+json; version=1 (casino/api/versioning.py)
    client = api(staff["auditor"], Role.AUDITOR)
    plain = client.get("/api/tables/", HTTP_ACCEPT="application/json; version=1")
    assert plain["Content-Type"] == "application/json"
    vendor = client.get("/api/tables/", HTTP_ACCEPT=f"{VENDOR}; version=1")
    assert vendor.status_code == 200
    assert vendor["Content-Type"] == f"{VENDOR}; version=1"
    assert vendor.json() == plain.json() and vendor.json()[0]["id"] == table.pk
    # Without a version: the current one, named in the answer.
    bare = client.get(f"/api/tables/{table.pk}/", HTTP_ACCEPT=VENDOR)
    assert bare.status_code == 200 and bare["Content-Type"] == f"{VENDOR}; version=1"
    # A version the server does not serve: the same refusal as with application/json.
    future = client.get("/api/tables/", HTTP_ACCEPT=f"{VENDOR}; version=2")
    assert future.status_code == 406 and future["Content-Type"].startswith(VENDOR)
    assert_error_shape(future.json(), "API_VERSION_UNSUPPORTED", "Accept")
    assert future.json()["details"] == {"allowed": ["1"]}
    # An error of a write comes back in the type asked for, in the one error shape.
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    refused = manager.post("/api/tables/", {}, format="json", HTTP_ACCEPT=f"{VENDOR}; version=1")
    assert refused.status_code == 400 and refused["Content-Type"] == f"{VENDOR}; version=1"
    assert refused.json()["code"] and refused.json()["message"]["en"]
    # Another vendor's type is not served.
    assert client.get("/api/tables/", HTTP_ACCEPT="application/vnd.other+json").status_code == 406


def test_a_signature_is_an_action_and_answers_200(staff, api, gaming_day, table):
    # issue 15 §4 (casino/api/responses.py): a POST to /{id}/sign/ acts on the sheet; it
    # answered 201 before, as if it created a record of its own.
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    counted = sup.post(
        f"/api/openings/{sheet.pk}/count/", {"lines": count_lines(sheet)}, format="json"
    )
    assert counted.status_code == 200, counted.json()
    body = {"role": "croupier", "signer": "croupier", "pin": "1234"}
    signed = sup.post(f"/api/openings/{sheet.pk}/sign/", body, format="json")
    assert signed.status_code == 200, signed.json()
    assert "Location" not in signed and signed.json()["sheet"]["id"] == sheet.pk
    assert_matches_schema(signed, "post")
