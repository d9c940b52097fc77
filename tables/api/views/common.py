"""What every view of the tables API shares: the error answers, the schema tags, the acting
actor, the shaped answer, and the staff and pack references read from a body."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.serializers import ErrorSerializer
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm, Role

from ... import selectors
from ...codes import TablesCode
from ...models import Pack

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TABLES = ["tables"]
SHEETS = ["tables: sheets"]
DECKS = ["tables: decks"]
SANCTIONS = ["tables: sanctions"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _out(
    serializer: type[serializers.Serializer],
    data: Any,
    *,
    many: bool = False,
    created: bool = False,
) -> Response:
    """Shape a presenter's dict(s) with the output serializer (money as strings)."""
    body = serializer(data, many=many).data
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def _user(actor: Actor, username: str | None, role: Role, field: str) -> User:
    return selectors.staff_member(actor, username, role, field=field)


def _pack(actor: Actor, pk: int | None, field: str) -> Pack | None:
    if pk is None:
        return None
    found = Pack.objects.filter(casino=actor.casino, pk=pk).first()
    if found is None:
        raise DomainError.of(TablesCode.PACK_NOT_FOUND, field=field)
    return found
