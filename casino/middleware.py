from __future__ import annotations

import hashlib
import zoneinfo
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.formatting import active_lang
from casino.forms import REFUSAL_HEADER

if TYPE_CHECKING:
    from casino.models import User


class CasinoTimezoneMiddleware:
    """Show dates and times in the casino's own time zone (issue 8 §5)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        casino = getattr(user, "casino", None) if user and user.is_authenticated else None
        if casino is not None:
            try:
                timezone.activate(zoneinfo.ZoneInfo(casino.time_zone))
            except zoneinfo.ZoneInfoNotFoundError:
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


# --- Hostile input at the edges (issue 12 §8) -------------------------------------

#: Every page: scripts and styles only from our own static files (no inline code).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; "
    "object-src 'none'; base-uri 'self'"
)
#: The API docs page (drf-spectacular's Swagger UI from the sidecar) starts with an
#: inline script and inline styles that are not ours: relaxed there only.
API_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
    "form-action 'self'; object-src 'none'; base-uri 'self'"
)
API_DOCS_PATH = "/api/docs/"


class ContentSecurityPolicyMiddleware:
    """A Content-Security-Policy on every response (issue 12 §8)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            docs = request.path == API_DOCS_PATH
            response["Content-Security-Policy"] = (
                API_DOCS_POLICY if docs else CONTENT_SECURITY_POLICY
            )
        return response


def _is_page_post(request: HttpRequest) -> bool:
    """A POST of a server-rendered page (the API and admin have their own guards)."""
    return request.method == "POST" and not request.path.startswith(("/api/", "/admin/"))


def _refused_page(request: HttpRequest, err: DomainError) -> HttpResponse:
    """A refusal in the floor's way: the message and code, in the page's language."""
    message = err.message(active_lang())
    context = {"message": message, "code": err.code}
    if getattr(request, "htmx", False):
        # htmx swaps only 2xx answers: the partial shows in place (as floor/views.py does).
        response = render(request, "floor/_refused.html", context)
    else:
        response = render(request, "floor/refused.html", context, status=err.status_code)
    response[REFUSAL_HEADER] = err.code  # the machine code, as the API's error shape has it
    return response


class HostileTextMiddleware:
    """A control character (a NUL byte…) or a bidirectional control in a query parameter
    (pages and API) or in a page's form field: 400 ``CONTROL_CHARACTER`` /
    ``BIDI_CONTROL`` naming it, before any view reads it (issue 12 §8, issue 39 §4).

    The one place for query strings and page forms; the API's bodies are guarded by its
    parsers (``casino.api.parsing``), which read them once. Passwords are not shown or
    stored as text anywhere and are left alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from casino.formdata import hostile_text_refusal

        api = request.path.startswith("/api/")
        refusal = hostile_text_refusal(request.GET)
        if refusal is None and request.method == "POST" and not api:
            refusal = hostile_text_refusal(request.POST, skip=("password",))
        if refusal is None:
            return self.get_response(request)
        if api:
            from casino.api.errors import error_body

            return JsonResponse(error_body([refusal.as_dict()]), status=refusal.status_code)
        return _refused_page(request, refusal)


FORM_TOKEN_FIELD = "form_token"
_FORM_TOKEN_PREFIX = "form:"


def form_already_submitted() -> DomainError:
    return DomainError.of(CasinoCode.FORM_ALREADY_SUBMITTED, field=FORM_TOKEN_FIELD)


def _refusal_queued(request: HttpRequest) -> bool:
    """Whether this request queued an error message (the pages' way to say "refused").

    Read without iterating the storage, which would mark the messages as shown.
    """
    storage = getattr(request, "_messages", None)
    queued = getattr(storage, "_queued_messages", ())
    return any(message.level >= messages.ERROR for message in queued)


class FormTokenMiddleware:
    """Page forms land once (issue 12 §8): the hidden ``form_token`` is used up on POST.

    ``{% form_token %}`` (``casino.templatetags.mesa_forms``) puts a fresh random
    token in every POST form. The first POST that carries it claims it in the
    idempotency store the API uses (``IdempotencyRecord``, unique per user and key,
    so a concurrent twin fails on the index instead of running) and runs. If it
    was taken (a redirect, no error message) the redirect is kept; otherwise
    (refused, re-shown with its errors, or raised) the claim is deleted, so a
    rejected POST leaves no row and the same form may be sent again. A later POST
    with a used token runs nothing: it is sent where the first one went, with a
    message; a twin arriving while the first still runs answers 409
    FORM_ALREADY_SUBMITTED.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if not _is_page_post(request) or user is None or not user.is_authenticated:
            return self.get_response(request)
        token = request.POST.get(FORM_TOKEN_FIELD, "")
        if not token:
            return self.get_response(request)
        if len(token) > 64 or not all(ch.isalnum() or ch in "-_" for ch in token):
            return _refused_page(
                request,
                DomainError.of(CasinoCode.FORM_TOKEN_INVALID, field=FORM_TOKEN_FIELD),
            )
        from casino.models import IdempotencyRecord

        key = _FORM_TOKEN_PREFIX + token
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(
                    user=user,
                    key=key,
                    request_hash=hashlib.sha256(request.path.encode()).hexdigest(),
                    path=request.path[:255],
                )
        except IntegrityError:
            return self._replay(request, user, key)
        try:
            response = self.get_response(request)
        except BaseException:
            IdempotencyRecord.objects.filter(pk=record.pk).delete()
            raise
        location = response.get("HX-Redirect") or response.get("Location")
        if not location or response.status_code >= 400 or _refusal_queued(request):
            # Not taken (refused, or re-shown with its errors): nothing was recorded,
            # so the token is free again and the claim leaves no trace.
            IdempotencyRecord.objects.filter(pk=record.pk).delete()
            return response
        IdempotencyRecord.objects.filter(pk=record.pk).update(
            status_code=response.status_code, response={"location": location}
        )
        return response

    def _replay(self, request: HttpRequest, user: User, key: str) -> HttpResponse:
        from casino.models import IdempotencyRecord

        first = IdempotencyRecord.objects.filter(user=user, key=key).first()
        location = (first.response or {}).get("location") if first is not None else None
        err = form_already_submitted()
        if not location:
            return _refused_page(request, err)
        messages.warning(request, err.message(active_lang()))
        if getattr(request, "htmx", False):
            response = HttpResponse(status=204)
            response["HX-Redirect"] = location
            return response
        return redirect(location)
