"""Generate ``poker/_eval_tables.py``, the lookup tables of the hand evaluator.

Run ``python -m poker._gen_eval_tables`` from the repository root after changing
the value encoding below; the output is deterministic, so a rerun on unchanged
code leaves the file byte for byte the same (a test checks that).

Two tables, both computed here by brute force from a plain five-card ranking
(seed 000 §5.8, RANK-01..RANK-05) so that the fast evaluator only adds and looks up:

* ``RANKS_5``, ``RANKS_6``, ``RANKS_7``: for every multiset of 5, 6 or 7 ranks
  (each rank at most four times), the value of the best five-card hand
  *ignoring suits*. The key is the rank histogram written in base 5
  (``sum(count[r] * 5**r)``), which is unique by construction, so the three
  can share one dictionary at run time (each is loaded when first needed).
* ``FLUSHES``: for every 13-bit rank mask with 5, 6 or 7 bits set (the ranks
  held in the flush suit), the value of the best flush or straight flush.

Each is stored as one zlib-compressed little-endian ``uint32`` array in base64
(the keys as sorted deltas, then the values) to keep the committed module
small (well under 1 MB) and its loading fast: a few C calls and one
``dict(zip(...))``.

This script imports nothing from ``poker.evaluator`` on purpose: it is the
independent reference that the fast path is checked against.
"""

from __future__ import annotations

import base64
import hashlib
import sys
import zlib
from array import array
from itertools import combinations
from pathlib import Path

# Value encoding, shared with poker/evaluator.py: category << 20, then up to five
# ranks (0 = deuce .. 12 = ace) in 4-bit fields, most significant first.
# Categories, larger is better (RANK-01 lists them best first).
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 1, 2, 3, 4, 5
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH = 6, 7, 8, 9, 10
CATEGORY_SHIFT = 20
ACE = 12
FIVE = 3

OUTPUT = Path(__file__).with_name("_eval_tables.py")


def pack(cat: int, ranks: list[int]) -> int:
    """Pack a category and its deciding ranks (most significant first)."""
    value = cat
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def straight_top(distinct_desc: list[int]) -> int | None:
    """Top rank of the straight made by five distinct ranks, or None.

    The ace also plays low (5-4-3-2-A, top card the five, RANK-04); there is no
    wrap-around such as Q-K-A-2-3 (OQ-18).
    """
    if len(distinct_desc) != 5:
        return None
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if distinct_desc == [ACE, FIVE, 2, 1, 0]:
        return FIVE
    return None


def five_card_value(ranks: tuple[int, ...], flush: bool) -> int:
    """Value of exactly five cards, given their ranks and whether they share a suit."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Groups ordered by size then rank: the order in which RANK-02 compares them.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = [r for r, _ in groups]
    shape = [c for _, c in groups]
    top = straight_top(sorted(counts, reverse=True))
    if flush and top is not None:
        return pack(ROYAL_FLUSH if top == ACE else STRAIGHT_FLUSH, [top])
    if shape == [4, 1]:
        return pack(FOUR_OF_A_KIND, order)
    if shape == [3, 2]:
        return pack(FULL_HOUSE, order)
    if flush:
        return pack(FLUSH, order)
    if top is not None:
        return pack(STRAIGHT, [top])
    if shape == [3, 1, 1]:
        return pack(THREE_OF_A_KIND, order)
    if shape == [2, 2, 1]:
        return pack(TWO_PAIR, order)
    if shape == [2, 1, 1, 1]:
        return pack(ONE_PAIR, order)
    return pack(HIGH_CARD, order)


def rank_histograms(size: int) -> list[tuple[int, ...]]:
    """All rank histograms (13 counts, each 0..4) summing to ``size``."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: list[int], left: int) -> None:
        if len(prefix) == 13:
            if left == 0:
                out.append(tuple(prefix))
            return
        for c in range(min(4, left) + 1):
            rec([*prefix, c], left - c)

    rec([], size)
    return out


def histogram_key(hist: tuple[int, ...]) -> int:
    return sum(c * 5**r for r, c in enumerate(hist))


def best_of(ranks: list[int], flush: bool) -> int:
    return max(five_card_value(combo, flush) for combo in set(combinations(ranks, 5)))


def rank_table(size: int) -> dict[int, int]:
    table: dict[int, int] = {}
    for hist in rank_histograms(size):
        ranks = sorted((r for r, c in enumerate(hist) for _ in range(c)), reverse=True)
        table[histogram_key(hist)] = best_of(ranks, flush=False)
    return table


def flush_table() -> dict[int, int]:
    table: dict[int, int] = {}
    for mask in range(1 << 13):
        if 5 <= mask.bit_count() <= 7:
            ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
            table[mask] = best_of(ranks, flush=True)
    return table


def encode(table: dict[int, int]) -> str:
    """Keys as sorted deltas, then values, as little-endian uint32, zlib, base64."""
    keys = sorted(table)
    data = array("I", (k - p for k, p in zip(keys, [0, *keys[:-1]], strict=True)))
    data.extend(table[k] for k in keys)
    if sys.byteorder != "little":  # the stored format is little-endian
        data.byteswap()
    return base64.b64encode(zlib.compress(data.tobytes(), 9)).decode()


def wrap(name: str, count: int, text: str) -> str:
    lines = [text[i : i + 96] for i in range(0, len(text), 96)]
    body = "\n".join(f'    "{line}"' for line in lines)
    return f"{name}_COUNT = {count}\n{name} = (\n{body}\n)\n\n"


def render() -> str:
    tables = {f"RANKS_{size}": rank_table(size) for size in (5, 6, 7)}
    tables["FLUSHES"] = flush_table()
    parts = [
        '"""Generated by ``python -m poker._gen_eval_tables``: do not edit by hand.\n\n'
        "Lookup tables of ``poker.evaluator`` (see the generator for the format).\n"
        '"""\n\n',
    ]
    parts += [wrap(name, len(table), encode(table)) for name, table in tables.items()]
    return "".join(parts).rstrip("\n") + "\n"


def main() -> None:
    text = render()
    OUTPUT.write_text(text, encoding="ascii")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    print(f"wrote {OUTPUT} ({len(text):,} bytes, sha256 {digest})")


if __name__ == "__main__":
    main()
