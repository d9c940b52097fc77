"""Deals: the players left split the locked payouts by chip count or by ICM (TOUR-07, §8.3(m)).

The manual lets the players left "cut" the remaining prize pool by agreement. A deal here
is computed exactly and rounded to the room's unit so that it sums to the payouts it
replaces, to the last unit:

* ``payouts``: the locked payouts still to be won, place 1 first (fewer than the players
  left means the places below are unpaid).
* ``to_play_for`` (optional): an amount taken off first prize and left to play for; it
  goes to the winner of the rest of the tournament. It is at most first prize less
  second, so the prizes dealt stay in order.
* **Chip chop** (:attr:`DealMethod.CHIP_CHOP`): every player gets the lowest prize still
  to be won, and what remains is split in proportion to the chips:
  ``E_i = p_n + (P - n × p_n) × s_i / S``.
* **ICM** (:attr:`DealMethod.ICM`, Malmuth–Harville): a player finishes first with
  probability ``s_i / S``; given who finished above, the next place goes to each player
  left in proportion to the chips left. ``E_i = Σ_k P(i finishes k-th) × p_k``, computed
  exactly (fractions, over the subsets of players who took the places above).
* Rounding: each ``E_i`` is rounded down to the unit; the units still missing go one each
  to the largest remainders (a tie to the bigger stack, then the earlier player); the part
  of the total below one unit, if any, goes to the biggest stack. A bigger stack never
  gets less than a smaller one, and the amounts sum to ``P - to_play_for``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from poker.model import MAX_PLAYERS
from poker.tournament.errors import TCode, TournamentError

MAX_DEAL_PLAYERS = MAX_PLAYERS  # a final table


class DealMethod(StrEnum):
    CHIP_CHOP = "chip_chop"
    ICM = "icm"


@dataclass(frozen=True, slots=True)
class DealShare:
    player: int  # the player's index in the stacks given (0-based)
    stack: int
    equity: Fraction  # the exact value before rounding
    amount: int  # what the player is paid


@dataclass(frozen=True, slots=True)
class Deal:
    method: DealMethod
    stacks: tuple[int, ...]
    payouts: tuple[int, ...]  # the locked payouts the deal replaces (place 1 first)
    to_play_for: int
    unit: int
    shares: tuple[DealShare, ...]  # in the order of the stacks

    def amounts(self) -> tuple[int, ...]:
        return tuple(s.amount for s in self.shares)

    @property
    def total(self) -> int:
        """What the deal pays now; with ``to_play_for`` it is every payout left."""
        return sum(s.amount for s in self.shares)


def _check(stacks: Sequence[int], payouts: Sequence[int]) -> tuple[int, ...]:
    n = len(stacks)
    if not 2 <= n <= MAX_DEAL_PLAYERS:
        raise TournamentError(
            TCode.DEAL_PLAYERS_INVALID, field="stacks", players=n, most=MAX_DEAL_PLAYERS
        )
    for i, s in enumerate(stacks):
        if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
            raise TournamentError(
                TCode.DEAL_STACK_INVALID, field=f"stacks[{i}]", player=i + 1, stack=str(s)
            )
    if not 1 <= len(payouts) <= n:
        raise TournamentError(
            TCode.DEAL_PAYOUTS_MISMATCH, field="payouts", payouts=len(payouts), players=n
        )
    for i, p in enumerate(payouts):
        if isinstance(p, bool) or not isinstance(p, int):
            raise TournamentError(TCode.FIELD_TYPE, field=f"payouts[{i}]", expected="int")
        if p < 0:
            raise TournamentError(TCode.AMOUNT_NEGATIVE, field=f"payouts[{i}]")
        if i and p > payouts[i - 1]:
            raise TournamentError(TCode.PAYOUTS_INCREASE, field=f"payouts[{i}]", place=i + 1)
    return (*payouts, *([0] * (n - len(payouts))))


def icm_equities(stacks: Sequence[int], payouts: Sequence[int]) -> tuple[Fraction, ...]:
    """Malmuth–Harville equities, exact; they sum to the payouts."""
    prizes = _check(stacks, payouts)
    n = len(stacks)
    total = sum(stacks)
    last_paid = max(k for k in range(n) if prizes[k] or k == 0)
    equity = [Fraction(0)] * n
    # reach[mask]: the probability that exactly the players in ``mask`` took the top
    # popcount(mask) places (in some order). Masks only grow, so numeric order works.
    reach: dict[int, Fraction] = {0: Fraction(1)}
    chips = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        chips[mask] = chips[mask ^ low] + stacks[low.bit_length() - 1]
    for mask in range(1 << n):
        here = reach.get(mask)
        if here is None:
            continue
        place = mask.bit_count()
        if place > last_paid:
            continue
        left = total - chips[mask]
        for i in range(n):
            bit = 1 << i
            if mask & bit:
                continue
            p = here * stacks[i] / left
            if prizes[place]:
                equity[i] += p * prizes[place]
            if place < last_paid:
                reach[mask | bit] = reach.get(mask | bit, Fraction(0)) + p
    return tuple(equity)


def chip_chop_equities(stacks: Sequence[int], payouts: Sequence[int]) -> tuple[Fraction, ...]:
    """Everyone gets the lowest prize left; the rest is split by chips. Exact."""
    prizes = _check(stacks, payouts)
    n = len(stacks)
    floor = prizes[-1]
    rest = sum(prizes) - n * floor
    total = sum(stacks)
    return tuple(floor + Fraction(rest * s, total) for s in stacks)


def _round(equities: Sequence[Fraction], stacks: Sequence[int], total: int, unit: int) -> list[int]:
    units, below = divmod(total, unit)
    floors = [int(e // unit) for e in equities]
    extra = units - sum(floors)
    by_remainder = sorted(
        range(len(equities)),
        key=lambda i: (-(equities[i] / unit - floors[i]), -stacks[i], i),
    )
    amounts = [f * unit for f in floors]
    for i in by_remainder[:extra]:
        amounts[i] += unit
    if below:
        top = min(range(len(stacks)), key=lambda i: (-stacks[i], i))
        amounts[top] += below
    return amounts


def make_deal(
    method: DealMethod,
    stacks: Sequence[int],
    payouts: Sequence[int],
    *,
    unit: int = 1,
    to_play_for: int = 0,
) -> Deal:
    """A deal by ``method``, exact to ``unit`` (see the module documentation)."""
    if not isinstance(method, DealMethod):
        raise TournamentError(TCode.FIELD_TYPE, field="method", expected="chip_chop|icm")
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE, field="unit", value=str(unit), low=1, high="∞"
        )
    prizes = _check(stacks, payouts)
    most = prizes[0] - prizes[1]
    if (
        isinstance(to_play_for, bool)
        or not isinstance(to_play_for, int)
        or not 0 <= to_play_for <= most
    ):
        raise TournamentError(
            TCode.TO_PLAY_FOR_INVALID, field="to_play_for", amount=str(to_play_for), most=most
        )
    dealt = (prizes[0] - to_play_for, *prizes[1:])
    if method is DealMethod.ICM:
        equities = icm_equities(stacks, dealt)
    else:
        equities = chip_chop_equities(stacks, dealt)
    amounts = _round(equities, stacks, sum(dealt), unit)
    return Deal(
        method=method,
        stacks=tuple(stacks),
        payouts=tuple(payouts),
        to_play_for=to_play_for,
        unit=unit,
        shares=tuple(DealShare(i, stacks[i], equities[i], amounts[i]) for i in range(len(stacks))),
    )
