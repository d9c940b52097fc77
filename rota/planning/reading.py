"""Reading a plan: each croupier's stints, the planned dealer changes, who goes where next."""

from __future__ import annotations

from dataclasses import dataclass

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


#: A table left without a croupier because nobody on duty then may deal its game.
NO_QUALIFIED_CROUPIER = "NO_QUALIFIED_CROUPIER"
#: A table left without a croupier: those who may deal its game are at other tables or
#: owed their break (breaks are never shortened to staff a table).
NO_QUALIFIED_CROUPIER_FREE = "NO_QUALIFIED_CROUPIER_FREE"


@dataclass(frozen=True, slots=True)
class Finding:
    """Why a table is unstaffed from ``start`` to ``end`` (consecutive slots, one reason):
    the plan says so rather than place a croupier at a game he may not deal."""

    code: str
    table: str
    game: str
    start: int
    end: int


def findings(plan: Plan) -> tuple[Finding, ...]:
    """Every table the plan leaves without a croupier, with the reason, by start then table."""
    games = {t.id: t.game for t in plan.tables}
    deals = {c.id: c.games for c in plan.croupiers}
    running: dict[str, Finding] = {}
    out: list[Finding] = []
    for s in plan.slots:
        on_duty = [a.croupier for a in s.assignments] + list(s.resting)
        here: dict[str, Finding] = {}
        for table in s.unstaffed:
            game = games[table]
            qualified = any(game in deals[c] for c in on_duty)
            code = NO_QUALIFIED_CROUPIER_FREE if qualified else NO_QUALIFIED_CROUPIER
            before = running.get(table)
            if before is not None and before.code == code and before.end == s.start:
                here[table] = Finding(code, table, game, before.start, s.end)
            else:
                if before is not None:
                    out.append(before)
                here[table] = Finding(code, table, game, s.start, s.end)
        out.extend(f for t, f in running.items() if t not in here)
        running = here
    out.extend(running.values())
    return tuple(sorted(out, key=lambda f: (f.start, f.table)))
