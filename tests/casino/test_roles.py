"""Roles are groups whose permissions come from one enum (issue 2 §3, ROLE-01, ROLE-02)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from casino.access import Actor, acting_as, actor_for, require
from casino.errors import PermissionRefused, ValidationFailed
from casino.roles import ROLE_PERMISSIONS, Perm, Role
from tests.conftest import make_staff


@pytest.mark.django_db
@pytest.mark.parametrize("role", list(Role))
def test_each_role_group_holds_exactly_its_permissions(role):  # ROLE-01
    group = Group.objects.get(name=role.value)
    codenames = set(group.permissions.values_list("codename", flat=True))
    assert codenames == {p.value for p in ROLE_PERMISSIONS[role]}


@pytest.mark.django_db
@pytest.mark.parametrize("role", list(Role))
def test_user_permissions_follow_the_role(casino, role):
    user = make_staff(casino, f"u_{role.value}", role)
    for perm in Perm:
        expected = perm in ROLE_PERMISSIONS[role]
        assert user.has_perm(f"casino.{perm.value}") is expected, (role, perm)


def test_design_card_permissions():  # ROLE-02
    assert Perm.RECORD_BUYIN in ROLE_PERMISSIONS[Role.SUPERVISOR]
    assert Perm.LOG_HAND in ROLE_PERMISSIONS[Role.SUPERVISOR]
    assert Perm.DECK_ISSUE in ROLE_PERMISSIONS[Role.PIT_BOSS]
    assert Perm.DECK_DELIVER in ROLE_PERMISSIONS[Role.SECURITY]
    assert Perm.DECK_DESTROY in ROLE_PERMISSIONS[Role.SECURITY]
    # The auditor reads everything and changes nothing.
    writes = {p for p in Perm if not p.value.startswith("view_")} - {Perm.REQUEST_REPORT}
    assert not (ROLE_PERMISSIONS[Role.AUDITOR] & writes)
    assert {p for p in Perm if p.value.startswith("view_")} <= ROLE_PERMISSIONS[Role.AUDITOR]


@pytest.mark.django_db
def test_a_user_acts_in_one_role_per_action(casino):
    both = make_staff(casino, "doble", Role.SUPERVISOR, Role.PIT_BOSS)
    with pytest.raises(ValidationFailed) as err:
        actor_for(both, Perm.OPEN_SESSION)  # both roles allow it: must choose
    assert err.value.code == "ROLE_REQUIRED"
    assert actor_for(both, Perm.OPEN_SESSION, "pit_boss").role == Role.PIT_BOSS
    # Only the pit boss role grants this: no need to say it.
    assert actor_for(both, Perm.ACKNOWLEDGE_DISCREPANCY).role == Role.PIT_BOSS
    with pytest.raises(PermissionRefused) as err2:
        acting_as(both, Role.AUDITOR)
    assert err2.value.code == "ROLE_NOT_HELD"
    with pytest.raises(ValidationFailed) as err3:
        acting_as(both, "gerente")
    assert err3.value.code == "UNKNOWN_ROLE"


@pytest.mark.django_db
def test_require_refuses_a_permission_the_role_lacks(casino):
    user = make_staff(casino, "sup", Role.SUPERVISOR)
    with pytest.raises(PermissionRefused) as err:
        require(Actor(user, Role.SUPERVISOR), Perm.IMPOSE_SANCTION)
    assert err.value.code == "PERMISSION_DENIED"
    user.is_active = False
    user.save()
    with pytest.raises(PermissionRefused):
        require(Actor(user, Role.SUPERVISOR), Perm.RECORD_BUYIN)
