"""Report generation: Celery task, archive with SHA-256, downloads audited, re-prints (issue 7 §8–10, RPT-01)."""

from __future__ import annotations

import hashlib
import re
import time

import pytest
from django.core.management import call_command

from casino.models import AuditEvent
from reports.models import Report

from .conftest import pdf_text

pytestmark = pytest.mark.django_db


def _request(api, user, **body):  # type: ignore[no-untyped-def]
    return api(user).post("/api/reports/", {"kind": "house_rules", **body}, format="json")


def test_request_renders_archives_and_downloads_with_audit(
    staff, api, django_capture_on_commit_callbacks, tmp_path
):
    with django_capture_on_commit_callbacks(execute=True):
        response = _request(api, staff["pit_boss"], params={"ruleset": "caba"})
    assert response.status_code == 202, response.json()
    report = Report.objects.get(pk=response.json()["id"])
    assert report.status == Report.Status.DONE
    assert report.serial.startswith("INF-")
    assert report.pages >= 2
    status = api(staff["pit_boss"]).get(f"/api/reports/{report.pk}/").json()
    assert status["progress"] == 100 and status["download_url"]
    download = api(staff["pit_boss"]).get(f"/api/reports/{report.pk}/download/")
    assert download.status_code == 200
    body = b"".join(download.streaming_content)
    assert hashlib.sha256(body).hexdigest() == report.sha256
    assert (
        AuditEvent.objects.filter(action="report.download", object_id=str(report.pk)).count() == 1
    )
    text = pdf_text(body, tmp_path)
    assert "Reglamento de la mesa" in text
    # Rules numbered as the catalogue numbers them, without the spec's IDs (issue 14 §5).
    assert "CABA" in text and re.search(r"^\s*67\s", text, re.M) and "RUL-" not in text
    pages = re.findall(r"página (\d+) de (\d+)", text)
    assert pages and pages[-1][0] == pages[-1][1] == str(report.pages)
    assert "Casino de Prueba" in text
    assert report.serial in text


def test_english_and_letter(staff, api, django_capture_on_commit_callbacks, tmp_path):
    with django_capture_on_commit_callbacks(execute=True):
        response = _request(api, staff["auditor"], lang="en", paper="LETTER")
    report = Report.objects.get(pk=response.json()["id"])
    from reports.services import report_path

    text = pdf_text(report_path(report))
    assert "House rules" in text and "page 1 of" in text


def test_same_report_twice_gives_the_same_text(staff, tmp_path):  # issue 7 §8
    from reports.registry import get_spec
    from reports.rendering import render_report

    spec = get_spec("house_rules")
    casino = staff["pit_boss"].casino
    a = render_report(spec, casino=casino, params={"ruleset": "pba"}, generated_by="ana")
    b = render_report(spec, casino=casino, params={"ruleset": "pba"}, generated_by="beto")
    assert a.content_sha256 == b.content_sha256

    def strip_stamp(text: str) -> str:
        return re.sub(r"Generado por .*", "", text)

    assert strip_stamp(pdf_text(a.pdf, tmp_path)) == strip_stamp(pdf_text(b.pdf, tmp_path))
    assert a.sha256 != b.sha256 or a.pdf == b.pdf


def test_reprint_is_marked_as_a_copy(staff, api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        original = _request(api, staff["pit_boss"]).json()
    with django_capture_on_commit_callbacks(execute=True):
        copy = api(staff["pit_boss"]).post(f"/api/reports/{original['id']}/reprint/")
    assert copy.status_code == 202
    report = Report.objects.get(pk=copy.json()["id"])
    assert report.reprint_of_id == original["id"]
    # Same data: the re-print's content fingerprint equals the original's.
    assert report.content_sha256 == Report.objects.get(pk=original["id"]).content_sha256
    from reports.services import report_path

    text = pdf_text(report_path(report))
    assert f"COPIA — reimpresión del informe {original['serial']}" in text


def test_bad_input_and_refusals_change_nothing(staff, api):
    before = (Report.objects.count(), AuditEvent.objects.count())
    unknown = _request(api, staff["pit_boss"], kind="nope")
    assert unknown.status_code == 400 and unknown.json()["code"] == "REPORT_KIND_UNKNOWN"
    bad_param = _request(api, staff["pit_boss"], params={"ruleset": "vegas"})
    assert bad_param.status_code == 400 and bad_param.json()["field"] == "ruleset"
    bad_lang = _request(api, staff["pit_boss"], lang="fr")
    assert bad_lang.status_code == 400
    refused = _request(api, staff["security"])
    assert refused.status_code == 403
    assert (Report.objects.count(), AuditEvent.objects.count()) == before


def test_render_report_command(staff, tmp_path):  # issue 7 §9
    # GEN-12, RPT-16: the house rules of a ruleset, printed as a PDF.
    out = tmp_path / "rules.pdf"
    call_command(
        "render_report", "house_rules", "--ruleset", "manual", "--lang", "en", "--out", str(out)
    )
    text = pdf_text(out)
    assert "House rules" in text and "MANUAL" in text


@pytest.mark.celery
def test_generation_through_a_real_worker(staff, api, celery_worker, settings, tmp_path):
    response = _request(api, staff["shift_manager"])
    assert response.status_code == 202
    report_id = response.json()["id"]
    deadline = time.time() + 120
    while time.time() < deadline:
        status = api(staff["shift_manager"]).get(f"/api/reports/{report_id}/").json()
        if status["status"] in ("done", "failed"):
            break
        time.sleep(0.5)
    assert status["status"] == "done", status
    assert status["pages"] >= 2


def test_cage_cashier_prints_slips_but_not_sheets(staff, api):  # RPT-03, RPT-17
    from reports.registry import get_spec

    assert "cage_cashier" in {r.value for r in get_spec("slips").roles}
    refused = api(staff["cage_cashier"]).post(
        "/api/reports/", {"kind": "sheet", "params": {"session": 1}}, format="json"
    )
    assert refused.status_code == 403
