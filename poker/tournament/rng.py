"""Seeded draws that anyone can re-run from the recorded seed (TOUR-01, TDA 7, 8, 10, 24).

Every random choice of the tournament rules (the seat draw, a late entry's seat, the
redraw of a broken table, the final table, the cards of a chip race) is taken from a
:class:`SeededDraw`. The app records the seed with the decision, so the decision can be
replayed and checked later, on any machine and any Python version: the stream is defined
here, not by :mod:`random` (whose algorithms may change between versions).

The stream, for a seed ``S`` (an int, 0 <= S < 2**256) and a purpose ``P`` (a short name
that keeps the draws of different jobs apart):

* the ``c``-th number (c = 0, 1, 2, ...) is the first 8 bytes, read big-endian, of
  ``SHA-256("mesa-tournament/P/S/c")`` (decimal S and c, UTF-8);
* ``below(n)`` takes the next number ``x``, rejects it while ``x >= 2**64 - 2**64 % n``
  (so that every result is equally likely) and returns ``x % n``;
* ``shuffle`` is Fisher-Yates from the last position down: ``j = below(i + 1)``, swap.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from poker.tournament.errors import TCode, TournamentError

T = TypeVar("T")

_SPAN = 1 << 64
MAX_SEED = (1 << 256) - 1


def check_seed(seed: int) -> int:
    """The seed itself, or TournamentError(SEED_INVALID): an int from 0 to 2**256 - 1."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise TournamentError(TCode.SEED_INVALID, field="seed", seed=str(seed))
    return seed


class SeededDraw:
    """A reproducible stream of fair choices (see the module documentation)."""

    __slots__ = ("_counter", "_prefix")

    def __init__(self, seed: int, purpose: str) -> None:
        check_seed(seed)
        self._prefix = f"mesa-tournament/{purpose}/{seed}/"
        self._counter = 0

    def _next(self) -> int:
        text = f"{self._prefix}{self._counter}".encode()
        self._counter += 1
        return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")

    def below(self, n: int) -> int:
        """A number from 0 to n - 1, each equally likely."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = _SPAN - _SPAN % n
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from nothing")
        return items[self.below(len(items))]
