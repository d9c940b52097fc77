"""Helpers for the engine tests: build hands from PHH action notation."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from poker.model import Action, Hand, Variant
from poker.phh import _parse_action
from poker.profiles import MANUAL, RuleProfile
from poker.validate import Verdict, validate

NO_RAKE = MANUAL.with_overrides(rake_bps=0)


def actions(text: str | Sequence[str], n: int) -> tuple[Action, ...]:
    """Parse PHH action strings (one per line, or a list) for ``n`` players."""
    lines = text.strip().splitlines() if isinstance(text, str) else list(text)
    out = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        parsed = _parse_action(line, n)
        assert not isinstance(parsed, str), parsed
        action, amount = parsed
        if amount is not None:
            action = Action(action.kind, action.player, int(amount), action.cards)
        out.append(action)
    return tuple(out)


def make_hand(
    stacks: Sequence[int],
    acts: str | Sequence[str] = "",
    *,
    blinds: Sequence[int] | None = None,
    antes: Sequence[int] | None = None,
    variant: Variant = Variant.NO_LIMIT,
    min_bet: int | None = None,
    small_bet: int | None = None,
    big_bet: int | None = None,
    **fields: object,
) -> Hand:
    n = len(stacks)
    if blinds is None:
        blinds = [1, 2] + [0] * (n - 2)
    if antes is None:
        antes = [0] * n
    if variant is Variant.FIXED_LIMIT:
        small_bet = small_bet or max(blinds)
        big_bet = big_bet or 2 * small_bet
        min_bet = None
    elif min_bet is None:
        min_bet = max(abs(b) for b in blinds) or 1
    return Hand(
        variant=variant,
        starting_stacks=tuple(stacks),
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        actions=actions(acts, n),
        min_bet=min_bet,
        small_bet=small_bet,
        big_bet=big_bet,
        **fields,  # type: ignore[arg-type]
    )


def check(hand: Hand, profile: RuleProfile = NO_RAKE) -> Verdict:
    return validate(hand, profile)


def codes(verdict: Verdict) -> list[str]:
    return [v.code.value for v in verdict.violations]


def coded(verdict: Verdict) -> list[tuple[str, int | None]]:
    return [(v.code.value, v.action) for v in verdict.violations]


def corpus_dir() -> Path:
    """The PHH corpus: $MESA_PHH_CORPUS or <repo>/../shared/corpus/phh; skip if absent."""
    env = os.environ.get("MESA_PHH_CORPUS")
    path = Path(env) if env else Path(__file__).resolve().parents[3] / "shared" / "corpus" / "phh"
    if not path.is_dir():
        pytest.skip(f"PHH corpus not found at {path} (set MESA_PHH_CORPUS to run corpus tests)")
    return path
