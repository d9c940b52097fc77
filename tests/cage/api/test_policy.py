"""The cage settings through the API (Appendix B): a new version, never an edit, and the
version in force is the one a buy-in is judged by."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from cage.models import CagePolicy, CashAlert
from casino.models import AuditEvent
from casino.roles import Role
from tests.cage.api.test_api import BUYIN, assert_error, url
from tests.helpers import make_staff

D = Decimal
POLICY = "/api/cage/policy/"


def _counts():
    return (
        CagePolicy.objects.count(),
        AuditEvent.objects.filter(action="cage.policy.set").count(),
    )


@pytest.mark.django_db
def test_a_new_version_is_what_the_next_buyin_is_judged_by(opened, staff, api):  # GEN-04
    """The shift manager lowers the identification threshold; the supervisor's next cash
    buy-in of that amount asks for the player's identification (issue 6 item 10)."""
    manager = api(staff["shift_manager"])
    before = manager.get(POLICY)
    assert before.status_code == 200, before.content
    assert (before.json()["id"], before.json()["id_threshold"]) == (None, "3000.00")

    resp = manager.post(
        POLICY, {"id_threshold": "500.00", "reason": "circular 12/2026"}, format="json"
    )
    assert resp.status_code == 201, resp.content
    body = resp.json()
    assert (body["id_threshold"], body["report_threshold"], body["created_by"]) == (
        "500.00",
        "10000.00",
        "shift_manager",
    )
    assert manager.get(POLICY).json() == body
    event = AuditEvent.objects.get(action="cage.policy.set")
    assert event.reason == "circular 12/2026"
    assert event.before is None and event.after["id_threshold"] == "500.00"

    sale = api(staff["supervisor"]).post(url(opened, "buyins"), BUYIN, format="json")
    assert sale.status_code == 201, sale.content
    codes = [w["code"] for w in sale.json()["warnings"]]
    assert "IDENTIFICATION_REQUIRED" in codes
    assert CashAlert.objects.filter(level="identify", threshold=D("500.00")).count() == 1


@pytest.mark.django_db
def test_a_later_version_keeps_the_earlier_one_and_audits_both_sides(staff, api):  # GEN-04
    manager = api(staff["shift_manager"])
    first = manager.post(POLICY, {"report_threshold": "8000"}, format="json").json()
    second = manager.post(
        POLICY, {"float_low_pct": 25, "note_values": ["100", "50", "20"]}, format="json"
    )
    assert second.status_code == 201, second.content
    now = second.json()
    # The change carries the earlier version's settings it does not name.
    assert (now["report_threshold"], now["float_low_pct"], now["note_values"]) == (
        "8000.00",
        25,
        ["100.00", "50.00", "20.00"],
    )
    assert list(CagePolicy.objects.values_list("pk", flat=True).order_by("pk")) == [
        first["id"],
        now["id"],
    ]
    assert CagePolicy.objects.get(pk=first["id"]).float_low_pct is None  # never edited
    event = AuditEvent.objects.filter(action="cage.policy.set").order_by("-id").first()
    assert event.before["float_low_pct"] is None and event.after["float_low_pct"] == 25


@pytest.mark.django_db
def test_a_version_from_a_later_time_is_not_in_force_yet(opened, staff, api):
    manager = api(staff["shift_manager"])
    later = timezone.now() + timedelta(hours=2)
    resp = manager.post(
        POLICY, {"id_threshold": "500", "effective_from": later.isoformat()}, format="json"
    )
    assert resp.status_code == 201, resp.content
    assert manager.get(POLICY).json()["id_threshold"] == "3000.00"
    sale = api(staff["supervisor"]).post(url(opened, "buyins"), BUYIN, format="json")
    assert [w["code"] for w in sale.json()["warnings"]] == []
    assert CashAlert.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({}, "NO_CHANGES", "settings"),
        ({"id_threshold": "3000.00"}, "NO_CHANGES", "settings"),
        ({"report_threshold": "1000"}, "THRESHOLDS_ORDER", "report_threshold"),
        ({"id_threshold": "0"}, "MIN_VALUE", "id_threshold"),
        ({"id_threshold": "-5"}, "MIN_VALUE", "id_threshold"),
        ({"id_threshold": "12.345"}, "MAX_DECIMAL_PLACES", "id_threshold"),
        ({"id_threshold": 1500.5}, "AMOUNT_NOT_DECIMAL_STRING", "id_threshold"),
        ({"float_low_pct": 0}, "MIN_VALUE", "float_low_pct"),
        ({"float_low_pct": 101}, "MAX_VALUE", "float_low_pct"),
        ({"return_exemption_minutes": -1}, "MIN_VALUE", "return_exemption_minutes"),
        ({"note_values": ["100", "0"]}, "MIN_VALUE", "note_values.1"),
        ({"table_cash_change_policy": "sometimes"}, "CAGE_POLICY_VALUE_INVALID", None),
        ({"foreign_chips_policy": "plaques"}, "CAGE_POLICY_VALUE_INVALID", None),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_written(staff, api, body, code, field):
    before = _counts()
    resp = api(staff["shift_manager"]).post(POLICY, body, format="json")
    err = resp.json()
    assert resp.status_code == 400, resp.content
    codes = [err["code"], *[e["code"] for e in err.get("errors", [])]]
    assert code in codes, err
    if field is not None:
        assert field in [err.get("field"), *[e.get("field") for e in err.get("errors", [])]]
    if code == "CAGE_POLICY_VALUE_INVALID":
        assert err["field"] == next(iter(body)) and err["details"]["allowed"]
        assert err["message"]["es"].startswith("«") and err["message"]["en"].startswith("'")
    assert _counts() == before


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["supervisor", "pit_boss", "cage_cashier", "auditor"])
def test_only_the_settings_role_sets_the_cage_policy(staff, api, role):  # GEN-04
    """Every role but the shift manager's is refused; the cage and the auditor read it."""
    before = _counts()
    resp = api(staff[role]).post(POLICY, {"id_threshold": "500"}, format="json")
    assert_error(resp, 403, "PERMISSION_DENIED")
    assert _counts() == before
    assert api(staff[role]).get(POLICY).status_code == 200


@pytest.mark.django_db
def test_another_casinos_policy_is_its_own(staff, api, other_casino):
    """Issue 18 §5: a group's rooms each keep their own cage settings."""
    theirs = make_staff(other_casino, "gerente_otro", Role.SHIFT_MANAGER)
    resp = api(theirs).post(POLICY, {"id_threshold": "100"}, format="json")
    assert resp.status_code == 201, resp.content
    assert api(staff["shift_manager"]).get(POLICY).json()["id_threshold"] == "3000.00"
    assert api(theirs).get(POLICY).json()["id_threshold"] == "100.00"


@pytest.mark.django_db
def test_a_retried_change_lands_once(staff, api):
    client = api(staff["shift_manager"])
    headers = {"HTTP_IDEMPOTENCY_KEY": "policy-1"}
    a = client.post(POLICY, {"id_threshold": "700"}, format="json", **headers)
    b = client.post(POLICY, {"id_threshold": "700"}, format="json", **headers)
    assert (a.status_code, b.status_code) == (201, 201)
    assert a.json() == b.json() and b.headers["Idempotent-Replayed"] == "true"
    assert CagePolicy.objects.count() == 1
