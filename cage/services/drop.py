"""The drop: the drop box's cash and the rake box counted blind by two people.

Each counter enters what they count, without seeing the expected figures, and
signs it; the count stands when two different people who did not work the
session have entered the same figures (issue 6 item 8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.errors import DomainError
from casino.roles import Perm, Role
from casino.signatures import document_sign
from tables.codes import TablesCode
from tables.models import TableSession
from tables.services import lock_session

from .. import selectors
from ..codes import CageCode
from ..models import DropBox, DropCount, DropCountLine, VarianceExplanation
from .common import parse_cash, parse_chip_lines


@dataclass(frozen=True)
class DropCountResult:
    count: DropCount
    status: str  # "first" | "agreed" | "disagree"


def drop_count_record(
    *, actor: Actor, session: TableSession, cash: Any, rake_chips: Any
) -> DropCountResult:
    """One counter's blind count of a session's drop box (notes) and rake box (chips).

    The answer says only whether a second count agrees; never the expected figures.
    """
    require(actor, Perm.COUNT_DROP)
    tenders = parse_cash(cash, "cash")
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        if s.status not in (TableSession.Status.CLOSING, TableSession.Status.CLOSED):
            raise DomainError.of(CageCode.SESSION_NOT_CLOSED, field="session")
        if actor.user.pk in selectors.session_workers(s):
            raise DomainError.of(CageCode.COUNTER_WORKED_SESSION, field="counter")
        chips = parse_chip_lines(selectors.table_denominations(s.table), rake_chips, "rake_chips")
        merged: dict[tuple[str, str, Any], int] = {}
        for index, t in enumerate(tenders):
            key = (DropBox.DROP, t.kind, t.value)
            if key in merged:
                raise DomainError.of(
                    TablesCode.DENOMINATION_REPEATED, value=t.value, field=f"cash.{index}.value"
                )
            merged[key] = t.count
        for d, n in chips:
            merged[(DropBox.RAKE, DropCountLine.Kind.CHIP, d.value)] = n
        count = DropCount.objects.create(
            casino_id=s.casino_id,
            gaming_day_id=s.gaming_day_id,
            table_id=s.table_id,
            session=s,
            counter=actor.user,
            counted_at=timezone.now(),
        )
        DropCountLine.objects.bulk_create(
            DropCountLine(drop_count=count, box=box, kind=kind, value=value, count=n)
            for (box, kind, value), n in merged.items()
        )
        audit_record(
            actor=actor,
            action="cage.drop_count.record",
            obj=count,
            after={"session": s.pk, "lines": count.line_key()},
        )
        document_sign(actor=actor, document=count, role=Role.CAGE_CASHIER)
        count.refresh_from_db()
        agreed = selectors.agreed_drop_count(s)
        others = [c for c in selectors.drop_counts(s) if c.counter_id != actor.user.pk]
        if agreed is not None and agreed.pk == count.pk:
            status = "agreed"
        elif others:
            status = "disagree"
        else:
            status = "first"
    return DropCountResult(count=count, status=status)


def variance_explain(
    *, actor: Actor, session: TableSession, finding_key: str, explanation: str
) -> VarianceExplanation:
    """The pit boss explains a variance; the variance itself stays in the books."""
    require(actor, Perm.EXPLAIN_VARIANCE)
    if not (explanation or "").strip():
        raise DomainError.of(CageCode.EXPLANATION_REQUIRED, field="explanation")
    from ..reconciliation import reconcile_session

    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        keys = {f.key for f in reconcile_session(s).findings}
        if finding_key not in keys:
            raise DomainError.of(CageCode.FINDING_UNKNOWN, field="finding_key")
        row = VarianceExplanation.objects.create(
            casino_id=s.casino_id,
            session=s,
            finding_key=finding_key[:80],
            explanation=explanation.strip(),
            explained_by=actor.user,
        )
        audit_record(
            actor=actor,
            action="cage.variance.explain",
            obj=row,
            after={"session": s.pk, "finding": row.finding_key},
            reason=row.explanation,
        )
    return row
