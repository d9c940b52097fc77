"""Sanctionable conduct, penalty scales, escalation and the vuelta arithmetic (§8.6, SANC).

Pure Python: the conduct catalogue (SANC-10 a–h and SANC-12, each with a code,
a default level and the manual's "must"/"may", SANC-11), the penalty ladders
for tournaments (SANC-03) and cash games (SANC-08, OQ-15; CABA adds the
annulment of the hand), the suggestion one step up for repeat offences
(SANC-07) and the length of a vuelta penalty (SANC-04, OQ-16, A-26).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from casino.models import Ruleset

from .models.sanctions import SanctionLevel

L = SanctionLevel

# The generic default of a conduct, placed on the ladder that applies (see default_step).
WARNING = "warning"
PENALTY = "penalty"  # 1 vuelta (tournament) / sit-out of one vuelta's hands (cash)
REMOVAL = "removal"  # disqualification (tournament) / removal from the table (cash)


@dataclass(frozen=True)
class Conduct:
    code: str
    label: object  # lazy translation
    must: bool  # the manual says "deberá ser sancionado" (SANC-11)
    default: str  # WARNING / PENALTY / REMOVAL
    source: str
    # SANC-10: (e), (f), (g) are not sanctioned at a tournament's final heads-up or when
    # two players remain after a deal (OQ-49: tournaments only).
    heads_up_exempt: bool = False
    needs_text: bool = False


CONDUCTS: tuple[Conduct, ...] = (
    Conduct("third_party", _("Acting for a third party's benefit"), True, PENALTY, "§8.6(a)"),
    Conduct(
        "disruptive",
        _("Shouting, contempt, reproaches, touching others' cards, delay, throwing cards or chips"),
        False,
        WARNING,
        "§8.6(b)",
    ),
    Conduct("chip_dumping", _("Chip dumping or soft play"), True, REMOVAL, "§8.6(c)"),
    Conduct("staff_disrespect", _("Disrespect to the dealer or staff"), True, WARNING, "§8.6(d)"),
    Conduct("showing_hand", _("Showing one's hand"), False, WARNING, "§8.6(e)", True),
    Conduct("commenting_hand", _("Commenting on a hand"), False, WARNING, "§8.6(f)", True),
    Conduct(
        "reading_cards", _("Trying to see another player's cards"), False, WARNING, "§8.6(g)", True
    ),
    Conduct(
        "no_bet_agreement",
        _("Agreeing not to bet against an all-in player"),
        True,
        REMOVAL,
        "§8.6(h)",
    ),
    Conduct("out_of_turn", _("Deliberate action out of turn"), False, WARNING, "BET-18"),
    Conduct(
        "misstated_hand", _("Deliberately misstating a hand at showdown"), False, PENALTY, "SHOW-04"
    ),
    Conduct("hidden_chips", _("Hidden chips after an all-in"), False, PENALTY, "IRREG-12"),
    Conduct(
        "chips_not_visible", _("Chips not kept visible when moving"), False, REMOVAL, "TOUR-05"
    ),
    Conduct(
        "undeclared_defective_card",
        _("Not declaring a defective card (PBA)"),
        True,
        PENALTY,
        "IRREG-10",
    ),
    Conduct(
        "left_seat_in_action",
        _("Leaving the seat before completing the action (PBA)"),
        True,
        WARNING,
        "DEAD-04",
    ),
    Conduct("phone_use", _("Using a phone during a hand"), False, WARNING, "CONDUCT-01"),
    Conduct(
        "information_advice",
        _("Information, advice or signals between players"),
        False,
        WARNING,
        "CONDUCT-02..04",
    ),
    Conduct("other", _("Other conduct (describe it)"), False, WARNING, "SANC-01", needs_text=True),
)

CONDUCT_BY_CODE: dict[str, Conduct] = {c.code: c for c in CONDUCTS}

SEVERE_LEVELS = frozenset({L.REMOVAL, L.DISQUALIFICATION, L.EXPULSION})
ROUND_LEVELS = frozenset({L.VUELTAS, L.SIT_OUT})  # need vueltas and players in the hand


@dataclass(frozen=True, order=True)
class Step:
    """One rung of a penalty ladder: a level and, for rounds, how many vueltas."""

    level: str
    vueltas: int | None = None

    def label(self) -> str:
        text = str(SanctionLevel(self.level).label)
        return f"{text} × {self.vueltas}" if self.vueltas else text


def ladder(*, is_tournament: bool, ruleset: str) -> list[Step]:
    """The scale, lightest first (SANC-03 tournaments; SANC-08/OQ-15 cash games)."""
    if is_tournament:
        rounds = [Step(L.VUELTAS, n) for n in range(1, 5)]
        return [Step(L.WARNING), *rounds, Step(L.DISQUALIFICATION), Step(L.EXPULSION)]
    rounds = [Step(L.SIT_OUT, n) for n in range(1, 5)]
    annulment = [Step(L.HAND_ANNULMENT)] if ruleset == Ruleset.CABA else []
    return [Step(L.WARNING), *annulment, *rounds, Step(L.REMOVAL), Step(L.EXPULSION)]


def levels_in_scale(*, is_tournament: bool, ruleset: str) -> list[str]:
    seen: list[str] = []
    for step in ladder(is_tournament=is_tournament, ruleset=ruleset):
        if step.level not in seen:
            seen.append(step.level)
    return seen


_EQUIVALENT: dict[str, str] = {
    L.VUELTAS: L.SIT_OUT,
    L.SIT_OUT: L.VUELTAS,
    L.DISQUALIFICATION: L.REMOVAL,
    L.REMOVAL: L.DISQUALIFICATION,
}


def position(step: Step, scale: list[Step]) -> int:
    """Where a (possibly foreign) step sits on ``scale``: cash and tournament steps map
    onto each other; a level the scale lacks counts as the nearest lighter rung."""
    if step in scale:
        return scale.index(step)
    twin = Step(_EQUIVALENT.get(step.level, step.level), step.vueltas)
    if twin in scale:
        return scale.index(twin)
    if step.level == L.HAND_ANNULMENT:
        return 0  # just above a warning on a scale without annulment
    if step.level == L.EXPULSION:
        return len(scale) - 1
    return 0


def default_step(conduct: Conduct, scale: list[Step]) -> Step:
    if conduct.default == WARNING:
        return scale[0]
    if conduct.default == PENALTY:
        return next(s for s in scale if s.level in ROUND_LEVELS)
    return next(s for s in scale if s.level in (L.DISQUALIFICATION, L.REMOVAL))


def suggest_step(conduct: Conduct, scale: list[Step], prior: Iterable[Step]) -> Step:
    """SANC-07: one step above the heaviest prior sanction, never below the conduct's default."""
    index = scale.index(default_step(conduct, scale))
    positions = [position(p, scale) for p in prior]
    if positions:
        index = max(index, max(positions) + 1)
    return scale[min(index, len(scale) - 1)]


def penalty_hands(vueltas: int, players_in_hand: int) -> int:
    """SANC-04, OQ-16, A-26: vueltas × players dealt into the offending hand (9 × 2 = 18)."""
    if not 1 <= vueltas <= 4:
        raise ValueError("vueltas must be 1 to 4 (SANC-03)")
    if not 2 <= players_in_hand <= 10:
        raise ValueError("a hand has 2 to 10 players (OPEN-17)")
    return vueltas * players_in_hand


def hands_remaining(hands_total: int, hands_served: int) -> int:
    """Hands still to sit out (dealt in, blinds and antes posted) after ``hands_served``."""
    if hands_served < 0:
        raise ValueError("hands served cannot be negative")
    return max(0, hands_total - hands_served)
