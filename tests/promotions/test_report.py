"""The funds' report (issue 44 §4): the ledger, contributions and payouts of the day
with the rules in force, as a PDF read back with pdftotext, and the same tables as CSV
and XLSX through the reports' one export."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from hands import services as hands
from promotions import services
from reports import services as report_services
from reports.models import Report
from tests.reports.conftest import pdf_text

from .conftest import bad_beat_hand, next_hand_data

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture(autouse=True)
def media_root(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def test_the_jackpot_report_prints_the_ledger_with_the_rules_and_exports_it(
    fund,
    sup,
    cashier,
    staff,
    api,
    ready_session,
    gaming_day,
    tmp_path,
    django_capture_on_commit_callbacks,
):
    hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(loser="8s2h"))
    hands.hand_log(actor=sup, session=ready_session, data=next_hand_data(ready_session))
    services.box_count_record(actor=cashier, fund=fund, gaming_day=gaming_day, counted=D("2.00"))
    client = api(staff["shift_manager"], "shift_manager")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/reports/",
            {"kind": "jackpot", "params": {"date": gaming_day.business_date.isoformat()}},
            format="json",
        )
    assert response.status_code == 202, response.json()
    report = Report.objects.get(pk=response.json()["id"])
    assert report.status == Report.Status.DONE
    text = pdf_text(report_services.report_path(report), tmp_path)
    assert "Libro del fondo" in text and "Reglas vigentes" in text
    assert "Al menos 4 jugadores repartidos." in text  # the rules in force, as posted
    assert text.count("Aporte") >= 2 and "5.002,00" in text  # two drops; closing balance
    assert "La caja coincide con el libro." in text

    csv = client.get(f"/api/reports/{report.pk}/download/?format=csv")
    assert csv.status_code == 200
    body = csv.content.decode("utf-8-sig")
    assert "Libro del fondo" in body and "5002.00" in body
    xlsx = client.get(f"/api/reports/{report.pk}/download/?format=xlsx")
    book = load_workbook(io.BytesIO(xlsx.content))
    assert any(name.startswith("Libro del fondo") for name in book.sheetnames)


def test_the_master_report_shows_the_fund_balance_beside_the_rake(
    fund, sup, ready_session, gaming_day, casino, tmp_path
):
    from tests.reports.conftest import render

    hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(loser="8s2h"))
    pdf = render("gaming_day", casino, {"date": str(gaming_day.business_date)}).pdf
    text = " ".join(pdf_text(pdf, tmp_path, layout=False).split()).lower()  # labels in caps
    assert "comisión registrada del día" in text
    # Beside the rake of the day and of the month, the fund's balance and the day's drops.
    assert "comisión del mes $ 1,00 fondo bad beat $ 5.001,00 (aportes del día $ 1,00)" in text


def test_the_jackpot_report_shows_the_high_hand_payouts_in_pdf_csv_and_xlsx(
    manager,
    hand_table,
    sup,
    cashier,
    staff,
    api,
    ready_session,
    gaming_day,
    tmp_path,
    django_capture_on_commit_callbacks,
):
    # Issue 44 §4: the fund's ledger with its payouts; a high-hand period's prizes name
    # the period, the table, the hand, the seat and the cards.
    from promotions.models import JackpotSlip

    from .test_high_hand_claims import high_fund, period, sign_all

    fund = high_fund(manager, hand_table)
    hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(loser="8s2h"))
    hands.hand_log(actor=sup, session=ready_session, data=next_hand_data(ready_session))
    start, end = period()
    claim = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    sign_all(staff, claim)
    for slip in JackpotSlip.objects.filter(claim=claim):
        services.slip_pay(actor=cashier, slip=slip)
    client = api(staff["shift_manager"], "shift_manager")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/reports/",
            {
                "kind": "jackpot",
                "params": {"date": gaming_day.business_date.isoformat(), "fund": fund.pk},
            },
            format="json",
        )
    assert response.status_code == 202, response.json()
    report = Report.objects.get(pk=response.json()["id"])
    text = pdf_text(report_services.report_path(report), tmp_path)
    assert "Premios pagados" in text and "Mano alta" in text
    assert text.count("9d Td") >= 2 and text.count("45,00") >= 2  # the two tied hands
    assert "Escalera de color" in text
    body = client.get(f"/api/reports/{report.pk}/download/?format=csv").content.decode("utf-8-sig")
    assert "Premios pagados" in body and body.count("45.00") >= 2 and "9d Td" in body
    xlsx = client.get(f"/api/reports/{report.pk}/download/?format=xlsx")
    book = load_workbook(io.BytesIO(xlsx.content))
    assert any(name.startswith("Premios pagados") for name in book.sheetnames)
