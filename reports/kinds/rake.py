"""The rake report of a gaming day, per table session and per table and shift (RPT-09,
RAKE-08, RAKE-09).

Per session: hands dealt, the pots, the commission the engine computed for the
valid hands (expected) against the rake box ledger (recorded), the rake box as
counted by the cage, and the differences; then each hand whose recorded rake
differs from the computed one and each reversal of a posting with its reason.
Then per table and shift (issue 14 §3): the same figures grouped by the shift of each
hand's start (``reports.kinds._shifts``), with each shift's total; ``shift`` (1 for the
first shift of the day) narrows that section, and the header, to one shift.
Everything is aggregated in the database.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Q, Sum
from rest_framework import serializers

from cage import selectors as cage_selectors
from cage.models import DropBox, RakeEntry
from casino.selectors import shifts_of_day
from casino.shifts import shift_title
from hands.models import Hand, HandStatus
from tables.models import TableSession

from ..access import gaming_day_for, require_day_or_table_scope
from ..formatting import day as day_text
from ..params import TableDateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name
from ._shifts import rows_by_table_and_shift, shift_number
from .gaming_day import MONEY_OUT

ZERO = Decimal("0")
MAX_LISTED = 500  # differences listed one by one; the totals always cover every hand


class RakeParams(TableDateParams):
    shift = serializers.IntegerField(
        min_value=1, max_value=24, required=False, help_text="Shift of the day (1 = first)."
    )


def _by_table_and_shift(
    day: Any, sessions: list[Any], table_number: int | None, only: Any, lang: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Rows per table session and shift, and one total per shift (RAKE-08, RAKE-09)."""
    spans = shifts_of_day(day)
    figures = rows_by_table_and_shift(day, spans, table_number)
    keys = ("dealt", "valid", "pots", "expected", "recorded")
    rows: list[dict[str, Any]] = []
    totals: list[dict[str, Any]] = []
    for span in spans:
        if only is not None and span.index != only.index:
            continue
        subtotal: dict[str, Any] = {k: 0 if k in ("dealt", "valid") else ZERO for k in keys}
        for session in sessions:
            f = figures.get((session.pk, span.index))
            if f is None:
                continue
            row = {
                "index": span.index,
                "table": session.table.number,
                "session": session.number,
                "shift": span.label(lang),
                "hours": span.hours(),
                **f,
                "difference": f["recorded"] - f["expected"],
            }
            rows.append(row)
            for k in keys:
                subtotal[k] += f[k]
        subtotal["difference"] = subtotal["recorded"] - subtotal["expected"]
        totals.append(
            {"index": span.index, "shift": span.label(lang), "hours": span.hours(), **subtotal}
        )
    return rows, totals


def _hands_by_session(day: Any) -> dict[int, dict[str, Any]]:
    """Per session: hands dealt and valid, their pots and the rake the engine computed."""
    return {
        r["session_id"]: dict(r)
        for r in Hand.objects.filter(gaming_day=day, revision_of__isnull=True)
        .values("session_id")
        .annotate(
            dealt=Count("id"),
            valid=Count("id", filter=Q(status=HandStatus.VALID)),
            pots=Sum("pot_total", filter=Q(status=HandStatus.VALID)),
            expected=Sum("rake", filter=Q(status=HandStatus.VALID)),
        )
    }


def _recorded_by_session(day: Any) -> dict[int, dict[str, Any]]:
    """Per session: the rake recorded (postings less reversals), and how many of each."""
    return {
        r["session_id"]: dict(r)
        for r in RakeEntry.objects.filter(gaming_day=day)
        .values("session_id")
        .annotate(
            total=Sum(F("amount") * F("sign"), output_field=MONEY_OUT),
            postings=Count("id", filter=Q(sign=1)),
            reversals=Count("id", filter=Q(sign=-1)),
        )
    }


def _session_row(session: TableSession, h: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    """One session: computed against recorded, and recorded against the rake box counted."""
    expected = Decimal(h.get("expected") or 0)
    booked = Decimal(r.get("total") or 0)
    agreed = cage_selectors.agreed_drop_count(session)
    counted = (
        sum((x.total for x in agreed.lines.all() if x.box == DropBox.RAKE), ZERO)
        if agreed
        else None
    )
    return {
        "table": session.table.number,
        "session": session.number,
        "rate": session.settings.rake_pct,
        "cap": session.settings.rake_cap,
        "dealt": h.get("dealt", 0),
        "valid": h.get("valid", 0),
        "pots": Decimal(h.get("pots") or 0),
        "expected": expected,
        "recorded": booked,
        "difference": booked - expected,
        "postings": r.get("postings", 0),
        "reversals": r.get("reversals", 0),
        "counted": counted,
        "box_difference": None if counted is None else counted - booked,
    }


def _mismatched(day: Any, table_number: int | None) -> tuple[list[dict[str, Any]], int]:
    """Hands whose recorded rake is not the computed one: the first ones, and how many."""
    mismatched_qs = (
        Hand.objects.filter(gaming_day=day, revision_of__isnull=True, recorded_rake__isnull=False)
        .exclude(recorded_rake=F("rake"))
        .select_related("table")
        .order_by("table__number", "number")
    )
    if table_number:
        mismatched_qs = mismatched_qs.filter(table__number=table_number)
    mismatched = [
        {
            "table": hand.table.number,
            "number": hand.number,
            "pot": hand.pot_total,
            "expected": hand.rake,
            "recorded": hand.recorded_rake,
            "difference": (hand.recorded_rake or ZERO) - hand.rake,
        }
        for hand in mismatched_qs[:MAX_LISTED]
    ]
    return mismatched, mismatched_qs.count()


def _reversals(day: Any, table_number: int | None) -> list[dict[str, Any]]:
    reversals_qs = RakeEntry.objects.filter(gaming_day=day, sign=-1).select_related(
        "table", "posted_by"
    )
    if table_number:
        reversals_qs = reversals_qs.filter(table__number=table_number)
    return [
        {
            "table": e.table.number,
            "hand": e.hand_number,
            "amount": e.amount,
            "reason": e.reason,
            "by": name(e.posted_by),
            "at": e.posted_at,
        }
        for e in reversals_qs.order_by("posted_at", "id")[:MAX_LISTED]
    ]


def rake_data(
    day: Any, table_number: int | None, lang: str, shift: int | None = None
) -> dict[str, Any]:
    sessions = (
        TableSession.objects.filter(gaming_day=day)
        .select_related("table", "settings")
        .order_by("table__number", "number")
    )
    if table_number:
        sessions = sessions.filter(table__number=table_number)
    hands = _hands_by_session(day)
    recorded = _recorded_by_session(day)
    rows = []
    totals: dict[str, Any] = {
        "dealt": 0,
        "valid": 0,
        "pots": ZERO,
        "expected": ZERO,
        "recorded": ZERO,
    }
    counted_total = ZERO
    for session in sessions:
        row = _session_row(session, hands.get(session.pk, {}), recorded.get(session.pk, {}))
        rows.append(row)
        for key in totals:
            totals[key] += row[key]
        counted_total += row["counted"] or ZERO
    totals["difference"] = totals["recorded"] - totals["expected"]
    mismatched, mismatched_count = _mismatched(day, table_number)
    reversals = _reversals(day, table_number)
    only = shift_number(day, shift)
    shift_rows_, shift_totals = _by_table_and_shift(day, list(sessions), table_number, only, lang)
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if table_number:
        scope += " · " + bilingual(lang, "Mesa", "Table") + f" {table_number}"
    return {
        "header_shift": shift_title([only] if only else [], lang),
        "shift_rows": shift_rows_,
        "shift_totals": shift_totals,
        "gaming_day": day,
        "table_number": table_number,
        "header_scope": scope,
        "rows": rows,
        "totals": totals,
        "counted_total": counted_total,
        "mismatched": mismatched,
        "mismatched_count": mismatched_count,
        "reversals": reversals,
        "max_listed": MAX_LISTED,
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    ctx.progress(20, "rake")
    return rake_data(day, ctx.params.get("table"), ctx.lang, ctx.params.get("shift"))


register(
    ReportSpec(
        kind="rake",
        title_es="Informe de comisión",
        title_en="Rake report",
        template="pdf/rake.html",
        params=RakeParams,
        build=build,
        access=require_day_or_table_scope,
        landscape=True,
        description_es="Por mesa y sesión de la jornada, y por mesa y turno: manos, pozos, "
        "comisión calculada contra registrada y contada, y las diferencias (RAKE-08, RAKE-09).",
        description_en="Per table and session of the day, and per table and shift: hands, pots, "
        "commission computed versus recorded and counted, and the differences (RAKE-08, "
        "RAKE-09).",
    )
)
