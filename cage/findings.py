"""A finding as people read it: the code, its severity and its sentences in Spanish and
English, the table, the amounts and the records it bears on.

:func:`word` turns each finding of the pure books (``cage.books``: a code and its
parameters) into the sentences the pages, the PDFs and the API print; the other checks
(integrity, the day's) write theirs with the same :class:`Finding`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from casino.formatting import en, es, es_amounts, money
from casino.roles import role_label_es
from tables.models import TableSession

from . import books, selectors
from .books import EXCEPTION, INFO, VARIANCE, ZERO, Record
from .models import Slip, TableTransaction, money_str

__all__ = ["EXCEPTION", "INFO", "VARIANCE", "ZERO", "Finding", "Record", "word"]


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


def _fmt(value: Decimal | None) -> str:
    return money(value, "en")  # "—" when unknown; Spanish via es_amounts


def _tx_record(tx: TableTransaction) -> Record:
    label = tx.kind if tx.sign > 0 else f"{tx.kind} reversal"
    return Record("transaction", tx.pk, f"{label} {money_str(tx.amount)}")


def _slip_record(slip: Slip, status: str) -> Record:
    return Record("slip", slip.pk, f"{slip.serial} {slip.kind} ({status})")


def word(
    f: books.Finding, ctx: Mapping[str, Any], slips: Mapping[str, Slip] | None = None
) -> Finding:
    """The finding of the books as people read it (``ctx``: the table's number and the
    session; ``slips``: the session's slips by serial, for their numbers in words)."""
    es_text, en_text = _sentences(f, slips or {})
    return Finding(
        f.code,
        f.severity,
        es_text,
        en_text,
        denomination=f.denomination,
        amount=f.amount,
        expected=f.expected,
        counted=f.counted,
        detail=f.detail,
        records=f.records,
        **ctx,
    )


Words = tuple[str, str]  # (Spanish, English)


def _sentences(f: books.Finding, slips: Mapping[str, Slip]) -> Words:
    if f.code in _SLIP_WORDS:
        # The manual's words on the forms ("Relleno N.º …"); the stored serial stays the
        # finding's ``detail`` and record (issue 14 §5).
        slip = slips[f.detail]
        labels = (
            selectors.slip_number_label(slip, "es"),
            selectors.slip_number_label(slip, "en"),
        )
        return _SLIP_WORDS[f.code](f, *labels)
    return _WORDS[f.code](f)  # a code of the books without its words: KeyError, loudly


def _session_not_closed(f: books.Finding) -> Words:
    state = TableSession.Status(f.params["status"]).label  # lazy: the words of each language
    return (
        f"La mesa sigue en estado «{es(state)}»: no se puede conciliar.",
        f"The table is still '{en(state)}': it cannot be reconciled.",
    )


def _buyin_override(f: books.Finding) -> Words:
    reason = f.params["reason"]
    return (
        f"Excepción al límite de compra autorizada ({_fmt(f.amount)}): {reason}",
        f"Buy-in limit overridden ({_fmt(f.amount)}): {reason}",
    )


def _slip_unsigned(f: books.Finding, label_es: str, label_en: str) -> Words:
    missing = ", ".join(f.params["missing"])
    missing_es = ", ".join(role_label_es(r) for r in f.params["missing"])
    return (
        f"{label_es} ({_fmt(f.amount)}) sin todas sus firmas (faltan: {missing_es}): "
        "no se cuenta en la conciliación.",
        f"{label_en} ({_fmt(f.amount)}) is not fully signed "
        f"(missing: {missing}): it is left out of the reconciliation.",
    )


def _rake_mismatch(f: books.Finding) -> Words:
    taken, due = _fmt(f.counted), _fmt(f.expected)  # type: ignore[arg-type]
    return (
        f"Mano {f.detail}: comisión tomada {taken}, correspondía {due}.",
        f"Hand {f.detail}: rake taken {taken}, due {due}.",
    )


def _drop_variance(f: books.Finding) -> Words:
    diff = f.amount or ZERO
    counted, expected = _fmt(f.counted), _fmt(f.expected)  # type: ignore[arg-type]
    return (
        f"Caja de drop: contado {counted}, esperado {expected} "
        f"({'faltante' if diff < 0 else 'sobrante'} {_fmt(abs(diff))}).",
        f"Drop box: counted {counted}, expected {expected} "
        f"({'shortage' if diff < 0 else 'overage'} {_fmt(abs(diff))}).",
    )


def _rake_box_variance(f: books.Finding) -> Words:
    counted, expected = _fmt(f.counted), _fmt(f.expected)  # type: ignore[arg-type]
    return (
        f"Caja de comisión: contado {counted}, esperado {expected}.",
        f"Rake box: counted {counted}, expected {expected}.",
    )


def _float_variance(f: books.Finding) -> Words:
    value, amount = f.denomination, f.amount or ZERO
    variance = int(f.counted or 0) - int(f.expected or 0)
    word_es = "faltan" if variance < 0 else "sobran"
    word_en = "short" if variance < 0 else "over"
    return (
        f"Banca, fichas de {_fmt(value)}: esperadas {f.expected}, contadas "
        f"{f.counted}; {word_es} {abs(variance)} ({_fmt(abs(amount))}).",
        f"Float, {_fmt(value)} chips: expected {f.expected}, counted {f.counted}; "
        f"{abs(variance)} {word_en} ({_fmt(abs(amount))}).",
    )


def _result_variance(f: books.Finding) -> Words:
    diff = f.amount or ZERO
    result, rake = _fmt(f.counted), _fmt(f.expected)  # type: ignore[arg-type]
    return (
        f"Resultado de la mesa (drop + comisión + banca de cierre + créditos − apertura − "
        f"rellenos) = {result}; la comisión registrada es {rake}: "
        f"{'faltante' if diff < 0 else 'sobrante'} de {_fmt(abs(diff))}.",
        f"Table result (drop + rake box + closing float + credits − opening − fills) = "
        f"{result}; the recorded rake is {rake}: "
        f"{'shortage' if diff < 0 else 'overage'} of {_fmt(abs(diff))}.",
    )


# The words of each code the books compute (the slips' need the slip's number in words).
_WORDS: dict[str, Callable[[books.Finding], Words]] = {
    "OPENING_COUNT_MISSING": lambda f: (
        "La sesión no tiene conteo de apertura.",
        "The session has no opening count.",
    ),
    "OPENING_COUNT_UNSIGNED": lambda f: (
        "La hoja de apertura no está firmada por los tres.",
        "The opening sheet is not signed by all three.",
    ),
    "SESSION_NOT_CLOSED": _session_not_closed,
    "CLOSING_COUNT_MISSING": lambda f: (
        "La sesión cerrada no tiene conteo de cierre.",
        "The closed session has no closing count.",
    ),
    "CLOSING_COUNT_UNSIGNED": lambda f: (
        "La hoja de cierre no está firmada por los tres.",
        "The closing sheet is not signed by all three.",
    ),
    "BUYIN_OVERRIDE": _buyin_override,
    "RAKE_NOT_ALLOWED": lambda f: (
        f"Mano {f.detail}: comisión de {_fmt(f.amount)} en una mesa sin comisión.",
        f"Hand {f.detail}: rake of {_fmt(f.amount)} on a table that takes none.",
    ),
    "RAKE_MISMATCH": _rake_mismatch,
    "DROP_VARIANCE": _drop_variance,
    "RAKE_BOX_VARIANCE": _rake_box_variance,
    "DROP_COUNTS_DISAGREE": lambda f: (
        "Los dos conteos del drop no coinciden: hace falta recontar.",
        "The two drop counts disagree: recount.",
    ),
    "DROP_NOT_COUNTED": lambda f: (
        "El drop y la caja de comisión no tienen dos conteos coincidentes.",
        "The drop and rake boxes do not have two matching counts.",
    ),
    "FLOAT_VARIANCE": _float_variance,
    "RESULT_VARIANCE": _result_variance,
}
_SLIP_WORDS: dict[str, Callable[[books.Finding, str, str], Words]] = {
    "SLIP_VOIDED": lambda f, es_, en_: (
        f"{es_} anulado: {f.params['reason']}",
        f"{en_} void: {f.params['reason']}",
    ),
    "SLIP_VOID_PENDING": lambda f, es_, en_: (
        f"La anulación de {es_} espera la segunda firma.",
        f"The void of {en_} awaits its second signer.",
    ),
    "SLIP_UNSIGNED": _slip_unsigned,
    "RECORD_ALTERED": lambda f, es_, en_: (
        f"{es_} no coincide con lo que se firmó.",
        f"{en_} does not match what was signed.",
    ),
}
