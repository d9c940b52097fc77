"""``{% form_token %}``: a one-time token in every POST form of the floor (issue 12 §8).

``casino.middleware.FormTokenMiddleware`` uses the token up on the first POST, so a
double click or a resent form records once.
"""

from __future__ import annotations

import secrets

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from casino.middleware import FORM_TOKEN_FIELD

register = template.Library()


def new_form_token() -> str:
    return secrets.token_urlsafe(18)


@register.simple_tag
def form_token() -> SafeString:
    return format_html(
        '<input type="hidden" name="{}" value="{}">', FORM_TOKEN_FIELD, new_form_token()
    )
