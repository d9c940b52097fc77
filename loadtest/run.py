"""The timed load run (issue 9 §5): 50 supervisors, 6 tables, 2 minutes, real workers.

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m loadtest.run [--duration 120]

Against the throwaway PostgreSQL and Redis of ``scripts/testenv.py`` (loopback only):

1. migrates with the production settings and prepares the floor (``loadtest/floor.py``);
2. starts gunicorn on 127.0.0.1 (``--workers``, sync, default two per core as in
   ``docker-compose.yml``) and a Celery worker, both with the production settings (DEBUG off);
3. runs locust headless (``loadtest/locustfile.py``): ``--users`` supervisors posting
   buy-ins, colour changes and complete hands, for ``--duration`` seconds; with
   ``--saturate`` (think time 0.1-0.3 s) it first runs the same run's reference, the same
   users on the same server asking ``GET /api/me/`` for ``--reference-duration`` seconds,
   and prints the scenario's req/s and buy-in p95 next to it with the load average (the
   two cores are shared: a figure without its reference says little), the CPU of each
   phase per request by process group (web workers, PostgreSQL, Redis, the Celery worker,
   the load generator) and what the app's database connections were doing (running,
   waiting on a lock, idle inside a transaction while the app's Python works);
   with ``--web-cpus 1`` the web workers run on the listed cores only and everything
   else (PostgreSQL, Redis, Celery, locust) on the others, and each phase prints how busy
   each core was: what one web core serves, the figure to size a deployment by;
4. stops the servers, closes every table from what the clients know happened, runs
   ``manage.py reconcile_day --json`` and counts the records per idempotency key;
5. prints throughput and p50/p95/p99 per request and the verdicts.

Exit 0 when there were no errors, nothing lost or duplicated and the day balances; 1
otherwise. The latency targets (p95 < 100 ms for a buy-in, < 150 ms for a complete hand)
are printed as met or missed. ``--fault db-restart`` restarts PostgreSQL in the middle of
the run (``drills/db_restart.py``): 503 answers are then expected and retried.
"""

from __future__ import annotations

import argparse
import base64
import csv
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TARGETS_MS = {"buy-in": 100, "complete hand": 150}
# Issue 18 §3: sync workers, one request each; a request waits on PostgreSQL for about
# half its time, so two per core keep both cores busy (measured in docs/benchmarks.md).
WORKERS = 2 * (os.cpu_count() or 2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(workdir: Path) -> dict[str, str]:
    if not os.environ.get("DATABASE_URL") or not os.environ.get("CELERY_BROKER_URL"):
        sys.exit("run through scripts/testenv.py: PostgreSQL and Redis are needed")
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "casino.settings.prod",
        "SECRET_KEY": secrets.token_urlsafe(64),
        # prod settings refuse to start without a seal key (issue 12 §5)
        "MESA_SEAL_KEYS": os.environ.get("MESA_SEAL_KEYS")
        or "load:" + base64.b64encode(secrets.token_bytes(32)).decode(),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "MESA_VAR_DIR": str(workdir / "var"),
        "MEDIA_ROOT": str(workdir / "media"),
        "STATIC_ROOT": str(workdir / "static"),
        "LOG_LEVEL": "ERROR",
        "MESA_LOG_LEVEL": "ERROR",
        "PYTHONUNBUFFERED": "1",
    }


def django_setup(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()


def wait_http(url: str, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:  # noqa: S310 - loopback
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer")


def start(cmd: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(  # noqa: S603 - our own binaries
        cmd,
        env=env,
        cwd=ROOT,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def pg_ctl(action: str) -> None:
    """Stop/start/restart the test cluster (``scripts/testenv.py`` exports where it is)."""
    bindir = os.environ["MESA_TEST_PG_BINDIR"]
    cmd = [
        f"{bindir}/pg_ctl",
        "-D",
        os.environ["MESA_TEST_PGDATA"],
        "-o",
        os.environ["MESA_TEST_PG_OPTIONS"],
        "-l",
        os.environ.get("MESA_TEST_PG_LOG", "/dev/null"),
        "-m",
        "fast",
        "-w",
        action,
    ]
    if os.geteuid() == 0:
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)  # noqa: S603


def server_processes(
    skip: frozenset[int] = frozenset(),
) -> list[tuple[int, int, str, list[str]]]:
    """This run's PostgreSQL and Redis processes and every other process, read from /proc.

    Each as ``(pid, process group, group, stat fields)``, where group is "database" (the
    app's connections), "database (own)" (the postmaster of ``MESA_TEST_PGDATA`` and its
    own work: autovacuum, checkpoints), "redis" (by its port) or "" (any other process).
    """
    pid_file = Path(os.environ["MESA_TEST_PGDATA"]) / "postmaster.pid"
    postmaster = int(pid_file.read_text().split()[0])
    app_role = urllib.parse.urlparse(os.environ["DATABASE_URL"]).username
    redis_port = os.environ["CELERY_BROKER_URL"].rsplit(":", 1)[1].split("/")[0]
    out = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) in skip:
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode("latin-1")
        except OSError:
            continue
        pid, ppid, pgid = int(proc.name), int(fields[1]), int(fields[2])
        if postmaster in (pid, ppid):
            is_app = cmdline.startswith(f"postgres: {app_role} ")
            group = "database" if is_app else "database (own)"
        elif "redis-server" in cmdline and f":{redis_port}" in cmdline:
            group = "redis"
        else:
            group = ""
        out.append((pid, pgid, group, fields))
    return out


class CpuTracker(threading.Thread):
    """CPU seconds (user + system) used so far by this run's processes, by group.

    Only this run's servers count (other clusters on the machine do not): the web
    workers and the Celery worker by their process groups, PostgreSQL and Redis as
    ``server_processes`` finds them (less ``skip``: the sampler's own backend). The load
    generator is this process's child: its share is read from ``RUSAGE_CHILDREN``.

    A process that ends within a phase keeps the CPU it had used at its last sample (every
    half second): PostgreSQL's backends end with their connections, which the web workers
    close at ``CONN_MAX_AGE`` (60 s) and open again, so a phase read only at its two ends
    lost most of the database's CPU (issue 43: the 2 ms a write measured under load,
    against 6-7 ms in one process).
    """

    def __init__(self, web: subprocess.Popen[bytes], worker: subprocess.Popen[bytes]) -> None:
        super().__init__(daemon=True)
        self.web, self.worker = web, worker
        self.skip: frozenset[int] = frozenset()
        self.seen: dict[tuple[int, str], tuple[str, int]] = {}
        self.lock = threading.Lock()
        self.stop_event = threading.Event()

    def _sample(self) -> dict[tuple[int, str], tuple[str, int]]:
        found = {}
        for pid, pgid, group, fields in server_processes(self.skip):
            if pgid == self.web.pid:
                group = "web"
            elif pgid == self.worker.pid:
                group = "worker"
            if group:
                # (pid, start time): a pid used again by a later process is another process
                found[(pid, fields[19])] = (group, int(fields[11]) + int(fields[12]))
        with self.lock:
            self.seen.update(found)
        return found

    def run(self) -> None:
        while not self.stop_event.wait(0.5):
            self._sample()

    def exclude(self, pid: int) -> None:
        """Leave out a process of the measurement itself (the sampler's own backend)."""
        with self.lock:
            self.skip = self.skip | {pid}
            for key in [key for key in self.seen if key[0] == pid]:
                del self.seen[key]

    def reading(self) -> dict[str, float]:
        """Per group, every process seen so far; ``database (alive)``: only the app's
        backends alive now, what a reading at the phase's two ends sums (before issue 43)."""
        import resource

        alive = self._sample()
        tick = os.sysconf("SC_CLK_TCK")
        out = {"web": 0.0, "worker": 0.0, "database": 0.0, "database (own)": 0.0, "redis": 0.0}
        with self.lock:
            for group, ticks in self.seen.values():
                out[group] += ticks / tick
        out["database (alive)"] = sum(t for g, t in alive.values() if g == "database") / tick
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        out["load generator"] = usage.ru_utime + usage.ru_stime
        return out


def core_ticks() -> dict[int, tuple[int, int]]:
    """Per core, (busy, total) clock ticks since boot, from ``/proc/stat``."""
    out = {}
    for line in Path("/proc/stat").read_text().splitlines():
        name, *fields = line.split()
        if name.startswith("cpu") and name != "cpu":
            ticks = [int(f) for f in fields]
            idle = ticks[3] + ticks[4]  # idle + iowait
            out[int(name[3:])] = (sum(ticks[:8]) - idle, sum(ticks[:8]))
    return out


def core_busy(before: dict[int, tuple[int, int]], after: dict[int, tuple[int, int]]) -> str:
    """How busy each core was between two ``core_ticks`` readings (every process on it)."""
    parts = []
    for core in sorted(after):
        busy = after[core][0] - before[core][0]
        total = after[core][1] - before[core][1]
        parts.append(f"core {core} {busy / max(total, 1):.0%}")
    return "busy (all processes): " + ", ".join(parts)


def pin_servers(cpus: set[int]) -> None:
    """Move PostgreSQL (the postmaster and every process it has forked) and Redis to ``cpus``.

    Backends forked later inherit the postmaster's affinity, so the web workers'
    connections run there too.
    """
    for pid, _pgid, group, _fields in server_processes():
        if group:
            try:
                os.sched_setaffinity(pid, cpus)
            except OSError:
                pass  # a backend that has just ended


def parse_cpus(text: str) -> set[int]:
    cpus = {int(part) for part in text.split(",") if part.strip()}
    available = os.sched_getaffinity(0)
    if not cpus or not cpus < available:
        raise argparse.ArgumentTypeError(
            f"--web-cpus must name some, not all, of the cores {sorted(available)}"
        )
    return cpus


def cpu_share(
    before: dict[str, float], after: dict[str, float], requests: float, wall: float
) -> str:
    """Milliseconds of CPU per request by group, and the cores' total use, of one phase."""
    spent = {k: after[k] - before[k] for k in after if k != "database (alive)"}
    alive = after["database (alive)"] - before["database (alive)"]
    cores = os.cpu_count() or 1
    parts = ", ".join(f"{k} {v * 1000 / max(requests, 1):.1f}" for k, v in spent.items())
    return (
        f"CPU per request (ms): {parts}; in all {sum(spent.values()) * 1000 / max(requests, 1):.1f}"
        f" ms; the {cores} cores {sum(spent.values()) / (wall * cores):.0%} busy with these; "
        f"database read at the phase's ends only (as before issue 43): "
        f"{alive * 1000 / max(requests, 1):.1f}"
    )


class DatabaseSampler(threading.Thread):
    """What the web workers' connections are doing, sampled every 50 ms (issue 18 §3).

    Averages, over the samples, how many of the app's connections are running a
    statement, waiting on a lock (by kind: a row of another transaction, an advisory
    lock such as the day's evidence chain), idle inside a transaction (the app's Python
    working between two statements) or idle. Which of these holds the workers says what
    saturates: the cores (Python inside transactions) or a lock.
    """

    def __init__(self, url: str) -> None:
        import psycopg

        super().__init__(daemon=True)
        self.conn = psycopg.connect(url, autocommit=True)
        self.stop_event = threading.Event()
        self.samples = 0
        self.counts: dict[str, int] = {}

    def backend_pid(self) -> int:
        """Its own backend, whose polling is not the app's database CPU."""
        return int(self.conn.info.backend_pid)

    def run(self) -> None:
        with self.conn as conn:
            while not self.stop_event.is_set():
                rows = conn.execute(
                    "SELECT state, wait_event_type, wait_event FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND backend_type = 'client backend'"
                ).fetchall()
                self.samples += 1
                for state, wait_type, wait in rows:
                    if state == "active" and wait_type == "Lock":
                        key = f"waiting on a lock ({wait})"
                    elif state == "active":
                        key = "running a statement"
                    elif state == "idle in transaction":
                        key = "idle in a transaction (the app's Python)"
                    else:
                        key = str(state)
                    self.counts[key] = self.counts.get(key, 0) + 1
                self.stop_event.wait(0.05)

    def summary(self) -> str:
        self.stop_event.set()
        self.join(timeout=5)
        parts = [
            f"{key} {count / max(self.samples, 1):.2f}"
            for key, count in sorted(self.counts.items(), key=lambda kv: -kv[1])
        ]
        return f"connections on average ({self.samples} samples): " + "; ".join(parts)


def read_stats(prefix: Path) -> dict[str, dict[str, float]]:
    out = {}
    with (prefix.parent / f"{prefix.name}_stats.csv").open() as fp:
        for row in csv.DictReader(fp):
            out[row["Name"]] = {
                "count": int(row["Request Count"]),
                "failures": int(row["Failure Count"]),
                "rps": float(row["Requests/s"]),
                "p50": float(row["50%"] or 0),
                "p95": float(row["95%"] or 0),
                "p99": float(row["99%"] or 0),
                "max": float(row["Max Response Time"] or 0),
            }
    return out


def check_records(plan: Any, accepted: list[dict[str, Any]]) -> list[str]:
    """Zero lost, zero duplicated: every accepted request is one record under its key."""
    from cage.models import TableTransaction, TransactionKind
    from casino.models import IdempotencyRecord
    from hands.models import Hand

    problems = []
    sessions = [t["session"] for t in plan.tables]
    records = {
        r.key: r
        for r in IdempotencyRecord.objects.filter(user__username__startswith=f"{plan.casino}-sup")
    }
    keys = [a["key"] for a in accepted]
    if len(set(keys)) != len(keys):
        problems.append("two accepted requests share a key")
    missing = [k for k in keys if k not in records]
    if missing:
        problems.append(f"{len(missing)} accepted requests have no idempotency record (lost)")
    if len(records) != len(keys):
        problems.append(f"{len(records)} idempotency records for {len(keys)} accepted requests")
    kinds = {"buyin": TransactionKind.BUYIN, "change": TransactionKind.COLOUR_CHANGE}
    for kind, tx_kind in kinds.items():
        mine = [a for a in accepted if a["kind"] == kind]
        ids = {a["id"] for a in mine}
        rows = TableTransaction.objects.filter(session_id__in=sessions, kind=tx_kind)
        if kind == "buyin":
            rows = rows.exclude(seat__lte=4)  # the hand players' buy-ins of the set-up
        stored = set(rows.values_list("id", flat=True))
        if len(ids) != len(mine) or stored != ids:
            problems.append(
                f"{kind}: {len(mine)} accepted, {len(ids)} distinct ids, {len(stored)} rows "
                f"({len(stored - ids)} unknown, {len(ids - stored)} missing)"
            )
        for a in mine:
            stored_answer = records.get(a["key"])
            answer = stored_answer.response if stored_answer else None
            if answer and answer["transaction"]["id"] != a["id"]:
                problems.append(f"{kind} key {a['key']}: the stored answer names another row")
                break
    hands = [a for a in accepted if a["kind"] == "hand"]
    hand_rows = set(Hand.objects.filter(session_id__in=sessions).values_list("id", flat=True))
    if {a["id"] for a in hands} != hand_rows or len(hand_rows) != len(hands):
        problems.append(f"hands: {len(hands)} accepted, {len(hand_rows)} rows")
    invalid = [a for a in hands if a["status"] != "valid"]
    if invalid:
        problems.append(f"{len(invalid)} hands stored invalid: {invalid[:3]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=120, help="seconds of load")
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument(
        "--workers", type=int, default=WORKERS, help=f"gunicorn sync workers ({WORKERS})"
    )
    parser.add_argument(
        "--saturate",
        action="store_true",
        help="think time 0.1-0.3 s (unless MESA_LOAD_THINK_* is set) and, before the "
        "scenario, a reference: GET /api/me/ by the same users on the same server",
    )
    parser.add_argument("--reference-duration", type=int, default=20)
    parser.add_argument("--spawn-rate", type=float, default=10)
    parser.add_argument("--hands", type=int, default=400, help="hands prepared per table")
    parser.add_argument("--fault", choices=["db-restart"], help="inject a fault mid-run")
    parser.add_argument("--logs", help="folder for the logs (default: a temporary one)")
    parser.add_argument(
        "--web-cpus",
        type=parse_cpus,
        help="cores for the web workers only, e.g. 1; PostgreSQL, Redis, Celery and "
        "locust run on the others (what one web core serves)",
    )
    args = parser.parse_args(argv)
    if args.saturate:
        os.environ.setdefault("MESA_LOAD_THINK_MIN", "0.1")
        os.environ.setdefault("MESA_LOAD_THINK_MAX", "0.3")

    workdir = Path(args.logs or tempfile.mkdtemp(prefix="mesa-load-"))
    workdir.mkdir(parents=True, exist_ok=True)
    env = server_env(workdir)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    django_setup(env)
    from django.db import connections

    from loadtest import floor

    started = time.perf_counter()
    plan = floor.prepare(
        base_url=base, tables=args.tables, supervisors=args.users, hands=args.hands
    )
    plan_path = workdir / "plan.json"
    plan.dump(plan_path)
    print(
        f"floor ready: {args.tables} tables, {args.users} supervisors "
        f"({time.perf_counter() - started:.0f} s)",
        flush=True,
    )
    connections.close_all()
    pinned: list[str] = []
    if args.web_cpus:  # a strict subset of the cores (parse_cpus): the others are not empty
        others = os.sched_getaffinity(0) - args.web_cpus
        pinned = ["taskset", "-c", ",".join(map(str, sorted(args.web_cpus)))]
        pin_servers(others)
        os.sched_setaffinity(0, others)  # locust and Celery are started from here

    web = start(
        [
            *pinned,
            str(BIN / "gunicorn"),
            "casino.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            "sync",
            "--timeout",
            "60",
        ],
        env,
        workdir / "gunicorn.log",
    )
    worker = start(
        [
            str(BIN / "celery"),
            "-A",
            "casino",
            "worker",
            "--loglevel",
            "WARNING",
            "--concurrency",
            "1",
            "--pool",
            "solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        env,
        workdir / "celery.log",
    )
    log_path = workdir / "accepted.json"
    fault_log: list[str] = []
    reference_load: list[float] = []
    cpu: dict[str, tuple[dict[str, float], dict[str, float], float]] = {}
    cores: dict[str, str] = {}
    activity = ""
    tracker = CpuTracker(web, worker)
    tracker.start()
    try:
        wait_http(f"{base}/health")
        if args.saturate:
            # The same run's reference: what the machine serves now (see --saturate).
            reference_load.append(os.getloadavg()[0])
            cpu_before, t0 = tracker.reading(), time.perf_counter()
            ticks = core_ticks()
            locust(
                args,
                base,
                plan_path,
                workdir / "reference",
                workdir / "reference.json",
                user_class="Probe",
                duration=args.reference_duration,
            )
            cores["reference"] = core_busy(ticks, core_ticks())
            cpu["reference"] = (
                cpu_before,
                tracker.reading(),
                time.perf_counter() - t0,
            )
        reference_load.append(os.getloadavg()[0])  # the scenario's start
        sampler = None
        if args.saturate:
            sampler = DatabaseSampler(os.environ["MESA_TEST_PG_SUPERUSER_URL"])
            sampler.start()
            tracker.exclude(sampler.backend_pid())
        cpu_before, t0 = tracker.reading(), time.perf_counter()
        ticks = core_ticks()
        fault = None
        if args.fault == "db-restart":
            fault = threading.Timer(args.duration / 3, _restart_db, args=(fault_log, base))
            fault.start()
        load = locust(
            args,
            base,
            plan_path,
            workdir / "locust",
            log_path,
            user_class="Supervisor",
            duration=args.duration,
        )
        cpu["scenario"] = (cpu_before, tracker.reading(), time.perf_counter() - t0)
        cores["scenario"] = core_busy(ticks, core_ticks())
        if sampler is not None:
            activity = sampler.summary()
        if fault is not None:
            fault.join()
    finally:
        tracker.stop_event.set()
        stop(web)
        stop(worker)
    stats = read_stats(workdir / "locust")
    reference = read_stats(workdir / "reference") if args.saturate else None
    result = json.loads(log_path.read_text())
    accepted, counters = result["accepted"], result["counters"]

    problems = check_records(plan, accepted)
    day = floor.close(plan, accepted)
    reconcile = subprocess.run(  # noqa: S603
        [
            str(BIN / "python"),
            "manage.py",
            "reconcile_day",
            "--casino",
            plan.casino,
            "--date",
            day.business_date.isoformat(),
            "--json",
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if reconcile.returncode != 0:
        problems.append(
            f"reconcile_day exit {reconcile.returncode}: {reconcile.stdout[-1500:]}"
            f"{reconcile.stderr[-1500:]}"
        )

    print(report(args, stats, accepted, counters, fault_log, load.returncode))
    if reference is not None:
        print(saturation(args, stats, reference, reference_load))
    # Where the cores went in each phase (issue 18 §3): web, database, load generator.
    for phase, figures in (("reference", reference), ("scenario", stats)):
        if phase in cpu and figures:
            before, after, wall = cpu[phase]
            print(f"  {phase}: {cpu_share(before, after, figures['Aggregated']['count'], wall)}")
            print(f"  {phase}: {cores[phase]}")
    if activity:
        print(f"  scenario: {activity}")
    errors = sum(s["failures"] for n, s in stats.items() if n != "Aggregated")
    unexpected = errors - counters["retries_503"]
    if unexpected or counters["failed"]:
        problems.append(f"{unexpected} failed requests besides retried 503s")
    if args.fault is None and counters["retries_503"]:
        problems.append(f"{counters['retries_503']} answers 503 without a fault")
    if args.fault is not None and not counters["retries_503"]:
        problems.append("the fault produced no 503: the drill proved nothing")
    if args.fault is not None and not any("answered 503" in f for f in fault_log):
        problems.append(f"/health during the fault: {fault_log}")
    if counters["replays"] != counters["replays_identical"]:
        problems.append("a replay with the same key did not give the same answer")
    print(
        "records: every accepted request is exactly one record under its key"
        if not any("accepted" in p or "rows" in p for p in problems)
        else "records: PROBLEMS"
    )
    print(
        f"books: reconcile_day exit {reconcile.returncode} "
        f"({'balanced' if reconcile.returncode == 0 else 'NOT balanced'})"
    )
    for p in problems:
        print(f"PROBLEM: {p}")
    print(f"logs in {workdir}")
    return 1 if problems else 0


def locust(
    args: argparse.Namespace,
    base: str,
    plan_path: Path,
    prefix: Path,
    log_path: Path,
    *,
    user_class: str,
    duration: int,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # noqa: S603
        [
            str(BIN / "locust"),
            "-f",
            str(ROOT / "loadtest" / "locustfile.py"),
            user_class,
            "--headless",
            "--users",
            str(args.users),
            "--spawn-rate",
            str(args.spawn_rate),
            "--run-time",
            f"{duration}s",
            "--host",
            base,
            "--csv",
            str(prefix),
            "--only-summary",
            "--stop-timeout",
            "15",
            "--loglevel",
            "WARNING",
        ],
        env={**os.environ, "MESA_LOAD_PLAN": str(plan_path), "MESA_LOAD_LOG": str(log_path)},
        cwd=ROOT,
        stdout=(prefix.parent / f"{prefix.name}.log").open("wb"),
        stderr=subprocess.STDOUT,
        check=False,
    )


def saturation(
    args: argparse.Namespace,
    stats: dict[str, dict[str, float]],
    reference: dict[str, dict[str, float]],
    reference_load: list[float],
) -> str:
    """The scenario's throughput and buy-in p95 next to the same run's reference."""
    ref = reference.get("Aggregated", {"rps": 0.0, "p50": 0.0, "p95": 0.0, "failures": 0})
    agg, buyin = stats["Aggregated"], stats.get("buy-in", {"p95": 0.0, "rps": 0.0})
    share = agg["rps"] / ref["rps"] if ref["rps"] else 0.0
    return "\n".join(
        [
            "",
            f"saturation ({args.users} users, think {os.environ['MESA_LOAD_THINK_MIN']}-"
            f"{os.environ['MESA_LOAD_THINK_MAX']} s, gunicorn {args.workers} sync workers"
            + (
                f" on core {','.join(map(str, sorted(args.web_cpus)))} only, everything else "
                "on the others"
                if args.web_cpus
                else ""
            )
            + "):",
            f"  reference GET /api/me/: {ref['rps']:.1f} req/s, p50 {ref['p50']:.0f} ms, "
            f"p95 {ref['p95']:.0f} ms, {ref['failures']} failures, {args.reference_duration} s "
            f"(load average {reference_load[0]:.2f} -> {reference_load[1]:.2f})",
            f"  scenario: {agg['rps']:.1f} req/s ({share:.0%} of the reference), "
            f"buy-in p95 {buyin['p95']:.0f} ms, complete hand p95 "
            f"{stats.get('complete hand', {}).get('p95', 0):.0f} ms "
            f"(load average {reference_load[-1]:.2f} -> {os.getloadavg()[0]:.2f})",
            "  target: 150 req/s with a buy-in p95 < 100 ms: "
            + ("met" if agg["rps"] >= 150 and buyin["p95"] < 100 else "MISSED"),
        ]
    )


def _restart_db(fault_log: list[str], base: str) -> None:
    t0 = time.perf_counter()
    pg_ctl("stop")
    try:
        urllib.request.urlopen(f"{base}/health", timeout=5)  # noqa: S310 - loopback
        fault_log.append("/health answered 200 with the database down (WRONG)")
    except urllib.error.HTTPError as exc:
        fault_log.append(f"/health answered {exc.code} while the database was down")
    except OSError as exc:
        fault_log.append(f"/health did not answer while the database was down: {exc}")
    time.sleep(3)  # a few seconds without a database
    pg_ctl("start")
    fault_log.append(f"PostgreSQL stopped and restarted ({time.perf_counter() - t0:.1f} s down)")


def report(
    args: argparse.Namespace,
    stats: dict[str, dict[str, float]],
    accepted: list[dict[str, Any]],
    counters: dict[str, int],
    fault_log: list[str],
    locust_exit: int,
) -> str:
    lines = [
        f"load: {args.users} supervisors, {args.tables} tables, {args.duration} s, "
        f"gunicorn {args.workers} sync workers + 1 Celery worker, PostgreSQL, loopback "
        f"(load average {os.getloadavg()[0]:.2f})",
        "",
        "| request | count | failures | req/s | p50 ms | p95 ms | p99 ms | max ms | target |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, s in sorted(stats.items(), key=lambda x: (x[0] == "Aggregated", x[0])):
        target = TARGETS_MS.get(name)
        verdict = (
            ""
            if target is None
            else (f"p95 < {target} ms: {'met' if s['p95'] < target else 'MISSED'}")
        )
        lines.append(
            f"| {name} | {s['count']} | {s['failures']} | {s['rps']:.1f} | {s['p50']:.0f} | "
            f"{s['p95']:.0f} | {s['p99']:.0f} | {s['max']:.0f} | {verdict} |"
        )
    kinds = {k: sum(1 for a in accepted if a["kind"] == k) for k in ("buyin", "change", "hand")}
    lines += [
        "",
        f"accepted: {kinds['buyin']} buy-ins, {kinds['change']} colour changes, "
        f"{kinds['hand']} hands; replays {counters['replays']} "
        f"(identical {counters['replays_identical']}); 503 retried {counters['retries_503']}; "
        f"locust exit {locust_exit}",
        *fault_log,
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
