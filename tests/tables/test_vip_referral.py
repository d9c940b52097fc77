"""The VIP referral (SEAT-12) and its list on the player tracking sheet (RPT-14).

The supervisor of a table refers a registered player he sees at it (player, table,
reason, time): an append-only record with its audit event, listed for the pit boss and
the shift manager and printed on the session's player tracking sheet.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError, transaction

from casino.models import AuditEvent
from tables.models import VipReferral
from tests.floor.conftest import client_for
from tests.reports.conftest import pdf_text, render
from tests.reports.scenario import ready_for_hands

pytestmark = pytest.mark.django_db

URL = "/api/vip-referrals/"


@pytest.fixture
def seated(staff, api, casino, gaming_day, sector) -> tuple[Any, int]:  # type: ignore[no-untyped-def]
    """Table 7 in play, and Eva Ríos (registered) bought in at seat 2."""
    session = ready_for_hands(staff, casino, sector, 7)
    sup = api(staff["supervisor"])
    registered = sup.post(
        "/api/players/",
        {"display_name": "Eva Ríos", "document_type": "dni", "document_number": "27444555"},
        format="json",
    )
    assert registered.status_code == 201, registered.json()
    player = registered.json()["id"]
    bought = sup.post(
        f"/api/cage/sessions/{session.pk}/buyins/",
        {
            "seat": 2,
            "amount": "500.00",
            "croupier": "croupier",
            "player": player,
            "cash": [{"value": "100", "count": 5}],
            "chips": [{"value": "100", "count": 5}],
        },
        format="json",
    )
    assert bought.status_code == 201, bought.json()
    return session, player


def test_the_supervisor_refers_a_player_and_management_lists_it(staff, api, seated):
    # SEAT-12: player, table, reason, time; audited; listed for pit boss and manager (RPT-14).
    session, player = seated
    done = api(staff["supervisor"]).post(
        URL,
        {"player": player, "session": session.pk, "reason": "Juega seguido en mesas altas"},
        format="json",
    )
    assert done.status_code == 201, done.json()
    body = done.json()
    assert (body["player"], body["table"], body["session"], body["by"]) == (
        player,
        session.table_id,
        session.pk,
        "supervisor",
    )
    row = VipReferral.objects.get()
    assert (row.reason, row.role) == ("Juega seguido en mesas altas", "supervisor")
    event = AuditEvent.objects.get(action="player.vip_referral")
    assert event.object_id == str(row.pk) and event.reason == row.reason
    for role in ("pit_boss", "shift_manager", "auditor"):
        listed = api(staff[role]).get(URL).json()["results"]
        assert [(r["player_name"], r["table"]) for r in listed] == [("Eva Ríos", session.table_id)]
    for role in ("supervisor", "croupier", "surveillance"):
        assert api(staff[role]).get(URL).status_code == 403, role
    # Append-only in the database.
    with pytest.raises(DatabaseError), transaction.atomic():
        VipReferral.objects.filter(pk=row.pk).update(reason="otro")


def test_a_referral_is_refused_for_unknown_records_and_unassigned_people(staff, api, seated):
    # SEAT-12: an unknown player or table session, an empty reason, a supervisor who does
    # not supervise this table (require_at), a croupier: refused, nothing written.
    session, player = seated
    sup = api(staff["supervisor"])
    cases = [
        (sup, {"player": 999999, "session": session.pk, "reason": "x"}, 404, "NOT_FOUND"),
        (sup, {"player": player, "session": 999999, "reason": "x"}, 404, "NOT_FOUND"),
        (sup, {"player": player, "session": session.pk, "reason": " "}, 400, "REASON_REQUIRED"),
        (
            api(staff["supervisor2"]),
            {"player": player, "session": session.pk, "reason": "x"},
            403,
            "NOT_SESSION_SUPERVISOR",
        ),
    ]
    for client, body, status, code in cases:
        refused = client.post(URL, body, format="json")
        assert (refused.status_code, refused.json()["code"]) == (status, code), body
    refused = api(staff["croupier"]).post(
        URL, {"player": player, "session": session.pk, "reason": "x"}, format="json"
    )
    assert refused.status_code == 403
    assert not VipReferral.objects.exists()
    assert not AuditEvent.objects.filter(action="player.vip_referral").exists()


def test_the_form_on_the_table_screen_and_the_player_tracking_sheet(
    staff, casino, seated, tmp_path
):
    # SEAT-12 from the table screen; RPT-14: the sheet lists the recorded referral.
    session, player = seated
    client = client_for(staff["supervisor"], "supervisor")
    screen = client.get(f"/floor/tables/{session.table_id}/").content.decode()
    assert 'id="vip-referral"' in screen and "Eva Ríos" in screen.split('id="vip-referral"')[1]
    posted = client.post(
        f"/floor/sessions/{session.pk}/vip-referral/",
        {"player": str(player), "reason": "Pidió información de la membresía"},
    )
    assert posted.status_code == 302
    row = VipReferral.objects.get()
    assert (row.player_id, row.table_id, row.referred_by) == (
        player,
        session.table_id,
        staff["supervisor"],
    )
    text = pdf_text(render("player_tracking", casino, {"session": session.pk}).pdf, tmp_path)
    referrals = text.split("Referencias VIP", 1)[1]
    assert "Eva Ríos" in referrals and "Pidió información de la membresía" in referrals
    # Another table's supervisor gets the refusal on the page, and nothing is written.
    other = client_for(staff["supervisor2"], "supervisor")
    other.post(
        f"/floor/sessions/{session.pk}/vip-referral/", {"player": str(player), "reason": "x"}
    )
    assert VipReferral.objects.count() == 1
