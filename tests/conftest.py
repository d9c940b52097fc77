"""Shared fixtures: a casino, one user per role, API clients acting in a role."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from casino.models import Casino, GamingDay, Sector, User
from casino.roles import Role
from casino.services import staff_create

PASSWORD = "correct-horse-battery-9"


@pytest.fixture
def casino(db) -> Casino:
    return Casino.objects.create(code="test", name="Casino de Prueba", currency="ARS")


@pytest.fixture
def other_casino(db) -> Casino:
    return Casino.objects.create(code="other", name="Otro Casino", currency="ARS")


def make_staff(casino: Casino, username: str, *roles: Role, pin: str | None = None) -> User:
    return staff_create(
        actor=None,
        casino=casino,
        username=username,
        password=PASSWORD,
        roles=list(roles),
        first_name=username.capitalize(),
        pin=pin,
    )


@pytest.fixture
def staff(casino) -> dict[str, User]:
    """One user per role (keyed by role value), plus second croupier/supervisor/pit boss/cashier."""
    users = {role.value: make_staff(casino, role.value, role, pin="1234") for role in Role}
    users["croupier2"] = make_staff(casino, "croupier2", Role.CROUPIER, pin="5678")
    users["supervisor2"] = make_staff(casino, "supervisor2", Role.SUPERVISOR)
    users["pit_boss2"] = make_staff(casino, "pit_boss2", Role.PIT_BOSS)
    users["cage_cashier2"] = make_staff(casino, "cage_cashier2", Role.CAGE_CASHIER)
    return users


@pytest.fixture
def sector(casino) -> Sector:
    return Sector.objects.create(casino=casino, code="P1", name="Sector 1")


@pytest.fixture
def gaming_day(casino, staff) -> GamingDay:
    return GamingDay.objects.create(
        casino=casino, business_date=timezone.localdate(), opened_by=staff["shift_manager"]
    )


class RoleClient(APIClient):
    """An API client logged in as a user, sending the role it acts in."""

    def __init__(self, user: User | None = None, role: Role | str | None = None, **kw):  # type: ignore[no-untyped-def]
        super().__init__(**kw)
        if user is not None:
            self.force_authenticate(user=user)
        if role is not None:
            self.credentials(HTTP_X_MESA_ROLE=str(role))


@pytest.fixture
def api():  # type: ignore[no-untyped-def]
    """``api(user, role)`` -> an authenticated APIClient acting in ``role``."""

    def make(user: User | None = None, role: Role | str | None = None) -> RoleClient:
        if user is not None and role is None:
            held = [r for r in Role if user.holds_role(r)]
            role = held[0] if len(held) == 1 else None
        return RoleClient(user, role)

    return make


def money(value: str | int) -> Decimal:
    return Decimal(str(value))
