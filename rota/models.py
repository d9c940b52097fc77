"""The dealers' rota: a plan for the shift, kept as a chain of versions (issue 44 §3).

A version is never edited (append-only in the database): a re-plan, when a table closes
or opens, is a new version pointing at the one it replaces (``previous``, one successor
at most, so two terminals cannot fork the chain). The plan itself is the planner's data
(:mod:`rota.codec`): croupier ids are user ids, table ids are table ids, times are
minutes from ``starts_at``. Who actually deals stays with ``tables`` (``DealerChange``).

The games a croupier may deal (:class:`CroupierGames`) are a chain of versions per
croupier too, recorded by a manager. A *game* is said in the tables app's words: a betting
structure (``tables.Variant``: no-limit, pot-limit, fixed-limit, mixed) for a cash table,
or ``tournament`` (``tables.SessionKind``) for a tournament's table, whatever its
structure (the tournament's clock and chips are its own trade).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, GamingDay, User
from tables.models import SessionKind, Variant

#: Every game a croupier may be qualified to deal (issue 44 §3), in the tables app's words.
GAMES: tuple[str, ...] = (*Variant.values, SessionKind.TOURNAMENT.value)


def game_label(game: str) -> str:
    """A game's words (the tables app's labels)."""
    if game == SessionKind.TOURNAMENT:
        return str(SessionKind.TOURNAMENT.label)
    return str(Variant(game).label) if game in Variant.values else game


@immutability.append_only
class RotaPlan(models.Model):
    class Reason(models.TextChoices):
        PLANNED = "planned", _("Planned")
        TABLE_CLOSED = "table_closed", _("Table closed")
        TABLE_OPENED = "table_opened", _("Table opened")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveIntegerField()
    previous = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="next_version"
    )
    reason = models.CharField(max_length=16, choices=Reason.choices, default=Reason.PLANNED)
    # The table that closed or opened (a re-plan), None for the first version.
    table = models.ForeignKey(
        "tables.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The session whose opening or closing re-planned by itself (None: planned or re-planned
    # by hand from the rota's page or API).
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    on_minutes = models.PositiveSmallIntegerField()
    off_minutes = models.PositiveSmallIntegerField()
    late_after_minutes = models.PositiveSmallIntegerField()
    # The minute of the plan from which this version re-plans (None: the first version).
    replanned_from = models.PositiveIntegerField(null=True, blank=True)
    plan = models.JSONField()
    planned_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    planned_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("dealers' rota")
        verbose_name_plural = _("dealers' rotas")
        ordering = ["gaming_day", "version"]
        constraints = [
            models.UniqueConstraint(fields=["gaming_day", "version"], name="rota_day_version"),
            models.UniqueConstraint(
                fields=["gaming_day"], condition=Q(previous=None), name="rota_one_first_per_day"
            ),
            models.CheckConstraint(
                condition=Q(ends_at__gt=models.F("starts_at")), name="rota_period"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.gaming_day_id} v{self.version}"

    def at_minute(self, minute: int) -> datetime:
        return self.starts_at + timedelta(minutes=minute)

    def minute_of(self, when: datetime) -> int:
        return int((when - self.starts_at).total_seconds() // 60)


@immutability.append_only
class CroupierGames(models.Model):
    """The games one croupier may deal, as a manager recorded them (issue 44 §3).

    Never edited: a change is a new version pointing at the one it replaces, with who
    recorded it, in which role, when and why. The latest version is in force; a croupier
    with no version deals every game (Mesa's rule before games were recorded)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    croupier = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveIntegerField()
    previous = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="next_version"
    )
    games = models.JSONField()  # sorted list of GAMES
    reason = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("games a croupier deals")
        verbose_name_plural = _("games croupiers deal")
        ordering = ["croupier", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["croupier", "version"], name="rota_croupier_games_version"
            ),
            models.UniqueConstraint(
                fields=["croupier"],
                condition=Q(previous=None),
                name="rota_croupier_games_one_first",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.croupier_id} v{self.version}: {', '.join(self.games)}"
