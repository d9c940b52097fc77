"""The day's faults as every report prints them: one line per cause (issue 14 §2).

The cage's reconciliation groups each finding under its cause
(``cage.reconciliation.group_causes``); this module adds what a report needs to print
it: the table, a Spanish title (never a code), the amount it makes the table's
result differ by, its status (explained by the pit boss, waiting for a signature or
a review, not explained) and the effects it explains, in words. The master report,
the audit report, the sector sheet and the control sheet print these rows, each for
its own scope, so that one fault is one line everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from cage.models import CashAlert, VarianceExplanation
from cage.reconciliation import (
    EXCEPTION,
    Cause,
    DayReconciliation,
    Finding,
    cause_title,
    formula,
)
from casino.models import GamingDay
from tables.models import DeckFinalControl

from ._common import bilingual, name

ZERO = Decimal("0")
DECK_CONTROL = "DECK_FINAL_CONTROL_MISSING"


@dataclass
class CauseRow:
    number: int
    kind: str
    table: int | None
    session: int | None  # the session's number at its table (1, 2…), for the label
    session_id: int | None
    title: str
    detail: str
    amount: Decimal | None
    status: str
    pending: bool
    effects: list[str] = field(default_factory=list)
    cells: frozenset[str] = frozenset()
    severity: str = EXCEPTION

    @property
    def table_label(self) -> str:
        if self.table is None:
            return "—"
        return f"{self.table}" + (
            f" (s. {self.session})" if self.session and self.session > 1 else ""
        )


def _explanations(day: GamingDay) -> dict[tuple[int, str], str]:
    return {
        (e.session_id, e.finding_key): f"{e.explanation} ({name(e.explained_by)})"
        for e in VarianceExplanation.objects.filter(session__gaming_day=day)
        .select_related("explained_by")
        .order_by("explained_at", "id")
    }


def _status(cause: Cause, explained: str, lang: str) -> tuple[str, bool]:
    if cause.finding.note:
        note = cause.finding.note
        return bilingual(lang, f"Reconocida: {note}", f"Acknowledged: {note}"), False
    if explained:
        return bilingual(lang, f"Explicada: {explained}", f"Explained: {explained}"), False
    if cause.kind == "HAND_UNRESOLVED":
        return bilingual(lang, "Espera la revisión firmada", "Awaits the signed review"), True
    if cause.kind in ("SLIP_UNSIGNED", "OPENING_COUNT_UNSIGNED", "CLOSING_COUNT_UNSIGNED"):
        return bilingual(lang, "Faltan firmas", "Signatures missing"), True
    if cause.kind == "SESSION_NOT_CLOSED":
        return bilingual(lang, "Sin cerrar", "Not closed"), True
    return bilingual(lang, "Sin explicar", "Not explained"), True


def cause_rows(
    day: GamingDay,
    recon: DayReconciliation,
    lang: str,
    *,
    tables: set[int] | None = None,
    session: int | None = None,
) -> list[CauseRow]:
    """Every cause of the day, numbered in order. ``tables``: only those of these table
    numbers (day-wide causes without a table excluded); ``session``: only those of this
    session and the day-wide ones of its table."""
    explanations = _explanations(day)
    numbers = {s.session.pk: s.session.number for s in recon.sessions}
    causes = list(recon.causes)
    deck_signed = DeckFinalControl.objects.filter(gaming_day=day, locked_at__isnull=False).exists()
    deck_missing = None
    if not deck_signed and recon.sessions:
        deck_missing = Finding(
            DECK_CONTROL,
            EXCEPTION,
            "No hay control final de naipes firmado por el gerente de turno.",
            "No deck final control signed by the shift manager.",
            detail=str(day.business_date),
        )
    rows: list[CauseRow] = []
    deck_attached = False
    for cause in causes:
        if tables is not None and cause.table not in tables:
            continue
        if session is not None and cause.session not in (None, session):
            continue
        explained = next(
            (
                explanations[(cause.session, key)]
                for key in cause.keys
                if cause.session and (cause.session, key) in explanations
            ),
            "",
        )
        status, pending = _status(cause, explained, lang)
        effects = [e.message(lang) for e in cause.effects]
        if deck_missing is not None and cause.kind == "PACK_NOT_RETURNED" and not deck_attached:
            effects.append(deck_missing.message(lang))
            deck_attached = True
        rows.append(
            CauseRow(
                number=len(rows) + 1,
                kind=cause.kind,
                table=cause.table,
                session=numbers.get(cause.session or 0),
                session_id=cause.session,
                title=cause_title(cause.kind, lang),
                detail=cause.finding.message(lang),
                amount=cause.result_effect,
                status=status,
                pending=pending,
                effects=effects,
                cells=cause.cells,
                severity=cause.finding.severity,
            )
        )
    if deck_missing is not None and not deck_attached and tables is None and session is None:
        rows.append(
            CauseRow(
                number=len(rows) + 1,
                kind=DECK_CONTROL,
                table=None,
                session=None,
                session_id=None,
                title=cause_title(DECK_CONTROL, lang),
                detail=deck_missing.message(lang),
                amount=None,
                status=bilingual(lang, "Falta la firma", "Signature missing"),
                pending=True,
            )
        )
    return rows


def cells_by_session(rows: list[CauseRow]) -> dict[int, set[str]]:
    """The figures each session's causes make wrong: the cells a report colours."""
    out: dict[int, set[str]] = {}
    for row in rows:
        if row.session_id is None:
            continue
        cells = out.setdefault(row.session_id, set())
        cells.update(row.cells)
        if row.amount and row.cells:
            cells.update({"result", "difference"})
    return out


def cash_alert_rows(
    day: GamingDay, lang: str, *, tables: set[int] | None = None
) -> list[dict[str, Any]]:
    """The cash-threshold alerts of the day (CASH): player, level, the player's cash in the
    day (summed as the reconciliation sums it), the threshold, and the moment it was
    crossed with the cash at that moment (issue 40: the stored figure alone understated
    every player who kept buying in after the alert)."""
    from cage.selectors import cash_total

    rows = []
    day_cash: dict[str, Decimal] = {}
    for alert in (
        CashAlert.objects.filter(gaming_day=day)
        .select_related("transaction__table")
        .order_by("created_at", "id")
    ):
        table = alert.transaction.table.number if alert.transaction_id else None
        if tables is not None and table not in tables:
            continue
        rows.append(
            {
                "table": table,
                "player": alert.player_label,
                "level": str(alert.get_level_display()),
                "total": day_cash.setdefault(alert.player_key, cash_total(day, alert.player_key)),
                "at_crossing": alert.total,
                "threshold": alert.threshold,
                "at": alert.created_at,
            }
        )
    return rows


def formulas(lang: str) -> dict[str, str]:
    return {key: formula(key, lang) for key in ("result", "final_float", "difference", "hold")}
