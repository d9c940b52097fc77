"""Procedure records of issue 17 §4: the management's preparation checklist (PREP-01).

The other procedure records of §4 are settings (``TableSettings.shuffle_procedure``,
``forced_bets``, ``mixed_switch_every_hands``; ``OpsSettings.problem_gambling_help``) or
events on the session (``SessionEvent.Kind.PLAY_STARTED``, OPEN-17, SHUF-01).
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, GamingDay, User


@immutability.append_only
class PreparationChecklist(models.Model):
    """The management's checklist before play, one per gaming day (PREP-01, ROLE-09).

    Recorded and signed by the shift manager: the gaming spaces inspected and the
    table deficiencies fixed, the periodic check of the cards' condition, and each
    table's numbered documents compared with the previous session's closing figures
    (GEN-10; ``documents`` keeps what the comparison showed). Append-only and signed
    when written: a mistake is corrected by an incident, not by a second checklist.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    signed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    signed_at = models.DateTimeField(default=timezone.now)
    spaces_inspected = models.BooleanField()
    deficiencies = models.TextField(blank=True)
    cards_checked = models.BooleanField()
    cards_replaced = models.TextField(blank=True)
    documents_compared = models.BooleanField()
    # [{"table", "last_closing", "locked_at"}] and the GEN-10 link findings of the day.
    documents = models.JSONField(default=list, blank=True)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("preparation checklist")
        verbose_name_plural = _("preparation checklists")
        ordering = ["-signed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "gaming_day"], name="preparation_checklist_per_day"
            )
        ]

    def __str__(self) -> str:
        return f"PREP-01 {self.gaming_day_id}"
