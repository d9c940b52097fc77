"""The one page-view guard (issue 13 §1: "one page-view guard").

Every server-rendered page of the apps is wrapped by :func:`page_view`: the person must
be logged in, the view gets the acting actor (the role chosen with the role switch), and
a :class:`casino.errors.DomainError` becomes the page's refusal in the person's language
instead of a server error. What differs between the apps is a parameter, not a copy:

- ``template``: the page that shows a refusal (``{"message", "code"}``, at its status);
- ``partial``: for an htmx request, the fragment shown in place (at 200: htmx swaps only
  2xx answers);
- ``on_post``: a refused form is shown again on the page it came from, as typed and with
  its field named (``"origin"``, issue 13 §6, :func:`casino.forms.refuse_on_origin`), or
  that page gets the message (``"message"``), or the refusal page is shown (``"page"``);
- ``form_page``: the page a view's form is on, when neither ``next`` nor the referrer say;
- ``fallback``: the URL name to go back to when nothing else is a same-site path
  (issue 12 §8);
- ``with_actor``: whether the view takes the actor as its second argument.

tests/architecture/test_one_way.py keeps the apps from defining a guard of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Literal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from .codes import CasinoCode
from .errors import DomainError
from .forms import refuse_on_origin, refused_text
from .urlsafety import safe_next
from .views import acting_actor

View = Callable[..., HttpResponse]
OnPost = Literal["origin", "message", "page"]


def no_role() -> DomainError:
    return DomainError.of(CasinoCode.NO_ROLE)


def page_view(
    *,
    template: str,
    partial: str | None = None,
    on_post: OnPost = "origin",
    form_page: Callable[[str, dict[str, Any]], str | None] | None = None,
    fallback: str | None = None,
    with_actor: bool = True,
) -> Callable[[View], View]:
    """A decorator for a page view; see the module's docstring for the parameters."""

    def refused_page(err: DomainError) -> Callable[[HttpRequest], HttpResponse]:
        def show(request: HttpRequest) -> HttpResponse:
            context = {"message": refused_text(err), "code": err.code}
            if partial is not None and getattr(request, "htmx", False):
                return render(request, partial, context)
            return render(request, template, context, status=err.status_code)

        return show

    def origin(request: HttpRequest, view: View, kwargs: dict[str, Any]) -> str:
        return safe_next(
            request,
            request.POST.get("next"),
            form_page(view.__name__, kwargs) if form_page is not None else None,
            request.META.get("HTTP_REFERER"),
            fallback=reverse(fallback) if fallback else "/",
        )

    def decorate(view: View) -> View:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                if not with_actor:
                    return view(request, *args, **kwargs)
                actor = acting_actor(request)
                if actor is None:
                    raise no_role()
                return view(request, actor, *args, **kwargs)
            except DomainError as err:
                show = refused_page(err)
                in_place = partial is not None and getattr(request, "htmx", False)
                if request.method != "POST" or in_place or on_post == "page":
                    return show(request)
                back = origin(request, view, kwargs)
                if on_post == "message":
                    messages.error(request, refused_text(err))
                    return redirect(back)
                # issue 13 §6: the form's page again, as typed, the field named
                return refuse_on_origin(request, err, back, show)

        return wrapped

    return decorate


__all__ = ["page_view", "no_role"]
