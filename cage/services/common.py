"""Shared validation for the cage's services: money, chip counts, cash, staff, sessions.

Everything here validates and refuses before anything is written; the messages are
precise and bilingual (issue 6 "Bad input").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import connection

from casino.access import Actor
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError, PermissionRefused
from casino.formatting import AMOUNT_LIMIT, money
from casino.hotqueries import hot_statement
from casino.models import Denomination, User
from casino.pins import pin_verify
from casino.roles import Role
from casino.scoping import Assignment, check_assignment
from players.models import Player
from tables.codes import TablesCode
from tables.models import TableSession
from tables.selectors import session_assignment

from .. import selectors
from ..codes import CageCode
from ..models import CENT, TenderKind


@dataclass(frozen=True)
class Notice:
    """A warning that does not stop the transaction (e.g. CHIP-05, CASH-06)."""

    code: str
    es: str
    en: str

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": {"es": self.es, "en": self.en}}

    def message(self, lang: str = "es") -> str:
        return self.en if lang.startswith("en") else self.es


@dataclass(frozen=True)
class Tender:
    """Cash put on the table: ``count`` notes (or plaques) of ``value``."""

    value: Decimal
    count: int
    kind: str = TenderKind.NOTE

    @property
    def total(self) -> Decimal:
        return self.value * self.count


def fmt(value: Decimal) -> str:
    """An amount the English way (``1,234.50``), for the cage's notices, which still write
    both languages side by side (a refusal's amounts are formatted when it is rendered)."""
    return money(value, "en")


def parse_money(value: Any, field: str, *, allow_zero: bool = False) -> Decimal:
    """An amount with at most two decimals, positive (or zero when allowed); never float."""
    if isinstance(value, float):
        # Floats are refused on purpose: money is exact (GEN-13); 0.1 + 0.2 is not 0.30.
        raise DomainError.of(CasinoCode.AMOUNT_NOT_DECIMAL_STRING, name=field, field=field)
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field) from None
    if amount.is_finite() and abs(amount) >= AMOUNT_LIMIT:  # issue 39 §4: no column holds it
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field)
    if not amount.is_finite() or amount != amount.quantize(CENT):
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field)
    if amount < 0 or (amount == 0 and not allow_zero):
        raise DomainError.of(CageCode.AMOUNT_NOT_POSITIVE, field=field)
    return amount.quantize(CENT)


# No table moves this many chips (or notes) of one denomination at once: a larger
# figure is a typing slip or an attack, refused before any arithmetic (issue 12 §7).
MAX_COUNT = 100_000


def _count_too_large(value: Any, field: str) -> DomainError:
    # grouped in the language when printable, else cut (a count of 5,000 digits is sent)
    count = value if isinstance(value, int) and value < 10**15 else str(value)[:24]
    return DomainError.of(
        TablesCode.COUNT_TOO_LARGE,
        maximum=MAX_COUNT,
        count=count,
        field=field,
        details={"maximum": MAX_COUNT},
    )


def parse_count(value: Any, field: str) -> int:
    """A whole, non-negative number of chips or notes, at most :data:`MAX_COUNT`.

    The bound is checked on the parsed figure before it becomes an ``int``, so
    ``"1e999999999"`` is refused without building a huge number.
    """
    if isinstance(value, bool):
        value = "bool"
    if isinstance(value, int):
        count = value
    else:
        try:
            as_decimal = Decimal(str(value).strip())
        except (InvalidOperation, ValueError):
            raise DomainError.of(CageCode.COUNT_INVALID, value=value, field=field) from None
        if as_decimal.is_finite() and as_decimal > MAX_COUNT:
            raise _count_too_large(value, field)
        if not as_decimal.is_finite() or as_decimal != as_decimal.to_integral_value():
            raise DomainError.of(TablesCode.COUNT_NOT_WHOLE, value=value, field=field)
        count = int(as_decimal)
    if count < 0:
        raise DomainError.of(TablesCode.COUNT_NEGATIVE, count=count, field=field)
    if count > MAX_COUNT:
        raise _count_too_large(count, field)
    return count


def _pairs(items: Iterable[Any] | Mapping[Any, Any] | None) -> list[tuple[Any, Any]]:
    if items is None:
        return []
    if isinstance(items, Mapping):
        return list(items.items())
    out = []
    for item in items:
        if isinstance(item, Mapping):
            out.append((item.get("value", item.get("denomination")), item.get("count")))
        else:
            value, count = item
            out.append((value, count))
    return out


def parse_chip_lines(
    denominations: dict[Decimal, Denomination], items: Any, field: str
) -> list[tuple[Denomination, int]]:
    """``[(value, count), ...]`` (or ``{value: count}``) checked against the chip set.

    Zero lines are dropped; a value twice, a value outside the table's chip set, a
    negative or fractional count are refused (GEN-05, issue 6 "Bad input").
    """
    lines: dict[Decimal, int] = {}
    for index, (raw_value, raw_count) in enumerate(_pairs(items)):
        where = f"{field}.{index}"
        value = (
            raw_value.value
            if isinstance(raw_value, Denomination)
            else parse_money(raw_value, f"{where}.value")
        )
        count = parse_count(raw_count, f"{where}.count")
        if value not in denominations:
            raise DomainError.of(
                TablesCode.DENOMINATION_NOT_IN_CHIP_SET,
                field=f"{where}.value",
                details={"offered": [str(v) for v in sorted(denominations, reverse=True)]},
            )
        if value in lines:
            raise DomainError.of(
                TablesCode.DENOMINATION_REPEATED, value=value, field=f"{where}.value"
            )
        lines[value] = count
    return [(denominations[v], n) for v, n in sorted(lines.items(), reverse=True) if n > 0]


def chips_value(lines: list[tuple[Denomination, int]]) -> Decimal:
    return sum((d.value * n for d, n in lines), Decimal("0"))


def parse_cash(items: Any, field: str) -> list[Tender]:
    """Notes and plaques put on the table. Coins are refused (GEN-06, §7.3 j)."""
    tenders: list[Tender] = []
    raw_items: list[Any] = list(items or [])
    for index, item in enumerate(raw_items):
        where = f"{field}.{index}"
        raw_value: Any
        raw_count: Any
        if isinstance(item, Tender):
            kind, raw_value, raw_count = item.kind, item.value, item.count
        elif isinstance(item, Mapping):
            kind = item.get("kind", TenderKind.NOTE)
            raw_value, raw_count = item.get("value"), item.get("count")
        else:
            raw_value, raw_count = item
            kind = TenderKind.NOTE
        if kind == "coin":
            raise DomainError.of(CageCode.COINS_REFUSED, field=f"{where}.kind")
        if kind not in TenderKind.values:
            raise DomainError.of(CageCode.TENDER_KIND_INVALID, kind=kind, field=f"{where}.kind")
        value = parse_money(raw_value, f"{where}.value")
        count = parse_count(raw_count, f"{where}.count")
        if count:
            tenders.append(Tender(value=value, count=count, kind=kind))
    return tenders


def require_croupier(
    user: User | None,
    actor: Actor,
    field: str = "croupier",
    *,
    session: TableSession,
    assignment: Assignment | None = None,
) -> User:
    """The croupier who made the change: a croupier of the casino, not the approver, and
    the croupier on duty at ``session`` (the latest dealer change, issue 12 §1).

    ``assignment``: the session's assignment already read under the session's lock (what
    ``require_assigned`` returned), so it is not read twice in one write."""
    if user is None:
        raise DomainError.of(
            CageCode.CROUPIER_REQUIRED,
            problem=DomainError.of(CageCode.CROUPIER_OF_CHANGE_REQUIRED),
            field=field,
        )
    if user.casino_id != actor.user.casino_id or not user.is_active:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Role.CROUPIER, field=field)
    if not user.holds_role(Role.CROUPIER):
        raise DomainError.of(CageCode.NOT_A_CROUPIER, user=user, field=field)
    if user.pk == actor.user.pk:
        raise DomainError.of(CageCode.APPROVER_IS_CROUPIER, field=field)
    try:
        if assignment is None:
            assignment = session_assignment(session)
        check_assignment(assignment, user_id=user.pk, role=Role.CROUPIER)
    except PermissionRefused as refused:
        refused.field = field
        raise
    return user


def require_player(player: Player | None, actor: Actor) -> Player | None:
    if player is not None and player.casino_id != actor.user.casino_id:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Player, field="player")
    return player


def require_staff_role(user: User | None, actor: Actor, roles: Iterable[Role], field: str) -> User:
    wanted = list(roles)
    if user is None or user.casino_id != actor.user.casino_id or not user.is_active:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=User, field=field)
    if not any(user.holds_role(r) for r in wanted):
        raise DomainError.of(CageCode.PERSON_LACKS_ROLE, user=user, roles=wanted, field=field)
    return user


def check_pin(actor: Actor, user: User, pin: str | None, field: str = "pin") -> None:
    if not pin:
        raise DomainError.of(CasinoCode.PIN_REQUIRED, user=user, field=field)
    pin_verify(actor=actor, signer=user, pin=pin, field=field)  # the one PIN check (issue 12 §3)


def require_accepts_transactions(session: TableSession) -> None:
    if session.is_tournament:
        # Issue 42: a tournament table has no cash float; its chips are the tournament's,
        # bought and paid at the cage on the tournament's own ledger.
        raise DomainError.of(
            CageCode.TOURNAMENT_SESSION_NO_CASH, table=session.table, field="session"
        )
    if not session.accepts_transactions:
        state = TableSession.Status(session.status).label
        raise DomainError.of(
            CageCode.SESSION_NOT_ACCEPTING,
            status=state,
            table=session.table,
            field="session",
            details={"status": session.status},
        )


def require_not_closing(session: TableSession) -> None:
    """OPEN-16, issue 39 §2: no cage write reaches a session whose closing has begun.

    Buy-ins and changes need the session open or in play (:func:`require_accepts_transactions`);
    the writes that may also correct a suspended table (a reversal, a departure) stop here:
    once the closing starts the float and the drop are counted against the books as they
    stand."""
    if session.status in (TableSession.Status.CLOSING, TableSession.Status.CLOSED):
        state = TableSession.Status(session.status).label
        raise DomainError.of(
            CageCode.SESSION_NOT_ACCEPTING,
            status=state,
            table=session.table,
            field="session",
            details={"status": session.status},
        )


def require_no_hand_in_progress(session: TableSession) -> None:
    if session.hand_in_progress:
        raise DomainError.of(TablesCode.HAND_IN_PROGRESS, field="session")


def advisory_lock(key: str) -> None:
    """Serialise work on one key inside the transaction (PostgreSQL; SQLite is serial)."""
    if connection.vendor == "postgresql":
        hot_statement(connection, "SELECT pg_advisory_xact_lock(hashtext(%s))", [key])


def require_float_holds(
    session: TableSession,
    outs: Iterable[tuple[Denomination, int]],
    *,
    ins: Iterable[tuple[Denomination, int]] = (),
    holdings: Mapping[int, int] | None = None,
) -> None:
    """Refuse paying out more chips of a denomination than the float holds (issue 12 §7).

    ``holdings`` defaults to the float's expected inventory now
    (:func:`cage.selectors.expected_float`: the opening count plus every movement
    recorded so far); chips coming in with the same transaction are in the float
    before the chips going out are paid. Call it with the session row locked
    (:func:`lock_session`), so two concurrent pay-outs cannot both count the same
    chips. Without an opening count there is no inventory to hold against (the
    tables app takes no transactions before the opening is signed). A fill is the
    way to add chips.
    """
    if holdings is None:
        holdings = selectors.expected_float(session)
        if holdings is None:
            return
    incoming: dict[int, int] = {}
    for d, n in ins:
        incoming[d.pk] = incoming.get(d.pk, 0) + n
    for d, n in outs:
        available = max(0, holdings.get(d.pk, 0) + incoming.get(d.pk, 0))
        if n > available:
            raise DomainError.of(
                CageCode.FLOAT_INSUFFICIENT,
                available=available,
                denomination=d.value,
                n=n,
                field="chips_out",
                details={"denomination": str(d.value), "available": available, "requested": n},
            )
