"""The sector sheet (planilla de sector) of a gaming day, completed by the pit boss (RPT-07, CLOSE-11).

Seed 000 §9.1(9): the pit bosses finish the sheets of their sectors at closing.
Per sector: every table session of the day with its opening and closing totals,
fills and credits, drop, commission, hands, discrepancies and incidents; the
sector's totals; then each discrepancy (opening counts acknowledged by the pit
boss, reconciliation variances with their explanation) and each incident
(irregularities, sanctions, invalid hands, voided slips); and the pit boss's
signature line. The money figures are the cage's reconciliation of each session
(``cage.reconciliation.reconcile_session``), the same the master report prints.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from rest_framework import serializers

from cage import selectors as cage_selectors
from cage.models import Slip
from cage.reconciliation import DayFigures, DayReconciliation, SessionReconciliation, reconcile_day
from casino.access import Actor
from casino.errors import DomainError
from casino.models import Casino, GamingDay, Sector
from casino.roles import Perm, Role
from hands.models import Hand, HandStatus
from tables.codes import TablesCode
from tables.models import Discrepancy, OpeningSheet, TableSession
from tables.selectors.access import sector_covers

from ..access import gaming_day_for
from ..codes import ReportsCode
from ..formatting import day as day_text
from ..params import DateParams
from ..registry import BuildContext, ReportSpec, register
from ._causes import CauseRow, cash_alert_rows, cause_rows, cells_by_session, formulas
from ._closing import (
    dealer_changes,
    deck_rotations,
    hand_counts,
    irregularities,
    sanctions,
)
from ._common import bilingual, name
from .control_sheet import status_label

ZERO = Decimal("0")
COUNT_KEYS = ("hands", "invalid", "irregularities", "sanctions", "changes")


class SectorDateParams(DateParams):
    sector = serializers.CharField(
        max_length=16, required=False, help_text="Sector code (all sectors when omitted)."
    )


def sector_by_code(casino: Casino, code: str) -> Sector:
    sector = Sector.objects.filter(casino=casino, code=code).first()
    if sector is None:
        raise DomainError.of(TablesCode.SECTOR_NOT_FOUND, sector=code)
    return sector


def _discrepancies(session: TableSession) -> list[dict[str, Any]]:
    """The opening count's differences as the pit boss acknowledged them (OPEN-11)."""
    sheet = OpeningSheet.objects.filter(session=session).first()
    if sheet is None:
        return []
    return [
        {
            "value": d.value,
            "expected": d.expected_count,
            "counted": d.counted_count,
            "chips": d.variance_chips,
            "amount": d.variance_value,
            "ack_by": name(d.acknowledgement.by) if hasattr(d, "acknowledgement") else "",
            "ack_note": d.acknowledgement.note if hasattr(d, "acknowledgement") else "",
        }
        for d in Discrepancy.objects.filter(sheet=sheet, count_version=sheet.count_version)
        .select_related("acknowledgement__by")
        .order_by("-value")
    ]


def _voided_slips(session: TableSession, lang: str) -> list[dict[str, Any]]:
    return [
        {
            "serial": cage_selectors.slip_number_label(slip, lang),
            "kind": slip.kind,
            "value": sum((x.denomination.value * x.count for x in slip.lines.all()), ZERO),
            "reason": slip.void.reason,
        }
        for slip in Slip.objects.filter(session=session, void__isnull=False)
        .select_related("void")
        .prefetch_related("lines__denomination")
        .order_by("series", "number")
    ]


def table_row(
    session: TableSession, lang: str, rec: SessionReconciliation, cells: set[str]
) -> dict[str, Any]:
    """One line of the sector sheet and the discrepancies and incidents behind it."""
    hands = hand_counts(session)
    opening = _discrepancies(session)
    irregular = irregularities(session, lang)
    sanction_rows = [s for s in sanctions(session, lang) if s["kind_key"] == "imposition"]
    changes = dealer_changes(session)
    invalid_hands = list(
        Hand.objects.filter(session=session, revision_of__isnull=True, status=HandStatus.INVALID)
        .order_by("number")
        .values_list("number", flat=True)
    )
    return {
        "session": session,
        "table": session.table.number,
        "number": session.number,
        "supervisor": name(session.supervisor),
        "status": status_label(session.status, lang),
        "closed": session.status == TableSession.Status.CLOSED,
        "f": rec.figures,
        "cells": cells,
        "hands": hands["dealt"],
        "invalid": hands["invalid"],
        "invalid_hands": invalid_hands,
        "opening_discrepancies": opening,
        "irregularities": len(irregular),
        "irregularity_rows": irregular,
        "sanctions": len(sanction_rows),
        "sanction_rows": sanction_rows,
        "changes": sum(1 for c in changes if c["is_change"]),
        "rotations": len(deck_rotations(session, lang)),
        "voided": _voided_slips(session, lang),
    }


def _group(
    sector: Sector | None,
    sessions: list[TableSession],
    lang: str,
    recon: DayReconciliation,
    causes: list[CauseRow],
    alerts: list[dict[str, Any]],
) -> dict[str, Any]:
    by_session = {r.session.pk: r for r in recon.sessions}
    cells = cells_by_session(causes)
    rows = [table_row(s, lang, by_session[s.pk], cells.get(s.pk, set())) for s in sessions]
    numbers = {r["table"] for r in rows}
    figures = DayFigures.of([r["f"] for r in rows])
    counts = {key: sum(r[key] for r in rows) for key in COUNT_KEYS}
    own = [c for c in causes if c.table in numbers]
    return {
        "sector": sector,
        "title": sector.name
        if sector
        else bilingual(lang, "Mesas sin sector", "Tables in no sector"),
        "code": sector.code if sector else "",
        "pit_bosses": (
            [name(u) for u in sector.pit_bosses.order_by("last_name", "first_name", "username")]
            if sector
            else []
        ),
        "rows": rows,
        "total": figures.total,
        "pending": figures.pending,
        "counts": counts,
        "causes": own,
        "cash_alerts": [a for a in alerts if a["table"] in numbers],
        "all_closed": all(r["closed"] for r in rows),
        "balanced": not own,
        "any_opening_discrepancy": any(r["opening_discrepancies"] for r in rows),
    }


def _sessions(day: GamingDay, sector: Sector | None) -> dict[int | None, list[TableSession]]:
    qs = (
        TableSession.objects.filter(gaming_day=day)
        .select_related("table", "table__sector", "supervisor", "gaming_day", "settings")
        .order_by("table__number", "number")
    )
    if sector is not None:
        qs = qs.filter(table__sector=sector)
    grouped: dict[int | None, list[TableSession]] = defaultdict(list)
    for session in qs:
        grouped[session.table.sector_id].append(session)
    return grouped


def sector_data(day: GamingDay, sector: Sector | None, lang: str, progress: Any) -> dict[str, Any]:
    grouped = _sessions(day, sector)
    sectors = {s.pk: s for s in Sector.objects.filter(casino=day.casino)}
    if sector is not None:
        keys: list[int | None] = [sector.pk]
    else:
        present = [k for k in grouped if k is not None]
        keys = [*sorted(present, key=lambda k: sectors[k].code)]
        if None in grouped:
            keys.append(None)
    recon = reconcile_day(day)
    causes = cause_rows(day, recon, lang)
    alerts = cash_alert_rows(day, lang)
    groups = []
    for i, key in enumerate(keys):
        progress(10 + int(70 * i / max(len(keys), 1)), "sector")
        groups.append(
            _group(
                sectors.get(key) if key else None,
                grouped.get(key, []),
                lang,
                recon,
                causes,
                alerts,
            )
        )
    scope = bilingual(lang, "Jornada", "Gaming day") + f" {day_text(day.business_date, lang)}"
    if sector is not None:
        scope += f" · {sector.name}"
    if any(not g["all_closed"] for g in groups):
        scope += " · PROVISIONAL"
    return {
        "gaming_day": day,
        "header_scope": scope,
        "groups": groups,
        "one_sector": sector,
        "formulas": formulas(lang),
    }


def _day_and_sector(casino: Casino, params: dict[str, Any]) -> tuple[GamingDay, Sector | None]:
    day = gaming_day_for(casino, params)
    sector = sector_by_code(casino, params["sector"]) if params.get("sector") else None
    return day, sector


def build(ctx: BuildContext) -> dict[str, Any]:
    day, sector = _day_and_sector(ctx.casino, ctx.params)
    return sector_data(day, sector, ctx.lang, ctx.progress)


def access(actor: Actor, params: dict[str, Any]) -> None:
    """RPT-17: the pit boss of the sector; shift managers and auditors every sector."""
    day, sector = _day_and_sector(actor.casino, params)
    if actor.can(Perm.VIEW_ALL_REPORTS):
        return
    if actor.role != Role.PIT_BOSS:  # the spec's roles already refuse others
        raise DomainError.of(ReportsCode.REPORT_NOT_ALLOWED, role=actor.role)
    if sector is not None:
        if sector.pit_bosses.filter(pk=actor.user.pk).exists():
            return
        raise DomainError.of(ReportsCode.REPORT_OUT_OF_SCOPE)
    # Without a sector: every table of the day; only if each one is the pit boss's to see.
    sessions = TableSession.objects.filter(gaming_day=day).select_related("table__sector")
    if all(sector_covers(actor, s.table) for s in sessions):
        return
    raise DomainError.of(ReportsCode.SECTOR_REQUIRED, field="sector")


register(
    ReportSpec(
        kind="sector_sheet",
        title_es="Planilla de sector",
        title_en="Sector sheet",
        template="reports/pdf/sector_sheet.html",
        params=SectorDateParams,
        build=build,
        access=access,
        perm=Perm.VIEW_SECTOR_REPORTS,
        landscape=True,
        description_es="Por sector y jornada: cada mesa con sus totales de apertura y cierre, "
        "rellenos y créditos, drop, comisión, diferencias e incidencias; totales del sector; "
        "firma del jefe de sector (RPT-07, CLOSE-11).",
        description_en="Per sector and gaming day: every table with its opening and closing "
        "totals, fills and credits, drop, commission, discrepancies and incidents; the sector's "
        "totals; the pit boss's signature line (RPT-07, CLOSE-11).",
    )
)
