"""Per-shift figures of a gaming day (issue 14 §3; GEN-02, RAKE-08, CHIP-18, BUYIN-10).

Every figure is grouped in the database by the shift of its record's server timestamp,
with the boundaries of the one selector (``casino.selectors.shifts_of_day`` and
``shift_index``), so a row of this table and a record's shift never disagree:

- hands: hands logged (first versions), by the hand's start;
- rake: the rake box ledger (postings less reversals), by the start of its hand, so the
  rake of a hand is in the shift of the hand;
- drop: the cash accepted at buy-ins (notes not returned, reversals subtracted), by the
  buy-in's time;
- buy-ins: their number (reversals subtract one) and amount, by time;
- tips: the tip changes (CHIP-16..18), kept apart from the float and the rake;
- fills and credits: slips signed by all five and not void, by their request time.

``shift_rows(day, lang)`` is what the master report prints (the lead wires it with
``templates/pdf/_shift_figures.html``); the rake report and the shift register use the
same grouping.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from cage.models import (
    BuyinSource,
    CashLine,
    RakeEntry,
    SlipLine,
    TableTransaction,
    TransactionKind,
)
from casino.errors import DomainError
from casino.models import GamingDay
from casino.selectors import ShiftSpan, shift_in, shift_index, shifts_of_day
from casino.shifts import shift_title
from hands.models import Hand

from ..codes import ReportsCode
from ._common import MONEY_OUT

ZERO = Decimal("0")
FIGURES = ("hands", "rake", "drop", "buyins", "buyins_total", "tips", "fills", "credits")


def _by_shift(qs: Any, spans: list[ShiftSpan], field: str, **aggregates: Any) -> dict[int, Any]:
    # No ordering: a caller's (or a model's) ORDER BY would have to be grouped too.
    rows = (
        qs.order_by()
        .annotate(shift=shift_index(spans, field))
        .values("shift")
        .annotate(**aggregates)
    )
    return {r["shift"]: r for r in rows}


def shift_figures(
    day: GamingDay, spans: list[ShiftSpan], table_number: int | None = None
) -> dict[int, dict[str, Any]]:
    """``{shift index: {figure: value}}`` for ``day`` (one table with ``table_number``)."""
    table = {"table__number": table_number} if table_number else {}
    tx_table = {"transaction__table__number": table_number} if table_number else {}
    hands = _by_shift(
        Hand.objects.filter(gaming_day=day, revision_of__isnull=True, **table),
        spans,
        "started_at",
        n=Count("id"),
    )
    rake = _by_shift(
        RakeEntry.objects.filter(gaming_day=day, **table),
        spans,
        "hand_started_at",
        total=Sum(F("amount") * F("sign"), output_field=MONEY_OUT),
    )
    drop = _by_shift(
        CashLine.objects.filter(
            transaction__gaming_day=day,
            transaction__kind=TransactionKind.BUYIN,
            transaction__source=BuyinSource.CASH,
            returned=False,
            **tx_table,
        ),
        spans,
        "transaction__recorded_at",
        total=Sum(F("value") * F("count") * F("transaction__sign"), output_field=MONEY_OUT),
    )
    txs = _by_shift(
        TableTransaction.objects.filter(gaming_day=day, **table),
        spans,
        "recorded_at",
        buyins=Sum("sign", filter=Q(kind=TransactionKind.BUYIN)),
        buyins_total=Sum(
            F("amount") * F("sign"),
            filter=Q(kind=TransactionKind.BUYIN),
            output_field=MONEY_OUT,
        ),
        tips=Sum(
            F("amount") * F("sign"),
            filter=Q(kind=TransactionKind.TIP_CHANGE),
            output_field=MONEY_OUT,
        ),
    )
    slip_table = {"slip__table__number": table_number} if table_number else {}
    slips = _by_shift(
        SlipLine.objects.filter(
            slip__gaming_day=day, slip__locked_at__isnull=False, **slip_table
        ).exclude(slip__void__confirmation__isnull=False),
        spans,
        "slip__requested_at",
        fills=Sum(
            F("count") * F("denomination__value"),
            filter=Q(slip__kind="fill"),
            output_field=MONEY_OUT,
        ),
        credits=Sum(
            F("count") * F("denomination__value"),
            filter=Q(slip__kind="credit"),
            output_field=MONEY_OUT,
        ),
    )
    out: dict[int, dict[str, Any]] = {}
    for span in spans:
        i = span.index
        t = txs.get(i, {})
        s = slips.get(i, {})
        out[i] = {
            "hands": hands.get(i, {}).get("n", 0),
            "rake": Decimal(rake.get(i, {}).get("total") or 0),
            "drop": Decimal(drop.get(i, {}).get("total") or 0),
            "buyins": t.get("buyins") or 0,
            "buyins_total": Decimal(t.get("buyins_total") or 0),
            "tips": Decimal(t.get("tips") or 0),
            "fills": Decimal(s.get("fills") or 0),
            "credits": Decimal(s.get("credits") or 0),
        }
    return out


def shift_rows(day: GamingDay, lang: str, table_number: int | None = None) -> list[dict[str, Any]]:
    """One row per shift of ``day``: name, hours, hands, rake, drop, buy-ins (count and
    total), tips, fills, credits; the last row is the day's total (``is_total``)."""
    spans = shifts_of_day(day)
    figures = shift_figures(day, spans, table_number)
    rows: list[dict[str, Any]] = []
    total: dict[str, Any] = {k: 0 if k in ("hands", "buyins") else ZERO for k in FIGURES}
    for span in spans:
        row = {"index": span.index, "name": span.label(lang), "hours": span.hours()}
        row.update(figures[span.index])
        row["is_total"] = False
        rows.append(row)
        for key in FIGURES:
            total[key] += row[key]
    rows.append(
        {
            "index": None,
            "name": "Total" if lang == "en" else "Total de la jornada",
            "hours": "",
            **total,
            "is_total": True,
        }
    )
    return rows


def spans_between(day: GamingDay, start: datetime | None, end: datetime | None) -> list[ShiftSpan]:
    """The shifts of ``day`` that records from ``start`` to ``end`` (still running: now)
    fall in, in order; none when ``start`` is unknown."""
    if start is None:
        return []
    spans = shifts_of_day(day)
    first = shift_in(spans, start)
    last = shift_in(spans, end or min(timezone.now(), spans[-1].end))
    return spans[first.index : max(first.index, last.index) + 1]


def shift_number(day: GamingDay, value: Any) -> ShiftSpan | None:
    """The shift of ``day`` numbered ``value`` (1 for the first), or None when not given."""
    if value in (None, ""):
        return None
    spans = shifts_of_day(day)
    number = int(value)
    if not 1 <= number <= len(spans):
        names = ", ".join(f"{s.index + 1} = {s.name}" for s in spans)
        raise DomainError.of(ReportsCode.SHIFT_NOT_FOUND, number=number, names=names, field="shift")
    return spans[number - 1]


def rows_by_table_and_shift(
    day: GamingDay, spans: list[ShiftSpan], table_number: int | None
) -> dict[tuple[int, int], dict[str, Any]]:
    """``{(session id, shift index): {dealt, valid, pots, expected, recorded}}``: the rake
    report's per table and shift figures (RAKE-08, RAKE-09)."""
    from hands.models import HandStatus

    table = {"table__number": table_number} if table_number else {}
    out: dict[tuple[int, int], dict[str, Any]] = defaultdict(
        lambda: {"dealt": 0, "valid": 0, "pots": ZERO, "expected": ZERO, "recorded": ZERO}
    )
    for r in (
        Hand.objects.filter(gaming_day=day, revision_of__isnull=True, **table)
        .annotate(shift=shift_index(spans, "started_at"))
        .values("session_id", "shift")
        .annotate(
            dealt=Count("id"),
            valid=Count("id", filter=Q(status=HandStatus.VALID)),
            pots=Sum("pot_total", filter=Q(status=HandStatus.VALID)),
            expected=Sum("rake", filter=Q(status=HandStatus.VALID)),
        )
    ):
        row = out[(r["session_id"], r["shift"])]
        row["dealt"] = r["dealt"]
        row["valid"] = r["valid"]
        row["pots"] = Decimal(r["pots"] or 0)
        row["expected"] = Decimal(r["expected"] or 0)
    for rake in (
        RakeEntry.objects.filter(gaming_day=day, **table)
        .annotate(shift=shift_index(spans, "hand_started_at"))
        .values("session_id", "shift")
        .annotate(total=Sum(F("amount") * F("sign"), output_field=MONEY_OUT))
    ):
        out[(rake["session_id"], rake["shift"])]["recorded"] = Decimal(rake["total"] or 0)
    return dict(out)


def session_spans(session: Any) -> list[ShiftSpan]:
    """The shifts a table session ran in, from its opening to its closing (or now)."""
    return spans_between(
        session.gaming_day, session.opened_at or session.created_at, session.closed_at
    )


def shift_header(session: Any, lang: str) -> str:
    """``Turno Mañana 06:00–14:00`` or ``Turnos Mañana 06:00–14:00 → Tarde 14:00–22:00``:
    the shifts a table session ran in, for the header of each of its documents (RPT-01,
    OPEN-18), named by the one ``casino.shifts.shift_title``."""
    return shift_title(session_spans(session), lang)
