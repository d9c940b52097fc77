"""Property-based tests of the hand evaluator (hypothesis): a total order, consistent
with the categories of RANK-01, best five of seven, insensitive to order and suits."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from poker import _gen_eval_tables as reference
from poker.cards import rank_of, suit_of
from poker.evaluator import (
    HandCategory,
    best_five,
    category,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    evaluate_hands,
    hand_ranks,
)


def hands(size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(
        st.integers(min_value=0, max_value=51), min_size=size, max_size=size, unique=True
    )


def reference_value(cards: list[int] | tuple[int, ...]) -> int:
    """Brute force with the generator's plain five-card ranking, no lookup tables."""
    return max(
        reference.five_card_value(
            tuple(rank_of(c) for c in five), len({suit_of(c) for c in five}) == 1
        )
        for five in combinations(cards, 5)
    )


@settings(max_examples=400)
@given(hands(7))
def test_seven_cards_equal_the_best_of_21_five_card_subsets_rank_02(cards: list[int]) -> None:
    value = evaluate7(cards)
    assert value == max(map(evaluate5, combinations(cards, 5)))
    assert value == reference_value(cards)
    assert value == evaluate(cards)


@settings(max_examples=300)
@given(hands(6))
def test_six_cards_equal_the_best_of_6_five_card_subsets(cards: list[int]) -> None:
    assert evaluate6(cards) == max(map(evaluate5, combinations(cards, 5))) == evaluate(cards)


@settings(max_examples=300)
@given(hands(5))
def test_five_cards_match_the_reference_ranking(cards: list[int]) -> None:
    assert evaluate5(cards) == reference_value(cards) == evaluate(cards)


@given(hands(7).flatmap(lambda cs: st.tuples(st.just(cs), st.permutations(cs))))
def test_card_order_does_not_matter(pair: tuple[list[int], list[int]]) -> None:
    cards, shuffled = pair
    assert evaluate(shuffled) == evaluate(cards)
    assert evaluate(shuffled[:5]) == evaluate(sorted(shuffled[:5]))


@given(hands(7), st.permutations(range(4)))
def test_renaming_suits_never_changes_a_value_rank_03(
    cards: list[int], suit_map: list[int]
) -> None:
    renamed = [rank_of(c) * 4 + suit_map[suit_of(c)] for c in cards]
    assert evaluate(renamed) == evaluate(cards)


@given(hands(7), hands(7))
def test_values_are_a_total_order_consistent_with_categories_rank_01(
    a: list[int], b: list[int]
) -> None:
    va, vb = evaluate(a), evaluate(b)
    # Exactly one of <, ==, > (ints), and the order agrees with comparing the
    # category first, then the deciding ranks in turn (RANK-01, RANK-02).
    key_a = (category(va), hand_ranks(va))
    key_b = (category(vb), hand_ranks(vb))
    assert (va < vb) == (key_a < key_b)
    assert (va == vb) == (key_a == key_b)
    if category(va) < category(vb):
        assert va < vb


@given(hands(7))
def test_more_cards_never_make_a_worse_hand(cards: list[int]) -> None:
    assert evaluate5(cards[:5]) <= evaluate6(cards[:6]) <= evaluate7(cards)


@given(hands(7))
def test_best_five_is_a_subset_with_the_same_value(cards: list[int]) -> None:
    five = best_five(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert evaluate5(five) == evaluate(cards)


@given(hands(7))
def test_value_layout_is_decodable(cards: list[int]) -> None:
    value = evaluate(cards)
    cat = category(value)
    assert isinstance(cat, HandCategory)
    ranks = hand_ranks(value)
    assert all(0 <= r <= 12 for r in ranks)
    # Rebuilding the value from its category and ranks gives it back.
    rebuilt = int(cat)
    for i in range(5):
        rebuilt = (rebuilt << 4) | (ranks[i] if i < len(ranks) else 0)
    assert rebuilt == value


@given(
    st.integers(min_value=2, max_value=10).flatmap(
        lambda players: st.permutations(range(52)).map(lambda deck: (players, deck))
    ),
    st.sampled_from([3, 4, 5]),
)
def test_evaluate_hands_equals_evaluate_per_player_show_14(
    deal: tuple[int, list[int]], board_size: int
) -> None:
    players, deck = deal
    board = deck[:board_size]
    holes = [deck[board_size + 2 * i : board_size + 2 * i + 2] for i in range(players)]
    expected = [evaluate(hole + board) for hole in holes]
    assert evaluate_hands(board, holes) == expected
    assert evaluate_hands(board, holes, check=False) == expected
