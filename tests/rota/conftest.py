"""Fixtures of the dealers' rota app: a room of three tables in sector P1 (the pit boss's),
a fourth in another sector, five croupiers, and a client acting in a role."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from casino.access import ROLE_SESSION_KEY, acting_as
from casino.models import Sector
from casino.roles import Role
from tests.helpers import make_staff
from tests.tables.conftest import chip_set, make_table, open_session  # noqa: F401

__all__ = ["client_for", "open_session"]


def client_for(user, role: Role, lang: str = "es") -> Client:  # type: ignore[no-untyped-def]
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role.value
    session.save()
    return client


@pytest.fixture
def croupiers(casino, staff):  # type: ignore[no-untyped-def]
    """Five croupiers: enough for three tables at 30/15 (ceil(3 * 45 / 30))."""
    extra = [make_staff(casino, f"croupier{i}", Role.CROUPIER, pin="1234") for i in (3, 4, 5)]
    return [staff["croupier"], staff["croupier2"], *extra]


@pytest.fixture
def room(casino, chip_set, staff, sector):  # type: ignore[no-untyped-def]  # noqa: F811
    """Tables 1-3 in sector P1 (``pit_boss``), table 9 in sector P2 (``pit_boss2``)."""
    tables = [make_table(casino, chip_set, number=n) for n in (1, 2, 3)]
    other, _ = Sector.objects.get_or_create(casino=casino, code="P2", defaults={"name": "Sector 2"})
    other.pit_bosses.add(staff["pit_boss2"])
    tables.append(make_table(casino, chip_set, number=9, sector=other))
    return tables


@pytest.fixture
def shift_start():  # type: ignore[no-untyped-def]
    """The shift began 20 minutes ago (whole minutes)."""
    return timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=20)


def boss(staff):  # type: ignore[no-untyped-def]
    return acting_as(staff["pit_boss"], Role.PIT_BOSS)
