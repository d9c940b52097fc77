"""The payout table: the documented power law, exact to the unit; satellites pay seats."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.tournament import (
    LeftoverRule,
    Prize,
    SatellitePrize,
    TCode,
    TournamentError,
    check_payouts,
    default_places,
    payouts_for,
    prize_pool,
    propose_payouts,
    satellite_payouts,
)
from poker.tournament.payouts import first_share, power_law_weights
from tests.poker.tournament.helpers import friday


def test_tour_07_the_proposed_table_for_sixty_entries() -> None:
    # TOUR-07: only a small share is paid, by finishing position; the rule is documented in
    # docs/tournaments.md and these are its figures (pool 60,000, unit 100, 9 places).
    table = propose_payouts(60_000, entries=60, unit=100)
    assert table.amounts() == (19_100, 10_300, 7_200, 5_600, 4_600, 3_900, 3_400, 3_100, 2_800)
    assert (table.rule, table.first_share, table.exponent) == ("power_law", "0.312771", "0.865487")
    assert sum(table.amounts()) == 60_000


def test_places_paid_default_to_fifteen_percent_rounded_up() -> None:
    assert [default_places(n) for n in (1, 2, 6, 7, 10, 60, 100, 1000)] == [
        1,
        1,
        1,
        2,
        2,
        9,
        15,
        150,
    ]


def test_first_share_is_set_by_the_places_paid() -> None:
    assert first_share(1) == 1
    assert [str(first_share(k).quantize(Decimal("0.001"))) for k in (2, 3, 9, 15, 100)] == [
        "0.591",
        "0.477",
        "0.313",
        "0.270",
        "0.178",
    ]
    for k in (2, 3, 9, 50):
        weights, _ = power_law_weights(k)
        share = weights[0] / sum(weights)  # the default context: 28 digits
        assert abs(share - first_share(k)) < Decimal("1e-25")
        assert all(a > b for a, b in zip(weights, weights[1:], strict=False))


def test_one_place_takes_the_pool_and_the_rest_below_a_unit_goes_to_first() -> None:
    assert propose_payouts(12_345, entries=5, unit=100, places=1).amounts() == (12_345,)
    table = propose_payouts(10_050, entries=20, unit=100, places=3)
    assert sum(table.amounts()) == 10_050
    assert table.amounts()[0] % 100 == 50 and all(a % 100 == 0 for a in table.amounts()[1:])


@pytest.mark.parametrize(
    ("pool", "entries", "unit", "places", "code"),
    [
        (500, 60, 100, 9, TCode.POOL_TOO_SMALL),
        (0, 10, 1, 1, TCode.POOL_TOO_SMALL),
        (60_000, 60, 100, 0, TCode.PLACES_INVALID),
        (60_000, 60, 100, 61, TCode.PLACES_INVALID),
        (-1, 60, 100, 9, TCode.AMOUNT_NEGATIVE),
        (60_000, 60, 0, 9, TCode.NUMBER_OUT_OF_RANGE),
    ],
)
def test_refusals(pool: int, entries: int, unit: int, places: int, code: TCode) -> None:
    with pytest.raises(TournamentError) as caught:
        propose_payouts(pool, entries=entries, unit=unit, places=places)
    assert caught.value.code is code
    assert "{" not in caught.value.message_es + caught.value.message_en


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10**10),
    st.integers(1, 1500),
    st.sampled_from([1, 5, 10, 25, 100, 1000]),
    st.one_of(st.none(), st.integers(1, 300)),
)
def test_payouts_sum_exactly_never_increase_and_are_in_the_unit(
    pool: int, entries: int, unit: int, places: int | None
) -> None:
    # TOUR-07: whatever the pool, the table pays it exactly, no place pays more than the
    # one above, and every prize is in the room's unit (first takes any part below one).
    if places is not None:
        places = min(places, entries)
    try:
        table = propose_payouts(pool, entries=entries, unit=unit, places=places)
    except TournamentError as exc:
        assert exc.code is TCode.POOL_TOO_SMALL
        k = default_places(entries) if places is None else places
        # Refused only when a paid place would get less than one unit: the last place
        # weighs at least 1/K of the first and the weights sum to 1 + ln K <= K, so a
        # pool of K² units always pays.
        assert pool < unit * k * k
        return
    amounts = table.amounts()
    assert sum(amounts) == pool
    assert all(a >= b for a, b in zip(amounts, amounts[1:], strict=False))
    assert all(a % unit == 0 and a >= unit for a in amounts[1:])
    assert amounts[0] % unit == pool % unit and amounts[0] >= unit
    assert len(amounts) == (default_places(entries) if places is None else places)


def test_tour_08_a_satellite_pays_seats_and_the_leftover_as_the_structure_says() -> None:
    # TOUR-08: 60 entries of 1,000 buy 10 seats of 5,500; 5,000 is left over.
    table = satellite_payouts(60_000, entries=60, seat_value=5500, target="Gran Final")
    assert [(p.place, p.amount, p.seat_value) for p in table.prizes] == [
        *[(i, 0, 5500) for i in range(1, 11)],
        (11, 5000, 0),
    ]
    assert sum(p.value for p in table.prizes) == 60_000 and table.prizes[0].seat_in == "Gran Final"
    split = satellite_payouts(
        60_000,
        entries=60,
        seat_value=5500,
        target="Gran Final",
        leftover=LeftoverRule.SPLIT_AMONG_SEATS,
        unit=100,
    )
    assert [p.amount for p in split.prizes] == [500] * 10
    odd = satellite_payouts(
        60_350,
        entries=60,
        seat_value=5500,
        target="GF",
        leftover=LeftoverRule.SPLIT_AMONG_SEATS,
        unit=100,
    )
    assert [p.amount for p in odd.prizes] == [5_350 - 9 * 500, *[500] * 9]
    # A guarantee can buy more seats than there are entries: everyone gets one.
    few = satellite_payouts(50_000, entries=5, seat_value=5000, target="GF")
    assert [(p.amount, p.seat_value) for p in few.prizes] == [(5000, 5000)] * 5
    # Not even one seat: first place takes the money.
    assert satellite_payouts(4000, entries=4, seat_value=5500, target="GF").prizes == (
        Prize(1, 4000),
    )


def test_payouts_for_a_structure() -> None:
    s = friday(guarantee=0)
    pool = prize_pool(s, entries=60)
    assert payouts_for(s, pool, entries=60) == propose_payouts(60_000, entries=60, unit=100)
    sat = friday(guarantee=0, satellite=SatellitePrize("Gran Final", 5500))
    assert payouts_for(sat, pool, entries=60).rule == "satellite"


def test_tour_07_the_table_management_approves_is_checked() -> None:
    # TOUR-07: management decides the payout structure; the one it writes is checked.
    table = check_payouts([30_000, 18_000, 12_000], pool=60_000, entries=60)
    assert table.rule == "manual" and table.amounts() == (30_000, 18_000, 12_000)
    for amounts, code in (
        ([30_000, 31_000, -1_000], TCode.PAYOUTS_INCREASE),
        ([30_000, 18_000, 11_000], TCode.PAYOUTS_SUM_MISMATCH),
        ([60_000, 0, 0, 0], TCode.PLACES_INVALID),
    ):
        with pytest.raises(TournamentError) as caught:
            check_payouts(amounts, pool=60_000, entries=3)
        assert caught.value.code is code
