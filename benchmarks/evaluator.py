"""Benchmark: seven-card hand evaluation, Mesa against treys and PokerKit.

Run from the repository root::

    .venv/bin/python -m benchmarks.evaluator [--hands N] [--repeat R] [--seed S]

All evaluators see the same random seven-card hands in the same run (each
library's own card format is prepared before timing). Prints evaluations per
second for each and Mesa's ratio to each; also the import time of
``poker.evaluator`` (the command line pays it on every run) and a check that
Mesa and treys agree on every pair of neighbouring hands. This is a benchmark,
not a test: figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path

from poker.cards import format_card, format_cards
from poker.evaluator import evaluate, evaluate7, evaluate_hands

ROOT = Path(__file__).resolve().parents[1]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """Best wall time of ``repeat`` runs (less noise on a shared machine)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def cold_start_ms(repeat: int = 5) -> tuple[float, float]:
    """Import time of ``poker.evaluator`` and time of the first seven-card evaluation
    (which decodes the tables it needs), best of ``repeat`` fresh interpreters."""
    code = (
        "import time; t0 = time.perf_counter(); import poker.evaluator as e; "
        "t1 = time.perf_counter(); e.evaluate7((0, 5, 10, 15, 20, 25, 30)); "
        "e.evaluate7((0, 4, 8, 12, 16, 20, 24)); t2 = time.perf_counter(); "
        "print(t1 - t0, t2 - t1)"
    )
    runs = [
        tuple(
            map(
                float,
                subprocess.run(
                    [sys.executable, "-c", code],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split(),
            )
        )
        for _ in range(repeat)
    ]
    return min(r[0] for r in runs) * 1000, min(r[1] for r in runs) * 1000


def mesa_runs(hands: Sequence[tuple[int, ...]]) -> dict[str, Callable[[], list[int]]]:
    # Six-player showdowns, one evaluation per player (see showdown_groups).
    groups = showdown_groups(hands, players=6)
    return {
        "Mesa evaluate7 (unchecked)": lambda: [evaluate7(h) for h in hands],
        "Mesa evaluate (checked)": lambda: [evaluate(h) for h in hands],
        "Mesa evaluate_hands (checked, 6 players a board)": lambda: [
            v for board, holes in groups for v in evaluate_hands(board, holes)
        ],
    }


def showdown_groups(
    hands: Sequence[tuple[int, ...]], players: int
) -> list[tuple[tuple[int, ...], list[tuple[int, ...]]]]:
    """Deal ``players`` hole cards and a board per group, from a seeded shuffle per
    group, so every showdown has distinct cards; as many evaluations as ``hands``."""
    rng = random.Random(len(hands))
    groups = []
    for _ in range(len(hands) // players):
        deck = rng.sample(range(52), 5 + 2 * players)
        board = tuple(deck[:5])
        holes = [tuple(deck[5 + 2 * i : 7 + 2 * i]) for i in range(players)]
        groups.append((board, holes))
    return groups


def treys_run(hands: Sequence[tuple[int, ...]]) -> Callable[[], list[int]] | None:
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    prepared = [
        ([Card.new(format_card(c)) for c in h[:2]], [Card.new(format_card(c)) for c in h[2:]])
        for h in hands
    ]
    return lambda: [evaluator.evaluate(hole, board) for hole, board in prepared]


def pokerkit_run(hands: Sequence[tuple[int, ...]]) -> Callable[[], list[object]] | None:
    try:
        from pokerkit import Card, StandardHighHand
    except ImportError:
        return None
    prepared = [tuple(Card.parse(format_cards(h))) for h in hands]
    return lambda: [StandardHighHand.from_game(h) for h in prepared]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--pokerkit-hands", type=int, default=5_000, help="PokerKit is slow: a smaller sample"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(args.hands)]
    print(
        f"{len(hands):,} random seven-card hands, best of {args.repeat} runs, Python "
        f"{sys.version.split()[0]}"
    )

    rates: dict[str, float] = {}
    for name, run in mesa_runs(hands).items():
        rates[name] = len(hands) / best_of(args.repeat, run)
    treys = treys_run(hands)
    if treys is not None:
        rates["treys Evaluator.evaluate"] = len(hands) / best_of(args.repeat, treys)
        # Sanity: the same order on neighbouring hands (treys: lower is better).
        ours, theirs = mesa_runs(hands)["Mesa evaluate7 (unchecked)"](), treys()
        for (a, b), (ta, tb) in zip(pairwise(ours), pairwise(theirs), strict=True):
            if (a > b) != (ta < tb) or (a == b) != (ta == tb):
                raise SystemExit("Mesa and treys disagree: the evaluator is broken")
    sample = hands[: args.pokerkit_hands]
    pokerkit = pokerkit_run(sample)
    if pokerkit is not None:
        rates["PokerKit StandardHighHand.from_game"] = len(sample) / best_of(1, pokerkit)

    mesa = rates["Mesa evaluate7 (unchecked)"]
    width = max(map(len, rates))
    for name, rate in rates.items():
        ratio = "" if name.startswith("Mesa") else f"   Mesa evaluate7 is {mesa / rate:,.1f}x"
        print(f"{name:<{width}}  {rate:>12,.0f} evaluations/s{ratio}")
    imported, first = cold_start_ms()
    print(
        f"cold start, best of 5 fresh interpreters: import poker.evaluator {imported:.1f} ms, "
        f"first two seven-card evaluations (decode RANKS_7 and FLUSHES) {first:.1f} ms"
    )


if __name__ == "__main__":
    main()
