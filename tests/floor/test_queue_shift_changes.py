"""Shift changes in the signing queue (issue 14 §3): the pit boss of the table's sector
witnesses the count, the outgoing supervisor hands the float over and the incoming one
takes it over, each from their own queue, signing in place through the one writer
(``tables.services.shifts``). A pit boss of another sector does not see it, and his post
is refused with the service's own message, nothing written.

The shift change is recorded as the pit boss's browser posts the page's form; every
signature is a form posted from the queue as htmx posts it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from cage.selectors import expected_float
from casino.models import AuditEvent, Sector, Signature
from casino.roles import Role
from floor.selectors import signing_queue
from tables.models import ShiftChange

from .conftest import act

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def record_shift_change(client: Any, session: Any) -> ShiftChange:
    """The pit boss counts the float with the supervisors and posts the page's form."""
    expected = expected_float(session) or {}
    data = {"incoming": "supervisor2", "note": "relevo de las 14"}
    for d in session.table.chip_set.denominations.filter(is_active=True):
        chips = expected.get(d.pk, 0)
        data[f"stacks_{d.pk}"] = str(chips // 20)
        data[f"loose_{d.pk}"] = str(chips % 20)
    url = reverse("tables:act", args=["shift-change", session.pk])
    page = reverse("tables:shift-change", args=[session.pk])
    response = client.post(url, {**data, "next": page})
    assert response.status_code == 302, response.content.decode()[:2000]
    return ShiftChange.objects.get(session=session)


def queue_ids(user: Any, role: Role) -> set[str]:
    return {i.dom_id for i in signing_queue(act(user, role))}


def sign(client: Any, change: ShiftChange, slot: str) -> str:
    dom_id = f"q-shift_change-{change.pk}-{slot}"
    url = reverse("floor:queue-act", args=["shift_change", change.pk])
    response = client.post(url, {"dom_id": dom_id, "slot": slot}, **HX)
    assert response.status_code == 200
    return response.content.decode()


def written() -> tuple[int, int]:
    return Signature.objects.count(), AuditEvent.objects.count()


def test_each_signer_signs_the_shift_change_from_their_queue(staff, in_play, clients, casino):
    # issue 14 §3, ROLE-02: the pit boss of the sector, the outgoing and incoming supervisors.
    other = Sector.objects.create(casino=casino, code="P2", name="Sector 2")
    other.pit_bosses.add(staff["pit_boss2"])
    boss = clients("pit_boss")
    change = record_shift_change(boss, in_play)
    witness = f"q-shift_change-{change.pk}-pit_boss"
    handover = f"q-shift_change-{change.pk}-outgoing_supervisor"
    takeover = f"q-shift_change-{change.pk}-incoming_supervisor"

    # Who waits for what: each their own slot; the other sector's pit boss nothing.
    assert witness in queue_ids(staff["pit_boss"], Role.PIT_BOSS)
    assert queue_ids(staff["pit_boss2"], Role.PIT_BOSS).isdisjoint({witness, handover, takeover})
    assert handover in queue_ids(staff["supervisor"], Role.SUPERVISOR)
    assert takeover not in queue_ids(staff["supervisor"], Role.SUPERVISOR)
    assert takeover in queue_ids(staff["supervisor2"], Role.SUPERVISOR)
    assert handover not in queue_ids(staff["supervisor2"], Role.SUPERVISOR)

    html = boss.get(reverse("floor:queue")).content.decode()
    assert f'id="{witness}"' in html
    assert "Cambio de turno" in html and "Firmar el conteo como jefe de sector" in html
    assert "Abrir el cambio de turno" in html
    assert "Turno Jornada completa 00:00–24:00" in html  # the shift, named the one way
    far = clients("pit_boss2", Role.PIT_BOSS).get(reverse("floor:queue")).content.decode()
    assert f'id="{witness}"' not in far

    # The other sector's pit boss posts anyway: refused by the service, nothing written.
    before = written()
    refused = sign(clients("pit_boss2", Role.PIT_BOSS), change, "pit_boss")
    assert 'role="alert"' in refused
    assert written() == before
    change.refresh_from_db()
    assert "pit_boss" not in change.signed_roles()

    # The pit boss witnesses, the outgoing supervisor hands over, the incoming takes over.
    assert "Firma registrada." in sign(boss, change, "pit_boss")
    assert witness not in queue_ids(staff["pit_boss"], Role.PIT_BOSS)
    page = clients("supervisor").get(reverse("floor:queue")).content.decode()
    assert "Entregar la mesa con este conteo" in page
    assert "Firmada y cerrada." in sign(clients("supervisor"), change, "outgoing_supervisor")
    incoming = clients("supervisor2", Role.SUPERVISOR)
    assert (
        "Recibir la mesa con este conteo" in incoming.get(reverse("floor:queue")).content.decode()
    )
    assert "Firmada y cerrada." in sign(incoming, change, "incoming_supervisor")
    change.refresh_from_db()
    assert change.is_locked and change.acceptance.is_locked
    assert change.signed_roles() == {"supervisor", "pit_boss"}
    for user, role in (
        (staff["pit_boss"], Role.PIT_BOSS),
        (staff["supervisor"], Role.SUPERVISOR),
        (staff["supervisor2"], Role.SUPERVISOR),
    ):
        assert queue_ids(user, role).isdisjoint({witness, handover, takeover})
    events = AuditEvent.objects.filter(object_id=str(change.pk)).values_list("action", flat=True)
    assert "shift_change.record" in events
