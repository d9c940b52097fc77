"""API tokens that expire (issue 9 §7).

DRF's tokens never expire: a token copied from a terminal would open the API for good.
Here a token is good for ``API_TOKEN_AGE`` seconds after it was issued (one shift by
default, as a page session); after that the API answers 401 and the client logs in again
(``POST /api/auth/token/``), which issues a new token.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication


def token_expired(token: Any) -> bool:
    return bool(token.created < timezone.now() - timedelta(seconds=settings.API_TOKEN_AGE))


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise exceptions.AuthenticationFailed("Token expired: log in again.")
        return user, token
