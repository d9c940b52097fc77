"""The table's re-buy rules (OQ-27 ``rebuy_only_when_busted``, BUYIN-04 ``rebuy_amounts``).

Both are versioned table settings of the financial kind: a session plays under the
version in force when it opened (GEN-04), so a change applies from the next session.
A refused re-buy writes nothing.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.access import acting_as
from casino.errors import ValidationFailed
from casino.models import AuditEvent
from casino.roles import Role
from tables import services as tables_services
from tables.models import TableSettings
from tests.cage.conftest import chips, make_session, notes, played_down_to
from tests.casino.test_api import assert_error_shape
from tests.tables.openapi import assert_matches_schema

from .test_buyins import buy, rows

pytestmark = pytest.mark.django_db
D = Decimal


def _version(staff, table, **changes):  # type: ignore[no-untyped-def]
    return tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=table,
        reason="modelo 003",
        **changes,
    )


def _session(staff, table, gaming_day, counts, number: int = 2):  # type: ignore[no-untyped-def]
    from tests.cage.conftest import PAR

    session = make_session(table, gaming_day, staff["supervisor"], number=number)
    counts.set_opening(session, PAR)
    return session


def _rebuy(sup, session, staff, amount: str, before: str | None):  # type: ignore[no-untyped-def]
    return buy(
        sup,
        session,
        staff,
        amount,
        cash=notes(("100", int(D(amount) // 100))),
        chips=chips(("100", int(D(amount) // 100))),
        stack_before=before,
    )


def test_the_defaults_allow_any_rebuy(table):  # OQ-27 default false; BUYIN-04 optional
    settings = table.settings_at()
    assert settings.rebuy_only_when_busted is False and settings.rebuy_amounts == []


def test_oq_27_a_rebuy_only_when_the_player_is_busted(staff, table, gaming_day, counts, sup):
    _version(staff, table, rebuy_only_when_busted=True)
    playing = _session(staff, table, gaming_day, counts)  # opens under the new version
    buy(sup, playing, staff, "500")  # the first buy-in is not a re-buy
    before = rows()
    for stack in (played_down_to(playing, 3, "50"), None):
        with pytest.raises(ValidationFailed) as err:
            _rebuy(sup, playing, staff, "300", stack)
        assert err.value.code == "REBUY_ONLY_WHEN_BUSTED" and err.value.field == "stack_before"
        # issue 41 §2: the chips in hand, as money in each language ("—" when not given)
        shown = ("50,00", "50.00") if stack else ("—", "—")
        assert err.value.message_es.endswith(f"fichas ahora: {shown[0]}.")
        assert err.value.message_en.endswith(f"chips now: {shown[1]}.")
    assert rows() == before
    result = _rebuy(sup, playing, staff, "300", played_down_to(playing, 3, "0"))
    assert result.transaction.is_rebuy and result.transaction.stack_before == D("0.00")


def test_buyin_04_fixed_rebuy_amounts(staff, table, gaming_day, counts, sup):
    _version(staff, table, rebuy_amounts=[D("500"), D("200")])
    playing = _session(staff, table, gaming_day, counts)
    buy(sup, playing, staff, "300")  # the Resto (min buy-in) is not a re-buy amount
    before = rows()
    with pytest.raises(ValidationFailed) as err:
        _rebuy(sup, playing, staff, "300", played_down_to(playing, 3, "100"))
    assert err.value.code == "REBUY_AMOUNT_NOT_ALLOWED"
    assert err.value.details == {"allowed": ["200.00", "500.00"]}
    assert rows() == before
    assert _rebuy(
        sup, playing, staff, "200", played_down_to(playing, 3, "100")
    ).transaction.is_rebuy


def test_a_change_applies_from_the_next_session(staff, table, sup, session, counts, gaming_day):
    # GEN-04: financial settings from the next session; the open one keeps its version.
    from tests.cage.conftest import PAR

    counts.set_opening(session, PAR)
    _version(staff, table, rebuy_only_when_busted=True, rebuy_amounts=[D("200")])
    buy(sup, session, staff, "500")
    before = played_down_to(session, 3, "100")
    assert _rebuy(sup, session, staff, "300", before).transaction.is_rebuy  # old rules


def test_rebuy_settings_are_validated_and_audited(staff, table):
    for bad in ([D("0")], [D("100"), D("100")], [D("10.005")], [D(n) for n in range(1, 12)]):
        count = TableSettings.objects.count()
        with pytest.raises(ValidationFailed) as err:
            _version(staff, table, rebuy_amounts=bad)
        assert err.value.code == "REBUY_AMOUNTS_INVALID"
        assert TableSettings.objects.count() == count
    version = _version(staff, table, rebuy_amounts=["250", "100.5"], rebuy_only_when_busted=True)
    version.refresh_from_db()
    assert version.rebuy_amounts == ["100.50", "250.00"]
    event = AuditEvent.objects.filter(action="table.settings_change").latest("id")
    assert event.after["rebuy_amounts"] == ["100.50", "250.00"]
    assert event.before["rebuy_only_when_busted"] is False


def test_rebuy_settings_through_the_api(staff, api, table):
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    bad = manager.post(
        f"/api/tables/{table.pk}/settings/",
        {"reason": "003", "rebuy_amounts": ["200.00", "200.00"]},
        format="json",
    )
    assert bad.status_code == 400
    assert_error_shape(bad.json(), "REBUY_AMOUNTS_INVALID", "rebuy_amounts")
    ok = manager.post(
        f"/api/tables/{table.pk}/settings/",
        {"reason": "003", "rebuy_amounts": ["500.00", "200.00"], "rebuy_only_when_busted": True},
        format="json",
    )
    assert ok.status_code == 201, ok.json()
    assert_matches_schema(ok, "post")
    assert ok.json()["rebuy_amounts"] == ["200.00", "500.00"]
    assert ok.json()["rebuy_only_when_busted"] is True
