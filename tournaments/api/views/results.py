"""The results API: the results, the qualifiers, the settlement of the tournament's cash
at the cage and its signature."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm

from ... import presenters, selectors, services
from ...models import Settlement
from .. import serializers as s
from .common import ERRORS, TAG, TAG_CAGE, _acting, _created, _read


class ResultsView(APIView):
    @extend_schema(tags=TAG, responses={200: s.ResultsSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        return Response(s.of(s.ResultsSerializer, presenters.results(t)))


class QualifiersView(APIView):
    @extend_schema(tags=TAG, responses={200: s.QualifierSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        states = {e.pk: e.number for e in selectors.entry_states(t).entries}
        rows = [
            {
                "table_number": q.table,
                "advance": [states[p] for p in q.advance],
                "tied": [states[p] for p in q.tied],
                "places_left": q.places_left,
            }
            for q in selectors.qualifiers_of(t)
        ]
        return Response(s.of(s.QualifierSerializer, rows, True))


class SettlementView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.SettlementInputSerializer,
        responses={201: s.SettlementSerializer, **ERRORS},
        summary="The tournament's cash counted at the cage against its ledger",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.PAY_TOURNAMENT_PRIZE)
        data = parse(s.SettlementInputSerializer, request.data)

        def handle() -> Response:
            row = services.settlement_record(
                actor=actor, tournament=t, counted=data["counted"], note=data["note"]
            )
            return _created(s.of(s.SettlementSerializer, presenters.settlement(row)))

        return idempotent(request, handle)


class SettlementSignView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=None,
        responses={200: s.SettlementSerializer, **ERRORS},
        summary="The shift manager signs the settlement (it locks it)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.APPROVE_TOURNAMENT_PAYOUTS)
        row = Settlement.objects.filter(tournament=t).first()
        if row is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Settlement)
        row = services.settlement_sign(actor=actor, settlement=row)
        return Response(s.of(s.SettlementSerializer, presenters.settlement(row)))
