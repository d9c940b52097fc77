"""The Spanish half of every message is Spanish, whatever the request's language (issue 15:
"La mesa está «Opening»", "no tiene el rol «Pit boss»"). GEN-07."""

from __future__ import annotations

import pytest
from django.utils import translation

from casino.errors import DomainError
from casino.roles import Role
from tables.models import TableSession
from tables.services._common import require_status
from tests.helpers import make_staff

pytestmark = pytest.mark.django_db


def test_gen_07_a_role_not_held_is_named_in_spanish_in_an_english_request(api, casino):  # type: ignore[no-untyped-def]
    supervisor = make_staff(casino, "solo-supervisor", Role.SUPERVISOR)
    response = api(supervisor, Role.PIT_BOSS).get("/api/tables/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    body = response.json()
    assert body["code"] == "ROLE_NOT_HELD"
    assert "«Jefe de sector»" in body["message"]["es"]
    assert "Pit boss" not in body["message"]["es"]
    assert "'Pit boss'" in body["message"]["en"]  # issue 41 §2: the role's words, not its code


def test_gen_07_a_table_state_is_named_in_spanish_while_english_is_active():  # type: ignore[no-untyped-def]
    session = TableSession(status=TableSession.Status.OPENING)
    with translation.override("en"), pytest.raises(DomainError) as err:
        require_status(session, TableSession.Status.OPEN)
    assert "Opening" not in err.value.message_es
    assert "apertura" in err.value.message_es.lower()
    assert "Open" not in err.value.message_es.replace("apertura", "")
