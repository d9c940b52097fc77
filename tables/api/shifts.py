"""API of the shift change at an open table (issue 14 §3): record, read, sign.

Each view: the actor (``X-Mesa-Role``), parse the input, fetch and authorise, then one
service call; POSTs that create records go through ``idempotent``. No rule lives here.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.amounts import AmountInputField
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.renames import OLD_DENOMINATION, field_names
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.formatting import active_lang
from casino.models import Signature
from casino.roles import Perm, Role

from .. import selectors
from ..selectors.shifts import access_shift_change, shift_change_view, shift_changes
from ..services.shifts import SLOTS, shift_change_record, shift_change_sign
from .serializers.common import choice, money
from .serializers.sheets import CountLineInputSerializer

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAGS = ["tables: shift changes"]


class ShiftChangeInputSerializer(serializers.Serializer):
    incoming = serializers.CharField(
        max_length=150, help_text="Username of the supervisor taking over the table."
    )
    lines = CountLineInputSerializer(many=True, allow_empty=True)
    grand_total = AmountInputField(required=False, allow_null=True)
    note = serializers.CharField(required=False, allow_blank=True, default="")


@extend_schema_serializer(deprecate_fields=["denomination"])
class ShiftChangeLineSerializer(serializers.Serializer):
    denomination_id = serializers.IntegerField(source="denomination")
    denomination = serializers.IntegerField(help_text=OLD_DENOMINATION)
    value = money()
    expected_count = serializers.IntegerField()
    expected_total = money()
    stacks = serializers.IntegerField(allow_null=True)
    loose = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField(allow_null=True)
    total = money(allow_null=True)
    difference_chips = serializers.IntegerField(allow_null=True)
    difference_value = money(allow_null=True)


class ShiftChangeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    session = serializers.IntegerField()
    table = serializers.IntegerField()
    at = serializers.DateTimeField()
    shift = serializers.CharField(help_text="The shift the record belongs to (GEN-02).")
    outgoing_supervisor = serializers.CharField()
    incoming_supervisor = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    lines = ShiftChangeLineSerializer(many=True)
    expected_total = money()
    counted_total = money()
    difference = money()
    missing_signatures = serializers.ListField(child=serializers.CharField())
    locked = serializers.BooleanField()


class ShiftChangeSignInputSerializer(serializers.Serializer):
    slot = choice(choices=sorted(SLOTS), help_text="Who signs in the handover.")
    signer = serializers.CharField(max_length=150, required=False)
    pin = serializers.CharField(max_length=32, required=False, trim_whitespace=False)
    override_reason = serializers.CharField(
        max_length=300, required=False, allow_blank=True, default=""
    )


class ShiftChangeSignResultSerializer(serializers.Serializer):
    slot = choice(choices=sorted(SLOTS))
    role = choice(choices=Role.choices)
    signer = serializers.CharField()
    method = choice(choices=Signature.Method.choices)
    locked = serializers.BooleanField()
    shift_change = ShiftChangeSerializer()


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


def _out(data: Any, *, created: bool = False) -> Response:
    return Response(
        ShiftChangeSerializer(data).data,
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )


class SessionShiftChangesView(CreatesMixin, APIView):
    location_route = "api-tables-shift-change"
    # One page at a time (issue 39 §6): a session grows a shift change at every handover.
    pagination_class = Pagination

    @extend_schema(tags=TAGS, responses={200: ShiftChangeSerializer(many=True), **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        session = selectors.access_session(actor, pk)
        lang = active_lang()
        return paginated(
            request,
            self,
            list(shift_changes(session)),
            ShiftChangeSerializer,
            lambda c: shift_change_view(c, lang),
        )

    @extend_schema(
        tags=TAGS,
        request=ShiftChangeInputSerializer,
        description="A shift change at an open table: the float counted per denomination "
        "against the float expected now, and the supervisor taking over; recorded by a "
        "pit boss of the table's sector or the shift manager, between hands (issue 14 §3).",
        responses={201: ShiftChangeSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.SUSPEND_SESSION)
        data = parse(ShiftChangeInputSerializer, request.data)
        session = selectors.access_session(actor, pk)
        incoming = selectors.staff_member(
            actor, data["incoming"], Role.SUPERVISOR, field="incoming"
        )
        lang = active_lang()

        def handle() -> Response:
            with field_names({"denomination": "denomination_id"}):
                change = shift_change_record(
                    actor=actor,
                    session=session,
                    incoming=incoming,
                    lines=data["lines"],
                    grand_total=data.get("grand_total"),
                    note=data["note"],
                )
            return _out(shift_change_view(change, lang), created=True)

        return idempotent(request, handle)


class ShiftChangeDetailView(APIView):
    @extend_schema(tags=TAGS, responses={200: ShiftChangeSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return _out(shift_change_view(access_shift_change(actor, pk), active_lang()))


class ShiftChangeSignView(APIView):
    @extend_schema(
        tags=TAGS,
        request=ShiftChangeSignInputSerializer,
        description="One of the three signatures: outgoing supervisor, pit boss (the shift "
        "manager only as an override with a reason), incoming supervisor.",
        responses={200: ShiftChangeSignResultSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        data = parse(ShiftChangeSignInputSerializer, request.data)
        change = access_shift_change(actor, pk)
        signer = selectors.staff_user(actor, data.get("signer"), field="signer")
        lang = active_lang()

        def handle() -> Response:
            result = shift_change_sign(
                actor=actor,
                shift_change=change,
                slot=data["slot"],
                signer=signer,
                pin=data.get("pin"),
                override_reason=data["override_reason"],
            )
            fresh = access_shift_change(actor, change.pk)
            body = ShiftChangeSignResultSerializer(
                {
                    "slot": data["slot"],
                    "role": result.signature.role,
                    "signer": result.signature.signer.username,
                    "method": result.signature.method,
                    "locked": result.locked,
                    "shift_change": shift_change_view(fresh, lang),
                }
            ).data
            return Response(body)

        return idempotent(request, handle)
