"""Amounts in the casino's Spanish format (1.234.567,50) inside service messages.

Services write their Spanish and English messages side by side and often format
amounts once, the English way (``1,234.50``). :func:`es_amounts` rewrites every
such amount in a Spanish text to ``1.234,50``; :class:`casino.errors.DomainError`
and the cage's reconciliation findings apply it to their Spanish message, so a
Spanish reader never sees an English-formatted amount.
"""

from __future__ import annotations

import re
from decimal import Decimal

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
