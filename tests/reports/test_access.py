"""RPT-17: who may request which report, through the API; refusals queue nothing."""

from __future__ import annotations

import pytest

from casino.models import AuditEvent
from casino.roles import Role
from reports.models import Report

pytestmark = pytest.mark.django_db


def request(api, user, role, kind, params):  # type: ignore[no-untyped-def]
    return api(user, role).post("/api/reports/", {"kind": kind, "params": params}, format="json")


def counts() -> tuple[int, int]:
    return Report.objects.count(), AuditEvent.objects.filter(action="report.request").count()


def test_supervisor_sees_only_the_sessions_they_supervised(day, staff, api):  # RPT-17
    session = {"session": day.session.pk}
    for kind in ("sheet", "table_card", "slips", "hands"):
        ok = request(api, staff["supervisor"], Role.SUPERVISOR, kind, session)
        assert ok.status_code == 202, (kind, ok.json())
    before = counts()
    for kind in ("sheet", "table_card", "slips", "hands"):
        refused = request(api, staff["supervisor2"], Role.SUPERVISOR, kind, session)
        assert refused.status_code == 403, kind
        assert refused.json()["code"] == "REPORT_OUT_OF_SCOPE"
        assert refused.json()["message"]["es"] and refused.json()["message"]["en"]
    date = day.session.gaming_day.business_date.isoformat()
    # A day-wide log needs the table; with their table, the supervisor gets it.
    no_table = request(api, staff["supervisor"], Role.SUPERVISOR, "deck_custody", {"date": date})
    assert no_table.status_code == 400 and no_table.json()["code"] == "TABLE_REQUIRED"
    other = request(
        api, staff["supervisor2"], Role.SUPERVISOR, "deck_custody", {"date": date, "table": 7}
    )
    assert other.status_code == 403
    master = request(api, staff["supervisor"], Role.SUPERVISOR, "gaming_day", {"date": date})
    assert master.status_code == 403 and master.json()["code"] == "REPORT_NOT_ALLOWED"
    assert counts() == before
    own = request(
        api, staff["supervisor"], Role.SUPERVISOR, "deck_custody", {"date": date, "table": 7}
    )
    assert own.status_code == 202


def test_pit_boss_sees_their_sector(day, staff, api, sector):  # RPT-17
    session = {"session": day.session.pk}
    assert request(api, staff["pit_boss"], Role.PIT_BOSS, "sheet", session).status_code == 202
    before = counts()
    refused = request(api, staff["pit_boss2"], Role.PIT_BOSS, "sheet", session)
    assert refused.status_code == 403 and refused.json()["code"] == "REPORT_OUT_OF_SCOPE"
    date = day.session.gaming_day.business_date.isoformat()
    master = request(api, staff["pit_boss"], Role.PIT_BOSS, "gaming_day", {"date": date})
    assert master.status_code == 403
    assert counts() == before
    # Room-wide books the pit boss keeps: the day's deck log and the sanctions ledger.
    for kind in ("deck_custody", "sanctions"):
        assert (
            request(api, staff["pit_boss"], Role.PIT_BOSS, kind, {"date": date}).status_code == 202
        )
    sector.pit_bosses.add(staff["pit_boss2"])
    assert request(api, staff["pit_boss2"], Role.PIT_BOSS, "sheet", session).status_code == 202


def test_managers_and_auditors_see_everything(day, staff, api):  # RPT-17
    date = day.session.gaming_day.business_date.isoformat()
    every = {
        "sheet": {"session": day.session.pk},
        "table_card": {"session": day.session.pk},
        "slips": {"session": day.session.pk},
        "hands": {"session": day.session.pk},
        "deck_custody": {"date": date},
        "sanctions": {"date": date},
        "gaming_day": {"date": date},
        "rake": {"date": date},
        "exceptions": {"date": date},
        "keys": {"date": date},
        "irregularities": {"date": date},
    }
    for who, role in (("shift_manager", Role.SHIFT_MANAGER), ("auditor", Role.AUDITOR)):
        for kind, params in every.items():
            response = request(api, staff[who], role, kind, params)
            assert response.status_code == 202, (who, kind, response.json())
    # The cage cashier prints the slips it issues (RPT-03), and nothing else of a table.
    cashier = staff["cage_cashier"]
    assert request(api, cashier, Role.CAGE_CASHIER, "slips", every["slips"]).status_code == 202
    assert request(api, cashier, Role.CAGE_CASHIER, "sheet", every["sheet"]).status_code == 403
    assert request(api, cashier, Role.CAGE_CASHIER, "table_card", every["sheet"]).status_code == 403


def test_bad_parameters_are_refused_with_the_field(day, staff, api):
    manager = staff["shift_manager"]
    missing = request(api, manager, Role.SHIFT_MANAGER, "sheet", {})
    assert missing.status_code == 400 and missing.json()["field"] == "session"
    unknown = request(api, manager, Role.SHIFT_MANAGER, "sheet", {"session": 999999})
    assert unknown.status_code == 404 and unknown.json()["code"] == "SESSION_NOT_FOUND"
    no_day = request(api, manager, Role.SHIFT_MANAGER, "gaming_day", {"date": "1999-01-01"})
    assert no_day.status_code == 404 and no_day.json()["code"] == "GAMING_DAY_NOT_FOUND"
    one_date = request(api, manager, Role.SHIFT_MANAGER, "sanctions", {"date_from": "2026-01-01"})
    assert one_date.status_code == 400 and one_date.json()["field"] == "date_to"


def test_every_download_of_a_data_report_is_audited(
    day, staff, api, django_capture_on_commit_callbacks
):  # issue 7 §10
    with django_capture_on_commit_callbacks(execute=True):
        response = request(
            api, staff["supervisor"], Role.SUPERVISOR, "table_card", {"session": day.session.pk}
        )
    report = Report.objects.get(pk=response.json()["id"])
    assert report.status == Report.Status.DONE and report.pages >= 1
    client = api(staff["supervisor"], Role.SUPERVISOR)
    for _ in range(2):
        assert client.get(f"/api/reports/{report.pk}/download/").status_code == 200
    assert (
        AuditEvent.objects.filter(action="report.download", object_id=str(report.pk)).count() == 2
    )
    # Another supervisor cannot download it either.
    other = api(staff["supervisor2"], Role.SUPERVISOR).get(f"/api/reports/{report.pk}/download/")
    assert other.status_code in (403, 404)
