"""First proposals the pages put in a form so the supervisor corrects rather than types:
the notes for a buy-in amount, the chips handed over, the chips of a change.

These are defaults of a form, not rules: the cage's services check every figure
(CASH-12: notes equal the amount and the chips; CHIP-06: a change is of equal value).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from casino.formatting import parse_amount  # noqa: F401 - read by the floor's views

# Bank notes offered on the buy-in form when the casino has not listed its own (CASH-07).
DEFAULT_NOTES = ["20000", "10000", "2000", "1000", "500", "200", "100", "50", "20", "10"]


def greedy(amount: Decimal, values: Iterable[Decimal]) -> list[tuple[Decimal, int]]:
    """Largest first: the fewest notes or chips that make ``amount`` (what is left over,
    when the smallest value does not divide it, is left for the supervisor)."""
    out = []
    rest = amount
    for value in sorted(set(values), reverse=True):
        if value <= 0:
            continue
        n = int(rest // value)
        if n > 0:
            out.append((value, n))
            rest -= value * n
    return out


def suggest_notes(amount: Decimal | None, note_values: Iterable[str]) -> dict[str, int]:
    """The notes a player most likely hands over for ``amount``: largest first."""
    if not amount or amount <= 0:
        return {}
    values = [Decimal(v) for v in note_values]
    return {_key(v): n for v, n in greedy(amount, values)}


def suggest_chips(values: Iterable[Decimal], amount: Decimal | None) -> dict[str, int]:
    """Chips for a buy-in: chips of about a fifth of the amount or less, largest first, so
    the player can bet (the supervisor corrects it before confirming)."""
    ordered = sorted(set(values), reverse=True)
    if not ordered or not amount or amount <= 0:
        return {}
    ceiling = max(amount / 5, ordered[-1])
    usable = [v for v in ordered if v <= ceiling] or [ordered[-1]]
    return {_key(v): n for v, n in greedy(amount, usable)}


def suggest_colour_up(values: Iterable[Decimal], amount: Decimal | None) -> dict[str, int]:
    """Chips going out at a colour-up (cash-out): the largest chips."""
    if not amount or amount <= 0:
        return {}
    return {_key(v): n for v, n in greedy(amount, values)}


def _key(value: Decimal) -> str:
    """The form's key of a value: ``100.00`` for chips, ``1000`` for notes (as listed)."""
    return str(value)
