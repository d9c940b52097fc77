"""Reports from a real streaming replica, and the lag guard refusing a stale one (issue 18 §4).

The test cluster of ``scripts/testenv.py`` is the primary: ``pg_basebackup -R`` copies it
into a hot standby on another port, added as the ``replica`` alias. A gaming day closed
on the primary is rendered by the task's body (``reports.services.report_render``) from
the replica; with replay paused, the next day's closing is missing on the replica, the
guard says so and the primary serves; resumed, the replica serves again. The full drill,
with a played day and its figures, is ``make drill-replica`` (drills/replica.py).
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.slow]


@pytest.fixture
def standby(
    transactional_db: None,
    staff: dict[str, Any],  # the database helper first: it forbids the aliases it sees
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Any]:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # A hot standby opens only once the primary has no transaction whose savepoints
        # overflow its snapshot; the other worker's shared report day is one. `make test`
        # runs this file again on its own after the parallel run.
        pytest.skip("runs on its own after the parallel run (make test: REPLICA_TEST)")
    bindir = os.environ.get("MESA_TEST_PG_BINDIR", "")
    if not bindir or not (Path(bindir) / "pg_basebackup").exists():
        pytest.skip("pg_basebackup not found: run with scripts/testenv.py (make test)")
    if not shutil.which("runuser") and os.geteuid() == 0:
        pytest.skip("runuser not found")
    from django.db import connections

    from casino import db_router
    from drills.replica import _superuser, start_standby, stop_standby

    workdir = Path(os.environ["MESA_TEST_WORKDIR"]) / f"standby-{os.getpid()}-{time.time_ns()}"
    workdir.mkdir()
    port, data = start_standby(workdir)
    default = connections.settings["default"]
    connections.settings[db_router.REPLICA] = {**default, "PORT": str(port)}
    # Connected here: Django's test case refuses to open a connection to an alias it was
    # not told about, and this one appears only now.
    connections[db_router.REPLICA].connect()
    monkeypatch.setattr(db_router, "replica_configured", lambda: True)
    primary = _superuser(os.environ["MESA_TEST_PG_PORT"])
    replica = _superuser(port)
    for conn in (primary, replica):
        conn.execute("SELECT 1")
    try:
        yield primary, replica, default["NAME"]
    finally:
        primary.close()
        replica.close()
        connections[db_router.REPLICA].close()
        del connections.settings[db_router.REPLICA]
        try:
            del connections[db_router.REPLICA]
        except AttributeError:
            pass
        stop_standby(data)
        shutil.rmtree(workdir, ignore_errors=True)


def _caught_up(primary: Any, replica: Any) -> None:
    # The insert position: the test cluster commits asynchronously (synchronous_commit=off),
    # so the last commit may still be in the WAL buffers, not yet written nor streamed.
    lsn = str(primary.execute("SELECT pg_current_wal_insert_lsn()").fetchone()[0])
    deadline = time.monotonic() + 30
    while not replica.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [lsn]).fetchone()[0]:
        assert time.monotonic() < deadline, "the standby did not catch up"
        time.sleep(0.01)


def test_reports_come_from_the_replica_only_when_it_has_seen_the_closing(
    standby: Any, staff: dict[str, Any], casino: Any, settings: Any, tmp_path: Path, caplog: Any
) -> None:
    # issue 18 §4: "a report of a closed day is never rendered from a replica that has not
    # seen its closing"
    from datetime import timedelta

    from django.utils import timezone

    from casino.access import acting_as
    from casino.roles import Role
    from casino.services import gaming_day_close, gaming_day_open
    from reports import services as reports
    from reports.replica import day_guard

    primary, replica, _name = standby
    settings.MEDIA_ROOT = tmp_path
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    caplog.set_level(logging.INFO, logger="mesa.replica")

    def close_a_day(offset: int) -> Any:
        day = gaming_day_open(actor=manager, business_date=timezone.localdate() + timedelta(offset))
        return gaming_day_close(actor=manager, gaming_day=day)

    def served(day: Any, *, wait: float) -> str:
        # The claim is written by the rendering itself, so the replica always trails it a
        # little: the test cluster commits asynchronously (the WAL writer flushes every
        # 200 ms), and a loaded machine streams later still. Where the replica must serve,
        # the guard may wait long (it stops polling the moment the claim arrives); where it
        # must not, a short wait shows the refusal without slowing the test.
        settings.MESA_REPLICA_WAIT_SECONDS = wait
        caplog.clear()
        report = reports.report_request(
            actor=manager, kind="gaming_day", params={"date": day.business_date.isoformat()}
        )
        assert reports.report_render(report.pk).status == "done"
        return " | ".join(r.getMessage() for r in caplog.records if r.name == "mesa.replica")

    first = close_a_day(0)
    _caught_up(primary, replica)
    assert day_guard([first])("replica") == ""
    assert "served by the replica" in served(first, wait=30)

    replica.execute("SELECT pg_wal_replay_pause()")
    second = close_a_day(1)
    assert "REPLICA_STALE: the closing of" in day_guard([second])("replica")
    line = served(second, wait=0.2)
    assert "served by the primary (REPLICA_STALE" in line, line

    replica.execute("SELECT pg_wal_replay_resume()")
    _caught_up(primary, replica)
    assert "served by the replica" in served(second, wait=30)
