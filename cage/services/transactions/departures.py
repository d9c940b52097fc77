"""A player leaving the table with a stack (BUYIN-03's return exemption reads it)."""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.atomic import service_atomic
from casino.audit import audit_record
from casino.errors import DomainError
from casino.roles import Perm
from tables.codes import TablesCode
from tables.models import TableSession
from tables.selectors import require_assigned, seat_at
from tables.services import lock_session
from tables.services.seating import seat_vacate

from ...models import (
    SeatDeparture,
)
from ..common import (
    parse_money,
    require_no_hand_in_progress,
    require_not_closing,
)
from .writing import _seat


def player_departure_record(
    *,
    actor: Actor,
    session: TableSession,
    seat: int,
    stack: Decimal | str | int,
) -> SeatDeparture:
    """A player leaves the seat with ``stack`` (BUYIN-03 exemption, HREC-08 continuity)."""
    require(actor, Perm.RECORD_BUYIN)
    value = parse_money(stack, "stack", allow_zero=True)
    with service_atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_assigned(actor, session=s)  # issue 12 §1
        require_not_closing(s)  # OPEN-16, issue 39 §2
        require_no_hand_in_progress(s)
        seat_no = _seat(s, seat)
        occupant = seat_at(s, seat_no)
        if occupant is None:
            raise DomainError.of(TablesCode.SEAT_NOT_OCCUPIED, seat=seat_no, field="seat")
        departure = SeatDeparture.objects.create(
            casino_id=s.casino_id,
            gaming_day_id=s.gaming_day_id,
            table_id=s.table_id,
            session=s,
            seat=seat_no,
            player_id=occupant.player_id,
            player_name=occupant.name,
            stack=value,
            left_at=timezone.now(),
            recorded_by=actor.user,
        )
        seat_vacate(actor, s, seat_no, departure=departure.pk)  # issue 13 §1: one plan
        audit_record(
            actor=actor,
            action="cage.departure.record",
            obj=departure,
            after={"seat": seat_no, "stack": str(value), "player": occupant.player_id},
        )
    return departure
