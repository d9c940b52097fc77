"""Procedure records of the casino (issue 17 §4): where to find help for problem gambling
(CONDUCT-07) and the management's preparation checklist (PREP-01). The table's shuffle
and mixed-game switch are in tests/hands/test_shuffle_and_mixed.py.

Through the API and the pages the staff use, and the house rules PDF as printed (read
back with pdftotext).
"""

from __future__ import annotations

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from casino.models import AuditEvent
from casino.roles import Role
from reports.models import Report
from tables.models import PreparationChecklist
from tests.reports.conftest import pdf_text

from .conftest import open_table

pytestmark = pytest.mark.django_db


def _page(user, role: Role, lang: str = "es") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role.value
    session.save()
    return client


def _set(api, staff, table, **changes):
    return api(staff["shift_manager"]).post(
        f"/api/tables/{table.pk}/settings/", {"reason": "issue 17", **changes}, format="json"
    )


# --- CONDUCT-07 ---------------------------------------------------------------------------


def _house_rules_text(api, staff, capture, tmp_path, lang="es"):
    with capture(execute=True):
        resp = api(staff["pit_boss"]).post(
            "/api/reports/",
            {"kind": "house_rules", "lang": lang, "params": {"ruleset": "manual"}},
            format="json",
        )
    assert resp.status_code == 202, resp.content
    report = Report.objects.get(pk=resp.json()["id"])
    download = api(staff["pit_boss"]).get(f"/api/reports/{report.pk}/download/")
    return pdf_text(b"".join(download.streaming_content), tmp_path, layout=False)


def test_the_house_rules_say_where_to_find_help(
    staff, api, django_capture_on_commit_callbacks, tmp_path, settings
):
    # CONDUCT-07: the generic text until the casino sets its own, then the casino's.
    settings.MEDIA_ROOT = tmp_path
    text = " ".join(
        _house_rules_text(api, staff, django_capture_on_commit_callbacks, tmp_path).split()
    )
    assert "Dónde pedir ayuda" in text and "juego responsable" in text
    own = "Línea de ayuda Juego Responsable 0800-444-4000 — www.juegoresponsable.example"
    changed = api(staff["shift_manager"]).post(
        "/api/table-ops-settings/",
        {"reason": "CONDUCT-07", "problem_gambling_help": own},
        format="json",
    )
    assert changed.status_code == 201, changed.content
    assert changed.json()["problem_gambling_help"] == own
    text = " ".join(
        _house_rules_text(api, staff, django_capture_on_commit_callbacks, tmp_path).split()
    )
    assert "0800-444-4000" in text and "www.juegoresponsable.example" in text


# --- PREP-01 ------------------------------------------------------------------------------

PREP = "/api/preparation-checklist/"
ITEMS = {"spaces_inspected": True, "cards_checked": True, "documents_compared": True}


def test_the_shift_manager_signs_the_days_checklist_once(staff, api, gaming_day):
    # PREP-01: one per gaming day, by the shift manager; a second one is refused (409).
    assert api(staff["shift_manager"]).get(PREP).status_code == 404
    signed = api(staff["shift_manager"]).post(
        PREP, {**ITEMS, "deficiencies": "Mesa 3: paño manchado, cambiado"}, format="json"
    )
    assert signed.status_code == 201, signed.content
    body = signed.json()
    assert body["signed_by"] == "shift_manager" and body["role"] == "shift_manager"
    assert body["deficiencies"] == "Mesa 3: paño manchado, cambiado"
    assert AuditEvent.objects.filter(
        action="tables.preparation_checklist", object_id=str(body["id"])
    ).exists()
    again = api(staff["shift_manager"]).post(PREP, ITEMS, format="json")
    assert again.status_code == 409 and again.json()["code"] == "CHECKLIST_ALREADY_SIGNED"
    assert PreparationChecklist.objects.count() == 1
    assert api(staff["pit_boss"]).get(PREP).json()["id"] == body["id"]


def test_the_checklist_is_refused_to_another_role_or_unticked(staff, api, gaming_day):
    # PREP-01: the supervisor may not sign it; every item must be confirmed.
    refused = api(staff["supervisor"]).post(PREP, ITEMS, format="json")
    assert refused.status_code == 403
    unticked = api(staff["shift_manager"]).post(
        PREP, {**ITEMS, "cards_checked": False}, format="json"
    )
    assert unticked.status_code == 400 and unticked.json()["field"] == "cards_checked"
    assert PreparationChecklist.objects.count() == 0


def test_the_checklist_keeps_the_documents_compared(staff, api, gaming_day, table):
    # PREP-01 (c), GEN-10: each table's last signed closing is on the record.
    signed = api(staff["shift_manager"]).post(PREP, ITEMS, format="json").json()
    assert {"table": table.number, "last_closing": None, "locked_at": None, "total": None} in (
        signed["documents"]
    )


def test_an_opening_waits_for_the_checklist_when_the_casino_asks(staff, api, gaming_day, table):
    # PREP-01: off by default (the existing opening flow); with the setting on, a table
    # opens only after the day's checklist.
    on = api(staff["shift_manager"]).post(
        "/api/table-ops-settings/",
        {"reason": "PREP-01", "require_preparation_checklist": True},
        format="json",
    )
    assert on.status_code == 201, on.content
    body = {"supervisor": "supervisor", "croupier": "croupier"}
    refused = api(staff["pit_boss"]).post(f"/api/tables/{table.pk}/sessions/", body, format="json")
    assert refused.status_code == 409, refused.content
    assert refused.json()["code"] == "PREPARATION_CHECKLIST_MISSING"
    assert api(staff["shift_manager"]).post(PREP, ITEMS, format="json").status_code == 201
    assert open_table(staff, table).status == "open"
