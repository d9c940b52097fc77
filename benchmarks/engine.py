"""Rules-engine benchmark: Mesa against PokerKit's strict replay on the PHH corpus.

Run: ``.venv/bin/python -m benchmarks.engine [--rounds N] [--corpus PATH]``
(``make bench`` runs it). Not a test: it prints figures.

(a) Validation of already-parsed hands: ``poker.validate`` on every Texas hand
    against PokerKit's strict replay of the same hands (README of the corpus),
    in the same process, rounds interleaved, best round of each kept.
(b) The whole command line, parse included: ``python -m poker validate --rake 0
    <corpus>`` as a subprocess against PokerKit loading and replaying the same
    files in a subprocess (``benchmarks.engine_pokerkit``), best of N. The
    engine is byte-compiled first (``compileall``), as PokerKit's wheel is.

Targets (issue 3): (a) at least 20x, (b) at least 5x. The machine is shared, so
timings move with the load; the ratios come from interleaved runs.
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

from benchmarks.engine_pokerkit import load_all, phh_files, strict_replay
from poker import phh
from poker.profiles import MANUAL
from poker.validate import validate

ROOT = Path(__file__).resolve().parents[1]


def corpus_path(given: str | None) -> Path:
    path = Path(given or os.environ.get("MESA_PHH_CORPUS") or ROOT.parent / "shared/corpus/phh")
    if not path.is_dir():
        raise SystemExit(f"PHH corpus not found at {path} (set MESA_PHH_CORPUS or --corpus)")
    return path


def _timed(fn) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_validation(corpus: Path, rounds: int) -> tuple[int, float, float, int, int]:
    files = phh_files(str(corpus))
    records = [r for path in files for r in phh.read_path(path)]
    hands = [r.hand for r in records if r.hand is not None]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = load_all(files)
    profile = MANUAL.with_overrides(rake_bps=0)
    valid = sum(validate(h, profile).valid for h in hands)
    legal = sum(strict_replay(hh) for hh in histories)
    mesa = pokerkit = float("inf")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(rounds):
            mesa = min(mesa, _timed(lambda: [validate(h, profile) for h in hands]))
            pokerkit = min(pokerkit, _timed(lambda: [strict_replay(hh) for hh in histories]))
    assert len(hands) == len(histories), (len(hands), len(histories))
    return len(hands), mesa, pokerkit, valid, legal


def _run(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def bench_command_line(corpus: Path, rounds: int) -> tuple[float, float]:
    python = sys.executable
    # Byte-compile the engine first, as an installed package is (PokerKit's .pyc files come
    # with its wheel; this machine sets PYTHONDONTWRITEBYTECODE, so nothing is cached).
    subprocess.run([python, "-m", "compileall", "-q", "poker"], cwd=ROOT, check=False)
    mesa_cmd = [python, "-m", "poker", "validate", "--rake", "0", str(corpus)]
    pk_cmd = [python, "-m", "benchmarks.engine_pokerkit", str(corpus)]
    mesa = pokerkit = float("inf")
    for _ in range(rounds):
        mesa = min(mesa, _run(mesa_cmd))
        pokerkit = min(pokerkit, _run(pk_cmd))
    return mesa, pokerkit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus")
    args = parser.parse_args(argv)
    corpus = corpus_path(args.corpus)
    count, mesa, pokerkit, valid, legal = bench_validation(corpus, args.rounds)
    print(f"Rules engine benchmark: {count} Texas hands from {corpus} (best of {args.rounds})")
    print(f"  Mesa valid (--rake 0): {valid}; PokerKit strict replay accepts: {legal}")
    ratio = pokerkit / mesa
    print(
        f"(a) validation of parsed hands: Mesa {count / mesa:,.0f} hands/s, "
        f"PokerKit strict replay {count / pokerkit:,.0f} hands/s -> {ratio:.1f}x (target 20x)"
    )
    cli_mesa, cli_pk = bench_command_line(corpus, args.rounds)
    print(
        f"(b) command line incl. parse: Mesa {count / cli_mesa:,.0f} hands/s ({cli_mesa:.2f} s), "
        f"PokerKit load + strict replay {count / cli_pk:,.0f} hands/s ({cli_pk:.2f} s) "
        f"-> {cli_pk / cli_mesa:.1f}x (target 5x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
