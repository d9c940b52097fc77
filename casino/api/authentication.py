"""API tokens that expire and can be revoked (issue 9 §7, issue 12 §9).

The one token implementation: :class:`casino.models.ApiToken`. A login
(``POST /api/auth/token/``) issues a new token, good for ``API_TOKEN_AGE`` seconds
(one shift by default, as a page session); after that, or once revoked (logout,
or the user revoking it from the list), the API answers 401 and the client logs in
again. Only the token's SHA-256 is stored.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from casino.errors import NotFound
from casino.hotqueries import HotQuery
from casino.models import ApiToken, User

# ``last_used_at`` is written at most once a minute per token, not on every request.
LAST_USED_RESOLUTION = timedelta(seconds=60)

# Every request's first read (issue 43): the token by its digest (unique, so no ORDER BY),
# with the user's casino, which every request's actor reads (issue 18 §3).
TOKEN_BY_DIGEST = HotQuery(
    lambda digest: (
        ApiToken.objects.select_related("user__casino").filter(key_digest=digest).order_by()
    ),
    digest=str,
)


def token_issue(*, user: User) -> tuple[ApiToken, str]:
    """A new token for ``user`` and its secret (shown once); the user's dead tokens go."""
    now = timezone.now()
    key = secrets.token_hex(20)
    with transaction.atomic():
        ApiToken.objects.filter(user=user, expires_at__lte=now).delete()
        token = ApiToken.objects.create(
            user=user,
            key_digest=ApiToken.digest(key),
            created_at=now,
            expires_at=now + timedelta(seconds=settings.API_TOKEN_AGE),
        )
    return token, key


def token_revoke(*, user: User, token_id: int) -> ApiToken:
    """Revoke one of ``user``'s own tokens; another user's token is not found (404)."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
        if token is None or not token.is_live():
            raise NotFound("TOKEN_NOT_FOUND", "Token no encontrado.", "Token not found.")
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def tokens_live(user: User) -> list[ApiToken]:
    now = timezone.now()
    return list(ApiToken.objects.filter(user=user, revoked_at__isnull=True, expires_at__gt=now))


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``: refused once expired or revoked."""

    model = ApiToken

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        # The user's casino with it: every request's actor reads it (issue 18 §3).
        token = TOKEN_BY_DIGEST.first(digest=ApiToken.digest(key))
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid token.")
        now = timezone.now()
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed("Token revoked: log in again.")
        if token.expires_at <= now:
            raise exceptions.AuthenticationFailed("Token expired: log in again.")
        if token.last_used_at is None or token.last_used_at < now - LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.user, token
