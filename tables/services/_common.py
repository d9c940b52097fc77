"""Helpers shared by the table services: locking, the open gaming day, staff checks, events."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import models
from django.utils import timezone

from casino.access import Actor
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError, PermissionRefused
from casino.models import GamingDay, User
from casino.pins import pin_verify
from casino.roles import Role
from casino.scoping import check_assignment
from casino.selectors import require_open_gaming_day

from ..codes import TablesCode
from ..models import SessionEvent, TableSession
from ..selectors.assignment import (
    require_at,
    session_assignment,
)

S = TableSession.Status

# OPEN-16: CLOSED → OPENING → OPEN → IN PLAY ⇄ SUSPENDED → CLOSING → CLOSED. A session
# may go to CLOSING from any live state (a table that never played, or stays suspended,
# is still closed with a signed count).
SESSION_MOVES: dict[str, frozenset[str]] = {
    S.OPENING: frozenset({S.OPEN, S.CLOSING}),
    S.OPEN: frozenset({S.IN_PLAY, S.CLOSING}),
    S.IN_PLAY: frozenset({S.SUSPENDED, S.CLOSING}),
    S.SUSPENDED: frozenset({S.IN_PLAY, S.CLOSING}),
    S.CLOSING: frozenset({S.CLOSED}),
    S.CLOSED: frozenset(),
}


def current_gaming_day(actor: Actor) -> GamingDay:
    return require_open_gaming_day(actor.casino)


def lock(model: type[models.Model], pk: int, actor: Actor) -> Any:
    """Re-read a row FOR UPDATE inside the service's transaction, scoped to the casino."""
    obj = model.objects.select_for_update().filter(pk=pk).first()  # type: ignore[attr-defined]
    if obj is None or getattr(obj, "casino_id", actor.casino.pk) != actor.casino.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=model)
    return obj


def require_status(session: TableSession, *allowed: str) -> None:
    if session.status not in allowed:
        raise DomainError.of(
            TablesCode.SESSION_STATE,
            status=S(session.status),
            allowed=[S(a) for a in allowed],
            details={"status": session.status, "required": list(allowed)},
        )


def require_no_hand(session: TableSession) -> None:
    if session.hand_in_progress:
        raise DomainError.of(TablesCode.HAND_IN_PROGRESS)


def session_move(
    actor: Actor, session: TableSession, to: str, *, action: str, reason: str = ""
) -> None:
    """Change a locked session's status along OPEN-16, with its audit event."""
    allowed = SESSION_MOVES[S(session.status)]
    if to not in allowed:
        raise DomainError.of(
            TablesCode.SESSION_MOVE_NOT_ALLOWED,
            status=S(session.status),
            to=S(to),
            details={"status": session.status, "allowed": sorted(allowed)},
        )
    before = session.status
    session.status = to
    fields = ["status"]
    now = timezone.now()
    if to == S.OPEN:
        session.opened_at = now
        fields.append("opened_at")
    if to == S.CLOSED:
        session.closed_at = now
        fields.append("closed_at")
    session.save(update_fields=fields)
    audit_record(
        actor=actor,
        action=action,
        obj=session,
        before={"status": before},
        after={"status": to},
        reason=reason,
    )


def record_event(
    actor: Actor,
    session: TableSession,
    kind: str,
    *,
    person: User | None = None,
    note: str = "",
    data: dict[str, Any] | None = None,
) -> SessionEvent:
    return SessionEvent.objects.create(
        casino_id=session.casino_id,
        session=session,
        gaming_day_id=session.gaming_day_id,
        kind=kind,
        recorded_by=actor.user,
        role=actor.role.value,
        person=person,
        note=note,
        data=data or {},
    )


def check_staff(actor: Actor, user: User | None, role: Role, *, field: str) -> User:
    """``user`` must be an active member of the actor's casino holding ``role``."""
    if user is None:
        raise DomainError.of(TablesCode.STAFF_REQUIRED, role=role, field=field)
    if user.casino_id != actor.casino.pk or not user.is_active:
        raise DomainError.of(TablesCode.STAFF_NOT_FOUND, person=user, field=field)
    if not user.holds_role(role):
        raise DomainError.of(TablesCode.STAFF_ROLE_MISSING, user=user, role=role, field=field)
    return user


# The one "who works this table now" rule lives with the other assignment reads.
require_at_table = require_at


def require_named(session: TableSession, person: User, role: Role, *, field: str) -> None:
    """A person named in ``role`` at the session must be assigned there in that role: the
    croupier named as the one who deals is the croupier on duty (``NOT_CROUPIER_ON_DUTY``),
    an inspection partner or the pit boss given the cards is of this table (issue 12 §1)."""
    try:
        check_assignment(session_assignment(session), user_id=person.pk, role=role)
    except PermissionRefused as err:
        err.field = field
        raise


def check_pin(actor: Actor, user: User, pin: str | None, *, field: str = "pin") -> None:
    """A croupier confirms on the supervisor's terminal with a personal PIN (ROLE-13).

    The PIN itself is checked by the one check, ``casino.pins.pin_verify`` (issue 12 §3).
    """
    if not pin:
        raise DomainError.of(CasinoCode.PIN_REQUIRED, user=user, field=field)
    pin_verify(actor=actor, signer=user, pin=pin, field=field)


MAX_CHIPS = 1_000_000  # per denomination; beyond it the input is a typing error


def whole_chips(value: Any, *, field: str) -> int:
    """A non-negative whole number of chips (issue 5 "Bad input")."""
    if value is None or value == "":
        raise DomainError.of(TablesCode.COUNT_REQUIRED, field=field)
    if isinstance(value, bool):
        raise DomainError.of(TablesCode.COUNT_NOT_WHOLE, value=value, field=field)
    try:
        number = value if isinstance(value, int) else Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise DomainError.of(TablesCode.COUNT_NOT_WHOLE, value=value, field=field) from None
    if isinstance(number, Decimal) and not number.is_finite():
        raise DomainError.of(TablesCode.COUNT_NOT_WHOLE, value=value, field=field)
    if number < 0:
        raise DomainError.of(TablesCode.COUNT_NEGATIVE, count=value, field=field)
    if isinstance(number, Decimal):
        if number != number.to_integral_value():
            raise DomainError.of(TablesCode.COUNT_NOT_WHOLE, value=value, field=field)
        number = int(number)
    if number > MAX_CHIPS:
        raise DomainError.of(
            TablesCode.COUNT_TOO_LARGE, maximum=MAX_CHIPS, count=number, field=field
        )
    return int(number)


def money_amount(value: Any, *, field: str) -> Decimal:
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field) from None
    if not amount.is_finite():
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field)
    return amount
