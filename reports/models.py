"""Generated reports: what was asked, by whom, and the archived PDF with its SHA-256."""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, GamingDay, SignableDocument, User
from casino.roles import Role


class Report(models.Model):
    """One requested report (RPT-01): parameters, creator, progress and the archived file.

    The row changes only while the report is being rendered (status and progress);
    the file, once written, is never rewritten: a re-print is a new report marked
    as a copy of the original (``reprint_of``).
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Rendering")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="reports")
    kind = models.CharField(max_length=32, db_index=True)
    params = models.JSONField(default=dict)
    lang = models.CharField(max_length=2, default="es")
    paper = models.CharField(max_length=6, default="A4")
    serial = models.CharField(max_length=32, blank=True)
    requested_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    requested_at = models.DateTimeField(default=timezone.now)
    reprint_of = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reprints"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    message = models.CharField(max_length=300, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    file_path = models.CharField(max_length=300, blank=True)
    sha256 = models.CharField(max_length=64, blank=True)
    content_sha256 = models.CharField(max_length=64, blank=True)
    # The gaming day's evidence chain head printed on the PDF, "seq·link" (issue 12 §5).
    chain_head = models.CharField(max_length=100, blank=True)
    size = models.PositiveIntegerField(default=0)
    pages = models.PositiveIntegerField(default=0)
    # A signed copy: the original (``reprint_of``) rendered again with its signatures
    # printed in the signature blocks (CLOSE-11; reports/signing.py).
    signed_copy = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-requested_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.serial or self.pk}"

    @property
    def is_done(self) -> bool:
        return self.status == self.Status.DONE


@immutability.locked_when_signed
class SignableReport(SignableDocument):
    """The signable record of one archived closing report (CLOSE-11; RPT-06, RPT-07, RPT-14).

    Created with the first signature of an archived report of a signable kind; it
    copies what the signatures vouch for — the report's number, parameters, language,
    paper, the archived file's SHA-256 and the content fingerprint — and what the sheet
    is about (the session, or the gaming day and sector). Locked (and guarded by the
    database) when the roles of ``ROLES[kind]`` have signed. A later render of the same
    parameters is another report, and so another document.
    """

    DOCUMENT_KIND = "report"
    # The signatures each sheet names, in the order they are given (reports/signing.py).
    ROLES: ClassVar[dict[str, tuple[Role, ...]]] = {
        "control_sheet": (Role.SUPERVISOR, Role.PIT_BOSS),
        "player_tracking": (Role.SUPERVISOR, Role.PIT_BOSS),
        "sector_sheet": (Role.PIT_BOSS,),
    }

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    report = models.OneToOneField(Report, on_delete=models.PROTECT, related_name="signing")
    kind = models.CharField(max_length=32)
    serial = models.CharField(max_length=32)
    params = models.JSONField(default=dict)
    lang = models.CharField(max_length=2)
    paper = models.CharField(max_length=6)
    file_sha256 = models.CharField(max_length=64)
    content_sha256 = models.CharField(max_length=64)
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    sector = models.ForeignKey(
        "casino.Sector", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("signable report")
        verbose_name_plural = _("signable reports")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.serial}"

    def required_signature_roles(self) -> tuple[Role, ...]:
        return self.ROLES.get(self.kind, ())

    def signing_payload(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "report": self.serial,
            "params": self.params,
            "lang": self.lang,
            "paper": self.paper,
            "file_sha256": self.file_sha256,
            "content_sha256": self.content_sha256,
            "session": self.session_id,
            "gaming_day": self.gaming_day_id,
            "sector": self.sector_id,
        }

    def signing_assignment(self) -> Any:
        """A table's sheet: that session's people; the sector sheet: the sector's pit
        bosses; player tracking: the session's (issue 12 §1; ``reports.signing``)."""
        from . import signing

        return signing.subject_assignment(
            signing.Subject(self.kind, self.gaming_day, session=self.session, sector=self.sector)
        )

    def signing_blockers(self, role: Role) -> list[Any]:
        from . import signing  # the order and the freshness of the sheet are rules

        return signing.report_signing_blockers(self, role)
