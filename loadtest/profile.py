"""Where a request of the load run spends its time (issue 18 §3), in one process.

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m loadtest.profile [--requests 60]

Prepares the load floor (``loadtest/floor.py``, production settings) and posts, through
Django's test client with the same headers and bodies as the locust users, ``--requests``
buy-ins, colour changes and complete hands. For each kind it prints the mean time, the
number of queries, and how long the day's evidence-chain lock was held (from the query
that takes it to the end of the request, when the transaction commits); with
``--cprofile`` the top functions by cumulative time. It is a measuring tool, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from loadtest.run import BIN, ROOT, django_setup, server_env

REFERENCE = "reference: GET /api/me/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=60, help="requests of each kind")
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--cprofile", action="store_true")
    parser.add_argument("--show-queries", choices=["buy-in", "colour change", "complete hand"])
    args = parser.parse_args(argv)

    import subprocess

    workdir = Path(tempfile.mkdtemp(prefix="mesa-profile-"))
    env = server_env(workdir)
    subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    django_setup(env)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from loadtest import floor

    plan = floor.prepare(
        base_url="http://127.0.0.1", tables=args.tables, supervisors=args.tables, hands=200
    )
    client = Client(HTTP_HOST="127.0.0.1")
    profiler = cProfile.Profile() if args.cprofile else None
    figures: dict[str, list[tuple[float, int, float, float]]] = {}
    shown = False

    def post(name: str, path: str, body: dict[str, Any] | None, token: str) -> dict[str, Any]:
        """POST ``body`` to ``path`` (GET when ``body`` is None) and record its figures."""
        nonlocal shown
        headers = {
            "HTTP_AUTHORIZATION": f"Token {token}",
            "HTTP_X_MESA_ROLE": "supervisor",
            "HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex,
        }
        with CaptureQueriesContext(connection) as q:
            if profiler:
                profiler.enable()
            t0, c0 = time.perf_counter(), time.process_time()
            if body is None:
                r = client.get(path, **headers)
            else:
                r = client.post(
                    path, data=json.dumps(body), content_type="application/json", **headers
                )
            t1, c1 = time.perf_counter(), time.process_time()
            if profiler:
                profiler.disable()
        if r.status_code != (200 if body is None else 201):
            raise SystemExit(f"{name}: {r.status_code} {r.content[:300]!r}")
        lock_at = next(
            (i for i, x in enumerate(q.captured_queries) if "pg_advisory_xact_lock" in x["sql"]),
            None,
        )
        held = 0.0
        if lock_at is not None:
            # The client does not time each query's start: the hold is the time of the
            # queries from the lock on (the Python between them is not counted).
            held = sum(float(x["time"]) for x in q.captured_queries[lock_at:]) * 1000
        figures.setdefault(name, []).append(
            ((t1 - t0) * 1000, len(q.captured_queries), held, (c1 - c0) * 1000)
        )
        if args.show_queries == name and not shown and len(figures[name]) == 5:
            shown = True
            for i, x in enumerate(q.captured_queries):
                print(f"{i:3} {float(x['time']) * 1000:6.1f} ms  {x['sql'][:220]}")
        return r.json()

    for i in range(args.requests):
        t = plan.tables[i % len(plan.tables)]
        token = plan.supervisors[i % len(plan.tables)]["token"]
        # The load run's reference (``run.py --saturate``), timed beside the writes: a
        # write's cost as a multiple of it holds on a shared machine, where ms do not.
        post(REFERENCE, "/api/me/", None, token)
        seat = 6 + i % 4
        post(
            "buy-in",
            f"/api/cage/sessions/{t['session']}/buyins/",
            {
                "seat": seat,
                "amount": "200",
                "croupier": t["croupier"],
                "cash": [{"value": "100", "count": 2}],
                "chips": [{"value": "100", "count": 1}, {"value": "25", "count": 4}],
                "player_name": f"Mesa {t['number']} asiento {seat}",
            },
            token,
        )
        up = i % 2 == 0
        big, small = [{"value": "100", "count": 1}], [{"value": "25", "count": 4}]
        post(
            "colour change",
            f"/api/cage/sessions/{t['session']}/colour-changes/",
            {
                "croupier": t["croupier"],
                "chips_in": small if up else big,
                "chips_out": big if up else small,
                "seat": seat,
            },
            token,
        )
        number = i // len(plan.tables)
        post(
            "complete hand",
            "/api/hands/",
            {"session": t["session"], "number": number + 1, **t["hands"][number]},
            token,
        )

    print(f"in process, {args.requests} of each kind, {args.tables} tables")
    print(
        "| request | mean ms | median ms | Python CPU ms (x reference) | queries "
        "| chain lock held ms |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    reference_cpu = statistics.median([r[3] for r in figures[REFERENCE]])
    for name, rows in figures.items():
        ms = [r[0] for r in rows]
        cpu = statistics.median([r[3] for r in rows])
        print(
            f"| {name} | {statistics.mean(ms):.1f} | {statistics.median(ms):.1f} | "
            f"{cpu:.1f} ({cpu / reference_cpu:.1f}x) | "
            f"{statistics.median([r[1] for r in rows]):.0f} | "
            f"{statistics.median([r[2] for r in rows]):.1f} |"
        )
    # Issue 18 §3: the reference saturates at R req/s; 150 req/s of writes needs a write's
    # CPU within R / 150 of the reference's (the same server, middleware and machine).
    print(
        "Python CPU in multiples of the reference's; the load run's reference rate R "
        "(run.py --saturate) over 150 is the multiple that 150 req/s of writes allows"
    )
    if profiler:
        profiler.dump_stats(str(workdir / "profile.pstats"))
        print(f"stats in {workdir / 'profile.pstats'}")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(60)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(40)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
