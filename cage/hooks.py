"""Where the hand recorder plugs a figure into the cage (registered in its ``AppConfig.ready``).

The hand recorder depends on the cage (it posts the rake, reads buy-ins for its
continuity check), so the cage must not import it. One figure comes from it:

- **seat stack** (issue 12 §7, HREC-08): the stack the hand recorder knows for a
  seat now, i.e. the seat's finishing stack in its last hand plus the buy-ins
  and minus the departures recorded since. A re-buy's declared ``stack_before``
  is checked against it.

Without a provider (or when no hand has been recorded for the seat) the stack is
unknown (``None``) and nothing is compared.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tables.models import TableSession

SeatStackProvider = Callable[["TableSession", int], Decimal | None]

_seat_stack: list[SeatStackProvider] = []


def register_seat_stack(provider: SeatStackProvider) -> SeatStackProvider:
    """``provider(session, seat) -> the stack the hand recorder knows, or None``."""
    if provider not in _seat_stack:
        _seat_stack.append(provider)
    return provider


def unregister(provider: object) -> None:
    if provider in _seat_stack:
        _seat_stack.remove(provider)  # type: ignore[arg-type]


def seat_stack(session: TableSession, seat: int) -> Decimal | None:
    """The first known figure among the providers (there is one: the hand recorder)."""
    for provider in _seat_stack:
        known = provider(session, seat)
        if known is not None:
            return known
    return None
