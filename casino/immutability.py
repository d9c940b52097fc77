"""Append-only and signed-and-locked records, enforced by the database itself.

Regulated records must not be edited or deleted behind the application's back
(STYLE "Rules that keep the books right", GEN-09). Models declare how they are
protected with one of three decorators; after every ``migrate`` the triggers
are (re)installed on PostgreSQL and on SQLite alike (:func:`install_triggers`),
so a table rebuilt by a later migration never loses its protection.

- ``@append_only``: no UPDATE, no DELETE. Corrections are new, linked rows.
- ``@locked_when_signed``: a signable document (``locked_at`` column): no
  DELETE ever; no UPDATE once ``locked_at`` is set (all signatures present).
- ``@frozen_with_parent("fk_field")``: the lines of a signable document (count
  lines...): no INSERT, UPDATE or DELETE while the parent document is locked,
  and no DELETE at all.

On PostgreSQL every protected table also refuses ``TRUNCATE`` (a statement trigger,
``<table>_mesa_no_truncate``): row triggers do not see a TRUNCATE, and the owner role
could otherwise empty the audit trail in one statement (issue 12 §4). The app role has
no TRUNCATE privilege either (``casino.dbroles``).

The triggers raise with a message that starts ``MESA_IMMUTABLE`` or
``MESA_LOCKED``; :func:`is_immutability_error` recognises them so the API can
answer 409 instead of 500 if a code path ever reaches them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import models

M = TypeVar("M", bound=type[models.Model])


@dataclass(frozen=True)
class Protection:
    model: type[models.Model]
    kind: str  # "append_only" | "locked_when_signed" | "frozen_with_parent"
    parent_fk: str | None = None


REGISTRY: list[Protection] = []


def append_only(model: M) -> M:
    REGISTRY.append(Protection(model, "append_only"))
    return model


def locked_when_signed(model: M) -> M:
    REGISTRY.append(Protection(model, "locked_when_signed"))
    return model


def frozen_with_parent(parent_fk: str):
    def decorate(model: M) -> M:
        REGISTRY.append(Protection(model, "frozen_with_parent", parent_fk))
        return model

    return decorate


def protected_tables() -> dict[str, str]:
    """``{db_table: kind}`` for every protected model (used by tests and checks)."""
    return {p.model._meta.db_table: p.kind for p in REGISTRY}


def is_immutability_error(exc: BaseException) -> bool:
    text = str(exc)
    return "MESA_IMMUTABLE" in text or "MESA_LOCKED" in text


_PG_FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION mesa_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'MESA_IMMUTABLE: % on % is not allowed: the record is append-only',
    TG_OP, TG_TABLE_NAME USING ERRCODE = '23001';
END; $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION mesa_refuse_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'MESA_IMMUTABLE: TRUNCATE on % is not allowed: regulated records',
    TG_TABLE_NAME USING ERRCODE = '23001';
END; $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION mesa_refuse_locked() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'MESA_IMMUTABLE: DELETE on % is not allowed: regulated document',
      TG_TABLE_NAME USING ERRCODE = '23001';
  END IF;
  IF OLD.locked_at IS NOT NULL THEN
    RAISE EXCEPTION 'MESA_LOCKED: % % is signed and locked', TG_TABLE_NAME, OLD.id
      USING ERRCODE = '23001';
  END IF;
  RETURN NEW;
END; $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION mesa_refuse_locked_child() RETURNS trigger AS $$
DECLARE
  parent_id bigint;
  is_locked boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'MESA_IMMUTABLE: DELETE on % is not allowed: regulated document line',
      TG_TABLE_NAME USING ERRCODE = '23001';
  END IF;
  FOR parent_id IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP = 'UPDATE' THEN (to_jsonb(OLD) ->> TG_ARGV[1])::bigint END,
      (to_jsonb(NEW) ->> TG_ARGV[1])::bigint
    ]) AS x WHERE x IS NOT NULL
  LOOP
    EXECUTE format('SELECT locked_at IS NOT NULL FROM %I WHERE id = $1', TG_ARGV[0])
      INTO is_locked USING parent_id;
    IF is_locked THEN
      RAISE EXCEPTION 'MESA_LOCKED: % belongs to a signed and locked %', TG_TABLE_NAME, TG_ARGV[0]
        USING ERRCODE = '23001';
    END IF;
  END LOOP;
  RETURN NEW;
END; $$ LANGUAGE plpgsql;
"""


def _pg_statements(p: Protection) -> list[str]:
    table = p.model._meta.db_table
    name = f"{table}_mesa_guard"
    drop = f'DROP TRIGGER IF EXISTS "{name}" ON "{table}"'
    if p.kind == "append_only":
        create = (
            f'CREATE TRIGGER "{name}" BEFORE UPDATE OR DELETE ON "{table}" '
            "FOR EACH ROW EXECUTE FUNCTION mesa_refuse_change()"
        )
    elif p.kind == "locked_when_signed":
        create = (
            f'CREATE TRIGGER "{name}" BEFORE UPDATE OR DELETE ON "{table}" '
            "FOR EACH ROW EXECUTE FUNCTION mesa_refuse_locked()"
        )
    else:
        field = p.model._meta.get_field(p.parent_fk or "")
        parent_table = field.related_model._meta.db_table  # type: ignore[union-attr]
        column = field.column  # type: ignore[union-attr]
        create = (
            f'CREATE TRIGGER "{name}" BEFORE INSERT OR UPDATE OR DELETE ON "{table}" '
            f"FOR EACH ROW EXECUTE FUNCTION mesa_refuse_locked_child('{parent_table}', '{column}')"
        )
    no_truncate = f"{table}_mesa_no_truncate"
    return [
        drop,
        create,
        f'DROP TRIGGER IF EXISTS "{no_truncate}" ON "{table}"',
        f'CREATE TRIGGER "{no_truncate}" BEFORE TRUNCATE ON "{table}" '
        "FOR EACH STATEMENT EXECUTE FUNCTION mesa_refuse_truncate()",
    ]


def _sqlite_statements(p: Protection) -> list[str]:
    table = p.model._meta.db_table
    stmts: list[str] = []

    def trig(suffix: str, event: str, when: str, message: str) -> None:
        name = f"{table}_mesa_{suffix}"
        stmts.append(f'DROP TRIGGER IF EXISTS "{name}"')
        when_sql = f" WHEN {when}" if when else ""
        stmts.append(
            f'CREATE TRIGGER "{name}" BEFORE {event} ON "{table}"{when_sql} '
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )

    if p.kind == "append_only":
        trig("no_update", "UPDATE", "", f"MESA_IMMUTABLE: UPDATE on {table} is not allowed")
        trig("no_delete", "DELETE", "", f"MESA_IMMUTABLE: DELETE on {table} is not allowed")
    elif p.kind == "locked_when_signed":
        trig("no_delete", "DELETE", "", f"MESA_IMMUTABLE: DELETE on {table} is not allowed")
        trig(
            "locked",
            "UPDATE",
            "OLD.locked_at IS NOT NULL",
            f"MESA_LOCKED: {table} is signed and locked",
        )
    else:
        field = p.model._meta.get_field(p.parent_fk or "")
        parent_table = field.related_model._meta.db_table  # type: ignore[union-attr]
        column = field.column  # type: ignore[union-attr]
        locked = 'SELECT locked_at FROM "{t}" WHERE id = {ref}."{c}"'
        trig("no_delete", "DELETE", "", f"MESA_IMMUTABLE: DELETE on {table} is not allowed")
        trig(
            "locked_ins",
            "INSERT",
            f"({locked.format(t=parent_table, ref='NEW', c=column)}) IS NOT NULL",
            f"MESA_LOCKED: {table} belongs to a locked {parent_table}",
        )
        trig(
            "locked_upd",
            "UPDATE",
            f"({locked.format(t=parent_table, ref='OLD', c=column)}) IS NOT NULL "
            f"OR ({locked.format(t=parent_table, ref='NEW', c=column)}) IS NOT NULL",
            f"MESA_LOCKED: {table} belongs to a locked {parent_table}",
        )
    return stmts


def install_triggers(using: str = "default") -> int:
    """(Re)create every protection trigger; returns how many tables are guarded."""
    from django.db import connections

    connection = connections[using]
    existing = set(connection.introspection.table_names())
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_PG_FUNCTIONS)
        for p in REGISTRY:
            if p.model._meta.db_table not in existing:
                continue
            if connection.vendor == "postgresql":
                statements = _pg_statements(p)
            elif connection.vendor == "sqlite":
                statements = _sqlite_statements(p)
            else:  # pragma: no cover - only PostgreSQL and SQLite are supported
                raise RuntimeError(f"unsupported database vendor {connection.vendor}")
            for sql in statements:
                cursor.execute(sql)
            count += 1
    return count


@contextmanager
def guard_lifted(schema_editor: Any, table: str) -> Iterator[None]:
    """Lift a protected table's row guard for one migration's UPDATE, then put it back.

    Only for a migration that fills a new column derived from what the rows already say
    (issue 43: ``cage_tabletransaction.cash_key``, from the sealed player, name, session
    and seat): no stored fact changes, so no seal does. It runs as the schema's owner
    (``migrate``), in the migration's transaction; every guard is re-created after each
    ``migrate`` anyway (:func:`install_triggers`).
    """
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            guard = f"{table}_mesa_guard"
            cursor.execute(
                "SELECT 1 FROM pg_trigger WHERE tgname = %s AND tgrelid = to_regclass(%s)",
                [guard, f'"{table}"'],
            )
            present = cursor.fetchone() is not None
            if present:
                cursor.execute(f'ALTER TABLE "{table}" DISABLE TRIGGER "{guard}"')
            yield
            if present:
                cursor.execute(f'ALTER TABLE "{table}" ENABLE TRIGGER "{guard}"')
        else:
            cursor.execute(f'DROP TRIGGER IF EXISTS "{table}_mesa_no_update"')
            yield
            install_triggers(schema_editor.connection.alias)
