"""The two pytest-xdist workers of ``make test`` share nothing by accident (issue 16 §6).

Each worker's settings are read in a fresh interpreter, as xdist starts it (with
``PYTEST_XDIST_WORKER`` set), and with the Redis URL ``scripts/testenv.py`` exports. The
Celery app is asked too: it takes the broker from the environment before the settings, so a
worker whose settings alone moved would still send its tasks to the other worker's queue.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json
from django.conf import settings
from casino.celery import app
print(json.dumps({
    "broker": settings.CELERY_BROKER_URL,
    "results": settings.CELERY_RESULT_BACKEND,
    "celery_broker": app.conf.broker_url,
    "celery_results": app.conf.result_backend,
    "media": str(settings.MEDIA_ROOT),
}))
"""


def _worker_settings(worker: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"MEDIA_ROOT", "PYTEST_XDIST_WORKER"}}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "casino.settings.test",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6390/0",
            "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6390/1",
            "PYTEST_XDIST_WORKER": worker,
            **extra,
        }
    )
    out = subprocess.run(  # noqa: S603
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_each_worker_has_its_own_redis_databases_and_media_folder():
    gw0, gw1 = _worker_settings("gw0"), _worker_settings("gw1")
    assert gw0["broker"] == gw0["celery_broker"] == "redis://127.0.0.1:6390/2"
    assert gw0["results"] == gw0["celery_results"] == "redis://127.0.0.1:6390/3"
    assert gw1["broker"] == gw1["celery_broker"] == "redis://127.0.0.1:6390/4"
    assert gw1["results"] == gw1["celery_results"] == "redis://127.0.0.1:6390/5"
    assert Path(gw0["media"]).name == "gw0" and Path(gw1["media"]).name == "gw1"
    # A worker's Celery subprocess inherits the rewritten environment: the same databases.
    child = _worker_settings(
        "gw1",
        CELERY_BROKER_URL=gw1["broker"],
        CELERY_RESULT_BACKEND=gw1["results"],
        MEDIA_ROOT=gw1["media"],
    )
    assert (child["celery_broker"], child["celery_results"], child["media"]) == (
        gw1["broker"],
        gw1["results"],
        gw1["media"],
    )
