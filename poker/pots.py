"""Pots, side pots, odd chips and rake: exact integer arithmetic (POT, RAKE).

Everything here is a pure function on ints so that the worked examples of the
seed (A-16, A-17, A-18, A-27) can be tested directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from poker.profiles import RakeCapScope, RakeRounding


def build_pots(
    contributions: Sequence[int],
    live: Sequence[bool],
    dead_money: int = 0,
    all_in: Sequence[bool] | None = None,
) -> list[tuple[int, tuple[int, ...]]]:
    """Split the chips put in into a main pot and side pots, in layers (POT-02).

    ``contributions`` are the chips each player put in as blinds, bets and calls
    (after uncalled bets were returned); ``live`` says who is still in the hand
    (not folded, not dead). ``dead_money`` (antes, OQ-33) goes to the main pot.
    Each layer runs up to the next all-in level of a live player; a layer's
    eligible players are the live players who reached its top (POT-05, POT-06).
    Returns ``[(amount, eligible players), ...]``, main pot first. Layers left
    with no live player (everyone who put them in folded) are added to the pot
    below them, whose winners take them.

    During a betting round pass ``all_in``: only all-in players cap a pot, since
    the others can still match the bets (the pots "as they stand", POT-11).
    """
    n = len(contributions)
    if all_in is None:
        levels = sorted({contributions[i] for i in range(n) if live[i]})
    else:
        top = max((contributions[i] for i in range(n) if live[i]), default=0)
        levels = sorted({contributions[i] for i in range(n) if live[i] and all_in[i]} | {top})
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = 0
        for c in contributions:
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = tuple(
            i
            for i in range(n)
            if live[i] and (contributions[i] >= level or (all_in is not None and not all_in[i]))
        )
        if amount or not pots:
            pots.append((amount, eligible))
        previous = level
    # Chips above the highest live level were put in by folded players only.
    leftover = sum(c - previous for c in contributions if c > previous)
    if not pots:
        pots.append((0, tuple(i for i in range(n) if live[i])))
    if dead_money or leftover:
        first_amount, first_eligible = pots[0]
        pots[0] = (first_amount + dead_money, first_eligible)
        if leftover:
            last_amount, last_eligible = pots[-1]
            pots[-1] = (last_amount + leftover, last_eligible)
    return pots


def split_pot(amount: int, winners: Sequence[int], chip_unit: int = 1) -> list[int]:
    """Shares of ``amount`` for ``winners`` (given clockwise from the button's left).

    The pot is split equally down to the smallest chip; the odd chips go one
    each to the first winners left of the button, never more than one each
    (POT-08, seed 000 §8.2(12), 004 "Empates"). A remainder smaller than one
    chip (only possible when stacks are not whole chips) goes to the first
    winner. PokerKit instead gives the whole remainder to a single player.
    """
    k = len(winners)
    if k == 0:
        return []
    chips, sub_chip = divmod(amount, chip_unit)
    each, odd = divmod(chips, k)
    shares = [each * chip_unit + (chip_unit if j < odd else 0) for j in range(k)]
    shares[0] += sub_chip
    return shares


def rake_of(
    amount: int,
    rake_bps: int,
    chip_unit: int = 1,
    rounding: RakeRounding = RakeRounding.DOWN_TO_MIN_CHIP,
    max_bps: int | None = None,
) -> int:
    """The commission on one pot, a multiple of the chip unit (RAKE-07, OQ-04).

    ``rake_bps`` is in basis points (300 = 3 %), so no float is involved.
    ``DOWN_TO_MIN_CHIP`` (the default) rounds the percentage down to the chip
    unit. ``NEAREST`` rounds to the nearest chip unit, and exactly half a chip
    rounds down (see :class:`RakeRounding`); it never takes more than
    ``max_bps`` of the pot (the ruleset's maximum, RAKE-03: CABA 5 %) nor more
    than the whole chips of the pot, so it is at most one chip above the rounded
    down rake. Example A-27: ``rake_of(300, 300) == 9``; ``rake_of(50, 300)`` is
    1 either way (1.5 is a tie, which rounds down), ``rake_of(60, 300)`` is 1
    rounded down and 2 to the nearest chip (1.8).
    """
    scaled = amount * rake_bps
    whole = 10_000 * chip_unit
    chips, rest = divmod(scaled, whole)
    if rounding is RakeRounding.NEAREST and 2 * rest > whole:
        chips += 1
        # Rounding up stays within the jurisdiction's maximum and the pot's chips.
        if max_bps is not None:
            ceiling = amount * max_bps // whole
            if chips > ceiling:
                chips = ceiling
        if chips * chip_unit > amount:
            chips = amount // chip_unit
    return chips * chip_unit


def rake_pots(
    amounts: Sequence[int],
    rake_bps: int,
    chip_unit: int = 1,
    rounding: RakeRounding = RakeRounding.DOWN_TO_MIN_CHIP,
    max_bps: int | None = None,
    cap: int | None = None,
    cap_scope: RakeCapScope = RakeCapScope.PER_POT,
) -> list[int]:
    """The commission of each pot (main pot first), with the cap (RAKE-07, OQ-04).

    Each pot pays :func:`rake_of` its amount. ``cap`` (``None`` = no cap) limits the
    commission of each pot by default (``PER_POT``: RAKE-07 computes the commission
    per pot, main and each side pot); with ``PER_HAND`` one cap covers the hand,
    filled main pot first. The one place the cap is applied: the validator, the
    live preview and the cage's expected rake all call it.
    """
    rakes: list[int] = []
    taken = 0
    for amount in amounts:
        r = rake_of(amount, rake_bps, chip_unit, rounding, max_bps)
        if cap is not None:
            if cap_scope is RakeCapScope.PER_HAND:
                r = min(r, max(cap - taken, 0))
            else:
                r = min(r, cap)
        taken += r
        rakes.append(r)
    return rakes
