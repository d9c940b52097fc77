"""Background work of the hand recorder: PHH imports and re-validations (issue 4 §6, §8).

Both tasks are idempotent: they resume a job from its last committed chunk, so
a redelivered task (``acks_late``; a worker killed mid-way) never stores a hand
twice or counts a difference twice.
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=5,
    name="hands.import_hands",
)
def import_hands_task(self, job_id: int) -> dict:
    from .services.jobs import import_job_run, import_summary

    return import_summary(import_job_run(job_id))


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=5,
    name="hands.revalidate_hands",
)
def revalidate_hands_task(self, run_id: int) -> dict:
    from .services.jobs import revalidation_report, revalidation_run

    report = revalidation_run(run_id)
    summary = revalidation_report(report)
    summary.pop("differences", None)
    return summary
