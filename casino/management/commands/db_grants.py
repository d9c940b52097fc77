"""Grant the app role its privileges on every table, as the owner (issue 12 §4).

    DATABASE_MIGRATE_URL=postgres://mesa_owner@.../mesa python manage.py db_grants

``migrate`` does the same after every run; this command is for a database restored
with ``--no-privileges`` or a role renamed. Idempotent (casino/dbroles.py).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from casino.dbroles import app_role, apply_grants


class Command(BaseCommand):
    help = "Grant the app role (DATABASE_URL) its privileges, connected as the owner."

    def add_arguments(self, parser):
        parser.add_argument("--database", default="default")

    def handle(self, *args, **options):
        if not app_role():
            raise CommandError(
                "Set DATABASE_URL (the app role) and DATABASE_MIGRATE_URL (the owner) to "
                "two roles of a PostgreSQL database."
            )
        count = apply_grants(using=options["database"])
        if count == 0:
            raise CommandError("Nothing granted: connect as the owner (DATABASE_MIGRATE_URL).")
        self.stdout.write(f"db_grants: {count} tables granted to {app_role()}")
