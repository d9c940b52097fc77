"""What the closing leaves on the record after the three signatures (CLOSE-09, CLOSE-14,
CLOSE-15), recorded through the API as the floor does, and read back from the printed
opening-and-closing sheet.

The float is locked and a pit boss verifies it; the pit boss examines the closed table;
management releases the croupier, and the release time is the event's time. The
supervisor who closed the table may not attest the inspection of his own table.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from casino.models import AuditEvent
from casino.roles import Role
from tables import services
from tables.models import ClosingSheet, SessionEvent
from tests.reports.conftest import pdf_text, render

from .conftest import act, count_lines, sign_three
from .test_sessions import play

pytestmark = pytest.mark.django_db


def closed(staff, table, store):  # type: ignore[no-untyped-def]
    """A table played and closed with its three signatures (CLOSE-04..10)."""
    session = play(staff, table, store)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.session_announce_last_hand(actor=boss, session=session, last_hand_number=0)
    services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    sheet = ClosingSheet.objects.get(session=session)
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet, {"5": 160}))
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    assert sign_three(staff, sheet, services.closing_sign).locked
    session.refresh_from_db()
    return session


def shown(user):  # type: ignore[no-untyped-def]
    return user.get_full_name() or user.username


def events(session):  # type: ignore[no-untyped-def]
    return list(SessionEvent.objects.filter(session=session).values_list("kind", flat=True))


def test_close_09_14_15_lock_inspection_and_release_on_the_record_and_the_sheet(
    api, staff, gaming_day, table, store, tmp_path
):  # type: ignore[no-untyped-def]
    session = closed(staff, table, store)
    url = f"/api/sessions/{session.pk}/events/"
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)

    # CLOSE-09: the float locked, and the pit boss who checked the compartment.
    r = sup.post(url, {"kind": "float_locked", "person": "pit_boss"}, format="json")
    assert r.status_code == 201, r.json()
    # Without a verifier the lock is refused, and nothing is written.
    before = events(session)
    r = sup.post(url, {"kind": "float_locked"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "VERIFIER_REQUIRED"
    assert events(session) == before

    # CLOSE-14: the supervisor who closed the table cannot attest its inspection.
    r = sup.post(url, {"kind": "table_inspected"}, format="json")
    assert r.status_code == 403, r.json()
    assert events(session) == before
    r = boss.post(url, {"kind": "table_inspected", "note": "Todo guardado."}, format="json")
    assert r.status_code == 201, r.json()

    # CLOSE-15: the croupier leaves when management says so; a supervisor cannot release him.
    r = sup.post(url, {"kind": "croupier_released", "person": "croupier"}, format="json")
    assert r.status_code == 403
    r = manager.post(url, {"kind": "croupier_released", "person": "supervisor"}, format="json")
    assert r.status_code == 400 and r.json()["field"] == "person"  # not a croupier
    r = manager.post(url, {"kind": "croupier_released", "person": "croupier"}, format="json")
    assert r.status_code == 201, r.json()

    release = SessionEvent.objects.get(session=session, kind="croupier_released")
    assert (release.recorded_by, release.person) == (staff["shift_manager"], staff["croupier"])
    inspection = SessionEvent.objects.get(session=session, kind="table_inspected")
    assert inspection.recorded_by == staff["pit_boss"]
    lock = SessionEvent.objects.filter(session=session, kind="float_locked").latest("id")
    assert lock.person == staff["pit_boss"]
    assert (
        AuditEvent.objects.filter(
            action__in=[
                "session.event.float_locked",
                "session.event.table_inspected",
                "session.event.croupier_released",
            ]
        ).count()
        >= 3
    )

    # The printed sheet carries each one: what, who recorded it, and the person named.
    report = render("sheet", session.table.casino, {"session": session.pk})
    text = pdf_text(report.pdf, tmp_path)
    flat = " ".join(pdf_text(report.pdf, tmp_path, layout=False).split())
    for label in (
        "Banca cerrada con llave y verificada",
        "Mesa inspeccionada tras el cierre — Todo guardado.",
        "Croupier liberado",
    ):
        assert label in flat, label
    inspected_line = next(line for line in text.splitlines() if "Mesa inspeccionada" in line)
    assert shown(staff["pit_boss"]) in inspected_line
    released_line = next(line for line in text.splitlines() if "Croupier liberado" in line)
    assert shown(staff["shift_manager"]) in released_line
    assert shown(staff["croupier"]) in released_line
    # CLOSE-15's release time is the event's time, printed in the casino's zone.
    assert timezone.localtime(release.at).strftime("%d/%m/%Y %H:%M") in released_line
