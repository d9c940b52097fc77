"""Drill: reports served from a streaming read replica, and its lag guard (issue 18 §4).

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m drills.replica
    make drill-replica

On the throwaway PostgreSQL 15 of ``scripts/testenv.py`` (the primary): the schema is
migrated, then ``pg_basebackup -R`` copies the primary into a streaming standby started
on another port (``hot_standby``). With the production settings and
``DATABASE_REPLICA_URL`` pointing at the standby:

1. a day is played (``demo.simulation``, through the services) and closed; its gaming-day
   report is rendered by the task's body (``reports.services.report_render``): the replica
   serves it, and the replication lag seen is printed;
2. replay on the standby is paused (``pg_wal_replay_pause()``); another day is played and
   closed on the primary; its report must not come from the replica: the lag guard
   (``reports/replica.py``) finds the closing missing and the primary serves;
3. replay resumes; the replica catches up and serves the second day's report again.

Prints each figure and which database served each report; exit 0 only if all held.
"""

from __future__ import annotations

import logging
import os
import pwd
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from loadtest.run import BIN, ROOT, django_setup, server_env

TABLES = int(os.environ.get("MESA_DRILL_TABLES", "2"))
HANDS = int(os.environ.get("MESA_DRILL_HANDS", "20"))


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_standby(workdir: Path) -> tuple[int, Path]:
    """``pg_basebackup -R`` of the primary into ``workdir/standby``, started on a new port."""
    bindir = Path(os.environ["MESA_TEST_PG_BINDIR"])
    primary_port = os.environ["MESA_TEST_PG_PORT"]
    data = workdir / "standby"
    data.mkdir(mode=0o700)
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        os.chown(workdir, pw.pw_uid, pw.pw_gid)
        os.chown(data, pw.pw_uid, pw.pw_gid)
        os.chmod(workdir, 0o755)
    subprocess.run(  # noqa: S603
        _as_postgres(
            [
                str(bindir / "pg_basebackup"),
                "-h",
                "127.0.0.1",
                "-p",
                primary_port,
                "-U",
                "postgres",
                "-D",
                str(data),
                "-R",  # standby.signal and primary_conninfo: a streaming standby
                "-X",
                "stream",
                "-c",
                "fast",
            ]
        ),
        check=True,
    )
    port = _free_port()
    # The primary's own options (max_connections among them: a standby needs as many).
    options = os.environ["MESA_TEST_PG_OPTIONS"].replace(f"-p {primary_port}", f"-p {port}")
    options += " -c hot_standby=on"
    subprocess.run(  # noqa: S603
        _as_postgres(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(workdir / "standby.log"),
                "-w",
                "start",
            ]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return port, data


def stop_standby(data: Path) -> None:
    bindir = Path(os.environ["MESA_TEST_PG_BINDIR"])
    subprocess.run(  # noqa: S603
        _as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _superuser(port: str | int) -> Any:
    """A psycopg connection as the cluster's superuser (the drill's own statements only)."""
    import psycopg

    return psycopg.connect(
        host="127.0.0.1", port=int(port), user="postgres", dbname="mesa", autocommit=True
    )


class Served(logging.Handler):
    """Which database served each report: the router's log lines (casino/db_router.py)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _lag_bytes(primary: Any, standby: Any) -> int:
    lsn = primary.execute("SELECT pg_current_wal_insert_lsn()").fetchone()[0]
    diff = standby.execute(
        "SELECT pg_wal_lsn_diff(%s::pg_lsn, pg_last_wal_replay_lsn())", [str(lsn)]
    ).fetchone()[0]
    return max(0, int(diff))


def _wait_caught_up(primary: Any, standby: Any, timeout: float = 30) -> float:
    """Seconds until the standby has replayed the primary's current WAL position."""
    lsn = str(primary.execute("SELECT pg_current_wal_insert_lsn()").fetchone()[0])
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        done = standby.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [lsn]).fetchone()[0]
        if done:
            return time.perf_counter() - t0
        time.sleep(0.01)
    raise RuntimeError("the standby did not catch up")


def main() -> int:
    workdir = Path(os.environ.get("MESA_TEST_WORKDIR") or "/tmp") / "drill-replica"
    workdir.mkdir(parents=True, exist_ok=True)
    env = server_env(workdir)
    subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    if (
        not shutil.which("pg_basebackup")
        and not (Path(os.environ["MESA_TEST_PG_BINDIR"]) / "pg_basebackup").exists()
    ):
        print("DRILL replica: SKIPPED — pg_basebackup not found")
        return 0
    port, standby_data = start_standby(workdir)
    try:
        return _drill(env, port)
    finally:
        stop_standby(standby_data)


def _drill(env: dict[str, str], standby_port: int) -> int:
    primary_url = env["DATABASE_URL"]
    env = {
        **env,
        "DATABASE_REPLICA_URL": primary_url.replace(
            f":{os.environ['MESA_TEST_PG_PORT']}/", f":{standby_port}/"
        ),
        "MESA_LOG_LEVEL": "INFO",
        "MESA_REPLICA_WAIT_SECONDS": "0.5",
    }
    django_setup(env)
    from django.db import connections

    from casino.db_router import reading_from_replica
    from casino.services import gaming_day_close
    from demo.simulation import DaySimulator
    from reports import services as reports
    from reports.models import Report
    from reports.rendering import content_fingerprint
    from reports.replica import day_guard

    served = Served()
    logging.getLogger("mesa.replica").addHandler(served)
    logging.getLogger("mesa.replica").setLevel(logging.INFO)
    primary = _superuser(os.environ["MESA_TEST_PG_PORT"])
    standby = _superuser(standby_port)
    proven: list[str] = []
    ok = True

    def check(claim: str, passed: bool) -> None:
        nonlocal ok
        ok = ok and passed
        proven.append(f"{'ok ' if passed else 'NO '} {claim}")

    def play_and_close(seed: int) -> Any:
        sim = DaySimulator(tables=TABLES, hands=HANDS, seed=seed, inject=False, casino_code="rep")
        day = sim.run().gaming_day
        return gaming_day_close(actor=sim.manager, gaming_day=day), sim.manager

    def render(day: Any, manager: Any) -> tuple[Report, str]:
        report = reports.report_request(
            actor=manager, kind="gaming_day", params={"date": day.business_date.isoformat()}
        )
        mark = len(served.lines)
        report = reports.report_render(report.pk)  # what the Celery task runs
        return report, " | ".join(served.lines[mark:])

    # 1. A closed day, rendered from the replica.
    t0 = time.perf_counter()
    day1, manager = play_and_close(seed=1)
    played = time.perf_counter() - t0
    lag_now = _lag_bytes(primary, standby)
    catch_up = _wait_caught_up(primary, standby)
    report1, line1 = render(day1, manager)
    print(f"day 1 ({day1.business_date}): played and closed in {played:.1f} s")
    print(f"  replication lag right after the closing: {lag_now} bytes of WAL")
    print(f"  the standby replayed it in {catch_up * 1000:.0f} ms")
    print(f"  report {report1.serial} ({report1.pages} pages): {line1}")
    check("the closed day's report is served by the replica", "served by the replica" in line1)
    check("it rendered", report1.status == Report.Status.DONE)

    # 2. Replay paused: another day closed on the primary; the guard refuses the replica.
    standby.execute("SELECT pg_wal_replay_pause()")
    day2, manager = play_and_close(seed=2)
    lag_paused = _lag_bytes(primary, standby)
    stale = day_guard([day2])("replica")
    report2, line2 = render(day2, manager)
    print(f"day 2 ({day2.business_date}): closed on the primary, replay paused on the standby")
    print(f"  replication lag: {lag_paused} bytes of WAL behind")
    print(f"  the lag guard on the replica: {stale}")
    print(f"  report {report2.serial}: {line2}")
    check("the guard finds the closing missing on the paused replica", "REPLICA_STALE" in stale)
    check("the stale replica is not used: the primary serves", "served by the primary" in line2)
    check("the report has the closed day's figures", report2.status == Report.Status.DONE)

    # 3. Replay resumes: the replica catches up and serves again.
    standby.execute("SELECT pg_wal_replay_resume()")
    caught = _wait_caught_up(primary, standby)
    again, line3 = render(day2, manager)
    print(f"replay resumed: caught up in {caught * 1000:.0f} ms; report {again.serial}: {line3}")
    check("after catching up the replica serves again", "served by the replica" in line3)
    fingerprints = {}
    guards = {"replica": lambda _a: "", "default": lambda _a: "compared on the primary"}
    for alias, guard in guards.items():  # the same body, read from each database
        with reading_from_replica(guard=guard, what=f"fingerprint on {alias}"):
            fingerprints[alias] = content_fingerprint(
                reports.spec_or_error("gaming_day"),
                casino=day2.casino,
                params={"date": day2.business_date.isoformat()},
                serial=report2.serial,
            )
    check(
        "the report read from the replica is the one read from the primary",
        fingerprints["replica"] == fingerprints["default"] == report2.content_sha256,
    )
    connections.close_all()
    primary.close()
    standby.close()
    print("\n".join(proven))
    print(
        "DRILL replica: "
        + (
            "PASSED — reports served from the streaming replica; a paused replica refused "
            "by the lag guard and the primary served; caught up and served again"
            if ok
            else "FAILED (see above)"
        )
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
