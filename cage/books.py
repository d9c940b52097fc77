"""The books of one table session, pure: movements in, lines and findings out.

No Django, no ORM, no words (import-linter holds it: ``cage.books`` imports nothing
of Django or the apps). ``cage.reconciliation`` gathers a session's stored records
into :class:`Movements`, :func:`compute` does the arithmetic, and the reconciliation
words each :class:`Finding` (a code and its parameters) in Spanish and English.

Per denomination (issue 6 item 9, CLOSE-16, OQ-26)::

    expected closing = opening + fills - credits - chips sold at buy-ins
                       + chips in - chips out of colour changes, cash-outs and tip changes
    expected drop    = cash accepted at buy-ins (returned notes excluded)
    expected rake box = the rake ledger
    result line      = drop + rake box + closing float + credits - opening float - fills
                       (must equal the rake: the house plays no hand)

Only slips signed by all five and not void count; in-hand changes (from the pot,
CHIP-14) and closing slips (after the closing count) do not enter the expected
closing. A denomination the closing count does not list was counted 0. Chips are
ints, money is Decimal: never float.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

ZERO = Decimal("0")
CENT = Decimal("0.01")

VARIANCE = "variance"
EXCEPTION = "exception"
INFO = "info"

# The stored codes of the records the books read (``cage.models``' choices).
BUYIN = "buyin"
IN_HAND_CHANGE = "in_hand_change"
FILL = "fill"
CREDIT = "credit"
IN = "in"

# What each finding the books compute weighs (a day balances with only ``info``).
SEVERITY: dict[str, str] = {
    "OPENING_COUNT_MISSING": EXCEPTION,
    "OPENING_COUNT_UNSIGNED": EXCEPTION,
    "SESSION_NOT_CLOSED": EXCEPTION,
    "CLOSING_COUNT_MISSING": EXCEPTION,
    "CLOSING_COUNT_UNSIGNED": EXCEPTION,
    "BUYIN_OVERRIDE": INFO,
    "SLIP_VOIDED": INFO,
    "SLIP_VOID_PENDING": EXCEPTION,
    "SLIP_UNSIGNED": EXCEPTION,
    "RECORD_ALTERED": EXCEPTION,
    "RAKE_NOT_ALLOWED": EXCEPTION,
    "RAKE_MISMATCH": VARIANCE,
    "DROP_VARIANCE": VARIANCE,
    "RAKE_BOX_VARIANCE": VARIANCE,
    "DROP_COUNTS_DISAGREE": EXCEPTION,
    "DROP_NOT_COUNTED": EXCEPTION,
    "FLOAT_VARIANCE": VARIANCE,
    "RESULT_VARIANCE": VARIANCE,
}


def _cents(value: Decimal | None) -> str | None:
    # ``cage.models.money_str``'s two places, without importing the models.
    return None if value is None else str(Decimal(value).quantize(CENT))


@dataclass(frozen=True)
class Record:
    """A record a finding points at."""

    type: str
    id: int | str
    label: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "id": self.id, "label": self.label}


# ------------------------------------------------------------------------ movements in


@dataclass(frozen=True)
class Count:
    """A float count: chips per denomination id, signed or not, and its document."""

    lines: Mapping[int, int]
    signed: bool = True
    reference: str = ""


@dataclass(frozen=True)
class ChipLine:
    denomination: int  # the denomination's id
    count: int
    direction: str = "out"  # ``IN``: into the float; anything else: out of it


@dataclass(frozen=True)
class Transaction:
    """A buy-in, colour change, cash-out, tip change or in-hand change (or its reversal,
    ``sign`` -1). ``cash`` is the notes pushed into the drop box (returned ones excluded)."""

    kind: str
    record: Record
    sign: int = 1
    chips: tuple[ChipLine, ...] = ()
    cash_buyin: bool = False
    cash: Decimal = ZERO
    amount: Decimal = ZERO
    override: bool = False
    override_reason: Any = None


@dataclass(frozen=True)
class Slip:
    """A fill or credit slip. ``counts``: signed by all five and not void."""

    serial: str
    kind: str  # FILL or CREDIT
    during_play: bool
    status: str
    counts: bool
    record: Record
    lines: tuple[tuple[int, int], ...] = ()  # (denomination id, chips)
    locked: bool = True
    missing_roles: tuple[str, ...] = ()
    void_reason: str = ""
    altered: bool = False  # what is stored is not what was signed


@dataclass(frozen=True)
class RakePosting:
    """A hand's rake still in force (not a reversal, not reversed), with what was due
    (None: nothing to compare with) and whether the table takes rake at all."""

    hand: int
    amount: Decimal
    record: Record
    allowed: bool = True
    due: Decimal | None = None


@dataclass(frozen=True)
class BoxCount:
    """The drop and rake boxes as two counters agreed."""

    drop: Decimal
    rake: Decimal
    record: Record


@dataclass(frozen=True)
class Movements:
    """Everything the books of one session read, as stored."""

    denominations: Mapping[int, Decimal]  # the table's chip set: id -> value
    closed: bool = False
    status: str = ""  # the session's status code, for SESSION_NOT_CLOSED
    par: tuple[int, ...] = ()  # the denominations of the float's par
    # Chips of another set found in the records (should never be stored): id -> value.
    other_denominations: Mapping[int, Decimal] = field(default_factory=dict)
    opening: Count | None = None
    closing: Count | None = None
    transactions: tuple[Transaction, ...] = ()
    slips: tuple[Slip, ...] = ()
    rake_ledger: Decimal = ZERO
    rake_postings: tuple[RakePosting, ...] = ()
    rake_records: tuple[Record, ...] = ()  # every posting, for a rake box variance
    box_count: BoxCount | None = None
    box_counts: tuple[Record, ...] = ()  # every count of the boxes, agreed or not
    counters: int = 0  # how many different people counted them


# ----------------------------------------------------------------- lines and findings out


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
            "denomination": _cents(self.value),
            "opening": self.opening,
            "fills": self.fills,
            "credits": self.credits,
            "sold_at_buyins": self.sold,
            "changes_in": self.changes_in,
            "changes_out": self.changes_out,
            "expected": self.expected,
            "counted": self.counted,
            "variance_chips": self.variance,
            "variance_value": _cents(self.value * self.variance) if self.variance else "0.00",
        }


@dataclass(frozen=True)
class Finding:
    """A difference or an exception: a code and its parameters, no sentences."""

    code: str
    denomination: Decimal | None = None
    amount: Decimal | None = None
    expected: Decimal | int | None = None
    counted: Decimal | int | None = None
    detail: str = ""
    records: tuple[Record, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)

    @property
    def severity(self) -> str:
        return SEVERITY[self.code]


@dataclass(frozen=True)
class UncountedSlip:
    """A slip left out of the books (not fully signed, or its void pending)."""

    kind: str
    during_play: bool
    value: Decimal
    counts: dict[Decimal, int]  # chips per denomination value


@dataclass(frozen=True)
class Books:
    lines: dict[int, DenominationLine]
    opening_value: Decimal | None
    closing_value: Decimal | None
    fills_value: Decimal
    credits_value: Decimal
    closing_fills_value: Decimal
    closing_credits_value: Decimal
    expected_drop: Decimal
    counted_drop: Decimal | None
    expected_rake_box: Decimal
    counted_rake_box: Decimal | None
    findings: tuple[Finding, ...]
    uncounted: dict[str, UncountedSlip]

    @property
    def result(self) -> Decimal | None:
        return result_line(
            self.counted_drop,
            self.counted_rake_box,
            self.closing_value,
            self.credits_value,
            self.opening_value,
            self.fills_value,
        )


def result_line(
    drop: Decimal | None,
    rake_box: Decimal | None,
    closing: Decimal | None,
    credits: Decimal,
    opening: Decimal | None,
    fills: Decimal,
) -> Decimal | None:
    """drop + rake box + closing float + credits − opening float − fills; None until known."""
    if drop is None or rake_box is None or closing is None or opening is None:
        return None
    return drop + rake_box + closing + credits - opening - fills


# --------------------------------------------------------------------------- compute


class _Lines(dict[int, DenominationLine]):
    """The lines per denomination id, each made on its first movement."""

    def __init__(self, m: Movements) -> None:
        super().__init__()
        self.chip_set = m.denominations
        self.others = m.other_denominations

    def of(self, denom_id: int) -> DenominationLine:
        if denom_id not in self:
            value = self.chip_set.get(denom_id)
            if value is None:  # a chip of another set: should never be stored
                value = self.others[denom_id]
            self[denom_id] = DenominationLine(denomination_id=denom_id, value=value)
        return self[denom_id]

    def value_of(self, count: Count | None) -> Decimal | None:
        if count is None:
            return None
        return sum((self.of(d).value * n for d, n in count.lines.items()), ZERO)


def compute(m: Movements) -> Books:
    """The session's books from its movements: per denomination, never netted."""
    lines = _Lines(m)
    for denom_id in m.par:
        lines.of(denom_id)
    if m.opening is not None:
        for denom_id, n in m.opening.lines.items():
            lines.of(denom_id).opening = n
    if m.closing is not None:
        for denom_id, n in m.closing.lines.items():
            lines.of(denom_id).counted = n
    findings = _count_findings(m)
    expected_drop = _post_transactions(lines, m.transactions, findings)
    slips = _post_slips(lines, m, findings)
    findings.extend(_rake_findings(m.rake_postings))
    counted_drop, counted_rake = _box_findings(m, expected_drop, findings)
    if m.closing is not None:  # a denomination the closing count does not list was counted 0
        for dl in lines.values():
            if dl.counted is None:
                dl.counted = 0
    findings.extend(_float_findings(lines))
    opening_value, closing_value = lines.value_of(m.opening), lines.value_of(m.closing)
    result = result_line(
        counted_drop, counted_rake, closing_value, slips.credits, opening_value, slips.fills
    )
    if result is not None and result != m.rake_ledger:
        findings.append(
            Finding(
                "RESULT_VARIANCE",
                amount=result - m.rake_ledger,
                expected=m.rake_ledger,
                counted=result,
            )
        )
    return Books(
        lines=dict(lines),
        opening_value=opening_value,
        closing_value=closing_value,
        fills_value=slips.fills,
        credits_value=slips.credits,
        closing_fills_value=slips.closing_fills,
        closing_credits_value=slips.closing_credits,
        expected_drop=expected_drop,
        counted_drop=counted_drop,
        expected_rake_box=m.rake_ledger,
        counted_rake_box=counted_rake,
        findings=tuple(findings),
        uncounted=slips.uncounted,
    )


def _post_transactions(
    lines: _Lines, transactions: tuple[Transaction, ...], findings: list[Finding]
) -> Decimal:
    """Chips sold at buy-ins, changes in and out; returns the cash into the drop box."""
    expected_drop = ZERO
    for tx in transactions:
        if tx.kind == IN_HAND_CHANGE:
            continue  # from the pot, never the float (CHIP-14)
        for cl in tx.chips:
            dl = lines.of(cl.denomination)
            n = tx.sign * cl.count
            if tx.kind == BUYIN:
                dl.sold += n
            elif cl.direction == IN:
                dl.changes_in += n
            else:
                dl.changes_out += n
            dl.records.append(tx.record)
        if tx.kind == BUYIN and tx.cash_buyin:
            expected_drop += tx.sign * tx.cash
        if tx.override:
            findings.append(
                Finding(
                    "BUYIN_OVERRIDE",
                    amount=tx.amount,
                    detail=str(tx.record.id),
                    records=(tx.record,),
                    params={"reason": tx.override_reason},
                )
            )
    return expected_drop


@dataclass
class _SlipTotals:
    fills: Decimal = ZERO
    credits: Decimal = ZERO
    closing_fills: Decimal = ZERO
    closing_credits: Decimal = ZERO
    uncounted: dict[str, UncountedSlip] = field(default_factory=dict)


def _post_slips(lines: _Lines, m: Movements, findings: list[Finding]) -> _SlipTotals:
    """Only slips signed by all five and not void count (issue 6 item 6); closing slips
    come after the closing count, so they are not in its expected figure."""
    totals = _SlipTotals()
    for slip in m.slips:
        value = sum((m.denominations.get(d, ZERO) * n for d, n in slip.lines), ZERO)
        if slip.during_play:
            for denom_id, n in slip.lines:
                dl = lines.of(denom_id)
                dl.records.append(slip.record)
                if slip.counts:
                    if slip.kind == FILL:
                        dl.fills += n
                    else:
                        dl.credits += n
        if slip.counts:
            if slip.during_play:
                if slip.kind == FILL:
                    totals.fills += value
                else:
                    totals.credits += value
            elif slip.kind == FILL:
                totals.closing_fills += value
            else:
                totals.closing_credits += value
        findings.extend(_slip_findings(slip, value))
        if not slip.counts and slip.status != "void":
            per_value: dict[Decimal, int] = defaultdict(int)
            for denom_id, n in slip.lines:
                per_value[m.denominations.get(denom_id, ZERO)] += n
            totals.uncounted[slip.serial] = UncountedSlip(
                slip.kind, slip.during_play, value, dict(per_value)
            )
    return totals


def _box_findings(
    m: Movements, expected_drop: Decimal, findings: list[Finding]
) -> tuple[Decimal | None, Decimal | None]:
    """The drop and rake boxes, counted blind by two people: (counted drop, counted rake)."""
    if m.box_count is None:
        if m.closed or m.box_counts:
            findings.append(
                Finding(
                    "DROP_COUNTS_DISAGREE" if m.counters >= 2 else "DROP_NOT_COUNTED",
                    records=m.box_counts,
                )
            )
        return None, None
    counted_drop, counted_rake = m.box_count.drop, m.box_count.rake
    if counted_drop != expected_drop:
        cash = tuple(tx.record for tx in m.transactions if tx.kind == BUYIN and tx.cash_buyin)
        findings.append(
            Finding(
                "DROP_VARIANCE",
                amount=counted_drop - expected_drop,
                expected=expected_drop,
                counted=counted_drop,
                records=(m.box_count.record, *cash),
            )
        )
    if counted_rake != m.rake_ledger:
        findings.append(
            Finding(
                "RAKE_BOX_VARIANCE",
                amount=counted_rake - m.rake_ledger,
                expected=m.rake_ledger,
                counted=counted_rake,
                records=(m.box_count.record, *m.rake_records),
            )
        )
    return counted_drop, counted_rake


def _float_findings(lines: _Lines) -> list[Finding]:
    """Per denomination: never netted between denominations nor between tables."""
    return [
        Finding(
            "FLOAT_VARIANCE",
            denomination=dl.value,
            amount=dl.value * dl.variance,
            expected=dl.expected,
            counted=dl.counted,
            records=tuple(dict.fromkeys(dl.records)),
        )
        for dl in sorted(lines.values(), key=lambda x: x.value, reverse=True)
        if dl.variance
    ]


def _count_findings(m: Movements) -> list[Finding]:
    out = []
    if m.opening is None:
        out.append(Finding("OPENING_COUNT_MISSING"))
    elif not m.opening.signed:
        out.append(Finding("OPENING_COUNT_UNSIGNED", detail=m.opening.reference))
    if not m.closed and m.closing is None:
        out.append(Finding("SESSION_NOT_CLOSED", params={"status": m.status}))
    elif m.closing is None:
        out.append(Finding("CLOSING_COUNT_MISSING"))
    elif not m.closing.signed:
        out.append(Finding("CLOSING_COUNT_UNSIGNED", detail=m.closing.reference))
    return out


def _slip_findings(slip: Slip, value: Decimal) -> list[Finding]:
    out = []
    rec = (slip.record,)
    if slip.status == "void":
        out.append(
            Finding(
                "SLIP_VOIDED",
                amount=value,
                detail=slip.serial,
                records=rec,
                params={"reason": slip.void_reason},
            )
        )
    elif slip.status == "void_pending":
        out.append(Finding("SLIP_VOID_PENDING", amount=value, detail=slip.serial, records=rec))
    elif not slip.locked:
        out.append(
            Finding(
                "SLIP_UNSIGNED",
                amount=value,
                detail=slip.serial,
                records=rec,
                params={"missing": slip.missing_roles},
            )
        )
    if slip.altered:  # content vouched for by the signatures is no longer what is stored
        out.append(Finding("RECORD_ALTERED", detail=slip.serial, records=rec))
    return out


def _rake_findings(postings: tuple[RakePosting, ...]) -> list[Finding]:
    out = []
    for p in postings:
        rec = (p.record,)
        if p.amount > 0 and not p.allowed:
            out.append(
                Finding("RAKE_NOT_ALLOWED", amount=p.amount, detail=str(p.hand), records=rec)
            )
            continue
        if p.due is not None and p.due != p.amount:
            out.append(
                Finding(
                    "RAKE_MISMATCH",
                    amount=p.amount - p.due,
                    expected=p.due,
                    counted=p.amount,
                    detail=str(p.hand),
                    records=rec,
                )
            )
    return out
