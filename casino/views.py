"""Pages of the shared kernel: home (next tasks per role), role switch."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import defaults
from django.views.decorators.http import require_POST

from .access import ROLE_SESSION_KEY, Actor
from .inbox import items_for
from .roles import Role


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
def home(request: HttpRequest) -> HttpResponse:
    actor = acting_actor(request)
    items = items_for(actor) if actor else []
    return render(request, "casino/home.html", {"actor": actor, "items": items})


@login_required
@require_POST
def switch_role(request: HttpRequest) -> HttpResponse:
    role = request.POST.get("role", "")
    if role in Role.values and request.user.holds_role(role):
        request.session[ROLE_SESSION_KEY] = role
    next_url = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        next_url = "/"
    return redirect(next_url)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 for a URL no route matches: the API answers in its one error shape (issue 9 §4)."""
    if request.path.startswith("/api/"):
        entry = {"code": "NOT_FOUND", "message": {"es": "No encontrado.", "en": "Not found."}}
        body = {**entry, "field": None, "errors": [{**entry, "field": None}]}
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception)
