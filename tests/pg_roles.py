"""The test suite's privileged paths, on the two-role database (issue 12 §4).

The tests connect as the app role, as the product does (``scripts/testenv.py``). A few
tests must act as someone more privileged *inside the test's own transaction* (its rows
are not committed, so another connection would not see them):

- :func:`as_owner` runs SQL as the owner role (DDL of the change detector, a raw UPDATE
  that proves the guard trigger holds even for the owner);
- :func:`as_superuser` runs SQL as the cluster's superuser with the guard triggers
  switched off (``session_replication_role = replica``), i.e. a tamperer with full
  access, for the reconciliation tests that must find the tampering.

Both go through ``SECURITY DEFINER`` functions that ``tests/conftest.py`` creates in the
test database only (never a migration, never the provisioning SQL of casino/dbroles.py).
Without the split (``DATABASE_MIGRATE_URL`` unset, the connection already privileged),
they run the SQL directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection

AS_OWNER = "mesa_test_as_owner"
AS_SUPERUSER = "mesa_test_as_superuser"


def _helper_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regproc(%s) IS NOT NULL", [name])
        return bool(cursor.fetchone()[0])


def _run(helper: str, sql: str, params: Sequence[Any]) -> None:
    text = connection.ops.compose_sql(sql, list(params)) if params else sql
    with connection.cursor() as cursor:
        if _helper_exists(helper):
            cursor.execute(f"SELECT {helper}(%s)", [text])  # noqa: S608 - our helper's name
        elif helper == AS_SUPERUSER:
            cursor.execute("SET LOCAL session_replication_role = replica")
            try:
                cursor.execute(text)
            finally:
                cursor.execute("SET LOCAL session_replication_role = DEFAULT")
        else:
            cursor.execute(text)


def as_owner(sql: str, params: Sequence[Any] = ()) -> None:
    """Run ``sql`` as the owner role, in the current transaction."""
    _run(AS_OWNER, sql, params)


def as_superuser(sql: str, params: Sequence[Any] = ()) -> None:
    """Run ``sql`` as the superuser with the guard triggers off, in the current transaction."""
    _run(AS_SUPERUSER, sql, params)


# Created by tests/conftest.py after the test database is migrated (owner / superuser).
OWNER_FUNCTION = f"""
CREATE OR REPLACE FUNCTION {AS_OWNER}(statement text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN EXECUTE statement; END; $$
"""
SUPERUSER_FUNCTION = f"""
CREATE OR REPLACE FUNCTION {AS_SUPERUSER}(statement text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  EXECUTE statement;
  PERFORM set_config('session_replication_role', 'origin', true);
END; $$
"""
