"""The hand recorder's entries in the home page's "next tasks" (casino.inbox)."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.inbox import InboxItem
from casino.roles import Perm

from . import selectors

LIMIT = 50


def invalid_hands_to_review(actor: Actor) -> list[InboxItem]:
    """Invalid hands without a signed review, for whoever reviews hands (issue 4 §3)."""
    if not actor.can(Perm.REVIEW_HAND):
        return []
    items = []
    for hand in selectors.unresolved_invalid_hands(actor)[:LIMIT]:
        items.append(
            InboxItem(
                kind="hand.review",
                title=_("Review invalid hand %(number)s at %(table)s")
                % {"number": hand.number, "table": hand.table},
                url=reverse("hands:detail", args=[hand.pk]),
                # In the casino's time zone (the active one while rendering), not UTC.
                detail=timezone.localtime(hand.recorded_at).strftime("%d/%m %H:%M"),
                urgent=True,
                created_at=hand.recorded_at,
                tags=("hands",),
            )
        )
    return items
