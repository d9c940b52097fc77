"""The buy-in register and tip changes per table and shift (BUYIN-10, CHIP-18, RPT-04).

Seed 000 §6.3(6): the buy-in register is printable per table and shift, with per
buy-in the time, seat, player, amount, source and supervisor (BUYIN-10); CHIP-18: a
per-shift tip-change report, tips kept apart from the float and the rake. The session's
table card (``table_card``) prints every movement of one session; this register cuts
the day by shift (``casino.selectors.shift_at``), one table or all. Reversals are their
own lines, negative, pointing at the original's time (the books are append-only).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from cage.models import BuyinSource, TableTransaction, TransactionKind
from casino.selectors import shift_index, shifts_of_day
from casino.shifts import shift_title

from ..access import gaming_day_for, require_day_or_table_scope
from ..formatting import day as day_text
from ..params import TableDateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name
from ._shifts import shift_number, shift_rows

ZERO = Decimal("0")
SOURCE_LABELS: dict[str, tuple[str, str]] = {
    BuyinSource.CASH: ("efectivo", "cash"),
    BuyinSource.CAGE_CHIPS: ("fichas de caja", "cage chips"),
    BuyinSource.OTHER_TABLE: ("fichas de otra mesa", "other table's chips"),
}


class ShiftRegisterParams(TableDateParams):
    shift = serializers.IntegerField(
        min_value=1, max_value=24, required=False, help_text="Shift of the day (1 = first)."
    )


def register_data(
    day: Any, table_number: int | None, lang: str, shift: int | None = None
) -> dict[str, Any]:
    spans = shifts_of_day(day)
    only = shift_number(day, shift)
    qs = (
        TableTransaction.objects.filter(
            gaming_day=day, kind__in=(TransactionKind.BUYIN, TransactionKind.TIP_CHANGE)
        )
        .annotate(shift=shift_index(spans, "recorded_at"))
        .select_related("table", "player", "approved_by", "croupier", "reverses")
        .order_by("table__number", "recorded_at", "id")
    )
    if table_number:
        qs = qs.filter(table__number=table_number)
    if only is not None:
        qs = qs.filter(shift=only.index)
    groups: dict[tuple[int, int], dict[str, Any]] = {}
    for tx in qs.iterator(chunk_size=500):
        span = spans[tx.shift]
        key = (span.index, tx.table.number)
        group = groups.setdefault(
            key,
            {
                "shift": span.label(lang),
                "hours": span.hours(),
                "table": tx.table.number,
                "buyins": [],
                "tips": [],
                "buyins_count": 0,
                "buyins_total": ZERO,
                "tips_total": ZERO,
            },
        )
        source = SOURCE_LABELS.get(tx.source)
        row = {
            "at": tx.recorded_at,
            "reversal": tx.sign < 0,
            "reverses_at": tx.reverses.recorded_at if tx.reverses else None,
            "seat": tx.seat,
            "player": tx.player.display_name if tx.player else tx.player_name,
            "amount": tx.sign * tx.amount,
            "source": bilingual(lang, *source) if source else "",
            "rebuy": tx.is_rebuy,
            "croupier": name(tx.croupier),
            "supervisor": name(tx.approved_by),
        }
        if tx.kind == TransactionKind.BUYIN:
            group["buyins"].append(row)
            group["buyins_count"] += tx.sign
            group["buyins_total"] += tx.sign * tx.amount
        else:
            group["tips"].append(row)
            group["tips_total"] += tx.sign * tx.amount
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if table_number:
        scope += " · " + bilingual(lang, "Mesa", "Table") + f" {table_number}"
    summary = [
        r
        for r in shift_rows(day, lang, table_number)
        if only is None or r["is_total"] or r["index"] == only.index
    ]
    if only is not None:
        summary = [r for r in summary if not r["is_total"]]
    return {
        "gaming_day": day,
        "table_number": table_number,
        "header_scope": scope,
        "header_shift": shift_title([only] if only else [], lang),
        "groups": [groups[k] for k in sorted(groups)],
        "shift_rows": summary,
        "shift_changes": shift_change_rows(day, spans, table_number, only, lang),
    }


def shift_change_rows(
    day: Any, spans: list[Any], table_number: int | None, only: Any, lang: str
) -> list[dict[str, Any]]:
    """The shift changes of the day (issue 14 §3), each in the shift of its time: who
    handed the table over to whom, the float counted against the expected, and whether
    the pit boss's and both supervisors' signatures are all there."""
    from tables.models import ShiftChange
    from tables.selectors.shifts import missing_slots

    qs = (
        ShiftChange.objects.filter(gaming_day=day)
        .annotate(shift=shift_index(spans, "at"))
        .select_related("table", "acceptance", "outgoing_supervisor", "incoming_supervisor")
        .order_by("at", "id")
    )
    if table_number:
        qs = qs.filter(table__number=table_number)
    if only is not None:
        qs = qs.filter(shift=only.index)
    rows = []
    for change in qs:
        counted, expected = change.grand_total(), change.expected_total()
        missing = missing_slots(change)
        rows.append(
            {
                "at": change.at,
                "table": change.table.number,
                "shift": spans[change.shift].label(lang),
                "outgoing": name(change.outgoing_supervisor),
                "incoming": name(change.incoming_supervisor),
                "counted": counted,
                "expected": expected,
                "difference": counted - expected,
                "signed": not missing,
            }
        )
    return rows


def build(ctx: BuildContext) -> dict[str, Any]:
    day = gaming_day_for(ctx.casino, ctx.params)
    ctx.progress(20, "shift register")
    return register_data(day, ctx.params.get("table"), ctx.lang, ctx.params.get("shift"))


register(
    ReportSpec(
        kind="shift_register",
        title_es="Registro de compras y propinas por turno",
        title_en="Buy-in register and tips per shift",
        template="pdf/shift_register.html",
        params=ShiftRegisterParams,
        build=build,
        access=require_day_or_table_scope,
        landscape=True,
        description_es="Por turno y mesa: cada compra (hora, asiento, jugador, importe, origen, "
        "supervisor) y cada cambio de propina, con sus totales (BUYIN-10, CHIP-18).",
        description_en="Per shift and table: every buy-in (time, seat, player, amount, source, "
        "supervisor) and every tip change, with their totals (BUYIN-10, CHIP-18).",
    )
)
