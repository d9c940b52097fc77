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
from casino.errors import Conflict, NotFound, PermissionRefused, ValidationFailed
from casino.formatting import AMOUNT_LIMIT, en, es, money, number
from casino.hotqueries import hot_statement
from casino.models import Denomination, User
from casino.pins import pin_verify
from casino.roles import Role
from casino.scoping import Assignment, check_assignment
from tables.models import Player, TableSession
from tables.selectors import session_assignment

from .. import selectors
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
    """An amount in a service message, the English way (``1,234.50``): the Spanish
    message gets ``1.234,50`` from casino.errors (es_amounts)."""
    return money(value, "en")


def parse_money(value: Any, field: str, *, allow_zero: bool = False) -> Decimal:
    """An amount with at most two decimals, positive (or zero when allowed); never float."""
    if isinstance(value, float):
        # Floats are refused on purpose: money is exact (GEN-13); 0.1 + 0.2 is not 0.30.
        raise ValidationFailed(
            "AMOUNT_NOT_DECIMAL_STRING",
            f"«{field}» es un importe: envíelo como texto decimal, no como número con "
            "decimales, que puede cambiar al leerse.",
            f"'{field}' is an amount: send it as a decimal string, not as a number with "
            "decimals, which may change when read.",
            field=field,
        )
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise ValidationFailed(
            "AMOUNT_INVALID",
            f"«{value}» no es un importe válido.",
            f"'{value}' is not a valid amount.",
            field=field,
        ) from None
    if amount.is_finite() and abs(amount) >= AMOUNT_LIMIT:  # issue 39 §4: no column holds it
        raise ValidationFailed(
            "AMOUNT_INVALID",
            f"«{value}» no es un importe válido.",
            f"'{value}' is not a valid amount.",
            field=field,
        )
    if not amount.is_finite() or amount != amount.quantize(CENT):
        raise ValidationFailed(
            "AMOUNT_INVALID",
            f"El importe {value} tiene más de dos decimales.",
            f"The amount {value} has more than two decimals.",
            field=field,
        )
    if amount < 0 or (amount == 0 and not allow_zero):
        raise ValidationFailed(
            "AMOUNT_NOT_POSITIVE",
            "El importe debe ser mayor que cero."
            if not allow_zero
            else "El importe no puede ser negativo.",
            "The amount must be greater than zero."
            if not allow_zero
            else "The amount cannot be negative.",
            field=field,
        )
    return amount.quantize(CENT)


# No table moves this many chips (or notes) of one denomination at once: a larger
# figure is a typing slip or an attack, refused before any arithmetic (issue 12 §7).
MAX_COUNT = 100_000


def _count_too_large(value: Any, field: str) -> ValidationFailed:
    # Each language groups its thousands its own way (100.000 / 100,000): a Spanish
    # reader takes "100,000" for a hundred with decimals.
    if isinstance(value, int):
        shown = {
            lang: number(value, lang) if value < 10**15 else f"> {number(MAX_COUNT, lang)}"
            for lang in ("es", "en")
        }
    else:
        shown = dict.fromkeys(("es", "en"), str(value)[:24])
    return ValidationFailed(
        "COUNT_TOO_LARGE",
        f"La cantidad {shown['es']} supera el máximo de {number(MAX_COUNT, 'es')} por denominación.",
        f"The count {shown['en']} exceeds the maximum of {number(MAX_COUNT, 'en')} per denomination.",
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
            raise ValidationFailed(
                "COUNT_INVALID",
                f"«{value}» no es una cantidad de fichas válida.",
                f"'{value}' is not a valid number of chips.",
                field=field,
            ) from None
        if as_decimal.is_finite() and as_decimal > MAX_COUNT:
            raise _count_too_large(value, field)
        if not as_decimal.is_finite() or as_decimal != as_decimal.to_integral_value():
            raise ValidationFailed(
                "COUNT_NOT_WHOLE",
                f"La cantidad {value} no es un número entero: no existen fracciones de ficha.",
                f"The count {value} is not a whole number: there are no fractions of a chip.",
                field=field,
            )
        count = int(as_decimal)
    if count < 0:
        raise ValidationFailed(
            "COUNT_NEGATIVE",
            f"La cantidad {count} es negativa.",
            f"The count {count} is negative.",
            field=field,
        )
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
            offered = ", ".join(fmt(v) for v in sorted(denominations, reverse=True))
            raise ValidationFailed(
                "DENOMINATION_NOT_IN_CHIP_SET",
                f"La denominación {fmt(value)} no pertenece al juego de fichas de la mesa "
                f"({offered}).",
                f"The denomination {fmt(value)} is not in the table's chip set ({offered}).",
                field=f"{where}.value",
            )
        if value in lines:
            raise ValidationFailed(
                "DENOMINATION_REPEATED",
                f"La denominación {fmt(value)} aparece dos veces.",
                f"The denomination {fmt(value)} appears twice.",
                field=f"{where}.value",
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
        if isinstance(item, Tender):
            kind, raw_value, raw_count = item.kind, item.value, item.count
        elif isinstance(item, Mapping):
            kind = item.get("kind", TenderKind.NOTE)
            raw_value, raw_count = item.get("value"), item.get("count")
        else:
            raw_value, raw_count = item
            kind = TenderKind.NOTE
        if kind == "coin":
            raise ValidationFailed(
                "COINS_REFUSED",
                "No se aceptan monedas para jugar, cambiar ni apostar: solo billetes y placas.",
                "Coins are not accepted for play, change or bets: notes and plaques only.",
                field=f"{where}.kind",
            )
        if kind not in TenderKind.values:
            raise ValidationFailed(
                "TENDER_KIND_INVALID",
                f"Tipo de efectivo desconocido: «{kind}» (billete o placa).",
                f"Unknown kind of cash: '{kind}' (note or plaque).",
                field=f"{where}.kind",
            )
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
        raise ValidationFailed(
            "CROUPIER_REQUIRED",
            "Indique el croupier que hizo el cambio.",
            "Say which croupier made the change.",
            field=field,
        )
    if user.casino_id != actor.user.casino_id or not user.is_active:
        raise NotFound("NOT_FOUND", "Croupier no encontrado.", "Croupier not found.", field=field)
    if not user.holds_role(Role.CROUPIER):
        raise ValidationFailed(
            "NOT_A_CROUPIER",
            f"{user} no tiene el rol de croupier.",
            f"{user} does not hold the croupier role.",
            field=field,
        )
    if user.pk == actor.user.pk:
        raise ValidationFailed(
            "APPROVER_IS_CROUPIER",
            "Quien aprueba el cambio no puede ser el croupier que lo hace.",
            "The person approving a change cannot be the croupier making it.",
            field=field,
        )
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
        raise NotFound("NOT_FOUND", "Jugador no encontrado.", "Player not found.", field="player")
    return player


def require_staff_role(user: User | None, actor: Actor, roles: Iterable[Role], field: str) -> User:
    wanted = list(roles)
    if user is None or user.casino_id != actor.user.casino_id or not user.is_active:
        raise NotFound("NOT_FOUND", "Persona no encontrada.", "Person not found.", field=field)
    if not any(user.holds_role(r) for r in wanted):
        names = ", ".join(r.value for r in wanted)
        raise ValidationFailed(
            "ROLE_NOT_HELD",
            f"{user} no tiene el rol necesario ({names}).",
            f"{user} does not hold the role required ({names}).",
            field=field,
        )
    return user


def check_pin(actor: Actor, user: User, pin: str | None, field: str = "pin") -> None:
    if not pin:
        raise ValidationFailed(
            "PIN_REQUIRED",
            f"{user} debe confirmar con su PIN personal.",
            f"{user} must confirm with their personal PIN.",
            field=field,
        )
    pin_verify(actor=actor, signer=user, pin=pin, field=field)  # the one PIN check (issue 12 §3)


def require_same_casino(actor: Actor, session: TableSession) -> None:
    if session.casino_id != actor.user.casino_id:
        raise NotFound("NOT_FOUND", "Sesión de mesa no encontrada.", "Table session not found.")


def require_accepts_transactions(session: TableSession) -> None:
    if session.is_tournament:
        # Issue 42: a tournament table has no cash float; its chips are the tournament's,
        # bought and paid at the cage on the tournament's own ledger.
        raise Conflict(
            "TOURNAMENT_SESSION_NO_CASH",
            f"La mesa {session.table} es de torneo: no admite compras ni cambios de fichas.",
            f"{session.table.label('en')} is a tournament table: it takes no buy-ins or "
            "chip changes.",
            field="session",
        )
    if not session.accepts_transactions:
        state = TableSession.Status(session.status).label
        raise Conflict(
            "SESSION_NOT_ACCEPTING",
            f"La mesa {session.table} está en estado «{es(state)}»: no admite transacciones.",
            f"{session.table.label('en')} is '{en(state)}': it does not take transactions.",
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
        raise Conflict(
            "SESSION_NOT_ACCEPTING",
            f"La mesa {session.table} está en estado «{es(state)}»: no admite transacciones.",
            f"{session.table.label('en')} is '{en(state)}': it does not take transactions.",
            field="session",
            details={"status": session.status},
        )


def require_no_hand_in_progress(session: TableSession) -> None:
    if session.hand_in_progress:
        raise Conflict(
            "HAND_IN_PROGRESS",
            "Hay una mano en juego: las recompras y cambios de la banca se hacen solo entre "
            "manos (el cambio durante la mano se hace con fichas del bote).",
            "A hand is in progress: re-buys and float changes are made only between hands "
            "(a change during the hand is made with chips from the pot).",
            field="session",
        )


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
            raise Conflict(
                "FLOAT_INSUFFICIENT",
                f"La banca tiene {available} fichas de {fmt(d.value)} y se piden {n}: "
                "no se pagan fichas que la banca no tiene; pida un relleno.",
                f"The float holds {available} chips of {fmt(d.value)} and {n} are asked "
                "for: chips the float does not hold are not paid out; request a fill.",
                field="chips_out",
                details={"denomination": str(d.value), "available": available, "requested": n},
            )
