"""The tables API: every endpoint per role, bad input, flows, the schema (issue 5 §6)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.models import AuditEvent, Casino
from casino.roles import Perm, Role, role_has
from tables import services
from tables.checklists import PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import (
    Discrepancy,
    OpeningLine,
    OpeningSheet,
    OpsSettings,
    Pack,
    PackState,
    SanctionEntry,
    Table,
    TableSession,
)
from tests.casino.test_api import assert_error_shape

from .conftest import act, count_lines, deliver, make_table, open_session, open_table, ready_decks
from .openapi import assert_matches_schema

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff, gaming_day, table, store, player):
    """A session at the opening with its sheet, a stored pack, a sanction."""
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    (pack,) = deliver(staff, store, ("R1", "rojo"))
    sanction = services.sanction_impose(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        conduct_code="disruptive",
        level="warning",
        player=player,
        session=session,
    )
    return {
        "table": table,
        "session": session,
        "sheet": sheet,
        "pack": pack,
        "store": store,
        "player": player,
        "sanction": sanction,
    }


# (method, url, body, permission) — the permission the acting role needs.
def endpoints(w) -> list[tuple[str, str, dict, Perm]]:
    t, ses, sh, p = w["table"].pk, w["session"].pk, w["sheet"].pk, w["pack"].pk
    st, pl, san = w["store"].pk, w["player"].pk, w["sanction"].pk
    return [
        ("get", "/api/tables/", {}, Perm.VIEW_TABLES),
        (
            "post",
            "/api/tables/",
            {"number": 90, "chip_set": 0, "big_blind": "10"},
            Perm.MANAGE_SETTINGS,
        ),
        ("get", f"/api/tables/{t}/", {}, Perm.VIEW_TABLES),
        ("post", f"/api/tables/{t}/settings/", {"reason": "x", "ante": "1"}, Perm.MANAGE_SETTINGS),
        ("get", f"/api/tables/{t}/settings/", {}, Perm.VIEW_TABLES),  # issue 15 §5
        ("get", f"/api/tables/{t}/settings/history/", {}, Perm.VIEW_TABLES),  # issue 15 §5
        ("get", f"/api/tables/{t}/chip-set/", {}, Perm.VIEW_TABLES),  # issue 15 §5
        ("get", "/api/checklists/", {}, Perm.VIEW_TABLES),  # issue 15 §5
        (
            "post",
            f"/api/tables/{t}/sessions/",
            {"supervisor": "supervisor", "croupier": "croupier2"},
            Perm.OPEN_SESSION,
        ),
        ("get", "/api/table-ops-settings/", {}, Perm.VIEW_TABLES),
        # PREP-01 (issue 17 §4): the day's management checklist
        ("get", "/api/preparation-checklist/", {}, Perm.VIEW_TABLES),
        ("post", "/api/preparation-checklist/", {"spaces_inspected": True}, Perm.MANAGE_SETTINGS),
        # SEAT-12 (issue 17): the VIP referral list
        ("get", "/api/vip-referrals/", {}, Perm.VIEW_VIP_REFERRALS),
        (
            "post",
            "/api/vip-referrals/",
            {"player": pl, "session": ses, "reason": "Juega cada semana"},
            Perm.REFER_VIP,
        ),
        (
            "post",
            "/api/table-ops-settings/",
            {"reason": "x", "deck_rotation_minutes": 90},
            Perm.MANAGE_SETTINGS,
        ),
        ("get", f"/api/sessions/{ses}/", {}, Perm.VIEW_TABLES),
        ("get", f"/api/sessions/{ses}/readiness/", {}, Perm.VIEW_TABLES),
        ("post", f"/api/sessions/{ses}/start-play/", {}, Perm.OPEN_SESSION),
        (
            "post",
            f"/api/sessions/{ses}/suspend/",
            {"reason": "x", "float_locked": True, "cards_handed_to": "pit_boss"},
            Perm.SUSPEND_SESSION,
        ),
        ("post", f"/api/sessions/{ses}/resume/", {}, Perm.SUSPEND_SESSION),
        ("post", f"/api/sessions/{ses}/last-hand/", {"last_hand_number": 5}, Perm.CLOSE_SESSION),
        (
            "post",
            f"/api/sessions/{ses}/closing/",
            {"security_officer": "security"},
            Perm.CLOSE_SESSION,
        ),
        (
            "post",
            f"/api/sessions/{ses}/dealer-changes/",
            {"incoming": "croupier2"},
            Perm.RECORD_DEALER_CHANGE,
        ),
        (
            "post",
            f"/api/sessions/{ses}/events/",
            {"kind": "security_present"},
            Perm.RECORD_SECURITY,
        ),
        (
            "post",
            f"/api/sessions/{ses}/events/",
            {"kind": "surveillance_notified"},
            Perm.RECORD_SURVEILLANCE,
        ),
        (
            "post",
            f"/api/sessions/{ses}/supervisor-relief/",
            {"incoming": "supervisor2", "reason": "descanso"},
            Perm.SUSPEND_SESSION,
        ),
        # shift changes (issue 14 §3)
        ("get", f"/api/sessions/{ses}/shift-changes/", {}, Perm.VIEW_TABLES),
        (
            "post",
            f"/api/sessions/{ses}/shift-changes/",
            {"incoming": "supervisor2", "lines": []},
            Perm.SUSPEND_SESSION,
        ),
        ("get", "/api/shift-changes/999999/", {}, Perm.VIEW_TABLES),
        ("post", "/api/shift-changes/999999/sign/", {"slot": "pit_boss"}, Perm.VIEW_TABLES),
        ("post", f"/api/sessions/{ses}/rotate-deck/", {"incoming_pack": p}, Perm.DECK_HANDLE),
        ("post", f"/api/sessions/{ses}/checklists/", {"items": {}}, Perm.OPEN_SESSION),
        ("post", f"/api/sessions/{ses}/checklist-override/", {"reason": "x"}, Perm.OPEN_SESSION),
        ("post", f"/api/sessions/{ses}/closing-checklist/", {"items": {}}, Perm.CLOSE_SESSION),
        ("get", "/api/sheets/to-sign/", {}, Perm.VIEW_TABLES),
        ("get", f"/api/openings/{sh}/", {}, Perm.VIEW_TABLES),
        ("post", f"/api/openings/{sh}/count/", {"lines": []}, Perm.OPEN_SESSION),
        ("post", f"/api/openings/{sh}/sign/", {"role": "supervisor"}, Perm.VIEW_TABLES),
        ("post", f"/api/openings/{sh}/copies/", {"copy": "drop_box"}, Perm.OPEN_SESSION),
        (
            "post",
            "/api/discrepancies/999999/acknowledge/",
            {"note": "x"},
            Perm.ACKNOWLEDGE_DISCREPANCY,
        ),
        ("get", "/api/closings/999999/", {}, Perm.VIEW_TABLES),
        ("post", "/api/closings/999999/count/", {"lines": []}, Perm.CLOSE_SESSION),
        (
            "post",
            "/api/closings/999999/empty-bank/",
            {"croupier": "croupier", "pin": "1"},
            Perm.CLOSE_SESSION,
        ),
        ("post", "/api/closings/999999/sign/", {"role": "supervisor"}, Perm.VIEW_TABLES),
        ("post", "/api/closings/999999/copies/", {"copy": "drop_box"}, Perm.CLOSE_SESSION),
        ("get", "/api/packs/", {}, Perm.VIEW_DECKS),
        ("get", f"/api/packs/{p}/", {}, Perm.VIEW_DECKS),
        ("post", f"/api/packs/{p}/move/", {"to": "issued", "session": ses}, Perm.DECK_ISSUE),
        ("post", f"/api/packs/{p}/move/", {"to": "destroyed"}, Perm.DECK_DESTROY),
        ("post", f"/api/packs/{p}/move/", {"to": "in_play"}, Perm.DECK_HANDLE),
        ("get", "/api/deck-events/", {}, Perm.VIEW_DECKS),
        (
            "post",
            "/api/deck-deliveries/",
            {"store": st, "packs": [{"serial": "N", "colour": "r"}]},
            Perm.DECK_DELIVER,
        ),
        ("post", "/api/deck-receipts/999999/sign/", {}, Perm.DECK_RECEIVE),
        ("get", "/api/deck-alerts/", {}, Perm.VIEW_DECKS),
        ("get", "/api/deck-stores/", {}, Perm.VIEW_DECKS),
        ("post", "/api/deck-stores/", {"code": "Z8"}, Perm.MANAGE_SETTINGS),  # issue 15 §5
        ("get", f"/api/deck-stores/{st}/reconciliation/", {}, Perm.VIEW_DECKS),
        ("post", f"/api/deck-stores/{st}/final-control/", {"counted": []}, Perm.DECK_FINAL_CONTROL),
        ("get", "/api/sanctions/", {}, Perm.VIEW_SANCTIONS),
        (
            "post",
            "/api/sanctions/",
            {"conduct": "disruptive", "level": "warning", "player": pl, "session": ses},
            Perm.IMPOSE_SANCTION,
        ),
        (
            "post",
            "/api/sanctions/",
            {"conduct": "chip_dumping", "level": "expulsion", "player": pl},
            Perm.IMPOSE_SEVERE_SANCTION,
        ),
        (
            "post",
            "/api/sanctions/proposals/",
            {"conduct": "disruptive", "player": pl},
            Perm.PROPOSE_SANCTION,
        ),
        ("get", "/api/sanctions/suggestion/?conduct=disruptive", {}, Perm.VIEW_SANCTIONS),
        ("get", "/api/sanctions/conducts/", {}, Perm.VIEW_SANCTIONS),
        ("get", f"/api/sanctions/{san}/", {}, Perm.VIEW_SANCTIONS),
        ("post", f"/api/sanctions/{san}/lift/", {"reason": "x"}, Perm.IMPOSE_SANCTION),
        (
            "post",
            f"/api/sanctions/{san}/reduce/",
            {"level": "warning", "reason": "x"},
            Perm.IMPOSE_SANCTION,
        ),
        # SANC-01: an appeal (the floor takes it); deciding one (the world's sanction is no
        # appeal: a boss gets 400 NOT_AN_APPEAL, never 403).
        ("post", f"/api/sanctions/{san}/appeals/", {"grounds": "x"}, Perm.PROPOSE_SANCTION),
        (
            "post",
            f"/api/sanctions/{san}/decide/",
            {"outcome": "upheld", "reason": "x"},
            Perm.IMPOSE_SANCTION,
        ),
        ("get", f"/api/players/{pl}/sanctions/", {}, Perm.VIEW_SANCTIONS),
        # issue 17 §1, §2: the player registry and exclusions
        ("get", "/api/players/", {}, Perm.VIEW_PLAYERS),
        (
            "post",
            "/api/players/",
            {"display_name": "Eva", "document_type": "dni", "document_number": "20111222"},
            Perm.REGISTER_PLAYER,
        ),
        ("get", f"/api/players/{pl}/", {}, Perm.VIEW_PLAYERS),
        ("get", f"/api/players/{pl}/identity/", {}, Perm.READ_PLAYER_IDENTITY),
        ("get", "/api/exclusions/", {}, Perm.VIEW_EXCLUSIONS),
        (
            "post",
            "/api/exclusions/",
            {"player": pl, "ends_on": "2099-01-01"},
            Perm.RECORD_EXCLUSION,
        ),
        ("get", "/api/exclusions/999999/", {}, Perm.VIEW_EXCLUSIONS),
        ("post", "/api/exclusions/999999/lift/", {"reason": "x"}, Perm.RECORD_EXCLUSION),
        ("get", "/api/exclusion-lists/", {}, Perm.VIEW_EXCLUSIONS),
        (
            "post",
            "/api/exclusion-lists/",
            {"source": "R", "list_date": "2026-01-01", "content": "x"},
            Perm.IMPORT_EXCLUSION_LIST,
        ),
        ("get", "/api/exclusion-lists/999999/", {}, Perm.VIEW_EXCLUSIONS),
        ("get", "/api/exclusion-hits/", {}, Perm.VIEW_EXCLUSIONS),
        ("get", "/api/key-handouts/", {}, Perm.VIEW_TABLES),
        ("post", "/api/key-handouts/999999/return/", {}, Perm.VIEW_TABLES),
    ]


@pytest.mark.slow  # about 20 s: in make test, not in the make check loop (issue 16 §6)
def test_every_endpoint_per_role_allowed_or_refused(staff, api, world):
    # issue 5 §6 "done when": API tests for each endpoint per role (allowed and refused)
    checked = 0
    for method, url, body, perm in endpoints(world):
        for role in Role:
            client = api(staff[role.value], role)
            response = (
                getattr(client, method)(url, body, format="json")
                if method == "post"
                else client.get(url)
            )
            if role_has(role, perm):
                assert response.status_code != 403 or response.json()["code"] != (
                    "PERMISSION_DENIED"
                ), (method, url, role, response.json())
            else:
                assert response.status_code == 403, (method, url, role, response.status_code)
                assert_error_shape(response.json(), "PERMISSION_DENIED")
            checked += 1
    assert checked == len(endpoints(world)) * len(Role)


def test_every_route_is_in_the_matrix(world):
    from django.urls import get_resolver

    names = {
        name
        for name in get_resolver().reverse_dict
        if isinstance(name, str) and name.startswith("api-tables-")
    }
    covered = {url.split("?")[0] for _m, url, _b, _p in endpoints(world)}
    from django.urls import resolve

    resolved = {resolve(url).url_name for url in covered}
    assert names == resolved


def test_open_count_sign_through_the_api(staff, api, gaming_day, table, store):
    # OPEN-06..12 via the API, responses checked against the schema
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    created = boss.post(
        f"/api/tables/{table.pk}/sessions/",
        {"supervisor": "supervisor", "croupier": "croupier"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="open-1",
    )
    assert created.status_code == 201, created.json()
    assert_matches_schema(created, "post")
    replay = boss.post(
        f"/api/tables/{table.pk}/sessions/",
        {"supervisor": "supervisor", "croupier": "croupier"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="open-1",
    )
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"
    assert TableSession.objects.count() == 1
    body = created.json()
    assert body["status"] == "opening" and body["croupier"] == "croupier"
    sheet_id = body["opening_sheet"]
    # PREP-05: no count before the pit boss's and the supervisor's checklists.
    early = sup.post(f"/api/openings/{sheet_id}/count/", {"lines": []}, format="json")
    assert early.status_code == 409
    assert_error_shape(early.json(), "PREP_CHECKLISTS_MISSING")
    partial = boss.post(
        f"/api/sessions/{body['id']}/checklists/",
        {"items": {"equipment": True, "paddle": False}},
        format="json",
    )
    assert partial.status_code == 400
    assert_error_shape(partial.json(), "CHECKLIST_INCOMPLETE", "items")
    done = boss.post(
        f"/api/sessions/{body['id']}/checklists/",
        {"items": dict.fromkeys(PIT_BOSS_ITEMS, True)},
        format="json",
    )
    assert done.status_code == 201 and done.json()["kind"] == "prep_pit_boss"
    assert_matches_schema(done, "post")
    sup.post(
        f"/api/sessions/{body['id']}/checklists/",
        {"items": dict.fromkeys(SUPERVISOR_ITEMS, True)},
        format="json",
    )
    sheet = api(staff["auditor"], Role.AUDITOR).get(f"/api/openings/{sheet_id}/")
    assert sheet.status_code == 200
    assert_matches_schema(sheet)
    lines = [
        {
            "denomination_id": x["denomination_id"],
            "stacks": x["expected_count"] // 20,
            "loose": x["expected_count"] % 20,
            "count": x["expected_count"],
        }
        for x in sheet.json()["lines"]
    ]
    assert [x["value"] for x in sheet.json()["lines"]] == ["100.00", "50.00", "25.00", "5.00"]
    lines[2]["stacks"] -= 1  # one stack of 25 short, and the stated count is now wrong
    wrong = sup.post(f"/api/openings/{sheet_id}/count/", {"lines": lines}, format="json")
    assert wrong.status_code == 400
    assert_error_shape(wrong.json(), "COUNT_MISMATCH", "lines[2].count")
    del lines[2]["count"]
    counted = sup.post(
        f"/api/openings/{sheet_id}/count/", {"lines": lines, "note": "ok"}, format="json"
    )
    assert counted.status_code == 200, counted.json()
    assert_matches_schema(counted, "post")
    (disc,) = counted.json()["discrepancies"]
    assert (disc["variance_chips"], disc["variance_value"], disc["short"]) == (-20, "-500.00", True)
    assert counted.json()["blockers"][0]["code"] == "DISCREPANCY_UNACKNOWLEDGED"
    ack = boss.post(
        f"/api/discrepancies/{disc['id']}/acknowledge/",
        {"note": "Falta una pila de 25", "written_report": "informe 1"},
        format="json",
    )
    assert ack.status_code == 200, ack.json()
    queue = api(staff["pit_boss"], Role.PIT_BOSS).get("/api/sheets/to-sign/")
    assert [(q["part"], q["missing_roles"]) for q in queue.json()] == [("opening", ["pit_boss"])]
    assert_matches_schema(queue)
    # A wrong PIN of the croupier on duty (issue 12 §3: the role, the state and the
    # assignment are answered first, so the PIN is tried on a signature that could land).
    bad_pin = sup.post(
        f"/api/openings/{sheet_id}/sign/",
        {"role": "croupier", "signer": "croupier", "pin": "0000"},
        format="json",
    )
    assert bad_pin.status_code == 403
    assert_error_shape(bad_pin.json(), "PIN_INVALID", "pin")
    sign = sup.post(
        f"/api/openings/{sheet_id}/sign/",
        {"role": "croupier", "signer": "croupier", "pin": "1234"},
        format="json",
    )
    assert sign.status_code == 200 and sign.json()["method"] == "pin"
    assert_matches_schema(sign, "post")
    assert (
        sup.post(
            f"/api/openings/{sheet_id}/sign/", {"role": "supervisor"}, format="json"
        ).status_code
        == 200
    )
    twice = sup.post(f"/api/openings/{sheet_id}/sign/", {"role": "supervisor"}, format="json")
    assert twice.status_code == 409
    assert_error_shape(twice.json(), "ROLE_ALREADY_SIGNED", "role")
    last = boss.post(f"/api/openings/{sheet_id}/sign/", {"role": "pit_boss"}, format="json")
    assert last.status_code == 200 and last.json()["locked"] is True
    state = sup.get(f"/api/tables/{table.pk}/")
    assert state.json()["status"] == "open"
    assert_matches_schema(state)
    assert {r["code"] for r in state.json()["not_ready"]} == {"DECKS_MISSING", "NO_PACK_IN_PLAY"}


@pytest.mark.parametrize(
    ("patch", "code", "field"),
    [
        ({"loose": -1}, "COUNT_NEGATIVE", "lines[0].loose"),
        ({"loose": 2.5}, "COUNT_NOT_WHOLE", "lines[0].loose"),
        ({"loose": "3,5"}, "COUNT_NOT_WHOLE", "lines[0].loose"),
        ({"denomination_id": 999999}, "DENOMINATION_NOT_IN_CHIP_SET", "lines[0].denomination_id"),
        ({"total": "1"}, "TOTAL_MISMATCH", "lines[0].total"),
        ({"loose": [1]}, "INVALID", None),  # shape error from the serializer
    ],
)
def test_bad_counts_through_the_api_change_nothing(
    staff, api, gaming_day, table, patch, code, field
):  # issue 5 "Bad input"
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    lines = count_lines(sheet)
    lines[0].update(patch)
    before = (
        list(OpeningLine.objects.values_list("count", flat=True)),
        Discrepancy.objects.count(),
        AuditEvent.objects.count(),
    )
    response = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/openings/{sheet.pk}/count/", {"lines": lines}, format="json"
    )
    assert response.status_code == 400
    assert_error_shape(response.json(), code, field)
    after = (
        list(OpeningLine.objects.values_list("count", flat=True)),
        Discrepancy.objects.count(),
        AuditEvent.objects.count(),
    )
    assert after == before


def test_deck_moves_through_the_api(staff, api, gaming_day, table, store):
    # DECK-03, DECK-19 via the API: delivery, receipt, an illegal move answered 409
    security = api(staff["security"], Role.SECURITY)
    delivered = security.post(
        "/api/deck-deliveries/",
        {
            "store": store.pk,
            "packs": [{"serial": "R1", "colour": "rojo"}, {"serial": "A1", "colour": "azul"}],
        },
        format="json",
    )
    assert delivered.status_code == 201, delivered.json()
    assert_matches_schema(delivered, "post")
    receipt = delivered.json()
    assert receipt["missing_roles"] == ["pit_boss"]
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    signed = boss.post(f"/api/deck-receipts/{receipt['id']}/sign/", {}, format="json")
    assert signed.json()["locked"] is True
    assert_matches_schema(signed, "post")
    pack = Pack.objects.get(serial="R1")
    illegal = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/packs/{pack.pk}/move/", {"to": "in_play"}, format="json"
    )
    assert illegal.status_code == 409
    body = illegal.json()
    assert_error_shape(body, "DECK_MOVE_NOT_ALLOWED", "to")
    assert body["details"] == {"state": "stored", "allowed": ["issued"]}
    unknown = boss.post(f"/api/packs/{pack.pk}/move/", {"to": "lost"}, format="json")
    assert unknown.status_code in (400, 403)
    session = open_table(staff, table)
    moved = boss.post(
        f"/api/packs/{pack.pk}/move/", {"to": "issued", "session": session.pk}, format="json"
    )
    assert moved.status_code == 200, moved.json()
    assert_matches_schema(moved, "post")
    assert moved.json()["state"] == "issued" and moved.json()["allowed_moves"] == [
        "inspected",
        "rejected",
        "returned",
    ]
    log = api(staff["auditor"], Role.AUDITOR).get(f"/api/deck-events/?pack={pack.pk}")
    assert [e["to_state"] for e in log.json()["results"]] == ["issued", "stored", "received"]
    assert_matches_schema(log)
    recon = api(staff["shift_manager"], Role.SHIFT_MANAGER).get(
        f"/api/deck-stores/{store.pk}/reconciliation/?counted=A1"
    )
    assert recon.status_code == 200
    assert_matches_schema(recon)
    assert (recon.json()["received"], recon.json()["at_tables"]) == (2, 1)
    assert recon.json()["unaccounted"] == []
    alerts = api(staff["pit_boss"], Role.PIT_BOSS).get("/api/deck-alerts/")
    assert [a["code"] for a in alerts.json()] == ["TABLE_WITHOUT_TWO_COLOURS"]
    assert_matches_schema(alerts)


def test_sessions_and_dealer_changes_through_the_api(staff, api, gaming_day, table, store):
    session = open_table(staff, table)
    ready_decks(staff, session, store)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    started = sup.post(f"/api/sessions/{session.pk}/start-play/", {}, format="json")
    assert started.status_code == 200 and started.json()["status"] == "in_play"
    assert_matches_schema(started, "post")
    blue = Pack.objects.get(colour="azul")
    change = sup.post(
        f"/api/sessions/{session.pk}/dealer-changes/",
        {
            "incoming": "croupier2",
            "incoming_pack": blue.pk,
            "handover_note": "todo en orden",
            "outgoing_pack_complete": True,  # declared: a device sends what was checked
        },
        format="json",
    )
    assert change.status_code == 201, change.json()
    assert_matches_schema(change, "post")
    assert (change.json()["pack_out"], change.json()["pack_in"]) == ("R1", "A1")
    detail = api(staff["auditor"], Role.AUDITOR).get(f"/api/sessions/{session.pk}/")
    assert detail.json()["croupier"] == "croupier2"
    assert_matches_schema(detail)
    ready = sup.get(f"/api/sessions/{session.pk}/readiness/?hand_number=1")
    assert ready.json() == []
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    last = boss.post(
        f"/api/sessions/{session.pk}/last-hand/", {"last_hand_number": 3}, format="json"
    )
    assert last.status_code == 200
    after = sup.get(f"/api/sessions/{session.pk}/readiness/?hand_number=4")
    assert [r["code"] for r in after.json()] == ["AFTER_LAST_HAND"]
    assert_matches_schema(after)
    closing = boss.post(
        f"/api/sessions/{session.pk}/closing/", {"security_officer": "supervisor"}, format="json"
    )
    assert closing.status_code == 400
    assert_error_shape(closing.json(), "STAFF_ROLE_MISSING", "security_officer")


def test_sanctions_through_the_api(staff, api, gaming_day, table, player):
    session = open_table(staff, table)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    proposal = sup.post(
        "/api/sanctions/proposals/",
        {"conduct": "phone_use", "player": player.pk, "session": session.pk, "hand_number": 4},
        format="json",
    )
    assert proposal.status_code == 201, proposal.json()
    assert_matches_schema(proposal, "post")
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    no_conduct = boss.post(
        "/api/sanctions/", {"level": "warning", "player": player.pk}, format="json"
    )
    assert no_conduct.status_code == 400
    assert_error_shape(no_conduct.json(), "CONDUCT_REQUIRED", "conduct")
    imposed = boss.post(
        "/api/sanctions/",
        {"proposal": proposal.json()["entry"]["id"], "level": "warning"},
        format="json",
    )
    assert imposed.status_code == 201, imposed.json()
    entry = imposed.json()["entry"]
    assert entry["notice"].startswith("SAN-") and entry["proposed_by"] == "supervisor"
    assert imposed.json()["effective"]["status"] == "served"
    suggestion = boss.get(
        f"/api/sanctions/suggestion/?conduct=phone_use&player={player.pk}&session={session.pk}"
    )
    step = suggestion.json()["step"]
    assert (step["level"], step["vueltas"]) == ("sit_out", 1)
    assert step["label"] == "Fuera de juego N manos × 1"  # Spanish by default
    assert_matches_schema(suggestion)
    severe = boss.post(
        "/api/sanctions/",
        {"conduct": "chip_dumping", "level": "expulsion", "player": player.pk},
        format="json",
    )
    assert severe.status_code == 403
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    expelled = manager.post(
        "/api/sanctions/",
        {
            "conduct": "chip_dumping",
            "level": "expulsion",
            "player": player.pk,
            "override_reason": "Reincidente",
        },
        format="json",
    )
    assert expelled.status_code == 201, expelled.json()
    lifted = manager.post(
        f"/api/sanctions/{expelled.json()['entry']['id']}/lift/",
        {"reason": "Apelación aceptada"},
        format="json",
    )
    assert lifted.status_code == 200 and lifted.json()["effective"]["lifted"] is True
    assert_matches_schema(lifted, "post")
    seating = sup.get(f"/api/players/{player.pk}/sanctions/")
    assert [e["kind"] for e in seating.json()["history"]] == [
        "lift",
        "imposition",
        "imposition",
        "proposal",
    ]
    assert_matches_schema(seating)
    ledger = api(staff["auditor"], Role.AUDITOR).get("/api/sanctions/?conduct=chip_dumping")
    assert ledger.json()["count"] == 2 and len(ledger.json()["results"]) == 2
    assert_matches_schema(ledger)
    assert SanctionEntry.objects.count() == 4
    conducts = sup.get("/api/sanctions/conducts/")
    assert_matches_schema(conducts)
    assert any(c["code"] == "chip_dumping" and c["must"] for c in conducts.json())


def test_another_casinos_records_are_not_found(staff, api, gaming_day, table, chip_set):
    other = Casino.objects.create(code="otro", name="Otro")
    table.casino = other
    from casino.models import ChipSet

    foreign = make_table(other, ChipSet.objects.create(casino=other, name="X"), number=3)
    response = api(staff["pit_boss"], Role.PIT_BOSS).get(f"/api/tables/{foreign.pk}/")
    assert response.status_code == 404
    assert_error_shape(response.json(), "NOT_FOUND")


def test_settings_and_ops_settings_through_the_api(staff, api, gaming_day, table):
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    bad = manager.post(
        f"/api/tables/{table.pk}/settings/",
        {"reason": "CABA", "ruleset": "caba", "rake_pct": "6.00"},
        format="json",
    )
    assert bad.status_code == 400
    assert_error_shape(bad.json(), "RAKE_ABOVE_JURISDICTION_LIMIT", "rake_pct")
    ok = manager.post(
        f"/api/tables/{table.pk}/settings/",
        {"reason": "nivel 2", "small_blind": "10", "big_blind": "20"},
        format="json",
    )
    assert ok.status_code == 201 and ok.json()["version"] == 2
    assert_matches_schema(ok, "post")
    assert ok.json()["big_blind"] == "20.00"
    ops = manager.post(
        "/api/table-ops-settings/",
        {"reason": "x", "discrepancy_report_min_value": "250.00"},
        format="json",
    )
    assert ops.status_code == 201
    assert Decimal(ops.json()["discrepancy_report_min_value"]) == Decimal("250")
    assert_matches_schema(ops, "post")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deck_display_minutes", 42266),  # the fuzzer's: stored as -23270, a 500
        ("deck_rotation_minutes", 32768),
        ("sanction_lookback_days", 65535),
        ("min_player_age", 40000),
        ("discrepancy_report_min_chips", 2**31),
    ],
)
def test_an_ops_setting_beyond_its_column_is_refused(staff, api, gaming_day, field, value):
    # A whole number larger than the column holds (a smallint: 32767) reached PostgreSQL
    # wrapped into a negative number (Django binds the column's type) and failed the
    # column's check: a 500. It is a 400 naming the field, and nothing is written.
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    before = OpsSettings.objects.count()
    bad = manager.post("/api/table-ops-settings/", {"reason": "x", field: value}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == field
    assert OpsSettings.objects.count() == before


def test_pack_state_filter_and_detail(staff, api, gaming_day, store):
    deliver(staff, store, ("R1", "rojo"), ("A1", "azul"))
    packs = api(staff["security"], Role.SECURITY).get("/api/packs/?state=stored&colour=ROJO")
    assert [p["serial"] for p in packs.json()["results"]] == ["R1"]
    assert_matches_schema(packs)
    detail = api(staff["surveillance"], Role.SURVEILLANCE).get(
        f"/api/packs/{packs.json()['results'][0]['id']}/"
    )
    assert detail.json()["allowed_moves"] == [PackState.ISSUED]
    assert_matches_schema(detail)


def test_garbage_query_and_body_values_get_4xx_not_5xx(staff, api, world):
    # issue 5 "Bad input": a precise 4xx, never a server error
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    ses = world["session"].pk
    cases = [
        ("get", "/api/packs/?session=abc&store=x&state=zz", {}),
        ("get", "/api/deck-events/?since=yesterday", {}),
        ("get", "/api/deck-events/?since=2026-13-45T10:00:00", {}),
        ("get", "/api/sanctions/?since=ayer", {}),
        ("get", "/api/sanctions/suggestion/?conduct=nope", {}),
        ("post", f"/api/sessions/{ses}/events/", {"kind": "party"}),
        ("post", f"/api/packs/{world['pack'].pk}/move/", {"to": "lost"}),
        ("post", f"/api/openings/{world['sheet'].pk}/sign/", {"role": "king"}),
        ("post", "/api/sanctions/", {"conduct": "disruptive", "level": "jail", "player": 1}),
        ("post", f"/api/openings/{world['sheet'].pk}/copies/", {"copy": "fax"}),
        ("post", f"/api/tables/{world['table'].pk}/settings/", {"reason": "x", "variant": "omaha"}),
    ]
    for method, url, body in cases:
        client = api(staff["shift_manager"], Role.SHIFT_MANAGER) if "settings" in url else boss
        response = client.get(url) if method == "get" else client.post(url, body, format="json")
        assert response.status_code < 500, (url, response.status_code)
        # issue 15 §2: an unknown filter value is refused too, never an empty list
        assert 400 <= response.status_code < 500, (url, response.status_code)
        assert set(response.json()) >= {"code", "message", "field", "errors"}


def test_a_card_store_is_created_and_listed_through_the_api(staff, api):
    # issue 15 §5: an API client on a fresh install needs a store before any opening (DECK-01)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    created = manager.post("/api/deck-stores/", {"code": "SEG", "name": "Depósito"})
    assert created.status_code == 201, created.content
    assert created.json()["code"] == "SEG" and created.json()["name"] == "Depósito"
    assert_matches_schema(created, "post")
    event = AuditEvent.objects.get(action="deck_store.create")
    assert event.actor == staff["shift_manager"]
    again = manager.post("/api/deck-stores/", {"code": "SEG"})
    assert again.status_code == 409 and again.json()["code"] == "STORE_CODE_TAKEN"
    refused = api(staff["security"], Role.SECURITY).post("/api/deck-stores/", {"code": "X1"})
    assert refused.status_code == 403
    listed = api(staff["security"], Role.SECURITY).get("/api/deck-stores/")
    assert [s["code"] for s in listed.json()] == ["SEG"]
    assert_matches_schema(listed)


def test_the_settings_in_force_of_a_table_are_read_through_the_api(staff, api, table):
    # issue 15 §5: settings could be written but not read (GET answered 405); GEN-04
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    changed = manager.post(
        f"/api/tables/{table.pk}/settings/", {"reason": "new blinds", "small_blind": "2.00"}
    )
    assert changed.status_code == 201, changed.content
    later = manager.post(
        f"/api/tables/{table.pk}/settings/",
        {"reason": "tomorrow", "small_blind": "4.00", "effective_from": "2099-01-01T12:00:00Z"},
    )
    assert later.status_code == 201, later.content
    read = api(staff["auditor"], Role.AUDITOR).get(f"/api/tables/{table.pk}/settings/")
    assert read.status_code == 200, read.content
    assert read.json()["version"] == changed.json()["version"]
    assert read.json()["small_blind"] == "2.00"
    assert_matches_schema(read)
    bare = Table.objects.create(
        casino=table.casino, number=9, name="Mesa 9", chip_set=table.chip_set, sector=table.sector
    )
    none = api(staff["auditor"], Role.AUDITOR).get(f"/api/tables/{bare.pk}/settings/")
    # issue 41 §2: NOT_FOUND (TABLE_HAS_NO_SETTINGS is the services' 409 for opening)
    assert none.status_code == 404 and none.json()["code"] == "NOT_FOUND"
    assert_matches_schema(none)
