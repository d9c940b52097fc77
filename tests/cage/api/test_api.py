"""The cage API: each use case for its roles, refusals in the one error shape, idempotency."""

from __future__ import annotations

import json
import threading
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from rest_framework.renderers import JSONRenderer

from cage.api.serializers import TableTransactionSerializer
from cage.models import DropCount, Slip, TableTransaction
from casino.models import AuditEvent
from tables.models import TableSession
from tests.cage.scenario import CLOSING, count_drop, play_worked_example
from tests.tables.openapi import assert_matches_schema

D = Decimal
BUYIN = {
    "seat": 3,
    "amount": "500.00",
    "croupier": "croupier",
    "player_name": "Ana",
    "cash": [{"value": "100", "count": 5}],
    "chips": [{"value": "100", "count": 5}],
}


def url(session, what):
    return f"/api/cage/sessions/{session.pk}/{what}/"


def assert_error(resp, status, code, field=None):
    assert resp.status_code == status, resp.content
    body = resp.json()
    assert body["code"] == code
    assert body["message"]["es"] and body["message"]["en"]
    if field is not None:
        assert body["field"] == field
    return body


@pytest.mark.django_db
def test_supervisor_records_a_buyin(opened, staff, api):  # BUYIN-06
    resp = api(staff["supervisor"]).post(url(opened, "buyins"), BUYIN, format="json")
    assert resp.status_code == 201, resp.content
    body = resp.json()
    tx = body["transaction"]
    assert (tx["kind"], tx["seat"], tx["amount"], tx["approved_by"], tx["croupier"]) == (
        "buyin",
        3,
        "500.00",
        "supervisor",
        "croupier",
    )
    assert tx["chips"] == [{"value": "100.00", "direction": "out", "count": 5}]
    assert body["warnings"] == [] and body["alerts"] == []
    card = api(staff["supervisor"]).get(url(opened, "table-card")).json()
    assert card["seats"][0]["player_name"] == "Ana" and card["seats"][0]["total_buyin"] == "500.00"
    assert [e["id"] for e in card["entries"]] == [tx["id"]]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "status", "code", "field"),
    [
        (
            {
                "amount": "50.00",
                "cash": [{"value": "50", "count": 1}],
                "chips": [{"value": "25", "count": 2}],
            },
            400,
            "BUYIN_BELOW_MINIMUM",
            "amount",
        ),
        ({"chips": [{"value": "100", "count": -5}]}, 400, "MIN_VALUE", "chips.0.count"),
        ({"chips": [{"value": "100", "count": 2.5}]}, 400, "INVALID", "chips.0.count"),
        (
            {"chips": [{"value": "50", "count": 10}]},
            400,
            "DENOMINATION_NOT_IN_CHIP_SET",
            "chips.0.value",
        ),
        (
            {"cash": [{"value": "100", "count": 5, "kind": "coin"}]},
            400,
            "COINS_REFUSED",
            "cash.0.kind",
        ),
        ({"croupier": "nadie"}, 404, "NOT_FOUND", "croupier"),
    ],
)
def test_bad_buyins_get_a_4xx_and_nothing_is_recorded(
    opened, staff, api, change, status, code, field
):  # issue 6 bad input
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    resp = api(staff["supervisor"]).post(url(opened, "buyins"), {**BUYIN, **change}, format="json")
    assert_error(resp, status, code, field)
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before


@pytest.mark.django_db
def test_rebuy_during_a_hand_is_a_409(opened, staff, api):  # BUYIN-05
    client = api(staff["supervisor"])
    client.post(url(opened, "buyins"), BUYIN, format="json")
    TableSession.objects.filter(pk=opened.pk).update(hand_in_progress=True)
    resp = client.post(url(opened, "buyins"), {**BUYIN, "stack_before": "100"}, format="json")
    assert_error(resp, 409, "HAND_IN_PROGRESS")
    assert TableTransaction.objects.count() == 1


@pytest.mark.django_db
def test_roles_that_may_not_record_buyins(opened, staff, api):  # CASH-09
    for who in ("croupier", "cage_cashier", "security", "pit_boss"):
        resp = api(staff[who]).post(url(opened, "buyins"), BUYIN, format="json")
        assert_error(resp, 403, "PERMISSION_DENIED")
    resp = api(staff["cage_cashier"]).get(url(opened, "table-card"))
    assert_error(resp, 403, "BLIND_COUNT")
    assert TableTransaction.objects.count() == 0


@pytest.mark.django_db
def test_changes_through_the_api(opened, staff, api):  # CHIP-06, CHIP-14, CHIP-17
    client = api(staff["supervisor"])
    change = {
        "croupier": "croupier",
        "chips_in": [{"value": "500", "count": 1}],
        "chips_out": [{"value": "100", "count": 4}, {"value": "5", "count": 20}],
    }
    resp = client.post(url(opened, "colour-changes"), change, format="json")
    assert resp.status_code == 201 and resp.json()["transaction"]["kind"] == "colour_change"
    resp = client.post(url(opened, "cash-outs"), {**change, "seat": 2}, format="json")
    assert resp.status_code == 201 and resp.json()["transaction"]["seat"] == 2
    resp = client.post(url(opened, "tip-changes"), change, format="json")
    assert resp.status_code == 201 and resp.json()["transaction"]["kind"] == "tip_change"
    bad = {**change, "chips_out": [{"value": "100", "count": 4}]}
    assert_error(
        client.post(url(opened, "colour-changes"), bad, format="json"), 400, "CHANGE_UNEQUAL"
    )
    resp = client.post(url(opened, "in-hand-changes"), {**change, "hand_number": 3}, format="json")
    assert_error(resp, 409, "NO_HAND_IN_PROGRESS")


@pytest.mark.django_db
def test_departure_and_reversal(opened, staff, api):
    sup = api(staff["supervisor"])
    tx = sup.post(url(opened, "buyins"), BUYIN, format="json").json()["transaction"]
    resp = sup.post(url(opened, "departures"), {"seat": 3, "stack": "820.00"}, format="json")
    assert resp.status_code == 201 and resp.json()["stack"] == "820.00"
    pit = api(staff["pit_boss"])
    resp = pit.post(
        f"/api/cage/transactions/{tx['id']}/reverse/", {"reason": "duplicada"}, format="json"
    )
    # issue 15 §4: a reversal is an action on the transaction: 200, the reversing entry in
    # the body (it has no URL of its own), as the schema says.
    assert resp.status_code == 200 and resp.json()["reverses"] == tx["id"]
    assert "Location" not in resp
    assert_matches_schema(resp, "post")
    again = pit.post(f"/api/cage/transactions/{tx['id']}/reverse/", {"reason": "x"}, format="json")
    assert_error(again, 409, "ALREADY_REVERSED")


@pytest.mark.django_db
def test_same_idempotency_key_lands_once(opened, staff, api):  # issue 6 concurrency (retry)
    client = api(staff["supervisor"])
    first = client.post(url(opened, "buyins"), BUYIN, format="json", HTTP_IDEMPOTENCY_KEY="b-1")
    second = client.post(url(opened, "buyins"), BUYIN, format="json", HTTP_IDEMPOTENCY_KEY="b-1")
    assert first.status_code == second.status_code == 201
    assert second.headers["Idempotent-Replayed"] == "true"
    assert second.json() == first.json()
    assert TableTransaction.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_same_key_sent_twice_at_once_lands_once(opened, staff, api):  # issue 6 concurrency
    barrier = threading.Barrier(2)
    answers = []

    def post():
        try:
            client = api(staff["supervisor"])
            barrier.wait(timeout=10)
            resp = client.post(
                url(opened, "buyins"), BUYIN, format="json", HTTP_IDEMPOTENCY_KEY="twin"
            )
            answers.append((resp.status_code, resp.json()["transaction"]["id"]))
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert [a[0] for a in answers] == [201, 201]
    assert answers[0][1] == answers[1][1]
    assert TableTransaction.objects.count() == 1


@pytest.mark.django_db
def test_slip_route_through_the_api(opened, staff, api):  # CLOSE-07, GEN-10
    pit = api(staff["pit_boss"])
    resp = pit.post(
        url(opened, "slips"),
        {"kind": "fill", "lines": [{"value": "100", "count": 20}]},
        format="json",
    )
    assert resp.status_code == 201, resp.content
    slip = resp.json()
    assert slip["serial"].startswith("FILL-") and slip["status"] == "requested"
    assert slip["missing_roles"] == ["cage_cashier", "security", "croupier", "supervisor"]
    sign = f"/api/cage/slips/{slip['id']}/sign/"
    queue = api(staff["cage_cashier"]).get("/api/cage/slips/?status=requested").json()["results"]
    assert [x["id"] for x in queue] == [slip["id"]]
    assert (
        api(staff["cage_cashier"]).post(sign, {"role": "cage_cashier"}, format="json").status_code
        == 200
    )
    carried = api(staff["security"]).get("/api/cage/slips/?status=issued").json()["results"]
    assert [x["id"] for x in carried] == [slip["id"]]
    assert api(staff["security"]).post(sign, {"role": "security"}, format="json").status_code == 200
    sup = api(staff["supervisor"])
    resp = sup.post(sign, {"role": "croupier", "signer": "croupier", "pin": "1234"}, format="json")
    assert resp.status_code == 200 and not resp.json()["locked"]
    resp = sup.post(sign, {"role": "supervisor"}, format="json")
    assert resp.json()["locked"] and resp.json()["slip"]["status"] == "received"
    twice = api(staff["cage_cashier2"]).post(sign, {"role": "cage_cashier"}, format="json")
    assert_error(twice, 409, "DOCUMENT_LOCKED")
    resp = api(staff["pit_boss2"]).post(
        f"/api/cage/slips/{slip['id']}/void/", {"reason": "error"}, format="json"
    )
    assert resp.status_code == 200 and resp.json()["status"] == "void_pending"
    void_id = resp.json()["void"]["id"]
    same = api(staff["pit_boss2"]).post(f"/api/cage/slip-voids/{void_id}/confirm/")
    assert_error(same, 409, "VOID_SIGNER_NOT_INDEPENDENT")
    done = api(staff["shift_manager"]).post(f"/api/cage/slip-voids/{void_id}/confirm/")
    assert done.status_code == 200 and done.json()["status"] == "void"


@pytest.mark.django_db
def test_supervisor_cannot_request_a_fill(opened, staff, api):
    resp = api(staff["supervisor"]).post(
        url(opened, "slips"),
        {"kind": "fill", "lines": [{"value": "100", "count": 2}]},
        format="json",
    )
    assert_error(resp, 403, "PERMISSION_DENIED")
    assert Slip.objects.count() == 0


@pytest.mark.django_db
def test_blind_drop_count_and_reconciliation(session, staff, counts, api):  # items 8, 9
    play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})
    cash = {
        "cash": [{"value": "1000", "count": 4}, {"value": "500", "count": 4}],
        "rake_chips": [{"value": "100", "count": 4}, {"value": "25", "count": 2}],
    }
    first = api(staff["cage_cashier"]).post(url(session, "drop-counts"), cash, format="json")
    assert first.status_code == 201 and first.json()["status"] == "first"
    assert set(first.json()) == {"id", "status"}  # no expected figure leaks to the counter
    resp = api(staff["cage_cashier"]).get(url(session, "reconciliation"))
    assert_error(resp, 403, "BLIND_COUNT")
    second = api(staff["cage_cashier2"]).post(url(session, "drop-counts"), cash, format="json")
    assert second.json()["status"] == "agreed"
    assert DropCount.objects.count() == 2
    rec = api(staff["pit_boss"]).get(url(session, "reconciliation")).json()
    assert rec["result"] == "350.00" and not rec["balanced"]
    variance = next(f for f in rec["findings"] if f["kind"] == "FLOAT_VARIANCE")
    assert (variance["value"], variance["amount"], variance["explained"]) == (
        "100.00",
        "-100.00",
        False,
    )
    resp = api(staff["pit_boss"]).post(
        url(session, "explanations"),
        {"finding_key": variance["key"], "explanation": "ficha caída"},
        format="json",
    )
    assert resp.status_code == 201
    rec = api(staff["pit_boss"]).get(url(session, "reconciliation")).json()
    assert next(f for f in rec["findings"] if f["kind"] == "FLOAT_VARIANCE")["explained"]
    day = api(staff["auditor"]).get(
        f"/api/cage/gaming-days/{session.gaming_day_id}/reconciliation/"
    )
    assert day.status_code == 200 and not day.json()["balanced"]
    assert {"FLOAT_VARIANCE", "RESULT_VARIANCE"} <= {f["kind"] for f in day.json()["findings"]}


@pytest.mark.django_db
def test_par_restoration_and_cash_alerts(opened, staff, counts, api):  # CLOSE-07, item 10
    counts.set_closing(opened, {"1000": 10, "500": 20, "100": 90, "25": 200, "5": 200, "1": 110})
    resp = api(staff["cage_cashier"]).get(url(opened, "par-restoration")).json()
    assert resp == {
        "fill": [{"value": "100.00", "count": 10}],
        "credit": [{"value": "1.00", "count": 10}],
    }
    client = api(staff["supervisor"])
    for seat in (1, 2, 3):
        client.post(
            url(opened, "buyins"),
            {
                **BUYIN,
                "seat": seat,
                "amount": "1000.00",
                "player_name": "Rita",
                "cash": [{"value": "1000", "count": 1}],
                "chips": [{"value": "1000", "count": 1}],
            },
            format="json",
        )
    alerts = api(staff["pit_boss"]).get("/api/cage/cash-alerts/").json()["results"]
    assert [(a["player_label"], a["level"], a["total"]) for a in alerts] == [
        ("Rita", "identify", "3000.00")
    ]


@pytest.mark.django_db
def test_schema_has_the_cage_and_no_warnings(tmp_path):  # django.md: spectacular --fail-on-warn
    # The cage's paths with the kernel's, alone: the whole project's schema is checked by
    # tests/casino (other apps' warnings are theirs).
    out = tmp_path / "schema.yaml"
    call_command(
        "spectacular",
        "--file",
        str(out),
        "--validate",
        "--fail-on-warn",
        "--urlconf",
        "tests.cage.api.cage_urls",
    )
    text = out.read_text()
    assert "/api/cage/sessions/{id}/buyins/" in text
    assert "/api/cage/gaming-days/{id}/reconciliation/" in text


@pytest.mark.django_db
def test_count_drop_helper_is_shared(session, staff, counts):
    play_worked_example(staff, session, counts)
    count_drop(staff, session)
    assert DropCount.objects.count() == 2


@pytest.mark.django_db
def test_the_answer_of_a_write_is_what_a_later_read_gives(opened, staff, api):  # issue 18 §3
    """A write answers from the lines it has just inserted (no re-read): in the order and
    with the values a later read of the same transaction gives, line for line."""
    client = api(staff["supervisor"])
    buyin = {
        **BUYIN,
        "amount": "600.00",
        "cash": [{"value": "20", "count": 5}, {"value": "100", "count": 5}],
        "chips": [
            {"value": "5", "count": 20},
            {"value": "100", "count": 4},
            {"value": "25", "count": 4},
        ],
    }
    change = {
        "croupier": "croupier",
        "chips_in": [{"value": "100", "count": 1}, {"value": "500", "count": 1}],
        "chips_out": [{"value": "5", "count": 20}, {"value": "100", "count": 5}],
    }
    answers = []
    for what, body in (("buyins", buyin), ("colour-changes", change)):
        resp = client.post(url(opened, what), body, format="json")
        assert resp.status_code == 201, resp.content
        answers.append(resp.json()["transaction"])
    assert [c["value"] for c in answers[0]["chips"]] == ["100.00", "25.00", "5.00"]
    assert [c["value"] for c in answers[0]["cash"]] == ["100.00", "20.00"]
    assert [(c["direction"], c["value"]) for c in answers[1]["chips"]] == [
        ("in", "500.00"),
        ("in", "100.00"),
        ("out", "100.00"),
        ("out", "5.00"),
    ]
    card = client.get(url(opened, "table-card")).json()
    assert [e for e in card["entries"] if e["id"] == answers[0]["id"]] == [answers[0]]
    fresh = TableTransactionSerializer(TableTransaction.objects.get(pk=answers[1]["id"])).data
    assert answers[1] == json.loads(JSONRenderer().render(fresh))
