"""The dealers' rota of a gaming day, planned against actual (issue 44 §4; ROLE-03, ROLE-04).

The version in force and every version before it (who re-planned, when, why), then each
planned dealer change against the change recorded at the table (``tables``' dealer
changes, read by ``rota.selectors``): on time, late, not recorded, still to come, and the
recorded changes no plan asked for. CSV and XLSX come from the printed tables
(``reports.export``).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from rota import selectors as rota_selectors

from ..access import gaming_day_for, require_day_or_table_scope
from ..formatting import day as day_text
from ..params import DateParams
from ..registry import BuildContext, ReportSpec, register
from ._common import bilingual, name

STATUS = {
    "on_time": ("a tiempo", "on time"),
    "late": ("tarde", "late"),
    "missing": ("sin registrar", "not recorded"),
    "pending": ("por venir", "to come"),
}
REASONS = {
    "planned": ("Planificada", "Planned"),
    "table_closed": ("Mesa cerrada", "Table closed"),
    "table_opened": ("Mesa abierta", "Table opened"),
}


def rota_data(day: Any, lang: str, now: Any = None) -> dict[str, Any]:
    rota = rota_selectors.rota_in_force(day)
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if rota is None:
        return {"gaming_day": day, "header_scope": scope, "rota": None, "versions": [], "rows": []}
    view = rota_selectors.planned_vs_actual(rota, now or timezone.now())
    rows = [
        {
            "table": c.table.number,
            "planned_at": c.planned_at,
            "incoming": name(c.incoming),
            "outgoing": name(c.outgoing) if c.outgoing else "—",
            "recorded_at": c.recorded_at,
            "delay": c.delay,
            "status": bilingual(lang, *STATUS[c.status]),
            "late": c.status in ("late", "missing"),
        }
        for c in view.checks
    ] + [
        {
            "table": t.number,
            "planned_at": None,
            "incoming": name(who),
            "outgoing": "—",
            "recorded_at": at,
            "delay": None,
            "status": bilingual(lang, "fuera del plan", "not in the plan"),
            "late": True,
        }
        for t, who, at in view.unplanned
    ]
    versions = [
        {
            "version": v.version,
            "reason": bilingual(lang, *REASONS[v.reason]),
            "table": v.table.number if v.table else None,
            "by": name(v.planned_by),
            "at": v.planned_at,
        }
        for v in rota_selectors.rota_versions(rota)
    ]
    return {
        "gaming_day": day,
        "header_scope": scope,
        "rota": rota,
        "versions": versions,
        "rows": rows,
        "on_time": view.on_time,
        "late": view.late,
        "missing": view.missing,
        "unplanned": len(view.unplanned),
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    return rota_data(gaming_day_for(ctx.casino, ctx.params), ctx.lang)


register(
    ReportSpec(
        kind="rota",
        title_es="Rotación de croupiers: planificado contra real",
        title_en="Dealers' rota: planned against actual",
        template="pdf/rota.html",
        params=DateParams,
        build=build,
        access=require_day_or_table_scope,
        landscape=True,
        description_es="La rotación de la jornada, sus versiones, y cada cambio de croupier "
        "planificado contra el registrado: a tiempo, tarde, sin registrar.",
        description_en="The day's rota, its versions, and each planned dealer change against "
        "the one recorded: on time, late, not recorded.",
    )
)
