"""GEN-01: every functional area the spec lists is carried by an app of the project."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]

# Area of GEN-01 -> the app and the models (or module) that carry it.
AREAS = {
    "staff and roles": ("casino", ["User", "Sector"]),
    "tables and sessions": ("tables", ["Table", "TableSettings", "TableSession"]),
    "float (opening and closing counts, fills and credits)": (
        "tables",
        ["OpeningSheet", "ClosingSheet", "FloatPar"],
    ),
    "fills and credits": ("cage", ["Slip", "SlipLine"]),
    "deck custody": ("tables", ["DeckStore", "Pack", "DeckEvent", "DeckFinalControl"]),
    "changes (cash, colour, cash-out, tip)": ("cage", ["TableTransaction", "ChipLine"]),
    "buy-in register": ("cage", ["TableTransaction", "CashLine"]),
    "hand recorder": ("hands", ["Hand", "HandVerdict", "HandIrregularity"]),
    "sanctions ledger": ("tables", ["SanctionEntry"]),
    # issue 41: the player registry is its own app, below tables
    "player registry and exclusions": ("players", ["Player", "Exclusion", "ExclusionList"]),
    "reports (PDF)": ("reports", ["Report"]),
    "audit": ("casino", ["AuditEvent", "Signature"]),
}


@pytest.mark.parametrize("area", sorted(AREAS))
def test_gen_01_each_functional_area_has_its_app(area):
    label, models = AREAS[area]
    assert label in settings.INSTALLED_APPS, area
    config = apps.get_app_config(label)
    for model in models:
        assert config.get_model(model)._meta.app_label == label, (area, model)


def test_gen_01_the_apps_and_the_engine_are_in_the_layers_contract():
    # The rules engine is its own package, below every app (HREC-11 proves it Django-free).
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in contracts["contracts"] if c["type"] == "layers")["layers"]
    assert layers[-1] == "poker"
    for label in {label for label, _models in AREAS.values()}:
        assert label in layers, label
    from reports.registry import get_spec

    for kind in ("sheet", "deck_custody", "sanctions", "exceptions", "hands"):
        assert get_spec(kind) is not None, kind  # reports as PDF, one kind per area


def _project_apps() -> set[str]:
    """The project's own packages among the installed apps (casino, tables, …, players)."""
    return {
        label.split(".")[0]
        for label in settings.INSTALLED_APPS
        if (ROOT / label.split(".")[0] / "__init__.py").exists()
        and not label.startswith("tests")  # the tests' own kernel app
    }


def test_every_app_is_type_checked_and_packaged():
    # Issue 41 "Habits": CI lints with mypy on every app. A new app left out of mypy's
    # files (the players app was, for an hour) would go unchecked while `make lint` passes.
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    checked = set(tool["mypy"]["files"])
    packaged = set(tool["setuptools"]["packages"]["find"]["include"])
    missing = sorted(a for a in _project_apps() if a not in checked)
    assert missing == [], f"apps outside mypy's files: {missing}"
    assert {"poker", *_project_apps()} <= checked
    unpackaged = sorted(a for a in _project_apps() if f"{a}*" not in packaged)
    assert unpackaged == [], f"apps outside the package list: {unpackaged}"
