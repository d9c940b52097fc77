"""The rules engine is pure Python (STYLE, HREC-11): proved by import-linter and a clean import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_linter_contracts_hold():
    linter = Path(sys.executable).with_name("lint-imports")
    out = subprocess.run([str(linter)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "KEPT" in out.stdout


def test_poker_imports_without_django():
    # HREC-11: the engine is a plain Python package, importable without Django.
    code = (
        "import sys, poker, poker.cards, poker.profiles\n"
        "import pkgutil, importlib\n"
        "for m in pkgutil.walk_packages(poker.__path__, 'poker.'):\n"
        "    if not m.name.endswith('__main__'): importlib.import_module(m.name)\n"
        "bad = [n for n in sys.modules if n.split('.')[0] in "
        "{'django','rest_framework','celery','casino','players','tables','cage','hands','reports'}]\n"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
