"""The deals API: a deal proposed (chip chop or ICM), the players' consents, the
manager's signature (TOUR-07)."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.roles import Perm

from ... import presenters, services
from ...models import Deal
from .. import serializers as s
from .common import ERRORS, TAG_FLOOR, _acting, _created, _entry, _read, _row


class DealsView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.DealSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        rows = Deal.objects.filter(tournament=t).order_by("-proposed_at")
        return Response(s.of(s.DealSerializer, [presenters.deal(d) for d in rows], True))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.DealInputSerializer,
        responses={201: s.DealSerializer, **ERRORS},
        summary="Propose a deal: chip chop or ICM, exact to the unit (TOUR-07)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.DealInputSerializer, request.data)

        def handle() -> Response:
            stacks = None
            if data["stacks"] is not None:
                stacks = {}
                for key, chips in data["stacks"].items():
                    stacks[_entry(actor, t, key, "stacks").pk] = chips
            d = services.deal_propose(
                actor=actor,
                tournament=t,
                method=data["method"],
                to_play_for=Decimal(data["to_play_for"]),
                stacks=stacks,
                note=data["note"],
            )
            return _created(s.of(s.DealSerializer, presenters.deal(d)))

        return idempotent(request, handle)


class DealConsentView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.ConsentInputSerializer,
        responses={201: s.DealSerializer, **ERRORS},
        summary="A player left agrees to the deal",
    )
    def post(self, request: Request, pk: int, deal: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        row = _row(Deal, deal, t)
        data = parse(s.ConsentInputSerializer, request.data)

        def handle() -> Response:
            services.deal_consent(actor=actor, deal=row, entry=_entry(actor, t, data["entry"]))
            return _created(s.of(s.DealSerializer, presenters.deal(row)))

        return idempotent(request, handle)


class DealApproveView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=None,
        responses={200: s.DealSerializer, **ERRORS},
        summary="The manager signs the deal, every player having agreed",
    )
    def post(self, request: Request, pk: int, deal: int) -> Response:
        actor, t = _acting(request, pk, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        row = _row(Deal, deal, t)
        d = services.deal_approve(actor=actor, deal=row)
        return Response(s.of(s.DealSerializer, presenters.deal(d)))
