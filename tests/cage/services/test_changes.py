"""Colour changes, cash-outs, tip changes and in-hand changes (issue 6 items 3, 4, 5)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cage import selectors, services
from cage.models import CagePolicy, ChipLine, TableTransaction
from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.roles import Role
from tests.cage.conftest import PAR, chips, set_hand_in_progress

pytestmark = pytest.mark.django_db
D = Decimal


def rows():
    return TableTransaction.objects.count(), ChipLine.objects.count()


def ids(session):
    return {v: d.pk for v, d in selectors.table_denominations(session.table).items()}


def test_colour_change_equal_value_moves_denominations(opened, sup, staff):  # CHIP-02..06
    result = services.colour_change_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        seat=2,
        chips_in=chips(("500", 1)),
        chips_out=chips(("100", 4), ("25", 3), ("5", 5)),
    )
    tx = result.transaction
    assert (tx.kind, tx.amount, tx.approved_by, tx.croupier) == (
        "colour_change",
        D("500.00"),
        staff["supervisor"],
        staff["croupier"],
    )
    assert result.warnings == []  # 5 chips are the blind chip of a 5/10 table
    expected, den = selectors.expected_float(opened), ids(opened)
    assert expected[den[D("500")]] == PAR["500"] + 1
    assert expected[den[D("100")]] == PAR["100"] - 4
    assert expected[den[D("25")]] == PAR["25"] - 3
    assert expected[den[D("5")]] == PAR["5"] - 5


def test_change_with_unequal_sides_is_refused(opened, sup, staff):  # CHIP-06, CHIP-15, CHIP-17
    for record in (
        services.colour_change_record,
        services.cash_out_record,
        services.tip_change_record,
    ):
        before = rows()
        with pytest.raises(ValidationFailed) as err:
            record(
                actor=sup,
                session=opened,
                croupier=staff["croupier"],
                chips_in=chips(("500", 1)),
                chips_out=chips(("100", 4)),
            )
        assert err.value.code == "CHANGE_UNEQUAL"
        assert err.value.details == {"value_in": "500.00", "value_out": "400.00"}
        assert rows() == before


def test_change_without_blind_chips_warns(opened, sup, staff):  # CHIP-05
    result = services.colour_change_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        chips_in=chips(("500", 1)),
        chips_out=chips(("100", 5)),
    )
    assert [w.code for w in result.warnings] == ["NO_BLIND_CHIPS"]
    assert "5.00" in result.warnings[0].es


def test_float_running_low_warns(opened, sup, staff):  # CHIP-05 float_low_threshold
    CagePolicy.objects.create(casino=opened.casino, float_low_pct=50)
    result = services.colour_change_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        chips_in=chips(("1000", 6)),
        chips_out=chips(("100", 55), ("5", 100)),
    )
    # 100s: 45 left of a par of 100 (low mark 50); 5s: 100 left of 200 is at the mark, not below.
    assert [w.code for w in result.warnings] == ["FLOAT_LOW"]
    assert "45" in result.warnings[0].en and "100.00" in result.warnings[0].en


def test_cash_out_is_always_approved_and_recorded(opened, sup, staff):  # CHIP-07, CHIP-13, CHIP-15
    result = services.cash_out_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        seat=7,
        chips_in=chips(("25", 20), ("5", 20)),
        chips_out=chips(("500", 1), ("100", 1)),
    )
    tx = result.transaction
    assert (tx.kind, tx.seat, tx.amount, tx.approved_by) == (
        "cash_out",
        7,
        D("600.00"),
        staff["supervisor"],
    )
    with pytest.raises(PermissionRefused):  # a croupier cannot complete it alone (CHIP-13)
        services.cash_out_record(
            actor=acting_as(staff["croupier"], Role.CROUPIER),
            session=opened,
            croupier=staff["croupier2"],
            chips_in=chips(("5", 1)),
            chips_out=chips(("1", 5)),
        )


def test_float_changes_are_refused_during_a_hand(opened, sup, staff):  # CHIP-14, CASH-11
    set_hand_in_progress(opened, True)
    before = rows()
    for record in (
        services.colour_change_record,
        services.cash_out_record,
        services.tip_change_record,
    ):
        with pytest.raises(Conflict) as err:
            record(
                actor=sup,
                session=opened,
                croupier=staff["croupier"],
                chips_in=chips(("100", 1)),
                chips_out=chips(("25", 4)),
            )
        assert err.value.code == "HAND_IN_PROGRESS"
    assert rows() == before


def test_in_hand_change_comes_from_the_pot(opened, sup, staff):  # CHIP-14
    with pytest.raises(Conflict) as err:
        services.in_hand_change_record(
            actor=sup,
            session=opened,
            croupier=staff["croupier"],
            hand_number=12,
            chips_in=chips(("100", 1)),
            chips_out=chips(("25", 4)),
        )
    assert err.value.code == "NO_HAND_IN_PROGRESS"
    set_hand_in_progress(opened, True)
    result = services.in_hand_change_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        seat=4,
        hand_number=12,
        hand_ref="H-12",
        chips_in=chips(("100", 1)),
        chips_out=chips(("25", 4)),
    )
    assert (result.transaction.hand_number, result.transaction.hand_ref) == (12, "H-12")
    assert selectors.float_movements(opened) == {}  # the float did not move
    with pytest.raises(ValidationFailed):
        services.in_hand_change_record(
            actor=sup,
            session=opened,
            croupier=staff["croupier"],
            hand_number=12,
            chips_in=chips(("100", 1)),
            chips_out=chips(("25", 3)),
        )


def test_tip_change_is_value_neutral_for_the_float(opened, sup, staff):  # CHIP-17, CHIP-18
    result = services.tip_change_record(
        actor=sup,
        session=opened,
        croupier=staff["croupier"],
        chips_in=chips(("5", 20), ("1", 25)),
        chips_out=chips(("100", 1), ("25", 1)),
    )
    assert result.transaction.kind == "tip_change" and result.transaction.seat is None
    den = ids(opened)
    moved = selectors.float_movements(opened)
    value = sum(D(v) * moved.get(den[D(v)], 0) for v in PAR)
    assert value == 0
    assert moved[den[D("5")]] == 20 and moved[den[D("100")]] == -1


CHANGE_VALUES = ["1000", "500", "100", "25", "5", "1"]


@st.composite
def equal_changes(draw):
    """A change: some chips in, and the same value out in other chips (greedy)."""
    value_in = draw(st.sampled_from(CHANGE_VALUES[:4]))
    count_in = draw(st.integers(min_value=1, max_value=3))
    total = D(value_in) * count_in
    smaller = [D(v) for v in CHANGE_VALUES if D(v) < D(value_in)]
    out = []
    for v in smaller:
        n = int(total // v) if v == smaller[-1] else draw(st.integers(0, int(total // v)))
        if n:
            out.append((str(v), n))
            total -= v * n
    kind = draw(st.sampled_from(["colour_change", "cash_out", "tip_change"]))
    return kind, [(value_in, count_in)], out


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=st.lists(equal_changes(), min_size=1, max_size=5))
def test_changes_never_change_the_float_value(opened, sup, staff, counts, changes):  # CLOSE-16
    """Property: whatever the changes, the float's value is unchanged (chips are conserved)."""
    # A float deep enough for every example (the examples share the session): the float
    # pays only the chips it holds (issue 12 §7, tests/cage/test_float_holds.py).
    counts.set_opening(opened, dict.fromkeys(PAR, 10_000_000))
    record = {
        "colour_change": services.colour_change_record,
        "cash_out": services.cash_out_record,
        "tip_change": services.tip_change_record,
    }
    den = ids(opened)
    start = dict(selectors.expected_float(opened))
    for kind, chips_in, chips_out in changes:
        if kind == "cash_out":  # a colour-up: the small chips come in
            chips_in, chips_out = chips_out, chips_in
        record[kind](
            actor=sup,
            session=opened,
            croupier=staff["croupier"],
            chips_in=chips_in,
            chips_out=chips_out,
        )
    now = selectors.expected_float(opened)
    value = sum(D(v) * (now[den[D(v)]] - start[den[D(v)]]) for v in PAR)
    assert value == 0
