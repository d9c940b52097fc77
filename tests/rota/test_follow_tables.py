"""The rota follows the tables by itself (issue 44 §3: "rebuilt when a table opens or
closes"): a table's session opened or its closing started from the tables app's own pages
re-plans the rest of the shift from that minute, without anyone tapping re-plan, by the
person who opened or closed the table; a day without a rota is left alone, and a second
tablet still showing the replaced version is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from casino.models import AuditEvent
from casino.roles import Role
from rota import services
from rota.codec import plan_from_data
from rota.models import RotaPlan
from rota.planning import replan
from tables.models import TableSession
from tests.helpers import RoleClient
from tests.tables.conftest import make_table

from .conftest import boss, client_for
from .test_pages import _plan_form

pytestmark = pytest.mark.django_db


def _open_from_the_page(client, table, supervisor, croupier):  # type: ignore[no-untyped-def]
    response = client.post(
        reverse("tables:act", args=["session-open", table.pk]),
        {"supervisor": supervisor.username, "croupier": croupier.username, "note": ""},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return TableSession.objects.get(table=table, status="opening")


def _close_from_the_page(client, session, security):  # type: ignore[no-untyped-def]
    response = client.post(
        reverse("tables:act", args=["closing", session.pk]),
        {"security_officer": security.username, "note": "Sin jugadores"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]


def test_a_table_closing_and_one_opening_replan_the_rota_without_a_tap(
    staff, gaming_day, croupiers, room, chip_set
):  # ROLE-03: the assignment follows the tables open
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    assert boss.post(reverse("rota:plan"), _plan_form(croupiers, room[:2])).status_code == 302
    first = RotaPlan.objects.get()
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    # Table 1 of the plan opens at the start of the shift: the rota already has it open.
    session = _open_from_the_page(sup, room[0], staff["supervisor"], staff["croupier"])
    assert RotaPlan.objects.count() == 1

    # The pit boss's tablet shows version 1 while the supervisor closes table 1.
    shown = boss.get(reverse("rota:detail", args=[first.pk])).content.decode()
    assert "Mesa cerrada: re-planificar" in shown
    _close_from_the_page(sup, session, staff["security"])
    second = RotaPlan.objects.get(version=2)
    assert second.previous == first and second.reason == "table_closed"
    assert second.table == room[0] and second.session == session
    assert second.planned_by == staff["supervisor"] and second.role == "supervisor"
    event = AuditEvent.objects.get(action="rota.replan")
    assert event.actor == staff["supervisor"] and str(session.pk) in event.reason
    now = second.replanned_from
    before, after = plan_from_data(first.plan), plan_from_data(second.plan)
    closed = str(room[0].pk)
    # the past and the slot under way are as planned; from the next slot nobody deals there
    assert [s for s in after.slots if s.start < now] == [s for s in before.slots if s.start < now]
    later = [s for s in after.slots if s.start >= now]
    assert later and all(s.croupier_at(closed) is None for s in later)
    # the croupiers planned there are back in the pool: at the other table or resting
    freed = {s.croupier_at(closed) for s in before.slots if s.start >= now} - {None}
    assert freed
    for s in later:
        assert s.unstaffed == ()
        for cid in freed:
            assert cid in s.resting or s.table_of(cid) == str(room[1].pk), (s.start, cid)
    # exactly the planner's re-plan from that minute
    assert after.slots == replan(before, now=now, tables=after.tables).slots

    # The second tablet taps re-plan on version 1: refused, nothing written.
    refused = boss.post(
        reverse("rota:replan", args=[first.pk]), {"table": str(room[0].pk), "change": "close"}
    )
    assert refused.status_code == 409
    assert "La rotación cambió en otra terminal" in refused.content.decode()
    assert RotaPlan.objects.count() == 2

    # A table outside the plan opens: staffed from the next rotation, by the same rule.
    extra = make_table(staff["pit_boss"].casino, chip_set, number=5)
    _open_from_the_page(sup, extra, staff["supervisor"], staff["croupier2"])
    third = RotaPlan.objects.get(version=3)
    assert (third.previous, third.reason, third.table) == (second, "table_opened", extra)
    plan = plan_from_data(third.plan)
    opened = str(extra.pk)
    assert next(t for t in plan.tables if t.id == opened).game == "no_limit"
    upcoming = [s for s in plan.slots if s.start > third.replanned_from]
    assert upcoming and all(s.croupier_at(opened) for s in upcoming)
    page = boss.get(reverse("rota:detail", args=[third.pk])).content.decode()
    assert "versión 3" in page and "Mesa abierta" in page and "Mesa 5" in page


def test_without_a_rota_a_table_opens_and_closes_as_before(staff, gaming_day, room):
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    session = _open_from_the_page(sup, room[0], staff["supervisor"], staff["croupier"])
    _close_from_the_page(sup, session, staff["security"])
    assert RotaPlan.objects.count() == 0
    assert not AuditEvent.objects.filter(action__startswith="rota.").exists()


def test_the_api_opening_and_closing_replan_too(staff, gaming_day, croupiers, room, shift_start):
    # every path: the tables API calls the same services, so the rota follows it as well
    first = services.rota_plan(
        actor=boss(staff),
        croupiers=croupiers,
        tables=room[:2],
        starts_at=shift_start,
        ends_at=shift_start + timedelta(hours=8),
    )
    api = RoleClient(staff["pit_boss"], Role.PIT_BOSS)
    opened = api.post(
        reverse("api-tables-session-open", args=[room[2].pk]),
        {"supervisor": staff["supervisor"].username, "croupier": staff["croupier"].username},
        format="json",
    )
    assert opened.status_code == 201, opened.content.decode()[:2000]
    second = RotaPlan.objects.get(previous=first)
    assert (second.reason, second.table, second.planned_by) == (
        "table_opened",
        room[2],
        staff["pit_boss"],
    )
    session = TableSession.objects.get(table=room[2], status="opening")
    closing = api.post(
        reverse("api-tables-session-closing", args=[session.pk]),
        {"security_officer": staff["security"].username, "note": ""},
        format="json",
    )
    assert closing.status_code == 200, closing.content.decode()[:2000]
    third = RotaPlan.objects.get(previous=second)
    assert (third.reason, third.session) == ("table_closed", session)
    # opened and closed within one slot: the table is out of the plan's future again
    plan = plan_from_data(third.plan)
    later = [s for s in plan.slots if s.start >= third.replanned_from]
    assert all(s.croupier_at(str(room[2].pk)) is None for s in later)
    read = api.get(reverse("api-rotation", args=[third.pk]))  # checked against the schema
    assert read.status_code == 200
    assert (read.json()["session"], read.json()["reason"]) == (session.pk, "table_closed")
