"""The table control sheet (planilla de control de la mesa) of a session (RPT-06, CLOSE-11).

Seed 000 §9.1(9): at closing the table supervisor completes the table control
sheet. The system fills it from the records of the session — hands dealt (valid,
invalid, void), buy-ins and re-buys, changes, cash-outs, the commission,
irregularities, sanctions, dealer changes and deck rotations — and prints the
signature lines of the table supervisor and the pit boss, who sign it on paper or,
once archived, in Mesa (reports/signing.py).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from cage.reconciliation import reconcile_session_of_day
from casino.access import Actor
from tables.models import TableSession

from ..access import require_session_scope, resolve_session
from ..formatting import day as day_text
from ..params import SessionOrTableParams
from ..registry import BuildContext, ReportSpec, register
from ._causes import cash_alert_rows, cause_rows, cells_by_session, formulas
from ._closing import session_summary
from ._common import bilingual, name
from ._shifts import shift_header

ZERO = Decimal("0")
STATUS: dict[str, tuple[str, str]] = {
    TableSession.Status.OPENING: ("en apertura", "opening"),
    TableSession.Status.OPEN: ("abierta", "open"),
    TableSession.Status.IN_PLAY: ("en juego", "in play"),
    TableSession.Status.SUSPENDED: ("suspendida", "suspended"),
    TableSession.Status.CLOSING: ("en cierre", "closing"),
    TableSession.Status.CLOSED: ("cerrada", "closed"),
}


def status_label(status: str, lang: str) -> str:
    return bilingual(lang, *STATUS.get(status, (status, status)))


def pit_boss_names(session: TableSession) -> list[str]:
    """The pit bosses of the table's sector: the names under the pit boss's signature line."""
    sector = session.table.sector
    if sector is None:
        return []
    return [name(u) for u in sector.pit_bosses.order_by("last_name", "first_name", "username")]


def control_data(session: TableSession, lang: str) -> dict[str, Any]:
    summary = session_summary(session, lang)
    recon = reconcile_session_of_day(session)  # this session's books, the day's checks
    rec = next(r for r in recon.sessions if r.session.pk == session.pk)
    causes = cause_rows(
        session.gaming_day, recon, lang, tables={session.table.number}, session=session.pk
    )
    unposted = sum((f.amount or ZERO for f in rec.findings if f.kind == "HAND_UNRESOLVED"), ZERO)
    figures = rec.figures
    # The ledger is the summary's "recorded" (one figure printed once); the box is counted.
    summary["rake"] = {
        **summary["rake"],
        "box": figures.rake_box,
        "unposted": unposted,
        "box_difference": figures.rake_box - summary["rake"]["recorded"]
        if figures.rake_box is not None
        else None,
    }
    return {
        "f": figures,
        "cells": cells_by_session(causes).get(session.pk, set()),
        "causes": causes,
        "balanced": not causes,
        "formulas": formulas(lang),
        "cash_alerts": cash_alert_rows(session.gaming_day, lang, tables={session.table.number}),
        "session": session,
        "table": session.table,
        "gaming_day": session.gaming_day,
        "settings": session.settings,
        "status": status_label(session.status, lang),
        "closed": session.status == TableSession.Status.CLOSED,
        "supervisor": name(session.supervisor),
        "pit_bosses": pit_boss_names(session),
        "sector": session.table.sector,
        "header_scope": f"{bilingual(lang, 'Mesa', 'Table')} {session.table.number} · "
        f"{day_text(session.gaming_day.business_date, lang)} · "
        f"{bilingual(lang, 'sesión', 'session')} {session.number}",
        # RPT-01, OPEN-18: the shift (or shifts) the session ran in (issue 14 §3).
        "header_shift": shift_header(session, lang),
        **summary,
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    session = resolve_session(ctx.casino, ctx.params)
    ctx.progress(20, "control")
    return control_data(session, ctx.lang)


def access(actor: Actor, params: dict[str, Any]) -> None:
    # RPT-17: the supervisor of the session, the pit boss of its sector, managers, auditors.
    require_session_scope(actor, resolve_session(actor.casino, params))


register(
    ReportSpec(
        kind="control_sheet",
        title_es="Planilla de control de la mesa",
        title_en="Table control sheet",
        template="reports/pdf/control_sheet.html",
        params=SessionOrTableParams,
        build=build,
        access=access,
        description_es="La planilla que el supervisor completa al cierre: manos repartidas "
        "(válidas e inválidas), compras, cambios, cambios de valor, comisión, irregularidades, "
        "sanciones, cambios de croupier y rotaciones de mazos; firmas del supervisor y del jefe "
        "de sector (RPT-06, CLOSE-11).",
        description_en="The sheet the supervisor completes at closing: hands dealt (valid and "
        "invalid), buy-ins, changes, cash-outs, commission, irregularities, sanctions, dealer "
        "changes and deck rotations; signature lines of the supervisor and the pit boss "
        "(RPT-06, CLOSE-11).",
    )
)
