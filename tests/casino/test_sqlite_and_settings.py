"""The embedded default (SQLite) keeps the same immutability; production refuses unsafe settings."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import django
    django.setup()
    from django.db import IntegrityError, connection, transaction
    from casino.access import acting_as
    from casino.models import Casino, Signature
    from casino.roles import Role
    from casino.services import staff_create
    from casino.signatures import document_sign
    from tests.kernelapp.models import SampleLine, SampleSheet

    casino = Casino.objects.create(code="s", name="S")
    users = {r: staff_create(actor=None, casino=casino, username=r.value, password="x" * 12,
                             roles=[r]) for r in (Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS)}
    sheet = SampleSheet.objects.create(casino=casino, title="t")
    SampleLine.objects.create(sheet=sheet, label="a", count=1)
    for role, user in users.items():
        document_sign(actor=acting_as(user, role), document=sheet, role=role)
    sheet.refresh_from_db()
    assert sheet.is_locked
    results = []
    for sql in [
        "UPDATE kernelapp_samplesheet SET title='x'",
        "DELETE FROM kernelapp_samplesheet",
        "UPDATE kernelapp_sampleline SET count=2",
        "INSERT INTO kernelapp_sampleline (sheet_id, label, count) VALUES (%d, 'b', 1)" % sheet.pk,
        "UPDATE casino_signature SET role='x'",
        "DELETE FROM casino_auditevent",
    ]:
        try:
            with transaction.atomic(), connection.cursor() as c:
                c.execute(sql)
            results.append("ALLOWED " + sql)
        except IntegrityError as exc:
            results.append("REFUSED " + str(exc).split(":")[0])
    print("\\n".join(results))
    """
)


def _on_sqlite(database: Path, script: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "casino.settings.test",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def migrated_sqlite(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A fresh SQLite database with every migration (some 15 s), made once for the module."""
    database = tmp_path_factory.mktemp("sqlite") / "migrated.sqlite3"
    out = _on_sqlite(
        database,
        "import django; django.setup(); from django.core.management import call_command; "
        "call_command('migrate', verbosity=0)",
    )
    assert out.returncode == 0, out.stderr
    return database


def _copy(template: Path, tmp_path: Path) -> Path:
    database = tmp_path / "mesa.sqlite3"
    shutil.copyfile(template, database)
    return database


# slow: the module's SQLite database is migrated in a subprocess (some 15 s idle); make
# test runs these, make check does not (docs/testing.md "Suite time").
@pytest.mark.slow
def test_sqlite_refuses_changes_to_locked_and_append_only_rows(
    migrated_sqlite, tmp_path
):  # issue 2 "done when"
    out = _on_sqlite(_copy(migrated_sqlite, tmp_path), SCRIPT)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 6
    assert all(line.startswith("REFUSED MESA_") for line in lines), lines


IDEMPOTENCY_SCRIPT = textwrap.dedent(
    """
    import django
    django.setup()
    from casino.models import Casino, GamingDay, IdempotencyRecord
    from casino.roles import Role
    from casino.services import staff_create
    from tests.helpers import RoleClient

    casino = Casino.objects.create(code="s", name="S")
    user = staff_create(actor=None, casino=casino, username="m", password="x" * 12,
                        roles=[Role.SHIFT_MANAGER])
    client = RoleClient(user, Role.SHIFT_MANAGER)
    def post(date):
        return client.post("/api/gaming-days/", {"business_date": date}, format="json",
                           HTTP_IDEMPOTENCY_KEY="k1")
    first, again, other = post("2026-12-01"), post("2026-12-01"), post("2026-12-02")
    record = IdempotencyRecord.objects.get()
    print(first.status_code, again.status_code, again.headers.get("Idempotent-Replayed"),
          again.json() == first.json(), other.status_code, other.json()["code"],
          GamingDay.objects.count(), record.status_code, record.path,
          record.created_at.tzinfo is not None)
    """
)


@pytest.mark.slow
def test_sqlite_an_idempotency_key_is_claimed_once(migrated_sqlite, tmp_path):  # issue 9 §5
    # issue 18 §3: the key is claimed with INSERT ... ON CONFLICT DO NOTHING RETURNING; the
    # embedded default must take the statement and answer a retry as PostgreSQL does.
    out = _on_sqlite(_copy(migrated_sqlite, tmp_path), IDEMPOTENCY_SCRIPT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "201", "201", "true", "True", "409", "IDEMPOTENCY_KEY_REUSED", "1", "201",
        "/api/gaming-days/", "True",
    ]  # fmt: skip


PROD_SEAL_KEYS = "p1:" + "cHJvZC10ZXN0LXNlYWwta2V5LTMyLWJ5dGVzLWxvbmch"


def _import_prod(extra_env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    env["MESA_SEAL_KEYS"] = PROD_SEAL_KEYS
    env.update(extra_env)
    env["DJANGO_SETTINGS_MODULE"] = "casino.settings.prod"
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_refuses_debug_and_default_secret():
    good_secret = "k" * 60
    db = os.environ.get("DATABASE_URL", "postgres://u@127.0.0.1:5432/x")
    assert (
        "DEBUG must be off"
        in _import_prod({"DEBUG": "1", "SECRET_KEY": good_secret, "DATABASE_URL": db}).stderr
    )
    assert "SECRET_KEY must be set" in _import_prod({"DATABASE_URL": db}).stderr
    assert (
        "SECRET_KEY must be set" in _import_prod({"SECRET_KEY": "short", "DATABASE_URL": db}).stderr
    )
    # issue 12 §5: no seal key held outside the database, no start.
    unkeyed = _import_prod({"SECRET_KEY": good_secret, "DATABASE_URL": db, "MESA_SEAL_KEYS": ""})
    assert "MESA_SEAL_KEYS" in unkeyed.stderr and "started" not in unkeyed.stdout
    ok = _import_prod({"SECRET_KEY": good_secret, "DATABASE_URL": db})
    assert ok.returncode == 0 and "started" in ok.stdout, ok.stderr


def test_embedded_default_is_sqlite_and_eager():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    env["DJANGO_SETTINGS_MODULE"] = "casino.settings.dev"
    env["MESA_VAR_DIR"] = "/tmp/mesa-embedded-check"
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.DATABASES['default']['ENGINE'], settings.CELERY_TASK_ALWAYS_EAGER)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.stdout.split() == ["django.db.backends.sqlite3", "True"], out.stderr
