"""Tamper evidence that survives someone with database access (issue 12 §5).

The attacker is the DBA: psql as the database owner, the triggers switched off, every
row rewritten consistently and its seal recomputed — but no seal key, which lives
outside the database (casino/sealing.py). ``reconcile_day --json`` must name what
they did: the keyed seal (RECORD_ALTERED), the creating audit event (AUDIT_MISMATCH),
the gaming day's evidence chain (CHAIN_BROKEN, RECORD_MISSING, UNCHAINED) and keys
that are not configured (SEAL_KEY_UNKNOWN).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json
import re
import threading
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test import override_settings

from cage import services
from cage.models import CashLine, ChipLine, RakeEntry, TableTransaction
from casino import sealing
from casino.access import acting_as
from casino.models import AuditEvent, ChainLink, canonical_json
from casino.roles import Role
from tables.models import DealerChange
from tests.cage.conftest import make_session, make_table
from tests.pg_roles import as_owner

D = Decimal
INTEGRITY = {
    "RECORD_ALTERED",
    "RECORD_MISSING",
    "RECORD_UNAUDITED",
    "AUDIT_MISMATCH",
    "CHAIN_BROKEN",
    "UNCHAINED",
    "SEAL_KEY_UNKNOWN",
}


def _key(text: str) -> str:
    return base64.b64encode(text.encode().ljust(32, b"!")).decode()


K1 = f"k1:{_key('first-seal-key')}"
K2 = f"k2:{_key('second-seal-key')}"


def on_duty(session, croupier, supervisor) -> None:
    """The croupier deals the session (a dealer change is the event that says so)."""
    DealerChange.objects.create(
        casino=session.casino,
        session=session,
        gaming_day=session.gaming_day,
        incoming=croupier,
        recorded_by=supervisor,
        role=Role.SUPERVISOR.value,
    )


@pytest.fixture
def duty(session, staff):
    on_duty(session, staff["croupier"], staff["supervisor"])
    return session


def buy_in(staff, session, *, seat: int = 1, amount: int = 500, croupier=None):
    """A cash buy-in of ``amount`` in 100 notes for 100 chips, as the session's supervisor."""
    n = amount // 100
    return services.buyin_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        seat=seat,
        amount=str(amount),
        croupier=croupier or staff["croupier"],
        player_name=f"Jugador {seat}",
        cash=[{"value": "100", "count": n}],
        chips=[("100", n)],
    ).transaction


def as_dba(*statements: tuple[str, list]) -> None:
    """What the insider with psql as the database owner does: switch the guard trigger of
    each table off (the owner may), rewrite the rows, switch it back on."""
    tables = sorted({re.search(r'(?:UPDATE|FROM) "(\w+)"', sql).group(1) for sql, _ in statements})
    with transaction.atomic():
        # The test's own rows are not committed: their deferred checks run first.
        as_owner("SET CONSTRAINTS ALL IMMEDIATE")
        for table in tables:
            as_owner(f'ALTER TABLE "{table}" DISABLE TRIGGER "{table}_mesa_guard"')
        for sql, params in statements:
            as_owner(sql, params)
        for table in tables:
            as_owner(f'ALTER TABLE "{table}" ENABLE TRIGGER "{table}_mesa_guard"')


def reconcile_json(gaming_day) -> dict:
    out = io.StringIO()
    try:
        call_command("reconcile_day", "--json", stdout=out)
    except SystemExit as exit_:
        assert exit_.code == 1  # not balanced
    data = json.loads(out.getvalue())
    assert data["gaming_day_id"] == gaming_day.pk
    return data


def integrity(data: dict) -> list[dict]:
    return [f for f in data["findings"] if f["kind"] in INTEGRITY]


def naming(findings: list[dict], kind: str, rtype: str, rid: int) -> list[dict]:
    return [
        f
        for f in findings
        if f["kind"] == kind and any(r["type"] == rtype and r["id"] == rid for r in f["records"])
    ]


def rewrite_buyin_500_to_400(tx: TableTransaction, seal_of) -> None:
    """The DBA's edit: amount, chip line and cash line, then a seal ``seal_of(payload)``."""
    as_dba(
        ('UPDATE "cage_tabletransaction" SET "amount" = 400 WHERE "id" = %s', [tx.pk]),
        ('UPDATE "cage_chipline" SET "count" = 4 WHERE "transaction_id" = %s', [tx.pk]),
        ('UPDATE "cage_cashline" SET "count" = 4 WHERE "transaction_id" = %s', [tx.pk]),
    )
    row = TableTransaction.objects.get(pk=tx.pk)
    payload = row.seal_payload(
        list(ChipLine.objects.filter(transaction=row)),
        list(CashLine.objects.filter(transaction=row)),
    )
    as_dba(
        (
            'UPDATE "cage_tabletransaction" SET "seal" = %s WHERE "id" = %s',
            [seal_of(payload), tx.pk],
        )
    )


def old_unkeyed_seal(payload) -> str:
    # The seal as the code computed it before issue 12 §5: SHA-256 of the canonical row.
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


def guessed_key_seal(payload) -> str:
    # The seal format is known; the key is not: a guessed key under the current key id.
    mac = hmac.new(b"mesa-seal-key-guess", canonical_json(payload).encode(), hashlib.sha256)
    return f"test1:{mac.hexdigest()}"


@pytest.mark.django_db
@pytest.mark.parametrize("seal_of", [old_unkeyed_seal, guessed_key_seal], ids=["unkeyed", "guess"])
def test_dba_rewrites_a_buyin_500_to_400_and_is_named(duty, staff, gaming_day, seal_of):
    # issue 12 §5: "changed a buy-in from 500 to 400 (its chip and cash lines too),
    # recomputed the seal the way the code does, and reconcile_day found nothing".
    other = buy_in(staff, duty, seat=2, amount=300)
    tx = buy_in(staff, duty, seat=1, amount=500)
    assert tx.seal.startswith("test1:")  # keyed, with its key id
    rewrite_buyin_500_to_400(tx, seal_of)
    row = TableTransaction.objects.get(pk=tx.pk)
    assert row.amount == D("400") and ChipLine.objects.get(transaction=row).count == 4
    findings = integrity(reconcile_json(gaming_day))
    assert naming(findings, "RECORD_ALTERED", "transaction", tx.pk)
    mismatch = naming(findings, "AUDIT_MISMATCH", "transaction", tx.pk)
    assert mismatch and "amount" in mismatch[0]["message"]["en"]
    assert "chips" in mismatch[0]["message"]["en"] and mismatch[0]["message"]["es"]
    assert not any(r["id"] == other.pk for f in findings for r in f["records"])  # only that one


@pytest.mark.django_db
def test_rewriting_the_audit_event_too_breaks_its_link(duty, staff, gaming_day):
    # issue 12 §5: the insider also edits the buy-in's audit event so the two agree.
    tx = buy_in(staff, duty, amount=500)
    rewrite_buyin_500_to_400(tx, old_unkeyed_seal)
    event = AuditEvent.objects.get(object_type="cage.tabletransaction", object_id=str(tx.pk))
    after = {**event.after, "amount": "400.00"}
    as_dba(
        (
            'UPDATE "casino_auditevent" SET "after" = %s WHERE "id" = %s',
            [json.dumps(after), event.pk],
        )
    )
    findings = integrity(reconcile_json(gaming_day))
    assert naming(findings, "RECORD_ALTERED", "transaction", tx.pk)
    assert naming(findings, "RECORD_ALTERED", "audit_event", event.pk)


@pytest.mark.django_db
def test_a_deleted_buyin_is_missing_and_a_deleted_link_breaks_the_chain(duty, staff, gaming_day):
    # issue 12 §5: deleting a row -> RECORD_MISSING; deleting its link too -> CHAIN_BROKEN.
    first = buy_in(staff, duty, seat=1)
    victim = buy_in(staff, duty, seat=2)
    buy_in(staff, duty, seat=3)
    as_dba(
        ('DELETE FROM "cage_cashline" WHERE "transaction_id" = %s', [victim.pk]),
        ('DELETE FROM "cage_chipline" WHERE "transaction_id" = %s', [victim.pk]),
        ('DELETE FROM "cage_tabletransaction" WHERE "id" = %s', [victim.pk]),
    )
    findings = integrity(reconcile_json(gaming_day))
    assert [f["detail"] for f in findings if f["kind"] == "RECORD_MISSING"] == [
        f"tabletransaction#{victim.pk}"
    ]
    assert not [f for f in findings if f["kind"] == "CHAIN_BROKEN"]  # the chain itself holds
    link = ChainLink.objects.get(record_type="cage.tabletransaction", record_id=str(victim.pk))
    as_dba(('DELETE FROM "casino_chainlink" WHERE "id" = %s', [link.pk]))
    findings = integrity(reconcile_json(gaming_day))
    broken = [f for f in findings if f["kind"] == "CHAIN_BROKEN"]
    assert len(broken) == 1 and broken[0]["detail"] == f"chain#{link.seq + 1}"  # the first bad seq
    assert f"seq {link.seq} missing" in broken[0]["message"]["en"]
    assert broken[0]["records"][0]["type"]  # the record the first bad link links
    missing = [f["detail"] for f in findings if f["kind"] == "RECORD_MISSING"]
    assert missing == [f"tabletransaction#{victim.pk}"]  # still named, by its audit event
    assert not naming(findings, "RECORD_ALTERED", "transaction", first.pk)


@pytest.mark.django_db
def test_a_row_inserted_by_the_dba_is_unchained(duty, staff, gaming_day):
    # issue 12 §5: a row without a link is UNCHAINED (written outside the application).
    tx = buy_in(staff, duty)
    columns = (
        "casino_id, gaming_day_id, table_id, session_id, kind, sign, reason, recorded_at, "
        "croupier_id, approved_by_id, approved_role, seat, player_name, amount, source, "
        "is_rebuy, exemption_applied, override_reason, large_cash_handling, hand_ref, seal"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "cage_tabletransaction" (ref, {columns}) SELECT gen_random_uuid(), '  # noqa: S608
            f"{columns} FROM cage_tabletransaction WHERE id = %s RETURNING id",
            [tx.pk],
        )
        (copy_id,) = cursor.fetchone()
    findings = integrity(reconcile_json(gaming_day))
    assert naming(findings, "UNCHAINED", "transaction", copy_id)
    assert naming(findings, "RECORD_ALTERED", "transaction", copy_id)  # its ref is not sealed


@pytest.mark.django_db
def test_a_clean_day_has_no_integrity_finding(duty, staff, gaming_day, pit):
    # issue 12 §5: nothing tampered -> no finding; every record of the day is linked in order.
    buy_in(staff, duty, seat=1)
    buy_in(staff, duty, seat=2, amount=300)
    services.rake_post(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=duty,
        hand_number=1,
        amount="9",
    )
    assert integrity(reconcile_json(gaming_day)) == []
    links = list(ChainLink.objects.filter(gaming_day=gaming_day).order_by("seq"))
    assert [link.seq for link in links] == list(range(1, len(links) + 1))
    types = {link.record_type for link in links}
    assert {"cage.tabletransaction", "cage.rakeentry", "casino.auditevent"} <= types
    rake = RakeEntry.objects.get(session=duty)
    assert rake.seal.startswith("test1:")
    assert all(link.prev == before.link for before, link in zip(links, links[1:], strict=False))


@pytest.mark.django_db
def test_rows_sealed_with_the_old_key_verify_after_rotation(duty, staff, gaming_day):
    # issue 12 §5: rotation -- new rows take the current key; old rows verify with theirs.
    with override_settings(MESA_SEAL_KEYS=K1):
        old = buy_in(staff, duty, seat=1)
    with override_settings(MESA_SEAL_KEYS=f"{K2},{K1}"):
        new = buy_in(staff, duty, seat=2)
        assert old.seal.startswith("k1:") and new.seal.startswith("k2:")
        assert TableTransaction.objects.get(pk=old.pk).seal_verdict() == sealing.OK
        assert integrity(reconcile_json(gaming_day)) == []
        keys = set(ChainLink.objects.filter(gaming_day=gaming_day).values_list("key_id", flat=True))
        assert keys == {"k1", "k2"}


@pytest.mark.django_db
def test_a_key_id_that_is_not_configured_is_its_own_finding(duty, staff, gaming_day):
    # issue 12 §5: a seal naming a key that is gone cannot be verified: SEAL_KEY_UNKNOWN.
    with override_settings(MESA_SEAL_KEYS=K1):
        tx = buy_in(staff, duty)
    with override_settings(MESA_SEAL_KEYS=K2):
        findings = integrity(reconcile_json(gaming_day))
    assert naming(findings, "SEAL_KEY_UNKNOWN", "transaction", tx.pk)
    assert any(f["kind"] == "SEAL_KEY_UNKNOWN" and f["detail"] == "chain#1" for f in findings)
    assert not [f for f in findings if f["kind"] in ("RECORD_ALTERED", "CHAIN_BROKEN")]


def test_keys_parse_with_the_first_as_current(tmp_path):
    # issue 12 §5: keys from the environment or a file; the first one signs.
    ring = sealing.parse_keys(f"{K2},{K1}")
    assert ring.current_id == "k2" and set(ring.keys) == {"k1", "k2"}
    path = tmp_path / "keys"
    path.write_text(f"# rotated 2026-12\n{K2}\n{K1}\n")
    with override_settings(MESA_SEAL_KEYS="", MESA_SEAL_KEYS_FILE=str(path)):
        assert sealing.keyring().current_id == "k2"
        assert sealing.seal({"a": 1}).startswith("k2:")
    with pytest.raises(Exception, match="base64"):
        sealing.parse_keys("k1:not base64!")


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_buyins_land_with_consecutive_seqs(
    casino, chip_set, sector, staff, gaming_day
):
    # issue 12 §5: appending serialises per day; two tables, two buy-ins at the same moment.
    sessions = []
    for number, croupier in ((1, staff["croupier"]), (2, staff["croupier2"])):
        table = make_table(casino, chip_set, sector, number=number)
        s = make_session(table, gaming_day, staff["supervisor"], number=number)
        on_duty(s, croupier, staff["supervisor"])
        sessions.append((s, croupier))
    start = ChainLink.objects.filter(gaming_day=gaming_day).count()
    barrier = threading.Barrier(2)
    results: list[object] = [None, None]

    def run(i: int) -> None:
        session, croupier = sessions[i]
        try:
            barrier.wait(timeout=30)
            results[i] = buy_in(staff, session, croupier=croupier).pk
        except Exception as exc:  # noqa: BLE001 - reported by the assertion
            results[i] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert all(isinstance(r, int) for r in results), results
    seqs = list(
        ChainLink.objects.filter(gaming_day=gaming_day)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    assert seqs == list(range(1, start + 5))  # two records and two audit events, no gap
    assert sealing.verify_chain(gaming_day.pk)[1] is None
    tx_links = ChainLink.objects.filter(
        record_type="cage.tabletransaction", record_id__in=[str(r) for r in results]
    )
    assert tx_links.count() == 2
