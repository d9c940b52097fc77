"""The migrations describe the models exactly.

``make check`` builds its test databases from the models (``pytest --no-migrations``, about
2 s instead of 14 s of migrating); ``make test`` builds them by running every migration. A
model changed without its migration would pass the first and fail only on a deployed
database, so this test asks Django whether any model change has no migration. It reads the
migration files themselves, whatever the run's database was built from.
"""

from __future__ import annotations

from django.apps import apps
from django.db.migrations.autodetector import MigrationAutodetector
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.questioner import NonInteractiveMigrationQuestioner
from django.db.migrations.state import ProjectState
from django.utils import translation


def test_every_model_change_has_its_migration(settings):
    # pytest-django's --no-migrations replaces MIGRATION_MODULES for the session; the
    # project sets none, so the files on disk are the migrations. No database is read:
    # this is makemigrations --check's comparison without its history check.
    settings.MIGRATION_MODULES = {}
    with translation.override(None):  # as the command: verbose names in their source words
        missing = _changes_without_migration()
    assert not missing, f"model changes without a migration (makemigrations): {missing}"


def _changes_without_migration() -> dict[str, list[str]]:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    changes = MigrationAutodetector(
        loader.project_state(),
        ProjectState.from_apps(apps),
        NonInteractiveMigrationQuestioner(specified_apps=None, dry_run=True),
    ).changes(graph=loader.graph)
    return {
        app: [
            operation.describe() for migration in migrations for operation in migration.operations
        ]
        for app, migrations in changes.items()
    }
