"""Drill: a Celery worker *node* dies in the middle of an import and of a report (issue 9 §6).

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m drills.worker_kill

Real workers on the throwaway PostgreSQL and Redis, production settings with the
broker's visibility timeout shortened to ``MESA_DRILL_VISIBILITY_TIMEOUT`` seconds
(``drills/settings.py``; Mesa's default is one hour). For a 3,000-hand import and for a
report: a worker takes the task, the whole worker (main process and children) is killed
with SIGKILL half-way, nothing moves while no worker is there, a new worker is started,
and once the visibility timeout has passed Redis gives the unacknowledged message back:
the import resumes from its last committed chunk and the report is rendered. Proves that
nothing is half-written or done twice: every hand stored once, one archived PDF.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from loadtest.run import BIN, ROOT, django_setup, server_env, start, stop

HANDS = 3000


def worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    cmd = [str(BIN / "celery"), "-A", "casino", "worker", "--loglevel", "WARNING"]
    cmd += ["--pool", "prefork", "--concurrency", "1", "--without-heartbeat"]
    cmd += ["--without-gossip", "--without-mingle"]
    return start(cmd, env, log)


def kill_node(proc: subprocess.Popen[bytes]) -> None:
    os.killpg(proc.pid, signal.SIGKILL)  # the main process and its children, no goodbye
    proc.wait()


def wait_for(what: str, check: Any, timeout: float, every: float = 0.1) -> float:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if check():
            return time.monotonic() - t0
        time.sleep(every)
    raise SystemExit(f"DRILL worker-kill: FAILED — {what} within {timeout:.0f} s")


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="mesa-drill-worker-"))
    env = {**server_env(workdir), "DJANGO_SETTINGS_MODULE": "drills.settings"}
    visibility = int(env.get("MESA_DRILL_VISIBILITY_TIMEOUT", "20"))
    subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    django_setup(env)
    from django.db import connections

    from casino.access import acting_as
    from casino.models import User
    from casino.roles import Role
    from casino.tasks import ping
    from hands import adapter, selectors, services
    from hands.models import Hand, ImportJob
    from loadtest import floor
    from reports import services as reports
    from reports.models import Report
    from tables.models import TableSession

    plan = floor.prepare(base_url="", tables=1, supervisors=1, hands=HANDS, code="drillw")
    session = TableSession.objects.select_related("table", "settings").get(
        pk=plan.tables[0]["session"]
    )
    rules = adapter.rules_for(
        session.settings,
        chip_unit=selectors.chip_unit_cents(session.table),
        structure="no_limit",
        at=None,
    )
    records = plan.tables[0]["hands"]
    text = adapter.phh_export([(r, rules, {"number": i}) for i, r in enumerate(records, 1)])
    sup = acting_as(User.objects.get(username="drillw-sup01"), Role.SUPERVISOR)
    manager = acting_as(User.objects.get(username="drillw-gerente"), Role.SHIFT_MANAGER)
    connections.close_all()
    proven: list[str] = []

    # ------------------------------------------------------------------ an import
    first = worker(env, workdir / "worker1.log")
    ping.apply_async().get(timeout=60)
    job = services.import_job_create(actor=sup, session=session, content=text)
    wait_for("the import starting", lambda: _processed(job) > 0, 120, 0.02)
    kill_node(first)
    stuck_at = _processed(job)
    time.sleep(3)
    assert _processed(job) == stuck_at, "the import moved without a worker"
    second = worker(env, workdir / "worker2.log")
    try:
        waited = wait_for("the import finishing", lambda: _status(job) == "done", 600)
    finally:
        stop(second)
    job.refresh_from_db()
    numbers = sorted(Hand.objects.filter(session=session).values_list("number", flat=True))
    ok = job.stored == HANDS and numbers == list(range(1, HANDS + 1))
    proven.append(
        f"import: worker node killed at {stuck_at}/{HANDS} hands; nothing moved without a "
        f"worker; a new worker finished it {waited:.0f} s later (visibility timeout "
        f"{visibility} s): {job.stored} hands stored, each once: {'yes' if ok else 'NO'}"
    )
    assert ImportJob.objects.filter(pk=job.pk, status="done").exists()

    # ------------------------------------------------------------------ a report
    third = worker(env, workdir / "worker3.log")
    ping.apply_async().get(timeout=60)
    day = session.gaming_day.business_date.isoformat()
    report = reports.report_request(
        actor=manager, kind="gaming_day", params={"date": day}, lang="es", paper="A4"
    )
    wait_for("the report starting", lambda: _report(report).status == "running", 120, 0.01)
    kill_node(third)
    killed_status = _report(report).status
    fourth = worker(env, workdir / "worker4.log")
    try:
        waited = wait_for("the report finishing", lambda: _report(report).status == "done", 600)
    finally:
        stop(fourth)
    done = _report(report)
    pdf_ok = bool(done.sha256) and reports.report_path(done).exists()
    copies = Report.objects.filter(serial=done.serial).count()
    proven.append(
        f"report {done.serial}: worker node killed while {killed_status}; rendered by a new "
        f"worker {waited:.0f} s later (attempts {done.attempts}), one archived PDF: "
        f"{'yes' if pdf_ok and copies == 1 else 'NO'}"
    )
    ok = ok and pdf_ok and copies == 1
    for line in proven:
        print(line)
    print(
        "DRILL worker-kill: "
        + (
            "PASSED — tasks came back and finished, nothing half-written or doubled"
            if ok
            else "FAILED"
        )
    )
    print(f"logs in {workdir}")
    return 0 if ok else 1


def _processed(job: Any) -> int:
    job.refresh_from_db()
    return int(job.processed)


def _status(job: Any) -> str:
    job.refresh_from_db()
    return str(job.status)


def _report(report: Any) -> Any:
    report.refresh_from_db()
    return report


if __name__ == "__main__":
    sys.exit(main())
