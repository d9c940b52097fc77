"""Past one machine (issue 18 §4): every task on its queue, a worker for every queue, and the
production settings sharing sessions and throttles between web processes through Redis.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUEUES = {"reports", "imports", "default"}
# What each kind of work must not wait behind (issue 18 §4): the sheet to sign is a report.
EXPECTED = {
    "reports.render": "reports",
    "reports.render_signed_copy": "reports",
    "hands.import_hands": "imports",
    "hands.revalidate_hands": "imports",
}


def _route(name: str) -> str:
    from casino.celery import app

    return app.amqp.router.route({}, name, (), {})["queue"].name


def test_every_registered_task_is_routed_to_its_queue():
    # issue 18 §4: "Celery queues split (reports, imports, default)"
    from casino.celery import app

    app.loader.import_default_modules()
    tasks = sorted(n for n in app.tasks if not n.startswith("celery."))
    assert set(EXPECTED) <= set(tasks), tasks
    from django.conf import settings

    unnamed = [n for n in tasks if n not in settings.MESA_TASK_QUEUES]
    assert not unnamed, f"tasks without a queue in MESA_TASK_QUEUES: {unnamed}"
    routed = {name: _route(name) for name in tasks}
    assert set(routed.values()) <= QUEUES, routed
    for name, queue in EXPECTED.items():
        assert routed[name] == queue, f"{name} goes to {routed[name]}, not {queue}"
    assert routed["reports.watchdog"] == "default"  # never queued behind the renders


def test_a_worker_started_without_a_queue_list_consumes_every_queue():
    # dev, tests and drills start one worker with no -Q: it must take every queue
    from casino.celery import app

    assert {q.name for q in app.amqp.queues.values()} == QUEUES


def test_docker_compose_runs_a_worker_for_every_queue_and_two_web_processes():
    text = (ROOT / "docker-compose.yml").read_text()
    consumed = set()
    for listed in re.findall(r"celery -A casino worker[^\n]*-Q ([\w,]+)", text):
        consumed |= set(listed.split(","))
    assert consumed == QUEUES, consumed
    # The imports never share a worker with the reports.
    for listed in re.findall(r"celery -A casino worker[^\n]*-Q ([\w,]+)", text):
        assert not ({"reports", "imports"} <= set(listed.split(","))), listed
    assert re.search(r"web-\w+:", text) and text.count("gunicorn casino.wsgi") >= 1
    assert "nginx" in text  # one address in front of the web processes


def _prod_settings(**extra: str) -> dict[str, object]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DATABASE", "CELERY", "CACHE", "MESA_", "DJANGO"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="casino.settings.prod",
        SECRET_KEY="x" * 64,
        MESA_SEAL_KEYS="k1:" + "QUFB" * 11,
        DATABASE_URL="postgres://mesa_app:pw@db.invalid:5432/mesa",
        CELERY_BROKER_URL="redis://redis.invalid:6379/0",
        **extra,
    )
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "from django.core.cache import caches; "
        "from rest_framework.throttling import SimpleRateThrottle as T; "
        "c = caches[T.cache._alias]; "  # the throttles' cache (a proxy to one alias)
        "print(json.dumps({'cache': s.CACHES['default'], 'session': s.SESSION_ENGINE, "
        "'throttle_cache': type(c).__module__ + '.' + type(c).__name__, "
        "'databases': sorted(s.DATABASES), 'routers': s.DATABASE_ROUTERS}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_production_shares_sessions_and_throttles_in_redis():
    # issue 18 §4: several web processes behind one address, sessions and throttles shared
    got = _prod_settings()
    cache = got["cache"]
    assert isinstance(cache, dict)
    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == "redis://redis.invalid:6379/0"
    assert got["session"] == "django.contrib.sessions.backends.cached_db"
    assert got["throttle_cache"] == "django.core.cache.backends.redis.RedisCache"
    assert got["databases"] == ["default"]  # no replica unless DATABASE_REPLICA_URL is set
    assert got["routers"] == ["casino.db_router.ReplicaRouter"]


def test_production_adds_the_replica_alias_when_configured():
    got = _prod_settings(DATABASE_REPLICA_URL="postgres://mesa_app:pw@replica.invalid:5432/mesa")
    assert got["databases"] == ["default", "replica"]


def test_writes_go_to_the_primary_and_reads_only_inside_the_replica_block(monkeypatch):
    # issue 18 §4: the router sends reads to the replica only where the reports ask for it
    from casino import db_router
    from casino.db_router import DEFAULT, REPLICA, ReplicaRouter, read_alias, reading_from_replica
    from casino.models import Casino

    router = ReplicaRouter()
    assert router.db_for_read(Casino) is None and read_alias() == DEFAULT
    monkeypatch.setattr(db_router, "replica_configured", lambda: True)
    with reading_from_replica(guard=lambda alias: "", what="test") as alias:
        assert alias == REPLICA
        assert router.db_for_read(Casino) == REPLICA
        assert router.db_for_write(Casino) == DEFAULT
    assert router.db_for_read(Casino) is None
    with reading_from_replica(guard=lambda alias: "REPLICA_STALE: test", what="test") as alias:
        assert alias == DEFAULT and router.db_for_read(Casino) is None
    assert not router.allow_migrate(REPLICA, "casino")
