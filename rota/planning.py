"""The dealer-rotation planner: a shift's rota as pure data (issue 44 §3).

Croupiers rotate between tables on a fixed period, for example 30 minutes dealing at
one table ("a down") and 15 minutes off. This module builds the plan from the croupiers
on duty and the open tables, rebuilds it when a table opens or closes, and compares
it with the dealer changes the floor recorded. It imports nothing from Django or the
other apps: the rota app will call it with plain data (ids as text, times as minutes).

Time
    Every time is a whole minute on one clock chosen by the caller (for example minutes
    since the gaming day began, in the casino's time zone, GEN-11). The plan runs from
    ``start`` to ``end`` in *slots* of ``Rotation.slot`` minutes (by default the
    greatest common divisor of the period's ``on`` and ``off``: 15 for 30/15); a
    rotation happens only on a slot boundary. The last slot may be shorter.

Inputs
    :class:`Croupier`: id, the games the croupier may deal, shift start and end, the
    break entitlement (:class:`Breaks`: at most ``max_on`` minutes dealing, then a
    break of at least ``min_off``; by default the period's ``on`` and ``off``) and
    fixed absences (``away``: a meal break, training). :class:`Table`: id, game, open
    from, open until. A croupier is *on duty* in a slot when the whole slot is inside
    the shift and touches no absence; a table *needs a croupier* in a slot when it is
    open during any part of it.

The break rule (hard)
    A croupier's *run* is the number of slots dealt since the last break; a break is
    ``min_off`` minutes or more without dealing (time off shift and absences count).
    An idle slot shorter than a break does not reset the run. A croupier may deal in
    a slot only if the run stays within ``max_on``. Breaks are never shortened to
    staff a table: a table nobody can legally deal is reported unstaffed instead.

Algorithm
    1. *Patterns.* Each croupier gets a cyclic pattern: ``max_on`` minutes dealing,
       then ``min_off`` resting plus a common *stretch*, started at a *phase* (a slot
       offset). The phases are chosen so that the patterns together cover the open
       tables slot by slot, overall and per game: two starts are tried — phases
       spread evenly over the cycle in croupier order (those who deal the fewest
       games first, then by shift start and id), and a greedy choice taking the
       croupiers in that order and giving each the phase that most lowers the squared
       shortfall (ties: where cover is thinnest, then the smallest phase) — and each
       start is improved by moving one croupier's phase at a time while that lowers
       the squared shortfall; the start with the smaller shortfall wins. The stretch
       is the longest (up to three cycles) that leaves no more shortfall than none:
       when there are more croupiers than the tables need, everybody's breaks get
       longer alike instead of a few croupiers idling. Staggered phases are what keep
       breaks apart: without them everybody who started together would need a break
       at the same moment.
    2. *Slots, in time order.* The tables open in the slot are matched to the
       croupiers allowed to deal in it (on duty, within the break rule, able to deal
       the game) by a minimum-cost assignment (the Hungarian method, exact integers)
       whose costs rank, each strictly above all the lower ones together: (a)
       staffing as many tables as possible; (b) in a re-plan, keeping the previous
       plan's assignment; (c) croupiers in the dealing part of their pattern before
       croupiers in the resting part (who may deal only to staff a table that would
       otherwise be left without a croupier, and only within the break rule); (d)
       staying at the table until the down (``Rotation.on``) is over, then moving on
       rather than staying; (e) fairness: whoever has dealt the fewest minutes so far
       deals first; (f) not going back to the table one has just left; ties fall to
       the order of tables (opened first, then id) and croupiers (id), so the same
       input always gives the same plan.
    3. *Spare time passes round.* A croupier on duty who does not deal in the first
       slot of a dealing part (more croupiers than tables just then, or still owed a
       break) has the pattern moved one slot later, provided that no later slot is
       left with fewer croupiers than it needs; so the same croupiers are not always
       the spare ones, and breaks stay fairly shared.
    4. A table left without a croupier is listed in its slot's ``unstaffed``; the
       croupiers on duty who do not deal are listed as ``resting``.

    With croupiers who all deal every game, work the whole plan and have the same
    entitlement, there are *enough* of them when their number is at least
    ``ceil(T * cycle / dealing part)`` for ``T`` the most tables open at once (five
    for three tables at 30/15): the evenly spread phases then cover every slot, and
    the plan leaves no table unstaffed (tests/rota/test_planning.py checks it).

Re-planning (:func:`replan`)
    When a table opens or closes, or a croupier arrives or leaves, the slots that
    began before ``now`` keep their assignments (the past, and the slot under way: a
    table opened at ``now`` is listed unstaffed in it and staffed from the next
    rotation). The
    rest is planned again from the state the past leaves (runs, breaks, minutes
    dealt, phases), with the previous plan's assignments preferred by rule (b): one
    changes only when it is no longer possible (the table closed, the croupier left
    or must rest) or when changing it staffs one more table in that slot. A croupier
    new to the plan gets a phase against the others'. The stretch and the phases
    stay. So closing a table in a fully staffed plan changes nothing but that
    table's own future assignments.

Planned against actual (:func:`compare`)
    The plan's dealer changes (:func:`planned_changes`: a croupier starting at a table)
    are matched with the changes the floor recorded (same table, same incoming
    croupier, recorded after the previous planned change at that table and before the
    next one). A change recorded more than ``late_after`` minutes after the plan said
    is *late*; one not recorded is *missing* once it is overdue; a recorded change that
    matches no plan is *unplanned*.

A few dozen tables and croupiers over a shift take well under a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from math import gcd

__all__ = [
    "Assignment",
    "Breaks",
    "Check",
    "Comparison",
    "Croupier",
    "Plan",
    "PlanError",
    "PlannedChange",
    "RecordedChange",
    "Rotation",
    "RotationCheck",
    "Slot",
    "Stint",
    "Table",
    "compare",
    "next_changes",
    "plan_rota",
    "planned_changes",
    "replan",
    "stints",
]


class PlanError(ValueError):
    """Input that cannot be planned: a machine code and its parameters."""

    def __init__(self, code: str, **params: int | str) -> None:
        super().__init__(f"{code}: {params}" if params else code)
        self.code = code
        self.params = params


# ---------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True, slots=True)
class Rotation:
    """The period: ``on`` minutes at a table (a down), then ``off`` minutes of break;
    ``slot``: the planning step (0: the greatest common divisor of ``on`` and ``off``)."""

    on: int = 30
    off: int = 15
    slot: int = 0

    @property
    def step(self) -> int:
        return self.slot or gcd(self.on, self.off)


@dataclass(frozen=True, slots=True)
class Breaks:
    """A croupier's break entitlement: at most ``max_on`` minutes dealing, then a break of
    at least ``min_off`` minutes."""

    max_on: int
    min_off: int


@dataclass(frozen=True, slots=True)
class Croupier:
    id: str
    games: frozenset[str]
    start: int  # shift start (minute)
    end: int  # shift end (minute, exclusive)
    breaks: Breaks | None = None  # None: the rotation's on and off
    away: tuple[tuple[int, int], ...] = ()  # fixed absences [from, until)


@dataclass(frozen=True, slots=True)
class Table:
    id: str
    game: str
    open_from: int
    open_until: int | None = None  # None: open until the end of the plan


# ---------------------------------------------------------------------------
# The plan


@dataclass(frozen=True, slots=True)
class Assignment:
    table: str
    croupier: str


@dataclass(frozen=True, slots=True)
class Slot:
    """One step of the plan: who deals where from ``start`` to ``end``."""

    start: int
    end: int
    assignments: tuple[Assignment, ...]  # by table id
    unstaffed: tuple[str, ...] = ()  # open tables nobody may deal (table ids)
    resting: tuple[str, ...] = ()  # croupiers on duty not dealing

    def croupier_at(self, table: str) -> str | None:
        for a in self.assignments:
            if a.table == table:
                return a.croupier
        return None

    def table_of(self, croupier: str) -> str | None:
        for a in self.assignments:
            if a.croupier == croupier:
                return a.table
        return None


@dataclass(frozen=True, slots=True)
class Plan:
    """A rota: its inputs (so that it can be re-planned) and its slots in time order."""

    rotation: Rotation
    start: int
    end: int
    croupiers: tuple[Croupier, ...]
    tables: tuple[Table, ...]
    # (croupier id, phase, from slot): each croupier's pattern as first set (step 1)
    phases: tuple[tuple[str, int, int], ...]
    stretch: int  # slots added to every break of the pattern (more croupiers than needed)
    slots: tuple[Slot, ...]

    def slot_at(self, minute: int) -> Slot | None:
        for s in self.slots:
            if s.start <= minute < s.end:
                return s
        return None

    @property
    def unstaffed(self) -> tuple[tuple[int, str], ...]:
        """Every (slot start, table) left without a croupier."""
        return tuple((s.start, t) for s in self.slots for t in s.unstaffed)


@dataclass(frozen=True, slots=True)
class Stint:
    """A croupier at one table without interruption."""

    croupier: str
    table: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class PlannedChange:
    """A croupier takes over a table (``outgoing`` None: nobody was dealing there)."""

    table: str
    at: int
    incoming: str
    outgoing: str | None


# ---------------------------------------------------------------------------
# Validation


def _check(
    croupiers: Sequence[Croupier], tables: Sequence[Table], rotation: Rotation, start: int, end: int
) -> int:
    """The slot length, after refusing input that cannot be planned."""
    for name, value in (("on", rotation.on), ("off", rotation.off), ("slot", rotation.slot)):
        if type(value) is not int or value < 0 or (value == 0 and name != "slot"):
            raise PlanError("ROTATION_INVALID", field=name, value=str(value))
    step = rotation.step
    if rotation.on % step or rotation.off % step:
        raise PlanError("SLOT_NOT_A_DIVISOR", slot=step, on=rotation.on, off=rotation.off)
    if type(start) is not int or type(end) is not int or end <= start:
        raise PlanError("PERIOD_INVALID", start=str(start), end=str(end))
    seen: set[str] = set()
    for c in croupiers:
        if c.id in seen:
            raise PlanError("CROUPIER_TWICE", croupier=c.id)
        seen.add(c.id)
        if c.end <= c.start:
            raise PlanError("SHIFT_INVALID", croupier=c.id)
        b = _breaks(c, rotation)
        if b.max_on <= 0 or b.min_off <= 0 or b.max_on % step or b.min_off % step:
            raise PlanError("BREAKS_NOT_IN_SLOTS", croupier=c.id, slot=step)
        for a, b2 in c.away:
            if b2 <= a:
                raise PlanError("ABSENCE_INVALID", croupier=c.id)
    seen = set()
    for t in tables:
        if t.id in seen:
            raise PlanError("TABLE_TWICE", table=t.id)
        seen.add(t.id)
        if t.open_until is not None and t.open_until <= t.open_from:
            raise PlanError("TABLE_HOURS_INVALID", table=t.id)
    return step


def _breaks(c: Croupier, rotation: Rotation) -> Breaks:
    return c.breaks or Breaks(rotation.on, rotation.off)


# ---------------------------------------------------------------------------
# The minimum-cost assignment


def _assign(cost: list[list[int]]) -> list[int]:
    """Hungarian method: the column of each row, minimising the total (rows <= columns).

    The classic O(rows^2 * columns) version with potentials; integer costs, so exact.
    """
    n = len(cost)
    if n == 0:
        return []
    m = len(cost[0])
    # Above any reduced cost: the potentials never move by more than the costs' total.
    inf = 4 * (sum(max(row) for row in cost) + 1)
    u = [0] * (n + 1)
    v = [0] * (m + 1)
    p = [0] * (m + 1)  # p[j]: the row matched to column j (1-based), 0 = free
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = 0
            row = cost[i0 - 1]
            ui = u[i0]
            for j in range(1, m + 1):
                if not used[j]:
                    cur = row[j - 1] - ui - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(m + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    out = [0] * n
    for j in range(1, m + 1):
        if p[j]:
            out[p[j] - 1] = j - 1
    return out


# ---------------------------------------------------------------------------
# Building a plan


@dataclass(slots=True)
class _State:
    """Where a croupier stands before a slot."""

    run: int = 0  # slots dealt since the last break
    idle: int = 0  # slots without dealing, just before
    dealt: int = 0  # slots dealt in the plan so far
    at: str | None = None  # table dealt in the previous slot
    stint: int = 0  # slots at that table without interruption
    last: str | None = None  # the last table dealt, whenever


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


def _build(
    croupiers: Sequence[Croupier],
    tables: Sequence[Table],
    rotation: Rotation,
    start: int,
    end: int,
    *,
    past: Sequence[Slot] = (),
    previous: Sequence[Slot] = (),
    origins: Sequence[tuple[str, int, int]] = (),
    stretch: int | None = None,
    now: int | None = None,
) -> Plan:
    """Steps 1 to 4. A new plan chooses the stretch and phases; a re-plan (``stretch``
    given) replays ``past`` and keeps ``origins`` (id, phase, from slot). The slot
    under way at ``now`` keeps its assignments; its unstaffed tables and resting
    croupiers are those of the new input (a table opened at ``now`` waits for the next
    rotation)."""
    step = _check(croupiers, tables, rotation, start, end)
    g = _grid(croupiers, tables, step, start, end)
    first = len(past)
    ids = {c.id for c in g.croupiers}
    if stretch is None:
        initial, stretch = _patterns(g, rotation, 0, {}, None)
        origin = {cid: (phase, 0) for cid, phase in initial.items()}
    else:
        origin = {
            cid: (phase, since) for cid, phase, since in origins if cid in ids and since <= first
        }
    entitlement = {c.id: _breaks(c, rotation) for c in g.croupiers}
    cycles = {c.id: _cycle(c, rotation, step, stretch) for c in g.croupiers}
    phases: dict[str, int] = {}  # the phase now: it moves when a dealing phase is skipped
    demand, demand_game = _demand(g)
    cover = _Cover(
        0, demand, demand_game, [0] * len(demand), {game: [0] * len(demand) for game in demand_game}
    )
    games_of = {c.id: c.games for c in g.croupiers}

    def place(cid: str, phase: int, since: int) -> None:
        phases[cid] = phase
        cycle, on = cycles[cid]
        cover.add(cover.slots_of(g.duty[cid], phase, cycle, on, since), games_of[cid])

    state: dict[str, _State] = {}
    down = rotation.on // step
    wanted = {s.start: {(a.table, a.croupier) for a in s.assignments} for s in previous}
    rows_max = max(len(g.tables), 1)
    slots_max = len(g.starts) + 1
    # Lexicographic weights (see the module doc): each level outweighs every lower one.
    w_fair = rows_max * (rows_max + 2) + 1
    w_cont = rows_max * (slots_max * w_fair + rows_max + 2) + 1
    w_phase = rows_max * 3 * w_cont + 1
    w_keep = rows_max * 2 * w_phase + 1
    big = rows_max * 2 * w_keep + 1
    forbid = big * (rows_max + 2)
    out: list[Slot] = []
    for k, s_start in enumerate(g.starts):
        for cid, (phase, since) in sorted(origin.items()):
            if since == k:
                place(cid, phase, k)
        if k == first and len(origin) < len(ids):
            # Croupiers new to a re-plan: phases against the others' phases now.
            fresh, _shortfall = _phases(g, rotation, dict(phases), first, stretch)
            for cid in sorted(ids - set(origin)):
                origin[cid] = (fresh[cid], first)
                place(cid, fresh[cid], k)
        if k < first:
            slot = past[k]
            if now is not None and g.ends[k] > now:
                slot = _under_way(g, k, slot)
        else:
            slot = _plan_slot(
                g,
                k,
                state,
                entitlement,
                phases,
                wanted.get(s_start, set()),
                down,
                (w_fair, w_cont, w_phase, w_keep, big, forbid),
                cycles,
            )
        out.append(slot)
        dealing = {a.croupier: a.table for a in slot.assignments}
        for cid in sorted(set(state) | set(dealing) | ids):
            st = state.setdefault(cid, _State())
            b = entitlement.get(cid, Breaks(rotation.on, rotation.off))
            if cid in dealing:
                table = dealing[cid]
                if st.idle * step >= b.min_off:
                    st.run = 0
                st.run += 1
                st.idle = 0
                st.dealt += 1
                st.stint = st.stint + 1 if st.at == table else 1
                st.at = table
                st.last = table
            else:
                st.idle += 1
                if st.idle * step >= b.min_off:
                    st.run = 0
                st.at = None
                st.stint = 0
                # A croupier on duty who does not deal in the first slot of a dealing
                # phase starts that phase one slot later, so that the spare time passes
                # round, unless that would leave a later slot short of croupiers.
                if cid in phases and g.duty[cid][k]:
                    cycle, on = cycles[cid]
                    if (k - phases[cid]) % cycle == 0:
                        _shift(cover, g.duty[cid], games_of[cid], phases, cid, cycle, on, k + 1)
    return Plan(
        rotation=rotation,
        start=start,
        end=end,
        croupiers=tuple(g.croupiers),
        tables=tuple(g.tables),
        phases=tuple(sorted((cid, p, since) for cid, (p, since) in origin.items())),
        stretch=stretch,
        slots=tuple(out),
    )


def _under_way(g: _Grid, k: int, slot: Slot) -> Slot:
    staffed = {a.table for a in slot.assignments}
    dealing = {a.croupier for a in slot.assignments}
    return Slot(
        slot.start,
        slot.end,
        slot.assignments,
        tuple(sorted(t.id for t in g.tables if g.open[t.id][k] and t.id not in staffed)),
        tuple(c.id for c in g.croupiers if g.duty[c.id][k] and c.id not in dealing),
    )


def _shift(
    cover: _Cover,
    duty: list[bool],
    games: frozenset[str],
    phases: dict[str, int],
    cid: str,
    cycle: int,
    on: int,
    since: int,
) -> None:
    """Move ``cid``'s phase one slot later if the slots from ``since`` stay as covered."""
    before = cover.shortfall(since)
    old = cover.slots_of(duty, phases[cid], cycle, on, since)
    new = cover.slots_of(duty, (phases[cid] + 1) % cycle, cycle, on, since)
    cover.add(old, games, -1)
    cover.add(new, games)
    if cover.shortfall(since) <= before:
        phases[cid] = (phases[cid] + 1) % cycle
    else:
        cover.add(new, games, -1)
        cover.add(old, games)


def _plan_slot(
    g: _Grid,
    k: int,
    state: dict[str, _State],
    entitlement: dict[str, Breaks],
    phases: dict[str, int],
    wanted: set[tuple[str, str]],
    down: int,
    weights: tuple[int, int, int, int, int, int],
    cycles: dict[str, tuple[int, int]],
) -> Slot:
    """Step 2 of the algorithm for slot ``k``."""
    w_fair, w_cont, w_phase, w_keep, big, forbid = weights
    step = g.step
    tables = [t for t in g.tables if g.open[t.id][k]]
    on_duty = [c for c in g.croupiers if g.duty[c.id][k]]
    allowed = []
    for c in on_duty:
        st = state.get(c.id) or _State()
        b = entitlement[c.id]
        run = 0 if st.idle * step >= b.min_off else st.run
        if (run + 1) * step <= b.max_on:
            allowed.append(c)
    if not tables:
        return Slot(g.starts[k], g.ends[k], (), (), tuple(c.id for c in on_duty))
    n = len(tables)
    cost: list[list[int]] = []
    for i, t in enumerate(tables):
        row = []
        for c in allowed:
            if t.game not in c.games:
                row.append(forbid)
                continue
            st = state.get(c.id) or _State()
            cycle, on = cycles[c.id]
            keep = 0 if not wanted or (t.id, c.id) in wanted else 1
            phase = 0 if _dealing_phase(k, phases[c.id], cycle, on) else 1
            if st.at is None:
                cont = 1
            elif st.at == t.id:
                cont = 0 if st.stint < down else 2
            else:
                cont = 1 if st.stint >= down else 2
            back = 1 if st.last == t.id and st.at != t.id else 0
            row.append(keep * w_keep + phase * w_phase + cont * w_cont + st.dealt * w_fair + back)
        # One "nobody" column per table: leaving a table unstaffed costs more than any
        # staffing, a little more for the tables opened first.
        row.extend(big + (n - i) if j == i else forbid for j in range(n))
        cost.append(row)
    picks = _assign(cost)
    assignments = []
    unstaffed = []
    for i, t in enumerate(tables):
        j = picks[i]
        if j < len(allowed) and cost[i][j] < big:
            assignments.append(Assignment(t.id, allowed[j].id))
        else:
            unstaffed.append(t.id)
    dealing = {a.croupier for a in assignments}
    return Slot(
        g.starts[k],
        g.ends[k],
        tuple(sorted(assignments, key=lambda a: a.table)),
        tuple(sorted(unstaffed)),
        tuple(c.id for c in on_duty if c.id not in dealing),
    )


def plan_rota(
    croupiers: Iterable[Croupier],
    tables: Iterable[Table],
    *,
    start: int,
    end: int,
    rotation: Rotation = Rotation(),
) -> Plan:
    """The rota from ``start`` to ``end`` (minutes), as the module doc describes."""
    return _build(tuple(croupiers), tuple(tables), rotation, start, end)


def replan(
    plan: Plan,
    *,
    now: int,
    croupiers: Iterable[Croupier] | None = None,
    tables: Iterable[Table] | None = None,
) -> Plan:
    """The plan rebuilt at ``now`` for new croupiers and/or tables.

    Slots that began before ``now`` keep their assignments (the past, and the slot under
    way, where a table opened at ``now`` is listed unstaffed until the next rotation);
    later slots are planned again, keeping the previous assignments wherever they are
    still possible and do not leave a table unstaffed that could be staffed.
    """
    crew = plan.croupiers if croupiers is None else tuple(croupiers)
    room = plan.tables if tables is None else tuple(tables)
    past = [s for s in plan.slots if s.start < now]
    future = [s for s in plan.slots if s.start >= now]
    return _build(
        crew,
        room,
        plan.rotation,
        plan.start,
        plan.end,
        past=past,
        previous=future,
        origins=plan.phases,
        stretch=plan.stretch,
        now=now,
    )


# ---------------------------------------------------------------------------
# Reading a plan


def stints(plan: Plan) -> tuple[Stint, ...]:
    """Each croupier's uninterrupted time at one table, by start then table."""
    out: list[Stint] = []
    running: dict[tuple[str, str], int] = {}  # (croupier, table) -> start
    previous: set[tuple[str, str]] = set()
    last_end = plan.start
    for s in plan.slots:
        now = {(a.croupier, a.table) for a in s.assignments}
        for pair in sorted(previous - now):
            out.append(Stint(pair[0], pair[1], running.pop(pair), s.start))
        for pair in sorted(now - previous):
            running[pair] = s.start
        previous = now
        last_end = s.end
    for pair in sorted(previous):
        out.append(Stint(pair[0], pair[1], running.pop(pair), last_end))
    return tuple(sorted(out, key=lambda x: (x.start, x.table)))


def planned_changes(plan: Plan) -> tuple[PlannedChange, ...]:
    """Every planned dealer change, in time order then table: a croupier starting at a
    table. The time is the slot's start, or the table's opening when later."""
    opens = {t.id: t.open_from for t in plan.tables}
    out: list[PlannedChange] = []
    before: dict[str, str] = {}
    for s in plan.slots:
        now = {a.table: a.croupier for a in s.assignments}
        for table in sorted(now):
            if before.get(table) != now[table]:
                at = max(s.start, opens.get(table, s.start))
                out.append(PlannedChange(table, at, now[table], before.get(table)))
        before = now
    return tuple(out)


def next_changes(plan: Plan, now: int) -> tuple[PlannedChange, ...]:
    """Who goes where next: the planned changes at the first change time at or after
    ``now`` (the floor page's "next rotation")."""
    upcoming = [c for c in planned_changes(plan) if c.at >= now]
    if not upcoming:
        return ()
    first = min(c.at for c in upcoming)
    return tuple(c for c in upcoming if c.at == first)


# ---------------------------------------------------------------------------
# Planned against actual


@dataclass(frozen=True, slots=True)
class RecordedChange:
    """A dealer change as the floor recorded it: ``croupier`` took over ``table``."""

    table: str
    croupier: str
    at: int


class Check(StrEnum):
    ON_TIME = "on_time"  # recorded at most ``late_after`` minutes after the plan (or early)
    LATE = "late"  # recorded more than ``late_after`` minutes after the plan
    MISSING = "missing"  # not recorded, and overdue
    PENDING = "pending"  # not recorded, not overdue yet


@dataclass(frozen=True, slots=True)
class RotationCheck:
    planned: PlannedChange
    status: Check
    recorded: RecordedChange | None = None
    delay: int | None = None  # minutes after the plan (negative: early)


@dataclass(frozen=True, slots=True)
class Comparison:
    checks: tuple[RotationCheck, ...]  # one per planned change, in plan order
    unplanned: tuple[RecordedChange, ...]  # recorded changes no planned change explains

    @property
    def late(self) -> tuple[RotationCheck, ...]:
        return tuple(c for c in self.checks if c.status is Check.LATE)


def compare(
    plan: Plan,
    recorded: Iterable[RecordedChange],
    *,
    late_after: int,
    now: int | None = None,
) -> Comparison:
    """Planned against actual: each planned change matched with the recorded change at
    the same table, with the same incoming croupier, after the previous planned change
    at that table and before the next one (the earliest such record). ``now`` (None: the
    end of the plan) decides whether an unrecorded change is missing or still pending.
    """
    if type(late_after) is not int or late_after < 0:
        raise PlanError("LATE_AFTER_INVALID", late_after=str(late_after))
    clock = plan.end if now is None else now
    changes = planned_changes(plan)
    by_table: dict[str, list[int]] = {}
    for i, c in enumerate(changes):
        by_table.setdefault(c.table, []).append(i)
    pool = sorted(recorded, key=lambda r: (r.at, r.table, r.croupier))
    used = [False] * len(pool)
    result: list[RotationCheck | None] = [None] * len(changes)
    for indexes in by_table.values():
        for pos, i in enumerate(indexes):
            c = changes[i]
            lo = changes[indexes[pos - 1]].at if pos > 0 else None
            hi = changes[indexes[pos + 1]].at if pos + 1 < len(indexes) else None
            match = None
            for j, r in enumerate(pool):
                if used[j] or r.table != c.table or r.croupier != c.incoming:
                    continue
                if (lo is not None and r.at <= lo) or (hi is not None and r.at >= hi):
                    continue
                match = j
                break
            if match is None:
                status = Check.MISSING if clock > c.at + late_after else Check.PENDING
                result[i] = RotationCheck(c, status)
                continue
            used[match] = True
            r = pool[match]
            delay = r.at - c.at
            status = Check.LATE if delay > late_after else Check.ON_TIME
            result[i] = RotationCheck(c, status, r, delay)
    checks = tuple(x for x in result if x is not None)
    unplanned = tuple(r for j, r in enumerate(pool) if not used[j])
    return Comparison(checks, unplanned)
