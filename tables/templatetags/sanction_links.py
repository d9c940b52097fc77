"""``{% sanction_link d irregularity %}`` on the hand page (HREC-10): an irregularity whose
ruling proposes a sanction links to the sanction form filled from the hand."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from casino.roles import Perm
from casino.views import acting_actor
from tables.sanction_from_hand import form_url, proposes_sanction

register = template.Library()


@register.simple_tag(takes_context=True)
def sanction_link(context: Any, hand: Any, irregularity: Any) -> SafeString:
    request = context.get("request")
    actor = acting_actor(request) if request is not None else None
    if actor is None or not proposes_sanction(irregularity):
        return mark_safe("")
    if not (actor.can(Perm.PROPOSE_SANCTION) or actor.can(Perm.IMPOSE_SANCTION)):
        return mark_safe("")
    return format_html(
        '<a class="button" href="{}">{}</a>', form_url(hand, irregularity), _("Propose a sanction")
    )


@register.simple_tag(takes_context=True)
def hand_sanction_link(context: Any, hand: Any) -> SafeString:
    """HREC-10: from any hand record, the sanction form filled with the hand's reference
    (its session, number and players), for whoever may propose or impose one."""
    request = context.get("request")
    actor = acting_actor(request) if request is not None else None
    if actor is None or not (actor.can(Perm.PROPOSE_SANCTION) or actor.can(Perm.IMPOSE_SANCTION)):
        return mark_safe("")
    return format_html(
        '<a class="button" href="{}">{}</a>', form_url(hand), _("Propose a sanction for this hand")
    )
