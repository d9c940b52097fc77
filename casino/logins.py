"""Login throttling that works behind the proxy (issue 9 §7, issue 12 §3, issue 39 §5).

Behind nginx (``docker-compose.yml``, ``deploy/nginx.conf``) every request reaches the web
processes from nginx's address, so a lock by address locked every supervisor of the room
out after five wrong passwords from anyone (django-axes read ``REMOTE_ADDR``: its proxy
count needs django-ipware, which is not installed). Two parts, one place:

- **The client's address** (:func:`client_ip`): each proxy Mesa trusts appends the address
  it received the request from to ``X-Forwarded-For`` (nginx:
  ``$proxy_add_x_forwarded_for``). With ``MESA_TRUSTED_PROXIES`` proxies in front, the
  client is the address that many places from the right; anything to its left is what the
  client itself sent, and is ignored (a forged header cannot choose the address). Without
  trusted proxies, or with fewer addresses than proxies (a request that did not come
  through them), it is ``REMOTE_ADDR``. django-axes reads it (``AXES_CLIENT_IP_CALLABLE``),
  and so does the API's login throttle (``casino.api.views.LoginRateThrottle``).
- **What locks** (:class:`LoginLockHandler`): failures are counted per username at one
  address, and per username across addresses, never per address alone:

  - a username at one address locks after ``AXES_FAILURE_LIMIT`` failures (5): a device
    guessing one account;
  - a username locks everywhere after ``MESA_LOGIN_USERNAME_FAILURE_LIMIT`` failures (20)
    from any addresses: a guess spread over many devices;
  - one user's failures never lock another user, wherever they log in from (a room behind
    one address included).

  A username that does not exist is counted and locked exactly like one that does, and
  answered the same, so the lock never tells whether a username exists.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit, get_lockout_parameters
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str | None:
    """The client's address, as the trusted proxies in front of Mesa saw it."""
    remote = request.META.get("REMOTE_ADDR")
    proxies = settings.MESA_TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    forwarded = [a for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if len(forwarded) < proxies:
        return remote  # not through the proxies: the peer is who it is
    return _address(forwarded[-proxies]) or remote


class LoginLockHandler(AxesDatabaseHandler):
    """django-axes' database handler with a limit of its own for each way it counts
    (``AXES_LOCKOUT_PARAMETERS``): the username at an address (``AXES_FAILURE_LIMIT``), the
    username anywhere (``MESA_LOGIN_USERNAME_FAILURE_LIMIT``)."""

    def _limit(self, parameter: Any, request: HttpRequest, credentials: Any) -> int:
        if parameter == "username" or parameter == ["username"]:
            return int(settings.MESA_LOGIN_USERNAME_FAILURE_LIMIT)
        return int(get_failure_limit(request, credentials))

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        """What axes compares with ``AXES_FAILURE_LIMIT``: that limit itself once any way of
        counting reached its own limit, else the most failures below it."""
        limit = int(get_failure_limit(request, credentials))
        parameters = get_lockout_parameters(request, credentials)
        worst = 0
        for parameter, attempts in zip(
            parameters, self.get_user_attempts(request, credentials), strict=True
        ):
            failures = attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
            if failures >= self._limit(parameter, request, credentials):
                return limit
            if parameter != "username":
                worst = max(worst, failures)
        return min(worst, limit - 1)
