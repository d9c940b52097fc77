"""The reports page: request a data report, see its progress row, download it (issue 7 §8)."""

from __future__ import annotations

import pytest
from django.test import Client

from casino.models import AuditEvent
from reports.models import Report

pytestmark = pytest.mark.django_db


def page_client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def test_supervisor_requests_the_table_card_from_the_page(
    day, staff, django_capture_on_commit_callbacks
):  # BUYIN-10, RPT-17
    client = page_client(staff["supervisor"])
    page = client.get("/reports/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Registro de mesa (compras y cambios)" in body and 'name="session"' in body
    assert "Informe maestro de la jornada" not in body  # managers and auditors only
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/reports/new/", {"kind": "table_card", "session": str(day.session.pk), "lang": "es"}
        )
    assert response.status_code == 302
    report = Report.objects.get()
    assert report.status == Report.Status.DONE and report.params == {"session": day.session.pk}
    row = client.get(f"/reports/{report.pk}/status/").content.decode()
    assert "Descargar" in row and f"/reports/{report.pk}/download/" in row
    download = client.get(f"/reports/{report.pk}/download/")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert AuditEvent.objects.filter(action="report.download").count() == 1


def test_a_refusal_is_shown_in_spanish_and_queues_nothing(day, staff):  # RPT-17
    client = page_client(staff["supervisor2"])
    response = client.post(
        "/reports/new/", {"kind": "sheet", "session": str(day.session.pk)}, follow=True
    )
    assert "Solo puede ver los informes de sus mesas, turnos y sector." in (
        response.content.decode()
    )
    assert Report.objects.count() == 0
