"""The home page: each role's next tasks and the one signing queue's first items.

A floor page (it reads every app's inbox and the signing queue), wired at ``/`` by the
project's URLs (issue 13 §1: no app imports the floor).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path, reverse

from casino.inbox import items_for, outside_queue
from casino.views import acting_actor

from .nav import menu
from .selectors import my_tables, signing_queue


@login_required
def home(request: HttpRequest) -> HttpResponse:
    actor = acting_actor(request)
    items = items_for(actor) if actor else []
    # One signing queue (issue 13 §5): its count and first items, not a second list.
    # The queue is the actor's when his menu offers it (floor.nav, the page's own check).
    queue_url = reverse("floor:queue")
    in_menu = bool(actor) and any(link.url == queue_url for link in menu(actor, "/"))
    queue = signing_queue(actor) if actor and in_menu else None
    if queue is not None:
        items = outside_queue(items, {q.url for q in queue})
    tables = my_tables(actor) if actor else []
    context = {"actor": actor, "items": items, "tables": tables, "queue": queue}
    return render(request, "casino/home.html", context)


urlpatterns = [path("", home, name="home")]
