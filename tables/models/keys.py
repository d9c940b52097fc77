"""Key custody log (OPEN-01, OPEN-15, CLOSE-17): who holds which key, since when."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, User

from .core import Table, TableSession


@immutability.append_only
class KeyHandout(models.Model):
    """A key handed to someone (shift manager → pit boss → supervisor, OPEN-01)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    key_label = models.CharField(_("key"), max_length=60)
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    holder = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    handed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    out_at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("key handout")
        verbose_name_plural = _("key custody log")
        ordering = ["-out_at", "-id"]

    def __str__(self) -> str:
        return f"{self.key_label} -> {self.holder}"


@immutability.append_only
class KeyReturn(models.Model):
    """The key came back: closes its handout (CLOSE-17)."""

    handout = models.OneToOneField(KeyHandout, on_delete=models.PROTECT, related_name="returned")
    received_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("key return")
        verbose_name_plural = _("key returns")

    def __str__(self) -> str:
        return f"{self.handout_id} <- {self.received_by}"
