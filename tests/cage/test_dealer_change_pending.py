"""ROLE-04: a dealer change warns when cage work is still open at the table.

The outgoing croupier finishes every pending transaction and hands the information
to the incoming one. A hand in progress refuses the change (tests/tables); a fill or
credit slip requested but not yet received at the table is a warning, recorded with
the change (``DealerChange.warnings`` and ``pending``) and shown in its answer. The
cage reports it through ``tables.hooks.register_pending_work``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from cage import services
from cage.selectors import slip_number_label
from casino.access import acting_as
from casino.models import AuditEvent
from casino.roles import Role
from tables import services as tables_services
from tables.models import DealerChange
from tests.tables.conftest import open_table, ready_decks, store  # noqa: F401
from tests.tables.openapi import assert_matches_schema

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture
def playing(staff, table, store, gaming_day):  # noqa: F811
    """A table open for play with two packs (red in play, blue in reserve)."""
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    session.refresh_from_db()
    return session, red, blue


def _change(staff, session, incoming: str, pack):  # type: ignore[no-untyped-def]
    return tables_services.dealer_change_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        incoming=staff[incoming],
        incoming_pack=pack,
        handover_note="relevo",
    )


def _fill(staff, session):  # type: ignore[no-untyped-def]
    return services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        kind="fill",
        lines=[(D("100"), 10)],
    )


def test_role_04_a_slip_not_received_at_the_table_is_a_warning(staff, playing):
    session, red, blue = playing
    slip = _fill(staff, session)
    services.slip_sign(
        actor=acting_as(staff["cage_cashier"], Role.CAGE_CASHIER), slip=slip, role=Role.CAGE_CASHIER
    )
    change = _change(staff, session, "croupier2", blue)
    assert change.warnings == ["SLIP_PENDING"]
    (pending,) = change.pending
    assert pending["code"] == "SLIP_PENDING"
    assert pending["details"] == {"slip": slip.serial, "kind": "fill", "status": "issued"}
    assert slip_number_label(slip, "es") in pending["message"]["es"]
    assert "ROLE-04" in pending["message"]["en"]
    event = AuditEvent.objects.filter(action="session.dealer_change").latest("id")
    assert event.after["warnings"] == ["SLIP_PENDING"]
    # Once the slip is received at the table, the next change has nothing to warn about.
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    services.slip_sign(
        actor=acting_as(staff["security"], Role.SECURITY), slip=slip, role=Role.SECURITY
    )
    services.slip_sign(
        actor=sup, slip=slip, role=Role.CROUPIER, signer=staff["croupier2"], pin="5678"
    )
    services.slip_sign(actor=sup, slip=slip, role=Role.SUPERVISOR)
    back = _change(staff, session, "croupier", red)
    assert back.warnings == [] and back.pending == []


def test_role_04_every_open_slip_is_listed_and_a_void_one_is_not(staff, playing):
    session, _red, blue = playing
    first = _fill(staff, session)
    second = services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        kind="credit",
        lines=[(D("25"), 4)],
    )
    voided = _fill(staff, session)
    void = services.slip_void_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), slip=voided, reason="pedido duplicado"
    )
    services.slip_void_confirm(actor=acting_as(staff["pit_boss2"], Role.PIT_BOSS), void=void)
    change = _change(staff, session, "croupier2", blue)
    assert change.warnings == ["SLIP_PENDING"]  # one code, each slip in the details
    assert [(p["details"]["slip"], p["details"]["status"]) for p in change.pending] == [
        (first.serial, "requested"),
        (second.serial, "requested"),
    ]
    # Issue 14 §5: the slip is named in the manual's words.
    assert change.pending[1]["message"]["es"].startswith("Crédito N.º ")
    assert change.pending[0]["message"]["en"].startswith("Fill no. ")


def test_role_04_a_credit_stops_being_the_tables_work_once_security_has_carried_it(staff, playing):  # type: ignore[no-untyped-def]
    """CLOSE-07's credit order: pit boss, croupier, supervisor, security, then the cage
    confirms. Signed at the table but not taken by security, the chips are still at the
    table: a warning. Carried to the cage, only the cage's confirmation is left, which the
    incoming croupier has nothing to do with: no warning, though the slip is not complete."""
    session, red, blue = playing
    credit = services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=session,
        kind="credit",
        lines=[(D("25"), 4)],
    )
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    services.slip_sign(
        actor=sup, slip=credit, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
    )
    services.slip_sign(actor=sup, slip=credit, role=Role.SUPERVISOR)
    change = _change(staff, session, "croupier2", blue)
    assert [(p["details"]["slip"], p["details"]["status"]) for p in change.pending] == [
        (credit.serial, "issued")
    ]
    assert "sin retirar por seguridad" in change.pending[0]["message"]["es"]

    services.slip_sign(
        actor=acting_as(staff["security"], Role.SECURITY), slip=credit, role=Role.SECURITY
    )
    credit.refresh_from_db()
    assert not credit.is_locked  # the cage has not confirmed it yet
    back = _change(staff, session, "croupier", red)
    assert back.warnings == [] and back.pending == []


def test_role_04_nothing_open_means_no_warning(staff, playing):
    session, _red, blue = playing
    change = _change(staff, session, "croupier2", blue)
    assert change.warnings == [] and change.pending == []
    assert DealerChange.objects.filter(session=session).count() == 2  # the opening's and this


def test_role_04_the_api_answer_shows_the_pending_work(staff, api, playing):
    session, _red, blue = playing
    slip = _fill(staff, session)
    response = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/sessions/{session.pk}/dealer-changes/",
        {"incoming": staff["croupier2"].username, "incoming_pack": blue.pk},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert_matches_schema(response, "post")
    body = response.json()
    assert body["warnings"] == ["SLIP_PENDING"]
    assert body["pending"][0]["details"]["slip"] == slip.serial
    assert set(body["pending"][0]["message"]) == {"es", "en"}
