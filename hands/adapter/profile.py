"""A table's settings version as the engine's rules (GEN-03, GEN-04), and the seats' positions
in PHH order (GAME-07)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from casino.errors import DomainError
from hands import hooks
from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.model import (
    Variant,
)
from poker.profiles import (
    ProfileError,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    RuleProfile,
    get_profile,
    with_overrides,
)
from poker.tournament import AnteKind

from ..codes import HandsCode
from .units import _VARIANTS, units

# ---------------------------------------------------------------------------
# Rules of a table


@dataclass(frozen=True, slots=True)
class Rules:
    """What the engine needs from the table: profile, structure, chip unit."""

    profile: RuleProfile
    structure: str
    chip_unit: int

    @property
    def variant(self) -> Variant:
        return _VARIANTS[self.structure]


_PROFILE_CACHE: dict[tuple[Any, ...], RuleProfile] = {}


def profile_for(settings: Any) -> RuleProfile:
    """The ``RuleProfile`` of a ``TableSettings`` version (GEN-03 with the table's overrides).

    Versions are append-only, so the profile is cached by their values.
    """
    key = (
        settings.ruleset,
        settings.straddle_allowed,
        settings.limit_cap_bets,
        settings.rake_mode,
        settings.rake_pct,
        settings.rake_cap,
        settings.rake_cap_scope,
        settings.no_flop_no_drop,
        settings.is_tournament,
        # RAKE-07, OQ-04: the casino's rounding, pinned on the version (absent: the default).
        getattr(settings, "rake_rounding", None) or RakeRounding.DOWN_TO_MIN_CHIP.value,
    )
    cached = _PROFILE_CACHE.get(key)
    if cached is not None:
        return cached
    try:
        base = get_profile(settings.ruleset)
        rake_bps = int(Decimal(settings.rake_pct) * 100)
        profile = with_overrides(
            base,
            straddle_allowed=bool(settings.straddle_allowed),
            limit_cap_bets=int(settings.limit_cap_bets),
            rake_mode=RakeMode(settings.rake_mode),
            rake_bps=rake_bps,
            rake_cap=None if settings.rake_cap is None else units(settings.rake_cap, "rake_cap"),
            rake_cap_scope=RakeCapScope(settings.rake_cap_scope),  # RAKE-07, OQ-04
            no_flop_no_drop=bool(settings.no_flop_no_drop),
            tournament=bool(settings.is_tournament),
            rake_rounding=RakeRounding(key[-1]),
        )
    except (ProfileError, ValueError) as exc:
        raise DomainError.of(HandsCode.TABLE_SETTINGS_INVALID, exc=exc, field="settings") from None
    _PROFILE_CACHE[key] = profile
    return profile


def rules_for(
    settings: Any,
    *,
    chip_unit: int,
    structure: str,
    at: datetime | None,
    tournament: bool = False,
) -> Rules:
    """The engine's rules for a hand at a table under ``settings``, started at ``at``.

    ``tournament``: the hand is played at a tournament table (a session of kind
    tournament, issue 42), whatever the table's cash settings say: the engine's
    tournament profile, no rake (TOUR-03) and no drop. ``at``: the hand's start; the
    drop rule of the promotion fund the table offers then (``hooks.fund_drop``, issue 44
    §1) joins the profile, so the engine takes the drop from the pot beside the rake.
    Every caller says ``at``; ``None`` only for hands outside the room's tables (a
    benchmark, a simulation), which offer no fund.
    """
    profile = profile_for(settings)
    if tournament and not profile.tournament:
        profile = with_overrides(profile, tournament=True)
    if at is not None and not profile.tournament:
        drop = hooks.fund_drop(settings.table_id, at)
        if drop is not None:
            profile = _with_drop(profile, drop)
    return Rules(profile, structure, chip_unit)


_DROP_CACHE: dict[tuple[RuleProfile, Any], RuleProfile] = {}


def _with_drop(profile: RuleProfile, drop: Any) -> RuleProfile:
    """``profile`` with a fund's drop (both frozen values: cached by them)."""
    key = (profile, drop)
    cached = _DROP_CACHE.get(key)
    if cached is None:
        cached = _DROP_CACHE[key] = with_overrides(profile, fund_drop=drop)
    return cached


#: The kinds of ante of a tournament level (issue 42): the recorder reads them here.
TournamentAnteKind = AnteKind


def ruleset_of(rules: Rules) -> str:
    return rules.profile.ruleset.value


# ---------------------------------------------------------------------------
# Positions (GAME-12)

_POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("BU", "BB"),  # heads-up: the button posts the small blind (OQ-32); PHH order BB, BU
    3: ("SB", "BB", "BU"),
    4: ("SB", "BB", "CO", "BU"),
    5: ("SB", "BB", "UTG", "CO", "BU"),
    6: ("SB", "BB", "UTG", "MP", "CO", "BU"),
    7: ("SB", "BB", "UTG", "MP", "HJ", "CO", "BU"),
    8: ("SB", "BB", "UTG", "UTG+1", "MP", "HJ", "CO", "BU"),
    9: ("SB", "BB", "UTG", "UTG+1", "MP1", "MP2", "HJ", "CO", "BU"),
    10: ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP1", "MP2", "HJ", "CO", "BU"),
}


def positions(order: Sequence[int]) -> dict[int, str]:
    """Position label of each seat, given the seats in PHH order (GAME-12)."""
    labels = _POSITIONS.get(len(order))
    if labels is None:
        return {}
    if len(order) == 2:
        return {order[0]: "BB", order[1]: "BU"}
    return dict(zip(order, labels, strict=True))


def next_button(seats: Iterable[int], previous: int, *, redeal: bool = False) -> int:
    """Where the button goes for the next hand among the seats dealt in: one seat on,
    clockwise, from ``previous`` (GAME-07); a redeal keeps it (OQ-37). The one rule for the
    recorder's check and the next hand's suggestion."""
    if redeal:
        return previous
    ordered = sorted(seats)
    after = [s for s in ordered if s > previous]
    return after[0] if after else ordered[0]


def phh_order(seats: Iterable[int], button: int) -> tuple[int, ...]:
    """Seats dealt in, clockwise from the first seat left of the button; the button last."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > button]
    before = [s for s in ordered if s <= button]
    return tuple(after + before)
