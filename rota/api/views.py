"""API of the dealers' rota (issue 44 §3): ``/api/rotations/…``. Each view: the actor
(``X-Mesa-Role``), parse the input, fetch and authorise, one service or selector call;
POSTs that create a version go through ``idempotent``. No rule lives here."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.roles import Perm, Role
from tables.selectors import access_table, staff_member

from .. import selectors, services
from ..models import RotaPlan
from .serializers import (
    PlannedVsActualSerializer,
    RotaPlanInputSerializer,
    RotaPlanSerializer,
    RotaReplanInputSerializer,
)

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAGS = ["rota: rotations"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _plan_body(rota: RotaPlan) -> dict[str, Any]:
    return RotaPlanSerializer(selectors.rota_payload(rota)).data


class RotationsView(CreatesMixin, APIView):
    location_route = "api-rotation"

    @extend_schema(
        tags=TAGS,
        responses={200: RotaPlanSerializer(many=True), **ERRORS},
        description="Every version of the open gaming day's rota, the first first.",
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        rotas = selectors.day_rotas(actor)
        return Response([_plan_body(r) for r in rotas])

    @extend_schema(
        tags=TAGS,
        request=RotaPlanInputSerializer,
        responses={201: RotaPlanSerializer, **ERRORS},
        description="Plan the open gaming day's rota: the croupiers available deal at the open "
        "tables, on minutes at a table then off minutes of break (pit boss of the tables' "
        "sector, shift manager).",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.PLAN_ROTA)
        data = parse(RotaPlanInputSerializer, request.data)
        tables = [access_table(actor, pk, Perm.PLAN_ROTA) for pk in data["tables"]]
        croupiers = [
            staff_member(actor, name, Role.CROUPIER, field="croupiers")
            for name in data["croupiers"]
        ]

        def handle() -> Response:
            rota = services.rota_plan(
                actor=actor,
                croupiers=croupiers,
                tables=tables,
                starts_at=data["starts_at"],
                ends_at=data["ends_at"],
                on_minutes=data["on_minutes"],
                off_minutes=data["off_minutes"],
                late_after_minutes=data["late_after_minutes"],
            )
            return Response(_plan_body(rota), status=status.HTTP_201_CREATED)

        return idempotent(request, handle)


class RotationDetailView(APIView):
    @extend_schema(tags=TAGS, responses={200: RotaPlanSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return Response(_plan_body(selectors.access_rota(actor, pk)))


class RotationReplanView(APIView):
    @extend_schema(
        tags=TAGS,
        request=RotaReplanInputSerializer,
        responses={200: RotaPlanSerializer, **ERRORS},
        description="A table closes or opens now: the rest of the shift is re-planned as a new "
        "version linked to this one (409 ROTA_CHANGED when this version was already "
        "replaced).",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.PLAN_ROTA)
        data = parse(RotaReplanInputSerializer, request.data)
        rota = selectors.access_rota(actor, pk)
        table = access_table(actor, data["table"], Perm.PLAN_ROTA)

        def handle() -> Response:
            fresh = services.rota_replan(actor=actor, rota=rota, table=table, change=data["change"])
            return Response(_plan_body(fresh))

        return idempotent(request, handle)


class RotationActualView(APIView):
    @extend_schema(tags=TAGS, responses={200: PlannedVsActualSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        rota = selectors.access_rota(actor, pk)
        return Response(PlannedVsActualSerializer(selectors.actual_payload(rota)).data)
