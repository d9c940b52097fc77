"""The limits of a buy-in (BUYIN-03, BUYIN-05): the minimum and maximum, the return
exemption, the stack before a re-buy, and a pit boss's or shift manager's override."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

from casino.access import Actor
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm, Role, role_has
from players.models import Player
from tables.models import Seat, TableSession

from ...codes import CageCode
from ...models import (
    CagePolicy,
    SeatDeparture,
)
from ..common import (
    check_pin,
    fmt,
    require_staff_role,
)


def _exemption_cap(
    session: TableSession,
    player: Player | None,
    max_buyin: Decimal,
    policy: CagePolicy,
    now: datetime,
) -> SeatDeparture | None:
    """BUYIN-03: a player who left this table with more than the maximum and is back
    within ``return_exemption_minutes`` may buy in up to what they left with (OQ-08)."""
    if player is None:
        return None
    since = now - timedelta(minutes=policy.return_exemption_minutes)
    departure = (
        SeatDeparture.objects.filter(table_id=session.table_id, player=player, left_at__gte=since)
        .order_by("-left_at", "-id")
        .first()
    )
    if departure is not None and departure.stack > max_buyin:
        return departure
    return None


def _check_override(actor: Actor, override_by: User | None, pin: str | None, reason: str) -> User:
    user = require_staff_role(
        override_by, actor, [Role.PIT_BOSS, Role.SHIFT_MANAGER], "override_by"
    )
    if not any(
        user.holds_role(r) and role_has(r, Perm.OVERRIDE_BUYIN_LIMIT)
        for r in (Role.PIT_BOSS, Role.SHIFT_MANAGER)
    ):
        raise DomainError.of(ApiCode.PERMISSION_DENIED, field="override_by")
    if user.pk == actor.user.pk:
        raise DomainError.of(CageCode.OVERRIDE_NOT_INDEPENDENT, field="override_by")
    check_pin(actor, user, pin, "override_pin")
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.OVERRIDE_REASON_REQUIRED, field="override_reason")
    return user


def _check_stack_before(seat: Seat, before: Decimal | None) -> None:
    """Issue 12 §7: the declared stack before a re-buy is the one the table's plan holds.

    The seating plan (``tables``) holds the seat's stack between hands: its finishing
    stack in its last hand plus the buy-ins since (issue 13 §1); before any hand at the
    seat, the buy-ins alone. Whenever it knows one, the declaration must match it (issue
    39 §2: "0.00" declared on a seat holding 1,000 let the stack pass the maximum).
    """
    if before is None or seat.stack is None:
        return
    known = seat.stack
    if known != before:
        raise DomainError.of(
            CageCode.STACK_MISMATCH,
            before=before,
            seat=seat.seat,
            known=known,
            field="stack_before",
            details={"seat": seat.seat, "declared": str(before), "known": str(known)},
        )


def _check_rebuy_rules(s: TableSession, value: Decimal, before: Decimal | None) -> None:
    """The table's re-buy rules, from the session's settings version (financial settings
    apply from the next session, GEN-04): OQ-27 only when busted; BUYIN-04 fixed amounts."""
    settings = s.settings
    if settings.rebuy_only_when_busted and (before is None or before > 0):
        raise DomainError.of(
            CageCode.REBUY_ONLY_WHEN_BUSTED,
            stack=before,
            field="stack_before",
            details={"stack_before": None if before is None else str(before)},
        )
    allowed = [Decimal(a) for a in settings.rebuy_amounts or ()]
    if allowed and value not in allowed:
        listed = ", ".join(fmt(a) for a in allowed)
        raise DomainError.of(
            CageCode.REBUY_AMOUNT_NOT_ALLOWED,
            listed=listed,
            value=value,
            field="amount",
            details={"allowed": [str(a) for a in allowed]},
        )


def _check_limits(
    actor: Actor,
    s: TableSession,
    policy: CagePolicy,
    value: Decimal,
    is_rebuy: bool,
    before: Decimal | None,
    player: Player | None,
    override_by: User | None,
    override_pin: str | None,
    override_reason: str,
) -> dict[str, Any]:
    """BUYIN-01/02/03/09: full buy-in to sit; the stack never above the maximum."""
    settings = s.settings
    minimum, maximum = settings.min_buyin, settings.max_buyin
    stack = before if is_rebuy else Decimal("0")
    if is_rebuy and stack is None and maximum is not None:
        raise DomainError.of(CageCode.REBUY_STACK_REQUIRED, maximum=maximum, field="stack_before")
    stack = stack or Decimal("0")
    cap = maximum
    exempt = False
    problem = None
    if not is_rebuy and value < minimum:
        problem = DomainError.of(
            CageCode.BUYIN_BELOW_MINIMUM,
            minimum=minimum,
            value=value,
            field="amount",
            details={"minimum": str(minimum)},
        )
    if maximum is not None and stack + value > maximum:
        departure = _exemption_cap(s, player, maximum, policy, timezone.now())
        if departure is not None and stack + value <= departure.stack:
            cap, exempt = departure.stack, True
        elif problem is None:
            problem = DomainError.of(
                CageCode.BUYIN_ABOVE_MAXIMUM,
                value=stack + value,
                maximum=maximum,
                field="amount",
                details={"maximum": str(maximum), "stack_after": str(stack + value)},
            )
    result: dict[str, Any] = {
        "min": minimum,
        "cap": cap,
        "exempt": exempt,
        "override_by": None,
        "override_reason": "",
    }
    if problem is not None:
        if override_by is None:
            raise problem
        # BUYIN-09: a pit boss may allow it, with a reason; it is reported to managers.
        result["override_by"] = _check_override(actor, override_by, override_pin, override_reason)
        result["override_reason"] = override_reason.strip()
    return result
