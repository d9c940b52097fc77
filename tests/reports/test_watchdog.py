"""A report whose worker died is re-queued by a watchdog within minutes (issue 12 §10),
not left at 60 % until the broker's one-hour visibility timeout."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.models import AuditEvent
from reports import services
from reports.models import Report
from reports.tasks import report_watchdog_task

pytestmark = pytest.mark.django_db


def queued_report(api, user) -> Report:
    """A report requested and left in the queue (its task not run yet)."""
    response = api(user).post("/api/reports/", {"kind": "house_rules"}, format="json")
    assert response.status_code == 202, response.json()
    return Report.objects.get(pk=response.json()["id"])


def abandon(report: Report, minutes: int) -> None:
    """A worker claimed the report, reached 60 % and died ``minutes`` ago."""
    services.report_claim(report.pk)
    Report.objects.filter(pk=report.pk).update(
        progress=60, started_at=timezone.now() - timedelta(minutes=minutes)
    )


def test_a_claimed_and_abandoned_report_is_requeued_and_then_rendered(
    staff, api, settings, django_capture_on_commit_callbacks
):
    # issue 12 §10: "re-queued by a watchdog within minutes"
    report = queued_report(api, staff["pit_boss"])
    abandon(report, settings.MESA_REPORT_STALL_MINUTES + 1)
    with django_capture_on_commit_callbacks(execute=True):
        assert report_watchdog_task.delay().get() == [report.pk]
    report.refresh_from_db()
    assert report.status == Report.Status.DONE and report.progress == 100
    assert report.attempts == 2  # the dead worker's claim and the re-queued render
    (event,) = AuditEvent.objects.filter(action="report.requeue", object_id=str(report.pk))
    assert event.before["progress"] == 60 and event.after["status"] == "queued"
    # Idempotent: nothing is stalled any more, nothing is sent again.
    with django_capture_on_commit_callbacks(execute=True):
        assert services.report_requeue_stalled() == []
    assert AuditEvent.objects.filter(action="report.requeue").count() == 1


def test_a_fresh_claim_is_left_alone(staff, api, settings, django_capture_on_commit_callbacks):
    # issue 12 §10: a report a live worker is rendering is not touched
    report = queued_report(api, staff["pit_boss"])
    abandon(report, settings.MESA_REPORT_STALL_MINUTES - 1)
    with django_capture_on_commit_callbacks(execute=True) as sent:
        assert services.report_requeue_stalled() == []
    assert not sent
    report.refresh_from_db()
    assert report.status == Report.Status.RUNNING and report.progress == 60
    assert not AuditEvent.objects.filter(action="report.requeue").exists()


def test_a_report_that_keeps_killing_its_worker_is_failed_not_looped(staff, api, settings):
    # issue 12 §10: the watchdog does not re-queue for ever
    report = queued_report(api, staff["pit_boss"])
    Report.objects.filter(pk=report.pk).update(attempts=services.MAX_RENDER_ATTEMPTS - 1)
    abandon(report, settings.MESA_REPORT_STALL_MINUTES + 1)
    assert services.report_requeue_stalled() == []
    report.refresh_from_db()
    assert report.status == Report.Status.FAILED
    assert AuditEvent.objects.filter(action="report.watchdog_fail").count() == 1


def test_the_watchdog_runs_every_minute_from_celery_beat(settings):
    # issue 12 §10: registered where the beat schedule lives
    from casino.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["reports-watchdog"]
    assert entry["task"] == "reports.watchdog" and entry["schedule"] <= 60
    assert app.conf.beat_schedule["reports-watchdog"]["task"] == "reports.watchdog"
    assert "reports.watchdog" in app.tasks
