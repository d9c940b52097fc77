"""The rota's floor page through the pages as a browser posts them (issue 44 §3): plan the
shift, follow it (the dealer change goes through the tables app's own action), re-plan
when a table closes mid-shift or opens; refusals answer 400/403/409 and change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from casino.models import AuditEvent
from casino.roles import Role
from rota.codec import plan_from_data
from rota.models import RotaPlan
from tables.models import DealerChange

from .conftest import client_for, open_session

pytestmark = pytest.mark.django_db


def _hhmm(minutes_from_now: int) -> str:
    return timezone.localtime(timezone.now() + timedelta(minutes=minutes_from_now)).strftime(
        "%H:%M"
    )


def _plan_form(croupiers, tables, **extra):  # type: ignore[no-untyped-def]
    # Checkboxes: only the ticked ones are sent, once per value.
    return {
        "croupiers": [u.username for u in croupiers],
        "tables": [str(t.pk) for t in tables],
        "starts_at": _hhmm(-20),
        "ends_at": _hhmm(8 * 60),
        "on_minutes": "30",
        "off_minutes": "15",
        "late_after_minutes": "5",
        **extra,
    }


def _planned(staff, croupiers, room):  # type: ignore[no-untyped-def]
    client = client_for(staff["pit_boss"], Role.PIT_BOSS)
    response = client.post(reverse("rota:plan"), _plan_form(croupiers, room[:3]))
    assert response.status_code == 302, response.content.decode()[:2000]
    return client, RotaPlan.objects.get()


def test_the_pit_boss_plans_the_shift_and_the_floor_sees_now_and_next(
    staff, gaming_day, croupiers, room
):  # ROLE-03: the pit boss assigns each croupier to a table, recorded
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    page = boss.get(reverse("rota:index"))
    assert page.status_code == 200
    assert "Croupiers disponibles" in page.content.decode()  # Spanish first
    _client, rota = _planned(staff, croupiers, room)
    assert rota.planned_by == staff["pit_boss"] and rota.version == 1
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    page = sup.get(reverse("rota:index"), follow=True)
    html = page.content.decode()
    assert page.status_code == 200 and "Ahora y después" in html
    for t in room[:3]:
        assert f'data-table="{t.number}"' in html
    assert "Mesa cerrada: re-planificar" not in html  # the supervisor does not plan
    english = client_for(staff["supervisor"], Role.SUPERVISOR, lang="en")
    english.cookies["django_language"] = "en"
    assert "Now and next" in english.get(reverse("rota:detail", args=[rota.pk])).content.decode()


def test_a_planned_change_is_recorded_through_the_dealer_change_service(
    staff, gaming_day, croupiers, room
):  # ROLE-03, ROLE-04: the change is the tables app's one record
    _boss, rota = _planned(staff, croupiers, room)
    session = open_session(staff, room[0])  # opened with "croupier" dealing
    plan = plan_from_data(rota.plan)
    minute = rota.minute_of(timezone.now())
    planned = plan.slot_at(minute).croupier_at(str(room[0].pk))
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    page = sup.get(reverse("rota:detail", args=[rota.pk])).content.decode()
    action = reverse("tables:act", args=["dealer-change", session.pk])
    assert action in page
    from casino.models import User

    due = User.objects.get(pk=int(planned))
    if due == staff["croupier"]:  # already dealing: the form offers the next one
        nxt = [
            c
            for c in __import__("rota.planning").planning.planned_changes(plan)
            if c.table == str(room[0].pk) and c.at > minute
        ][0]
        due = User.objects.get(pk=int(nxt.incoming))
    before = DealerChange.objects.count()
    response = sup.post(
        action,
        {"incoming": due.username, "next": reverse("rota:detail", args=[rota.pk])},
    )
    assert response.status_code == 302
    assert DealerChange.objects.count() == before + 1  # one record of who deals: tables'
    page = sup.get(reverse("rota:detail", args=[rota.pk])).content.decode()
    assert due.username in page or str(due) in page


def test_the_rota_survives_a_table_closing_mid_shift_and_one_opening(
    staff, gaming_day, croupiers, room
):
    boss, rota = _planned(staff, croupiers, room)
    url = reverse("rota:replan", args=[rota.pk])
    response = boss.post(url, {"table": str(room[0].pk), "change": "close"})
    assert response.status_code == 302
    second = RotaPlan.objects.get(version=2)
    assert second.previous == rota and second.reason == "table_closed"
    plan = plan_from_data(second.plan)
    closed = str(room[0].pk)
    later = [s for s in plan.slots if s.start > second.replanned_from]
    assert later and all(s.croupier_at(closed) is None for s in later)
    assert plan.unstaffed == ()
    page = boss.get(reverse("rota:detail", args=[second.pk])).content.decode()
    assert "versión 2" in page and "Mesa cerrada" in page
    # a table opens: version 3, staffed from the next rotation
    response = boss.post(
        reverse("rota:replan", args=[second.pk]), {"table": str(room[3].pk), "change": "open"}
    )
    # room[3] is in sector P2: not this pit boss's
    assert response.status_code == 403
    shift = client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
    response = shift.post(
        reverse("rota:replan", args=[second.pk]), {"table": str(room[3].pk), "change": "open"}
    )
    assert response.status_code == 302
    third = RotaPlan.objects.get(version=3)
    plan = plan_from_data(third.plan)
    opened = str(room[3].pk)
    assert any(s.croupier_at(opened) for s in plan.slots if s.start > third.replanned_from)
    # a second tablet still showing version 1 is refused: nothing written
    response = boss.post(url, {"table": str(room[1].pk), "change": "close"})
    assert response.status_code == 409
    assert "otra terminal" in response.content.decode()
    assert RotaPlan.objects.count() == 3


@pytest.mark.parametrize(
    ("who", "role", "status"),
    [
        ("supervisor", Role.SUPERVISOR, 403),  # wrong role
        ("croupier", Role.CROUPIER, 403),
        ("pit_boss2", Role.PIT_BOSS, 403),  # holds the role, not assigned to the sector
    ],
)
def test_who_may_not_plan_is_refused_and_nothing_changes(
    staff, gaming_day, croupiers, room, who, role, status
):
    client = client_for(staff[who], role)
    response = client.post(reverse("rota:plan"), _plan_form(croupiers, room[:3]))
    assert response.status_code == status
    assert not RotaPlan.objects.exists()
    assert not AuditEvent.objects.filter(action__startswith="rota").exists()


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"on_minutes": "treinta"}, 400, "NUMBER_INVALID"),
        ({"on_minutes": "0"}, 400, "ROTA_MINUTES_INVALID"),
        ({"starts_at": "25:99"}, 400, "TIME_INVALID"),
        ({"croupiers": []}, 400, "ROTA_NO_CROUPIERS"),
        ({"tables": []}, 400, "ROTA_NO_TABLES"),
        ({"tables": ["abc"]}, 404, "NOT_FOUND"),
        ({"croupiers": ["nadie"]}, 400, "STAFF_NOT_FOUND"),
    ],
)
def test_malformed_plans_are_refused_and_nothing_changes(
    staff, gaming_day, croupiers, room, change, status, code
):
    client = client_for(staff["pit_boss"], Role.PIT_BOSS)
    form = _plan_form(croupiers, room[:3])
    form.update(change)
    response = client.post(reverse("rota:plan"), form)
    assert response.status_code == status
    assert code in response.content.decode()
    assert not RotaPlan.objects.exists()


def test_other_casino_and_twice(staff, gaming_day, croupiers, room, other_casino):
    from tests.helpers import make_staff

    boss, rota = _planned(staff, croupiers, room)
    response = boss.post(reverse("rota:plan"), _plan_form(croupiers, room[:3]))
    assert response.status_code == 409 and "ROTA_EXISTS" in response.content.decode()
    stranger = make_staff(other_casino, "jefe_otro", Role.PIT_BOSS)
    client = client_for(stranger, Role.PIT_BOSS)
    assert client.get(reverse("rota:detail", args=[rota.pk])).status_code == 404
    response = client.post(
        reverse("rota:replan", args=[rota.pk]), {"table": str(room[0].pk), "change": "close"}
    )
    assert response.status_code == 404
    response = boss.post(
        reverse("rota:replan", args=[rota.pk]), {"table": str(room[0].pk), "change": "explode"}
    )
    assert response.status_code == 400
    assert RotaPlan.objects.count() == 1
