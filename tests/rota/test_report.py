"""The rota of the day, planned against actual (issue 44 §4): the PDF through the reports
app's report kinds, read back with pdftotext; CSV and XLSX through its export."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.roles import Role
from reports.models import Report
from rota import services
from tests.reports.conftest import media_root, pdf_text  # noqa: F401

from .conftest import boss, open_session

pytestmark = pytest.mark.django_db


def test_the_rota_of_the_day_pdf_csv_and_xlsx(
    api, staff, gaming_day, croupiers, room, tmp_path, django_capture_on_commit_callbacks
):  # ROLE-03
    start = timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=20)
    rota = services.rota_plan(
        actor=boss(staff),
        croupiers=croupiers,
        tables=room[:3],
        starts_at=start,
        ends_at=start + timedelta(hours=8),
    )
    services.rota_replan(actor=boss(staff), rota=rota, table=room[2], change="close")
    open_session(staff, room[0])  # the opening records who deals at table 1
    client = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/reports/",
            {"kind": "rota", "params": {"date": gaming_day.business_date.isoformat()}},
            format="json",
        )
    assert response.status_code == 202, response.json()
    report = Report.objects.get(pk=response.json()["id"])
    assert report.status == Report.Status.DONE
    pdf = client.get(f"/api/reports/{report.pk}/download/")
    text = pdf_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content, tmp_path)
    assert "Rotación de croupiers" in text
    assert "Planificado contra real" in text and "Mesa cerrada" in text
    assert "por venir" in text  # the changes still to come
    csv = client.get(f"/api/reports/{report.pk}/download/?format=csv")
    assert csv.status_code == 200
    body = (b"".join(csv.streaming_content) if csv.streaming else csv.content).decode("utf-8")
    assert "Planificado contra real" in body and "Mesa cerrada" in body
    xlsx = client.get(f"/api/reports/{report.pk}/download/?format=xlsx")
    assert xlsx.status_code == 200
    # a supervisor sees only his tables: the room-wide rota is refused, nothing requested
    before = Report.objects.count()
    refused = api(staff["supervisor"], Role.SUPERVISOR).post(
        "/api/reports/",
        {"kind": "rota", "params": {"date": gaming_day.business_date.isoformat()}},
        format="json",
    )
    assert refused.status_code in (400, 403)
    assert Report.objects.count() == before
