"""The entries API (at the cage, and the player's arrival on the floor): register, re-enter,
rebuy, add-on, unregister, arrive; the waiting list; the ledger of the entries' money."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.errors import DomainError
from casino.roles import Perm

from ... import presenters, selectors, services
from ...codes import TournamentsCode
from ...models import Entry, Tournament, WaitingPlayer
from .. import serializers as s
from .common import ERRORS, TAG_CAGE, TAG_FLOOR, _acting, _created, _entry, _read, _row


def _entry_out(tournament: Tournament, entry: Entry) -> dict[str, Any]:
    """The entry as the list of entries shows it."""
    return next(e for e in presenters.entries(tournament) if e["id"] == entry.pk)


def _waiting_out(w: WaitingPlayer) -> dict[str, Any]:
    return {
        "id": w.pk,
        "player": w.player_id,
        "player_name": w.player.display_name,
        "requested_at": w.requested_at,
    }


class EntryListView(APIView):
    @extend_schema(tags=TAG_CAGE, responses={200: s.EntrySerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        return Response(s.of(s.EntrySerializer, presenters.entries(t), True))

    @extend_schema(
        tags=TAG_CAGE,
        request=s.RegisterInputSerializer,
        responses={201: s.EntrySerializer, **ERRORS},
        summary="Register a player, or a busted player's re-entry, at the cage",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        data = parse(s.RegisterInputSerializer, request.data)

        def handle() -> Response:
            player = selectors.player_of(actor, data["player"])
            if data["kind"] == "re_entry":
                entry = services.entry_re_enter(actor=actor, tournament=t, player=player)
            elif data["kind"] == "entry":
                waiting = None
                if data["waiting"] is not None:
                    waiting = _row(WaitingPlayer, data["waiting"], t)
                entry = services.entry_register(
                    actor=actor, tournament=t, player=player, waiting=waiting
                )
            else:
                raise DomainError.of(TournamentsCode.REGISTRATION_KIND_INVALID, field="kind")
            return _created(s.of(s.EntrySerializer, _entry_out(t, entry)))

        return idempotent(request, handle)


class PurchaseView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.PurchaseInputSerializer,
        responses={201: s.LedgerEntrySerializer, **ERRORS},
        summary="A rebuy or an add-on for a seated entry",
    )
    def post(self, request: Request, pk: int, entry: int) -> Response:
        actor, t = _acting(request, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        row = _entry(actor, t, entry)
        data = parse(s.PurchaseInputSerializer, request.data)

        def handle() -> Response:
            paid = services.entry_purchase(actor=actor, entry=row, kind=data["kind"])
            return _created(s.of(s.LedgerEntrySerializer, presenters.ledger_row(paid)))

        return idempotent(request, handle)


class UnregisterView(APIView):
    @extend_schema(
        tags=TAG_CAGE,
        request=s.ReasonInputSerializer,
        responses={200: s.LedgerEntrySerializer, **ERRORS},
        summary="Unregister before the start: the refund, numbered",
    )
    def post(self, request: Request, pk: int, entry: int) -> Response:
        actor, t = _acting(request, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        row = _entry(actor, t, entry)
        data = parse(s.ReasonInputSerializer, request.data)
        refund = services.entry_unregister(actor=actor, entry=row, reason=data["reason"])
        return Response(s.of(s.LedgerEntrySerializer, presenters.ledger_row(refund)))


class ArriveView(APIView):
    @extend_schema(
        tags=TAG_FLOOR,
        request=None,
        responses={200: s.EntrySerializer, **ERRORS},
        summary="The player sat down at his drawn seat (TOUR-02)",
    )
    def post(self, request: Request, pk: int, entry: int) -> Response:
        actor, t = _acting(request, pk, Perm.RUN_TOURNAMENT)
        row = _entry(actor, t, entry)
        services.entry_arrive(actor=actor, entry=row)
        return Response(s.of(s.EntrySerializer, _entry_out(t, row)))


class WaitingListView(APIView):
    @extend_schema(tags=TAG_CAGE, responses={200: s.WaitingSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        rows = [_waiting_out(w) for w in selectors.waiting_list(t).select_related("player")]
        return Response(s.of(s.WaitingSerializer, rows, True))

    @extend_schema(
        tags=TAG_CAGE,
        request=s.WaitingInputSerializer,
        responses={201: s.WaitingSerializer, **ERRORS},
        summary="Put a player on a full tournament's waiting list",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor, t = _acting(request, pk, Perm.RECORD_TOURNAMENT_ENTRY)
        data = parse(s.WaitingInputSerializer, request.data)

        def handle() -> Response:
            w = services.waiting_add(
                actor=actor, tournament=t, player=selectors.player_of(actor, data["player"])
            )
            return _created(s.of(s.WaitingSerializer, _waiting_out(w)))

        return idempotent(request, handle)


class LedgerView(APIView):
    @extend_schema(tags=TAG_CAGE, responses={200: s.LedgerEntrySerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        t = _read(request, pk)
        rows = [presenters.ledger_row(r) for r in selectors.ledger(t)]
        return Response(s.of(s.LedgerEntrySerializer, rows, True))
