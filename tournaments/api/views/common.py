"""What every view of the tournaments API shares: the error answers, the schema tags, the
acting actor and the tournament it acts on, the created answer, and the rows a path or a
body names (a staff member, an entry, a row of the tournament)."""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm

from ... import selectors
from ...models import Entry, Tournament

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAG = ["tournaments"]
TAG_FLOOR = ["tournaments: floor"]
TAG_CAGE = ["tournaments: cage"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _acting(request: Request, pk: int, perm: Perm) -> tuple[Actor, Tournament]:
    """The actor, who may ``perm``, and the tournament of the path, checked for ``perm``."""
    actor = _actor(request, perm)
    return actor, selectors.access_tournament(actor, pk, perm)


def _read(request: Request, pk: int) -> Tournament:
    """The tournament of the path, for an actor who may see tournaments."""
    actor = _actor(request, Perm.VIEW_TOURNAMENTS)
    return selectors.access_tournament(actor, pk)


def _created(payload: Any) -> Response:
    return Response(payload, status=status.HTTP_201_CREATED)


def _staff(actor: Actor, username: str | None, field: str) -> User | None:
    if not username:
        return None
    user = User.objects.filter(username=username, casino_id=actor.casino_id).first()
    if user is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=User, field=field)
    return user


def _entry(actor: Actor, tournament: Any, pk: Any, field: str = "entry") -> Any:
    entry = selectors.access_entry(actor, pk, Perm.VIEW_TOURNAMENTS)
    if entry.tournament_id != tournament.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Entry, field=field)
    return entry


def _own(row: Any, tournament: Any, model: type) -> Any:
    if row is None or row.tournament_id != tournament.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=model)
    return row


def _row(model: type[Model], pk: Any, tournament: Any) -> Any:
    """The row ``pk`` of ``model``, if it belongs to the tournament."""
    return _own(model._default_manager.filter(pk=pk).first(), tournament, model)
