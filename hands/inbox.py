"""The hand recorder's entries in the home page's "next tasks" (casino.inbox)."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.inbox import InboxItem
from casino.roles import Perm, Role
from tables.models import SupervisorRelief, TableSession
from tables.selectors.assignment import session_supervisor

from . import selectors
from .labels import irregularity_label, outcome_label
from .models import HandIrregularity

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


def corrections_to_sign(actor: Actor) -> list[InboxItem]:
    """Issue 38 §3: closed hands' corrections waiting for the pit boss's signature."""
    items = []
    for approval in selectors.corrections_to_sign(actor)[:LIMIT]:
        items.append(
            InboxItem(
                kind="hand.correction",
                title=_("Sign the correction of hand %(number)s at %(table)s")
                % {"number": approval.hand.number, "table": approval.hand.table},
                url=reverse("hands:detail", args=[approval.hand_id]),
                detail=approval.correction.reason[:120],
                urgent=True,
                created_at=approval.created_at,
                tags=("hands",),
            )
        )
    return items


def irregularities_at_my_tables(actor: Actor) -> list[InboxItem]:
    """MISDEAL-01: a misdeal or another error of the procedure logged at a table the
    supervisor works now, by someone else (the croupier, a relief), is on the supervisor's
    home page for as long as the session is open: the hand, the error, the ruling, who
    logged it. The supervisor's own entries are not repeated to them."""
    if actor.role != Role.SUPERVISOR:
        return []
    relieved_in = SupervisorRelief.objects.filter(incoming=actor.user).values("session_id")
    live = (
        TableSession.objects.filter(casino=actor.casino)
        .exclude(status=TableSession.Status.CLOSED)
        .filter(Q(supervisor=actor.user) | Q(pk__in=relieved_in))
    )
    mine = [s.pk for s in live if session_supervisor(s) == actor.user]
    if not mine:
        return []
    rows = (
        HandIrregularity.objects.filter(hand__session_id__in=mine)
        .exclude(decided_by=actor.user)
        .select_related("hand__table", "decided_by")
        .order_by("-hand__recorded_at", "-action_index", "-id")[:LIMIT]
    )
    return [
        InboxItem(
            kind="hand.irregularity",
            title=_("%(error)s in hand %(number)s at table %(table)s")
            % {
                "error": irregularity_label(row.kind),
                "number": row.hand.number,
                "table": row.hand.table.number,
            },
            url=reverse("hands:detail", args=[row.hand_id]),
            detail=_("%(outcome)s · logged by %(who)s at %(time)s")
            % {
                "outcome": outcome_label(row.outcome),
                "who": row.decided_by.get_full_name() or row.decided_by.username,
                "time": timezone.localtime(row.hand.recorded_at).strftime("%H:%M"),
            },
            urgent=True,
            created_at=row.hand.recorded_at,
            tags=("hands",),
        )
        for row in rows
    ]
