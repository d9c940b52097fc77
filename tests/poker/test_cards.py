"""Cards of the 52-card deck (DECK-02, seed 000 §3.1) and the button draw (SHUF-09)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from poker.cards import (
    DECK,
    RANKS,
    SUITS,
    CardError,
    button_draw_key,
    button_draw_winner,
    duplicates,
    format_card,
    format_cards,
    is_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)


def test_deck_has_52_distinct_cards_without_jokers_deck_02() -> None:
    assert len(DECK) == 52 == len(set(DECK))
    names = {format_card(c) for c in DECK}
    assert len(names) == 52
    # 13 ranks of each of 4 suits: every (rank, suit) pair exactly once.
    assert {(rank_of(c), suit_of(c)) for c in DECK} == {(r, s) for r in range(13) for s in range(4)}


def test_encoding_is_rank_times_four_plus_suit() -> None:
    # The engine relies on this layout (evaluator keys, sorting by rank).
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2h") == 2
    assert parse_card("2s") == 3
    assert parse_card("As") == 51
    assert parse_card("Td") == 8 * 4 + 1


@pytest.mark.parametrize("card", DECK)
def test_round_trip_all_52_deck_02(card: int) -> None:
    text = format_card(card)
    assert len(text) == 2 and text[0] in RANKS and text[1] in SUITS
    assert parse_card(text) == card
    assert parse_card(format_card(card, symbols=True)) == card


def test_round_trip_of_the_whole_deck_as_one_string() -> None:
    text = format_cards(DECK)
    assert len(text) == 104
    assert parse_cards(text) == DECK
    assert parse_cards(format_cards(DECK, " ")) == DECK
    assert parse_cards(format_cards(DECK, ",")) == DECK


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", "As"),
        ("as", "As"),
        ("AS", "As"),
        ("aS", "As"),
        ("Td", "Td"),
        ("td", "Td"),
        ("10d", "Td"),
        ("10D", "Td"),
        ("9c", "9c"),
        ("K\u2660", "Ks"),
        ("Q\u2665", "Qh"),
        ("j\u2666", "Jd"),
        ("2\u2663", "2c"),
    ],
)
def test_parse_accepts_usual_spellings(text: str, expected: str) -> None:
    assert format_card(parse_card(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "A",
        "Ax",
        "1s",
        "11s",
        "0s",
        "Zs",
        "Jk",  # joker (DECK-02: no jokers or wild cards)
        "JK",
        "Joker",
        "XX",
        "??",  # hidden card: callers handle UNKNOWN before parsing
        "As ",
        " As",
        "AsK",
    ],
)
def test_parse_card_rejects_jokers_and_unknown_codes_deck_02(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert info.value.text == text
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [None, 51, 3.0, b"As", ["As"]])
def test_parse_card_rejects_non_strings(bad: object) -> None:
    with pytest.raises(CardError):
        parse_card(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["AsKx", "AsJk", "As K", "As??", "10", "As1"])
def test_parse_cards_rejects_a_bad_card_in_a_run(text: str) -> None:
    with pytest.raises(CardError):
        parse_cards(text)


def test_parse_cards_separators_and_ten() -> None:
    assert format_cards(parse_cards("AsKd")) == "AsKd"
    assert format_cards(parse_cards("As Kd")) == "AsKd"
    assert format_cards(parse_cards("As,Kd, 10h")) == "AsKdTh"
    assert format_cards(parse_cards("10s10c")) == "TsTc"
    assert format_cards(parse_cards("A\u2660 10\u2666K\u2665")) == "AsTdKh"
    assert parse_cards("") == ()
    assert parse_cards("  ") == ()


@pytest.mark.parametrize("bad", [-1, 52, 100, True, False, 1.0, "As", None])
def test_format_card_rejects_non_cards(bad: object) -> None:
    assert not is_card(bad)
    with pytest.raises(CardError):
        format_card(bad)  # type: ignore[arg-type]


def test_format_cards_with_symbols() -> None:
    assert format_cards(parse_cards("AsKdQhJc"), " ", symbols=True) == (
        "A\u2660 K\u2666 Q\u2665 J\u2663"
    )


def test_duplicates_detected() -> None:
    assert duplicates([]) == []
    assert duplicates(list(DECK)) == []
    as_, kd, qh = parse_cards("As Kd Qh")
    assert duplicates([as_, kd, as_]) == [as_]
    # Listed once each, in order of second appearance.
    assert duplicates([as_, kd, qh, kd, as_, as_, kd]) == [kd, as_]


@given(st.lists(st.integers(min_value=0, max_value=51), max_size=20))
def test_duplicates_matches_counting(cards: list[int]) -> None:
    found = duplicates(cards)
    assert set(found) == {c for c in cards if cards.count(c) > 1}
    assert len(found) == len(set(found))


def test_button_draw_king_of_spades_beats_king_of_diamonds_shuf_09_a_32() -> None:
    # two kings drawn, K♠ and K♦ -> K♠ wins (spades > diamonds > clubs > hearts).
    assert button_draw_winner({3: parse_card("Kd"), 7: parse_card("Ks")}) == 7
    assert button_draw_winner({3: parse_card("Ks"), 7: parse_card("Kd")}) == 3


def test_button_draw_suit_order_for_ties_shuf_09() -> None:
    # SHUF-09: spades > diamonds > clubs > hearts, for the draw only (not RANK-03).
    order = [parse_card(t) for t in ("Ah", "Ac", "Ad", "As")]
    assert sorted(order, key=button_draw_key) == order
    draw = {seat: card for seat, card in enumerate(order, start=1)}
    assert button_draw_winner(draw) == 4
    del draw[4]
    assert button_draw_winner(draw) == 3
    del draw[3]
    assert button_draw_winner(draw) == 2


def test_button_draw_rank_beats_suit_shuf_09() -> None:
    # The highest rank wins whatever its suit: A♥ beats K♠; 3♥ beats 2♠.
    assert button_draw_winner({1: parse_card("Ks"), 2: parse_card("Ah")}) == 2
    assert button_draw_winner({1: parse_card("2s"), 2: parse_card("3h")}) == 2


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True))
def test_button_draw_winner_holds_the_highest_card_shuf_09(cards: list[int]) -> None:
    draw = {seat: card for seat, card in enumerate(cards)}
    winner = button_draw_winner(draw)
    suit_strength = {"s": 3, "d": 2, "c": 1, "h": 0}
    best = max(cards, key=lambda c: (rank_of(c), suit_strength[SUITS[suit_of(c)]]))
    assert draw[winner] == best


def test_button_draw_refuses_bad_draws() -> None:
    with pytest.raises(ValueError):
        button_draw_winner({})
    with pytest.raises(ValueError):
        button_draw_winner({1: 51, 2: 51})
    with pytest.raises(CardError):
        button_draw_winner({1: 51, 2: 52})
