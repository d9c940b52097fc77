"""The shift on every session document and the manager's figures per shift (issue 14 §3).

RPT-01, OPEN-18: the header of the table card, the control sheet and the opening and
closing sheet names the shift(s) the session ran in, by name and hours; a slip prints
the shift of its time. RAKE-08, CHIP-18, BUYIN-10: the manager's figures per shift add
up to the day's, read back from the PDF (pdftotext) and from the CSV export.

The day is the scenario's (``split_day``: two shifts, the boundary during a raked hand).
"""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal

import pytest

from cage.models import Slip
from casino.roles import Role
from casino.selectors import shift_at, shifts_of_day
from hands.models import Hand
from reports import services
from reports.kinds._shifts import shift_rows
from tables.models import TableSession

from .conftest import pdf_text, render
from .test_export import as_number, csv_blocks, rendered
from .test_shift_reports import split_day  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def squash(text: str) -> str:
    """One space between words; an hour range wrapped after its dash read whole."""
    return re.sub(r"–\s+", "–", re.sub(r"\s+", " ", text))


def header(text: str) -> str:
    """The running header of page 1 (it may wrap onto a second line)."""
    return squash(text.split("\n\n")[0])


@pytest.mark.parametrize("kind", ["table_card", "control_sheet", "sheet"])
def test_session_documents_name_the_shifts_in_their_header(
    split_day,  # noqa: F811
    casino,
    tmp_path,
    kind,
):  # RPT-01, OPEN-18
    spans = shifts_of_day(split_day.session.gaming_day)
    morning, afternoon = spans
    text = pdf_text(render(kind, casino, {"session": split_day.session.pk}).pdf, tmp_path)
    expected = f"Turnos Mañana {morning.hours()} → Tarde {afternoon.hours()}"
    assert re.fullmatch(r"00:00–\d\d:\d\d", morning.hours())
    assert expected in header(text), header(text)
    english = pdf_text(
        render(kind, casino, {"session": split_day.session.pk}, lang="en").pdf, tmp_path
    )
    assert f"Shifts Mañana {morning.hours()} → Tarde {afternoon.hours()}" in header(english)


def test_a_table_card_without_a_pattern_names_the_whole_day(day, casino, tmp_path):  # OPEN-18
    text = pdf_text(render("table_card", casino, {"session": day.session.pk}).pdf, tmp_path)
    assert "Turno Jornada completa 00:00–24:00" in header(text)


def test_each_slip_prints_the_shift_of_its_time(split_day, casino, tmp_path):  # noqa: F811
    # RPT-01: the slip's own time, not the session's start (which is in the other shift).
    gaming_day = split_day.session.gaming_day
    slips = list(Slip.objects.filter(session=split_day.session))
    assert slips
    first_shift = shift_at(gaming_day, split_day.session.opened_at)
    for slip in slips:
        shift = shift_at(gaming_day, slip.requested_at)
        assert shift.index != first_shift.index  # the scenario's slips follow the boundary
        pdf = render("slips", casino, {"slip": slip.pk}).pdf
        text = squash(pdf_text(pdf, tmp_path, layout=False))
        assert f"Turno {shift.name} {shift.hours()}" in text, slip.serial
        assert f"Turno {first_shift.name} " not in text


# --- the manager's figures per shift ------------------------------------------------------

COLUMNS = (
    "hours",
    "hands",
    "hands_per_hour",
    "rake",
    "rake_per_hour",
    "average_pot",
    "buyins",
    "average_buyin",
    "tips",
    "drop",
    "drop_per_hour",
)
ADDITIVE = ("hours", "hands", "rake", "buyins", "tips", "drop")


def spanish(cell: str) -> Decimal | None:
    cell = cell.strip().removeprefix("$").strip().rstrip("*")
    if cell in ("—", ""):
        return None
    return Decimal(cell.replace(".", "").replace(",", "."))


def pdf_shift_rows(text: str) -> dict[str, dict[str, Decimal | None]]:
    """The rows of the «Por turno» table as printed: cells two or more spaces apart."""
    section = text.split("Por turno", 1)[1].split("Cada registro cuenta", 1)[0]
    out = {}
    for line in section.splitlines():
        m = re.match(r"\s*(Mañana|Tarde|Jornada)(?: \d\d:\d\d–\d\d:\d\d)?\s+(.*)$", line)
        if m:
            cells = re.split(r"\s{2,}", m.group(2).strip())
            assert len(cells) == len(COLUMNS), line
            out[m.group(1)] = dict(zip(COLUMNS, map(spanish, cells), strict=True))
    return out


def csv_shift_rows(content: bytes) -> dict[str, dict[str, Decimal | None]]:
    out = {}
    for row in csv_blocks(content)["Por turno"]:
        name = row[0].split(" ")[0]
        if name in ("Mañana", "Tarde", "Jornada"):
            out[name] = dict(zip(COLUMNS, map(as_number, row[1:]), strict=True))
    return out


def test_kpis_per_shift_add_up_to_the_day(
    split_day,  # noqa: F811
    staff,
    api,
    tmp_path,
    django_capture_on_commit_callbacks,
):  # RAKE-08, CHIP-18, BUYIN-10
    session = split_day.session
    gaming_day = session.gaming_day
    # The table ran two hours and a bit before the boundary and one hour and a bit after
    # it, as on a real floor: 2.005 h + 1.005 h, 3.01 h in all; rounded one by one the
    # shifts would print 2.00 + 1.00, so the hundredths are shared out of the day's.
    boundary = shifts_of_day(gaming_day)[1].start
    opened = boundary - timedelta(hours=2, seconds=18)
    closed = boundary + timedelta(hours=1, seconds=18)
    TableSession.objects.filter(pk=session.pk).update(opened_at=opened, closed_at=closed)
    session.refresh_from_db()
    report = rendered(
        api,
        staff["shift_manager"],
        Role.SHIFT_MANAGER,
        "kpis",
        {"date": gaming_day.business_date.isoformat()},
        django_capture_on_commit_callbacks,
    )
    printed = pdf_shift_rows(pdf_text(services.report_path(report), tmp_path))
    client = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    exported = csv_shift_rows(client.get(f"/api/reports/{report.pk}/download/?format=csv").content)
    assert exported == printed  # the export is the paper
    morning, afternoon, day_row = printed["Mañana"], printed["Tarde"], printed["Jornada"]
    for key in ADDITIVE:
        assert morning[key] + afternoon[key] == day_row[key], key  # type: ignore[operator]
    # Each shift's figures are its records' (the master report's per-shift grouping).
    by_shift = shift_rows(gaming_day, "es")
    for row, figures in ((morning, by_shift[0]), (afternoon, by_shift[1])):
        for key in ("hands", "rake", "drop", "tips", "buyins"):
            assert row[key] == figures[key], key
    assert day_row["hands"] == Hand.objects.filter(revision_of__isnull=True).count()
    assert day_row["rake"] == split_day.rake and day_row["drop"] == split_day.drop_expected
    assert morning["hands"] and afternoon["hands"] and morning["rake"]
    # Table hours: the session's time in each shift (to a hundredth), the day's in all.
    in_morning = Decimal((boundary - opened).total_seconds()) / 3600
    in_afternoon = Decimal((session.closed_at - boundary).total_seconds()) / 3600
    assert abs(morning["hours"] - in_morning) <= Decimal("0.01")  # type: ignore[operator]
    assert abs(afternoon["hours"] - in_afternoon) <= Decimal("0.01")  # type: ignore[operator]
    assert day_row["hours"] == Decimal("3.01")


# --- the demo records a shift change ------------------------------------------------------


def test_the_demo_day_has_a_shift_change_in_the_shift_register(tmp_path):  # issue 14 §3
    from casino.models import Casino
    from demo.simulation import DaySimulator
    from tables.models import ShiftChange

    report = DaySimulator(tables=1, hands=4, seed=3).run()
    change = ShiftChange.objects.get(gaming_day=report.gaming_day)  # one, through the service
    assert change.is_locked and change.acceptance.is_locked
    assert change.grand_total() == change.expected_total()
    casino = Casino.objects.get(code="sim")
    date = report.gaming_day.business_date.isoformat()
    text = squash(pdf_text(render("shift_register", casino, {"date": date}).pdf, tmp_path))
    row = text.split("Cambios de turno", 1)[1]
    assert re.search(r"\d\d:\d\d 1 Jornada completa Supervisor1 Supervisor_relevo", row), row
    assert "completas" in row and "Sin cambios de turno" not in row


# --- the control sheet reconciles its own session, with the day's checks -----------------


def test_control_sheet_keeps_the_days_causes_of_its_table(tmp_path):  # RPT-06, CLOSE-11
    # The control sheet reconciles only its session (cage.reconciliation
    # .reconcile_session_of_day), yet lists every cause of its table that the whole day's
    # reconciliation lists: on an injected day, the pack not returned at the last table.
    from cage.reconciliation import reconcile_day, reconcile_session_of_day
    from casino.models import Casino
    from demo.simulation import DaySimulator
    from reports.kinds._causes import cause_rows

    report = DaySimulator(tables=3, hands=4, seed=5, inject=True).run()
    day = report.gaming_day
    whole = reconcile_day(day)
    kinds_seen = set()
    for rec in whole.sessions:
        session = rec.session
        scope = {"tables": {session.table.number}, "session": session.pk}

        def seen(recon):  # type: ignore[no-untyped-def]
            rows = cause_rows(day, recon, "es", **scope)  # noqa: B023
            return [(r.kind, r.table, r.detail, r.amount, r.status) for r in rows]

        own = reconcile_session_of_day(session)
        assert [s.session.pk for s in own.sessions] == [session.pk]
        assert seen(own) == seen(whole), session.table.number
        kinds_seen |= {kind for kind, *_rest in seen(own)}
    assert "PACK_NOT_RETURNED" in kinds_seen
    last = whole.sessions[-1].session
    casino = Casino.objects.get(code="sim")
    text = squash(pdf_text(render("control_sheet", casino, {"session": last.pk}).pdf, tmp_path))
    pack = next(f.detail for f in report.faults if f.name == "pack not returned")
    assert pack in text
