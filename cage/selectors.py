"""Reads of the cage: policies, floats, the table card, slips, counts, and access helpers.

Counts of the float (opening and closing) belong to the tables app (issue 5). The
cage reads them through :data:`count_source` (``session_opening_count`` and
``session_closing_count`` of ``tables.selectors`` when they exist), normalised to
:class:`FloatCount`; tests and the simulator may point it elsewhere.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from django.db.models import Case, DecimalField, F, IntegerField, QuerySet, Sum, When
from django.utils import timezone

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formatting import active_lang
from casino.hotqueries import HotQuery
from casino.models import MONEY, Casino, Denomination, GamingDay
from casino.roles import Perm, Role
from tables.models import FloatPar, OpeningSheet, SessionKind, Table, TableSession
from tables.selectors import session_opening_lines
from tables.selectors.assignment import require_assigned_for

from . import slip_order
from .codes import CageCode
from .models import (
    CagePolicy,
    CashAlert,
    ChipLine,
    Direction,
    DropCount,
    RakeEntry,
    SeatDeparture,
    Slip,
    SlipKind,
    SlipLine,
    SlipPurpose,
    SlipVoid,
    SlipVoidConfirmation,
    TableTransaction,
    TransactionKind,
)

# --------------------------------------------------------------------------- policy


# Read by every buy-in and change (issue 43: built once).
_POLICY_IN_FORCE = HotQuery(
    lambda casino, at: CagePolicy.objects.filter(casino_id=casino, effective_from__lte=at).order_by(
        "-effective_from", "-id"
    )[:1],
    casino=int,
    at=datetime,
)


def cage_policy(casino: Casino | int, at: datetime | None = None) -> CagePolicy:
    """The casino's cage settings in force at ``at`` (defaults when none were set)."""
    casino_id = casino if isinstance(casino, int) else casino.pk
    found = _POLICY_IN_FORCE.first(casino=casino_id, at=at or timezone.now())
    return found or CagePolicy(casino_id=casino_id)


# --------------------------------------------------------------------------- chips


_ACTIVE_DENOMINATIONS = HotQuery(
    lambda chip_set: Denomination.objects.filter(chip_set_id=chip_set, is_active=True),
    chip_set=int,
)


def table_denominations(table: Table) -> dict[Decimal, Denomination]:
    """The active denominations of a table's chip set, by value (GEN-05)."""
    return {d.value: d for d in _ACTIVE_DENOMINATIONS.all(chip_set=table.chip_set_id)}


def smallest_denomination(
    table: Table, denominations: dict[Decimal, Denomination] | None = None
) -> Decimal | None:
    values = list(table_denominations(table) if denominations is None else denominations)
    return min(values) if values else None


def blind_denomination(
    table: Table,
    small_blind: Decimal,
    denominations: dict[Decimal, Denomination] | None = None,
) -> Decimal | None:
    """The chip the blinds are paid with: the largest chip that divides the small blind.

    A change must include some of it (CHIP-05, §7.2 d). ``denominations``: the table's, when
    the caller has just read them (``table_denominations``), so they are not read again.
    """
    if denominations is None:
        denominations = table_denominations(table)
    fitting = [v for v in denominations if v <= small_blind and small_blind % v == 0]
    return max(fitting) if fitting else smallest_denomination(table, denominations)


def float_par(table: Table) -> dict[int, int]:
    return dict(FloatPar.objects.filter(table=table).values_list("denomination_id", "count"))


# --------------------------------------------------------------------------- counts


@dataclass(frozen=True)
class FloatCount:
    """A counted float: chips per denomination id, and the document it comes from."""

    lines: dict[int, int]
    reference: str = ""
    signed: bool = False

    def value(self, denominations: dict[int, Decimal]) -> Decimal:
        return sum((denominations[d] * n for d, n in self.lines.items()), Decimal("0"))


class CountSource(Protocol):
    def opening(self, session: TableSession) -> FloatCount | None: ...

    def closing(self, session: TableSession) -> FloatCount | None: ...


def normalise_count(raw: Any, reference: str = "") -> FloatCount | None:
    """Turn what the tables app returns into a :class:`FloatCount`.

    Accepts ``None``, a mapping ``{denomination or id: count}``, a count sheet
    with ``lines`` (each with ``denomination_id`` and ``count``), or an iterable
    of such lines. Lines not yet counted (``count is None``) make the count absent.
    """
    if raw is None:
        return None
    if isinstance(raw, FloatCount):
        return raw
    if getattr(raw, "is_counted", True) is False:
        return None  # a sheet created but not counted yet
    signed = bool(getattr(raw, "is_locked", False))
    if not reference and hasattr(raw, "_meta") and getattr(raw, "pk", None):
        reference = f"{raw._meta.label_lower}#{raw.pk}"
    if isinstance(raw, dict):
        items: Iterable[tuple[Any, Any]] = raw.items()
    else:
        lines = getattr(raw, "lines", raw)
        if hasattr(lines, "all"):
            lines = lines.all()
        items = [(line.denomination_id, line.count) for line in lines]
    out: dict[int, int] = {}
    for key, count in items:
        if count is None:
            return None
        denom_id = key.pk if isinstance(key, Denomination) else int(key)
        out[denom_id] = out.get(denom_id, 0) + int(count)
    return FloatCount(lines=out, reference=reference, signed=signed)


class TablesCountSource:
    """Reads the counts from ``tables.selectors`` (issue 5)."""

    def opening(self, session: TableSession) -> FloatCount | None:
        # Every buy-in and change reads it (issue 43): the sheet and its lines in one query.
        read = session_opening_lines(session)
        if read is None or not read.counted or any(n is None for n in read.lines.values()):
            return None
        return FloatCount(
            lines=dict(read.lines),  # type: ignore[arg-type]
            reference=f"{OpeningSheet._meta.label_lower}#{read.sheet_id}",
            signed=read.locked,
        )

    def closing(self, session: TableSession) -> FloatCount | None:
        from tables import selectors as tables_selectors

        return normalise_count(tables_selectors.session_closing_count(session))


count_source: CountSource = TablesCountSource()


def session_opening_count(session: TableSession) -> FloatCount | None:
    return count_source.opening(session)


def session_closing_count(session: TableSession) -> FloatCount | None:
    return count_source.closing(session)


def session_staff_from_tables(session: TableSession) -> set[int]:
    """Croupiers and supervisors the tables app knows worked the session (dealer changes)."""
    from tables import selectors as tables_selectors

    return {u if isinstance(u, int) else u.pk for u in tables_selectors.session_staff(session)}


def session_workers(session: TableSession) -> set[int]:
    """Everyone who worked the session: they may not count its drop (issue 6 item 8)."""
    workers: set[int] = {session.supervisor_id}
    for croupier, approver, pit_boss in TableTransaction.objects.filter(
        session=session
    ).values_list("croupier_id", "approved_by_id", "pit_boss_id"):
        workers.update(x for x in (croupier, approver, pit_boss) if x)
    from django.contrib.contenttypes.models import ContentType

    from casino.models import Signature

    slip_ids = list(Slip.objects.filter(session=session).values_list("pk", flat=True))
    workers.update(
        Signature.objects.filter(
            content_type=ContentType.objects.get_for_model(Slip),
            object_id__in=slip_ids,
            role__in=[Role.CROUPIER, Role.SUPERVISOR],
        ).values_list("signer_id", flat=True)
    )
    workers.update(RakeEntry.objects.filter(session=session).values_list("posted_by_id", flat=True))
    workers.update(
        SeatDeparture.objects.filter(session=session).values_list("recorded_by_id", flat=True)
    )
    workers.update(session_staff_from_tables(session))
    return workers


# --------------------------------------------------------------------------- slips


def void_of(slip: Slip) -> SlipVoid | None:
    try:
        return slip.void
    except SlipVoid.DoesNotExist:
        return None


def confirmation_of(void: SlipVoid) -> SlipVoidConfirmation | None:
    try:
        return void.confirmation
    except SlipVoidConfirmation.DoesNotExist:
        return None


def slip_is_void(slip: Slip) -> bool:
    void = void_of(slip)
    return void is not None and confirmation_of(void) is not None


def slip_status(slip: Slip) -> str:
    """requested / issued / carried / received / void_pending / void.

    In the slip's kind's order (``cage.slip_order``, CLOSE-07): "issued" once the side
    the chips leave has signed (the cage for a fill; the croupier and the supervisor
    for a credit), "carried" once security has, "received" when all have signed.
    """
    void = void_of(slip)
    if void is not None:
        return "void" if confirmation_of(void) is not None else "void_pending"
    signed = slip.signed_roles()
    if slip.is_locked and not slip_order.next_signers(slip.kind, signed):
        return "received"
    if Role.SECURITY.value in signed:
        return "carried"
    if all(r.value in signed for r in slip_order.signs_after(slip.kind, Role.SECURITY)):
        return "issued"
    return "requested"


def slip_next_signers(slip: Slip) -> tuple[Role, ...]:
    """The roles whose turn it is to sign the slip (none when void, being voided or
    complete), in its kind's order (``cage.slip_order``): what the signing queue,
    the inbox and the cage's page show."""
    if void_of(slip) is not None:
        return ()
    return slip_order.next_signers(slip.kind, slip.signed_roles())


def slip_step_for(role: Role, slip: Slip) -> Role | None:
    """The role a terminal acting as ``role`` signs the slip in now, or ``None``.

    The supervisor's terminal also takes the croupier's PIN (OQ-34): the croupier's
    step first when it is the croupier's turn too.
    """
    turn = slip_next_signers(slip)
    if role == Role.SUPERVISOR and Role.CROUPIER in turn:
        return Role.CROUPIER
    return role if role in turn else None


def slip_counts(slip: Slip) -> bool:
    """A slip enters the float only when all five have signed and it is not void."""
    return slip.is_locked and not slip_is_void(slip)


def slips_for(casino: Casino, **filters: Any) -> QuerySet[Slip]:
    return (
        Slip.objects.filter(casino=casino, **filters)
        .select_related("table", "session", "requested_by", "void", "void__confirmation")
        .prefetch_related("lines__denomination")
    )


# --------------------------------------------------------------------------- floats


def _float_movements_query(session: int) -> QuerySet[Any]:
    """Net chips into the float per denomination, in one statement: the session's chip
    lines (not in-hand changes) and its play slips that count (all five signatures, not
    void), each summed per denomination by the database (``UNION ALL``)."""
    signed_count = Case(
        When(direction=Direction.IN, then=F("count")),
        default=F("count") * -1,
        output_field=IntegerField(),
    )
    chips = (
        ChipLine.objects.filter(transaction__session_id=session)
        .exclude(transaction__kind=TransactionKind.IN_HAND_CHANGE)
        .order_by()
        .values("denomination_id")
        .annotate(net=Sum(signed_count * F("transaction__sign"), output_field=IntegerField()))
        .values_list("denomination_id", "net")
    )
    slip_count = Case(
        When(slip__kind=SlipKind.FILL, then=F("count")),
        default=F("count") * -1,
        output_field=IntegerField(),
    )
    slips = (
        SlipLine.objects.filter(
            slip__session_id=session,
            slip__purpose=SlipPurpose.PLAY,
            slip__locked_at__isnull=False,
            slip__void__confirmation__isnull=True,
        )
        .order_by()
        .values("denomination_id")
        .annotate(net=Sum(slip_count, output_field=IntegerField()))
        .values_list("denomination_id", "net")
    )
    return chips.union(slips, all=True)


# Issue 43: every buy-in and change pays from the float; its cost must not grow with the
# session (the lines were read one by one into Python, and each slip with its void).
_FLOAT_MOVEMENTS = HotQuery(_float_movements_query, session=int)


def float_movements(session: TableSession) -> dict[int, int]:
    """Net chips into the float per denomination from transactions and counted slips.

    Positive = into the float. In-hand changes come from the pot (CHIP-14) and
    closing slips come after the closing count, so neither is included. A slip counts
    once all five have signed and it is not void (``slip_counts``).
    """
    net: dict[int, int] = defaultdict(int)
    for denom_id, n in _FLOAT_MOVEMENTS.all(session=session.pk):
        net[denom_id] += n
    return dict(net)


def expected_float(session: TableSession) -> dict[int, int] | None:
    """Opening count plus every movement so far; ``None`` while there is no opening count."""
    opening = session_opening_count(session)
    if opening is None:
        return None
    result = dict(opening.lines)
    for denom_id, n in float_movements(session).items():
        result[denom_id] = result.get(denom_id, 0) + n
    return result


# --------------------------------------------------------------------------- table card


def buyins(session: TableSession) -> QuerySet[TableTransaction]:
    return (
        TableTransaction.objects.filter(session=session, kind=TransactionKind.BUYIN)
        .select_related("croupier", "approved_by", "player", "override_by", "reverses")
        .prefetch_related("cash_lines", "chip_lines__denomination")
        .order_by("recorded_at", "id")
    )


def effective_at(tx: TableTransaction) -> datetime:
    """When a transaction took effect: a reversal undoes its original at the original's time."""
    return tx.reverses.recorded_at if tx.reverses_id and tx.reverses else tx.recorded_at


@dataclass
class SeatSummary:
    """What the supervisor watches per seated player (BUYIN-07)."""

    seat: int
    player_name: str = ""
    player_id: int | None = None
    seated_since: datetime | None = None
    total_buyin: Decimal = Decimal("0")
    rebuys: int = 0
    seated: bool = False
    left_at: datetime | None = None
    left_with: Decimal | None = None

    @property
    def minutes_seated(self) -> int | None:
        if self.seated_since is None:
            return None
        end = self.left_at if not self.seated and self.left_at else timezone.now()
        return int((end - self.seated_since).total_seconds() // 60)


def _seat_events(
    session: TableSession, seat: int | None = None
) -> list[tuple[datetime, int, str, Any]]:
    # Only what the summary reads (no lines), and only one seat when asked: a buy-in
    # must not read the whole session's history (issue 9 §5, the load run).
    txs = TableTransaction.objects.filter(session=session, kind=TransactionKind.BUYIN)
    departures = SeatDeparture.objects.filter(session=session)
    if seat is not None:
        txs, departures = txs.filter(seat=seat), departures.filter(seat=seat)
    events: list[tuple[datetime, int, str, Any]] = []
    for tx in txs.select_related("player", "reverses"):
        events.append((effective_at(tx), tx.pk, "buyin", tx))
    for dep in departures.select_related("player"):
        events.append((dep.left_at, dep.pk, "departure", dep))
    events.sort(key=lambda e: (e[0], 0 if e[2] == "buyin" else 1, e[1]))
    return events


def seat_summaries(session: TableSession, seat: int | None = None) -> dict[int, SeatSummary]:
    """Per seat: current player, seated since, cumulative buy-in, re-buys, time (BUYIN-07).

    With ``seat``, only that seat's summary is computed (the others are absent)."""
    seats: dict[int, SeatSummary] = {}
    for _at, _pk, what, obj in _seat_events(session, seat):
        summary = seats.get(obj.seat)
        if what == "departure":
            if summary is not None:
                summary.seated = False
                summary.left_at = obj.left_at
                summary.left_with = obj.stack
            continue
        tx: TableTransaction = obj
        if summary is None or (not summary.seated and tx.sign > 0):
            summary = SeatSummary(seat=tx.seat or 0)
            seats[summary.seat] = summary
        if tx.sign > 0:
            if not summary.seated:
                summary.seated = True
                summary.seated_since = tx.recorded_at
                summary.total_buyin = Decimal("0")
                summary.rebuys = 0
            elif tx.is_rebuy:
                summary.rebuys += 1
            summary.player_name = tx.player_name or (tx.player.display_name if tx.player else "")
            summary.player_id = tx.player_id
        elif tx.is_rebuy:
            summary.rebuys = max(0, summary.rebuys - 1)
        summary.total_buyin += tx.sign * tx.amount
        if summary.total_buyin <= 0 and tx.sign < 0:
            # Every buy-in of the stay was reversed (a reversal takes effect when its
            # original did, so a re-buy can be the last one left): nobody sits there.
            summary.seated = False
    return seats


@dataclass(frozen=True)
class SeatMovement:
    """Chips that reached or left a seat between two hands (HREC-08).

    ``added`` is every buy-in and re-buy (any source); ``removed`` is the stack a
    player took when leaving. Colour changes and cash-outs exchange chips of equal
    value and do not change a stack's value.
    """

    seat: int
    added: Decimal = Decimal("0")
    removed: Decimal = Decimal("0")
    transactions: tuple[int, ...] = field(default_factory=tuple)
    departures: tuple[int, ...] = field(default_factory=tuple)

    @property
    def net(self) -> Decimal:
        return self.added - self.removed


def seat_movements(
    session: TableSession, *, since: datetime | None = None, until: datetime | None = None
) -> dict[int, SeatMovement]:
    """Buy-ins and departures per seat with ``since < time <= until``.

    For the hand recorder's continuity check (HREC-08): with ``since`` = end of hand
    N and ``until`` = start of hand N+1, the starting stack of a seat in hand N+1 must
    equal its finishing stack in hand N plus ``added`` minus ``removed``. Re-buys are
    refused while a hand is in progress (BUYIN-05), so every buy-in falls between
    two hands. A reversal counts at its original's time (the buy-in never happened).
    """

    def inside(at: datetime) -> bool:
        return (since is None or at > since) and (until is None or at <= until)

    acc: dict[int, dict[str, Any]] = defaultdict(
        lambda: {"added": Decimal("0"), "removed": Decimal("0"), "tx": [], "dep": []}
    )
    for tx in TableTransaction.objects.filter(
        session=session, kind=TransactionKind.BUYIN
    ).select_related("reverses"):
        if inside(effective_at(tx)) and tx.seat is not None:
            acc[tx.seat]["added"] += tx.sign * tx.amount
            acc[tx.seat]["tx"].append(tx.pk)
    for dep in SeatDeparture.objects.filter(session=session):
        if inside(dep.left_at):
            acc[dep.seat]["removed"] += dep.stack
            acc[dep.seat]["dep"].append(dep.pk)
    return {
        seat: SeatMovement(
            seat=seat,
            added=v["added"],
            removed=v["removed"],
            transactions=tuple(v["tx"]),
            departures=tuple(v["dep"]),
        )
        for seat, v in sorted(acc.items())
    }


# --------------------------------------------------------------------------- cash


def player_key(tx: TableTransaction) -> tuple[str, str]:
    """Who a cash buy-in belongs to for the thresholds: the player, the name, or the seat."""
    if tx.player_id:
        label = tx.player.display_name if tx.player else tx.player_name
        return f"player:{tx.player_id}", label or f"#{tx.player_id}"
    name = normalise_name(tx.player_name)
    if name:
        return f"name:{name}", tx.player_name
    return f"seat:{tx.session_id}:{tx.seat}", f"{tx.table} · {tx.seat}"


def normalise_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def cash_buyins_for_key(gaming_day: GamingDay, key: str) -> list[TableTransaction]:
    """The cash buy-ins (and their reversals) of one player key in a gaming day."""
    return list(
        TableTransaction.objects.filter(
            gaming_day=gaming_day, kind=TransactionKind.BUYIN, source="cash", cash_key=key
        )
    )


# The day's cash of one player (issue 43): an indexed SUM over the stored key
# (``TableTransaction.cash_key``), where every anonymous cash buy-in of the day was read
# and its name normalised in Python.
_CASH_TOTAL = HotQuery(
    lambda day, key: (
        TableTransaction.objects.filter(
            gaming_day_id=day, kind=TransactionKind.BUYIN, source="cash", cash_key=key
        )
        .order_by()
        .values("gaming_day_id")
        .annotate(total=Sum(F("amount") * F("sign"), output_field=DecimalField(**MONEY)))
        .values_list("total", flat=True)
    ),
    day=int,
    key=str,
)


def cash_total(gaming_day: GamingDay, key: str) -> Decimal:
    """The player's cash buy-ins of the day, net of reversals (the thresholds' figure)."""
    total = _CASH_TOTAL.first(day=gaming_day.pk, key=key)
    return Decimal("0") if total is None else total


# --------------------------------------------------------------------------- drop


def rake_ledger(session: TableSession) -> Decimal:
    """The session's rake ledger, net of reversals (RAKE-08): what the rake box should hold.

    The one definition: the reconciliation and every report read it here.
    """
    total = RakeEntry.objects.filter(session=session).aggregate(
        total=Sum(
            F("amount") * F("sign"), output_field=DecimalField(max_digits=18, decimal_places=2)
        )
    )["total"]
    return total if total is not None else Decimal("0")


def drop_counts(session: TableSession) -> list[DropCount]:
    return list(
        DropCount.objects.filter(session=session)
        .prefetch_related("lines")
        .order_by("counted_at", "id")
    )


def agreed_drop_count(session: TableSession) -> DropCount | None:
    """The latest count that a second, different counter matched exactly."""
    counts = [c for c in drop_counts(session) if c.is_locked]
    for i in range(len(counts) - 1, 0, -1):
        latest = counts[i]
        for earlier in reversed(counts[:i]):
            if earlier.counter_id != latest.counter_id:
                if earlier.line_key() == latest.line_key():
                    return latest
                break
    return None


# --------------------------------------------------------------------------- access


def access_slip(actor: Actor, slip_id: int, perm: Perm = Perm.VIEW_CAGE) -> Slip:
    require(actor, perm)
    slip = slips_for(actor.casino, pk=slip_id).first()
    if slip is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
    require_assigned_for(actor, perm, session=slip.session, table=slip.table)
    return slip


def access_transaction(actor: Actor, tx_id: int, perm: Perm = Perm.VIEW_CAGE) -> TableTransaction:
    require(actor, perm)
    tx = (
        TableTransaction.objects.select_related("session", "table")
        .filter(pk=tx_id, casino=actor.casino)
        .first()
    )
    if tx is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=TableTransaction)
    require_assigned_for(actor, perm, session=tx.session)
    return tx


def access_gaming_day(actor: Actor, day_id: int, perm: Perm) -> GamingDay:
    require(actor, perm)
    day = GamingDay.objects.filter(pk=day_id, casino=actor.casino).first()
    if day is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=GamingDay)
    return day


def require_sees_expected(actor: Actor) -> None:
    """Counters count blind: the cage cashier never sees expected figures (issue 6 item 8)."""
    require(actor, Perm.VIEW_CAGE)
    if actor.role == Role.CAGE_CASHIER:
        raise DomainError.of(CageCode.BLIND_COUNT)


def sessions_of_day(gaming_day: GamingDay) -> QuerySet[TableSession]:
    """The day's cash sessions: a tournament table has no float, no drop and no rake (its
    money is the tournament's ledger, reconciled by its settlement, issue 42)."""
    return (
        TableSession.objects.filter(gaming_day=gaming_day)
        .exclude(kind=SessionKind.TOURNAMENT)
        .select_related("table", "settings", "supervisor", "gaming_day")
        .order_by("table__number", "number")
    )


def slip_kind_series(kind: str) -> str:
    """The stored series of a kind's numbers (GEN-10); never changes, so numbers already
    issued stay as they are (``slip_number_label`` is what people read)."""
    return "FILL" if kind == SlipKind.FILL else "CREDIT"


def slip_number(slip: Slip) -> str:
    """The slip's number within its kind's series and year: "2026-000123"."""
    return f"{slip.year}-{slip.number:06d}"


def slip_number_label(slip: Slip, lang: str | None = None) -> str:
    """The slip's number as forms and pages print it, in the manual's words:
    "Relleno N.º 2026-000123", "Crédito N.º 2026-000007" ("Fill no. …" in English).
    ``lang`` defaults to the request's language (``casino.formatting.active_lang``).

    The stored serial (``Slip.serial``, series FILL / CREDIT) stays the machine's
    reference (API, audit trail); only the words shown change (issue 14 §5).
    """
    fill = slip.kind == SlipKind.FILL
    if (lang or active_lang()) == "en":
        return f"{'Fill' if fill else 'Credit'} no. {slip_number(slip)}"
    return f"{'Relleno' if fill else 'Crédito'} N.º {slip_number(slip)}"


def closing_slip_adjustments(session: TableSession) -> dict[int, int]:
    """Chips the closing fills (+) and credits (-) moved, per denomination (CLOSE-07).

    Registered with ``tables.hooks``: the next opening expects the closing count
    after these slips (OPEN-06). Only slips signed by all five and not void count.
    """
    net: dict[int, int] = defaultdict(int)
    for slip in Slip.objects.filter(session=session, purpose=SlipPurpose.CLOSING).prefetch_related(
        "lines"
    ):
        if slip_counts(slip):
            for line in slip.lines.all():
                net[line.denomination_id] += slip.float_sign * line.count
    return dict(net)


_SLIP_STATUS_TEXT = {
    # The table's side of a fill: the chips come to the table.
    (SlipKind.FILL, "requested"): (
        "pedido, sin emitir por la caja",
        "requested, not issued by the cage",
    ),
    (SlipKind.FILL, "issued"): ("emitido, sin traer a la mesa", "issued, not carried to the table"),
    (SlipKind.FILL, "carried"): (
        "traído, sin recibir en la mesa",
        "carried, not received at the table",
    ),
    # A credit's: the chips leave the table. Once security has carried them, what is
    # left (the cage's confirmation) is not the table's work.
    (SlipKind.CREDIT, "requested"): (
        "pedido, sin firmar por el croupier y el supervisor",
        "requested, not signed by the croupier and the supervisor",
    ),
    (SlipKind.CREDIT, "issued"): (
        "firmado en la mesa, sin retirar por seguridad",
        "signed at the table, not yet taken by security",
    ),
}
_VOID_PENDING_TEXT = ("anulación sin confirmar", "void not confirmed")


def pending_table_work(session: TableSession) -> list[dict[str, Any]]:
    """The cage's work still open at a table (ROLE-04): fills not yet received at the
    table, credits whose chips security has not yet taken from it, and voids waiting for
    their confirmation.

    Registered with ``tables.hooks``: a dealer change warns about each, so the outgoing
    croupier hands it over. Buy-ins, changes and cash-outs are recorded whole, in one
    transaction: none is ever left open.
    """
    out: list[dict[str, Any]] = []
    slips = Slip.objects.filter(session=session, locked_at__isnull=True).order_by(
        "requested_at", "id"
    )
    for slip in slips:
        status = slip_status(slip)
        if status == "void_pending":
            es, en = _VOID_PENDING_TEXT
        elif (slip.kind, status) in _SLIP_STATUS_TEXT:
            es, en = _SLIP_STATUS_TEXT[(slip.kind, status)]
        else:  # void, received, or a credit already carried to the cage
            continue
        out.append(
            {
                "code": "SLIP_PENDING",
                "message": {
                    "es": f"{slip_number_label(slip, 'es')} pendiente ({es}): infórmelo al "
                    "croupier entrante (ROLE-04).",
                    "en": f"{slip_number_label(slip, 'en')} still open ({en}): tell the "
                    "incoming croupier (ROLE-04).",
                },
                "details": {"slip": slip.serial, "kind": slip.kind, "status": status},
            }
        )
    return out


def alerts_with_day_cash(alerts: Iterable[CashAlert]) -> list[tuple[CashAlert, Decimal]]:
    """Each cash alert with its player's cash in the gaming day now (issue 40): the alert
    keeps the cash at the moment the threshold was crossed; the day's goes on growing."""
    totals: dict[tuple[int, str], Decimal] = {}
    out = []
    for alert in alerts:
        key = (alert.gaming_day_id, alert.player_key)
        if key not in totals:
            totals[key] = cash_total(alert.gaming_day, alert.player_key)
        out.append((alert, totals[key]))
    return out
