"""What a manager looks at: the room's figures of a gaming day (issue 14 §4).

Per table and for the room: table hours, hands per hour, rake per table-hour,
average pot, players and average buy-in, tips, drop and drop per hour; then the
room today against the previous gaming day, the same weekday a week before and
the month to date per day, and the month day by day. Every formula is printed
on the report and written in ``docs/reports.md`` ("Manager's figures").

The figures come from the books that own them, aggregated in SQL per gaming day
and table (``values().annotate()``), never loaded hand by hand:

- rake: the rake box ledger (``cage.RakeEntry``), amount × sign (RAKE-08);
- drop: the cash accepted at cash buy-ins (``cage.CashLine`` of buy-ins, not
  handed back), value × count × sign, as the master report's expected drop;
- tips: the tip changes (``cage.TableTransaction`` of kind ``tip_change``),
  amount × sign (CHIP-17, CHIP-18);
- hands: original hand records (a correction is a revision of the same hand);
  average pot over the valid hands;
- players: distinct players bought in (the player, else the name, else the seat,
  as ``cage.selectors.player_key`` tells them apart); average buy-in = buy-ins and
  re-buys, net of reversals, ÷ their number;
- table hours: each session from its opening to its closing; a session still
  open counts to the time of printing, and is marked.

Every query of the figures is in :func:`_figures`, which takes the set of gaming
days and, for the figures per shift (issue 14 §3; RAKE-08, CHIP-18, BUYIN-10), a
shift's time window that narrows the same queries: each record by the time the
shift selector reads (a hand and its rake by the hand's start, a buy-in, its cash
and a tip change by their time) and a session's table hours clipped to the shift.
The first shift holds anything before its start and the last anything after its
end, as ``casino.selectors.shift_in``, so the shifts' rows add up to the day's.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Case as CaseExpr
from django.db.models import (
    CharField,
    Count,
    F,
    Q,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Concat, Lower, Trim
from django.utils import timezone
from django.utils.safestring import mark_safe

from cage.models import BuyinSource, CashLine, RakeEntry, TableTransaction, TransactionKind
from casino.models import Casino, GamingDay
from casino.roles import Perm
from casino.selectors import ShiftSpan, shifts_of_day
from hands.models import Hand, HandStatus
from tables.models import TableSession

from ..access import gaming_day_for
from ..charts import bar_chart, line_chart
from ..formatting import day as day_text
from ..formatting import money, number
from ..params import DateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual
from .gaming_day import MONEY_OUT

ZERO = Decimal("0")
CENT = Decimal("0.01")
TENTH = Decimal("0.1")
HOUR = Decimal(3600)


@dataclass
class Figures:
    """The sums of one table (or the room) over one gaming day (or several)."""

    sessions: int = 0
    open_sessions: int = 0
    seconds: int = 0
    hands: int = 0
    valid: int = 0
    pots: Decimal = ZERO
    rake: Decimal = ZERO
    drop: Decimal = ZERO
    tips: Decimal = ZERO
    buyins: int = 0
    bought: Decimal = ZERO
    players: int = 0
    days: set[int] = field(default_factory=set)
    # Table hours apportioned from the day's printed figure (per shift), when set.
    apportioned_hours: Decimal | None = None

    def add(self, other: Figures) -> None:
        for name in ("sessions", "open_sessions", "seconds", "hands", "valid", "buyins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("pots", "rake", "drop", "tips", "bought"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.days |= other.days

    @property
    def hours(self) -> Decimal:
        """Table hours, two decimals: every rate below divides by this printed figure."""
        if self.apportioned_hours is not None:
            return self.apportioned_hours
        return (Decimal(self.seconds) / HOUR).quantize(CENT)

    def per_hour(self, value: Decimal | int, places: Decimal = CENT) -> Decimal | None:
        hours = self.hours
        return (Decimal(value) / hours).quantize(places) if hours else None

    def row(self) -> dict[str, Any]:
        return {
            "sessions": self.sessions,
            "open": self.open_sessions,
            "hours": self.hours,
            "hands": self.hands,
            "hands_per_hour": self.per_hour(self.hands, TENTH),
            "rake": self.rake,
            "rake_per_hour": self.per_hour(self.rake),
            "valid": self.valid,
            "pots": self.pots,
            "average_pot": (self.pots / self.valid).quantize(CENT) if self.valid else None,
            "players": self.players,
            "buyins": self.buyins,
            "bought": self.bought,
            "average_buyin": (self.bought / self.buyins).quantize(CENT) if self.buyins else None,
            "tips": self.tips,
            "drop": self.drop,
            "drop_per_hour": self.per_hour(self.drop),
        }


def _player_key() -> CaseExpr:
    """A buy-in's player in SQL: the player, else the name, else the seat (player_key)."""
    return CaseExpr(
        When(
            player__isnull=False,
            then=Concat(Value("p:"), Cast("player_id", CharField())),
        ),
        When(
            ~Q(player_name=""),
            then=Concat(Value("n:"), Lower(Trim("player_name"))),
        ),
        default=Concat(
            Value("s:"), Cast("session_id", CharField()), Value(":"), Cast("seat", CharField())
        ),
        output_field=CharField(),
    )


def _first_buyins(day_ids: list[int]) -> Any:
    """Buy-ins that stand (not reversals, not reversed): who played."""
    return TableTransaction.objects.filter(
        gaming_day_id__in=day_ids, kind=TransactionKind.BUYIN, sign=1, reversal__isnull=True
    ).annotate(player_key=_player_key())


# A shift's time window: [start, end), either side open (None) for the day's first and
# last shift, which also hold the records before and after the pattern's hours.
Window = tuple[datetime | None, datetime | None]
WHOLE: Window = (None, None)


def shift_window(spans: list[ShiftSpan], span: ShiftSpan) -> Window:
    """The window of ``span`` among the day's ``spans``: the boundaries of ``shift_in``."""
    return (
        span.start if span.index > 0 else None,
        span.end if span.index < len(spans) - 1 else None,
    )


def _in(field_name: str, window: Window) -> Q:
    start, end = window
    q = Q()
    if start is not None:
        q &= Q(**{f"{field_name}__gte": start})
    if end is not None:
        q &= Q(**{f"{field_name}__lt": end})
    return q


def _figures(
    day_ids: list[int], now: datetime, window: Window = WHOLE
) -> dict[tuple[int, int], Figures]:
    """The figures per (gaming day id, table number), every sum taken in SQL; with a
    shift's ``window``, only its records and each session's hours within it."""
    out: dict[tuple[int, int], Figures] = defaultdict(Figures)
    start, end_of_window = window
    for session in (
        TableSession.objects.filter(gaming_day_id__in=day_ids, opened_at__isnull=False)
        .values("gaming_day_id", "table__number", "opened_at", "closed_at")
        .order_by()
    ):
        opened = session["opened_at"]
        if opened is None:  # not so (the filter), but the column may be empty
            continue
        end = session["closed_at"] or now
        if start is not None:
            opened = max(opened, start)
        if end_of_window is not None:
            end = min(end, end_of_window)
        if window != WHOLE and end <= opened:
            continue  # the session did not run in this shift
        f = out[(session["gaming_day_id"], session["table__number"])]
        f.sessions += 1
        f.open_sessions += session["closed_at"] is None
        f.seconds += max(0, int((end - opened).total_seconds()))
    for r in (
        Hand.objects.filter(
            _in("started_at", window), gaming_day_id__in=day_ids, revision_of__isnull=True
        )
        .values("gaming_day_id", "table__number")
        .annotate(
            n=Count("id"),
            valid=Count("id", filter=Q(status=HandStatus.VALID)),
            pots=Sum("pot_total", filter=Q(status=HandStatus.VALID)),
        )
        .order_by()
    ):
        f = out[(r["gaming_day_id"], r["table__number"])]
        f.hands, f.valid, f.pots = r["n"], r["valid"], Decimal(r["pots"] or 0)
    for rake in (
        RakeEntry.objects.filter(_in("hand_started_at", window), gaming_day_id__in=day_ids)
        .values("gaming_day_id", "table__number")
        .annotate(total=Sum(F("amount") * F("sign"), output_field=MONEY_OUT))
        .order_by()
    ):
        out[(rake["gaming_day_id"], rake["table__number"])].rake = Decimal(rake["total"] or 0)
    for cash in (
        CashLine.objects.filter(
            _in("transaction__recorded_at", window),
            transaction__gaming_day_id__in=day_ids,
            transaction__kind=TransactionKind.BUYIN,
            transaction__source=BuyinSource.CASH,
            returned=False,
        )
        .values("transaction__gaming_day_id", "transaction__table__number")
        .annotate(
            drop=Sum(F("value") * F("count") * F("transaction__sign"), output_field=MONEY_OUT)
        )
        .order_by()
    ):
        key = (cash["transaction__gaming_day_id"], cash["transaction__table__number"])
        out[key].drop = Decimal(cash["drop"] or 0)
    for tx in (
        TableTransaction.objects.filter(
            _in("recorded_at", window),
            gaming_day_id__in=day_ids,
            kind__in=[TransactionKind.BUYIN, TransactionKind.TIP_CHANGE],
        )
        .values("gaming_day_id", "table__number", "kind")
        .annotate(n=Sum("sign"), amount=Sum(F("amount") * F("sign"), output_field=MONEY_OUT))
        .order_by()
    ):
        f = out[(tx["gaming_day_id"], tx["table__number"])]
        if tx["kind"] == TransactionKind.BUYIN:
            f.buyins, f.bought = tx["n"] or 0, Decimal(tx["amount"] or 0)
        else:
            f.tips = Decimal(tx["amount"] or 0)
    for first in (
        _first_buyins(day_ids)
        .filter(_in("recorded_at", window))
        .values("gaming_day_id", "table__number")
        .annotate(n=Count("player_key", distinct=True))
        .order_by()
    ):
        out[(first["gaming_day_id"], first["table__number"])].players = first["n"]
    for (day_id, _table), f in out.items():
        f.days.add(day_id)
    return out


def _room_players(day_ids: list[int]) -> dict[int, int]:
    """Distinct players of the room per day: one player at two tables counts once."""
    return {
        r["gaming_day_id"]: r["n"]
        for r in _first_buyins(day_ids)
        .values("gaming_day_id")
        .annotate(n=Count("player_key", distinct=True))
        .order_by()
    }


def _room(per_table: dict[tuple[int, int], Figures], day_id: int, players: int) -> Figures:
    room = Figures()
    for (d, _table), f in per_table.items():
        if d == day_id:
            room.add(f)
    room.players = players
    return room


def apportion_hours(seconds: list[int], total: Decimal) -> list[Decimal]:
    """``total`` table hours (the day's printed figure) shared among pieces of ``seconds``
    in hundredths by the largest remainder, so the printed pieces add up to the total."""
    exact = [Decimal(n) * 100 / HOUR for n in seconds]
    cents = [int(x) for x in exact]
    short = int(total * 100) - sum(cents)
    by_remainder = sorted(range(len(exact)), key=lambda i: exact[i] - cents[i], reverse=True)
    for i in by_remainder[: max(0, short)]:
        cents[i] += 1
    if short < 0:  # the day's own figure rounded down past the pieces (a second apart)
        for i in by_remainder[short:]:
            cents[i] -= 1
    return [(Decimal(c) / 100).quantize(CENT) for c in cents]


def shift_kpi_rows(
    day: GamingDay, now: datetime, lang: str, day_hours: Decimal
) -> list[dict[str, Any]]:
    """The room's figures in each shift of ``day`` (issue 14 §3): the same queries as the
    day's, narrowed to the shift's window; the table hours shared out of the day's."""
    spans = shifts_of_day(day)
    rooms = []
    for span in spans:
        per_table = _figures([day.pk], now, shift_window(spans, span))
        rooms.append(_room(per_table, day.pk, 0))
    for room, hours in zip(
        rooms, apportion_hours([r.seconds for r in rooms], day_hours), strict=True
    ):
        room.apportioned_hours = hours
    return [
        {"name": span.label(lang), "hours_of_day": span.hours(), **room.row()}
        for span, room in zip(spans, rooms, strict=True)
    ]


def _comparison_days(casino: Casino, day: GamingDay) -> dict[str, GamingDay | None]:
    earlier = GamingDay.objects.filter(casino=casino, business_date__lt=day.business_date)
    return {
        "previous": earlier.order_by("-business_date").first(),
        "week": earlier.filter(business_date=day.business_date - timedelta(days=7)).first(),
    }


def _ratio_rows(lang: str) -> list[tuple[str, str, str]]:
    """(key, label, format) of the comparison rows, in print order."""

    def b(es: str, en: str) -> str:
        return bilingual(lang, es, en)

    return [
        ("hours", b("Horas de mesa", "Table hours"), "hours"),
        ("hands", b("Manos", "Hands"), "count"),
        ("hands_per_hour", b("Manos por hora", "Hands per hour"), "rate"),
        ("rake", b("Comisión", "Rake"), "money"),
        ("rake_per_hour", b("Comisión por hora de mesa", "Rake per table-hour"), "money"),
        ("average_pot", b("Pozo medio", "Average pot"), "money"),
        ("players", b("Jugadores distintos", "Distinct players"), "count"),
        ("average_buyin", b("Compra media", "Average buy-in"), "money"),
        ("tips", b("Propinas", "Tips"), "money"),
        ("drop", b("Drop", "Drop"), "money"),
        ("drop_per_hour", b("Drop por hora de mesa", "Drop per table-hour"), "money"),
    ]


# Sums the month-to-date column prints per day (the total ÷ the days with play); the
# other rows are ratios of the month's sums (hands ÷ hours over the whole month).
PER_DAY = {"hours", "hands", "rake", "players", "tips", "drop"}


def _per_day(month: Figures, players_sum: int) -> dict[str, Any]:
    row = month.row()
    n = len(month.days)
    if not n:
        return dict.fromkeys(row)
    row["players"] = players_sum
    for key in PER_DAY:
        value = Decimal(row[key]) / n
        row[key] = value.quantize(TENTH if key in {"hands", "players"} else CENT)
    return row


def kpi_data(casino: Casino, day: GamingDay, lang: str, now: datetime) -> dict[str, Any]:
    others = _comparison_days(casino, day)
    month_start = day.business_date.replace(day=1)
    month_days = list(
        GamingDay.objects.filter(
            casino=casino,
            business_date__gte=month_start,
            business_date__lte=day.business_date,
        ).order_by("business_date")
    )
    ids = {d.pk for d in month_days} | {d.pk for d in others.values() if d}
    ids.add(day.pk)
    day_ids = sorted(ids)
    per_table = _figures(day_ids, now)
    players = _room_players(day_ids)

    tables = []
    for (day_id, table), f in sorted(per_table.items(), key=lambda kv: kv[0][1]):
        if day_id == day.pk:
            tables.append({"table": table, **f.row()})
    today = _room(per_table, day.pk, players.get(day.pk, 0))
    shifts = shift_kpi_rows(day, now, lang, today.hours)

    month = Figures()
    month_rows = []
    for d in month_days:
        f = _room(per_table, d.pk, players.get(d.pk, 0))
        month.add(f)
        month_rows.append({"date": d.business_date, "day": d, **f.row()})
    players_sum = sum(players.get(d.pk, 0) for d in month_days if d.pk in month.days)

    def room_of(other: GamingDay | None) -> dict[str, Any] | None:
        return _room(per_table, other.pk, players.get(other.pk, 0)).row() if other else None

    columns = {
        "today": today.row(),
        "previous": room_of(others["previous"]),
        "week": room_of(others["week"]),
        "month": _per_day(month, players_sum),
    }
    comparison = [
        {
            "key": key,
            "label": label,
            "kind": kind,
            "cells": [
                columns[name][key] if columns[name] else None  # type: ignore[index]
                for name in ("today", "previous", "week", "month")
            ],
        }
        for key, label, kind in _ratio_rows(lang)
    ]

    mfmt = lambda v: money(v, lang)  # noqa: E731
    ffmt = lambda v: number(v, lang, 1)  # noqa: E731
    svg = {
        "rake_per_hour": bar_chart(
            [(str(t["table"]), t["rake_per_hour"] or ZERO) for t in tables],
            title=bilingual(lang, "Comisión por hora de mesa", "Rake per table-hour"),
            fmt=mfmt,
        ),
        "hands_per_hour": bar_chart(
            [(str(t["table"]), t["hands_per_hour"] or ZERO) for t in tables],
            title=bilingual(lang, "Manos por hora", "Hands per hour"),
            fmt=ffmt,
            colour="#5b8c3b",
        ),
        "month_rake": line_chart(
            [(f"{r['date']:%d}", r["rake"]) for r in month_rows],
            title=bilingual(lang, "Comisión por jornada del mes", "Rake per gaming day, month"),
            fmt=mfmt,
        ),
        "month_drop": line_chart(
            [(f"{r['date']:%d}", r["drop"]) for r in month_rows],
            title=bilingual(lang, "Drop por jornada del mes", "Drop per gaming day, month"),
            fmt=mfmt,
            colour="#8c3b5b",
        ),
    }
    charts = {key: mark_safe(value) for key, value in svg.items()}  # noqa: S308 (escaped SVG)
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    return {
        "gaming_day": day,
        "header_scope": scope,
        "tables": tables,
        "room": today.row(),
        "shifts": shifts,
        "open_sessions": today.open_sessions,
        "printed_at": now,
        "comparison": comparison,
        "compare_days": {
            "previous": others["previous"].business_date if others["previous"] else None,
            "week": others["week"].business_date if others["week"] else None,
            "month_days": len(month.days),
        },
        "month_start": month_start,
        "month_rows": month_rows,
        "month_total": month.row() | {"players": players_sum},
        "charts": charts,
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    ctx.progress(20, "kpis")
    return kpi_data(ctx.casino, day, ctx.lang, timezone.now())


register(
    ReportSpec(
        kind="kpis",
        title_es="Cifras de gestión de la sala",
        title_en="Manager's figures of the room",
        template="pdf/kpis.html",
        params=DateParams,
        build=build,
        perm=Perm.VIEW_DAY_REPORTS,
        landscape=True,
        description_es="Por mesa y de la sala: horas de mesa, manos por hora, comisión por hora, "
        "pozo medio, jugadores y compra media, propinas y drop por hora; la jornada frente a la "
        "anterior, el mismo día de la semana anterior y el mes por día; gráficos.",
        description_en="Per table and for the room: table hours, hands per hour, rake per "
        "table-hour, average pot, players and average buy-in, tips and drop per hour; the day "
        "against the previous one, the same weekday a week before and the month per day; charts.",
    )
)
