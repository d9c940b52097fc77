"""Issue 41: the player registry is the players app's, moved from tables in Django's state
only. The database keeps its tables, keys and constraints; every other app's key to a
player points at ``players.Player``; the registry reads and writes through its own
services and selectors."""

from __future__ import annotations

import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import models

from players.models import Exclusion, ExclusionList, Player

REGISTRY = {
    Player: "tables_player",
    ExclusionList: "tables_exclusionlist",
    Exclusion: "tables_exclusion",
}
#: The migrations of the move: each changes Django's state and nothing in the database.
MOVE = [
    ("players", "0001_registry_moved_from_tables"),
    ("tables", "0020_player_registry_moved_to_players"),
    ("cage", "0007_player_registry_moved"),
    ("hands", "0008_player_registry_moved"),
    ("tournaments", "0003_player_registry_moved"),
]


def test_the_registry_is_the_players_app_s_in_its_old_tables():
    assert apps.get_app_config("players").get_models()
    for model, table in REGISTRY.items():
        assert model._meta.app_label == "players", model
        assert model._meta.db_table == table, model
    # what a player meets at a table names the table and the session: it stays with tables
    for name in ("ExclusionHit", "VipReferral", "SanctionEntry", "Seat"):
        assert apps.get_model("tables", name)._meta.app_label == "tables"


def test_every_key_to_a_player_points_at_the_registry():
    keys = {
        f"{model._meta.label}.{field.name}": field.related_model
        for model in apps.get_models()
        for field in model._meta.get_fields()
        if isinstance(field, models.ForeignKey)
        and field.related_model is not None
        and field.related_model._meta.model_name == "player"
    }
    assert {k.split(".")[0] for k in keys} >= {"tables", "cage", "hands", "tournaments"}
    assert {k for k, to in keys.items() if to is not Player} == set()


@pytest.mark.django_db
@pytest.mark.parametrize(("app", "name"), MOVE)
def test_the_move_changes_nothing_in_the_database(app, name, settings):
    settings.MIGRATION_MODULES = {}  # the files on disk, also under --no-migrations
    out = io.StringIO()
    call_command("sqlmigrate", app, name, stdout=out)
    statements = [
        line
        for line in out.getvalue().splitlines()
        if line.strip() and not line.startswith("--") and line.strip() not in ("BEGIN;", "COMMIT;")
    ]
    assert statements == []
