"""The tournaments API: the list of the casino's tournaments, a new one on a structure
version, and one tournament."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import Actor
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.responses import CreatesMixin
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm

from ... import presenters, selectors, services
from ...models import StructureVersion
from .. import serializers as s
from .common import ERRORS, TAG, _actor, _created, _read


def _version(actor: Actor, pk: int) -> StructureVersion:
    row = StructureVersion.objects.filter(pk=pk, casino_id=actor.casino_id).first()
    if row is None:
        raise DomainError.of(
            ApiCode.NOT_FOUND, thing=StructureVersion, field="structure_version_id"
        )
    return row


class TournamentListView(CreatesMixin, APIView):
    """Every tournament of the casino, one page at a time (it grows with the casino's life)."""

    location_route = "api-tournament"
    pagination_class = Pagination

    @extend_schema(tags=TAG, responses={200: s.TournamentListSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        return paginated(
            request,
            self,
            selectors.tournaments_for(actor).order_by("-pk"),
            s.TournamentListSerializer,
            lambda t: {
                "id": t.pk,
                "name": t.name,
                "event_name": t.event_name,
                "status": t.status,
                "gaming_day_id": t.gaming_day_id,
            },
        )

    @extend_schema(
        tags=TAG,
        request=s.TournamentInputSerializer,
        responses={201: s.TournamentSerializer, **ERRORS},
        summary="Create a tournament on a structure version",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        data = parse(s.TournamentInputSerializer, request.data)

        def handle() -> Response:
            t = services.tournament_create(
                actor=actor,
                name=data["name"],
                structure=_version(actor, data["structure_version_id"]),
                event_name=data["event_name"],
                max_players=data["max_players"],
            )
            return _created(s.of(s.TournamentSerializer, presenters.tournament(t)))

        return idempotent(request, handle)


class TournamentDetailView(APIView):
    @extend_schema(tags=TAG, responses={200: s.TournamentSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        return Response(s.of(s.TournamentSerializer, presenters.tournament(t)))
