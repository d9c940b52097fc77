"""The cage settings' service (``cage/services/policy.py``) as its mutation run found it:
the refusals' words and fields, which settings a new version carries over, and what its
audit event says (issue 16 §1). The API's own tests are ``tests/cage/api/test_policy.py``."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from cage import selectors, services
from cage.models import CagePolicy
from casino.access import acting_as
from casino.errors import ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def manager(staff):
    return acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)


def refused(manager, **values) -> ValidationFailed:
    before = CagePolicy.objects.count()
    with pytest.raises(ValidationFailed) as err:
        services.cage_policy_set(actor=manager, **values)
    assert CagePolicy.objects.count() == before
    return err.value


def test_unknown_settings_are_named_in_order(manager):
    e = refused(manager, rake_pct="5", colour="red")
    assert (e.code, e.message_es, e.message_en) == (
        "SETTING_UNKNOWN",
        "Ajustes desconocidos: colour, rake_pct.",
        "Unknown settings: colour, rake_pct.",
    )


def test_a_change_that_changes_nothing_is_refused(manager):
    e = refused(manager, id_threshold="3000")
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "NO_CHANGES",
        "settings",
        "No hay cambios.",
        "Nothing to change.",
    )


def test_the_report_threshold_may_equal_but_not_undercut_the_identification_one(manager):
    e = refused(manager, report_threshold="2999.99")
    assert (e.code, e.field, e.message_es, e.message_en) == (
        "THRESHOLDS_ORDER",
        "report_threshold",
        "El umbral de informe no puede ser menor que el de identificación.",
        "The report threshold cannot be lower than the identification threshold.",
    )
    same = services.cage_policy_set(actor=manager, report_threshold="3000")
    assert (same.id_threshold, same.report_threshold) == (D("3000.00"), D("3000.00"))


def test_amounts_are_parsed_and_named_by_their_setting(manager):
    e = refused(manager, large_cash_threshold="12.345")
    assert (e.code, e.field) == ("AMOUNT_INVALID", "large_cash_threshold")
    e = refused(manager, note_values=["100", "x"])
    assert (e.code, e.field) == ("AMOUNT_INVALID", "note_values")
    policy = services.cage_policy_set(
        actor=manager, id_threshold="2500.5", note_values=["100", "20.5"]
    )
    policy.refresh_from_db()
    assert (policy.id_threshold, policy.note_values) == (D("2500.50"), ["100.00", "20.50"])
    off = services.cage_policy_set(actor=manager, large_cash_threshold=None, float_low_pct=10)
    assert off.large_cash_threshold is None and off.float_low_pct == 10


def test_an_unknown_policy_value_lists_the_allowed_ones(manager):
    e = refused(manager, table_cash_change_policy="sometimes")
    assert (e.code, e.field) == ("CAGE_POLICY_VALUE_INVALID", "table_cash_change_policy")
    assert e.message_es == (
        "«sometimes» no es un valor de table_cash_change_policy: exception, cage_only, allowed."
    )
    assert e.message_en == (
        "'sometimes' is not a value of table_cash_change_policy: exception, cage_only, allowed."
    )
    assert e.details == {"allowed": ["exception", "cage_only", "allowed"]}
    e = refused(manager, foreign_chips_policy="plaques")
    assert e.details == {"allowed": ["value_chips_only", "none", "all"]}


def test_a_new_version_is_new_in_time_and_author_and_audited_as_such(manager, staff):
    start = timezone.now()
    first = services.cage_policy_set(actor=manager, id_threshold="2000")
    between = timezone.now()
    second = services.cage_policy_set(actor=manager, float_low_pct=30, reason="temporada alta")
    # Each version is stamped when it is made, not with the time of the one it follows.
    assert second.pk != first.pk and first.created_at >= start
    assert second.created_at >= between > first.created_at
    assert (second.created_by, second.casino_id) == (staff["shift_manager"], first.casino_id)
    assert second.id_threshold == D("2000.00")  # carried over from the version before
    assert selectors.cage_policy(first.casino_id) == second

    events = list(AuditEvent.objects.filter(action="cage.policy.set").order_by("id"))
    assert [e.object_id for e in events] == [str(first.pk), str(second.pk)]
    assert {e.actor for e in events} == {staff["shift_manager"]}
    assert [e.reason for e in events] == ["", "temporada alta"]
    assert events[0].before is None
    assert (events[1].before["float_low_pct"], events[1].after["float_low_pct"]) == (None, 30)
    assert events[1].before["id"] == first.pk and events[1].after["id"] == second.pk


def test_only_the_settings_role_may_set_it(staff):  # GEN-04
    from casino.errors import PermissionRefused

    for who, role in (("pit_boss", Role.PIT_BOSS), ("supervisor", Role.SUPERVISOR)):
        with pytest.raises(PermissionRefused):
            services.cage_policy_set(actor=acting_as(staff[who], role), id_threshold="100")
    assert CagePolicy.objects.count() == 0
