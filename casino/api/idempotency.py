"""Retries land once: ``Idempotency-Key`` for every POST that creates a record.

``idempotent(request, handler)`` runs ``handler`` (which calls one service and
returns a Response) inside one transaction with the idempotency record:
- first request with a key: the record row is inserted (its unique index makes
  a concurrent twin wait), the handler runs, its answer is stored, all commit
  together; if the handler fails nothing is stored and a retry runs again;
  the key is claimed in one statement (``_claim``), so a first request pays one
  round trip for it, not four (issue 18 §3);
- a later request with the same key and the same body gets the stored answer
  (``Idempotent-Replayed: true``) and nothing new is written;
- the same key with a different body is refused with 409.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.db import connections, router
from django.db.models import Field
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from casino.access import signed_in
from casino.atomic import request_transaction
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.hotqueries import hot_update
from casino.models import IdempotencyRecord, canonical_json
from casino.sealing import chain_deferred

HEADER = "Idempotency-Key"


def _request_hash(request: Request) -> str:
    try:
        body = canonical_json(request.data)
    except (TypeError, ValueError):
        body = repr(request.data)
    raw = f"{request.method} {request.path}\n{body}"
    return hashlib.sha256(raw.encode()).hexdigest()


def _column(name: str) -> str:
    """The column of one of the record's own fields (never a reverse relation)."""
    field = IdempotencyRecord._meta.get_field(name)
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"IdempotencyRecord.{name} has no column")
    return field.column


def _claim(user_id: int, key: str, digest: str, path: str) -> tuple[IdempotencyRecord, bool]:
    """The key's record, and whether this request has just created it.

    ``INSERT ... ON CONFLICT DO NOTHING RETURNING``: one statement where a first request
    used to pay four (a locking read, a savepoint, the insert, its release). The unique
    index on (user, key) decides a race as before: a twin in flight makes the insert wait
    until it commits (nothing is inserted, and the read below sees its record) or rolls
    back (the row is inserted). Both PostgreSQL and SQLite (3.35+) take this statement.
    """
    db = router.db_for_write(IdempotencyRecord)
    connection = connections[db]
    q = connection.ops.quote_name
    meta = IdempotencyRecord._meta
    columns = [_column(name) for name in ("user", "key", "request_hash", "path", "created_at")]
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {q(meta.db_table)} ({', '.join(q(c) for c in columns)}) "  # noqa: S608 - names from the model
            f"VALUES (%s, %s, %s, %s, %s) ON CONFLICT ({q(columns[0])}, {q(columns[1])}) "
            f"DO NOTHING RETURNING {q(_column(meta.pk.name))}",
            [
                user_id,
                key,
                digest,
                path,
                meta.get_field("created_at").get_db_prep_value(now, connection),
            ],
        )
        row = cursor.fetchone()
    if row is not None:
        record = IdempotencyRecord(
            pk=row[0], user_id=user_id, key=key, request_hash=digest, path=path, created_at=now
        )
        record._state.adding, record._state.db = False, db
        return record, True
    return IdempotencyRecord.objects.select_for_update().get(user_id=user_id, key=key), False


def idempotent(request: Request, handler: Callable[[], Response]) -> Response:
    key = request.headers.get(HEADER)
    if not key:
        return handler()
    if len(key) > 128 or not key.isprintable():
        raise DomainError.of(CasinoCode.IDEMPOTENCY_KEY_INVALID, field=HEADER)
    digest = _request_hash(request)
    # The request's one transaction (a view that checked access under the session lock
    # opened it already): the services inside take no savepoint (issue 43).
    with request_transaction():
        record, created = _claim(signed_in(request.user).pk, key, digest, request.path)
        if not created:
            if record.request_hash != digest:
                raise DomainError.of(CasinoCode.IDEMPOTENCY_KEY_REUSED, field=HEADER)
            return Response(
                record.response,
                status=record.status_code or 200,
                headers={"Idempotent-Replayed": "true"},
            )
        # Issue 18 §3: the day's evidence chain is appended last, so its lock (every audited
        # write of the casino's day waits for it) is held only for the links and the commit.
        with chain_deferred():
            response = handler()
            record.status_code = response.status_code
            record.response = json.loads(JSONRenderer().render(response.data) or b"null")
            hot_update(record, ["status_code", "response"])
            # The answer sent is the one stored, as a replay sends it: rendered once from
            # plain JSON values (issue 43: not its decimals and dates a second time).
            response.data = record.response
    return response
