"""ROLE-03: the pit boss assigns each croupier to a table, and the assignment is recorded
as his act (who, in which role, when), through the API the floor uses."""

from __future__ import annotations

import pytest

from casino.models import AuditEvent
from casino.roles import Role
from tables.models import DealerChange
from tables.selectors import croupier_on_duty

pytestmark = pytest.mark.django_db


def test_role_03_the_pit_boss_assignment_of_each_croupier_is_recorded(
    staff, api, gaming_day, table
):
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    opened = boss.post(
        f"/api/tables/{table.pk}/sessions/",
        {"supervisor": "supervisor", "croupier": "croupier"},
        format="json",
    )
    assert opened.status_code == 201, opened.json()
    session = opened.json()["id"]
    changed = boss.post(
        f"/api/sessions/{session}/dealer-changes/",
        {"incoming": "croupier2", "handover_note": "Relevo de las 22"},
        format="json",
    )
    assert changed.status_code == 201, changed.json()
    detail = boss.get(f"/api/sessions/{session}/").json()
    assignments = [
        (d["outgoing"], d["incoming"], d["recorded_by"]) for d in detail["dealer_changes"]
    ]
    assert assignments == [
        (None, "croupier", "pit_boss"),  # the first croupier, named when the table opens
        ("croupier", "croupier2", "pit_boss"),
    ]
    rows = DealerChange.objects.filter(session_id=session).order_by("at", "id")
    assert [(r.role, r.recorded_by.username) for r in rows] == [
        (Role.PIT_BOSS, "pit_boss"),
        (Role.PIT_BOSS, "pit_boss"),
    ]
    assert all(r.at for r in rows)
    assert croupier_on_duty(rows[0].session) == staff["croupier2"]
    assert AuditEvent.objects.filter(
        action__contains="dealer", actor=staff["pit_boss"], role=Role.PIT_BOSS
    ).exists()
    # A croupier does not assign himself: the croupier's role has no such act.
    himself = api(staff["croupier"], Role.CROUPIER).post(
        f"/api/sessions/{session}/dealer-changes/", {"incoming": "croupier"}, format="json"
    )
    assert himself.status_code == 403
