"""Cases that kill the surviving mutants of ``casino/api/idempotency.py`` (issue 16 §1).

``make mutate MODULE=casino/api/idempotency.py`` found no test sending a malformed key
(the whole refusal could be removed) and none using two keys of one user (the key could be
dropped from the lookup). Through the API, as a client sends them.
"""

from __future__ import annotations

import pytest

from casino.models import GamingDay, IdempotencyRecord

pytestmark = pytest.mark.django_db

REFUSAL = {
    "code": "IDEMPOTENCY_KEY_INVALID",
    "message": {
        "es": "La clave de idempotencia debe tener como máximo 128 caracteres imprimibles.",
        "en": "The idempotency key must be at most 128 printable characters.",
    },
    "field": "Idempotency-Key",
}


def post_day(client, date: str, key: str):  # type: ignore[no-untyped-def]
    return client.post(
        "/api/gaming-days/", {"business_date": date}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


@pytest.mark.parametrize("key", ["k" * 129, "tab\tin-key", "line\x7fdelete"])
def test_a_malformed_key_is_refused_with_the_header_as_its_field(staff, api, key):
    """Longer than 128 characters or not printable: 400, nothing written, no record kept."""
    response = post_day(api(staff["shift_manager"]), "2026-12-01", key)
    assert response.status_code == 400
    body = response.json()
    assert {k: body[k] for k in REFUSAL} == REFUSAL
    assert not GamingDay.objects.exists()
    assert not IdempotencyRecord.objects.exists()


def test_a_key_of_exactly_128_printable_characters_is_accepted(staff, api):
    key = "k" * 128
    client = api(staff["shift_manager"])
    first = post_day(client, "2026-12-01", key)
    assert first.status_code == 201, first.json()
    again = post_day(client, "2026-12-01", key)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert GamingDay.objects.count() == 1


def test_one_user_two_keys_are_two_requests(staff, api):
    """Each key of a user stands for its own request: a second key is not the first's
    replay (nor a conflict with it), and each replays its own answer."""
    client = api(staff["shift_manager"])
    a = post_day(client, "2026-12-01", "key-a")
    assert a.status_code == 201
    client.post(f"/api/gaming-days/{GamingDay.objects.get().pk}/close/", {}, format="json")
    b = post_day(client, "2026-12-02", "key-b")
    assert b.status_code == 201, b.json()
    assert "Idempotent-Replayed" not in b.headers
    assert GamingDay.objects.count() == 2
    assert IdempotencyRecord.objects.filter(user=staff["shift_manager"]).count() == 2
    assert post_day(client, "2026-12-01", "key-a").json() == a.json()
    assert post_day(client, "2026-12-02", "key-b").json() == b.json()


def test_the_conflict_names_the_header_and_says_why(staff, api):
    client = api(staff["shift_manager"])
    post_day(client, "2026-12-01", "k-conflict")
    other = post_day(client, "2026-12-05", "k-conflict")
    assert other.status_code == 409
    body = other.json()
    assert body["field"] == "Idempotency-Key"
    assert body["message"] == {
        "es": "Esta clave de idempotencia ya se usó con otra solicitud.",
        "en": "This idempotency key was already used with a different request.",
    }
