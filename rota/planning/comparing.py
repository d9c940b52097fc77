"""Planned against actual (see :mod:`rota.planning`): the plan's dealer changes matched with
the changes the floor recorded; late, missing and unplanned ones."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .inputs import Plan, PlanError, PlannedChange
from .reading import planned_changes


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
