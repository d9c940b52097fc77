"""What each refusal of ``casino/access.py`` says, to whom, and when (issue 16 §1).

The module decides who acts in which role for every service: a refusal that loses its
field, its role or its wording, a check turned from ``or`` into ``and``, an inactive
user let through, another casino's record answered as found: each is a mutant the
role tests did not kill. Every case here acts as the world does: a real user with real
groups, an actor built the way the entry points build it (``actor_for``, ``acting_as``).
"""

from __future__ import annotations

import pytest

from casino.access import Actor, acting_as, actor_for, parse_role, require, same_casino
from casino.errors import NotFound, PermissionRefused, ValidationFailed
from casino.models import Casino
from casino.roles import Perm, Role
from tests.helpers import make_staff

pytestmark = pytest.mark.django_db

ALL_ROLES = ", ".join(Role.values)


def test_an_unknown_role_names_itself_the_valid_roles_and_the_field():
    with pytest.raises(ValidationFailed) as err:
        parse_role("gerente")
    e = err.value
    assert (e.code, e.field, e.status_code) == ("UNKNOWN_ROLE", "role", 400)
    # issue 41 §2: one message for UNKNOWN_ROLE; the valid roles are a detail
    assert e.message_es == "Rol desconocido: «gerente»."
    assert e.message_en == "Unknown role: 'gerente'."
    assert ", ".join(e.details["allowed"]) == ALL_ROLES
    with pytest.raises(ValidationFailed) as other_field:
        parse_role(None, field="signer_role")  # no role sent at all
    assert other_field.value.field == "signer_role"
    assert "«—»" in other_field.value.message_es  # nothing sent: rendered as a dash
    assert parse_role("pit_boss") is Role.PIT_BOSS
    assert parse_role(Role.SUPERVISOR) is Role.SUPERVISOR


def test_acting_in_a_role_not_held_says_which_role(casino):
    sup = make_staff(casino, "sup", Role.SUPERVISOR)
    with pytest.raises(PermissionRefused) as err:
        acting_as(sup, "pit_boss")
    e = err.value
    assert (e.code, e.field, e.status_code) == ("ROLE_NOT_HELD", "role", 403)
    assert e.details == {"role": "pit_boss"}
    # issue 41 §2: one message for ROLE_NOT_HELD, naming the person and the role's words
    assert e.message_es == "Sup no tiene el rol «Jefe de sector»."
    assert e.message_en == "Sup does not hold the role 'Pit boss'."
    actor = acting_as(sup, "supervisor")
    assert (actor.user, actor.role) == (sup, Role.SUPERVISOR)


def test_an_inactive_user_acts_in_no_role_even_one_held(casino):
    sup = make_staff(casino, "sup", Role.SUPERVISOR)
    sup.is_active = False
    sup.save()
    with pytest.raises(PermissionRefused) as err:
        acting_as(sup, Role.SUPERVISOR)
    assert err.value.code == "ROLE_NOT_HELD"
    with pytest.raises(PermissionRefused) as err2:
        actor_for(sup, Perm.RECORD_BUYIN, "supervisor")
    assert err2.value.code == "ROLE_NOT_HELD"


def test_require_checks_the_role_still_held_then_the_permission(casino):
    sup = make_staff(casino, "sup", Role.SUPERVISOR)
    actor = acting_as(sup, Role.SUPERVISOR)
    require(actor, Perm.RECORD_BUYIN)  # held and granted: nothing raised
    # The role taken away after the actor was built (a session that outlives a change).
    sup.groups.clear()
    sup = type(sup).objects.get(pk=sup.pk)  # a fresh read: the roles are cached per object
    with pytest.raises(PermissionRefused) as err:
        require(Actor(sup, Role.SUPERVISOR), Perm.RECORD_BUYIN)
    e = err.value
    assert (e.code, e.field) == ("ROLE_NOT_HELD", "role")
    assert e.message_es == "Sup no tiene el rol «Supervisor de mesa»."
    assert e.message_en == "Sup does not hold the role 'Table supervisor'."
    # Held and active, but the role lacks the permission: PERMISSION_DENIED names both.
    boss = make_staff(casino, "boss", Role.PIT_BOSS)
    with pytest.raises(PermissionRefused) as denied:
        require(acting_as(boss, Role.PIT_BOSS), Perm.DECK_DESTROY)
    d = denied.value
    assert d.code == "PERMISSION_DENIED"
    assert d.details == {"permission": "deck_destroy", "role": "pit_boss"}


def test_an_inactive_actor_is_refused_by_require_whatever_the_permission(casino):
    boss = make_staff(casino, "boss", Role.PIT_BOSS)
    actor = acting_as(boss, Role.PIT_BOSS)
    boss.is_active = False
    boss.save()
    for perm in (Perm.OPEN_SESSION, Perm.VIEW_TABLES):
        with pytest.raises(PermissionRefused) as err:
            require(actor, perm)
        assert err.value.code == "ROLE_NOT_HELD", perm


def test_actor_for_with_a_role_asked_checks_that_role_and_its_permission(casino):
    both = make_staff(casino, "doble", Role.SUPERVISOR, Role.SECURITY)
    # Asked as supervisor for a security act: the role is held, its permission is not.
    with pytest.raises(PermissionRefused) as err:
        actor_for(both, Perm.DECK_DELIVER, "supervisor")
    assert err.value.code == "PERMISSION_DENIED"
    assert err.value.details == {"permission": "deck_deliver", "role": "supervisor"}
    assert actor_for(both, Perm.DECK_DELIVER, "security").role is Role.SECURITY
    # An empty header is no role asked: the one role granting it is used.
    assert actor_for(both, Perm.DECK_DELIVER, "").role is Role.SECURITY
    assert actor_for(both, Perm.RECORD_BUYIN, None).role is Role.SUPERVISOR


def test_actor_for_without_a_role_refuses_none_and_asks_among_several(casino):
    cashier = make_staff(casino, "caja", Role.CAGE_CASHIER)
    with pytest.raises(PermissionRefused) as err:
        actor_for(cashier, Perm.IMPOSE_SANCTION)
    e = err.value
    assert e.code == "PERMISSION_DENIED"
    assert e.details == {"permission": "impose_sanction", "role": None}
    both = make_staff(casino, "doble", Role.SUPERVISOR, Role.PIT_BOSS)
    with pytest.raises(ValidationFailed) as several:
        actor_for(both, Perm.OPEN_SESSION)
    s = several.value
    assert (s.code, s.field, s.status_code) == ("ROLE_REQUIRED", "role", 400)
    # issue 41 §2: the roles by their words; their codes are the details
    assert s.message_es == (
        "Tiene varios roles que permiten esta acción: indique en cuál actúa "
        "(Supervisor de mesa, Jefe de sector)."
    )
    assert s.message_en == (
        "You hold several roles that allow this action: say which one you act in "
        "(Table supervisor, Pit boss)."
    )
    assert s.details == {"candidates": ["supervisor", "pit_boss"]}
    # Exactly one of the user's roles grants it: that one, without asking.
    chosen = actor_for(both, Perm.ACKNOWLEDGE_DISCREPANCY)
    assert (chosen.user, chosen.role) == (both, Role.PIT_BOSS)
    chosen = actor_for(both, Perm.RECORD_BUYIN)
    assert (chosen.user, chosen.role) == (both, Role.SUPERVISOR)


def test_another_casinos_record_is_not_found_and_ones_own_is(casino):
    boss = make_staff(casino, "boss", Role.PIT_BOSS)
    actor = acting_as(boss, Role.PIT_BOSS)
    other = Casino.objects.create(code="OTRO", name="Otro casino")
    with pytest.raises(NotFound) as err:
        same_casino(actor, other_user := make_staff(other, "ajeno", Role.PIT_BOSS))
    e = err.value
    assert (e.code, e.status_code, e.message_es, e.message_en) == (
        "NOT_FOUND",
        404,
        "Empleado inexistente.",  # issue 41 §2: the thing by its model's name
        "Staff member not found.",
    )
    same_casino(actor, boss)  # one's own casino: nothing raised
    same_casino(actor, object())  # a record of no casino (a chip colour): nothing raised
    assert other_user.casino_id != boss.casino_id


def test_a_user_of_no_casino_has_no_casino_to_act_in(casino):
    boss = make_staff(casino, "boss", Role.PIT_BOSS)
    actor = acting_as(boss, Role.PIT_BOSS)
    assert actor.casino == casino
    boss.casino = None
    with pytest.raises(PermissionRefused) as err:
        _ = actor.casino
    e = err.value
    assert (e.code, e.status_code) == ("NO_CASINO", 403)
    assert e.message_es == "Su usuario no pertenece a ningún casino."
    assert e.message_en == "Your user does not belong to any casino."


def test_can_answers_the_role_s_permission_only():
    class Nobody:
        pass

    actor = Actor(Nobody(), Role.AUDITOR)  # type: ignore[arg-type]
    assert actor.can(Perm.VIEW_TABLES) is True
    assert actor.can(Perm.RECORD_BUYIN) is False


def test_a_user_of_no_casino_has_no_casino_id_to_look_up(casino):
    # issue 41 (mypy): every casino lookup reads Actor.casino_id, never a None that would
    # match the rows of no casino (``casino_id IS NULL``).
    boss = make_staff(casino, "boss", Role.PIT_BOSS)
    actor = acting_as(boss, Role.PIT_BOSS)
    assert actor.casino_id == casino.pk
    boss.casino = None
    with pytest.raises(PermissionRefused) as err:
        _ = actor.casino_id
    assert (err.value.code, err.value.status_code) == ("NO_CASINO", 403)


def test_an_anonymous_user_is_asked_to_sign_in_not_crashed_on():
    # issue 41 (mypy): the request's user narrowed at the edge (casino.access.signed_in)
    from django.contrib.auth.models import AnonymousUser

    from casino.errors import DomainError

    with pytest.raises(DomainError) as err:
        actor_for(AnonymousUser(), Perm.VIEW_TABLES)
    assert (err.value.code, err.value.status_code) == ("NOT_AUTHENTICATED", 401)
