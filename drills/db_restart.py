"""Drill: PostgreSQL stops and starts again in the middle of the load run (issue 9 §6).

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m drills.db_restart

The load run of ``loadtest/run.py`` (50 supervisors, 6 tables; 60 s here) with the
database stopped for a few seconds a third of the way in. Proves: while it is down the
API answers 503 with a message (and nothing else fails), the clients retry with the same
idempotency key, gunicorn's workers reconnect by themselves once it is back, and at the
end nothing is lost or doubled and the day's books balance.
"""

from __future__ import annotations

import sys

from loadtest import run


def main(argv: list[str] | None = None) -> int:
    args = ["--fault", "db-restart", "--duration", "60", *(argv or [])]
    code = run.main(args)
    print(
        "DRILL db-restart: "
        + (
            "PASSED — 503 while the database was down, retried with the same key, "
            "reconnected, nothing lost or doubled, books balanced"
            if code == 0
            else "FAILED (see the problems above)"
        )
    )
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
