"""The engine adapter is the one door to poker/ (issue 4 brief); amounts stay exact."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino.errors import ValidationFailed
from hands import adapter

HANDS = Path(__file__).resolve().parents[2] / "hands"


def test_only_the_adapter_imports_the_engine():
    offenders = []
    for path in HANDS.rglob("*.py"):
        if HANDS / "adapter" in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "poker" or n.startswith("poker.") for n in names):
                offenders.append(str(path.relative_to(HANDS.parent)))
    assert offenders == []


def _settings(**kw):
    base = dict(
        ruleset="manual",
        straddle_allowed=True,
        limit_cap_bets=4,
        rake_mode="percent",
        rake_pct=Decimal("3.00"),
        rake_cap=None,
        rake_cap_scope="per_pot",  # RAKE-07, OQ-04
        no_flop_no_drop=False,
        is_tournament=False,
    )
    return SimpleNamespace(**{**base, **kw})


def test_table_settings_become_the_profile():
    # GEN-03 with the table's overrides; rake percentage in basis points (RAKE-01).
    profile = adapter.profile_for(
        _settings(ruleset="caba", rake_pct=Decimal("4.50"), rake_cap=Decimal("12.50"))
    )
    assert profile.ruleset.value == "caba"
    assert profile.rake_bps == 450 and profile.rake_cap == 1250
    with pytest.raises(ValidationFailed) as err:
        adapter.profile_for(_settings(ruleset="caba", rake_pct=Decimal("6.00")))  # RAKE-03: 5 % max
    assert err.value.code == "TABLE_SETTINGS_INVALID"


@given(st.decimals(min_value=0, max_value=10**9, places=2, allow_nan=False, allow_infinity=False))
@settings(max_examples=200)
def test_money_round_trips_through_cents_exactly(value):
    assert adapter.money(adapter.units(value, "x")) == value


@given(st.integers(min_value=1, max_value=10**7), st.sampled_from([1, 5, 25, 100, 500]))
@settings(max_examples=200)
def test_amounts_must_be_whole_chips(cents, unit):
    value = adapter.money(cents)
    if cents % unit:
        with pytest.raises(ValidationFailed):
            adapter.units(value, "x", unit)
    else:
        assert adapter.units(value, "x", unit) == cents


@pytest.mark.parametrize(
    ("seats", "button", "labels"),
    [
        ([1, 3, 5], 5, {1: "SB", 3: "BB", 5: "BU"}),
        ([2, 9], 9, {2: "BB", 9: "BU"}),  # heads-up: the button posts the small blind (OQ-32)
        (
            list(range(1, 11)),
            10,
            dict(
                zip(
                    range(1, 11),
                    ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP1", "MP2", "HJ", "CO", "BU"),
                    strict=True,
                )
            ),
        ),
        ([1, 2, 3, 4, 5, 6], 3, {4: "SB", 5: "BB", 6: "UTG", 1: "MP", 2: "CO", 3: "BU"}),
    ],
)
def test_positions_follow_the_button(seats, button, labels):
    # GAME-12: position labels, 10-handed to heads-up.
    assert adapter.positions(adapter.phh_order(seats, button)) == labels


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=2, max_value=10))
def test_simulated_hands_conserve_chips_and_round_trip_through_phh(seed, players):
    # POT-12: starting stacks = finishing stacks + rake; PHH export then import is lossless.
    rules = adapter.rules_for(_settings(), chip_unit=100, structure="no_limit", at=None)
    seats = list(range(1, players + 1))
    records = adapter.simulate_records(
        rules,
        count=3,
        seats=seats,
        stack=Decimal("300"),
        small=Decimal("1"),
        big=Decimal("2"),
        seed=seed,
    )
    for record in records:
        _built, verdict = adapter.verdict_of(record, rules)
        assert verdict.status == "valid", [v.code for v in verdict.violations]
        start = sum(Decimal(s["stack"]) for s in record["seats"])
        assert start == sum(verdict.finishing.values()) + verdict.rake
    text = adapter.phh_export([(r, rules, {"number": i}) for i, r in enumerate(records, 1)])
    back = adapter.phh_import(text, defaults={}, chip_unit=100)
    assert [b.record for b in back] == records
