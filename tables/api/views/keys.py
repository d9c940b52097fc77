"""The keys API: who holds which key, handed out and returned (OPEN-01, CLOSE-17)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm

from ... import selectors, services
from ...models import KeyHandout
from ..serializers.keys import KeyHandoutInputSerializer, KeyHandoutSerializer
from ..serializers.sessions import NoteInputSerializer
from .common import ERRORS, TABLES, _actor, _out


def _key_out(k: KeyHandout) -> dict[str, Any]:
    back = getattr(k, "returned", None)
    return {
        "id": k.pk,
        "key_label": k.key_label,
        "table": k.table_id,
        "holder": k.holder.username,
        "handed_by": k.handed_by.username,
        "out_at": k.out_at,
        "returned_at": back.at if back else None,
        "received_by": back.received_by.username if back else None,
    }


class KeyListView(APIView):
    pagination_class = Pagination

    @extend_schema(
        tags=TABLES,
        parameters=[OpenApiParameter("open", bool)],
        responses={200: KeyHandoutSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        qs = KeyHandout.objects.filter(casino=actor.casino).select_related(
            "holder", "handed_by", "returned__received_by"
        )
        if request.query_params.get("open") in ("true", "1"):
            qs = qs.filter(returned__isnull=True)
        return paginated(
            request, self, qs.order_by("-out_at", "-id"), KeyHandoutSerializer, _key_out
        )

    @extend_schema(
        tags=TABLES,
        request=KeyHandoutInputSerializer,
        description="A key handed to someone (OPEN-01).",
        responses={201: KeyHandoutSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        data = parse(KeyHandoutInputSerializer, request.data)
        holder = selectors.staff_user(actor, data["holder"], field="holder")
        table = selectors.access_table(actor, data["table"]) if data.get("table") else None

        def handle() -> Response:
            entry = services.key_hand_out(
                actor=actor,
                key_label=data["key_label"],
                holder=holder,
                table=table,
                note=data["note"],
            )
            return _out(KeyHandoutSerializer, _key_out(entry), created=True)

        return idempotent(request, handle)


class KeyReturnView(APIView):
    @extend_schema(
        tags=TABLES,
        request=NoteInputSerializer,
        description="The key came back (CLOSE-17).",
        responses={200: KeyHandoutSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        entry = KeyHandout.objects.filter(casino=actor.casino, pk=pk).first()
        if entry is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=KeyHandout)
        data = parse(NoteInputSerializer, request.data)
        services.key_return(actor=actor, handout=entry, note=data["note"])
        entry.refresh_from_db()
        return _out(
            KeyHandoutSerializer,
            data=_key_out(
                KeyHandout.objects.select_related(
                    "holder", "handed_by", "returned__received_by"
                ).get(pk=entry.pk)
            ),
        )
