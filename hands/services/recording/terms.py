"""What a hand at a table is played under: the engine's rules and the forced bets.

One function turns a table's settings version into the engine's rules:
``hands.adapter.rules_for`` (the profile, the fund's drop, the tournament's profile),
asked here for every hand the recorder stores (:func:`hand_terms`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from casino.errors import DomainError
from tables import hooks as table_hooks
from tables.models import ForcedBets, SeatStatus, TableSession, TableSettings

from ... import adapter
from ...codes import HandsCode
from .book import ZERO, SessionBook, blind_seats


def forced_defaults(settings: TableSettings, structure: str) -> dict[str, Any]:
    """The forced bets a hand at this table posts unless it says otherwise (GAME-04,
    GAME-05): one blind posts only the big blind; an ante only with ``ante`` > 0."""
    one_blind = settings.forced_bets == ForcedBets.ONE_BLIND
    return {
        "small": ZERO if one_blind else settings.small_blind,
        "big": settings.big_blind,
        "ante": settings.ante,
        "small_bet": settings.small_bet if structure == "limit" else None,
        "big_bet": settings.big_bet if structure == "limit" else None,
        "structure": structure,
    }


# ------------------------------------------------------------- a tournament's hand


@dataclass(frozen=True)
class HandTerms:
    """What a hand at a table is played under: the engine's rules and the forced bets it
    posts unless it says otherwise.

    At a tournament table (a session of kind tournament, issue 42 §5) they are the
    tournament's, asked through ``tables.hooks.hand_rules`` (the recorder never imports
    the tournaments app): the blinds and the ante of the clock's level when the hand
    starts, the engine's profile without rake (TOUR-03), the smallest tournament chip in
    play as the chip unit; ``level`` is that answer (``None`` at a cash table)."""

    rules: adapter.Rules
    defaults: dict[str, Any]
    level: Any = None


def hand_terms(
    session: TableSession, settings: TableSettings, at: datetime, *, structure: str, unit: int
) -> HandTerms:
    """The terms of a hand of ``session`` started at ``at`` (the settings in force then)."""
    if not session.is_tournament:
        rules = adapter.rules_for(settings, chip_unit=unit, structure=structure, at=at)
        return HandTerms(rules, forced_defaults(settings, structure))
    level = table_hooks.hand_rules(session, at)
    if level is not None and level.chips_in_play:
        unit = int(min(level.chips_in_play)) * 100
    rules = adapter.rules_for(settings, chip_unit=unit, structure=structure, at=at, tournament=True)
    if level is None:  # no tournament plays here now: no hand is dealt (require_dealing)
        return HandTerms(rules, forced_defaults(settings, structure))
    big = Decimal(level.big_blind)
    defaults = {
        "small": Decimal(level.small_blind),
        "big": big,
        # TDA: a big-blind ante is the big blind's alone (tournament_record), not each one's
        "ante": Decimal(level.ante) if level.ante_kind == adapter.TournamentAnteKind.ANTE else ZERO,
        "small_bet": big if structure == "limit" else None,
        "big_bet": 2 * big if structure == "limit" else None,
        "structure": structure,
    }
    return HandTerms(rules, defaults, level)


def require_dealing(session: TableSession, terms: HandTerms) -> None:
    """A tournament table deals only while its tournament's clock is in play: not before
    the start, not during a break (issue 42 §4)."""
    if session.is_tournament and (terms.level is None or terms.level.on_break):
        raise DomainError.of(HandsCode.TOURNAMENT_ON_BREAK, field="session")


def tournament_record(book: SessionBook, record: dict[str, Any], terms: HandTerms) -> None:
    """The next hand at a tournament table, as the seating plan and the level say (issue
    42 §5): a seat the record names without its player is the plan's player's (the
    tournament knows its players by the seats' players: no second seat list), and at a
    big-blind-ante level the big blind posts the ante, dead (the engine's dead post)."""
    level = terms.level
    if level is None:
        return
    for s in record["seats"]:
        memory = book.seats.get(s["seat"])
        if s.get("player") is not None or memory is None or not memory.player_id:
            continue
        if memory.status == SeatStatus.EMPTY or (s.get("name") and s["name"] != memory.name):
            continue
        s["player"] = memory.player_id
    if level.ante_kind != adapter.TournamentAnteKind.BIG_BLIND_ANTE or not level.ante:
        return
    blinds = blind_seats(record)
    for s in record["seats"]:
        if blinds is not None and s["seat"] == blinds[1] and not Decimal(s["dead_post"]):
            s["dead_post"] = f"{Decimal(level.ante):.2f}"
