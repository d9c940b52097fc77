"""The shipped lookup tables are exactly what the generator produces (RANK-01..05).

``poker/_eval_tables.py`` is generated; this guards against hand edits and
against a generator change that was not followed by a regeneration.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from poker import _eval_tables
from poker import _gen_eval_tables as generator

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_tables_match_the_generator() -> None:
    assert generator.OUTPUT.read_text(encoding="ascii") == generator.render()


def test_table_sizes() -> None:
    # Rank multisets of 5, 6 and 7 cards with at most four of a rank, and
    # flush-suit rank masks of 5, 6 or 7 ranks (C(13,5) + C(13,6) + C(13,7)).
    assert _eval_tables.RANKS_5_COUNT == 6_175
    assert _eval_tables.RANKS_6_COUNT == 18_395
    assert _eval_tables.RANKS_7_COUNT == 49_205
    assert _eval_tables.FLUSHES_COUNT == 1_287 + 1_716 + 1_716
    assert generator.OUTPUT.stat().st_size < 200_000  # small enough to commit


def _fresh_python(code: str) -> list[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()


def test_import_builds_no_table_and_is_pure_python() -> None:
    # The command line pays the import on every run: no tables built at import
    # time, and no Django anywhere in the engine. How long the import takes is a
    # figure of `make bench` (benchmarks.evaluator), not a test (issue 16 §4).
    out = _fresh_python(
        "import sys; import poker.evaluator; "
        "print('django' in sys.modules); print(len(poker.evaluator._RANKS))"
    )
    assert out[0] == "False"
    assert out[1] == "0"


def test_tables_load_on_first_use_only_what_is_needed() -> None:
    out = _fresh_python(
        "from poker import evaluator as e; from poker.cards import parse_cards as p; "
        "print(e.category(e.evaluate(p('AsAdKh9c7c3d2h'))).name); print(sorted(e._LOADED)); "
        "print(e.category(e.evaluate(p('AsKsQs9s7s3d2h'))).name); print(sorted(e._LOADED)); "
        "print(e.category(e.evaluate(p('AsAd9c7c3d'))).name); print(sorted(e._LOADED))"
    )
    assert out == [
        "ONE_PAIR",
        "['RANKS_7']",
        "FLUSH",
        "['FLUSHES',",
        "'RANKS_7']",
        "ONE_PAIR",
        "['FLUSHES',",
        "'RANKS_5',",
        "'RANKS_7']",
    ]
