"""The engine is pure Python (HREC-11, STYLE): importing it pulls in no Django or app."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("django", "rest_framework", "celery", "casino", "tables", "cage", "hands", "reports")


def test_poker_imports_no_framework() -> None:
    code = (
        "import sys, poker, poker.cli, poker.phh, poker.state, poker.validate, poker.machine;"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}];"
        "print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == ""
