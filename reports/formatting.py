"""Numbers, money and times as printed on the reports (issue 7: the casino's locale and zone).

Spanish reports print ``1.234.567,50`` and English ones ``1,234,567.50``; times are
shown in the casino's time zone (the renderer activates it). Values stay exact
``Decimal`` to the last step: only the text is built here, never a float.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.utils import timezone

CENT = Decimal("0.01")
SEPARATORS = {"es": (".", ","), "en": (",", ".")}  # (thousands, decimal)


def _group(digits: str, sep: str) -> str:
    out = []
    while len(digits) > 3:
        out.insert(0, digits[-3:])
        digits = digits[:-3]
    out.insert(0, digits)
    return sep.join(out)


def number(value: Any, lang: str = "es", places: int = 0, *, sign: bool = False) -> str:
    """``value`` with thousands grouped and ``places`` decimals, in the report's language."""
    if value is None or value == "":
        return "—"
    amount = Decimal(str(value))
    quantum = Decimal(1).scaleb(-places)
    amount = amount.quantize(quantum)
    thousands, decimal = SEPARATORS["en" if lang == "en" else "es"]
    negative = amount < 0
    whole, _dot, frac = f"{abs(amount):f}".partition(".")
    text = _group(whole, thousands)
    if places:
        text = f"{text}{decimal}{frac.ljust(places, '0')}"
    if negative and amount != 0:
        return f"−{text}"
    if sign and amount > 0:
        return f"+{text}"
    return text


def money(value: Any, lang: str = "es", *, sign: bool = False) -> str:
    """Money with two decimals: ``1.234.567,50`` (es) or ``1,234,567.50`` (en)."""
    return number(value, lang, 2, sign=sign)


def chips(value: Any, lang: str = "es", *, sign: bool = False) -> str:
    """A count of chips or hands (an integer, grouped)."""
    return number(value, lang, 0, sign=sign)


def percent(value: Any, lang: str = "es", places: int = 1) -> str:
    if value is None:
        return "—"
    return f"{number(value, lang, places)} %"


def local(value: datetime | None) -> datetime | None:
    """A stored (UTC) time in the active time zone: the casino's while rendering."""
    if value is None:
        return None
    return timezone.localtime(value) if timezone.is_aware(value) else value


def when(value: datetime | None, lang: str = "es") -> str:
    """Date and time: ``31/12/2026 23:59`` (es) or ``2026-12-31 23:59`` (en)."""
    value = local(value)
    if value is None:
        return "—"
    return value.strftime("%Y-%m-%d %H:%M" if lang == "en" else "%d/%m/%Y %H:%M")


def hour(value: datetime | None) -> str:
    value = local(value)
    return "—" if value is None else value.strftime("%H:%M")


def day(value: date | None, lang: str = "es") -> str:
    if value is None:
        return "—"
    return value.strftime("%Y-%m-%d" if lang == "en" else "%d/%m/%Y")
