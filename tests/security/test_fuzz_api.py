"""Hostile input: property-based fuzzing of every API operation (issue 9 §4).

Schemathesis reads the OpenAPI document the API serves (``/api/schema/``) and generates
requests for every operation, both schema-valid (positive) and schema-breaking
(negative) ones; they run in-process through Django's test client (WSGI, no network),
against a full gaming day of real records, in the roles the permission matrix allows for
each operation (and now and then an id that exists instead of a random one).

Every answer must be:

- never a 5xx;
- for a 4xx, the one error shape (``code``, ``message.es``, ``message.en``);
- for a rejected request (4xx), **no change at all** in the database: the row-level change
  log (``changes.py``) is compared before and after each request.

``MESA_FUZZ_EXAMPLES`` (per operation and mode, default 55) sets the budget; the test
asserts that at least 10,000 requests were made in total.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from typing import Any

import pytest
import schemathesis
from django.db import DatabaseError, transaction
from django.urls import Resolver404, resolve
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as budget_settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.core import NOT_SET

from casino.roles import Role
from tests.helpers import RoleClient

from .changes import ChangeDetector
from .matrix import API, Entry
from .world import build_world

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = int(os.environ.get("MESA_FUZZ_EXAMPLES", "55"))
MINIMUM_REQUESTS = 10_000
# The schema and its docs page answer the same thing whatever the input (and the
# schema takes ~0.5 s to build): a few requests are enough.
FEW = {"api-schema": 3, "api-docs": 3}


def _entries_for(path: str, method: str) -> list[Entry]:
    try:
        name = resolve(path).url_name
    except Resolver404:
        return []
    return [e for e in API if e.name == name and e.method == method]


def _roles(entries: list[Entry]) -> list[Role | None]:
    roles: set[Role | None] = set()
    for entry in entries:
        roles |= set(entry.roles)
        if entry.anonymous:
            roles.add(None)
    # Unlisted (a 404 path): everyone; a refused role is fuzzed too, rarely.
    return sorted(roles, key=lambda r: r.value if r else "") or [Role.AUDITOR]


def _request(client: Any, case: Any) -> Any:
    path = case.formatted_path
    method = case.method.lower()
    query = {k: v for k, v in (case.query or {}).items() if v is not None}
    headers = {
        f"HTTP_{k.upper().replace('-', '_')}": str(v)
        for k, v in (case.headers or {}).items()
        if k.lower() not in ("x-mesa-role", "authorization", "content-type", "content-length")
    }
    if method == "get":
        return client.get(path, query, **headers)
    body = case.body
    qs = _qs(query)
    if body is NOT_SET:
        return getattr(client, method)(path, QUERY_STRING=qs, **headers)
    media = (case.media_type or "application/json").split(";")[0]
    if media == "multipart/form-data" and isinstance(body, dict):
        from django.core.files.uploadedfile import SimpleUploadedFile

        form = {
            k: SimpleUploadedFile(k, v) if isinstance(v, bytes) else _text(v)
            for k, v in body.items()
        }
        return getattr(client, method)(path, data=form, QUERY_STRING=qs, **headers)
    if media == "application/x-www-form-urlencoded" and isinstance(body, dict):
        data: bytes | str = _qs({k: _text(v) for k, v in body.items()})
    elif isinstance(body, bytes | str) and media != "application/json":
        data = body
    else:
        data = json.dumps(body, default=_text)
        media = "application/json"
    return getattr(client, method)(path, data=data, content_type=media, QUERY_STRING=qs, **headers)


def _text(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.decode("latin-1")
    if isinstance(value, dict | list):
        return json.dumps(value, default=_text)
    return value if isinstance(value, str) else json.dumps(value)


def _qs(query: dict[str, Any]) -> str:
    from urllib.parse import urlencode

    return urlencode(query, doseq=True)


def _error_shape(response: Any) -> bool:
    if response.get("Content-Type", "").split(";")[0] != "application/json":
        return False
    try:
        body = json.loads(response.content)
    except ValueError:
        return False
    message = body.get("message") if isinstance(body, dict) else None
    return bool(
        isinstance(body, dict)
        and isinstance(body.get("code"), str)
        and isinstance(message, dict)
        and message.get("es")
        and message.get("en")
    )


def test_fuzzing_every_operation_never_fails_and_rejections_change_nothing(
    staff, casino, gaming_day, sector, settings, tmp_path
):
    # issue 9 §4: ≥ 10,000 generated requests, no 5xx, one error shape, nothing written on 4xx
    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    document = RoleClient(staff["auditor"], Role.AUDITOR).get("/api/schema/?format=json")
    assert document.status_code == 200
    schema = schemathesis.openapi.from_dict(json.loads(document.content))
    clients = {None: RoleClient()} | {r: RoleClient(staff[r.value], r) for r in Role}
    detector = ChangeDetector().install()
    stats: Counter[str] = Counter()
    problems: list[str] = []
    aborted: list[str] = []
    started = time.monotonic()
    operations = [r.ok() for r in schema.get_all_operations()]
    assert len(operations) >= 100

    for operation in operations:
        sample = operation.path.replace("{", "").replace("}", "")
        entries = _entries_for(_sample_path(operation.path), operation.method.upper())
        roles = _roles(entries)
        ids = sorted({world.id_of(e.obj) for e in entries if e.obj})
        name = entries[0].name if entries else sample
        budget = FEW.get(name, EXAMPLES)
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                strategy = operation.as_strategy(generation_mode=mode)
            except Exception as exc:  # noqa: BLE001 - reported below, never skipped silently
                # Only a NEGATIVE run of an operation whose schema has nothing to break
                # (no body, no parameters) may be without a generator (issue 16 §4).
                if mode is GenerationMode.NEGATIVE and not _has_inputs(operation):
                    stats["nothing to break"] += 1
                    continue
                problems.append(
                    f"{operation.method.upper()} {operation.path} ({mode.value}): no generator "
                    f"could be built: {type(exc).__name__}: {str(exc)[:200]}"
                )
                continue

            @budget_settings(
                max_examples=budget,
                deadline=None,
                database=None,
                derandomize=True,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(
                case=strategy,
                role=st.sampled_from(roles),
                real=st.sampled_from([None, *ids]) if ids else st.none(),
            )
            def run(case: Any, role: Role | None, real: int | None) -> None:
                if real is not None and "pk" in (case.path_parameters or {}):
                    case.path_parameters["pk"] = real
                mark = detector.mark()
                # Each request in a savepoint: a query that fails outside any transaction
                # (a number too large for a column: 400 VALUE_OUT_OF_RANGE) aborts the test's
                # own transaction, which production (autocommit) does not have.
                savepoint = transaction.savepoint()
                response = _request(clients[role], case)
                try:
                    transaction.savepoint_commit(savepoint)
                except DatabaseError:
                    transaction.savepoint_rollback(savepoint)
                    stats["database error answered"] += 1
                    aborted.append(f"{case.method} {case.formatted_path}: {response.status_code}")
                status = response.status_code
                stats["requests"] += 1
                stats[f"{status // 100}xx"] += 1
                where = (
                    f"{case.method} {case.formatted_path} as {role.value if role else 'anonymous'}"
                )
                if status >= 500:
                    problems.append(f"{where}: {status} {response.content[:300]!r}")
                elif 400 <= status < 500:
                    if not _error_shape(response):
                        problems.append(f"{where}: {status} not in the error shape")
                    changed = detector.since(mark)
                    if changed:
                        tables = sorted({f"{c.op} {c.table}" for c in changed})
                        problems.append(f"{where}: {status} but the database changed: {tables}")

            try:
                run()
            except Exception as exc:  # noqa: BLE001 - generation errors are reported, not hidden
                if "Unsatisfiable" in type(exc).__name__ or "unsatisfiable" in str(exc).lower():
                    stats["unsatisfiable"] += 1
                    continue
                raise
    elapsed = time.monotonic() - started
    print(  # the figures for docs/reliability.md
        f"\nfuzz: {stats['requests']} requests over {len(operations)} operations in {elapsed:.0f} s "
        f"({stats['requests'] / elapsed:.0f}/s): "
        + ", ".join(f"{k} {v}" for k, v in sorted(stats.items()) if k != "requests")
    )
    print("requests that hit a database error (answered, rolled back):", aborted[:5])
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])
    assert stats["requests"] >= MINIMUM_REQUESTS or EXAMPLES < 55


def _has_inputs(operation: Any) -> bool:
    """Whether the operation declares anything a negative example could break."""
    definition = operation.definition.raw if hasattr(operation, "definition") else {}
    return bool(definition.get("parameters") or definition.get("requestBody"))


def _sample_path(template: str) -> str:
    """A concrete path for a template, to find the URL name (``{pk}`` -> 1)."""
    import re

    return re.sub(r"\{[^}]+\}", "1", template)
