"""Reversals: a mistake corrected by a new row with the opposite effect that points at the
original."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from casino.access import Actor, require, same_casino
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.roles import Perm
from tables.selectors import require_assigned
from tables.services import lock_session
from tables.services.seating import seat_stack_add

from ...codes import CageCode
from ...models import (
    TableTransaction,
    TransactionKind,
)
from ..common import (
    Tender,
    require_not_closing,
)
from .writing import _new_tx, _write


def transaction_reverse(
    *, actor: Actor, transaction_: TableTransaction, reason: str
) -> TableTransaction:
    """Correct a mistake: a new row with the opposite effect that points at the original."""
    require(actor, Perm.APPROVE_CHANGE)
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    with transaction.atomic():
        original = (
            TableTransaction.objects.select_for_update()
            .prefetch_related("chip_lines", "cash_lines")
            .get(pk=transaction_.pk)
        )
        s = lock_session(original.session_id)
        same_casino(actor, s)
        # Issue 12 §1: the session's supervisor or a pit boss of the table's sector.
        require_assigned(actor, session=s)
        # OPEN-16, issue 39 §2: a reversal is a cage write too; none once the closing began
        # (the float and the drop are being counted against the books as they stand).
        require_not_closing(s)
        if original.sign < 0:
            raise DomainError.of(CageCode.REVERSAL_OF_REVERSAL)
        if TableTransaction.objects.filter(reverses=original).exists():
            raise DomainError.of(CageCode.ALREADY_REVERSED)
        copy_fields = [
            "cash_key",
            "kind",
            "croupier_id",
            "seat",
            "player_id",
            "player_name",
            "amount",
            "source",
            "is_rebuy",
            "stack_before",
            "hand_number",
            "hand_ref",
        ]
        tx = _new_tx(actor, s, original.kind, original.amount)
        for name in copy_fields:
            setattr(tx, name, getattr(original, name))
        tx.sign = -1
        tx.reverses = original
        tx.reason = reason.strip()
        chips = [
            (line.denomination, line.direction, line.count) for line in original.chip_lines.all()
        ]
        cash = [
            (Tender(value=c.value, count=c.count, kind=c.kind), c.returned)
            for c in original.cash_lines.all()
        ]
        try:
            with transaction.atomic():
                _write(actor, tx, chips, cash, f"cage.{original.kind}.reverse", reason=tx.reason)
                if original.kind == TransactionKind.BUYIN and original.seat:
                    seat_stack_add(
                        s, original.seat, -original.amount, actor, recorded_at=original.recorded_at
                    )
        except IntegrityError:
            raise DomainError.of(CageCode.ALREADY_REVERSED) from None
    return tx
