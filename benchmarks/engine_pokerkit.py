"""PokerKit's side of the rules-engine benchmark (test-only dependency).

``load_all(paths)`` reads the Texas hold'em hands with ``pokerkit.HandHistory``;
``strict_replay(hh)`` applies every recorded action exactly as written, as the
corpus README describes (PokerKit's own iteration would fill in missing
actions). Run as a script it does both for a corpus folder, which is what the
command-line comparison times: ``python -m benchmarks.engine_pokerkit PATH``.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable
from typing import Any

TEXAS = ("NT", "FT")


def phh_files(root: str) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".phh", ".phhs")):
                out.append(os.path.join(folder, name))
    return out


def load_all(paths: Iterable[str]) -> list[Any]:
    from pokerkit import HandHistory

    hands: list[Any] = []
    for path in paths:
        with open(path, "rb") as fp:
            loaded = HandHistory.load_all(fp) if path.endswith(".phhs") else [HandHistory.load(fp)]
            hands.extend(hh for hh in loaded if hh.variant in TEXAS)
    return hands


def strict_replay(hh: Any) -> bool:
    """Apply the recorded actions as written; True if the hand is legal and finished."""
    from pokerkit import parse_action

    try:
        state = hh.create_state()
        for action in hh.actions:
            if action.split()[:2] in (["d", "db"], ["d", "dh"]) and state.can_burn_card():
                state.burn_card("??")  # PHH does not record burn cards
            parse_action(state, action, hh.parse_value)
    except (ValueError, AssertionError):
        return False
    return not state.status


def main(argv: list[str]) -> int:
    warnings.simplefilter("ignore")
    hands = load_all(p for root in argv for p in phh_files(root))
    legal = sum(strict_replay(hh) for hh in hands)
    print(f"{len(hands)} hands, {legal} replayed strictly", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
