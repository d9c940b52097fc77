"""The figures every report prints and the causes of a table's difference (issue 14 §1, §2).

One definition of each printed figure: a session's :class:`TableFigures`, the day's
:class:`DayFigures` and the formulas a report prints beside them, so that a row and
its total satisfy what the page says; :func:`group_causes` gathers each fault once
with the variances it explains.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .books import UncountedSlip
from .findings import INFO, VARIANCE, ZERO, Finding, _fmt
from .models import SlipKind, money_str

__all__ = [
    "CAUSE_CELLS",
    "CAUSE_TITLES",
    "FORMULAS",
    "Cause",
    "DayFigures",
    "TableFigures",
    "UncountedSlip",
    "cause_title",
    "formula",
    "group_causes",
]

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
    from .hooks import PROVIDED_CAUSE_TITLES

    es, en = CAUSE_TITLES.get(kind) or PROVIDED_CAUSE_TITLES.get(
        kind, ("Otra excepción", "Other exception")
    )
    return en if lang.startswith("en") else es


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
