"""Pages of the reports: request a report, watch its progress, download it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from casino.access import Actor
from casino.errors import DomainError
from casino.formatting import active_lang as _lang
from casino.models import Sector
from casino.roles import Perm
from casino.views import acting_actor
from tables.models import TableSession

from . import export, selectors, services
from .registry import all_specs


def _reader(actor: Actor) -> None:
    """Roles without the reports (croupier, security, surveillance) are refused before any
    report is looked up (issue 9 §1), as the API does."""
    if not actor.can(Perm.VIEW_REPORTS):
        raise PermissionDenied


@login_required
def report_list(request: HttpRequest) -> HttpResponse:
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    _reader(actor)
    specs = [s for s in all_specs() if actor.can(s.perm)]
    reports = list(selectors.reports_visible(actor)[:50])
    # Issue 40: sessions and sectors chosen by what people call them, never typed as ids.
    sessions = (
        TableSession.objects.filter(casino=actor.casino)
        .select_related("table", "gaming_day")
        .order_by("-gaming_day__business_date", "table__number", "-number")[:100]
    )
    return render(
        request,
        "reports/list.html",
        {
            "specs": specs,
            "reports": reports,
            "lang": _lang(),
            "actor": actor,
            "sessions": sessions,
            "sectors": Sector.objects.filter(casino=actor.casino).order_by("name"),
        },
    )


@login_required
@require_POST
def report_create(request: HttpRequest) -> HttpResponse:
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    params = {
        key: value
        for key in (
            *("date", "table", "session", "date_from", "date_to", "ruleset"),
            *("hand", "first", "last", "slip", "sector", "tournament"),
        )
        if (value := request.POST.get(key, "").strip())
    }
    try:
        services.report_request(
            actor=actor,
            kind=request.POST.get("kind", ""),
            params=params,
            lang=request.POST.get("lang") or _lang(),
            paper=request.POST.get("paper") or "A4",
        )
    except DomainError as err:
        messages.error(request, err.message(_lang()))
    except Exception as err:  # parse() raises a bilingual validation error
        errors = getattr(err, "errors", None)
        if not errors:
            raise
        messages.error(request, "; ".join(e["message"][_lang()] for e in errors))
    return redirect("reports:list")


@login_required
def report_status(request: HttpRequest, pk: int) -> HttpResponse:
    """htmx partial: one report's row, polled while it renders."""
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    _reader(actor)
    try:
        report = selectors.access_report(actor, pk)
    except DomainError as err:
        return HttpResponse(err.message(_lang()), status=err.status_code)
    return render(request, "reports/_row.html", {"r": report, "lang": _lang()})


@login_required
def report_download(request: HttpRequest, pk: int) -> HttpResponse | FileResponse:
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    _reader(actor)
    fmt = request.GET.get("format", "pdf")
    try:
        report = selectors.access_report(actor, pk)
        if fmt != "pdf":  # the report's tables as CSV or XLSX (issue 14 §4)
            out = export.report_export(actor=actor, report=report, fmt=fmt)
            response = HttpResponse(out.content, content_type=out.content_type)
            response["Content-Disposition"] = f'attachment; filename="{out.filename}"'
            return response
        path = services.report_download(actor=actor, report=report)
    except DomainError as err:
        messages.error(request, err.message(_lang()))
        return redirect("reports:list")
    return FileResponse(
        path.open("rb"),
        content_type="application/pdf",
        as_attachment=True,
        filename=f"{report.serial}.pdf",
    )
