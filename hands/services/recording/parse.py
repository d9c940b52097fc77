"""Parse: a hand's input read against its session, before the engine sees it.

The times and the number, the session's readiness to deal, the settings version in
force when the hand started and the terms it is played under (``terms.hand_terms``),
the record normalised for the engine, and the seats' players (a penalised player is
dealt in dead, SANC-13). Bad input raises ``DomainError`` (a 400); nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from casino.errors import DomainError
from players.models import Player
from tables.codes import TablesCode
from tables.models import TableSession, TableSettings

from ... import adapter, selectors
from ...codes import HandsCode
from ...models import Hand
from ..times import check_hand_times
from .book import SessionBook
from .terms import HandTerms, hand_terms, require_dealing, tournament_record


@dataclass
class Parsed:
    """A hand read from its input: ready for the engine and the book's checks."""

    number: int
    record: dict[str, Any]
    settings: TableSettings
    terms: HandTerms
    started: datetime
    ended: datetime
    source: str
    revision_of: Hand | None
    players: dict[int, Player | None]  # by seat
    penalised: set[int]  # seats


def parse(
    book: SessionBook,
    data: dict[str, Any],
    *,
    source: str,
    number: int | None,
    started_at: datetime | None,
    ended_at: datetime | None,
    revision_of: Hand | None,
    check_refusals: bool,
) -> Parsed:
    """Read one hand's input (nothing written). Bad input raises a 400."""
    session = book.session
    started, ended = _times(session, started_at, ended_at)
    number = _number(book, number, revision_of)
    if check_refusals and revision_of is None:
        refusals, croupier = selectors.session_readiness(session, number)
        if refusals:
            raise refusals[0]
        book.croupier_on_duty = croupier  # read with the readiness check: no second query
    settings = book.settings_at(started)
    structure = _structure(settings, data)
    terms = hand_terms(session, settings, started, structure=structure, unit=book.unit)
    if check_refusals and revision_of is None:
        require_dealing(session, terms)
    record = adapter.normalise({**data, "structure": structure}, defaults=terms.defaults)
    if revision_of is None and number > book.max_number:
        tournament_record(book, record, terms)
    players = _players(session, record, settings)
    penalised = _penalised(session, record, number, players)
    return Parsed(
        number=number,
        record=record,
        settings=settings,
        terms=terms,
        started=started,
        ended=ended,
        source=source,
        revision_of=revision_of,
        players={
            s["seat"]: players.get(int(s["player"])) if s.get("player") else None
            for s in record["seats"]
        },
        penalised=penalised,
    )


def _times(
    session: TableSession, started_at: datetime | None, ended_at: datetime | None
) -> tuple[datetime, datetime]:
    now = timezone.now()
    started = started_at or now
    ended = ended_at or max(started, now)
    if ended < started:
        raise DomainError.of(HandsCode.HAND_TIMES, field="ended_at")
    check_hand_times(session, started, ended, now)  # issue 39 §2: inside the session, not ahead
    return started, ended


def _number(book: SessionBook, number: int | None, revision_of: Hand | None) -> int:
    if revision_of is not None:
        return revision_of.number
    if number is None:
        return book.max_number + 1
    if book.taken(number):
        raise DomainError.of(
            HandsCode.DUPLICATE_HAND_NUMBER,
            number=number,
            field="number",
            details={"number": number},
        )
    return number


def _structure(settings: TableSettings, data: dict[str, Any]) -> str:
    structure = data.get("structure") or settings.variant
    if settings.variant != "mixed":
        structure = settings.variant
    elif structure == "mixed":
        raise DomainError.of(HandsCode.STRUCTURE_REQUIRED, field="structure")
    return structure


def _players(
    session: TableSession, record: dict[str, Any], settings: TableSettings
) -> dict[int, Player]:
    """The players the seats name (by id), each of the session's casino."""
    seats_in = record["seats"]
    if len(seats_in) > settings.max_seats or any(s["seat"] > settings.max_seats for s in seats_in):
        raise DomainError.of(TablesCode.SEAT_INVALID, max_seats=settings.max_seats, field="seats")
    players = selectors.players_by_id(
        session.casino_id, [s["player"] for s in seats_in if s.get("player") is not None]
    )
    for k, s in enumerate(seats_in):
        if s.get("player") is not None and int(s["player"]) not in players:
            raise DomainError.of(
                TablesCode.PLAYER_NOT_FOUND, player=s["player"], field=f"seats[{k}].player"
            )
        if s.get("player") is not None and not s.get("name"):
            s["name"] = players[int(s["player"])].display_name
    return players


def _penalised(
    session: TableSession, record: dict[str, Any], number: int, players: dict[int, Player]
) -> set[int]:
    """SANC-13: a player serving a vuelta or sit-out penalty is dealt in, posts, hand dead."""
    penalised_ids = selectors.penalised_players(session, number) if players else set()
    penalised = set()
    for s in record["seats"]:
        if s.get("player") is not None and int(s["player"]) in penalised_ids:
            s["penalised"] = True
        if s.get("penalised"):
            penalised.add(s["seat"])
    return penalised
