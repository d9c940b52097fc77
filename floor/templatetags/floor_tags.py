"""Template helpers of the floor pages: the menu per role, amounts in the casino's format."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone

from casino import formatting
from casino.formatting import active_lang as _lang
from casino.roles import Perm
from casino.views import acting_actor

from ..nav import NavLink, menu

register = template.Library()


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
def slip_label(slip: Any) -> str:
    """A fill or credit slip's number in the manual's words ("Relleno N.º 2026-000005"),
    in the active language (``cage.selectors.slip_number_label``)."""
    from cage.selectors import slip_number_label

    return slip_number_label(slip)


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
    return bool(actor and actor.can(Perm(perm)))


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


# --- Words for codes, names for people, amounts to type, cards (issue 13 §5) ----------


@register.filter(name="label")
def label_filter(code: Any, kind: str) -> str:
    """``{{ v.code|label:"violation" }}``: the code's words (``floor.labels``)."""
    from ..labels import label

    return label(kind, code)


@register.filter(name="explain")
def explain_filter(code: Any, kind: str) -> str:
    from ..labels import explain

    return explain(kind, code)


@register.filter
def person(user: Any) -> str:
    """A user as a name: the full name, else the username."""
    from ..labels import person as _person

    return _person(user)


@register.filter
def signature_line(sig: Any) -> str:
    """A signature as read: "Croupier: Ana Pérez, con PIN" (role, name, method)."""
    from ..labels import label
    from ..labels import person as _person

    def part(name: str) -> Any:
        return sig.get(name) if isinstance(sig, dict) else getattr(sig, name, None)

    signer = part("signer_name") or _person(part("signer"))
    text = f"{label('role', part('role'))}: {signer}"
    method = part("method")
    return f"{text}, {label('method', method)}" if method else text


_CANONICAL = re.compile(r"-?\d+(\.\d{1,2})?")  # a Decimal's str: ``500``, ``500.00``


@register.filter
def amount_input(value: Any) -> str:
    """An amount as an input's value, as the casino types it: ``500``, ``1.234,50``
    (``1,234.50`` in English); ``floor.proposals.parse_amount`` reads both back."""
    from decimal import Decimal, InvalidOperation

    if value is None or value == "":
        return ""
    if isinstance(value, str) and not _CANONICAL.fullmatch(value.strip()):
        return value  # what was typed (``1.500``, ``1500,50``), shown back as typed
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return str(value)  # what was typed, shown back as typed
    if not amount.is_finite() or abs(amount) >= formatting.AMOUNT_LIMIT:
        return str(value)  # no amount (issue 39 §4): shown back as typed
    if amount == amount.to_integral_value():
        return formatting.chips(amount, _lang())
    return formatting.money(amount, _lang())


_SUITS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
_RED = {"♥", "♦"}
_CARD = re.compile(r"(?:10|[2-9TJQKAtjqka])[hdcsHDCS♥♦♣♠]")


@register.filter
def cards(value: Any) -> str:
    """``Ah 7d`` -> ``A♥ 7♦``, hearts and diamonds in a red class; the text stays copyable."""
    from django.utils.html import escape
    from django.utils.safestring import mark_safe

    if value is None or value == "":
        return ""
    items = value if isinstance(value, list | tuple) else str(value).replace(",", " ").split()
    tokens: list[str] = []
    for raw in items:  # "2h7d9s" as the record keeps a flop: three cards
        text = str(raw).strip()
        found = _CARD.findall(text)
        tokens.extend(found if found and "".join(found) == text else [text])
    out: list[str] = []
    for token in tokens:
        if len(token) >= 2 and token[-1].lower() in _SUITS:
            rank, suit = token[:-1], _SUITS[token[-1].lower()]
        elif len(token) >= 2 and token[-1] in _RED | {"♣", "♠"}:
            rank, suit = token[:-1], token[-1]
        else:
            out.append(escape(token))
            continue
        rank = "10" if rank.upper() == "T" else rank.upper()
        css = "playing-card red" if suit in _RED else "playing-card"
        out.append(f'<span class="{css}">{escape(rank)}{suit}</span>')
    return mark_safe(" ".join(out))  # noqa: S308 - every part escaped above


@register.simple_tag
def code_choices(kind: str) -> list[tuple[str, str]]:
    """The codes of a catalogue kind as ``(code, words)``, by their words (a filter's select)."""
    from ..labels import choices

    return choices(kind)


@register.filter
def audit_action(action: Any) -> str:
    """An audit event's action in words: "Hands: live hand started" (issue 40)."""
    from ..labels import audit_action as words

    return words(action)


@register.filter
def record_type(object_type: Any) -> str:
    """An audit event's record type in words: the model's name (issue 40)."""
    from ..labels import record_type as words

    return words(object_type)


# A list of requirement or rule ids in parentheses: "(RPT-12)", "(OPEN-18, CLOSE-18)".
_REF = r"[A-Z]{2,8}-\d{1,3}[a-z]?(?:\([a-z0-9]{1,3}\))?"
_REFS = re.compile(rf"\s*\(({_REF}(?:\s*(?:[,;/]|y|and|–)\s*{_REF})*)\)")


@register.filter
def words(text: Any) -> str:
    """A sentence as the floor reads it (issue 40): amounts in the casino's format, and the
    requirement ids it cites moved beside it, for the auditor, as ``<code class="small
    detail">`` (the style ``tests/floor/test_words.py`` allows)."""
    from django.utils.html import escape
    from django.utils.safestring import mark_safe

    source = "" if text is None else str(text)
    if _lang() == "es":
        source = formatting.es_amounts(source)
    parts: list[str] = []
    last = 0
    for match in _REFS.finditer(source):
        parts.append(escape(source[last : match.start()]))
        parts.append(f' <code class="small detail">{escape(match.group(1))}</code>')
        last = match.end()
    parts.append(escape(source[last:]))
    return mark_safe("".join(parts))  # noqa: S308 - every part escaped above
