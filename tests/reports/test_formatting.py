"""Money, counts and times as printed (issue 7: the casino's locale; exact, never float)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reports import charts, formatting


@pytest.mark.parametrize(
    ("value", "lang", "text"),
    [
        ("1234567.5", "es", "1.234.567,50"),
        ("1234567.5", "en", "1,234,567.50"),
        ("0", "es", "0,00"),
        ("-50", "es", "−50,00"),
        ("999.999", "es", "1.000,00"),
        ("12000", "es", "12.000,00"),
        (None, "es", "—"),
    ],
)
def test_money(value, lang, text):  # type: ignore[no-untyped-def]
    assert formatting.money(value, lang) == text


def test_signed_and_counts():
    assert formatting.money(Decimal("5"), "es", sign=True) == "+5,00"
    assert formatting.chips(1200, "es") == "1.200" and formatting.chips(-1, "en") == "−1"
    assert formatting.percent(Decimal("-6.2"), "es") == "−6,2 %"


@given(
    st.decimals(min_value=-(10**12), max_value=10**12, places=2, allow_nan=False),
    st.sampled_from(["es", "en"]),
)
def test_money_reads_back_exactly(value, lang):  # type: ignore[no-untyped-def]
    # Property: the printed text is the exact amount, grouped by threes.
    text = formatting.money(value, lang)
    thousands, decimal = formatting.SEPARATORS[lang]
    whole, frac = text.lstrip("−").split(decimal)
    groups = whole.split(thousands)
    assert all(len(g) == 3 for g in groups[1:]) and 1 <= len(groups[0]) <= 3
    back = Decimal("".join(groups) + "." + frac) * (-1 if text.startswith("−") else 1)
    assert back == value


def test_times_in_the_casino_zone():
    import zoneinfo

    from django.utils import timezone

    moment = datetime(2026, 12, 31, 3, 30, tzinfo=UTC)
    with timezone.override(zoneinfo.ZoneInfo("America/Argentina/Buenos_Aires")):
        assert formatting.when(moment, "es") == "31/12/2026 00:30"
        assert formatting.when(moment, "en") == "2026-12-31 00:30"
        assert formatting.hour(moment) == "00:30"


def test_bar_chart_is_an_svg_with_one_bar_per_value():
    svg = charts.bar_chart(
        [("7", 120), ("8 <b>", 60)], title="Manos & mesas", fmt=lambda v: formatting.chips(v)
    )
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<rect") == 2
    assert "8 &lt;b&gt;" in svg and "Manos &amp; mesas" in svg  # labels escaped
    heights = [float(h) for h in __import__("re").findall(r'<rect[^>]*height="([\d.]+)"', svg)]
    assert heights[0] == pytest.approx(2 * heights[1])
    assert charts.bar_chart([], title="x", fmt=str).count("<rect") == 0


@pytest.mark.parametrize(
    ("value", "step"), [(5, 2), (4, 1), (1, 0.5), (120, 50), (9694, 5000), (0, 1), (0.3, 0.1)]
)
def test_axis_steps_are_round(value, step):  # type: ignore[no-untyped-def]
    assert charts.nice_step(value) == pytest.approx(step)
    assert 4 * charts.nice_step(value) >= value
