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

from .books import DenominationLine, UncountedSlip
from .day import (
    DayReconciliation,
    cash_threshold_findings,
    reconcile_day,
    reconcile_session_of_day,
    serial_gap_findings,
    tables_day_findings,
)
from .figures import (
    CAUSE_CELLS,
    CAUSE_TITLES,
    FORMULAS,
    Cause,
    DayFigures,
    TableFigures,
    _hold,
    cause_title,
    formula,
    group_causes,
)
from .findings import EXCEPTION, INFO, VARIANCE, ZERO, Finding, Record, _fmt
from .hooks import DAY_FINDING_PROVIDERS, SESSION_FINDING_PROVIDERS
from .integrity import (
    AUDITED_RAKE_FIELDS,
    AUDITED_TX_FIELDS,
    CHAINED,
    MUST_BE_CHAINED,
    _audit_mismatch,
    _chain_record,
    _key_unknown,
    _mismatch_finding,
    _seal_broken,
    audit_trail_findings,
    evidence_chain_findings,
)
from .session_books import SessionReconciliation, reconcile_session

__all__ = [
    "AUDITED_RAKE_FIELDS",
    "AUDITED_TX_FIELDS",
    "CAUSE_CELLS",
    "CAUSE_TITLES",
    "CHAINED",
    "DAY_FINDING_PROVIDERS",
    "EXCEPTION",
    "FORMULAS",
    "INFO",
    "MUST_BE_CHAINED",
    "SESSION_FINDING_PROVIDERS",
    "VARIANCE",
    "ZERO",
    "Cause",
    "DayFigures",
    "DayReconciliation",
    "DenominationLine",
    "Finding",
    "Record",
    "SessionReconciliation",
    "TableFigures",
    "UncountedSlip",
    "_audit_mismatch",
    "_chain_record",
    "_fmt",
    "_hold",
    "_key_unknown",
    "_mismatch_finding",
    "_seal_broken",
    "audit_trail_findings",
    "cash_threshold_findings",
    "cause_title",
    "evidence_chain_findings",
    "formula",
    "group_causes",
    "reconcile_day",
    "reconcile_session",
    "reconcile_session_of_day",
    "serial_gap_findings",
    "tables_day_findings",
]
