"""Shared fixtures: a casino, one user per role, API clients acting in a role.

Django is imported lazily so that the pure engine tests also run with
``pytest -p no:django tests/poker``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings as hypothesis_settings

from tests.helpers import PASSWORD, RoleClient, make_staff, money  # noqa: F401

# CI (.ci/run) replays the same examples on every run, so a green main stays green and a
# failure is reproducible; `make test` on a workstation explores new examples each time.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def casino(db):  # type: ignore[no-untyped-def]
    from casino.models import Casino

    return Casino.objects.create(code="test", name="Casino de Prueba", currency="ARS")


@pytest.fixture
def other_casino(db):  # type: ignore[no-untyped-def]
    from casino.models import Casino

    return Casino.objects.create(code="other", name="Otro Casino", currency="ARS")


@pytest.fixture
def staff(casino):  # type: ignore[no-untyped-def]
    """One user per role (keyed by role value), plus second croupier/supervisor/pit boss/cashier."""
    from casino.roles import Role

    users = {role.value: make_staff(casino, role.value, role, pin="1234") for role in Role}
    users["croupier2"] = make_staff(casino, "croupier2", Role.CROUPIER, pin="5678")
    users["supervisor2"] = make_staff(casino, "supervisor2", Role.SUPERVISOR)
    users["pit_boss2"] = make_staff(casino, "pit_boss2", Role.PIT_BOSS)
    users["cage_cashier2"] = make_staff(casino, "cage_cashier2", Role.CAGE_CASHIER)
    return users


@pytest.fixture
def sector(casino):  # type: ignore[no-untyped-def]
    from casino.models import Sector

    return Sector.objects.create(casino=casino, code="P1", name="Sector 1")


@pytest.fixture
def gaming_day(casino, staff):  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from casino.models import GamingDay

    return GamingDay.objects.create(
        casino=casino, business_date=timezone.localdate(), opened_by=staff["shift_manager"]
    )


@pytest.fixture
def api():  # type: ignore[no-untyped-def]
    """``api(user, role)`` -> an authenticated APIClient acting in ``role``."""

    from casino.roles import Role

    def make(user=None, role=None):  # type: ignore[no-untyped-def]
        if user is not None and role is None:
            held = [r for r in Role if user.holds_role(r)]
            role = held[0] if len(held) == 1 else None
        return RoleClient(user, role)

    return make


# --- A real Celery worker on the test Redis, using the test database -----------------


@pytest.fixture
def celery_worker(transactional_db, settings):  # type: ignore[no-untyped-def]
    """Start ``celery worker`` in a subprocess against the test database and Redis.

    The test runs with eager mode off, so ``task.delay()`` goes through Redis to the
    worker, which reads what the test committed (hence ``transactional_db``).
    Yields the worker's ``subprocess.Popen``; a test may kill it to simulate a crash.
    """
    import os
    import signal
    import subprocess
    import sys
    import time

    from django.db import connection

    from casino.celery import app

    broker = os.environ.get("CELERY_BROKER_URL")
    if not broker:
        pytest.skip("no Redis: run the suite with scripts/testenv.py (make test)")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    db_name = connection.settings_dict["NAME"]
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    env = {
        **os.environ,
        "DATABASE_URL": f"{base}/{db_name}",
        "DJANGO_SETTINGS_MODULE": "casino.settings.test",
        "MESA_CELERY_EAGER": "0",
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
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
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    from casino.tasks import ping

    deadline = time.time() + 60
    while True:
        try:
            ping.apply_async().get(timeout=5)
            break
        except Exception:
            if time.time() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("the Celery worker did not start") from None
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        app.conf.task_always_eager = True
        app.control.purge()
