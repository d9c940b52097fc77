"""Money and cards between the recorder and the engine: ``Decimal`` amounts and integer units
(GEN-05: the chip unit), card text, the button draw; the record's vocabularies."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from casino.errors import DomainError
from hands.codes import HandsCode
from poker.cards import CardError, button_draw_winner, format_card, parse_card
from poker.irregularities import (
    BurnError,
    IrregularityKind,
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.model import (
    UNKNOWN_CARD,
    Variant,
    VoidReason,
)
from poker.rulings import Word
from poker.rulings_common import ConductCode
from tables.codes import TablesCode

CENT = Decimal("0.01")
#: Version tag stored with every verdict (the engine revision that judged it).
ENGINE_TAG = "poker-1"

STRUCTURES = ("no_limit", "pot_limit", "limit")
_VARIANTS = {
    "no_limit": Variant.NO_LIMIT,
    "pot_limit": Variant.POT_LIMIT,
    "limit": Variant.FIXED_LIMIT,
}
_STRUCTURE_OF = {v: k for k, v in _VARIANTS.items()}

#: Record action kinds (the recorder's words; bet and raise are both "to" amounts).
BETTING_KINDS = ("fold", "check", "call", "bet", "raise", "all_in")
ACTION_KINDS = (
    *BETTING_KINDS,
    "board",
    "show",
    "muck",
    "dead",
    "void",
    "observed",
    "irregularity",
    "award",
)
#: Why the floor recorded who took a pot instead of the cards (issue 38 §2): the winning
#: hand was shown but its cards could not be read or were not entered, or it was mucked.
AWARD_REASONS = ("unreadable", "mucked")
VOID_REASONS = tuple(r.value for r in VoidReason)
IRREGULARITY_KINDS = tuple(k.value for k in IrregularityKind)
OBSERVED_WORDS = tuple(w.value for w in Word)
CONDUCT_CODES = tuple(c.value for c in ConductCode)
BURN_ERRORS = tuple(b.value for b in BurnError)


# ---------------------------------------------------------------------------
# Money and cards


def money(units: int) -> Decimal:
    """Cents (int) to a ``Decimal`` with two places."""
    return Decimal(units).scaleb(-2)


def money_text(units: int) -> str:
    return str(money(units))


def units(value: Any, field_name: str, chip_unit: int | None = None) -> int:
    """``Decimal``/str money to cents; refuse fractions of a cent or of the smallest chip."""
    try:
        d = value if isinstance(value, Decimal) else Decimal(str(value))
        cents = d * 100
        whole = int(cents)
    except Exception:  # noqa: BLE001 - any unreadable amount is bad input
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field_name) from None
    if cents != whole:
        raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field_name)
    if chip_unit and whole % chip_unit:
        raise DomainError.of(
            HandsCode.AMOUNT_NOT_CHIP_MULTIPLE,
            value=value,
            chip_unit=chip_unit,
            field=field_name,
            details={"unit": str(money(chip_unit))},
        )
    return whole


def parse_cards_text(text: str, field_name: str, *, allow_unknown: bool = True) -> tuple[int, ...]:
    """``"AsKd"``, ``"As Kd"``, ``"????"`` (unknown) to card ints; 400 on a card that does not exist."""
    cleaned = "".join(str(text).replace(",", " ").split())
    out: list[int] = []
    i = 0
    while i < len(cleaned):
        if cleaned.startswith("??", i) and allow_unknown:
            out.append(UNKNOWN_CARD)
            i += 2
            continue
        size = 3 if cleaned.startswith("10", i) else 2
        chunk = cleaned[i : i + size]
        try:
            out.append(parse_card(chunk))
        except CardError:
            raise DomainError.of(
                HandsCode.CARD_INVALID, field=field_name, details={"card": chunk}
            ) from None
        i += size
    return tuple(out)


def cards_text(cards: Iterable[int], *, symbols: bool = False) -> str:
    return "".join("??" if c == UNKNOWN_CARD else format_card(c, symbols=symbols) for c in cards)


def button_draw(draw: Mapping[int, str]) -> int:
    """Seat that wins the initial button draw (SHUF-09: high card, ♠ > ♦ > ♣ > ♥)."""
    cards: dict[int, int] = {}
    for seat, text in draw.items():
        parsed = parse_cards_text(text, f"cards.{seat}", allow_unknown=False)
        if len(parsed) != 1:
            raise DomainError.of(HandsCode.BUTTON_DRAW_ONE_CARD, seat=seat, field=f"cards.{seat}")
        cards[int(seat)] = parsed[0]
    if len(cards) < 2:
        raise DomainError.of(HandsCode.BUTTON_DRAW_PLAYERS, field="cards")
    if len(set(cards.values())) != len(cards):
        raise DomainError.of(HandsCode.CARD_DUPLICATE, field="cards")
    return button_draw_winner(cards)
