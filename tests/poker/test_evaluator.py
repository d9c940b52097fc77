"""Hand evaluator: ranking rules RANK-01..RANK-05, SHOW-12, seed 000 §5.8."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

import pytest

from poker.cards import CardError, format_cards, parse_cards
from poker.evaluator import (
    HandCategory,
    HandError,
    best_five,
    category,
    describe,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    evaluate_hands,
    hand_ranks,
)


def ev(text: str) -> int:
    return evaluate(parse_cards(text))


def holdem(hole: str, board: str) -> int:
    return evaluate(parse_cards(hole) + parse_cards(board))


# --- RANK-01 / A-34: the manual's combination counts over all 2,598,960 hands ---

RANK_01_COUNTS = {
    HandCategory.ROYAL_FLUSH: 4,
    HandCategory.STRAIGHT_FLUSH: 36,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}

# Distinct hand values per category (equivalence classes of five-card hands
# when suits never break ties, RANK-03): 7,462 in all.
DISTINCT_VALUES = {
    HandCategory.ROYAL_FLUSH: 1,
    HandCategory.STRAIGHT_FLUSH: 9,
    HandCategory.FOUR_OF_A_KIND: 13 * 12,
    HandCategory.FULL_HOUSE: 13 * 12,
    HandCategory.FLUSH: 1_287 - 10,
    HandCategory.STRAIGHT: 10,
    HandCategory.THREE_OF_A_KIND: 13 * 66,
    HandCategory.TWO_PAIR: 78 * 11,
    HandCategory.ONE_PAIR: 13 * 220,
    HandCategory.HIGH_CARD: 1_287 - 10,
}


def test_all_five_card_hands_category_counts_rank_01_a_34() -> None:
    values = list(map(evaluate5, combinations(range(52), 5)))
    assert len(values) == 2_598_960
    counts = Counter(v >> 20 for v in values)
    assert {HandCategory(c): n for c, n in counts.items()} == RANK_01_COUNTS
    per_category: dict[HandCategory, set[int]] = defaultdict(set)
    for v in set(values):
        per_category[category(v)].add(v)
    assert {c: len(vs) for c, vs in per_category.items()} == DISTINCT_VALUES
    # The categories do not overlap: every value of a better category is larger.
    ordered = sorted(per_category)
    for lower, higher in zip(ordered, ordered[1:], strict=False):
        assert max(per_category[lower]) < min(per_category[higher])


def test_category_order_matches_rank_01() -> None:
    # RANK-01 lists the categories best first; larger enum and value are better.
    manual_order = [
        HandCategory.ROYAL_FLUSH,
        HandCategory.STRAIGHT_FLUSH,
        HandCategory.FOUR_OF_A_KIND,
        HandCategory.FULL_HOUSE,
        HandCategory.FLUSH,
        HandCategory.STRAIGHT,
        HandCategory.THREE_OF_A_KIND,
        HandCategory.TWO_PAIR,
        HandCategory.ONE_PAIR,
        HandCategory.HIGH_CARD,
    ]
    assert sorted(HandCategory, reverse=True) == manual_order
    assert [c.manual_position for c in manual_order] == list(range(1, 11))
    examples = [
        "AsKsQsJsTs",
        "9h8h7h6h5h",
        "7c7d7h7s2c",
        "4c4d4hTsTd",
        "Ad9d7d4d2d",
        "5c4d3h2sAc",
        "QcQdQh9s2d",
        "JcJd5h5s2d",
        "KcKd9h5s2d",
        "AdQc9h5s2d",
    ]
    values = [ev(h) for h in examples]
    assert [category(v) for v in values] == manual_order
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


# --- RANK-02 / A-33: tie-breaks within a category ---


def test_full_house_higher_three_wins_rank_02_a_33() -> None:
    # 4-4-4-10-10 beats 3-3-3-A-A.
    assert ev("4c4d4hTsTd") > ev("3c3d3hAsAd")


def test_full_house_same_three_higher_pair_wins_rank_02_a_33() -> None:
    # 7-7-7-A-A beats 7-7-7-K-K (the same three on the board, different pairs).
    board = "7c7d7h2s3c"
    assert holdem("AsAd", board) > holdem("KsKd", board)
    assert ev("7c7d7hAsAd") > ev("7c7d7hKsKd")


def test_four_of_a_kind_on_the_board_fifth_card_decides_rank_02_oq_42() -> None:
    board = "9c9d9h9s4c"
    # The higher fifth card wins (OQ-42); suits never matter.
    assert holdem("AsKd", board) > holdem("QsJd", board)
    assert holdem("Kh2d", board) > holdem("Qd8d", board)
    assert holdem("Kh2d", board) == holdem("Kc3c", board)
    # The board's fifth card is best for both: both play the board, a split (SHOW-12).
    board_ace = "9c9d9h9sAc"
    assert holdem("KsQd", board_ace) == holdem("3s2d", board_ace)
    assert category(holdem("KsQd", board_ace)) is HandCategory.FOUR_OF_A_KIND


def test_four_of_a_kind_higher_four_wins_rank_02() -> None:
    assert ev("8c8d8h8s2c") > ev("7c7d7h7sAc")
    assert ev("8c8d8h8sAc") > ev("8c8d8h8sKc")


def test_straight_highest_top_card_wins_rank_02() -> None:
    assert ev("9c8d7h6s5c") > ev("8d7h6s5c4d")
    assert ev("AcKdQhJsTc") > ev("KdQhJsTc9d")
    assert ev("9c8d7h6s5c") == ev("9d8h7s6c5d")


def test_flush_compares_card_by_card_rank_02() -> None:
    assert ev("AdJd9d4d2d") > ev("AcTc9c8c7c")  # second card decides
    assert ev("AdJd9d5d2d") > ev("AcJc9c4c3c")  # fourth card decides
    assert ev("AdJd9d5d3d") > ev("AcJc9c5c2c")  # fifth card decides
    assert ev("AdJd9d5d3d") == ev("AhJh9h5h3h")  # suits never break ties (RANK-03)


def test_three_of_a_kind_then_kickers_rank_02() -> None:
    assert ev("QcQdQh2s3d") > ev("JcJdJhAsKd")
    assert ev("QcQdQhAs3d") > ev("QcQdQhKsJd")  # same three from the board
    assert ev("QcQdQhAs4d") > ev("QcQdQhAs3c")  # then the fifth card


def test_two_pair_top_pair_then_low_pair_then_kicker_rank_02() -> None:
    assert ev("KcKd2h2s3d") > ev("QcQdJhJsAd")
    assert ev("KcKd5h5s3d") > ev("KcKd4h4sAd")
    assert ev("KcKd5h5s9d") > ev("KcKd5h5s8d")
    assert ev("KcKd5h5s9d") == ev("KhKs5c5d9c")


def test_one_pair_then_kickers_in_turn_rank_02() -> None:
    assert ev("AcAd2h3s4d") > ev("KcKdQhJs9d")
    assert ev("AcAdKhJs4d") > ev("AcAdQhJs9d")
    assert ev("AcAdKhJs5d") > ev("AcAdKhJs4d")
    assert ev("AcAdKhJs5d") > ev("AcAdKhTs9d")


def test_high_card_card_by_card_rank_02() -> None:
    assert ev("Ac9d7h5s3d") > ev("Kc Qd Jh 9s 8d")
    assert ev("Ac9d7h5s3d") > ev("Ac9d7h5s2d")
    assert ev("Ac9d7h5s3d") > ev("Ac9d7h4s3d")


def test_seven_cards_pick_the_best_combination_rank_02() -> None:
    # Three pairs: the best two pairs, the kicker may come from the third pair.
    assert hand_ranks(ev("AcAdKhKs5d5c2h")) == (12, 11, 3)
    assert hand_ranks(ev("AcAdKhKs5d5c6h")) == (12, 11, 4)
    assert hand_ranks(ev("3c3d2h2s5d5cAh")) == (3, 1, 12)
    # Two threes make a full house: the higher three with a pair of the lower.
    v = ev("9c9d9h4s4d4cAh")
    assert category(v) is HandCategory.FULL_HOUSE
    assert hand_ranks(v) == (7, 2)
    # A three and two pairs: the three with the higher pair.
    assert hand_ranks(ev("9c9d9h4s4dKcKh")) == (7, 11)
    # Four of a kind with a three: the kicker is the best other card.
    assert hand_ranks(ev("2c2d2h2sKdKcKh")) == (0, 11)
    # Quads beat the straight flush only when no straight flush exists.
    assert category(ev("2c3c4c5c6c2d2h")) is HandCategory.STRAIGHT_FLUSH
    # A flush with six or seven suited cards keeps the best five.
    assert hand_ranks(ev("Ac2c4c6c8cTcQc")) == (12, 10, 8, 6, 4)
    # A straight of six or seven cards keeps the highest five.
    assert hand_ranks(ev("2c3d4h5s6c7d8h")) == (6,)
    # A straight flush beats a higher straight in the same seven cards.
    v = ev("5h6h7h8h9hTc4d")
    assert category(v) is HandCategory.STRAIGHT_FLUSH
    assert hand_ranks(v) == (7,)


# --- RANK-03: suits never break ties ---


def test_suits_never_break_ties_rank_03() -> None:
    assert ev("AsKdQh9c2s") == ev("AhKcQd9s2h")
    assert ev("AsAdKh9c2s") == ev("AhAcKd9s2h")
    assert ev("As9s7s5s2s") == ev("Ac9c7c5c2c") == ev("Ah9h7h5h2h") == ev("Ad9d7d5d2d")
    board = "Kd8c7h3s2d"
    assert holdem("AsQs", board) == holdem("AhQc", board)


# --- RANK-04: the ace high or low in straights, no wrap-around (OQ-18) ---


def test_wheel_is_the_lowest_straight_rank_04() -> None:
    wheel = ev("5c4d3h2sAc")
    assert category(wheel) is HandCategory.STRAIGHT
    assert hand_ranks(wheel) == (3,)  # five high
    assert wheel < ev("6c5d4h3s2c")
    assert wheel > ev("AcAdAh5s4c")  # still beats any three of a kind


def test_broadway_is_the_highest_straight_rank_04() -> None:
    broadway = ev("AcKdQhJsTc")
    assert category(broadway) is HandCategory.STRAIGHT
    assert broadway > ev("KcQdJhTs9c")


def test_steel_wheel_is_the_lowest_straight_flush_rank_04() -> None:
    steel = ev("5h4h3h2hAh")
    assert category(steel) is HandCategory.STRAIGHT_FLUSH
    assert steel < ev("6h5h4h3h2h")
    assert steel > ev("AcAdAhAs5c")


@pytest.mark.parametrize("cards", ["QcKdAh2s3c", "JcQdKhAs2c", "KcAd2h3s4c", "KhAh2h3h4h"])
def test_no_wrap_around_straights_rank_04_oq_18(cards: str) -> None:
    v = ev(cards)
    assert category(v) in (HandCategory.HIGH_CARD, HandCategory.FLUSH)
    assert hand_ranks(v)[0] == 12  # ace high, not a straight


def test_six_high_straight_is_not_a_wheel_rank_04() -> None:
    v = ev("Ac2d3h4s5c6d9h")
    assert category(v) is HandCategory.STRAIGHT
    assert hand_ranks(v) == (4,)


# --- RANK-05: the royal flush ---


def test_royal_flush_is_its_own_category_rank_05() -> None:
    royals = [ev(f"A{s}K{s}Q{s}J{s}T{s}") for s in "cdhs"]
    assert len(set(royals)) == 1
    royal = royals[0]
    assert category(royal) is HandCategory.ROYAL_FLUSH
    assert royal > ev("KsQsJsTs9s")
    assert category(ev("KsQsJsTs9s")) is HandCategory.STRAIGHT_FLUSH
    assert category(holdem("AsKs", "QsJsTs9s8s")) is HandCategory.ROYAL_FLUSH


# --- SHOW-12: playing the board ---


@pytest.mark.parametrize(
    "board",
    [
        "AsKdQhJcTs",  # a straight on the board
        "Ks9s7s4s2s",  # a flush
        "8c8d8hQsQd",  # a full house
        "9c9d9h9sAc",  # four of a kind with an ace
        "AhKhQhJhTh",  # a royal flush
    ],
)
def test_players_who_play_the_board_tie_show_12(board: str) -> None:
    holes = ["2c3d", "2d3c", "4c5d", "6h7c"]
    values = {holdem(h, board) for h in holes}
    assert len(values) == 1
    assert values == {ev(board)}


# --- sizes, checks and helpers ---


def test_five_six_and_seven_cards_agree() -> None:
    seven = parse_cards("AsKsQd7c7h3d2c")
    assert evaluate(seven) == evaluate7(seven)
    assert (
        evaluate(seven[:6])
        == evaluate6(seven[:6])
        == max(map(evaluate5, combinations(seven[:6], 5)))
    )
    assert evaluate(seven[:5]) == evaluate5(seven[:5])
    assert evaluate(seven) == max(map(evaluate5, combinations(seven, 5)))


@pytest.mark.parametrize("text", ["", "As", "AsKs", "AsKsQs", "AsKsQsJs", "AsKsQsJsTs9s8s7s"])
def test_evaluate_refuses_wrong_counts(text: str) -> None:
    with pytest.raises(HandError):
        evaluate(parse_cards(text))


@pytest.mark.parametrize(
    "cards",
    [
        (51, 51, 3, 4, 5),
        (0, 1, 2, 3, 4, 5, 0),
        (-1, 1, 2, 3, 4),
        (0, 1, 2, 3, 52),
        (0, 1, 2, 3, True),
    ],
)
def test_evaluate_refuses_repeated_or_invalid_cards(cards: tuple[int, ...]) -> None:
    with pytest.raises(ValueError) as info:
        evaluate(cards)
    assert isinstance(info.value, HandError | CardError)


def test_evaluate_accepts_lists_and_tuples() -> None:
    cards = parse_cards("AsKsQd7c7h3d2c")
    assert evaluate(list(cards)) == evaluate(cards)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("KcKdKhTsTd2c3c", "KcKdKhTsTd"),
        ("2c3d4h5sAc9d9h", "5s4h3d2cAc"),  # the wheel lists the ace last
        ("As2s3s4s5s9d9h", "5s4s3s2sAs"),
        ("9c9d9h9sAcKdQh", "9c9d9h9sAc"),
        ("AcAdKhKs5d5c6h", "AcAdKhKs6h"),
        ("Ac2c4c6c8cTcQc", "AcQcTc8c6c"),
        ("2c3d5h7s9cJdKh", "KhJd9c7s5h"),
        ("QsQdAc7h3c", "QsQdAc7h3c"),
    ],
)
def test_best_five_cards(cards: str, expected: str) -> None:
    hand = parse_cards(cards)
    five = best_five(hand)
    assert format_cards(five) == expected
    assert evaluate5(five) == evaluate(hand)


def test_best_five_prefers_the_earliest_cards_on_ties() -> None:
    # The board plays (a straight); the hole cards 2c and 2d are both unused.
    hand = parse_cards("2c2d AsKdQhJcTs")
    assert format_cards(best_five(hand)) == "AsKdQhJcTs"
    # Two equal choices of kicker suit: the earlier card is kept.
    hand = parse_cards("AhAc KsKd 9c 9d 2h")
    assert format_cards(best_five(hand)) == "AhAcKsKd9c"


@pytest.mark.parametrize(
    ("cards", "es", "en"),
    [
        ("AsKsQsJsTs", "Escalera real", "Royal flush"),
        ("9s8s7s6s5s", "Escalera de color al nueve", "Straight flush, nine high"),
        ("5h4h3h2hAh", "Escalera de color al cinco", "Straight flush, five high"),
        ("AsAhAdAc2c", "Póquer de ases", "Four of a kind, aces"),
        ("KcKdKhTsTd", "Full de reyes y dieces", "Full house, kings full of tens"),
        ("2c2d2hQsQd", "Full de doses y reinas", "Full house, deuces full of queens"),
        ("Ad9d7d4d2d", "Color al as", "Flush, ace high"),
        ("AcKdQhJsTc", "Escalera al as", "Straight, ace high"),
        ("5c4d3h2sAc", "Escalera al cinco", "Straight, five high"),
        ("6c6d6h9s2d", "Trío de seises", "Three of a kind, sixes"),
        ("JcJd5h5s2d", "Doble pareja de jotas y cincos", "Two pair, jacks and fives"),
        ("3c3d9h5s2d", "Pareja de treses", "Pair of threes"),
        ("AdQc9h5s2d", "Carta alta, as", "High card, ace"),
    ],
)
def test_describe_in_spanish_and_english(cards: str, es: str, en: str) -> None:
    v = ev(cards)
    assert describe(v) == es
    assert describe(v, "es") == es
    assert describe(v, lang="en") == en


def test_describe_with_kickers() -> None:
    assert describe(ev("AsAhAdAc7c"), kickers=True) == "Póquer de ases, kicker siete"
    assert describe(ev("AsAhAdAc7c"), "en", kickers=True) == "Four of a kind, aces, kicker seven"
    assert (
        describe(ev("3c3d9h5s2d"), kickers=True) == "Pareja de treses, kickers nueve, cinco y dos"
    )
    assert describe(ev("AdQc9h5s2d"), "en", kickers=True) == (
        "High card, ace, then queen, nine, five and deuce"
    )
    assert describe(ev("KcKdKhTsTd"), kickers=True) == "Full de reyes y dieces"


def test_describe_with_kickers_tells_every_value_apart() -> None:
    values = set(map(evaluate5, combinations(range(0, 52, 3), 5)))  # a spread sample
    values |= {ev("AsAhAdAc7c"), ev("AsAhAdAc6c")}
    for lang in ("es", "en"):
        texts = {describe(v, lang, kickers=True) for v in values}
        assert len(texts) == len(values)


def test_describe_refuses_unknown_language() -> None:
    with pytest.raises(ValueError):
        describe(ev("AsKsQsJsTs"), "fr")


def test_value_layout_category_and_ranks() -> None:
    v = ev("KcKdKhTsTd")
    assert v == (HandCategory.FULL_HOUSE << 20) | (11 << 16) | (8 << 12)
    assert hand_ranks(v) == (11, 8)
    assert hand_ranks(ev("7c7d9hKs2d")) == (5, 11, 7, 0)


# --- the showdown helper ---


def test_evaluate_hands_matches_evaluate_per_player_show_14() -> None:
    board = parse_cards("Ks9s7s4d2d")
    holes = [parse_cards(h) for h in ("AsQs", "KdKh", "9c7c", "3s5s", "Ah2c")]
    values = evaluate_hands(board, holes)
    assert values == [evaluate(h + board) for h in holes]
    assert category(values[0]) is HandCategory.FLUSH
    assert category(values[1]) is HandCategory.THREE_OF_A_KIND
    assert values.index(max(values)) == 0
    assert evaluate_hands(board, []) == []
    # A board of three or four cards (5 or 6 cards per hand) also works.
    assert evaluate_hands(board[:3], holes) == [evaluate(h + board[:3]) for h in holes]
    assert evaluate_hands(board[:4], holes) == [evaluate(h + board[:4]) for h in holes]


def test_evaluate_hands_players_playing_the_board_tie_show_12() -> None:
    board = parse_cards("AhKhQhJhTh")
    assert len(set(evaluate_hands(board, [parse_cards("2c3d"), parse_cards("9h8h")]))) == 1


@pytest.mark.parametrize(
    ("board", "holes", "error"),
    [
        ("Ks9s7s4d2d", ["AsQs", "AsKh"], HandError),  # As dealt twice
        ("Ks9s7s4d2d", ["AsQs", "Ks2c"], HandError),  # a hole card also on the board
        ("Ks9s7s4d2d", ["AsQsJs"], HandError),  # eight cards
        ("Ks9s", ["AsQs"], HandError),  # four cards
    ],
)
def test_evaluate_hands_refuses_bad_deals(board: str, holes: list[str], error: type) -> None:
    with pytest.raises(error):
        evaluate_hands(parse_cards(board), [parse_cards(h) for h in holes])


@pytest.mark.parametrize("bad", [52, -1, 3.0, "As"])
def test_evaluate_hands_refuses_non_cards(bad: object) -> None:
    with pytest.raises(CardError):
        evaluate_hands(parse_cards("Ks9s7s4d2d"), [(parse_cards("Qc")[0], bad)])  # type: ignore[list-item]
    with pytest.raises(CardError):
        evaluate((*parse_cards("Ks9s7s4d2dQc"), bad))  # type: ignore[arg-type]


def test_unchecked_paths_refuse_impossible_rank_counts() -> None:
    # Five deuces (2c twice): no table entry exists; a loud error, never a value.
    with pytest.raises(HandError):
        evaluate5((0, 0, 1, 2, 3))
    with pytest.raises(HandError):
        evaluate7((0, 0, 1, 2, 3, 51, 47))
