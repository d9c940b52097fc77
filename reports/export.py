"""Every report's tables as CSV and XLSX, one way for every kind (issue 14 §4).

The export reads the HTML the archived PDF was printed from (kept beside it by
``services.report_store``) and takes its ``<table>`` elements as printed: the
figures of the export are the figures on the paper, whatever the kind.

- Each table is named by the heading printed above it (the report's title for the
  first ones); a table printed twice (one per copy) is exported once.
- A cell printed as a number (class ``num``) becomes a number: amounts and counts
  are read back in the report's language (``1.234,50`` or ``1,234.50``, the currency
  sign aside), percentages are marked. Every other cell stays text.
- CSV (UTF-8 with a byte-order mark, comma-separated): plain decimals with a dot
  (``1234.50``, ``-12.00``, ``11.5%``), so a program or a spreadsheet in any locale
  reads the same number; one block per table, a line with its heading first and an
  empty line after.
- XLSX (openpyxl): one sheet per table, the heading in the first row, the header
  rows in bold, numbers as numbers with the printed format (``#,##0.00``, ``0.0%``).
- Every cell of both formats is written by one function, :func:`written` (issue 39 §1):
  a text cell that a spreadsheet would read as a formula (it starts with ``= + - @``, a
  tab or a carriage return: OWASP's CSV-injection list) is written with a leading
  apostrophe, so a player named ``=HYPERLINK(...)`` stays a name; openpyxl would store it
  as a live formula. Numbers stay numbers.

Access is the PDF's (``services.check_access``) and every export is audited.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.db import transaction

from casino.access import Actor
from casino.audit import audit_record
from casino.errors import DomainError
from casino.formatting import SEPARATORS

from . import services
from .codes import ReportsCode
from .models import Report

FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
SKIPPED = {"style", "script", "svg", "head"}


@dataclass
class Cell:
    text: str
    header: bool = False
    value: Decimal | None = None
    places: int = 0
    percent: bool = False


@dataclass
class Table:
    title: str
    rows: list[list[Cell]] = field(default_factory=list)

    def key(self) -> tuple[str, tuple[tuple[str, ...], ...]]:
        return self.title, tuple(tuple(c.text for c in row) for row in self.rows)


def number_pattern(lang: str) -> re.Pattern[str]:
    thousands, decimal = (re.escape(s) for s in SEPARATORS["en" if lang == "en" else "es"])
    # An optional sign, an optional currency sign ($, US$, R$, $U, €, £ or a code such
    # as CLP), the digits.
    return re.compile(
        rf"^(?P<sign>[+\u2212-])?\s*(?:(?:[A-Z]{{0,2}}\$[A-Z]?|€|£|[A-Z]{{3}})\s?)?"
        rf"(?P<whole>\d{{1,3}}(?:{thousands}\d{{3}})+|\d+)(?:{decimal}(?P<frac>\d+))?"
        rf"\s*(?P<pct>%)?\*?$"
    )


def read_number(text: str, pattern: re.Pattern[str], lang: str) -> Cell:
    """A printed figure as a number, exact; the cell stays text if it is not one."""
    found = pattern.match(text.replace("\u00a0", " ").strip())
    if not found:
        return Cell(text)
    thousands, _decimal = SEPARATORS["en" if lang == "en" else "es"]
    digits = found["whole"].replace(thousands, "")
    frac = found["frac"] or ""
    value = Decimal(f"{digits}.{frac}" if frac else digits)
    if found["sign"] in ("-", "\u2212"):
        value = -value
    return Cell(text, value=value, places=len(frac), percent=bool(found["pct"]))


class _Tables(HTMLParser):
    """The ``<table>`` elements of a rendered report, with the heading above each."""

    def __init__(self, lang: str, title: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang, self.pattern = lang, number_pattern(lang)
        self.tables: list[Table] = []
        self.heading, self.title = title, title
        self._skip = 0
        self._in_heading: list[str] | None = None
        self._table: Table | None = None
        self._depth = 0  # nested tables are read as text of their cell
        self._row: list[Cell] | None = None
        self._cell: list[str] | None = None
        self._cell_attrs: dict[str, str] = {}
        self._cell_header = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED:
            self._skip += 1
            return
        if self._skip:
            return
        if tag in ("h1", "h2", "h3") and self._table is None:
            self._in_heading = []
        elif tag == "table":
            self._depth += 1
            if self._depth == 1:
                self._table = Table(self.heading)
        elif self._depth > 1:
            return
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
            self._cell_attrs = {k: v or "" for k, v in attrs}
            self._cell_header = tag == "th"
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED:
            self._skip = max(0, self._skip - 1)
            return
        if self._skip:
            return
        if tag in ("h1", "h2", "h3") and self._in_heading is not None:
            text = " ".join("".join(self._in_heading).split())
            self.heading = text or self.heading
            self._in_heading = None
        elif tag == "table":
            self._depth -= 1
            if self._depth == 0 and self._table is not None:
                if self._table.rows:
                    self.tables.append(self._table)
                self._table = None
        elif self._depth > 1:
            return
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            text = " ".join("".join(self._cell).split())
            classes = self._cell_attrs.get("class", "").split()
            if "num" in classes and not self._cell_header:
                cell = read_number(text, self.pattern, self.lang)
            else:
                cell = Cell(text)
            cell.header = self._cell_header
            self._row.append(cell)
            span = self._cell_attrs.get("colspan", "1")
            for _ in range(max(1, int(span) if span.isdigit() else 1) - 1):
                self._row.append(Cell("", header=self._cell_header))
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table is not None:
            if self._row:
                self._table.rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._cell is not None:
            self._cell.append(data)
        elif self._in_heading is not None:
            self._in_heading.append(data)


def report_tables(html: str, lang: str, title: str = "") -> list[Table]:
    """The tables of a rendered report, each once, in print order."""
    parser = _Tables(lang, title)
    parser.feed(html)
    parser.close()
    seen: set[tuple[str, tuple[tuple[str, ...], ...]]] = set()
    out = []
    for table in parser.tables:
        if table.key() not in seen:
            seen.add(table.key())
            out.append(table)
    return out


#: What makes a spreadsheet read a text cell as a formula (OWASP, "CSV Injection").
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """Text a spreadsheet shows as text: a leading apostrophe before a formula trigger."""
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def written(cell: Cell | str, fmt: str) -> Decimal | str:
    """The one cell writer of every export (issue 39 §1): what ``fmt`` writes for ``cell``.

    A number is written as a number: in CSV a plain decimal with a dot (``1234.50``,
    ``-12.00``, ``11.5%``), in XLSX the value (a percentage as its fraction). Everything
    else is text, made inert (:func:`inert`).
    """
    if isinstance(cell, str):
        return inert(cell)
    if cell.value is None:
        return inert(cell.text)
    if fmt == "xlsx":
        return cell.value / 100 if cell.percent else cell.value
    text = f"{cell.value:.{cell.places}f}"
    return f"{text}%" if cell.percent else text


def to_csv(tables: list[Table], heading: list[str]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([written(h, "csv") for h in heading])
    for table in tables:
        writer.writerow([])
        writer.writerow([written(table.title, "csv")])
        for row in table.rows:
            writer.writerow([written(c, "csv") for c in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _sheet_name(title: str, used: set[str]) -> str:
    base = re.sub(r"[\[\]:*?/\\]", " ", title).strip()[:28] or "Tabla"
    name, n = base, 1
    while name.lower() in used:
        n += 1
        name = f"{base[:26]} {n}"
    used.add(name.lower())
    return name


def to_xlsx(tables: list[Table], heading: list[str]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    default = book.active
    used: set[str] = set()
    bold = Font(bold=True)
    for table in tables:
        sheet = book.create_sheet(_sheet_name(table.title, used))
        sheet.append([written(table.title, "xlsx")])
        sheet.cell(row=1, column=1).font = Font(bold=True, size=12)
        widths: dict[int, int] = {}
        for row in table.rows:
            sheet.append([written(c, "xlsx") for c in row])
            r = sheet.max_row
            for i, c in enumerate(row, 1):
                target = sheet.cell(row=r, column=i)
                if c.header:
                    target.font = bold
                if c.value is not None:
                    target.number_format = (
                        "0.0%" if c.percent else ("#,##0" if not c.places else "#,##0.00")
                    )
                widths[i] = max(widths.get(i, 0), min(40, len(c.text) + 2))
        for i, width in widths.items():
            sheet.column_dimensions[sheet.cell(row=1, column=i).column_letter].width = width
    if tables:
        book.remove(default)
    else:  # a workbook has at least one sheet: the report's name on it
        default.title = "—"
        default.append([written(h, "xlsx") for h in heading])
    book.properties.title = heading[0] if heading else ""
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@dataclass(frozen=True)
class Export:
    content: bytes
    content_type: str
    filename: str


def report_export(*, actor: Actor, report: Report, fmt: str) -> Export:
    """The tables of an archived report as CSV or XLSX, with the PDF's access rules."""
    if fmt not in FORMATS:
        raise DomainError.of(ReportsCode.EXPORT_FORMAT_INVALID, field="format")
    spec = services.spec_or_error(report.kind)
    services.check_access(actor, spec, report.params)
    if not report.is_done:
        raise DomainError.of(ReportsCode.REPORT_NOT_READY, progress=report.progress)
    path = Path(settings.MEDIA_ROOT) / services.html_path(report.file_path)
    if not path.exists():
        raise DomainError.of(ReportsCode.REPORT_EXPORT_MISSING)
    title = spec.title(report.lang)
    tables = report_tables(path.read_text(encoding="utf-8"), report.lang, title)
    heading = [title, report.serial]
    content = to_csv(tables, heading) if fmt == "csv" else to_xlsx(tables, heading)
    with transaction.atomic():
        audit_record(
            actor=actor,
            action="report.export",
            obj=report,
            after={"serial": report.serial, "format": fmt, "tables": len(tables)},
        )
    return Export(content, FORMATS[fmt], f"{report.serial}.{fmt}")
