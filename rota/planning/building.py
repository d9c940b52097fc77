"""Steps 2 to 4 of the algorithm (see :mod:`rota.planning`): the plan built slot by slot,
and re-planned from a minute when a table opens or closes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .assignment import _assign
from .inputs import Assignment, Breaks, Croupier, Plan, Rotation, Slot, Table, _breaks, _check
from .patterns import _Cover, _cycle, _dealing_phase, _demand, _Grid, _grid, _patterns, _phases


@dataclass(slots=True)
class _State:
    """Where a croupier stands before a slot."""

    run: int = 0  # slots dealt since the last break
    idle: int = 0  # slots without dealing, just before
    dealt: int = 0  # slots dealt in the plan so far
    at: str | None = None  # table dealt in the previous slot
    stint: int = 0  # slots at that table without interruption
    last: str | None = None  # the last table dealt, whenever


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
    origin, stretch = _origin(g, rotation, ids, first, origins, stretch)
    entitlement = {c.id: _breaks(c, rotation) for c in g.croupiers}
    cycles = {c.id: _cycle(c, rotation, step, stretch) for c in g.croupiers}
    phases: dict[str, int] = {}  # the phase now: it moves when a dealing phase is skipped
    cover = _empty_cover(g)
    games_of = {c.id: c.games for c in g.croupiers}

    def place(cid: str, phase: int, since: int) -> None:
        phases[cid] = phase
        cycle, on = cycles[cid]
        cover.add(cover.slots_of(g.duty[cid], phase, cycle, on, since), games_of[cid])

    state: dict[str, _State] = {}
    down = rotation.on // step
    wanted = {s.start: {(a.table, a.croupier) for a in s.assignments} for s in previous}
    weights = _weights(g)
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
                weights,
                cycles,
            )
        out.append(slot)
        _settle(g, k, slot, state, ids, entitlement, rotation, phases, cycles, cover, games_of)
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


def _origin(
    g: _Grid,
    rotation: Rotation,
    ids: set[str],
    first: int,
    origins: Sequence[tuple[str, int, int]],
    stretch: int | None,
) -> tuple[dict[str, tuple[int, int]], int]:
    """Each croupier's phase and the slot it holds from, with the stretch: chosen for a new
    plan (``stretch`` None), kept from ``origins`` for a re-plan."""
    if stretch is None:
        initial, stretch = _patterns(g, rotation, 0, {}, None)
        origin = {cid: (phase, 0) for cid, phase in initial.items()}
    else:
        origin = {
            cid: (phase, since) for cid, phase, since in origins if cid in ids and since <= first
        }
    return origin, stretch


def _empty_cover(g: _Grid) -> _Cover:
    """The tables' demand per slot, overall and per game, with no croupier placed yet."""
    demand, demand_game = _demand(g)
    return _Cover(
        0, demand, demand_game, [0] * len(demand), {game: [0] * len(demand) for game in demand_game}
    )


def _weights(g: _Grid) -> tuple[int, int, int, int, int, int]:
    """Lexicographic weights (see the module doc): each level outweighs every lower one."""
    rows_max = max(len(g.tables), 1)
    slots_max = len(g.starts) + 1
    w_fair = rows_max * (rows_max + 2) + 1
    w_cont = rows_max * (slots_max * w_fair + rows_max + 2) + 1
    w_phase = rows_max * 3 * w_cont + 1
    w_keep = rows_max * 2 * w_phase + 1
    big = rows_max * 2 * w_keep + 1
    forbid = big * (rows_max + 2)
    return (w_fair, w_cont, w_phase, w_keep, big, forbid)


def _settle(
    g: _Grid,
    k: int,
    slot: Slot,
    state: dict[str, _State],
    ids: set[str],
    entitlement: dict[str, Breaks],
    rotation: Rotation,
    phases: dict[str, int],
    cycles: dict[str, tuple[int, int]],
    cover: _Cover,
    games_of: dict[str, frozenset[str]],
) -> None:
    """Where each croupier stands after slot ``k``, and the phases it moves."""
    step = g.step
    dealing = {a.croupier: a.table for a in slot.assignments}
    for cid in sorted(set(state) | set(dealing) | ids):
        st = state.setdefault(cid, _State())
        b = entitlement.get(cid, Breaks(rotation.on, rotation.off))
        if cid in dealing:
            _dealt(st, dealing[cid], step, b.min_off)
        else:
            _rested(st, step, b.min_off)
            # A croupier on duty who does not deal in the first slot of a dealing
            # phase starts that phase one slot later, so that the spare time passes
            # round, unless that would leave a later slot short of croupiers.
            if cid in phases and g.duty[cid][k]:
                cycle, on = cycles[cid]
                if (k - phases[cid]) % cycle == 0:
                    _shift(cover, g.duty[cid], games_of[cid], phases, cid, cycle, on, k + 1)


def _dealt(st: _State, table: str, step: int, min_off: int) -> None:
    """The croupier dealt at ``table`` in the slot."""
    if st.idle * step >= min_off:
        st.run = 0
    st.run += 1
    st.idle = 0
    st.dealt += 1
    st.stint = st.stint + 1 if st.at == table else 1
    st.at = table
    st.last = table


def _rested(st: _State, step: int, min_off: int) -> None:
    """The croupier did not deal in the slot."""
    st.idle += 1
    if st.idle * step >= min_off:
        st.run = 0
    st.at = None
    st.stint = 0


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
