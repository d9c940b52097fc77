"""The deck custody API: packs, their moves and log, deliveries, stores, the day's
reconciliation and final control, and the rotation at a table (DECK-*)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import Actor
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.query import query_choice, query_int, query_int_renamed
from casino.api.renames import GAMING_DAY_FILTER
from casino.errors import DomainError
from casino.formdata import read_datetime
from casino.models import GamingDay
from casino.roles import Perm
from casino.selectors import open_gaming_day

from ... import presenters, selectors, services
from ...codes import TablesCode
from ...deckrules import allowed_moves
from ...models import DeckFinalControl, DeckStore, Pack, PackState
from ..serializers.decks import (
    DeckAlertSerializer,
    DeckEventSerializer,
    DeliveryInputSerializer,
    FinalControlInputSerializer,
    FinalControlSerializer,
    MoveInputSerializer,
    PackDetailSerializer,
    PackSerializer,
    ReceiptSerializer,
    ReconciliationSerializer,
    RotateInputSerializer,
    RotationSerializer,
    StoreInputSerializer,
    StoreSerializer,
)
from .common import DECKS, ERRORS, _actor, _out, _pack

PACK_FILTERS = [
    OpenApiParameter("state", str, enum=list(PackState.values)),
    OpenApiParameter("session", int),
    OpenApiParameter("store", int),
    OpenApiParameter("colour", str),
    OpenApiParameter("serial", str),
]


class PackListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=DECKS, parameters=PACK_FILTERS, responses={200: PackSerializer(many=True), **ERRORS}
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        qs = Pack.objects.filter(casino=actor.casino)
        q = request.query_params
        if state := query_choice(q, "state", PackState.values):
            qs = qs.filter(state=state)
        for name in ("session", "store"):
            if (pk := query_int(q, name)) is not None:
                qs = qs.filter(**{name: pk})
        if q.get("colour"):
            qs = qs.filter(colour__iexact=q["colour"])
        if q.get("serial"):
            qs = qs.filter(serial__icontains=q["serial"])
        return paginated(
            request, self, qs.order_by("serial", "id"), PackSerializer, presenters.pack
        )


class PackDetailView(APIView):
    @extend_schema(tags=DECKS, responses={200: PackDetailSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        pack = selectors.access_pack(actor, pk)
        events = selectors.deck_events(actor.casino).filter(pack=pack)
        return _out(
            PackDetailSerializer,
            data={
                **presenters.pack(pack),
                "events": [presenters.deck_event(e) for e in events],
                "allowed_moves": allowed_moves(pack.state),
            },
        )


class DeckEventListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=DECKS,
        parameters=[
            OpenApiParameter("pack", int),
            OpenApiParameter("session", int),
            *GAMING_DAY_FILTER,
            OpenApiParameter("since", OpenApiTypes.DATETIME),
        ],
        description="The deck custody log, newest first.",
        responses={200: DeckEventSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        qs = selectors.deck_events(actor.casino)
        q = request.query_params
        for name in ("pack", "session"):
            if (pk := query_int(q, name)) is not None:
                qs = qs.filter(**{name: pk})
        if (day := query_int_renamed(q, "gaming_day_id", old="gaming_day")) is not None:
            qs = qs.filter(gaming_day=day)
        if (since := read_datetime(q, "since")) is not None:
            qs = qs.filter(at__gte=since)
        return paginated(
            request, self, qs.order_by("-at", "-id"), DeckEventSerializer, presenters.deck_event
        )


class PackMoveView(APIView):
    @extend_schema(
        tags=DECKS,
        request=MoveInputSerializer,
        description="Move a pack to another state; a move its state does not "
        "allow is refused with 409 DECK_MOVE_NOT_ALLOWED, naming the allowed moves.",
        responses={200: PackDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = parse(MoveInputSerializer, request.data)
        perm = services.perm_for_move(data["to"])
        actor = _actor(request, perm)
        pack = selectors.access_pack(actor, pk, perm)
        session = selectors.access_session(actor, data["session"]) if data.get("session") else None
        services.deck_move(
            actor=actor,
            pack=pack,
            to=data["to"],
            session=session,
            with_user=selectors.staff_user(actor, data.get("with_user"), field="with_user"),
            note=data["note"],
            hand_number=data.get("hand_number"),
            replaces=_pack(actor, data.get("replaces"), "replaces"),
            replacement=_pack(actor, data.get("replacement"), "replacement"),
            complete=data["complete"],
            face_up_ok=data["face_up_ok"],
            face_down_ok=data["face_down_ok"],
            pin=data.get("pin") or None,
        )
        pack.refresh_from_db()
        events = selectors.deck_events(actor.casino).filter(pack=pack)
        return _out(
            PackDetailSerializer,
            data={
                **presenters.pack(pack),
                "events": [presenters.deck_event(e) for e in events],
                "allowed_moves": allowed_moves(pack.state),
            },
        )


class DeckDeliveryView(APIView):
    @extend_schema(
        tags=DECKS,
        request=DeliveryInputSerializer,
        description="Security delivers packs to a store (DECK-03).",
        responses={201: ReceiptSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.DECK_DELIVER)
        data = parse(DeliveryInputSerializer, request.data)
        store = selectors.access_store(actor, data["store"])

        def handle() -> Response:
            receipt = services.deck_delivery_record(
                actor=actor,
                store=store,
                packs=[dict(p) for p in data["packs"]],
                note=data["note"],
            )
            return _out(ReceiptSerializer, presenters.receipt(receipt), created=True)

        return idempotent(request, handle)


class DeckReceiptSignView(APIView):
    @extend_schema(
        tags=DECKS,
        request=None,
        description="The pit boss signs the receipt: the packs enter the store.",
        responses={200: ReceiptSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.DECK_RECEIVE)
        receipt = selectors.access_receipt(actor, pk)
        receipt = services.deck_receipt_sign(actor=actor, receipt=receipt)
        return _out(ReceiptSerializer, presenters.receipt(receipt))


class DeckAlertListView(APIView):
    @extend_schema(tags=DECKS, responses={200: DeckAlertSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        return _out(
            DeckAlertSerializer,
            many=True,
            data=[
                {
                    "code": a.code,
                    "message": {"es": a.message_es, "en": a.message_en},
                    "pack": a.pack.serial if a.pack else None,
                    "session": a.session.pk if a.session else None,
                    "table": str(a.session.table) if a.session else None,
                }
                for a in selectors.deck_alerts(actor.casino)
            ],
        )


def _store_out(store: DeckStore) -> dict[str, Any]:
    return {"id": store.pk, "code": store.code, "name": store.name}


class DeckStoreListView(APIView):
    @extend_schema(tags=DECKS, responses={200: StoreSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        stores = DeckStore.objects.filter(casino=actor.casino)
        return _out(StoreSerializer, [_store_out(x) for x in stores], many=True)

    @extend_schema(
        tags=DECKS,
        request=StoreInputSerializer,
        description="Create a card store (DECK-01): packs are delivered into one before any "
        "opening. Same service as `manage.py tables_deck_store`.",
        responses={201: StoreSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(StoreInputSerializer, request.data)

        def handle() -> Response:
            store = services.deck_store_create(actor=actor, code=data["code"], name=data["name"])
            return _out(StoreSerializer, _store_out(store), created=True)

        return idempotent(request, handle)


def _current_day(actor: Actor) -> GamingDay:
    day = open_gaming_day(actor.casino)
    day = day or GamingDay.objects.filter(casino=actor.casino).order_by("-business_date").first()
    if day is None:
        raise DomainError.of(TablesCode.NO_GAMING_DAY)
    return day


class DeckReconciliationView(APIView):
    @extend_schema(
        tags=DECKS,
        parameters=[
            OpenApiParameter(
                "counted",
                str,
                description="Comma-separated pack numbers found in the store (physical count)",
            )
        ],
        description="received = in store + at tables + returned + destroyed (DECK-16).",
        responses={200: ReconciliationSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_DECKS)
        store = selectors.access_store(actor, pk)
        day = _current_day(actor)
        raw = request.query_params.get("counted")
        counted = [x for x in raw.split(",")] if raw is not None else None
        recon = selectors.deck_reconciliation(store, day, counted)
        control = DeckFinalControl.objects.filter(store=store, gaming_day=day).first()
        return _out(
            ReconciliationSerializer,
            data={
                "store": store.pk,
                "gaming_day": day.business_date,
                "received": recon.received,
                "received_today": recon.received_today,
                "in_store": recon.in_store,
                "at_tables": recon.at_tables,
                "returned": recon.returned,
                "destroyed": recon.destroyed,
                "balanced": recon.balanced,
                "counted": recon.counted,
                "unaccounted": [u.__dict__ for u in recon.unaccounted],
                "unexpected_serials": recon.unexpected_serials,
                "final_control": control.pk if control else None,
            },
        )


class DeckFinalControlView(APIView):
    @extend_schema(
        tags=DECKS,
        request=FinalControlInputSerializer,
        description="The shift manager's final control of the day (DECK-16, "
        "DECK-19); refused while any pack is unaccounted for.",
        responses={200: FinalControlSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.DECK_FINAL_CONTROL)
        store = selectors.access_store(actor, pk)
        data = parse(FinalControlInputSerializer, request.data)

        def handle() -> Response:
            control = services.deck_final_control_sign(
                actor=actor, store=store, counted_serials=data["counted"]
            )
            control.refresh_from_db()
            return _out(
                FinalControlSerializer,
                data={
                    "id": control.pk,
                    "store": store.pk,
                    "gaming_day": control.gaming_day.business_date,
                    "locked": control.is_locked,
                    "figures": control.figures,
                },
            )

        return idempotent(request, handle)


class DeckRotateView(APIView):
    @extend_schema(
        tags=DECKS, request=RotateInputSerializer, responses={200: RotationSerializer, **ERRORS}
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.DECK_HANDLE)
        session = selectors.access_session(actor, pk, Perm.DECK_HANDLE)
        data = parse(RotateInputSerializer, request.data)
        incoming = _pack(actor, data["incoming_pack"], "incoming_pack")
        assert incoming is not None
        out, in_ = services.deck_rotate(
            actor=actor,
            session=session,
            incoming_pack=incoming,
            outgoing_complete=data["outgoing_complete"],
            note=data["note"],
        )
        return _out(
            RotationSerializer,
            {"pack_out": presenters.pack(out), "pack_in": presenters.pack(in_)},
        )
