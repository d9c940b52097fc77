"""The forms of the table pages (POST): one URL, ``act/<name>/<pk>/``, and one handler per
form, each in its area's module (each module's ``ACTIONS``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from casino.access import Actor
from casino.errors import DomainError

from ..codes import TablesCode
from . import decks, sanctions, sessions, sheets, shifts
from .common import Handler, _back, page

#: Every form of the table pages, by the name it posts to.
ACTIONS: dict[str, Handler] = {
    **sessions.ACTIONS,
    **sheets.ACTIONS,
    **decks.ACTIONS,
    **sanctions.ACTIONS,
    **shifts.ACTIONS,
}


@require_POST
@page
def act(request: HttpRequest, actor: Actor, name: str, pk: int) -> HttpResponse:
    handler = ACTIONS.get(name)
    if handler is None:
        raise DomainError.of(TablesCode.ACTION_UNKNOWN, action=name)
    done = handler(request, actor, pk)
    messages.success(request, done)
    return redirect(_back(request))
