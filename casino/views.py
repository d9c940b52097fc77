"""Pages of the shared kernel: home (next tasks per role), role switch."""

from __future__ import annotations

import sys

from django.contrib.auth.decorators import login_required
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views import defaults
from django.views.decorators.http import require_POST

from .access import ROLE_SESSION_KEY, Actor, signed_in
from .errorcodes import RESOURCE, ApiCode
from .errors import DomainError
from .roles import Role
from .urlsafety import safe_next


def acting_actor(request: HttpRequest) -> Actor | None:
    """The actor of a page request: the user in the role chosen with the role switch."""
    user = request.user
    if not user.is_authenticated:
        return None
    held = [r for r in Role if user.holds_role(r)]
    if not held:
        return None
    chosen = request.session.get(ROLE_SESSION_KEY)
    role = Role(chosen) if chosen in {r.value for r in held} else held[0]
    return Actor(user=user, role=role)


@login_required
@require_POST
def switch_role(request: HttpRequest) -> HttpResponse:
    role = request.POST.get("role", "")
    if role in Role.values and signed_in(request.user).holds_role(role):
        request.session[ROLE_SESSION_KEY] = role
    return redirect(safe_next(request, request.POST.get("next")))  # issue 12 §8


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 for a URL no route matches: the API answers in its one error shape (issue 9 §4)."""
    if request.path.startswith("/api/"):
        entry = DomainError.of(ApiCode.NOT_FOUND, thing=RESOURCE).as_dict()
        return JsonResponse({**entry, "errors": [entry]}, status=404)
    return defaults.page_not_found(request, exception)


_DB_DOWN_PAGE = """<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Mesa: servicio no disponible</title></head>
<body>
<h1>La base de datos no está disponible</h1>
<p>No se registró nada. Espere unos segundos y vuelva a intentarlo.</p>
<hr><p lang="en"><strong>The database is unavailable.</strong>
Nothing was recorded. Wait a few seconds and try again.</p>
</body></html>"""


def _database_down(exc: BaseException | None) -> bool:
    while exc is not None:  # the session's own failure may be raised while handling it
        if isinstance(exc, OperationalError | InterfaceError):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def server_error(request: HttpRequest) -> HttpResponse:
    """500, except when the database is away: 503 with a message (issue 9 §6).

    Rendered without templates or the database (neither may be there)."""
    if _database_down(sys.exc_info()[1]):
        if request.path.startswith("/api/"):
            entry = DomainError.of(ApiCode.SERVICE_UNAVAILABLE).as_dict()
            response: HttpResponse = JsonResponse({**entry, "errors": [entry]}, status=503)
        else:
            response = HttpResponse(_DB_DOWN_PAGE, status=503)
        response["Retry-After"] = "5"
        return response
    return defaults.server_error(request)
