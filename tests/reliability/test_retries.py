"""Retries with the same idempotency key never double-post (issue 9 §5).

The load run's three writes (a buy-in, a colour change, a complete hand), through the
API on PostgreSQL:

- the same request sent by several clients at the very same moment, with one key (real
  threads, each with its own connection): one record, every answer the same;
- any sequence of sends and re-sends of a few keys (hypothesis): as many records as keys;
- a retry after the server failed *after* writing (the database went away before the
  commit): the first attempt left nothing, the retry lands once, a third send replays.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import OperationalError, connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cage.models import TableTransaction
from casino.models import AuditEvent, IdempotencyRecord, User
from hands.models import Hand
from tables.models import TableSession
from tests.helpers import RoleClient
from tests.security.world import build_world

THREADS = 8


def _buyin(session: int, seat: int = 7) -> tuple[str, dict[str, Any]]:
    return (
        f"/api/cage/sessions/{session}/buyins/",
        {
            "seat": seat,
            "amount": "300",
            "croupier": "croupier3",
            "cash": [{"value": "100", "count": 3}],
            "chips": [{"value": "25", "count": 12}],
            "stack_before": "0",
            "player_name": "Gema Ruiz",
        },
    )


def _change(session: int) -> tuple[str, dict[str, Any]]:
    return (
        f"/api/cage/sessions/{session}/colour-changes/",
        {
            "croupier": "croupier3",
            "chips_in": [{"value": "100", "count": 1}],
            "chips_out": [{"value": "25", "count": 4}],
            "seat": 1,
        },
    )


def _hand(session: int) -> tuple[str, dict[str, Any]]:
    # The next hand of table 10 (seats 1 and 3 play, seat 5 left): a walk to the big blind.
    return (
        "/api/hands/",
        {
            "session": session,
            "button": 1,
            "seats": [{"seat": 1, "stack": "2000"}, {"seat": 3, "stack": "500"}],
            "actions": [{"action": "fold", "seat": 1}],
        },
    )


def _rows(session: int) -> tuple[int, int, int]:
    return (
        TableTransaction.objects.filter(session_id=session).count(),
        Hand.objects.filter(session_id=session).count(),
        IdempotencyRecord.objects.count(),
    )


@pytest.fixture
def floor(staff, casino, gaming_day, sector, settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    return world.ids["session:in_play"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("request_of", [_buyin, _change, _hand], ids=["buy-in", "change", "hand"])
def test_the_same_request_sent_at_once_by_several_clients_lands_once(floor, staff, request_of):
    # issue 9 §5: 8 threads, one key, one record; every answer is the one answer
    session = floor
    path, body = request_of(session)
    before = _rows(session)
    barrier = threading.Barrier(THREADS)
    answers: list[tuple[int, Any, str | None]] = []
    errors: list[BaseException] = []
    user = User.objects.get(pk=staff["supervisor"].pk)

    def send() -> None:
        try:
            client = RoleClient(user, "supervisor")
            barrier.wait(timeout=30)
            r = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="twins-1")
            answers.append((r.status_code, r.json(), r.headers.get("Idempotent-Replayed")))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    assert len(answers) == THREADS
    assert {status for status, _b, _r in answers} == {201}, answers[0]
    assert all(b == answers[0][1] for _s, b, _r in answers)
    assert sum(1 for *_x, replayed in answers if replayed == "true") == THREADS - 1
    after = _rows(session)
    created = (after[0] - before[0]) + (after[1] - before[1])
    assert created == 1 and after[2] - before[2] == 1


@pytest.mark.django_db
def test_any_sequence_of_sends_and_resends_lands_once_per_key(floor, staff):
    # issue 9 §5: hypothesis draws which of 4 keys is (re)sent, in any order
    session = floor
    client = RoleClient(staff["supervisor"], "supervisor")
    counter = {"run": 0}

    @settings(
        max_examples=25,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(sends=st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=12))
    def run(sends: list[int]) -> None:
        counter["run"] += 1
        # Each example starts from the same floor (rolled back after it): the float pays
        # only the chips it holds (issue 12 §7), so examples must not drain it together.
        with transaction.atomic():
            before = _rows(session)[0]
            first: dict[int, Any] = {}
            for k in sends:
                path, body = _buyin(session, seat=6 + k)
                key = f"seq-{counter['run']}-{k}"
                r = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
                assert r.status_code == 201, r.json()
                if k in first:
                    assert r.json() == first[k] and r.headers["Idempotent-Replayed"] == "true"
                first[k] = r.json()
            assert _rows(session)[0] - before == len(set(sends))
            transaction.set_rollback(True)

    run()


@pytest.mark.django_db
def test_a_retry_after_the_server_failed_after_writing_lands_exactly_once(
    floor, staff, monkeypatch
):
    # issue 9 §5 and §6: the failure rolls back the record, the audit and the key together
    from cage.api import serializers

    session = floor
    client = RoleClient(staff["supervisor"], "supervisor")
    path, body = _buyin(session, seat=9)
    original = serializers.CageRecordedSerializer.of
    calls = {"n": 0}

    def fail_once(recorded: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:  # the buy-in is written, then the database goes away
            raise OperationalError("server closed the connection unexpectedly")
        return original(recorded)

    monkeypatch.setattr(serializers.CageRecordedSerializer, "of", staticmethod(fail_once))
    before = (*_rows(session), AuditEvent.objects.count())
    failed = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="after-write")
    assert failed.status_code == 503 and failed.json()["code"] == "SERVICE_UNAVAILABLE"
    assert failed.headers["Retry-After"]
    assert (*_rows(session), AuditEvent.objects.count()) == before  # nothing half-written
    retried = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="after-write")
    assert retried.status_code == 201
    again = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="after-write")
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == retried.json()
    after = _rows(session)
    assert (after[0] - before[0], after[2] - before[2]) == (1, 1)
    assert TableSession.objects.filter(pk=session).exists()
