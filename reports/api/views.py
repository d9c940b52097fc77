"""API of the reports: catalogue, request, status and progress, download, re-print."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.access import ROLE_HEADER, actor_for
from casino.api.idempotency import idempotent
from casino.api.pagination import Pagination, paginated
from casino.api.parsing import parse
from casino.api.responses import CreatesMixin
from casino.api.serializers import ErrorSerializer
from casino.errors import DomainError
from casino.formatting import active_lang
from casino.models import User
from casino.roles import Perm
from reports import export, selectors, services, signing
from reports.registry import all_specs
from tables.codes import TablesCode

from .serializers import (
    ReportKindSerializer,
    ReportRequestSerializer,
    ReportSerializer,
    ReportSigningSerializer,
    ReportSignInputSerializer,
)

ERRORS = {
    400: ErrorSerializer,
    401: ErrorSerializer,
    403: ErrorSerializer,
    404: ErrorSerializer,
    409: ErrorSerializer,
}


class ReportKindListView(APIView):
    @extend_schema(tags=["reports"], responses={200: ReportKindSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor_for(request.user, Perm.VIEW_REPORTS, request.headers.get(ROLE_HEADER))
        data = [
            {
                "kind": s.kind,
                "title": {"es": s.title_es, "en": s.title_en},
                "description": {"es": s.description_es, "en": s.description_en},
                "roles": sorted(r.value for r in s.roles),
                "params": list(s.params().fields),
            }
            for s in all_specs()
        ]
        return Response(data)


class ReportListView(CreatesMixin, APIView):
    location_route = "api-reports-detail"
    pagination_class = Pagination

    @extend_schema(tags=["reports"], responses={200: ReportSerializer(many=True), **ERRORS})
    def get(self, request: Request) -> Response:
        actor = actor_for(request.user, Perm.VIEW_REPORTS, request.headers.get(ROLE_HEADER))
        return paginated(request, self, selectors.reports_visible(actor), ReportSerializer)

    @extend_schema(
        tags=["reports"],
        request=ReportRequestSerializer,
        responses={202: ReportSerializer, **ERRORS},
        description="Request a report; it is rendered by a Celery worker. Poll its status.",
    )
    def post(self, request: Request) -> Response:
        actor = actor_for(request.user, Perm.REQUEST_REPORT, request.headers.get(ROLE_HEADER))
        data = parse(ReportRequestSerializer, request.data)

        def handle() -> Response:
            report = services.report_request(
                actor=actor,
                kind=data["kind"],
                params=data["params"],
                lang=data["lang"],
                paper=data["paper"],
            )
            report.refresh_from_db()
            return Response(ReportSerializer(report).data, status=status.HTTP_202_ACCEPTED)

        return idempotent(request, handle)


class ReportDetailView(APIView):
    @extend_schema(tags=["reports"], responses={200: ReportSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.VIEW_REPORTS, request.headers.get(ROLE_HEADER))
        report = selectors.access_report(actor, pk)
        services.check_access(actor, services.spec_or_error(report.kind), report.params)
        return Response(ReportSerializer(report).data)


class _FileRenderer(BaseRenderer):
    """``?format=csv|xlsx`` picks the file; an error is still the one JSON error shape."""

    charset = None

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> Any:
        response = (renderer_context or {}).get("response")
        if response is not None and response.status_code >= 400:
            response["Content-Type"] = "application/json"
            return JSONRenderer().render(data)
        return data


class CsvRenderer(_FileRenderer):
    media_type, format = "text/csv", "csv"


class XlsxRenderer(_FileRenderer):
    media_type, format = export.FORMATS["xlsx"], "xlsx"


class PdfRenderer(_FileRenderer):
    media_type, format = "application/pdf", "pdf"


class ReportDownloadView(APIView):
    renderer_classes = [JSONRenderer, PdfRenderer, CsvRenderer, XlsxRenderer]

    @extend_schema(
        tags=["reports"],
        parameters=[
            OpenApiParameter(
                "format",
                str,
                enum=["pdf", "csv", "xlsx"],
                description="pdf (the archived file, default), or the report's tables as "
                "csv or xlsx (issue 14 §4).",
            )
        ],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY),
            (200, export.FORMATS["xlsx"]): OpenApiResponse(OpenApiTypes.BINARY),
            **ERRORS,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse | FileResponse:
        actor = actor_for(request.user, Perm.VIEW_REPORTS, request.headers.get(ROLE_HEADER))
        report = selectors.access_report(actor, pk)
        fmt = request.query_params.get("format", "pdf")
        if fmt != "pdf":
            out = export.report_export(actor=actor, report=report, fmt=fmt)
            file = HttpResponse(out.content, content_type=out.content_type)
            file["Content-Disposition"] = f'attachment; filename="{out.filename}"'
            return file
        path = services.report_download(actor=actor, report=report)
        response = FileResponse(
            path.open("rb"),
            content_type="application/pdf",
            as_attachment=True,
            filename=f"{report.serial}.pdf",
        )
        response["X-Content-SHA256"] = report.sha256
        return response


class ReportReprintView(CreatesMixin, APIView):
    location_route = "api-reports-detail"

    @extend_schema(tags=["reports"], request=None, responses={202: ReportSerializer, **ERRORS})
    def post(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.REQUEST_REPORT, request.headers.get(ROLE_HEADER))
        report = selectors.access_report(actor, pk)
        copy = services.report_reprint(actor=actor, report=report)
        copy.refresh_from_db()
        return Response(ReportSerializer(copy).data, status=status.HTTP_202_ACCEPTED)


class ReportSignaturesView(APIView):
    """The signatures of a control sheet, sector sheet or player tracking sheet (CLOSE-11)."""

    @extend_schema(tags=["reports"], responses={200: ReportSigningSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.VIEW_REPORTS, request.headers.get(ROLE_HEADER))
        report = selectors.access_report(actor, pk)
        services.check_access(actor, services.spec_or_error(report.kind), report.params)
        return Response(ReportSigningSerializer(signing.signing_status(report, active_lang())).data)

    @extend_schema(
        tags=["reports"],
        request=ReportSignInputSerializer,
        responses={200: ReportSigningSerializer, **ERRORS},
        description="Sign an archived closing report in a role the sheet names (RPT-06: "
        "supervisor, then pit boss; RPT-07: pit boss; RPT-14: supervisor hands over, pit boss "
        "receives). Someone else signs on this terminal with `signer` and `pin`. A report "
        "whose data changed since it was rendered is refused with 409 REPORT_STALE.",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.VIEW_REPORTS, request.headers.get(ROLE_HEADER))
        # Refused roles are refused before any lookup (the shift manager only for the pit
        # boss's line, as an override: issue 12 §1).
        role = request.data.get("role") if isinstance(request.data, dict) else None
        signing.require_operator(actor, role)
        report = selectors.access_report(actor, pk)
        data = parse(ReportSignInputSerializer, request.data)
        signer = None
        if data.get("signer"):
            signer = User.objects.filter(username=data["signer"], casino=actor.casino).first()
            if signer is None:
                raise DomainError.of(
                    TablesCode.STAFF_NOT_FOUND, person=data["signer"], field="signer"
                )

        def handle() -> Response:
            signing.report_sign(
                actor=actor,
                report=report,
                role=data.get("role"),
                signer=signer,
                pin=data.get("pin"),
                override_reason=data.get("override_reason", ""),
            )
            out = signing.signing_status(report, active_lang())
            return Response(ReportSigningSerializer(out).data)

        return idempotent(request, handle)


class ReportSignedCopyView(CreatesMixin, APIView):
    location_route = "api-reports-detail"

    @extend_schema(
        tags=["reports"],
        request=None,
        responses={202: ReportSerializer, **ERRORS},
        description="Queue a signed copy of a signed closing report: the original rendered "
        "again with the signatures and the signed file's fingerprint in the signature blocks.",
    )
    def post(self, request: Request, pk: int) -> Response:
        actor = actor_for(request.user, Perm.REQUEST_REPORT, request.headers.get(ROLE_HEADER))
        report = selectors.access_report(actor, pk)

        def handle() -> Response:
            copy = signing.report_signed_copy_request(actor=actor, report=report)
            copy.refresh_from_db()
            return Response(ReportSerializer(copy).data, status=status.HTTP_202_ACCEPTED)

        return idempotent(request, handle)
