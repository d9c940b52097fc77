"""Only the people assigned to a table sign its sheets and record on it (issue 12 §1).

Through the API, as the real actors: the session's supervisor (or the relief whose
takeover is recorded), the croupier on duty (PIN on that supervisor's terminal), a pit
boss of the table's sector, and the shift manager standing in for the pit boss only
with a written reason. Everyone else is refused with 403 and a precise code, and the
refusal writes nothing (the row-level change detector of tests/security).
"""

from __future__ import annotations

from typing import Any

import pytest

from casino.models import AuditEvent, Sector
from casino.roles import Role
from tables import services
from tables.models import (
    ClosingSheet,
    OpeningSheet,
    SessionEvent,
    SupervisorRelief,
    TableSession,
)
from tests.casino.test_api import assert_error_shape
from tests.security.changes import ChangeDetector

from .conftest import act, count_lines, open_session, open_table
from .openapi import assert_matches_schema

pytestmark = pytest.mark.django_db

REASON = "El jefe de sector está en la caja por un relleno"


@pytest.fixture
def detector() -> ChangeDetector:
    return ChangeDetector().install()


@pytest.fixture
def other_sector(casino, staff) -> Sector:
    """Sector P2, whose pit boss is pit_boss2: the other sector's pit boss."""
    p2 = Sector.objects.create(casino=casino, code="P2", name="Sector 2")
    p2.pit_bosses.add(staff["pit_boss2"])
    return p2


@pytest.fixture
def opening(staff, gaming_day, table, other_sector) -> OpeningSheet:
    """A session of table 1 (sector P1) at the opening, supervised by ``supervisor`` with
    ``croupier`` on duty, its float counted as expected."""
    assert table.sector.pit_bosses.filter(pk=staff["pit_boss"].pk).exists()
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR), sheet=sheet, lines=count_lines(sheet)
    )
    return sheet


@pytest.fixture
def closing(staff, gaming_day, table, other_sector) -> ClosingSheet:
    """The same table, opened, closed for the day: closing counted, rack confirmed empty."""
    session = open_table(staff, table)
    services.closing_start(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        security_officer=staff["security"],
    )
    sheet = ClosingSheet.objects.get(session=session)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    return sheet


def _url(sheet: OpeningSheet | ClosingSheet, what: str) -> str:
    part = "openings" if isinstance(sheet, OpeningSheet) else "closings"
    return f"/api/{part}/{sheet.pk}/{what}/"


def _refused(response: Any, status: int, code: str, detector: ChangeDetector, mark: int) -> None:
    assert response.status_code == status, response.content
    assert_error_shape(response.json(), code)
    assert detector.since(mark) == [], detector.since(mark)


def _sign_first_two(api, staff, sheet) -> None:
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    body = {"role": "croupier", "signer": "croupier", "pin": "1234"}
    assert sup.post(_url(sheet, "sign"), body, format="json").status_code == 200
    assert sup.post(_url(sheet, "sign"), {"role": "supervisor"}, format="json").status_code == 200


@pytest.mark.parametrize("part", ["opening", "closing"])
def test_the_unassigned_supervisor_neither_signs_nor_counts(
    part, request, staff, api, detector
):  # issue 12 §1: NOT_SESSION_SUPERVISOR, nothing written
    sheet = request.getfixturevalue(part)
    other = api(staff["supervisor2"], Role.SUPERVISOR)
    mark = detector.mark()
    signed = other.post(_url(sheet, "sign"), {"role": "supervisor"}, format="json")
    _refused(signed, 403, "NOT_SESSION_SUPERVISOR", detector, mark)
    counted = other.post(_url(sheet, "count"), {"lines": count_lines(sheet)}, format="json")
    _refused(counted, 403, "NOT_SESSION_SUPERVISOR", detector, mark)
    # Nor does he type the croupier's PIN on his own terminal.
    body = {"role": "croupier", "signer": "croupier", "pin": "1234"}
    pin = other.post(_url(sheet, "sign"), body, format="json")
    _refused(pin, 403, "PIN_TERMINAL_NOT_SUPERVISOR", detector, mark)
    assert not sheet.signatures().exists()


@pytest.mark.parametrize("part", ["opening", "closing"])
def test_the_other_sectors_pit_boss_does_not_sign(
    part, request, staff, api, detector
):  # issue 12 §1: NOT_SECTOR_PIT_BOSS, the sheet stays unlocked
    sheet = request.getfixturevalue(part)
    _sign_first_two(api, staff, sheet)
    mark = detector.mark()
    response = api(staff["pit_boss2"], Role.PIT_BOSS).post(
        _url(sheet, "sign"), {"role": "pit_boss"}, format="json"
    )
    _refused(response, 403, "NOT_SECTOR_PIT_BOSS", detector, mark)
    sheet.refresh_from_db()
    assert not sheet.is_locked
    assert sheet.session.status in (TableSession.Status.OPENING, TableSession.Status.CLOSING)


def test_the_off_duty_croupier_is_refused_with_his_right_pin(opening, staff, api, detector):
    # issue 12 §1: croupier2 (PIN 5678) deals no table here: NOT_CROUPIER_ON_DUTY
    mark = detector.mark()
    body = {"role": "croupier", "signer": "croupier2", "pin": "5678"}
    response = api(staff["supervisor"], Role.SUPERVISOR).post(
        _url(opening, "sign"), body, format="json"
    )
    _refused(response, 403, "NOT_CROUPIER_ON_DUTY", detector, mark)
    assert not opening.signatures().exists()


@pytest.mark.parametrize(
    "role", [Role.AUDITOR, Role.SURVEILLANCE, Role.CAGE_CASHIER, Role.SECURITY]
)
def test_other_roles_cannot_record_the_croupiers_signature(
    role, opening, staff, api, detector
):  # issue 12 §1: the PIN is typed on the session supervisor's terminal only
    mark = detector.mark()
    body = {"role": "croupier", "signer": "croupier", "pin": "1234"}
    response = api(staff[role.value], role).post(_url(opening, "sign"), body, format="json")
    _refused(response, 403, "PIN_TERMINAL_NOT_SUPERVISOR", detector, mark)
    assert not opening.signatures().exists()


@pytest.mark.parametrize("part", ["opening", "closing"])
def test_the_shift_manager_signs_the_pit_boss_line_only_with_a_reason(
    part, request, staff, api, detector
):  # issue 12 §1: the override is recorded with its reason
    sheet = request.getfixturevalue(part)
    _sign_first_two(api, staff, sheet)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    mark = detector.mark()
    bare = manager.post(_url(sheet, "sign"), {"role": "pit_boss"}, format="json")
    _refused(bare, 400, "OVERRIDE_REASON_REQUIRED", detector, mark)
    assert bare.json()["field"] == "override_reason"
    short = manager.post(
        _url(sheet, "sign"), {"role": "pit_boss", "override_reason": "ya"}, format="json"
    )
    _refused(short, 400, "OVERRIDE_REASON_REQUIRED", detector, mark)
    signed = manager.post(
        _url(sheet, "sign"), {"role": "pit_boss", "override_reason": REASON}, format="json"
    )
    assert signed.status_code == 200, signed.json()
    assert_matches_schema(signed, "post")
    assert signed.json()["locked"] is True and signed.json()["signer"] == "shift_manager"
    event = AuditEvent.objects.get(action=f"{sheet.DOCUMENT_KIND}.sign", after__role="pit_boss")
    assert event.after["override"] == {"stands_in_for": "pit_boss", "by": "shift_manager"}
    assert event.reason == REASON and event.actor == staff["shift_manager"]


def test_a_relief_supervisor_takes_over_and_the_old_one_is_refused(
    opening, staff, api, detector
):  # issue 12 §1: the relief is recorded with time and reason
    session = opening.session
    url = f"/api/sessions/{session.pk}/supervisor-relief/"
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    mark = detector.mark()
    cases = [
        (api(staff["supervisor"], Role.SUPERVISOR), {"incoming": "supervisor2"}, 403),
        (api(staff["pit_boss2"], Role.PIT_BOSS), {"incoming": "supervisor2"}, 403),
        (boss, {"incoming": "supervisor2", "reason": " "}, 400),
        (boss, {"incoming": "supervisor", "reason": REASON}, 400),
        (boss, {"incoming": "croupier2", "reason": REASON}, 400),
    ]
    codes = []
    for client, body, status in cases:
        response = client.post(url, {"reason": REASON, **body}, format="json")
        assert response.status_code == status, (body, response.content)
        codes.append(response.json()["code"])
    assert codes == [
        "PERMISSION_DENIED",
        "NOT_SECTOR_PIT_BOSS",
        "RELIEF_REASON_REQUIRED",
        "RELIEF_SAME_SUPERVISOR",
        "STAFF_ROLE_MISSING",
    ]
    assert detector.since(mark) == []
    relieved = boss.post(
        url,
        {"incoming": "supervisor2", "reason": "Descanso programado"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="relief-1",
    )
    assert relieved.status_code == 201, relieved.json()
    assert_matches_schema(relieved, "post")
    replay = boss.post(
        url,
        {"incoming": "supervisor2", "reason": "Descanso programado"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="relief-1",
    )
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"
    relief = SupervisorRelief.objects.get(session=session)
    assert (relief.outgoing, relief.incoming, relief.recorded_by) == (
        staff["supervisor"],
        staff["supervisor2"],
        staff["pit_boss"],
    )
    event = AuditEvent.objects.get(action="session.supervisor_relief")
    assert event.before == {"supervisor": "supervisor"} and event.reason == "Descanso programado"
    detail = boss.get(f"/api/sessions/{session.pk}/").json()
    assert detail["supervisor"] == "supervisor2"
    assert [r["incoming"] for r in detail["supervisor_reliefs"]] == ["supervisor2"]
    # The old supervisor is refused; the relief counts, takes the PIN and signs.
    old, new = api(staff["supervisor"], Role.SUPERVISOR), api(staff["supervisor2"], Role.SUPERVISOR)
    mark = detector.mark()
    lines = {"lines": count_lines(opening)}
    _refused(
        old.post(_url(opening, "count"), lines, format="json"),
        403,
        "NOT_SESSION_SUPERVISOR",
        detector,
        mark,
    )
    _refused(
        old.post(_url(opening, "sign"), {"role": "supervisor"}, format="json"),
        403,
        "NOT_SESSION_SUPERVISOR",
        detector,
        mark,
    )
    assert new.post(_url(opening, "count"), lines, format="json").status_code == 200
    # The supervisor's own work lists: the relief sees the sheet, the old one no more.
    assert [q["id"] for q in new.get("/api/sheets/to-sign/").json()] == [opening.pk]
    assert old.get("/api/sheets/to-sign/").json() == []
    body = {"role": "croupier", "signer": "croupier", "pin": "1234"}
    assert new.post(_url(opening, "sign"), body, format="json").status_code == 200
    signed = new.post(_url(opening, "sign"), {"role": "supervisor"}, format="json")
    assert signed.status_code == 200 and signed.json()["signer"] == "supervisor2"
    # The shift manager records a relief too (casino-wide).
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    back = manager.post(
        url, {"incoming": "supervisor", "reason": "Vuelve del descanso"}, format="json"
    )
    assert back.status_code == 201, back.json()
    assert old.post(_url(opening, "count"), lines, format="json").status_code != 403


def test_recording_on_a_session_needs_the_assignment(opening, staff, api, detector):
    # issue 12 §1: dealer change, last hand, closing, suspension by the wrong people
    session = opening.session
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    _sign_first_two(api, staff, opening)
    assert boss.post(_url(opening, "sign"), {"role": "pit_boss"}, format="json").status_code == 200
    base = f"/api/sessions/{session.pk}"
    other_sup = api(staff["supervisor2"], Role.SUPERVISOR)
    other_boss = api(staff["pit_boss2"], Role.PIT_BOSS)
    mark = detector.mark()
    cases = [
        (other_sup, "dealer-changes", {"incoming": "croupier2"}, "NOT_SESSION_SUPERVISOR"),
        (other_boss, "dealer-changes", {"incoming": "croupier2"}, "NOT_SECTOR_PIT_BOSS"),
        (other_sup, "last-hand", {"last_hand_number": 3}, "NOT_SESSION_SUPERVISOR"),
        (other_sup, "closing", {"security_officer": "security"}, "NOT_SESSION_SUPERVISOR"),
        (other_boss, "closing", {"security_officer": "security"}, "NOT_SECTOR_PIT_BOSS"),
    ]
    for client, what, body, code in cases:
        response = client.post(f"{base}/{what}/", body, format="json")
        assert response.status_code == 403, (what, response.content)
        assert response.json()["code"] == code, (what, response.json())
    assert detector.since(mark) == []
    # The cards of a suspended table go to a pit boss of its sector.
    session.status = TableSession.Status.IN_PLAY
    session.save(update_fields=["status"])
    mark = detector.mark()
    suspend = boss.post(
        f"{base}/suspend/",
        {"reason": "Disputa", "float_locked": True, "cards_handed_to": "pit_boss2"},
        format="json",
    )
    _refused(suspend, 403, "NOT_SECTOR_PIT_BOSS", detector, mark)
    assert suspend.json()["field"] == "cards_handed_to"
    assert not SessionEvent.objects.filter(session=session, kind="suspended").exists()


def test_the_signing_queue_shows_only_my_sessions(opening, staff, api):
    # issue 12 §1: a supervisor sees their sessions, a pit boss their sector's tables
    def queue(user: str, role: Role) -> list[int]:
        return [q["id"] for q in api(staff[user], role).get("/api/sheets/to-sign/").json()]

    assert queue("supervisor", Role.SUPERVISOR) == [opening.pk]
    assert queue("supervisor2", Role.SUPERVISOR) == []
    assert queue("pit_boss", Role.PIT_BOSS) == [opening.pk]
    assert queue("pit_boss2", Role.PIT_BOSS) == []


def test_the_pages_record_a_relief_and_an_override_with_its_reason(opening, staff, api):
    # issue 12 §1: the pages call the same services and show their refusal
    from django.urls import reverse

    from .test_pages import client_for

    session = opening.session
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    table_page = boss.get(reverse("tables:table", args=[session.table_id])).content.decode()
    assert reverse("tables:act", args=["supervisor-relief", session.pk]) in table_page
    shown = boss.post(
        reverse("tables:act", args=["supervisor-relief", session.pk]),
        {"incoming": "supervisor2", "reason": ""},
        follow=True,
    )
    assert "motivo del relevo" in shown.content.decode()
    assert not SupervisorRelief.objects.exists()
    boss.post(
        reverse("tables:act", args=["supervisor-relief", session.pk]),
        {"incoming": "supervisor2", "reason": "Descanso programado"},
    )
    assert SupervisorRelief.objects.get(session=session).incoming == staff["supervisor2"]
    relief = client_for(staff["supervisor2"], Role.SUPERVISOR)
    for body in ({"role": "croupier", "signer": "croupier", "pin": "1234"}, {"role": "supervisor"}):
        relief.post(reverse("tables:act", args=["sign", opening.pk]), {"part": "opening", **body})
    assert opening.signed_roles() == {"croupier", "supervisor"}
    manager = client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
    sheet_page = manager.get(reverse("tables:opening", args=[opening.pk])).content.decode()
    assert 'name="override_reason"' in sheet_page
    sign = reverse("tables:act", args=["sign", opening.pk])
    refused = manager.post(sign, {"part": "opening", "role": "pit_boss"}, follow=True)
    assert "necesita un motivo escrito" in refused.content.decode()  # issue 41 §2
    opening.refresh_from_db()
    assert not opening.is_locked
    manager.post(sign, {"part": "opening", "role": "pit_boss", "override_reason": REASON})
    opening.refresh_from_db()
    assert opening.is_locked
