"""The cut of a hand as the hand recorder keeps it (SHUF-07, SHUF-08, OQ-20).

The cut is offered to the player seated before the button: immediately to its right,
that is the seat dealt in just before the button counter-clockwise (seats are numbered
clockwise; dealing starts left of the button). If that player declines, the croupier
cuts; the cut is never offered to anyone else. The record keeps
``{"by": "player", "seat": n}`` or ``{"by": "dealer", "offered_to": n}`` ("cut declined
/ dealer cut"). It is optional: an imported PHH hand has no cut.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from casino.errors import DomainError
from hands.codes import HandsCode


def seat_before_button(seats: Iterable[int], button: int) -> int:
    """The seat immediately to the button's right among the seats dealt in (OQ-20)."""
    ordered = sorted(set(seats))
    before = [s for s in ordered if s < button]
    return before[-1] if before else ordered[-1]


def normalise_cut(cut: Mapping[str, Any] | None, seats: Iterable[int], button: int) -> Any:
    """The stored form of the hand's cut, or None when none was recorded (SHUF-08)."""
    if not cut:
        return None
    dealt = sorted({int(s) for s in seats})
    offered = seat_before_button(dealt, button)
    if cut.get("declined") or cut.get("by") == "dealer":  # the input or the stored form
        if cut.get("seat") is not None:
            raise DomainError.of(HandsCode.CUT_INVALID, field="cut")
        return {"by": "dealer", "offered_to": offered}
    seat = cut.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in dealt:
        raise DomainError.of(HandsCode.CUT_SEAT_INVALID, field="cut.seat")
    if seat != offered:
        raise DomainError.of(
            HandsCode.CUT_NOT_OFFERED_TO_SEAT,
            offered=offered,
            seat=seat,
            field="cut.seat",
            details={"offered_to": offered, "seat": seat},
        )
    return {"by": "player", "seat": seat}
