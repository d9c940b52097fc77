"""Retries with the same Idempotency-Key land once (STYLE, issue 9 §5)."""

from __future__ import annotations

import pytest

from casino.models import AuditEvent, GamingDay

pytestmark = pytest.mark.django_db


def test_same_key_same_body_replays_without_writing(staff, api):
    client = api(staff["shift_manager"])
    first = client.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-01"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k1",
    )
    assert first.status_code == 201
    audit = AuditEvent.objects.count()
    second = client.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-01"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k1",
    )
    assert second.status_code == 201
    assert second.json() == first.json()
    assert second.headers["Idempotent-Replayed"] == "true"
    assert GamingDay.objects.count() == 1
    assert AuditEvent.objects.count() == audit


def test_same_key_other_body_is_a_conflict(staff, api):
    client = api(staff["shift_manager"])
    client.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-01"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k2",
    )
    other = client.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-05"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k2",
    )
    assert other.status_code == 409
    assert other.json()["code"] == "IDEMPOTENCY_KEY_REUSED"


def test_a_refused_request_stores_no_key_and_can_be_retried(staff, api):
    client = api(staff["shift_manager"])
    bad = client.post(
        "/api/gaming-days/", {"business_date": "x"}, format="json", HTTP_IDEMPOTENCY_KEY="k3"
    )
    assert bad.status_code == 400
    good = client.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-01"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k4",
    )
    assert good.status_code == 201


def test_a_key_belongs_to_its_user_two_users_one_key(staff, api, casino):
    # issue 16 §2 (a class of miss): every idempotency test used one user. A key is the
    # user's: another user sending the same key gets their own answer, never the first
    # user's stored response, and is not refused as a reused key.
    from casino.roles import Role
    from tests.helpers import make_staff

    first_manager = api(staff["shift_manager"])
    second = make_staff(casino, "gerente_b", Role.SHIFT_MANAGER)
    second_manager = api(second)
    a = first_manager.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-01"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="shared-key",
    )
    assert a.status_code == 201
    day_a = GamingDay.objects.get()
    first_manager.post(f"/api/gaming-days/{day_a.pk}/close/", {}, format="json")
    b = second_manager.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-02"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="shared-key",
    )
    assert b.status_code == 201, b.json()
    assert "Idempotent-Replayed" not in b.headers
    assert b.json() != a.json()
    assert GamingDay.objects.filter(business_date="2026-12-02").exists()
    again = second_manager.post(
        "/api/gaming-days/",
        {"business_date": "2026-12-02"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="shared-key",
    )
    assert again.json() == b.json() and again.headers["Idempotent-Replayed"] == "true"
