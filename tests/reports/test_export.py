"""Every report's tables as CSV and XLSX (issue 14 §4): the printed figures, the PDF's access.

The master report and the rake report of the scenario day are requested through the
API and rendered by the task's code; their tables are downloaded as CSV and XLSX from
the API and from the reports page, read back (csv, openpyxl) and compared with the
PDF's text read with pdftotext.
"""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from django.test import Client
from openpyxl import load_workbook

from casino.models import AuditEvent
from casino.roles import Role
from reports import services
from reports.models import Report

from .conftest import pdf_text

pytestmark = pytest.mark.django_db
# A sign, then maybe a currency sign ("−$ 99,00"), then the Spanish digits.
TOKEN = re.compile(r"(?:([+\u2212-])[^\d\s]{0,3}\s?)?(\d{1,3}(?:\.\d{3})*(?:,\d+)?)")


def printed(line: str) -> list[Decimal]:
    """The numbers of a line of the PDF (Spanish), currency signs and marks aside."""
    out = []
    for sign, digits in TOKEN.findall(line):
        value = Decimal(digits.replace(".", "").replace(",", "."))
        out.append(-value if sign in ("-", "\u2212") else value)
    return out


def pdf_row(text: str, first: str) -> list[Decimal]:
    for line in text.splitlines():
        if line.strip().startswith(first + " "):
            return printed(line.strip()[len(first) :])
    raise AssertionError(f"no row {first!r} in the PDF")


def csv_blocks(content: bytes) -> dict[str, list[list[str]]]:
    text = content.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads the accents right
    rows = list(csv.reader(io.StringIO(text[1:])))
    blocks: dict[str, list[list[str]]] = {}
    current: list[list[str]] | None = None
    for row in rows[1:]:
        if not row:
            current = None
        elif current is None:
            current = blocks.setdefault(row[0], [])
        else:
            current.append(row)
    return blocks


def as_number(cell: str) -> Decimal | None:
    if re.fullmatch(r"-?\d+(?:\.\d+)?%?", cell):
        return Decimal(cell.rstrip("%"))
    return None


def rendered(api, user, role, kind, params, capture) -> Report:  # type: ignore[no-untyped-def]
    with capture(execute=True):
        response = api(user, role).post(
            "/api/reports/", {"kind": kind, "params": params}, format="json"
        )
    assert response.status_code == 202, response.json()
    report = Report.objects.get(pk=response.json()["id"])
    assert report.status == Report.Status.DONE
    return report


@pytest.mark.parametrize(
    ("kind", "heading", "first"),
    [("gaming_day", "Por mesa", "7"), ("rake", "Informe de comisión", "7")],
)
def test_the_export_is_the_printed_figures(
    kind, heading, first, day, staff, api, tmp_path, django_capture_on_commit_callbacks
):  # issue 14 §4
    manager = staff["shift_manager"]
    date = day.session.gaming_day.business_date.isoformat()
    report = rendered(
        api, manager, Role.SHIFT_MANAGER, kind, {"date": date}, django_capture_on_commit_callbacks
    )
    text = pdf_text(services.report_path(report), tmp_path)
    expected = pdf_row(text, first)
    assert expected and any(expected)

    client = api(manager, Role.SHIFT_MANAGER)
    got_csv = client.get(f"/api/reports/{report.pk}/download/?format=csv")
    assert got_csv.status_code == 200 and got_csv["Content-Type"].startswith("text/csv")
    assert f"{report.serial}.csv" in got_csv["Content-Disposition"]
    blocks = csv_blocks(got_csv.content)
    assert heading in blocks, list(blocks)
    row = next(r for r in blocks[heading] if r[0].split(" ")[0] == first)
    # Numbers as numbers; a text cell (postings / reversals "3 / 0") as printed.
    numbers = []
    for c in row[1:]:
        n = as_number(c)
        numbers += [n] if n is not None else printed(c)
    assert numbers == expected
    # Plain decimals with a dot: the money columns keep their two places.
    assert any(re.fullmatch(r"\d+\.\d{2}", c) for c in row[1:])

    got_xlsx = client.get(f"/api/reports/{report.pk}/download/?format=xlsx")
    assert got_xlsx.status_code == 200
    book = load_workbook(io.BytesIO(got_xlsx.content))
    sheet = book[heading[:28]]
    assert sheet["A1"].value == heading
    cells = next(r for r in sheet.iter_rows(min_row=2) if str(r[0].value).split(" ")[0] == first)
    values = []
    for c in cells[1:]:
        if isinstance(c.value, (int, float)):
            factor = 100 if c.number_format.endswith("%") else 1
            values.append(round(Decimal(str(c.value)) * factor, 2))
        elif c.value:
            values += printed(str(c.value))
    assert values == [round(v, 2) for v in expected]
    assert all(not isinstance(c.value, str) for c in cells[1:] if c.number_format == "#,##0.00")

    # The same files from the reports page, as the manager's browser asks for them.
    page = Client()
    page.force_login(manager)
    assert page.get(f"/reports/{report.pk}/download/?format=csv").content == got_csv.content
    listing = page.get("/reports/").content.decode()
    assert f"/reports/{report.pk}/download/?format=xlsx" in listing
    assert AuditEvent.objects.filter(action="report.export", object_id=str(report.pk)).count() == 3


def test_a_role_refused_the_pdf_is_refused_the_export(
    day, staff, api, django_capture_on_commit_callbacks
):  # RPT-17, issue 14 §4
    date = day.session.gaming_day.business_date.isoformat()
    master = rendered(
        api,
        staff["shift_manager"],
        Role.SHIFT_MANAGER,
        "gaming_day",
        {"date": date},
        django_capture_on_commit_callbacks,
    )
    card = rendered(
        api,
        staff["supervisor"],
        Role.SUPERVISOR,
        "table_card",
        {"session": day.session.pk},
        django_capture_on_commit_callbacks,
    )
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    other = api(staff["supervisor2"], Role.SUPERVISOR)
    for client, report in ((boss, master), (other, card)):
        pdf = client.get(f"/api/reports/{report.pk}/download/")
        for fmt in ("csv", "xlsx"):
            refused = client.get(f"/api/reports/{report.pk}/download/?format={fmt}")
            assert refused.status_code == pdf.status_code and refused.status_code in (403, 404)
            assert refused["Content-Type"] == "application/json"
            assert refused.json()["message"]["es"]
    own = api(staff["supervisor"], Role.SUPERVISOR).get(
        f"/api/reports/{card.pk}/download/?format=xlsx"
    )
    assert own.status_code == 200
    bad = api(staff["supervisor"], Role.SUPERVISOR).get(
        f"/api/reports/{card.pk}/download/?format=ods"
    )
    assert bad.status_code == 406  # a format no renderer serves: NOT_ACCEPTABLE (issue 39)
    assert not AuditEvent.objects.filter(action="report.export", object_id=str(master.pk)).exists()
