"""The tournaments app's records (issue 42): who did what to a tournament, and when.

The rules are the engine's (``poker.tournament``); these models keep what the room did
with them. Facts with another owner are not copied here: who sits where and with how
many chips is the table's (``tables.Seat``, read through ``tables.selectors.seat_plan``,
written through ``tables.services.seating``); a player's identity is the registry's
(``players.Player``); sanctions are the sanctions ledger's (``tables.SanctionEntry``).

- :class:`StructureTemplate` and :class:`StructureVersion`: a manager's reusable
  structures; a structure is never edited, a change is a new version.
- :class:`Tournament`, its :class:`TournamentTable` (table sessions of kind tournament,
  with the order they break in, fixed in advance, TDA 10).
- :class:`Entry` (an entry or re-entry of an identified player), :class:`EntryArrival`,
  :class:`WaitingPlayer` (the waiting list; alternates).
- :class:`LedgerEntry`: every peso in and out, numbered receipts, sealed and chained like
  the cage's transactions; :class:`Settlement`: the tournament's cash at the cage,
  counted and signed.
- :class:`ClockEvent`: the clock's append-only log (never a countdown).
- :class:`SeatDraw` with its :class:`SeatMove` rows and :class:`MoveConfirmation`: every
  seat given and every move, with its reason, the slip and the dealers' confirmation.
- :class:`Elimination` and :class:`EliminationCorrection`: busts and corrections.
- :class:`PayoutTable` (+ :class:`PayoutLine`), :class:`PayoutSlip`, :class:`Deal`
  (+ :class:`DealShare`, :class:`DealConsent`), :class:`ChipRaceRecord`.

Money is ``Decimal`` with two places; the engine works in cents (``services._common``).
Chips are integers.
"""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any, ClassVar

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino import immutability, sealing
from casino.models import MONEY, Casino, GamingDay, SignableDocument, User
from casino.roles import Role
from casino.serials import format_serial
from poker.tournament import ClockEvent as EngineClockEvent
from poker.tournament import ClockEventKind, TournamentStructure, structure_from_dict

RECEIPT_SERIES = "TOR"  # receipts of the tournament ledger (GEN-10)
SLIP_SERIES = "TPS"  # tournament prize slips


def _money(value: Any) -> str | None:
    return None if value is None else str(Decimal(value).quantize(Decimal("0.01")))


# --------------------------------------------------------------------------- structures


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


# --------------------------------------------------------------------------- tournaments


class TournamentStatus(models.TextChoices):
    PLANNED = "planned", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class Tournament(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(_("name"), max_length=160)
    # SANC-07: the event whose tournaments accumulate sanctions (default: the name).
    event_name = models.CharField(_("event"), max_length=120)
    structure = models.ForeignKey(StructureVersion, on_delete=models.PROTECT, related_name="+")
    # Every random choice (draws, balancing) is seeded from this, recorded with each draw.
    seed = models.CharField(max_length=80, editable=False)
    # At most this many players in at once; more wait on the list (alternates). None: the
    # seats of the tables decide.
    max_players = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.PLANNED
    )
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def rules(self) -> TournamentStructure:
        """The structure this tournament is played under (cached on the instance)."""
        cached = getattr(self, "_rules", None)
        if cached is None:
            cached = self.structure.structure()
            self._rules = cached
        return cached


class TournamentTable(models.Model):
    """A table session the tournament plays at, and where it stands in the break order.

    The break order is fixed in advance (TDA 10): the lowest rank breaks first; the
    highest hosts the final table. A table added later breaks before the others.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="tables")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey("tables.TableSession", on_delete=models.PROTECT, related_name="+")
    break_rank = models.IntegerField()
    added_at = models.DateTimeField(default=timezone.now)
    added_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    # Set once, by the plan that breaks it (SeatDraw.broken names it too).
    broken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")
        ordering = ["tournament", "break_rank"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "session"], name="tournament_table_once"),
            models.UniqueConstraint(
                fields=["tournament", "break_rank"], name="tournament_break_rank"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.table}"

    @property
    def number(self) -> int:
        return self.table.number


# --------------------------------------------------------------------------- entries


class EntryKind(models.TextChoices):
    ENTRY = "entry", _("Entry")
    RE_ENTRY = "re_entry", _("Re-entry")


@immutability.append_only
class Entry(models.Model):
    """One entry of an identified player (a re-entry is a new entry, TDA 8). Whether it is
    still in, busted or refunded is read from the ledger and the eliminations."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField()
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=16, choices=EntryKind.choices, default=EntryKind.ENTRY)
    alternate = models.BooleanField(default=False)  # from the waiting list
    previous = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="re_entry"
    )
    registered_at = models.DateTimeField(default=timezone.now)
    registered_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament entry")
        verbose_name_plural = _("tournament entries")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.number} {self.player}"


@immutability.append_only
class EntryArrival(models.Model):
    """The player of an entry sat down (TOUR-02: absent entrants are blinded until late
    registration closes, then their stacks come off)."""

    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="arrival")
    at = models.DateTimeField(default=timezone.now)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)

    def __str__(self) -> str:
        return f"{self.entry} arrived"


class WaitingPlayer(models.Model):
    """A player waiting for a place in a full tournament; he enters as an alternate."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        REGISTERED = "registered", _("Registered")
        CANCELLED = "cancelled", _("Cancelled")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="waiting")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField(default=timezone.now)
    added_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    entry = models.OneToOneField(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("tournament waiting list entry")
        verbose_name_plural = _("tournament waiting list")
        ordering = ["tournament", "requested_at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.player}"


# --------------------------------------------------------------------------- the ledger


class LedgerKind(models.TextChoices):
    ENTRY = "entry", _("Entry")
    RE_ENTRY = "re_entry", _("Re-entry")
    REBUY = "rebuy", _("Rebuy")
    ADD_ON = "add_on", _("Add-on")
    REFUND = "refund", _("Refund (unregistration)")
    PRIZE = "prize", _("Prize paid")
    OVERLAY = "overlay", _("Overlay added by the house")


class LedgerVia(models.TextChoices):
    CASH = "cash", _("Cash at the cage")
    SEAT = "seat", _("A satellite seat")
    HOUSE = "house", _("The house's funds")


@immutability.append_only
class LedgerEntry(models.Model):
    """One movement of a tournament's money: numbered, sealed, chained (issue 12 §5).

    ``pool_amount`` is what goes into (+) or out of (−) the prize pool, ``fee_amount``
    what goes to (+) or back from (−) the house's fees (TOUR-03: never mixed). ``via``
    says how: cash at the cage, a satellite seat (TOUR-08: no cash moves), or the house's
    funds (the overlay up to the guarantee). A refund reverses the payment it undoes.
    """

    ref = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(max_length=16, choices=LedgerKind.choices)
    via = models.CharField(max_length=8, choices=LedgerVia.choices, default=LedgerVia.CASH)
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    receipt_year = models.PositiveIntegerField()
    receipt_number = models.PositiveIntegerField()
    pool_amount = models.DecimalField(**MONEY)
    fee_amount = models.DecimalField(**MONEY)
    chips = models.PositiveIntegerField(default=0)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversal"
    )
    slip = models.ForeignKey(
        "PayoutSlip", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    recorded_at = models.DateTimeField(default=timezone.now, db_index=True)
    reason = models.TextField(blank=True)
    seal = models.CharField(max_length=100)  # "<key_id>:<hmac hex>" (issue 12 §5)

    class Meta:
        verbose_name = _("tournament ledger entry")
        verbose_name_plural = _("tournament ledger")
        ordering = ["recorded_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "receipt_year", "receipt_number"],
                name="tournament_receipt_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.receipt} {self.kind}"

    @property
    def receipt(self) -> str:
        return format_serial(RECEIPT_SERIES, self.receipt_year, self.receipt_number)

    @property
    def cash(self) -> Any:
        """Cash into (+) or out of (−) the cage for the tournament."""
        if self.via != LedgerVia.CASH:
            return Decimal("0")
        return self.pool_amount + self.fee_amount

    def seal_payload(self) -> dict[str, Any]:
        return {
            "ref": str(self.ref),
            "casino": self.casino_id,
            "gaming_day": self.gaming_day_id,
            "tournament": self.tournament_id,
            "kind": self.kind,
            "via": self.via,
            "entry": self.entry_id,
            "receipt": [self.receipt_year, self.receipt_number],
            "pool_amount": _money(self.pool_amount),
            "fee_amount": _money(self.fee_amount),
            "chips": self.chips,
            "reverses": self.reverses_id,
            "slip": self.slip_id,
            "recorded_by": self.recorded_by_id,
            "role": self.role,
            "recorded_at": self.recorded_at.isoformat(),
            "reason": self.reason,
        }

    def compute_seal(self) -> str:
        return sealing.seal(self.seal_payload())

    def seal_verdict(self) -> str:
        return sealing.verify(self.seal_payload(), self.seal)


@immutability.locked_when_signed
class Settlement(SignableDocument):
    """The tournament's cash counted at the cage against its ledger, signed by the cashier
    and the shift manager: the tournament's books reconcile to the cage like a table's."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.CAGE_CASHIER, Role.SHIFT_MANAGER)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.settlement"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.PROTECT, related_name="settlement"
    )
    counted = models.DecimalField(**MONEY)
    expected = models.DecimalField(**MONEY)
    fees = models.DecimalField(**MONEY)
    overlay = models.DecimalField(**MONEY)
    pool = models.DecimalField(**MONEY)
    paid = models.DecimalField(**MONEY)
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("tournament settlement")
        verbose_name_plural = _("tournament settlements")

    def __str__(self) -> str:
        return f"{self.tournament} settlement"

    @property
    def difference(self) -> Any:
        return self.counted - self.expected

    def signing_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "counted": _money(self.counted),
            "expected": _money(self.expected),
            "fees": _money(self.fees),
            "overlay": _money(self.overlay),
            "pool": _money(self.pool),
            "paid": _money(self.paid),
            "created_by": self.created_by_id,
            "note": self.note,
        }


# --------------------------------------------------------------------------- the clock


@immutability.append_only
class ClockEvent(models.Model):
    """One row of the clock's log (TDA RP-8): the clock is derived from these, never kept
    as a countdown (``poker.tournament.clock_state``)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="clock_events"
    )
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=24, choices=[(k.value, k.value) for k in ClockEventKind])
    at = models.DateTimeField()
    level = models.PositiveSmallIntegerField(default=0)
    seconds = models.IntegerField(default=0)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("tournament clock event")
        verbose_name_plural = _("tournament clock events")
        ordering = ["tournament", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="clock_event_seq")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.seq} {self.kind}"

    def engine(self) -> EngineClockEvent:
        return EngineClockEvent(
            ClockEventKind(self.kind),
            int(self.at.timestamp() * 1000),
            self.level,
            self.seconds,
        )


# --------------------------------------------------------------------------- seats and moves


class DrawKind(models.TextChoices):
    INITIAL = "initial", _("Initial draw")
    LATE = "late", _("Late entry")
    PLAN = "plan", _("Balancing, table breaks and the final table")
    RESEAT = "reseat", _("A corrected elimination reseated")


@immutability.append_only
class SeatDraw(models.Model):
    """One decision of seats: a draw or a balancing plan, with its seed and the seating
    version it was made on (a plan is a version: it applies to that seating only)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="draws")
    kind = models.CharField(max_length=16, choices=DrawKind.choices)
    seed = models.CharField(max_length=80)
    seating_version = models.CharField(max_length=64, blank=True)
    halted = models.JSONField(default=list, blank=True)  # [{"table", "players", "short_by"}]
    broken = models.JSONField(default=list, blank=True)  # table numbers, in the break order
    final_table = models.PositiveSmallIntegerField(null=True, blank=True)
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("seat draw")
        verbose_name_plural = _("seat draws")
        ordering = ["tournament", "at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament} {self.kind} #{self.pk}"


@immutability.append_only
class SeatMove(models.Model):
    """One seat given or one player moved, with why, and the slip the floor reads (TOUR-05)."""

    draw = models.ForeignKey(SeatDraw, on_delete=models.PROTECT, related_name="moves")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="moves")
    from_session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    from_table = models.PositiveSmallIntegerField(null=True, blank=True)
    from_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    to_session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, related_name="+"
    )
    to_table = models.PositiveSmallIntegerField()
    to_seat = models.PositiveSmallIntegerField()
    chips = models.PositiveIntegerField()
    reason = models.CharField(max_length=32)  # poker.tournament.Reason
    seat_reason = models.CharField(max_length=32)
    player_reason = models.CharField(max_length=32, blank=True)
    slip_es = models.TextField()
    slip_en = models.TextField()

    class Meta:
        verbose_name = _("seat move")
        verbose_name_plural = _("seat moves")
        ordering = ["draw", "id"]

    def __str__(self) -> str:
        return self.slip_en

    @property
    def is_move(self) -> bool:
        return self.from_session_id is not None


@immutability.append_only
class MoveConfirmation(models.Model):
    """The dealer of a table saw the move: the player left with his chips in view
    (``from``), or arrived with them (``to``) (TOUR-05)."""

    class Side(models.TextChoices):
        FROM = "from", _("Left the table")
        TO = "to", _("Arrived at the table")

    move = models.ForeignKey(SeatMove, on_delete=models.PROTECT, related_name="confirmations")
    side = models.CharField(max_length=4, choices=Side.choices)
    croupier = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    method = models.CharField(max_length=8)  # session | pin
    chips_visible = models.BooleanField(default=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("move confirmation")
        verbose_name_plural = _("move confirmations")
        ordering = ["move", "at"]
        constraints = [
            models.UniqueConstraint(fields=["move", "side"], name="move_confirmed_once_per_side")
        ]

    def __str__(self) -> str:
        return f"{self.move_id} {self.side}"


# --------------------------------------------------------------------------- eliminations


class ExitKind(models.TextChoices):
    BUST = "bust", _("Busted")
    DISQUALIFIED = "disqualified", _("Disqualified (SANC-05)")
    EXPELLED = "expelled", _("Expelled (SANC-06)")
    ABSENT = "absent", _("Never arrived: stack removed (TOUR-02)")
    DEAL = "deal", _("Finished by the deal")


@immutability.append_only
class Elimination(models.Model):
    """An entry leaves the tournament, in order (``seq``), with the hand it happened in
    where there is one. Places are derived from these rows, never stored."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="eliminations"
    )
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="eliminations")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=ExitKind.choices, default=ExitKind.BUST)
    # The same key = the same hand (RP-8: one hand-for-hand hand across the tables).
    hand_key = models.CharField(max_length=64, blank=True)
    hand = models.ForeignKey(
        "hands.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    stack_at_start = models.PositiveIntegerField(default=0)  # chips when that hand began
    session = models.ForeignKey(
        "tables.TableSession", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    sanction = models.ForeignKey(
        "tables.SanctionEntry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)
    reason = models.TextField(blank=True)

    class Meta:
        verbose_name = _("elimination")
        verbose_name_plural = _("eliminations")
        ordering = ["tournament", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="elimination_seq")
        ]

    def __str__(self) -> str:
        return f"{self.entry} {self.kind}"


@immutability.append_only
class EliminationCorrection(models.Model):
    """A mistaken elimination, corrected with a reason: the entry is back in with the
    chips the floor counted, reseated (a new seat move)."""

    elimination = models.OneToOneField(
        Elimination, on_delete=models.PROTECT, related_name="correction"
    )
    chips = models.PositiveIntegerField()
    move = models.ForeignKey(
        SeatMove, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reason = models.TextField()
    # A correction that follows a corrected hand (the hand recorder's revision that gave
    # the player chips back, issue 42 §7): the revision is its reason.
    revision = models.ForeignKey(
        "hands.Hand", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"correction of {self.elimination_id}"


# --------------------------------------------------------------------------- payouts


@immutability.locked_when_signed
class PayoutTable(SignableDocument):
    """A proposed payout table (TOUR-07): the rule, the pool and one line per place. The
    shift manager's signature approves and locks it (ROLE-09)."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SHIFT_MANAGER,)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.payout_table"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.PROTECT, related_name="payout_tables"
    )
    version = models.PositiveIntegerField()
    rule = models.CharField(max_length=16)  # power_law | satellite | manual
    pool = models.DecimalField(**MONEY)
    overlay = models.DecimalField(**MONEY)
    entries = models.PositiveIntegerField()
    unit = models.DecimalField(**MONEY)
    first_share = models.CharField(max_length=20, blank=True)
    exponent = models.CharField(max_length=20, blank=True)
    proposed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    proposed_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("payout table")
        verbose_name_plural = _("payout tables")
        ordering = ["tournament", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "version"], name="payout_table_version")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} payouts v{self.version}"

    def signing_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "version": self.version,
            "rule": self.rule,
            "pool": _money(self.pool),
            "overlay": _money(self.overlay),
            "entries": self.entries,
            "unit": _money(self.unit),
            "lines": [
                [line.place, _money(line.amount), _money(line.seat_value), line.seat_in]
                for line in self.lines.order_by("place")
            ],
        }

    def signing_blockers(self, role: Role) -> list[Any]:
        from .services.payouts import payout_table_blockers

        return payout_table_blockers(self)


@immutability.frozen_with_parent("payout_table")
class PayoutLine(models.Model):
    payout_table = models.ForeignKey(PayoutTable, on_delete=models.PROTECT, related_name="lines")
    place = models.PositiveSmallIntegerField()
    amount = models.DecimalField(**MONEY)
    seat_value = models.DecimalField(default=0, **MONEY)  # TOUR-08
    seat_in = models.CharField(max_length=160, blank=True)

    class Meta:
        ordering = ["payout_table", "place"]
        constraints = [
            models.UniqueConstraint(fields=["payout_table", "place"], name="payout_line_place")
        ]

    def __str__(self) -> str:
        return f"{self.place}: {self.amount}"


@immutability.locked_when_signed
class PayoutSlip(SignableDocument):
    """A prize paid at the cage: numbered, signed by the player (on the printed slip, the
    cashier attests it with the name as signed) and by the cashier, then locked."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.CAGE_CASHIER,)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.payout_slip"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="slips")
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="slip")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="+")
    serial_year = models.PositiveIntegerField()
    serial_number = models.PositiveIntegerField()
    place = models.PositiveSmallIntegerField()
    place_to = models.PositiveSmallIntegerField()
    amount = models.DecimalField(**MONEY)
    seat_value = models.DecimalField(default=0, **MONEY)
    seat_in = models.CharField(max_length=160, blank=True)
    deal = models.ForeignKey(
        "Deal", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player_signed_name = models.CharField(max_length=160)
    player_signed_at = models.DateTimeField(default=timezone.now)
    issued_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("tournament prize slip")
        verbose_name_plural = _("tournament prize slips")
        ordering = ["tournament", "place", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "serial_year", "serial_number"], name="prize_slip_serial"
            )
        ]

    def __str__(self) -> str:
        return self.serial

    @property
    def serial(self) -> str:
        return format_serial(SLIP_SERIES, self.serial_year, self.serial_number)

    def signing_payload(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "tournament": self.tournament_id,
            "entry": self.entry_id,
            "player": self.player_id,
            "place": [self.place, self.place_to],
            "amount": _money(self.amount),
            "seat": [_money(self.seat_value), self.seat_in],
            "deal": self.deal_id,
            "player_signed": [self.player_signed_name, self.player_signed_at.isoformat()],
        }


class DealMethod(models.TextChoices):
    CHIP_CHOP = "chip_chop", _("Chip chop")
    ICM = "icm", _("ICM (Malmuth–Harville)")


@immutability.locked_when_signed
class Deal(SignableDocument):
    """The players left split the locked payouts (TOUR-07, §8.3 m): the method, the
    stacks, the shares, every player's consent and the manager's signature."""

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = (Role.SHIFT_MANAGER,)
    DOCUMENT_KIND: ClassVar[str] = "tournaments.deal"

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="deals")
    payout_table = models.ForeignKey(PayoutTable, on_delete=models.PROTECT, related_name="+")
    method = models.CharField(max_length=16, choices=DealMethod.choices)
    payouts = models.JSONField()  # the locked payouts it replaces, place 1 first (money)
    to_play_for = models.DecimalField(**MONEY)
    unit = models.DecimalField(**MONEY)
    proposed_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    proposed_at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["tournament", "-proposed_at"]

    def __str__(self) -> str:
        return f"{self.tournament} deal #{self.pk}"

    def signing_payload(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "method": self.method,
            "payouts": self.payouts,
            "to_play_for": _money(self.to_play_for),
            "unit": _money(self.unit),
            "shares": [
                [s.entry_id, s.stack, s.equity, _money(s.amount)]
                for s in self.shares.order_by("id")
            ],
        }

    def signing_blockers(self, role: Role) -> list[Any]:
        from .services.deals import deal_blockers

        return deal_blockers(self)


@immutability.frozen_with_parent("deal")
class DealShare(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="shares")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    stack = models.PositiveIntegerField()
    equity = models.CharField(max_length=200)  # the exact value, a fraction of cents
    amount = models.DecimalField(**MONEY)

    class Meta:
        ordering = ["deal", "id"]
        constraints = [models.UniqueConstraint(fields=["deal", "entry"], name="deal_share_once")]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.amount}"


@immutability.append_only
class DealConsent(models.Model):
    """A remaining player agreed to the deal (recorded by the floor)."""

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="consents")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "entry"], name="deal_consent_once")]

    def __str__(self) -> str:
        return f"{self.deal_id} {self.entry_id}"


@immutability.append_only
class ChipRaceRecord(models.Model):
    """A colour-up's chip race at one table (TDA 24, 25), as the engine computed it."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="chip_races")
    session = models.ForeignKey("tables.TableSession", on_delete=models.PROTECT, related_name="+")
    table_number = models.PositiveSmallIntegerField()
    removed = models.JSONField()
    seed = models.CharField(max_length=80, blank=True)
    result = models.JSONField()
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    role = models.CharField(max_length=16, choices=Role.choices)
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.tournament} chip race table {self.table_number}"


__all__ = [
    "ChipRaceRecord",
    "ClockEvent",
    "Deal",
    "DealConsent",
    "DealMethod",
    "DealShare",
    "DrawKind",
    "Elimination",
    "EliminationCorrection",
    "Entry",
    "EntryArrival",
    "EntryKind",
    "ExitKind",
    "LedgerEntry",
    "LedgerKind",
    "LedgerVia",
    "MoveConfirmation",
    "PayoutLine",
    "PayoutSlip",
    "PayoutTable",
    "SeatDraw",
    "SeatMove",
    "Settlement",
    "StructureTemplate",
    "StructureVersion",
    "Tournament",
    "TournamentStatus",
    "TournamentTable",
    "WaitingPlayer",
]
