"""The planner's inputs and its plan as frozen data, and the checks that refuse input
that cannot be planned (see :mod:`rota.planning`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import gcd


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
