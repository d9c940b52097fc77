"""Template helpers of the tables pages."""

from __future__ import annotations

from typing import Any

from django import template

from casino.formatting import active_lang

register = template.Library()


@register.filter
def in_lang(obj: Any) -> str:
    """A DomainError or an alert in the active language (they carry Spanish and English)."""
    lang = active_lang()
    message = getattr(obj, "message", None)
    if callable(message):
        return str(message(lang))
    return str(obj)


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def copy_label(code: Any) -> str:
    """Where a copy of a sheet went, in words (the record keeps the code)."""
    from ..models import SheetCopyDeposit

    try:
        return str(SheetCopyDeposit.Copy(code).label)
    except ValueError:
        return str(code)
