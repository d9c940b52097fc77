"""A promotion fund's drop: what a hand's pot pays into the fund (issue 44 §1).

The one owner of the drop rule. A fund's posted rules (``poker.promotions.FundRules``)
carry a :class:`Drop`; when a table offers a fund at a hand's time, the drop becomes
part of the engine's rules (``RuleProfile.fund_drop``) and the engine takes it from the
pot at the settlement, after the rake, the way it takes the rake (``poker.machine``),
so the winner's stack is what is really left on the table (docs/promotions.md "The
drop"). The promotion judges read the same rule to say whether a hand's pot paid the
drop (``poker.promotions.pot_refusal``).

This module sits below the machine and the promotions rules: it imports nothing of the
engine. Money is ``int`` in the hand's smallest unit; shares are basis points.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["BPS", "Drop", "DropRefusal", "PotFacts", "RulesError", "drop_of", "drop_refusal"]

#: Basis points in a whole: shares and splits are integers out of 10,000 (no floats).
BPS = 10_000


class RulesError(ValueError):
    """Rules that cannot be posted: a machine code and its parameters."""

    def __init__(self, code: str, **params: int | str) -> None:
        super().__init__(f"{code}: {params}" if params else code)
        self.code = code
        self.params = params


def _is_amount(x: object) -> bool:
    return type(x) is int and x >= 0


@dataclass(frozen=True, slots=True)
class Drop:
    """What a pot pays into the fund, and which pots pay.

    ``amount`` (a fixed drop) or ``share_bps`` (a share of the pot after the rake, in
    basis points): at most one of the two; neither is a fund fed by its seed alone.
    ``min_pot``: the pot, before the rake, must reach it. ``cap``: at most this per pot.
    ``raked_only``: only pots the house raked pay (the rake is above zero).
    ``flop_required``: only pots that saw a flop pay.
    """

    amount: int = 0
    share_bps: int = 0
    min_pot: int = 0
    cap: int | None = None
    raked_only: bool = True
    flop_required: bool = False

    def __post_init__(self) -> None:
        for name in ("amount", "share_bps", "min_pot"):
            if not _is_amount(getattr(self, name)):
                raise RulesError("DROP_NEGATIVE", field=name)
        if self.cap is not None and not _is_amount(self.cap):
            raise RulesError("DROP_NEGATIVE", field="cap")
        if self.share_bps > BPS:
            raise RulesError("DROP_SHARE_ABOVE_POT", share_bps=self.share_bps)
        if self.amount and self.share_bps:
            raise RulesError("DROP_AMOUNT_AND_SHARE")


@dataclass(frozen=True, slots=True)
class PotFacts:
    """What the drop looks at: the hand's pot (main and side pots of its betting, before
    the rake, carried pots left out), the rake taken, whether a flop was dealt, and the
    table's smallest chip (the drop is taken in chips)."""

    amount: int
    rake: int
    flop_seen: bool
    chip_unit: int = 1


class DropRefusal(StrEnum):
    """Why a pot pays no drop; the promotion judges' reasons have the same names."""

    POT_NOT_RAKED = "POT_NOT_RAKED"
    NO_FLOP = "NO_FLOP"
    POT_BELOW_MINIMUM = "POT_BELOW_MINIMUM"


def drop_refusal(drop: Drop, pot: PotFacts) -> DropRefusal | None:
    """Why ``pot`` pays no drop (not raked, no flop, below the minimum), or None."""
    if drop.raked_only and pot.rake <= 0:
        return DropRefusal.POT_NOT_RAKED
    if drop.flop_required and not pot.flop_seen:
        return DropRefusal.NO_FLOP
    if pot.amount < drop.min_pot:
        return DropRefusal.POT_BELOW_MINIMUM
    return None


def drop_of(drop: Drop, pot: PotFacts) -> int:
    """The drop a hand's pot pays into the fund, exact in the smallest unit.

    Zero when the pot does not qualify (:func:`drop_refusal`). Otherwise the fixed
    amount, or ``(pot - rake) * share_bps // 10,000`` (rounded down); then at most the
    cap, at most what the pot holds after the rake; then rounded *down* to the table's
    smallest chip, since the dealer drops chips. What rounding leaves stays in the pot
    for the winner. Never negative, never more than the pot after the rake.
    """
    if drop_refusal(drop, pot) is not None:
        return 0
    after_rake = max(pot.amount - pot.rake, 0)
    raw = drop.amount if drop.amount else after_rake * drop.share_bps // BPS
    if drop.cap is not None:
        raw = min(raw, drop.cap)
    raw = min(raw, after_rake)
    unit = pot.chip_unit if pot.chip_unit > 0 else 1
    return raw - raw % unit
