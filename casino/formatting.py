"""Amounts in the casino's Spanish format (1.234.567,50) inside service messages.

Services write their Spanish and English messages side by side and often format
amounts once, the English way (``1,234.50``). :func:`es_amounts` rewrites every
such amount in a Spanish text to ``1.234,50``; :class:`casino.errors.DomainError`
and the cage's reconciliation findings apply it to their Spanish message, so a
Spanish reader never sees an English-formatted amount.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

# An amount with exactly two decimals, with or without English thousands separators,
# not glued to letters, digits, dots or dashes (so serials and dates are left alone).
_AMOUNT = re.compile(r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?!\w|[.,]\d|-\d)")


def money_es(value: Decimal | int | str) -> str:
    text = f"{Decimal(value).quantize(Decimal('0.01')):,.2f}"
    return text.replace(",", "\u0001").replace(".", ",").replace("\u0001", ".")


def es_amounts(text: str) -> str:
    def repl(match: re.Match[str]) -> str:
        whole = match.group(1).replace(",", ".")
        return f"{whole},{match.group(2)}"

    return _AMOUNT.sub(repl, text)


def parse_amount(raw: Any) -> Decimal | None:
    """An amount as typed on a tablet: ``1.500``, ``1500``, ``1500,50`` or ``1,500.50``."""
    text = str(raw or "").strip().replace(" ", "").replace("\u00a0", "")
    if not text:
        return None
    if "," in text and "." in text:
        # The last separator is the decimal one.
        if text.rfind(",") > text.rfind("."):
            text = text.replace(".", "").replace(",", ".")
        else:
            text = text.replace(",", "")
    elif "," in text:
        head, _sep, tail = text.rpartition(",")
        text = f"{head.replace(',', '')}.{tail}" if len(tail) <= 2 else text.replace(",", "")
    elif text.count(".") == 1 and len(text.rpartition(".")[2]) == 3:
        text = text.replace(".", "")  # 1.500 is fifteen hundred in Spanish
    elif text.count(".") > 1:
        text = text.replace(".", "")
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None
