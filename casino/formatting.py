"""Money and numbers in the casino's formats: the one money formatter (issue 13 §1).

:func:`money` prints ``1.234.567,50`` in Spanish and ``1,234,567.50`` in English, from
an exact ``Decimal`` (never a float); reports, pages, template filters and service
messages all call it (tests/architecture/test_one_way.py keeps it the only one).

A refusal's amounts are formatted by :func:`money` when its message is rendered
(:mod:`casino.refusals`). :func:`es_amounts` rewrites amounts written the English way
(``1,234.50``) in a Spanish text to ``1.234,50``: only the cage's reconciliation findings
still write their two languages side by side and need it (issue 41 §3, the books' pure
core, words them from a code and its parameters).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

CENT = Decimal("0.01")
SEPARATORS = {"es": (".", ","), "en": (",", ".")}  # (thousands, decimal)

# An amount with exactly two decimals, with or without English thousands separators,
# not glued to letters, digits, dots or dashes (so serials and dates are left alone).
_AMOUNT = re.compile(r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?!\w|[.,]\d|-\d)")


def active_lang() -> str:
    """``"en"`` or ``"es"``: the language of the request being answered (the one
    ``LocaleMiddleware`` activated), Spanish by default. Pages, messages and reports pick
    their words with it; there is no other copy of this choice."""
    from django.utils.translation import get_language

    return "en" if (get_language() or "es").startswith("en") else "es"


def es(text: Any) -> str:
    """``text`` (a lazy label: a state's, a role's) in Spanish, whatever the request's
    language: the Spanish half of a bilingual message (issue 15: no English state or role
    name inside a Spanish message)."""
    from django.utils import translation

    with translation.override("es"):
        return str(text)


def en(text: Any) -> str:
    """``text`` (a lazy label) in English, whatever the request's language: the English half
    of a bilingual message, so that it names a state as the English page does, never by its
    stored code."""
    from django.utils import translation

    with translation.override("en"):
        return str(text)


def _group(digits: str, sep: str) -> str:
    out: list[str] = []
    while len(digits) > 3:
        out.insert(0, digits[-3:])
        digits = digits[:-3]
    out.insert(0, digits)
    return sep.join(out)


def number(value: Any, lang: str = "es", places: int = 0, *, sign: bool = False) -> str:
    """``value`` with thousands grouped and ``places`` decimals, in ``lang``; "—" if unknown."""
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
        return f"\u2212{text}"
    if sign and amount > 0:
        return f"+{text}"
    return text


def money(value: Any, lang: str = "es", *, sign: bool = False, currency: str = "") -> str:
    """Money with two decimals: ``1.234.567,50`` (es) or ``1,234,567.50`` (en).

    With ``currency`` (a sign such as ``$``, see :func:`currency_sign`) the sign goes
    before the digits and after the minus: ``$ 1.234,50``, ``−$ 50,00`` (es-AR),
    ``$1,234.50`` (en). The printed forms pass it (issue 14 §5); chip counts never.
    """
    text = number(value, lang, 2, sign=sign)
    if not currency or text == "—":
        return text
    lead = text[0] if text[0] in "\u2212+" else ""
    gap = "" if lang == "en" else " "
    return f"{lead}{currency}{gap}{text[len(lead) :]}"


# The sign printed for the casino's currency (``Casino.currency``, ISO 4217); a code
# not listed prints as itself (``CLP 1.000,00``).
CURRENCY_SIGNS = {"ARS": "$", "USD": "US$", "EUR": "€", "UYU": "$U", "BRL": "R$"}


def currency_sign(code: str | None) -> str:
    code = (code or "").strip().upper()
    return CURRENCY_SIGNS.get(code, code)


def chips(value: Any, lang: str = "es", *, sign: bool = False) -> str:
    """A count of chips or hands (an integer, grouped)."""
    return number(value, lang, 0, sign=sign)


def money_es(value: Decimal | int | str) -> str:
    return money(value, "es")


def es_amounts(text: str) -> str:
    def repl(match: re.Match[str]) -> str:
        whole = match.group(1).replace(",", ".")
        return f"{whole},{match.group(2)}"

    return _AMOUNT.sub(repl, text)


#: The first amount no money column holds (``casino.models.MONEY``: 16 digits, 2 decimal).
AMOUNT_LIMIT = Decimal(10) ** 14


def parse_amount(raw: Any) -> Decimal | None:
    """An amount as typed on a tablet: ``1.500``, ``1500``, ``1500,50`` or ``1,500.50``."""
    text = str(raw or "").strip().replace(" ", "").replace("\u00a0", "")
    if not text or not text.isascii():
        return None  # issue 39 §4: "١٥٠٠" is no amount on a form (digits 0-9 only)
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
    if not value.is_finite() or abs(value) >= AMOUNT_LIMIT:
        return None  # issue 39 §4: more than any money column holds is no amount
    return value
