"""Drill: the DBA rewrites a buy-in through psql and reconcile_day names it (issue 12 §5).

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m drills.tamper_buyin

With the production settings (the app role, a seal key from the environment that the
database never sees): a floor is prepared and a 500 buy-in recorded through the
services. ``reconcile_day --json`` finds no integrity finding. Then, as the database
owner in ``psql``, the insider switches the guard triggers off, changes the buy-in to
400 with its chip and cash lines, recomputes its seal the unkeyed way the code used
to, and switches the triggers back on. ``reconcile_day --json`` must now report
RECORD_ALTERED and AUDIT_MISMATCH naming that transaction, and exit 1.
"""

# ruff: noqa: S608 - the drill is the insider typing SQL (ids and hex it computed itself)
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from loadtest.run import BIN, ROOT, django_setup, server_env

GUARDED = ("cage_tabletransaction", "cage_chipline", "cage_cashline")


def psql_as_owner(sql: str) -> None:
    """What the insider types: one psql session as the owner, in one transaction."""
    url = os.environ.get("DATABASE_MIGRATE_URL") or os.environ["DATABASE_URL"]
    psql = shutil.which("psql") or str(Path(os.environ.get("MESA_TEST_PG_BINDIR", "")) / "psql")
    subprocess.run(  # noqa: S603
        [psql, url, "-v", "ON_ERROR_STOP=1", "-q", "-1", "-c", sql], check=True
    )


def reconcile(env: dict[str, str]) -> tuple[int, dict]:
    done = subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "reconcile_day", "--json"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return done.returncode, json.loads(done.stdout)


def naming(data: dict, kind: str, tx_id: int) -> bool:
    return any(
        f["kind"] == kind
        and any(r["type"] == "transaction" and r["id"] == tx_id for r in f["records"])
        for f in data["findings"]
    )


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="mesa-drill-tamper-"))
    env = server_env(workdir)
    subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    django_setup(env)
    from django.db import connections

    from cage import services
    from cage.models import CashLine, ChipLine, TableTransaction
    from casino.access import acting_as
    from casino.models import canonical_json
    from casino.roles import Role
    from loadtest import floor
    from tables.models import TableSession
    from tables.selectors.assignment import session_assignment

    plan = floor.prepare(base_url="", tables=1, supervisors=1, hands=0, code="drillt")
    session = TableSession.objects.get(pk=plan.tables[0]["session"])
    croupier_id = next(iter(session_assignment(session).croupier_ids))
    tx = services.buyin_record(
        actor=acting_as(session.supervisor, Role.SUPERVISOR),
        session=session,
        seat=6,  # seats 1-4 hold the hand players of floor.prepare
        amount="500",
        croupier=type(session.supervisor).objects.get(pk=croupier_id),
        player_name="Ana",
        cash=[{"value": "100", "count": 5}],
        chips=[("100", 5)],
    ).transaction
    connections.close_all()
    proven: list[str] = []
    ok = True

    def check(claim: str, passed: bool) -> None:
        nonlocal ok
        ok = ok and passed
        proven.append(f"{'ok ' if passed else 'NO '} {claim}")

    _code, before = reconcile(env)
    integrity = {"RECORD_ALTERED", "AUDIT_MISMATCH", "CHAIN_BROKEN", "UNCHAINED", "RECORD_MISSING"}
    check(
        "before: no integrity finding",
        not [f for f in before["findings"] if f["kind"] in integrity],
    )

    off = "".join(f'ALTER TABLE "{t}" DISABLE TRIGGER "{t}_mesa_guard";' for t in GUARDED)
    on = "".join(f'ALTER TABLE "{t}" ENABLE TRIGGER "{t}_mesa_guard";' for t in GUARDED)
    psql_as_owner(
        off
        + f'UPDATE "cage_tabletransaction" SET "amount" = 400 WHERE "id" = {tx.pk};'
        + f'UPDATE "cage_chipline" SET "count" = 4 WHERE "transaction_id" = {tx.pk};'
        + f'UPDATE "cage_cashline" SET "count" = 4 WHERE "transaction_id" = {tx.pk};'
        + on
    )
    row = TableTransaction.objects.get(pk=tx.pk)
    payload = row.seal_payload(
        list(ChipLine.objects.filter(transaction=row)),
        list(CashLine.objects.filter(transaction=row)),
    )
    old_seal = hashlib.sha256(canonical_json(payload).encode()).hexdigest()  # the old way
    connections.close_all()
    psql_as_owner(
        'ALTER TABLE "cage_tabletransaction" DISABLE TRIGGER "cage_tabletransaction_mesa_guard";'
        f'UPDATE "cage_tabletransaction" SET "seal" = \'{old_seal}\' WHERE "id" = {tx.pk};'
        'ALTER TABLE "cage_tabletransaction" ENABLE TRIGGER "cage_tabletransaction_mesa_guard";'
    )
    check("psql as the owner changed the buy-in to 400", row.amount == 400)

    code, after = reconcile(env)
    check(
        f"reconcile_day names transaction #{tx.pk} RECORD_ALTERED",
        naming(after, "RECORD_ALTERED", tx.pk),
    )
    check(
        f"reconcile_day names transaction #{tx.pk} AUDIT_MISMATCH",
        naming(after, "AUDIT_MISMATCH", tx.pk),
    )
    check("reconcile_day exits 1 (not balanced)", code == 1)
    for line in proven:
        print(line)
    print(
        "DRILL tamper-buyin: "
        + (
            "PASSED — a buy-in rewritten through psql with its seal recomputed is named by "
            "reconcile_day (RECORD_ALTERED, AUDIT_MISMATCH)"
            if ok
            else "FAILED (see the claims above)"
        )
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
