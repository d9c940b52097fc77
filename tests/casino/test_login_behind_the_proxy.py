"""Login throttling behind the proxy of ``docker-compose.yml`` (issue 39 §5).

Every request is sent as nginx (``deploy/nginx.conf``) forwards it to a web process: from
nginx's own address (``REMOTE_ADDR``), with ``X-Forwarded-For`` set to
``$proxy_add_x_forwarded_for`` (what the client sent, if anything, then the client's
address as nginx saw it), and ``MESA_TRUSTED_PROXIES=1`` as the compose file sets it.
django-axes read only ``REMOTE_ADDR`` there: five wrong passwords from anyone locked every
supervisor of the room. The class is walked both ways a person logs in (the API's token
and the login page), as a room would: many people behind one proxy, some at one device.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from tests.helpers import PASSWORD, RoleClient

pytestmark = pytest.mark.django_db

NGINX = "172.18.0.9"  # the proxy's address on the compose network
LIMIT, USERNAME_LIMIT = 5, 20


def forwarded(client_address: str, sent: str | None = None) -> dict[str, str]:
    """The META a web process receives from nginx for ``client_address`` (and the
    X-Forwarded-For the client itself sent, if any)."""
    chain = f"{sent}, {client_address}" if sent else client_address
    return {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": chain}


def api_login(username: str, password: str, at: str, sent: str | None = None) -> Any:
    return RoleClient(schema_checked=False).post(
        "/api/auth/token/",
        {"username": username, "password": password},
        format="json",
        **forwarded(at, sent),
    )


def page_login(username: str, password: str, at: str, sent: str | None = None) -> Any:
    return Client().post(
        "/login/", {"username": username, "password": password}, **forwarded(at, sent)
    )


def api_outcome(response: Any) -> str:
    if response.status_code == 200:
        return "in"
    return {403: "refused", 429: "locked"}.get(response.status_code, str(response.status_code))


def page_outcome(response: Any) -> str:
    if response.status_code == 302:
        return "in"
    return {200: "refused", 429: "locked"}.get(response.status_code, str(response.status_code))


WAYS: list[tuple[str, Callable[..., Any], Callable[[Any], str]]] = [
    ("api", api_login, api_outcome),
    ("page", page_login, page_outcome),
]


@pytest.fixture(autouse=True)
def behind_nginx(settings):  # type: ignore[no-untyped-def]
    settings.MESA_TRUSTED_PROXIES = 1
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.MESA_LOGIN_USERNAME_FAILURE_LIMIT = USERNAME_LIMIT


@pytest.mark.parametrize(("way", "login", "outcome"), WAYS, ids=[w[0] for w in WAYS])
def test_a_users_failures_lock_that_user_at_that_address_and_nobody_else(
    way, login, outcome, staff
):  # issue 39 §5: "five wrong passwords from anyone lock every supervisor out"
    a, b = "10.0.0.5", "10.0.0.6"
    results = [outcome(login("supervisor", "wrong", a)) for _ in range(LIMIT)]
    assert results == ["refused"] * (LIMIT - 1) + ["locked"], results
    assert outcome(login("supervisor", PASSWORD, a)) == "locked"  # even the right one
    # Everyone else behind the same proxy, and at the same address, logs in.
    assert outcome(login("pit_boss", PASSWORD, a)) == "in"
    assert outcome(login("supervisor2", PASSWORD, b)) == "in"
    # The locked user at another device is not locked by the failures at this one.
    assert outcome(login("supervisor", PASSWORD, b)) == "in"


@pytest.mark.parametrize(("way", "login", "outcome"), WAYS, ids=[w[0] for w in WAYS])
def test_a_forged_forwarded_for_does_not_choose_the_address(way, login, outcome, staff):
    # issue 39 §5: the address counted is the one nginx appended, not what the client wrote
    results = [
        outcome(login("supervisor", "wrong", "10.0.0.5", sent=f"203.0.113.{n}"))
        for n in range(LIMIT)
    ]
    assert results[-1] == "locked", results
    assert outcome(login("supervisor", PASSWORD, "10.0.0.5", sent="198.51.100.7")) == "locked"


def test_a_room_behind_one_address_never_locks_a_bystander(staff):
    # issue 39 §5: the whole room behind one NAT address; four people mistype four times
    room = "10.0.0.5"
    for name in ("supervisor", "supervisor2", "pit_boss", "pit_boss2"):
        for _ in range(LIMIT - 1):
            assert api_outcome(api_login(name, "wrong", room)) == "refused"
    for name in ("shift_manager", "supervisor", "pit_boss2"):
        assert api_outcome(api_login(name, PASSWORD, room)) == "in", name


def test_a_guess_spread_over_many_addresses_locks_the_username_everywhere(staff):
    # issue 39 §5: per username, across addresses, at MESA_LOGIN_USERNAME_FAILURE_LIMIT
    for n in range(USERNAME_LIMIT):
        address = f"10.1.{n // 4}.{n % 4 + 1}"  # four tries from each of five devices
        assert api_outcome(api_login("auditor", "wrong", address)) in ("refused", "locked")
    assert api_outcome(api_login("auditor", PASSWORD, "10.9.9.9")) == "locked"
    assert api_outcome(api_login("supervisor", PASSWORD, "10.9.9.9")) == "in"


@pytest.mark.parametrize(("way", "login", "outcome"), WAYS, ids=[w[0] for w in WAYS])
def test_the_lock_never_tells_whether_a_username_exists(way, login, outcome, staff):
    # issue 39 §5: a name that is no one is answered exactly as one that is someone
    answers: dict[str, list[Any]] = {}
    for name in ("supervisor", "nadie-se-llama-asi"):
        answers[name] = [login(name, "wrong", "10.0.0.7") for _ in range(LIMIT + 1)]
    real, ghost = answers["supervisor"], answers["nadie-se-llama-asi"]
    assert [r.status_code for r in real] == [r.status_code for r in ghost]
    assert [outcome(r) for r in real][-2:] == ["locked", "locked"]
    if way == "api":
        assert [r.json() for r in real] == [r.json() for r in ghost]
    else:
        bodies = [
            (r.content.decode(), g.content.decode()) for r, g in zip(real, ghost, strict=True)
        ]
        token = re.compile(r"[A-Za-z0-9]{64}")  # each page's own CSRF token
        for mine, theirs in bodies:
            assert token.sub("T", mine.replace("supervisor", "X")) == token.sub(
                "T", theirs.replace("nadie-se-llama-asi", "X")
            )


def test_without_trusted_proxies_the_peer_is_the_client(staff, settings):
    # A web process reached directly (no proxy configured): X-Forwarded-For is the
    # client's own writing and is ignored.
    from django.test import RequestFactory

    from casino.logins import client_ip

    settings.MESA_TRUSTED_PROXIES = 0
    request = RequestFactory().get("/", **forwarded("10.0.0.5", sent="1.2.3.4"))
    assert client_ip(request) == NGINX
    settings.MESA_TRUSTED_PROXIES = 1
    assert client_ip(request) == "10.0.0.5"
    direct = RequestFactory().get("/", REMOTE_ADDR="10.0.0.8")
    assert client_ip(direct) == "10.0.0.8"  # not through the proxy: the peer itself
    settings.MESA_TRUSTED_PROXIES = 2  # a load balancer before nginx
    two = RequestFactory().get(
        "/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="1.2.3.4, 10.0.0.5, 10.9.0.1"
    )
    assert client_ip(two) == "10.0.0.5"
