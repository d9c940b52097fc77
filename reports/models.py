"""Generated reports: what was asked, by whom, and the archived PDF with its SHA-256."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino.models import Casino, User


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
    size = models.PositiveIntegerField(default=0)
    pages = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-requested_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.serial or self.pk}"

    @property
    def is_done(self) -> bool:
        return self.status == self.Status.DONE
