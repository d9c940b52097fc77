"""Reads of the player registry and the exclusions (issue 17 §1, §2; issue 41)."""

from __future__ import annotations

from datetime import date

from django.db.models import OuterRef, Q, QuerySet, Subquery

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm

from .models import Exclusion, ExclusionList, Player


def players(actor: Actor, *, name: str | None = None) -> QuerySet[Player]:
    require(actor, Perm.VIEW_PLAYERS)
    qs = Player.objects.filter(casino_id=actor.casino_id).order_by("display_name", "id")
    if name:
        qs = qs.filter(display_name__icontains=name)
    return qs


def access_player(actor: Actor, pk: object, perm: Perm) -> Player:
    """The player ``pk`` of the actor's casino, for an actor who holds ``perm`` (404 otherwise,
    and for a key that is not a number)."""
    require(actor, perm)
    try:
        return Player.objects.get(casino=actor.casino, pk=int(str(pk)))
    except (ValueError, TypeError, Player.DoesNotExist):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Player) from None


def age_on(birth: date, day: date) -> int:
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def current_lists(casino_id: int) -> QuerySet[ExclusionList]:
    """The latest version of each regulator's list: it replaces the earlier ones."""
    latest = (
        ExclusionList.objects.filter(casino_id=casino_id, source=OuterRef("source"))
        .order_by("-version")
        .values("version")[:1]
    )
    return ExclusionList.objects.filter(casino_id=casino_id, version=Subquery(latest))


def exclusions_in_force(player: Player, day: date) -> QuerySet[Exclusion]:
    """The bars on ``player`` on ``day``: not lifted, begun, not ended; a regulator's entry
    only from the current version of its list; matched by player or by document."""
    who = Q(player=player)
    if player.document_number:
        who |= Q(document_type=player.document_type, document_number=player.document_number)
    return (
        Exclusion.objects.filter(
            who,
            casino_id=player.casino_id,
            lifts__isnull=True,
            lifted_by__isnull=True,
            starts_on__lte=day,
        )
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=day))
        .filter(
            Q(exclusion_list__isnull=True) | Q(exclusion_list__in=current_lists(player.casino_id))
        )
        .order_by("ends_on", "id")
    )


def exclusions(
    actor: Actor, *, kind: str | None = None, player: int | None = None
) -> QuerySet[Exclusion]:
    """Every exclusion row, lifts included (the register as recorded)."""
    require(actor, Perm.VIEW_EXCLUSIONS)
    qs = Exclusion.objects.filter(casino_id=actor.casino_id).select_related(
        "player", "lifted_by", "exclusion_list"
    )
    if kind:
        qs = qs.filter(kind=kind)
    if player:
        qs = qs.filter(player_id=player)
    return qs.order_by("-at", "-id")


def access_exclusion(actor: Actor, pk: int, perm: Perm = Perm.VIEW_EXCLUSIONS) -> Exclusion:
    require(actor, perm)
    found = Exclusion.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if found is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Exclusion)
    return found


def exclusion_lists(actor: Actor) -> QuerySet[ExclusionList]:
    require(actor, Perm.VIEW_EXCLUSIONS)
    return ExclusionList.objects.filter(casino_id=actor.casino_id).order_by("source", "-version")
