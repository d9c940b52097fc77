"""Heads-up, a big-blind ante is the big blind's (issue 42 §5).

The recorder posts a tournament level's big-blind ante as a dead post on the big blind's
seat. Heads-up the button posts the small blind, and PHH reverse-assigns the forced bets
(OQ-32), the antes as the blinds: the adapter must list the big blind's ante where the
engine reads the big blind's, or the button pays it. The PHH export and import keep it on
the big blind's seat. With a big blind too short for both, the blind comes first (TDA
2024 RP-11).
"""

from __future__ import annotations

from decimal import Decimal

from hands import adapter
from poker.profiles import MANUAL

RULES = adapter.Rules(MANUAL.with_overrides(tournament=True), "no_limit", 2500)
LEVEL = {
    "small": Decimal(100),
    "big": Decimal(200),
    "ante": Decimal(0),
    "small_bet": None,
    "big_bet": None,
    "structure": "no_limit",
}


def _heads_up(big_blind_stack: str) -> dict:  # type: ignore[type-arg]
    """Seat 1 is the button (small blind) and folds; seat 3 the big blind, his 200 ante
    posted dead."""
    record = {
        "button": 1,
        "seats": [
            {"seat": 1, "stack": "10000"},
            {"seat": 3, "stack": big_blind_stack, "dead_post": "200"},
        ],
        "actions": [{"action": "fold", "seat": 1}],
    }
    return adapter.normalise(record, defaults=LEVEL)


def test_heads_up_the_big_blind_pays_the_big_blind_ante_and_the_file_keeps_it_there():
    record = _heads_up("10000")
    _built, verdict = adapter.verdict_of(record, RULES)
    # The button loses his small blind only; the big blind takes it back with his own.
    assert verdict.finishing == {1: Decimal("9900.00"), 3: Decimal("10100.00")}
    text = adapter.phh_export([(record, RULES, {"number": 1})])
    (back,) = adapter.phh_import(text, defaults={}, chip_unit=2500)
    posts = {s["seat"]: s["dead_post"] for s in back.record["seats"]}
    assert posts == {1: "0.00", 3: "200.00"}
    _built, again = adapter.verdict_of(back.record, RULES)
    assert again.finishing == verdict.finishing


def test_tda_rp_11_heads_up_a_short_big_blind_posts_the_blind_then_the_ante():
    # 250 chips: the 200 blind, then 50 of the ante; the button folds his 100.
    _built, verdict = adapter.verdict_of(_heads_up("250"), RULES)
    assert verdict.finishing == {1: Decimal("9900.00"), 3: Decimal("350.00")}
    assert sum(verdict.finishing.values()) == Decimal("10250.00")
