"""Retries land once: ``Idempotency-Key`` for every POST that creates a record.

``idempotent(request, handler)`` runs ``handler`` (which calls one service and
returns a Response) inside one transaction with the idempotency record:
- first request with a key: the record row is inserted (its unique index makes
  a concurrent twin wait), the handler runs, its answer is stored, all commit
  together; if the handler fails nothing is stored and a retry runs again;
- a later request with the same key and the same body gets the stored answer
  (``Idempotent-Replayed: true``) and nothing new is written;
- the same key with a different body is refused with 409.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.db import transaction
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from casino.errors import Conflict, ValidationFailed
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


def idempotent(request: Request, handler: Callable[[], Response]) -> Response:
    key = request.headers.get(HEADER)
    if not key:
        return handler()
    if len(key) > 128 or not key.isprintable():
        raise ValidationFailed(
            "IDEMPOTENCY_KEY_INVALID",
            "La clave de idempotencia debe tener como máximo 128 caracteres imprimibles.",
            "The idempotency key must be at most 128 printable characters.",
            field=HEADER,
        )
    digest = _request_hash(request)
    with transaction.atomic():
        record, created = IdempotencyRecord.objects.select_for_update().get_or_create(
            user=request.user, key=key, defaults={"request_hash": digest, "path": request.path}
        )
        if not created:
            if record.request_hash != digest:
                raise Conflict(
                    "IDEMPOTENCY_KEY_REUSED",
                    "Esta clave de idempotencia ya se usó con otra solicitud.",
                    "This idempotency key was already used with a different request.",
                    field=HEADER,
                )
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
            record.save(update_fields=["status_code", "response"])
    return response
