"""Audit events, written by services in the same transaction as the change (Zulip style).

``audit_record`` is the only way to write an :class:`~casino.models.AuditEvent`.
Call it inside the service's ``transaction.atomic`` block, after the change, so
the event and the change commit or roll back together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import models

from .hotqueries import hot_insert
from .models import AuditEvent, GamingDay, canonical_json
from .sealing import chain_append

if TYPE_CHECKING:
    from .access import Actor


def snapshot(obj: models.Model, fields: list[str] | None = None) -> dict[str, Any]:
    """A JSON-safe dict of a model's concrete fields (for before/after)."""
    data: dict[str, Any] = {}
    for field in obj._meta.concrete_fields:
        if fields is not None and field.name not in fields and field.attname not in fields:
            continue
        data[field.attname] = getattr(obj, field.attname)
    return json.loads(canonical_json(data))


def audit_record(
    *,
    actor: Actor | None,
    action: str,
    obj: models.Model | None = None,
    object_type: str | None = None,
    object_id: str | int | None = None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
    gaming_day: GamingDay | None = None,
    casino_id: int | None = None,
    chain: Iterable[models.Model] = (),
) -> AuditEvent:
    """Write the event and append it (after the sealed records in ``chain``, when the
    event is the one that creates them) to its gaming day's evidence chain (issue 12 §5)."""
    if obj is not None:
        object_type = object_type or obj._meta.label_lower
        object_id = obj.pk if object_id is None else object_id
        object_repr = str(obj)[:200]
    else:
        object_repr = ""
    if casino_id is None:
        casino_id = getattr(obj, "casino_id", None) if obj is not None else None
    if casino_id is None and actor is not None:
        casino_id = actor.user.casino_id
    if gaming_day is None and obj is not None:
        gaming_day_id = getattr(obj, "gaming_day_id", None)
    else:
        gaming_day_id = gaming_day.pk if gaming_day else None
    event = AuditEvent(
        casino_id=casino_id,
        gaming_day_id=gaming_day_id,
        actor=actor.user if actor else None,
        role=actor.role.value if actor else "",
        action=action,
        object_type=object_type or "",
        object_id="" if object_id is None else str(object_id),
        object_repr=object_repr,
        before=json.loads(canonical_json(before)) if before is not None else None,
        after=json.loads(canonical_json(after)) if after is not None else None,
        reason=reason,
    )
    hot_insert([event])  # the ORM's INSERT, built once (issue 43)
    chain_append([*chain, event], gaming_day_id=event.gaming_day_id)
    return event
