"""Template helpers of the floor pages: the menu per role, amounts in the casino's format."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone
from django.utils.translation import get_language

from casino.views import acting_actor
from reports import formatting

from ..nav import NavLink, menu

register = template.Library()


def _lang() -> str:
    return "en" if (get_language() or "es").startswith("en") else "es"


@register.simple_tag(takes_context=True)
def floor_menu(context: template.Context) -> list[NavLink]:
    request = context.get("request")
    if request is None or not request.user.is_authenticated:
        return []
    return menu(acting_actor(request), request.path)


@register.filter
def money(value: Any) -> str:
    """``1.234.567,50`` in Spanish, ``1,234,567.50`` in English; "—" when unknown."""
    try:
        return formatting.money(value, _lang())
    except (ArithmeticError, ValueError, TypeError):
        return str(value)


@register.filter
def signed_money(value: Any) -> str:
    try:
        return formatting.money(value, _lang(), sign=True)
    except (ArithmeticError, ValueError, TypeError):
        return str(value)


@register.filter
def count(value: Any) -> str:
    """A whole number of chips or hands, grouped."""
    try:
        return formatting.chips(value, _lang())
    except (ArithmeticError, ValueError, TypeError):
        return str(value)


@register.filter
def minutes_since(value: datetime | None) -> int | None:
    if value is None:
        return None
    return int((timezone.now() - value).total_seconds() // 60)


@register.filter
def in_lang(obj: Any) -> str:
    """A DomainError, an alert or a ``{es, en}`` dict in the active language."""
    lang = _lang()
    if isinstance(obj, dict):
        return str(obj.get(lang) or obj.get("es") or "")
    message = getattr(obj, "message", None)
    if callable(message):
        return str(message(lang))
    if isinstance(message, dict):
        return str(message.get(lang) or message.get("es") or "")
    return str(obj)


@register.filter
def session_status(value: str) -> str:
    """A session's status value as its label in the active language."""
    from tables.models import TableSession

    try:
        return str(TableSession.Status(value).label)
    except ValueError:
        return str(value)


@register.filter
def role_label(value: str) -> str:
    from casino.roles import Role

    try:
        return str(Role(value).label)
    except ValueError:
        return str(value or "")


@register.filter
def report_title(kind: str) -> str:
    """A report kind's title in the active language (``reports.registry``)."""
    from reports.registry import get_spec

    spec = get_spec(kind)
    return spec.title(_lang()) if spec is not None else str(kind)


@register.simple_tag(takes_context=True)
def can(context: template.Context, perm: str) -> bool:
    """Whether the role the user acts in holds ``perm`` (``casino.roles.Perm`` value)."""
    request = context.get("request")
    if request is None:
        return False
    actor = acting_actor(request)
    return bool(actor and actor.can(perm))


@register.simple_tag(takes_context=True)
def sees_books(context: template.Context) -> bool:
    """Expected figures: the acting role reads the cage and is not the cage (blind count)."""
    from floor.selectors import sees_books as _sees

    request = context.get("request")
    actor = acting_actor(request) if request is not None else None
    return bool(actor and _sees(actor))


@register.filter
def ruleset_label(value: str) -> str:
    from casino.models import Ruleset

    try:
        return str(Ruleset(value).label)
    except ValueError:
        return str(value or "")


@register.filter
def structure_label(value: str) -> str:
    from tables.models import Variant

    try:
        return str(Variant(value).label)
    except ValueError:
        return str(value or "")


@register.filter
def action_label(value: str) -> str:
    """A recorded action's verb as the floor says it (the record keeps the PHH verb)."""
    from ..labels import ACTIONS

    label = ACTIONS.get(value)
    return str(label) if label is not None else str(value)


@register.filter
def report_params(params: dict[str, Any] | None) -> list[tuple[str, str]]:
    """A report's parameters named in the active language, dates as the casino writes them."""
    from datetime import date as date_type

    from django.utils import formats

    from ..labels import REPORT_PARAMS

    out = []
    for key, value in (params or {}).items():
        label = REPORT_PARAMS.get(key)
        text = str(value)
        if isinstance(value, str) and len(value) == 10 and value[4] == "-":
            try:
                text = formats.date_format(date_type.fromisoformat(value), "SHORT_DATE_FORMAT")
            except ValueError:
                pass
        out.append((str(label) if label is not None else key, text))
    return out
