"""Deals: chip chop and ICM (Malmuth–Harville), exact to the unit, summing to the payouts."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.tournament import (
    DealMethod,
    TCode,
    TournamentError,
    chip_chop_equities,
    icm_equities,
    make_deal,
)


def harville_by_orders(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Reference ICM: every finishing order, its Harville probability, its payouts."""
    n = len(stacks)
    prizes = payouts + [0] * (n - len(payouts))
    equity = [Fraction(0)] * n
    for order in permutations(range(n)):
        p, left = Fraction(1), sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order):
            equity[i] += p * prizes[place]
    return equity


def test_tour_07_icm_the_textbook_three_way_deal() -> None:
    # TOUR-07, §8.3(m): the players left may agree to cut the remaining prize pool.
    deal = make_deal(DealMethod.ICM, [5000, 3000, 2000], [500, 300, 200])
    assert [s.equity for s in deal.shares] == [
        Fraction(5375, 14),
        Fraction(655, 2),
        Fraction(2020, 7),
    ]
    # 383.93, 327.50, 288.57: floors 383 + 327 + 288 = 998; the two units left go to the
    # largest remainders (.93 and .57).
    assert deal.amounts() == (384, 327, 289) and deal.total == 1000


def test_chip_chop_gives_everyone_the_lowest_prize_and_splits_the_rest_by_chips() -> None:
    deal = make_deal(DealMethod.CHIP_CHOP, [6000, 3000, 1000], [500, 300, 200])
    assert deal.amounts() == (440, 320, 240)


def test_an_amount_left_to_play_for_comes_off_first_prize() -> None:
    deal = make_deal(DealMethod.ICM, [5000, 3000, 2000], [500, 300, 200], to_play_for=100)
    assert deal.total + deal.to_play_for == 1000
    assert [s.equity for s in deal.shares] == list(
        icm_equities([5000, 3000, 2000], [400, 300, 200])
    )
    with pytest.raises(TournamentError) as caught:
        make_deal(DealMethod.ICM, [5000, 3000, 2000], [500, 300, 200], to_play_for=201)
    assert (caught.value.code, caught.value.params["most"]) == (TCode.TO_PLAY_FOR_INVALID, 200)


def test_rounding_to_the_room_unit() -> None:
    deal = make_deal(DealMethod.ICM, [5000, 3000, 2000], [50_000, 30_000, 20_050], unit=100)
    assert deal.total == 100_050
    amounts = deal.amounts()
    assert amounts[0] % 100 == 50 and all(a % 100 == 0 for a in amounts[1:])


@pytest.mark.parametrize(
    ("stacks", "payouts", "code"),
    [
        ([5000], [500], TCode.DEAL_PLAYERS_INVALID),
        ([1] * 11, [500], TCode.DEAL_PLAYERS_INVALID),
        ([5000, 0], [500, 300], TCode.DEAL_STACK_INVALID),
        ([5000, 3000], [300, 500], TCode.PAYOUTS_INCREASE),
        ([5000, 3000], [500, 300, 200], TCode.DEAL_PAYOUTS_MISMATCH),
        ([5000, 3000], [500, -1], TCode.AMOUNT_NEGATIVE),
    ],
)
def test_refusals(stacks: list[int], payouts: list[int], code: TCode) -> None:
    with pytest.raises(TournamentError) as caught:
        make_deal(DealMethod.ICM, stacks, payouts)
    assert caught.value.code is code
    assert "{" not in caught.value.message_es + caught.value.message_en


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(1, 10**6), min_size=2, max_size=5),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=5),
)
def test_icm_equals_harville_over_every_finishing_order(
    stacks: list[int], payouts: list[int]
) -> None:
    payouts = sorted(payouts, reverse=True)[: len(stacks)]
    assert list(icm_equities(stacks, payouts)) == harville_by_orders(stacks, payouts)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(list(DealMethod)),
    st.lists(st.integers(1, 10**7), min_size=2, max_size=7),
    st.lists(st.integers(0, 10**8), min_size=1, max_size=7),
    st.sampled_from([1, 5, 100, 1000]),
    st.integers(0, 10**8),
)
def test_deals_sum_exactly_respect_the_stacks_and_are_in_the_unit(
    method: DealMethod, stacks: list[int], payouts: list[int], unit: int, keep: int
) -> None:
    payouts = sorted(payouts, reverse=True)[: len(stacks)]
    top_gap = payouts[0] - (payouts[1] if len(payouts) > 1 else 0)
    to_play_for = keep % (top_gap + 1)
    deal = make_deal(method, stacks, payouts, unit=unit, to_play_for=to_play_for)
    amounts = deal.amounts()
    # The deal pays the locked payouts left, exactly.
    assert deal.total + to_play_for == sum(payouts)
    assert sum(s.equity for s in deal.shares) == sum(payouts) - to_play_for
    # Results in the unit: only the biggest stack may hold the part below one unit.
    top = min(range(len(stacks)), key=lambda i: (-stacks[i], i))
    below = (sum(payouts) - to_play_for) % unit
    assert all(a % unit == (below if i == top else 0) for i, a in enumerate(amounts))
    # A bigger stack never gets less; every share is within a unit of its exact value.
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] > stacks[j]:
                assert amounts[i] >= amounts[j]
        assert abs(amounts[i] - deal.shares[i].equity) < unit + below
    lowest = (payouts + [0] * len(stacks))[len(stacks) - 1]
    exact = icm_equities if method is DealMethod.ICM else chip_chop_equities
    assert all(e >= lowest for e in exact(stacks, payouts))
