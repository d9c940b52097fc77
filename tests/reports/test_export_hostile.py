"""No export carries a live formula: every report kind, CSV and XLSX, with hostile names.

Issue 39 §1 (OWASP "CSV Injection"): a name that starts with ``= + - @``, a tab or a
carriage return reaches the spreadsheet a manager opens. openpyxl stores text that
starts with ``=`` as a formula, and a spreadsheet runs ``+cmd|' /C calc'!A0`` from a
CSV. The shared day at table 7 is given hostile names wherever a name can be changed
(every member of staff, the players, the table, the card store, the sector), every kind
of the catalogue is laid out over it (the HTML the archived PDF is printed from, which
the export reads) and exported in both formats by the one cell writer
(``reports.export.written``); one kind also goes the whole way, rendered by the task's
code and downloaded from the API.
"""

from __future__ import annotations

import csv
import io
import re
import zoneinfo
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone, translation
from openpyxl import load_workbook

from casino.models import Sector, User
from casino.roles import Role
from players.models import Player
from reports import export
from reports.formatting import currency_override
from reports.registry import all_specs, get_spec
from reports.rendering import _body, _no_progress
from reports.services import validate_params
from tables.models import DeckStore, Table
from tournaments.models import Tournament

from .conftest import report_tournament
from .test_export import rendered
from .test_no_codes_printed import params_for

pytestmark = pytest.mark.django_db

# OWASP's examples, and the issue's.
HOSTILE = (
    '=HYPERLINK("http://x","y")',
    "+cmd|' /C calc'!A0",
    "@SUM(A1)",
    "-2+3+cmd|' /C calc'!A0",
)
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def hostile_names(casino: Any) -> None:
    """Every name the reports print that can be changed, made hostile."""
    users = list(User.objects.filter(casino=casino).order_by("pk"))
    for n, user in enumerate(users):
        user.first_name = HOSTILE[n % len(HOSTILE)]
        user.last_name = ""
        user.save(update_fields=["first_name", "last_name"])
    for n, player in enumerate(Player.objects.filter(casino=casino).order_by("pk")):
        player.display_name = HOSTILE[(n + 1) % len(HOSTILE)]
        player.save(update_fields=["display_name"])
    Table.objects.filter(casino=casino).update(name=HOSTILE[2])
    DeckStore.objects.filter(casino=casino).update(name=HOSTILE[3])
    Sector.objects.filter(casino=casino).update(name=HOSTILE[0])
    Tournament.objects.filter(casino=casino).update(name=HOSTILE[1])


def laid_out(kind: str, casino: Any, params: dict[str, Any], lang: str = "es") -> str:
    """The HTML of ``kind`` as the task lays it out before WeasyPrint (no PDF made)."""
    spec = get_spec(kind)
    assert spec is not None
    tz = zoneinfo.ZoneInfo(casino.time_zone)
    with translation.override(lang), timezone.override(tz), currency_override(casino.currency):
        _context, body = _body(
            spec,
            casino=casino,
            params=validate_params(spec, params),
            lang=lang,
            paper_key="A4",
            serial="T-1",
            progress=_no_progress,
        )
    return body


def csv_cells(content: bytes) -> list[str]:
    text = content.decode("utf-8").removeprefix("\ufeff")
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def xlsx_cells(content: bytes) -> list[Any]:
    book = load_workbook(io.BytesIO(content))
    cells = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{sheet.title}!{cell.coordinate}: {cell.value!r}"
                cells.append(cell.value)
    return cells


NUMBER = re.compile(r"-?\d+(?:\.\d+)?%?")


def live(value: Any) -> bool:
    """Text a spreadsheet would run: it starts with a trigger and is not a plain number
    (the CSV writes ``-99.00`` for a negative amount, which a spreadsheet reads as one)."""
    return isinstance(value, str) and value.startswith(TRIGGERS) and not NUMBER.fullmatch(value)


def test_the_one_cell_writer_makes_text_inert_and_keeps_numbers():  # issue 39 §1
    for text in (*HOSTILE, "\tx", "\rx", "=1+1", "-", "+"):
        assert export.written(text, "csv") == "'" + text
        assert export.written(export.Cell(text), "xlsx") == "'" + text
    assert csv_cells(export.to_csv([], [HOSTILE[0], "T-1"])) == ["'" + HOSTILE[0], "T-1"]
    for text in ("Ana Gómez", "'=already quoted", " =leading space", "Mesa 7", "—", "−1"):
        assert export.written(text, "csv") == text
    negative = export.Cell("−$ 12,00", value=Decimal("-12.00"), places=2)
    assert export.written(negative, "csv") == "-12.00"
    assert export.written(negative, "xlsx") == Decimal("-12.00")
    share = export.Cell("11,5 %", value=Decimal("11.5"), places=1, percent=True)
    assert export.written(share, "csv") == "11.5%"
    assert export.written(share, "xlsx") == Decimal("0.115")


def test_every_export_kind_with_hostile_names_carries_no_formula(day, casino):
    # issue 39 §1: every kind of the catalogue, both formats, every cell of every table
    report_tournament(casino)  # the tournament kinds' tournament, its name made hostile too
    hostile_names(casino)
    kinds = sorted(spec.kind for spec in all_specs())
    seen: dict[str, int] = {}
    numbers = 0
    for kind in kinds:
        html = laid_out(kind, casino, params_for(kind, day))
        tables = export.report_tables(html, "es", kind)
        heading = [f"{kind} {HOSTILE[0]}", "T-1"]  # the heading's name is not at its start
        for fmt, cells in (
            ("csv", csv_cells(export.to_csv(tables, heading))),
            ("xlsx", xlsx_cells(export.to_xlsx(tables, heading))),
        ):
            bad = [c for c in cells if live(c)]
            assert not bad, f"{kind} {fmt}: {bad[:5]}"
            quoted = [c for c in cells if isinstance(c, str) and c[1:].startswith(HOSTILE)]
            seen[f"{kind} {fmt}"] = len(quoted)
            numbers += sum(isinstance(c, int | float) for c in cells) if fmt == "xlsx" else 0
    # The names did reach the exports as text at the start of a cell (13 of the 17 kinds
    # print a name in a cell of its own); numbers stayed numbers.
    reached = sorted({key.split()[0] for key, n in seen.items() if n})
    assert len(reached) >= 12, seen
    assert numbers > 100


def test_a_hostile_name_downloaded_from_the_api_is_text(
    day, casino, staff, api, django_capture_on_commit_callbacks
):  # issue 39 §1: the whole way, as a manager downloads it
    hostile_names(casino)
    manager = staff["shift_manager"]
    report = rendered(
        api,
        manager,
        Role.SHIFT_MANAGER,
        "table_card",
        {"session": day.session.pk},
        django_capture_on_commit_callbacks,
    )
    client = api(manager, Role.SHIFT_MANAGER)
    got_csv = client.get(f"/api/reports/{report.pk}/download/?format=csv")
    got_xlsx = client.get(f"/api/reports/{report.pk}/download/?format=xlsx")
    assert got_csv.status_code == got_xlsx.status_code == 200
    for cells in (csv_cells(got_csv.content), xlsx_cells(got_xlsx.content)):
        assert not [c for c in cells if live(c)]
        assert any(isinstance(c, str) and c[1:].startswith(HOSTILE) for c in cells)


def test_every_spreadsheet_is_written_by_the_one_writer():  # issue 39 §1: one cell writer
    from tests.architecture.test_one_way import _offenders

    pattern = re.compile(r"csv\.(writer|DictWriter)\(|\bWorkbook\(|xlsxwriter|\.to_csv\(")
    assert _offenders(pattern, "reports/export.py") == []
