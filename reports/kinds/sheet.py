"""The opening-and-closing sheet of a table session, in its three copies (RPT-02).

Seed 000 §6.4 and §9.1; OPEN-18, CLOSE-18, CLOSE-10, OQ-25: one serially numbered
sheet per session with an opening part and a closing part, printed three times
— original to the main cage, copy 1 into the drop box, copy 2 locked in the chip
rack — each copy naming its destination, all with the same serial and content
fingerprint. Lines are printed highest value first, value → chips → total (OPEN-07,
OPEN-09).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.db.models import Q

from cage import selectors as cage_selectors
from cage.models import TableTransaction, TransactionKind
from cage.reconciliation import SessionReconciliation, reconcile_session
from casino.access import Actor
from hands.models import Hand
from tables import selectors as tables_selectors
from tables.models import (
    ClosingSheet,
    Discrepancy,
    KeyHandout,
    OpeningSheet,
    SessionEvent,
    SheetCopyDeposit,
    TableSession,
)

from ..access import require_session_scope, resolve_session
from ..formatting import day as day_text
from ..params import SessionOrTableParams
from ..registry import BuildContext, ReportSpec, register
from ._common import name, role_label, signature_rows
from ._shifts import shift_header
from .slips import status_label as slip_status_label

ZERO = Decimal("0")
E = SessionEvent.Kind

# OQ-25: original -> main cage; copy 1 -> drop box; copy 2 -> locked in the chip rack.
COPIES = (
    ("original_cage", "Original — caja principal del casino", "Original — main cage"),
    ("drop_box", "Copia 1 — caja de drop (efectivo)", "Copy 1 — drop box (cash box)"),
    ("chip_rack", "Copia 2 — fichero de la mesa, bajo llave", "Copy 2 — chip rack, locked"),
)


def _lines(sheet: OpeningSheet | ClosingSheet | None) -> list[dict[str, Any]]:
    if sheet is None:
        return []
    rows = []
    for line in sheet.ordered_lines():
        rows.append(
            {
                "denomination_id": line.denomination_id,
                "value": line.value,
                "colour": line.denomination.colour,
                "stacks": line.stacks,
                "loose": line.loose,
                "count": line.count,
                "total": line.total,
                "expected_count": line.expected_count,
                "expected_total": line.expected_total,
                "par_count": line.par_count,
                "par_total": None if line.par_count is None else line.value * line.par_count,
                "variance_chips": line.variance_chips,
                "variance_value": line.variance_value,
            }
        )
    return rows


# The sheet's own wording of each session event, in both languages (§6.4, §9.1).
EVENT_LABELS: dict[str, tuple[str, str]] = {
    "prep_pit_boss": (
        "Lista previa del jefe de sector completa",
        "Pit boss's pre-opening checklist done",
    ),
    "prep_supervisor": (
        "Lista previa del supervisor completa",
        "Supervisor's pre-opening checklist done",
    ),
    "prep_override": (
        "Listas previas exceptuadas por el jefe de sector",
        "Pre-opening checklists overridden by the pit boss",
    ),
    "closing_checklist": ("Lista de control del cierre completa", "Closing checklist done"),
    E.SURVEILLANCE_NOTIFIED: ("Aviso a cámaras (vigilancia)", "Surveillance notified"),
    E.SECURITY_PRESENT: ("Oficial de seguridad presente", "Security officer present"),
    E.LIDS_REMOVAL_AUTHORISED: ("Retiro de tapas autorizado", "Lid removal authorised"),
    E.SURVEILLANCE_AUTHORISED: (
        "Cámaras autorizan guardar las fichas",
        "Surveillance authorised putting the chips away",
    ),
    E.FLOAT_LOCKED: ("Banca cerrada con llave y verificada", "Float locked and verified"),
    E.OPENED: ("Apertura firmada: mesa abierta", "Opening signed: table open"),
    E.PLAY_STARTED: ("Comienzo del juego", "Play started"),
    E.SUSPENDED: ("Mesa suspendida", "Table suspended"),
    E.RESUMED: ("Juego reanudado", "Play resumed"),
    E.LAST_HAND_ANNOUNCED: ("Última mano anunciada", "Last hand announced"),
    E.CLOSING_STARTED: ("Cierre iniciado; seguridad avisada", "Closing started; security notified"),
    E.BANK_EMPTIED: ("Banca vaciada y contada", "Chip rack emptied and counted"),
    E.CLOSED: ("Cierre firmado: mesa cerrada", "Closing signed: table closed"),
    E.TABLE_INSPECTED: ("Mesa inspeccionada tras el cierre", "Table inspected after closing"),
    E.CROUPIER_RELEASED: ("Croupier liberado", "Croupier released"),
}
SOURCE_LABELS: dict[str, tuple[str, str]] = {
    OpeningSheet.ExpectedSource.CLOSING: (
        "último cierre firmado (después de rellenos y créditos)",
        "last signed closing (after fills and credits)",
    ),
    OpeningSheet.ExpectedSource.PAR: (
        "banca estándar (no hay cierre anterior)",
        "standard float (no previous closing)",
    ),
    OpeningSheet.ExpectedSource.NONE: ("nada con qué comparar", "nothing to compare with"),
}


SCOPE = {"table": ("Mesa", "Table"), "session": ("sesión", "session")}


def _label(labels: Mapping[str, tuple[str, str]], key: str, lang: str) -> str:
    es, en = labels.get(key, (key, key))
    return en if lang == "en" else es


def _events(session: TableSession, kinds: set[str], lang: str) -> list[dict[str, Any]]:
    out = []
    for event in (
        SessionEvent.objects.filter(session=session, kind__in=kinds)
        .select_related("recorded_by", "person")
        .order_by("at", "id")
    ):
        out.append(
            {
                "label": _label(EVENT_LABELS, event.kind, lang),
                "at": event.at,
                "by": name(event.recorded_by),
                "role": role_label(event.role),
                "person": name(event.person) if event.person_id else "",
                "note": event.note,
            }
        )
    return out


def _deposits(sheet: OpeningSheet | ClosingSheet | None) -> dict[str, dict[str, Any]]:
    if sheet is None:
        return {}
    field = "opening" if isinstance(sheet, OpeningSheet) else "closing"
    return {
        d.copy: {"by": name(d.deposited_by), "at": d.at, "note": d.note}
        for d in SheetCopyDeposit.objects.filter(**{field: sheet}).select_related("deposited_by")
    }


def _discrepancies(sheet: OpeningSheet | None) -> list[dict[str, Any]]:
    if sheet is None:
        return []
    out = []
    for disc in (
        Discrepancy.objects.filter(sheet=sheet, count_version=sheet.count_version)
        .select_related("acknowledgement__by")
        .order_by("-value")
    ):
        ack = getattr(disc, "acknowledgement", None)
        out.append(
            {
                "value": disc.value,
                "expected": disc.expected_count,
                "counted": disc.counted_count,
                "variance_chips": disc.variance_chips,
                "variance_value": disc.variance_value,
                "needs_report": disc.needs_written_report,
                "ack_by": name(ack.by) if ack else "",
                "ack_at": ack.at if ack else None,
                "ack_note": ack.note if ack else "",
                "written_report": ack.written_report if ack else "",
            }
        )
    return out


def _keys(session: TableSession) -> list[dict[str, Any]]:
    day = session.gaming_day
    scope = Q(session=session) | Q(table=session.table, out_at__gte=day.opened_at)
    if day.closed_at:
        scope = Q(session=session) | Q(
            table=session.table, out_at__gte=day.opened_at, out_at__lte=day.closed_at
        )
    out = []
    for handout in (
        KeyHandout.objects.filter(scope)
        .select_related("holder", "handed_by", "returned__received_by")
        .order_by("out_at", "id")
    ):
        back = getattr(handout, "returned", None)
        out.append(
            {
                "key": handout.key_label,
                "holder": name(handout.holder),
                "handed_by": name(handout.handed_by),
                "out": handout.out_at,
                "back": back.at if back else None,
                "received_by": name(back.received_by) if back else "",
            }
        )
    return out


def _slips(session: TableSession, lang: str) -> list[dict[str, Any]]:
    out = []
    for slip in cage_selectors.slips_for(session.casino, session=session).order_by(
        "requested_at", "id"
    ):
        out.append(
            {
                # The manual's words, never the stored series (issue 14 §5).
                "serial": cage_selectors.slip_number_label(slip, lang),
                "kind": slip.kind,
                "kind_label": str(slip.get_kind_display()),
                "purpose": slip.purpose,
                "value": sum(
                    (line.denomination.value * line.count for line in slip.lines.all()), ZERO
                ),
                "lines": [(line.denomination.value, line.count) for line in slip.lines.all()],
                "status": cage_selectors.slip_status(slip),
                "status_label": slip_status_label(slip, lang),
                "at": slip.requested_at,
            }
        )
    return out


def _float_after(session: TableSession, closing: ClosingSheet | None) -> list[dict[str, Any]]:
    after = tables_selectors.session_float_after_adjustments(session)
    if not after or closing is None:
        return []
    values = {line.denomination_id: line.value for line in closing.ordered_lines()}
    rows = [
        {"value": values[d], "count": n, "total": values[d] * n}
        for d, n in after.items()
        if d in values
    ]
    return sorted(rows, key=lambda r: r["value"], reverse=True)


def _last_hand(session: TableSession) -> Mapping[str, Any] | None:
    hand = (
        Hand.objects.filter(session=session, revision_of__isnull=True)
        .order_by("-number")
        .values("number", "ended_at", "status")
        .first()
    )
    return hand


def _closing_cash_outs(session: TableSession) -> list[dict[str, Any]]:
    announced = (
        SessionEvent.objects.filter(session=session, kind=E.LAST_HAND_ANNOUNCED)
        .order_by("at")
        .values_list("at", flat=True)
        .first()
    )
    if announced is None:
        return []
    out = []
    for tx in (
        TableTransaction.objects.filter(
            session=session, kind=TransactionKind.CASH_OUT, recorded_at__gte=announced
        )
        .select_related("croupier", "approved_by")
        .order_by("recorded_at", "id")
    ):
        out.append(
            {
                "at": tx.recorded_at,
                "seat": tx.seat,
                "amount": tx.sign * tx.amount,
                "croupier": name(tx.croupier),
                "approved_by": name(tx.approved_by),
            }
        )
    return out


def _closing_expected(
    lines: list[dict[str, Any]], rec: SessionReconciliation | None
) -> dict[str, Any]:
    """Per denomination of the closing count: the chips the cage's reconciliation expects
    (``reconcile_session(...).lines[d].expected``) and the difference, like the opening's.

    The one definition of the expected closing float is the reconciliation's (CLOSE-16):
    opening + fills − credits − chips sold at buy-ins ± changes, before the closing slips.
    """
    expected_total = ZERO
    variance_total = ZERO
    for row in lines:
        line = rec.lines.get(row["denomination_id"]) if rec is not None else None
        expected = line.expected if line is not None else None
        row["expected_count"] = expected
        row["expected_total"] = None if expected is None else row["value"] * expected
        diff = None if expected is None or row["count"] is None else row["count"] - expected
        row["variance_chips"] = diff
        row["variance_value"] = None if diff is None else row["value"] * diff
        expected_total += row["expected_total"] or ZERO
        variance_total += row["variance_value"] or ZERO
    return {"expected_total": expected_total, "variance_total": variance_total}


def _reconciliation(
    session: TableSession, rec: SessionReconciliation | None, lang: str
) -> dict[str, Any] | None:
    if rec is None or session.status != TableSession.Status.CLOSED:
        return None
    return {
        "opening": rec.opening_value,
        "closing": rec.closing_value,
        "fills": rec.fills_value,
        "credits": rec.credits_value,
        "expected_drop": rec.expected_drop,
        "counted_drop": rec.counted_drop,
        "rake": rec.expected_rake_box,
        "counted_rake": rec.counted_rake_box,
        "result": rec.result,
        "balanced": rec.balanced,
        "findings": [f.message(lang) for f in rec.findings if f.severity != "info"],
    }


def sheet_data(session: TableSession, lang: str) -> dict[str, Any]:
    opening = (
        OpeningSheet.objects.filter(session=session)
        .select_related("previous_closing", "counted_by")
        .first()
    )
    closing = ClosingSheet.objects.filter(session=session).select_related("counted_by").first()
    sheet = opening or closing
    serial = sheet.serial if sheet else ""
    opening_lines = _lines(opening)
    closing_lines = _lines(closing)
    rec = reconcile_session(session) if closing is not None else None
    closing_expected = _closing_expected(closing_lines, rec)
    float_after = _float_after(session, closing)
    return {
        "serial_banner": serial,
        # RPT-01, OPEN-18: the shift (or shifts) the session ran in (issue 14 §3).
        "header_shift": shift_header(session, lang),
        "header_scope": f"{_label(SCOPE, 'table', lang)} {session.table.number} · "
        f"{day_text(session.gaming_day.business_date, lang)} · {_label(SCOPE, 'session', lang)} "
        f"{session.number}",
        "session": session,
        "table": session.table,
        "gaming_day": session.gaming_day,
        "settings": session.settings,
        "sheet_serial": serial,
        "opening": opening,
        "opening_expected_source": (
            _label(SOURCE_LABELS, opening.expected_source, lang) if opening else ""
        ),
        "opening_lines": opening_lines,
        "opening_total": sum((r["total"] or ZERO for r in opening_lines), ZERO),
        "opening_expected_total": sum((r["expected_total"] for r in opening_lines), ZERO),
        "opening_chips": sum((r["count"] or 0 for r in opening_lines), 0),
        "opening_signatures": signature_rows(opening),
        "opening_deposits": _deposits(opening),
        "discrepancies": _discrepancies(opening),
        "opening_events": _events(
            session,
            {
                "prep_pit_boss",
                "prep_supervisor",
                "prep_override",
                E.SURVEILLANCE_NOTIFIED,
                E.SECURITY_PRESENT,
                E.LIDS_REMOVAL_AUTHORISED,
                E.SURVEILLANCE_AUTHORISED,
                E.OPENED,
            },
            lang,
        ),
        "keys": _keys(session),
        "closing": closing,
        "closing_lines": closing_lines,
        "closing_total": sum((r["total"] or ZERO for r in closing_lines), ZERO),
        "closing_expected_total": closing_expected["expected_total"],
        "closing_variance_total": closing_expected["variance_total"],
        "closing_par_total": sum((r["par_total"] or ZERO for r in closing_lines), ZERO),
        "closing_chips": sum((r["count"] or 0 for r in closing_lines), 0),
        "closing_signatures": signature_rows(closing),
        "closing_deposits": _deposits(closing),
        "closing_events": _events(
            session,
            {
                E.LAST_HAND_ANNOUNCED,
                E.CLOSING_STARTED,
                E.BANK_EMPTIED,
                E.CLOSED,
                E.FLOAT_LOCKED,
                E.TABLE_INSPECTED,
                E.CROUPIER_RELEASED,
                "closing_checklist",
            },
            lang,
        ),
        "last_hand": _last_hand(session),
        "cash_outs": _closing_cash_outs(session),
        "slips": _slips(session, lang),
        "float_after": float_after,
        "float_after_total": sum((r["total"] for r in float_after), ZERO),
        "reconciliation": _reconciliation(session, rec, lang),
    }


def build(ctx: BuildContext) -> dict[str, Any]:
    session = resolve_session(ctx.casino, ctx.params)
    ctx.progress(20, "sheet")
    return sheet_data(session, ctx.lang)


def access(actor: Actor, params: dict[str, Any]) -> None:
    require_session_scope(actor, resolve_session(actor.casino, params))


register(
    ReportSpec(
        kind="sheet",
        title_es="Planilla de apertura y cierre de mesa",
        title_en="Table opening and closing sheet",
        template="pdf/sheet.html",
        params=SessionOrTableParams,
        build=build,
        access=access,
        copies=COPIES,
        description_es="La planilla de una sesión en sus tres ejemplares: caja principal, "
        "caja de drop y fichero (OPEN-18, CLOSE-18, CLOSE-10).",
        description_en="A session's sheet in its three copies: main cage, drop box and chip "
        "rack (OPEN-18, CLOSE-18, CLOSE-10).",
    )
)
