"""A manager's reusable structures: a structure is never edited, a change is a new version."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User
from poker.tournament import TournamentStructure, structure_from_dict


class StructureTemplate(models.Model):
    """A structure a manager reuses, by name; its content is in its versions."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("tournament structure")
        verbose_name_plural = _("tournament structures")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "name"], name="structure_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


@immutability.append_only
class StructureVersion(models.Model):
    """One version of a structure: the engine's ``TournamentStructure.to_dict()``, money
    in cents. Never edited: a tournament points at the version it is played under."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    template = models.ForeignKey(
        StructureTemplate, on_delete=models.PROTECT, related_name="versions"
    )
    version = models.PositiveIntegerField()
    data = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("tournament structure version")
        verbose_name_plural = _("tournament structure versions")
        ordering = ["template", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["template", "version"], name="structure_version")
        ]

    def __str__(self) -> str:
        return f"{self.template} v{self.version}"

    def structure(self) -> TournamentStructure:
        return structure_from_dict(self.data)
