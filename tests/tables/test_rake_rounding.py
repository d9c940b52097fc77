"""The casino's rake rounding (RAKE-07, OQ-04): a versioned casino setting that every
table's settings version carries, so each hand keeps the rounding it was judged under."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from casino.errors import PermissionRefused, ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from tables import selectors, services
from tables.models import OpsSettings, RakeRounding, TableSettings
from tests.casino.test_api import assert_error_shape

from .conftest import act, make_table
from .openapi import assert_matches_schema

pytestmark = pytest.mark.django_db
NEAREST = RakeRounding.NEAREST
DOWN = RakeRounding.DOWN_TO_MIN_CHIP
COPIED = ("variant", "ruleset", "small_blind", "big_blind", "rake_pct", "rake_cap", "min_buyin")


def _manager(staff):  # type: ignore[no-untyped-def]
    return act(staff["shift_manager"], Role.SHIFT_MANAGER)


def test_rake_07_default_is_down_to_the_min_chip(staff, table):  # RAKE-07, OQ-04
    assert selectors.ops_settings(staff["shift_manager"].casino).rake_rounding == DOWN
    assert table.settings_at().rake_rounding == DOWN


def test_oq_04_casino_rounding_reaches_every_table_as_a_new_version(
    staff, casino, chip_set, table
):  # RAKE-07, OQ-04, GEN-04
    other = make_table(casino, chip_set, number=2, rake_pct=Decimal("2.50"))
    before = {t.pk: t.settings_at() for t in (table, other)}
    events = AuditEvent.objects.count()
    ops = services.ops_settings_change(
        actor=_manager(staff), reason="redondeo a la ficha más cercana", rake_rounding=NEAREST
    )
    assert ops.rake_rounding == NEAREST and ops.version == 1
    for t in (table, other):
        now = t.settings_at()
        old = before[t.pk]
        assert now.version == old.version + 1 and now.rake_rounding == NEAREST
        assert {f: getattr(now, f) for f in COPIED} == {f: getattr(old, f) for f in COPIED}
        assert now.reason == "redondeo a la ficha más cercana"
        old.refresh_from_db()
        assert old.rake_rounding == DOWN  # the old version is untouched (append-only)
    # Audited like the other casino settings: the ops change and each table's version.
    assert AuditEvent.objects.count() == events + 3
    change = AuditEvent.objects.get(action="tables.ops_settings_change")
    assert change.before["rake_rounding"] == DOWN and change.after["rake_rounding"] == NEAREST
    per_table = AuditEvent.objects.filter(action="table.settings_change")
    assert {e.object_id for e in per_table} == {str(table.pk), str(other.pk)}
    assert all(e.after == {"rake_rounding": NEAREST} for e in per_table)
    # Changing something else writes no table version.
    services.ops_settings_change(actor=_manager(staff), reason="x", deck_rotation_minutes=90)
    assert TableSettings.objects.filter(table=table).count() == 2
    assert selectors.ops_settings(casino).rake_rounding == NEAREST  # kept in the next version


def test_oq_04_a_scheduled_table_version_keeps_its_time_and_gets_the_rounding(
    staff, table
):  # RAKE-07, GEN-04
    later = timezone.now() + timedelta(hours=2)
    services.table_settings_change(
        actor=_manager(staff),
        table=table,
        reason="nivel 2",
        effective_from=later,
        small_blind=Decimal("10"),
        big_blind=Decimal("20"),
    )
    services.ops_settings_change(actor=_manager(staff), reason="cercana", rake_rounding=NEAREST)
    now = table.settings_at()
    assert (now.big_blind, now.rake_rounding) == (Decimal("10"), NEAREST)  # blinds not moved
    future = table.settings_at(later + timedelta(minutes=1))
    assert (future.big_blind, future.rake_rounding) == (Decimal("20"), NEAREST)


def test_oq_04_new_versions_and_tables_take_the_casino_rounding(
    staff, casino, chip_set, table
):  # RAKE-07, OQ-04
    manager = _manager(staff)
    services.ops_settings_change(actor=manager, reason="cercana", rake_rounding=NEAREST)
    changed = services.table_settings_change(
        actor=manager, table=table, reason="más comisión", rake_pct=Decimal("4.00")
    )
    assert changed.rake_rounding == NEAREST
    created = services.table_create(
        actor=manager,
        number=9,
        chip_set=chip_set,
        variant="no_limit",
        small_blind=Decimal("1"),
        big_blind=Decimal("2"),
    )
    assert created.settings_at().rake_rounding == NEAREST


def test_oq_04_not_a_table_setting_and_validated(staff, table):  # RAKE-07, OQ-04
    manager = _manager(staff)
    rows = (OpsSettings.objects.count(), TableSettings.objects.count(), AuditEvent.objects.count())
    with pytest.raises(ValidationFailed) as err:
        services.ops_settings_change(actor=manager, reason="x", rake_rounding="up")
    assert (err.value.code, err.value.field) == ("RAKE_ROUNDING_INVALID", "rake_rounding")
    with pytest.raises(ValidationFailed) as err:  # scope: the casino, not a table
        services.table_settings_change(
            actor=manager, table=table, reason="x", rake_rounding=NEAREST
        )
    assert err.value.code == "UNKNOWN_SETTING"
    with pytest.raises(PermissionRefused):
        services.ops_settings_change(
            actor=act(staff["pit_boss"], Role.PIT_BOSS), reason="x", rake_rounding=NEAREST
        )
    after = (OpsSettings.objects.count(), TableSettings.objects.count(), AuditEvent.objects.count())
    assert after == rows  # refused: nothing written


def test_oq_04_rake_rounding_through_the_api(staff, api, table):  # RAKE-07, OQ-04
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    current = manager.get("/api/table-ops-settings/")
    assert current.status_code == 200 and current.json()["rake_rounding"] == DOWN
    assert_matches_schema(current)
    bad = manager.post(
        "/api/table-ops-settings/", {"reason": "x", "rake_rounding": "up"}, format="json"
    )
    assert bad.status_code == 400
    assert_error_shape(bad.json(), "RAKE_ROUNDING_INVALID", "rake_rounding")
    ok = manager.post(
        "/api/table-ops-settings/", {"reason": "cercana", "rake_rounding": "nearest"}, format="json"
    )
    assert ok.status_code == 201 and ok.json()["rake_rounding"] == NEAREST
    assert_matches_schema(ok, "post")
    # A table's new version answers with the casino's rounding it carries.
    changed = manager.post(
        f"/api/tables/{table.pk}/settings/", {"reason": "x", "rake_pct": "2.00"}, format="json"
    )
    assert changed.status_code == 201 and changed.json()["rake_rounding"] == NEAREST
    assert_matches_schema(changed, "post")
