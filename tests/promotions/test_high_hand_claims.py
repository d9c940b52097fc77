"""Paying a high-hand period (issue 44 §2, "a high-hand period's winner is the best hand
recorded in it, ties as the rules say"): the claim of a closed period, signed like the
bad beat's (the winning table's supervisor, surveillance, the shift manager last), the
slips paid at the cage against the fund's ledger and the fund re-seeded as posted."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.roles import Role
from hands import services as hands
from hands.models import HandRevisionApproval
from poker.evaluator import HandCategory
from poker.promotions import Drop, FundKind, FundRules, HoleCards, Split, Ties, hand_floor
from promotions import selectors, services
from promotions.models import EntryKind, FundEntry, JackpotClaim, JackpotSlip

from .conftest import bad_beat_hand, next_hand_data

pytestmark = pytest.mark.django_db
D = Decimal

#: A high hand of four deuces or better with both hole cards; 90 % to the hand(s), 10 %
#: kept; a seed of 100.01 (a cent that shows the remainder rule).
HIGH_HAND = FundRules(
    kind=FundKind.HIGH_HAND,
    drop=Drop(amount=100, min_pot=2000, flop_required=True),
    seed=10_001,
    split=Split(winning_hand_bps=9000, reserve_bps=1000),
    minimum_hand=hand_floor(HandCategory.FOUR_OF_A_KIND, "2"),
    hole_cards=HoleCards.BOTH,
)


def high_fund(manager, table, rules: FundRules = HIGH_HAND):
    fund = services.fund_create(actor=manager, name="Mano alta", rules=rules, reason="alta")
    services.fund_table_attach(actor=manager, fund=fund, table=table)
    return fund


def with_cards(data: dict[str, Any], seat: int, cards: str) -> dict[str, Any]:
    """``data`` with seat ``seat`` dealt ``cards`` (a correction of the cards alone)."""
    return {
        **data,
        "seats": [{**s, "cards": cards} if s["seat"] == seat else s for s in data["seats"]],
    }


def log_at(sup, session, data):
    """A hand logged now (the fund was attached just before: hands of the fund)."""
    return hands.hand_log(actor=sup, session=session, data=data)


def sign_all(staff, claim):
    for user, role in (
        ("supervisor", Role.SUPERVISOR),
        ("surveillance", Role.SURVEILLANCE),
        ("shift_manager", Role.SHIFT_MANAGER),
    ):
        result = services.claim_sign(actor=acting_as(staff[user], role), claim=claim, role=role)
    return result


def period():
    """A period that began before the hands and ended just now, after them."""
    now = timezone.now()
    return now - timedelta(minutes=50), now


def test_a_tie_splits_the_prize_exact_to_the_cent_and_the_remainder_stays_in_the_fund(
    manager, hand_table, sup, staff, cashier, ready_session
):
    # Issue 44 §2 "ties as the rules say" (split): two hands of the period with the same
    # straight flush (9d Td on 8d 8c 6d 7d Kc) share the 90 % share; each part rounded
    # down to the table's chip (1.00); the remainder stays in the fund with the reserve.
    fund = high_fund(manager, hand_table)
    first = log_at(sup, ready_session, bad_beat_hand(loser="8s2h"))
    second = log_at(sup, ready_session, next_hand_data(ready_session))
    start, end = period()
    claim = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    assert claim.balance == D("102.01")  # the seed 100.01 and two drops of 1.00
    assert claim.hand == first and claim.judgement["winners"] == [[first.pk, 3], [second.pk, 5]]
    # 90 % of 102.01 is 91.80 (rounded down to the cent); halves of 45.90, paid in whole
    # chips of 1.00: 45.00 each. Kept: 102.01 - 90.00 = 12.01 (10.20 of reserve, 1.81 left).
    awards = [(a["hand"], a["seat"], a["amount"]) for a in claim.payout["awards"]]
    assert awards == [(first.pk, 3, 4500), (second.pk, 5, 4500)]
    assert claim.payout["reserve"] == 1201
    assert sum(a["amount"] for a in claim.payout["awards"]) + 1201 == 10201
    assert sign_all(staff, claim).locked
    slips = list(JackpotSlip.objects.filter(claim=claim))
    assert [(s.hand, s.seat, s.amount, s.share) for s in slips] == [
        (first, 3, D("45.00"), "high_hand"),
        (second, 5, D("45.00"), "high_hand"),
    ]
    services.slip_pay(actor=cashier, slip=slips[0])
    assert (
        selectors.balance(fund) == D("57.01")
        and not FundEntry.objects.filter(kind=EntryKind.RESEED).exists()
    )  # no re-seed before the last slip is paid
    services.slip_pay(actor=cashier, slip=slips[1])
    # Re-seeded to the posted seed and no more: the house adds 100.01 - 12.01 = 88.00.
    (again,) = FundEntry.objects.filter(kind=EntryKind.RESEED)
    assert again.amount == D("88.00") and selectors.balance(fund) == D("100.01")
    assert not selectors.open_claims(fund).exists()


def test_ties_first_pays_the_hand_recorded_first(manager, hand_table, sup, ready_session):
    # Issue 44 §2 "ties as the rules say" (first): the earlier of two equal hands wins.
    from dataclasses import replace

    fund = high_fund(manager, hand_table, replace(HIGH_HAND, ties=Ties.FIRST))
    first = log_at(sup, ready_session, bad_beat_hand(loser="8s2h"))
    log_at(sup, ready_session, next_hand_data(ready_session))
    start, end = period()
    claim = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    assert claim.judgement["winners"] == [[first.pk, 3]]
    assert [(a["hand"], a["amount"]) for a in claim.payout["awards"]] == [(first.pk, 9100)]


def test_a_period_is_paid_only_once_it_has_ended_and_a_refusal_changes_nothing(
    manager, hand_table, sup, ready_session
):
    fund = high_fund(manager, hand_table)
    log_at(sup, ready_session, bad_beat_hand())
    before = (JackpotClaim.objects.count(), FundEntry.objects.count())
    start, _ = period()
    with pytest.raises(Conflict) as err:
        services.high_hand_claim_file(
            actor=sup, fund=fund, start=start, end=timezone.now() + timedelta(minutes=10)
        )
    assert err.value.code == "PERIOD_NOT_ENDED"
    with pytest.raises(ValidationFailed) as err:
        services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=start)
    assert err.value.code == "PERIOD_INVALID"
    with pytest.raises(Conflict) as err:  # a period with no qualifying hand
        services.high_hand_claim_file(
            actor=sup, fund=fund, start=start - timedelta(hours=3), end=start
        )
    assert err.value.code == "NO_HIGH_HAND"
    assert (JackpotClaim.objects.count(), FundEntry.objects.count()) == before


def test_a_period_is_claimed_once_and_an_overlapping_one_is_refused(
    manager, hand_table, sup, ready_session
):
    fund = high_fund(manager, hand_table)
    log_at(sup, ready_session, bad_beat_hand())
    start, end = period()
    claim = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    for s, e in ((start, end), (start - timedelta(minutes=5), end - timedelta(seconds=1))):
        with pytest.raises(Conflict) as err:
            services.high_hand_claim_file(actor=sup, fund=fund, start=s, end=e)
        assert err.value.code == "PERIOD_ALREADY_CLAIMED"
    assert list(JackpotClaim.objects.all()) == [claim]


def test_a_supervisor_of_another_table_cannot_file_or_sign_a_period(
    manager, hand_table, sup, staff, ready_session
):
    # Issue 12 §1 (the table's own supervisor): supervisor2 holds the role, not the table.
    fund = high_fund(manager, hand_table)
    log_at(sup, ready_session, bad_beat_hand())
    start, end = period()
    other = acting_as(staff["supervisor2"], Role.SUPERVISOR)
    with pytest.raises(PermissionRefused):
        services.high_hand_claim_file(actor=other, fund=fund, start=start, end=end)
    assert not JackpotClaim.objects.exists()
    claim = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    with pytest.raises(PermissionRefused) as err:
        services.claim_sign(actor=other, claim=claim, role=Role.SUPERVISOR)
    assert err.value.code == "NOT_SESSION_SUPERVISOR" and not claim.signatures().exists()
    manager_actor = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    with pytest.raises(Conflict) as err:  # the shift manager confirms last
        services.claim_sign(actor=manager_actor, claim=claim, role=Role.SHIFT_MANAGER)
    assert err.value.code == "CLAIM_REVIEW_PENDING" and not claim.signatures().exists()


def test_a_revision_waiting_for_the_pit_boss_does_not_count_and_once_signed_it_does(
    manager, hand_table, sup, boss, ready_session
):
    # HREC-09: a closed hand changes only by a revision, which counts once the pit boss
    # signs it (a later hand has started): the period is judged on the record in force.
    fund = high_fund(manager, hand_table)
    best = log_at(sup, ready_session, bad_beat_hand())
    later = log_at(sup, ready_session, next_hand_data(ready_session, loser="8s2h"))
    # Both hands show the same straight flush at the big blind (9d Td): a tie. Then the
    # first one's is found a misread: seat 3 held 9c Tc (a straight).
    hands.hand_correct(
        actor=sup, hand=best, data=with_cards(best.record, 3, "9cTc"), reason="Cartas mal leídas"
    )
    approval = HandRevisionApproval.objects.get()
    start, end = period()
    # Not signed yet: the original still counts, and the revision not yet.
    winners = selectors.high_hand_period(fund, start, end)
    assert [(w["hand"], w["seat"]) for w in winners] == [(best, 3), (later, 5)]
    hands.hand_review(actor=boss, hand=best, correction_id=approval.correction_id)
    winners = selectors.high_hand_period(fund, start, end)
    assert [(w["hand"], w["seat"]) for w in winners] == [(later, 5)]


def test_a_hand_revised_after_it_was_found_best_is_judged_again_in_its_revision(
    manager, hand_table, sup, staff, ready_session
):
    # HREC-09 and issue 44 §2: the claim uses the revision that counts. The winning hand
    # is revised after the claim was filed: the old claim is not signed (409) and the
    # claim filed again replaces it, on the revision.
    fund = high_fund(manager, hand_table)
    best = log_at(sup, ready_session, bad_beat_hand())
    start, end = period()
    claim = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    assert claim.judgement["winners"] == [[best.pk, 3]]  # the straight flush
    revision = hands.hand_correct(
        actor=sup, hand=best, data=with_cards(best.record, 3, "9cTc"), reason="Cartas mal leídas"
    )
    with pytest.raises(Conflict) as err:
        services.claim_sign(
            actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
            claim=claim,
            role=Role.SUPERVISOR,
        )
    assert err.value.code == "CLAIM_HAND_REVISED" and not claim.signatures().exists()
    again = services.high_hand_claim_file(actor=sup, fund=fund, start=start, end=end)
    # The revision's best hand: seat 1's four eights (8s 8h on 8d 8c).
    assert again.replaces == claim and again.hand == revision
    assert again.judgement["winners"] == [[revision.pk, 1]]
    assert again.judgement["hands"][0]["cards"] == "8s 8h"
    with pytest.raises(Conflict) as err:
        services.claim_sign(
            actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
            claim=claim,
            role=Role.SUPERVISOR,
        )
    assert err.value.code == "CLAIM_REPLACED"
    assert sign_all(staff, again).locked
    assert list(selectors.open_claims(fund)) == [again]
