"""Card-deck custody (§6.1 c–e, §6.5, §9.2*, DECK-01..21).

Every pack is tracked individually (:class:`Pack`); it moves only along the
allowed states (:data:`tables.deckrules.ALLOWED_MOVES`) and every move is an
append-only :class:`DeckEvent` with who, in which role and when. Deliveries
from security carry a receipt the pit boss signs (:class:`DeckReceipt`,
DECK-03); the shift manager signs the day's reconciliation of a store
(:class:`DeckFinalControl`, DECK-16, DECK-19).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability
from casino.models import Casino, GamingDay, Sector, SignableDocument, User
from casino.roles import Role
from casino.serials import format_serial

from .core import TableSession

RECEIPT_SERIES = "CNP"  # constancia de naipes


class PackState(models.TextChoices):
    RECEIVED = "received", _("Delivered by security, receipt not signed")
    STORED = "stored", _("In store")
    ISSUED = "issued", _("Issued to a table")
    INSPECTED = "inspected", _("Inspected, ready")
    REJECTED = "rejected", _("Rejected at inspection")
    IN_PLAY = "in_play", _("In play")
    RESERVE = "reserve", _("Reserve (kept in the pit)")
    RESTED = "rested", _("Rested (rotated out)")
    DAMAGED = "damaged", _("Damaged card: plays to the end of the hand")
    WITHDRAWN = "withdrawn", _("Withdrawn from play")
    RETURNED = "returned", _("Returned to the pit boss")
    REUSABLE = "reusable", _("Classified reusable")
    DISCARD = "discard", _("Classified discard")
    REPLACEMENT = "replacement", _("Classified for replacement")
    CANCELLED = "cancelled", _("Cancelled by security")
    DESTROYED = "destroyed", _("Destroyed by security")


class DeckStore(models.Model):
    """A place that holds packs: the security store or a pit's locked cabinet (DECK-01)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    code = models.CharField(max_length=16)
    name = models.CharField(_("name"), max_length=100)
    sector = models.ForeignKey(
        Sector, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("card store")
        verbose_name_plural = _("card stores")
        ordering = ["code"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "code"], name="deck_store_code_unique")
        ]

    def __str__(self) -> str:
        return self.name


@immutability.locked_when_signed
class DeckReceipt(SignableDocument):
    """Packs delivered by security, signed by the officer and the pit boss (DECK-03)."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SECURITY, Role.PIT_BOSS)
    DOCUMENT_KIND = "deck_receipt"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    store = models.ForeignKey(DeckStore, on_delete=models.PROTECT, related_name="receipts")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    serial_year = models.PositiveIntegerField()
    serial_number = models.PositiveIntegerField()
    delivered_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("card receipt")
        verbose_name_plural = _("card receipts")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "serial_year", "serial_number"], name="deck_receipt_serial"
            )
        ]

    def __str__(self) -> str:
        return self.serial

    @property
    def serial(self) -> str:
        return format_serial(RECEIPT_SERIES, self.serial_year, self.serial_number)

    def signing_assignment(self) -> Any:
        """A receipt is between security and the pit boss of the store it fills (DECK-03).

        It belongs to no table: the store's sector, if it has one, names the pit bosses
        who may sign it (issue 12 §1); a store in no sector (the security store) is the
        room's, and the pit boss's role alone decides. Security signs casino-wide.
        """
        from ..selectors.assignment import sector_assignment

        store = self.store
        if store.sector_id is None:
            return None
        return sector_assignment(store.sector_id, label=store.name)

    def signing_payload(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "store": self.store_id,
            "delivered_by": self.delivered_by_id,
            "packs": [
                [p.serial, p.colour, p.design, p.is_new] for p in self.packs.order_by("serial")
            ],
        }


class Pack(models.Model):
    """One 52-card pack (DECK-01, DECK-02): where it is now; its history is in the events."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    store = models.ForeignKey(DeckStore, on_delete=models.PROTECT, related_name="packs")
    receipt = models.ForeignKey(DeckReceipt, on_delete=models.PROTECT, related_name="packs")
    serial = models.CharField(_("pack number"), max_length=40)
    colour = models.CharField(_("back colour"), max_length=30)
    design = models.CharField(_("design"), max_length=60, blank=True)
    is_new = models.BooleanField(_("new (sealed)"), default=True)
    state = models.CharField(max_length=16, choices=PackState.choices, default=PackState.RECEIVED)
    state_changed_at = models.DateTimeField(default=timezone.now)
    # The session the pack is at while it is at a table (issued → returned).
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="packs"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("card pack")
        verbose_name_plural = _("card packs")
        ordering = ["serial"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "serial"], name="pack_serial_unique")
        ]
        indexes = [models.Index(fields=["casino", "state"]), models.Index(fields=["session"])]

    def __str__(self) -> str:
        return f"{self.serial} ({self.colour})"


@immutability.append_only
class DeckEvent(models.Model):
    """One move of one pack: from which state to which, who, when, why (DECK-01, GEN-09)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    pack = models.ForeignKey(Pack, on_delete=models.PROTECT, related_name="events")
    gaming_day = models.ForeignKey(
        GamingDay, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    session = models.ForeignKey(
        TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="deck_events"
    )
    from_state = models.CharField(max_length=16, choices=PackState.choices, blank=True)
    to_state = models.CharField(max_length=16, choices=PackState.choices)
    at = models.DateTimeField(default=timezone.now)
    actor = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16)
    # The second person of a two-person act: the croupier at an inspection, the
    # witness of a destruction, the croupier who checked completeness.
    with_user = models.ForeignKey(
        User, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    related_pack = models.ForeignKey(
        Pack, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    note = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("deck event")
        verbose_name_plural = _("deck events")
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["casino", "gaming_day"])]

    def __str__(self) -> str:
        return f"{self.pack_id}: {self.from_state} -> {self.to_state}"


@immutability.locked_when_signed
class PackInspection(SignableDocument):
    """One inspection of one pack before play, signed by the two people who did it (DECK-06,
    DECK-07, DECK-08): who records it and the witness, who chooses himself from the people
    on duty at the table and signs with his PIN on the supervisor's terminal (ROLE-13).

    It keeps what each of them declared (faces, backs, 52 cards) as ticked: a pack is
    inspected only when all three are, and rejected otherwise (with the imperfect card).
    """

    DOCUMENT_KIND = "pack_inspection"

    class Outcome(models.TextChoices):
        INSPECTED = "inspected", _("Inspected, ready")
        REJECTED = "rejected", _("Rejected at inspection")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    pack = models.ForeignKey(Pack, on_delete=models.PROTECT, related_name="inspections")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(
        GamingDay, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    recorder_role = models.CharField(max_length=16, choices=Role.choices)
    witness = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    witness_role = models.CharField(max_length=16, choices=Role.choices)
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    face_up_ok = models.BooleanField(_("faces checked"))
    face_down_ok = models.BooleanField(_("backs checked"))
    complete = models.BooleanField(_("pack complete"))
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("pack inspection")
        verbose_name_plural = _("pack inspections")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.pack_id} {self.outcome} {self.at:%Y-%m-%d %H:%M}"

    def required_signature_roles(self) -> tuple[Role, ...]:
        return (Role(self.recorder_role), Role(self.witness_role))

    def signing_assignment(self) -> Any:
        """The table's people now (issue 12 §1): the witness is one of them."""
        from ..selectors.assignment import session_assignment

        return session_assignment(self.session)

    def signing_payload(self) -> dict[str, Any]:
        return {
            "pack": self.pack_id,
            "session": self.session_id,
            "outcome": self.outcome,
            "face_up_ok": self.face_up_ok,
            "face_down_ok": self.face_down_ok,
            "complete": self.complete,
            "recorded_by": [self.recorded_by_id, self.recorder_role],
            "witness": [self.witness_id, self.witness_role],
            "note": self.note,
        }


@immutability.locked_when_signed
class DeckFinalControl(SignableDocument):
    """The shift manager's final control of a store's packs for a gaming day (DECK-16)."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SHIFT_MANAGER,)
    DOCUMENT_KIND = "deck_final_control"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    store = models.ForeignKey(DeckStore, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    figures = models.JSONField(default=dict)
    counted_serials = models.JSONField(default=list)

    class Meta:
        verbose_name = _("deck final control")
        verbose_name_plural = _("deck final controls")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["store", "gaming_day"], name="deck_final_control_once")
        ]

    def __str__(self) -> str:
        return f"{self.store} {self.gaming_day}"

    def signing_assignment(self) -> Any:
        """None: the day's reconciliation of a store is the shift manager's, casino-wide
        (DECK-16); it reconciles every table's packs, so no one table's people scope it."""
        return None

    def signing_payload(self) -> dict[str, Any]:
        return {
            "store": self.store_id,
            "gaming_day": self.gaming_day_id,
            "figures": self.figures,
            "counted": sorted(self.counted_serials),
        }
