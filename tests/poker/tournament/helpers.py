"""A Friday tournament's structure, as the room would write it, for the tournament tests."""

from __future__ import annotations

from typing import Any

from poker.tournament import (
    AddOn,
    AnteKind,
    Break,
    Level,
    Rebuy,
    ReEntry,
    TournamentStructure,
)

LEVELS = (
    Level(25, 50, 20),
    Level(50, 100, 20),
    Level(75, 150, 20),
    Level(100, 200, 20, ante=200, ante_kind=AnteKind.BIG_BLIND_ANTE),
    Level(200, 400, 20, ante=400, ante_kind=AnteKind.BIG_BLIND_ANTE),
    Level(300, 600, 20, ante=600, ante_kind=AnteKind.BIG_BLIND_ANTE),
    Level(400, 800, 20, ante=800, ante_kind=AnteKind.BIG_BLIND_ANTE),
    Level(500, 1000, 20, ante=1000, ante_kind=AnteKind.BIG_BLIND_ANTE),
)


def friday(**changes: Any) -> TournamentStructure:
    """Buy-in 1,000 + fee 100 (money units), 10,000 chips, 20-minute levels, a break after
    levels 3 and 6 (the 25s raced off at the first), late registration through level 4."""
    values: dict[str, Any] = {
        "name": "Viernes 1.100",
        "buy_in": 1000,
        "fee": 100,
        "starting_chips": 10_000,
        "denominations": (25, 100, 500, 1000, 5000),
        "levels": LEVELS,
        "breaks": (Break(3, 10, colour_up=(25,)), Break(6, 15)),
        "late_registration_until_level": 4,
        "re_entry": ReEntry(limit=2, until_level=4),
        "seats_per_table": 9,
        "final_table_size": 9,
        "guarantee": 50_000,
        "payout_unit": 100,
    }
    values.update(changes)
    return TournamentStructure(**values)


def rebuy_structure() -> TournamentStructure:
    return friday(
        re_entry=None,
        rebuy=Rebuy(price=1000, chips=10_000, limit=3, until_level=3, max_stack=10_000),
        add_on=AddOn(price=1000, chips=15_000, at_break_after_level=3),
    )
