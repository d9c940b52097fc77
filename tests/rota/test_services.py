"""The rota's services (issue 44 §3): a plan stored as versions, re-planned when a table
closes or opens, refusals that change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from rota import services
from rota.codec import plan_from_data, plan_to_data
from rota.models import RotaPlan

from .conftest import boss

pytestmark = pytest.mark.django_db


def _plan(staff, croupiers, room, start, **kw):  # type: ignore[no-untyped-def]
    return services.rota_plan(
        actor=boss(staff),
        croupiers=croupiers,
        tables=room[:3],
        starts_at=start,
        ends_at=start + timedelta(hours=8),
        **kw,
    )


def test_a_plan_is_stored_with_who_planned_it_and_staffs_every_table(
    staff, gaming_day, croupiers, room, shift_start
):
    rota = _plan(staff, croupiers, room, shift_start)
    assert rota.version == 1 and rota.previous is None
    assert rota.planned_by == staff["pit_boss"] and rota.role == "pit_boss"
    plan = plan_from_data(rota.plan)
    assert plan_to_data(plan) == rota.plan  # the codec is exact
    assert plan.unstaffed == ()  # five croupiers for three tables at 30/15
    assert {t.id for t in plan.tables} == {str(t.pk) for t in room[:3]}
    assert AuditEvent.objects.filter(action="rota.plan").count() == 1


def test_closing_a_table_mid_shift_is_a_new_version_and_frees_its_dealer(
    staff, gaming_day, croupiers, room, shift_start
):
    rota = _plan(staff, croupiers, room, shift_start)
    before = plan_from_data(rota.plan)
    now = shift_start + timedelta(minutes=95)
    second = services.rota_replan(
        actor=boss(staff), rota=rota, table=room[0], change="close", at=now
    )
    assert (second.version, second.previous_id, second.reason) == (2, rota.pk, "table_closed")
    assert second.replanned_from == 95
    after = plan_from_data(second.plan)
    closed = str(room[0].pk)
    # the past and the slot under way are kept; from the next slot nobody deals there
    for old, new in zip(before.slots, after.slots, strict=True):
        if old.start < 95:
            assert old.assignments == new.assignments
        else:
            assert new.croupier_at(closed) is None
    # the croupier dealing there at 105 in the old plan is back in the pool
    freed = before.slot_at(105).croupier_at(closed)
    assert freed is not None and after.slot_at(105).table_of(freed) is None
    assert after.unstaffed == ()
    rota.refresh_from_db()
    assert rota.plan == plan_to_data(before)  # never edited


def test_opening_a_table_is_staffed_from_the_next_rotation(
    staff, gaming_day, croupiers, room, shift_start
):
    rota = services.rota_plan(
        actor=boss(staff),
        croupiers=croupiers,
        tables=room[:2],
        starts_at=shift_start,
        ends_at=shift_start + timedelta(hours=4),
    )
    second = services.rota_replan(
        actor=boss(staff),
        rota=rota,
        table=room[2],
        change="open",
        at=shift_start + timedelta(minutes=50),
    )
    plan = plan_from_data(second.plan)
    opened = str(room[2].pk)
    assert plan.slot_at(50).croupier_at(opened) is None  # the slot under way (45-60)
    assert plan.slot_at(60).croupier_at(opened) is not None
    assert second.reason == "table_opened"


@pytest.mark.parametrize(
    ("who", "role", "error"),
    [
        ("supervisor", Role.SUPERVISOR, PermissionRefused),  # wrong role
        ("croupier", Role.CROUPIER, PermissionRefused),
        ("pit_boss2", Role.PIT_BOSS, PermissionRefused),  # not his sector
    ],
)
def test_who_may_not_plan_changes_nothing(
    staff, gaming_day, croupiers, room, shift_start, who, role, error
):
    with pytest.raises(error):
        services.rota_plan(
            actor=acting_as(staff[who], role),
            croupiers=croupiers,
            tables=room[:3],
            starts_at=shift_start,
            ends_at=shift_start + timedelta(hours=8),
        )
    assert (
        not RotaPlan.objects.exists()
        and not AuditEvent.objects.filter(action__startswith="rota").exists()
    )


def test_refused_plans_and_replans(staff, gaming_day, croupiers, room, shift_start):
    with pytest.raises(ValidationFailed) as err:
        _plan(staff, croupiers, room, shift_start, on_minutes=0)
    assert err.value.code == "ROTA_MINUTES_INVALID"
    with pytest.raises(ValidationFailed) as err:
        _plan(staff, [], room, shift_start)
    assert err.value.code == "ROTA_NO_CROUPIERS"
    with pytest.raises(ValidationFailed) as err:
        _plan(staff, [staff["supervisor"]], room, shift_start)
    assert err.value.code == "STAFF_ROLE_MISSING"
    assert not RotaPlan.objects.exists()
    rota = _plan(staff, croupiers, room, shift_start)
    with pytest.raises(Conflict) as err:
        _plan(staff, croupiers, room, shift_start)
    assert err.value.code == "ROTA_EXISTS"
    at = shift_start + timedelta(minutes=40)
    second = services.rota_replan(
        actor=boss(staff), rota=rota, table=room[0], change="close", at=at
    )
    # a second tablet acting on the version it was shown
    with pytest.raises(Conflict) as err:
        services.rota_replan(actor=boss(staff), rota=rota, table=room[1], change="close", at=at)
    assert err.value.code == "ROTA_CHANGED"
    with pytest.raises(Conflict) as err:
        services.rota_replan(actor=boss(staff), rota=second, table=room[0], change="close", at=at)
    assert err.value.code == "ROTA_TABLE_NOT_OPEN"
    with pytest.raises(Conflict) as err:
        services.rota_replan(actor=boss(staff), rota=second, table=room[1], change="open", at=at)
    assert err.value.code == "ROTA_TABLE_IN_PLAN"
    with pytest.raises(PermissionRefused):
        services.rota_replan(
            actor=acting_as(staff["pit_boss2"], Role.PIT_BOSS),
            rota=second,
            table=room[1],
            change="close",
            at=at,
        )
    with pytest.raises(Conflict) as err:
        services.rota_replan(
            actor=boss(staff),
            rota=second,
            table=room[1],
            change="close",
            at=shift_start + timedelta(hours=9),
        )
    assert err.value.code == "ROTA_OVER"
    assert RotaPlan.objects.count() == 2
