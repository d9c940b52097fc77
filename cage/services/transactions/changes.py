"""Chip changes at the table (CHIP-04, CHIP-13, CHIP-17): colour changes, cash-outs, tip
changes and changes in the hand."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from casino.access import Actor, same_casino
from casino.atomic import service_atomic
from casino.errors import DomainError
from casino.models import Denomination, User
from casino.roles import Perm
from tables.models import TableSession
from tables.selectors import require_assigned
from tables.services import lock_session

from ... import selectors
from ...codes import CageCode
from ...models import (
    Direction,
    TransactionKind,
)
from ..common import (
    Notice,
    chips_value,
    fmt,
    parse_chip_lines,
    require_accepts_transactions,
    require_croupier,
    require_float_holds,
    require_no_hand_in_progress,
)
from .writing import Recorded, _new_tx, _require_approver, _seat, _write


def _change(
    *,
    actor: Actor,
    session: TableSession,
    kind: str,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
    hand_number: int | None = None,
    hand_ref: str = "",
) -> Recorded:
    _require_approver(actor, Perm.RECORD_CHANGE)
    with service_atomic():
        s = lock_session(session)
        same_casino(actor, s)
        assignment = require_assigned(actor, session=s)  # issue 12 §1
        require_accepts_transactions(s)
        if kind == TransactionKind.IN_HAND_CHANGE:
            if not s.hand_in_progress:
                raise DomainError.of(CageCode.NO_HAND_IN_PROGRESS, field="session")
        else:
            require_no_hand_in_progress(s)
        seat_no = _seat(s, seat) if seat not in (None, "") else None
        croupier = require_croupier(croupier, actor, session=s, assignment=assignment)
        denominations = selectors.table_denominations(s.table)
        ins = parse_chip_lines(denominations, chips_in, "chips_in")
        outs = parse_chip_lines(denominations, chips_out, "chips_out")
        if not ins or not outs:
            raise DomainError.of(
                CageCode.CHIPS_REQUIRED, field="chips_in" if not ins else "chips_out"
            )
        value_in, value_out = chips_value(ins), chips_value(outs)
        if value_in != value_out:
            # CHIP-06, CHIP-15, CHIP-17: equal value in and out.
            raise DomainError.of(
                CageCode.CHANGE_UNEQUAL,
                value_in=value_in,
                value_out=value_out,
                field="chips_out",
                details={"value_in": str(value_in), "value_out": str(value_out)},
            )
        if kind != TransactionKind.IN_HAND_CHANGE:
            # Issue 12 §7 (the in-hand change is paid from the pot, CHIP-14).
            require_float_holds(s, outs, ins=ins)
        notices = (
            _change_notices(s, kind, outs, ins, denominations)
            if kind != TransactionKind.IN_HAND_CHANGE
            else []
        )
        tx = _new_tx(
            actor,
            s,
            kind,
            value_in,
            croupier=croupier,
            seat=seat_no,
            hand_number=hand_number,
            hand_ref=(hand_ref or "")[:64],
        )
        rows = [(d, Direction.IN, n) for d, n in ins] + [(d, Direction.OUT, n) for d, n in outs]
        _write(actor, tx, rows, [], f"cage.{kind}.record")
    return Recorded(transaction=tx, warnings=notices)


def _change_notices(
    s: TableSession,
    kind: str,
    outs: list[tuple[Denomination, int]],
    ins: list[tuple[Denomination, int]],
    denominations: dict[Decimal, Denomination],
) -> list[Notice]:
    notices: list[Notice] = []
    if kind == TransactionKind.COLOUR_CHANGE:
        blind = selectors.blind_denomination(s.table, s.settings.small_blind, denominations)
        if blind is not None and not any(d.value <= blind for d, _n in outs):
            notices.append(
                Notice(
                    "NO_BLIND_CHIPS",
                    f"El cambio no incluye fichas de {fmt(blind)} para las ciegas (CHIP-05).",
                    f"The change includes no {fmt(blind)} chips for the blinds (CHIP-05).",
                )
            )
    policy = selectors.cage_policy(s.casino_id)
    if policy.float_low_pct:
        expected = selectors.expected_float(s)
        if expected is not None:
            par = selectors.float_par(s.table)
            delta = {d.pk: n for d, n in ins}
            for d, n in outs:
                after = expected.get(d.pk, 0) + delta.get(d.pk, 0) - n
                floor = par.get(d.pk, 0) * policy.float_low_pct // 100
                if par.get(d.pk) and after < floor:
                    notices.append(
                        Notice(
                            "FLOAT_LOW",
                            f"Quedan {after} fichas de {fmt(d.value)} en la banca (mínimo {floor}): "
                            "pida un relleno.",
                            f"{after} chips of {fmt(d.value)} left in the float (low mark {floor}): "
                            "request a fill.",
                        )
                    )
    return notices


def colour_change_record(
    *,
    actor: Actor,
    session: TableSession,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
) -> Recorded:
    """Higher chips (or casino value chips) in, smaller or colour chips out (§7.2, CHIP-02..06)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.COLOUR_CHANGE,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
        seat=seat,
    )


def cash_out_record(
    *,
    actor: Actor,
    session: TableSession,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
) -> Recorded:
    """Smaller chips in, larger chips out, always approved (§7.3, CHIP-07..15, CLOSE-02)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.CASH_OUT,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
        seat=seat,
    )


def tip_change_record(
    *, actor: Actor, session: TableSession, chips_in: Any, chips_out: Any, croupier: User | None
) -> Recorded:
    """The croupier's tips coloured up at the float (§7.3 i, CHIP-17); tips stay apart (CHIP-18)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.TIP_CHANGE,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
    )


def in_hand_change_record(
    *,
    actor: Actor,
    session: TableSession,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
    hand_number: int | None = None,
    hand_ref: str = "",
) -> Recorded:
    """A change during a hand made with chips from the pot, never the float (§7.3 h, CHIP-14)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.IN_HAND_CHANGE,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
        seat=seat,
        hand_number=hand_number,
        hand_ref=hand_ref,
    )
