"""Pages for signing a closing report and asking for its signed copy (CLOSE-11).

Thin: they parse the form, call the services of ``reports.signing`` (the same as the
API) and show a refusal in the active language.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.errors import DomainError
from casino.models import User
from casino.roles import Role
from casino.views import acting_actor
from tables.codes import TablesCode

from . import selectors, services, signing
from .views import _lang, _reader


@login_required
def report_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One report: its number, fingerprints, signatures and the signing form."""
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    _reader(actor)
    try:
        report = selectors.access_report(actor, pk)
        services.check_access(actor, services.spec_or_error(report.kind), report.params)
    except DomainError as err:
        messages.error(request, err.message(_lang()))
        return redirect("reports:list")
    status = signing.signing_status(report, _lang())
    return render(
        request,
        "reports/detail.html",
        {
            "r": report,
            "status": status,
            "lang": _lang(),
            "actor": actor,
            "can_sign": status["signable"]
            and not status["locked"]
            and (actor.role in signing.OPERATOR_ROLES or actor.role == Role.SHIFT_MANAGER),
            "copies": report.reprints.filter(signed_copy=True).order_by("-requested_at"),
        },
    )


@login_required
@require_POST
def report_sign(request: HttpRequest, pk: int) -> HttpResponse:
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    try:
        signing.require_operator(actor, request.POST.get("role"))  # refused roles first
        report = selectors.access_report(actor, pk)
        signer = None
        username = request.POST.get("signer", "").strip()
        if username and username != actor.user.username:
            signer = User.objects.filter(username=username, casino=actor.casino).first()
            if signer is None:
                raise DomainError.of(TablesCode.STAFF_NOT_FOUND, person=username, field="signer")
        result = signing.report_sign(
            actor=actor,
            report=report,
            role=request.POST.get("role") or None,
            signer=signer,
            pin=request.POST.get("pin") or None,
            override_reason=request.POST.get("override_reason", ""),
        )
    except DomainError as err:
        messages.error(request, err.message(_lang()))
        return redirect("reports:detail", pk=pk)
    messages.success(
        request,
        _("Signed. The sheet has all its signatures and is locked.")
        if result.locked
        else _("Signed."),
    )
    return redirect("reports:detail", pk=pk)


@login_required
@require_POST
def report_signed_copy(request: HttpRequest, pk: int) -> HttpResponse:
    actor = acting_actor(request)
    if actor is None:
        return redirect("home")
    _reader(actor)
    try:
        report = selectors.access_report(actor, pk)
        copy = signing.report_signed_copy_request(actor=actor, report=report)
    except DomainError as err:
        messages.error(request, err.message(_lang()))
        return redirect("reports:detail", pk=pk)
    messages.success(request, _("Signed copy %(serial)s requested.") % {"serial": copy.serial})
    return redirect("reports:detail", pk=pk)
