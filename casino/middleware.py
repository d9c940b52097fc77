from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone


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
