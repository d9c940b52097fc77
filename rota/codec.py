"""A :class:`rota.planning.Plan` as plain JSON data and back (pure Python, no Django).

The rota app stores each version of a plan as this data, so that a later version can be
re-planned from it (:func:`rota.planning.replan` needs the plan's inputs and slots).
"""

from __future__ import annotations

from typing import Any

from .planning import Assignment, Breaks, Croupier, Plan, Rotation, Slot, Table


def plan_to_data(plan: Plan) -> dict[str, Any]:
    return {
        "rotation": {"on": plan.rotation.on, "off": plan.rotation.off, "slot": plan.rotation.slot},
        "start": plan.start,
        "end": plan.end,
        "croupiers": [
            {
                "id": c.id,
                "games": sorted(c.games),
                "start": c.start,
                "end": c.end,
                "breaks": [c.breaks.max_on, c.breaks.min_off] if c.breaks else None,
                "away": [list(a) for a in c.away],
            }
            for c in plan.croupiers
        ],
        "tables": [
            {"id": t.id, "game": t.game, "open_from": t.open_from, "open_until": t.open_until}
            for t in plan.tables
        ],
        "phases": [list(p) for p in plan.phases],
        "stretch": plan.stretch,
        "slots": [
            {
                "start": s.start,
                "end": s.end,
                "assignments": [[a.table, a.croupier] for a in s.assignments],
                "unstaffed": list(s.unstaffed),
                "resting": list(s.resting),
            }
            for s in plan.slots
        ],
    }


def plan_from_data(data: dict[str, Any]) -> Plan:
    r = data["rotation"]
    return Plan(
        rotation=Rotation(on=r["on"], off=r["off"], slot=r["slot"]),
        start=data["start"],
        end=data["end"],
        croupiers=tuple(
            Croupier(
                id=c["id"],
                games=frozenset(c["games"]),
                start=c["start"],
                end=c["end"],
                breaks=Breaks(*c["breaks"]) if c["breaks"] else None,
                away=tuple((a, b) for a, b in c["away"]),
            )
            for c in data["croupiers"]
        ),
        tables=tuple(
            Table(id=t["id"], game=t["game"], open_from=t["open_from"], open_until=t["open_until"])
            for t in data["tables"]
        ),
        phases=tuple((p[0], p[1], p[2]) for p in data["phases"]),
        stretch=data["stretch"],
        slots=tuple(
            Slot(
                start=s["start"],
                end=s["end"],
                assignments=tuple(Assignment(t, c) for t, c in s["assignments"]),
                unstaffed=tuple(s["unstaffed"]),
                resting=tuple(s["resting"]),
            )
            for s in data["slots"]
        ),
    )
