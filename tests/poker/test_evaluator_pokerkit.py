"""Differential tests of the hand evaluator against PokerKit (a test-only dependency).

PokerKit's ``StandardHighHand`` ranks the same 7,462 classes of five-card hands;
its royal flush is an ordinary straight flush, which changes no comparison.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from poker.cards import format_cards
from poker.evaluator import HandCategory, category, evaluate, evaluate5, evaluate7

pokerkit = pytest.importorskip("pokerkit")
StandardHighHand = pokerkit.StandardHighHand
Label = pokerkit.Label

LABELS = {
    HandCategory.HIGH_CARD: Label.HIGH_CARD,
    HandCategory.ONE_PAIR: Label.ONE_PAIR,
    HandCategory.TWO_PAIR: Label.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND: Label.THREE_OF_A_KIND,
    HandCategory.STRAIGHT: Label.STRAIGHT,
    HandCategory.FLUSH: Label.FLUSH,
    HandCategory.FULL_HOUSE: Label.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND: Label.FOUR_OF_A_KIND,
    HandCategory.STRAIGHT_FLUSH: Label.STRAIGHT_FLUSH,
    HandCategory.ROYAL_FLUSH: Label.STRAIGHT_FLUSH,
}


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def pk_compare(a: object, b: object) -> int:
    return 1 if a > b else -1 if a < b else 0  # type: ignore[operator]


def test_every_five_card_class_ranks_as_in_pokerkit_rank_01_rank_02() -> None:
    # One representative hand per distinct value, then PokerKit's own class
    # index (0 = worst .. 7461 = best) must rise strictly with our value.
    representatives: dict[int, tuple[int, ...]] = {}
    for five in combinations(range(52), 5):
        representatives.setdefault(evaluate5(five), five)
    assert len(representatives) == 7_462
    pk_index = []
    for value in sorted(representatives):
        hand = StandardHighHand(format_cards(representatives[value]))
        assert hand.entry.label == LABELS[category(value)]
        pk_index.append(hand.entry.index)
    assert pk_index == list(range(7_462))


def _deal(rng: random.Random, n: int) -> list[int]:
    return rng.sample(range(52), n)


def test_random_showdowns_same_winner_as_pokerkit_rank_02_show_12() -> None:
    # Two players sharing a five-card board: the real shape of a showdown.
    rng = random.Random(20240603)
    ties = 0
    for _ in range(4_000):
        cards = _deal(rng, 9)
        board, hole_a, hole_b = cards[:5], cards[5:7], cards[7:]
        ours = sign(evaluate(hole_a + board) - evaluate(hole_b + board))
        pk_a = StandardHighHand.from_game(format_cards(hole_a), format_cards(board))
        pk_b = StandardHighHand.from_game(format_cards(hole_b), format_cards(board))
        assert ours == pk_compare(pk_a, pk_b), (hole_a, hole_b, board)
        ties += ours == 0
    assert ties > 0  # the sample really exercises split pots


def test_random_seven_card_hands_same_order_as_pokerkit() -> None:
    # Independent seven-card hands, plus hands biased toward flushes and
    # straights (few suits or a narrow band of ranks) so rare paths are covered.
    rng = random.Random(52)
    hands: list[list[int]] = []
    for i in range(1_500):
        if i % 3 == 0:
            hands.append(_deal(rng, 7))
        elif i % 3 == 1:
            suits = rng.sample(range(4), 2)
            pool = [c for c in range(52) if c % 4 in suits]
            hands.append(rng.sample(pool, 7))
        else:
            low = rng.randrange(0, 6)
            pool = [c for c in range(52) if low <= c // 4 < low + 8 or c // 4 == 12]
            hands.append(rng.sample(pool, 7))
    pk = [StandardHighHand.from_game(format_cards(h)) for h in hands]
    ours = [evaluate7(h) for h in hands]
    for i in range(len(hands)):
        assert pk[i].entry.label == LABELS[category(ours[i])], format_cards(hands[i])
        j = (i * 7 + 1) % len(hands)
        assert sign(ours[i] - ours[j]) == pk_compare(pk[i], pk[j]), (hands[i], hands[j])
    categories = {category(v) for v in ours}
    assert HandCategory.STRAIGHT_FLUSH in categories or HandCategory.ROYAL_FLUSH in categories
    assert {HandCategory.FLUSH, HandCategory.STRAIGHT, HandCategory.FULL_HOUSE} <= categories
