"""Finishing places and the prizes they win; the qualifiers of a qualifying stage.

Places are derived from the eliminations, in the order they happened, never stored:

* Each elimination takes the lowest place not yet given, counting from the number of
  entries (a re-entry is an entry: each entry finishes somewhere). The last entry left is
  first (TOUR-07).
* Players eliminated in the same hand (at one table, or at several tables in the same
  hand-for-hand hand: give them the same ``hand`` key) finish in the order of the chips
  they had when that hand began: more chips, higher place. Equal chips share the places
  they take together, and share those places' prizes equally (TDA; RP-8).
* A disqualified player (SANC-05) leaves at that moment with the place and prize earned.
* An expelled player (SANC-06) loses place and prize: they are left out of the ranking,
  so everyone who finished below moves up one place.

:func:`awards` pays the places from a payout table; a shared place's prizes are added up
and split equally, rounded down to the unit, the units left one each to the players in
the order they were eliminated (the recorded order), and any part below one unit to the
first of them. A satellite seat cannot be split: a shared place that includes a seat is
refused (SHARED_SEAT) for management to decide (AUTH-02).

:func:`qualifiers` (TOUR-06): at the end of a qualifying stage the ``advance_per_table``
players with the most chips at each table go on; a tie at the cut is reported, not drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from poker.tournament.errors import Reason, TCode, TournamentError
from poker.tournament.payouts import Prize


class ExitKind(StrEnum):
    BUST = "bust"
    DISQUALIFIED = "disqualified"  # SANC-05
    EXPELLED = "expelled"  # SANC-06


@dataclass(frozen=True, slots=True)
class Exit:
    """One entry leaving the tournament, as recorded (in order)."""

    entry: int
    kind: ExitKind = ExitKind.BUST
    hand: str | None = None  # the hand it happened in; the same key = the same hand
    stack_at_start: int = 0  # chips at the start of that hand


@dataclass(frozen=True, slots=True)
class Finish:
    entry: int
    place: int  # 0 for an expelled entry
    place_to: int  # the last place shared (== place when not shared)
    reason: Reason

    @property
    def shared(self) -> bool:
        return self.place_to > self.place


@dataclass(frozen=True, slots=True)
class Award:
    entry: int
    place: int
    place_to: int
    amount: int  # cash
    seat_value: int = 0  # TOUR-08
    seat_in: str | None = None


@dataclass(frozen=True, slots=True)
class TableQualifiers:
    table: int
    advance: tuple[int, ...]  # players who go on, most chips first
    tied: tuple[int, ...]  # players tied at the cut: management decides who goes on
    places_left: int  # how many of ``tied`` go on


def _groups(exits: Sequence[Exit]) -> list[list[Exit]]:
    groups: list[list[Exit]] = []
    closed: set[str] = set()
    for e in exits:
        key = e.hand if e.kind is ExitKind.BUST else None
        if (
            key is not None
            and groups
            and groups[-1][0].hand == key
            and groups[-1][0].kind is ExitKind.BUST
        ):
            groups[-1].append(e)
            continue
        if key is not None:
            if key in closed:
                raise TournamentError(TCode.HAND_NOT_CONTIGUOUS, field="exits", hand=key)
            closed.add(key)
        groups.append([e])
    return groups


def finishing_places(entries: Sequence[int], exits: Sequence[Exit]) -> tuple[Finish, ...]:
    """Places of the entries that left (and of the winner, once one entry is left).

    ``entries``: every entry of the tournament; ``exits``: in the order they happened.
    """
    known = set(entries)
    if len(known) != len(entries):
        raise TournamentError(TCode.PLAYER_LISTED_TWICE, field="entries")
    seen: set[int] = set()
    for i, e in enumerate(exits):
        if e.entry not in known:
            raise TournamentError(TCode.EXIT_UNKNOWN_ENTRY, field=f"exits[{i}]", entry=e.entry)
        if e.entry in seen:
            raise TournamentError(TCode.EXIT_TWICE, field=f"exits[{i}]", entry=e.entry)
        if (
            isinstance(e.stack_at_start, bool)
            or not isinstance(e.stack_at_start, int)
            or e.stack_at_start < 0
        ):
            raise TournamentError(TCode.AMOUNT_NEGATIVE, field=f"exits[{i}].stack_at_start")
        seen.add(e.entry)
    if entries and len(seen) >= len(entries):
        raise TournamentError(TCode.NOBODY_LEFT, field="exits")
    expelled = [e for e in exits if e.kind is ExitKind.EXPELLED]
    ranked = [e for e in exits if e.kind is not ExitKind.EXPELLED]
    bottom = len(entries) - len(expelled)
    out: list[Finish] = [Finish(e.entry, 0, 0, Reason.EXPELLED) for e in expelled]
    for group in _groups(ranked):
        if len(group) == 1:
            e = group[0]
            why = (
                Reason.DISQUALIFIED
                if e.kind is ExitKind.DISQUALIFIED
                else Reason.ORDER_OF_ELIMINATION
            )
            out.append(Finish(e.entry, bottom, bottom, why))
            bottom -= 1
            continue
        by_chips: dict[int, list[Exit]] = {}
        for e in group:
            by_chips.setdefault(e.stack_at_start, []).append(e)
        for chips in sorted(by_chips):  # fewer chips, lower place
            tied = by_chips[chips]
            top = bottom - len(tied) + 1
            why = Reason.SAME_HAND_EQUAL_CHIPS if len(tied) > 1 else Reason.SAME_HAND_MORE_CHIPS
            out.extend(Finish(e.entry, top, bottom, why) for e in tied)
            bottom = top - 1
    left = [x for x in entries if x not in seen]
    if len(left) == 1 and bottom == 1:
        out.append(Finish(left[0], 1, 1, Reason.LAST_PLAYER))
    return tuple(out)


def awards(
    finishes: Sequence[Finish], prizes: Sequence[Prize], *, unit: int = 1
) -> tuple[Award, ...]:
    """What each finish wins from the payout table (see the module documentation).

    Finishes outside the paid places, and expelled entries, win nothing and are left out.
    """
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE, field="unit", value=str(unit), low=1, high="∞"
        )
    by_place = {p.place: p for p in prizes}
    shared: dict[tuple[int, int], list[Finish]] = {}
    for f in finishes:
        if f.place:
            shared.setdefault((f.place, f.place_to), []).append(f)
    out: list[Award] = []
    for (first, last), group in shared.items():
        range_prizes = [by_place[p] for p in range(first, last + 1) if p in by_place]
        if not range_prizes:
            continue
        if len(group) == 1 and first == last:
            p = range_prizes[0]
            out.append(Award(group[0].entry, first, last, p.amount, p.seat_value, p.seat_in))
            continue
        if any(p.seat_value for p in range_prizes):
            raise TournamentError(TCode.SHARED_SEAT, field="finishes", first=first, last=last)
        total = sum(p.amount for p in range_prizes)
        units, below = divmod(total, unit)
        each, extra = divmod(units, len(group))
        for i, f in enumerate(group):
            amount = (each + (1 if i < extra else 0)) * unit + (below if i == 0 else 0)
            out.append(Award(f.entry, first, last, amount))
    out.sort(key=lambda a: (a.place, a.entry))
    return tuple(out)


def qualifiers(
    tables: Mapping[int, Mapping[int, int]], advance_per_table: int
) -> tuple[TableQualifiers, ...]:
    """TOUR-06: ``{table: {player: chips}}`` -> who goes on from each table."""
    if (
        isinstance(advance_per_table, bool)
        or not isinstance(advance_per_table, int)
        or advance_per_table < 1
    ):
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE,
            field="advance_per_table",
            value=str(advance_per_table),
            low=1,
            high="∞",
        )
    out = []
    for table in sorted(tables):
        stacks = tables[table]
        ranked = sorted(stacks, key=lambda p: (-stacks[p], p))
        if len(ranked) <= advance_per_table:
            out.append(TableQualifiers(table, tuple(ranked), (), 0))
            continue
        cut = stacks[ranked[advance_per_table - 1]]
        above = tuple(p for p in ranked if stacks[p] > cut)
        at_cut = tuple(p for p in ranked if stacks[p] == cut)
        if len(above) + len(at_cut) == advance_per_table:
            out.append(TableQualifiers(table, above + at_cut, (), 0))
        else:
            out.append(TableQualifiers(table, above, at_cut, advance_per_table - len(above)))
    return tuple(out)
