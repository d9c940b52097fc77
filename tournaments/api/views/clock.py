"""The clock API: the clock as it stands, and its events (TDA RP-8)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.parsing import parse
from casino.roles import Perm

from ... import presenters, services
from .. import serializers as s
from .common import ERRORS, TAG_FLOOR, _acting, _read


class ClockView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.ClockSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        return Response(s.of(s.ClockSerializer, presenters.clock(t)))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.ClockEventInputSerializer,
        responses={200: s.ClockSerializer, **ERRORS},
        summary="Start, pause, resume, go to a level, adjust, hand-for-hand (TDA RP-8)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.ClockEventInputSerializer, request.data)
        services.clock_record(
            actor=actor,
            tournament=t,
            kind=data["kind"],
            level=data["level"],
            seconds=data["seconds"],
            reason=data["reason"],
        )
        t.refresh_from_db()
        return Response(s.of(s.ClockSerializer, presenters.clock(t)))
