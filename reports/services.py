"""Report requests, rendering, downloads and re-prints (issue 7 §8, §10; RPT-01, RPT-17)."""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.broker import enqueue_on_commit, require_broker
from casino.errors import DomainError
from casino.roles import Perm
from casino.serials import format_serial, serial_next

from .codes import ReportsCode
from .models import Report
from .registry import ReportSpec, get_spec
from .rendering import Rendered, render_report, write_atomically
from .replica import report_reads

logger = logging.getLogger("mesa.reports")
LANGS = {"es", "en"}
PAPERS = {"A4", "LETTER"}


def spec_or_error(kind: str) -> ReportSpec:
    spec = get_spec(kind)
    if spec is None:
        raise DomainError.of(ReportsCode.REPORT_KIND_UNKNOWN, kind=kind, field="kind")
    return spec


def validate_params(spec: ReportSpec, params: dict[str, Any]) -> dict[str, Any]:
    """Validate a kind's parameters; returns a JSON-safe dict."""
    from casino.api.parsing import parse

    clean = parse(spec.params, params or {})
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in clean.items()}


def check_access(actor: Actor, spec: ReportSpec, params: dict[str, Any]) -> None:
    if not actor.can(spec.perm):
        raise DomainError.of(ReportsCode.REPORT_NOT_ALLOWED, role=actor.role)
    if spec.access is not None:
        spec.access(actor, params)


def report_request(
    *,
    actor: Actor,
    kind: str,
    params: dict[str, Any] | None = None,
    lang: str = "es",
    paper: str = "A4",
    reprint_of: Report | None = None,
) -> Report:
    require(actor, Perm.REQUEST_REPORT)
    spec = spec_or_error(kind)
    if lang not in LANGS:
        raise DomainError.of(ReportsCode.LANG_INVALID, field="lang")
    if paper.upper() not in PAPERS:
        raise DomainError.of(ReportsCode.PAPER_INVALID, field="paper")
    clean = validate_params(spec, params or {})
    check_access(actor, spec, clean)
    require_broker()  # issue 9 §6: no report queued without a queue to render it
    with transaction.atomic():
        year = timezone.localdate().year
        number = serial_next(casino=actor.casino, series="INF", year=year)
        report = Report.objects.create(
            casino=actor.casino,
            kind=kind,
            params=clean,
            lang=lang,
            paper=paper.upper(),
            serial=format_serial("INF", year, number),
            requested_by=actor.user,
            role=actor.role.value,
            reprint_of=reprint_of,
        )
        audit_record(
            actor=actor,
            action="report.request",
            obj=report,
            after={"kind": kind, "params": clean, "lang": lang, "serial": report.serial},
        )
        enqueue_on_commit(lambda: enqueue(report.pk), f"report {report.pk}")
    return report


def enqueue(report_id: int) -> None:
    from .tasks import render_report_task

    render_report_task.delay(report_id)


def report_reprint(*, actor: Actor, report: Report) -> Report:
    """A re-print: the same report rendered again, marked as a copy of the original (RPT-01)."""
    if not report.is_done:
        raise DomainError.of(ReportsCode.REPORT_NOT_READY, progress=report.progress)
    original = report.reprint_of or report
    return report_request(
        actor=actor,
        kind=original.kind,
        params=original.params,
        lang=original.lang,
        paper=original.paper,
        reprint_of=original,
    )


def report_path(report: Report) -> Path:
    return Path(settings.MEDIA_ROOT) / report.file_path


def html_path(file_path: str) -> str:
    """Where the HTML of an archived PDF is kept: beside it, ``….pdf.html``."""
    return f"{file_path}.html"


def report_claim(report_id: int) -> tuple[Report, bool]:
    """Lock a queued report and mark it running (a task's first step); done: already there.

    A redelivered task (worker lost, retry) finds a finished report and stops there.
    """
    with transaction.atomic():
        report = Report.objects.select_for_update().get(pk=report_id)
        if report.status == Report.Status.DONE and report_path(report).exists():
            return report, True
        report.status = Report.Status.RUNNING
        report.started_at = timezone.now()
        report.attempts += 1
        report.progress = 1
        report.save(update_fields=["status", "started_at", "attempts", "progress"])
    return report, False


def report_render(report_id: int) -> Report:
    """Render a queued report (the Celery task's body); idempotent."""
    if Report.objects.filter(pk=report_id, signed_copy=True).exists():
        from .signing import signed_copy_render  # never printed as a plain re-print

        return signed_copy_render(report_id)
    report, done = report_claim(report_id)
    if done:
        return report
    spec = spec_or_error(report.kind)

    def progress(percent: int, message: str) -> None:
        Report.objects.filter(pk=report.pk).update(
            progress=max(1, min(99, percent)), message=message
        )

    original = report.reprint_of
    with report_reads(report, report.params):  # the replica when it is fresh (issue 18 §4)
        rendered = render_report(
            spec,
            casino=report.casino,
            params=report.params,
            lang=report.lang,
            paper=report.paper,
            # A re-print is the original document (its serial) marked as a copy.
            serial=original.serial if original else report.serial,
            generated_by=str(report.requested_by),
            copy_of=original.serial if original else None,
            progress=progress,
        )
    return report_store(report, rendered)


def report_store(report: Report, rendered: Rendered) -> Report:
    """Write a rendered PDF into the archive and mark its report done (one way for all)."""
    relative = f"reports/{report.requested_at:%Y/%m}/{report.serial}.pdf"
    write_atomically(Path(settings.MEDIA_ROOT) / relative, rendered.pdf)
    if rendered.html:  # the printed tables, for the CSV and XLSX export (reports/export.py)
        write_atomically(Path(settings.MEDIA_ROOT) / html_path(relative), rendered.html.encode())
    Report.objects.filter(pk=report.pk).update(
        status=Report.Status.DONE,
        progress=100,
        message="",
        finished_at=timezone.now(),
        file_path=relative,
        sha256=rendered.sha256,
        content_sha256=rendered.content_sha256,
        chain_head=rendered.chain_head,  # issue 12 §5: the chain head the PDF prints
        size=len(rendered.pdf),
        pages=rendered.pages,
    )
    report.refresh_from_db()
    return report


def report_fail(report_id: int, message: str) -> None:
    Report.objects.filter(pk=report_id).exclude(status=Report.Status.DONE).update(
        status=Report.Status.FAILED, message=message[:300], finished_at=timezone.now()
    )


def report_download(*, actor: Actor, report: Report) -> Path:
    """The archived file; every download is an audit event (issue 7 §10)."""
    spec = spec_or_error(report.kind)
    check_access(actor, spec, report.params)
    if not report.is_done:
        raise DomainError.of(ReportsCode.REPORT_NOT_READY, progress=report.progress)
    path = report_path(report)
    if not path.exists():
        raise DomainError.of(ReportsCode.REPORT_FILE_MISSING)
    with transaction.atomic():
        audit_record(
            actor=actor,
            action="report.download",
            obj=report,
            after={"serial": report.serial, "sha256": report.sha256},
        )
    return path


def report_requeue_stalled(*, now: Any = None) -> list[int]:
    """Re-queue reports whose worker died mid-render (issue 12 §10); idempotent, audited.

    A report claimed (``running``) whose claim is older than ``MESA_REPORT_STALL_MINUTES``
    is put back in the queue and sent again; a fresh claim is left alone. After
    ``MAX_RENDER_ATTEMPTS`` claims it is marked failed instead of looping. Run every
    minute by Celery beat (``reports.watchdog``).
    """
    from datetime import timedelta

    now = now or timezone.now()
    cutoff = now - timedelta(minutes=settings.MESA_REPORT_STALL_MINUTES)
    requeued: list[int] = []
    with transaction.atomic():
        stalled = Report.objects.select_for_update(skip_locked=True).filter(
            status=Report.Status.RUNNING, started_at__lt=cutoff
        )
        for report in stalled:
            before = {
                "status": report.status,
                "progress": report.progress,
                "attempts": report.attempts,
                "started_at": report.started_at,
            }
            if report.attempts >= MAX_RENDER_ATTEMPTS:
                report.status = Report.Status.FAILED
                report.message = "El proceso de impresión se detuvo demasiadas veces."
                report.finished_at = now
                report.save(update_fields=["status", "message", "finished_at"])
                action = "report.watchdog_fail"
            else:
                report.status = Report.Status.QUEUED
                report.progress = 0
                report.message = ""
                report.save(update_fields=["status", "progress", "message"])
                action = "report.requeue"
                requeued.append(report.pk)
                send = _send_signed_copy if report.signed_copy else enqueue
                enqueue_on_commit(partial(send, report.pk), f"report {report.pk}")
            audit_record(
                actor=None,
                action=action,
                obj=report,
                before=before,
                after={"status": report.status, "progress": report.progress},
                reason=f"sin avance durante {settings.MESA_REPORT_STALL_MINUTES} min",
            )
    return requeued


MAX_RENDER_ATTEMPTS = 5


def _send_signed_copy(report_id: int) -> None:
    from .tasks import render_signed_copy_task

    render_signed_copy_task.delay(report_id)
