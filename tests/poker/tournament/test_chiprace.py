"""The chip race at a colour-up (TDA 24, 25)."""

from __future__ import annotations

import pytest

from poker.cards import parse_cards
from poker.tournament import RaceRounding, SeededDraw, TCode, TournamentError, chip_race

IN_PLAY = (25, 100, 500, 1000, 5000)


def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text)


def test_tda_24_one_chip_at_most_to_each_of_the_highest_cards() -> None:
    # TDA 24: the odd chips are raced off; a seat wins at most one new chip.
    stacks = {
        1: {25: 3, 100: 40},  # 75 odd: 3 cards
        2: {25: 1, 500: 10},  # 25 odd: 1 card
        3: {25: 2, 1000: 3},  # 50 odd: 2 cards
        4: {500: 12},  # nothing to race
    }
    dealt = {1: cards("2c3d4h"), 2: cards("Ah"), 3: cards("KcQd")}
    race = chip_race(stacks, in_play=IN_PLAY, remove=[25], cards=dealt)
    assert (race.new_chip, race.chips_raced) == (100, 2)  # 150 of 25s: 1.5 chips, rounded up
    won = {s.seat: s.won for s in race.seats}
    assert won == {1: False, 2: True, 3: True, 4: False}
    after = {s.seat: s.value_after for s in race.seats}
    assert after == {1: 4000, 2: 5100, 3: 3100, 4: 6000}
    assert race.value_raced == 150 and race.value_added == 200
    assert sum(s.value_before for s in race.seats) - race.value_raced + race.value_added == sum(
        after.values()
    )


def test_tda_24_ties_of_rank_are_broken_by_suit() -> None:
    # The TDA names no suit order; the race uses the manual's, ♠ > ♦ > ♣ > ♥ (§8.3(e)).
    stacks = {1: {25: 2}, 2: {25: 2}}
    race = chip_race(
        stacks, in_play=IN_PLAY, remove=[25], cards={1: cards("Ah2c"), 2: cards("Ad3c")}
    )
    assert [s.won for s in race.seats] == [False, True]


def test_tda_24_nobody_is_raced_out() -> None:
    # TDA 24: a player who loses the last chip in the race gets one of the smallest left.
    race = chip_race(
        {1: {25: 1}, 2: {25: 1}, 3: {25: 1}},
        in_play=IN_PLAY,
        remove=[25],
        cards={1: cards("2c"), 2: cards("Ks"), 3: cards("3c")},
    )
    assert race.chips_raced == 1  # 75 of 25s: 0.75 chip rounds to one
    assert [(s.won, s.given, s.value_after) for s in race.seats] == [
        (False, True, 100),
        (True, False, 100),
        (False, True, 100),
    ]


def test_tda_25_whole_chips_change_at_equal_value_first() -> None:
    # TDA 24, 25: chips that make whole new chips are changed at equal value; only the odd
    # ones race.
    race = chip_race({1: {25: 9}, 2: {25: 2}}, in_play=IN_PLAY, remove=[25], seed=7)
    one, two = race.seats
    assert (one.exchanged, one.odd_value, len(one.cards)) == (2, 25, 1)
    assert (two.exchanged, two.odd_value, len(two.cards)) == (0, 50, 2)


def test_tda_24_a_seeded_race_deals_from_seat_one_and_replays() -> None:
    # TDA 24: the race starts in seat 1; the recorded seed gives the same cards again.
    stacks = {5: {25: 2}, 1: {25: 1}, 3: {25: 3}}
    race = chip_race(stacks, in_play=IN_PLAY, remove=[25], seed=99)
    deck = SeededDraw(99, "chip-race").shuffle(range(52))
    # round 1: seats 1, 3, 5; round 2: seats 3, 5; round 3: seat 3
    assert {s.seat: s.cards for s in race.seats} == {
        1: (deck[0],),
        3: (deck[1], deck[3], deck[5]),
        5: (deck[2], deck[4]),
    }
    assert chip_race(stacks, in_play=IN_PLAY, remove=[25], seed=99) == race


def test_rounding_choices() -> None:
    stacks = {1: {25: 1}, 2: {25: 1}, 3: {25: 3}}  # 125 odd: 1.25 chips
    for rounding, raced in (
        (RaceRounding.NEAREST, 1),
        (RaceRounding.UP, 2),
        (RaceRounding.DOWN, 1),
    ):
        race = chip_race(stacks, in_play=IN_PLAY, remove=[25], seed=1, rounding=rounding)
        assert race.chips_raced == raced


@pytest.mark.parametrize(
    ("stacks", "kwargs", "code"),
    [
        ({1: {25: 1}}, {"remove": [50], "seed": 1}, TCode.CHIP_RACE_NOT_IN_PLAY),
        ({1: {50: 1}}, {"remove": [25], "seed": 1}, TCode.CHIP_RACE_NOT_IN_PLAY),
        ({1: {25: 1}}, {"remove": list(IN_PLAY), "seed": 1}, TCode.CHIP_RACE_NOTHING_LEFT),
        ({1: {25: 1}}, {"remove": [25]}, TCode.FIELD_MISSING),
        (
            {1: {25: 2}},
            {"remove": [25], "cards": {1: parse_cards("AsAs")}},
            TCode.CHIP_RACE_CARDS_INVALID,
        ),
        (
            {1: {25: 2}},
            {"remove": [25], "cards": {1: parse_cards("As")}},
            TCode.CHIP_RACE_CARDS_INVALID,
        ),
    ],
)
def test_refusals(
    stacks: dict[int, dict[int, int]], kwargs: dict[str, object], code: TCode
) -> None:
    with pytest.raises(TournamentError) as caught:
        chip_race(stacks, in_play=IN_PLAY, **kwargs)  # type: ignore[arg-type]
    assert caught.value.code is code


def test_more_cards_than_a_deck_is_refused() -> None:
    # Racing 25s straight into 500s could need 19 cards a seat: race the 25s first.
    stacks = {s: {25: 19} for s in range(1, 4)}
    with pytest.raises(TournamentError) as caught:
        chip_race(stacks, in_play=(25, 500), remove=[25], seed=1)
    assert (caught.value.code, caught.value.params["cards"]) == (TCode.CHIP_RACE_TOO_MANY_CARDS, 57)
