"""Reads of what players meet at the tables: the refused admissions and the VIP referrals
(issue 17 §2, SEAT-12). The registry's reads are ``players.selectors`` (issue 41)."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from casino.access import Actor, require
from casino.roles import Perm

from ..models import ExclusionHit, VipReferral
from .access import sector_scope


def exclusion_hits(actor: Actor) -> QuerySet[ExclusionHit]:
    """The refused buy-ins and seatings, newest first: the one list behind the API and the
    floor page. Surveillance, the shift manager and the auditor see the room's; a pit boss
    sees those at the tables of his scope (``access.sector_scope``) and those at no table."""
    require(actor, Perm.VIEW_EXCLUSIONS)
    hits = ExclusionHit.objects.filter(casino_id=actor.casino_id)
    scope = sector_scope(actor)
    if scope is not None:
        hits = hits.filter(Q(table__isnull=True) | scope)
    return hits.select_related("player", "table", "actor", "exclusion").order_by("-at", "-id")


def vip_referrals(actor: Actor, *, player: int | None = None) -> QuerySet[VipReferral]:
    """The VIP referral list (SEAT-12, RPT-14), newest first."""
    require(actor, Perm.VIEW_VIP_REFERRALS)
    qs = VipReferral.objects.filter(casino_id=actor.casino_id)
    if player is not None:
        qs = qs.filter(player_id=player)
    return qs.select_related("player", "table", "referred_by").order_by("-at", "-id")
