"""Reading a plan: each croupier's stints, the planned dealer changes, who goes where next."""

from __future__ import annotations

from .inputs import Plan, PlannedChange, Stint


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
