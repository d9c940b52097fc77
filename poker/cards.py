"""Cards of the 52-card French deck, without jokers (seed 000 §3.1, DECK-02).

A card is a plain ``int`` from 0 to 51: ``rank * 4 + suit``, where ``rank`` runs
from 0 (deuce) to 12 (ace) and ``suit`` indexes ``SUITS`` ("cdhs"). Plain ints
keep the hot paths of the engine (validation, evaluation) free of object
overhead; ``parse_card`` and ``format_card`` convert at the edges.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: tuple[int, ...] = tuple(range(52))
UNKNOWN = "??"

# Suit symbols, accepted when parsing and optional when printing (hand replay page).
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠, same order as SUITS

_NAMES: tuple[str, ...] = tuple(RANKS[c // 4] + SUITS[c % 4] for c in DECK)
_SYMBOL_NAMES: tuple[str, ...] = tuple(RANKS[c // 4] + SUIT_SYMBOLS[c % 4] for c in DECK)
_BY_NAME: dict[str, int] = {}
for _c in DECK:
    # Any case for rank and suit letter ("As", "as", "AS"), "10" for ten, or a symbol.
    for _rank in {RANKS[_c // 4], RANKS[_c // 4].lower()} | ({"10"} if _c // 4 == 8 else set()):
        for _suit in (SUITS[_c % 4], SUITS[_c % 4].upper(), SUIT_SYMBOLS[_c % 4]):
            _BY_NAME[_rank + _suit] = _c

# Suit order for the initial button draw only: spades > diamonds > clubs > hearts
# (seed 000 §8.3(e), SHUF-09). Suits never break ties between poker hands (RANK-03).
BUTTON_DRAW_SUIT_ORDER = "sdch"


class CardError(ValueError):
    """A card code that does not name one of the 52 cards."""

    def __init__(self, text: str) -> None:
        super().__init__(f"not a card: {text!r}")
        self.text = text


def parse_card(text: str) -> int:
    """Parse one card such as ``"As"``, ``"Td"``, ``"10d"``, ``"9c"`` or ``"K♠"``.

    Jokers, wild cards and anything else outside the 52-card deck raise
    ``CardError`` (DECK-02).
    """
    try:
        return _BY_NAME[text]
    except (KeyError, TypeError):
        raise CardError(str(text)) from None


def parse_cards(text: str) -> tuple[int, ...]:
    """Parse a run of cards: ``"AsKd"``, ``"As Kd"`` or ``"As,Kd"``.

    Unknown cards (``"??"``) are not accepted here; callers that allow hidden
    cards handle ``UNKNOWN`` before calling.
    """
    cleaned = text.replace(",", " ").split()
    out: list[int] = []
    for chunk in cleaned:
        i = 0
        while i < len(chunk):
            if chunk.startswith("10", i):
                out.append(parse_card(chunk[i : i + 3]))
                i += 3
            else:
                out.append(parse_card(chunk[i : i + 2]))
                i += 2
    return tuple(out)


def is_card(card: object) -> bool:
    """True for an ``int`` that encodes one of the 52 cards (``bool`` is not a card)."""
    return type(card) is int and 0 <= card < 52


def format_card(card: int, *, symbols: bool = False) -> str:
    """``"As"`` (or ``"A♠"`` with ``symbols=True``); ``CardError`` if not a card."""
    if not is_card(card):
        raise CardError(str(card))
    return _SYMBOL_NAMES[card] if symbols else _NAMES[card]


def format_cards(cards: Iterable[int], sep: str = "", *, symbols: bool = False) -> str:
    return sep.join(format_card(c, symbols=symbols) for c in cards)


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def duplicates(cards: Sequence[int]) -> list[int]:
    """Cards that appear more than once, each listed once, in order of second appearance."""
    seen: set[int] = set()
    dup: list[int] = []
    for c in cards:
        if c in seen:
            if c not in dup:
                dup.append(c)
        else:
            seen.add(c)
    return dup


def button_draw_key(card: int) -> tuple[int, int]:
    """Sort key for the initial button draw: rank first, then ♠ > ♦ > ♣ > ♥."""
    suit_letter = SUITS[suit_of(card)]
    return (rank_of(card), 3 - BUTTON_DRAW_SUIT_ORDER.index(suit_letter))


def button_draw_winner(draw: dict[int, int]) -> int:
    """Seat that wins the button draw, given ``{seat: card}`` (SHUF-09, §8.3(e))."""
    if not draw:
        raise ValueError("no cards drawn")
    for card in draw.values():
        if not is_card(card):
            raise CardError(str(card))
    if len(set(draw.values())) != len(draw):
        raise ValueError("the same card was drawn twice")
    return max(draw, key=lambda seat: button_draw_key(draw[seat]))
