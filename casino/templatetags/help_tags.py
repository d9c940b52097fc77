"""The help panel of a procedure page (issue 17 §6; the registry is ``casino.help``).

``{% page_help %}`` (in the base layout) shows the topics the registry names for the
current page's URL; ``{% help "opening" %}`` shows one topic where a page places it.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from casino.help import HelpTopic, topic, topics_for

register = template.Library()


def _panel(context: template.Context, topics: list[HelpTopic], dom_id: str) -> SafeString:
    if not topics:
        return SafeString("")
    return render_to_string(
        "help/_panel.html",
        {"topics": topics, "dom_id": dom_id},
        request=context.get("request"),
    )


@register.simple_tag(takes_context=True)
def page_help(context: template.Context) -> SafeString:
    request: Any = context.get("request")
    match = getattr(request, "resolver_match", None)
    return _panel(context, topics_for(match.view_name if match else None), "page-help")


@register.simple_tag(takes_context=True)
def help(context: template.Context, key: str) -> SafeString:  # noqa: A001 - the tag's name
    return _panel(context, [topic(key)], f"help-{key}")
