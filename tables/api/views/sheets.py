"""The sheets API: the opening and closing sheets (read, count, sign, where each copy
went), a discrepancy acknowledged, the emptied bank confirmed, and the signing queue."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import Actor
from casino.api.idempotency import idempotent
from casino.api.parsing import parse
from casino.api.renames import field_names
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm, Role
from casino.signatures import SignResult

from ... import presenters, selectors, services
from ...codes import TablesCode
from ...models import ClosingSheet, OpeningSheet
from ...selectors.sessions import sheet_roles_signed_by
from ..serializers.sessions import SessionEventSerializer
from ..serializers.sheets import (
    AcknowledgeInputSerializer,
    CopyInputSerializer,
    CopySerializer,
    CountInputSerializer,
    EmptyBankInputSerializer,
    SheetSerializer,
    SheetSignInputSerializer,
    SheetToSignSerializer,
    SignResultSerializer,
)
from .common import ERRORS, SHEETS, _actor, _out, _user


def _sheet_out(sheet: OpeningSheet | ClosingSheet) -> dict[str, Any]:
    fresh = type(sheet).objects.select_related("session", "table", "gaming_day").get(pk=sheet.pk)
    return presenters.sheet(fresh)


@dataclass(frozen=True)
class SheetPart:
    """What differs between the opening sheet and the closing sheet: how one is fetched and
    authorised, who counts it, and the services that record its count and its signatures."""

    access: Callable[[Actor, int], OpeningSheet | ClosingSheet]
    count_perm: Perm
    count_record: Callable[..., OpeningSheet | ClosingSheet]
    sign: Callable[..., SignResult]


OPENING = SheetPart(
    access=selectors.access_opening,
    count_perm=Perm.OPEN_SESSION,
    count_record=services.opening_count_record,
    sign=services.opening_sign,
)
CLOSING = SheetPart(
    access=selectors.access_closing,
    count_perm=Perm.CLOSE_SESSION,
    count_record=services.closing_count_record,
    sign=services.closing_sign,
)


# The four views of a sheet, written once; each part's view below names its part.


class SheetDetailView(APIView):
    part: ClassVar[SheetPart]

    @extend_schema(tags=SHEETS, responses={200: SheetSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        return _out(SheetSerializer, _sheet_out(self.part.access(actor, pk)))


class SheetCountView(APIView):
    part: ClassVar[SheetPart]

    @extend_schema(
        tags=SHEETS,
        request=CountInputSerializer,
        description="Record the count, denomination by denomination: full "
        "20-chip stacks and loose chips; optional chips, total and grand total "
        "are cross-checked (OPEN-07..11, CLOSE-05).",
        responses={200: SheetSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, self.part.count_perm)
        sheet = self.part.access(actor, pk)
        data = parse(CountInputSerializer, request.data)
        with field_names({"denomination": "denomination_id"}):
            self.part.count_record(
                actor=actor,
                sheet=sheet,
                lines=[dict(x) for x in data["lines"]],
                grand_total=data.get("grand_total"),
                note=data["note"],
            )
        return _out(SheetSerializer, _sheet_out(sheet))


class SheetSignView(APIView):
    part: ClassVar[SheetPart]

    @extend_schema(
        tags=SHEETS,
        request=SheetSignInputSerializer,
        description="One signature: croupier (PIN on the supervisor's "
        "terminal), supervisor, pit boss — three people (ROLE-13, ROLE-14).",
        responses={200: SignResultSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        sheet = self.part.access(actor, pk)
        data = parse(SheetSignInputSerializer, request.data)
        signer = None
        if data.get("signer"):
            signer = User.objects.filter(username=data["signer"], casino=actor.casino).first()
            if signer is None:
                raise DomainError.of(
                    TablesCode.STAFF_NOT_FOUND, person=data["signer"], field="signer"
                )

        def handle() -> Response:
            result = self.part.sign(
                actor=actor,
                sheet=sheet,
                role=data["role"],
                signer=signer,
                pin=data.get("pin"),
                override_reason=data["override_reason"],
            )
            return _out(
                SignResultSerializer,
                data={
                    "role": result.signature.role,
                    "signer": result.signature.signer.username,
                    "method": result.signature.method,
                    "locked": result.locked,
                    "sheet": _sheet_out(sheet),
                },
            )

        return idempotent(request, handle)


class SheetCopiesView(APIView):
    part: ClassVar[SheetPart]

    @extend_schema(
        tags=SHEETS,
        request=CopyInputSerializer,
        description="Record where a printed copy went (OPEN-13, CLOSE-10).",
        responses={200: CopySerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, self.part.count_perm)
        sheet = self.part.access(actor, pk)
        data = parse(CopyInputSerializer, request.data)

        def handle() -> Response:
            deposit = services.sheet_copy_deposit(
                actor=actor, sheet=sheet, copy=data["copy"], note=data["note"]
            )
            return _out(CopySerializer, presenters.copy_deposit(deposit))

        return idempotent(request, handle)


class OpeningDetailView(SheetDetailView):
    part = OPENING


class OpeningCountView(SheetCountView):
    part = OPENING


class OpeningSignView(SheetSignView):
    part = OPENING


class OpeningCopiesView(SheetCopiesView):
    part = OPENING


class ClosingDetailView(SheetDetailView):
    part = CLOSING


class ClosingCountView(SheetCountView):
    part = CLOSING


class ClosingSignView(SheetSignView):
    part = CLOSING


class ClosingCopiesView(SheetCopiesView):
    part = CLOSING


class DiscrepancyAcknowledgeView(APIView):
    @extend_schema(
        tags=SHEETS,
        request=AcknowledgeInputSerializer,
        responses={200: SheetSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.ACKNOWLEDGE_DISCREPANCY)
        disc = selectors.access_discrepancy(actor, pk)
        data = parse(AcknowledgeInputSerializer, request.data)
        services.discrepancy_acknowledge(
            actor=actor, discrepancy=disc, note=data["note"], written_report=data["written_report"]
        )
        return _out(SheetSerializer, _sheet_out(disc.sheet))


class ClosingEmptyBankView(APIView):
    @extend_schema(
        tags=SHEETS,
        request=EmptyBankInputSerializer,
        description="Supervisor and croupier (PIN) confirm the rack was emptied "
        "and every chip counted (CLOSE-06).",
        responses={200: SessionEventSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = _actor(request, Perm.CLOSE_SESSION)
        sheet = selectors.access_closing(actor, pk, Perm.CLOSE_SESSION)
        data = parse(EmptyBankInputSerializer, request.data)
        croupier = _user(actor, data["croupier"], Role.CROUPIER, "croupier")

        def handle() -> Response:
            event = services.closing_confirm_empty_bank(
                actor=actor, sheet=sheet, croupier=croupier, pin=data["pin"]
            )
            return _out(SessionEventSerializer, presenters.session_event(event))

        return idempotent(request, handle)


class SheetsToSignView(APIView):
    @extend_schema(
        tags=SHEETS,
        description="The signing queue of the acting role.",
        responses={200: SheetToSignSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        actor = _actor(request, Perm.VIEW_TABLES)
        # croupiers sign on the supervisor's terminal
        roles = sheet_roles_signed_by(actor.role)
        # Issue 12 §1: only the sessions the actor is assigned to.
        items = [
            item
            for item in selectors.sheets_to_sign(actor.casino, roles)
            if selectors.is_assigned(actor, item.sheet.session)
        ]
        return _out(
            SheetToSignSerializer,
            many=True,
            data=[
                {
                    "part": item.kind,
                    "id": item.sheet.pk,
                    "serial": item.sheet.serial,
                    "table_name": str(item.sheet.table),
                    "missing_roles": [r.value for r in item.missing_roles],
                    "blockers": [presenters.reason(b) for b in item.blockers],
                }
                for item in items
            ],
        )
