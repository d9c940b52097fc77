"""Spanish amounts in service messages (issue 8 §5: every money figure in the casino's locale)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from casino.errors import DomainError
from casino.formatting import es_amounts, money_es


def test_english_amounts_become_spanish():
    assert es_amounts("Faltan 1,600.00 en la banca") == "Faltan 1.600,00 en la banca"
    assert es_amounts("total 100.00; comisión 3.50.") == "total 100,00; comisión 3,50."
    assert es_amounts("(1,234,567.89)") == "(1.234.567,89)"


def test_serials_dates_and_plain_numbers_are_left_alone():
    for text in ["Vale FILL-2026-000123", "jornada 2026-11-30", "mano 42", "v1.20a", "12.5 %"]:
        assert es_amounts(text) == text


@given(st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False))
def test_round_trip_with_money_es(value):
    english = f"{value:,.2f}"
    assert es_amounts(f"monto {english} fin") == f"monto {money_es(value)} fin"


def test_domain_errors_carry_spanish_amounts():
    # issue 41 §2: the amount is a parameter, formatted as money when the message is read
    # (no regex rewrites an English amount in a Spanish sentence any more)
    from tables.codes import TablesCode

    err = DomainError.of(TablesCode.DENOMINATION_REPEATED, value=Decimal("2500"))
    assert err.message_es == "La denominación 2.500,00 aparece dos veces."
    assert err.message_en == "The denomination 2,500.00 appears twice."
