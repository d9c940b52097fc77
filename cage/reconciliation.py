"""Reconciliation of a table session and of a gaming day, from stored records only.

Per session and per denomination (issue 6 item 9, CLOSE-16, OQ-26)::

    expected closing = opening + fills - credits - chips sold at buy-ins
                       + chips in - chips out of colour changes, cash-outs and tip changes
    expected drop    = cash accepted at buy-ins (returned notes excluded)
    expected rake box = sum of the hands' rake postings
    result line      = drop + rake box + closing float + credits - opening float - fills
                       (must equal the rake: the house plays no hand)

Only slips signed by all five and not void count; in-hand changes (from the pot)
and closing slips (after the closing count) do not enter the expected closing.
Every difference is a finding with its denomination, amount and the records
that bear on it; a shortage on one table is never netted against another
(each session is reconciled alone). The day adds the serial series (GEN-10),
the cash thresholds and the integrity checks: each record's keyed seal, the
gaming day's evidence chain and each record's creating audit event are compared
with what is stored, so a row changed, deleted or inserted behind the
application's back shows up, also when whoever did it recomputed a hash
(docs/cage.md, "Changed behind the back"; docs/reliability.md, "Tamper
evidence"; issue 12 §5).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.contrib.contenttypes.models import ContentType

from casino import sealing
from casino.formatting import en, es, es_amounts, money
from casino.models import (
    AuditEvent,
    ChainLink,
    Denomination,
    GamingDay,
    SerialCounter,
    Signature,
    canonical_json,
)
from casino.roles import role_label_es
from tables.models import TableSession

from . import selectors
from .models import (
    AlertLevel,
    BuyinSource,
    CashAlert,
    DropBox,
    DropCount,
    RakeEntry,
    Slip,
    SlipKind,
    SlipPurpose,
    TableTransaction,
    TransactionKind,
    money_str,
)

ZERO = Decimal("0")

VARIANCE = "variance"
EXCEPTION = "exception"
INFO = "info"


@dataclass(frozen=True)
class Record:
    """A record a finding points at."""

    type: str
    id: int | str
    label: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "id": self.id, "label": self.label}


@dataclass(frozen=True)
class Finding:
    kind: str
    severity: str
    es: str
    en: str
    table: int | None = None
    session: int | None = None
    denomination: Decimal | None = None
    amount: Decimal | None = None
    expected: Decimal | int | None = None
    counted: Decimal | int | None = None
    detail: str = ""
    records: tuple[Record, ...] = ()
    note: str = ""  # how a person already dealt with it (an acknowledgement), if any

    @property
    def key(self) -> str:
        """Stable within a session: what a pit boss explanation points at."""
        what = money_str(self.denomination) if self.denomination is not None else self.detail
        return f"{self.kind}:{what or '-'}"

    def __post_init__(self) -> None:
        # Amounts in the Spanish text in the casino's format (1.234,50).
        object.__setattr__(self, "es", es_amounts(self.es))

    def message(self, lang: str = "es") -> str:
        return self.en if lang.startswith("en") else self.es

    def as_dict(self) -> dict[str, Any]:
        def num(v: Decimal | int | None) -> str | int | None:
            return money_str(v) if isinstance(v, Decimal) else v

        return {
            "kind": self.kind,
            "severity": self.severity,
            "key": self.key,
            "table": self.table,
            "session": self.session,
            "denomination": money_str(self.denomination),
            "amount": money_str(self.amount),
            "expected": num(self.expected),
            "counted": num(self.counted),
            "detail": self.detail,
            "message": {"es": self.es, "en": self.en},
            "records": [r.as_dict() for r in self.records],
        }


@dataclass
class DenominationLine:
    denomination_id: int
    value: Decimal
    opening: int = 0
    fills: int = 0
    credits: int = 0
    sold: int = 0  # chips out at buy-ins
    changes_in: int = 0
    changes_out: int = 0
    counted: int | None = None
    records: list[Record] = field(default_factory=list)

    @property
    def expected(self) -> int:
        return (
            self.opening
            + self.fills
            - self.credits
            - self.sold
            + self.changes_in
            - self.changes_out
        )

    @property
    def variance(self) -> int | None:
        return None if self.counted is None else self.counted - self.expected

    def as_dict(self) -> dict[str, Any]:
        return {
            "denomination": money_str(self.value),
            "opening": self.opening,
            "fills": self.fills,
            "credits": self.credits,
            "sold_at_buyins": self.sold,
            "changes_in": self.changes_in,
            "changes_out": self.changes_out,
            "expected": self.expected,
            "counted": self.counted,
            "variance_chips": self.variance,
            "variance_value": money_str(self.value * self.variance) if self.variance else "0.00",
        }


@dataclass
class SessionReconciliation:
    session: TableSession
    lines: dict[int, DenominationLine]
    opening_value: Decimal | None
    closing_value: Decimal | None
    fills_value: Decimal
    credits_value: Decimal
    expected_drop: Decimal
    counted_drop: Decimal | None
    expected_rake_box: Decimal
    counted_rake_box: Decimal | None
    closing_fills_value: Decimal
    closing_credits_value: Decimal
    findings: list[Finding]
    causes: list[Cause] = field(default_factory=list)

    @property
    def figures(self) -> TableFigures:
        """The session's figures as every report prints them (one definition)."""
        return TableFigures(
            opening=self.opening_value,
            fills=self.fills_value + self.closing_fills_value,
            credits=self.credits_value + self.closing_credits_value,
            closing_fills=self.closing_fills_value,
            closing_credits=self.closing_credits_value,
            closing_count=self.closing_value,
            expected_drop=self.expected_drop,
            counted_drop=self.counted_drop,
            rake_box=self.counted_rake_box,
            rake_ledger=self.expected_rake_box,
        )

    @property
    def result(self) -> Decimal | None:
        if None in (
            self.counted_drop,
            self.counted_rake_box,
            self.closing_value,
            self.opening_value,
        ):
            return None
        return (
            self.counted_drop  # type: ignore[operator]
            + self.counted_rake_box
            + self.closing_value
            + self.credits_value
            - self.opening_value
            - self.fills_value
        )

    @property
    def balanced(self) -> bool:
        return not any(f.severity != INFO for f in self.findings)

    def as_dict(self) -> dict[str, Any]:
        s = self.session
        return {
            "session": s.pk,
            "table": s.table.number,
            "status": s.status,
            "opening_value": money_str(self.opening_value),
            "closing_value": money_str(self.closing_value),
            "fills_value": money_str(self.fills_value),
            "credits_value": money_str(self.credits_value),
            "closing_fills_value": money_str(self.closing_fills_value),
            "closing_credits_value": money_str(self.closing_credits_value),
            "float_after_closing_slips": money_str(
                None
                if self.closing_value is None
                else self.closing_value + self.closing_fills_value - self.closing_credits_value
            ),
            "expected_drop": money_str(self.expected_drop),
            "counted_drop": money_str(self.counted_drop),
            "expected_rake_box": money_str(self.expected_rake_box),
            "counted_rake_box": money_str(self.counted_rake_box),
            "result": money_str(self.result),
            "balanced": self.balanced,
            "figures": self.figures.as_dict(),
            "causes": [c.as_dict() for c in self.causes],
            "denominations": [
                line.as_dict()
                for line in sorted(self.lines.values(), key=lambda x: x.value, reverse=True)
            ],
            "findings": [f.as_dict() for f in self.findings],
        }


# --------------------------------------------------------------- figures and causes
#
# One definition of each printed figure (issue 14 §1). Every report prints these,
# with the formula below, so that a row and its total satisfy what the page says.

FORMULAS = {
    "result": (
        "Resultado = Drop + Caja de comisión + Banca final + Créditos − Banca de apertura "
        "− Rellenos",
        "Result = Drop + Rake box + Final float + Credits − Opening float − Fills",
    ),
    "final_float": (
        "Banca final = Conteo de cierre + Rellenos de cierre − Créditos de cierre",
        "Final float = Closing count + Closing fills − Closing credits",
    ),
    "difference": (
        "Diferencia = Resultado − Comisión registrada (debe ser 0: la casa no juega manos)",
        "Difference = Result − Rake recorded (must be 0: the house plays no hand)",
    ),
    "hold": ("Hold = Resultado ÷ Drop", "Hold = Result ÷ Drop"),
}


def formula(key: str, lang: str = "es") -> str:
    es, en = FORMULAS[key]
    return en if lang.startswith("en") else es


def _hold(result: Decimal | None, drop: Decimal | None) -> Decimal | None:
    if result is None or not drop:
        return None
    return (result * 100 / drop).quantize(Decimal("0.1"))


@dataclass(frozen=True)
class TableFigures:
    """A session's books: what the float, the drop box and the rake box say.

    ``fills`` and ``credits`` are every counted slip, during play and at the closing;
    ``final_float`` is the float after the closing slips, so ``result`` (the
    ``FORMULAS["result"]`` line) uses the same columns a report prints.
    """

    opening: Decimal | None
    fills: Decimal
    credits: Decimal
    closing_fills: Decimal
    closing_credits: Decimal
    closing_count: Decimal | None
    expected_drop: Decimal
    counted_drop: Decimal | None
    rake_box: Decimal | None
    rake_ledger: Decimal

    @property
    def final_float(self) -> Decimal | None:
        if self.closing_count is None:
            return None
        return self.closing_count + self.closing_fills - self.closing_credits

    @property
    def drop(self) -> Decimal:
        """The counted drop; the expected one (cash taken at buy-ins) until it is counted."""
        return self.counted_drop if self.counted_drop is not None else self.expected_drop

    @property
    def drop_counted(self) -> bool:
        return self.counted_drop is not None

    @property
    def result(self) -> Decimal | None:
        if None in (self.counted_drop, self.rake_box, self.final_float, self.opening):
            return None
        return (
            self.counted_drop  # type: ignore[operator]
            + self.rake_box
            + self.final_float
            + self.credits
            - self.opening
            - self.fills
        )

    @property
    def difference(self) -> Decimal | None:
        result = self.result
        return None if result is None else result - self.rake_ledger

    @property
    def hold(self) -> Decimal | None:
        return _hold(self.result, self.drop)

    def as_dict(self) -> dict[str, Any]:
        return {
            "opening": money_str(self.opening),
            "fills": money_str(self.fills),
            "credits": money_str(self.credits),
            "closing_count": money_str(self.closing_count),
            "closing_fills": money_str(self.closing_fills),
            "closing_credits": money_str(self.closing_credits),
            "final_float": money_str(self.final_float),
            "drop": money_str(self.drop),
            "drop_counted": self.drop_counted,
            "rake_box": money_str(self.rake_box),
            "rake_ledger": money_str(self.rake_ledger),
            "result": money_str(self.result),
            "difference": money_str(self.difference),
            "hold_percent": money_str(self.hold),
        }


@dataclass(frozen=True)
class DayFigures:
    """The day's total of the sessions whose books are complete (counted and closed).

    An open or uncounted session has no result; it is left out of every column of
    the total, so the total row satisfies the same formula as each row, and
    ``pending`` says how many were left out (the report is then provisional).
    """

    total: TableFigures
    sessions: int
    pending: int
    # Every session's figures so far, the pending ones included (issue 40): what a manager
    # reads while the day is open, marked provisional. A column adds what is known of each
    # session (the drop counted, else the cash taken at the buy-ins; the rake recorded so
    # far); the float, the result and the difference wait (None) for every table's count.
    so_far: TableFigures | None = None

    @property
    def provisional(self) -> bool:
        return self.pending > 0

    @classmethod
    def of(cls, figures: list[TableFigures]) -> DayFigures:
        done = [f for f in figures if f.result is not None]
        every = bool(figures) and len(done) == len(figures)

        def add(name: str) -> Decimal:
            return sum((getattr(f, name) or ZERO for f in done), ZERO)

        some = bool(done)  # nothing complete to add up: a dash, not 0,00
        total = TableFigures(
            opening=add("opening") if some else None,
            fills=add("fills"),
            credits=add("credits"),
            closing_fills=add("closing_fills"),
            closing_credits=add("closing_credits"),
            closing_count=add("closing_count") if some else None,
            expected_drop=add("expected_drop"),
            counted_drop=add("counted_drop") if some else None,
            rake_box=add("rake_box") if some else None,
            rake_ledger=add("rake_ledger"),
        )

        def known(name: str) -> Decimal | None:
            values = [getattr(f, name) for f in figures if getattr(f, name) is not None]
            return sum(values, ZERO) if values else None

        def every_one(name: str) -> Decimal | None:
            return sum((getattr(f, name) for f in figures), ZERO) if every else None

        so_far = TableFigures(
            opening=known("opening"),
            fills=sum((f.fills for f in figures), ZERO),
            credits=sum((f.credits for f in figures), ZERO),
            closing_fills=sum((f.closing_fills for f in figures), ZERO),
            closing_credits=sum((f.closing_credits for f in figures), ZERO),
            closing_count=every_one("closing_count"),
            # ``drop`` reads the counted drop when every table's is in, else this: each
            # table's drop as far as it is known (counted, or the cash of its buy-ins).
            expected_drop=sum((f.drop for f in figures), ZERO),
            counted_drop=every_one("counted_drop"),
            rake_box=every_one("rake_box"),
            rake_ledger=sum((f.rake_ledger for f in figures), ZERO),
        )
        return cls(
            total=total,
            sessions=len(figures),
            pending=len(figures) - len(done),
            so_far=so_far,
        )

    def as_dict(self) -> dict[str, Any]:
        return {**self.total.as_dict(), "sessions": self.sessions, "pending": self.pending}


# What a cause is called on page 1 of a report (Spanish first; no code is printed).
CAUSE_TITLES: dict[str, tuple[str, str]] = {
    "FLOAT_VARIANCE": ("Diferencia de fichas en la banca", "Chip variance in the float"),
    "DROP_VARIANCE": ("Diferencia en la caja de drop", "Drop box variance"),
    "RAKE_BOX_VARIANCE": ("Diferencia en la caja de comisión", "Rake box variance"),
    "RESULT_VARIANCE": ("Resultado sin causa identificada", "Result variance without a cause"),
    "HAND_UNRESOLVED": ("Mano inválida sin resolver", "Invalid hand not resolved"),
    "RAKE_MISMATCH": ("Comisión mal tomada", "Rake taken wrongly"),
    "RAKE_NOT_ALLOWED": ("Comisión en mesa sin comisión", "Rake on a table without rake"),
    "SLIP_UNSIGNED": ("Vale sin todas sus firmas", "Slip not fully signed"),
    "SLIP_VOID_PENDING": ("Anulación de vale sin confirmar", "Slip void not confirmed"),
    "OPENING_COUNT_MISSING": ("Sin conteo de apertura", "No opening count"),
    "OPENING_COUNT_UNSIGNED": ("Planilla de apertura sin firmar", "Opening sheet not signed"),
    "OPENING_DISCREPANCY": ("Diferencia en la apertura", "Opening discrepancy"),
    "OPENING_LINK_MISMATCH": ("Apertura distinta del cierre anterior", "Opening ≠ last closing"),
    "CLOSING_COUNT_MISSING": ("Sin conteo de cierre", "No closing count"),
    "CLOSING_COUNT_UNSIGNED": ("Planilla de cierre sin firmar", "Closing sheet not signed"),
    "SESSION_NOT_CLOSED": ("Mesa abierta", "Table still open"),
    "DROP_NOT_COUNTED": ("Drop sin contar", "Drop not counted"),
    "DROP_COUNTS_DISAGREE": ("Conteos de drop distintos", "Drop counts disagree"),
    "SERIAL_GAP": ("Salto de numeración", "Gap in the numbering"),
    "SHEET_SERIAL_GAP": ("Salto de numeración de planillas", "Gap in the sheet numbering"),
    "CASH_ALERT_MISSING": ("Alerta de efectivo no registrada", "Cash alert not raised"),
    "PACK_NOT_RETURNED": ("Mazo no devuelto", "Pack not returned"),
    "DECK_FINAL_CONTROL_MISSING": ("Control final de naipes sin firmar", "No deck final control"),
    "MANDATORY_SANCTION_NOT_IMPOSED": ("Sanción obligatoria no impuesta", "Mandatory sanction"),
    "RECORD_ALTERED": ("Registro modificado", "Record altered"),
    "RECORD_MISSING": ("Registro borrado", "Record deleted"),
    "RECORD_UNAUDITED": ("Registro sin auditoría", "Record without audit event"),
    "AUDIT_MISMATCH": ("Registro distinto de su auditoría", "Record differs from its audit"),
    "CHAIN_BROKEN": ("Cadena de evidencia rota", "Evidence chain broken"),
    "UNCHAINED": ("Registro fuera de la cadena", "Record outside the chain"),
    "SEAL_KEY_UNKNOWN": ("Sello no verificable", "Seal cannot be verified"),
}
# The figure (column) each kind of cause bears on, so a report can colour the cells.
CAUSE_CELLS: dict[str, frozenset[str]] = {
    "FLOAT_VARIANCE": frozenset({"final_float"}),
    "DROP_VARIANCE": frozenset({"drop"}),
    "RAKE_BOX_VARIANCE": frozenset({"rake_box"}),
    "HAND_UNRESOLVED": frozenset({"rake_box"}),
    "RESULT_VARIANCE": frozenset({"result"}),
    "DROP_NOT_COUNTED": frozenset({"drop", "rake_box"}),
    "DROP_COUNTS_DISAGREE": frozenset({"drop", "rake_box"}),
    "OPENING_COUNT_MISSING": frozenset({"opening"}),
    "CLOSING_COUNT_MISSING": frozenset({"final_float"}),
}


def cause_title(kind: str, lang: str = "es") -> str:
    es, en = CAUSE_TITLES.get(kind, ("Otra excepción", "Other exception"))
    return en if lang.startswith("en") else es


@dataclass(frozen=True)
class UncountedSlip:
    """A slip left out of the books (not fully signed, or its void pending)."""

    kind: str
    during_play: bool
    value: Decimal
    counts: dict[Decimal, int]  # chips per denomination value


@dataclass(frozen=True)
class Cause:
    """One fault, with the findings it explains (issue 14 §2).

    ``result_effect`` is how much of the table's difference (result − rake recorded)
    this cause accounts for; ``cells`` the figures it makes wrong.
    """

    finding: Finding
    effects: tuple[Finding, ...] = ()
    result_effect: Decimal | None = None
    cells: frozenset[str] = frozenset()

    @property
    def kind(self) -> str:
        return self.finding.kind

    @property
    def table(self) -> int | None:
        return self.finding.table

    @property
    def session(self) -> int | None:
        return self.finding.session

    @property
    def amount(self) -> Decimal | None:
        return self.result_effect if self.result_effect is not None else self.finding.amount

    @property
    def keys(self) -> tuple[str, ...]:
        """The finding keys a pit boss's explanation may point at (the cause's or an effect's)."""
        return (self.finding.key, *(e.key for e in self.effects))

    def title(self, lang: str = "es") -> str:
        return cause_title(self.kind, lang)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": {"es": self.title("es"), "en": self.title("en")},
            "table": self.table,
            "session": self.session,
            "amount": money_str(self.amount),
            "result_effect": money_str(self.result_effect),
            "cells": sorted(self.cells),
            "finding": self.finding.as_dict(),
            "effects": [e.as_dict() for e in self.effects],
        }


# Hands, sheets and other books a session's reconciliation must hear from (an app
# above the cage registers here: the hand recorder's unresolved invalid hands).
SESSION_FINDING_PROVIDERS: list[Callable[[TableSession], Iterable[Finding]]] = []


def group_causes(
    findings: list[Finding], uncounted: dict[str, UncountedSlip] | None = None
) -> list[Cause]:
    """Each fault once, with the variances it explains as its effects.

    - A slip left out of the books explains the float variance of each of its
      denominations when the variance is exactly its chips (a fill whose chips
      arrived: counted over; a credit whose chips left: counted short).
    - Unresolved invalid hands whose rake is in the box but not in the ledger explain
      the rake box variance when their rakes add up to it.
    - The result variance is the sum of the causes' effects on the result; it is a
      cause itself only for what they leave unexplained.
    Information findings (a voided slip, an alert raised as it should be) are no cause.
    """
    uncounted = uncounted or {}
    active = [f for f in findings if f.severity != INFO]
    used: set[int] = set()
    causes: list[Cause] = []
    floats = {f.denomination: f for f in active if f.kind == "FLOAT_VARIANCE"}
    box = next((f for f in active if f.kind == "RAKE_BOX_VARIANCE"), None)
    hands = [f for f in active if f.kind == "HAND_UNRESOLVED"]
    unposted = sum((f.amount or ZERO for f in hands), ZERO)
    box_explained = box is not None and unposted and box.amount == unposted
    for f in active:
        if f.kind in ("SLIP_UNSIGNED", "SLIP_VOID_PENDING") and f.detail in uncounted:
            slip = uncounted[f.detail]
            effects: list[Finding] = []
            sign = 1 if slip.kind == SlipKind.FILL else -1
            if slip.during_play:
                for value, n in slip.counts.items():
                    fv = floats.get(value)
                    if fv is not None and id(fv) not in used and fv.amount == sign * n * value:
                        effects.append(fv)
            whole = slip.during_play and len(effects) == len(slip.counts)
            if whole:
                used.update(id(e) for e in effects)
            causes.append(
                Cause(
                    f,
                    tuple(effects) if whole else (),
                    result_effect=sign * slip.value if whole else ZERO,
                    cells=frozenset({"fills" if sign > 0 else "credits", "final_float"})
                    if whole
                    else frozenset({"fills" if sign > 0 else "credits"}),
                )
            )
        elif f.kind == "HAND_UNRESOLVED":
            causes.append(
                Cause(
                    f,
                    (box,) if box_explained and box is not None else (),
                    result_effect=f.amount if box_explained else ZERO,
                    cells=CAUSE_CELLS["HAND_UNRESOLVED"] if box_explained else frozenset(),
                )
            )
    if box_explained and box is not None:
        used.add(id(box))
    variance_kinds = ("FLOAT_VARIANCE", "DROP_VARIANCE", "RAKE_BOX_VARIANCE")
    for f in active:
        if id(f) in used or f.kind in ("SLIP_UNSIGNED", "SLIP_VOID_PENDING", "HAND_UNRESOLVED"):
            if f.kind in ("SLIP_UNSIGNED", "SLIP_VOID_PENDING") and f.detail not in uncounted:
                causes.append(Cause(f, cells=frozenset()))
            continue
        if f.kind == "RESULT_VARIANCE":
            continue
        causes.append(
            Cause(
                f,
                result_effect=f.amount if f.kind in variance_kinds else None,
                cells=CAUSE_CELLS.get(f.kind, frozenset()),
            )
        )
    result = next((f for f in active if f.kind == "RESULT_VARIANCE"), None)
    if result is not None and result.amount is not None:
        explained = sum((c.result_effect or ZERO for c in causes), ZERO)
        rest = result.amount - explained
        if rest:
            causes.append(
                Cause(
                    Finding(
                        "RESULT_VARIANCE",
                        VARIANCE,
                        f"{result.es} Sin causa identificada: {_fmt(rest)}.",
                        f"{result.en} Without an identified cause: {_fmt(rest)}.",
                        table=result.table,
                        session=result.session,
                        amount=rest,
                        expected=result.expected,
                        counted=result.counted,
                        detail=result.detail,
                        records=result.records,
                    ),
                    effects=(result,),
                    result_effect=rest,
                    cells=CAUSE_CELLS["RESULT_VARIANCE"],
                )
            )
    order = {id(f): i for i, f in enumerate(findings)}
    causes.sort(key=lambda c: order.get(id(c.finding), len(order)))
    return causes


def _fmt(value: Decimal | None) -> str:
    return money(value, "en")  # "—" when unknown; Spanish via es_amounts


def _tx_record(tx: TableTransaction) -> Record:
    label = tx.kind if tx.sign > 0 else f"{tx.kind} reversal"
    return Record("transaction", tx.pk, f"{label} {money_str(tx.amount)}")


def _slip_record(slip: Slip, status: str) -> Record:
    return Record("slip", slip.pk, f"{slip.serial} {slip.kind} ({status})")


def reconcile_session(session: TableSession) -> SessionReconciliation:
    """Everything a session's float, drop box and rake box must contain, and the gaps."""
    table = session.table
    ctx = {"table": table.number, "session": session.pk}
    denominations = {
        d.pk: d.value for d in Denomination.objects.filter(chip_set_id=table.chip_set_id)
    }
    lines: dict[int, DenominationLine] = {}

    def line(denom_id: int) -> DenominationLine:
        if denom_id not in lines:
            value = denominations.get(denom_id)
            if value is None:  # a chip of another set: should never be stored
                value = Denomination.objects.get(pk=denom_id).value
                denominations[denom_id] = value
            lines[denom_id] = DenominationLine(denomination_id=denom_id, value=value)
        return lines[denom_id]

    findings: list[Finding] = []
    opening = selectors.session_opening_count(session)
    closing = selectors.session_closing_count(session)
    for denom_id in selectors.float_par(table):
        line(denom_id)
    if opening is not None:
        for denom_id, n in opening.lines.items():
            line(denom_id).opening = n
    if closing is not None:
        for denom_id, n in closing.lines.items():
            line(denom_id).counted = n
    _count_findings(findings, session, opening, closing, ctx)

    # Transactions: chips sold at buy-ins, changes in and out; cash into the drop box.
    expected_drop = ZERO
    txs = list(
        TableTransaction.objects.filter(session=session)
        .prefetch_related("chip_lines", "cash_lines")
        .order_by("recorded_at", "id")
    )
    for tx in txs:
        if tx.kind == TransactionKind.IN_HAND_CHANGE:
            continue  # from the pot, never the float (CHIP-14)
        for cl in tx.chip_lines.all():
            dl = line(cl.denomination_id)
            n = tx.sign * cl.count
            if tx.kind == TransactionKind.BUYIN:
                dl.sold += n
            elif cl.direction == "in":
                dl.changes_in += n
            else:
                dl.changes_out += n
            dl.records.append(_tx_record(tx))
        if tx.kind == TransactionKind.BUYIN and tx.source == BuyinSource.CASH:
            expected_drop += tx.sign * sum(
                (c.value * c.count for c in tx.cash_lines.all() if not c.returned), ZERO
            )
        if tx.override_by_id:
            findings.append(
                Finding(
                    "BUYIN_OVERRIDE",
                    INFO,
                    f"Excepción al límite de compra autorizada ({_fmt(tx.amount)}): "
                    f"{tx.override_reason}",
                    f"Buy-in limit overridden ({_fmt(tx.amount)}): {tx.override_reason}",
                    amount=tx.amount,
                    detail=str(tx.pk),
                    records=(_tx_record(tx),),
                    **ctx,
                )
            )

    # Slips: only those signed by all five and not void count (issue 6 item 6).
    fills_value = credits_value = closing_fills = closing_credits = ZERO
    uncounted: dict[str, UncountedSlip] = {}
    for slip in Slip.objects.filter(session=session).prefetch_related("lines").order_by("number"):
        status = selectors.slip_status(slip)
        counts = selectors.slip_counts(slip)
        value = sum(
            (denominations.get(sl.denomination_id, ZERO) * sl.count for sl in slip.lines.all()),
            ZERO,
        )
        for sl in slip.lines.all():
            if slip.purpose != SlipPurpose.PLAY:
                continue  # closing slips come after the closing count: no bearing on it
            dl = line(sl.denomination_id)
            dl.records.append(_slip_record(slip, status))
            if counts:
                if slip.kind == SlipKind.FILL:
                    dl.fills += sl.count
                else:
                    dl.credits += sl.count
        if counts:
            if slip.purpose == SlipPurpose.PLAY:
                if slip.kind == SlipKind.FILL:
                    fills_value += value
                else:
                    credits_value += value
            elif slip.kind == SlipKind.FILL:
                closing_fills += value
            else:
                closing_credits += value
        _slip_findings(findings, slip, status, value, ctx)
        if not counts and status not in ("void",):
            per_value: dict[Decimal, int] = defaultdict(int)
            for sl in slip.lines.all():
                per_value[denominations.get(sl.denomination_id, ZERO)] += sl.count
            uncounted[slip.serial] = UncountedSlip(
                slip.kind, slip.purpose == SlipPurpose.PLAY, value, dict(per_value)
            )

    # Rake ledger.
    expected_rake_box = selectors.rake_ledger(session)
    findings.extend(_rake_findings(session, ctx))

    # Drop and rake box, counted blind by two people.
    counted_drop = counted_rake = None
    agreed = selectors.agreed_drop_count(session)
    all_counts = selectors.drop_counts(session)
    if agreed is not None:
        counted_drop = sum((x.total for x in agreed.lines.all() if x.box == DropBox.DROP), ZERO)
        counted_rake = sum((x.total for x in agreed.lines.all() if x.box == DropBox.RAKE), ZERO)
        drop_rec = (Record("drop_count", agreed.pk, f"{agreed.counter}"),)
        cash_recs = tuple(
            _tx_record(tx)
            for tx in txs
            if tx.kind == TransactionKind.BUYIN and tx.source == BuyinSource.CASH
        )
        if counted_drop != expected_drop:
            diff = counted_drop - expected_drop
            findings.append(
                Finding(
                    "DROP_VARIANCE",
                    VARIANCE,
                    f"Caja de drop: contado {_fmt(counted_drop)}, esperado {_fmt(expected_drop)} "
                    f"({'faltante' if diff < 0 else 'sobrante'} {_fmt(abs(diff))}).",
                    f"Drop box: counted {_fmt(counted_drop)}, expected {_fmt(expected_drop)} "
                    f"({'shortage' if diff < 0 else 'overage'} {_fmt(abs(diff))}).",
                    amount=diff,
                    expected=expected_drop,
                    counted=counted_drop,
                    records=drop_rec + cash_recs,
                    **ctx,
                )
            )
        if counted_rake != expected_rake_box:
            diff = counted_rake - expected_rake_box
            rake_recs = tuple(
                Record("rake", e.pk, f"hand {e.hand_number} {money_str(e.sign * e.amount)}")
                for e in RakeEntry.objects.filter(session=session)
            )
            findings.append(
                Finding(
                    "RAKE_BOX_VARIANCE",
                    VARIANCE,
                    f"Caja de comisión: contado {_fmt(counted_rake)}, esperado "
                    f"{_fmt(expected_rake_box)}.",
                    f"Rake box: counted {_fmt(counted_rake)}, expected {_fmt(expected_rake_box)}.",
                    amount=diff,
                    expected=expected_rake_box,
                    counted=counted_rake,
                    records=drop_rec + rake_recs,
                    **ctx,
                )
            )
    elif session.status == TableSession.Status.CLOSED or all_counts:
        disagree = len({c.counter_id for c in all_counts}) >= 2
        findings.append(
            Finding(
                "DROP_COUNTS_DISAGREE" if disagree else "DROP_NOT_COUNTED",
                EXCEPTION,
                "Los dos conteos del drop no coinciden: hace falta recontar."
                if disagree
                else "El drop y la caja de comisión no tienen dos conteos coincidentes.",
                "The two drop counts disagree: recount."
                if disagree
                else "The drop and rake boxes do not have two matching counts.",
                records=tuple(Record("drop_count", c.pk, str(c.counter)) for c in all_counts),
                **ctx,
            )
        )

    if closing is not None:  # a denomination the closing count does not list was counted 0
        for dl in lines.values():
            if dl.counted is None:
                dl.counted = 0
    # Per denomination: never netted between denominations nor between tables.
    for dl in sorted(lines.values(), key=lambda x: x.value, reverse=True):
        if dl.variance:
            amount = dl.value * dl.variance
            word_es = "faltan" if dl.variance < 0 else "sobran"
            word_en = "short" if dl.variance < 0 else "over"
            findings.append(
                Finding(
                    "FLOAT_VARIANCE",
                    VARIANCE,
                    f"Banca, fichas de {_fmt(dl.value)}: esperadas {dl.expected}, contadas "
                    f"{dl.counted}; {word_es} {abs(dl.variance)} ({_fmt(abs(amount))}).",
                    f"Float, {_fmt(dl.value)} chips: expected {dl.expected}, counted {dl.counted}; "
                    f"{abs(dl.variance)} {word_en} ({_fmt(abs(amount))}).",
                    denomination=dl.value,
                    amount=amount,
                    expected=dl.expected,
                    counted=dl.counted,
                    records=tuple(dict.fromkeys(dl.records)),
                    **ctx,
                )
            )

    opening_value = (
        None
        if opening is None
        else sum((line(d).value * n for d, n in opening.lines.items()), ZERO)
    )
    closing_value = (
        None
        if closing is None
        else sum((line(d).value * n for d, n in closing.lines.items()), ZERO)
    )
    rec = SessionReconciliation(
        session=session,
        lines=lines,
        opening_value=opening_value,
        closing_value=closing_value,
        fills_value=fills_value,
        credits_value=credits_value,
        expected_drop=expected_drop,
        counted_drop=counted_drop,
        expected_rake_box=expected_rake_box,
        counted_rake_box=counted_rake,
        closing_fills_value=closing_fills,
        closing_credits_value=closing_credits,
        findings=findings,
    )
    result = rec.result
    if result is not None and result != expected_rake_box:
        diff = result - expected_rake_box
        findings.append(
            Finding(
                "RESULT_VARIANCE",
                VARIANCE,
                f"Resultado de la mesa (drop + comisión + banca de cierre + créditos − apertura − "
                f"rellenos) = {_fmt(result)}; la comisión registrada es {_fmt(expected_rake_box)}: "
                f"{'faltante' if diff < 0 else 'sobrante'} de {_fmt(abs(diff))}.",
                f"Table result (drop + rake box + closing float + credits − opening − fills) = "
                f"{_fmt(result)}; the recorded rake is {_fmt(expected_rake_box)}: "
                f"{'shortage' if diff < 0 else 'overage'} of {_fmt(abs(diff))}.",
                amount=diff,
                expected=expected_rake_box,
                counted=result,
                **ctx,
            )
        )
    findings.extend(_integrity_findings(session, txs, ctx))
    for provider in SESSION_FINDING_PROVIDERS:
        findings.extend(provider(session))
    rec.causes = group_causes(findings, uncounted)
    return rec


def _count_findings(
    findings: list[Finding],
    session: TableSession,
    opening: selectors.FloatCount | None,
    closing: selectors.FloatCount | None,
    ctx: dict[str, Any],
) -> None:
    if opening is None:
        findings.append(
            Finding(
                "OPENING_COUNT_MISSING",
                EXCEPTION,
                "La sesión no tiene conteo de apertura.",
                "The session has no opening count.",
                **ctx,
            )
        )
    elif not opening.signed:
        findings.append(
            Finding(
                "OPENING_COUNT_UNSIGNED",
                EXCEPTION,
                "La hoja de apertura no está firmada por los tres.",
                "The opening sheet is not signed by all three.",
                detail=opening.reference,
                **ctx,
            )
        )
    if session.status != TableSession.Status.CLOSED and closing is None:
        state = TableSession.Status(session.status).label  # lazy: the words of each language
        findings.append(
            Finding(
                "SESSION_NOT_CLOSED",
                EXCEPTION,
                f"La mesa sigue en estado «{es(state)}»: no se puede conciliar.",
                f"The table is still '{en(state)}': it cannot be reconciled.",
                **ctx,
            )
        )
    elif closing is None:
        findings.append(
            Finding(
                "CLOSING_COUNT_MISSING",
                EXCEPTION,
                "La sesión cerrada no tiene conteo de cierre.",
                "The closed session has no closing count.",
                **ctx,
            )
        )
    elif not closing.signed:
        findings.append(
            Finding(
                "CLOSING_COUNT_UNSIGNED",
                EXCEPTION,
                "La hoja de cierre no está firmada por los tres.",
                "The closing sheet is not signed by all three.",
                detail=closing.reference,
                **ctx,
            )
        )


def _slip_findings(
    findings: list[Finding], slip: Slip, status: str, value: Decimal, ctx: dict[str, Any]
) -> None:
    rec = (_slip_record(slip, status),)
    # The manual's words on the forms ("Relleno N.º …"); the stored serial stays the
    # finding's ``detail`` and record (issue 14 §5).
    label_es = selectors.slip_number_label(slip, "es")
    label_en = selectors.slip_number_label(slip, "en")
    if status == "void":
        void = selectors.void_of(slip)
        findings.append(
            Finding(
                "SLIP_VOIDED",
                INFO,
                f"{label_es} anulado: {void.reason if void else ''}",
                f"{label_en} void: {void.reason if void else ''}",
                amount=value,
                detail=slip.serial,
                records=rec,
                **ctx,
            )
        )
    elif status == "void_pending":
        findings.append(
            Finding(
                "SLIP_VOID_PENDING",
                EXCEPTION,
                f"La anulación de {label_es} espera la segunda firma.",
                f"The void of {label_en} awaits its second signer.",
                amount=value,
                detail=slip.serial,
                records=rec,
                **ctx,
            )
        )
    elif not slip.is_locked:
        missing = ", ".join(r.value for r in slip.missing_roles())
        missing_es = ", ".join(role_label_es(r) for r in slip.missing_roles())
        findings.append(
            Finding(
                "SLIP_UNSIGNED",
                EXCEPTION,
                f"{label_es} ({_fmt(value)}) sin todas sus firmas (faltan: {missing_es}): "
                "no se cuenta en la conciliación.",
                f"{label_en} ({_fmt(value)}) is not fully signed "
                f"(missing: {missing}): it is left out of the reconciliation.",
                amount=value,
                detail=slip.serial,
                records=rec,
                **ctx,
            )
        )
    # Content vouched for by the signatures must still be what is stored.
    hashes = set(slip.signatures().values_list("content_hash", flat=True))
    if hashes and (hashes != {slip.signing_hash()} or (slip.is_locked and slip.missing_roles())):
        findings.append(
            Finding(
                "RECORD_ALTERED",
                EXCEPTION,
                f"{label_es} no coincide con lo que se firmó.",
                f"{label_en} does not match what was signed.",
                detail=slip.serial,
                records=rec,
                **ctx,
            )
        )


def _rake_findings(session: TableSession, ctx: dict[str, Any]) -> list[Finding]:
    from .services.rake import expected_rake, takes_rake

    findings = []
    unit = selectors.smallest_denomination(session.table)
    entries = list(RakeEntry.objects.filter(session=session).select_related("settings"))
    reversed_ids = {e.reverses_id for e in entries if e.sign < 0}
    for e in entries:
        if e.sign < 0 or e.pk in reversed_ids:
            continue
        rec = (Record("rake", e.pk, f"hand {e.hand_number}"),)
        if e.amount > 0 and not takes_rake(e.settings):
            findings.append(
                Finding(
                    "RAKE_NOT_ALLOWED",
                    EXCEPTION,
                    f"Mano {e.hand_number}: comisión de {_fmt(e.amount)} en una mesa sin comisión.",
                    f"Hand {e.hand_number}: rake of {_fmt(e.amount)} on a table that takes none.",
                    amount=e.amount,
                    detail=str(e.hand_number),
                    records=rec,
                    **ctx,
                )
            )
            continue
        expected = e.expected_amount
        if e.pots is not None and not e.settings.no_flop_no_drop:
            expected = expected_rake(e.settings, [Decimal(p) for p in e.pots], unit)
        if expected is not None and expected != e.amount:
            diff = e.amount - expected
            findings.append(
                Finding(
                    "RAKE_MISMATCH",
                    VARIANCE,
                    f"Mano {e.hand_number}: comisión tomada {_fmt(e.amount)}, "
                    f"correspondía {_fmt(expected)}.",
                    f"Hand {e.hand_number}: rake taken {_fmt(e.amount)}, due {_fmt(expected)}.",
                    amount=diff,
                    expected=expected,
                    counted=e.amount,
                    detail=str(e.hand_number),
                    records=rec,
                    **ctx,
                )
            )
    return findings


def _seal_broken(verdict: str, legacy_ok: bool) -> bool:
    # An unkeyed seal of the scheme before issue 12 §5 is accepted only on a day that
    # has no evidence chain (written before the upgrade); on a chained day it is what
    # someone without the key writes after recomputing the hash "the way the code does".
    return verdict == sealing.ALTERED or (verdict == sealing.LEGACY and not legacy_ok)


def _key_unknown(what: str, record: Record, ctx: dict[str, Any], key_id: str) -> Finding:
    return Finding(
        "SEAL_KEY_UNKNOWN",
        EXCEPTION,
        f"{record.type} #{record.id}: su sello nombra la clave «{key_id}», que no está "
        "configurada: no se puede verificar.",
        f"{record.type} #{record.id}: its seal names key '{key_id}', which is not configured: "
        "it cannot be verified.",
        detail=what,
        records=(record,),
        **ctx,
    )


# What the creating audit event of a record says about it (its "after") must be what
# the row says now (issue 12 §5): the money and chips of a transaction, a rake's amount.
AUDITED_TX_FIELDS = ("kind", "sign", "amount", "chips", "cash", "source", "seat", "session")
AUDITED_RAKE_FIELDS = ("sign", "amount", "hand_number", "session")


def _creating_events(model: type, ids: list[int], actions: tuple[str, ...]) -> dict[str, Any]:
    events = AuditEvent.objects.filter(
        object_type=model._meta.label_lower, object_id__in=[str(i) for i in ids]
    ).values_list("object_id", "action", "after")
    return {
        oid: after
        for oid, action, after in events
        if action.rsplit(".", 1)[-1] in actions and isinstance(after, dict)
    }


def _audit_mismatch(
    payload: dict[str, Any], after: dict[str, Any] | None, fields: tuple[str, ...]
) -> list[str]:
    if after is None:
        return []  # no creating event: RECORD_UNAUDITED says so (day level)
    row = json.loads(canonical_json(payload))
    return [f for f in fields if f in after and after[f] != row.get(f)]


def _mismatch_finding(record: Record, what: str, diff: list[str], ctx: dict[str, Any]) -> Finding:
    names = ", ".join(diff)
    return Finding(
        "AUDIT_MISMATCH",
        EXCEPTION,
        f"{record.type} #{record.id}: el registro no coincide con su evento de auditoría "
        f"({names}).",
        f"{record.type} #{record.id}: the record does not match its audit event ({names}).",
        detail=what,
        records=(record,),
        **ctx,
    )


def _integrity_findings(
    session: TableSession, txs: list[TableTransaction], ctx: dict[str, Any]
) -> list[Finding]:
    """Keyed seals and creating audit events against the stored rows (issue 12 §5)."""
    findings = []
    sealing.chain_flush()  # links deferred in this transaction count (issue 18 §3)
    legacy_ok = not ChainLink.objects.filter(gaming_day_id=session.gaming_day_id).exists()
    tx_after = _creating_events(TableTransaction, [tx.pk for tx in txs], ("record", "reverse"))
    for tx in txs:
        chips, cash = list(tx.chip_lines.all()), list(tx.cash_lines.all())
        payload = tx.seal_payload(chips, cash)
        verdict = sealing.verify(payload, tx.seal)
        if verdict == sealing.KEY_UNKNOWN:
            findings.append(
                _key_unknown(
                    f"transaction#{tx.pk}", _tx_record(tx), ctx, sealing.key_id_of(tx.seal)
                )
            )
        diff = _audit_mismatch(payload, tx_after.get(str(tx.pk)), AUDITED_TX_FIELDS)
        if diff:
            findings.append(_mismatch_finding(_tx_record(tx), f"transaction#{tx.pk}", diff, ctx))
        if _seal_broken(verdict, legacy_ok):
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"La transacción #{tx.pk} ({tx.kind}) fue modificada fuera de la aplicación: "
                    "su contenido no coincide con su sello.",
                    f"Transaction #{tx.pk} ({tx.kind}) was changed outside the application: its "
                    "content does not match its seal.",
                    detail=f"transaction#{tx.pk}",
                    records=(_tx_record(tx),),
                    **ctx,
                )
            )
    entries = list(RakeEntry.objects.filter(session=session))
    rake_after = _creating_events(RakeEntry, [e.pk for e in entries], ("post", "reverse"))
    for e in entries:
        rec = Record("rake", e.pk, f"hand {e.hand_number}")
        verdict = e.seal_verdict()
        if verdict == sealing.KEY_UNKNOWN:
            findings.append(_key_unknown(f"rake#{e.pk}", rec, ctx, sealing.key_id_of(e.seal)))
        diff = _audit_mismatch(e.seal_payload(), rake_after.get(str(e.pk)), AUDITED_RAKE_FIELDS)
        if diff:
            findings.append(_mismatch_finding(rec, f"rake#{e.pk}", diff, ctx))
        if _seal_broken(verdict, legacy_ok):
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"La comisión de la mano {e.hand_number} fue modificada fuera de la aplicación.",
                    f"The rake of hand {e.hand_number} was changed outside the application.",
                    detail=f"rake#{e.pk}",
                    records=(Record("rake", e.pk, f"hand {e.hand_number}"),),
                    **ctx,
                )
            )
    ct = ContentType.objects.get_for_model(DropCount)
    for count in DropCount.objects.filter(session=session):
        hashes = set(
            Signature.objects.filter(content_type=ct, object_id=count.pk).values_list(
                "content_hash", flat=True
            )
        )
        if hashes != {count.signing_hash()}:
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"El conteo de drop #{count.pk} no coincide con lo firmado.",
                    f"Drop count #{count.pk} does not match what was signed.",
                    detail=f"drop_count#{count.pk}",
                    records=(Record("drop_count", count.pk, str(count.counter)),),
                    **ctx,
                )
            )
    return findings


# --------------------------------------------------------------------------- the day


@dataclass
class DayReconciliation:
    gaming_day: GamingDay
    sessions: list[SessionReconciliation]
    findings: list[Finding]

    @property
    def all_findings(self) -> list[Finding]:
        out: list[Finding] = []
        for s in self.sessions:
            out.extend(s.findings)
        return out + self.findings

    @property
    def balanced(self) -> bool:
        return not any(f.severity != INFO for f in self.all_findings)

    @property
    def causes(self) -> list[Cause]:
        """Each cause once: the sessions' (with the effects they explain), then the day's."""
        out: list[Cause] = []
        for s in self.sessions:
            out.extend(s.causes)
        return out + group_causes(self.findings)

    @property
    def figures(self) -> DayFigures:
        return DayFigures.of([s.figures for s in self.sessions])

    def waiting(self, lang: str = "es") -> list[str]:
        """What each session left out of the day's total waits for, in words (issue 40):
        its closing, its closing count, the count of its drop and rake boxes."""
        en = lang.startswith("en")
        out = []
        for rec in self.sessions:
            f = rec.figures
            if f.result is not None:
                continue
            session = rec.session
            parts = []
            if session.status != session.Status.CLOSED:
                parts.append("its closing" if en else "su cierre")
            elif f.closing_count is None:
                parts.append("its closing count" if en else "su conteo de cierre")
            if f.counted_drop is None or f.rake_box is None:
                parts.append(
                    "the count of its drop and rake boxes"
                    if en
                    else "el conteo de sus cajas de drop y de comisión"
                )
            table = f"table {session.table.number}" if en else f"mesa {session.table.number}"
            out.append(f"{table}: {' and '.join(parts) if en else ' y '.join(parts)}")
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "gaming_day": self.gaming_day.business_date.isoformat(),
            "gaming_day_id": self.gaming_day.pk,
            "casino": self.gaming_day.casino.code,
            "balanced": self.balanced,
            "figures": self.figures.as_dict(),
            "causes": [c.as_dict() for c in self.causes],
            "findings": [f.as_dict() for f in self.all_findings],
            "sessions": [s.as_dict() for s in self.sessions],
        }


# Other apps can add the day's exceptions (decks not returned, unsigned sheets...):
# a callable taking the gaming day and returning findings.
DAY_FINDING_PROVIDERS: list[Callable[[GamingDay], Iterable[Finding]]] = []


def reconcile_day(
    gaming_day: GamingDay, *, tables: Collection[int] | None = None
) -> DayReconciliation:
    """The day's books: each session reconciled, then the day's own checks.

    ``tables`` (table numbers) reconciles those tables only: their sessions, and of the
    day's own checks the findings that name one of them (deck custody, sheets). The
    room's checks, whose findings name no table (numbering gaps, cash thresholds per
    player, the audit trail, the evidence chain), are not run: a report of some tables
    leaves them to the room's report, which reconciles the whole day (``tables=None``).
    """
    queryset = selectors.sessions_of_day(gaming_day)
    if tables is not None:
        queryset = queryset.filter(table__number__in=list(tables))
    sessions = [reconcile_session(s) for s in queryset]
    return DayReconciliation(
        gaming_day=gaming_day,
        sessions=sessions,
        findings=_day_findings(gaming_day, sessions, tables),
    )


def reconcile_session_of_day(session: TableSession) -> DayReconciliation:
    """One session's reconciliation with the day's own checks (serial gaps, cash
    thresholds, the audit trail, deck custody...), for the session's documents (the
    control sheet): only this session's books are reconciled, not every table's. The
    day's findings are all there; a reader keeps those of the session's table
    (``reports.kinds._causes.cause_rows``)."""
    sessions = [reconcile_session(session)]
    day = session.gaming_day
    return DayReconciliation(
        gaming_day=day, sessions=sessions, findings=_day_findings(day, sessions)
    )


def _day_findings(
    gaming_day: GamingDay,
    sessions: list[SessionReconciliation],
    tables: Collection[int] | None = None,
) -> list[Finding]:
    """The day's findings beyond the sessions' books, each fact once (not one a session's
    own findings in ``sessions`` already names). ``tables``: only those naming one of
    these tables (see :func:`reconcile_day`)."""
    findings: list[Finding] = []
    own = {(f.kind, f.session) for s in sessions for f in s.findings}
    if tables is not None:
        for provider in [*DAY_FINDING_PROVIDERS, *_tables_providers()]:
            findings.extend(
                f
                for f in provider(gaming_day)
                if f.table in tables and (f.kind, f.session) not in own
            )
        return findings
    findings.extend(serial_gap_findings(gaming_day))
    findings.extend(cash_threshold_findings(gaming_day))
    findings.extend(audit_trail_findings(gaming_day))
    # The chain names records the other checks may already name: each fact once.
    seen = {(f.kind, f.detail) for s in sessions for f in s.findings} | {
        (f.kind, f.detail) for f in findings
    }
    findings.extend(
        f for f in evidence_chain_findings(gaming_day) if (f.kind, f.detail) not in seen
    )
    for provider in [*DAY_FINDING_PROVIDERS, *_tables_providers()]:
        # The same fact seen by two books (e.g. a session not closed) is listed once.
        findings.extend(f for f in provider(gaming_day) if (f.kind, f.session) not in own)
    return findings


def _tables_providers() -> list[Callable[[GamingDay], Iterable[Finding]]]:
    """Deck custody and sheet exceptions of the tables app, when it provides them."""
    try:
        from tables import selectors as tables_selectors
    except ImportError:
        return []
    func = getattr(tables_selectors, "day_exceptions", None)
    if func is None:
        return []

    def adapt(day: GamingDay) -> list[Finding]:
        from tables.models import Table

        numbers = dict(Table.objects.filter(casino=day.casino).values_list("pk", "number"))
        out = []
        for item in func(day):
            data = item if isinstance(item, dict) else getattr(item, "__dict__", {})
            message = data.get("message") or {}
            out.append(
                Finding(
                    str(data.get("kind", "TABLES_EXCEPTION")),
                    EXCEPTION,
                    str(message.get("es", data.get("es", ""))),
                    str(message.get("en", data.get("en", ""))),
                    table=numbers.get(data.get("table"), data.get("table")),  # its id -> number
                    session=data.get("session"),
                    detail=str(data.get("detail", "")),
                    amount=data.get("amount"),
                    note=str(data.get("note") or ""),
                    records=tuple(
                        Record(str(r.get("type", "")), r.get("id", ""), str(r.get("label", "")))
                        for r in data.get("records", [])
                        if isinstance(r, dict)
                    ),
                )
            )
        return out

    return [adapt]


def serial_gap_findings(gaming_day: GamingDay) -> list[Finding]:
    """GEN-10: the day's slip numbers, with the series before them, leave no gap."""
    findings = []
    year = gaming_day.business_date.year
    for kind in (SlipKind.FILL, SlipKind.CREDIT):
        series = selectors.slip_kind_series(kind)
        all_numbers = set(
            Slip.objects.filter(casino=gaming_day.casino, series=series, year=year).values_list(
                "number", flat=True
            )
        )
        today = set(
            Slip.objects.filter(gaming_day=gaming_day, series=series, year=year).values_list(
                "number", flat=True
            )
        )
        earlier = set(
            Slip.objects.filter(
                casino=gaming_day.casino,
                series=series,
                year=year,
                gaming_day__business_date__lt=gaming_day.business_date,
            ).values_list("number", flat=True)
        )
        later_exists = Slip.objects.filter(
            casino=gaming_day.casino,
            series=series,
            year=year,
            gaming_day__business_date__gt=gaming_day.business_date,
        ).exists()
        low = (max(earlier) + 1) if earlier else 1
        high = max(today) if today else low - 1
        if not later_exists:
            counter = SerialCounter.objects.filter(
                casino=gaming_day.casino, series=series, year=year
            ).first()
            if counter is not None:
                high = max(high, counter.last_value)
        missing = [n for n in range(low, high + 1) if n not in all_numbers]
        if missing:
            labels = ", ".join(f"{series}-{year}-{n:06d}" for n in missing)
            numbers = ", ".join(f"{year}-{n:06d}" for n in missing)
            fill = series == selectors.slip_kind_series(SlipKind.FILL)
            findings.append(
                Finding(
                    "SERIAL_GAP",
                    EXCEPTION,
                    f"Faltan números en la serie de {'rellenos' if fill else 'créditos'}: "
                    f"N.º {numbers}.",
                    f"Numbers are missing from the {'fill' if fill else 'credit'} slip series: "
                    f"no. {numbers}.",
                    detail=labels,
                    records=tuple(Record("serial", f"{series}-{year}-{n:06d}") for n in missing),
                )
            )
    return findings


def cash_threshold_findings(gaming_day: GamingDay) -> list[Finding]:
    """Cash buy-ins per player in the day against the thresholds; alerts must exist."""
    policy = selectors.cage_policy(gaming_day.casino_id)
    totals: dict[str, Decimal] = defaultdict(lambda: ZERO)
    labels: dict[str, str] = {}
    txs = TableTransaction.objects.filter(
        gaming_day=gaming_day, kind=TransactionKind.BUYIN, source=BuyinSource.CASH
    ).select_related("player", "table")
    recs: dict[str, list[Record]] = defaultdict(list)
    for tx in txs:
        key, label = selectors.player_key(tx)
        totals[key] += tx.sign * tx.amount
        labels.setdefault(key, label)
        recs[key].append(_tx_record(tx))
    alerts = {(a.player_key, a.level): a for a in CashAlert.objects.filter(gaming_day=gaming_day)}
    findings = []
    for key, total in sorted(totals.items()):
        for level, threshold in (
            (AlertLevel.IDENTIFY, policy.id_threshold),
            (AlertLevel.REPORT, policy.report_threshold),
        ):
            alert = alerts.get((key, level))
            if alert is not None:
                findings.append(
                    Finding(
                        "CASH_THRESHOLD",
                        INFO,
                        f"{labels[key]}: {_fmt(total)} en efectivo en la jornada "
                        f"({alert.get_level_display()}, umbral {_fmt(alert.threshold)}).",
                        f"{labels[key]}: {_fmt(total)} in cash in the day "
                        f"({alert.level}, threshold {_fmt(alert.threshold)}).",
                        amount=total,
                        expected=alert.threshold,
                        detail=f"{key}:{level}",
                        records=(Record("cash_alert", alert.pk, level), *recs[key]),
                    )
                )
            elif total >= threshold:
                findings.append(
                    Finding(
                        "CASH_ALERT_MISSING",
                        EXCEPTION,
                        f"{labels[key]}: {_fmt(total)} en efectivo supera el umbral de "
                        f"{_fmt(threshold)} y no hay alerta registrada.",
                        f"{labels[key]}: {_fmt(total)} in cash exceeds the {_fmt(threshold)} "
                        "threshold and no alert was raised.",
                        amount=total,
                        expected=threshold,
                        detail=f"{key}:{level}",
                        records=tuple(recs[key]),
                    )
                )
    return findings


def audit_trail_findings(gaming_day: GamingDay) -> list[Finding]:
    """Every cage record has its audit event and every audit event its record."""
    findings = []
    for model, actions in (
        (TableTransaction, ("record", "reverse")),
        (RakeEntry, ("post", "reverse")),
    ):
        label = model._meta.label_lower
        events = AuditEvent.objects.filter(gaming_day=gaming_day, object_type=label).values_list(
            "object_id", "action", "after"
        )
        audited: dict[str, Any] = {}
        for object_id, action, after in events:
            if action.rsplit(".", 1)[-1] in actions:
                audited[object_id] = after
        stored = {
            str(pk): pk
            for pk in model.objects.filter(gaming_day=gaming_day).values_list("pk", flat=True)
        }
        for object_id in sorted(
            set(audited) - set(stored), key=lambda x: int(x) if x.isdigit() else 0
        ):
            after = audited[object_id] or {}
            findings.append(
                Finding(
                    "RECORD_MISSING",
                    EXCEPTION,
                    f"{model._meta.verbose_name} #{object_id} figura en la auditoría pero ya no "
                    "está en los libros.",
                    f"{model._meta.model_name} #{object_id} is in the audit trail but no longer in "
                    "the books.",
                    session=after.get("session"),
                    table=None,
                    amount=Decimal(after["amount"]) if after.get("amount") else None,
                    detail=f"{model._meta.model_name}#{object_id}",
                    records=(Record(model._meta.model_name, object_id, "audit"),),
                )
            )
        for object_id in sorted(set(stored) - set(audited), key=int):
            findings.append(
                Finding(
                    "RECORD_UNAUDITED",
                    EXCEPTION,
                    f"{model._meta.verbose_name} #{object_id} no tiene evento de auditoría: se "
                    "escribió fuera de la aplicación.",
                    f"{model._meta.model_name} #{object_id} has no audit event: it was written "
                    "outside the application.",
                    detail=f"{model._meta.model_name}#{object_id}",
                    records=(Record(model._meta.model_name, int(object_id)),),
                )
            )
    return findings


# --------------------------------------------------------------------------- the chain

# Record types of the chain -> (the name findings give them, the name of their detail).
CHAINED = {
    "cage.tabletransaction": ("transaction", "transaction"),
    "cage.rakeentry": ("rake", "rake"),
    "cage.slip": ("slip", "slip"),
    "casino.signature": ("signature", "signature"),
    "casino.auditevent": ("audit_event", "auditevent"),
}
# Rows of the day that must each have a link (signatures belong to a document's day).
MUST_BE_CHAINED = ("cage.tabletransaction", "cage.rakeentry", "cage.slip", "casino.auditevent")


def _chain_record(rtype: str, rid: int | str, label: str = "") -> Record:
    name = CHAINED.get(rtype, (rtype, rtype))[0]
    return Record(name, int(rid) if str(rid).isdigit() else rid, label)


def evidence_chain_findings(gaming_day: GamingDay) -> list[Finding]:
    """The day's hash chain, each linked record against its link, and rows without one.

    - ``CHAIN_BROKEN``: the first link that does not recompute from its predecessor
      with the key it names (or a gap in ``seq``), with the record it links;
    - ``SEAL_KEY_UNKNOWN``: a link (or a seal) names a key that is not configured;
    - ``RECORD_MISSING``: a link points at a record no longer in the books;
    - ``RECORD_ALTERED``: a record whose content (or seal) is not what its link vouches for;
    - ``UNCHAINED``: a row of the day with no link (written outside the application,
      or its link deleted).
    """
    findings: list[Finding] = []
    links, broken = sealing.verify_chain(gaming_day.pk)
    if broken is not None:
        rec = _chain_record(broken.record_type, broken.record_id, f"seq {broken.seq}")
        if broken.code == "SEAL_KEY_UNKNOWN":
            findings.append(
                Finding(
                    "SEAL_KEY_UNKNOWN",
                    EXCEPTION,
                    f"Cadena de la jornada, eslabón {broken.seq}: nombra una clave que no está "
                    f"configurada ({broken.reason}); no se puede verificar desde ahí.",
                    f"The day's chain, link {broken.seq}: it names a key that is not configured "
                    f"({broken.reason}); it cannot be verified from there on.",
                    detail=f"chain#{broken.seq}",
                    records=(rec,),
                )
            )
        else:
            findings.append(
                Finding(
                    "CHAIN_BROKEN",
                    EXCEPTION,
                    f"La cadena de evidencia de la jornada se rompe en el eslabón {broken.seq} "
                    f"({rec.type} #{rec.id}): {broken.reason}.",
                    f"The day's evidence chain breaks at link {broken.seq} "
                    f"({rec.type} #{rec.id}): {broken.reason}.",
                    detail=f"chain#{broken.seq}",
                    records=(rec,),
                )
            )
    by_type: dict[str, list[ChainLink]] = defaultdict(list)
    for link in links:
        by_type[link.record_type].append(link)
    linked: dict[str, set[str]] = defaultdict(set)
    for rtype, type_links in by_type.items():
        model = apps.get_model(rtype)
        ids = [int(link.record_id) for link in type_links if link.record_id.isdigit()]
        qs = model.objects.filter(pk__in=ids)
        if rtype == "cage.tabletransaction":
            qs = qs.prefetch_related("chip_lines", "cash_lines")
        rows = {str(obj.pk): obj for obj in qs}
        name, detail_name = CHAINED.get(rtype, (rtype, rtype))
        for link in type_links:
            linked[rtype].add(link.record_id)
            rec = _chain_record(rtype, link.record_id, f"seq {link.seq}")
            obj = rows.get(link.record_id)
            if obj is None:
                findings.append(
                    Finding(
                        "RECORD_MISSING",
                        EXCEPTION,
                        f"{name} #{link.record_id} está en la cadena de la jornada (eslabón "
                        f"{link.seq}) pero ya no está en los libros.",
                        f"{name} #{link.record_id} is in the day's chain (link {link.seq}) but "
                        "no longer in the books.",
                        detail=f"{model._meta.model_name}#{link.record_id}",
                        records=(rec,),
                    )
                )
                continue
            if sealing.keyring().key(link.key_id) is None:
                continue  # SEAL_KEY_UNKNOWN above
            if sealing.current_record_seal(obj, key_id=link.key_id) != link.record_seal:
                findings.append(
                    Finding(
                        "RECORD_ALTERED",
                        EXCEPTION,
                        f"{name} #{link.record_id} fue modificado fuera de la aplicación: no es "
                        f"lo que su eslabón {link.seq} de la cadena garantiza.",
                        f"{name} #{link.record_id} was changed outside the application: it is "
                        f"not what its chain link {link.seq} vouches for.",
                        detail=f"{detail_name}#{link.record_id}",
                        records=(rec,),
                    )
                )
    # Rows of the day without a link. A day written before the chain existed has no
    # links and only unkeyed seals: nothing to expect there.
    keyed = any(
        sealing.SEP in s
        for model in (TableTransaction, RakeEntry)
        for s in model.objects.filter(gaming_day=gaming_day).values_list("seal", flat=True)
    )
    if not links and not keyed:
        return findings
    for rtype in MUST_BE_CHAINED:
        model = apps.get_model(rtype)
        ids = model.objects.filter(gaming_day=gaming_day).values_list("pk", flat=True)
        name, _detail = CHAINED[rtype]
        for pk in sorted(ids):
            if str(pk) in linked[rtype]:
                continue
            findings.append(
                Finding(
                    "UNCHAINED",
                    EXCEPTION,
                    f"{name} #{pk} no está en la cadena de evidencia de la jornada: se escribió "
                    "fuera de la aplicación o se borró su eslabón.",
                    f"{name} #{pk} is not in the day's evidence chain: it was written outside "
                    "the application or its link was deleted.",
                    detail=f"{model._meta.model_name}#{pk}",
                    records=(_chain_record(rtype, pk),),
                )
            )
    return findings
