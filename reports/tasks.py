"""Celery tasks of the reports: rendering runs in a worker, never in a page request."""

from __future__ import annotations

from celery import shared_task
from django.db import DatabaseError

from . import services


@shared_task(
    bind=True,
    name="reports.render",
    acks_late=True,
    autoretry_for=(DatabaseError, OSError),
    retry_backoff=2,
    max_retries=5,
)
def render_report_task(self, report_id: int) -> str:
    try:
        report = services.report_render(report_id)
    except (DatabaseError, OSError):
        raise
    except Exception as exc:  # a bug in a report must not loop forever: mark it failed
        services.report_fail(report_id, f"{exc.__class__.__name__}: {exc}")
        raise
    return report.sha256


@shared_task(
    bind=True,
    name="reports.render_signed_copy",
    acks_late=True,
    autoretry_for=(DatabaseError, OSError),
    retry_backoff=2,
    max_retries=5,
)
def render_signed_copy_task(self, report_id: int) -> str:
    """A signed report rendered again with its signatures (CLOSE-11; reports/signing.py)."""
    from . import signing

    try:
        report = signing.signed_copy_render(report_id)
    except (DatabaseError, OSError):
        raise
    except Exception as exc:  # as render_report_task: a bug marks the copy failed, once
        services.report_fail(report_id, f"{exc.__class__.__name__}: {exc}")
        raise
    return report.sha256


@shared_task(name="reports.watchdog")
def report_watchdog_task() -> list[int]:
    """Every minute (CELERY_BEAT_SCHEDULE): re-queue reports whose worker died (issue 12 §10)."""
    return services.report_requeue_stalled()
