"""API tokens that expire and can be revoked (issue 9 §7, issue 12 §9, issue 39 §3).

The one token implementation: :class:`casino.models.ApiToken`. A login
(``POST /api/auth/token/``) issues a new token, good for ``API_TOKEN_AGE`` seconds
(one shift by default, as a page session); after that, or once revoked (logout,
or the user revoking it from the list), the API answers 401 and the client logs in
again. Only the token's SHA-256 is stored.

A token is issued under the user's credentials as they stand: the password, the roles
and being active. Each token keeps a keyed fingerprint of the three
(:func:`credentials_of`), so a change to any of them ends every token issued before it,
whichever path made the change (the admin, ``manage.py changepassword``, a shell), the
way a changed password ends the page session. The admin revokes them at once
(``casino/admin.py``); any other path's tokens are revoked the moment they are next
presented, or listed. Every revocation is an audit event (``api_token.revoke``) with
its reason: ``password_changed``, ``roles_changed``, ``deactivated``, ``logout`` or
``revoked_by_user``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.hotqueries import HotQuery
from casino.models import ApiToken, User

if TYPE_CHECKING:
    from casino.access import Actor

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


# The parts of a user's credentials a token is issued under, each with the reason its
# change gives the revocation (issue 39 §3); a token issued before tokens kept them.
PASSWORD_CHANGED, ROLES_CHANGED, DEACTIVATED = "password_changed", "roles_changed", "deactivated"
ISSUED_BEFORE_FINGERPRINT = "issued_before_fingerprint"


def _part(name: str, value: str) -> str:
    return _keyed_part(name, value, settings.SECRET_KEY)


@lru_cache(maxsize=1024)
def _keyed_part(name: str, value: str, secret: str) -> str:
    # Asked on every API request with the same few values (issue 43): computed once per
    # process for each, and again under another ``SECRET_KEY``.
    return salted_hmac(f"mesa.api-token.{name}", value, secret=secret).hexdigest()[:16]


def credentials_of(user: User, group_names: Iterable[str] | None = None) -> str:
    """The keyed fingerprint of what a token is issued under: ``password:roles:active``.

    Keyed with ``SECRET_KEY`` (the password part is a hash of the password's hash): the
    database holds nothing a token could be forged from. ``group_names``: the user's
    groups, when the caller has just read them (``User.group_names``)."""
    if group_names is None:
        group_names = user.groups.values_list("name", flat=True)
    roles = ",".join(sorted(group_names))
    return ":".join(
        (_part("password", user.password), _part("roles", roles), "1" if user.is_active else "0")
    )


def _changed(token: ApiToken, now: str) -> str | None:
    """Why ``token`` no longer stands (its credentials changed since), else ``None``."""
    if token.credentials == now:
        return None
    was, is_ = token.credentials.split(":"), now.split(":")
    if len(was) != 3:
        return ISSUED_BEFORE_FINGERPRINT
    if was[0] != is_[0]:
        return PASSWORD_CHANGED
    if was[2] != is_[2]:
        return DEACTIVATED
    return ROLES_CHANGED


def _revoke(token: ApiToken, reason: str, actor: Actor | None, now: Any) -> None:
    token.revoked_at = now
    token.save(update_fields=["revoked_at"])
    audit_record(
        actor=actor,
        action="api_token.revoke",
        obj=token,
        casino_id=token.user.casino_id,
        after={"token": token.pk, "user": token.user.username, "reason": reason},
        reason=reason,
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
            credentials=credentials_of(user),
        )
    return token, key


def token_revoke(*, user: User, token_id: int, reason: str = "revoked_by_user") -> ApiToken:
    """Revoke one of ``user``'s own tokens; another user's token is not found (404)."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
        if token is None or not token.is_live():
            raise DomainError.of(CasinoCode.TOKEN_NOT_FOUND)
        _revoke(token, reason, None, timezone.now())
    return token


def tokens_revoke_stale(*, user: User, actor: Actor | None = None) -> list[ApiToken]:
    """Revoke each live token of ``user`` issued under credentials that have changed since
    (issue 39 §3), each with its audit event naming why; the ones revoked."""
    now = timezone.now()
    current = credentials_of(user)
    revoked = []
    with transaction.atomic():
        live = ApiToken.objects.select_for_update().filter(
            user=user, revoked_at__isnull=True, expires_at__gt=now
        )
        for token in live.select_related("user"):
            reason = _changed(token, current)
            if reason is not None:
                _revoke(token, reason, actor, now)
                revoked.append(token)
    return revoked


def tokens_live(user: User) -> list[ApiToken]:
    tokens_revoke_stale(user=user)
    now = timezone.now()
    return list(ApiToken.objects.filter(user=user, revoked_at__isnull=True, expires_at__gt=now))


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``: refused once expired or revoked."""

    model = ApiToken

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        # The user's casino with it: every request's actor reads it (issue 18 §3).
        token = TOKEN_BY_DIGEST.first(digest=ApiToken.digest(key))
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        now = timezone.now()
        # The user's groups read once (issue 43): for the fingerprint and, kept on the
        # user, for the role checks of the request (``User.role_values``).
        user = token.user
        if token.revoked_at is None and _changed(token, credentials_of(user, user.group_names())):
            # Issue 39 §3: issued under a password, roles or activity that no longer hold
            # (changed by a path that did not revoke it at once): revoked now, audited.
            tokens_revoke_stale(user=token.user)
            token.refresh_from_db(fields=["revoked_at"])
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed("Token revoked: log in again.")
        if token.expires_at <= now:
            raise exceptions.AuthenticationFailed("Token expired: log in again.")
        if token.last_used_at is None or token.last_used_at < now - LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.user, token
