"""What a request of the load run costs, in one process (issue 18 §3, issue 43).

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m loadtest.profile [--requests 60]

Prepares the load floor (``loadtest/floor.py``, production settings) and sends, through
Django's WSGI handler as gunicorn calls it (``casino.wsgi.application``: the request
signals, so the connection's health check runs on every request, and the debug cursor
off), the locust users' requests with the same headers and bodies: buy-ins, colour
changes and complete hands, with the reference ``GET /api/me/`` in the same run. The
kinds take turns in blocks of ``--block`` requests, so a slow stretch of a shared machine
falls on every kind alike.

For each kind it prints the median CPU of this process (``time.process_time``: Django,
DRF, psycopg, the app), the same as a multiple of the reference's, the CPU of the
PostgreSQL backend serving the connection (``/proc/<pid>/schedstat``, nanoseconds: the
time it ran, however short), the median wall time and the statements sent. A write's CPU
as a multiple of the same run's ``GET /api/me/`` holds on a shared machine, where
milliseconds do not.

``--growth N`` posts N buy-ins at one table instead (with the reference between them)
and compares the buy-ins around the 10th with those around the Nth: a write's cost must
not grow with the session or the day (issue 43). ``--show-queries KIND`` prints the
statements of one request of that kind; ``--cprofile`` the top functions. It is a
measuring tool, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from loadtest.run import BIN, ROOT, django_setup, server_env

REFERENCE = "reference: GET /api/me/"
KINDS = (REFERENCE, "buy-in", "colour change", "complete hand")


def backend_cpu_ns(pid: int | None) -> int:
    """Nanoseconds a PostgreSQL backend has run so far (``schedstat``: every slice counted)."""
    if pid is None:
        return 0
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0  # the backend has ended (a connection closed at its age)


def backend_ticks(pid: int | None) -> int:
    """Clock ticks (utime + stime, ``/proc/<pid>/stat``) of a backend: what ``run.py`` reads."""
    if pid is None:
        return 0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, ValueError, IndexError):
        return 0


class Harness:
    """Sends requests to the WSGI application and keeps each one's figures."""

    def __init__(self, profiler: cProfile.Profile | None, profiled: str | None = None) -> None:
        from django.db import connection

        from casino.wsgi import application

        self.application = application
        self.connection = connection
        self.profiler = profiler
        self.profiled = profiled
        self.count_calls = False
        self.figures: dict[str, list[dict[str, float]]] = {}
        self.statements = 0
        self.pid: int | None = None
        connection.execute_wrappers.append(self._count)

    def _count(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any):
        self.statements += 1
        return execute(sql, params, many, context)

    def _backend(self) -> int | None:
        raw = self.connection.connection
        return None if raw is None else int(raw.info.backend_pid)

    def send(self, name: str, path: str, body: dict[str, Any] | None, token: str) -> Any:
        data = b"" if body is None else json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": "GET" if body is None else "POST",
            "SCRIPT_NAME": "",
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_AUTHORIZATION": f"Token {token}",
            "HTTP_X_MESA_ROLE": "supervisor",
            "HTTP_IDEMPOTENCY_KEY": uuid.uuid4().hex,
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(data)),
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(data),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        status: list[str] = []

        def start_response(s: str, _headers: Any, _exc_info: Any = None) -> Any:
            status.append(s)
            return lambda _b: None

        before_pid = self.pid
        pg0 = backend_cpu_ns(before_pid)
        n0 = self.statements
        profiling = self.profiler is not None and self.profiled in (name, "every kind")
        if profiling and self.profiler:
            self.profiler.enable()
        counter = cProfile.Profile() if self.count_calls else None
        if counter is not None:
            counter.enable()
        t0, c0 = time.perf_counter(), time.process_time()
        result = self.application(environ, start_response)
        try:
            payload = b"".join(result)
        finally:
            result.close()  # as gunicorn does: request_finished, the connection's age
        t1, c1 = time.perf_counter(), time.process_time()
        calls = 0
        if counter is not None:
            counter.disable()
            calls = pstats.Stats(counter).total_calls  # type: ignore[attr-defined]
        if profiling and self.profiler:
            self.profiler.disable()
        self.pid = self._backend()
        if self.pid != before_pid:  # a new connection: its backend's start is this request's
            pg = backend_cpu_ns(self.pid)
        else:
            pg = backend_cpu_ns(self.pid) - pg0
        code = int(status[0].split()[0])
        if code != (200 if body is None else 201):
            raise SystemExit(f"{name}: {code} {payload[:300]!r}")
        self.figures.setdefault(name, []).append(
            {
                "wall": (t1 - t0) * 1000,
                "cpu": (c1 - c0) * 1000,
                "pg": pg / 1e6,
                "statements": self.statements - n0,
                "calls": calls,
            }
        )
        return json.loads(payload)


def request_of(plan: Any, i: int, name: str) -> tuple[str, dict[str, Any] | None, str]:
    """The i-th request of a kind, as the locust users send it: (path, body, token)."""
    t = plan.tables[i % len(plan.tables)]
    token = plan.supervisors[i % len(plan.tables)]["token"]
    seat = 6 + i % 4
    if name == REFERENCE:
        return "/api/me/", None, token
    if name == "buy-in":
        body = {
            "seat": seat,
            "amount": "200",
            "croupier": t["croupier"],
            "cash": [{"value": "100", "count": 2}],
            "chips": [{"value": "100", "count": 1}, {"value": "25", "count": 4}],
            "player_name": f"Mesa {t['number']} asiento {seat}",
        }
        return f"/api/cage/sessions/{t['session']}/buyins/", body, token
    if name == "colour change":
        big, small = [{"value": "100", "count": 1}], [{"value": "25", "count": 4}]
        up = i % 2 == 0
        body = {
            "croupier": t["croupier"],
            "chips_in": small if up else big,
            "chips_out": big if up else small,
            "seat": seat,
        }
        return f"/api/cage/sessions/{t['session']}/colour-changes/", body, token
    number = i // len(plan.tables)
    body = {"session": t["session"], "number": number + 1, **t["hands"][number]}
    return "/api/hands/", body, token


def show_queries(harness: Harness, name: str, path: str, body: Any, token: str) -> None:
    """The statements of one request (the debug cursor on for it only: not measured)."""
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(harness.connection) as q:
        harness.send(f"shown: {name}", path, body, token)
    for i, x in enumerate(q.captured_queries):
        print(f"{i:3} {x['sql'][:240]}")


def summary(harness: Harness, kinds: tuple[str, ...]) -> list[str]:
    figures = harness.figures
    reference = statistics.median(r["cpu"] for r in figures[REFERENCE])
    lines = [
        "| request | CPU ms, median (x reference) | PostgreSQL CPU ms, mean / median "
        "| wall ms, median | statements | Python calls |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name in kinds:
        rows = figures.get(name)
        if not rows:
            continue
        cpu = statistics.median(r["cpu"] for r in rows)
        lines.append(
            f"| {name} | {cpu:.2f} ({cpu / reference:.2f}x) | "
            f"{statistics.mean(r['pg'] for r in rows):.2f} / "
            f"{statistics.median(r['pg'] for r in rows):.2f} | "
            f"{statistics.median(r['wall'] for r in rows):.1f} | "
            f"{statistics.median(r['statements'] for r in rows):.0f} | "
            f"{statistics.median(r['calls'] for r in rows):.0f} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=60, help="requests of each kind")
    parser.add_argument("--block", type=int, default=5, help="requests of a kind in a row")
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--growth", type=int, help="N buy-ins at one table: the 10th vs the Nth")
    parser.add_argument(
        "--cprofile",
        nargs="?",
        const="every kind",
        choices=[*KINDS, "every kind"],
        help="profile the requests of one kind (of every kind without a value)",
    )
    parser.add_argument("--show-queries", choices=KINDS)
    parser.add_argument(
        "--calls",
        action="store_true",
        help="count the Python function calls of each request (a figure that does not move "
        "with the machine's load; the times are then not comparable)",
    )
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
    from django.db import connections

    from loadtest import floor

    tables = 1 if args.growth else args.tables
    hands = max(args.requests // tables + 2, 10)
    plan = floor.prepare(
        base_url="http://127.0.0.1", tables=tables, supervisors=tables, hands=hands
    )
    connections.close_all()  # the requests open their own connection, as a worker does
    profiler = cProfile.Profile(time.process_time) if args.cprofile else None
    harness = Harness(profiler)
    # Warm-up, not counted: the first request of each kind imports and builds what a
    # worker builds once (URL resolvers, serializers, compiled queries).
    for name in KINDS:
        harness.send(name, *request_of(plan, 0, name))
    harness.figures.clear()
    harness.profiled = args.cprofile
    harness.count_calls = args.calls
    if args.show_queries:
        show_queries(harness, args.show_queries, *request_of(plan, 1, args.show_queries))
        return 0

    if args.growth:
        return growth(harness, plan, args.growth)

    started = time.perf_counter()
    backend = harness.pid
    ns0, ticks0 = backend_cpu_ns(backend), backend_ticks(backend)
    done = dict.fromkeys(KINDS, 1)  # request 0 of each kind was the warm-up
    while min(done.values()) <= args.requests:
        for name in KINDS:
            for _ in range(args.block):
                i = done[name]
                if i > args.requests:
                    break
                harness.send(name, *request_of(plan, i, name))
                done[name] += 1
    wall = time.perf_counter() - started
    print(
        f"in process through the WSGI handler, {args.requests} of each kind in blocks of "
        f"{args.block}, {args.tables} tables, {wall:.0f} s (load average "
        f"{os.getloadavg()[0]:.2f})"
    )
    print("\n".join(summary(harness, KINDS)))
    if harness.pid == backend:
        # The same backend's CPU read two ways: what it ran (schedstat, nanoseconds) and
        # the clock ticks it was charged (stat, what loadtest/run.py sums per phase).
        ran = (backend_cpu_ns(backend) - ns0) / 1e6
        ticked = (backend_ticks(backend) - ticks0) * 1000 / os.sysconf("SC_CLK_TCK")
        print(
            f"PostgreSQL backend over the run: {ran:.0f} ms ran (schedstat), "
            f"{ticked:.0f} ms charged in clock ticks (stat)"
        )
    if profiler:
        profiler.dump_stats(str(workdir / "profile.pstats"))
        print(f"stats in {workdir / 'profile.pstats'}")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(70)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(50)
        print(out.getvalue())
    return 0


def growth(harness: Harness, plan: Any, count: int) -> int:
    """``count`` buy-ins at one table, each after a reference; the 10th against the Nth."""
    start = time.perf_counter()
    for i in range(1, count + 1):
        for name in (REFERENCE, "buy-in"):
            harness.send(name, *request_of(plan, i, name))
    buyins, refs = harness.figures["buy-in"], harness.figures[REFERENCE]

    def around(k: int) -> tuple[float, float, float, float, float]:
        window = range(max(k - 10, 0), min(k + 10, count))
        cpu = statistics.median(buyins[j]["cpu"] for j in window)
        ref = statistics.median(refs[j]["cpu"] for j in window)
        pg = statistics.mean(buyins[j]["pg"] for j in window)
        # With --calls: the Python calls and statements, which do not move with the load.
        calls = statistics.median(buyins[j]["calls"] for j in window)
        statements = statistics.median(buyins[j]["statements"] for j in window)
        return cpu, cpu / ref, pg, calls, statements

    early, late = around(10), around(count)
    print(
        f"{count} buy-ins at one table through the WSGI handler, "
        f"{time.perf_counter() - start:.0f} s (load average {os.getloadavg()[0]:.2f})"
    )
    print(
        "| buy-ins | CPU ms, median (x reference) | PostgreSQL CPU ms, mean "
        "| statements | Python calls |"
    )
    print("|---|---:|---:|---:|---:|")
    for label, w in (("1st-20th", early), (f"{count - 10}th-{count}th", late)):
        print(f"| {label} | {w[0]:.2f} ({w[1]:.2f}x) | {w[2]:.2f} | {w[4]:.0f} | {w[3]:.0f} |")
    print(f"the {count}th against the 10th: {late[1] / early[1]:.2f}x (of the reference's)")
    if early[3]:
        print(f"Python calls, the {count}th against the 10th: {late[3] / early[3]:.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
