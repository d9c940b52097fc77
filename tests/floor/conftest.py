"""Fixtures of the floor page tests: a table in play (opened, signed, two packs, three
players of 500) through the services, and page clients acting in a role."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from casino.roles import Role
from tests.reports.scenario import act, ready_for_hands


def client_for(user: Any, role: Role | str, lang: str = "es") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = Role(role).value
    session.save()
    if lang != "es":
        client.post("/i18n/setlang/", {"language": lang, "next": "/"})
    return client


@pytest.fixture
def in_play(staff, casino, gaming_day, sector):
    """Table 7 in play: seats 1, 3 and 5 bought in for 500 each."""
    return ready_for_hands(staff, casino, sector, 7)


@pytest.fixture
def clients(staff):
    def make(name: str, role: Role | None = None, lang: str = "es") -> Client:
        return client_for(staff[name], role or Role(name), lang)

    return make


__all__ = ["act", "client_for"]
