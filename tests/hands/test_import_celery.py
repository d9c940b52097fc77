"""A 2,000-hand PHH import through a real Celery worker, with progress (issue 4 §6, Done when)."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest

from hands import adapter, services
from hands.models import Hand, ImportJob

from .conftest import act


def generated_session_phhs(settings, count: int) -> str:
    """``count`` consecutive legal hands at six seats, written as one .phhs document."""
    rules = adapter.rules_for(settings, chip_unit=100, structure="no_limit", at=None)
    records = adapter.simulate_records(
        rules,
        count=count,
        seats=[1, 2, 4, 5, 7, 9],
        stack=Decimal("20000"),
        small=settings.small_blind,
        big=settings.big_blind,
        seed=2026,
    )
    assert len(records) == count
    return adapter.phh_export([(r, rules, {"number": i}) for i, r in enumerate(records, start=1)])


@pytest.mark.celery
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_2000_hand_import_runs_on_a_real_worker_and_reports_progress(
    celery_worker, staff, ready_session
):
    text = generated_session_phhs(ready_session.settings, 2000)
    sup = act(staff["supervisor"], "supervisor")
    job = services.import_job_create(
        actor=sup, session=ready_session, content=text, filename="g.phhs"
    )
    seen: list[int] = []
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if not seen or seen[-1] != job.percent:
            seen.append(job.percent)
        if job.status in ("done", "failed"):
            break
        time.sleep(0.2)
    assert job.status == "done", job.error
    summary = services.import_summary(job)
    assert (summary["total"], summary["stored"], summary["valid"]) == (2000, 2000, 2000)
    assert summary["rejected"] == 0 and summary["by_code"] == {}
    assert Hand.objects.filter(session=ready_session).count() == 2000
    assert any(0 < p < 100 for p in seen), seen  # progress was visible while it ran
    assert seen == sorted(seen)
    assert ImportJob.objects.get().processed == 2000
