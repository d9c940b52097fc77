"""Seats and players at a session, the waiting list and the button draw (SEAT, SHUF-09).

The seating plan (``Seat``) says who sits where now; every change is also a
``SeatEvent`` (SEAT-04: player, seat, time, assigned by). Hands stored by the
recorder keep the plan up to date too (stacks, who played), so the plan is the
starting point of the next hand.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errors import Conflict, ValidationFailed
from casino.roles import Perm
from tables.models import Player, Table, TableSession
from tables.selectors import live_session, require_assigned

from .. import engine, selectors
from ..models import ButtonDraw, Seat, SeatEvent, SeatStatus, WaitingEntry
from .recording import lock_session, require_at_table, same_casino


def _seat_number(session: TableSession, seat: Any) -> int:
    try:
        number = int(seat)
    except (TypeError, ValueError):
        number = 0
    max_seats = session.settings.max_seats if session.settings_id else 10
    if not 1 <= number <= max_seats:
        raise ValidationFailed(
            "SEAT_INVALID",
            f"La mesa tiene los asientos 1 a {max_seats}.",
            f"The table has seats 1 to {max_seats}.",
            field="seat",
        )
    return number


def _player(actor: Actor, player_id: Any) -> Player | None:
    if player_id in (None, ""):
        return None
    player = Player.objects.filter(pk=player_id, casino_id=actor.user.casino_id).first()
    if player is None:
        raise ValidationFailed(
            "PLAYER_NOT_FOUND", "Jugador no encontrado.", "Player not found.", field="player"
        )
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
    return SeatEvent.objects.create(
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


def _row(session: TableSession, seat: int) -> Seat:
    row = Seat.objects.select_for_update().filter(session=session, seat=seat).first()
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
        raise ValidationFailed(
            "NAME_REQUIRED",
            "Indique el nombre del jugador o una referencia (SEAT-11).",
            "Give the player's name or a reference (SEAT-11).",
            field="name",
        )
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)
        if not s.accepts_transactions:
            raise Conflict(
                "SESSION_NOT_OPEN",
                "La mesa no está abierta.",
                "The table is not open.",
                field="session",
            )
        number = _seat_number(s, seat)
        row = _row(s, number)
        if (
            row.pk
            and row.status not in (SeatStatus.EMPTY,)
            and not (
                row.status == SeatStatus.RESERVED
                and (row.player_id == (player.pk if player else None))
            )
        ):
            raise Conflict(
                "SEAT_TAKEN",
                f"El asiento {number} está ocupado.",
                f"Seat {number} is taken.",
                field="seat",
            )
        if player is not None:
            elsewhere = (
                Seat.objects.filter(session=s, player=player)
                .exclude(seat=number)
                .exclude(status=SeatStatus.EMPTY)
            )
            if elsewhere.exists():
                raise Conflict(
                    "PLAYER_ALREADY_SEATED",
                    "El jugador ya está sentado en esta mesa.",
                    "The player is already seated at this table.",
                    field="player",
                )
        row.status = SeatStatus.PLAYING
        row.player = player
        row.name = name
        row.since = timezone.now()
        row.reserved_until = None
        row.joined_after_hand = selectors.last_hand_number(s) or None
        row.hands_played = 0
        row.missed_small = row.missed_big = False
        row.save()
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
        raise ValidationFailed(
            "SEAT_STATUS_INVALID",
            "Estado de asiento inválido.",
            "Invalid seat status.",
            field="status",
        )
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)
        number = _seat_number(s, seat)
        row = _row(s, number)
        if not row.pk or row.status == SeatStatus.EMPTY:
            raise Conflict(
                "SEAT_EMPTY",
                f"El asiento {number} está vacío.",
                f"Seat {number} is empty.",
                field="seat",
            )
        if s.hand_in_progress and status == SeatStatus.EMPTY:
            raise Conflict(
                "HAND_IN_PROGRESS",
                "Hay una mano en juego: el jugador deja la mesa al terminarla.",
                "A hand is in progress: the player leaves when it ends.",
                field="session",
            )
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
        raise ValidationFailed(
            "NAME_REQUIRED", "Indique el nombre.", "Give the name.", field="name"
        )
    if table.casino_id != actor.user.casino_id:
        raise ValidationFailed("TABLE_INVALID", "Mesa inválida.", "Invalid table.", field="table")
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
            raise Conflict("NOT_WAITING", "Ya no está esperando.", "No longer waiting.")
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
            raise Conflict("NOT_WAITING", "Ya no está esperando.", "No longer waiting.")
        if session.table_id != row.table_id:
            raise ValidationFailed(
                "TABLE_MISMATCH",
                "La sesión no es de la mesa de la lista de espera.",
                "The session is not of the waiting list's table.",
                field="session",
            )
        first = selectors.waiting_list(row.table).select_for_update().first()
        if first is not None and first.pk != row.pk:
            raise Conflict(
                "WAITING_LIST_ORDER",
                f"Primero se sienta {first.name}: la lista de espera se respeta en orden.",
                f"{first.name} is seated first: the waiting list goes in order.",
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


def button_draw_record(*, actor: Actor, session: TableSession, cards: dict[Any, str]) -> ButtonDraw:
    """The initial button draw: one card per seat, high card wins, ♠ > ♦ > ♣ > ♥ (SHUF-09)."""
    require(actor, Perm.MANAGE_SEATING)
    draw = {}
    for seat, card in (cards or {}).items():
        draw[_seat_number(session, seat)] = str(card)
    winner = engine.button_draw(draw)
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)
        record = ButtonDraw.objects.create(
            casino_id=s.casino_id,
            session=s,
            cards={str(k): v for k, v in sorted(draw.items())},
            winner_seat=winner,
            actor=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="button.draw",
            obj=record,
            after={"cards": record.cards, "winner": winner},
            gaming_day=s.gaming_day,
        )
    return record
