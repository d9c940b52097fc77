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
       croupiers on duty who do not deal are listed as ``resting``. A croupier is never
       placed at a table whose game he may not deal: :func:`findings` says why each table
       is unstaffed (``NO_QUALIFIED_CROUPIER``: nobody on duty may deal its game;
       ``NO_QUALIFIED_CROUPIER_FREE``: those who may are at other tables or owed a break).

Modules
    :mod:`.inputs` (the data and the checks), :mod:`.assignment` (the Hungarian method),
    :mod:`.patterns` (step 1), :mod:`.building` (steps 2 to 4, :func:`replan`),
    :mod:`.reading` (stints, changes, findings), :mod:`.comparing` (planned against actual).

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

from .building import plan_rota, replan
from .comparing import Check, Comparison, RecordedChange, RotationCheck, compare
from .inputs import (
    Assignment,
    Breaks,
    Croupier,
    Plan,
    PlanError,
    PlannedChange,
    Rotation,
    Slot,
    Stint,
    Table,
)
from .reading import (
    NO_QUALIFIED_CROUPIER,
    NO_QUALIFIED_CROUPIER_FREE,
    Finding,
    findings,
    next_changes,
    planned_changes,
    stints,
)

__all__ = [
    "Assignment",
    "Breaks",
    "Check",
    "Comparison",
    "Croupier",
    "Finding",
    "NO_QUALIFIED_CROUPIER",
    "NO_QUALIFIED_CROUPIER_FREE",
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
    "findings",
    "next_changes",
    "plan_rota",
    "planned_changes",
    "replan",
    "stints",
]
