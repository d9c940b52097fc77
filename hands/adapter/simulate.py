"""Simulated hands as records (tests, benchmarks, demo data): the legal play is
``poker.simulate``'s; this module turns it into the recorder's record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.model import Hand as EngineHand
from poker.simulate import random_hand
from poker.validate import Status, validate

from .phh import _record_from_phh
from .profile import Rules, phh_order
from .units import money, units

# ---------------------------------------------------------------------------
# Simulated hands (tests, benchmarks, demo data): legal play chosen at random


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """One legal hand played at random (:func:`simulate_hand`).

    ``record`` is the recorder's record (the input of ``hands.services.hand_log``),
    ``rake`` the commission the table's rules take from it and ``finishing`` each
    seat's chips after it (seat -> ``Decimal``), as the engine computes them.
    """

    record: dict[str, Any]
    rake: Decimal
    finishing: dict[int, Decimal]


def simulate_hand(
    rules: Rules,
    *,
    stacks: Mapping[int, Decimal],
    button: int,
    small: Decimal,
    big: Decimal,
    rng: Any,
    names: Mapping[int, str] | None = None,
) -> SimulatedHand:
    """One legal hand with random play at a table (tests, benchmarks, ``simulate_day``).

    ``stacks`` are the chips of the seats dealt in (seat -> money), ``button`` one of
    those seats; the blinds follow it (GAME-07, OQ-32 heads-up). Cards come from
    ``rng`` (a ``random.Random``) and every action is chosen among the engine's
    legal options (``HandState.options``): bets, raises, calls, folds, a showdown.
    """
    if button not in stacks or len(stacks) < 2:
        raise ValueError("at least two seats dealt in, the button one of them")
    unit = rules.chip_unit
    order = phh_order(stacks, button)
    chips = [units(stacks[s], f"stacks.{s}") for s in order]
    sb, bb = units(small, "small"), units(big, "big")
    played = random_hand(
        variant=rules.variant,
        profile=rules.profile,
        stacks=chips,
        small_blind=sb,
        big_blind=bb,
        chip_unit=unit,
        rng=rng,
    )
    hand = EngineHand(
        variant=played.variant,
        starting_stacks=played.starting_stacks,
        antes=played.antes,
        blinds_or_straddles=played.blinds_or_straddles,
        actions=played.actions,
        min_bet=played.min_bet,
        small_bet=played.small_bet,
        big_bet=played.big_bet,
        seats=order,
        players=tuple((names or {}).get(s, "") for s in order) if names else None,
        chip_unit=unit,
        scale=2,
    )
    record, _number = _record_from_phh(hand, defaults={}, chip_unit=unit)
    record["structure"] = rules.structure
    verdict = validate(hand, rules.profile)
    if verdict.status is not Status.VALID:  # pragma: no cover - legal play by construction
        raise RuntimeError(f"simulated hand judged {verdict.status}: {verdict.codes}")
    finishing = {seat: money(verdict.finishing_stacks[i]) for i, seat in enumerate(order)}
    return SimulatedHand(record, money(verdict.rake), finishing)


def simulate_records(
    rules: Rules,
    *,
    count: int,
    seats: Sequence[int],
    stack: Decimal,
    small: Decimal,
    big: Decimal,
    seed: int = 0,
    button: int | None = None,
    names: Mapping[int, str] | None = None,
) -> list[dict[str, Any]]:
    """``count`` consecutive legal hands at one table, as records (:func:`simulate_hand`).

    Stacks carry over from hand to hand (chip continuity holds without buy-ins);
    a player who goes broke leaves the table; the button moves one seat
    clockwise after each hand (GAME-07). Every action is chosen among the
    engine's legal options (``HandState.options``), so each hand is valid.
    """
    import random

    rng = random.Random(seed)
    stacks = {int(s): Decimal(stack) for s in seats}
    ordered = sorted(stacks)
    current = button if button is not None else ordered[-1]
    records: list[dict[str, Any]] = []
    for _ in range(count):
        alive = sorted(s for s, v in stacks.items() if v > 0)
        if len(alive) < 2:
            break
        if current not in alive:
            after = [s for s in alive if s > current]
            current = after[0] if after else alive[0]
        hand = simulate_hand(
            rules,
            stacks={s: stacks[s] for s in alive},
            button=current,
            small=small,
            big=big,
            rng=rng,
            names=names,
        )
        records.append(hand.record)
        stacks.update(hand.finishing)
        after = [s for s in alive if s > current]
        current = after[0] if after else alive[0]
    return records
