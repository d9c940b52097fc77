"""Integrity checks: each stored record against its keyed seal, its creating audit event
and the gaming day's evidence chain, so that a row changed, deleted or inserted behind
the application's back shows up, also when whoever did it recomputed a hash
(docs/cage.md, "Changed behind the back"; docs/reliability.md, "Tamper evidence";
issue 12 §5).
"""

from __future__ import annotations

import json
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db.models import Model

from casino import sealing
from casino.models import AuditEvent, ChainLink, GamingDay, Signature, canonical_json
from tables.models import TableSession

from .findings import EXCEPTION, Finding, Record, _tx_record
from .models import DropCount, RakeEntry, TableTransaction


def _seal_broken(verdict: str, legacy_ok: bool) -> bool:
    # An unkeyed seal of the scheme before issue 12 §5 is accepted only on a day that
    # has no evidence chain (written before the upgrade); on a chained day it is what
    # someone without the key writes after recomputing the hash "the way the code does".
    return verdict == sealing.ALTERED or (verdict == sealing.LEGACY and not legacy_ok)


def _key_unknown(what: str, record: Record, ctx: dict[str, Any], key_id: str) -> Finding:
    return Finding(
        "SEAL_KEY_UNKNOWN",
        EXCEPTION,
        f"{record.type} #{record.id}: su sello nombra la clave «{key_id}», que no está "
        "configurada: no se puede verificar.",
        f"{record.type} #{record.id}: its seal names key '{key_id}', which is not configured: "
        "it cannot be verified.",
        detail=what,
        records=(record,),
        **ctx,
    )


# What the creating audit event of a record says about it (its "after") must be what
# the row says now (issue 12 §5): the money and chips of a transaction, a rake's amount.
AUDITED_TX_FIELDS = ("kind", "sign", "amount", "chips", "cash", "source", "seat", "session")
AUDITED_RAKE_FIELDS = ("sign", "amount", "hand_number", "session")


def _creating_events(
    model: type[Model], ids: list[int], actions: tuple[str, ...]
) -> dict[str, Any]:
    events = AuditEvent.objects.filter(
        object_type=model._meta.label_lower, object_id__in=[str(i) for i in ids]
    ).values_list("object_id", "action", "after")
    return {
        oid: after
        for oid, action, after in events
        if action.rsplit(".", 1)[-1] in actions and isinstance(after, dict)
    }


def _audit_mismatch(
    payload: dict[str, Any], after: dict[str, Any] | None, fields: tuple[str, ...]
) -> list[str]:
    if after is None:
        return []  # no creating event: RECORD_UNAUDITED says so (day level)
    row = json.loads(canonical_json(payload))
    return [f for f in fields if f in after and after[f] != row.get(f)]


def _mismatch_finding(record: Record, what: str, diff: list[str], ctx: dict[str, Any]) -> Finding:
    names = ", ".join(diff)
    return Finding(
        "AUDIT_MISMATCH",
        EXCEPTION,
        f"{record.type} #{record.id}: el registro no coincide con su evento de auditoría "
        f"({names}).",
        f"{record.type} #{record.id}: the record does not match its audit event ({names}).",
        detail=what,
        records=(record,),
        **ctx,
    )


def session_integrity_findings(
    session: TableSession, txs: list[TableTransaction], ctx: dict[str, Any]
) -> list[Finding]:
    """Keyed seals and creating audit events against the stored rows (issue 12 §5)."""
    findings = []
    sealing.chain_flush()  # links deferred in this transaction count (issue 18 §3)
    legacy_ok = not ChainLink.objects.filter(gaming_day_id=session.gaming_day_id).exists()
    tx_after = _creating_events(TableTransaction, [tx.pk for tx in txs], ("record", "reverse"))
    for tx in txs:
        chips, cash = list(tx.chip_lines.all()), list(tx.cash_lines.all())
        payload = tx.seal_payload(chips, cash)
        verdict = sealing.verify(payload, tx.seal)
        if verdict == sealing.KEY_UNKNOWN:
            findings.append(
                _key_unknown(
                    f"transaction#{tx.pk}", _tx_record(tx), ctx, sealing.key_id_of(tx.seal)
                )
            )
        diff = _audit_mismatch(payload, tx_after.get(str(tx.pk)), AUDITED_TX_FIELDS)
        if diff:
            findings.append(_mismatch_finding(_tx_record(tx), f"transaction#{tx.pk}", diff, ctx))
        if _seal_broken(verdict, legacy_ok):
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"La transacción #{tx.pk} ({tx.kind}) fue modificada fuera de la aplicación: "
                    "su contenido no coincide con su sello.",
                    f"Transaction #{tx.pk} ({tx.kind}) was changed outside the application: its "
                    "content does not match its seal.",
                    detail=f"transaction#{tx.pk}",
                    records=(_tx_record(tx),),
                    **ctx,
                )
            )
    entries = list(RakeEntry.objects.filter(session=session))
    rake_after = _creating_events(RakeEntry, [e.pk for e in entries], ("post", "reverse"))
    for e in entries:
        rec = Record("rake", e.pk, f"hand {e.hand_number}")
        verdict = e.seal_verdict()
        if verdict == sealing.KEY_UNKNOWN:
            findings.append(_key_unknown(f"rake#{e.pk}", rec, ctx, sealing.key_id_of(e.seal)))
        diff = _audit_mismatch(e.seal_payload(), rake_after.get(str(e.pk)), AUDITED_RAKE_FIELDS)
        if diff:
            findings.append(_mismatch_finding(rec, f"rake#{e.pk}", diff, ctx))
        if _seal_broken(verdict, legacy_ok):
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"La comisión de la mano {e.hand_number} fue modificada fuera de la aplicación.",
                    f"The rake of hand {e.hand_number} was changed outside the application.",
                    detail=f"rake#{e.pk}",
                    records=(Record("rake", e.pk, f"hand {e.hand_number}"),),
                    **ctx,
                )
            )
    ct = ContentType.objects.get_for_model(DropCount)
    for count in DropCount.objects.filter(session=session):
        hashes = set(
            Signature.objects.filter(content_type=ct, object_id=count.pk).values_list(
                "content_hash", flat=True
            )
        )
        if hashes != {count.signing_hash()}:
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"El conteo de drop #{count.pk} no coincide con lo firmado.",
                    f"Drop count #{count.pk} does not match what was signed.",
                    detail=f"drop_count#{count.pk}",
                    records=(Record("drop_count", count.pk, str(count.counter)),),
                    **ctx,
                )
            )
    return findings


# --------------------------------------------------------------------------- the day


def audit_trail_findings(gaming_day: GamingDay) -> list[Finding]:
    """Every cage record has its audit event and every audit event its record."""
    findings = []
    for model, actions in (
        (TableTransaction, ("record", "reverse")),
        (RakeEntry, ("post", "reverse")),
    ):
        label = model._meta.label_lower
        events = AuditEvent.objects.filter(gaming_day=gaming_day, object_type=label).values_list(
            "object_id", "action", "after"
        )
        audited: dict[str, Any] = {}
        for object_id, action, after in events:
            if action.rsplit(".", 1)[-1] in actions:
                audited[object_id] = after
        stored = {
            str(pk): pk
            for pk in model.objects.filter(gaming_day=gaming_day).values_list("pk", flat=True)
        }
        for object_id in sorted(
            set(audited) - set(stored), key=lambda x: int(x) if x.isdigit() else 0
        ):
            after = audited[object_id] or {}
            findings.append(
                Finding(
                    "RECORD_MISSING",
                    EXCEPTION,
                    f"{model._meta.verbose_name} #{object_id} figura en la auditoría pero ya no "
                    "está en los libros.",
                    f"{model._meta.model_name} #{object_id} is in the audit trail but no longer in "
                    "the books.",
                    session=after.get("session"),
                    table=None,
                    amount=Decimal(after["amount"]) if after.get("amount") else None,
                    detail=f"{model._meta.model_name}#{object_id}",
                    records=(Record(str(model._meta.model_name), object_id, "audit"),),
                )
            )
        for object_id in sorted(set(stored) - set(audited), key=int):
            findings.append(
                Finding(
                    "RECORD_UNAUDITED",
                    EXCEPTION,
                    f"{model._meta.verbose_name} #{object_id} no tiene evento de auditoría: se "
                    "escribió fuera de la aplicación.",
                    f"{model._meta.model_name} #{object_id} has no audit event: it was written "
                    "outside the application.",
                    detail=f"{model._meta.model_name}#{object_id}",
                    records=(Record(str(model._meta.model_name), int(object_id)),),
                )
            )
    return findings


# --------------------------------------------------------------------------- the chain

# Record types of the chain -> (the name findings give them, the name of their detail).
CHAINED = {
    "cage.tabletransaction": ("transaction", "transaction"),
    "cage.rakeentry": ("rake", "rake"),
    "cage.slip": ("slip", "slip"),
    "casino.signature": ("signature", "signature"),
    "casino.auditevent": ("audit_event", "auditevent"),
}
# Rows of the day that must each have a link (signatures belong to a document's day).
MUST_BE_CHAINED = ("cage.tabletransaction", "cage.rakeentry", "cage.slip", "casino.auditevent")


def _chain_record(rtype: str, rid: int | str, label: str = "") -> Record:
    name = CHAINED.get(rtype, (rtype, rtype))[0]
    return Record(name, int(rid) if str(rid).isdigit() else rid, label)


def _broken_link_finding(broken: sealing.ChainBreak) -> Finding:
    """The first link that does not recompute, or that names a key not configured."""
    rec = _chain_record(broken.record_type, broken.record_id, f"seq {broken.seq}")
    if broken.code == "SEAL_KEY_UNKNOWN":
        return Finding(
            "SEAL_KEY_UNKNOWN",
            EXCEPTION,
            f"Cadena de la jornada, eslabón {broken.seq}: nombra una clave que no está "
            f"configurada ({broken.reason}); no se puede verificar desde ahí.",
            f"The day's chain, link {broken.seq}: it names a key that is not configured "
            f"({broken.reason}); it cannot be verified from there on.",
            detail=f"chain#{broken.seq}",
            records=(rec,),
        )
    return Finding(
        "CHAIN_BROKEN",
        EXCEPTION,
        f"La cadena de evidencia de la jornada se rompe en el eslabón {broken.seq} "
        f"({rec.type} #{rec.id}): {broken.reason}.",
        f"The day's evidence chain breaks at link {broken.seq} "
        f"({rec.type} #{rec.id}): {broken.reason}.",
        detail=f"chain#{broken.seq}",
        records=(rec,),
    )


def _linked_record_findings(rtype: str, type_links: list[ChainLink]) -> list[Finding]:
    """Each record of one type against its link: missing from the books, or altered."""
    findings: list[Finding] = []
    model = apps.get_model(rtype)
    ids = [int(link.record_id) for link in type_links if link.record_id.isdigit()]
    qs = model.objects.filter(pk__in=ids)
    if rtype == "cage.tabletransaction":
        qs = qs.prefetch_related("chip_lines", "cash_lines")
    rows = {str(obj.pk): obj for obj in qs}
    name, detail_name = CHAINED.get(rtype, (rtype, rtype))
    for link in type_links:
        rec = _chain_record(rtype, link.record_id, f"seq {link.seq}")
        obj = rows.get(link.record_id)
        if obj is None:
            findings.append(
                Finding(
                    "RECORD_MISSING",
                    EXCEPTION,
                    f"{name} #{link.record_id} está en la cadena de la jornada (eslabón "
                    f"{link.seq}) pero ya no está en los libros.",
                    f"{name} #{link.record_id} is in the day's chain (link {link.seq}) but "
                    "no longer in the books.",
                    detail=f"{model._meta.model_name}#{link.record_id}",
                    records=(rec,),
                )
            )
            continue
        if sealing.keyring().key(link.key_id) is None:
            continue  # SEAL_KEY_UNKNOWN above
        if sealing.current_record_seal(obj, key_id=link.key_id) != link.record_seal:
            findings.append(
                Finding(
                    "RECORD_ALTERED",
                    EXCEPTION,
                    f"{name} #{link.record_id} fue modificado fuera de la aplicación: no es "
                    f"lo que su eslabón {link.seq} de la cadena garantiza.",
                    f"{name} #{link.record_id} was changed outside the application: it is "
                    f"not what its chain link {link.seq} vouches for.",
                    detail=f"{detail_name}#{link.record_id}",
                    records=(rec,),
                )
            )
    return findings


def _unchained_findings(gaming_day: GamingDay, linked: dict[str, set[str]]) -> list[Finding]:
    """Rows of the day that must each have a link and have none."""
    findings: list[Finding] = []
    for rtype in MUST_BE_CHAINED:
        model = apps.get_model(rtype)
        ids = model.objects.filter(gaming_day=gaming_day).values_list("pk", flat=True)
        name, _detail = CHAINED[rtype]
        for pk in sorted(ids):
            if str(pk) in linked[rtype]:
                continue
            findings.append(
                Finding(
                    "UNCHAINED",
                    EXCEPTION,
                    f"{name} #{pk} no está en la cadena de evidencia de la jornada: se escribió "
                    "fuera de la aplicación o se borró su eslabón.",
                    f"{name} #{pk} is not in the day's evidence chain: it was written outside "
                    "the application or its link was deleted.",
                    detail=f"{model._meta.model_name}#{pk}",
                    records=(_chain_record(rtype, pk),),
                )
            )
    return findings


def evidence_chain_findings(gaming_day: GamingDay) -> list[Finding]:
    """The day's hash chain, each linked record against its link, and rows without one.

    - ``CHAIN_BROKEN``: the first link that does not recompute from its predecessor
      with the key it names (or a gap in ``seq``), with the record it links;
    - ``SEAL_KEY_UNKNOWN``: a link (or a seal) names a key that is not configured;
    - ``RECORD_MISSING``: a link points at a record no longer in the books;
    - ``RECORD_ALTERED``: a record whose content (or seal) is not what its link vouches for;
    - ``UNCHAINED``: a row of the day with no link (written outside the application,
      or its link deleted).
    """
    findings: list[Finding] = []
    links, broken = sealing.verify_chain(gaming_day.pk)
    if broken is not None:
        findings.append(_broken_link_finding(broken))
    by_type: dict[str, list[ChainLink]] = defaultdict(list)
    for link in links:
        by_type[link.record_type].append(link)
    linked: dict[str, set[str]] = defaultdict(set)
    for rtype, type_links in by_type.items():
        linked[rtype].update(link.record_id for link in type_links)
        findings.extend(_linked_record_findings(rtype, type_links))
    # Rows of the day without a link. A day written before the chain existed has no
    # links and only unkeyed seals: nothing to expect there.
    keyed = any(
        sealing.SEP in s
        for model in (TableTransaction, RakeEntry)
        for s in model.objects.filter(gaming_day=gaming_day).values_list("seal", flat=True)
    )
    if not links and not keyed:
        return findings
    findings.extend(_unchained_findings(gaming_day, linked))
    return findings
