"""Database roles as in a regulated shop (issue 12 §4), on the PostgreSQL of testenv.

The suite itself runs as the app role (``DATABASE_URL``), on a database created and
migrated by the owner (``DATABASE_MIGRATE_URL``), as production does. Here:

- as the app role (the tests' own connection): TRUNCATE of the audit table, ALTER TABLE
  ... DISABLE TRIGGER, DROP TRIGGER, CREATE OR REPLACE FUNCTION of the guard, SET
  session_replication_role = replica, UPDATE of an append-only row, DELETE of a
  signature, CREATE TABLE: each refused, and the rows are still there;
- as the owner (a psql-like connection of its own): TRUNCATE of every protected table
  refused by the trigger, UPDATE and DELETE refused by the row triggers;
- the app's ordinary writes still work (a buy-in through the API);
- the grants follow the policy of casino/dbroles.py on every table, a table created by a
  later migration gets them (default privileges, then ``manage.py db_grants``);
- the production settings refuse a superuser connection.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from pathlib import Path

import dj_database_url
import psycopg
import pytest
from django.db import DatabaseError, connection, transaction

from casino.access import acting_as
from casino.dbroles import DELETE_TABLES, READ_ONLY_TABLES
from casino.immutability import protected_tables
from casino.models import AuditEvent, Signature
from casino.roles import Role
from casino.signatures import document_sign
from tests.cage.conftest import chip_set, counts, opened, session, table  # noqa: F401
from tests.kernelapp.models import SampleSheet

ROOT = Path(__file__).resolve().parents[2]
BUYIN = {
    "seat": 3,
    "amount": "500.00",
    "croupier": "croupier",
    "player_name": "Ana",
    "cash": [{"value": "100", "count": 5}],
    "chips": [{"value": "100", "count": 5}],
}

pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_MIGRATE_URL"),
    reason="run with scripts/testenv.py (make test): the owner/app split is needed",
)


def _app_role() -> str:
    return dj_database_url.parse(os.environ["DATABASE_URL"])["USER"]


def _owner_conn(**kw) -> psycopg.Connection:  # type: ignore[no-untyped-def]
    """The owner, connected on its own to the test database (as a DBA with psql would)."""
    return psycopg.connect(
        os.environ["DATABASE_MIGRATE_URL"], dbname=connection.settings_dict["NAME"], **kw
    )


def _refused(sql: str) -> str:
    """Run ``sql`` as the app role in a savepoint; the database's refusal (fails if it ran)."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    except DatabaseError as exc:
        return str(exc)
    raise AssertionError(f"the app role was allowed: {sql}")


def _buyin(api, staff, on) -> dict:  # type: ignore[no-untyped-def]
    resp = api(staff["supervisor"]).post(
        f"/api/cage/sessions/{on.pk}/buyins/", BUYIN, format="json"
    )
    assert resp.status_code == 201, resp.content
    return resp.json()["transaction"]


@pytest.mark.django_db
def test_the_suite_runs_as_the_app_role_which_owns_nothing():
    # issue 12 §4: the tests act as the running app does, not as a superuser or the owner
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, rolsuper, rolcreatedb, rolcreaterole, rolbypassrls "
            "FROM pg_roles WHERE rolname = current_user"
        )
        user, superuser, createdb, createrole, bypassrls = cursor.fetchone()
        cursor.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND c.relowner = (SELECT oid FROM pg_roles "
            "WHERE rolname = current_user)"
        )
        owned = cursor.fetchone()[0]
        cursor.execute(
            "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'public'"
        )
        schema_owner = cursor.fetchone()[0]
    assert user == _app_role() and user != schema_owner
    assert (superuser, createdb, createrole, bypassrls) == (False, False, False, False)
    assert owned == 0


@pytest.mark.django_db
def test_the_app_role_cannot_rewrite_history(opened, staff, api, casino):  # noqa: F811
    # issue 12 §4: each attack of the issue, as the app's own user, on real rows
    _buyin(api, staff, opened)
    sheet = SampleSheet.objects.create(casino=casino, title="Apertura")
    document_sign(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), document=sheet, role=Role.SUPERVISOR
    )
    event = AuditEvent.objects.order_by("-pk").first()
    signature = Signature.objects.order_by("-pk").first()
    assert event is not None and signature is not None
    before = (AuditEvent.objects.count(), Signature.objects.count(), event.reason)

    attacks = {
        "TRUNCATE casino_auditevent": "permission denied for table casino_auditevent",
        "TRUNCATE casino_auditevent CASCADE": "permission denied",
        "ALTER TABLE casino_auditevent DISABLE TRIGGER ALL": "must be owner of table",
        'ALTER TABLE casino_auditevent DISABLE TRIGGER "casino_auditevent_mesa_guard"': (
            "must be owner of table"
        ),
        'DROP TRIGGER "casino_auditevent_mesa_guard" ON casino_auditevent': (
            "must be owner of relation"
        ),
        'DROP TRIGGER "casino_auditevent_mesa_no_truncate" ON casino_auditevent': (
            "must be owner of relation"
        ),
        (
            "CREATE OR REPLACE FUNCTION mesa_refuse_change() RETURNS trigger AS "
            "$$ BEGIN RETURN NEW; END; $$ LANGUAGE plpgsql"
        ): "permission denied for schema public",  # may not create, let alone replace
        "DROP FUNCTION mesa_refuse_change() CASCADE": "must be owner of function",
        "SET session_replication_role = replica": "permission denied to set parameter",
        "ALTER TABLE casino_auditevent OWNER TO CURRENT_USER": "must be owner of table",
        f"UPDATE casino_auditevent SET reason = 'borrado' WHERE id = {event.pk}": (  # noqa: S608
            "permission denied for table casino_auditevent"
        ),
        f"DELETE FROM casino_signature WHERE id = {signature.pk}": (  # noqa: S608
            "permission denied for table casino_signature"
        ),
        f"DELETE FROM casino_auditevent WHERE id = {event.pk}": "permission denied",  # noqa: S608 - ids of our rows
        "CREATE TABLE casino_shadow (id int)": "permission denied for schema public",
    }
    for sql, message in attacks.items():
        refusal = _refused(sql)
        assert message in refusal, (sql, refusal)
    # The lock-only UPDATE of the primary key reaches the guard trigger, which refuses it.
    assert "MESA_IMMUTABLE" in _refused(
        f"UPDATE casino_auditevent SET id = id WHERE id = {event.pk}"  # noqa: S608 - ids of our rows
    )
    event.refresh_from_db()
    assert (AuditEvent.objects.count(), Signature.objects.count(), event.reason) == before
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'casino_auditevent'::regclass"
            " AND NOT tgisinternal ORDER BY tgname"
        )
        assert cursor.fetchall() == [
            ("casino_auditevent_mesa_guard", "O"),
            ("casino_auditevent_mesa_no_truncate", "O"),
        ]


@pytest.mark.django_db(transaction=True)
def test_the_owner_cannot_truncate_update_or_delete_protected_rows(opened, staff, api):  # noqa: F811
    # issue 12 §4: TRUNCATE refused by trigger (the owner holds the privilege), on every
    # protected table; the row triggers hold for the owner too
    tx = _buyin(api, staff, opened)
    protected = sorted(protected_tables())
    with _owner_conn(autocommit=True) as conn:
        conn.execute("SET lock_timeout = '20s'")
        assert conn.execute("SELECT current_user").fetchone()[0] != _app_role()
        for table in protected:
            with pytest.raises(psycopg.Error, match=f"MESA_IMMUTABLE: TRUNCATE on {table}"):
                conn.execute(f'TRUNCATE "{table}" CASCADE')
        for sql in (
            "UPDATE cage_tabletransaction SET amount = 400 WHERE id = %s",
            "DELETE FROM cage_tabletransaction WHERE id = %s",
        ):
            with pytest.raises(psycopg.Error, match="MESA_IMMUTABLE"):
                conn.execute(sql, [tx["id"]])
        # An unprotected table that protected rows point at cannot be emptied either.
        with pytest.raises(psycopg.Error, match="MESA_IMMUTABLE: TRUNCATE"):
            conn.execute("TRUNCATE tables_tablesession CASCADE")
        count = conn.execute("SELECT count(*) FROM casino_auditevent").fetchone()[0]
    assert count == AuditEvent.objects.count() > 0
    from cage.models import TableTransaction

    assert TableTransaction.objects.get(pk=tx["id"]).amount == 500


@pytest.mark.django_db
def test_ordinary_writes_still_work_as_the_app_role(opened, staff, api):  # noqa: F811
    # issue 12 §4: a buy-in through the API (INSERT, the session's UPDATE, row locks on
    # append-only rows) and its audit event land as the app role
    from cage.models import TableTransaction

    events = AuditEvent.objects.count()
    tx = _buyin(api, staff, opened)
    assert TableTransaction.objects.filter(pk=tx["id"], amount=500).exists()
    assert AuditEvent.objects.count() > events
    # A correction path that locks an append-only row (SELECT ... FOR UPDATE) works too.
    resp = api(staff["supervisor"]).post(
        f"/api/cage/sessions/{opened.pk}/buyins/", {**BUYIN, "seat": 4}, format="json"
    )
    assert resp.status_code == 201, resp.content
    locked = TableTransaction.objects.select_for_update().filter(pk=tx["id"])
    with transaction.atomic():
        assert locked.count() == 1 and list(locked)[0].pk == tx["id"]


@pytest.mark.django_db
def test_grants_follow_the_policy_on_every_table():
    # issue 12 §4: SELECT/INSERT everywhere, UPDATE only off the append-only tables (there:
    # the primary key, for row locks), DELETE only on DELETE_TABLES, never TRUNCATE/TRIGGER
    kinds = protected_tables()
    app = _app_role()
    with connection.cursor() as cursor:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        tables = sorted(r[0] for r in cursor.fetchall())
        assert len(tables) > 80 and set(kinds) <= set(tables)
        for table in tables:
            cursor.execute(
                "SELECT "
                + ", ".join(
                    f"has_table_privilege(%(app)s, %(t)s, '{p}')"
                    for p in (
                        "SELECT",
                        "INSERT",
                        "UPDATE",
                        "DELETE",
                        "TRUNCATE",
                        "TRIGGER",
                        "REFERENCES",
                    )
                )
                + ", has_any_column_privilege(%(app)s, %(t)s, 'UPDATE')",
                {"app": app, "t": f'public."{table}"'},
            )
            sel, ins, upd, dele, trunc, trig, refs, any_upd = cursor.fetchone()
            assert sel, table
            assert (trunc, trig, refs) == (False, False, False), table
            assert ins == (table not in READ_ONLY_TABLES), table
            assert dele == (table in DELETE_TABLES), table
            if table in READ_ONLY_TABLES:
                assert not any_upd, table
            elif kinds.get(table) == "append_only":
                assert not upd and any_upd, table  # the pk column only: a lock, not a write
            else:
                assert upd, table
        assert not set(DELETE_TABLES) & set(kinds)
        cursor.execute(
            "SELECT count(*) FROM information_schema.sequences WHERE sequence_schema = 'public' "
            "AND NOT has_sequence_privilege(%s, sequence_schema || '.' || sequence_name, 'USAGE')",
            [app],
        )
        assert cursor.fetchone()[0] == 0


@pytest.mark.django_db(transaction=True)
def test_a_table_of_a_later_migration_gets_the_grants(tmp_path):
    # issue 12 §4: default privileges give a new table SELECT/INSERT at once; the
    # post-migrate step (here manage.py db_grants, run as the owner) completes them
    app = _app_role()
    name = "mesa_later_table"
    check = (
        "SELECT has_table_privilege(%s, 'public.mesa_later_table', 'INSERT'), "
        "has_table_privilege(%s, 'public.mesa_later_table', 'UPDATE')"
    )
    with _owner_conn(autocommit=True) as conn:
        conn.execute(f"CREATE TABLE {name} (id bigserial PRIMARY KEY, note text)")
        try:
            assert conn.execute(check, [app, app]).fetchone() == (True, False)
            db = connection.settings_dict["NAME"]
            env = {
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "casino.settings.test",
                "DATABASE_URL": os.environ["DATABASE_URL"].rsplit("/", 1)[0] + f"/{db}",
                "DATABASE_MIGRATE_URL": (
                    os.environ["DATABASE_MIGRATE_URL"].rsplit("/", 1)[0] + f"/{db}"
                ),
            }
            out = subprocess.run(  # noqa: S603
                [sys.executable, "manage.py", "db_grants"],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            assert out.returncode == 0, out.stderr
            assert f"granted to {app}" in out.stdout
            assert conn.execute(check, [app, app]).fetchone() == (True, True)
        finally:
            conn.execute(f"DROP TABLE {name}")


def _probe_prod(database_url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_MIGRATE_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE="casino.settings.prod",
        SECRET_KEY="s" * 30 + "-Q7v!k2#pL9zR4mW8sT1yB6nC3dF0gH5jK",
        MESA_SEAL_KEYS="k1:" + base64.b64encode(os.urandom(32)).decode(),
        DATABASE_URL=database_url,
        ALLOWED_HOSTS="testserver",
    )
    code = (
        "import django; django.setup(); from django.db import connection\n"
        "with connection.cursor() as c:\n"
        "    c.execute('SELECT current_user'); print('connected as', c.fetchone()[0])\n"
    )
    return subprocess.run(  # noqa: S603
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.django_db
def test_production_refuses_a_superuser_connection():
    # issue 12 §4: the production settings never work as a superuser
    superuser = os.environ.get("MESA_TEST_PG_SUPERUSER_URL")
    if not superuser:
        pytest.skip("no superuser URL (scripts/testenv.py exports it)")
    refused = _probe_prod(superuser)
    assert refused.returncode != 0
    assert "refuses to connect to PostgreSQL as the superuser 'postgres'" in refused.stderr
    ok = _probe_prod(os.environ["DATABASE_URL"])
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert f"connected as {_app_role()}" in ok.stdout


def test_the_provisioning_sql_creates_two_roles_and_no_superuser():
    # issue 12 §4: the one-time superuser part, printed by manage.py db_provision_sql
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "casino.settings.test"}
    out = subprocess.run(  # noqa: S603
        [sys.executable, "manage.py", "db_provision_sql"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    sql = out.stdout
    owner = dj_database_url.parse(os.environ["DATABASE_MIGRATE_URL"])["USER"]
    assert f'CREATE ROLE "{owner}" LOGIN NOSUPERUSER' in sql
    assert f'CREATE ROLE "{_app_role()}" LOGIN NOSUPERUSER' in sql
    assert f'OWNER "{owner}"' in sql and "REVOKE ALL ON SCHEMA public FROM PUBLIC" in sql
    assert "PASSWORD :'app_password'" in sql  # a psql variable, never the password itself
