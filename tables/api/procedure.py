"""API of the management's preparation checklist (PREP-01, issue 17 §4).

``GET /api/preparation-checklist/``: the open gaming day's checklist (404 before it is
signed) with the documents to compare; ``POST``: the shift manager signs it (201, once
per day; a second one 409, another role 403).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, Actor, actor_for
from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.api.serializers import ErrorSerializer
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm, Role
from casino.selectors import require_open_gaming_day

from ..models import PreparationChecklist
from ..selectors.procedure import preparation_checklist
from ..services.procedure import preparation_checklist_record
from .serializers.common import choice

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}
TAGS = ["tables: procedure records"]


def _actor(request: Request, perm: Perm) -> Actor:
    return actor_for(request.user, perm, request.headers.get(ROLE_HEADER))


class PreparationChecklistInputSerializer(serializers.Serializer):
    spaces_inspected = serializers.BooleanField(help_text="PREP-01 (a).")
    deficiencies = serializers.CharField(required=False, allow_blank=True, default="")
    cards_checked = serializers.BooleanField(help_text="PREP-01 (b).")
    cards_replaced = serializers.CharField(required=False, allow_blank=True, default="")
    documents_compared = serializers.BooleanField(help_text="PREP-01 (c), GEN-10.")
    note = serializers.CharField(required=False, allow_blank=True, default="")


class PreparationChecklistSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    business_date = serializers.DateField(source="gaming_day.business_date")
    signed_by = serializers.CharField(source="signed_by.username")
    role = choice(choices=Role.choices)
    signed_at = serializers.DateTimeField()
    spaces_inspected = serializers.BooleanField()
    deficiencies = serializers.CharField()
    cards_checked = serializers.BooleanField()
    cards_replaced = serializers.CharField()
    documents_compared = serializers.BooleanField()
    documents = serializers.JSONField()
    note = serializers.CharField()


def _body(record: PreparationChecklist) -> Any:
    return PreparationChecklistSerializer(record).data


class PreparationChecklistView(APIView):
    @extend_schema(tags=TAGS, responses={200: PreparationChecklistSerializer, **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        record = preparation_checklist(actor.casino, require_open_gaming_day(actor.casino))
        if record is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=PreparationChecklist)
        return Response(_body(record))

    @extend_schema(
        tags=TAGS,
        request=PreparationChecklistInputSerializer,
        responses={201: PreparationChecklistSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(PreparationChecklistInputSerializer, request.data)

        def handle() -> Response:
            record = preparation_checklist_record(actor=actor, **data)
            return Response(_body(record), status=status.HTTP_201_CREATED)

        return idempotent(request, handle)
