"""The seats API: the draw, the tournament's tables, the balancing plan, the moves and
their confirmations (TOUR-01, TOUR-05)."""

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
from ...models import SeatDraw, SeatMove
from .. import serializers as s
from .common import ERRORS, TAG_FLOOR, _acting, _created, _read, _staff


class DrawView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.DrawSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        draws = SeatDraw.objects.filter(tournament=t).order_by("at", "id")
        return Response(s.of(s.DrawSerializer, [presenters.draw(d) for d in draws], True))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.DrawInputSerializer,
        responses={200: s.DrawSerializer, **ERRORS},
        summary="The initial seat draw (TOUR-01, TDA 7) at the tables given, in break order",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.DrawInputSerializer, request.data)
        record = services.draw_initial(actor=actor, tournament=t, tables=data["tables"])
        return Response(s.of(s.DrawSerializer, presenters.draw(record)))


class TablesView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.TableSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        return Response(s.of(s.TableSerializer, presenters.tables(t), True))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.TableAddInputSerializer,
        responses={201: s.TableSerializer, **ERRORS},
        summary="Open one more table for the tournament (it breaks first)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.TableAddInputSerializer, request.data)

        def handle() -> Response:
            tt = services.table_add(actor=actor, tournament=t, table=data["table_number"])
            row = next(x for x in presenters.tables(t) if x["session"] == tt.session_id)
            return _created(s.of(s.TableSerializer, row))

        return idempotent(request, handle)


class BalanceView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.BalancePlanSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        return Response(s.of(s.BalancePlanSerializer, presenters.plan(selectors.balance_plan(t))))

    @extend_schema(
        tags=TAG_FLOOR,
        request=s.BalanceConfirmInputSerializer,
        responses={200: s.DrawSerializer, **ERRORS},
        summary="Confirm the plan shown (TDA 10, 11; the final table): the moves are made",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        data = parse(s.BalanceConfirmInputSerializer, request.data)
        record = services.balance_confirm(actor=actor, tournament=t, version=data["version"])
        return Response(s.of(s.DrawSerializer, presenters.draw(record)))


class MovesView(APIView):
    @extend_schema(tags=TAG_FLOOR, responses={200: s.MoveSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        rows = [presenters.move(m) for m in selectors.moves_to_confirm(t)]
        return Response(s.of(s.MoveSerializer, rows, True))


class MoveConfirmView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=s.MoveConfirmInputSerializer,
        responses={200: s.MoveConfirmationSerializer, **ERRORS},
        summary="The dealer of a table confirms a move (TOUR-05)",
    )
    def post(self, request: Request, pk: int, move: int) -> Response:
        actor, t = _acting(request, pk, Perm.CONFIRM_TOURNAMENT_MOVE)
        row = selectors.access_move(actor, move, Perm.CONFIRM_TOURNAMENT_MOVE)
        if row.draw.tournament_id != t.pk:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=SeatMove)
        data = parse(s.MoveConfirmInputSerializer, request.data)
        c = services.move_confirm(
            actor=actor,
            move=row,
            side=data["side"],
            croupier=_staff(actor, data["croupier"], "croupier"),
            pin=data.get("pin"),
            chips_visible=data["chips_visible"],
        )
        out = {
            "move": row.pk,
            "side": c.side,
            "croupier": c.croupier.username,
            "method": c.method,
            "chips_visible": c.chips_visible,
        }
        return Response(s.of(s.MoveConfirmationSerializer, out))
