"""The tables API: the tables, their settings and the operations settings (issue 5 §6)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.api.responses import CreatesMixin
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import ChipSet, Sector
from casino.roles import Perm

from ... import presenters, selectors, services
from ...codes import TablesCode
from ...models import Table, TableSettings
from ..serializers.tables import (
    OpsSettingsInputSerializer,
    OpsSettingsSerializer,
    TableCreateInputSerializer,
    TableSettingsInputSerializer,
    TableSettingsSerializer,
    TableStateSerializer,
)
from .common import ERRORS, TABLES, _actor, _out


class TableListView(CreatesMixin, APIView):
    location_route = "api-tables-detail"

    @extend_schema(tags=TABLES, responses={200: TableStateSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        tables = Table.objects.filter(casino=actor.casino, is_active=True).order_by("number")
        return _out(
            TableStateSerializer,
            [presenters.table_state(selectors.table_state(t)) for t in tables],
            many=True,
        )

    @extend_schema(
        tags=TABLES,
        request=TableCreateInputSerializer,
        responses={201: TableStateSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        """A new table; settings left out take the spec's defaults (Appendix B)."""
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(TableCreateInputSerializer, request.data)
        chip_set = ChipSet.objects.filter(casino=actor.casino, pk=data.pop("chip_set")).first()
        if chip_set is None:
            raise DomainError.of(TablesCode.CHIP_SET_NOT_FOUND, field="chip_set")
        sector_id = data.pop("sector", None)
        sector = None
        if sector_id is not None:
            sector = Sector.objects.filter(casino=actor.casino, pk=sector_id).first()
            if sector is None:
                raise DomainError.of(TablesCode.SECTOR_NOT_FOUND, sector=sector_id, field="sector")

        def handle() -> Response:
            table = services.table_create(actor=actor, chip_set=chip_set, sector=sector, **data)
            response = _out(
                TableStateSerializer,
                presenters.table_state(selectors.table_state(table)),
                created=True,
            )
            response["Location"] = reverse("api-tables-detail", args=[table.pk])
            return response

        return idempotent(request, handle)


class TableDetailView(APIView):
    @extend_schema(tags=TABLES, responses={200: TableStateSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        table = selectors.access_table(actor, pk)
        return _out(TableStateSerializer, presenters.table_state(selectors.table_state(table)))


class TableSettingsView(APIView):
    @extend_schema(
        tags=TABLES,
        description="The table's settings in force now (the latest version already "
        "effective); 404 TABLE_HAS_NO_SETTINGS before the first version.",
        responses={200: TableSettingsSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        table = selectors.access_table(actor, pk)
        version = table.settings_at()
        if version is None:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSettings)
        return _out(TableSettingsSerializer, version)

    @extend_schema(
        tags=TABLES,
        request=TableSettingsInputSerializer,
        responses={201: TableSettingsSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        table = selectors.access_table(actor, pk)
        data = parse(TableSettingsInputSerializer, request.data)
        reason = data.pop("reason")
        effective_from = data.pop("effective_from", None)

        def handle() -> Response:
            version = services.table_settings_change(
                actor=actor, table=table, reason=reason, effective_from=effective_from, **data
            )
            return _out(TableSettingsSerializer, version, created=True)

        return idempotent(request, handle)


class OpsSettingsView(APIView):
    @extend_schema(tags=TABLES, responses={200: OpsSettingsSerializer, **ERRORS})
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return _out(OpsSettingsSerializer, selectors.ops_settings(actor.casino))

    @extend_schema(
        tags=TABLES,
        request=OpsSettingsInputSerializer,
        responses={201: OpsSettingsSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        actor = _actor(request, Perm.MANAGE_SETTINGS)
        data = parse(OpsSettingsInputSerializer, request.data)
        reason = data.pop("reason")

        def handle() -> Response:
            new = services.ops_settings_change(actor=actor, reason=reason, **data)
            return _out(OpsSettingsSerializer, new, created=True)

        return idempotent(request, handle)
