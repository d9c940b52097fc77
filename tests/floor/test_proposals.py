"""The defaults the floor pages put in a form (issue 8 §1) and the names they show for the
engine's codes: properties over every amount, every code of the engine named."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floor import labels, proposals
from poker.irregularities import IrregularityKind, Outcome
from reports import formatting

NOTES = proposals.DEFAULT_NOTES
CHIPS = [Decimal(v) for v in ("100.00", "50.00", "25.00", "5.00", "1.00")]


def _total(rows: dict[str, int]) -> Decimal:
    return sum((Decimal(k) * n for k, n in rows.items()), Decimal(0))


@given(st.integers(min_value=1, max_value=100_000))
def test_proposed_notes_make_the_amount(units: int) -> None:  # CASH-12
    amount = Decimal(units * 10)  # the smallest note is 10
    notes = proposals.suggest_notes(amount, NOTES)
    assert _total(notes) == amount
    assert set(notes) <= set(NOTES) and all(n > 0 for n in notes.values())


@given(st.integers(min_value=1, max_value=1_000_000))
def test_proposed_chips_make_the_amount_with_small_enough_chips(units: int) -> None:
    amount = Decimal(units)  # the smallest chip is 1
    chips = proposals.suggest_chips(CHIPS, amount)
    assert _total(chips) == amount
    # A fifth of the amount or less, so the player can bet with them (never all plaques).
    assert all(Decimal(k) <= max(amount / 5, CHIPS[-1]) for k in chips)


@given(st.integers(min_value=1, max_value=1_000_000))
def test_colour_up_makes_the_amount_with_the_fewest_chips(units: int) -> None:  # CHIP-13
    amount = Decimal(units)
    chips = proposals.suggest_colour_up(CHIPS, amount)
    assert _total(chips) == amount
    # Largest first: as many 100s as fit, then the rest (this chip set is canonical, so
    # largest-first is also the fewest chips).
    assert chips.get("100.00", 0) == int(amount // 100)
    assert all(n < 2 or k == "100.00" or k == "1.00" or k == "5.00" for k, n in chips.items())


@given(
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999999.99"), places=2),
    st.sampled_from(["es", "en"]),
)
def test_an_amount_as_the_page_prints_it_reads_back_the_same(value: Decimal, lang: str) -> None:
    """What the page shows (1.234,50 / 1,234.50) typed back is the same amount."""
    assert proposals.parse_amount(formatting.money(value, lang)) == value


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("500", Decimal("500")),
        ("1.500", Decimal("1500")),
        ("1500,5", Decimal("1500.5")),
        ("1,500.50", Decimal("1500.50")),
        ("12.5", Decimal("12.5")),
        ("", None),
        ("abc", None),
    ],
)
def test_amounts_typed_on_a_tablet(typed: str, amount: Decimal | None) -> None:
    assert proposals.parse_amount(typed) == amount


def test_every_irregularity_and_outcome_of_the_engine_has_a_name() -> None:  # IRREG-14
    assert set(labels.IRREGULARITIES) == {k.value for k in IrregularityKind}
    assert set(labels.OUTCOMES) == {o.value for o in Outcome}
    kinds = [k for _group, items in labels.IRREGULARITY_GROUPS for k, _label in items]
    assert len(kinds) == len(set(kinds))  # each kind offered once
