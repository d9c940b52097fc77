"""The table's live seating, written here and nowhere else (issue 13 §1; SEAT, BUYIN-05).

The tables app owns the table's live state: who sits in each seat, the stack each has
between hands, the waiting list and whether a hand is being dealt. Every writer goes
through this module inside its own transaction, with the session row locked
(``lock_session``):

- the supervisor's seating actions (sit, sit out, reserve, leave, the waiting list);
- the cage: a buy-in on an empty seat seats its player (``seat_take_for_buyin``) and adds
  to the stack (``seat_stack_add``); a departure empties the seat (``seat_vacate``);
- the hand recorder: a stored hand writes each seat's finishing stack and who played
  (``seats_write_after_hands``); a live hand marks the session (``hand_begin``/``hand_end``).

Everybody reads it through ``tables.selectors.seat_plan``. Every change is a
``SeatEvent`` (SEAT-04: player, seat, time, assigned by).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.hotqueries import HotQuery, hot_insert, hot_update, hot_update_many
from casino.roles import Perm
from players.models import Player

from ..codes import TablesCode
from ..models import Seat, SeatEvent, SeatStatus, Table, TableSession, WaitingEntry
from ..selectors.assignment import lock_session, require_assigned, require_at
from ..selectors.seating import waiting_list
from ..selectors.sessions import live_session
from .players import admission_check


def seat_number(session: TableSession, seat: Any) -> int:
    """A seat number of the table (1..max seats of the session's settings), or SEAT_INVALID."""
    try:
        number = int(seat)
    except (TypeError, ValueError):
        number = 0
    max_seats = session.settings.max_seats if session.settings_id else 10
    if not 1 <= number <= max_seats:
        raise DomainError.of(TablesCode.SEAT_INVALID, max_seats=max_seats, field="seat")
    return number


def _player(actor: Actor, player_id: Any) -> Player | None:
    if player_id in (None, ""):
        return None
    player = Player.objects.filter(pk=player_id, casino_id=actor.casino_id).first()
    if player is None:
        raise DomainError.of(TablesCode.PLAYER_NOT_FOUND, player=player_id, field="player")
    return player


def _event(
    actor: Actor,
    session: TableSession,
    seat: int,
    kind: str,
    player: Player | None,
    name: str,
    **detail: Any,
) -> SeatEvent:
    event = SeatEvent(
        casino_id=session.casino_id,
        session=session,
        seat=seat,
        kind=kind,
        player=player,
        name=name,
        actor=actor.user,
        role=actor.role.value,
        detail=detail,
    )
    hot_insert([event])
    return event


# ``aggregate(Max(...))`` over the session's seats, built once (issue 43): grouped by the
# session, one row or none, the same maximum.
_LAST_HAND_NUMBER = HotQuery(
    lambda session: (
        Seat.objects.filter(session_id=session)
        .order_by()
        .values("session_id")
        .annotate(n=Max("last_hand_number"))
        .values_list("n", flat=True)
    ),
    session=int,
)


def _last_hand_number(session: TableSession) -> int | None:
    """The last hand the session's seats played (the plan's own memory), None before any."""
    return _LAST_HAND_NUMBER.first(session=session.pk)


def _occupy(
    session: TableSession,
    row: Seat,
    player: Player | None,
    name: str,
    stack: Decimal | None = None,
) -> None:
    """A new occupant on ``row``: nothing of the last one carries over (stack, hands, blinds)."""
    row.status = SeatStatus.PLAYING
    row.player = player
    row.name = name
    row.since = timezone.now()
    row.reserved_until = None
    row.joined_after_hand = _last_hand_number(session)
    row.hands_played = 0
    row.stack = stack
    row.last_hand_number = row.last_hand_ended_at = None
    row.missed_small = row.missed_big = False
    if row.pk is None:  # ``row.save()``'s statements, built once (issue 43)
        hot_insert([row])
    else:
        hot_update(row, _OCCUPANT_FIELDS)


# Every column ``save()`` writes on a seat that already has a row (the row is locked).
_OCCUPANT_FIELDS = [
    f.name for f in Seat._meta.local_concrete_fields if not f.primary_key and not f.generated
]


# One seat of a session, locked (unique: no ORDER BY, whose model ordering joined the
# session only to sort, and locked it a second time). Built once (issue 43).
_SEAT_LOCKED = HotQuery(
    lambda session, seat: (
        Seat.objects.select_for_update().filter(session_id=session, seat=seat).order_by()
    ),
    session=int,
    seat=int,
)


def _row(session: TableSession, seat: int) -> Seat:
    row = _SEAT_LOCKED.first(session=session.pk, seat=seat)
    if row is None:
        row = Seat(casino_id=session.casino_id, session=session, seat=seat)
    return row


def seat_sit(
    *,
    actor: Actor,
    session: TableSession,
    seat: Any,
    player_id: Any = None,
    name: str = "",
    waiting_entry: WaitingEntry | None = None,
) -> Seat:
    """Seat a player (SEAT-03 free choice in cash games; SEAT-04 recorded)."""
    require(actor, Perm.MANAGE_SEATING)
    player = _player(actor, player_id)
    name = (name or (player.display_name if player else "")).strip()
    if not name:
        raise DomainError.of(CasinoCode.NAME_REQUIRED, field="name")
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at(actor, session=s)
        if not s.accepts_transactions:
            raise DomainError.of(
                TablesCode.SESSION_NOT_OPEN, status=s.Status(s.status), field="session"
            )
        number = seat_number(s, seat)
        # Issue 17 §2: an excluded or under-age player is refused (GEN-08), the attempt noted.
        admission_check(actor, player=player, session=s, seat=number, where="seating")
        row = _row(s, number)
        if (
            row.pk
            and row.status not in (SeatStatus.EMPTY,)
            and not (
                row.status == SeatStatus.RESERVED
                and (row.player_id == (player.pk if player else None))
            )
        ):
            raise DomainError.of(TablesCode.SEAT_TAKEN, seat=number, field="seat")
        if player is not None:
            elsewhere = (
                Seat.objects.filter(session=s, player=player)
                .exclude(seat=number)
                .exclude(status=SeatStatus.EMPTY)
            )
            if elsewhere.exists():
                raise DomainError.of(TablesCode.PLAYER_ALREADY_SEATED, field="player")
        _occupy(s, row, player, name)
        _event(
            actor,
            s,
            number,
            SeatEvent.Kind.SIT,
            player,
            name,
            waiting_entry=waiting_entry.pk if waiting_entry else None,
        )
        audit_record(
            actor=actor,
            action="seat.sit",
            obj=row,
            after={"seat": number, "player": player.pk if player else None, "name": name},
            gaming_day=s.gaming_day,
        )
    return row


def seat_set_status(
    *,
    actor: Actor,
    session: TableSession,
    seat: Any,
    status: str,
    reserved_minutes: int | None = None,
) -> Seat:
    """Sitting out, back in, reserved (SEAT-09), or leaving the table."""
    require(actor, Perm.MANAGE_SEATING)
    if status not in SeatStatus.values:
        raise DomainError.of(TablesCode.SEAT_STATUS_INVALID, field="status")
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at(actor, session=s)
        number = seat_number(s, seat)
        row = _row(s, number)
        if not row.pk or row.status == SeatStatus.EMPTY:
            raise DomainError.of(TablesCode.SEAT_EMPTY, seat=number, field="seat")
        if s.hand_in_progress and status == SeatStatus.EMPTY:
            raise DomainError.of(TablesCode.HAND_IN_PROGRESS, field="session")
        before = row.status
        kind = {
            SeatStatus.SITTING_OUT: SeatEvent.Kind.SIT_OUT,
            SeatStatus.PLAYING: SeatEvent.Kind.RETURN,
            SeatStatus.RESERVED: SeatEvent.Kind.RESERVE,
            SeatStatus.EMPTY: SeatEvent.Kind.LEAVE,
        }[SeatStatus(status)]
        row.status = status
        row.reserved_until = (
            timezone.now() + timedelta(minutes=int(reserved_minutes or 20))
            if status == SeatStatus.RESERVED
            else None
        )
        player, name = row.player, row.name
        if status == SeatStatus.EMPTY:
            row.player = None
            row.name = ""
            row.missed_small = row.missed_big = False
        row.save()
        _event(actor, s, number, kind, player, name, before=before)
        audit_record(
            actor=actor,
            action=f"seat.{kind}",
            obj=row,
            before={"status": before},
            after={"status": status, "seat": number},
            gaming_day=s.gaming_day,
        )
    return row


def _require_at_waiting_list(actor: Actor, table: Table) -> None:
    """Issue 12 §1: the list is kept by who works the table now (its live session's
    supervisor or croupier, the sector's pit boss); with no session open, the
    sector's pit boss."""
    session = live_session(table)
    if session is not None:
        require_assigned(actor, session=session)
    else:
        require_assigned(actor, table=table)


def waiting_add(
    *, actor: Actor, table: Table, name: str = "", player_id: Any = None
) -> WaitingEntry:
    """Put a player on the table's waiting list, at the end (SEAT-04; 003 ¶25)."""
    require(actor, Perm.MANAGE_SEATING)
    player = _player(actor, player_id)
    name = (name or (player.display_name if player else "")).strip()
    if not name:
        raise DomainError.of(CasinoCode.NAME_REQUIRED, field="name")
    if table.casino_id != actor.user.casino_id:
        raise DomainError.of(
            TablesCode.TABLE_INVALID,
            problem=DomainError.of(TablesCode.TABLE_NOT_VALID),
            field="table",
        )
    with transaction.atomic():
        _require_at_waiting_list(actor, table)
        entry = WaitingEntry.objects.create(
            casino_id=table.casino_id, table=table, player=player, name=name, added_by=actor.user
        )
        audit_record(
            actor=actor,
            action="waiting.add",
            obj=entry,
            after={"table": table.pk, "name": name},
            casino_id=table.casino_id,
        )
    return entry


def waiting_cancel(*, actor: Actor, entry: WaitingEntry) -> WaitingEntry:
    require(actor, Perm.MANAGE_SEATING)
    with transaction.atomic():
        row = WaitingEntry.objects.select_for_update().select_related("table").get(pk=entry.pk)
        _require_at_waiting_list(actor, row.table)
        if row.status != WaitingEntry.Status.WAITING:
            raise DomainError.of(TablesCode.NOT_WAITING)
        row.status = WaitingEntry.Status.CANCELLED
        row.save(update_fields=["status"])
        audit_record(actor=actor, action="waiting.cancel", obj=row, casino_id=row.casino_id)
    return row


def waiting_seat(*, actor: Actor, entry: WaitingEntry, session: TableSession, seat: Any) -> Seat:
    """Seat the first player waiting (players on the waiting list are seated in order)."""
    require(actor, Perm.MANAGE_SEATING)
    with transaction.atomic():
        row = WaitingEntry.objects.select_for_update().get(pk=entry.pk)
        if row.status != WaitingEntry.Status.WAITING:
            raise DomainError.of(TablesCode.NOT_WAITING)
        if session.table_id != row.table_id:
            raise DomainError.of(TablesCode.TABLE_MISMATCH, field="session")
        first = waiting_list(row.table).select_for_update().first()
        if first is not None and first.pk != row.pk:
            raise DomainError.of(
                TablesCode.WAITING_LIST_ORDER,
                name=first.name,
                field="entry",
                details={"first": first.pk},
            )
        seated = seat_sit(
            actor=actor,
            session=session,
            seat=seat,
            player_id=row.player_id,
            name=row.name,
            waiting_entry=row,
        )
        row.status = WaitingEntry.Status.SEATED
        row.seated_at = timezone.now()
        row.session = session
        row.seat = seated.seat
        row.save(update_fields=["status", "seated_at", "session", "seat"])
    return seated


# --- the cage's writes (inside its transaction, the session row locked) -----------------


def seat_take_for_buyin(
    actor: Actor, session: TableSession, seat: int, player: Player | None, name: str
) -> tuple[Seat, bool]:
    """The seat a buy-in is for, and whether it is a re-buy (BUYIN-05, BUYIN-07).

    An empty seat (or one reserved for this player) seats the player now: a new player
    buys in even while a hand is being dealt and is dealt in from the next hand. A seat
    whose occupant has chips (bought in, or played a hand) is a re-buy; another identified
    player's seat, or a seat reserved for someone else, is refused (SEAT_OCCUPIED).
    """
    row = _row(session, seat)
    # Issue 17 §2: the cage's buy-in (or re-buy) of an excluded or under-age player.
    admission_check(actor, player=player or row.player, session=session, seat=seat, where="buyin")
    occupied = bool(row.pk) and row.status != SeatStatus.EMPTY
    other = (
        occupied and player is not None and row.player_id is not None and row.player_id != player.pk
    )
    if other or (
        row.status == SeatStatus.RESERVED
        and not (player is not None and row.player_id == player.pk)
        and not (name and row.name == name)
    ):
        raise DomainError.of(
            TablesCode.SEAT_OCCUPIED, seat=seat, field="seat", details={"name": row.name}
        )
    if occupied and row.status != SeatStatus.RESERVED:
        if player is not None and row.player_id is None:
            row.player = player
            row.save(update_fields=["player"])
        return row, row.stack is not None
    name = (name or (player.display_name if player else "")).strip()
    _occupy(session, row, player, name)
    _event(actor, session, seat, SeatEvent.Kind.SIT, player, name, by="buyin")
    return row, False


def seat_stack_add(
    session: TableSession,
    seat: int,
    amount: Decimal,
    actor: Actor | None = None,
    *,
    recorded_at: datetime | None = None,
    row: Seat | None = None,
) -> None:
    """A buy-in's chips reach the seat's stack; a reversal passes a negative amount and
    the reversed buy-in's time (``recorded_at``). ``row``: the seat's row as the same write
    has just locked and taken it (``seat_take_for_buyin``), so it is not read twice.

    A reversed buy-in that was recorded before the seat's last hand ended changes nothing:
    that hand's finishing stack already says what the player really had. Reversing the only
    buy-in of a player who has not played a hand here (recorded at the wrong table, the
    wrong seat) leaves the seat as if he never sat: empty.
    """
    if row is None or row.seat != seat or row.session_id != session.pk:
        row = _row(session, seat)
    if not row.pk or row.status == SeatStatus.EMPTY:
        return  # the player has left: the departure took the stack
    if (
        recorded_at is not None
        and row.last_hand_ended_at is not None
        and recorded_at <= row.last_hand_ended_at
    ):
        return
    stack = (row.stack or Decimal("0")) + amount
    if stack <= 0 and row.last_hand_number is None and amount < 0 and actor is not None:
        seat_vacate(actor, session, seat, reversed=True)
        return
    row.stack = stack
    hot_update(row, ["stack"])


def seat_vacate(actor: Actor, session: TableSession, seat: int, **detail: Any) -> Seat:
    """The player leaves with his chips (the cage's departure): the seat is empty."""
    row = _row(session, seat)
    if not row.pk or row.status == SeatStatus.EMPTY:
        raise DomainError.of(TablesCode.SEAT_NOT_OCCUPIED, seat=seat, field="seat")
    player, name, before = row.player, row.name, row.status
    row.status = SeatStatus.EMPTY
    row.player = None
    row.name = ""
    row.stack = None
    row.reserved_until = None
    row.missed_small = row.missed_big = False
    row.save()
    _event(actor, session, seat, SeatEvent.Kind.LEAVE, player, name, before=before, **detail)
    return row


# --- a tournament's writes (issue 42; inside its transaction, the session row locked) ------


def seat_take_for_tournament(
    actor: Actor,
    session: TableSession,
    seat: int,
    player: Player | None,
    name: str,
    chips: int,
    **detail: Any,
) -> Seat:
    """A tournament seats a player with his chips: a draw, a late entry, a move (TOUR-01,
    TOUR-05). The stack of a tournament seat counts tournament chips, not money; the seat
    must be empty (a move vacates the old seat first, :func:`seat_vacate`). The registry's
    exclusion and age checks apply (issue 17 §2)."""
    if not session.is_tournament:
        raise DomainError.of(
            TablesCode.SESSION_NOT_TOURNAMENT, table=session.table, field="session"
        )
    row = _row(session, seat)
    admission_check(actor, player=player, session=session, seat=seat, where="seating")
    if row.pk and row.status != SeatStatus.EMPTY:
        raise DomainError.of(TablesCode.SEAT_TAKEN, seat=seat, field="seat")
    name = (name or (player.display_name if player else "")).strip()[:120]
    _occupy(session, row, player, name, Decimal(int(chips)))
    _event(actor, session, seat, SeatEvent.Kind.SIT, player, name, by="tournament", **detail)
    return row


# --- a hand being dealt ---------------------------------------------------------------------


def hand_begin(
    session: TableSession,
    actor: Actor | None = None,
    seats: list[dict[str, Any]] = (),  # type: ignore[assignment]
) -> None:
    """A hand is being dealt at the session (the one flag every writer reads).

    Seats dealt in that the plan has empty (the supervisor typed a player the plan did not
    have) are seated now, so the cage sees them taken while the hand is played.
    """
    if session.hand_in_progress:
        raise DomainError.of(TablesCode.HAND_IN_PROGRESS, field="session")
    for entry in seats:
        number = int(entry["seat"])
        row = _row(session, number)
        if row.pk and row.status != SeatStatus.EMPTY:
            continue
        player_id = entry.get("player")
        player = (
            Player.objects.filter(pk=player_id, casino_id=session.casino_id).first()
            if player_id
            else None
        )
        stack = Decimal(str(entry["stack"])) if entry.get("stack") not in (None, "") else None
        _occupy(session, row, player, (entry.get("name") or "").strip()[:120], stack)
        if actor is not None:
            _event(actor, session, number, SeatEvent.Kind.SIT, player, row.name, by="hand")
    TableSession.objects.filter(pk=session.pk).update(hand_in_progress=True)
    session.hand_in_progress = True


def hand_end(session: TableSession) -> None:
    TableSession.objects.filter(pk=session.pk).update(hand_in_progress=False)
    session.hand_in_progress = False


# --- the hand recorder's writes ---------------------------------------------------------------


@dataclass
class SeatState:
    """A seat as the hand recorder keeps it in memory while it stores a batch of hands."""

    row: Seat | None
    player_id: int | None
    name: str
    stack: Decimal | None
    last_number: int | None
    last_ended_at: datetime | None
    hands_played: int
    joined_after: int | None
    status: str
    missed_small: bool
    missed_big: bool

    @classmethod
    def of(cls, row: Seat) -> SeatState:
        return cls(
            row,
            row.player_id,
            row.name,
            row.stack,
            row.last_hand_number,
            row.last_hand_ended_at,
            row.hands_played,
            row.joined_after_hand,
            row.status,
            row.missed_small,
            row.missed_big,
        )


_SEAT_FIELDS = (
    ("status", "status"),
    ("player_id", "player_id"),
    ("name", "name"),
    ("stack", "stack"),
    ("last_hand_number", "last_number"),
    ("last_hand_ended_at", "last_ended_at"),
    ("hands_played", "hands_played"),
    ("joined_after_hand", "joined_after"),
    ("missed_small", "missed_small"),
    ("missed_big", "missed_big"),
)


def seats_write_after_hands(
    session: TableSession, touched: dict[int, SeatState], events: list[SeatEvent]
) -> None:
    """Write the seats the stored hands changed, and their seat events.

    One UPDATE for every seat a hand changed (``bulk_update``'s statement, built once:
    issue 43), of the columns any of them changed; a seat whose column did not change
    gets its own value again.
    """
    creates: list[Seat] = []
    updates: list[Seat] = []
    columns: set[str] = set()
    for seat, m in touched.items():
        row = m.row
        if row is None:
            row = Seat(
                casino_id=session.casino_id, session=session, seat=seat, since=timezone.now()
            )
            for column, attr in _SEAT_FIELDS:
                setattr(row, column, getattr(m, attr))
            creates.append(row)
            m.row = row
            continue
        changes = []
        for column, attr in _SEAT_FIELDS:
            value = getattr(m, attr)
            if getattr(row, column) != value:
                changes.append(column)
                setattr(row, column, value)
        if changes:
            updates.append(row)
            columns.update(changes)
    if updates:
        hot_update_many(updates, [c for c, _attr in _SEAT_FIELDS if c in columns])
    hot_insert(creates)
    hot_insert(events)
