"""The archive of a gaming day that a regulator or an external auditor takes away (issue 17 §5).

``export_day`` writes, into one directory per gaming day:

- ``pdf/``: the day's reports, rendered with the code the Celery worker runs (the master
  report, the audit report, the management figures, the sector sheet, rake, the shift
  register, deck custody, keys, irregularities, sanctions, and per table session its
  opening-and-closing sheet, table card and control sheet);
- ``archived/``: every PDF the casino archived for that day (the signed copies
  included), byte for byte, each checked against the SHA-256 recorded when it was
  written;
- ``records/``: every record of the day, one JSON file per kind of record (Django's
  serialisation: exact decimals as strings, ISO dates), found by following each model's
  foreign keys to the gaming day, with the signatures of the day's signed documents;
- ``reference/``: the rows those records point to that belong to no day (the tables,
  the settings versions in force, the chip sets, the people: names only, never a
  password);
- ``manifest.json``: each file with its SHA-256 and size, the number of records of
  each kind, the day's evidence chain head (and whether the chain verified at export),
  the retention date of each group of records (``casino.retention``), and a keyed seal
  of the manifest itself (``casino.sealing``).

``reports.archive_verify`` checks a directory offline (no database, no key): every
listed file present and unchanged, no file added, the chain's links continuous up to the
manifest's head. ``manage.py verify_export`` does the same and, where the seal keys are
configured, also checks the manifest's seal and every link's HMAC.

An open gaming day is refused (``GAMING_DAY_STILL_OPEN``) unless ``provisional`` is asked, and then
the manifest says so. The export is written into a temporary directory beside the
target and renamed when complete, so a failed export leaves nothing half-written.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core import serializers
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino import retention, sealing
from casino.errors import DomainError
from casino.models import Casino, ChainLink, GamingDay, SignableDocument, Signature, User

from .codes import ReportsCode
from .models import Report
from .registry import ReportSpec, get_spec
from .rendering import render_report
from .replica import day_reads

FORMAT = "mesa-day-archive/1"

# The day's reports (kind -> params beyond the date), and the per-session ones.
DAY_REPORTS: tuple[str, ...] = (
    "gaming_day",
    "exceptions",
    "kpis",
    "sector_sheet",
    "rake",
    "shift_register",
    "deck_custody",
    "keys",
    "irregularities",
    "sanctions",
)
SESSION_REPORTS: tuple[str, ...] = ("sheet", "table_card", "control_sheet")

# Models never exported: sessions of the web server, caches, the framework's own tables.
SKIP_APPS = {"admin", "auth", "contenttypes", "sessions", "django_celery_results", "demo"}
# Columns of a person that leave the building (a password hash never does).
PERSON_FIELDS = ("username", "first_name", "last_name")


@dataclass(frozen=True)
class Exported:
    directory: Path
    manifest: dict[str, Any]
    manifest_sha256: str


# --------------------------------------------------------------------------- records


def day_paths() -> dict[type[models.Model], str]:
    """Each model that belongs to a gaming day, with the lookup from it to the day.

    A model with its own ``gaming_day`` uses it; otherwise the first foreign key
    (``session``, ``hand``, ``slip``, ... in field order) to a model already placed,
    followed to that model's path; up to four hops (a slip line, a hand's action).
    """
    paths: dict[type[models.Model], str] = {GamingDay: "pk"}
    candidates = [
        m
        for m in apps.get_models()
        if m._meta.app_label not in SKIP_APPS and m is not GamingDay and not m._meta.proxy
    ]
    for _ in range(4):
        for model in candidates:
            if model in paths:
                continue
            fks = [
                f
                for f in model._meta.get_fields()
                if isinstance(f, models.ForeignKey) and f.related_model in paths
            ]
            fks.sort(key=lambda f: (f.name != "gaming_day", f.null))
            if fks:
                fk = fks[0]
                parent = paths[fk.related_model]
                paths[model] = fk.name if parent == "pk" else f"{fk.name}__{parent}"
    return paths


def _rows_of_day(day: GamingDay) -> dict[type[models.Model], list[models.Model]]:
    out: dict[type[models.Model], list[models.Model]] = {}
    for model, path in day_paths().items():
        rows = list(model._default_manager.filter(**{path: day.pk}).order_by("pk"))
        if rows:
            out[model] = rows
    signable = {
        m: rows for m, rows in out.items() if issubclass(m, SignableDocument) and m is not Signature
    }
    if signable:
        signatures: list[models.Model] = []
        for model, rows in signable.items():
            ct = ContentType.objects.get_for_model(model)
            signatures.extend(
                Signature.objects.filter(content_type=ct, object_id__in=[r.pk for r in rows])
            )
        known = {s.pk for s in out.get(Signature, [])}
        merged = out.get(Signature, []) + [s for s in signatures if s.pk not in known]
        out[Signature] = sorted(merged, key=lambda s: s.pk)
    return out


def _references(
    rows: dict[type[models.Model], list[models.Model]],
) -> dict[type[models.Model], set[Any]]:
    """The rows outside the day that the day's records point to (one hop)."""
    refs: dict[type[models.Model], set[Any]] = defaultdict(set)
    for model, objs in rows.items():
        for f in model._meta.concrete_fields:
            if not isinstance(f, models.ForeignKey):
                continue
            target = f.related_model
            if target in rows or target._meta.app_label in SKIP_APPS - {"auth"}:
                continue
            for obj in objs:
                value = getattr(obj, f.attname)
                if value is not None:
                    refs[target].add(value)
    return refs


def _label(model: type[models.Model]) -> str:
    return f"{model._meta.app_label}.{model._meta.model_name}"


def _dump(objs: Iterable[models.Model], fields: tuple[str, ...] | None = None) -> bytes:
    text = serializers.serialize("json", objs, indent=1, fields=fields)
    return text.encode()


# --------------------------------------------------------------------------- PDFs


def _render(spec: ReportSpec, casino: Casino, params: dict[str, Any], lang: str) -> bytes:
    return render_report(
        spec, casino=casino, params=params, lang=lang, generated_by="export_day"
    ).pdf


def _archived_reports(casino: Casino, day: GamingDay, session_ids: set[int]) -> list[Report]:
    """The reports written for the day (its date) or for one of its sessions, in SQL."""
    of_day = Q(params__date=day.business_date.isoformat())
    if session_ids:
        of_day |= Q(params__session__in=sorted(session_ids))
    done = Report.objects.filter(casino=casino, status=Report.Status.DONE).exclude(file_path="")
    return list(done.filter(of_day).order_by("pk"))


# --------------------------------------------------------------------------- export


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def export_day(
    casino: Casino,
    business_date: date,
    out_dir: Path,
    *,
    provisional: bool = False,
    lang: str = "es",
    exported_by: str = "",
) -> Exported:
    """Write the archive of ``casino``'s gaming day ``business_date`` into ``out_dir``.

    ``out_dir`` must not exist yet (an archive is written once). Refused: no such
    day (404 ``GAMING_DAY_NOT_FOUND``), a day still open without ``provisional`` (409
    ``GAMING_DAY_STILL_OPEN``), an existing target (409 ``EXPORT_EXISTS``).
    """
    day = GamingDay.objects.filter(casino=casino, business_date=business_date).first()
    if day is None:
        raise DomainError.of(ReportsCode.GAMING_DAY_NOT_FOUND, date=business_date)
    if day.is_open and not provisional:
        raise DomainError.of(ReportsCode.GAMING_DAY_STILL_OPEN, date=business_date)
    out_dir = Path(out_dir)
    if out_dir.exists():
        raise DomainError.of(ReportsCode.EXPORT_EXISTS, out_dir=out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".export-", dir=out_dir.parent))
    try:
        with day_reads(day, f"export of {business_date}"):  # issue 18 §4: the replica if fresh
            manifest = _write(casino, day, work, provisional=provisional, lang=lang, by=exported_by)
        data = json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False).encode()
        (work / "manifest.json").write_bytes(data)
        work.rename(out_dir)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return Exported(out_dir, manifest, _sha256(data))


def _write(
    casino: Casino, day: GamingDay, work: Path, *, provisional: bool, lang: str, by: str
) -> dict[str, Any]:
    files: dict[str, bytes] = {}
    iso = day.business_date.isoformat()

    rows = _rows_of_day(day)
    # the day's table sessions, found by label like every model of the archive
    sessions: list[Any] = [
        s for m, objs in rows.items() if _label(m) == "tables.tablesession" for s in objs
    ]
    session_ids = {s.pk for s in sessions}
    records: dict[str, int] = {}
    groups: dict[str, set[str]] = defaultdict(set)
    for model, objs in sorted(rows.items(), key=lambda kv: _label(kv[0])):
        name = f"records/{_label(model)}.json"
        files[name] = _dump(objs)
        records[_label(model)] = len(objs)
        groups[retention.group_of(model._meta.app_label)].add(name)
    for model, pks in sorted(_references(rows).items(), key=lambda kv: _label(kv[0])):
        fields = PERSON_FIELDS if issubclass(model, User) else None
        objs = list(model._default_manager.filter(pk__in=pks).order_by("pk"))
        files[f"reference/{_label(model)}.json"] = _dump(objs, fields)

    for kind in DAY_REPORTS:
        spec = get_spec(kind)
        if spec is not None:
            files[f"pdf/{kind}.pdf"] = _render(spec, casino, {"date": iso}, lang)
            groups["reports"].add(f"pdf/{kind}.pdf")
    for session in sorted(sessions, key=lambda s: (s.table.number, s.pk)):
        for kind in SESSION_REPORTS:
            spec = get_spec(kind)
            if spec is not None:
                name = f"pdf/table-{session.table.number}-session-{session.pk}-{kind}.pdf"
                files[name] = _render(spec, casino, {"session": session.pk}, lang)
                groups["reports"].add(name)

    archived_problems: list[str] = []
    for report in _archived_reports(casino, day, session_ids):
        path = Path(settings.MEDIA_ROOT) / report.file_path
        name = f"archived/{report.serial or report.pk}-{report.kind}.pdf"
        try:
            data = path.read_bytes()
        except OSError:
            archived_problems.append(f"{name}: missing from the archive store")
            continue
        if report.sha256 and _sha256(data) != report.sha256:
            archived_problems.append(f"{name}: differs from the SHA-256 recorded when written")
        files[name] = data
        groups["reports"].add(name)

    for name, data in files.items():
        target = work / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    head = sealing.chain_head(day.pk)
    _links, broken = sealing.verify_chain(day.pk)
    keep = {g: retention.keep_until(day.business_date, g).isoformat() for g in sorted(groups)}
    manifest: dict[str, Any] = {
        "format": FORMAT,
        "casino": {"code": casino.code, "name": casino.name},
        "business_date": iso,
        "day_status": day.status,
        "provisional": day.is_open,
        "exported_at": timezone.now().isoformat(),
        "exported_by": by,
        "chain": {
            "head_seq": head.seq if head else 0,
            "head_link": head.link if head else "",
            "verified": broken is None,
            "break": None if broken is None else f"{broken.code} at seq {broken.seq}",
            "records_file": f"records/{_label(ChainLink)}.json",
        },
        "records": records,
        "archived_problems": archived_problems,
        "retention": {
            g: {"keep_until": keep[g], "files": sorted(groups[g])} for g in sorted(groups)
        },
        "files": {
            name: {"sha256": _sha256(data), "bytes": len(data)}
            for name, data in sorted(files.items())
        },
    }
    manifest["seal"] = sealing.seal(manifest)
    return manifest


def export_month(
    casino: Casino,
    year: int,
    month: int,
    out_dir: Path,
    *,
    provisional: bool = False,
    lang: str = "es",
    exported_by: str = "",
) -> list[Exported]:
    """Every gaming day of the month, one directory each (``out_dir/YYYY-MM-DD``)."""
    days = list(
        GamingDay.objects.filter(
            casino=casino, business_date__year=year, business_date__month=month
        ).order_by("business_date")
    )
    if not days:
        raise DomainError.of(ReportsCode.NO_GAMING_DAY_IN_MONTH, month=date(year, month, 1))
    still_open = [d for d in days if d.is_open]
    if still_open and not provisional:
        first = still_open[0].business_date
        raise DomainError.of(ReportsCode.GAMING_DAY_STILL_OPEN, date=first)
    out_dir = Path(out_dir)
    return [
        export_day(
            casino,
            d.business_date,
            out_dir / d.business_date.isoformat(),
            provisional=provisional,
            lang=lang,
            exported_by=exported_by,
        )
        for d in days
    ]
