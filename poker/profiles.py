"""Rule profiles: the house rules a hand is judged by (GEN-03, Appendix B).

A profile is a frozen set of parameters. ``MANUAL`` is the seed manual
(000, the default); ``PBA`` and ``CABA`` change only what seed 001 states for
them and fall back to the manual everywhere else (GEN-03, OQ-47). A table
overrides single parameters with :func:`with_overrides`, which validates the
result (for example a rake above the jurisdiction's maximum is refused,
RAKE-03).

Percentages are kept in basis points (``300`` = 3 %) so that every amount the
engine computes stays an exact integer.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from poker.fund_drop import Drop


class Ruleset(StrEnum):
    MANUAL = "manual"
    PBA = "pba"
    CABA = "caba"


class ShortAllInReopen(StrEnum):
    """What a short all-in does to the betting (BET-10, OQ-09)."""

    MANUAL = "manual"  # only a full raise (alone or summed) reopens; §7.4(10)(c)
    NO_RERAISE = "no_reraise"  # 004: after a short all-in nobody may re-raise


class OddChipPolicy(StrEnum):
    """Who receives the odd chips of a split pot (POT-08, OQ-05)."""

    LEFT_OF_BUTTON = "left_of_button"  # one each, clockwise from the button; §8.2(12), 004


class SameValueChipRule(StrEnum):
    """Several same-value chips that exceed the call, put out silently (BET-14, OQ-11)."""

    LITERAL = "literal"  # MANUAL: call if removing one chip no longer *exceeds* the bet
    REMOVE_ONE_LESS_THAN_CALL = "remove_one_less_than_call"  # PBA-style reading


class ClockMode(StrEnum):
    ON_REQUEST = "on_request"  # MANUAL, PBA
    PER_TURN = "per_turn"  # CABA


class RakeMode(StrEnum):
    PERCENT = "percent"
    SEAT_CHARGE = "seat_charge"  # PBA's cargo por asiento: no pot rake
    NONE = "none"


class RakeRounding(StrEnum):
    """How the percentage rake of a pot is rounded to the chip unit (RAKE-07, OQ-04).

    ``NEAREST`` rounds to the nearest chip; exactly half a chip rounds *down*:
    RAKE-07 and OQ-04 make rounding down the rule when nothing else is said, and
    RAKE-03 lets the house keep "up to" a percentage, so a tie leaves the chip with
    the players. Either way the rake never exceeds the ruleset's maximum
    percentage of the pot (``rake_max_bps``), the pot itself or ``rake_cap``.
    """

    DOWN_TO_MIN_CHIP = "down_to_min_chip"  # the default (RAKE-07, OQ-04)
    NEAREST = "nearest"  # casino setting; not in the seeds


class RakeCapScope(StrEnum):
    """What ``rake_cap`` limits (RAKE-07, OQ-04).

    ``PER_POT`` (the default): the cap limits the commission of each pot, main and
    each side pot, as RAKE-07 computes the commission "per pot". ``PER_HAND``: one cap
    for the whole hand, filled main pot first (a casino setting, not in the seeds).
    """

    PER_POT = "per_pot"
    PER_HAND = "per_hand"


class ProfileError(ValueError):
    """An override that the profile's rules do not allow."""


@dataclass(frozen=True, slots=True)
class RuleProfile:
    ruleset: Ruleset
    # Forced bets and structure
    straddle_allowed: bool
    straddle_multiple: int = 2  # straddle = 2 x big blind (GAME-06)
    # Fixed limit: bet + 3 raises per round (BET-09, OQ-03); the big blind counts as the bet.
    limit_cap_bets: int = 4
    limit_cap_heads_up_unlimited: bool = False
    # Raises and all-ins
    short_allin_reopen: ShortAllInReopen = ShortAllInReopen.MANUAL
    short_raise_threshold_pct: int = 50  # measured on the raise increment (OQ-10)
    same_value_chip_rule: SameValueChipRule = SameValueChipRule.LITERAL
    # Movements allowed after a spoken "raise" (RUL-13): None = not limited (MANUAL),
    # 1 = one more movement after the call (PBA), 0 = a single movement only (CABA).
    raise_movements_after_declaration: int | None = None
    time_call_players: int = 3  # BET-20
    clock_mode: ClockMode = ClockMode.ON_REQUEST
    clock_seconds: int = 60
    clock_grace_seconds: int = 10
    # Pots
    odd_chip_policy: OddChipPolicy = OddChipPolicy.LEFT_OF_BUTTON
    allow_wraparound_straights: bool = False  # RANK-04, OQ-18
    # Rake (RAKE-01, RAKE-07, OQ-04)
    rake_mode: RakeMode = RakeMode.PERCENT
    rake_bps: int = 300  # 3 %
    rake_max_bps: int | None = None  # CABA: 500 (5 %)
    rake_cap: int | None = None  # in chip units of the hand; None = no cap
    rake_cap_scope: RakeCapScope = RakeCapScope.PER_POT  # RAKE-07, OQ-04: cap each pot
    no_flop_no_drop: bool = False
    rake_rounding: RakeRounding = RakeRounding.DOWN_TO_MIN_CHIP  # casino setting (RAKE-07)
    tournament: bool = False  # tournaments take no rake (RAKE-02)
    # A promotion fund's drop (issue 44 §1), when the table offers a fund at the hand's
    # time: taken from the pot after the rake, apart from it (poker.fund_drop).
    fund_drop: Drop | None = None

    def __post_init__(self) -> None:
        if self.rake_bps < 0 or self.rake_bps > 10_000:
            raise ProfileError(f"rake_bps out of range: {self.rake_bps}")
        if self.rake_max_bps is not None and self.rake_bps > self.rake_max_bps:
            raise ProfileError(
                f"rake {self.rake_bps / 100:g}% exceeds the {self.ruleset.value} "
                f"maximum of {self.rake_max_bps / 100:g}% (RAKE-03)"
            )
        if self.limit_cap_bets < 1:
            raise ProfileError("limit_cap_bets must be at least 1")
        if not 0 < self.short_raise_threshold_pct <= 100:
            raise ProfileError("short_raise_threshold_pct must be in 1..100")
        if self.rake_cap is not None and self.rake_cap < 0:
            raise ProfileError("rake_cap must not be negative")
        if self.fund_drop is not None and type(self.fund_drop) is not Drop:
            raise ProfileError(f"fund_drop must be a Drop, not {self.fund_drop!r}")
        if not isinstance(self.rake_rounding, RakeRounding):
            # A setting read from storage arrives as its value ("nearest"); the engine
            # compares members by identity, so keep the member.
            try:
                rounding = RakeRounding(self.rake_rounding)
            except ValueError:
                raise ProfileError(f"unknown rake_rounding: {self.rake_rounding!r}") from None
            object.__setattr__(self, "rake_rounding", rounding)
        if not isinstance(self.rake_cap_scope, RakeCapScope):
            try:
                scope = RakeCapScope(self.rake_cap_scope)
            except ValueError:
                raise ProfileError(f"unknown rake_cap_scope: {self.rake_cap_scope!r}") from None
            object.__setattr__(self, "rake_cap_scope", scope)

    @property
    def takes_rake(self) -> bool:
        return self.rake_mode is RakeMode.PERCENT and not self.tournament and self.rake_bps > 0

    @property
    def takes_drop(self) -> bool:
        """A fund's drop is taken: a fund in force, and not a tournament (TOUR-03)."""
        return self.fund_drop is not None and not self.tournament

    def with_overrides(self, **changes: Any) -> RuleProfile:
        return with_overrides(self, **changes)


MANUAL = RuleProfile(ruleset=Ruleset.MANUAL, straddle_allowed=True)
PBA = RuleProfile(
    ruleset=Ruleset.PBA,
    straddle_allowed=False,  # OQ-06
    same_value_chip_rule=SameValueChipRule.REMOVE_ONE_LESS_THAN_CALL,  # RUL-10
    raise_movements_after_declaration=1,  # RUL-13
    rake_mode=RakeMode.SEAT_CHARGE,  # RAKE-04: the room charges for the seat
    rake_bps=0,
)
CABA = RuleProfile(
    ruleset=Ruleset.CABA,
    straddle_allowed=False,  # OQ-06
    raise_movements_after_declaration=0,  # RUL-13: a single movement
    clock_mode=ClockMode.PER_TURN,  # BET-21
    rake_max_bps=500,  # RAKE-03: up to 5 %
)

PROFILES: dict[Ruleset, RuleProfile] = {
    Ruleset.MANUAL: MANUAL,
    Ruleset.PBA: PBA,
    Ruleset.CABA: CABA,
}


def get_profile(name: str | Ruleset) -> RuleProfile:
    try:
        return PROFILES[Ruleset(str(name).lower())]
    except ValueError:
        raise ProfileError(f"unknown rule profile: {name!r}") from None


def with_overrides(profile: RuleProfile, **changes: Any) -> RuleProfile:
    """Return ``profile`` with per-table overrides applied and validated."""
    names = {f.name for f in dataclasses.fields(RuleProfile)}
    unknown = sorted(set(changes) - names)
    if unknown:
        raise ProfileError(f"unknown profile settings: {', '.join(unknown)}")
    if "ruleset" in changes:
        raise ProfileError("the ruleset of a profile cannot be overridden")
    return dataclasses.replace(profile, **changes)
