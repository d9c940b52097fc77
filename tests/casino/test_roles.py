"""Roles are groups whose permissions come from one enum (issue 2 §3, ROLE-01, ROLE-02)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from casino.access import Actor, acting_as, actor_for, require
from casino.errors import PermissionRefused, ValidationFailed
from casino.roles import ROLE_PERMISSIONS, Perm, Role, role_has, roles_with
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


# Issue 41 §5: the acts once checked by comparing role names, each now a Perm granted to
# exactly the roles the comparison let through (so behaviour is unchanged, role by role).
R = Role
_WAS_A_ROLE_CHECK = {
    # tables/services/sessions.py session_supervisor_relieve: (PIT_BOSS, SHIFT_MANAGER)
    Perm.RELIEVE_SUPERVISOR: {R.PIT_BOSS, R.SHIFT_MANAGER},
    # tables/services/shifts.py shift_change_record: (PIT_BOSS, SHIFT_MANAGER)
    Perm.RECORD_SHIFT_CHANGE: {R.PIT_BOSS, R.SHIFT_MANAGER},
    # tables/services/procedure.py TOLD_ROLES (OPEN-17, SHUF-01)
    Perm.ANNOUNCE_PLAY: {R.SUPERVISOR, R.PIT_BOSS, R.SHIFT_MANAGER},
    # tables/services/sessions.py prep_override: PIT_BOSS (PREP-05)
    Perm.OVERRIDE_PREPARATION: {R.PIT_BOSS},
    # tables/services/counts.py closing_confirm_empty_bank: SUPERVISOR (CLOSE-06)
    Perm.CONFIRM_EMPTY_BANK: {R.SUPERVISOR},
    # tables/services/procedure.py preparation_checklist_record: SHIFT_MANAGER (PREP-01)
    Perm.SIGN_PREPARATION_CHECKLIST: {R.SHIFT_MANAGER},
    # tables/services/keys.py KEY_HOLDER_ROLES (OPEN-01, OPEN-15)
    Perm.KEEP_KEYS: {R.PIT_BOSS, R.SUPERVISOR, R.SHIFT_MANAGER},
    # cage require_sees_expected, floor sees_books: VIEW_CAGE but not the cage cashier
    Perm.VIEW_EXPECTED_FIGURES: set(roles_with(Perm.VIEW_CAGE)) - {R.CAGE_CASHIER},
    # reports/access.py ALL_SEEING, reports/selectors.py reports_visible (RPT-17)
    Perm.VIEW_ALL_REPORTS: {R.SHIFT_MANAGER, R.AUDITOR},
    # promotions JackpotClaim.REQUIRED_SIGNATURE_ROLES (require_claim_signer)
    Perm.SIGN_JACKPOT_CLAIM: {R.SUPERVISOR, R.SURVEILLANCE, R.SHIFT_MANAGER},
    # reports/kinds/slips.py access: the cage cashier keeps every slip (RPT-03)
    Perm.ISSUE_SLIP: {R.CAGE_CASHIER},
}


@pytest.mark.parametrize("perm", list(_WAS_A_ROLE_CHECK))
def test_a_former_role_check_is_granted_to_exactly_its_roles(perm):
    assert set(roles_with(perm)) == _WAS_A_ROLE_CHECK[perm]


def test_the_jackpot_claim_perm_is_the_claim_s_signature_roles():
    from promotions.models import JackpotClaim

    assert set(roles_with(Perm.SIGN_JACKPOT_CLAIM)) == set(JackpotClaim.REQUIRED_SIGNATURE_ROLES)


def _refusal(call, actor):
    from casino.errors import DomainError

    try:
        call(actor)
    except DomainError as err:
        return err.code
    return None


# Each service as the old comparison answered it: the gate's permission first
# (PERMISSION_DENIED), then the act's own refusal for the roles it left out, and for the
# roles it let through, whatever the next check says (an empty reason, a missing person).
def _services():
    from cage.selectors.access import require_sees_expected
    from promotions.services import require_claim_signer
    from tables.services import counts, keys, procedure, sessions, shifts

    return {
        "relieve": (
            lambda a: sessions.session_supervisor_relieve(
                actor=a, session=None, incoming=None, reason=""
            ),
            {R.PIT_BOSS, R.SHIFT_MANAGER},
            "RELIEF_NOT_ALLOWED",
        ),
        "shift_change": (
            lambda a: shifts.shift_change_record(actor=a, session=None, incoming=None, lines=[]),
            {R.PIT_BOSS, R.SHIFT_MANAGER},
            "SHIFT_CHANGE_NOT_ALLOWED",
        ),
        "prep_override": (
            lambda a: sessions.prep_override(actor=a, session=None, reason=""),
            {R.PIT_BOSS},
            "PIT_BOSS_REQUIRED",
        ),
        "empty_bank": (
            lambda a: counts.closing_confirm_empty_bank(
                actor=a, sheet=None, croupier=None, pin=None
            ),
            {R.SUPERVISOR},
            "SUPERVISOR_REQUIRED",
        ),
        "preparation": (
            lambda a: procedure.preparation_checklist_record(
                actor=a, spaces_inspected=False, cards_checked=False, documents_compared=False
            ),
            {R.SHIFT_MANAGER},
            "PREPARATION_NOT_SHIFT_MANAGER",
        ),
        "keys": (keys._key_keeper, {R.PIT_BOSS, R.SUPERVISOR, R.SHIFT_MANAGER}, "KEY_KEEPER_ONLY"),
        "blind_count": (
            require_sees_expected,
            {R.SUPERVISOR, R.PIT_BOSS, R.SHIFT_MANAGER, R.AUDITOR},
            "BLIND_COUNT",
        ),
        "claim_signer": (
            require_claim_signer,
            {R.SUPERVISOR, R.SURVEILLANCE, R.SHIFT_MANAGER},
            "PERMISSION_DENIED",
        ),
    }


@pytest.mark.django_db
@pytest.mark.parametrize("role", list(Role))
def test_each_former_role_check_answers_each_role_as_before(casino, role):
    actor = Actor(make_staff(casino, f"u_{role.value}", role), role)
    for name, (call, allowed, code) in _services().items():
        got = _refusal(call, actor)
        if role in allowed:
            assert got not in (code, "PERMISSION_DENIED"), (name, role, got)
        else:
            assert got in (code, "PERMISSION_DENIED"), (name, role, got)


# Each report kind's audience as it stood when ReportSpec named roles (issue 41 §5: the
# kind now names its audience's Perm, and the roles follow from ROLE_PERMISSIONS).
_S, _PB, _SM, _AU, _CC = R.SUPERVISOR, R.PIT_BOSS, R.SHIFT_MANAGER, R.AUDITOR, R.CAGE_CASHIER
_FLOOR = {_S, _PB, _SM, _AU}
_REPORT_AUDIENCE_WAS = {
    **{
        kind: _FLOOR
        for kind in (
            "control_sheet",
            "deck_custody",
            "hands",
            "irregularities",
            "jackpot",
            "keys",
            "player_tracking",
            "rake",
            "rota",
            "sanctions",
            "sheet",
            "shift_register",
            "table_card",
        )
    },
    "exceptions": {_SM, _AU},
    "gaming_day": {_SM, _AU},
    "kpis": {_SM, _AU},
    "house_rules": set(R) - {R.SECURITY},
    "sector_sheet": {_PB, _SM, _AU},
    "tournament": {_PB, _SM, _AU},
    "slips": {_AU, _CC, _PB, _SM, _S},
    "tournament_record": {_SM},
}


def test_each_report_kind_keeps_its_audience_through_its_perm():
    from reports.registry import all_specs

    specs = {s.kind: s for s in all_specs()}
    assert set(specs) == set(_REPORT_AUDIENCE_WAS)
    for kind, spec in specs.items():
        assert set(spec.roles) == _REPORT_AUDIENCE_WAS[kind], kind
        for role in R:  # the check the services make: the acting role's permissions
            assert role_has(role, spec.perm) == (role in _REPORT_AUDIENCE_WAS[kind]), (kind, role)
