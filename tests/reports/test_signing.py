"""Signing the closing reports in Mesa, and their signed copies (CLOSE-11).

- RPT-06 table control sheet: the table supervisor, then a pit boss of the table's sector;
- RPT-07 sector sheet: a pit boss of the sector (seed 000 §9.1(9) names only them);
- RPT-14 player tracking sheet: the supervisor hands it over, the pit boss receives it.

The day is tests/reports/scenario.py (table 7, sector P1, closed) played through the
services; reports are requested and rendered with the code the Celery task runs; every
refusal is shown to write nothing (rows counted before and after).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import DatabaseError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from casino.access import acting_as
from casino.errors import DomainError
from casino.inbox import items_for
from casino.models import AuditEvent, Signature
from casino.roles import Role
from reports import services, signing
from reports.models import Report, SignableReport
from tests.helpers import make_staff
from tests.pg_roles import as_owner

from .conftest import pdf_text
from .scenario import open_session

pytestmark = pytest.mark.django_db

S, P = Role.SUPERVISOR, Role.PIT_BOSS


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def named(staff):  # type: ignore[no-untyped-def]
    """Real names for the people who sign, so the signed copy can be read back."""
    for key, first, last in (("supervisor", "Lucía", "Fernández"), ("pit_boss", "Martín", "Ruiz")):
        user = staff[key]
        user.first_name, user.last_name = first, last
        user.save(update_fields=["first_name", "last_name"])
    return staff


def archived(user: Any, role: Role, kind: str, params: dict[str, Any]) -> Report:
    """Request a report and render it as the worker does (the archived file and its hash)."""
    report = services.report_request(actor=acting_as(user, role), kind=kind, params=params)
    return services.report_render(report.pk)


def counts() -> tuple[int, int, int, int]:
    return (
        SignableReport.objects.count(),
        Signature.objects.count(),
        # A wrong PIN is itself an audit event that outlives the refusal (issue 12 §3,
        # tests/casino/test_pins.py); every other write must still be absent.
        AuditEvent.objects.exclude(action__startswith="staff.pin_").count(),
        Report.objects.count(),
    )


def refused(code: str, attempt: Any) -> DomainError:
    """``attempt`` is refused with ``code`` and nothing at all is written."""
    before = counts()
    with pytest.raises(DomainError) as err:
        attempt()
    assert err.value.code == code, (err.value.code, err.value.message_en)
    assert counts() == before
    return err.value


def sign(user: Any, role: Role, report: Report, **kw: Any) -> Any:
    return signing.report_sign(actor=acting_as(user, role), report=report, **kw)


def resolve_invalid_hand(day: Any, staff: Any) -> None:
    """A change after closing that the control sheet shows: the invalid hand gets resolved."""
    from hands import services as hands

    invalid = day.hands[-1]
    override = hands.hand_override(
        actor=acting_as(staff["supervisor"], S), hand=invalid, reason="Stack recounted"
    )
    hands.hand_review(
        actor=acting_as(staff["pit_boss"], P), hand=invalid, correction_id=override.pk, note="Ok"
    )


# --------------------------------------------------------------------------- RPT-06


def test_control_sheet_is_signed_by_the_supervisor_then_the_pit_boss_and_locked(
    day, named, sector
):  # CLOSE-11, RPT-06
    report = archived(named["supervisor"], S, "control_sheet", {"session": day.session.pk})
    # The pit boss does not sign before the supervisor (the sheet's order).
    refused("SIGNATURE_OUT_OF_ORDER", lambda: sign(named["pit_boss"], P, report))
    first = sign(named["supervisor"], S, report)
    assert first.locked is False
    second = sign(named["pit_boss"], P, report)
    assert second.locked is True
    doc = SignableReport.objects.get(report=report)
    assert doc.is_locked and doc.locked_hash == doc.signing_hash()
    # The signatures bind the archived file's SHA-256 and the report's parameters.
    assert (doc.file_sha256, doc.content_sha256) == (report.sha256, report.content_sha256)
    assert doc.params == {"session": day.session.pk} and doc.session_id == day.session.pk
    sigs = list(doc.signatures())
    assert [(s.role, s.signer_id) for s in sigs] == [
        ("supervisor", named["supervisor"].pk),
        ("pit_boss", named["pit_boss"].pk),
    ]
    assert {s.content_hash for s in sigs} == {doc.signing_hash()}
    events = AuditEvent.objects.filter(action="report.sign", object_id=str(doc.pk))
    assert events.count() == 2
    assert events.order_by("at", "id").last().after["locked"] is True
    # Locked: no further signature, not even by another pit boss of the sector.
    sector.pit_bosses.add(named["pit_boss2"])
    refused("DOCUMENT_LOCKED", lambda: sign(named["pit_boss2"], P, report))


def test_pit_boss_signs_with_a_pin_on_the_supervisors_terminal(day, staff, api):  # CLOSE-11
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    client = api(staff["supervisor"], S)
    url = reverse("api-reports-signatures", args=[report.pk])
    assert client.post(url, {}, format="json").status_code == 200  # the supervisor
    before = counts()
    wrong = client.post(
        url, {"role": "pit_boss", "signer": "pit_boss", "pin": "0000"}, format="json"
    )
    assert wrong.status_code == 403 and wrong.json()["code"] == "PIN_INVALID"
    missing = client.post(url, {"role": "pit_boss", "signer": "pit_boss"}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "PIN_REQUIRED"
    assert counts() == before
    ok = client.post(url, {"role": "pit_boss", "signer": "pit_boss", "pin": "1234"}, format="json")
    assert ok.status_code == 200, ok.json()
    body = ok.json()
    assert body["locked"] is True and body["missing_roles"] == []
    boss = [s for s in body["signatures"] if s["role"] == "pit_boss"][0]
    assert (boss["signer"], boss["method"]) == ("pit_boss", "pin")
    sig = SignableReport.objects.get(pk=body["document"]).signatures().get(role="pit_boss")
    assert sig.recorded_by_id == staff["supervisor"].pk  # the terminal's operator
    listed = client.get(url).json()
    assert listed["locked"] is True and listed["file_sha256"] == report.sha256
    # issue 12 §3: on a line already signed, a right PIN and a wrong one get one answer,
    # so the refusal cannot be used to test PINs.
    again = {"role": "pit_boss", "signer": "pit_boss"}
    right = client.post(url, {**again, "pin": "1234"}, format="json")
    guess = client.post(url, {**again, "pin": "0000"}, format="json")
    assert (right.status_code, right.json()["code"]) == (guess.status_code, guess.json()["code"])
    assert right.status_code == 409


def test_one_person_signs_one_role_per_sheet(day, staff, sector):  # CLOSE-11, RPT-06, ROLE-14
    from django.contrib.auth.models import Group

    both = staff["supervisor"]  # the session's supervisor is also a pit boss of the sector
    both.groups.add(Group.objects.get(name=Role.PIT_BOSS.value))
    both._mesa_roles = None
    sector.pit_bosses.add(both)
    report = archived(both, S, "control_sheet", {"session": day.session.pk})
    sign(both, S, report)
    refused("SIGNER_ALREADY_SIGNED", lambda: sign(both, P, report))
    refused("ROLE_ALREADY_SIGNED", lambda: sign(staff["supervisor"], S, report))


def test_wrong_role_or_person_is_refused_with_403(day, staff, api):  # CLOSE-11, RPT-06
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    url = reverse("api-reports-signatures", args=[report.pk])
    before = counts()
    cases = [
        (staff["auditor"], Role.AUDITOR, {}, "REPORT_SIGN_NOT_ALLOWED"),
        (staff["shift_manager"], Role.SHIFT_MANAGER, {}, "REPORT_SIGN_NOT_ALLOWED"),
        (staff["cage_cashier"], Role.CAGE_CASHIER, {}, "REPORT_SIGN_NOT_ALLOWED"),
        (staff["supervisor"], S, {"role": "shift_manager"}, "REPORT_SIGN_ROLE_NOT_ALLOWED"),
        (staff["supervisor"], S, {"role": "croupier"}, "REPORT_SIGN_ROLE_NOT_ALLOWED"),
        # Not the session's supervisor; not a pit boss of the table's sector (RPT-17).
        (staff["supervisor2"], S, {}, "REPORT_OUT_OF_SCOPE"),
        (staff["pit_boss2"], P, {}, "REPORT_OUT_OF_SCOPE"),
        # The supervisor cannot sign the pit boss's line himself.
        (staff["supervisor"], S, {"role": "pit_boss"}, "REPORT_SIGNER_NOT_NAMED"),
        # Someone the sheet does not name is refused as such, whatever PIN is typed: the
        # PIN is checked last, so its answer cannot be probed (issue 12 §3).
        (
            staff["pit_boss"],
            P,
            {"role": "supervisor", "signer": "supervisor2", "pin": "x"},
            "REPORT_SIGNER_NOT_NAMED",
        ),
    ]
    for user, role, body, code in cases:
        response = api(user, role).post(url, body, format="json")
        assert response.status_code == 403, (role, body, response.content)
        error = response.json()
        assert error["code"] == code, (role, body, error)
        assert set(error["message"]) == {"es", "en"} and "field" in error
    assert counts() == before


def test_a_stale_report_is_refused_with_409_render_again(day, staff, api):  # CLOSE-11, RPT-06
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    resolve_invalid_hand(day, staff)  # the sheet's "unresolved" figure changes
    url = reverse("api-reports-signatures", args=[report.pk])
    before = counts()
    response = api(staff["supervisor"], S).post(url, {}, format="json")
    assert response.status_code == 409
    error = response.json()
    assert error["code"] == "REPORT_STALE"
    assert report.serial in error["message"]["es"] and "genere el informe" in error["message"]["es"]
    assert "render the report again" in error["message"]["en"]
    assert counts() == before
    # The new render is a new document, and it is signed.
    fresh = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    assert fresh.content_sha256 != report.content_sha256
    assert sign(staff["supervisor"], S, fresh).locked is False


def test_data_changing_between_the_signatures_stops_the_second(day, staff):  # CLOSE-11, RPT-06
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    sign(staff["supervisor"], S, report)
    resolve_invalid_hand(day, staff)
    refused("REPORT_STALE", lambda: sign(staff["pit_boss"], P, report))
    assert not SignableReport.objects.get(report=report).is_locked


def test_a_provisional_sheet_is_not_signed(day, staff, casino, sector):  # CLOSE-11, RPT-06
    session = open_session(staff, casino, sector, number=9)  # open, not closed
    report = archived(staff["supervisor"], S, "control_sheet", {"session": session.pk})
    error = refused("REPORT_PROVISIONAL", lambda: sign(staff["supervisor"], S, report))
    assert "9" in error.message_es


def test_locked_document_is_refused_by_the_database_and_a_new_render_is_a_new_document(
    day, staff
):  # CLOSE-11, RPT-06, GEN-09
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    sign(staff["supervisor"], S, report)
    sign(staff["pit_boss"], P, report)
    doc = SignableReport.objects.get(report=report)
    for sql, marker in (
        ('UPDATE "reports_signablereport" SET "file_sha256" = %s WHERE "id" = %s', "MESA_LOCKED"),
        ('DELETE FROM "reports_signablereport" WHERE "id" = %s AND %s IS NOT NULL', "MESA_"),
    ):
        params = ["0" * 64, doc.pk] if sql.startswith("UPDATE") else [doc.pk, "x"]
        with pytest.raises(DatabaseError) as err, transaction.atomic():
            as_owner(
                sql, params
            )  # issue 12 §4: as the owner; the app role has no such privilege (test_db_roles)
        assert marker in str(err.value)
    sig = doc.signatures().first()
    with pytest.raises(DatabaseError) as err, transaction.atomic():
        as_owner('UPDATE "casino_signature" SET "role" = %s WHERE "id" = %s', ["x", sig.pk])
    assert "MESA_IMMUTABLE" in str(err.value)
    doc.refresh_from_db()
    assert doc.is_locked and doc.file_sha256 == report.sha256
    # A later render of the same parameters is another document; the signed one stays.
    again = archived(staff["pit_boss"], P, "control_sheet", {"session": day.session.pk})
    assert sign(staff["supervisor"], S, again).locked is False
    assert SignableReport.objects.filter(session=day.session).count() == 2
    assert SignableReport.objects.get(pk=doc.pk).locked_hash == doc.locked_hash


# --------------------------------------------------------------------------- signed copy


def test_signed_copy_prints_the_names_roles_times_and_fingerprint(
    day, named, tmp_path, django_capture_on_commit_callbacks
):  # CLOSE-11, RPT-06
    report = archived(named["supervisor"], S, "control_sheet", {"session": day.session.pk})
    boss = acting_as(named["pit_boss"], P)
    refused(
        "REPORT_NOT_SIGNED",
        lambda: signing.report_signed_copy_request(actor=boss, report=report),
    )
    plain = squash(pdf_text(services.report_path(report), layout=False))
    assert "firmó el" not in plain and "COPIA FIRMADA" not in plain
    sign(named["supervisor"], S, report)
    sign(named["pit_boss"], P, report, signer=None)
    with django_capture_on_commit_callbacks(execute=True):  # the task runs (eager)
        copy = signing.report_signed_copy_request(actor=boss, report=report)
    copy.refresh_from_db()
    assert copy.status == Report.Status.DONE, copy.message
    assert copy.signed_copy and copy.reprint_of_id == report.pk
    # Same content as the signed original (the signatures are laid over it, not hashed).
    assert copy.content_sha256 == report.content_sha256 and copy.sha256 != report.sha256
    text = squash(pdf_text(services.report_path(copy), layout=False))
    assert f"COPIA FIRMADA — informe {report.serial}" in text
    assert "Supervisor de mesa: Lucía Fernández" in text
    assert "Jefe de sector: Martín Ruiz" in text
    assert text.count("firmó el") == 2
    assert report.sha256 in text.replace(" ", "")  # the signed file's SHA-256
    assert report.content_sha256[:16] in text


def test_no_signed_copy_once_the_data_changed(day, staff, tmp_path):  # CLOSE-11, RPT-06
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    sign(staff["supervisor"], S, report)
    sign(staff["pit_boss"], P, report)
    resolve_invalid_hand(day, staff)
    boss = acting_as(staff["pit_boss"], P)
    refused(
        "SIGNED_CONTENT_CHANGED",
        lambda: signing.report_signed_copy_request(actor=boss, report=report),
    )


def test_signed_copy_through_the_api_and_the_task(
    day, staff, api, django_capture_on_commit_callbacks
):
    # CLOSE-11, RPT-14: the player tracking sheet handed over and received, then its copy
    report = archived(staff["supervisor"], S, "player_tracking", {"session": day.session.pk})
    sign(staff["supervisor"], S, report)
    sign(staff["pit_boss"], P, report)
    with django_capture_on_commit_callbacks(execute=True):
        response = api(staff["supervisor"], S).post(
            reverse("api-reports-signed-copy", args=[report.pk]), {}, format="json"
        )
    assert response.status_code == 202, response.content
    copy = Report.objects.get(pk=response.json()["id"])
    assert copy.status == Report.Status.DONE and copy.signed_copy
    text = squash(pdf_text(services.report_path(copy), layout=False))
    assert "Entrega: supervisor de mesa: Supervisor" in text
    assert "Recibe: jefe de sector: Pit_boss" in text


# --------------------------------------------------------------------------- RPT-07, RPT-14


def test_sector_sheet_is_signed_by_a_pit_boss_of_the_sector(day, staff, api):  # CLOSE-11, RPT-07
    params = {"date": day.session.gaming_day.business_date.isoformat(), "sector": "P1"}
    report = archived(staff["pit_boss"], P, "sector_sheet", params)
    url = reverse("api-reports-signatures", args=[report.pk])
    before = counts()
    for user, role, code in (
        (staff["supervisor"], S, "REPORT_SIGN_NOT_ALLOWED"),
        (staff["pit_boss2"], P, "REPORT_OUT_OF_SCOPE"),
        (staff["shift_manager"], Role.SHIFT_MANAGER, "REPORT_SIGN_NOT_ALLOWED"),
    ):
        response = api(user, role).post(url, {}, format="json")
        assert (response.status_code, response.json()["code"]) == (403, code)
    assert counts() == before
    response = api(staff["pit_boss"], P).post(url, {}, format="json")
    assert response.status_code == 200 and response.json()["locked"] is True
    doc = SignableReport.objects.get(report=report)
    assert doc.sector.code == "P1" and doc.session is None
    assert [s.role for s in doc.signatures()] == ["pit_boss"]


def test_player_tracking_is_handed_over_then_received(day, staff):  # CLOSE-11, CLOSE-12, RPT-14
    report = archived(staff["pit_boss"], P, "player_tracking", {"session": day.session.pk})
    refused("SIGNATURE_OUT_OF_ORDER", lambda: sign(staff["pit_boss"], P, report))
    assert sign(staff["supervisor"], S, report).locked is False
    assert sign(staff["pit_boss"], P, report).locked is True


def test_only_originals_of_the_closing_kinds_are_signed(day, staff):  # CLOSE-11
    other = archived(staff["supervisor"], S, "table_card", {"session": day.session.pk})
    refused("REPORT_NOT_SIGNABLE", lambda: sign(staff["supervisor"], S, other))
    original = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    reprint = services.report_reprint(actor=acting_as(staff["supervisor"], S), report=original)
    reprint = services.report_render(reprint.pk)
    refused("REPORT_NOT_SIGNABLE", lambda: sign(staff["supervisor"], S, reprint))


# --------------------------------------------------------------------------- inbox and page


def _titles(user: Any, role: Role) -> list[str]:
    with translation.override("es"):
        return [i.title for i in items_for(acting_as(user, role))]


def test_inbox_shows_the_sheet_to_whoever_signs_next_then_drops_it(day, staff):
    # CLOSE-11, RPT-06: "Planilla de control de la Mesa 7 para firmar"
    title = "Planilla de control de la Mesa 7 para firmar"
    assert title not in _titles(staff["supervisor"], S)  # nothing rendered yet
    report = archived(staff["pit_boss"], P, "control_sheet", {"session": day.session.pk})
    assert title in _titles(staff["supervisor"], S)
    home = Client()
    home.force_login(staff["supervisor"])
    html = home.get(reverse("home")).content.decode()
    assert title in html and reverse("reports:detail", args=[report.pk]) in html
    assert title not in _titles(staff["pit_boss"], P)  # the supervisor signs first
    assert title not in _titles(staff["supervisor2"], S)  # not their session
    sign(staff["supervisor"], S, report)
    assert title not in _titles(staff["supervisor"], S)
    assert title in _titles(staff["pit_boss"], P)
    assert title not in _titles(staff["pit_boss2"], P)  # not their sector
    sign(staff["pit_boss"], P, report)
    assert title not in _titles(staff["pit_boss"], P)
    assert title not in _titles(staff["supervisor"], S)
    # The signed sheet does not come back when it is rendered again to be read.
    archived(staff["pit_boss"], P, "control_sheet", {"session": day.session.pk})
    assert title not in _titles(staff["supervisor"], S)


def test_the_report_page_signs_with_its_form(day, staff):  # CLOSE-11, RPT-06
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    page = Client()
    page.force_login(staff["supervisor"])
    html = page.get(reverse("reports:detail", args=[report.pk])).content.decode()
    assert f'action="/reports/{report.pk}/sign/"' in html and 'name="pin"' in html
    response = page.post(reverse("reports:sign", args=[report.pk]), {"role": "supervisor"})
    assert response.status_code == 302
    assert SignableReport.objects.get(report=report).signed_roles() == {"supervisor"}
    # The pit boss with a PIN on the supervisor's terminal; a wrong PIN first.
    before = counts()
    page.post(
        reverse("reports:sign", args=[report.pk]),
        {"role": "pit_boss", "signer": "pit_boss", "pin": "9999"},
    )
    assert counts() == before
    page.post(
        reverse("reports:sign", args=[report.pk]),
        {"role": "pit_boss", "signer": "pit_boss", "pin": "1234"},
    )
    assert SignableReport.objects.get(report=report).is_locked
    html = page.get(reverse("reports:detail", args=[report.pk])).content.decode()
    assert "Pit_boss" in html and f'action="/reports/{report.pk}/signed-copy/"' in html


def test_make_staff_helper_is_used_for_a_second_sector_pit_boss(day, staff, casino, sector):
    # CLOSE-11, RPT-07: a pit boss of the sector who did not render the sheet signs it
    other = make_staff(casino, "jefe_p1", P, pin="2468")
    sector.pit_bosses.add(other)
    params = {"date": day.session.gaming_day.business_date.isoformat(), "sector": "P1"}
    report = archived(staff["pit_boss"], P, "sector_sheet", params)
    assert sign(other, P, report).locked is True


def test_day_sector_sheet_without_sector_is_signed_by_a_pit_boss_of_every_table(
    day, staff, casino
):  # CLOSE-11, RPT-07: every table of the day is in P1 here
    params = {"date": day.session.gaming_day.business_date.isoformat()}
    report = archived(staff["shift_manager"], Role.SHIFT_MANAGER, "sector_sheet", params)
    assert signing.named_signer(signing.subject_of(report), P, staff["pit_boss"])
    assert not signing.named_signer(signing.subject_of(report), P, staff["pit_boss2"])
    assert sign(staff["pit_boss"], P, report).locked is True


def test_signed_copy_in_english(day, staff, django_capture_on_commit_callbacks):
    # CLOSE-11, RPT-06: the copy keeps the original's language
    report = services.report_request(
        actor=acting_as(staff["supervisor"], S),
        kind="control_sheet",
        params={"session": day.session.pk},
        lang="en",
    )
    report = services.report_render(report.pk)
    sign(staff["supervisor"], S, report)
    sign(staff["pit_boss"], P, report, signer=staff["pit_boss"])
    with django_capture_on_commit_callbacks(execute=True):
        copy = signing.report_signed_copy_request(
            actor=acting_as(staff["supervisor"], S), report=report
        )
    copy.refresh_from_db()
    text = squash(pdf_text(services.report_path(copy), layout=False))
    assert f"COPY SIGNED — report {report.serial}" in text
    assert "Table supervisor: Supervisor" in text and "Pit boss: Pit_boss" in text
    assert text.count(" · signed on ") == 2  # one per signature (the banner says it too)


def test_the_shift_manager_signs_the_pit_boss_line_only_with_a_reason(day, staff, api):
    # issue 12 §1, CLOSE-11: the shift manager stands in for the pit boss as an override
    report = archived(staff["supervisor"], S, "control_sheet", {"session": day.session.pk})
    url = reverse("api-reports-signatures", args=[report.pk])
    assert api(staff["supervisor"], S).post(url, {}, format="json").status_code == 200
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    before = counts()
    for body in ({"role": "pit_boss"}, {"role": "pit_boss", "override_reason": "ya"}):
        bare = manager.post(url, body, format="json")
        assert bare.status_code == 400, bare.content
        assert bare.json()["code"] == "OVERRIDE_REASON_REQUIRED"
        assert bare.json()["field"] == "override_reason"
    assert counts() == before
    reason = "El jefe de sector se retiró enfermo antes del cierre"
    signed = manager.post(url, {"role": "pit_boss", "override_reason": reason}, format="json")
    assert signed.status_code == 200, signed.json()
    assert signed.json()["locked"] is True
    doc = SignableReport.objects.get(report=report)
    event = AuditEvent.objects.get(
        action="report.sign", object_id=str(doc.pk), after__role="pit_boss"
    )
    assert event.after["override"] == {"stands_in_for": "pit_boss", "by": "shift_manager"}
    assert event.reason == reason and event.role == Role.SHIFT_MANAGER.value


def test_a_relief_supervisor_signs_the_control_sheet_and_the_relieved_one_does_not(
    day, staff, api
):  # issue 12 §1, CLOSE-11: the supervisor of the session is the recorded relief
    from tables.models import SupervisorRelief

    session = day.session
    # The takeover was recorded during the session (the day is already closed here).
    SupervisorRelief.objects.create(
        casino=session.casino,
        session=session,
        at=session.closed_at,
        outgoing=staff["supervisor"],
        incoming=staff["supervisor2"],
        recorded_by=staff["pit_boss"],
        role=Role.PIT_BOSS.value,
        reason="Relevo por descanso",
    )
    report = archived(staff["supervisor2"], S, "control_sheet", {"session": session.pk})
    url = reverse("api-reports-signatures", args=[report.pk])
    before = counts()
    old = api(staff["supervisor"], S).post(url, {}, format="json")
    assert old.status_code == 403 and old.json()["code"] == "REPORT_SIGNER_NOT_NAMED"
    assert counts() == before
    new = api(staff["supervisor2"], S).post(url, {}, format="json")
    assert new.status_code == 200, new.json()
    (line,) = [s for s in new.json()["signatures"] if s["role"] == "supervisor"]
    assert line["signer"] == "supervisor2"
