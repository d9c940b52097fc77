"""The day's evidence-chain lock is held for the last statements only (issue 18 §3).

Found profiling the load run: every audited write of a casino's day appends to one
chain under one lock held until commit; taken at the first audit event, it covered the
rest of the service, the response and the idempotency record, so the whole room's
writes queued behind it (35 req/s). Inside the API's idempotent writes the links are
now written at the end of the transaction: the same links, in the same order, in the
same transaction (GEN-09: the records stay append-only and chained).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cage.models import TableTransaction
from casino import sealing
from casino.audit import audit_record
from casino.models import AuditEvent, ChainLink
from tests.reports.scenario import ready_for_hands

pytestmark = pytest.mark.django_db


def _buyin(api: Any, staff: Any, session: Any) -> Any:
    body = {
        "seat": 7,
        "amount": "500.00",
        "croupier": "croupier",
        "cash": [{"value": "100", "count": 5}],
        "chips": [{"value": "100", "count": 5}],
        "player_name": "Ana",
    }
    return api(staff["supervisor"]).post(
        f"/api/cage/sessions/{session.pk}/buyins/",
        body,
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def test_a_buy_in_takes_the_chain_lock_last_and_links_its_records(
    staff, api, casino, gaming_day, sector
):
    # GEN-09, issue 18 §3: the buy-in and its audit event are chained, after everything
    # else the request writes (the idempotency record's answer included).
    session = ready_for_hands(staff, casino, sector, 7)
    with CaptureQueriesContext(connection) as q:
        done = _buyin(api, staff, session)
    assert done.status_code == 201, done.json()
    sqls = [x["sql"] for x in q.captured_queries]
    lock = next(
        i for i, sql in enumerate(sqls) if "pg_advisory_xact_lock" in sql and "chain" in sql
    )
    after = [s for s in sqls[lock + 1 :] if not s.startswith(("RELEASE SAVEPOINT", "COMMIT"))]
    assert len(after) == 2, after
    assert 'FROM "casino_chainlink"' in after[0] and after[1].startswith(
        'INSERT INTO "casino_chainlink"'
    ), after
    assert any(s.startswith('UPDATE "casino_idempotencyrecord"') for s in sqls[:lock])
    tx = TableTransaction.objects.get(pk=done.json()["transaction"]["id"])
    event = AuditEvent.objects.get(action="cage.buyin.record", object_id=str(tx.pk))
    last = list(ChainLink.objects.filter(gaming_day=gaming_day).order_by("-seq")[:2])[::-1]
    assert [(x.record_type, x.record_id) for x in last] == [
        ("cage.tabletransaction", str(tx.pk)),
        ("casino.auditevent", str(event.pk)),
    ]
    assert last[0].record_seal == tx.seal
    assert sealing.verify_chain(gaming_day.pk)[1] is None


def test_a_rolled_back_savepoint_leaves_no_link(staff, casino, gaming_day):
    # GEN-09: a write undone inside the transaction (a savepoint rolled back, as the
    # services do on a lost race) must not be chained when the deferred links are written.
    start = ChainLink.objects.filter(gaming_day=gaming_day).count()
    with transaction.atomic(), sealing.chain_deferred():
        kept = audit_record(
            actor=None, action="test.kept", casino_id=casino.pk, gaming_day=gaming_day
        )
        try:
            with transaction.atomic():
                audit_record(
                    actor=None, action="test.undone", casino_id=casino.pk, gaming_day=gaming_day
                )
                raise RuntimeError("lost the race")
        except RuntimeError:
            pass
        # A reader of the chain inside the transaction sees the deferred link.
        head = sealing.chain_head(gaming_day.pk)
        assert head is not None and head.record_id == str(kept.pk)
        later = audit_record(
            actor=None, action="test.later", casino_id=casino.pk, gaming_day=gaming_day
        )
    links = list(ChainLink.objects.filter(gaming_day=gaming_day).order_by("seq"))[start:]
    assert [x.record_id for x in links] == [str(kept.pk), str(later.pk)]
    assert [x.seq for x in links] == [start + 1, start + 2]
    assert sealing.verify_chain(gaming_day.pk)[1] is None
