"""Keyed seals and the gaming day's hash chain: tamper evidence a DBA cannot forge (issue 12 §5).

A seal is ``"<key_id>:<hex>"``, the HMAC-SHA256 of a record's canonical content
under a secret that lives outside the database: ``settings.MESA_SEAL_KEYS``
(``"k2:<base64>,k1:<base64>"``, the first is the current signing key) or the file
named by ``settings.MESA_SEAL_KEYS_FILE`` (the same pairs, one per line or comma
separated). Rotation: put the new key first and keep the old ones after it; new
rows are sealed with the new key, old rows verify with the key id they name.
Someone with ``psql`` but no key can change a row but cannot write a seal that
verifies, nor re-link the chain.

The chain: every sealed record (cage transactions with their lines, rake
postings, slips, signatures, audit events) is appended, in the same transaction
as the record, to its gaming day's chain::

    link n = HMAC(key, link n-1 | record type | record id | record seal)

Appends serialise per gaming day on a transaction-scoped advisory lock, so two
concurrent buy-ins land with consecutive ``seq``. ``cage.reconciliation`` walks
the chain (``verify_chain``) and each record's seal.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.db import connection, models, transaction
from django.dispatch import receiver

from .hotqueries import HotQuery, hot_insert, hot_statement
from .models import AuditEvent, ChainLink, Signature, canonical_json

SEP = ":"

# Verdicts of :func:`verify`.
OK = "ok"
ALTERED = "altered"
KEY_UNKNOWN = "key_unknown"
LEGACY = "legacy"  # an unkeyed SHA-256 of the scheme before issue 12 §5


@dataclass(frozen=True)
class Keyring:
    current_id: str
    keys: dict[str, bytes]

    def key(self, key_id: str) -> bytes | None:
        return self.keys.get(key_id)


def parse_keys(text: str) -> Keyring:
    """``"k2:<base64>,k1:<base64>"`` (or one pair a line) -> the keyring; first is current."""
    pairs = [p.strip() for chunk in text.splitlines() for p in chunk.split(",") if p.strip()]
    pairs = [p for p in pairs if not p.startswith("#")]
    if not pairs:
        raise ImproperlyConfigured("MESA_SEAL_KEYS holds no key (expected 'k1:<base64>').")
    keys: dict[str, bytes] = {}
    for pair in pairs:
        key_id, sep, secret = pair.partition(SEP)
        key_id = key_id.strip()
        if not sep or not key_id or not key_id.replace("-", "").replace("_", "").isalnum():
            raise ImproperlyConfigured(f"Seal key {key_id!r}: expected '<key_id>:<base64>'.")
        try:
            raw = base64.b64decode(secret.strip(), validate=True)
        except (binascii.Error, ValueError):
            raise ImproperlyConfigured(f"Seal key {key_id!r} is not valid base64.") from None
        if len(raw) < 16:
            raise ImproperlyConfigured(f"Seal key {key_id!r} is shorter than 16 bytes.")
        if key_id in keys:
            raise ImproperlyConfigured(f"Seal key id {key_id!r} appears twice.")
        keys[key_id] = raw
    return Keyring(current_id=next(iter(keys)), keys=keys)


def configured_keys_text() -> str:
    path = getattr(settings, "MESA_SEAL_KEYS_FILE", "") or ""
    if path:
        try:
            return Path(path).read_text()
        except OSError as exc:
            raise ImproperlyConfigured(f"MESA_SEAL_KEYS_FILE {path}: {exc}") from None
    return getattr(settings, "MESA_SEAL_KEYS", "") or ""


@lru_cache(maxsize=1)
def keyring() -> Keyring:
    return parse_keys(configured_keys_text())


@receiver(setting_changed)
def _forget_keys(*, setting: str, **kwargs: Any) -> None:
    if setting in ("MESA_SEAL_KEYS", "MESA_SEAL_KEYS_FILE"):
        keyring.cache_clear()


def _mac(key: bytes, data: bytes) -> str:
    return hmac.digest(key, data, "sha256").hex()  # one call into OpenSSL (issue 43)


def seal(payload: Any, *, key_id: str | None = None) -> str:
    """The keyed seal of ``payload`` (canonical JSON) under the current key."""
    ring = keyring()
    kid = key_id or ring.current_id
    key = ring.key(kid)
    if key is None:
        raise ImproperlyConfigured(f"No seal key {kid!r}.")
    return f"{kid}{SEP}{_mac(key, canonical_json(payload).encode())}"


def key_id_of(stored: str) -> str:
    return stored.partition(SEP)[0] if SEP in stored else ""


def verify(payload: Any, stored: str) -> str:
    """:data:`OK`, :data:`ALTERED`, :data:`KEY_UNKNOWN` or :data:`LEGACY` (unkeyed)."""
    if SEP not in (stored or ""):
        legacy = hashlib.sha256(canonical_json(payload).encode()).hexdigest()
        return LEGACY if hmac.compare_digest(legacy, stored or "") else ALTERED
    kid = key_id_of(stored)
    key = keyring().key(kid)
    if key is None:
        return KEY_UNKNOWN
    expected = f"{kid}{SEP}{_mac(key, canonical_json(payload).encode())}"
    return OK if hmac.compare_digest(expected, stored) else ALTERED


# --------------------------------------------------------------------------- what is sealed


def _utc(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat()


def audit_event_payload(e: AuditEvent) -> dict[str, Any]:
    return {
        "at": _utc(e.at),
        "casino": e.casino_id,
        "gaming_day": e.gaming_day_id,
        "actor": e.actor_id,
        "role": e.role,
        "action": e.action,
        "object_type": e.object_type,
        "object_id": e.object_id,
        "object_repr": e.object_repr,
        "before": e.before,
        "after": e.after,
        "reason": e.reason,
    }


def signature_payload(s: Signature) -> dict[str, Any]:
    return {
        "casino": s.casino_id,
        "content_type": s.content_type_id,
        "object_id": s.object_id,
        "role": s.role,
        "signer": s.signer_id,
        "recorded_by": s.recorded_by_id,
        "method": s.method,
        "signed_at": _utc(s.signed_at),
        "content_hash": s.content_hash,
    }


# Record type (``app_label.model``) -> the content its chain link vouches for. Models
# with their own ``seal`` column (cage transactions, rake postings) are linked by it;
# the others are sealed from this content when they are chained (a slip registers
# its ``signing_payload`` from cage).
PAYLOADS: dict[str, Callable[[Any], Any]] = {
    "casino.auditevent": audit_event_payload,
    "casino.signature": signature_payload,
}


def register_payload(model: type[models.Model], payload: Callable[[Any], Any]) -> None:
    PAYLOADS[model._meta.label_lower] = payload


def record_type(obj: models.Model) -> str:
    return obj._meta.label_lower


def current_record_seal(obj: models.Model, *, key_id: str | None = None) -> str:
    """The seal ``obj`` has now: its ``seal`` column, or its content sealed with ``key_id``."""
    stored = getattr(obj, "seal", None)
    if isinstance(stored, str):
        return stored
    return seal(PAYLOADS[record_type(obj)](obj), key_id=key_id)


# --------------------------------------------------------------------------- the chain


def link_hash(key: bytes, prev: str, rtype: str, rid: int | str, rseal: str) -> str:
    data = "\x1f".join((prev, rtype, str(rid), rseal)).encode()
    return _mac(key, data)


def _chain_day(obj: models.Model) -> tuple[int | None, int | None]:
    """The (casino, gaming day) whose chain ``obj`` joins: its own day, else the open one."""
    casino_id = getattr(obj, "casino_id", None)
    day_id = getattr(obj, "gaming_day_id", None)
    if day_id is None and casino_id is not None:
        from .selectors import open_gaming_days

        day_id = open_gaming_days(casino_id).values_list("pk", flat=True).first()
    return casino_id, day_id


def chain_append(records: Iterable[models.Model], *, gaming_day_id: int | None = None) -> list:
    """Append ``records`` (saved rows) to their gaming day's chain, in order.

    Called inside the service's transaction, after the rows are written, so the
    links commit or roll back with them. Records without a casino or a gaming day
    (and no open day to fall back on) are not chained.

    Inside :func:`chain_deferred` (the API's idempotent writes) the record seals are
    taken now but the links are written by :func:`chain_flush` at the end of the
    transaction, so the day's lock is held for the last statements only; the call then
    returns ``[]``.
    """
    rows = [r for r in records if r is not None]
    if not rows:
        return []
    casino_id, day_id = _chain_day(rows[0])
    if gaming_day_id is not None:
        day_id = gaming_day_id
    if casino_id is None or day_id is None:
        return []
    ring = keyring()
    items = [
        (record_type(obj), str(obj.pk), current_record_seal(obj, key_id=ring.current_id))
        for obj in rows
    ]
    pending = getattr(connection, _PENDING, None)
    if pending is not None and connection.in_atomic_block:
        # A savepoint rolled back drops this entry's on-commit marker (Django removes the
        # callbacks of a rolled-back savepoint): the flush skips what was rolled back.
        marker = _Marker()
        transaction.on_commit(marker)
        pending.append((casino_id, day_id, items, marker))
        return []
    return _write_links(casino_id, day_id, items)


class _Marker:
    """A no-op on-commit callback: present in ``connection.run_on_commit`` while the
    savepoint that queued a deferred append is alive."""

    def __call__(self) -> None:
        return None


_PENDING = "mesa_chain_pending"


# The head every audited write reads under the day's lock (issue 43: built once).
_CHAIN_HEAD = HotQuery(
    lambda day: (
        ChainLink.objects.filter(gaming_day_id=day).order_by("-seq").values_list("seq", "link")[:1]
    ),
    day=int,
)


def _write_links(casino_id: int, day_id: int, items: list[tuple[str, str, str]]) -> list:
    """Take the day's lock, read the head and write the links of ``items`` after it."""
    ring = keyring()
    key = ring.keys[ring.current_id]
    with transaction.atomic(savepoint=False):
        if connection.vendor == "postgresql":  # SQLite writes are serial already
            hot_statement(
                connection, "SELECT pg_advisory_xact_lock(hashtext(%s))", [f"mesa-chain:{day_id}"]
            )
        head = _CHAIN_HEAD.first(day=day_id)
        seq, prev = head if head else (0, "")
        links = []
        for rtype, rid, rseal in items:
            seq += 1
            link = link_hash(key, prev, rtype, rid, rseal)
            links.append(
                ChainLink(
                    casino_id=casino_id,
                    gaming_day_id=day_id,
                    seq=seq,
                    record_type=rtype,
                    record_id=rid,
                    record_seal=rseal,
                    prev=prev,
                    link=link,
                    key_id=ring.current_id,
                )
            )
            prev = link
        hot_insert(links)
    return links


@contextmanager
def chain_deferred() -> Iterator[None]:
    """Within one transaction: defer the chain's links to the end (issue 18 §3).

    Every audited write of a casino's day queues behind the day's chain lock, held
    until commit. Taken at the first audit event, the lock covered the rest of the
    service, the response and the idempotency record; deferred, it covers the head
    read, the insert of the links and the commit. Same links, same order, same
    transaction. Use it inside ``transaction.atomic()``; nested uses join the outer.
    """
    if getattr(connection, _PENDING, None) is not None:
        yield
        return
    setattr(connection, _PENDING, [])
    try:
        yield
        chain_flush()
    finally:
        setattr(connection, _PENDING, None)


def chain_flush() -> None:
    """Write the deferred links now (readers of the chain call it first), days in id
    order so two transactions take the day locks in one order."""
    pending = getattr(connection, _PENDING, None)
    if not pending:
        return
    # (savepoint ids, func, robust) since Django 3.2; the stubs still say pairs
    alive = {id(func) for _sids, func, _robust in connection.run_on_commit}  # type: ignore[misc]
    entries = [e for e in pending if id(e[3]) in alive]
    pending.clear()
    by_day: dict[int, tuple[int, list[tuple[str, str, str]]]] = {}
    for casino_id, day_id, items, _marker in entries:
        by_day.setdefault(day_id, (casino_id, []))[1].extend(items)
    for day_id in sorted(by_day):
        casino_id, items = by_day[day_id]
        _write_links(casino_id, day_id, items)


def chain_head(gaming_day_id: int) -> ChainLink | None:
    chain_flush()
    return ChainLink.objects.filter(gaming_day_id=gaming_day_id).order_by("-seq").first()


def chain_head_text(gaming_day_id: int) -> str:
    """``"n.º 42 · 3f9a…"``-style: the head's seq and its link, shortened (printed on PDFs)."""
    head = chain_head(gaming_day_id)
    return "" if head is None else f"{head.seq}·{head.link[:16]}"


@dataclass(frozen=True)
class ChainBreak:
    """The first link that does not verify, and why."""

    code: str  # "CHAIN_BROKEN" | "SEAL_KEY_UNKNOWN"
    seq: int
    record_type: str
    record_id: str
    reason: str


def verify_chain(gaming_day_id: int) -> tuple[list[ChainLink], ChainBreak | None]:
    """Walk the day's chain from seq 1: every link recomputes from its predecessor.

    Returns the links and the first break (a gap in ``seq``, a ``prev`` that is not
    the previous link, a link that does not recompute, or a key id not configured).
    """
    chain_flush()
    links = list(ChainLink.objects.filter(gaming_day_id=gaming_day_id).order_by("seq"))
    ring = keyring()
    expected_seq, prev = 1, ""
    for link in links:
        where = (link.seq, link.record_type, link.record_id)
        if link.seq != expected_seq:
            return links, ChainBreak("CHAIN_BROKEN", *where, f"gap: seq {expected_seq} missing")
        if not hmac.compare_digest(link.prev, prev):
            return links, ChainBreak("CHAIN_BROKEN", *where, "prev is not the previous link")
        key = ring.key(link.key_id)
        if key is None:
            return links, ChainBreak("SEAL_KEY_UNKNOWN", *where, f"key {link.key_id!r}")
        good = link_hash(key, link.prev, link.record_type, link.record_id, link.record_seal)
        if not hmac.compare_digest(good, link.link):
            return links, ChainBreak("CHAIN_BROKEN", *where, "link does not recompute")
        expected_seq, prev = link.seq + 1, link.link
    return links, None
