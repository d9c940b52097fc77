"""Texas Hold'em hand evaluator: the best five cards out of 5, 6 or 7 (seed 000 §5.8).

A hand value is a plain ``int``; larger is better and equal values are exact
ties, so suits never break a tie (RANK-03) and players who play the board get
equal values (SHOW-12). The value is structured: ``value >> 20`` is the
``HandCategory`` and the next five 4-bit fields hold the deciding ranks
(0 = deuce .. 12 = ace) in the order RANK-02 compares them, e.g. a full house
of kings and tens is ``FULL_HOUSE << 20 | K << 16 | T << 12``.

How it is fast in pure Python: each card maps to one precomputed integer that
carries its rank as ``5**rank`` (so a sum of cards is the rank histogram in base
5) and one 4-bit counter per suit. Adding the cards' integers gives both at
once; a suit counter of five or more means a flush. Hands without a flush are
one dictionary lookup on the histogram; flushes look up the ranks held in the
flush suit. Both tables are generated once by ``poker/_gen_eval_tables.py``
(a brute-force reference), shipped compressed in ``poker/_eval_tables.py`` and
decoded on first use.

``evaluate`` checks its input; ``evaluate5`` and ``evaluate7`` are the unchecked
fast paths for callers that have already validated the cards (distinct ints
0..51, see ``poker.cards``).
"""

from __future__ import annotations

import binascii
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from enum import IntEnum
from itertools import accumulate, combinations

from poker import _eval_tables
from poker.cards import CardError, rank_of

# ``typing`` costs ~2 ms to import; annotations are strings here, so only the
# type checker needs it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

__all__ = [
    "HandCategory",
    "HandError",
    "best_five",
    "category",
    "describe",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_hands",
    "hand_ranks",
]


class HandCategory(IntEnum):
    """Hand categories (RANK-01). Larger is better, like hand values.

    ``manual_position`` gives the manual's numbering (1 = royal flush).
    """

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10  # reported as its own category (RANK-05)

    @property
    def manual_position(self) -> int:
        """Position in RANK-01's table, best first: 1 (royal flush) .. 10 (high card)."""
        return 11 - int(self)


class HandError(ValueError):
    """Cards that cannot be evaluated as one poker hand (wrong count or repeated)."""


_CATEGORY_SHIFT = 20

# One integer per card: 5**rank shifted above 16 bits, plus 1 in its suit's 4-bit
# counter (bits 4*suit .. 4*suit+3). In a sum of up to seven cards no counter
# overflows, so ``t >> 16`` is the rank histogram in base 5 and, after adding 3
# to every counter (0x3333), bit 3 of a counter (mask 0x8888) is set iff that
# suit holds five cards or more: a flush. The hot functions below spell these
# constants as literals because a literal is cheaper than a global in CPython.
_CARD_KEYS: tuple[int, ...] = tuple((5 ** (c >> 2) << 16) | (1 << 4 * (c & 3)) for c in range(52))
# The flush-test bit of each suit's counter, to the suit index.
_FLUSH_SUIT = {0x8 << 4 * s: s for s in range(4)}
_DECK = frozenset(range(52))


# The lookup tables, filled when first needed: importing the engine costs about a
# millisecond, and a run that evaluates only seven-card hands (every Hold'em
# showdown) never decodes the five- and six-card part. The hot paths look up
# these plain dicts directly; a miss (KeyError, free to guard in CPython 3.11)
# loads the missing part once, then retries.
_RANKS: dict[int, int] = {}
_FLUSHES: dict[int, int] = {}
_LOADED: set[str] = set()


def _load(name: str, into: dict[int, int]) -> bool:
    """Decode table ``name`` of ``poker._eval_tables`` into ``into``; False if already done."""
    if name in _LOADED:
        return False
    count: int = getattr(_eval_tables, f"{name}_COUNT")
    data = array("I", zlib.decompress(binascii.a2b_base64(getattr(_eval_tables, name))))
    if sys.byteorder != "little":
        data.byteswap()
    if len(data) != 2 * count:
        raise RuntimeError("poker/_eval_tables.py is corrupt: regenerate it")
    into.update(zip(accumulate(data[:count]), data[count:], strict=True))
    _LOADED.add(name)
    return True


def _rank_miss(key: int, size: int) -> int:
    if _load(f"RANKS_{size}", _RANKS) and key in _RANKS:
        return _RANKS[key]
    # Only a repeated card (passed to an unchecked function) gets here.
    raise HandError("not a poker hand: is a card repeated?")


def _flush_value(cards: Iterable[int], flush_bits: int) -> int:
    """Best flush or straight flush; only one suit can hold five of seven cards."""
    suit = _FLUSH_SUIT[flush_bits]
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    try:
        return _FLUSHES[mask]
    except KeyError:
        if _load("FLUSHES", _FLUSHES) and mask in _FLUSHES:
            return _FLUSHES[mask]
        raise HandError("not a poker hand: is a card repeated?") from None


def evaluate7(cards: Sequence[int]) -> int:
    """Value of the best five of exactly seven distinct cards (unchecked fast path)."""
    k = _CARD_KEYS
    a, b, c, d, e, f, g = cards
    t = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    if (t + 0x3333) & 0x8888:
        return _flush_value(cards, (t + 0x3333) & 0x8888)
    try:
        return _RANKS[t >> 16]
    except KeyError:
        return _rank_miss(t >> 16, 7)


def evaluate6(cards: Sequence[int]) -> int:
    """Value of the best five of exactly six distinct cards (unchecked)."""
    k = _CARD_KEYS
    a, b, c, d, e, f = cards
    t = k[a] + k[b] + k[c] + k[d] + k[e] + k[f]
    if (t + 0x3333) & 0x8888:
        return _flush_value(cards, (t + 0x3333) & 0x8888)
    try:
        return _RANKS[t >> 16]
    except KeyError:
        return _rank_miss(t >> 16, 6)


def evaluate5(cards: Sequence[int]) -> int:
    """Value of exactly five distinct cards (unchecked fast path)."""
    k = _CARD_KEYS
    a, b, c, d, e = cards
    t = k[a] + k[b] + k[c] + k[d] + k[e]
    if (t + 0x3333) & 0x8888:
        return _flush_value(cards, (t + 0x3333) & 0x8888)
    try:
        return _RANKS[t >> 16]
    except KeyError:
        return _rank_miss(t >> 16, 5)


def _refuse(cards: Iterable[object], counts: Iterable[int]) -> NoReturn:
    """Raise the precise error for cards that failed the quick check."""
    cards = list(cards)
    for c in cards:
        if type(c) is not int or not 0 <= c < 52:
            raise CardError(str(c))
    if len(set(cards)) != len(cards):
        raise HandError("the same card appears twice")
    for n in counts:
        if not 5 <= n <= 7:
            raise HandError(f"a hand has 5, 6 or 7 cards, not {n}")
    raise HandError("not a poker hand")


def evaluate(cards: Sequence[int]) -> int:
    """Value of the best five-card hand from 5, 6 or 7 distinct cards (RANK-01..05).

    Larger is better; equal values are exact ties. Raises ``HandError`` or
    ``CardError`` (both ``ValueError``) on a wrong count, a repeated card or a
    card outside 0..51. (Like Python, it takes ``True`` for the int 1.)
    """
    n = len(cards)
    try:
        seen = set(cards)
        if len(seen) == n and seen <= _DECK:
            if n == 7:
                return evaluate7(cards)
            if n == 6:
                return evaluate6(cards)
            if n == 5:
                return evaluate5(cards)
    except TypeError:  # unhashable, or 3.0: passes the set test, cannot index a table
        pass
    _refuse(cards, (n,))


def evaluate_hands(
    board: Sequence[int], holes: Sequence[Sequence[int]], *, check: bool = True
) -> list[int]:
    """Values of several players' hands sharing one board, in the order of ``holes``.

    The showdown helper (SHOW-14): the board is added up once, then each player
    costs two additions and one lookup. Every hand (hole cards plus board) must
    have 5, 6 or 7 cards and all cards must be distinct, else ``HandError`` or
    ``CardError``; ``check=False`` skips the distinctness and range check (about
    a third of the cost) for callers that validated the deal already.
    """
    board = tuple(board)
    if check:
        seen = set(board)
        total = len(board)
        for hole in holes:
            seen.update(hole)
            total += len(hole)
        if len(seen) != total or not seen <= _DECK:
            _refuse([*board, *(c for h in holes for c in h)], ())
    k = _CARD_KEYS
    out: list[int] = []
    try:
        board_sum = 0
        for c in board:
            board_sum += k[c]
        for hole in holes:
            if len(hole) == 2 and len(board) == 5:  # Hold'em at showdown: the fast path
                a, b = hole
                t = board_sum + k[a] + k[b]
            else:
                if not 5 <= len(board) + len(hole) <= 7:
                    _refuse((), (len(board) + len(hole),))
                t = board_sum
                for c in hole:
                    t += k[c]
            if (t + 0x3333) & 0x8888:
                out.append(_flush_value((*board, *hole), (t + 0x3333) & 0x8888))
            else:
                try:
                    out.append(_RANKS[t >> 16])
                except KeyError:
                    out.append(_rank_miss(t >> 16, len(board) + len(hole)))
    except TypeError:  # 3.0 passes the set test but cannot index a table
        _refuse([*board, *(c for h in holes for c in h)], ())
    return out


def category(value: int) -> HandCategory:
    """The category of a hand value."""
    return HandCategory(value >> _CATEGORY_SHIFT)


def hand_ranks(value: int) -> tuple[int, ...]:
    """The deciding ranks of a value, most significant first (0 = deuce .. 12 = ace).

    As many ranks as the category compares (RANK-02): ``(11, 8)`` for kings full
    of tens, ``(7, 11, 6, 0)`` for a pair of nines with K-8-2, ``(3,)`` for a
    five-high straight.
    """
    cat = category(value)
    width = _RANK_FIELDS[cat]
    return tuple((value >> (16 - 4 * i)) & 0xF for i in range(width))


_RANK_FIELDS = {
    HandCategory.HIGH_CARD: 5,
    HandCategory.ONE_PAIR: 4,
    HandCategory.TWO_PAIR: 3,
    HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.STRAIGHT: 1,
    HandCategory.FLUSH: 5,
    HandCategory.FULL_HOUSE: 2,
    HandCategory.FOUR_OF_A_KIND: 2,
    HandCategory.STRAIGHT_FLUSH: 1,
    HandCategory.ROYAL_FLUSH: 1,
}


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards that make the best hand, most significant first.

    Groups come first (the four, the three, the pairs), then single cards by
    rank; a five-high straight lists the ace last. When several choices of five
    cards tie, the one using the earliest cards of ``cards`` is returned (pass
    the hole cards first to prefer them).
    """
    evaluate(cards)  # checks the cards
    best = max(combinations(cards, 5), key=evaluate5)
    value = evaluate5(best)
    counts: dict[int, int] = {}
    for c in best:
        counts[rank_of(c)] = counts.get(rank_of(c), 0) + 1
    ordered = sorted(best, key=lambda c: (counts[rank_of(c)], rank_of(c)), reverse=True)
    if category(value) in _STRAIGHTS and hand_ranks(value)[0] == _FIVE:
        ordered.append(ordered.pop(0))  # the ace plays low: 5-4-3-2-A (RANK-04)
    return tuple(ordered)


_FIVE = 3
_STRAIGHTS = (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)

# Rank names for describe(): Spanish singular/plural, English singular/plural.
_ES_ONE: tuple[str, ...] = tuple(
    "dos tres cuatro cinco seis siete ocho nueve diez jota reina rey as".split()
)
_ES_MANY: tuple[str, ...] = tuple(
    "doses treses cuatros cincos seises sietes ochos nueves dieces jotas reinas reyes ases".split()
)
_EN_ONE: tuple[str, ...] = tuple(
    "deuce three four five six seven eight nine ten jack queen king ace".split()
)
_EN_MANY: tuple[str, ...] = tuple(
    "deuces threes fours fives sixes sevens eights nines tens jacks queens kings aces".split()
)


def _list_es(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " y " + words[-1]


def _list_en(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _describe_es(cat: HandCategory, r: tuple[int, ...], kickers: bool) -> str:
    one, many = _ES_ONE, _ES_MANY
    if cat is HandCategory.ROYAL_FLUSH:
        return "Escalera real"
    if cat is HandCategory.STRAIGHT_FLUSH:
        return f"Escalera de color al {one[r[0]]}"
    if cat is HandCategory.FOUR_OF_A_KIND:
        text, rest = f"Póquer de {many[r[0]]}", r[1:]
    elif cat is HandCategory.FULL_HOUSE:
        return f"Full de {many[r[0]]} y {many[r[1]]}"
    elif cat is HandCategory.FLUSH:
        text, rest = f"Color al {one[r[0]]}", r[1:]
    elif cat is HandCategory.STRAIGHT:
        return f"Escalera al {one[r[0]]}"
    elif cat is HandCategory.THREE_OF_A_KIND:
        text, rest = f"Trío de {many[r[0]]}", r[1:]
    elif cat is HandCategory.TWO_PAIR:
        text, rest = f"Doble pareja de {many[r[0]]} y {many[r[1]]}", r[2:]
    elif cat is HandCategory.ONE_PAIR:
        text, rest = f"Pareja de {many[r[0]]}", r[1:]
    else:
        text, rest = f"Carta alta, {one[r[0]]}", r[1:]
    if not kickers:
        return text
    if cat is HandCategory.FLUSH or cat is HandCategory.HIGH_CARD:
        return f"{text}, luego {_list_es([one[x] for x in rest])}"
    label = "kicker" if len(rest) == 1 else "kickers"
    return f"{text}, {label} {_list_es([one[x] for x in rest])}"


def _describe_en(cat: HandCategory, r: tuple[int, ...], kickers: bool) -> str:
    one, many = _EN_ONE, _EN_MANY
    if cat is HandCategory.ROYAL_FLUSH:
        return "Royal flush"
    if cat is HandCategory.STRAIGHT_FLUSH:
        return f"Straight flush, {one[r[0]]} high"
    if cat is HandCategory.FOUR_OF_A_KIND:
        text, rest = f"Four of a kind, {many[r[0]]}", r[1:]
    elif cat is HandCategory.FULL_HOUSE:
        return f"Full house, {many[r[0]]} full of {many[r[1]]}"
    elif cat is HandCategory.FLUSH:
        text, rest = f"Flush, {one[r[0]]} high", r[1:]
    elif cat is HandCategory.STRAIGHT:
        return f"Straight, {one[r[0]]} high"
    elif cat is HandCategory.THREE_OF_A_KIND:
        text, rest = f"Three of a kind, {many[r[0]]}", r[1:]
    elif cat is HandCategory.TWO_PAIR:
        text, rest = f"Two pair, {many[r[0]]} and {many[r[1]]}", r[2:]
    elif cat is HandCategory.ONE_PAIR:
        text, rest = f"Pair of {many[r[0]]}", r[1:]
    else:
        text, rest = f"High card, {one[r[0]]}", r[1:]
    if not kickers:
        return text
    if cat is HandCategory.FLUSH or cat is HandCategory.HIGH_CARD:
        return f"{text}, then {_list_en([one[x] for x in rest])}"
    label = "kicker" if len(rest) == 1 else "kickers"
    return f"{text}, {label} {_list_en([one[x] for x in rest])}"


def describe(value: int, lang: str = "es", *, kickers: bool = False) -> str:
    """Name a hand value for people: "Full de reyes y dieces" / "Full house, kings full of tens".

    Spanish uses the glossary's category names (escalera real, escalera de
    color, póquer, full, color, escalera, trío, doble pareja, pareja, carta
    alta). With ``kickers=True`` the remaining deciding cards are named too, so
    two different values never get the same text.
    """
    cat = category(value)
    ranks = hand_ranks(value)
    if lang == "es":
        return _describe_es(cat, ranks, kickers)
    if lang == "en":
        return _describe_en(cat, ranks, kickers)
    raise ValueError(f"unsupported language: {lang!r} (use 'es' or 'en')")
