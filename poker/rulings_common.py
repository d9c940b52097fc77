"""Types shared by the rulings layer (``rulings.py``) and the irregularities layer.

Both layers turn what the floor observed into a decision that cites the rule it
applies (``rulings.md`` RUL-xx) and can be shown in Spanish and English
(HREC-07). Everything here is a frozen dataclass or an enum: the hand recorder
stores them as they are (IRREG-14).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from poker.model import Street

__all__ = [
    "ConductCode",
    "Lang",
    "MANDATORY_CONDUCT",
    "Notes",
    "SanctionProposal",
    "SanctionStart",
    "Street",
    "propose_sanction",
]


class Lang(StrEnum):
    ES = "es"
    EN = "en"


class ConductCode(StrEnum):
    """Sanctionable conduct (SANC-10 items a–h, SANC-12 triggers, CONDUCT-01..04)."""

    THIRD_PARTY_BENEFIT = "SANC-10a"
    DISRUPTIVE_BEHAVIOUR = "SANC-10b"
    CHIP_DUMPING_SOFT_PLAY = "SANC-10c"
    DISRESPECT_TO_STAFF = "SANC-10d"
    SHOWING_CARDS = "SANC-10e"
    COMMENTING_HAND = "SANC-10f"
    LOOKING_AT_CARDS = "SANC-10g"
    AGREEMENT_AGAINST_ALL_IN = "SANC-10h"
    DELIBERATE_OUT_OF_TURN = "SANC-12-out-of-turn"
    MISSTATED_HAND = "SANC-12-misstated-hand"
    HIDDEN_CHIPS = "SANC-12-hidden-chips"
    UNDECLARED_DEFECTIVE_CARD = "SANC-12-defective-card"
    LEFT_SEAT_DURING_ACTION = "SANC-12-left-seat"
    PHONE_USE = "CONDUCT-01"
    ADVICE_OR_SIGNALS = "CONDUCT-02"
    CHIPS_NOT_VISIBLE = "PLAY-02"
    COLLUSION = "CONDUCT-04"
    ACTING_FOR_ANOTHER = "CONDUCT-04-proxy"  # CABA: leaving another player in charge of one's bets


# SANC-10/SANC-11: "must" conduct is reported when no sanction was imposed.
MANDATORY_CONDUCT: frozenset[ConductCode] = frozenset(
    {
        ConductCode.THIRD_PARTY_BENEFIT,
        ConductCode.CHIP_DUMPING_SOFT_PLAY,
        ConductCode.DISRESPECT_TO_STAFF,
        ConductCode.AGREEMENT_AGAINST_ALL_IN,
        ConductCode.HIDDEN_CHIPS,
        ConductCode.UNDECLARED_DEFECTIVE_CARD,  # PBA: "loses the pot and is penalised"
        ConductCode.LEFT_SEAT_DURING_ACTION,  # PBA: "is penalised" (DEAD-04)
        ConductCode.COLLUSION,
    }
)


class SanctionStart(StrEnum):
    """When a proposed sanction takes effect (RUL-45, SANC-09)."""

    NEXT_HAND = "next_hand"
    IMMEDIATE_REMOVAL = "immediate_removal"


@dataclass(frozen=True, slots=True)
class SanctionProposal:
    """A sanction the supervisor proposes; the pit boss or management imposes it (SANC-02)."""

    seat: int | None
    conduct: ConductCode
    mandatory: bool
    starts: SanctionStart = SanctionStart.NEXT_HAND
    # CABA's sector manager may annul the offender's hand (RUL-27, RUL-43, OQ-15).
    hand_annulment_possible: bool = False


def propose_sanction(
    seat: int | None,
    conduct: ConductCode,
    *,
    immediate: bool = False,
    hand_annulment_possible: bool = False,
) -> SanctionProposal:
    """Build a proposal; it starts with the next hand unless immediate removal is chosen (SANC-09)."""
    return SanctionProposal(
        seat=seat,
        conduct=conduct,
        mandatory=conduct in MANDATORY_CONDUCT,
        starts=SanctionStart.IMMEDIATE_REMOVAL if immediate else SanctionStart.NEXT_HAND,
        hand_annulment_possible=hand_annulment_possible,
    )


class Notes:
    """Collects the explanation of a decision step by step, in both languages."""

    __slots__ = ("_es", "_en")

    def __init__(self) -> None:
        self._es: list[str] = []
        self._en: list[str] = []

    def add(self, es: str, en: str) -> None:
        self._es.append(es)
        self._en.append(en)

    @property
    def es(self) -> str:
        return " ".join(self._es)

    @property
    def en(self) -> str:
        return " ".join(self._en)
