"""A hand logged under the casino's NEAREST rake rounding (RAKE-07, OQ-04): the hand
stores the rake rounded to the nearest chip and the cage's rake ledger gets it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage.models import RakeEntry
from casino.roles import Role
from hands import adapter, services
from hands.models import Hand
from poker.profiles import RakeRounding
from tables import services as tables
from tables.models import RakeRounding as RakeRoundingChoice

from .conftest import act, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def _codes(hand: Hand) -> list[str]:
    return list(hand.violation_rows.values_list("code", flat=True))


def _nearest(staff) -> None:  # type: ignore[no-untyped-def]
    tables.ops_settings_change(
        actor=act(staff["shift_manager"], Role.SHIFT_MANAGER),
        reason="redondeo a la ficha más cercana",
        rake_rounding=RakeRoundingChoice.NEAREST,
    )


def test_rake_07_default_rounds_down(sup, ready_session):  # RAKE-07, OQ-04
    # showdown_hand: a 60 pot, 3 % = 1.80, chip unit 1.00 -> 1.00 rounded down.
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert hand.status == "valid", _codes(hand)
    assert hand.rake == D("1.00")
    assert RakeEntry.objects.get(session=ready_session).amount == D("1.00")


def test_rake_07_nearest_hand_and_ledger(staff, sup, ready_session):  # RAKE-07, OQ-04, RAKE-08
    _nearest(staff)
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert hand.status == "valid", _codes(hand)
    assert hand.settings.rake_rounding == RakeRoundingChoice.NEAREST
    assert hand.rake == D("2.00")  # 1.80 -> 2.00 to the nearest chip
    assert hand.verdict.rake == D("2.00")
    # The winner is paid the pot less that rake (RAKE-05): 500 - 20 + 60 - 2.
    assert D(hand.verdict.finishing["1"]) == D("538.00")
    entry = RakeEntry.objects.get(session=ready_session, hand_number=hand.number)
    assert entry.amount == D("2.00") and entry.sign == 1
    assert entry.settings_id == hand.settings_id  # the version carrying the rounding


def test_rake_07_dealer_rounding_down_under_nearest_is_a_mismatch(
    staff, sup, ready_session
):  # RAKE-07, RAKE-06
    _nearest(staff)
    data = showdown_hand()
    data["result"] = {"rake": "1.00"}  # the dealer took 1 (rounded down); 2 was due
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert _codes(hand) == ["RAKE_MISMATCH"]
    assert not RakeEntry.objects.filter(session=ready_session).exists()


def test_oq_04_a_hand_keeps_the_rounding_it_was_judged_under(
    staff, sup, ready_session
):  # RAKE-07, OQ-04, GEN-04
    first = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    _nearest(staff)
    # Re-judging the first hand later (re-validation, export) uses its own version.
    rules = adapter.rules_for(
        first.settings, chip_unit=first.chip_unit, structure=first.structure, at=first.started_at
    )
    assert rules.profile.rake_rounding is RakeRounding.DOWN_TO_MIN_CHIP
    _built, verdict = adapter.verdict_of(first.record, rules)
    assert verdict.rake == first.rake == D("1.00")
    # profile_for's cache tells the two versions apart (the key has the rounding).
    latest = ready_session.table.settings_at()
    assert adapter.profile_for(latest).rake_rounding is RakeRounding.NEAREST
    assert adapter.profile_for(first.settings).rake_rounding is RakeRounding.DOWN_TO_MIN_CHIP
