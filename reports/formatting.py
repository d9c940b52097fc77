"""Numbers, money and times as printed on the reports (issue 7: the casino's locale and zone).

Spanish reports print ``1.234.567,50`` and English ones ``1,234,567.50``; times are
shown in the casino's time zone (the renderer activates it). Values stay exact
``Decimal`` to the last step: only the text is built here, never a float.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from typing import Any

from django.utils import timezone

# The one money formatter is the kernel's (issue 13 §1); the reports print with it.
from casino.formatting import CENT, SEPARATORS, chips, currency_sign, money, number

__all__ = [
    "CENT",
    "SEPARATORS",
    "amount",
    "chips",
    "currency_override",
    "day",
    "hour",
    "local",
    "money",
    "number",
    "percent",
    "when",
]


# The currency sign of the report being rendered (issue 14 §5): the renderer sets it
# from ``Casino.currency`` and the ``money`` filters print it, so no template does.
_CURRENCY: ContextVar[str] = ContextVar("report_currency", default="")


@contextmanager
def currency_override(code: str | None) -> Iterator[str]:
    """Print amounts with the sign of ``code`` (``ARS`` -> ``$``) inside the block."""
    token = _CURRENCY.set(currency_sign(code))
    try:
        yield _CURRENCY.get()
    finally:
        _CURRENCY.reset(token)


def amount(value: Any, lang: str = "es", *, sign: bool = False) -> str:
    """Money as a form prints it: with the casino's currency sign while rendering."""
    return money(value, lang, sign=sign, currency=_CURRENCY.get())


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
