"""The fund's rules, tables and sealed ledger; the drop posted with the hand; the counted
jackpot box reconciled to the ledger to the cent (issue 44 §1)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.roles import Role
from hands import services as hands
from hands.models import Hand
from poker.promotions import Drop
from promotions import selectors, services
from promotions.models import EntryKind, FundEntry, FundRulesVersion, JackpotBoxCount
from tests.hands.conftest import folded_to_big_blind, make_table

from .conftest import BAD_BEAT, bad_beat_hand, next_hand_data

pytestmark = pytest.mark.django_db
D = Decimal


def test_a_fund_starts_with_its_seed_on_a_sealed_ledger(fund):
    (seed,) = selectors.ledger(fund)
    assert seed.kind == EntryKind.SEED and seed.amount == D("5000.00")
    assert seed.seal_verdict() == "ok"
    assert selectors.balance(fund) == D("5000.00")


def test_the_ledger_refuses_update_and_delete_in_the_database(fund):
    # GEN-09: append-only, enforced by the database's triggers.
    seed = selectors.ledger(fund).get()
    for change in (
        lambda: FundEntry.objects.filter(pk=seed.pk).update(amount=D("1")),
        lambda: FundEntry.objects.filter(pk=seed.pk).delete(),
    ):
        with pytest.raises(DatabaseError), transaction.atomic():
            change()
    assert selectors.balance(fund) == D("5000.00")


def test_rules_are_versions_dated_never_edited(fund, manager):
    v1 = fund.rules_at()
    later = timezone.now() + timedelta(hours=1)
    new = replace(BAD_BEAT, drop=Drop(amount=200, min_pot=2000, flop_required=True))
    v2 = services.fund_rules_change(
        actor=manager, fund=fund, rules=new, reason="sube el aporte", effective_from=later
    )
    assert fund.rules_at() == v1  # in force until the new version's time
    assert fund.rules_at(later) == v2 and v2.fund_rules().drop.amount == 200
    with pytest.raises(DatabaseError), transaction.atomic():
        FundRulesVersion.objects.filter(pk=v1.pk).update(reason="x")


def test_a_rules_change_backwards_or_by_a_supervisor_is_refused(fund, manager, sup):
    before = FundRulesVersion.objects.count()
    with pytest.raises(ValidationFailed) as err:
        services.fund_rules_change(
            actor=manager,
            fund=fund,
            rules=BAD_BEAT,
            reason="x",
            effective_from=timezone.now() - timedelta(hours=1),
        )
    assert err.value.code == "EFFECTIVE_IN_THE_PAST"
    with pytest.raises(PermissionRefused):
        services.fund_rules_change(actor=sup, fund=fund, rules=BAD_BEAT, reason="x")
    assert FundRulesVersion.objects.count() == before


def test_a_table_offers_one_fund_at_a_time(fund, manager, hand_table):
    # N.J.A.C. 13:69F-14.19 (a): one table does not offer two funds.
    other = services.fund_create(actor=manager, name="Otro", rules=BAD_BEAT)
    with pytest.raises(Conflict) as err:
        services.fund_table_attach(actor=manager, fund=other, table=hand_table)
    assert err.value.code == "TABLE_HAS_FUND"
    assert selectors.fund_of_table(hand_table) == fund
    services.fund_table_detach(actor=manager, fund=fund, table=hand_table)
    services.fund_table_attach(actor=manager, fund=other, table=hand_table)
    assert selectors.fund_of_table(hand_table) == other


def test_the_drop_is_posted_with_the_hand_beside_the_rake(fund, sup, ready_session):
    # RAKE-08's path: the recorder posts the rake and, beside it, the fund's drop.
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    assert hand.status == "valid" and hand.rake == D("1.00")
    drop = FundEntry.objects.get(fund=fund, kind=EntryKind.CONTRIBUTION)
    assert drop.hand == hand and drop.amount == D("1.00") and drop.seal_verdict() == "ok"
    assert selectors.balance(fund) == D("5001.00")
    # A pot below the minimum, or without a flop, pays no drop (drop_for_pot).
    hands.hand_log(
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(7, {1: 500, 3: 500, 5: 500, 7: 500}),
    )
    assert FundEntry.objects.filter(kind=EntryKind.CONTRIBUTION).count() == 1


def test_a_table_without_a_fund_pays_no_drop(manager, sup, ready_session, hand_table, fund):
    services.fund_table_detach(actor=manager, fund=fund, table=hand_table)
    hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    assert not FundEntry.objects.filter(kind=EntryKind.CONTRIBUTION).exists()


def test_a_simulated_day_reconciles_the_jackpot_box_to_the_ledger_to_the_cent(
    fund, sup, cashier, ready_session, gaming_day
):
    # Issue 44 "Done when": a day with the fund in force; the box counted to the cent.
    hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(loser="8s2h"))
    for _ in range(6):
        hand = hands.hand_log(actor=sup, session=ready_session, data=next_hand_data(ready_session))
        assert hand.status == "valid"
    assert selectors.day_drops(fund, gaming_day) == D("7.00")
    # The engine took each drop from the pot (issue 44 §1): the chips left at the table
    # are the chips the day started with, less the rake box and the jackpot box, exactly.
    day = list(Hand.objects.filter(session=ready_session).order_by("number"))
    chips_in = sum(s.starting_stack for s in day[0].seats.all())
    chips_left = sum(s.finishing_stack for s in day[-1].seats.all())
    assert chips_in == chips_left + sum(h.rake for h in day) + D("7.00")
    assert sum(h.verdict.drop for h in day) == D("7.00")
    assert selectors.box_findings(fund, gaming_day)[0].code == "JACKPOT_BOX_NOT_COUNTED"
    short = services.box_count_record(
        actor=cashier, fund=fund, gaming_day=gaming_day, counted=D("6.99")
    )
    (finding,) = selectors.box_findings(fund, gaming_day)
    assert finding.code == "JACKPOT_BOX_VARIANCE" and finding.difference == D("-0.01")
    assert "−0,01" in finding.message("es") or "-0,01" in finding.message("es")
    services.box_count_record(actor=cashier, fund=fund, gaming_day=gaming_day, counted=D("7.00"))
    assert selectors.box_findings(fund, gaming_day) == []
    assert selectors.balance(fund) == D("5007.00")
    assert JackpotBoxCount.objects.get(pk=short.pk).expected == D("7.00")


def test_a_count_by_someone_without_the_right_or_with_a_bad_amount_changes_nothing(
    fund, sup, cashier, gaming_day
):
    with pytest.raises(PermissionRefused):
        services.box_count_record(actor=sup, fund=fund, gaming_day=gaming_day, counted=D("1"))
    with pytest.raises(ValidationFailed) as err:
        services.box_count_record(
            actor=cashier, fund=fund, gaming_day=gaming_day, counted=D("1.005")
        )
    assert err.value.code == "AMOUNT_INVALID"
    assert not JackpotBoxCount.objects.exists()


def test_a_correction_is_a_linked_entry(fund, manager):
    seed = selectors.ledger(fund).get()
    fix = services.fund_entry_correct(actor=manager, entry=seed, reason="semilla errónea")
    assert fix.corrects == seed and fix.sign == -1 and selectors.balance(fund) == D("0.00")
    with pytest.raises(Conflict):
        services.fund_entry_correct(actor=manager, entry=seed, reason="otra vez")
    assert FundEntry.objects.count() == 2


def test_another_table_of_no_fund_is_untouched(fund, casino, chip_set):
    table = make_table(casino, chip_set, number=9, with_par=False)
    assert selectors.fund_of_table(table) is None
    assert acting_as  # noqa: B018
    assert Role
