"""Backup and restore: a dump restored into a fresh database, and the books reconcile there
(issue 9 §8).

A gaming day is played and closed on the test database (two tables: buy-ins, a colour
change and hands through the API, then every table closed, counted and signed), and
``manage.py reconcile_day`` balances it. Then ``scripts/backup.sh`` dumps the database
with the test cluster's ``pg_dump``, ``scripts/restore.sh`` restores it into a database
that did not exist, and against the restored database:

- ``reconcile_day`` balances again, with the very same findings;
- every table holds the same number of rows;
- the immutability triggers are there and refuse an UPDATE;
- restoring over it again is refused (the script never restores over data).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.helpers import RoleClient

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _play(plan: Any) -> list[dict[str, Any]]:
    """What the floor did, through the API, in the load clients' log format."""
    from casino.models import User

    log: list[dict[str, Any]] = []
    sup = User.objects.get(username=plan.supervisors[0]["username"])
    client = RoleClient(sup, "supervisor")
    for t in plan.tables:
        session = t["session"]
        for seat in (6, 7):
            cash, chips = [{"value": "100", "count": 3}], [{"value": "25", "count": 12}]
            r = client.post(
                f"/api/cage/sessions/{session}/buyins/",
                {
                    "seat": seat,
                    "amount": "300",
                    "croupier": t["croupier"],
                    "cash": cash,
                    "chips": chips,
                    "player_name": f"Backup {seat}",
                },
                format="json",
            )
            assert r.status_code == 201, r.json()
            log.append(
                {
                    "kind": "buyin",
                    "session": session,
                    "key": "",
                    "cash": cash,
                    "chips": chips,
                    "id": r.json()["transaction"]["id"],
                }
            )
        chips_in, chips_out = [{"value": "100", "count": 1}], [{"value": "25", "count": 4}]
        r = client.post(
            f"/api/cage/sessions/{session}/colour-changes/",
            {"croupier": t["croupier"], "chips_in": chips_in, "chips_out": chips_out, "seat": 6},
            format="json",
        )
        assert r.status_code == 201, r.json()
        log.append(
            {
                "kind": "change",
                "session": session,
                "key": "",
                "chips_in": chips_in,
                "chips_out": chips_out,
                "id": r.json()["transaction"]["id"],
            }
        )
        for number, record in enumerate(t["hands"], start=1):
            r = client.post(
                "/api/hands/", {"session": session, "number": number, **record}, format="json"
            )
            assert r.status_code == 201 and r.json()["status"] == "valid", r.json()
            log.append(
                {
                    "kind": "hand",
                    "session": session,
                    "key": "",
                    "number": number,
                    "rake": r.json()["rake"],
                    "id": r.json()["id"],
                }
            )
    return log


def _reconcile(url: str, casino: str, day: str) -> tuple[int, dict[str, Any]]:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "casino.settings.test"}
    out = subprocess.run(  # noqa: S603
        [sys.executable, "manage.py", "reconcile_day", "--casino", casino, "--date", day, "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    start = out.stdout.find("{")
    assert start >= 0, out.stdout + out.stderr
    body, _end = json.JSONDecoder().raw_decode(out.stdout[start:])
    return out.returncode, body


def _row_counts(url: str) -> dict[str, int]:
    with psycopg.connect(url, autocommit=True) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )
        ]
        return {t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}  # noqa: S608


@pytest.mark.django_db(transaction=True)
def test_a_backup_restored_into_a_fresh_database_reconciles(settings, tmp_path):
    # issue 9 §8: "a test restores a dump into a fresh database and the books reconcile"
    if not os.environ.get("MESA_TEST_PG_BINDIR"):
        pytest.skip("run with scripts/testenv.py (make test): the cluster's binaries are needed")
    from django.db import connection

    from loadtest import floor

    settings.MEDIA_ROOT = tmp_path
    plan = floor.prepare(base_url="", tables=2, supervisors=1, hands=3, code="bkp")
    day = floor.close(plan, _play(plan))
    business_date = day.business_date.isoformat()
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    # issue 12 §4: the DBA backs up and restores as the owner; the app reconciles as itself.
    owner_base = os.environ.get("DATABASE_MIGRATE_URL", os.environ["DATABASE_URL"]).rsplit("/", 1)[
        0
    ]
    source = f"{base}/{connection.settings_dict['NAME']}"
    owner_source = f"{owner_base}/{connection.settings_dict['NAME']}"
    code, before = _reconcile(source, "bkp", business_date)
    assert code == 0 and before["balanced"], before  # the day balances before the backup
    connection.close()

    dump = tmp_path / "mesa.dump"
    backup = subprocess.run(  # noqa: S603
        ["bash", "scripts/backup.sh", str(dump)],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": owner_source},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert backup.returncode == 0, backup.stderr
    assert dump.stat().st_size > 10_000 and "sha256" in backup.stdout

    target_name = f"mesa_restore_{uuid.uuid4().hex[:8]}"
    target, owner_target = f"{base}/{target_name}", f"{owner_base}/{target_name}"
    try:
        restore = subprocess.run(  # noqa: S603
            ["bash", "scripts/restore.sh", str(dump), owner_target],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert restore.returncode == 0, restore.stderr
        assert "immutability triggers" in restore.stdout
        if os.environ.get("DATABASE_MIGRATE_URL"):  # the restore drops grants: give them back
            grants = subprocess.run(  # noqa: S603
                [sys.executable, "manage.py", "db_grants"],
                cwd=ROOT,
                env={**os.environ, "DATABASE_URL": target, "DATABASE_MIGRATE_URL": owner_target},
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            assert grants.returncode == 0, grants.stderr
        code, after = _reconcile(target, "bkp", business_date)
        assert code == 0 and after == before  # the same books, the same findings
        assert _row_counts(owner_target) == _row_counts(owner_source)
        with (
            psycopg.connect(owner_target, autocommit=True) as conn,
            pytest.raises(psycopg.Error, match="MESA_IMMUTABLE"),
        ):
            conn.execute(
                "UPDATE casino_auditevent SET reason = 'edited' WHERE id = "
                "(SELECT min(id) FROM casino_auditevent)"
            )
        again = subprocess.run(  # noqa: S603
            ["bash", "scripts/restore.sh", str(dump), owner_target],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert again.returncode == 3 and "already holds" in again.stderr
        print(f"\n{backup.stdout.strip()}\n{restore.stdout.strip()}")
    finally:
        name = target_name
        with psycopg.connect(f"{owner_base}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
