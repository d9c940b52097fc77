"""Every regulated record leaves its audit event: one test over the whole registry (issue 16 §2).

The registry of protected models (``casino.immutability.REGISTRY``: append-only
records and signed documents) is the list of what the casino keeps as evidence.
A whole room's day is played through the services with one fault of each kind planted
(``simulate_day --inject``: tables created, opened, counted and signed, packs from
delivery to return, buy-ins, changes, hands, fills and credits, closings, drop counts). Afterwards every
row of every protected model must be named by an ``AuditEvent`` (its type and id),
so a service that forgets ``audit_record`` fails here, whichever app it is in
(GEN-02, GEN-05).
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from casino.immutability import REGISTRY
from casino.models import AuditEvent

pytestmark = pytest.mark.django_db

# Rows written with their parent's event (the parent names them in its "after"), or
# that are the evidence machinery itself; each with the reason.
COVERED_ELSEWHERE = {
    "casino.auditevent": "the audit trail itself",
    "casino.chainlink": "the evidence chain links the events; it is not an event",
    "casino.signature": "a signature is audited as the signing of its document",
}


NOT_A_SUBJECT = {"casino.user", "casino.casino", "casino.gaminggay", "casino.gamingday"}


def _subjects(model, pk, depth: int = 2):  # type: ignore[no-untyped-def]
    """The records a row belongs to (its foreign keys, people and the day excepted), and
    the records those belong to (a void's confirmation belongs to the void of a slip)."""
    row = model.objects.get(pk=pk)
    out = []
    for field in model._meta.concrete_fields:
        if not field.is_relation or field.related_model is None:
            continue
        label = field.related_model._meta.label_lower
        value = getattr(row, field.attname)
        if label in NOT_A_SUBJECT or value is None:
            continue
        out.append((label, str(value)))
        if depth > 1:
            out.extend(_subjects(field.related_model, value, depth - 1))
    return out


def test_every_protected_record_has_its_audit_event():  # GEN-02, GEN-05
    call_command(
        "simulate_day",
        "--tables",
        "2",
        "--hands",
        "12",
        "--seed",
        "5",
        "--inject",
        stdout=io.StringIO(),
    )
    audited = set(AuditEvent.objects.values_list("object_type", "object_id"))
    missing: dict[str, list[int]] = {}
    checked = kinds = 0
    for protection in REGISTRY:
        if protection.kind == "frozen_with_parent":
            continue  # lines of a record: frozen with it, audited with it
        model = protection.model
        label = model._meta.label_lower
        if label in COVERED_ELSEWHERE:
            continue
        pks = list(model.objects.values_list("pk", flat=True))
        kinds += bool(pks)
        for pk in pks:
            checked += 1
            # Its own event, or the event of the record it is part of (a pack's move is
            # audited as "pack.move" on the pack, a hand's seats with the hand).
            if (label, str(pk)) in audited:
                continue
            if any(subject in audited for subject in _subjects(model, pk)):
                continue
            missing.setdefault(label, []).append(pk)
    assert checked > 200 and kinds > 15  # the day really wrote records of many kinds
    assert not missing, missing
