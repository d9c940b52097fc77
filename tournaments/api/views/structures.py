"""The structures API: a structure template and its versions (a structure in use is never
edited, it gets a new version)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm

from ... import services
from ...models import StructureTemplate, StructureVersion
from .. import serializers as s
from .common import ERRORS, TAG, _actor, _created


def _version_out(v: StructureVersion) -> dict[str, Any]:
    return {
        "id": v.pk,
        "template_id": v.template_id,
        "name": v.template.name,
        "version": v.version,
        "structure": services.structure_output(v.structure()),
        "created_at": v.created_at,
        "reason": v.reason,
    }


class StructureListView(APIView):
    @extend_schema(tags=TAG, responses={200: s.StructureVersionSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TOURNAMENTS)
        rows = StructureVersion.objects.filter(casino_id=actor.casino_id).select_related("template")
        return Response(s.of(s.StructureVersionSerializer, [_version_out(v) for v in rows], True))

    @extend_schema(
        tags=TAG,
        request=s.StructureInputSerializer,
        responses={201: s.StructureVersionSerializer, **ERRORS},
        summary="A structure template with its first version (a manager's)",
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        data = parse(s.StructureInputSerializer, request.data)

        def handle() -> Response:
            v = services.structure_create(
                actor=actor, name=data["name"], structure=data["structure"], reason=data["reason"]
            )
            return _created(s.of(s.StructureVersionSerializer, _version_out(v)))

        return idempotent(request, handle)


class StructureVersionsView(APIView):
    @extend_schema(
        tags=TAG,
        request=s.StructureReviseInputSerializer,
        responses={201: s.StructureVersionSerializer, **ERRORS},
        summary="A new version of a structure (a structure in use is never edited)",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_TOURNAMENTS)
        template = StructureTemplate.objects.filter(pk=pk, casino_id=actor.casino_id).first()
        if template is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=StructureVersion)
        data = parse(s.StructureReviseInputSerializer, request.data)

        def handle() -> Response:
            v = services.structure_revise(
                actor=actor, template=template, structure=data["structure"], reason=data["reason"]
            )
            return _created(s.of(s.StructureVersionSerializer, _version_out(v)))

        return idempotent(request, handle)
