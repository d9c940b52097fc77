"""The float holds only what it holds (issue 12 §7).

A change, cash-out, tip or credit never pays out more chips of a denomination than
the float's expected inventory holds (409 FLOAT_INSUFFICIENT with the denomination
and both counts); a fill is the way to add chips; absurd counts are refused at the
input (400) before any arithmetic; two concurrent pay-outs cannot both spend the
same chips (the session row lock).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from cage import selectors, services
from cage.models import CashLine, ChipLine, Slip, TableTransaction
from casino.access import acting_as
from casino.errors import DomainError
from casino.models import AuditEvent
from casino.roles import Role
from tests.cage.conftest import D

# 20 chips of 1000, and enough smaller chips for every colour-up below.
FLOAT = {"1000": 20, "500": 20, "100": 400, "25": 200, "5": 200, "1": 100}


def url(session, what):
    return f"/api/cage/sessions/{session.pk}/{what}/"


def rows():
    return tuple(
        m.objects.count() for m in (TableTransaction, ChipLine, CashLine, Slip, AuditEvent)
    )


def cash_out(thousands: int, croupier: str = "croupier") -> dict:
    return {
        "croupier": croupier,
        "chips_in": [{"value": "100", "count": 10 * thousands}],
        "chips_out": [{"value": "1000", "count": thousands}],
    }


def thousands_left(session) -> int:
    den = selectors.table_denominations(session.table)[D("1000")]
    return selectors.expected_float(session)[den.pk]


@pytest.mark.django_db
def test_a_cash_out_of_25_from_a_float_of_20_is_refused(session, counts, staff, api):
    # issue 12 §7: 25 chips of 1000 asked, 20 held.
    counts.set_opening(session, FLOAT)
    before = rows()
    resp = api(staff["supervisor"]).post(url(session, "cash-outs"), cash_out(25), format="json")
    assert resp.status_code == 409, resp.content
    body = resp.json()
    assert body["code"] == "FLOAT_INSUFFICIENT"
    assert body["details"] == {"denomination": "1000.00", "available": 20, "requested": 25}
    for text in (body["message"]["es"], body["message"]["en"]):
        assert "20" in text and "25" in text and "1" in text
    assert "1.000,00" in body["message"]["es"] and "1,000.00" in body["message"]["en"]
    assert rows() == before
    assert thousands_left(session) == 20
    # 20 fit exactly, and then the float has none left for a colour change.
    resp = api(staff["supervisor"]).post(url(session, "cash-outs"), cash_out(20), format="json")
    assert resp.status_code == 201, resp.content
    assert thousands_left(session) == 0
    colour = {
        "croupier": "croupier",
        "chips_in": [{"value": "500", "count": 2}],
        "chips_out": [{"value": "1000", "count": 1}],
    }
    resp = api(staff["supervisor"]).post(url(session, "colour-changes"), colour, format="json")
    assert resp.status_code == 409 and resp.json()["details"]["available"] == 0


@pytest.mark.django_db
def test_a_fill_is_the_way_to_add_chips(session, counts, staff, api):
    # issue 12 §7: after a fill of 5 chips of 1000, signed by all five, 25 can be paid.
    counts.set_opening(session, FLOAT)
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    slip = services.slip_request(actor=pit, session=session, kind="fill", lines=[("1000", 5)])
    for who, role in (("cage_cashier", Role.CAGE_CASHIER), ("security", Role.SECURITY)):
        services.slip_sign(actor=acting_as(staff[who], role), slip=slip, role=role)
    services.slip_sign(
        actor=sup, slip=slip, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
    )
    services.slip_sign(actor=sup, slip=slip, role=Role.SUPERVISOR)
    resp = api(staff["supervisor"]).post(url(session, "cash-outs"), cash_out(25), format="json")
    assert resp.status_code == 201, resp.content
    assert thousands_left(session) == 0


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["colour-changes", "cash-outs", "tip-changes"])
def test_ten_million_chips_are_refused_at_the_input(session, counts, staff, api, what):
    # issue 12 §7: an absurd count is a 400 before any arithmetic.
    counts.set_opening(session, FLOAT)
    payload = {
        "croupier": "croupier",
        "chips_in": [{"value": "1000", "count": 1}],
        "chips_out": [{"value": "1000", "count": 10_000_000}],
    }
    before = rows()
    resp = api(staff["supervisor"]).post(url(session, what), payload, format="json")
    assert resp.status_code == 400, resp.content
    body = resp.json()
    assert (body["code"], body["field"]) == ("COUNT_TOO_LARGE", "chips_out.0.count")
    assert "10,000,000" in body["message"]["en"]
    assert rows() == before
    huge = {**payload, "chips_out": [{"value": "1000", "count": "1e999999999"}]}
    resp = api(staff["supervisor"]).post(url(session, what), huge, format="json")
    assert resp.status_code == 400
    assert rows() == before


@pytest.mark.django_db
def test_a_buyin_sells_only_chips_the_float_holds(session, counts, staff, api):
    # issue 12 §7: the chips a cash buy-in hands over come out of the float too.
    counts.set_opening(session, {"1000": 0, "100": 3})
    buyin = {
        "seat": 1,
        "amount": "500.00",
        "croupier": "croupier",
        "cash": [{"value": "100", "count": 5}],
        "chips": [{"value": "100", "count": 5}],
    }
    before = rows()
    resp = api(staff["supervisor"]).post(url(session, "buyins"), buyin, format="json")
    assert resp.status_code == 409 and resp.json()["details"] == {
        "denomination": "100.00",
        "available": 3,
        "requested": 5,
    }
    assert rows() == before


@pytest.mark.django_db
def test_a_credit_takes_back_only_what_the_float_holds(session, counts, staff, api):
    # issue 12 §7: a credit of 25 from 20 is refused; a pending credit has claimed its chips.
    counts.set_opening(session, FLOAT)
    pit = api(staff["pit_boss"])
    before = rows()
    credit = {"kind": "credit", "lines": [{"value": "1000", "count": 25}]}
    resp = pit.post(url(session, "slips"), credit, format="json")
    assert resp.status_code == 409, resp.content
    assert resp.json()["details"] == {"denomination": "1000.00", "available": 20, "requested": 25}
    assert rows() == before
    first = {"kind": "credit", "lines": [{"value": "1000", "count": 15}]}
    assert pit.post(url(session, "slips"), first, format="json").status_code == 201
    second = {"kind": "credit", "lines": [{"value": "1000", "count": 10}]}
    resp = pit.post(url(session, "slips"), second, format="json")
    assert resp.status_code == 409 and resp.json()["details"]["available"] == 5


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_cash_outs_that_together_do_not_fit_land_once(session, counts, staff):
    # issue 12 §7: each of 15 fits in 20, both do not; the session lock lets exactly one in.
    counts.set_opening(session, FLOAT)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    barrier = threading.Barrier(2)
    results: list[object] = [None, None]

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[i] = services.cash_out_record(
                actor=sup,
                session=session,
                croupier=staff["croupier"],
                chips_in=[("100", 150)],
                chips_out=[("1000", 15)],
            ).transaction.pk
        except DomainError as exc:
            results[i] = exc.code
        except Exception as exc:  # noqa: BLE001 - reported by the assertion
            results[i] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    landed = [r for r in results if isinstance(r, int)]
    assert len(landed) == 1 and results.count("FLOAT_INSUFFICIENT") == 1, results
    assert TableTransaction.objects.filter(session=session, kind="cash_out").count() == 1
    assert thousands_left(session) == 5
