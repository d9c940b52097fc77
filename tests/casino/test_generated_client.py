"""A Python client generated from the served schema works (issue 15, "Done when").

``openapi-python-client`` (a test dependency) generates a client from ``/api/schema/`` as
an integrator would; every generated module must import (52 of 343 failed with
``NameError: Unset`` when bodies were published as JSON, form and multipart at once), and
the generated client must work against the app: log in, write with an idempotency key,
read a page, understand a refusal, and send a nested body as JSON.

The whole table day through the client (token, opening, packs, buy-ins, hands, fills,
closing, the day's report) is in ``test_client_day.py``.
"""

from __future__ import annotations

import importlib
from datetime import date

import pytest

from .conftest import PACKAGE  # the client_package fixture is in conftest.py

pytestmark = pytest.mark.django_db


def test_every_generated_module_imports(client_package):
    modules = sorted(client_package.rglob("*.py"))
    assert len(modules) > 300
    failures = []
    for path in modules:
        parts = path.relative_to(client_package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        try:
            importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 - every failure is listed
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} of {len(modules)}:\n" + "\n".join(failures[:20])


@pytest.fixture
def in_test_transaction():  # type: ignore[no-untyped-def]
    """As Django's test client does: a request must not close the test's connection."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _wsgi_client(token: str | None = None):  # type: ignore[no-untyped-def]
    """The generated client, talking to the app in-process (httpx over WSGI, no network)."""
    import httpx
    from django.core.wsgi import get_wsgi_application

    generated = importlib.import_module(f"{PACKAGE}.client")
    args = {"transport": httpx.WSGITransport(app=get_wsgi_application())}
    if token is None:
        return generated.Client(base_url="http://testserver", httpx_args=args)
    return generated.AuthenticatedClient(
        base_url="http://testserver", token=token, prefix="Token", httpx_args=args
    )


def _op(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"{PACKAGE}.api.{name}")


def test_the_generated_client_logs_in_writes_reads_and_understands_a_refusal(
    client_package, staff, in_test_transaction
):
    # issue 15: the day through the client starts here (token, a write, a page, an error)
    from tests.conftest import PASSWORD

    models = importlib.import_module(f"{PACKAGE}.models")
    login = _op("system.api_auth_token_create").sync_detailed(
        client=_wsgi_client(),
        body=models.TokenInputRequest(username="shift_manager", password=PASSWORD),
    )
    assert login.status_code == 200, login.content
    client = _wsgi_client(login.parsed.token)
    role = models.ActingRole.SHIFT_MANAGER

    opened = _op("gaming_days.api_gaming_days_create").sync_detailed(
        client=client,
        body=models.GamingDayOpenRequest(business_date=date(2026, 3, 4)),
        x_mesa_role=role,
        idempotency_key="day-1",
    )
    assert opened.status_code == 201, opened.content
    assert isinstance(opened.parsed, models.GamingDay)

    page = _op("gaming_days.api_gaming_days_list").sync(client=client, x_mesa_role=role)
    assert isinstance(page, models.PaginatedGamingDayList)
    assert page.count == 1 and page.results[0].business_date == date(2026, 3, 4)

    twice = _op("gaming_days.api_gaming_days_create").sync_detailed(
        client=client,
        body=models.GamingDayOpenRequest(business_date=date(2026, 3, 5)),
        x_mesa_role=role,
    )
    assert twice.status_code == 409, twice.content
    assert isinstance(twice.parsed, models.Error)
    assert twice.parsed.code == models.ErrorCode.GAMING_DAY_ALREADY_OPEN
    assert twice.parsed.message.es and twice.parsed.message.en


def test_a_nested_body_is_sent_as_json(client_package):
    # issue 15 §1: with JSON, form and multipart published for one body, the generated code
    # sent the last one (multipart), which cannot carry a buy-in's chip lines
    models = importlib.import_module(f"{PACKAGE}.models")
    body = models.BuyinInputRequest.from_dict(
        {
            "seat": 3,
            "amount": "500.00",
            "croupier": "croupier",
            "chips": [{"value": "100.00", "count": 5}],
            "cash": [{"value": "100", "count": 5}],
        }
    )
    kwargs = _op("cage_table.api_cage_sessions_buyins_create")._get_kwargs(1, body=body)
    assert set(kwargs) >= {"json"} and not set(kwargs) & {"data", "files"}
    assert kwargs["headers"]["Content-Type"] == "application/json"
    assert kwargs["json"]["chips"] == [{"value": "100.00", "count": 5}]
