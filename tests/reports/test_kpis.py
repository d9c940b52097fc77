"""The manager's figures (issue 14 §4), rendered for real and read back with pdftotext.

Three gaming days played through the services: the scenario day (table 7, closed), the
next day (table 11 opened, three buy-ins) and the same weekday a week later (table 9
open, a hand, a tip change; table 13 open, the same three players by name): the report
of the last day compares it with the previous gaming day and with the scenario day a
week before. The days are played in seconds, so
each session's opening time is moved back as if the table had opened hours before.
Every printed figure is checked against the database, computed here another way (one
record at a time, the cage's own ``player_key``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from cage import selectors as cage_selectors
from cage import services as cage
from cage.models import BuyinSource, CashLine, RakeEntry, TableTransaction, TransactionKind
from casino.access import acting_as
from casino.formatting import money
from casino.models import GamingDay
from casino.roles import Role
from casino.services import gaming_day_close, gaming_day_open
from hands import services as hands
from hands.models import Hand, HandStatus
from tables.models import TableSession
from tests.helpers import make_staff

from .conftest import pdf_text, render
from .scenario import fold_to_big_blind, ready_for_hands
from .test_layout import assert_inside_margins

pytestmark = pytest.mark.django_db
CENT = Decimal("0.01")


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@dataclass
class Expected:
    hours: Decimal
    open: bool
    hands: int
    valid: int
    pots: Decimal
    rake: Decimal
    drop: Decimal
    tips: Decimal
    buyins: int
    bought: Decimal
    players: set[str]


def expected(day: GamingDay, table: int | None, now: datetime) -> Expected:
    """The figures of one table (or the room) from the records, one by one."""
    where: dict[str, Any] = {"gaming_day": day}
    if table:
        where["table__number"] = table
    seconds, is_open = 0, False
    for s in TableSession.objects.filter(opened_at__isnull=False, **where):
        seconds += int(((s.closed_at or now) - s.opened_at).total_seconds())
        is_open |= s.closed_at is None
    hand_list = list(Hand.objects.filter(revision_of__isnull=True, **where))
    valid = [h for h in hand_list if h.status == HandStatus.VALID]
    txs = list(TableTransaction.objects.filter(**where))
    buyins = [t for t in txs if t.kind == TransactionKind.BUYIN]
    standing = [t for t in buyins if t.sign == 1 and not hasattr_reversal(t)]
    cash = CashLine.objects.filter(
        transaction__in=[t for t in buyins if t.source == BuyinSource.CASH], returned=False
    )
    return Expected(
        hours=(Decimal(seconds) / 3600).quantize(CENT),
        open=is_open,
        hands=len(hand_list),
        valid=len(valid),
        pots=sum((h.pot_total for h in valid), Decimal(0)),
        rake=sum((e.amount * e.sign for e in RakeEntry.objects.filter(**where)), Decimal(0)),
        drop=sum((c.value * c.count * c.transaction.sign for c in cash), Decimal(0)),
        tips=sum(
            (t.amount * t.sign for t in txs if t.kind == TransactionKind.TIP_CHANGE), Decimal(0)
        ),
        buyins=sum(t.sign for t in buyins),
        bought=sum((t.amount * t.sign for t in buyins), Decimal(0)),
        players={cage_selectors.player_key(t)[0] for t in standing},
    )


def hasattr_reversal(tx: TableTransaction) -> bool:
    return TableTransaction.objects.filter(reverses=tx).exists()


TOKEN = re.compile(r"—|[+\u2212-]?\d{1,3}(?:\.\d{3})*(?:,\d+)?")


def figures(line: str) -> list[Decimal | None]:
    """The numbers of a printed line, currency signs aside; "—" is None."""
    out: list[Decimal | None] = []
    for token in TOKEN.findall(line):
        if token == "—":
            out.append(None)
        else:
            out.append(Decimal(token.replace(".", "").replace(",", ".").replace("\u2212", "-")))
    return out


def line_of(text: str, label: str) -> str:
    for line in text.splitlines():
        if line.strip().startswith(label + " "):
            return line.strip()[len(label) :]
    raise AssertionError(f"no line {label!r}")


def per(value: Decimal | int, by: Decimal | int, places: str = "0.01") -> Decimal | None:
    return (Decimal(value) / by).quantize(Decimal(places)) if by else None


def row_figures(e: Expected) -> list[Decimal | None]:
    """What the per-table row prints after the table number, in order (RPT-07 style)."""
    return [
        e.hours,
        Decimal(e.hands),
        per(e.hands, e.hours, "0.1"),
        e.rake,
        per(e.rake, e.hours),
        per(e.pots, e.valid),
        Decimal(len(e.players)),
        Decimal(e.buyins),
        per(e.bought, e.buyins),
        e.tips,
        e.drop,
        per(e.drop, e.hours),
    ]


@pytest.fixture
def three_days(day, staff, casino, sector):  # type: ignore[no-untyped-def]
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    d0 = day.session.gaming_day
    # The scenario's table opened six hours before it closed.
    TableSession.objects.filter(pk=day.session.pk).update(
        opened_at=day.session.closed_at - timedelta(hours=6, minutes=30)
    )
    gaming_day_close(actor=manager, gaming_day=d0)
    d1 = gaming_day_open(actor=manager, business_date=d0.business_date + timedelta(days=1))
    s11 = ready_for_hands(staff, casino, sector, 11)
    TableSession.objects.filter(pk=s11.pk).update(opened_at=timezone.now() - timedelta(hours=2))
    gaming_day_close(actor=manager, gaming_day=d1)
    d7 = gaming_day_open(actor=manager, business_date=d0.business_date + timedelta(days=7))
    # Table 11's croupier is still on duty there: table 9 has its own.
    croupier3 = make_staff(casino, "croupier3", Role.CROUPIER, pin="1234")
    s9 = ready_for_hands({**staff, "croupier": croupier3}, casino, sector, 9)
    hands.hand_log(actor=sup, session=s9, data=fold_to_big_blind(1, {1: 500, 3: 500, 5: 500}))
    cage.tip_change_record(
        actor=sup, session=s9, chips_in=[("5", 5)], chips_out=[("25", 1)], croupier=croupier3
    )
    # Table 13 the same day, with the same three players (by name): the room counts them once.
    croupier4 = make_staff(casino, "croupier4", Role.CROUPIER, pin="1234")
    s13 = ready_for_hands({**staff, "croupier": croupier4}, casino, sector, 13)
    TableSession.objects.filter(pk=s9.pk).update(opened_at=timezone.now() - timedelta(hours=3))
    TableSession.objects.filter(pk=s13.pk).update(opened_at=timezone.now() - timedelta(hours=1))
    return d0, d1, d7


def test_every_printed_figure_is_the_database(three_days, casino, tmp_path):  # issue 14 §4
    d0, d1, d7 = three_days
    before = timezone.now()
    rendered = render("kpis", casino, {"date": d7.business_date.isoformat()})
    after = timezone.now()
    layout = pdf_text(rendered.pdf, tmp_path)

    # Table 9 is still open: counted to the time of printing, marked, the report provisional.
    row9 = line_of(layout, "9")
    hours9 = figures(row9)[0]
    assert hours9 is not None and row9.split()[0].endswith("*")
    assert expected(d7, 9, before).hours <= hours9 <= expected(d7, 9, after).hours
    assert "Provisional" in layout
    today = expected(d7, 9, before)
    today.hours = hours9
    assert figures(row9) == row_figures(today)
    assert today.hands == 1 and today.tips == Decimal("25") and len(today.players) == 3
    row13 = figures(line_of(layout, "13"))
    assert expected(d7, 13, before).hours <= row13[0] <= expected(d7, 13, after).hours
    other = expected(d7, 13, before)
    other.hours = row13[0]
    assert row13 == row_figures(other)
    # The room: the two tables' sums, but the same three players counted once.
    room_row = figures(line_of(layout, "Sala"))
    room = expected(d7, None, before)
    assert room.hours <= room_row[0] <= expected(d7, None, after).hours
    room.hours = room_row[0]
    assert room_row == row_figures(room)
    assert len(room.players) == 3 and room.buyins == 6

    # The comparison: the previous gaming day (d1: table 11 still open, no hands) and
    # the same weekday a week before (d0, the scenario day: closed, 6,50 hours).
    compare = layout[
        layout.index("La jornada frente a otras") : layout.index("Mes a la fecha, por jornada:")
    ]
    assert f"Jornada anterior {d1.business_date:%d/%m/%Y}" in squash(compare)
    assert f"semana anterior {d0.business_date:%d/%m/%Y}" in squash(compare)
    prev, week = expected(d1, None, before), expected(d0, None, before)
    hours = figures(line_of(compare, "Horas de mesa"))
    assert hours[0] == room.hours and hours[2] == week.hours == Decimal("6.50")
    assert expected(d1, None, before).hours <= hours[1] <= expected(d1, None, after).hours
    prev.hours = hours[1]
    month = [d for d in (d0, d1, d7) if d.business_date.month == d7.business_date.month]
    sums = [expected(d, None, before) for d in month]
    n = Decimal(len(month))
    assert f"({len(month)})" in compare

    def mtd(name: str) -> Decimal:
        return sum((getattr(x, name) for x in sums), Decimal(0))

    def col(label: str) -> list[Decimal | None]:
        return figures(line_of(compare, label))

    assert col("Manos") == [room.hands, prev.hands, week.hands, per(mtd("hands"), n, "0.1")]
    assert col("Comisión") == [room.rake, prev.rake, week.rake, per(mtd("rake"), n)]
    assert col("Pozo medio") == [
        per(room.pots, room.valid),
        None,
        per(week.pots, week.valid),
        per(mtd("pots"), mtd("valid")),
    ]
    players = sum(len(x.players) for x in sums)
    assert col("Jugadores") == [3, len(prev.players), len(week.players), per(players, n, "0.1")]
    assert col("Compra media") == [
        per(room.bought, room.buyins),
        per(prev.bought, prev.buyins),
        per(week.bought, week.buyins),
        per(mtd("bought"), mtd("buyins")),
    ]
    assert col("Propinas") == [room.tips, prev.tips, week.tips, per(mtd("tips"), n)]
    assert col("Drop") == [room.drop, prev.drop, week.drop, per(mtd("drop"), n)]
    rake_rate = col("Comisión por hora")
    assert rake_rate[:3] == [
        per(room.rake, room.hours),
        per(prev.rake, prev.hours),
        per(week.rake, week.hours),
    ]
    # Month day by day, and the month's total: the sums of the days.
    days = layout[layout.index("jornada por jornada") :]
    for d, x in zip(month, sums, strict=True):
        printed = figures(line_of(days, f"{d.business_date:%d/%m/%Y}"))
        if not x.open:
            assert printed[1] == x.hours
        assert printed[2:4] == [x.hands, per(x.hands, printed[1], "0.1")]
        assert printed[4:] == [
            x.rake,
            per(x.rake, printed[1]),
            len(x.players),
            x.tips,
            x.drop,
            per(x.drop, printed[1]),
        ]
    total = figures(line_of(days, "Mes").split("–", 1)[1].split(None, 1)[1])  # after the dates
    sessions = TableSession.objects.filter(gaming_day__in=month, opened_at__isnull=False)
    assert total[0] == sessions.count() and total[2] == mtd("hands")
    assert total[4] == mtd("rake") and total[-3:-1] == [mtd("tips"), mtd("drop")]
    # Every formula is on the report.
    text = squash(layout)
    for words in (
        "manos registradas (originales, sin sus correcciones) ÷ horas de mesa",
        "el libro de la caja de comisión",
        "pozos de las manos válidas ÷ manos válidas",
        "el efectivo recibido en las compras en efectivo",
        "los cambios de propina del croupier",
        "compras y recompras, netas de anulaciones ÷ su número",
    ):
        assert words in text, words


def test_roles_that_see_the_figures(day, staff, api, casino, tmp_path):  # RPT-17, issue 14 §4
    date = day.session.gaming_day.business_date.isoformat()
    # In English too: English words and separators, the same figures.
    english = squash(pdf_text(render("kpis", casino, {"date": date}, lang="en").pdf, tmp_path))
    assert "Manager's figures of the room" in english and "Rake per table-hour" in english
    assert "Provisional" not in english  # the scenario's table is closed
    rake = expected(day.session.gaming_day, None, timezone.now()).rake
    # Inside the margins on both papers (landscape).
    for paper, size in (("A4", (210, 297)), ("LETTER", (215.9, 279.4))):
        assert_inside_margins(
            render("kpis", casino, {"date": date}, paper=paper).pdf, tmp_path, size
        )
    assert re.search(rf"Rake \S* ?{re.escape(money(rake, 'en'))}", english)
    body = {"kind": "kpis", "params": {"date": date}}
    for user, role, status in (
        ("shift_manager", Role.SHIFT_MANAGER, 202),
        ("auditor", Role.AUDITOR, 202),
        ("pit_boss", Role.PIT_BOSS, 403),
        ("supervisor", Role.SUPERVISOR, 403),
    ):
        response = api(staff[user], role).post("/api/reports/", body, format="json")
        assert response.status_code == status, (role, response.json())
