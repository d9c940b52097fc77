"""The chip race at a scheduled colour-up (TDA 24, 25), at one table.

When chips of the smallest denominations leave play (a break's ``colour_up``):

1. Each seat's chips of the removed denominations are changed at equal value for chips of
   the new smallest denomination ``D``, as many whole ones as they make (TDA 24 C, 25 B:
   a colour-up at equal value).
2. What is left (the odd value, less than ``D``) is raced. Each seat gets one card per odd
   chip, counted in the smallest removed chip (``ceil(odd / d)``), dealt clockwise in
   rounds starting with seat 1 (TDA 24 A). The cards are the ones the dealer dealt (given)
   or, for a race the software runs, the top of a deck shuffled from the recorded seed.
3. The number of ``D`` chips raced is the total odd value divided by ``D``, rounded to the
   nearest with a half rounding up (the room may choose up or down instead). The seat
   holding the highest card wins one, then the highest card of the other seats, and so
   on: at most one chip a seat (TDA 24 A). Cards rank by rank, then suit ♠ > ♦ > ♣ > ♥
   (the manual's order for drawing the button, §8.3(e): the TDA names no order).
4. Nobody is raced out: a seat left with no chip gets one ``D`` chip (TDA 24 A).

The result records every seat's chips before and after and the value the race took off
the table and put on it, so the floor's count reconciles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from poker.cards import button_draw_key, is_card
from poker.tournament.errors import TCode, TournamentError
from poker.tournament.rng import SeededDraw

DECK_SIZE = 52


class RaceRounding(StrEnum):
    NEAREST = "nearest"  # half a chip or more races one more chip
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class RaceSeat:
    seat: int
    value_before: int
    removed_value: int  # value of the seat's chips of the removed denominations
    exchanged: int  # new chips given at equal value
    odd_value: int  # value raced
    cards: tuple[int, ...]
    won: bool  # won one chip in the race
    given: bool  # lost its last chip in the race and got one chip back (TDA 24 A)
    value_after: int


@dataclass(frozen=True, slots=True)
class ChipRace:
    seed: int | None  # None when the dealer's own cards were given
    removed: tuple[int, ...]
    new_chip: int
    chips_raced: int
    rounding: RaceRounding
    seats: tuple[RaceSeat, ...]  # by seat number

    @property
    def value_raced(self) -> int:
        """Odd value taken off the table."""
        return sum(s.odd_value for s in self.seats)

    @property
    def value_added(self) -> int:
        """Chips put on the table for the race (won and given)."""
        return self.new_chip * sum(int(s.won) + int(s.given) for s in self.seats)


def _raced(total_odd: int, chip: int, rounding: RaceRounding) -> int:
    if rounding is RaceRounding.UP:
        return -(-total_odd // chip)
    if rounding is RaceRounding.DOWN:
        return total_odd // chip
    return (2 * total_odd + chip) // (2 * chip)


def chip_race(
    stacks: Mapping[int, Mapping[int, int]],
    *,
    in_play: Sequence[int],
    remove: Sequence[int],
    seed: int | None = None,
    cards: Mapping[int, Sequence[int]] | None = None,
    rounding: RaceRounding = RaceRounding.NEAREST,
) -> ChipRace:
    """Race off ``remove`` at one table (see the module documentation).

    ``stacks``: ``{seat: {denomination: count}}``; ``in_play``: the denominations on the
    tables before the colour-up (:meth:`TournamentStructure.denominations_at`).
    Give ``cards`` (``{seat: cards dealt}``, as the dealer dealt them) or a ``seed``.
    """
    chips_in_play = set(in_play)
    gone = sorted(set(remove))
    for d in gone:
        if d not in chips_in_play:
            raise TournamentError(TCode.CHIP_RACE_NOT_IN_PLAY, field="remove", chip=d)
    staying = sorted(chips_in_play - set(gone))
    if not staying:
        raise TournamentError(TCode.CHIP_RACE_NOTHING_LEFT, field="remove")
    new_chip = staying[0]
    smallest_gone = gone[0] if gone else new_chip
    seats = sorted(stacks)
    prepared: list[tuple[int, int, int, int, int, int]] = []
    for seat in seats:
        counts = stacks[seat]
        for d, c in counts.items():
            if d not in chips_in_play:
                raise TournamentError(TCode.CHIP_RACE_NOT_IN_PLAY, field=f"stacks[{seat}]", chip=d)
            if isinstance(c, bool) or not isinstance(c, int) or c < 0:
                raise TournamentError(TCode.AMOUNT_NEGATIVE, field=f"stacks[{seat}]")
        before = sum(d * c for d, c in counts.items())
        removed = sum(d * c for d, c in counts.items() if d in gone)
        exchanged, odd = divmod(removed, new_chip)
        n_cards = -(-odd // smallest_gone)
        prepared.append((seat, before, removed, exchanged, odd, n_cards))
    total_cards = sum(p[5] for p in prepared)
    if total_cards > DECK_SIZE:
        raise TournamentError(TCode.CHIP_RACE_TOO_MANY_CARDS, field="remove", cards=total_cards)
    dealt = _cards(prepared, seed, cards)
    racers = [p[0] for p in prepared if p[5]]
    total_odd = sum(p[4] for p in prepared)
    raced = min(_raced(total_odd, new_chip, rounding), len(racers))
    best = {s: max(dealt[s], key=button_draw_key) for s in racers}
    winners = set(sorted(racers, key=lambda s: button_draw_key(best[s]), reverse=True)[:raced])
    out = []
    for seat, before, removed, exchanged, odd, _ in prepared:
        won = seat in winners
        after = before - removed + exchanged * new_chip + (new_chip if won else 0)
        given = before > 0 and after == 0
        if given:
            after = new_chip
        out.append(
            RaceSeat(
                seat, before, removed, exchanged, odd, tuple(dealt.get(seat, ())), won, given, after
            )
        )
    return ChipRace(
        seed=seed if cards is None else None,
        removed=tuple(gone),
        new_chip=new_chip,
        chips_raced=raced,
        rounding=rounding,
        seats=tuple(out),
    )


def _cards(
    prepared: Sequence[tuple[int, int, int, int, int, int]],
    seed: int | None,
    given: Mapping[int, Sequence[int]] | None,
) -> dict[int, tuple[int, ...]]:
    need = {p[0]: p[5] for p in prepared if p[5]}
    if given is not None:
        seen: set[int] = set()
        out: dict[int, tuple[int, ...]] = {}
        for seat, n in need.items():
            hand = tuple(given.get(seat, ()))
            if (
                len(hand) != n
                or not all(is_card(c) for c in hand)
                or seen & set(hand)
                or len(set(hand)) != n
            ):
                raise TournamentError(
                    TCode.CHIP_RACE_CARDS_INVALID, field=f"cards[{seat}]", seat=seat, expected=n
                )
            seen |= set(hand)
            out[seat] = hand
        for seat in given:
            if seat not in need and given[seat]:
                raise TournamentError(
                    TCode.CHIP_RACE_CARDS_INVALID, field=f"cards[{seat}]", seat=seat, expected=0
                )
        return out
    if seed is None:
        raise TournamentError(TCode.FIELD_MISSING, field="seed")
    deck = SeededDraw(seed, "chip-race").shuffle(range(DECK_SIZE))
    hands: dict[int, list[int]] = {s: [] for s in need}
    top = 0
    for round_ in range(max(need.values(), default=0)):
        for seat in sorted(need):  # TDA 24 A: from seat 1, clockwise
            if need[seat] > round_:
                hands[seat].append(deck[top])
                top += 1
    return {s: tuple(h) for s, h in hands.items()}
