"""Did a request change the database? A row-level trigger log on every table (PostgreSQL).

Issue 9 §4 and §1: a rejected request must change nothing. Counting rows would miss
an UPDATE, and a checksum of ~80 tables per request is too slow for thousands of
fuzzed requests, so the detector installs, inside the test's transaction, an
``AFTER INSERT OR UPDATE OR DELETE ... FOR EACH ROW`` trigger on every table that
appends ``(table, operation)`` to ``mesa_test_changes``. Rows written in a
savepoint that was rolled back disappear with it, so the log holds exactly the
net changes; one ``SELECT max(id)`` per request tells whether anything changed.

The DDL runs in the test's transaction and is rolled back with it. It runs as the owner
role (tests/pg_roles.py): the tests connect as the app role, which may not create tables
or triggers (issue 12 §4).

Tables excluded on purpose (they change on a rejected request by design):
``django_session`` (the session is saved on every request, SESSION_SAVE_EVERY_REQUEST)
and ``axes_*`` (a failed login is recorded to lock the account out, issue 9 §7).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection

LOG_TABLE = "mesa_test_changes"
EXCLUDED_PREFIXES = ("django_session", "axes_", LOG_TABLE)

_FUNCTION = (
    "CREATE OR REPLACE FUNCTION mesa_test_log_change() RETURNS trigger AS $$ BEGIN "
    "INSERT INTO mesa_test_changes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; "
    "END; $$ LANGUAGE plpgsql"
)


@dataclass(frozen=True)
class Change:
    table: str
    op: str


class ChangeDetector:
    """Install once per test (inside its transaction); then ``mark()`` / ``since(mark)``."""

    def __init__(self) -> None:
        self.tables: list[str] = []

    def install(self) -> ChangeDetector:
        assert connection.vendor == "postgresql", "the change detector needs PostgreSQL"
        from tests.pg_roles import as_owner

        with connection.cursor() as cursor:
            as_owner(
                f"CREATE TABLE IF NOT EXISTS {LOG_TABLE} "
                "(id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)"
            )
            as_owner(_FUNCTION)
            tables = [
                t
                for t in connection.introspection.table_names(cursor)
                if not t.startswith(EXCLUDED_PREFIXES)
            ]
            for table in tables:
                as_owner(f'DROP TRIGGER IF EXISTS mesa_test_log ON "{table}"')
                as_owner(
                    f'CREATE TRIGGER mesa_test_log AFTER INSERT OR UPDATE OR DELETE ON "{table}" '
                    "FOR EACH ROW EXECUTE FUNCTION mesa_test_log_change()"
                )
        self.tables = tables
        return self

    def mark(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT coalesce(max(id), 0) FROM {LOG_TABLE}")  # noqa: S608
            return int(cursor.fetchone()[0])

    def since(self, mark: int) -> list[Change]:
        with connection.cursor() as cursor:
            sql = f"SELECT tbl, op FROM {LOG_TABLE} WHERE id > %s ORDER BY id"  # noqa: S608
            cursor.execute(sql, [mark])
            return [Change(t, o) for t, o in cursor.fetchall()]
