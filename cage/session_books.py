"""A session's books: gather → compute → word.

:func:`gather` reads the session's stored records (counts, transactions, slips, the rake
ledger, the counts of the boxes) into the pure movements of ``cage.books``;
:func:`cage.books.compute` does the arithmetic per denomination; :func:`cage.findings.word`
words each finding. The integrity checks and the findings other apps register
(``cage.hooks``) follow, then the causes (``cage.figures.group_causes``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from casino.models import Denomination
from tables.models import TableSession

from . import books, hooks, selectors
from .books import DenominationLine
from .figures import Cause, TableFigures, group_causes
from .findings import INFO, ZERO, Finding, Record, _slip_record, _tx_record, word
from .integrity import session_integrity_findings
from .models import (
    BuyinSource,
    DropBox,
    RakeEntry,
    Slip,
    SlipPurpose,
    TableTransaction,
    money_str,
)


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


def reconcile_session(session: TableSession) -> SessionReconciliation:
    """Everything a session's float, drop box and rake box must contain, and the gaps."""
    movements, slips, txs = gather(session)
    b = books.compute(movements)
    ctx = {"table": session.table.number, "session": session.pk}
    findings = [word(f, ctx, slips) for f in b.findings]
    findings.extend(session_integrity_findings(session, txs, ctx))
    for provider in hooks.session_finding_providers():
        findings.extend(provider(session))
    rec = SessionReconciliation(
        session=session,
        lines=b.lines,
        opening_value=b.opening_value,
        closing_value=b.closing_value,
        fills_value=b.fills_value,
        credits_value=b.credits_value,
        expected_drop=b.expected_drop,
        counted_drop=b.counted_drop,
        expected_rake_box=b.expected_rake_box,
        counted_rake_box=b.counted_rake_box,
        closing_fills_value=b.closing_fills_value,
        closing_credits_value=b.closing_credits_value,
        findings=findings,
    )
    rec.causes = group_causes(findings, b.uncounted)
    return rec


def gather(
    session: TableSession,
) -> tuple[books.Movements, dict[str, Slip], list[TableTransaction]]:
    """The session's stored records as the books' movements; also the slips by serial
    (for their numbers in words) and the transactions (for the integrity checks)."""
    table = session.table
    denominations = {
        d.pk: d.value for d in Denomination.objects.filter(chip_set_id=table.chip_set_id)
    }
    opening = _count(selectors.session_opening_count(session))
    closing = _count(selectors.session_closing_count(session))
    txs = list(
        TableTransaction.objects.filter(session=session)
        .prefetch_related("chip_lines", "cash_lines")
        .order_by("recorded_at", "id")
    )
    slips = list(Slip.objects.filter(session=session).prefetch_related("lines").order_by("number"))
    agreed = selectors.agreed_drop_count(session)
    all_counts = selectors.drop_counts(session)
    box_count = None
    if agreed is not None:
        box_count = books.BoxCount(
            drop=sum((x.total for x in agreed.lines.all() if x.box == DropBox.DROP), ZERO),
            rake=sum((x.total for x in agreed.lines.all() if x.box == DropBox.RAKE), ZERO),
            record=Record("drop_count", agreed.pk, f"{agreed.counter}"),
        )
    transactions = tuple(_transaction(tx) for tx in txs)
    slip_moves = tuple(_slip(slip) for slip in slips)
    postings, rake_records = _rake(session)
    movements = books.Movements(
        denominations=denominations,
        closed=session.status == TableSession.Status.CLOSED,
        status=session.status,
        par=tuple(selectors.float_par(table)),
        other_denominations=_other_denominations(
            denominations, opening, closing, transactions, slip_moves
        ),
        opening=opening,
        closing=closing,
        transactions=transactions,
        slips=slip_moves,
        rake_ledger=selectors.rake_ledger(session),
        rake_postings=postings,
        rake_records=rake_records,
        box_count=box_count,
        # Who counted matters only while no two counts agree.
        box_counts=()
        if agreed is not None
        else tuple(Record("drop_count", c.pk, str(c.counter)) for c in all_counts),
        counters=len({c.counter_id for c in all_counts}),
    )
    return movements, {s.serial: s for s in slips}, txs


def _count(count: selectors.FloatCount | None) -> books.Count | None:
    if count is None:
        return None
    return books.Count(lines=count.lines, signed=count.signed, reference=count.reference)


def _transaction(tx: TableTransaction) -> books.Transaction:
    return books.Transaction(
        kind=tx.kind,
        record=_tx_record(tx),
        sign=tx.sign,
        chips=tuple(
            books.ChipLine(cl.denomination_id, cl.count, cl.direction) for cl in tx.chip_lines.all()
        ),
        cash_buyin=tx.source == BuyinSource.CASH,
        cash=sum((c.value * c.count for c in tx.cash_lines.all() if not c.returned), ZERO),
        amount=tx.amount,
        override=bool(tx.override_by_id),
        override_reason=tx.override_reason,
    )


def _slip(slip: Slip) -> books.Slip:
    status = selectors.slip_status(slip)
    void_reason = ""
    if status == "void":
        void = selectors.void_of(slip)
        void_reason = void.reason if void else ""
    missing = slip.missing_roles()
    # Content vouched for by the signatures must still be what is stored.
    hashes = set(slip.signatures().values_list("content_hash", flat=True))
    altered = bool(hashes) and (
        hashes != {slip.signing_hash()} or (slip.is_locked and bool(missing))
    )
    return books.Slip(
        serial=slip.serial,
        kind=slip.kind,
        during_play=slip.purpose == SlipPurpose.PLAY,
        status=status,
        counts=selectors.slip_counts(slip),
        record=_slip_record(slip, status),
        lines=tuple((sl.denomination_id, sl.count) for sl in slip.lines.all()),
        locked=slip.is_locked,
        missing_roles=tuple(r.value for r in missing),
        void_reason=void_reason,
        altered=altered,
    )


def _rake(session: TableSession) -> tuple[tuple[books.RakePosting, ...], tuple[Record, ...]]:
    """The hands' rake still in force with what was due (the stored pots and the settings
    version in force, or the engine's figure), and every posting for a box variance."""
    from .services.rake import expected_rake, takes_rake

    unit = selectors.smallest_denomination(session.table)
    entries = list(RakeEntry.objects.filter(session=session).select_related("settings"))
    reversed_ids = {e.reverses_id for e in entries if e.sign < 0}
    postings = []
    for e in entries:
        if e.sign < 0 or e.pk in reversed_ids:
            continue
        rec = Record("rake", e.pk, f"hand {e.hand_number}")
        if e.amount > 0 and not takes_rake(e.settings):
            postings.append(books.RakePosting(e.hand_number, e.amount, rec, allowed=False))
            continue
        due = e.expected_amount
        if e.pots is not None and not e.settings.no_flop_no_drop:
            due = expected_rake(e.settings, [Decimal(p) for p in e.pots], unit)
        postings.append(books.RakePosting(e.hand_number, e.amount, rec, due=due))
    records = tuple(
        Record("rake", e.pk, f"hand {e.hand_number} {money_str(e.sign * e.amount)}")
        for e in entries
    )
    return tuple(postings), records


def _other_denominations(
    denominations: dict[int, Decimal],
    opening: books.Count | None,
    closing: books.Count | None,
    transactions: tuple[books.Transaction, ...],
    slips: tuple[books.Slip, ...],
) -> dict[int, Decimal]:
    """Chips of another set in the records (should never be stored): their values."""
    ids = {*(opening.lines if opening else ()), *(closing.lines if closing else ())}
    ids.update(cl.denomination for tx in transactions for cl in tx.chips)
    ids.update(d for s in slips if s.during_play for d, _n in s.lines)
    missing = ids - set(denominations)
    if not missing:
        return {}
    return dict(Denomination.objects.filter(pk__in=missing).values_list("pk", "value"))
