"""Fixtures of the promotion tests: the hand recorder's 5/10 table (chips of 1.00), a
bad-beat fund with the posted rules of docs/promotions.md, and planted hands."""

from __future__ import annotations

from typing import Any

import pytest

from casino.access import acting_as
from casino.roles import Role
from poker.evaluator import HandCategory
from poker.promotions import Drop, FundKind, FundRules, HoleCards, Split, hand_floor
from promotions import services
from tests.hands.conftest import (  # noqa: F401
    boss,
    chip_set,
    hand_table,
    ready_session,
    seats,
    store,
    sup,
)

BAD_BEAT = FundRules(
    kind=FundKind.BAD_BEAT,
    drop=Drop(amount=100, min_pot=2000, raked_only=True, flop_required=True),
    seed=500_000,
    split=Split(losing_hand_bps=5000, winning_hand_bps=2500, table_bps=1500, reserve_bps=1000),
    minimum_hand=hand_floor(HandCategory.FOUR_OF_A_KIND, "8"),
    hole_cards=HoleCards.BOTH,
    kickers_play=False,
    min_dealt=4,
    drop_pots_only=True,
)


@pytest.fixture
def manager(staff):
    return acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)


@pytest.fixture
def cashier(staff):
    return acting_as(staff["cage_cashier"], Role.CAGE_CASHIER)


@pytest.fixture
def fund(manager, hand_table, gaming_day):  # noqa: F811
    fund = services.fund_create(actor=manager, name="Bad beat", rules=BAD_BEAT, reason="alta")
    services.fund_table_attach(actor=manager, fund=fund, table=hand_table)
    return fund


def next_hand_data(
    session, loser: str = "8s2h", board: tuple[str, str, str] = ("8d8c6d", "7d", "Kc")
) -> dict[str, Any]:
    """The next hand of ``session`` as its seating plan has it (button, stacks): the
    small blind (holding ``loser``) raises to 20, the big blind (9d Td) calls, the others
    fold; the board 8d 8c 6d 7d Kc is checked down and both show (a pot of 40, raked
    1.00). For a day of hands that keep the recorder's continuity (HREC-08)."""
    from hands import adapter
    from hands.selectors import next_hand

    nh = next_hand(session)
    stacks = {s.number: s.stack for s in nh.plan.seats if s.number in nh.dealt_in}
    order = adapter.phh_order(stacks, nh.button)
    sb, bb, rest = order[0], order[1], order[2:]
    cards = {sb: loser, bb: "9dTd"}
    for p, c in zip(rest, ("2c3h", "4s5c", "QsJs", "AhAc"), strict=False):
        cards[p] = c
    actions: list[dict[str, Any]] = [{"action": "fold", "seat": p} for p in rest]
    actions += [{"action": "raise", "seat": sb, "amount": "20"}, {"action": "call", "seat": bb}]
    for street in board:
        actions += [
            {"action": "board", "cards": street},
            {"action": "check", "seat": sb},
            {"action": "check", "seat": bb},
        ]
    actions += [{"action": "show", "seat": sb}, {"action": "show", "seat": bb}]
    return {"button": nh.button, "seats": seats(stacks, cards), "actions": actions}


def bad_beat_hand(
    loser: str = "8s8h",
    board: tuple[str, str, str] = ("8d8c6d", "7d", "Kc"),
    players: tuple[int, ...] = (1, 3, 5, 7),
) -> dict[str, Any]:
    """Seat 1 (SB) holds ``loser``, seat 3 (BB) 9d Td; the others fold preflop; seat 1
    raises to 20, seat 3 calls (a pot of 40, raked 1.00), checked down, both show. On
    the default board seat 1 has four eights with both hole cards, beaten by seat 3's
    straight flush."""
    button = players[-1]
    cards = {1: loser, 3: "9dTd"}
    others = [p for p in players if p not in (1, 3)]
    for p, c in zip(others, ("2c3h", "4s5c"), strict=False):
        cards[p] = c
    actions: list[dict[str, Any]] = [{"action": "fold", "seat": p} for p in others]
    actions += [
        {"action": "raise", "seat": 1, "amount": "20"},
        {"action": "call", "seat": 3},
    ]
    for street in board:
        actions += [
            {"action": "board", "cards": street},
            {"action": "check", "seat": 1},
            {"action": "check", "seat": 3},
        ]
    actions += [{"action": "show", "seat": 1}, {"action": "show", "seat": 3}]
    return {
        "button": button,
        "seats": seats({p: 500 for p in players}, cards),
        "actions": actions,
    }
