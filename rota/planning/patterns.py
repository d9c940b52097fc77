"""Step 1 of the algorithm (see :mod:`rota.planning`): the slot grid, each croupier's
cyclic pattern of dealing and rest, and the phases and stretch that cover the open tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .inputs import Croupier, Rotation, Table, _breaks


@dataclass(slots=True)
class _Grid:
    step: int
    starts: list[int]
    ends: list[int]
    croupiers: list[Croupier]
    tables: list[Table]
    duty: dict[str, list[bool]] = field(default_factory=dict)
    open: dict[str, list[bool]] = field(default_factory=dict)


def _grid(
    croupiers: Sequence[Croupier], tables: Sequence[Table], step: int, start: int, end: int
) -> _Grid:
    starts = list(range(start, end, step))
    ends = [min(s + step, end) for s in starts]
    g = _Grid(
        step,
        starts,
        ends,
        sorted(croupiers, key=lambda c: c.id),
        sorted(tables, key=lambda t: (t.open_from, t.id)),
    )
    for c in g.croupiers:
        g.duty[c.id] = [
            c.start <= s and e <= c.end and not any(a < e and s < b for a, b in c.away)
            for s, e in zip(starts, ends, strict=True)
        ]
    for t in g.tables:
        until = end if t.open_until is None else t.open_until
        g.open[t.id] = [t.open_from < e and s < until for s, e in zip(starts, ends, strict=True)]
    return g


def _dealing_phase(k: int, phase: int, cycle: int, on: int) -> bool:
    return (k - phase) % cycle < on


def _cycle(c: Croupier, rotation: Rotation, step: int, stretch: int) -> tuple[int, int]:
    """A croupier's pattern in slots: (cycle, dealing part); ``stretch`` lengthens the
    break part when there are more croupiers than the tables need."""
    b = _breaks(c, rotation)
    on = b.max_on // step
    return on + b.min_off // step + stretch, on


@dataclass(slots=True)
class _Cover:
    """How many croupiers each slot's patterns put at the tables, overall and per game,
    against the tables open (step 1's bookkeeping)."""

    first: int
    demand: list[int]
    demand_game: dict[str, list[int]]
    cover: list[int]
    cover_game: dict[str, list[int]]

    def slots_of(
        self, duty: list[bool], phase: int, cycle: int, on: int, since: int | None = None
    ) -> list[int]:
        """The slots from ``since`` (default: ``first``) a pattern puts at a table."""
        return [
            k
            for k in range(self.first if since is None else since, len(self.demand))
            if duty[k] and _dealing_phase(k, phase, cycle, on)
        ]

    def add(self, slots: list[int], games: frozenset[str], sign: int = 1) -> None:
        for k in slots:
            self.cover[k] += sign
            for game in games:
                if game in self.cover_game:
                    self.cover_game[game][k] += sign

    def gain(self, slots: list[int], games: frozenset[str]) -> tuple[int, int, int]:
        """What adding a croupier on ``slots`` does: the change in squared shortfall,
        overall and per game (lower is better), and how thin the cover is there."""
        short = short_game = thin = 0
        for k in slots:
            gap = self.demand[k] - self.cover[k]
            if gap > 0:
                short += (gap - 1) ** 2 - gap**2
            for game in games:
                if game in self.cover_game:
                    gap = self.demand_game[game][k] - self.cover_game[game][k]
                    if gap > 0:
                        short_game += (gap - 1) ** 2 - gap**2
            thin += self.cover[k] - self.demand[k]
        return short, short_game, thin

    def shortfall(self, since: int | None = None) -> tuple[int, int]:
        """Croupier-slots missing from ``since`` (default: ``first``) on: overall, and
        summed per game."""
        ks = range(self.first if since is None else since, len(self.demand))
        return (
            sum(max(0, self.demand[k] - self.cover[k]) for k in ks),
            sum(
                max(0, need[k] - self.cover_game[game][k])
                for game, need in self.demand_game.items()
                for k in ks
            ),
        )


def _demand(g: _Grid) -> tuple[list[int], dict[str, list[int]]]:
    """Tables open in each slot, overall and per game."""
    slots = range(len(g.starts))
    demand = [sum(1 for t in g.tables if g.open[t.id][k]) for k in slots]
    demand_game = {
        game: [sum(1 for t in g.tables if t.game == game and g.open[t.id][k]) for k in slots]
        for game in sorted({t.game for t in g.tables})
    }
    return demand, demand_game


#: Rounds of improvement of the greedy phases (each croupier re-placed in turn).
PHASE_ROUNDS = 4


def _phases(
    g: _Grid, rotation: Rotation, kept: dict[str, int], first: int, stretch: int
) -> tuple[dict[str, int], tuple[int, int]]:
    """Step 1 for one stretch: a phase per croupier (``kept`` ones stay), and the
    shortfall left (croupier-slots missing overall, and per game), from slot ``first``.

    Two starts are tried and the better kept: phases spread evenly over the cycle in
    croupier order (which covers a steady room exactly when there are enough
    croupiers), and the greedy choice of the module doc; each is then improved by
    re-placing one croupier at a time while that lowers the squared shortfall.
    """
    k_count = len(g.starts)
    demand, demand_game = _demand(g)
    games = list(demand_game)
    order = sorted(g.croupiers, key=lambda c: (len(c.games), c.start, c.id))
    new = [c for c in order if c.id not in kept]
    pattern = {c.id: _cycle(c, rotation, g.step, stretch) for c in order}

    def fresh_cover() -> _Cover:
        cover = _Cover(
            first, demand, demand_game, [0] * k_count, {game: [0] * k_count for game in games}
        )
        for c in order:
            if c.id in kept:
                cycle, on = pattern[c.id]
                cover.add(cover.slots_of(g.duty[c.id], kept[c.id], cycle, on), c.games)
        return cover

    def best_phase(cover: _Cover, c: Croupier) -> int:
        cycle, on = pattern[c.id]
        keys = [
            (*cover.gain(cover.slots_of(g.duty[c.id], phase, cycle, on), c.games), phase)
            for phase in range(cycle)
        ]
        return min(keys)[3]

    def improve(phases: dict[str, int]) -> tuple[dict[str, int], tuple[int, int]]:
        cover = fresh_cover()
        for c in new:
            cycle, on = pattern[c.id]
            cover.add(cover.slots_of(g.duty[c.id], phases[c.id], cycle, on), c.games)
        for _round in range(PHASE_ROUNDS):
            moved = False
            for c in new:
                cycle, on = pattern[c.id]
                cover.add(cover.slots_of(g.duty[c.id], phases[c.id], cycle, on), c.games, -1)
                here = (
                    *cover.gain(cover.slots_of(g.duty[c.id], phases[c.id], cycle, on), c.games),
                )
                phase = best_phase(cover, c)
                there = cover.gain(cover.slots_of(g.duty[c.id], phase, cycle, on), c.games)
                if there[:2] < here[:2]:
                    phases[c.id] = phase
                    moved = True
                cover.add(cover.slots_of(g.duty[c.id], phases[c.id], cycle, on), c.games)
            if not moved:
                break
        return phases, cover.shortfall()

    spread = dict(kept)
    for i, c in enumerate(new):
        spread[c.id] = i * pattern[c.id][0] // len(new)
    greedy = dict(kept)
    cover = fresh_cover()
    for c in new:
        cycle, on = pattern[c.id]
        greedy[c.id] = best_phase(cover, c)
        cover.add(cover.slots_of(g.duty[c.id], greedy[c.id], cycle, on), c.games)
    tried = [improve(spread), improve(greedy)]
    return min(tried, key=lambda x: x[1])


#: The longest stretch of the break part tried, in cycles of the period.
MAX_STRETCH_CYCLES = 3


def _patterns(
    g: _Grid, rotation: Rotation, first: int, kept: dict[str, int], stretch: int | None
) -> tuple[dict[str, int], int]:
    """Step 1: phases, and the stretch (the longest that covers the tables as well as
    none does). A re-plan passes the plan's stretch and phases, which stay."""
    if stretch is not None:
        return _phases(g, rotation, kept, first, stretch)[0], stretch
    cycle = (rotation.on + rotation.off) // g.step
    best_phases, base = _phases(g, rotation, kept, first, 0)
    best = 0
    for extra in range(1, MAX_STRETCH_CYCLES * cycle + 1):
        phases, shortfall = _phases(g, rotation, kept, first, extra)
        if shortfall <= base:
            best_phases, best = phases, extra
    return best_phases, best
