"""The hand recorder's records (issue 4, HREC).

Regulated records are append-only in the database (``casino.immutability``):
a hand, its verdict, seats, violations and irregularities never change once
written; a mistake is corrected by a new revision of the hand linked to the
original (:class:`HandCorrection`) and a pit boss's signed review
(:class:`HandReview`). Working state that is not a record (the seating plan,
the waiting list, a hand being logged live, import and re-validation jobs) is
ordinary mutable data.

Money is ``Decimal`` with two places; the hand's own JSON ``record`` keeps
money as strings (see ``hands.adapter.normalise``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.errors import DomainError
from casino.models import MONEY, Casino, GamingDay, SignableDocument, User
from casino.roles import Role
from hands.codes import HandsCode
from players.models import Player
from tables.models import Pack, Table, TableSession, TableSettings


class HandStatus(models.TextChoices):
    VALID = "valid", _("Valid")
    INVALID = "invalid", _("Invalid")
    VOID = "void", _("Void")


class HandSource(models.TextChoices):
    API = "api", _("Whole hand (API)")
    LIVE = "live", _("Logged live")
    PAGE = "page", _("Entered on the page")
    IMPORT = "import", _("PHH import")
    CORRECTION = "correction", _("Correction")


@immutability.append_only
class Hand(models.Model):
    """One dealt hand as recorded (HREC-01) with its overall status."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="hands")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    settings = models.ForeignKey(TableSettings, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveIntegerField(_("hand number"))
    # A correction is a new revision of the same hand number, linked to the original.
    revision_of = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="revisions"
    )
    # MISDEAL-13: the redeal after a misdeal is a new hand linked to the voided one.
    redeal_of = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="redeals"
    )
    structure = models.CharField(max_length=16)
    ruleset = models.CharField(max_length=8)
    dealer = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    recorded_role = models.CharField(max_length=16, choices=Role.choices)
    source = models.CharField(max_length=16, choices=HandSource.choices)
    import_job = models.ForeignKey(
        "ImportJob", on_delete=models.PROTECT, null=True, blank=True, related_name="hands"
    )
    # Real-world times (first riffle to award, SHUF-06) and the server's time (GEN-11).
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField()
    recorded_at = models.DateTimeField(default=timezone.now)
    button_seat = models.PositiveSmallIntegerField()
    chip_unit = models.PositiveIntegerField(help_text="Smallest chip in cents")
    players_dealt = models.PositiveSmallIntegerField()
    record = models.JSONField()
    status = models.CharField(max_length=8, choices=HandStatus.choices)
    engine_status = models.CharField(max_length=8, choices=HandStatus.choices)
    pot_total = models.DecimalField(**MONEY)
    rake = models.DecimalField(**MONEY)
    recorded_rake = models.DecimalField(null=True, blank=True, **MONEY)
    notes = models.TextField(blank=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["session", "number", "id"]
        constraints = [
            # One original record per hand number and session; revisions share the number.
            models.UniqueConstraint(
                fields=["session", "number"],
                condition=Q(revision_of__isnull=True),
                name="hand_number_once_per_session",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(rake__gte=0), name="hand_rake_positive"),
        ]
        indexes = [
            models.Index(fields=["casino", "started_at"]),
            models.Index(fields=["casino", "status"]),
            models.Index(fields=["table", "started_at"]),
            models.Index(fields=["dealer"]),
        ]

    def __str__(self) -> str:
        suffix = f" (rev. {self.pk})" if self.revision_of_id else ""
        return f"{self.table} · #{self.number}{suffix}"

    @property
    def is_revision(self) -> bool:
        return self.revision_of_id is not None


@immutability.append_only
class HandVerdict(models.Model):
    """The engine's verdict stored with the hand (issue 4 §3): never recomputed in place."""

    hand = models.OneToOneField(Hand, on_delete=models.PROTECT, related_name="verdict")
    engine_tag = models.CharField(max_length=32)
    status = models.CharField(max_length=8, choices=HandStatus.choices)
    engine_status = models.CharField(max_length=8, choices=HandStatus.choices)
    violations = models.JSONField(default=list)
    pots = models.JSONField(default=list)
    rake = models.DecimalField(**MONEY)
    payouts = models.JSONField(default=dict)
    finishing = models.JSONField(default=dict)
    returned = models.JSONField(default=dict)
    showdown_order = models.JSONField(default=list)
    rulings = models.JSONField(default=dict)  # record action index -> ruling (HREC-03)
    # Chips kept for the next hand of the session (IRREG-03, POT-09): a void hand's
    # forfeited chips, or a carried pot nobody eligible was left to win. Each is
    # {"amount", "eligible": [{"seat", "player", "name"}]}.
    carry_out = models.JSONField(default=list, blank=True)
    computed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("hand verdict")
        verbose_name_plural = _("hand verdicts")

    def __str__(self) -> str:
        return f"{self.hand} · {self.status}"

    @property
    def drop(self) -> Decimal:
        """The promotion fund's drop the engine took from the pots, apart from the rake
        (issue 44 §1): each pot keeps its part (``"drop"``, only when there is one)."""
        return sum((Decimal(p.get("drop", "0")) for p in self.pots), Decimal("0.00"))


@immutability.append_only
class HandSeat(models.Model):
    """One player dealt into a hand: seat, position, stacks before and after (HREC-01)."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    position = models.CharField(max_length=8, blank=True)  # GAME-12
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="hand_seats"
    )
    name = models.CharField(max_length=120, blank=True)
    starting_stack = models.DecimalField(**MONEY)
    finishing_stack = models.DecimalField(**MONEY)
    won = models.DecimalField(default=Decimal("0"), **MONEY)
    penalised = models.BooleanField(default=False)  # SANC-13: dealt in, posted, hand dead

    class Meta:
        verbose_name = _("hand seat")
        verbose_name_plural = _("hand seats")
        ordering = ["hand", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="hand_seat_once"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} · {self.seat}"


@immutability.append_only
class HandViolation(models.Model):
    """One violation of a hand's verdict, as a row so that hands filter by code."""

    class Source(models.TextChoices):
        ENGINE = "engine", _("Rules engine")
        RECORDER = "recorder", _("Hand recorder")

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="violation_rows")
    code = models.CharField(max_length=48, db_index=True)
    action_index = models.IntegerField(null=True, blank=True)
    field = models.CharField(max_length=64, blank=True)
    source = models.CharField(max_length=8, choices=Source.choices)
    severity = models.CharField(max_length=8, default="error")
    message_es = models.TextField()
    message_en = models.TextField()

    class Meta:
        verbose_name = _("hand violation")
        verbose_name_plural = _("hand violations")
        ordering = ["hand", "id"]

    def __str__(self) -> str:
        return f"{self.hand} · {self.code}"


@immutability.append_only
class HandIrregularity(models.Model):
    """An irregularity declared by the floor and the ruling applied (IRREG-14, MISDEAL-01)."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="irregularities")
    action_index = models.PositiveIntegerField()
    kind = models.CharField(max_length=48)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    street = models.PositiveSmallIntegerField(default=0)
    facts = models.JSONField(default=dict)
    outcome = models.CharField(max_length=48)
    rule_ids = models.CharField(max_length=200, blank=True)
    ruling = models.JSONField(default=dict)
    ruleset = models.CharField(max_length=8)
    decided_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    escalated_to = models.CharField(max_length=16, blank=True)
    override_reason = models.TextField(blank=True)

    class Meta:
        verbose_name = _("hand irregularity")
        verbose_name_plural = _("hand irregularities")
        ordering = ["hand", "action_index", "id"]

    def __str__(self) -> str:
        return f"{self.hand} · {self.kind}"


@immutability.append_only
class HandCorrection(models.Model):
    """A correction entry linked to an invalid hand: a revised record, or an override."""

    class Kind(models.TextChoices):
        REVISION = "revision", _("Revised record")
        OVERRIDE = "override", _("Staff decision stands (override)")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    original = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="corrections")
    revision = models.OneToOneField(
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="correction_entry"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    reason = models.TextField()
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("hand correction")
        verbose_name_plural = _("hand corrections")
        ordering = ["original", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.original} · {self.kind}"


@immutability.locked_when_signed
class HandReview(SignableDocument):
    """The pit boss's signed review that resolves an invalid hand (issue 4 §3, HREC-09)."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.PIT_BOSS,)
    DOCUMENT_KIND: ClassVar[str] = "hand_review"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    hand = models.OneToOneField(Hand, on_delete=models.PROTECT, related_name="review")
    correction = models.OneToOneField(
        HandCorrection, on_delete=models.PROTECT, related_name="review"
    )
    note = models.TextField(blank=True)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("hand review")
        verbose_name_plural = _("hand reviews")

    def __str__(self) -> str:
        return f"{self.hand} · review"

    def signing_payload(self) -> dict[str, Any]:
        hand = self.hand
        correction = self.correction
        revision = correction.revision
        return {
            "hand": hand.pk,
            "session": hand.session_id,
            "number": hand.number,
            "status": hand.status,
            "violations": [v["code"] for v in hand.verdict.violations],
            "correction": correction.pk,
            "kind": correction.kind,
            "reason": correction.reason,
            "revision": revision.pk if revision else None,
            "revision_status": revision.status if revision else None,
            "note": self.note,
        }

    def signing_assignment(self) -> Any:
        """The hand's session: its table's sector pit bosses review it (issue 12 §1)."""
        from tables.selectors.assignment import session_assignment

        return session_assignment(self.hand.session)

    def signing_blockers(self, role: Role) -> list[Any]:
        revision = self.correction.revision
        if revision is not None and revision.status == HandStatus.INVALID:
            return [DomainError.of(HandsCode.REVISION_INVALID, field="correction")]
        return []


@immutability.locked_when_signed
class HandRevisionApproval(SignableDocument):
    """The pit boss's signature on a correction of a closed hand made after the next hand
    had started (issue 38 §3, HREC-09): the revision counts only once signed (its rake is
    then reversed and posted again). ``continuity`` keeps what the revision does to the
    later hands of the session, as signed: each seat whose next hand starts with other
    chips than the revision leaves it (HREC-08)."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.PIT_BOSS,)
    DOCUMENT_KIND: ClassVar[str] = "hand_revision_approval"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="revision_approvals")
    correction = models.OneToOneField(
        HandCorrection, on_delete=models.PROTECT, related_name="approval"
    )
    continuity = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("hand revision approval")
        verbose_name_plural = _("hand revision approvals")

    def __str__(self) -> str:
        return f"{self.hand} · revision approval"

    def signing_payload(self) -> dict[str, Any]:
        correction = self.correction
        revision = correction.revision
        return {
            "hand": self.hand_id,
            "session": self.hand.session_id,
            "number": self.hand.number,
            "correction": correction.pk,
            "reason": correction.reason,
            "revision": revision.pk if revision else None,
            "revision_status": revision.status if revision else None,
            "rake": str(revision.rake) if revision else None,
            "continuity": self.continuity,
        }

    def signing_assignment(self) -> Any:
        """The hand's session: its table's sector pit bosses sign it (issue 12 §1)."""
        from tables.selectors.assignment import session_assignment

        return session_assignment(self.hand.session)


class LiveHand(models.Model):
    """A hand being logged action by action while it is dealt (working state, issue 4 §7)."""

    class Status(models.TextChoices):
        OPEN = "open", _("In progress")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="live_hands")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    dealer = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    started_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    started_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    record = models.JSONField()
    # Issue 38 §1: a screen is a version. Every change (an action, an undo, the end) moves
    # it on; a request carries the version its screen showed and is refused if the hand
    # moved on since (another tablet, a double tap): never applied to a state not seen.
    version = models.PositiveIntegerField(default=0)
    hand = models.OneToOneField(
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="live"
    )
    # Issue 38 §3: a correction of a stored hand, edited in the live editor from the hand's
    # record (HREC-09). It is no hand being dealt: the table is not "in a hand" meanwhile;
    # storing it makes a linked revision (``hand_correct``), never a new hand.
    corrects = models.ForeignKey(
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="correction_drafts"
    )

    class Meta:
        verbose_name = _("hand being logged")
        verbose_name_plural = _("hands being logged")
        constraints = [
            models.UniqueConstraint(
                fields=["session"],
                condition=Q(status="open", corrects__isnull=True),
                name="one_live_hand_per_session",
            ),
            models.UniqueConstraint(
                fields=["corrects"],
                condition=Q(status="open"),
                name="one_correction_draft_per_hand",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} · #{self.number} ({self.status})"


@immutability.append_only
class ButtonDraw(models.Model):
    """The initial button draw by high card, suits ♠ > ♦ > ♣ > ♥ (SHUF-09, §8.3 e)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="+")
    cards = models.JSONField()  # {"seat": "As", ...}
    winner_seat = models.PositiveSmallIntegerField()
    at = models.DateTimeField(default=timezone.now)
    actor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("button draw")
        verbose_name_plural = _("button draws")
        ordering = ["session", "at", "id"]

    def __str__(self) -> str:
        return f"{self.session} · {self.winner_seat}"


class JobStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class ImportJob(models.Model):
    """A PHH import into a session, run in chunks by a Celery task (issue 4 §6)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    filename = models.CharField(max_length=255, blank=True)
    content = models.TextField()
    status = models.CharField(max_length=16, choices=JobStatus.choices, default=JobStatus.PENDING)
    total = models.PositiveIntegerField(default=0)
    processed = models.PositiveIntegerField(default=0)
    stored = models.PositiveIntegerField(default=0)
    valid = models.PositiveIntegerField(default=0)
    invalid = models.PositiveIntegerField(default=0)
    void = models.PositiveIntegerField(default=0)
    rejected = models.PositiveIntegerField(default=0)
    skipped = models.PositiveIntegerField(default=0)
    by_code = models.JSONField(default=dict)
    problems = models.JSONField(default=list)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("hand import")
        verbose_name_plural = _("hand imports")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.session} · {self.filename or self.pk}"

    @property
    def percent(self) -> int:
        if self.status == JobStatus.DONE:
            return 100
        if not self.total:
            return 0
        return min(100, self.processed * 100 // self.total)


class RevalidationRun(models.Model):
    """Re-validation of a date range under the current engine (issue 4 §8)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    date_from = models.DateField()
    date_to = models.DateField()
    status = models.CharField(max_length=16, choices=JobStatus.choices, default=JobStatus.PENDING)
    engine_tag = models.CharField(max_length=32, blank=True)
    total = models.PositiveIntegerField(default=0)
    processed = models.PositiveIntegerField(default=0)
    differences_count = models.PositiveIntegerField(default=0)
    differences = models.JSONField(default=list)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("hand re-validation")
        verbose_name_plural = _("hand re-validations")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.date_from} – {self.date_to}"

    @property
    def percent(self) -> int:
        if self.status == JobStatus.DONE:
            return 100
        if not self.total:
            return 0
        return min(100, self.processed * 100 // self.total)


# --------------------------------------------------------------------------- incidents


class IncidentKind(models.TextChoices):
    COMPLAINT = "complaint", _("Complaint")
    DISPUTE = "dispute", _("Dispute at the table")
    PLAYER_REQUEST = "player_request", _("Player request")
    IRREGULARITY = "irregularity", _("Irregularity escalated from a hand")
    DECK_FAULT = "deck_fault", _("Deck fault")
    # ROLE-07 (9): the supervisor never touches chips; if it is needed to explain
    # something, the pit boss authorises it, and the incident records it.
    CHIP_HANDLING = "chip_handling", _("Chip handling authorised")


# The escalation path (AUTH-01): croupier -> table supervisor -> pit boss -> shift
# manager (the management on duty). An incident is always held by one level.
INCIDENT_LEVELS: tuple[Role, ...] = (
    Role.CROUPIER,
    Role.SUPERVISOR,
    Role.PIT_BOSS,
    Role.SHIFT_MANAGER,
)


@immutability.append_only
class Incident(models.Model):
    """One entry of the incident log (ROLE-06, AUTH-01, DECK-20; issue 17 §3).

    What happened, where and to whom, as first recorded; append-only. Every later step
    (an escalation to the next level, a decision, the closing) is an
    :class:`IncidentStep`, so the log shows each level the incident reached and who
    decided what and when. The level holding it and its status are read from the steps
    (``hands.incident_selectors``), never stored twice.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    serial = models.CharField(max_length=32)
    kind = models.CharField(max_length=16, choices=IncidentKind.choices)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, null=True, blank=True)
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="incidents"
    )
    hand = models.ForeignKey(
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="incidents"
    )
    pack = models.ForeignKey(
        Pack, on_delete=models.PROTECT, null=True, blank=True, related_name="incidents"
    )
    people = models.CharField(
        _("people concerned"), max_length=300, blank=True, help_text=_("Players, seats, staff.")
    )
    description = models.TextField()
    level = models.CharField(max_length=16, choices=Role.choices)
    reported_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    opened_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        ordering = ["-opened_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "serial"], name="incident_serial_unique")
        ]

    def __str__(self) -> str:
        return self.serial


class IncidentAction(models.TextChoices):
    ESCALATE = "escalate", _("Escalated")
    DECIDE = "decide", _("Decision")
    CLOSE = "close", _("Closed")


@immutability.append_only
class IncidentStep(models.Model):
    """One step of an incident: an escalation, a decision or the closing (AUTH-01)."""

    incident = models.ForeignKey(Incident, on_delete=models.PROTECT, related_name="steps")
    seq = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=IncidentAction.choices)
    level = models.CharField(max_length=16, choices=Role.choices)
    to_level = models.CharField(max_length=16, choices=Role.choices, blank=True)
    text = models.TextField()
    by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("incident step")
        verbose_name_plural = _("incident steps")
        ordering = ["incident", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["incident", "seq"], name="incident_step_seq_unique")
        ]

    def __str__(self) -> str:
        return f"{self.incident_id} #{self.seq} {self.action}"
