"""Signing the closing reports, and their signed copies (CLOSE-11; RPT-06, RPT-07, RPT-14).

CLOSE-11 (seed 000 §9.1(9)): the table supervisor completes the table control sheet and
the pit bosses finish their sector sheets, "produced by the system and signed"; §9.2*(1)
(CLOSE-12): the player tracking sheets are handed to the pit boss. An archived report of
these kinds is signed with the platform's one mechanism (``casino.signatures``):

- who signs: the control sheet, the table supervisor of the session and then a pit boss
  of the table's sector; the player tracking sheet, the supervisor hands it over and then
  the pit boss receives it; the sector sheet, a pit boss of that sector. The seed names
  only the pit bosses for the sector sheet, so no countersignature is asked for (a shift
  manager's signature would be a rule the seed does not have);
- what a signature binds: a :class:`~reports.models.SignableReport` made with the first
  signature copies the report's number, parameters, language, paper, the archived file's
  SHA-256 and its content fingerprint; every signature hashes that (ROLE-13);
- a report whose data changed since it was rendered (rendered again now, its body would
  not be the same: ``content_fingerprint``) is refused with 409 ``REPORT_STALE``: render
  it again and sign the new report; a sheet of a table not yet closed (provisional) is
  refused with 409 ``REPORT_PROVISIONAL``;
- one person signs once, in one role (ROLE-14); a person signs on someone else's terminal
  with their PIN (OQ-34); the last signature locks the document, which the database then
  refuses to change (``casino.immutability``); every signature is an audit event.

A **signed copy** is the original rendered again by a worker with the signatures (names,
roles, times, method) and the signed original's fingerprint printed where the blank
signature lines were. It is printed only while the data still gives the content that was
signed: otherwise it is refused (409 ``SIGNED_CONTENT_CHANGED``), or, if the data changes
while it waits for the worker, the copy fails with that message; the signed original
stays in the archive either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from cage.codes import CageCode
from casino.access import Actor, require
from casino.audit import audit_record
from casino.broker import enqueue_on_commit, require_broker
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.models import GamingDay, Sector, Signature, User
from casino.refusals import Words
from casino.roles import Perm, Role
from casino.scoping import Assignment
from casino.serials import format_serial, serial_next
from casino.signatures import SignResult, document_sign
from tables.models import TableSession
from tables.selectors.assignment import sector_assignment, session_assignment

from . import services
from .access import resolve_session
from .codes import ReportsCode
from .models import Report, SignableReport
from .rendering import content_fingerprint, render_report
from .replica import report_reads
from .services import check_access, spec_or_error

SIGNABLE_KINDS: dict[str, tuple[Role, ...]] = SignableReport.ROLES
# Whoever operates the terminal signs in one of these roles (a PIN signer may be another).
OPERATOR_ROLES = frozenset(r for roles in SIGNABLE_KINDS.values() for r in roles)
SESSION_KINDS = {"control_sheet", "player_tracking"}

# What the sheet calls each signature (the lines printed on paper).
SIGNATURE_LABELS: dict[tuple[str, Role], tuple[str, str]] = {
    ("control_sheet", Role.SUPERVISOR): ("Supervisor de mesa", "Table supervisor"),
    ("control_sheet", Role.PIT_BOSS): ("Jefe de sector", "Pit boss"),
    ("player_tracking", Role.SUPERVISOR): (
        "Entrega: supervisor de mesa",
        "Handed over by: table supervisor",
    ),
    ("player_tracking", Role.PIT_BOSS): ("Recibe: jefe de sector", "Received by: pit boss"),
    ("sector_sheet", Role.PIT_BOSS): ("Jefe de sector", "Pit boss"),
}
SHEET_NAMES: dict[str, tuple[str, str]] = {
    "control_sheet": ("la planilla de control", "the control sheet"),
    "player_tracking": ("la hoja de seguimiento del jugador", "the player tracking sheet"),
    "sector_sheet": ("la planilla de sector", "the sector sheet"),
}


@dataclass(frozen=True)
class Subject:
    """What a sheet is about: the session, or the gaming day and the sector."""

    kind: str
    gaming_day: GamingDay
    session: TableSession | None = None
    sector: Sector | None = None

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (
            self.kind,
            self.gaming_day.pk,
            self.session.pk if self.session else 0,
            self.sector.pk if self.sector else 0,
        )


def is_signable_kind(kind: str) -> bool:
    return kind in SIGNABLE_KINDS


def subject_of(report: Report) -> Subject:
    """Resolve the report's parameters as its build does (reads only)."""
    if report.kind in SESSION_KINDS:
        session = resolve_session(report.casino, report.params)
        return Subject(report.kind, session.gaming_day, session=session)
    from .access import gaming_day_for
    from .kinds.sector_sheet import sector_by_code

    day = gaming_day_for(report.casino, report.params)
    code = report.params.get("sector")
    return Subject(report.kind, day, sector=sector_by_code(report.casino, code) if code else None)


def sessions_of(subject: Subject) -> list[TableSession]:
    """The table sessions the sheet prints (one, or those of the sector's day)."""
    if subject.session is not None:
        return [subject.session]
    qs = TableSession.objects.filter(gaming_day=subject.gaming_day).select_related("table__sector")
    if subject.sector is not None:
        qs = qs.filter(table__sector=subject.sector)
    return list(qs)


def subject_assignment(subject: Subject) -> Assignment | None:
    """Who is assigned to what the sheet is about (issue 12 §1), from the tables app's one
    reader: a session's supervisor (or recorded relief) and its table's sector pit bosses;
    a sector's pit bosses; for a day's sheet without a sector, the pit bosses of every
    sector its tables are in (``None`` if none is: every pit boss's, as in RPT-17)."""
    if subject.session is not None:
        return session_assignment(subject.session)
    if subject.sector is not None:
        return sector_assignment(subject.sector.pk, label=subject.sector.name)
    sessions = [s for s in sessions_of(subject) if s.table.sector_id]
    if not sessions:
        return None
    each = [
        sector_assignment(pk, label="").pit_boss_ids
        for pk in sorted({s.table.sector_id for s in sessions if s.table.sector_id is not None})
    ]
    label = ", ".join(sorted({str(s.table.number) for s in sessions}))
    return Assignment(table_label=label, pit_boss_ids=frozenset.intersection(*each))


def named_signer(subject: Subject, role: Role, user: User) -> bool:
    """Whether ``user`` is the person the sheet names for ``role`` (seed 000 §9.1(9)):
    the session's supervisor, or a pit boss of the sheet's sector(s) (issue 12 §1)."""
    if role not in (Role.SUPERVISOR, Role.PIT_BOSS):
        return False
    if role == Role.SUPERVISOR and subject.session is None:
        return False
    assignment = subject_assignment(subject)
    if assignment is None:
        return True
    ids = assignment.supervisor_ids if role == Role.SUPERVISOR else assignment.pit_boss_ids
    return user.pk in ids


def label_of(kind: str, role: Role, lang: str) -> str:
    es, en = SIGNATURE_LABELS.get((kind, role), (str(role.label), role.value))
    return en if lang == "en" else es


# --- checks --------------------------------------------------------------------------


def _not_signable(report: Report) -> DomainError:
    return DomainError.of(ReportsCode.REPORT_NOT_SIGNABLE, serial=report.serial)


def _is_override(actor: Actor, role: Role | str | None) -> bool:
    """The shift manager standing in for the pit boss (issue 12 §1): ``document_sign``
    takes the slot only with a written reason and audits it as an override."""
    return actor.role == Role.SHIFT_MANAGER and str(role or "") == Role.PIT_BOSS.value


def require_operator(actor: Actor, role: Role | str | None = None) -> None:
    require(actor, Perm.VIEW_REPORTS)
    if actor.role not in OPERATOR_ROLES and not _is_override(actor, role):
        raise DomainError.of(ReportsCode.REPORT_SIGN_NOT_ALLOWED, role=actor.role, field="role")


def _signable_report(
    actor: Actor, report: Report, role: Role | str | None = None
) -> tuple[SignableReport | None, Subject]:
    """Refuse what cannot be signed at all; the report's document (if any) and subject."""
    if not is_signable_kind(report.kind) or report.reprint_of_id or report.signed_copy:
        raise _not_signable(report)
    override = _is_override(actor, role) and Role.PIT_BOSS in SIGNABLE_KINDS[report.kind]
    if actor.role not in SIGNABLE_KINDS[report.kind] and not override:
        raise DomainError.of(ReportsCode.REPORT_SIGN_NOT_ALLOWED, role=actor.role, field="role")
    check_access(actor, spec_or_error(report.kind), report.params)  # RPT-17
    if not report.is_done:
        raise DomainError.of(ReportsCode.REPORT_NOT_READY, progress=report.progress)
    return SignableReport.objects.filter(report=report).first(), subject_of(report)


def _signing_role(kind: str, role: Role | str | None, actor: Actor) -> Role:
    try:
        parsed = Role(str(role)) if role else actor.role
    except ValueError:
        raise DomainError.of(CasinoCode.UNKNOWN_ROLE, role=role, field="role") from None
    roles = SIGNABLE_KINDS[kind]
    if parsed not in roles:
        raise DomainError.of(
            ReportsCode.REPORT_SIGN_ROLE_NOT_ALLOWED,
            sheet=Words(SHEET_NAMES[kind][0], SHEET_NAMES[kind][1]),
            role=parsed,
            roles=list(roles),
            field="role",
        )
    return parsed


def _signer(actor: Actor, signer: User | None, pin: str | None) -> User:
    """The person who signs: the operator, or someone else with their PIN (OQ-34).

    The PIN itself is checked by ``document_sign``, last, after the document's state:
    checked here, before the state, a right PIN on a line already signed would answer
    409 where a wrong one answers 403 — an oracle for guessing PINs (issue 12 §3).
    Who the sheet names as its signers is no secret, so refusing an unnamed signer
    before the PIN reveals nothing.
    """
    if signer is None or signer.pk == actor.user.pk:
        return actor.user
    if not pin:
        raise DomainError.of(CasinoCode.PIN_REQUIRED, user=signer, field="pin")
    if signer.casino_id != actor.user.casino_id or not signer.is_active:
        raise DomainError.of(CasinoCode.PIN_INVALID, field="pin")
    return signer


def report_signing_blockers(doc: SignableReport, role: Role) -> list[DomainError]:
    """Called by ``document_sign`` under the document's row lock: order, closed, fresh."""
    roles = doc.required_signature_roles()
    signed = doc.signed_roles()
    before = roles[: roles.index(role)] if role in roles else ()
    waiting = [r for r in before if r.value not in signed]
    if waiting:
        first = waiting[0]
        return [
            DomainError.of(
                CageCode.SIGNATURE_OUT_OF_ORDER,
                document=Words(SHEET_NAMES[doc.kind][0], SHEET_NAMES[doc.kind][1]),
                serial=doc.serial,
                before=Words(label_of(doc.kind, first, "es"), label_of(doc.kind, first, "en")),
                field="role",
            )
        ]
    subject = Subject(doc.kind, doc.gaming_day, session=doc.session, sector=doc.sector)
    open_tables = sorted(
        s.table.number for s in sessions_of(subject) if s.status != TableSession.Status.CLOSED
    )
    if open_tables:
        tables = ", ".join(str(n) for n in open_tables)
        return [DomainError.of(ReportsCode.REPORT_PROVISIONAL, tables=tables)]
    if _fingerprint_now(doc.report) != doc.content_sha256:
        return [_stale(doc.report)]
    return []


def _stale(report: Report) -> DomainError:
    return DomainError.of(ReportsCode.REPORT_STALE, serial=report.serial)


def _fingerprint_now(report: Report) -> str:
    """The fingerprint the report would have now (same number, language and paper)."""
    return content_fingerprint(
        spec_or_error(report.kind),
        casino=report.casino,
        params=report.params,
        lang=report.lang,
        paper=report.paper,
        serial=report.serial,
    )


# --- signing ------------------------------------------------------------------------


def report_sign(
    *,
    actor: Actor,
    report: Report,
    role: Role | str | None = None,
    signer: User | None = None,
    pin: str | None = None,
    override_reason: str = "",
) -> SignResult:
    """One signature on an archived closing report (CLOSE-11); the last one locks it.

    ``role`` defaults to the actor's; ``signer`` (with ``pin``) is someone signing on the
    actor's terminal. The shift manager signs the pit boss's line only as an override
    with ``override_reason`` (issue 12 §1). Refused with 403 (role, scope, person, PIN),
    409 (not signable, not ready, locked, already signed, out of order, provisional,
    stale) or 400 (role, PIN missing, override without a reason), writing nothing.
    """
    require_operator(actor, role)
    _doc, subject = _signable_report(actor, report, role)
    sign_role = _signing_role(report.kind, role, actor)
    user = _signer(actor, signer, pin)
    override = _is_override(actor, sign_role) and user.pk == actor.user.pk
    if not override and not named_signer(subject, sign_role, user):
        raise DomainError.of(
            ReportsCode.REPORT_SIGNER_NOT_NAMED,
            user=user,
            sheet=Words(SHEET_NAMES[report.kind][0], SHEET_NAMES[report.kind][1]),
            role=Words(
                label_of(report.kind, sign_role, "es"), label_of(report.kind, sign_role, "en")
            ),
            field="signer" if user.pk != actor.user.pk else "role",
        )
    with transaction.atomic():
        locked = Report.objects.select_for_update().get(pk=report.pk)
        doc = SignableReport.objects.filter(report=locked).first()
        if doc is None:
            # The document is made with its first signature, in the same transaction: a
            # refused signature leaves no document behind.
            doc = SignableReport.objects.create(
                casino=locked.casino,
                report=locked,
                kind=locked.kind,
                serial=locked.serial,
                params=locked.params,
                lang=locked.lang,
                paper=locked.paper,
                file_sha256=locked.sha256,
                content_sha256=locked.content_sha256,
                session=subject.session,
                gaming_day=subject.gaming_day,
                sector=subject.sector,
                created_by=actor.user,
            )
        result = document_sign(
            actor=actor,
            document=doc,
            role=sign_role,
            signer=signer,
            pin=pin,
            override_reason=override_reason,
        )
    return result


def signatures_for(doc: SignableReport | None) -> list[Signature]:
    return list(doc.signatures()) if doc is not None else []


def signing_status(report: Report, lang: str = "es") -> dict[str, Any]:
    """The report's signatures, in the sheet's order, for the API and the page."""
    if not is_signable_kind(report.kind) or report.reprint_of_id or report.signed_copy:
        return {"signable": False}
    doc = SignableReport.objects.filter(report=report).first()
    by_role = {s.role: s for s in signatures_for(doc)}
    roles = SIGNABLE_KINDS[report.kind]
    lines = []
    for role in roles:
        sig = by_role.get(role.value)
        lines.append(
            {
                "role": role.value,
                "label": label_of(report.kind, role, lang),
                "signer": sig.signer.username if sig else None,
                "signer_name": _name(sig.signer) if sig else None,
                "method": sig.method if sig else None,
                "signed_at": sig.signed_at if sig else None,
                "content_hash": sig.content_hash if sig else None,
            }
        )
    missing = [r.value for r in roles if r.value not in by_role]
    return {
        "signable": True,
        "document": doc.pk if doc else None,
        "locked": bool(doc and doc.is_locked),
        "locked_at": doc.locked_at if doc else None,
        "file_sha256": doc.file_sha256 if doc else report.sha256,
        "content_sha256": doc.content_sha256 if doc else report.content_sha256,
        "signatures": lines,
        "missing_roles": missing,
        "next_role": missing[0] if missing else None,
    }


def _name(user: User) -> str:
    from .kinds._common import name

    return name(user)


# --- signed copies -------------------------------------------------------------------


def _signed_doc(report: Report) -> SignableReport:
    doc = SignableReport.objects.filter(report=report).first()
    if doc is None or not doc.is_locked:
        raise DomainError.of(ReportsCode.REPORT_NOT_SIGNED, serial=report.serial)
    return doc


def _content_changed(doc: SignableReport) -> DomainError:
    return DomainError.of(ReportsCode.SIGNED_CONTENT_CHANGED, serial=doc.serial)


def report_signed_copy_request(*, actor: Actor, report: Report) -> Report:
    """Queue a signed copy of a signed report (a new archived report, rendered by a worker)."""
    require(actor, Perm.REQUEST_REPORT)
    original = report.reprint_of if report.reprint_of_id else report
    if original is None or not is_signable_kind(original.kind) or original.signed_copy:
        raise _not_signable(report)
    check_access(actor, spec_or_error(original.kind), original.params)
    doc = _signed_doc(original)
    if _fingerprint_now(original) != doc.content_sha256:
        raise _content_changed(doc)
    require_broker()
    with transaction.atomic():
        year = timezone.localdate().year
        number = serial_next(casino=actor.casino, series="INF", year=year)
        copy = Report.objects.create(
            casino=actor.casino,
            kind=original.kind,
            params=original.params,
            lang=original.lang,
            paper=original.paper,
            serial=format_serial("INF", year, number),
            requested_by=actor.user,
            role=actor.role.value,
            reprint_of=original,
            signed_copy=True,
        )
        audit_record(
            actor=actor,
            action="report.signed_copy_request",
            obj=copy,
            after={"original": original.serial, "document": doc.pk, "serial": copy.serial},
        )
        enqueue_on_commit(lambda: _enqueue_copy(copy.pk), f"signed copy {copy.pk}")
    return copy


def _enqueue_copy(report_id: int) -> None:
    from .tasks import render_signed_copy_task

    render_signed_copy_task.delay(report_id)


def signature_block(doc: SignableReport, lang: str) -> dict[str, Any]:
    """What the signed copy prints in place of the blank signature lines."""
    from .formatting import when

    by_role = {s.role: s for s in doc.signatures()}
    rows = []
    for role in doc.required_signature_roles():
        sig = by_role[role.value]
        rows.append(
            {
                "label": label_of(doc.kind, role, lang),
                "name": _name(sig.signer),
                "role": str(role.label),
                "at": when(sig.signed_at, lang),
                "pin": sig.method == Signature.Method.PIN,
            }
        )
    return {
        "rows": rows,
        "serial": doc.serial,
        "file_sha256": doc.file_sha256,
        "content_sha256": doc.content_sha256,
        "locked_at": when(doc.locked_at, lang),
    }


def signed_copy_render(report_id: int) -> Report:
    """Render a queued signed copy (the Celery task's body); idempotent."""
    import zoneinfo

    from django.utils import translation

    from .services import report_fail

    report, done = services.report_claim(report_id)
    if done:
        return report
    original = report.reprint_of
    assert original is not None and report.signed_copy
    doc = _signed_doc(original)
    spec = spec_or_error(original.kind)
    tz = zoneinfo.ZoneInfo(report.casino.time_zone)
    with timezone.override(tz), translation.override(original.lang):
        block = signature_block(doc, original.lang)
    banner = (
        f"COPY SIGNED — report {original.serial}, signed on {block['locked_at']}"
        if original.lang == "en"
        else f"COPIA FIRMADA — informe {original.serial}, firmado el {block['locked_at']}"
    )

    def progress(percent: int, message: str) -> None:
        Report.objects.filter(pk=report.pk).update(
            progress=max(1, min(99, percent)), message=message
        )

    with report_reads(report, original.params):  # issue 18 §4: the replica if fresh
        rendered = render_report(
            spec,
            casino=report.casino,
            params=original.params,
            lang=original.lang,
            paper=original.paper,
            serial=original.serial,  # the signed document's own number, as a re-print
            generated_by=str(report.requested_by),
            copy_of=original.serial,
            progress=progress,
            overlay={"signed": block},
            banner_text=banner,
        )
    if rendered.content_sha256 != doc.content_sha256:
        # The data changed after the signatures: do not print them over other content.
        report_fail(report.pk, _content_changed(doc).message(original.lang))
        report.refresh_from_db()
        return report
    return services.report_store(report, rendered)
