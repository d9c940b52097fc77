"""Print the one-time superuser part of the two database roles (issue 12 §4).

    python manage.py db_provision_sql > provision.sql
    psql "postgres://postgres@HOST/postgres" -v owner_password="$OWNER_PW" \\
         -v app_password="$APP_PW" -f provision.sql

The role and database names come from DATABASE_MIGRATE_URL (owner) and DATABASE_URL
(app), or the options. Passwords are psql variables, never printed.

``--execute`` runs the same statements itself, connected with DATABASE_SUPERUSER_URL,
taking the passwords from the two URLs (docker-compose's "provision" service); it skips
what exists already, so it can run on every start. Afterwards run
``manage.py migrate`` with DATABASE_MIGRATE_URL: it creates the tables as the owner,
installs the triggers and grants the app role (casino/dbroles.py).
"""

from __future__ import annotations

import os

import dj_database_url
from django.core.management.base import BaseCommand, CommandError

from casino.dbroles import provision_statements, quote_ident, quote_literal


def _url_part(name: str, key: str, default: str) -> str:
    url = os.environ.get(name, "")
    if not url.startswith(("postgres://", "postgresql://")):
        return default
    return str(dj_database_url.parse(url).get(key) or default)


def _literal(password: str) -> str | None:
    return quote_literal(password) if password else None


class Command(BaseCommand):
    help = "Print the superuser SQL that creates the owner and app roles and the database."

    def add_arguments(self, parser):
        parser.add_argument(
            "--owner", default=_url_part("DATABASE_MIGRATE_URL", "USER", "mesa_owner")
        )
        parser.add_argument("--app", default=_url_part("DATABASE_URL", "USER", "mesa_app"))
        parser.add_argument("--database", default=_url_part("DATABASE_URL", "NAME", "mesa"))

        parser.add_argument(
            "--execute",
            action="store_true",
            help="Run it as DATABASE_SUPERUSER_URL instead of printing it (idempotent).",
        )

    def handle(self, *args, **options):
        if options["execute"]:
            return self.execute_sql(options)
        cluster, in_database = provision_statements(
            owner=options["owner"],
            app=options["app"],
            database=options["database"],
            owner_password=":'owner_password'",
            app_password=":'app_password'",
        )
        lines = [
            "-- Mesa: the owner and app roles (issue 12 §4). Run once, as a superuser, with psql.",
            "\\set ON_ERROR_STOP on",
            *(f"{sql};" for sql in cluster),
            f"\\connect {quote_ident(options['database'])}",
            *(f"{sql};" for sql in in_database),
            "-- Then, as the owner: DATABASE_MIGRATE_URL=... python manage.py migrate",
        ]
        self.stdout.write("\n".join(lines))

    def execute_sql(self, options):
        import psycopg

        superuser = os.environ.get("DATABASE_SUPERUSER_URL", "")
        if not superuser:
            raise CommandError("--execute needs DATABASE_SUPERUSER_URL (a superuser).")
        owner, app, database = options["owner"], options["app"], options["database"]
        cluster, in_database = provision_statements(
            owner=owner,
            app=app,
            database=database,
            owner_password=_literal(_url_part("DATABASE_MIGRATE_URL", "PASSWORD", "")),
            app_password=_literal(_url_part("DATABASE_URL", "PASSWORD", "")),
        )
        with psycopg.connect(superuser, dbname="postgres", autocommit=True) as conn:
            roles = {r[0] for r in conn.execute("SELECT rolname FROM pg_roles")}
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [database]
            ).fetchone()
            for sql in cluster:
                if sql.startswith("CREATE ROLE "):
                    name = owner if sql.startswith(f"CREATE ROLE {quote_ident(owner)} ") else app
                    if name in roles:
                        continue
                if sql.startswith("CREATE DATABASE ") and exists:
                    continue
                conn.execute(sql)
        with psycopg.connect(superuser, dbname=database, autocommit=True) as conn:
            for sql in in_database:
                conn.execute(sql)
        self.stdout.write(f"db_provision_sql: roles {owner}, {app} and database {database} ready")
