"""A test-only signable document, to prove the kernel's signing and locking."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_noop as _

from casino import immutability
from casino.errors import DomainError
from casino.models import Casino, SignableDocument
from casino.refusals import RefusalCode
from casino.roles import Role


class SampleCode(RefusalCode, published=False):
    """The test app's one refusal (not one of the API's codes)."""

    SAMPLE_BLOCKED = 409, _("Blocked.")


@immutability.locked_when_signed
class SampleSheet(SignableDocument):
    REQUIRED_SIGNATURE_ROLES = (Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS)
    DOCUMENT_KIND = "sample_sheet"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    title = models.CharField(max_length=100)
    blocked = models.BooleanField(default=False)

    def signing_payload(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "lines": [(line.label, line.count) for line in self.lines.order_by("id")],
        }

    def signing_blockers(self, role: Role) -> list[Any]:
        if self.blocked and role == Role.PIT_BOSS:
            return [DomainError.of(SampleCode.SAMPLE_BLOCKED)]
        return []


@immutability.frozen_with_parent("sheet")
class SampleLine(models.Model):
    sheet = models.ForeignKey(SampleSheet, on_delete=models.PROTECT, related_name="lines")
    label = models.CharField(max_length=20)
    count = models.IntegerField()

    def __str__(self) -> str:
        return f"{self.label}: {self.count}"
