"""MISDEAL-01: the supervisor is alerted when a misdeal or another error is logged at the
table they work, by someone else; on their home page, as long as the session is open."""

from __future__ import annotations

import re

import pytest

from casino.roles import Role
from hands import services
from tables import services as table_services
from tables.models import TableSession
from tests.floor.conftest import client_for

from .conftest import act, seats

pytestmark = pytest.mark.django_db


def _misdeal(actor, session):
    if actor.role == Role.CROUPIER and session.status != TableSession.Status.IN_PLAY:
        # The supervisor records that play begins (OPEN-17); then the croupier logs.
        table_services.session_start_play(
            actor=act(session.supervisor, Role.SUPERVISOR), session=session
        )
    data = {
        "button": 5,
        "seats": seats({1: 500, 3: 500, 5: 500}),
        "actions": [
            {
                "action": "irregularity",
                "irregularity": {
                    "kind": "dealer_exposed_card",
                    "seat": 1,
                    "first_or_second_card": True,
                },
            }
        ],
    }
    return services.hand_log(actor=actor, session=session, data=data)


def _home(user, role=Role.SUPERVISOR):
    page = client_for(user, role).get("/")
    assert page.status_code == 200
    return re.sub(r"\s+", " ", page.content.decode())


def test_misdeal_01_the_croupiers_misdeal_reaches_the_supervisor(staff, ready_session):
    croupier = act(staff["croupier"], Role.CROUPIER)
    void = _misdeal(croupier, ready_session)
    assert void.status == "void"
    home = _home(staff["supervisor"])
    table = ready_session.table.number
    assert f"en la mano n.º {void.number} de la mesa {table}" in home
    assert f'href="/hands/{void.pk}/"' in home
    assert "registró Croupier" in home  # who logged it
    # Another supervisor, not at this table, is not alerted; nor is the croupier.
    assert f"en la mano n.º {void.number}" not in _home(staff["supervisor2"])
    assert f"en la mano n.º {void.number}" not in _home(staff["croupier"], Role.CROUPIER)


def test_misdeal_01_the_supervisors_own_entry_is_not_repeated_to_them(staff, ready_session):
    void = _misdeal(act(staff["supervisor"], Role.SUPERVISOR), ready_session)
    assert f"en la mano n.º {void.number}" not in _home(staff["supervisor"])


def test_misdeal_01_the_alert_follows_the_relief_and_ends_with_the_session(staff, ready_session):
    void = _misdeal(act(staff["croupier"], Role.CROUPIER), ready_session)
    table_services.session_supervisor_relieve(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        session=ready_session,
        incoming=staff["supervisor2"],
        reason="Descanso del supervisor de turno",
    )
    assert f"en la mano n.º {void.number}" in _home(staff["supervisor2"])
    assert f"en la mano n.º {void.number}" not in _home(staff["supervisor"])
    TableSession.objects.filter(pk=ready_session.pk).update(status=TableSession.Status.CLOSED)
    assert f"en la mano n.º {void.number}" not in _home(staff["supervisor2"])
