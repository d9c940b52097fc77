"""The refused attempts of a request outlive its rollback (issue 17 §2)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .services.players import exclusion_hits


class ExclusionHitsMiddleware:
    """Every request's refused buy-ins and seatings are written after its transactions."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with exclusion_hits():
            return self.get_response(request)
