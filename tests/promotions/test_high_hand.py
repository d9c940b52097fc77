"""The high-hand period's winner: the best qualifying hand recorded at the fund's tables
in the period, ties as the rules say (issue 44 §2)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from hands import services as hands
from poker.evaluator import HandCategory
from poker.promotions import Drop, FundKind, FundRules, HoleCards, Split, hand_floor
from promotions import selectors, services

from .conftest import bad_beat_hand
from .test_pages import login

pytestmark = pytest.mark.django_db

HIGH_HAND = FundRules(
    kind=FundKind.HIGH_HAND,
    drop=Drop(amount=100, min_pot=2000, flop_required=True),
    seed=10_000,
    split=Split(winning_hand_bps=9000, reserve_bps=1000),
    minimum_hand=hand_floor(HandCategory.FOUR_OF_A_KIND, "2"),
    hole_cards=HoleCards.BOTH,
)


def test_the_best_hand_of_the_period_wins_and_the_fund_page_shows_it(
    client, manager, staff, sup, hand_table, ready_session, gaming_day
):
    fund = services.fund_create(actor=manager, name="Mano alta", rules=HIGH_HAND)
    services.fund_table_attach(actor=manager, fund=fund, table=hand_table)
    # Seat 1's four eights and seat 3's straight flush both qualify; the flush is best.
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    start = timezone.now() - timedelta(hours=1)
    (winner,) = selectors.high_hand_period(fund, start, start + timedelta(hours=2))
    assert (winner["hand"], winner["seat"], winner["cards"]) == (hand, 3, "9d Td")
    assert selectors.high_hand_period(fund, start - timedelta(hours=5), start) == []
    login(client, staff["shift_manager"], "shift_manager")
    page = client.get(f"/promotions/funds/{fund.pk}/").content.decode()
    assert "9d Td" in page and "Escalera de color" in page
