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
# `make check` only (the edit-test loop, issue 16 §6): at most CHECK_EXAMPLES examples per
# property, new ones each run, the tests' own counts included (a test's @settings would
# otherwise win over a profile). `make test` and CI keep every test's own count.
CHECK_EXAMPLES = 100
hypothesis_settings.register_profile("check", max_examples=CHECK_EXAMPLES)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _cap_examples_for_check(items) -> None:  # type: ignore[no-untyped-def]
    if os.environ.get("HYPOTHESIS_PROFILE") != "check":
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and own.max_examples > CHECK_EXAMPLES:
            test._hypothesis_internal_use_settings = hypothesis_settings(  # type: ignore[union-attr]
                own, max_examples=CHECK_EXAMPLES
            )


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """``make check``: fewer hypothesis examples (above). Under pytest-xdist (make test,
    docs/testing.md "Suite time"), the modules with a ``slow`` test go first, so that no
    worker is left alone with a long module at the end (the API fuzzing alone takes some 4
    minutes). The order within a module is kept, and a single-process run keeps the plain
    file order."""
    _cap_examples_for_check(items)
    if not hasattr(config, "workerinput"):
        return
    slow_modules = {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in slow_modules)


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
def sector(casino, staff):  # type: ignore[no-untyped-def]
    """Sector P1, whose pit boss is ``staff["pit_boss"]``; ``pit_boss2`` has no sector here
    (the other sector's pit boss of the assignment tests, issue 12 §1)."""
    from casino.models import Sector

    # get_or_create: the tables' make_table puts its tables in P1 too (issue 12 §1).
    sector, _ = Sector.objects.get_or_create(
        casino=casino, code="P1", defaults={"name": "Sector 1"}
    )
    sector.pit_bosses.add(staff["pit_boss"])
    return sector


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


# --- The two database roles (issue 12 §4) ----------------------------------------------
# scripts/testenv.py exports DATABASE_URL (the app role), DATABASE_MIGRATE_URL (the owner)
# and MESA_TEST_PG_SUPERUSER_URL. The test database is created and migrated as the owner
# (who then grants the app role, casino/dbroles.py), and the tests run as the app role.


def _use_db_role(url_variable: str) -> None:
    """Point the default connection at the role of ``url_variable`` (same server, same db)."""
    import dj_database_url
    from django.db import connections

    url = os.environ.get(url_variable, "")
    if not os.environ.get("DATABASE_MIGRATE_URL") or not url.startswith("postgres"):
        return  # one role for everything (no split configured)
    parsed = dj_database_url.parse(url)
    connection = connections["default"]
    connection.close()
    connection.settings_dict.update(USER=parsed["USER"], PASSWORD=parsed["PASSWORD"])


# --- One migration for the two workers (make check / make test, docs/testing.md) -------
# Under pytest-xdist each worker would build its own test database by running every
# migration (some 30-40 s of both cores at once). Instead the first worker to need a
# database migrates its own and copies it as a template (CREATE DATABASE ... TEMPLATE, a
# file copy of the same schema, triggers, grants and rows); the other waits on a lock and
# starts from that copy (pytest-django's keepdb: Django's migrate then finds nothing to do).
# A single-process run, SQLite or a cluster without the owner role, builds as before;
# MESA_TEST_DB_TEMPLATE=0 makes each worker migrate its own, to compare.
_TEMPLATE = "test_mesa_xdist_template"
_clone: dict[str, object] = {"lock": None, "first": False, "cloned": False}


def _owner_connection():  # type: ignore[no-untyped-def]
    import psycopg

    return psycopg.connect(os.environ["DATABASE_MIGRATE_URL"], dbname="postgres", autocommit=True)


def _clone_or_claim_template(config) -> None:  # type: ignore[no-untyped-def]
    """Before the database setup of an xdist worker: copy the template if another worker made
    it, else hold the lock until this worker has migrated and made it."""
    import fcntl
    import tempfile

    from django.db import connection

    if not hasattr(config, "workerinput") or connection.vendor != "postgresql":
        return
    if not os.environ.get("DATABASE_MIGRATE_URL") or config.getvalue("reuse_db"):
        return
    if os.environ.get("MESA_TEST_DB_TEMPLATE", "1") == "0":  # each worker migrates, to compare
        return
    port = os.environ.get("MESA_TEST_PG_PORT", "0")
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    path = os.path.join(tempfile.gettempdir(), f"mesa-testdb-{port}-{run}.lock")
    lock = open(path, "a")  # noqa: SIM115 - held until the template exists
    fcntl.flock(lock, fcntl.LOCK_EX)
    name = connection.creation._get_test_db_name()
    with _owner_connection() as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [_TEMPLATE]).fetchone()
        if found:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_TEMPLATE}"')
            _clone["cloned"] = True
    if _clone["cloned"]:
        fcntl.flock(lock, fcntl.LOCK_UN)
        lock.close()
    else:
        _clone.update(lock=lock, first=True)


def _publish_template() -> None:
    """After the first worker's migrations: its database, copied as the template."""
    import fcntl

    from django.db import connection, connections

    lock = _clone["lock"]
    if lock is None:
        return
    import psycopg

    try:
        connections.close_all()
        with _owner_connection() as conn:
            conn.execute(
                f'CREATE DATABASE "{_TEMPLATE}" TEMPLATE "{connection.settings_dict["NAME"]}"'
            )
    except psycopg.Error as exc:  # no copy (another session on the source): the other migrates
        import warnings

        warnings.warn(f"test database template not made: {exc}", stacklevel=1)
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)  # type: ignore[arg-type]
        lock.close()  # type: ignore[attr-defined]
        _clone["lock"] = None


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, django_db_modify_db_settings_parallel_suffix):  # type: ignore[no-untyped-def]
    # pytest-django creates test_<name> and migrates it through the default alias: as the owner.
    _use_db_role("DATABASE_MIGRATE_URL")
    _clone_or_claim_template(request.config)


@pytest.fixture(scope="session")
def django_db_keepdb(request, django_db_modify_db_settings):  # type: ignore[no-untyped-def]
    """pytest-django's (``--reuse-db``), or true for a worker whose database is the copy."""
    return bool(request.config.getvalue("reuse_db")) or bool(_clone["cloned"])


def _install_test_helpers() -> None:
    """The SECURITY DEFINER helpers of tests/pg_roles.py, in the test database only."""
    import psycopg
    from django.db import connection

    from tests import pg_roles

    settings_dict = connection.settings_dict
    app = settings_dict["USER"]
    target = {"dbname": settings_dict["NAME"]}
    for url_variable, function, name in (
        ("DATABASE_MIGRATE_URL", pg_roles.OWNER_FUNCTION, pg_roles.AS_OWNER),
        ("MESA_TEST_PG_SUPERUSER_URL", pg_roles.SUPERUSER_FUNCTION, pg_roles.AS_SUPERUSER),
    ):
        url = os.environ.get(url_variable)
        if not url:
            continue
        with psycopg.connect(url, autocommit=True, **target) as conn:
            conn.execute(function)
            conn.execute(f"REVOKE ALL ON FUNCTION {name}(text) FROM PUBLIC")
            conn.execute(f'GRANT EXECUTE ON FUNCTION {name}(text) TO "{app}"')


def _flush_as_superuser(self, sql_list):  # type: ignore[no-untyped-def]
    """The flush between transactional tests: TRUNCATE, which the app role may not and the
    guard triggers refuse, done by the superuser with the triggers off (test-only path)."""
    import psycopg

    url = os.environ.get("MESA_TEST_PG_SUPERUSER_URL")
    if not url:  # no split: the connection itself must be a superuser
        from django.db import transaction

        with transaction.atomic(using=self.connection.alias), self.connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            for sql in sql_list:
                cursor.execute(sql)
        return
    with psycopg.connect(url, dbname=self.connection.settings_dict["NAME"]) as conn:
        conn.execute("SET LOCAL session_replication_role = replica")
        conn.execute("SET LOCAL lock_timeout = '60s'")
        for sql in sql_list:
            conn.execute(sql)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.db.backends.postgresql.operations import DatabaseOperations

    if connection.vendor != "postgresql":
        yield
        return
    with django_db_blocker.unblock():
        _publish_template()
        _use_db_role("DATABASE_URL")  # from here on, the app role
        if os.environ.get("DATABASE_MIGRATE_URL"):
            _install_test_helpers()
    original_flush = DatabaseOperations.execute_sql_flush
    DatabaseOperations.execute_sql_flush = _flush_as_superuser
    try:
        yield
    finally:
        DatabaseOperations.execute_sql_flush = original_flush
        _use_db_role("DATABASE_MIGRATE_URL")  # the owner drops its test database
