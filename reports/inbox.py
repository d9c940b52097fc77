"""The closing reports waiting for a signature, on the home page (``casino.inbox``; CLOSE-11).

A sheet — the control sheet or the player tracking sheet of a closed session, the sector
sheet of a day whose tables are closed — is waiting while none of its archived reports
has all its signatures. The item points at the sheet's latest archived report (a later
render is the document to sign) and is shown to whoever signs next, in the sheet's order:
the session's supervisor, then a pit boss of the table's sector.
"""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.errors import DomainError
from casino.inbox import InboxItem
from tables.models import TableSession

from . import signing
from .models import Report, SignableReport

# Only recent sheets are looked at: the closing paperwork of the last few gaming days.
WINDOW = timedelta(days=3)


def _title(subject: signing.Subject) -> str:
    if subject.kind == "sector_sheet":
        where = subject.sector.code if subject.sector else _("all sectors")
        return _("Sector sheet %(sector)s for signing") % {"sector": where}
    table = subject.session.table.number if subject.session else "?"
    if subject.kind == "player_tracking":
        return _("Player tracking sheet of Table %(table)s for signing") % {"table": table}
    return _("Control sheet of Table %(table)s for signing") % {"table": table}


def reports_to_sign(actor: Actor) -> list[InboxItem]:
    if actor.role not in signing.OPERATOR_ROLES or actor.user.casino_id is None:
        return []
    candidates = (
        Report.objects.filter(
            casino=actor.casino,
            kind__in=list(signing.SIGNABLE_KINDS),
            status=Report.Status.DONE,
            reprint_of__isnull=True,
            requested_at__gte=timezone.now() - WINDOW,
        )
        .select_related("casino")
        .order_by("-requested_at", "-id")
    )
    latest: dict[tuple[str, int, int, int], tuple[Report, signing.Subject]] = {}
    for report in candidates:
        if actor.role not in signing.SIGNABLE_KINDS[report.kind]:
            continue
        try:
            subject = signing.subject_of(report)
        except DomainError:
            continue
        latest.setdefault(subject.key, (report, subject))  # newest first
    items = []
    for report, subject in latest.values():
        done = SignableReport.objects.filter(
            kind=subject.kind,
            gaming_day=subject.gaming_day,
            session=subject.session,
            sector=subject.sector,
            locked_at__isnull=False,
        )
        if done.exists():
            continue
        if any(s.status != TableSession.Status.CLOSED for s in signing.sessions_of(subject)):
            continue  # provisional: signed after the closing
        status = signing.signing_status(report)
        if status["next_role"] != actor.role.value:
            continue
        if not signing.named_signer(subject, actor.role, actor.user):
            continue
        items.append(
            InboxItem(
                kind=f"{report.kind}.sign",
                title=_title(subject),
                url=reverse("reports:detail", args=[report.pk]),
                detail=report.serial,
                created_at=report.finished_at or report.requested_at,
                tags=(actor.role.value,),
            )
        )
    return items


PROVIDERS = [reports_to_sign]
