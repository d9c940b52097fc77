"""Helpers for Django tests (imported lazily by tests/conftest.py)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

PASSWORD = "correct-horse-battery-9"

if TYPE_CHECKING:
    from casino.models import Casino, User
    from casino.roles import Role


def make_staff(casino: Casino, username: str, *roles: Role, pin: str | None = None) -> User:
    from casino.services import staff_create

    return staff_create(
        actor=None,
        casino=casino,
        username=username,
        password=PASSWORD,
        roles=list(roles),
        first_name=username.capitalize(),
        pin=pin,
    )


def money(value: str | int) -> Decimal:
    return Decimal(str(value))


def RoleClient(user: User | None = None, role: Role | str | None = None, **kw: Any):  # noqa: N802
    """An API client logged in as ``user``, sending the role it acts in (X-Mesa-Role)."""
    from rest_framework.test import APIClient

    client = APIClient(**kw)
    if user is not None:
        client.force_authenticate(user=user)
    if role is not None:
        client.credentials(HTTP_X_MESA_ROLE=str(role))
    return client
