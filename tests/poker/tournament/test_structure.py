"""The tournament structure: what it holds, and every structure that cannot be played refused."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from poker.tournament import (
    AnteKind,
    Break,
    LeftoverRule,
    Level,
    PeriodKind,
    SatellitePrize,
    TCode,
    TournamentError,
    structure_from_dict,
)
from tests.poker.tournament.helpers import LEVELS, friday, rebuy_structure


def refused(code: TCode, **changes: Any) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        friday(**changes)
    assert caught.value.code is code, caught.value
    # Words for people in both languages, every parameter filled in.
    assert "{" not in caught.value.message_es and "{" not in caught.value.message_en
    return caught.value


def test_tour_03_buy_in_and_fee_are_kept_apart() -> None:
    # TOUR-03: the buy-in goes to the pool, the fee to the house; the structure keeps both.
    s = friday()
    assert (s.buy_in, s.fee, s.entry_price()) == (1000, 100, 1100)


def test_tour_07_everyone_starts_with_the_same_chips() -> None:
    # TOUR-07: one starting stack, payable in the chips on the tables while anyone can enter.
    s = friday()
    assert s.starting_chips == 10_000
    # A late entry at level 4 gets its stack after the 25s are raced off: 100s at least.
    e = refused(TCode.CHIPS_NOT_PAYABLE, starting_chips=10_050)
    assert e.field == "starting_chips" and (e.params["level"], e.params["chip"]) == (4, 100)
    assert friday(starting_chips=10_050, late_registration_until_level=3, re_entry=None)
    assert (
        e.message_es == "10050 no se puede pagar en el nivel 4: la ficha más chica en juego es 100."
    )


def test_tour_06_advance_per_table_defaults_to_two() -> None:
    # TOUR-06: a qualifying stage sends the two biggest stacks of each table on by default.
    s = friday(qualifying_stage=True)
    assert s.advance_per_table == 2
    assert friday(qualifying_stage=True, advance_per_table=3).advance_per_table == 3
    assert refused(TCode.NUMBER_OUT_OF_RANGE, advance_per_table=9).field == "advance_per_table"


def test_tour_08_a_satellite_pays_seats() -> None:
    # TOUR-08: a satellite's prize is a seat in another tournament, worth its buy-in + fee.
    s = friday(satellite=SatellitePrize("Gran Final 5.500", 5500, LeftoverRule.NEXT_PLACE))
    assert s.satellite is not None and s.satellite.seat_value == 5500
    refused(TCode.NUMBER_OUT_OF_RANGE, satellite=SatellitePrize("Gran Final", 0))
    refused(TCode.NAME_MISSING, satellite=SatellitePrize(" ", 5500))


def test_levels_breaks_and_chips_in_play() -> None:
    s = friday()
    assert s.level(4).ante_kind is AnteKind.BIG_BLIND_ANTE
    assert s.level(99) == s.levels[-1]  # the last level goes on
    assert s.denominations_at(3) == (25, 100, 500, 1000, 5000)
    assert s.denominations_at(4) == (100, 500, 1000, 5000)  # raced off at the first break
    kinds = [(p.kind, p.level, p.minutes) for p in s.periods()]
    assert kinds[:5] == [
        (PeriodKind.LEVEL, 1, 20),
        (PeriodKind.LEVEL, 2, 20),
        (PeriodKind.LEVEL, 3, 20),
        (PeriodKind.BREAK, 3, 10),
        (PeriodKind.LEVEL, 4, 20),
    ]
    assert s.periods()[4].start_ms == 70 * 60_000


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"name": ""}, TCode.NAME_MISSING, "name"),
        ({"buy_in": -1}, TCode.NUMBER_OUT_OF_RANGE, "buy_in"),
        ({"fee": True}, TCode.FIELD_TYPE, "fee"),
        ({"denominations": ()}, TCode.DENOMINATIONS_INVALID, "denominations"),
        ({"denominations": (100, 25)}, TCode.DENOMINATIONS_INVALID, "denominations"),
        ({"levels": ()}, TCode.LEVELS_MISSING, "levels"),
        ({"levels": (LEVELS[1], LEVELS[0])}, TCode.LEVELS_DECREASE, "levels[1].big_blind"),
        (
            {"levels": (Level(30, 60, 20), *LEVELS[1:])},
            TCode.CHIPS_NOT_PAYABLE,
            "levels[0].small_blind",
        ),
        (
            {"levels": (*LEVELS[:3], Level(125, 250, 20), *LEVELS[4:])},
            TCode.CHIPS_NOT_PAYABLE,  # the 25s are gone after the first break
            "levels[3].small_blind",
        ),
        ({"breaks": (Break(8, 10),)}, TCode.NUMBER_OUT_OF_RANGE, "breaks[0].after_level"),
        (
            {"breaks": (Break(6, 10), Break(3, 10))},
            TCode.BREAKS_OUT_OF_ORDER,
            "breaks[1].after_level",
        ),
        ({"breaks": (Break(3, 10, (50,)),)}, TCode.COLOUR_UP_UNKNOWN, "breaks[0].colour_up"),
        ({"breaks": (Break(3, 10, (100,)),)}, TCode.COLOUR_UP_NOT_LOWEST, "breaks[0].colour_up"),
        (
            {"breaks": (Break(3, 10, (25, 100, 500, 1000, 5000)),)},
            TCode.COLOUR_UP_ALL,
            "breaks[0].colour_up",
        ),
        (
            {"late_registration_until_level": 9},
            TCode.NUMBER_OUT_OF_RANGE,
            "late_registration_until_level",
        ),
        ({"seats_per_table": 11}, TCode.NUMBER_OUT_OF_RANGE, "seats_per_table"),
        ({"final_table_size": 10}, TCode.NUMBER_OUT_OF_RANGE, "final_table_size"),
        ({"payout_unit": 0}, TCode.NUMBER_OUT_OF_RANGE, "payout_unit"),
        ({"balance_max_difference": 3}, TCode.NUMBER_OUT_OF_RANGE, "balance_max_difference"),
    ],
)
def test_a_structure_that_cannot_be_played_is_refused_with_its_reason(
    changes: dict[str, Any], code: TCode, field: str
) -> None:
    assert refused(code, **changes).field == field


def test_a_level_checks_its_own_blinds_and_ante() -> None:
    with pytest.raises(TournamentError) as caught:
        Level(100, 50, 20)
    assert caught.value.code is TCode.LEVEL_BLINDS_INVALID
    assert "50" in caught.value.message_es and "100" in caught.value.message_en
    with pytest.raises(TournamentError) as caught:
        Level(100, 200, 20, ante=200)  # an ante with no kind
    assert caught.value.code is TCode.LEVEL_ANTE_INVALID
    with pytest.raises(TournamentError) as caught:
        Level(100, 200, 0)
    assert caught.value.field == "minutes"


def test_add_on_must_fall_on_a_break() -> None:
    s = rebuy_structure()
    assert s.add_on is not None
    with pytest.raises(TournamentError) as caught:
        replace(s, add_on=replace(s.add_on, at_break_after_level=4))
    assert caught.value.code is TCode.ADD_ON_BREAK_UNKNOWN


def test_plain_data_round_trip() -> None:
    for s in (
        friday(),
        rebuy_structure(),
        friday(satellite=SatellitePrize("Gran Final", 5500, LeftoverRule.SPLIT_AMONG_SEATS)),
    ):
        data = json.loads(json.dumps(s.to_dict()))
        assert structure_from_dict(data) == s


@pytest.mark.parametrize(
    ("edit", "code", "field"),
    [
        (lambda d: d.pop("buy_in"), TCode.FIELD_MISSING, "buy_in"),
        (lambda d: d.update(rake=3), TCode.FIELD_UNKNOWN, "rake"),
        (lambda d: d.update(levels="fast"), TCode.FIELD_TYPE, "levels"),
        (
            lambda d: d["levels"][2].update(big_blind=10),
            TCode.LEVEL_BLINDS_INVALID,
            "levels[2].big_blind",
        ),
        (
            lambda d: d["levels"][3].update(ante_kind="straddle"),
            TCode.FIELD_TYPE,
            "levels[3].ante_kind",
        ),
        (lambda d: d["re_entry"].update(limit=0), TCode.NUMBER_OUT_OF_RANGE, "re_entry.limit"),
    ],
)
def test_plain_data_refused_with_the_path_of_the_field(edit: Any, code: TCode, field: str) -> None:
    data = json.loads(json.dumps(friday().to_dict()))
    edit(data)
    with pytest.raises(TournamentError) as caught:
        structure_from_dict(data)
    assert (caught.value.code, caught.value.field) == (code, field)
