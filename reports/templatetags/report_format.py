"""Template filters of the PDF reports: ``{{ x|money:lang }}``, ``{{ t|when:lang }}``...

Every filter takes the report's language as its argument (the templates have
``lang`` in their context) and leaves the value exact (see reports.formatting).
"""

from __future__ import annotations

from typing import Any

from django import template

from casino import formatting as money_format
from reports import formatting

register = template.Library()


@register.filter
def money(value: Any, lang: str = "es") -> str:
    """With the casino's currency sign on a rendered report (reports.formatting.amount)."""
    return formatting.amount(value, lang)


@register.filter
def money_signed(value: Any, lang: str = "es") -> str:
    return formatting.amount(value, lang, sign=True)


@register.filter
def chips(value: Any, lang: str = "es") -> str:
    return money_format.chips(value, lang)


@register.filter
def chips_signed(value: Any, lang: str = "es") -> str:
    return money_format.chips(value, lang, sign=True)


@register.filter
def hours(value: Any, lang: str = "es") -> str:
    """Table hours with two decimals (the manager's figures, reports/kinds/kpis.py)."""
    return money_format.number(value, lang, 2)


@register.filter
def count(value: Any, lang: str = "es") -> str:
    """A count, or a count per day with one decimal when it is not whole (1,3 hands)."""
    if value is None or value == int(value):
        return money_format.chips(value, lang)
    return money_format.number(value, lang, 1)


@register.filter
def rate(value: Any, lang: str = "es") -> str:
    """A rate with one decimal: hands per hour."""
    return money_format.number(value, lang, 1)


@register.filter
def pct(value: Any, lang: str = "es") -> str:
    return formatting.percent(value, lang)


@register.filter
def when(value: Any, lang: str = "es") -> str:
    return formatting.when(value, lang)


@register.filter
def hour(value: Any) -> str:
    return formatting.hour(value)


@register.filter
def day(value: Any, lang: str = "es") -> str:
    return formatting.day(value, lang)


@register.simple_tag(takes_context=True)
def t(context: template.Context, es: str, en: str) -> str:
    """Inline bilingual text: ``{% t "Mesa" "Table" %}`` (report templates are bilingual)."""
    return en if context.get("lang") == "en" else es


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    if isinstance(mapping, dict):
        return mapping.get(key)
    return None
