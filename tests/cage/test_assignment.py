"""Only the people assigned to a table record on it and sign its slips (issue 12 §1).

Through the API, as the real actors: the supervisor of another session, a croupier
dealing another table, the pit boss of another sector. Every refusal is a 403 with
its precise code and writes nothing.
"""

from __future__ import annotations

import pytest

from cage.models import CashLine, ChipLine, Slip, TableTransaction
from casino.access import acting_as
from casino.models import AuditEvent, Signature
from casino.roles import Role
from tables import services as tables_services
from tests.cage.conftest import deal, make_session, make_table

pytestmark = pytest.mark.django_db

BUYIN = {
    "seat": 3,
    "amount": "500.00",
    "croupier": "croupier",
    "player_name": "Ana",
    "cash": [{"value": "100", "count": 5}],
    "chips": [{"value": "100", "count": 5}],
}
COLOUR = {
    "croupier": "croupier",
    "chips_in": [{"value": "100", "count": 1}],
    "chips_out": [{"value": "25", "count": 4}],
}
CASH_OUT = {
    "croupier": "croupier",
    "chips_in": [{"value": "25", "count": 4}],
    "chips_out": [{"value": "100", "count": 1}],
}
FILL = {"kind": "fill", "lines": [{"value": "100", "count": 20}]}


def url(session, what):
    return f"/api/cage/sessions/{session.pk}/{what}/"


def rows():
    return tuple(
        m.objects.count()
        for m in (TableTransaction, ChipLine, CashLine, Slip, Signature, AuditEvent)
    )


def refused(resp, code):
    assert resp.status_code == 403, resp.content
    body = resp.json()
    assert body["code"] == code
    assert body["message"]["es"] and body["message"]["en"]
    return body


@pytest.mark.parametrize(
    ("what", "payload"),
    [("buyins", BUYIN), ("cash-outs", CASH_OUT), ("colour-changes", COLOUR)],
)
def test_the_unassigned_supervisor_records_nothing(opened, staff, api, what, payload):
    # issue 12 §1: opened is supervised by staff["supervisor"]; supervisor2 is not its relief.
    before = rows()
    resp = api(staff["supervisor2"]).post(url(opened, what), payload, format="json")
    body = refused(resp, "NOT_SESSION_SUPERVISOR")
    assert body["details"] == {"table": "1"}
    assert rows() == before
    # The session's own supervisor records the same request.
    assert api(staff["supervisor"]).post(url(opened, what), payload, format="json").status_code == (
        201
    )


def test_the_recorded_relief_records_and_the_relieved_one_no_longer_does(
    opened, staff, api, sector
):
    # issue 12 §1: a relief whose takeover is recorded with time and reason.
    tables_services.session_supervisor_relieve(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=opened,
        incoming=staff["supervisor2"],
        reason="descanso reglamentario",
    )
    resp = api(staff["supervisor2"]).post(url(opened, "buyins"), BUYIN, format="json")
    assert resp.status_code == 201, resp.content
    assert resp.json()["transaction"]["approved_by"] == "supervisor2"
    before = rows()
    again = {**BUYIN, "seat": 4}
    resp = api(staff["supervisor"]).post(url(opened, "buyins"), again, format="json")
    refused(resp, "NOT_SESSION_SUPERVISOR")
    assert rows() == before


def test_a_buyin_naming_a_croupier_dealing_another_table_is_refused(
    opened, staff, api, casino, chip_set, sector, gaming_day
):
    # issue 12 §1: croupier2 deals table 2; the croupier on duty at table 1 is croupier.
    make_session(
        make_table(casino, chip_set, sector, number=2),
        gaming_day,
        staff["supervisor2"],
        croupier="croupier2",
    )
    before = rows()
    resp = api(staff["supervisor"]).post(
        url(opened, "buyins"), {**BUYIN, "croupier": "croupier2"}, format="json"
    )
    body = refused(resp, "NOT_CROUPIER_ON_DUTY")
    assert body["field"] == "croupier"
    assert rows() == before
    # After a dealer change croupier2 is the one on duty here, and croupier is not.
    deal(opened, "croupier2")
    resp = api(staff["supervisor"]).post(
        url(opened, "buyins"), {**BUYIN, "croupier": "croupier2"}, format="json"
    )
    assert resp.status_code == 201, resp.content
    resp = api(staff["supervisor"]).post(url(opened, "cash-outs"), CASH_OUT, format="json")
    refused(resp, "NOT_CROUPIER_ON_DUTY")


def test_the_other_sectors_pit_boss_requests_no_fill(opened, staff, api):
    # issue 12 §1: pit_boss2 is in no sector of table 1.
    before = rows()
    resp = api(staff["pit_boss2"]).post(url(opened, "slips"), FILL, format="json")
    body = refused(resp, "NOT_SECTOR_PIT_BOSS")
    assert body["details"] == {"table": "1"}
    assert rows() == before
    assert api(staff["pit_boss"]).post(url(opened, "slips"), FILL, format="json").status_code == 201


def test_the_other_sectors_pit_boss_reverses_nothing(opened, staff, api):
    # issue 12 §1: approving (here a reversal) is the session's supervisor or the sector's boss.
    tx = api(staff["supervisor"]).post(url(opened, "buyins"), BUYIN, format="json").json()
    reverse = f"/api/cage/transactions/{tx['transaction']['id']}/reverse/"
    before = rows()
    resp = api(staff["pit_boss2"]).post(reverse, {"reason": "error de carga"}, format="json")
    refused(resp, "NOT_SECTOR_PIT_BOSS")
    assert rows() == before
    resp = api(staff["supervisor2"]).post(reverse, {"reason": "error de carga"}, format="json")
    refused(resp, "NOT_SESSION_SUPERVISOR")
    assert rows() == before
    resp = api(staff["pit_boss"]).post(reverse, {"reason": "error de carga"}, format="json")
    assert resp.status_code == 200, resp.content


def test_only_the_tables_people_sign_its_slip(opened, staff, api):
    # issue 12 §1: Slip.signing_assignment is the session's assignment.
    slip = api(staff["pit_boss"]).post(url(opened, "slips"), FILL, format="json").json()
    sign = f"/api/cage/slips/{slip['id']}/sign/"
    for who, role in (("cage_cashier", "cage_cashier"), ("security", "security")):
        assert api(staff[who]).post(sign, {"role": role}, format="json").status_code == 200
    before = rows()
    # The supervisor of no session here signs neither as supervisor nor takes a PIN.
    resp = api(staff["supervisor2"]).post(sign, {"role": "supervisor"}, format="json")
    refused(resp, "NOT_SESSION_SUPERVISOR")
    resp = api(staff["supervisor2"]).post(
        sign, {"role": "croupier", "signer": "croupier", "pin": "1234"}, format="json"
    )
    refused(resp, "PIN_TERMINAL_NOT_SUPERVISOR")
    # A croupier who is not on duty here, with his own right PIN.
    resp = api(staff["supervisor"]).post(
        sign, {"role": "croupier", "signer": "croupier2", "pin": "5678"}, format="json"
    )
    refused(resp, "NOT_CROUPIER_ON_DUTY")
    assert rows() == before
    resp = api(staff["supervisor"]).post(
        sign, {"role": "croupier", "signer": "croupier", "pin": "1234"}, format="json"
    )
    assert resp.status_code == 200, resp.content
    resp = api(staff["supervisor"]).post(sign, {"role": "supervisor"}, format="json")
    assert resp.json()["locked"]
