"""The table card: a session's buy-ins, and each seat's summary and movements."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from tables.models import TableSession

from ..models import (
    SeatDeparture,
    TableTransaction,
    TransactionKind,
)


def buyins(session: TableSession) -> QuerySet[TableTransaction]:
    return (
        TableTransaction.objects.filter(session=session, kind=TransactionKind.BUYIN)
        .select_related("croupier", "approved_by", "player", "override_by", "reverses")
        .prefetch_related("cash_lines", "chip_lines__denomination")
        .order_by("recorded_at", "id")
    )


def effective_at(tx: TableTransaction) -> datetime:
    """When a transaction took effect: a reversal undoes its original at the original's time."""
    return tx.reverses.recorded_at if tx.reverses_id and tx.reverses else tx.recorded_at


@dataclass
class SeatSummary:
    """What the supervisor watches per seated player (BUYIN-07)."""

    seat: int
    player_name: str = ""
    player_id: int | None = None
    seated_since: datetime | None = None
    total_buyin: Decimal = Decimal("0")
    rebuys: int = 0
    seated: bool = False
    left_at: datetime | None = None
    left_with: Decimal | None = None

    @property
    def minutes_seated(self) -> int | None:
        if self.seated_since is None:
            return None
        end = self.left_at if not self.seated and self.left_at else timezone.now()
        return int((end - self.seated_since).total_seconds() // 60)


def _seat_events(
    session: TableSession, seat: int | None = None
) -> list[tuple[datetime, int, str, Any]]:
    # Only what the summary reads (no lines), and only one seat when asked: a buy-in
    # must not read the whole session's history (issue 9 §5, the load run).
    txs = TableTransaction.objects.filter(session=session, kind=TransactionKind.BUYIN)
    departures = SeatDeparture.objects.filter(session=session)
    if seat is not None:
        txs, departures = txs.filter(seat=seat), departures.filter(seat=seat)
    events: list[tuple[datetime, int, str, Any]] = []
    for tx in txs.select_related("player", "reverses"):
        events.append((effective_at(tx), tx.pk, "buyin", tx))
    for dep in departures.select_related("player"):
        events.append((dep.left_at, dep.pk, "departure", dep))
    events.sort(key=lambda e: (e[0], 0 if e[2] == "buyin" else 1, e[1]))
    return events


def seat_summaries(session: TableSession, seat: int | None = None) -> dict[int, SeatSummary]:
    """Per seat: current player, seated since, cumulative buy-in, re-buys, time (BUYIN-07).

    With ``seat``, only that seat's summary is computed (the others are absent)."""
    seats: dict[int, SeatSummary] = {}
    for _at, _pk, what, obj in _seat_events(session, seat):
        summary = seats.get(obj.seat)
        if what == "departure":
            if summary is not None:
                summary.seated = False
                summary.left_at = obj.left_at
                summary.left_with = obj.stack
            continue
        tx: TableTransaction = obj
        if summary is None or (not summary.seated and tx.sign > 0):
            summary = SeatSummary(seat=tx.seat or 0)
            seats[summary.seat] = summary
        if tx.sign > 0:
            if not summary.seated:
                summary.seated = True
                summary.seated_since = tx.recorded_at
                summary.total_buyin = Decimal("0")
                summary.rebuys = 0
            elif tx.is_rebuy:
                summary.rebuys += 1
            summary.player_name = tx.player_name or (tx.player.display_name if tx.player else "")
            summary.player_id = tx.player_id
        elif tx.is_rebuy:
            summary.rebuys = max(0, summary.rebuys - 1)
        summary.total_buyin += tx.sign * tx.amount
        if summary.total_buyin <= 0 and tx.sign < 0:
            # Every buy-in of the stay was reversed (a reversal takes effect when its
            # original did, so a re-buy can be the last one left): nobody sits there.
            summary.seated = False
    return seats


@dataclass(frozen=True)
class SeatMovement:
    """Chips that reached or left a seat between two hands (HREC-08).

    ``added`` is every buy-in and re-buy (any source); ``removed`` is the stack a
    player took when leaving. Colour changes and cash-outs exchange chips of equal
    value and do not change a stack's value.
    """

    seat: int
    added: Decimal = Decimal("0")
    removed: Decimal = Decimal("0")
    transactions: tuple[int, ...] = field(default_factory=tuple)
    departures: tuple[int, ...] = field(default_factory=tuple)

    @property
    def net(self) -> Decimal:
        return self.added - self.removed


def seat_movements(
    session: TableSession, *, since: datetime | None = None, until: datetime | None = None
) -> dict[int, SeatMovement]:
    """Buy-ins and departures per seat with ``since < time <= until``.

    For the hand recorder's continuity check (HREC-08): with ``since`` = end of hand
    N and ``until`` = start of hand N+1, the starting stack of a seat in hand N+1 must
    equal its finishing stack in hand N plus ``added`` minus ``removed``. Re-buys are
    refused while a hand is in progress (BUYIN-05), so every buy-in falls between
    two hands. A reversal counts at its original's time (the buy-in never happened).
    """

    def inside(at: datetime) -> bool:
        return (since is None or at > since) and (until is None or at <= until)

    acc: dict[int, dict[str, Any]] = defaultdict(
        lambda: {"added": Decimal("0"), "removed": Decimal("0"), "tx": [], "dep": []}
    )
    for tx in TableTransaction.objects.filter(
        session=session, kind=TransactionKind.BUYIN
    ).select_related("reverses"):
        if inside(effective_at(tx)) and tx.seat is not None:
            acc[tx.seat]["added"] += tx.sign * tx.amount
            acc[tx.seat]["tx"].append(tx.pk)
    for dep in SeatDeparture.objects.filter(session=session):
        if inside(dep.left_at):
            acc[dep.seat]["removed"] += dep.stack
            acc[dep.seat]["dep"].append(dep.pk)
    return {
        seat: SeatMovement(
            seat=seat,
            added=v["added"],
            removed=v["removed"],
            transactions=tuple(v["tx"]),
            departures=tuple(v["dep"]),
        )
        for seat, v in sorted(acc.items())
    }
