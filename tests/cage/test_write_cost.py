"""What a cage write costs does not depend on the table's history; its access is checked once.

Issue 43: a buy-in or a colour change through the API reads the session once, locked, with
its assignment, and the service reuses that row (one access check per request, under the
lock); nothing inside the request's own transaction takes a savepoint; and the rows a write
reads are as many after forty buy-ins as after two (the float and the day's cash per player
are summed by the database, where every chip line of the session and every named cash
buy-in of the day was read into Python).
"""

from __future__ import annotations

from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cage import services
from casino.access import acting_as
from casino.errors import PermissionRefused
from casino.roles import Role
from tables.services import lock_session
from tests.cage.conftest import chips, notes

pytestmark = pytest.mark.django_db
D = Decimal

BUYIN = {
    "seat": 3,
    "amount": "100.00",
    "croupier": "croupier",
    "player_name": "Ana",
    "cash": [{"value": "100", "count": 1}],
    "chips": [{"value": "100", "count": 1}],
}
CHANGE = {
    "croupier": "croupier",
    "chips_in": [{"value": "100", "count": 1}],
    "chips_out": [{"value": "25", "count": 4}],
}


def _sql(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize(("what", "body"), [("buyins", BUYIN), ("colour-changes", CHANGE)])
def test_a_cage_write_checks_access_once_under_the_session_lock(opened, staff, api, what, body):
    client = api(staff["supervisor"])
    url = f"/api/cage/sessions/{opened.pk}/{what}/"
    client.post(url, {**body, "seat": 4}, format="json", HTTP_IDEMPOTENCY_KEY="warm")
    with CaptureQueriesContext(connection) as ctx:
        resp = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="measured")
    assert resp.status_code == 201, resp.content
    sql = _sql(ctx)
    sessions = [q for q in sql if 'FROM "tables_tablesession"' in q]
    # One read of the session: locked, with its assignment (the dealer on duty, the relief,
    # the sector's pit bosses) in the same statement; the service reuses it.
    assert len(sessions) == 1, sessions
    assert "FOR UPDATE" in sessions[0] and "tables_dealerchange" in sessions[0]
    assert not [q for q in sql if "tables_dealerchange" in q and q is not sessions[0]]
    # The request's one transaction (a savepoint here only because the test itself runs in
    # a transaction): none inside it, for the idempotency record or the service.
    assert [q for q in sql if q.startswith("SAVEPOINT")] == sql[:1], sql


def test_a_refusal_inside_the_request_rolls_the_whole_request_back(opened, staff, api):
    client = api(staff["supervisor"])
    bad = {**BUYIN, "chips": [{"value": "100", "count": 1}], "amount": "200.00"}
    resp = client.post(
        f"/api/cage/sessions/{opened.pk}/buyins/",
        {**bad, "cash": [{"value": "100", "count": 2}]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-1",
    )
    assert resp.status_code == 400, resp.content
    assert resp.json()["code"] == "CHIPS_AMOUNT_MISMATCH"
    # Nothing of it stayed: not the seat taken, not the key (the same key lands later).
    again = client.post(
        f"/api/cage/sessions/{opened.pk}/buyins/", BUYIN, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert again.status_code == 201, again.content
    assert "Idempotent-Replayed" not in again.headers


@contextmanager
def rows_read() -> Any:
    """Counts the rows the app's SELECTs return (the driver's row count)."""
    counted = {"rows": 0}

    def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        result = execute(sql, params, many, context)
        if sql.lstrip().upper().startswith("SELECT"):
            counted["rows"] += max(context["cursor"].rowcount, 0)
        return result

    with connection.execute_wrapper(count):
        yield counted


def _buy(sup, session, seat: int, stack: str, name: str) -> Any:  # type: ignore[no-untyped-def]
    return services.buyin_record(
        actor=sup,
        session=session,
        seat=seat,
        amount="100",
        croupier=sup.user.casino.staff.get(username="croupier"),
        cash=notes(("100", 1)),
        chips=chips(("25", 4)),
        stack_before=stack,
        player_name=name,
    )


def _change(sup, session) -> Any:  # type: ignore[no-untyped-def]
    return services.colour_change_record(
        actor=sup,
        session=session,
        croupier=sup.user.casino.staff.get(username="croupier"),
        chips_in=chips(("100", 1)),
        chips_out=chips(("25", 4)),
    )


def test_a_writes_reads_do_not_grow_with_the_session_or_the_day(opened, staff, sup):
    """Issue 43: the 40th buy-in of the day reads as many rows as the 2nd."""
    _buy(sup, opened, 1, "0", "Jugador 1")
    with rows_read() as early:
        _buy(sup, opened, 9, "0", "Jugador Nueve")
        _change(sup, opened)
    bought = {1: 1}
    for i in range(38):  # eight seats, each up to the table's maximum of 1.000
        seat = 1 + i % 8
        _buy(sup, opened, seat, str(100 * bought.get(seat, 0)), f"Jugador {seat}")
        bought[seat] = bought.get(seat, 0) + 1
    with rows_read() as late:
        _buy(sup, opened, 10, "0", "Jugador Diez")
        _change(sup, opened)
    assert late["rows"] == early["rows"], (early, late)


def test_the_lock_is_read_again_once_its_savepoint_is_rolled_back(opened):
    with transaction.atomic():
        row = lock_session(opened.pk)
        with CaptureQueriesContext(connection) as ctx:
            assert lock_session(row) is row  # the row this transaction has locked
        assert not ctx.captured_queries
        try:
            with transaction.atomic():
                inner = lock_session(opened.pk)
                raise RuntimeError
        except RuntimeError:
            pass
        with CaptureQueriesContext(connection) as ctx:
            again = lock_session(inner)  # its savepoint's lock is gone: read and lock again
        assert len(ctx.captured_queries) == 1 and again is not inner


def test_a_dealer_change_under_the_lock_is_seen_by_the_next_write(opened, staff, sup):
    """The assignment read with the lock is forgotten when a relief or dealer change moves
    it: a buy-in after a dealer change in the same transaction names the new croupier."""
    from tables.services import dealer_change_record

    with transaction.atomic():
        row = lock_session(opened.pk)
        dealer_change_record(actor=sup, session=row, incoming=staff["croupier2"])
        recorded = services.buyin_record(
            actor=sup,
            session=row,
            seat=4,
            amount="100",
            croupier=staff["croupier2"],
            cash=notes(("100", 1)),
            chips=chips(("25", 4)),
            player_name="Luis",
        )
        assert recorded.transaction.croupier_id == staff["croupier2"].pk
        with pytest.raises(PermissionRefused):
            services.buyin_record(
                actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
                session=row,
                seat=5,
                amount="100",
                croupier=staff["croupier"],
                cash=notes(("100", 1)),
                chips=chips(("25", 4)),
                player_name="Eva",
            )
