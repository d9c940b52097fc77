"""Who is acting, in which role, and may they (Zulip-style ``access_*`` helpers).

Every service takes ``actor=`` — an :class:`Actor`, the user plus the one role
they act in for this action (issue 2 §3). Entry points build it with
:func:`actor_for`; services call :func:`require` before they change anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .codes import CasinoCode
from .errorcodes import ApiCode
from .errors import DomainError, permission_denied
from .roles import Perm, Role, role_has, roles_with

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from .models import Casino, User

ROLE_HEADER = "X-Mesa-Role"
ROLE_SESSION_KEY = "mesa_acting_role"


@dataclass(frozen=True)
class Actor:
    user: User
    role: Role

    @property
    def casino(self) -> Casino:
        casino = self.user.casino
        if casino is None:
            raise DomainError.of(CasinoCode.NO_CASINO)
        return casino

    @property
    def casino_id(self) -> int:
        """The actor's casino's id, for a lookup (refused like ``casino`` when there is none)."""
        casino_id = self.user.casino_id
        if casino_id is None:
            raise DomainError.of(CasinoCode.NO_CASINO)
        return casino_id

    def can(self, perm: Perm) -> bool:
        return role_has(self.role, perm)


def parse_role(value: str | None, *, field: str = "role") -> Role:
    try:
        return Role(str(value))
    except ValueError:
        raise DomainError.of(
            CasinoCode.UNKNOWN_ROLE, role=value, field=field, details={"allowed": list(Role.values)}
        ) from None


def signed_in(user: User | AnonymousUser) -> User:
    """The request's user, who must have signed in (an anonymous one is refused, 401)."""
    if not user.is_authenticated:
        raise DomainError.of(ApiCode.NOT_AUTHENTICATED)
    return user


def acting_as(user: User, role: Role | str) -> Actor:
    """An actor for ``user`` in ``role``; refused if the user does not hold it."""
    parsed = parse_role(str(role))
    if not user.is_active or not user.holds_role(parsed):
        raise DomainError.of(
            CasinoCode.ROLE_NOT_HELD,
            user=user,
            role=parsed,
            field="role",
            details={"role": parsed.value},
        )
    return Actor(user=user, role=parsed)


def actor_for(user: User | AnonymousUser, perm: Perm, requested_role: str | None = None) -> Actor:
    """The actor for an action needing ``perm``.

    With a requested role (header, form field, page switch) that role is used and
    checked. Without one, the user's only role that grants ``perm`` is used; a
    user with several such roles must say which one they act in.
    """
    user = signed_in(user)
    if requested_role:
        actor = acting_as(user, requested_role)
        require(actor, perm)
        return actor
    candidates = [r for r in roles_with(perm) if user.holds_role(r)]
    if not candidates:
        raise permission_denied(perm.value)
    if len(candidates) > 1:
        raise DomainError.of(
            CasinoCode.ROLE_REQUIRED,
            candidates=candidates,
            field="role",
            details={"candidates": [c.value for c in candidates]},
        )
    return Actor(user=user, role=candidates[0])


def require(actor: Actor, perm: Perm) -> None:
    if not actor.user.is_active or not actor.user.holds_role(actor.role):
        raise DomainError.of(
            CasinoCode.ROLE_NOT_HELD, user=actor.user, role=actor.role, field="role"
        )
    if not actor.can(perm):
        raise permission_denied(perm.value, actor.role.value)


def same_casino(actor: Actor, obj: Any) -> None:
    """Refuse access to another casino's records (answered as not found)."""

    casino_id = getattr(obj, "casino_id", None)
    if casino_id is not None and casino_id != actor.user.casino_id:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=type(obj))
