"""The payouts API: the payout table proposed and approved, the prizes paid at the cage
(TOUR-07, ROLE-09)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.roles import Perm

from ... import presenters, services
from ...models import PayoutTable
from .. import serializers as s
from .common import ERRORS, TAG, TAG_CAGE, _acting, _created, _entry, _read, _row


class PayoutsView(APIView):
    @extend_schema(tags=TAG, responses={200: s.PayoutTableSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        rows = PayoutTable.objects.filter(tournament=t).order_by("-version")
        return Response(
            s.of(s.PayoutTableSerializer, [presenters.payout_table(p) for p in rows], True)
        )

    @extend_schema(
        tags=TAG,
        request=s.PayoutsInputSerializer,
        responses={201: s.PayoutTableSerializer, **ERRORS},
        summary="Propose the payout table (TOUR-07: a documented rule, or management's)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.MANAGE_TOURNAMENTS)
        data = parse(s.PayoutsInputSerializer, request.data)

        def handle() -> Response:
            p = services.payouts_propose(
                actor=actor,
                tournament=t,
                places=data["places"],
                amounts=data["amounts"],
                note=data["note"],
            )
            return _created(s.of(s.PayoutTableSerializer, presenters.payout_table(p)))

        return idempotent(request, handle)


class PayoutsApproveView(APIView):
    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: s.PayoutTableSerializer, **ERRORS},
        summary="The shift manager approves and signs the payout table (ROLE-09): locked",
    )
    def post(self, request: Request, pk: int, table: int) -> Response:
        actor, t = _acting(request, pk, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        row = _row(PayoutTable, table, t)
        p = services.payouts_approve(actor=actor, table=row)
        return Response(s.of(s.PayoutTableSerializer, presenters.payout_table(p)))


class PrizeSlipView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.PayInputSerializer,
        responses={201: s.PayoutSlipSerializer, **ERRORS},
        summary="Pay a prize at the cage against a numbered slip signed by player and cashier",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.PAY_TOURNAMENT_PRIZE)
        data = parse(s.PayInputSerializer, request.data)

        def handle() -> Response:
            slip = services.prize_pay(
                actor=actor,
                tournament=t,
                entry=_entry(actor, t, data["entry"]),
                player_signed_name=data["player_signed_name"],
            )
            return _created(s.of(s.PayoutSlipSerializer, presenters.slip(slip)))

        return idempotent(request, handle)
