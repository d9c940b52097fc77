"""A hand's times, as a client declares them, against what the server knows (issue 39 §2).

A hand sent with ``started_at`` in January 2025, or three days ahead, was stored: the
first flagged only for chip continuity, the second as valid. What the server knows is the
session's own span (opened, and closed when it is) and its clock. A hand's start and end
must fall inside the session and not after the server's now, each within
:data:`CLOCK_TOLERANCE`:

- **2 minutes** covers a tablet whose clock runs a little ahead or behind the server's
  (they are set by the network, not by hand) and a hand posted the instant the session
  opened or just before it closed; a hand really played outside that is someone's
  mistake or a forgery, and is refused with its code, nothing written.

A correction keeps the original's times unless it gives new ones, and is judged the same
way (a session closed since keeps its span, so an honest correction still fits).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from casino.errors import DomainError
from hands.codes import HandsCode
from tables.models import TableSession

CLOCK_TOLERANCE = timedelta(minutes=2)


def _when(value: datetime) -> str:
    return value.isoformat(timespec="seconds")


def check_hand_times(
    session: TableSession, started: datetime, ended: datetime, now: datetime
) -> None:
    """Refuse a hand that starts or ends outside its session or after the server's now."""
    latest = now + CLOCK_TOLERANCE
    for field, value in (("started_at", started), ("ended_at", ended)):
        if value > latest:
            raise DomainError.of(
                HandsCode.HAND_TIME_IN_FUTURE,
                when=_when(value),
                when2=_when(now),
                field=field,
                details={"value": _when(value), "server_time": _when(now)},
            )
    opened, closed = session.opened_at, session.closed_at
    if opened is not None and started < opened - CLOCK_TOLERANCE:
        raise _outside("started_at", started, opened, closed)
    if closed is not None and ended > closed + CLOCK_TOLERANCE:
        raise _outside("ended_at", ended, opened, closed)


def _outside(
    field: str, value: datetime, opened: datetime | None, closed: datetime | None
) -> DomainError:
    span = f"{_when(opened) if opened else '…'} – {_when(closed) if closed else '…'}"
    return DomainError.of(
        HandsCode.HAND_TIME_OUTSIDE_SESSION,
        when=_when(value),
        span=span,
        field=field,
        details={
            "value": _when(value),
            "opened_at": _when(opened) if opened else None,
            "closed_at": _when(closed) if closed else None,
        },
    )
