"""The replica's lag guard after a retried claim (issue 39, "Where the suite is still blind").

A report's rendering reads from the replica only when the replica holds *this* claim of
the report: its row with the same attempt number (``reports.replica.report_guard``). A
report whose first worker died is claimed again (the watchdog requeues it, the next worker
claims it: attempt 2). A replica that saw the first claim but not the second holds a row
with the report's id, and rendering from it would read data older than the claim; only the
attempt number tells them apart, and no test retried a claim.

No standby is needed to hold a replica back: a second connection to the test database,
inside a REPEATABLE READ transaction opened after the first claim, sees the database as it
was then (what a lagging standby shows), and its commit is the standby catching up. The
real standby drill is ``tests/reliability/test_replica.py``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections

from casino import db_router
from casino.roles import Role

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def lagging(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A ``replica`` alias on the test database; ``hold()`` freezes what it sees, ``catch_up()``
    lets it see the primary again."""
    default = connections.settings["default"]
    connections.settings[db_router.REPLICA] = {**default}
    replica = connections[db_router.REPLICA]
    replica.connect()
    monkeypatch.setattr(db_router, "replica_configured", lambda: True)

    class Replica:
        def hold(self) -> None:
            with replica.cursor() as cursor:
                cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
                cursor.execute("SELECT count(*) FROM reports_report")  # the snapshot is taken

        def catch_up(self) -> None:
            with replica.cursor() as cursor:
                cursor.execute("COMMIT")

    try:
        yield Replica()
    finally:
        replica.close()
        del connections.settings[db_router.REPLICA]
        try:
            del connections[db_router.REPLICA]
        except AttributeError:
            pass


def test_a_replica_holding_the_first_claim_does_not_serve_the_retried_one(
    lagging: Any, staff: dict[str, Any], settings: Any, tmp_path: Any, caplog: Any
) -> None:
    from reports import services as reports
    from reports.models import Report
    from reports.replica import report_guard, report_reads

    settings.MEDIA_ROOT = tmp_path
    settings.MESA_REPLICA_WAIT_SECONDS = 0.1
    caplog.set_level(logging.INFO, logger="mesa.replica")
    # A report queued (as report_request leaves it, before its task runs).
    report = Report.objects.create(
        casino=staff["shift_manager"].casino,
        kind="house_rules",
        params={"ruleset": "manual"},
        requested_by=staff["shift_manager"],
        role=Role.SHIFT_MANAGER,
    )
    first, done = reports.report_claim(report.pk)
    assert (first.attempts, done) == (1, False)
    assert report_guard(first, first.params)(db_router.REPLICA) == ""  # it holds claim 1

    lagging.hold()  # the replica stops at the first claim
    Report.objects.filter(pk=report.pk).update(status=Report.Status.QUEUED)  # requeued
    retried, done = reports.report_claim(report.pk)  # the next worker's claim
    assert (retried.attempts, done) == (2, False)
    reason = report_guard(retried, retried.params)(db_router.REPLICA)
    assert reason == f"REPLICA_STALE: the claim of report {report.pk} is not on the replica"
    with report_reads(retried, retried.params) as alias:
        assert alias == db_router.DEFAULT  # the primary renders the retried claim
    assert "served by the primary (REPLICA_STALE" in caplog.text

    lagging.catch_up()
    assert report_guard(retried, retried.params)(db_router.REPLICA) == ""
    with report_reads(retried, retried.params) as alias:
        assert alias == db_router.REPLICA
