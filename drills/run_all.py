"""Run every fault drill, each against its own throwaway PostgreSQL and Redis.

    .venv/bin/python -m drills.run_all            (what ``make drills`` runs)

Each drill runs as ``scripts/testenv.py -- python -m drills.<name>``: a drill stops and
restarts the servers it is given, so none shares them with another. Prints each drill's
findings and a summary; exit 0 only if every drill passed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRILLS = ("db_restart", "worker_kill", "redis_down", "tamper_buyin", "replica")


def main() -> int:
    results = []
    for name in DRILLS:
        print(f"=== drill {name}", flush=True)
        t0 = time.perf_counter()
        code = subprocess.call(  # noqa: S603
            [sys.executable, "scripts/testenv.py", "--", sys.executable, "-m", f"drills.{name}"],
            cwd=ROOT,
        )
        results.append((name, code, time.perf_counter() - t0))
    print("=== drills")
    for name, code, seconds in results:
        print(f"{name}: {'PASSED' if code == 0 else f'FAILED (exit {code})'} in {seconds:.0f} s")
    return 0 if all(code == 0 for _n, code, _s in results) else 1


if __name__ == "__main__":
    sys.exit(main())
