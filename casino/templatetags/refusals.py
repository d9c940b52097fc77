"""Fields that show what was typed when the form was refused (issue 13 §6).

``casino.forms.refuse`` puts the refusal on the request; these tags read it:

- ``{% typed "amount" initial %}`` — the value posted, else ``initial`` (default "");
- ``{% chosen "player" p.pk initial %}`` — ``selected`` for the option posted (else the
  initial one);
- ``{% box "complete" True %}`` — ``checked`` when the box was ticked in the post (on a
  refusal an unticked box stays unticked), else the page's default;
- ``{% field_error "amount" %}`` — the message next to the field the error names;
- ``{% invalid "amount" %}`` — ``aria-invalid`` and ``aria-describedby`` on that field;
- ``{% refused_form url %}`` — ``open`` when the refused form is the one posting to ``url``
  (for a form inside ``<details>``).

A page with several forms that share field names (``reason``, ``note``) passes
``form=<the form's action URL>`` to each tag: only the refused form gets the posted
values back; the others keep their defaults.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from casino.forms import refusal

register = template.Library()


def _refusal(context: Any, form: str = ""):
    request = context.get("request")
    found = refusal(request) if request is not None else None
    if found is not None and form and found.action != form:
        return None  # another form on the page was refused
    return found


def _text(value: Any) -> str:
    return "" if value is None else str(value)


@register.simple_tag(takes_context=True)
def typed(context: Any, name: str, initial: Any = "", form: str = "") -> str:
    found = _refusal(context, form)
    if found is not None:
        return found.value(name)
    return _text(initial)


@register.simple_tag(takes_context=True)
def chosen(context: Any, name: str, value: Any, initial: Any = "", form: str = "") -> str:
    found = _refusal(context, form)
    current = found.value(name) if found is not None else _text(initial)
    return "selected" if current != "" and current == _text(value) else ""


@register.simple_tag(takes_context=True)
def box(context: Any, name: str, default: bool = False, form: str = "") -> str:
    found = _refusal(context, form)
    on = found.has(name) if found is not None else bool(default)
    return "checked" if on else ""


def error_id(name: str) -> str:
    return f"error-{name}"


@register.simple_tag(takes_context=True)
def field_error(context: Any, name: str, form: str = "") -> SafeString:
    found = _refusal(context, form)
    if found is None or found.field != name:
        return mark_safe("")
    return format_html(
        '<p class="field-error" id="{}" role="alert">{}</p>', error_id(name), found.text
    )


@register.simple_tag(takes_context=True)
def invalid(context: Any, name: str, form: str = "") -> SafeString:
    found = _refusal(context, form)
    if found is None or found.field != name:
        return mark_safe("")
    return format_html('aria-invalid="true" aria-describedby="{}"', error_id(name))


@register.simple_tag(takes_context=True)
def refused_form(context: Any, form: str) -> str:
    return "open" if _refusal(context, form) is not None else ""
