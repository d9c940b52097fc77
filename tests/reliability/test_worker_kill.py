"""A Celery worker process killed in the middle of an import: the task comes back and
finishes, and no hand is stored twice (issue 9 §6).

A real worker (prefork, one child) runs a 1,200-hand PHH import on the test database and
Redis. Once the first chunks are committed, the child running the task is killed with
SIGKILL (what the kernel's out-of-memory killer does). With ``acks_late`` and
``task_reject_on_worker_lost`` the message goes back to the queue, a new child takes it,
and the import resumes from its last committed chunk: every hand stored exactly once.

(A whole worker *node* that dies leaves its message unacknowledged in Redis until the
broker's visibility timeout: ``drills/worker_kill.py`` shows that case.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.celery, pytest.mark.slow]
HANDS = 1200


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _start_worker(settings, log: Path) -> subprocess.Popen[bytes]:  # type: ignore[no-untyped-def]
    from django.db import connection

    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    env = {
        **os.environ,
        "DATABASE_URL": f"{base}/{connection.settings_dict['NAME']}",
        "DJANGO_SETTINGS_MODULE": "casino.settings.test",
        "MESA_CELERY_EAGER": "0",
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    }
    cmd = [sys.executable, "-m", "celery", "-A", "casino", "worker", "--loglevel", "INFO"]
    cmd += ["--pool", "prefork", "--concurrency", "1", "--without-heartbeat"]
    cmd += ["--without-gossip", "--without-mingle"]
    return subprocess.Popen(  # noqa: S603
        cmd,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


@pytest.mark.django_db(transaction=True)
def test_an_import_survives_its_worker_process_being_killed(settings, tmp_path):
    # issue 9 §6: acks_late + reject_on_worker_lost + a task that resumes where it stopped
    if not os.environ.get("CELERY_BROKER_URL"):
        pytest.skip("no Redis: run the suite with scripts/testenv.py (make test)")
    from casino.access import acting_as
    from casino.celery import app
    from casino.models import User
    from casino.roles import Role
    from casino.tasks import ping
    from hands import adapter, selectors, services
    from hands.models import Hand, ImportJob
    from loadtest import floor
    from tables.models import TableSession

    settings.MEDIA_ROOT = tmp_path
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    plan = floor.prepare(base_url="", tables=1, supervisors=1, hands=HANDS)
    session = TableSession.objects.select_related("table", "settings").get(
        pk=plan.tables[0]["session"]
    )
    records = plan.tables[0]["hands"]
    assert len(records) == HANDS
    rules = adapter.rules_for(
        session.settings,
        chip_unit=selectors.chip_unit_cents(session.table),
        structure="no_limit",
        at=None,
    )
    text = adapter.phh_export([(r, rules, {"number": i}) for i, r in enumerate(records, 1)])
    log = tmp_path / "worker.log"
    worker = _start_worker(settings, log)
    try:
        ping.apply_async().get(timeout=60)
        sup = acting_as(User.objects.get(username="load-sup01"), Role.SUPERVISOR)
        job = services.import_job_create(actor=sup, session=session, content=text)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # wait until it is half-way
            job.refresh_from_db()
            if 0 < job.processed < HANDS // 2:
                break
            assert job.status != "done", "the import finished before it could be interrupted"
            time.sleep(0.05)
        killed_at = job.processed
        assert 0 < killed_at < HANDS, _story("the import did not start", job, log)
        children = _children(worker.pid)
        assert children, "no worker child process"
        for child in children:
            os.kill(child, signal.SIGKILL)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status in ("done", "failed"):
                break
            time.sleep(0.2)
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
        app.conf.task_always_eager = True
        app.control.purge()
    assert job.status == "done", _story("the import did not finish", job, log)
    assert (job.total, job.stored, job.valid) == (HANDS, HANDS, HANDS)
    numbers = list(Hand.objects.filter(session=session).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, HANDS + 1))  # every hand once
    assert ImportJob.objects.filter(pk=job.pk, processed=HANDS).exists()
    print(f"\nworker child killed at {killed_at}/{HANDS} hands; the import resumed and finished")


def _story(what: str, job, log: Path) -> str:  # type: ignore[no-untyped-def]
    job.refresh_from_db()
    tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
    return f"{what}: status {job.status}, processed {job.processed}, error {job.error!r}\n{tail}"
