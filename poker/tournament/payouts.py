"""The payout table: a documented rule, exact to the money unit (TOUR-07, TOUR-08).

The rule (:func:`propose_payouts`), for a pool ``P``, ``K`` places paid and the room's
unit ``u``:

1. Places paid: ``K`` as the manager sets it, or by default 15 % of the entries rounded
   up (at least 1): ``K = ceil(0.15 × entries)``.
2. First prize's share is set by ``K``: ``s = 1 / (1 + ln K)`` (K = 1: 100 %; 2: 59 %;
   3: 48 %; 9: 31 %; 15: 27 %; 100: 18 %).
3. Place ``i`` weighs ``i^(-a)``, a power law whose exponent ``a >= 0`` is the one that
   gives first place the share ``s``: ``sum(i^(-a) for i in 1..K) = 1 + ln K`` (solved by
   Newton's method from a = 0; the sum falls as ``a`` grows, so there is one solution).
4. Places 2..K get ``floor(P × w_i / W / u) × u`` (rounded down to the unit); first place
   gets the rest, ``P`` minus the others: the pool is paid exactly, to the last unit.
   When ``P`` is not a multiple of ``u``, that part below one unit is first place's too.
5. Weights fall with the place, so no place pays more than the one above it.

The arithmetic is :mod:`decimal` with 50 significant digits (its ``ln`` and ``exp`` are
correctly rounded), so the table is the same on every machine.

A satellite (TOUR-08, :func:`satellite_payouts`) pays seats: ``floor(P / seat)`` seats
(never more than the entries), and the money left over goes as the structure says: to the
first place without a seat, or shared by the seat winners (rounded to the unit, the rest
to first place).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, ROUND_HALF_EVEN, Context, Decimal

from poker.tournament.entries import PrizePool
from poker.tournament.errors import TCode, TournamentError
from poker.tournament.structure import LeftoverRule, TournamentStructure

DEFAULT_PAID_PERCENT = 15
RULE_POWER_LAW = "power_law"
RULE_SATELLITE = "satellite"
RULE_MANUAL = "manual"

_CTX = Context(prec=50, rounding=ROUND_HALF_EVEN, Emax=999999, Emin=-999999)
_NEWTON_STEPS = 200
_EPSILON = Decimal("1e-40")


@dataclass(frozen=True, slots=True)
class Prize:
    place: int
    amount: int  # money paid in cash
    seat_value: int = 0  # TOUR-08: the value of a satellite seat won at this place
    seat_in: str | None = None  # the tournament the seat is for

    @property
    def value(self) -> int:
        return self.amount + self.seat_value


@dataclass(frozen=True, slots=True)
class PayoutTable:
    pool: int
    unit: int
    prizes: tuple[Prize, ...]  # place 1 first
    rule: str  # power_law, satellite or manual
    first_share: str = ""  # power law: first place's target share (a decimal)
    exponent: str = ""  # power law: the exponent a

    @property
    def places(self) -> int:
        return len(self.prizes)

    def amounts(self) -> tuple[int, ...]:
        return tuple(p.amount for p in self.prizes)


def _int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(TCode.FIELD_TYPE, field=name, expected="int")
    if value < low:
        if low == 0:
            raise TournamentError(TCode.AMOUNT_NEGATIVE, field=name)
        raise TournamentError(TCode.NUMBER_OUT_OF_RANGE, field=name, value=value, low=low, high="∞")
    return value


def default_places(entries: int) -> int:
    """Places paid by default: 15 % of the entries, rounded up, at least 1."""
    _int("entries", entries, 1)
    return max(1, -(-entries * DEFAULT_PAID_PERCENT // 100))


def _sum(values: Sequence[Decimal]) -> Decimal:
    """A sum in the 50-digit context (the built-in sum() would use the default context)."""
    total = Decimal(0)
    for v in values:
        total = _CTX.add(total, v)
    return total


def first_share(places: int) -> Decimal:
    """First prize's share of the pool for ``places`` paid: 1 / (1 + ln K)."""
    return _CTX.divide(Decimal(1), _CTX.add(Decimal(1), _CTX.ln(Decimal(places))))


def _smallest_prime_factors(n: int) -> list[int]:
    spf = list(range(n + 1))
    for i in range(2, int(n**0.5) + 1):
        if spf[i] == i:
            for j in range(i * i, n + 1, i):
                if spf[j] == j:
                    spf[j] = i
    return spf


def power_law_weights(places: int) -> tuple[tuple[Decimal, ...], Decimal]:
    """The weights ``i^(-a)`` of places 1..K and the exponent ``a`` (see the module doc).

    ``ln i`` and ``i^(-a)`` are computed for primes and multiplied out for the other
    places (``w(p × m) = w(p) × w(m)``): the same figures on every machine, and fast.
    """
    if places == 1:
        return (Decimal(1),), Decimal(0)
    spf = _smallest_prime_factors(places)
    logs = [Decimal(0), Decimal(0)]
    for i in range(2, places + 1):
        p = spf[i]
        logs.append(_CTX.ln(Decimal(i)) if p == i else _CTX.add(logs[p], logs[i // p]))

    def weights_for(a: Decimal) -> list[Decimal]:
        w = [Decimal(0), Decimal(1)]
        for i in range(2, places + 1):
            p = spf[i]
            w.append(
                _CTX.exp(_CTX.minus(_CTX.multiply(a, logs[i])))
                if p == i
                else _CTX.multiply(w[p], w[i // p])
            )
        return w[1:]

    target = _CTX.add(Decimal(1), logs[places])  # sum of the weights = 1 / first share
    a = Decimal(0)
    for _ in range(_NEWTON_STEPS):
        weights = weights_for(a)
        f = _CTX.subtract(_sum(weights), target)
        slope = _CTX.minus(
            _sum([_CTX.multiply(x, w) for x, w in zip(logs[1:], weights, strict=True)])
        )
        step = _CTX.divide(f, slope)
        a = _CTX.subtract(a, step)
        if abs(step) < _EPSILON:
            break
    return tuple(weights_for(a)), a


def propose_payouts(
    pool: int, *, entries: int, unit: int = 1, places: int | None = None
) -> PayoutTable:
    """The power-law payout table for ``pool`` (see the module documentation).

    Refused when ``places`` is not 1..entries, or when the pool cannot give every paid
    place at least one unit.
    """
    _int("pool", pool, 0)
    _int("unit", unit, 1)
    _int("entries", entries, 1)
    k = default_places(entries) if places is None else places
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= entries:
        raise TournamentError(TCode.PLACES_INVALID, field="places", places=str(k), entries=entries)
    weights, a = power_law_weights(k)
    total = _sum(weights)
    scale = _CTX.multiply(total, Decimal(unit))
    rest = []
    for w in weights[1:]:
        units = _CTX.divide(_CTX.multiply(Decimal(pool), w), scale).to_integral_value(
            rounding=ROUND_FLOOR
        )
        rest.append(int(units) * unit)
    amounts = [pool - sum(rest), *rest]
    if amounts[-1] < unit or amounts[0] < unit:
        raise TournamentError(TCode.POOL_TOO_SMALL, field="pool", pool=pool, places=k, unit=unit)
    return PayoutTable(
        pool=pool,
        unit=unit,
        prizes=tuple(Prize(i, amount) for i, amount in enumerate(amounts, start=1)),
        rule=RULE_POWER_LAW,
        first_share=str(_CTX.divide(weights[0], total).quantize(Decimal("1e-6"))),
        exponent=str(a.quantize(Decimal("1e-6"))),
    )


def satellite_payouts(
    pool: int,
    *,
    entries: int,
    seat_value: int,
    target: str,
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACE,
    unit: int = 1,
) -> PayoutTable:
    """TOUR-08: seats in ``target`` worth ``seat_value`` each, and the money left over."""
    _int("pool", pool, 0)
    _int("entries", entries, 1)
    _int("seat_value", seat_value, 1)
    _int("unit", unit, 1)
    seats = min(pool // seat_value, entries)
    cash = pool - seats * seat_value
    prizes: list[Prize] = []
    if seats == 0:
        if pool < 1:
            raise TournamentError(
                TCode.POOL_TOO_SMALL, field="pool", pool=pool, places=1, unit=unit
            )
        prizes.append(Prize(1, pool))  # not even one seat: first place takes the money
    elif leftover is LeftoverRule.NEXT_PLACE and seats < entries:
        prizes.extend(Prize(i, 0, seat_value, target) for i in range(1, seats + 1))
        if cash:
            prizes.append(Prize(seats + 1, cash))
    else:  # shared by the seat winners (or every entry already has a seat)
        each = cash // seats // unit * unit
        first = cash - each * (seats - 1)
        prizes.extend(
            Prize(i, first if i == 1 else each, seat_value, target) for i in range(1, seats + 1)
        )
    return PayoutTable(pool=pool, unit=unit, prizes=tuple(prizes), rule=RULE_SATELLITE)


def payouts_for(
    structure: TournamentStructure, pool: PrizePool, *, entries: int, places: int | None = None
) -> PayoutTable:
    """The proposed table for a tournament: seats for a satellite, else the power law."""
    sat = structure.satellite
    if sat is not None:
        return satellite_payouts(
            pool.total,
            entries=entries,
            seat_value=sat.seat_value,
            target=sat.target,
            leftover=sat.leftover,
            unit=structure.payout_unit,
        )
    return propose_payouts(pool.total, entries=entries, unit=structure.payout_unit, places=places)


def check_payouts(amounts: Sequence[int], *, pool: int, entries: int) -> PayoutTable:
    """A table the manager wrote or edited, checked: amounts for places 1..K, each at
    least 0, none more than the place above, K at most the entries, summing to the pool."""
    _int("pool", pool, 0)
    _int("entries", entries, 1)
    if not 1 <= len(amounts) <= entries:
        raise TournamentError(
            TCode.PLACES_INVALID, field="amounts", places=len(amounts), entries=entries
        )
    for i, amount in enumerate(amounts):
        _int(f"amounts[{i}]", amount, 0)
        if i and amount > amounts[i - 1]:
            raise TournamentError(TCode.PAYOUTS_INCREASE, field=f"amounts[{i}]", place=i + 1)
    if sum(amounts) != pool:
        raise TournamentError(
            TCode.PAYOUTS_SUM_MISMATCH, field="amounts", total=sum(amounts), pool=pool
        )
    return PayoutTable(
        pool=pool,
        unit=1,
        prizes=tuple(Prize(i, a) for i, a in enumerate(amounts, start=1)),
        rule=RULE_MANUAL,
    )
