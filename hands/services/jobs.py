"""PHH import and export, and re-validation under the current engine (issue 4 §6, §8, §9).

Both long jobs run in chunks, each chunk in its own transaction together with
the job's progress counters, so a job killed half-way and delivered again
(Celery ``acks_late``) resumes where the last committed chunk ended and never
stores a hand twice.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.broker import enqueue_on_commit, require_broker
from casino.errorcodes import ApiCode
from casino.errors import DomainError, ValidationFailed
from casino.formdata import control_refusal, has_control_character
from casino.roles import Perm, Role
from tables.models import SessionKind, TableSession, TableSettings
from tables.services import lock_session

from .. import adapter, selectors
from ..codes import HandsCode
from ..models import Hand, HandSource, HandStatus, ImportJob, JobStatus, RevalidationRun
from .recording.access import require_at_table
from .recording.admit import admit
from .recording.book import SessionBook
from .recording.prepare import prepare
from .recording.rake import post_rakes
from .recording.write import write

IMPORT_CHUNK = 250
REVALIDATE_CHUNK = 1000
MAX_IMPORT_BYTES = 64 * 1024 * 1024


# ----------------------------------------------------------------------------- import


def import_job_create(
    *, actor: Actor, session: TableSession, content: str, filename: str = "", enqueue: bool = True
) -> ImportJob:
    """Queue a PHH import into a session; the Celery task does the work (issue 4 §6)."""
    require(actor, Perm.IMPORT_HANDS)
    if not content or not content.strip():
        raise DomainError.of(HandsCode.FILE_EMPTY, field="file")
    if len(content.encode("utf-8")) > MAX_IMPORT_BYTES:
        raise DomainError.of(HandsCode.FILE_TOO_LARGE, field="file")
    if has_control_character(content):  # issue 39 §4: a NUL byte was a 500 (PostgreSQL)
        raise control_refusal("file")
    if enqueue:
        require_broker()  # issue 9 §6: no job without a queue to run it
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)  # issue 12 §1: checked when the import is queued
        require_not_tournament(s)
        job = ImportJob.objects.create(
            casino_id=s.casino_id,
            session=s,
            created_by=actor.user,
            role=actor.role.value,
            filename=(filename or "")[:255],
            content=content,
        )
        audit_record(
            actor=actor,
            action="hand.import.queue",
            obj=job,
            after={"session": s.pk, "filename": job.filename, "bytes": len(content)},
            gaming_day=s.gaming_day,
        )
        if enqueue:
            from ..tasks import import_hands_task

            enqueue_on_commit(lambda: import_hands_task.delay(job.pk), f"import {job.pk}")
    return job


def require_not_tournament(session: TableSession) -> None:
    """A tournament table's hands are logged as they are dealt (live or the API's whole
    hand), never imported from PHH (issue 42 §5): a file carries its own game's blinds,
    stacks and rake and no clock, while a tournament hand's terms are the level in force
    when it was dealt, its stacks the seating plan's, and its busts must take their places
    in the order they happened across the tables (TDA RP-8). Refused before anything is
    stored, whichever page or endpoint sent the file."""
    if session.is_tournament:
        raise DomainError.of(HandsCode.TOURNAMENT_PHH_IMPORT, field="session")


def import_job_run(job_id: int, *, chunk: int = IMPORT_CHUNK) -> ImportJob:
    """Run (or resume) an import: parse, then store the hands chunk by chunk."""
    job = ImportJob.objects.select_related("session", "created_by").get(pk=job_id)
    if job.status in (JobStatus.DONE, JobStatus.FAILED):
        return job
    actor = Actor(user=job.created_by, role=Role(job.role))
    session = job.session
    ImportJob.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, started_at=job.started_at or timezone.now()
    )
    unit = selectors.chip_unit_cents(session.table)
    items = adapter.phh_import(job.content, defaults={}, chip_unit=unit)
    ImportJob.objects.filter(pk=job.pk).update(total=len(items))
    job.refresh_from_db()
    try:
        while job.processed < len(items):
            part = items[job.processed : job.processed + chunk]
            _import_chunk(job, actor, part)
            job.refresh_from_db()
    except DomainError as exc:
        ImportJob.objects.filter(pk=job.pk).update(
            status=JobStatus.FAILED,
            error=f"{exc.code}: {exc.message_en}",
            finished_at=timezone.now(),
        )
        job.refresh_from_db()
        return job
    ImportJob.objects.filter(pk=job.pk).update(status=JobStatus.DONE, finished_at=timezone.now())
    job.refresh_from_db()
    return job


def _import_chunk(job: ImportJob, actor: Actor, part: list[adapter.Imported]) -> None:
    with transaction.atomic():
        row = ImportJob.objects.select_for_update().get(pk=job.pk)
        if row.processed != job.processed:
            return  # another delivery of the task got here first
        s = lock_session(row.session_id)
        require_not_tournament(s)  # a job queued by any path: nothing is stored
        book = SessionBook(s)
        book.all_movements()  # one read: with no cage record at all, no query per hand
        first_number = book.max_number + 1
        refusals = [
            r for r in selectors.session_refusals(s, first_number) if r.code != "AFTER_LAST_HAND"
        ]
        if refusals:
            raise refusals[0]
        last_allowed = getattr(s, "last_hand_number", None)
        batch = []
        by_code = Counter(row.by_code)
        problems = list(row.problems)
        skipped = rejected = 0
        for item in part:
            if item.skipped:
                skipped += 1
                continue
            if item.record is None:
                rejected += 1
                problems.append(_problem(item, *item.problem))  # type: ignore[misc]
                continue
            number = item.number if item.number is not None else book.max_number + 1
            if last_allowed is not None and number > last_allowed:
                rejected += 1
                problems.append(
                    _problem(
                        item,
                        "AFTER_LAST_HAND",
                        f"Después de la última mano anunciada (n.º {last_allowed}).",
                        f"After the announced last hand (no. {last_allowed}).",
                    )
                )
                continue
            try:
                prepared = prepare(
                    book,
                    item.record,
                    source=HandSource.IMPORT,
                    number=number,
                    import_job=row,
                    check_refusals=False,
                )
            except ValidationFailed as exc:
                rejected += 1
                problems.append(_problem(item, exc.code, exc.message_es, exc.message_en, exc.field))
                continue
            admit(book, actor, prepared)
            batch.append(prepared)
        hands = write(book, actor, batch)
        post_rakes(actor, hands)
        _save_progress(row, len(part), batch, hands, by_code, problems, rejected, skipped)
        if hands:
            audit_record(
                actor=actor,
                action="hand.import",
                obj=row,
                after={
                    "session": s.pk,
                    "hands": [h.pk for h in hands],
                    "numbers": [hands[0].number, hands[-1].number],
                    "stored": len(hands),
                },
                gaming_day=s.gaming_day,
                casino_id=s.casino_id,
            )


def _save_progress(
    row: ImportJob,
    processed: int,
    batch: list[Any],
    hands: list[Hand],
    by_code: Counter[str],
    problems: list[dict[str, Any]],
    rejected: int,
    skipped: int,
) -> None:
    """A chunk's counts added to the job (the row locked by the chunk's transaction)."""
    counts = Counter(h.status for h in hands)
    for p in batch:
        for code in {v.code for v in p.violations if v.severity == "error"}:
            by_code[code] += 1
    row.processed += processed
    row.stored += len(hands)
    row.valid += counts.get(HandStatus.VALID, 0)
    row.invalid += counts.get(HandStatus.INVALID, 0)
    row.void += counts.get(HandStatus.VOID, 0)
    row.rejected += rejected
    row.skipped += skipped
    row.by_code = dict(sorted(by_code.items()))
    row.problems = problems
    row.save(
        update_fields=[
            "processed",
            "stored",
            "valid",
            "invalid",
            "void",
            "rejected",
            "skipped",
            "by_code",
            "problems",
        ]
    )


def _problem(
    item: adapter.Imported, code: str, es: str, en: str, field: str | None = None
) -> dict[str, Any]:
    return {
        "position": item.position,
        "number": item.number,
        "code": code,
        "message": {"es": es, "en": en},
        "field": field,
    }


def import_summary(job: ImportJob) -> dict[str, Any]:
    """The JSON summary of an import (command line, API, page)."""
    rejected_by_code = Counter(p["code"] for p in job.problems)
    return {
        "job": job.pk,
        "status": job.status,
        "session": job.session_id,
        "total": job.total,
        "processed": job.processed,
        "percent": job.percent,
        "stored": job.stored,
        "valid": job.valid,
        "invalid": job.invalid,
        "void": job.void,
        "rejected": job.rejected,
        "skipped": job.skipped,
        "by_code": job.by_code,
        "rejected_by_code": dict(sorted(rejected_by_code.items())),
        "error": job.error,
    }


def hands_import(
    *, actor: Actor, session: TableSession, content: str, filename: str = ""
) -> ImportJob:
    """Import synchronously (the command line): the same job and chunks, no worker."""
    job = import_job_create(
        actor=actor, session=session, content=content, filename=filename, enqueue=False
    )
    return import_job_run(job.pk)


# ----------------------------------------------------------------------------- export


def session_export_phhs(*, actor: Actor, session: TableSession) -> str:
    """A session's hands as ``.phhs`` (the latest revision in force of each hand number:
    one waiting for the pit boss's signature does not count yet, issue 38 §3)."""
    require(actor, Perm.VIEW_HANDS)
    if session.casino_id != actor.user.casino_id:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSession)
    hands = list(
        selectors.revisions_in_force(Hand.objects.filter(session=session))
        .select_related("settings", "verdict", "table", "gaming_day")
        .order_by("number", "id")
    )
    effective: dict[int, Hand] = {}
    for hand in hands:
        effective[hand.number] = hand  # ordered by id: a revision comes after its original
    items = []
    for number in sorted(effective):
        hand = effective[number]
        rules = adapter.rules_for(
            hand.settings,
            chip_unit=hand.chip_unit,
            structure=hand.structure,
            at=hand.started_at,
            tournament=session.is_tournament,  # issue 42: no rake at a tournament table
        )
        local = timezone.localtime(hand.started_at)
        items.append(
            (
                hand.record,
                rules,
                {
                    "number": hand.number,
                    "table": hand.table.number,
                    "date": hand.gaming_day.business_date,
                    "time": local.time().replace(microsecond=0),
                    "finishing": {int(k): Decimal(v) for k, v in hand.verdict.finishing.items()},
                    "rake": hand.recorded_rake if hand.recorded_rake is not None else hand.rake,
                },
            )
        )
    return adapter.phh_export(items)


# ------------------------------------------------------------------------ re-validate


def revalidation_create(
    *, actor: Actor, date_from: date, date_to: date, enqueue: bool = True
) -> RevalidationRun:
    """Queue a re-validation of a date range (business dates) under the current engine."""
    require(actor, Perm.REVALIDATE_HANDS)
    if date_to < date_from:
        raise DomainError.of(HandsCode.DATE_RANGE, field="date_to")
    if enqueue:
        require_broker()  # issue 9 §6: no job without a queue to run it
    with transaction.atomic():
        run = RevalidationRun.objects.create(
            casino_id=actor.casino.pk,
            created_by=actor.user,
            role=actor.role.value,
            date_from=date_from,
            date_to=date_to,
            engine_tag=adapter.ENGINE_TAG,
        )
        audit_record(
            actor=actor,
            action="hand.revalidate.queue",
            obj=run,
            after={"from": date_from.isoformat(), "to": date_to.isoformat()},
        )
        if enqueue:
            from ..tasks import revalidate_hands_task

            enqueue_on_commit(
                lambda: revalidate_hands_task.delay(run.pk), f"re-validation {run.pk}"
            )
    return run


def revalidation_run(run_id: int, *, chunk: int = REVALIDATE_CHUNK) -> RevalidationRun:
    """Judge every hand of the range again; record where the stored verdict differs."""
    run = RevalidationRun.objects.get(pk=run_id)
    if run.status in (JobStatus.DONE, JobStatus.FAILED):
        return run
    qs = Hand.objects.filter(
        casino_id=run.casino_id,
        gaming_day__business_date__gte=run.date_from,
        gaming_day__business_date__lte=run.date_to,
    ).order_by("id")
    RevalidationRun.objects.filter(pk=run.pk).update(
        status=JobStatus.RUNNING,
        started_at=run.started_at or timezone.now(),
        total=qs.count(),
        engine_tag=adapter.ENGINE_TAG,
    )
    run.refresh_from_db()
    settings_cache: dict[int, TableSettings] = {}
    last_id = _cursor_of(qs, run.processed)  # resume after the last committed chunk
    while True:
        rows = list(qs.filter(id__gt=last_id).values_list(*_REVALIDATE_FIELDS)[:chunk])
        if not rows:
            break
        missing = {r[5] for r in rows} - settings_cache.keys()
        if missing:
            settings_cache.update(TableSettings.objects.in_bulk(missing))
        differences = []
        for row in rows:
            difference = _rejudge(row, settings_cache)
            if difference is not None:
                differences.append(difference)
        last_id = rows[-1][0]
        with transaction.atomic():
            current = RevalidationRun.objects.select_for_update().get(pk=run.pk)
            current.processed += len(rows)
            current.differences = [*current.differences, *differences]
            current.differences_count = len(current.differences)
            current.save(update_fields=["processed", "differences", "differences_count"])
    RevalidationRun.objects.filter(pk=run.pk).update(
        status=JobStatus.DONE, finished_at=timezone.now()
    )
    run.refresh_from_db()
    return run


# What the re-validation reads of each hand (one row per hand, no model instances).
_REVALIDATE_FIELDS = (
    "id",
    "number",
    "session_id",
    "session__kind",
    "table__number",
    "settings_id",
    "chip_unit",
    "structure",
    "record",
    "verdict__engine_status",
    "verdict__violations",
    "verdict__rake",
    "verdict__payouts",
    "started_at",
)


def _rejudge(
    row: tuple[Any, ...], settings_cache: dict[int, TableSettings]
) -> dict[str, Any] | None:
    """One hand judged again: where the stored verdict differs, else ``None``."""
    (
        pk,
        number,
        session_id,
        kind,
        table_number,
        settings_id,
        unit,
        structure,
        record,
        status,
        violations,
        rake,
        payouts,
        started_at,
    ) = row
    # The rules at the hand's time: a promotion fund's drop joins them (issue 44).
    rules = adapter.rules_for(
        settings_cache[settings_id],
        chip_unit=unit,
        structure=structure,
        at=started_at,
        tournament=kind == SessionKind.TOURNAMENT,  # issue 42: no rake
    )
    stored = {
        "status": status,
        "codes": sorted(v["code"] for v in violations or () if v["source"] == "engine"),
        "rake": str(rake),
        "payouts": dict(sorted((payouts or {}).items(), key=lambda kv: int(kv[0]))),
    }
    try:
        _built, verdict = adapter.verdict_of(record, rules)
        now = adapter.summary(verdict)
    except DomainError as exc:
        now = {"status": "unreadable", "codes": [exc.code], "rake": "", "payouts": {}}
    now["payouts"] = dict(sorted(now["payouts"].items(), key=lambda kv: int(kv[0])))
    changed = [k for k in ("status", "codes", "rake", "payouts") if stored[k] != now[k]]
    if not changed:
        return None
    return {
        "hand": pk,
        "session": session_id,
        "table": table_number,
        "number": number,
        "fields": changed,
        "stored": {k: stored[k] for k in changed},
        "now": {k: now[k] for k in changed},
        "cursor": pk,
    }


def _cursor_of(qs: Any, processed: int) -> int:
    if processed <= 0:
        return 0
    values = list(qs.values_list("id", flat=True)[processed - 1 : processed])
    return int(values[0]) if values else 0


def revalidation_report(run: RevalidationRun) -> dict[str, Any]:
    return {
        "run": run.pk,
        "status": run.status,
        "from": run.date_from.isoformat(),
        "to": run.date_to.isoformat(),
        "engine": run.engine_tag,
        "total": run.total,
        "processed": run.processed,
        "percent": run.percent,
        "differences_count": run.differences_count,
        "differences": [{k: v for k, v in d.items() if k != "cursor"} for d in run.differences],
    }
