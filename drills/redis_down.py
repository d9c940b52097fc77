"""Drill: Redis goes down and comes back while Mesa serves (issue 9 §6).

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m drills.redis_down

gunicorn and a Celery worker with the production settings on the throwaway PostgreSQL
and Redis. With Redis shut down: asking for a report or an import answers 503
``BROKER_UNAVAILABLE`` with a message and writes nothing; ``/health`` says the broker is
down; the floor's own work (a buy-in) goes on, it needs no broker. Redis is started again
on the same port: the worker reconnects by itself and the next report is rendered.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from loadtest.run import BIN, ROOT, django_setup, free_port, server_env, start, stop, wait_http


def call(base: str, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(  # noqa: S310 - loopback
        f"{base}{path}",
        data=data,
        method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as r:  # noqa: S310
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def redis_up(port: int, workdir: Path) -> subprocess.Popen[bytes]:
    server = shutil.which("redis-server") or "redis-server"
    proc = subprocess.Popen(  # noqa: S603
        [
            server,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    import redis

    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            if redis.Redis(port=port, socket_connect_timeout=0.5).ping():
                return proc
        except redis.RedisError:
            time.sleep(0.1)
    raise SystemExit("redis-server did not start again")


def main() -> int:
    import redis

    workdir = Path(tempfile.mkdtemp(prefix="mesa-drill-redis-"))
    env = server_env(workdir)
    redis_port = int(os.environ["MESA_TEST_REDIS_PORT"])
    subprocess.run(  # noqa: S603
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    django_setup(env)
    from django.db import connections

    from casino.api.authentication import token_issue
    from casino.models import User
    from hands.models import ImportJob
    from loadtest import floor
    from reports.models import Report

    plan = floor.prepare(base_url="", tables=1, supervisors=1, hands=5, code="drillr")
    session = plan.tables[0]["session"]
    supervisor = plan.supervisors[0]["token"]
    manager = token_issue(user=User.objects.get(username="drillr-gerente"))[1]
    connections.close_all()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    web = start(
        [
            str(BIN / "gunicorn"),
            "casino.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
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
            "--pool",
            "solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        env,
        workdir / "celery.log",
    )
    restarted: subprocess.Popen[bytes] | None = None
    proven: list[str] = []
    ok = True

    def check(claim: str, passed: bool) -> None:
        nonlocal ok
        ok = ok and passed
        proven.append(f"{'ok ' if passed else 'NO '} {claim}")

    def report_done(report_id: int, timeout: float = 120) -> bool:
        deadline = time.time() + timeout
        while time.time() < deadline:
            status, body = call(base, "GET", f"/api/reports/{report_id}/", manager)
            if status == 200 and body["status"] == "done":
                return True
            time.sleep(0.5)
        return False

    buyin = {
        "seat": 7,
        "amount": "300",
        "croupier": plan.tables[0]["croupier"],
        "cash": [{"value": "100", "count": 3}],
        "chips": [{"value": "25", "count": 12}],
        "player_name": "Drill",
    }
    try:
        wait_http(f"{base}/health")
        status, body = call(base, "POST", "/api/reports/", manager, {"kind": "house_rules"})
        check(
            "with Redis up a report is queued (202) and rendered",
            status == 202 and report_done(body["id"]),
        )
        try:
            redis.Redis(port=redis_port).shutdown(nosave=True)
        except redis.RedisError:
            pass  # the connection closes as the server goes
        time.sleep(1)
        reports_before = Report.objects.count()
        jobs_before = ImportJob.objects.count()
        status, body = call(base, "POST", "/api/reports/", manager, {"kind": "house_rules"})
        check(
            f"Redis down: a report answers {status} {body and body.get('code')} "
            f"«{body and body['message']['es']}»",
            status == 503 and body["code"] == "BROKER_UNAVAILABLE",
        )
        status, body = call(
            base,
            "POST",
            f"/api/hands/sessions/{session}/imports/",
            supervisor,
            {"content": "variant = 'NT'\n"},
        )
        check(
            f"Redis down: an import answers {status} {body and body.get('code')}",
            status == 503 and body["code"] == "BROKER_UNAVAILABLE",
        )
        check(
            "Redis down: nothing written (no report, no import job)",
            (Report.objects.count(), ImportJob.objects.count()) == (reports_before, jobs_before),
        )
        status, body = call(base, "GET", "/health", manager)
        check(
            f"Redis down: /health answers {status}, broker ok = {body['broker']['ok']}",
            status == 503 and body["broker"]["ok"] is False,
        )
        status, body = call(
            base, "POST", f"/api/cage/sessions/{session}/buyins/", supervisor, buyin
        )
        check(
            f"Redis down: a buy-in still lands ({status}): the floor needs no broker", status == 201
        )
        restarted = redis_up(redis_port, workdir)
        time.sleep(2)
        status, body = call(base, "POST", "/api/reports/", manager, {"kind": "house_rules"})
        check(
            "Redis back: the worker reconnected by itself and renders the next report",
            status == 202 and report_done(body["id"], timeout=180),
        )
    finally:
        stop(web)
        stop(worker)
        if restarted is not None:
            stop(restarted)
    for line in proven:
        print(line)
    print("DRILL redis-down: " + ("PASSED" if ok else "FAILED"))
    print(f"logs in {workdir}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
