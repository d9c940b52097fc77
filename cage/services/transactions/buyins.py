"""Buy-ins and re-buys on the table card (BUYIN-01..09, CASH-01..12): the seat, the notes
and chips that come in and go out, and the record."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from casino.access import Actor, same_casino
from casino.atomic import service_atomic
from casino.errors import DomainError
from casino.models import Denomination, User
from casino.roles import Perm, Role
from players.models import Player
from tables.models import Seat, TableSession
from tables.selectors import require_assigned
from tables.services import lock_session
from tables.services.seating import seat_stack_add, seat_take_for_buyin

from ... import selectors
from ...codes import CageCode
from ...models import (
    AlertLevel,
    BuyinSource,
    CagePolicy,
    CashAlert,
    Direction,
    LargeCashHandling,
    TableTransaction,
    TransactionKind,
)
from ..common import (
    Notice,
    Tender,
    chips_value,
    fmt,
    parse_cash,
    parse_chip_lines,
    parse_money,
    require_accepts_transactions,
    require_croupier,
    require_float_holds,
    require_no_hand_in_progress,
    require_player,
    require_staff_role,
)
from .limits import _check_limits, _check_rebuy_rules, _check_stack_before
from .thresholds import _cash_thresholds
from .writing import Recorded, _new_tx, _require_approver, _seat, _write


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
    value, tenders, player_name, before = _buyin_input(
        actor, amount, source, cash, player, player_name, stack_before, large_cash_handling
    )
    with service_atomic():
        s, seat_no, seat_row, is_rebuy, croupier = _buyin_seat(
            actor, session, seat, player, player_name, croupier, pit_boss
        )
        policy = selectors.cage_policy(s.casino_id)
        denominations = selectors.table_denominations(s.table)
        chip_lines = parse_chip_lines(denominations, chips, "chips")
        accepted, returned, notices = _buyin_tenders(
            s, policy, denominations, value, source, tenders, chip_lines, foreign_colour_chips
        )

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
        notices.extend(_large_cash_notices(policy, source, value, pit_boss))
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
        _buyin_write(actor, s, tx, source, chip_lines, accepted, returned, limits)
        seat_stack_add(s, seat_no, value, row=seat_row)
        alerts = _cash_thresholds(tx, policy) if source == BuyinSource.CASH else []
        notices.extend(_alert_notices(alerts, player))
    return Recorded(transaction=tx, warnings=notices, alerts=alerts)


def _buyin_seat(
    actor: Actor,
    session: TableSession,
    seat: int,
    player: Player | None,
    player_name: str,
    croupier: User | None,
    pit_boss: User | None,
) -> tuple[TableSession, int, Seat, bool, User]:
    """The session locked and the actor's right to record there; the seat taken (a new
    player) or found (a re-buy); the croupier and the pit boss named."""
    s = lock_session(session)
    same_casino(actor, s)
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
    return s, seat_no, seat_row, is_rebuy, croupier


def _buyin_write(
    actor: Actor,
    s: TableSession,
    tx: TableTransaction,
    source: str,
    chip_lines: list[tuple[Denomination, int]],
    accepted: list[Tender],
    returned: list[Tender],
    limits: dict[str, Any],
) -> None:
    """The buy-in written with its lines: the chips sold out of the float, the notes
    accepted and returned."""
    chips_rows = (
        [(d, Direction.OUT, n) for d, n in chip_lines] if source == BuyinSource.CASH else []
    )
    # Issue 12 §7: the chips sold come out of the float, which pays only what it holds.
    require_float_holds(s, [(d, n) for d, _direction, n in chips_rows])
    cash_rows = [(t, False) for t in accepted] + [(t, True) for t in returned]
    _write(actor, tx, chips_rows, cash_rows, "cage.buyin.record", reason=limits["override_reason"])


def _buyin_input(
    actor: Actor,
    amount: Decimal | str | int,
    source: str,
    cash: Any,
    player: Player | None,
    player_name: str,
    stack_before: Decimal | str | int | None,
    large_cash_handling: str,
) -> tuple[Decimal, list[Tender], str, Decimal | None]:
    """A buy-in's input, parsed and checked before the transaction: the amount, the
    notes, the player's name as recorded and the stack before a re-buy."""
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
    return value, tenders, player_name, before


def _buyin_tenders(
    s: TableSession,
    policy: CagePolicy,
    denominations: dict[Decimal, Denomination],
    value: Decimal,
    source: str,
    tenders: list[Tender],
    chip_lines: list[tuple[Denomination, int]],
    foreign_colour_chips: bool,
) -> tuple[list[Tender], list[Tender], list[Notice]]:
    """The notes accepted and returned (CASH-08) of a cash buy-in, or the chips of a
    buy-in in chips, checked against the amount; a notice for each note returned."""
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
    return accepted, returned, notices


def _large_cash_notices(
    policy: CagePolicy, source: str, value: Decimal, pit_boss: User | None
) -> list[Notice]:
    """A large cash buy-in without the pit boss: call him (CASH-06)."""
    notices: list[Notice] = []
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
    return notices


def _alert_notices(alerts: list[CashAlert], player: Player | None) -> list[Notice]:
    """What the supervisor is told of each cash alert raised: ask for identification
    (unless the player is identified), a report is due."""
    notices: list[Notice] = []
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
    return notices


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
