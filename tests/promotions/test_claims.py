"""Qualifying and almost-qualifying hands judged by the engine, the claim signed by the
table's supervisor, surveillance and the shift manager, the slips paid at the cage and
the fund re-seeded (issue 44 §2)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused
from casino.models import Signature
from casino.roles import Role
from hands import services as hands
from promotions import selectors, services
from promotions.models import EntryKind, FundEntry, JackpotClaim, JackpotSlip

from .conftest import bad_beat_hand, next_hand_data

pytestmark = pytest.mark.django_db
D = Decimal


def judged(hand):
    fund, result = selectors.hand_judgement(hand)
    return result


def test_four_eights_with_a_pocket_pair_beaten_qualifies_with_the_rule_and_the_cards(
    fund, sup, ready_session
):
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    result = judged(hand)
    assert result.qualified and not result.almost
    data = result.data
    assert (data["losing"], data["winning"], data["others"]) == ([1], [3], [5, 7])
    loser = next(h for h in data["hands"] if h["role"] == "losing_hand")
    assert loser["cards"] == "8s 8h" and "Póquer de ochos" in loser["hand"]["es"]
    assert "La mano perdedora debe ser póquer de ochos o mejor." in data["rules"]["es"]
    assert "The losing hand must be four of a kind, eights or better." in data["rules"]["en"]


def test_too_few_players_dealt_is_almost_and_names_the_rule(fund, sup, ready_session):
    # Rule: "Al menos 4 jugadores repartidos" (TOO_FEW_PLAYERS): four eights beaten, 3 dealt.
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(players=(1, 3, 5)))
    result = judged(hand)
    assert not result.qualified and result.almost
    assert result.data["reason"]["code"] == "TOO_FEW_PLAYERS"
    assert result.data["reason"]["es"] == (
        "Se repartió a 3 jugadores; las reglas piden al menos 4."
    )


def test_a_hole_card_only_a_kicker_is_almost_and_names_the_rule(fund, sup, ready_session):
    # Rule: "deben jugar las dos cartas privadas, y no solo como kicker" (kickers_play False):
    # 8s Kh on 8d 8c 8h 6d 7d is four eights with a king kicker.
    data = bad_beat_hand(loser="8sKh", board=("8d8c8h", "6d", "7d"))
    hand = hands.hand_log(actor=sup, session=ready_session, data=data)
    result = judged(hand)
    assert not result.qualified and result.almost
    assert result.data["reason"]["code"] == "HOLE_CARD_KICKER_ONLY"
    assert "Kh solo hace de kicker" in result.data["reason"]["es"]


def test_four_sevens_is_below_the_minimum_and_not_a_near_miss(fund, sup, ready_session):
    data = bad_beat_hand(loser="7s7h", board=("7d7c6d", "8d", "Kc"))
    hand = hands.hand_log(actor=sup, session=ready_session, data=data)
    result = judged(hand)
    assert not result.qualified and not result.almost
    assert result.data["reason"]["code"] == "HAND_BELOW_MINIMUM"


def _sign_all(staff, claim):
    services.claim_sign(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), claim=claim, role=Role.SUPERVISOR
    )
    services.claim_sign(
        actor=acting_as(staff["surveillance"], Role.SURVEILLANCE),
        claim=claim,
        role=Role.SURVEILLANCE,
    )
    return services.claim_sign(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        claim=claim,
        role=Role.SHIFT_MANAGER,
    )


def test_a_bad_beat_is_claimed_signed_paid_by_the_split_and_the_fund_reseeded(
    fund, sup, staff, cashier, ready_session
):
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    claim = services.claim_file(actor=sup, fund=fund, hand=hand)
    assert claim.balance == D("5001.00")
    # pay_out: 50 % / 25 % / 15 % split in whole chips of 1.00; 10 % and remainders stay.
    assert [(a["share"], a["seat"], a["amount"]) for a in claim.payout["awards"]] == [
        ("losing_hand", 1, 250_000),
        ("winning_hand", 3, 125_000),
        ("table", 5, 37_500),
        ("table", 7, 37_500),
    ]
    assert _sign_all(staff, claim).locked
    slips = list(JackpotSlip.objects.filter(claim=claim))
    assert [s.amount for s in slips] == [D("2500.00"), D("1250.00"), D("375.00"), D("375.00")]
    for slip in slips:
        services.slip_pay(actor=cashier, slip=slip)
    assert FundEntry.objects.filter(kind=EntryKind.PAYOUT).count() == 4
    reseed = FundEntry.objects.get(kind=EntryKind.RESEED)
    assert reseed.amount == D("4499.00")  # the house tops the 501.00 kept up to the seed
    assert selectors.balance(fund) == D("5000.00")
    assert not selectors.open_claims(fund).exists()


def test_a_supervisor_of_another_table_cannot_file_or_sign(fund, sup, staff, ready_session):
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    other = acting_as(staff["supervisor2"], Role.SUPERVISOR)
    with pytest.raises(PermissionRefused):
        services.claim_file(actor=other, fund=fund, hand=hand)
    assert not JackpotClaim.objects.exists()
    claim = services.claim_file(actor=sup, fund=fund, hand=hand)
    with pytest.raises(PermissionRefused) as err:
        services.claim_sign(actor=other, claim=claim, role=Role.SUPERVISOR)
    assert err.value.code == "NOT_SESSION_SUPERVISOR"
    assert not Signature.objects.filter(object_id=claim.pk, role="supervisor").exists()


def test_the_manager_confirms_only_after_the_review_and_a_miss_is_not_claimed(
    fund, sup, staff, ready_session
):
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    claim = services.claim_file(actor=sup, fund=fund, hand=hand)
    # Sevens full of eights beaten: below the minimum, refused with the rule it fails.
    near = hands.hand_log(
        actor=sup, session=ready_session, data=next_hand_data(ready_session, loser="7s7h")
    )
    with pytest.raises(Conflict) as err:
        services.claim_file(actor=sup, fund=fund, hand=near)
    assert err.value.code == "HAND_DOES_NOT_QUALIFY"
    assert err.value.details == {"reason": "HAND_BELOW_MINIMUM"}
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    with pytest.raises(Conflict) as err:
        services.claim_sign(actor=manager, claim=claim, role=Role.SHIFT_MANAGER)
    assert err.value.code == "CLAIM_REVIEW_PENDING"
    with pytest.raises(Conflict) as err:
        services.claim_file(actor=sup, fund=fund, hand=hand)
    assert err.value.code == "CLAIM_OPEN"
    assert JackpotClaim.objects.count() == 1 and not JackpotSlip.objects.exists()
    assert not claim.signatures().exists()
