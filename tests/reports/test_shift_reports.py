"""Per-shift figures in the reports (issue 14 §3): RAKE-08, RAKE-09, CHIP-18, BUYIN-10,
RPT-01, OPEN-18, RPT-17.

The day is played through the services (``scenario.play_day``) in real time; the casino's
shift pattern puts a boundary between its first and second hand, so the day's records
fall in two shifts. Every figure is checked against the one selector (``shift_at``)
record by record, and the PDFs are read back with ``pdftotext``.
"""

from __future__ import annotations

import re
from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from cage.models import CashLine, RakeEntry, TableTransaction, TransactionKind
from casino.models import GamingDay, ShiftDefinition, ShiftPattern
from casino.roles import Role
from casino.selectors import shift_at, shifts_of_day
from hands.models import Hand
from reports.kinds._shifts import shift_rows
from tables.models import TableSession

from .conftest import pdf_text, render

pytestmark = pytest.mark.django_db
ZERO = Decimal("0")


def pattern_split_at(casino, boundary, names=("Mañana", "Tarde")):
    """Two shifts: the first from midnight, the second from ``boundary`` (casino clock)."""
    casino.time_zone = settings.TIME_ZONE  # the gaming day's business date is in this zone
    casino.save(update_fields=["time_zone"])
    pattern = ShiftPattern.objects.create(
        casino=casino,
        effective_from=timezone.localdate() - timedelta(days=30),
        created_at=timezone.now() - timedelta(days=30),  # in force before the day opened
    )
    local = timezone.localtime(boundary)
    ShiftDefinition.objects.create(pattern=pattern, position=1, name=names[0], starts_at=time(0))
    ShiftDefinition.objects.create(
        pattern=pattern, position=2, name=names[1], starts_at=local.time()
    )
    return pattern


@pytest.fixture
def split_day(day, casino):
    # The boundary falls while a raked hand is being dealt: the hand and its rake belong to
    # the shift it started in, though the rake was posted in the next one (RAKE-08).
    entry = RakeEntry.objects.filter(sign=1, amount__gt=0).order_by("hand_started_at", "id").first()
    assert entry is not None and entry.posted_at > entry.hand_started_at
    boundary = entry.hand_started_at + (entry.posted_at - entry.hand_started_at) / 2
    if timezone.localtime(boundary).date() != day.session.gaming_day.business_date:
        pytest.skip("the scenario ran across local midnight")
    pattern_split_at(casino, boundary)
    day.session.gaming_day.refresh_from_db()
    return day


def expected_by_selector(gaming_day: GamingDay) -> dict[int, dict[str, Decimal | int]]:
    """The figures per shift counted record by record with ``shift_at`` (GEN-02)."""
    spans = shifts_of_day(gaming_day)
    out = {
        s.index: {"hands": 0, "rake": ZERO, "drop": ZERO, "buyins": 0, "tips": ZERO} for s in spans
    }
    for hand in Hand.objects.filter(gaming_day=gaming_day, revision_of__isnull=True):
        out[shift_at(gaming_day, hand.started_at).index]["hands"] += 1
    for entry in RakeEntry.objects.filter(gaming_day=gaming_day):
        out[shift_at(gaming_day, entry.hand_started_at).index]["rake"] += entry.sign * entry.amount
    for tx in TableTransaction.objects.filter(gaming_day=gaming_day):
        i = shift_at(gaming_day, tx.recorded_at).index
        if tx.kind == TransactionKind.BUYIN:
            out[i]["buyins"] += tx.sign
            if tx.source == "cash":
                for line in CashLine.objects.filter(transaction=tx, returned=False):
                    out[i]["drop"] += tx.sign * line.value * line.count
        elif tx.kind == TransactionKind.TIP_CHANGE:
            out[i]["tips"] += tx.sign * tx.amount
    return out


def test_shift_rows_agree_with_the_selector_record_by_record(split_day):
    # GEN-02, RAKE-08, CHIP-18: each figure in the shift of its record, and the shifts add up.
    gaming_day = split_day.session.gaming_day
    rows = shift_rows(gaming_day, "es")
    assert [r["name"] for r in rows] == ["Mañana", "Tarde", "Total de la jornada"]
    expected = expected_by_selector(gaming_day)
    for row in rows[:-1]:
        for key, value in expected[row["index"]].items():
            assert row[key] == value, (row["name"], key)
    boundary = shifts_of_day(gaming_day)[1].start
    started = [h.started_at for h in Hand.objects.filter(revision_of__isnull=True)]
    assert rows[0]["hands"] == sum(1 for t in started if t < boundary) > 0
    assert rows[0]["rake"] > 0  # the raked hand that straddles the boundary
    total = rows[-1]
    assert total["hands"] == Hand.objects.filter(revision_of__isnull=True).count()
    assert total["rake"] == split_day.rake
    assert total["drop"] == split_day.drop_expected
    for key in ("hands", "rake", "drop", "buyins", "buyins_total", "tips", "fills", "credits"):
        assert total[key] == sum(r[key] for r in rows[:-1]), key
    assert total["fills"] > 0  # the day's signed fills are counted somewhere


def test_shift_figures_include_renders_one_table(split_day):
    rows = shift_rows(split_day.session.gaming_day, "es")
    html = render_to_string("pdf/_shift_figures.html", {"shift_rows": rows, "lang": "es"})
    assert html.count("<table") == 1
    assert "Mañana" in html and "Tarde" in html and "Total de la jornada" in html
    assert html.count("<tr") == 1 + len(rows)
    english = render_to_string("pdf/_shift_figures.html", {"shift_rows": rows, "lang": "en"})
    assert "Tips" in english and "Drop (cash)" in english


def test_rake_report_per_table_and_shift(split_day, casino, tmp_path):  # RAKE-09, RAKE-08
    date = split_day.session.gaming_day.business_date.isoformat()
    text = pdf_text(render("rake", casino, {"date": date}).pdf, tmp_path)
    assert "Comisión por mesa y turno" in text
    rows = shift_rows(split_day.session.gaming_day, "es")
    morning = re.search(r"Total del turno Mañana\s+(\d+)\s+(\d+)", text)
    afternoon = re.search(r"Total del turno Tarde\s+(\d+)\s+(\d+)", text)
    assert morning and afternoon, text
    assert int(morning.group(1)) == rows[0]["hands"]
    assert int(afternoon.group(1)) == rows[1]["hands"]
    one = pdf_text(render("rake", casino, {"date": date, "shift": 2}).pdf, tmp_path)
    assert "Turno Tarde" in one.splitlines()[0] or "Turno Tarde" in one  # RPT-01 header
    assert "Total del turno Tarde" in one and "Total del turno Mañana" not in one


def test_buyin_register_and_tips_per_shift(split_day, casino, tmp_path):  # BUYIN-10, CHIP-18
    gaming_day = split_day.session.gaming_day
    date = gaming_day.business_date.isoformat()
    buyins = TableTransaction.objects.filter(kind=TransactionKind.BUYIN).order_by("recorded_at")
    by_shift: dict[int, int] = {}
    for tx in buyins:
        by_shift[shift_at(gaming_day, tx.recorded_at).index] = (
            by_shift.get(shift_at(gaming_day, tx.recorded_at).index, 0) + tx.sign
        )
    for number, name in ((1, "Mañana"), (2, "Tarde")):
        text = pdf_text(
            render("shift_register", casino, {"date": date, "table": 7, "shift": number}).pdf,
            tmp_path,
        )
        assert f"Turno {name}" in text
        count = by_shift.get(number - 1, 0)
        if count:
            assert re.search(rf"Total de compras \({count}\)", text), text
        other = "Tarde" if name == "Mañana" else "Mañana"
        assert f"{other} (" not in text  # no section of the other shift
    whole = pdf_text(render("shift_register", casino, {"date": date}).pdf, tmp_path)
    assert "Cambios de propina" in whole and "Total de propinas" in whole


def test_sheet_header_names_the_shifts_the_session_ran_in(split_day, casino, tmp_path):
    # RPT-01, OPEN-18: the opening-and-closing sheet's header carries the shift.
    text = pdf_text(render("sheet", casino, {"session": split_day.session.pk}).pdf, tmp_path)
    morning, afternoon = shifts_of_day(split_day.session.gaming_day)
    header = re.sub(r"–\s+", "–", re.sub(r"\s+", " ", text))  # a wrapped line read whole
    assert f"Turnos Mañana {morning.hours()} → Tarde {afternoon.hours()}" in header


def test_header_names_the_single_shift_without_a_pattern(day, casino, tmp_path):  # OPEN-18
    text = pdf_text(render("sheet", casino, {"session": day.session.pk}).pdf, tmp_path)
    assert "Turno Jornada completa" in text


# --- RPT-17: a supervisor reads the reports of their own tables and shift ---------------


def request(api, user, role, kind, params):  # type: ignore[no-untyped-def]
    return api(user, role).post("/api/reports/", {"kind": kind, "params": params}, format="json")


def test_supervisor_reads_only_their_own_shift(staff, casino, gaming_day, api):  # RPT-17
    from casino.models import ChipSet, Denomination
    from tests.tables.conftest import make_table, open_table
    from tests.tables.test_shifts import lines_for

    chips = ChipSet.objects.create(casino=casino, name="Fichas")
    for value, colour in (("100", "negro"), ("50", "naranja"), ("25", "verde"), ("5", "rojo")):
        Denomination.objects.create(chip_set=chips, value=Decimal(value), colour=colour)
    table = make_table(casino, chips, number=3)
    session = open_table(staff, table)
    # The pit boss records the shift change: supervisor2 takes the table over.
    changed = api(staff["pit_boss"], Role.PIT_BOSS).post(
        f"/api/sessions/{session.pk}/shift-changes/",
        {"incoming": "supervisor2", "lines": lines_for(session)},
        format="json",
    )
    assert changed.status_code == 201, changed.json()
    relief_at = session.supervisor_reliefs.get().at
    if timezone.localtime(relief_at).date() != gaming_day.business_date:
        pytest.skip("the test ran across local midnight")
    pattern_split_at(casino, relief_at, names=("Día", "Noche"))
    date = gaming_day.business_date.isoformat()
    sup, sup2 = staff["supervisor"], staff["supervisor2"]
    for kind in ("rake", "shift_register"):
        base = {"date": date, "table": 3}
        assert request(api, sup, Role.SUPERVISOR, kind, base | {"shift": 1}).status_code == 202
        refused = request(api, sup, Role.SUPERVISOR, kind, base | {"shift": 2})
        assert refused.status_code == 403, kind
        assert refused.json()["code"] == "REPORT_OUT_OF_SHIFT"
        assert refused.json()["message"]["es"] and refused.json()["message"]["en"]
        # The whole day covers the other supervisor's shift too: give your shift.
        whole = request(api, sup, Role.SUPERVISOR, kind, base)
        assert whole.status_code == 403 and whole.json()["field"] == "shift"
        assert request(api, sup2, Role.SUPERVISOR, kind, base | {"shift": 2}).status_code == 202
        assert request(api, sup2, Role.SUPERVISOR, kind, base | {"shift": 1}).status_code == 403
        # The pit boss of the sector and the manager are not limited by shift.
        assert request(api, staff["pit_boss"], Role.PIT_BOSS, kind, base).status_code == 202
    assert TableSession.objects.get(pk=session.pk).status != TableSession.Status.CLOSED


def test_drop_buyins_and_tips_fall_in_the_shift_of_their_time(staff, casino, gaming_day, tmp_path):
    # CHIP-18, BUYIN-10: cash accepted (a returned note is no drop), buy-ins and tip changes,
    # each in the shift of its time, through the cage's services as the floor records them.
    from cage import services as cage
    from casino.models import ChipSet, Denomination
    from tests.tables.conftest import act, make_table, open_table

    chips = ChipSet.objects.create(casino=casino, name="Fichas")
    for value, colour in (("100", "negro"), ("50", "naranja"), ("25", "verde"), ("5", "rojo")):
        Denomination.objects.create(chip_set=chips, value=Decimal(value), colour=colour)
    session = open_table(staff, make_table(casino, chips, number=4))
    sup = act(staff["supervisor"], Role.SUPERVISOR)

    def buy(seat, notes, out):  # type: ignore[no-untyped-def]
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount=sum(Decimal(v) * n for v, n in out),
            croupier=staff["croupier"],
            cash=[{"value": v, "count": n} for v, n in notes],
            chips=out,
            player_name=f"Jugador {seat}",
        )

    def tip(n):  # type: ignore[no-untyped-def]
        cage.tip_change_record(
            actor=sup,
            session=session,
            chips_in=[("5", 5 * n)],
            chips_out=[("25", n)],
            croupier=staff["croupier"],
        )

    buy(1, [("100", 2), ("2", 1)], [("100", 2)])  # the 2 note goes back to the player
    tip(1)
    boundary = timezone.now()
    buy(2, [("100", 3)], [("100", 2), ("50", 2)])
    tip(2)
    if timezone.localtime(boundary).date() != gaming_day.business_date:
        pytest.skip("the test ran across local midnight")
    pattern_split_at(casino, boundary)
    gaming_day.refresh_from_db()
    first, second, total = shift_rows(gaming_day, "es", table_number=4)
    assert (first["buyins"], first["buyins_total"], first["drop"], first["tips"]) == (
        1,
        Decimal("200"),
        Decimal("200"),
        Decimal("25"),
    )
    assert (second["buyins"], second["buyins_total"], second["drop"], second["tips"]) == (
        1,
        Decimal("300"),
        Decimal("300"),
        Decimal("50"),
    )
    assert total["drop"] == Decimal("500") and total["tips"] == Decimal("75")
    date = gaming_day.business_date.isoformat()
    text = pdf_text(
        render("shift_register", casino, {"date": date, "table": 4, "shift": 2}).pdf, tmp_path
    )
    assert "Jugador 2" in text and "Jugador 1" not in text
    assert re.search(r"Total de compras \(1\)\s+(\$ )?300,00", text), text
    assert re.search(r"Total de propinas\s+(\$ )?50,00", text), text


def test_rpt_05_the_change_log_per_table_and_shift(split_day, casino, tmp_path):
    # RPT-05: the table card lists each movement under the shift of its time and totals
    # each kind per shift, as the one selector (shift_at) places each record.
    from reports.formatting import money
    from reports.kinds.table_card import KIND_LABELS, _kind_key

    session = split_day.session
    gaming_day = session.gaming_day
    expected: dict[tuple[str, str], list] = {}
    for tx in TableTransaction.objects.filter(session=session):
        name = shift_at(gaming_day, tx.recorded_at).name
        cell = expected.setdefault((name, KIND_LABELS[_kind_key(tx)][0]), [0, ZERO])
        cell[0] += tx.sign
        cell[1] += tx.sign * tx.amount
    assert {name for name, _kind in expected} == {"Mañana", "Tarde"}
    text = pdf_text(render("table_card", casino, {"session": session.pk}).pdf, tmp_path)
    log, _, rest = text.partition("Totales")
    assert "Turno Mañana" in log and "Turno Tarde" in log
    assert log.index("Turno Mañana") < log.index("Turno Tarde")
    section = rest.partition("Por turno")[2].partition("Por asiento")[0]
    found: dict[tuple[str, str], list] = {}
    for line in re.sub(r"[ \t]+", " ", section).splitlines():
        for name in ("Mañana", "Tarde"):
            for label_es, _en in KIND_LABELS.values():
                row = rf"{name} {re.escape(label_es)} (-?\d+) \$ (-?[\d.,]+)"
                if match := re.fullmatch(row, line.strip()):
                    found[(name, label_es)] = [int(match.group(1)), match.group(2)]
    assert found == {key: [count, money(amount, "es")] for key, (count, amount) in expected.items()}
