"""Two database roles, as in a regulated shop (issue 12 §4).

- The OWNER role owns the database, the schema and every table; it runs the migrations,
  installs the immutability triggers (``casino.immutability``) and grants the privileges
  below. It is not a superuser. Its URL is ``DATABASE_MIGRATE_URL``, given only to the
  commands that change the schema or the grants (``manage.py migrate``, ``db_grants``).
- The APP role owns nothing. The web processes and the workers connect with it
  (``DATABASE_URL``). It may SELECT and INSERT everywhere (except ``django_migrations``,
  read only), use the sequences, UPDATE the tables whose rows a state machine moves
  (every table that is not ``@append_only``), and DELETE only where the product deletes
  (``DELETE_TABLES``: sessions, tokens, login throttling, membership links, idempotency
  keys), never on a protected table. On an ``@append_only`` table it holds UPDATE of the
  primary key column only: ``SELECT ... FOR UPDATE`` (row locks the services take on
  append-only rows, e.g. a hand being corrected) needs an UPDATE privilege, and the guard
  trigger refuses any UPDATE that would follow. It has no TRUNCATE, no TRIGGER, no
  REFERENCES, cannot create objects in the schema, and, not being the owner, cannot
  ``ALTER TABLE ... DISABLE TRIGGER``, ``DROP TRIGGER``, replace the guard functions or
  ``SET session_replication_role``.

This module is the one place the SQL lives: :func:`provision_statements` is the one-time
superuser part (``manage.py db_provision_sql`` prints it, ``scripts/testenv.py`` runs
it), :func:`grant_statements` the owner's part (``manage.py db_grants`` and every
``migrate`` apply it, idempotently: revoke all, grant the policy, in one transaction).
It imports Django lazily so that ``scripts/testenv.py`` can use it before Django is set up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

SCHEMA = "public"

# Tables the product deletes rows from, and why. Never a protected table (checked below).
DELETE_TABLES: dict[str, str] = {
    "django_session": "logout, a new login (cycle_key) and expired sessions",
    "authtoken_token": "an API token expires or is revoked (issue 9 §7)",
    "casino_apitoken": "expired API tokens are purged at login (issue 12 §9)",
    "axes_accessattempt": "a login lockout is reset or expires (issue 9 §7)",
    "axes_accessattemptexpiration": "a login lockout expires",
    "axes_accessfailurelog": "old login failures are pruned",
    "axes_accesslog": "old access logs are pruned",
    "casino_user_groups": "a staff member's roles change (staff_set_roles, admin)",
    "casino_user_user_permissions": "Django admin edits a user's permissions",
    "auth_group_permissions": "sync_roles keeps each role's group equal to casino.roles",
    "casino_sector_pit_bosses": "a sector's pit bosses change",
    "casino_idempotencyrecord": "expired idempotency keys are purged",
}
# Read only for the app: the migration history is the owner's.
READ_ONLY_TABLES = frozenset({"django_migrations"})


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def quote_literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def provision_statements(
    *,
    owner: str,
    app: str,
    database: str,
    owner_password: str | None = None,
    app_password: str | None = None,
    owner_createdb: bool = False,
) -> tuple[list[str], list[str]]:
    """The superuser's one-time part: ``(cluster statements, statements in the database)``.

    Passwords are SQL text already (a quoted literal, or a psql variable such as
    ``:'app_password'``); ``None`` creates the role without one (trust/peer auth).
    ``owner_createdb`` is for test clusters only (pytest-django creates ``test_<name>``).
    """
    o, a, d = quote_ident(owner), quote_ident(app), quote_ident(database)

    def role(name: str, password: str | None, extra: str = "") -> str:
        pw = f" PASSWORD {password}" if password else ""
        return (
            f"CREATE ROLE {name} LOGIN NOSUPERUSER NOCREATEROLE NOREPLICATION NOBYPASSRLS"
            f"{extra}{pw}"
        )

    cluster = [
        role(o, owner_password, " CREATEDB" if owner_createdb else " NOCREATEDB"),
        role(a, app_password, " NOCREATEDB"),
        f"CREATE DATABASE {d} OWNER {o} ENCODING 'UTF8' TEMPLATE template0",
        f"REVOKE ALL ON DATABASE {d} FROM PUBLIC",
        f"GRANT CONNECT ON DATABASE {d} TO {a}",
    ]
    in_database = [
        f"ALTER SCHEMA {SCHEMA} OWNER TO {o}",
        f"REVOKE ALL ON SCHEMA {SCHEMA} FROM PUBLIC",
        f"GRANT USAGE ON SCHEMA {SCHEMA} TO {a}",
    ]
    return cluster, in_database


def grant_statements(
    *,
    owner: str,
    app: str,
    tables: Iterable[str],
    kinds: Mapping[str, str],
    pk_columns: Mapping[str, str],
) -> list[str]:
    """The owner's part, for the tables that exist now; idempotent (revoke, then grant).

    ``kinds`` is ``casino.immutability.protected_tables()``; ``pk_columns`` maps a table
    to its primary key column (for the append-only tables' lock-only UPDATE).
    """
    protected_deletes = set(DELETE_TABLES) & set(kinds)
    if protected_deletes:  # pragma: no cover - a programming error, caught by the suite
        raise RuntimeError(f"DELETE may never be granted on protected tables: {protected_deletes}")
    o, a, s = quote_ident(owner), quote_ident(app), quote_ident(SCHEMA)
    out = [
        f"REVOKE ALL ON ALL TABLES IN SCHEMA {s} FROM {a}",
        f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA {s} FROM {a}",
        f"GRANT USAGE ON SCHEMA {s} TO {a}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {s} TO {a}",
        # Tables a later migration creates get the base grants at once; the next
        # post-migrate run of these statements completes them.
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {o} IN SCHEMA {s} GRANT SELECT, INSERT ON TABLES TO {a}",
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {o} IN SCHEMA {s} GRANT USAGE, SELECT ON SEQUENCES TO {a}",
    ]
    for table in sorted(tables):
        t = quote_ident(table)
        if table in READ_ONLY_TABLES:
            out.append(f"GRANT SELECT ON {s}.{t} TO {a}")
            continue
        out.append(f"GRANT SELECT, INSERT ON {s}.{t} TO {a}")
        if kinds.get(table) == "append_only":
            out.append(f"GRANT UPDATE ({quote_ident(pk_columns[table])}) ON {s}.{t} TO {a}")
        else:
            out.append(f"GRANT UPDATE ON {s}.{t} TO {a}")
        if table in DELETE_TABLES:
            out.append(f"GRANT DELETE ON {s}.{t} TO {a}")
    return out


# --- Django side -------------------------------------------------------------------


def app_role() -> str:
    """The app role's name (``DATABASE_URL``'s user) when the split is configured."""
    from django.conf import settings

    return str(getattr(settings, "MESA_DB_APP_ROLE", "") or "")


def may_define(using: str = "default") -> bool:
    """Whether this connection may change the schema (owner or superuser; SQLite: yes).

    False for the app role, e.g. when a test flush emits post_migrate on its connection:
    the triggers and grants are the owner's to install, and they survive a flush.
    """
    from django.db import connections

    connection = connections[using]
    if connection.vendor != "postgresql":
        return True
    # The schema's CREATE privilege is what defining a trigger or function needs: the owner
    # and a superuser hold it, the app role only has USAGE (provisioning, above). It holds
    # whether or not the schema was built by migrations (``pytest --no-migrations``).
    with connection.cursor() as cursor:
        cursor.execute("SELECT has_schema_privilege(current_user, %s, 'CREATE')", [SCHEMA])
        return bool(cursor.fetchone()[0])


def apply_grants(using: str = "default") -> int:
    """Grant the app role its privileges on every table; returns how many tables.

    Runs as the owner (after every migrate and in ``manage.py db_grants``); does nothing
    on SQLite, without a configured app role, or when connected as the app role itself.
    """
    from django.apps import apps
    from django.db import connections, transaction

    from .immutability import protected_tables

    connection = connections[using]
    app = app_role()
    if connection.vendor != "postgresql" or not app:
        return 0
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        owner = cursor.fetchone()[0]
        if owner == app:
            return 0
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s AND tableowner = current_user",
            [SCHEMA],
        )
        tables = [r[0] for r in cursor.fetchall()]
    pk_columns = {
        m._meta.db_table: m._meta.pk.column
        for m in apps.get_models(include_auto_created=True)
        if m._meta.pk is not None and m._meta.pk.column is not None
    }
    statements = grant_statements(
        owner=owner, app=app, tables=tables, kinds=protected_tables(), pk_columns=pk_columns
    )
    with transaction.atomic(using=using), connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
    return len(tables)


def refuse_superuser_connection(sender, connection, **kwargs):
    """``connection_created`` handler of the production settings: never run as a superuser.

    The server reports ``is_superuser`` when the session starts, so this costs no query.
    A superuser bypasses every privilege and can switch the guard triggers off
    (``session_replication_role``), so the app refuses to use such a connection.
    """
    from django.core.exceptions import ImproperlyConfigured

    if connection.vendor != "postgresql":
        return
    if connection.connection.info.parameter_status("is_superuser") == "on":
        user = connection.settings_dict.get("USER")
        connection.close()
        raise ImproperlyConfigured(
            f"Mesa refuses to connect to PostgreSQL as the superuser {user!r}: set DATABASE_URL "
            "to the app role and DATABASE_MIGRATE_URL to the owner (docs/reliability.md, "
            "Database roles)."
        )
