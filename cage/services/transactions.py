"""Buy-ins and re-buys (the table card), chip changes, departures and reversals.

Every service here: checks permission first, locks the table session (the one
serialisation point of a table), validates everything, then writes the record,
its lines, its seal and its audit event in one transaction (STYLE, issue 6).
The supervisor who records a buy-in or a change is the one who approves it:
croupiers cannot record them, so nothing is handed over without the
supervisor's approval (CASH-09, CHIP-04, CHIP-13, CHIP-17).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.atomic import service_atomic
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.hotqueries import HotQuery, hot_insert
from casino.models import Denomination, User
from casino.roles import Perm, Role, role_has
from players.models import Player
from tables.codes import TablesCode
from tables.models import Seat, TableSession
from tables.selectors import require_assigned, seat_at
from tables.services import lock_session
from tables.services.seating import seat_stack_add, seat_take_for_buyin, seat_vacate

from .. import selectors
from ..codes import CageCode
from ..models import (
    AlertLevel,
    BuyinSource,
    CagePolicy,
    CashAlert,
    CashLine,
    ChipLine,
    Direction,
    LargeCashHandling,
    SeatDeparture,
    TableTransaction,
    TransactionKind,
)
from .common import (
    Notice,
    Tender,
    advisory_lock,
    check_pin,
    chips_value,
    fmt,
    parse_cash,
    parse_chip_lines,
    parse_money,
    require_accepts_transactions,
    require_croupier,
    require_float_holds,
    require_no_hand_in_progress,
    require_not_closing,
    require_player,
    require_same_casino,
    require_staff_role,
)


@dataclass
class Recorded:
    """A written transaction with the warnings and alerts it raised."""

    transaction: TableTransaction
    warnings: list[Notice] = field(default_factory=list)
    alerts: list[CashAlert] = field(default_factory=list)


# --------------------------------------------------------------------------- writing


def _write(
    actor: Actor,
    tx: TableTransaction,
    chips: list[tuple[Denomination, str, int]],
    cash: list[tuple[Tender, bool]],
    action: str,
    reason: str = "",
) -> TableTransaction:
    chip_rows = [
        ChipLine(denomination=d, direction=direction, count=n) for d, direction, n in chips
    ]
    cash_rows = [
        CashLine(kind=t.kind, value=t.value, count=t.count, returned=returned)
        for t, returned in cash
    ]
    if tx.kind == TransactionKind.BUYIN:
        tx.cash_key = selectors.player_key(tx)[0]  # the day's cash per player (issue 43)
    tx.seal = tx.compute_seal(chip_rows, cash_rows)
    hot_insert([tx])  # the ORM's INSERTs, built once (issue 43)
    for row in chip_rows:
        row.transaction = tx
    for row in cash_rows:
        row.transaction = tx
    hot_insert(chip_rows)
    hot_insert(cash_rows)
    _remember_lines(tx, chip_rows, cash_rows)
    audit_record(
        actor=actor,
        action=action,
        obj=tx,
        after=tx.seal_payload(chip_rows, cash_rows),
        reason=reason,
        chain=(tx,),  # the keyed seal joins the day's evidence chain (issue 12 §5)
    )
    return tx


def _remember_lines(
    tx: TableTransaction, chip_rows: list[ChipLine], cash_rows: list[CashLine]
) -> None:
    """The lines just written are the transaction's lines: its response reads them from
    memory instead of four queries re-reading what this write inserted (issue 18 §3).

    Set as Django's prefetch cache of ``chip_lines`` and ``cash_lines``, in each model's
    ``Meta.ordering`` (direction, then the larger chip first; changed notes before the
    returned ones, the larger first), so the answer is the one a later read gives
    (``tests/cage/api/test_api.py::test_the_answer_of_a_write_is_what_a_later_read_gives``).
    """
    cache = tx.__dict__.setdefault("_prefetched_objects_cache", {})
    for name, rows in (
        ("chip_lines", sorted(chip_rows, key=lambda r: (r.direction, -r.denomination.value))),
        ("cash_lines", sorted(cash_rows, key=lambda r: (r.returned, -r.value))),
    ):
        queryset = getattr(tx, name).all()
        queryset._result_cache = rows
        queryset._prefetch_done = True
        cache[name] = queryset


def _new_tx(
    actor: Actor, session: TableSession, kind: str, amount: Decimal, **fields: Any
) -> TableTransaction:
    return TableTransaction(
        casino_id=session.casino_id,
        # The locked session's own rows (``lock_session`` reads them with it): the threshold
        # check and the response read them from here, not from the database again.
        gaming_day=session.gaming_day,
        table=session.table,
        session=session,
        kind=kind,
        amount=amount,
        recorded_at=timezone.now(),
        approved_by=actor.user,
        approved_role=actor.role.value,
        **fields,
    )


def _require_approver(actor: Actor, perm: Perm) -> None:
    require(actor, perm)
    require(actor, Perm.APPROVE_CHANGE)


# --------------------------------------------------------------------------- buy-ins


def _seat(session: TableSession, seat: Any) -> int:
    try:
        number = int(seat)
    except (TypeError, ValueError):
        number = -1
    if isinstance(seat, bool) or number < 1 or number > session.settings.max_seats:
        raise DomainError.of(
            TablesCode.SEAT_INVALID, max_seats=session.settings.max_seats, field="seat"
        )
    return number


def _split_cash(
    tenders: list[Tender], smallest_chip: Decimal | None, policy: CagePolicy
) -> tuple[list[Tender], list[Tender]]:
    """Accepted notes, and notes that cannot be changed and go back to the player (CASH-08)."""
    allowed = {Decimal(str(v)) for v in (policy.note_values or [])}
    accepted: list[Tender] = []
    returned: list[Tender] = []
    for index, tender in enumerate(tenders):
        if tender.kind == "note" and allowed and tender.value not in allowed:
            raise DomainError.of(
                CageCode.NOTE_VALUE_UNKNOWN, tender=tender.value, field=f"cash.{index}.value"
            )
        changeable = smallest_chip is not None and tender.value % smallest_chip == 0
        (accepted if changeable else returned).append(tender)
    return accepted, returned


def _exemption_cap(
    session: TableSession,
    player: Player | None,
    max_buyin: Decimal,
    policy: CagePolicy,
    now: datetime,
) -> SeatDeparture | None:
    """BUYIN-03: a player who left this table with more than the maximum and is back
    within ``return_exemption_minutes`` may buy in up to what they left with (OQ-08)."""
    if player is None:
        return None
    since = now - timedelta(minutes=policy.return_exemption_minutes)
    departure = (
        SeatDeparture.objects.filter(table_id=session.table_id, player=player, left_at__gte=since)
        .order_by("-left_at", "-id")
        .first()
    )
    if departure is not None and departure.stack > max_buyin:
        return departure
    return None


def _check_override(actor: Actor, override_by: User | None, pin: str | None, reason: str) -> User:
    user = require_staff_role(
        override_by, actor, [Role.PIT_BOSS, Role.SHIFT_MANAGER], "override_by"
    )
    if not any(
        user.holds_role(r) and role_has(r, Perm.OVERRIDE_BUYIN_LIMIT)
        for r in (Role.PIT_BOSS, Role.SHIFT_MANAGER)
    ):
        raise DomainError.of(ApiCode.PERMISSION_DENIED, field="override_by")
    if user.pk == actor.user.pk:
        raise DomainError.of(CageCode.OVERRIDE_NOT_INDEPENDENT, field="override_by")
    check_pin(actor, user, pin, "override_pin")
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.OVERRIDE_REASON_REQUIRED, field="override_reason")
    return user


def buyin_record(
    *,
    actor: Actor,
    session: TableSession,
    seat: int,
    amount: Decimal | str | int,
    croupier: User | None,
    chips: Any = (),
    cash: Any = (),
    source: str = BuyinSource.CASH,
    player: Player | None = None,
    player_name: str = "",
    stack_before: Decimal | str | int | None = None,
    foreign_colour_chips: bool = False,
    override_by: User | None = None,
    override_pin: str | None = None,
    override_reason: str = "",
    pit_boss: User | None = None,
    large_cash_handling: str = "",
) -> Recorded:
    """Record a buy-in or re-buy on the table card (BUYIN-01..09, CASH-01..12).

    For a cash buy-in the player's notes (``cash``) come in and ``chips`` go out of
    the float; their values must match. Notes that cannot be changed are recorded
    as returned (CASH-08). Re-buys only between hands (BUYIN-05).
    """
    _require_approver(actor, Perm.RECORD_BUYIN)
    value = parse_money(amount, "amount")
    if source not in BuyinSource.values:
        raise DomainError.of(CageCode.SOURCE_INVALID, source=source, field="source")
    tenders = parse_cash(cash, "cash")
    player_name = (player_name or "").strip()[:120]
    before = (
        None
        if stack_before in (None, "")
        else parse_money(stack_before, "stack_before", allow_zero=True)
    )
    require_player(player, actor)
    if large_cash_handling not in LargeCashHandling.values:
        raise DomainError.of(CageCode.HANDLING_INVALID, field="large_cash_handling")
    with service_atomic():
        s = lock_session(session)
        require_same_casino(actor, s)
        # Issue 12 §1: only the session's supervisor (or recorded relief) records here.
        assignment = require_assigned(actor, session=s)
        require_accepts_transactions(s)
        seat_no = _seat(s, seat)
        # Issue 13 §1, §3: the seating plan (tables) says who sits there. An empty seat
        # seats the new player now, even during a hand (dealt in from the next one); only
        # a re-buy waits for the hand to end (BUYIN-05).
        seat_row, is_rebuy = seat_take_for_buyin(actor, s, seat_no, player, player_name)
        if is_rebuy:
            require_no_hand_in_progress(s)
        croupier = require_croupier(croupier, actor, session=s, assignment=assignment)
        if pit_boss is not None:
            require_staff_role(pit_boss, actor, [Role.PIT_BOSS], "pit_boss")
        policy = selectors.cage_policy(s.casino_id)
        denominations = selectors.table_denominations(s.table)
        chip_lines = parse_chip_lines(denominations, chips, "chips")
        notices: list[Notice] = []
        accepted: list[Tender] = []
        returned: list[Tender] = []
        if source == BuyinSource.CASH:
            accepted, returned = _validate_cash_buyin(
                s, policy, denominations, value, tenders, chip_lines
            )
            for t in returned:
                notices.append(
                    Notice(
                        "NOTE_RETURNED",
                        f"Devuelva al jugador {t.count} billete(s) de {fmt(t.value)}: "
                        "no se pueden cambiar con las fichas de la mesa.",
                        f"Return {t.count} note(s) of {fmt(t.value)} to the player: "
                        "they cannot be changed with the table's chips.",
                    )
                )
        else:
            _validate_chip_buyin(policy, source, tenders, chip_lines, foreign_colour_chips)

        if is_rebuy and player is None and not player_name:
            player_name = seat_row.name
            player = seat_row.player

        if is_rebuy:
            _check_stack_before(seat_row, before)
            _check_rebuy_rules(s, value, before)
        limits = _check_limits(
            actor,
            s,
            policy,
            value,
            is_rebuy,
            before,
            player,
            override_by,
            override_pin,
            override_reason,
        )
        if (
            source == BuyinSource.CASH
            and policy.large_cash_threshold is not None
            and value >= policy.large_cash_threshold
            and pit_boss is None
        ):
            notices.append(
                Notice(
                    "LARGE_CASH",
                    f"Compra de {fmt(value)} en efectivo: avise al jefe de sector (CASH-06).",
                    f"Cash buy-in of {fmt(value)}: call the pit boss (CASH-06).",
                )
            )
        tx = _new_tx(
            actor,
            s,
            TransactionKind.BUYIN,
            value,
            croupier=croupier,
            seat=seat_no,
            player=player,
            player_name=player_name,
            source=source,
            is_rebuy=is_rebuy,
            stack_before=before if is_rebuy else None,
            limit_min=limits["min"],
            limit_max=limits["cap"],
            exemption_applied=limits["exempt"],
            override_by=limits["override_by"],
            override_reason=limits["override_reason"],
            pit_boss=pit_boss,
            large_cash_handling=large_cash_handling,
        )
        chips_rows = (
            [(d, Direction.OUT, n) for d, n in chip_lines] if source == BuyinSource.CASH else []
        )
        # Issue 12 §7: the chips sold come out of the float, which pays only what it holds.
        require_float_holds(s, [(d, n) for d, _direction, n in chips_rows])
        cash_rows = [(t, False) for t in accepted] + [(t, True) for t in returned]
        _write(
            actor, tx, chips_rows, cash_rows, "cage.buyin.record", reason=limits["override_reason"]
        )
        seat_stack_add(s, seat_no, value, row=seat_row)
        alerts = _cash_thresholds(tx, policy) if source == BuyinSource.CASH else []
        for alert in alerts:
            if alert.level == AlertLevel.IDENTIFY and not (player and player.document_number):
                notices.append(
                    Notice(
                        "IDENTIFICATION_REQUIRED",
                        f"{alert.player_label}: {fmt(alert.total)} en efectivo hoy; pida identificación.",
                        f"{alert.player_label}: {fmt(alert.total)} in cash today; ask for identification.",
                    )
                )
            if alert.level == AlertLevel.REPORT:
                notices.append(
                    Notice(
                        "CASH_REPORT_REQUIRED",
                        f"{alert.player_label}: {fmt(alert.total)} en efectivo hoy; corresponde informe.",
                        f"{alert.player_label}: {fmt(alert.total)} in cash today; a report is due.",
                    )
                )
    return Recorded(transaction=tx, warnings=notices, alerts=alerts)


def _validate_cash_buyin(
    s: TableSession,
    policy: CagePolicy,
    denominations: dict[Decimal, Denomination],
    value: Decimal,
    tenders: list[Tender],
    chip_lines: list[tuple[Denomination, int]],
) -> tuple[list[Tender], list[Tender]]:
    if policy.table_cash_change_policy == CagePolicy.CashChangePolicy.CAGE_ONLY:
        # CASH-01: in a cage-only house every cash change is made at the cage.
        raise DomainError.of(CageCode.CASH_CHANGE_AT_CAGE_ONLY, field="source")
    if not tenders:
        raise DomainError.of(CageCode.CASH_REQUIRED, field="cash")
    smallest = min(denominations) if denominations else None
    accepted, returned = _split_cash(tenders, smallest, policy)
    received = sum((t.total for t in accepted), Decimal("0"))
    if received != value:
        raise DomainError.of(
            CageCode.CASH_AMOUNT_MISMATCH, received=received, value=value, field="cash"
        )
    if not chip_lines:
        raise DomainError.of(CageCode.CHIPS_REQUIRED, field="chips")
    paid = chips_value(chip_lines)
    if paid != value:
        raise DomainError.of(CageCode.CHIPS_AMOUNT_MISMATCH, paid=paid, value=value, field="chips")
    return accepted, returned


def _validate_chip_buyin(
    policy: CagePolicy,
    source: str,
    tenders: list[Tender],
    chip_lines: list[tuple[Denomination, int]],
    foreign_colour_chips: bool,
) -> None:
    if tenders or chip_lines:
        raise DomainError.of(CageCode.NO_FLOAT_MOVEMENT, field="chips" if chip_lines else "cash")
    if source == BuyinSource.OTHER_TABLE:
        rule = policy.foreign_chips_policy
        if rule == CagePolicy.ForeignChips.NONE or (
            foreign_colour_chips and rule != CagePolicy.ForeignChips.ALL
        ):
            # CHIP-01, OQ-36: colour chips of other tables are refused by default.
            raise DomainError.of(CageCode.FOREIGN_CHIPS_REFUSED, field="source")


def _check_stack_before(seat: Seat, before: Decimal | None) -> None:
    """Issue 12 §7: the declared stack before a re-buy is the one the table's plan holds.

    The seating plan (``tables``) holds the seat's stack between hands: its finishing
    stack in its last hand plus the buy-ins since (issue 13 §1); before any hand at the
    seat, the buy-ins alone. Whenever it knows one, the declaration must match it (issue
    39 §2: "0.00" declared on a seat holding 1,000 let the stack pass the maximum).
    """
    if before is None or seat.stack is None:
        return
    known = seat.stack
    if known != before:
        raise DomainError.of(
            CageCode.STACK_MISMATCH,
            before=before,
            seat=seat.seat,
            known=known,
            field="stack_before",
            details={"seat": seat.seat, "declared": str(before), "known": str(known)},
        )


def _check_rebuy_rules(s: TableSession, value: Decimal, before: Decimal | None) -> None:
    """The table's re-buy rules, from the session's settings version (financial settings
    apply from the next session, GEN-04): OQ-27 only when busted; BUYIN-04 fixed amounts."""
    settings = s.settings
    if settings.rebuy_only_when_busted and (before is None or before > 0):
        raise DomainError.of(
            CageCode.REBUY_ONLY_WHEN_BUSTED,
            stack=before,
            field="stack_before",
            details={"stack_before": None if before is None else str(before)},
        )
    allowed = [Decimal(a) for a in settings.rebuy_amounts or ()]
    if allowed and value not in allowed:
        listed = ", ".join(fmt(a) for a in allowed)
        raise DomainError.of(
            CageCode.REBUY_AMOUNT_NOT_ALLOWED,
            listed=listed,
            value=value,
            field="amount",
            details={"allowed": [str(a) for a in allowed]},
        )


def _check_limits(
    actor: Actor,
    s: TableSession,
    policy: CagePolicy,
    value: Decimal,
    is_rebuy: bool,
    before: Decimal | None,
    player: Player | None,
    override_by: User | None,
    override_pin: str | None,
    override_reason: str,
) -> dict[str, Any]:
    """BUYIN-01/02/03/09: full buy-in to sit; the stack never above the maximum."""
    settings = s.settings
    minimum, maximum = settings.min_buyin, settings.max_buyin
    stack = before if is_rebuy else Decimal("0")
    if is_rebuy and stack is None and maximum is not None:
        raise DomainError.of(CageCode.REBUY_STACK_REQUIRED, maximum=maximum, field="stack_before")
    stack = stack or Decimal("0")
    cap = maximum
    exempt = False
    problem = None
    if not is_rebuy and value < minimum:
        problem = DomainError.of(
            CageCode.BUYIN_BELOW_MINIMUM,
            minimum=minimum,
            value=value,
            field="amount",
            details={"minimum": str(minimum)},
        )
    if maximum is not None and stack + value > maximum:
        departure = _exemption_cap(s, player, maximum, policy, timezone.now())
        if departure is not None and stack + value <= departure.stack:
            cap, exempt = departure.stack, True
        elif problem is None:
            problem = DomainError.of(
                CageCode.BUYIN_ABOVE_MAXIMUM,
                value=stack + value,
                maximum=maximum,
                field="amount",
                details={"maximum": str(maximum), "stack_after": str(stack + value)},
            )
    result: dict[str, Any] = {
        "min": minimum,
        "cap": cap,
        "exempt": exempt,
        "override_by": None,
        "override_reason": "",
    }
    if problem is not None:
        if override_by is None:
            raise problem
        # BUYIN-09: a pit boss may allow it, with a reason; it is reported to managers.
        result["override_by"] = _check_override(actor, override_by, override_pin, override_reason)
        result["override_reason"] = override_reason.strip()
    return result


# The alerts a player already has today (read once, when a threshold is reached).
_ALERTED_LEVELS = HotQuery(
    lambda day, key: (
        CashAlert.objects.filter(gaming_day_id=day, player_key=key)
        .order_by()
        .values_list("level", flat=True)
    ),
    day=int,
    key=str,
)


def _cash_thresholds(tx: TableTransaction, policy: CagePolicy) -> list[CashAlert]:
    """Cash buy-ins of the player this gaming day, against the thresholds (item 10)."""
    key, label = tx.cash_key, selectors.player_key(tx)[1]
    advisory_lock(f"cage-cash:{tx.gaming_day_id}:{key}")
    total = selectors.cash_total(tx.gaming_day, key)
    created = []
    levels = (
        (AlertLevel.IDENTIFY, policy.id_threshold),
        (AlertLevel.REPORT, policy.report_threshold),
    )
    reached = [(level, threshold) for level, threshold in levels if total >= threshold]
    alerted = set(_ALERTED_LEVELS.all(day=tx.gaming_day_id, key=key)) if reached else set()
    for level, threshold in reached:
        if level not in alerted:
            alert = CashAlert.objects.create(
                casino_id=tx.casino_id,
                gaming_day_id=tx.gaming_day_id,
                player=tx.player,
                player_key=key,
                player_label=label[:160],
                level=level,
                threshold=threshold,
                total=total,
                transaction=tx,
            )
            audit_record(
                actor=None,
                action="cage.cash_alert.raise",
                obj=alert,
                after={
                    "key": key,
                    "level": level,
                    "total": str(total),
                    "threshold": str(threshold),
                },
                casino_id=tx.casino_id,
            )
            created.append(alert)
    return created


# --------------------------------------------------------------------------- changes


def _change(
    *,
    actor: Actor,
    session: TableSession,
    kind: str,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
    hand_number: int | None = None,
    hand_ref: str = "",
) -> Recorded:
    _require_approver(actor, Perm.RECORD_CHANGE)
    with service_atomic():
        s = lock_session(session)
        require_same_casino(actor, s)
        assignment = require_assigned(actor, session=s)  # issue 12 §1
        require_accepts_transactions(s)
        if kind == TransactionKind.IN_HAND_CHANGE:
            if not s.hand_in_progress:
                raise DomainError.of(CageCode.NO_HAND_IN_PROGRESS, field="session")
        else:
            require_no_hand_in_progress(s)
        seat_no = _seat(s, seat) if seat not in (None, "") else None
        croupier = require_croupier(croupier, actor, session=s, assignment=assignment)
        denominations = selectors.table_denominations(s.table)
        ins = parse_chip_lines(denominations, chips_in, "chips_in")
        outs = parse_chip_lines(denominations, chips_out, "chips_out")
        if not ins or not outs:
            raise DomainError.of(
                CageCode.CHIPS_REQUIRED, field="chips_in" if not ins else "chips_out"
            )
        value_in, value_out = chips_value(ins), chips_value(outs)
        if value_in != value_out:
            # CHIP-06, CHIP-15, CHIP-17: equal value in and out.
            raise DomainError.of(
                CageCode.CHANGE_UNEQUAL,
                value_in=value_in,
                value_out=value_out,
                field="chips_out",
                details={"value_in": str(value_in), "value_out": str(value_out)},
            )
        if kind != TransactionKind.IN_HAND_CHANGE:
            # Issue 12 §7 (the in-hand change is paid from the pot, CHIP-14).
            require_float_holds(s, outs, ins=ins)
        notices = (
            _change_notices(s, kind, outs, ins, denominations)
            if kind != TransactionKind.IN_HAND_CHANGE
            else []
        )
        tx = _new_tx(
            actor,
            s,
            kind,
            value_in,
            croupier=croupier,
            seat=seat_no,
            hand_number=hand_number,
            hand_ref=(hand_ref or "")[:64],
        )
        rows = [(d, Direction.IN, n) for d, n in ins] + [(d, Direction.OUT, n) for d, n in outs]
        _write(actor, tx, rows, [], f"cage.{kind}.record")
    return Recorded(transaction=tx, warnings=notices)


def _change_notices(
    s: TableSession,
    kind: str,
    outs: list[tuple[Denomination, int]],
    ins: list[tuple[Denomination, int]],
    denominations: dict[Decimal, Denomination],
) -> list[Notice]:
    notices: list[Notice] = []
    if kind == TransactionKind.COLOUR_CHANGE:
        blind = selectors.blind_denomination(s.table, s.settings.small_blind, denominations)
        if blind is not None and not any(d.value <= blind for d, _n in outs):
            notices.append(
                Notice(
                    "NO_BLIND_CHIPS",
                    f"El cambio no incluye fichas de {fmt(blind)} para las ciegas (CHIP-05).",
                    f"The change includes no {fmt(blind)} chips for the blinds (CHIP-05).",
                )
            )
    policy = selectors.cage_policy(s.casino_id)
    if policy.float_low_pct:
        expected = selectors.expected_float(s)
        if expected is not None:
            par = selectors.float_par(s.table)
            delta = {d.pk: n for d, n in ins}
            for d, n in outs:
                after = expected.get(d.pk, 0) + delta.get(d.pk, 0) - n
                floor = par.get(d.pk, 0) * policy.float_low_pct // 100
                if par.get(d.pk) and after < floor:
                    notices.append(
                        Notice(
                            "FLOAT_LOW",
                            f"Quedan {after} fichas de {fmt(d.value)} en la banca (mínimo {floor}): "
                            "pida un relleno.",
                            f"{after} chips of {fmt(d.value)} left in the float (low mark {floor}): "
                            "request a fill.",
                        )
                    )
    return notices


def colour_change_record(
    *,
    actor: Actor,
    session: TableSession,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
) -> Recorded:
    """Higher chips (or casino value chips) in, smaller or colour chips out (§7.2, CHIP-02..06)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.COLOUR_CHANGE,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
        seat=seat,
    )


def cash_out_record(
    *,
    actor: Actor,
    session: TableSession,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
) -> Recorded:
    """Smaller chips in, larger chips out, always approved (§7.3, CHIP-07..15, CLOSE-02)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.CASH_OUT,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
        seat=seat,
    )


def tip_change_record(
    *, actor: Actor, session: TableSession, chips_in: Any, chips_out: Any, croupier: User | None
) -> Recorded:
    """The croupier's tips coloured up at the float (§7.3 i, CHIP-17); tips stay apart (CHIP-18)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.TIP_CHANGE,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
    )


def in_hand_change_record(
    *,
    actor: Actor,
    session: TableSession,
    chips_in: Any,
    chips_out: Any,
    croupier: User | None,
    seat: int | None = None,
    hand_number: int | None = None,
    hand_ref: str = "",
) -> Recorded:
    """A change during a hand made with chips from the pot, never the float (§7.3 h, CHIP-14)."""
    return _change(
        actor=actor,
        session=session,
        kind=TransactionKind.IN_HAND_CHANGE,
        chips_in=chips_in,
        chips_out=chips_out,
        croupier=croupier,
        seat=seat,
        hand_number=hand_number,
        hand_ref=hand_ref,
    )


# --------------------------------------------------------------------------- departures


def player_departure_record(
    *,
    actor: Actor,
    session: TableSession,
    seat: int,
    stack: Decimal | str | int,
) -> SeatDeparture:
    """A player leaves the seat with ``stack`` (BUYIN-03 exemption, HREC-08 continuity)."""
    require(actor, Perm.RECORD_BUYIN)
    value = parse_money(stack, "stack", allow_zero=True)
    with service_atomic():
        s = lock_session(session)
        require_same_casino(actor, s)
        require_assigned(actor, session=s)  # issue 12 §1
        require_not_closing(s)  # OPEN-16, issue 39 §2
        require_no_hand_in_progress(s)
        seat_no = _seat(s, seat)
        occupant = seat_at(s, seat_no)
        if occupant is None:
            raise DomainError.of(TablesCode.SEAT_NOT_OCCUPIED, seat=seat_no, field="seat")
        departure = SeatDeparture.objects.create(
            casino_id=s.casino_id,
            gaming_day_id=s.gaming_day_id,
            table_id=s.table_id,
            session=s,
            seat=seat_no,
            player_id=occupant.player_id,
            player_name=occupant.name,
            stack=value,
            left_at=timezone.now(),
            recorded_by=actor.user,
        )
        seat_vacate(actor, s, seat_no, departure=departure.pk)  # issue 13 §1: one plan
        audit_record(
            actor=actor,
            action="cage.departure.record",
            obj=departure,
            after={"seat": seat_no, "stack": str(value), "player": occupant.player_id},
        )
    return departure


# --------------------------------------------------------------------------- reversals


def transaction_reverse(
    *, actor: Actor, transaction_: TableTransaction, reason: str
) -> TableTransaction:
    """Correct a mistake: a new row with the opposite effect that points at the original."""
    require(actor, Perm.APPROVE_CHANGE)
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    with transaction.atomic():
        original = (
            TableTransaction.objects.select_for_update()
            .prefetch_related("chip_lines", "cash_lines")
            .get(pk=transaction_.pk)
        )
        s = lock_session(original.session_id)
        require_same_casino(actor, s)
        # Issue 12 §1: the session's supervisor or a pit boss of the table's sector.
        require_assigned(actor, session=s)
        # OPEN-16, issue 39 §2: a reversal is a cage write too; none once the closing began
        # (the float and the drop are being counted against the books as they stand).
        require_not_closing(s)
        if original.sign < 0:
            raise DomainError.of(CageCode.REVERSAL_OF_REVERSAL)
        if TableTransaction.objects.filter(reverses=original).exists():
            raise DomainError.of(CageCode.ALREADY_REVERSED)
        copy_fields = [
            "cash_key",
            "kind",
            "croupier_id",
            "seat",
            "player_id",
            "player_name",
            "amount",
            "source",
            "is_rebuy",
            "stack_before",
            "hand_number",
            "hand_ref",
        ]
        tx = _new_tx(actor, s, original.kind, original.amount)
        for name in copy_fields:
            setattr(tx, name, getattr(original, name))
        tx.sign = -1
        tx.reverses = original
        tx.reason = reason.strip()
        chips = [
            (line.denomination, line.direction, line.count) for line in original.chip_lines.all()
        ]
        cash = [
            (Tender(value=c.value, count=c.count, kind=c.kind), c.returned)
            for c in original.cash_lines.all()
        ]
        try:
            with transaction.atomic():
                _write(actor, tx, chips, cash, f"cage.{original.kind}.reverse", reason=tx.reason)
                if original.kind == TransactionKind.BUYIN and original.seat:
                    seat_stack_add(
                        s, original.seat, -original.amount, actor, recorded_at=original.recorded_at
                    )
        except IntegrityError:
            raise DomainError.of(CageCode.ALREADY_REVERSED) from None
    return tx
