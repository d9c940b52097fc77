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
