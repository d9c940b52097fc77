"""Tables, their versioned settings, sessions, session events, dealer changes, players.

Issue 5 extends the foundation: casino-wide table-operations settings
(:class:`OpsSettings`), the session's event log (:class:`SessionEvent`) and the
croupiers on duty (:class:`DealerChange`).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import MONEY, Casino, GamingDay, Ruleset, Sector, User


class Variant(models.TextChoices):
    """Betting structure of a table (GAME-01)."""

    NO_LIMIT = "no_limit", _("No-limit")
    POT_LIMIT = "pot_limit", _("Pot-limit")
    LIMIT = "limit", _("Fixed-limit")
    MIXED = "mixed", _("Mixed (limit / no-limit)")


class RakeMode(models.TextChoices):
    PERCENT = "percent", _("Percentage of each pot")
    SEAT_CHARGE = "seat_charge", _("Seat charge")
    NONE = "none", _("No rake")


class RakeCapScope(models.TextChoices):
    """What the rake cap limits (RAKE-07, OQ-04); the engine's ``poker.profiles.RakeCapScope``."""

    PER_POT = "per_pot", _("Each pot (main and each side pot)")
    PER_HAND = "per_hand", _("The whole hand")


class RakeRounding(models.TextChoices):
    """How the percentage rake of a pot is rounded (RAKE-07, OQ-04; a casino setting).

    The values are the engine's ``poker.profiles.RakeRounding``.
    """

    DOWN_TO_MIN_CHIP = "down_to_min_chip", _("Down to the smallest chip")
    NEAREST = "nearest", _("To the nearest chip (half a chip down)")


class NewPlayerEntry(models.TextChoices):
    """How a new player joins a game in progress (SEAT-05, OQ-07)."""

    MANUAL = "manual", _("Waits until the button and the blinds have passed")
    POST_BB = "post_bb", _("Posts a big blind or waits for the big blind")
    POST_MIN_BET = "post_min_bet", _("Posts the minimum bet or waits for the big blind")


class AbsentPlayerPolicy(models.TextChoices):
    """What an absent player owes (SEAT-06, OQ-07)."""

    MANUAL = "manual", _("The croupier posts the absent player's blinds")
    MISSED_BLINDS = "missed_blinds", _("Missed blinds are posted on return")


class ForcedBets(models.TextChoices):
    """The forced bets of a table (GEN-04's ``forced_bets``, GAME-04).

    The manual also allows several blinds and an ante without blinds (``MULTI_BLIND``,
    ``ANTE``): not built (the engine would need a bring-in or a third blind), see
    docs/requirements-status.toml.
    """

    TWO_BLINDS = "two_blinds", _("Two blinds")
    ONE_BLIND = "one_blind", _("One blind")
    BLINDS_PLUS_ANTE = "blinds_plus_ante", _("Two blinds and an ante")


class Table(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="tables")
    sector = models.ForeignKey(
        Sector, on_delete=models.PROTECT, null=True, blank=True, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    name = models.CharField(_("name"), max_length=100, blank=True)
    chip_set = models.ForeignKey("casino.ChipSet", on_delete=models.PROTECT, related_name="tables")
    is_active = models.BooleanField(default=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return self.label("es")

    def label(self, lang: str = "es") -> str:
        """The table as a message names it: its name, or "Mesa 7" / "Table 7"."""
        return self.name or (f"Table {self.number}" if lang == "en" else f"Mesa {self.number}")

    def settings_at(self, when: datetime | None = None) -> TableSettings | None:
        when = when or timezone.now()
        return (
            self.settings_versions.filter(effective_from__lte=when)
            .order_by("-effective_from", "-version")
            .first()
        )


@immutability.append_only
class TableSettings(models.Model):
    """One version of a table's game and financial settings (GEN-04, Appendix B).

    Settings are never edited: a change is a new version, effective from a time
    (game settings from the next hand, financial ones from the next session).
    Hands and sessions point at the version they were played and judged under.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="settings_versions")
    version = models.PositiveIntegerField()
    effective_from = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, null=True, related_name="+")
    reason = models.CharField(max_length=200, blank=True)

    variant = models.CharField(max_length=16, choices=Variant.choices)
    ruleset = models.CharField(max_length=8, choices=Ruleset.choices, default=Ruleset.MANUAL)
    max_seats = models.PositiveSmallIntegerField(
        default=10, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    small_blind = models.DecimalField(**MONEY)
    big_blind = models.DecimalField(**MONEY)
    ante = models.DecimalField(default=Decimal("0"), **MONEY)
    straddle_allowed = models.BooleanField(default=True)
    # Fixed-limit sizes (BET-08, OQ-02); empty = small bet is the big blind, big bet double.
    limit_small_bet = models.DecimalField(null=True, blank=True, **MONEY)
    limit_big_bet = models.DecimalField(null=True, blank=True, **MONEY)
    limit_cap_bets = models.PositiveSmallIntegerField(default=4)
    # Buy-in limits (BUYIN-02, OQ-08); empty max = no maximum.
    min_buyin = models.DecimalField(**MONEY)
    max_buyin = models.DecimalField(null=True, blank=True, **MONEY)
    # Rake (RAKE-01..07): percent with two decimals, optional cap, by default on each pot
    # (RAKE-07, OQ-04), or once per hand if the casino wants it.
    rake_mode = models.CharField(max_length=16, choices=RakeMode.choices, default=RakeMode.PERCENT)
    rake_pct = models.DecimalField(max_digits=5, decimal_places=2, default=Decimal("3.00"))
    rake_cap = models.DecimalField(null=True, blank=True, **MONEY)
    rake_cap_scope = models.CharField(
        max_length=8, choices=RakeCapScope.choices, default=RakeCapScope.PER_POT
    )
    no_flop_no_drop = models.BooleanField(default=False)
    is_tournament = models.BooleanField(default=False)
    # RAKE-07, OQ-04: the casino's rake rounding (OpsSettings.rake_rounding) in force when
    # this version was written; kept here so every hand and rake posting, which point at
    # their version, keep the rounding they were judged under. Not set per table.
    rake_rounding = models.CharField(
        max_length=16, choices=RakeRounding.choices, default=RakeRounding.DOWN_TO_MIN_CHIP
    )
    # Seating policies (SEAT-05, SEAT-06, OQ-07): game settings, from the next hand.
    new_player_entry = models.CharField(
        max_length=16, choices=NewPlayerEntry.choices, default=NewPlayerEntry.MANUAL
    )
    absent_player_policy = models.CharField(
        max_length=16, choices=AbsentPlayerPolicy.choices, default=AbsentPlayerPolicy.MANUAL
    )
    # Re-buys: financial settings, from the next session. OQ-27: a re-buy only when the
    # player has no chips left (003, "Reposiciones" when the Resto is used up);
    # BUYIN-04: the fixed re-buy amounts of the game (money strings), empty = any.
    rebuy_only_when_busted = models.BooleanField(default=False)
    rebuy_amounts = models.JSONField(default=list, blank=True)
    # Issue 17 §4, game settings (from the next hand). GAME-04: which forced bets the
    # table posts (the ante amount is ``ante``, the spec's ante_amount). SHUF-04: the
    # house's shuffle as management sets it; blank = the manual's default
    # (tables.procedure.DEFAULT_SHUFFLE). GAME-13, OQ-35: hands per structure at a
    # mixed table; empty = one orbit (the players dealt in).
    forced_bets = models.CharField(
        max_length=20, choices=ForcedBets.choices, default=ForcedBets.TWO_BLINDS
    )
    shuffle_procedure = models.TextField(blank=True, default="")
    mixed_switch_every_hands = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("table settings")
        verbose_name_plural = _("table settings")
        ordering = ["table", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="table_settings_version"),
            models.CheckConstraint(
                condition=Q(small_blind__gt=0)
                & Q(big_blind__gt=0)
                & Q(small_blind__lte=models.F("big_blind")),
                name="table_settings_blinds",
            ),
            models.CheckConstraint(
                condition=Q(rake_pct__gte=0) & Q(rake_pct__lte=100), name="table_settings_rake"
            ),
            models.CheckConstraint(
                condition=Q(max_seats__gte=2) & Q(max_seats__lte=10), name="table_settings_seats"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} v{self.version}"

    @property
    def small_bet(self) -> Decimal:
        return self.limit_small_bet or self.big_blind

    @property
    def big_bet(self) -> Decimal:
        return self.limit_big_bet or 2 * self.small_bet


class SessionKind(models.TextChoices):
    """Issue 42: a cash game, or a table of a tournament. A tournament session has no cash
    float: no buy-ins, changes, fills or credits reach it (the cage refuses them), its
    seats' stacks count tournament chips, not money, and its hands take no rake (TOUR-03)."""

    CASH = "cash", _("Cash game")
    TOURNAMENT = "tournament", _("Tournament")


class TableSession(models.Model):
    """A table's session on a gaming day: from opening to closing (OPEN-16)."""

    class Status(models.TextChoices):
        OPENING = "opening", _("Opening")
        OPEN = "open", _("Open")
        IN_PLAY = "in_play", _("In play")
        SUSPENDED = "suspended", _("Suspended")
        CLOSING = "closing", _("Closing")
        CLOSED = "closed", _("Closed")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sessions")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="sessions")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPENING)
    settings = models.ForeignKey(TableSettings, on_delete=models.PROTECT, related_name="+")
    supervisor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Set by the hand recorder while a hand is being dealt (from the first riffle, SHUF-06,
    # to the award); re-buys and table cash changes are refused meanwhile (BUYIN-05,
    # CASH-11). Services read and write it under select_for_update on this row.
    hand_in_progress = models.BooleanField(default=False)
    # "Last hand" announced (CLOSE-01): hands numbered above it are refused.
    last_hand_number = models.PositiveIntegerField(null=True, blank=True)
    # Issue 42: cash game or tournament table (see SessionKind).
    kind = models.CharField(max_length=16, choices=SessionKind.choices, default=SessionKind.CASH)

    class Meta:
        verbose_name = _("table session")
        verbose_name_plural = _("table sessions")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "gaming_day", "number"], name="table_session_number"
            ),
            # At most one session per table is not closed.
            models.UniqueConstraint(
                fields=["table"], condition=~Q(status="closed"), name="one_live_session_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.gaming_day.business_date:%d/%m/%Y} · #{self.number}"

    @property
    def is_tournament(self) -> bool:
        return self.kind == SessionKind.TOURNAMENT

    @property
    def accepts_transactions(self) -> bool:
        # Buy-ins, changes and hands only while OPEN or IN PLAY (OPEN-16).
        return self.status in (self.Status.OPEN, self.Status.IN_PLAY)


@immutability.append_only
class OpsSettings(models.Model):
    """One version of a casino's table-operations settings (GEN-04, Appendix B).

    Deck rotation (DECK-09, OQ-21), deck display time (DECK-06), the thresholds
    above which an opening discrepancy needs a written report (OPEN-10; not in
    the seeds), the sanction look-back (SANC-07) and the rake rounding (RAKE-07). Never edited: a change is
    a new version, effective from the next session.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveIntegerField()
    effective_from = models.DateTimeField(default=timezone.now)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, null=True, related_name="+")
    reason = models.CharField(max_length=200, blank=True)

    deck_rotation_minutes = models.PositiveSmallIntegerField(
        default=120, validators=[MinValueValidator(1)]
    )
    rotate_on_dealer_change = models.BooleanField(default=True)
    deck_display_minutes = models.PositiveSmallIntegerField(default=10)
    discrepancy_report_min_chips = models.PositiveIntegerField(default=20)
    discrepancy_report_min_value = models.DecimalField(default=Decimal("1000.00"), **MONEY)
    sanction_lookback_days = models.PositiveSmallIntegerField(default=365)
    # GEN-08: a jurisdiction setting; a registration, buy-in or seating below it is refused.
    min_player_age = models.PositiveSmallIntegerField(default=18)
    # RAKE-07, OQ-04: how every table of the casino rounds the percentage rake. A change
    # writes a new settings version for each table (tables.services.ops_settings_change).
    rake_rounding = models.CharField(
        max_length=16, choices=RakeRounding.choices, default=RakeRounding.DOWN_TO_MIN_CHIP
    )
    # CONDUCT-07: where a player finds help for problem gambling, printed on the house
    # rules; blank = the generic text (tables.procedure.DEFAULT_HELP), to be set by the
    # casino with its jurisdiction's service and phone or web address.
    problem_gambling_help = models.TextField(blank=True, default="")
    # PREP-01: whether a table may open only after the day's management checklist.
    require_preparation_checklist = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("table operations settings")
        verbose_name_plural = _("table operations settings")
        ordering = ["casino", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "version"], name="ops_settings_version"),
            models.CheckConstraint(
                condition=Q(deck_rotation_minutes__gte=1), name="ops_settings_rotation"
            ),
            models.CheckConstraint(
                condition=Q(discrepancy_report_min_value__gte=0), name="ops_settings_threshold"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.casino} ops v{self.version}"


@immutability.append_only
class SessionEvent(models.Model):
    """Something that happened to a session and must be on its sheets (OPEN-18, CLOSE-18).

    Attestations (surveillance, security, float locked), state changes and the
    closing steps. Append-only: a mistake is corrected by a new event.
    """

    class Kind(models.TextChoices):
        PREP_PIT_BOSS = "prep_pit_boss", _("Pit boss's pre-opening checklist")
        PREP_SUPERVISOR = "prep_supervisor", _("Supervisor's pre-opening checklist")
        PREP_OVERRIDE = "prep_override", _("Pre-opening checklist overridden")
        SURVEILLANCE_NOTIFIED = "surveillance_notified", _("Surveillance notified")
        SECURITY_PRESENT = "security_present", _("Security officer present")
        LIDS_REMOVAL_AUTHORISED = "lids_removal_authorised", _("Lid removal authorised")
        SURVEILLANCE_AUTHORISED = (
            "surveillance_authorised",
            _("Surveillance authorised returning the chips"),
        )
        FLOAT_LOCKED = "float_locked", _("Float locked and verified")
        OPENED = "opened", _("Opening signed: table open")
        PLAY_STARTED = "play_started", _("Play started")
        SUSPENDED = "suspended", _("Table suspended")
        RESUMED = "resumed", _("Play resumed")
        LAST_HAND_ANNOUNCED = "last_hand_announced", _("Last hand announced")
        CLOSING_STARTED = "closing_started", _("Closing started; security notified")
        BANK_EMPTIED = "bank_emptied", _("Chip rack emptied and counted")
        CLOSED = "closed", _("Closing signed: table closed")
        TABLE_INSPECTED = "table_inspected", _("Table inspected after closing")
        CROUPIER_RELEASED = "croupier_released", _("Croupier released")
        CLOSING_CHECKLIST = "closing_checklist", _("Closing checklist")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="events")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    at = models.DateTimeField(default=timezone.now)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    # The other person the event names: surveillance operator, security officer,
    # the person who verified the lock, the croupier who confirmed (see ``data``).
    person = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    note = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("session event")
        verbose_name_plural = _("session events")
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["session", "kind"])]

    def __str__(self) -> str:
        return f"{self.session_id} {self.kind} {self.at:%H:%M}"


@immutability.append_only
class DealerChange(models.Model):
    """A croupier takes over a table (ROLE-03, ROLE-04); the first one has no outgoing croupier.

    With ``rotate_on_dealer_change`` the incoming croupier brings the pack of the
    other colour (DECK-09): the rotation's packs are linked here.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, related_name="dealer_changes"
    )
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    outgoing = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    incoming = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    handover_note = models.TextField(blank=True)
    warnings = models.JSONField(default=list, blank=True)
    # ROLE-04: work still open at the table when the croupier changed, as the other apps
    # report it (``tables.hooks.pending_work``): [{"code", "message", "details"}].
    pending = models.JSONField(default=list, blank=True)
    pack_out = models.ForeignKey(
        "tables.Pack", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    pack_in = models.ForeignKey(
        "tables.Pack", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("dealer change")
        verbose_name_plural = _("dealer changes")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.session_id}: {self.outgoing} -> {self.incoming}"


@immutability.append_only
class SupervisorRelief(models.Model):
    """A relief supervisor takes over a session (issue 12 §1): recorded with time and reason.

    From ``at`` on, ``incoming`` is the session's supervisor for signatures and
    recording; the session row keeps the supervisor who opened it. Read through
    ``tables.selectors.assignment.session_supervisor``.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, related_name="supervisor_reliefs"
    )
    at = models.DateTimeField(default=timezone.now)
    outgoing = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    incoming = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    reason = models.CharField(max_length=300)

    class Meta:
        verbose_name = _("supervisor relief")
        verbose_name_plural = _("supervisor reliefs")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.session_id}: {self.outgoing} -> {self.incoming}"
