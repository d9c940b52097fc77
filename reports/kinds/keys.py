"""The key-custody log of a gaming day (RPT-15; OPEN-01, CLOSE-17).

Every key handed out during the day — which key, for which table, to whom, by
whom, when — and when it came back and to whom; keys still out are flagged.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from tables.models import KeyHandout

from ..access import gaming_day_for, require_day_or_table_scope
from ..formatting import day as day_text
from ..params import TableDateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name, role_label


def keys_data(day: Any, table_number: int | None, lang: str) -> dict[str, Any]:
    window = Q(out_at__gte=day.opened_at)
    if day.closed_at:
        window &= Q(out_at__lte=day.closed_at)
    qs = (
        KeyHandout.objects.filter(Q(casino=day.casino) & (window | Q(session__gaming_day=day)))
        .select_related("table", "holder", "handed_by", "returned__received_by")
        .order_by("out_at", "id")
    )
    if table_number:
        qs = qs.filter(table__number=table_number)
    rows = []
    for handout in qs:
        back = getattr(handout, "returned", None)
        rows.append(
            {
                "key": handout.key_label,
                "table": handout.table.number if handout.table else None,
                "holder": name(handout.holder),
                "handed_by": name(handout.handed_by),
                "role": role_label(handout.role),
                "out": handout.out_at,
                "back": back.at if back else None,
                "received_by": name(back.received_by) if back else "",
                "note": handout.note,
            }
        )
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if table_number:
        scope += " · " + bilingual(lang, "Mesa", "Table") + f" {table_number}"
    return {
        "gaming_day": day,
        "table_number": table_number,
        "header_scope": scope,
        "rows": rows,
        "still_out": sum(1 for r in rows if r["back"] is None),
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    return keys_data(gaming_day_for(ctx.casino, ctx.params), ctx.params.get("table"), ctx.lang)


register(
    ReportSpec(
        kind="keys",
        title_es="Registro de custodia de llaves",
        title_en="Key-custody log",
        template="pdf/keys.html",
        params=TableDateParams,
        build=build,
        access=require_day_or_table_scope,
        landscape=True,
        description_es="Las llaves entregadas en la jornada: a quién, quién, cuándo y su "
        "devolución; las que siguen afuera (RPT-15).",
        description_en="The keys handed out in the day: to whom, by whom, when and their return; "
        "those still out (RPT-15).",
    )
)
