"""The tournament rules are pure Python: importing them pulls in no Django or app (STYLE)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("django", "rest_framework", "celery", "casino", "tables", "cage", "hands", "reports")


def test_poker_tournament_imports_no_framework() -> None:
    code = (
        "import sys, poker.tournament, poker.tournament.cli;"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}];"
        "print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.stdout.strip() == ""
