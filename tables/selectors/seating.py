"""The one reader of a table's live seating (issue 13 §1): every page, the API, the cage
and the hand recorder ask here who sits where, with which stack, and who waits."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.db.models import QuerySet

from casino.hotqueries import HotQuery
from players.models import Player

from ..models import Seat, SeatStatus, Table, TableSession, WaitingEntry

# Read for every hand stored (issue 43: built once).
_SEAT_ROWS = HotQuery(
    lambda session: (
        Seat.objects.filter(session_id=session).select_related("player").order_by("seat")
    ),
    session=int,
)


def seat_rows(session: TableSession) -> list[Seat]:
    """The session's seat rows (one per seat ever used), by seat number."""
    return _SEAT_ROWS.all(session=session.pk)


def seat_at(session: TableSession, seat: int) -> Seat | None:
    """The occupied seat ``seat`` of the session, or None when it is empty."""
    row = Seat.objects.filter(session=session, seat=seat).select_related("player").first()
    return row if row is not None and row.status != SeatStatus.EMPTY else None


def seated_counts(table_ids: list[int]) -> dict[int, int]:
    """Players seated (any status but empty) per live session of these tables."""
    counts: dict[int, int] = {}
    for session_id in (
        Seat.objects.filter(session__table_id__in=table_ids)
        .exclude(status=SeatStatus.EMPTY)
        .values_list("session_id", flat=True)
    ):
        counts[session_id] = counts.get(session_id, 0) + 1
    return counts


def waiting_list(table: Table) -> QuerySet[WaitingEntry]:
    return WaitingEntry.objects.filter(table=table, status=WaitingEntry.Status.WAITING).order_by(
        "requested_at", "id"
    )


@dataclass(frozen=True)
class PlanSeat:
    """One seat of the plan: empty, or its player, status and stack between hands."""

    number: int
    status: str = SeatStatus.EMPTY
    status_label: str = ""
    player: Player | None = None
    name: str = ""
    stack: Decimal | None = None  # None: no chips known yet (seated, not bought in)
    since: datetime | None = None
    hands_played: int = 0
    last_hand_number: int | None = None
    last_hand_ended_at: datetime | None = None
    reserved_until: datetime | None = None
    missed_small: bool = False
    missed_big: bool = False

    @property
    def occupied(self) -> bool:
        return self.status != SeatStatus.EMPTY

    @property
    def seat(self) -> int:
        return self.number

    def get_status_display(self) -> str:
        return self.status_label

    @property
    def player_id(self) -> int | None:
        return self.player.pk if self.player is not None else None

    @property
    def label(self) -> str:
        """What the floor reads on the seat: the name, else the player's, else the seat."""
        if self.name:
            return self.name
        if self.player is not None:
            return self.player.display_name
        return ""


@dataclass(frozen=True)
class SeatPlan:
    session: TableSession
    seats: list[PlanSeat]
    hand_in_progress: bool
    waiting: list[WaitingEntry] = field(default_factory=list)

    def at(self, number: int) -> PlanSeat:
        return next((s for s in self.seats if s.number == number), PlanSeat(number))

    @property
    def occupied(self) -> list[PlanSeat]:
        return [s for s in self.seats if s.occupied]


def seat_plan(session: TableSession, *, with_waiting: bool = True) -> SeatPlan:
    """Every seat of the table (1..max seats), who sits there and with which stack."""
    max_seats = session.settings.max_seats if session.settings_id else 10
    rows = {row.seat: row for row in seat_rows(session)}
    seats = []
    for n in range(1, max(max_seats, max(rows, default=0)) + 1):
        row = rows.get(n)
        if row is None or row.status == SeatStatus.EMPTY:
            seats.append(PlanSeat(n))
            continue
        seats.append(
            PlanSeat(
                number=n,
                status=row.status,
                status_label=str(row.get_status_display()),
                player=row.player,
                name=row.name,
                stack=row.stack,
                since=row.since,
                hands_played=row.hands_played,
                last_hand_number=row.last_hand_number,
                last_hand_ended_at=row.last_hand_ended_at,
                reserved_until=row.reserved_until,
                missed_small=row.missed_small,
                missed_big=row.missed_big,
            )
        )
    waiting = list(waiting_list(session.table).select_related("player")) if with_waiting else []
    # The flag as stored now, not as the caller's copy of the session row last saw it.
    in_progress = (
        TableSession.objects.filter(pk=session.pk).values_list("hand_in_progress", flat=True)
    ).first()
    return SeatPlan(session, seats, bool(in_progress), waiting)
