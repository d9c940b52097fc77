"""What every transaction of the table card shares: the seat it names, the row, its
lines, its seal and its audit event written in one go (issue 43: the ORM's INSERTs
built once), and what every write returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errors import DomainError
from casino.hotqueries import hot_insert
from casino.models import Denomination
from casino.roles import Perm
from tables.codes import TablesCode
from tables.models import TableSession

from ... import selectors
from ...models import (
    CashAlert,
    CashLine,
    ChipLine,
    TableTransaction,
    TransactionKind,
)
from ..common import (
    Notice,
    Tender,
)


@dataclass
class Recorded:
    """A written transaction with the warnings and alerts it raised."""

    transaction: TableTransaction
    warnings: list[Notice] = field(default_factory=list)
    alerts: list[CashAlert] = field(default_factory=list)


def _write(
    actor: Actor,
    tx: TableTransaction,
    chips: Sequence[tuple[Denomination, str, int]],
    cash: list[tuple[Tender, bool]],
    action: str,
    reason: str = "",
) -> TableTransaction:
    chip_rows = [
        ChipLine(denomination=d, direction=direction, count=n) for d, direction, n in chips
    ]
    cash_rows = [
        CashLine(kind=t.kind, value=t.value, count=t.count, returned=returned)
        for t, returned in cash
    ]
    if tx.kind == TransactionKind.BUYIN:
        tx.cash_key = selectors.player_key(tx)[0]  # the day's cash per player (issue 43)
    tx.seal = tx.compute_seal(chip_rows, cash_rows)
    hot_insert([tx])  # the ORM's INSERTs, built once (issue 43)
    for row in chip_rows:
        row.transaction = tx
    for cash_row in cash_rows:
        cash_row.transaction = tx
    hot_insert(chip_rows)
    hot_insert(cash_rows)
    _remember_lines(tx, chip_rows, cash_rows)
    audit_record(
        actor=actor,
        action=action,
        obj=tx,
        after=tx.seal_payload(chip_rows, cash_rows),
        reason=reason,
        chain=(tx,),  # the keyed seal joins the day's evidence chain (issue 12 §5)
    )
    return tx


def _remember_lines(
    tx: TableTransaction, chip_rows: list[ChipLine], cash_rows: list[CashLine]
) -> None:
    """The lines just written are the transaction's lines: its response reads them from
    memory instead of four queries re-reading what this write inserted (issue 18 §3).

    Set as Django's prefetch cache of ``chip_lines`` and ``cash_lines``, in each model's
    ``Meta.ordering`` (direction, then the larger chip first; changed notes before the
    returned ones, the larger first), so the answer is the one a later read gives
    (``tests/cage/api/test_api.py::test_the_answer_of_a_write_is_what_a_later_read_gives``).
    """
    cache = tx.__dict__.setdefault("_prefetched_objects_cache", {})
    for name, rows in (
        ("chip_lines", sorted(chip_rows, key=lambda r: (r.direction, -r.denomination.value))),
        ("cash_lines", sorted(cash_rows, key=lambda r: (r.returned, -r.value))),
    ):
        queryset = getattr(tx, name).all()
        queryset._result_cache = rows
        queryset._prefetch_done = True
        cache[name] = queryset


def _new_tx(
    actor: Actor, session: TableSession, kind: str, amount: Decimal, **fields: Any
) -> TableTransaction:
    return TableTransaction(
        casino_id=session.casino_id,
        # The locked session's own rows (``lock_session`` reads them with it): the threshold
        # check and the response read them from here, not from the database again.
        gaming_day=session.gaming_day,
        table=session.table,
        session=session,
        kind=kind,
        amount=amount,
        recorded_at=timezone.now(),
        approved_by=actor.user,
        approved_role=actor.role.value,
        **fields,
    )


def _require_approver(actor: Actor, perm: Perm) -> None:
    require(actor, perm)
    require(actor, Perm.APPROVE_CHANGE)


def _seat(session: TableSession, seat: Any) -> int:
    try:
        number = int(seat)
    except (TypeError, ValueError):
        number = -1
    if isinstance(seat, bool) or number < 1 or number > session.settings.max_seats:
        raise DomainError.of(
            TablesCode.SEAT_INVALID, max_seats=session.settings.max_seats, field="seat"
        )
    return number
