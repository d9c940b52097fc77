"""Admit: a prepared hand taken into the book before the next one is prepared.

Its number, the button and the pot it carries out, and the seating plan after it (who
sat down, each seat's stack, the blinds a sitting-out player missed, SEAT-06).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from casino.access import Actor
from players.models import Player
from tables.models import SeatEvent, SeatStatus
from tables.services.procedure import play_begins_for_first_hand

from ... import adapter
from ...models import HandStatus
from .book import ZERO, SeatMemory, SessionBook, blind_seats
from .prepare import Prepared


def admit(book: SessionBook, actor: Actor, p: Prepared) -> None:
    """Take a prepared hand into the book: its number, and the seating plan after it.

    Called right after :func:`prepare`, before the next hand of a batch is prepared,
    so that sequence and continuity checks of that next hand see this one.
    The session's first hand needs "play begins" told to the supervisor or pit boss
    (OPEN-17, SHUF-01): ``tables.services.procedure.play_begins_for_first_hand``.
    """
    if p.revision_of is None and book.max_number == 0 and not book.announced:
        play_begins_for_first_hand(
            actor=actor, session=book.session, players=len(p.record["seats"])
        )
        book.announced = True
    if p.revision_of is None:
        book.add_number(p.number)
    if p.revision_of is not None and p.number != book.max_number:
        return  # a correction of an older hand does not move the plan
    if p.revision_of is None and p.number < book.max_number:
        return  # a late entry: later hands already set the plan
    seats_in = {s["seat"]: s for s in p.record["seats"]}
    blinds = blind_seats(p.record)
    _missed_blinds(book, p, seats_in, blinds)
    after_end = book.movements(p.ended_at, None)
    for seat, s in seats_in.items():
        _seat_after(book, actor, p, seat, s, after_end)
    book.carry = list(p.verdict.carry_out)  # for the next hand (IRREG-03, POT-09)
    if p.revision_of is None:
        book.max_number = max(book.max_number, p.number)
        book.prev_button = p.record["button"]
        book.prev_void = p.status == HandStatus.VOID
        book.prev_blinds = blinds


def _missed_blinds(
    book: SessionBook,
    p: Prepared,
    seats_in: dict[int, dict[str, Any]],
    blinds: tuple[int, int] | None,
) -> None:
    """SEAT-06: a sitting-out player whom the blinds passed owes them on return."""
    touched = book.touched
    away = [
        seat
        for seat, memory in book.seats.items()
        if seat not in seats_in and memory.status == SeatStatus.SITTING_OUT
    ]
    previous = book.prev_blinds if away and blinds and p.revision_of is None else None
    if previous and blinds:
        for seat in away:
            memory = book.seats[seat]
            if _between(previous[0], blinds[0], seat):
                memory.missed_small = True
                touched[seat] = memory
            if _between(previous[1], blinds[1], seat):
                memory.missed_big = True
                touched[seat] = memory


def _seat_after(
    book: SessionBook,
    actor: Actor,
    p: Prepared,
    seat: int,
    s: dict[str, Any],
    after_end: dict[int, Decimal],
) -> None:
    """A seat dealt in, after the hand: who sits there, with what stack."""
    player = p.players.get(seat)
    player_id = player.pk if player else None
    memory = book.seats.get(seat)
    moved = (
        memory is None
        or memory.status == SeatStatus.EMPTY
        or ((memory.player_id or None) != player_id and (memory.name or "") != s.get("name"))
    )
    if moved and p.revision_of is not None and book.session.is_tournament:
        # A tournament's seats are the tournament's to give (issue 42 §7): a revision
        # that gives a busted player chips back reseats him through the elimination's
        # correction (tables.hooks.hand_revised), never over the seat's new player.
        return
    if moved:
        memory = _sit(book, actor, p, seat, s, memory, player)
    assert memory is not None  # not moved: the seat's memory was there
    memory.player_id = player_id
    memory.name = s.get("name") or memory.name
    # The plan's stack between hands: the finishing stack plus what the cage recorded
    # at the seat after this hand ended (none, unless past hands are stored late).
    memory.stack = p.verdict.finishing.get(seat, Decimal(s["stack"])) + after_end.get(seat, ZERO)
    memory.last_number = p.number
    memory.last_ended_at = p.ended_at
    if p.revision_of is None:
        memory.hands_played += 1
    memory.status = SeatStatus.PLAYING
    if Decimal(s.get("post") or 0) > 0 or adapter.positions(p.built.order).get(seat) == "BB":
        memory.missed_big = False
    if Decimal(s.get("dead_post") or 0) > 0 or adapter.positions(p.built.order).get(seat) in (
        "SB",
        "BU",
    ):
        memory.missed_small = False
    book.touched[seat] = memory


def _sit(
    book: SessionBook,
    actor: Actor,
    p: Prepared,
    seat: int,
    s: dict[str, Any],
    memory: SeatMemory | None,
    player: Player | None,
) -> SeatMemory:
    """A new player in the seat from this hand on (a sit event for the seating plan)."""
    joined = (p.number - 1) if p.number > 1 and book.max_number else None
    memory = SeatMemory(
        memory.row if memory else None,
        player.pk if player else None,
        s.get("name") or "",
        None,
        None,
        None,
        0,
        joined,
        SeatStatus.PLAYING,
        False,
        False,
    )
    book.seats[seat] = memory
    book.events.append(
        SeatEvent(
            casino_id=book.session.casino_id,
            session=book.session,
            seat=seat,
            kind=SeatEvent.Kind.SIT,
            player=player,
            name=s.get("name") or "",
            at=p.started_at,
            actor=actor.user,
            role=actor.role.value,
            detail={"from_hand": p.number},
        )
    )
    return memory


def _between(start: int, end: int, seat: int) -> bool:
    """Whether ``seat`` lies strictly after ``start`` and up to ``end``, clockwise."""
    if start == end:
        return False
    if start < end:
        return start < seat <= end
    return seat > start or seat <= end
