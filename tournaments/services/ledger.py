"""The tournament's ledger: every peso in and out, with a numbered receipt (GEN-10),
sealed and chained like the cage's transactions (issue 12 §5), written only here."""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone

from casino.access import Actor
from casino.audit import audit_record
from casino.serials import serial_next

from ..models import (
    Entry,
    LedgerEntry,
    LedgerKind,
    LedgerVia,
    PayoutSlip,
    Tournament,
)
from ..models.ledger import RECEIPT_SERIES
from ._common import current_gaming_day


def ledger_write(
    actor: Actor,
    tournament: Tournament,
    *,
    kind: LedgerKind,
    pool_amount: Decimal,
    fee_amount: Decimal = Decimal("0"),
    chips: int = 0,
    entry: Entry | None = None,
    via: LedgerVia = LedgerVia.CASH,
    reverses: LedgerEntry | None = None,
    slip: PayoutSlip | None = None,
    reason: str = "",
) -> LedgerEntry:
    """One ledger row and its audit event, in the caller's transaction (the tournament
    locked). The receipt number is taken in the same transaction: a refused request
    gives it back."""
    day = current_gaming_day(actor)
    year = day.business_date.year
    row = LedgerEntry(
        casino_id=tournament.casino_id,
        gaming_day=day,
        tournament=tournament,
        kind=kind,
        via=via,
        entry=entry,
        receipt_year=year,
        receipt_number=serial_next(casino=actor.casino, series=RECEIPT_SERIES, year=year),
        pool_amount=pool_amount,
        fee_amount=fee_amount,
        chips=chips,
        reverses=reverses,
        slip=slip,
        recorded_by=actor.user,
        role=actor.role.value,
        recorded_at=timezone.now(),
        reason=reason,
    )
    row.seal = row.compute_seal()
    row.save()
    audit_record(
        actor=actor,
        action=f"tournament.ledger.{kind}",
        obj=row,
        after={
            "tournament": tournament.pk,
            "receipt": row.receipt,
            "entry": entry.number if entry else None,
            "pool_amount": str(pool_amount),
            "fee_amount": str(fee_amount),
            "chips": chips,
            "via": via,
        },
        reason=reason,
        chain=(row,),  # the keyed seal joins the day's evidence chain (issue 12 §5)
    )
    return row
