"""Finishing places, shared places and their prizes, disqualification and expulsion,
and the qualifiers of a qualifying stage."""

from __future__ import annotations

import pytest

from poker.tournament import (
    Exit,
    ExitKind,
    Finish,
    Prize,
    Reason,
    TCode,
    TournamentError,
    awards,
    finishing_places,
    qualifiers,
)

ENTRIES = list(range(1, 11))  # ten entries


def places(exits: list[Exit]) -> dict[int, tuple[int, int]]:
    return {f.entry: (f.place, f.place_to) for f in finishing_places(ENTRIES, exits)}


def test_eliminations_take_the_places_from_the_bottom() -> None:
    assert places([Exit(3), Exit(7), Exit(1)]) == {3: (10, 10), 7: (9, 9), 1: (8, 8)}


def test_same_hand_the_bigger_starting_stack_finishes_higher() -> None:
    # TDA: players eliminated in the same hand finish in the order of the chips they had
    # when it began.
    exits = [
        Exit(3),
        Exit(7, hand="h88", stack_at_start=1200),
        Exit(1, hand="h88", stack_at_start=500),
    ]
    result = finishing_places(ENTRIES, exits)
    assert places(exits) == {3: (10, 10), 1: (9, 9), 7: (8, 8)}
    assert {f.entry: f.reason for f in result}[7] is Reason.SAME_HAND_MORE_CHIPS


def test_same_hand_same_chips_share_the_places() -> None:
    exits = [Exit(4, hand="h12", stack_at_start=800), Exit(6, hand="h12", stack_at_start=800)]
    result = finishing_places(ENTRIES, exits)
    assert places(exits) == {4: (9, 10), 6: (9, 10)}
    assert all(f.shared and f.reason is Reason.SAME_HAND_EQUAL_CHIPS for f in result)


def test_rp_8_a_hand_for_hand_hand_is_one_hand_across_the_tables() -> None:
    # TDA RP-8: in hand-for-hand, busts at different tables in the same hand are
    # simultaneous: one hand key for every table; equal stacks share the bubble's places.
    exits = [
        Exit(2, hand="h4h-3", stack_at_start=3000),  # table 2
        Exit(5, hand="h4h-3", stack_at_start=3000),  # table 5
        Exit(8, hand="h4h-3", stack_at_start=9000),  # table 5
    ]
    assert places(exits) == {2: (9, 10), 5: (9, 10), 8: (8, 8)}
    prizes = [
        Prize(i, a) for i, a in enumerate([4000, 2500, 1500, 1000, 700, 600, 500, 400, 301], 1)
    ]
    paid = awards(finishing_places(ENTRIES, exits), prizes)
    # 9th (301) + 10th (unpaid) shared: 150 and 151, the odd unit to the first recorded.
    assert [(a.entry, a.place, a.place_to, a.amount) for a in paid] == [
        (8, 8, 8, 400),
        (2, 9, 10, 151),
        (5, 9, 10, 150),
    ]


def test_the_same_hand_must_be_recorded_together() -> None:
    with pytest.raises(TournamentError) as caught:
        finishing_places(ENTRIES, [Exit(1, hand="h1"), Exit(2, hand="h2"), Exit(3, hand="h1")])
    assert caught.value.code is TCode.HAND_NOT_CONTIGUOUS


def test_sanc_05_a_disqualified_player_keeps_the_place_and_prize_earned() -> None:
    # SANC-05: disqualification eliminates the player with the rights earned so far.
    exits = [Exit(1), Exit(2), Exit(9, ExitKind.DISQUALIFIED)]
    result = {f.entry: f for f in finishing_places(ENTRIES, exits)}
    assert result[9] == Finish(9, 8, 8, Reason.DISQUALIFIED)
    assert awards(list(result.values()), [Prize(8, 250)])[0].amount == 250


def test_sanc_06_an_expelled_player_loses_everything_and_those_below_move_up() -> None:
    # SANC-06: expulsion forfeits place and prizes; the players below move up one place.
    before = places([Exit(1), Exit(2)])
    assert before == {1: (10, 10), 2: (9, 9)}
    after = finishing_places(ENTRIES, [Exit(1), Exit(2), Exit(9, ExitKind.EXPELLED)])
    by_entry = {f.entry: f for f in after}
    assert (by_entry[1].place, by_entry[2].place) == (9, 8)
    assert by_entry[9] == Finish(9, 0, 0, Reason.EXPELLED)
    assert all(a.entry != 9 for a in awards(after, [Prize(i, 10) for i in range(1, 11)]))


def test_tour_07_the_last_entry_standing_wins() -> None:
    # TOUR-07: play goes on until one player has all the chips.
    exits = [Exit(e) for e in ENTRIES if e != 6]
    result = finishing_places(ENTRIES, exits)
    assert result[-1] == Finish(6, 1, 1, Reason.LAST_PLAYER)
    assert sorted(f.place for f in result) == list(range(1, 11))


@pytest.mark.parametrize(
    ("exits", "code"),
    [
        ([Exit(1), Exit(1)], TCode.EXIT_TWICE),
        ([Exit(11)], TCode.EXIT_UNKNOWN_ENTRY),
        ([Exit(e) for e in ENTRIES], TCode.NOBODY_LEFT),
        ([Exit(1, stack_at_start=-5)], TCode.AMOUNT_NEGATIVE),
    ],
)
def test_refusals(exits: list[Exit], code: TCode) -> None:
    with pytest.raises(TournamentError) as caught:
        finishing_places(ENTRIES, exits)
    assert caught.value.code is code


def test_tour_08_a_shared_place_cannot_split_a_satellite_seat() -> None:
    # TOUR-08: a seat is not money: a tie across a seat goes to management (AUTH-02).
    exits = [Exit(4, hand="h9", stack_at_start=100), Exit(6, hand="h9", stack_at_start=100)]
    finishes = finishing_places(list(range(1, 4 + 1 + 2)), exits)  # places 5-6 of 6
    seats = [Prize(i, 0, 5500, "Gran Final") for i in range(1, 6)]
    with pytest.raises(TournamentError) as caught:
        awards(finishes, seats)
    assert caught.value.code is TCode.SHARED_SEAT
    assert "5 a 6" in caught.value.message_es


def test_tour_06_the_biggest_stacks_of_each_table_go_on() -> None:
    # TOUR-06: after a qualifying stage, advance_per_table (2) players of each table go on.
    result = qualifiers(
        {
            1: {11: 40_000, 12: 25_000, 13: 25_000, 14: 9_000},
            2: {21: 10_000, 22: 70_000, 23: 30_000},
            3: {31: 5_000},
        },
        2,
    )
    one, two, three = result
    assert (one.advance, one.tied, one.places_left) == ((11,), (12, 13), 1)  # management decides
    assert (two.advance, two.tied) == ((22, 23), ())
    assert three.advance == (31,)
