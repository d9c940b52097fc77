"""The dealer-rotation planner, pure (issue 44 §3): no Django, run with
``pytest -p no:django tests/rota/``.

The invariants are checked by code written here, independently of the planner's own
bookkeeping: a croupier at one table at a time, only at games the croupier may deal,
only on duty, breaks as entitled; every open table staffed when there are enough
croupiers, and a table left unstaffed only when nobody on duty could deal it.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rota.planning import (
    NO_QUALIFIED_CROUPIER,
    NO_QUALIFIED_CROUPIER_FREE,
    Breaks,
    Check,
    Croupier,
    Plan,
    PlanError,
    PlannedChange,
    RecordedChange,
    Rotation,
    Stint,
    Table,
    compare,
    findings,
    next_changes,
    plan_rota,
    planned_changes,
    replan,
    stints,
)

HOLDEM = frozenset({"holdem"})
BOTH = frozenset({"holdem", "omaha"})


def crew(n: int, games: frozenset[str] = HOLDEM, start: int = 0, end: int = 480) -> list[Croupier]:
    return [Croupier(f"c{i:02d}", games, start, end) for i in range(n)]


def room(n: int, game: str = "holdem", opens: int = 0) -> list[Table]:
    return [Table(f"t{i}", game, opens) for i in range(n)]


# ---------------------------------------------------------------------------
# The checker


def break_rule_holds(plan: Plan, c: Croupier) -> bool:
    """At most ``max_on`` minutes dealt between breaks of ``min_off`` minutes or more."""
    b = c.breaks or Breaks(plan.rotation.on, plan.rotation.off)
    step = plan.rotation.step
    run = idle = 0
    for s in plan.slots:
        if s.table_of(c.id) is not None:
            if idle * step >= b.min_off:
                run = 0
            run += 1
            idle = 0
            if run * step > b.max_on:
                return False
        else:
            idle += 1
            if idle * step >= b.min_off:
                run = 0
    return True


def on_duty(c: Croupier, start: int, end: int) -> bool:
    return c.start <= start and end <= c.end and not any(a < end and start < z for a, z in c.away)


def is_open(t: Table, start: int, end: int, plan_end: int) -> bool:
    until = plan_end if t.open_until is None else t.open_until
    return t.open_from < end and start < until


def check_invariants(plan: Plan) -> None:
    croupiers = {c.id: c for c in plan.croupiers}
    tables = {t.id: t for t in plan.tables}
    for s in plan.slots:
        dealing = [a.croupier for a in s.assignments]
        staffed = [a.table for a in s.assignments]
        # issue 44: never a croupier at two tables at once, never two at one table
        assert len(dealing) == len(set(dealing)), s
        assert len(staffed) == len(set(staffed)), s
        for a in s.assignments:
            c, t = croupiers[a.croupier], tables[a.table]
            # issue 44: never at a game the croupier may not deal
            assert t.game in c.games, (s.start, a)
            assert on_duty(c, s.start, s.end), (s.start, a)
            assert is_open(t, s.start, s.end, plan.end), (s.start, a)
        # every open table is staffed or listed unstaffed; the rest on duty are resting
        open_now = {t.id for t in plan.tables if is_open(t, s.start, s.end, plan.end)}
        assert set(staffed) | set(s.unstaffed) == open_now
        assert not set(staffed) & set(s.unstaffed)
        duty = {c.id for c in plan.croupiers if on_duty(c, s.start, s.end)}
        assert set(s.resting) == duty - set(dealing)
    for c in plan.croupiers:
        # issue 44: breaks as entitled
        assert break_rule_holds(plan, c), c.id


def could_deal(plan: Plan, c: Croupier, k: int) -> bool:
    """Whether ``c`` could also deal in slot ``k`` given the plan so far (break rule)."""
    b = c.breaks or Breaks(plan.rotation.on, plan.rotation.off)
    step = plan.rotation.step
    run = idle = 0
    for s in plan.slots[:k]:
        if s.table_of(c.id) is not None:
            if idle * step >= b.min_off:
                run = 0
            run += 1
            idle = 0
        else:
            idle += 1
            if idle * step >= b.min_off:
                run = 0
    if idle * step >= b.min_off:
        run = 0
    return (run + 1) * step <= b.max_on


def dealt_minutes(plan: Plan) -> dict[str, int]:
    out = {c.id: 0 for c in plan.croupiers}
    for s in plan.slots:
        for a in s.assignments:
            out[a.croupier] += s.end - s.start
    return out


def enough(tables: int, rotation: Rotation) -> int:
    """The module doc's count: ceil(T * cycle / dealing part), in slots."""
    step = rotation.step
    cycle, on = (rotation.on + rotation.off) // step, rotation.on // step
    return -(-tables * cycle // on)


# ---------------------------------------------------------------------------
# Plans


def test_thirty_on_fifteen_off_three_tables_five_croupiers():
    # issue 44: 30 minutes on, 15 off; 3 tables need 5 croupiers (3 x 45 / 30, rounded up)
    plan = plan_rota(crew(5), room(3), start=0, end=240)
    check_invariants(plan)
    assert plan.unstaffed == ()
    assert [s.end - s.start for s in plan.slots] == [15] * 16
    for s in plan.slots:
        assert len(s.assignments) == 3 and len(s.resting) == 2
    # every down is 30 minutes at one table, except the first ones (to stagger the breaks)
    for stint in stints(plan):
        assert stint.end - stint.start <= 30
    spread = dealt_minutes(plan)
    assert max(spread.values()) - min(spread.values()) <= 30


def test_the_plan_is_deterministic():
    a = plan_rota(crew(6, BOTH), [*room(2), Table("o1", "omaha", 0)], start=0, end=300)
    shuffled = crew(6, BOTH)
    random.Random(4).shuffle(shuffled)
    b = plan_rota(shuffled, [Table("o1", "omaha", 0), *room(2)], start=0, end=300)
    assert a == b


def test_a_croupier_deals_only_the_games_allowed():
    # Only ana and beto deal Omaha: the Omaha table is theirs alone, with their breaks.
    people = [
        Croupier("ana", BOTH, 0, 240),
        Croupier("beto", BOTH, 0, 240),
        *[Croupier(f"h{i}", HOLDEM, 0, 240) for i in range(4)],
    ]
    tables = [Table("omaha", "omaha", 0), Table("h1", "holdem", 0), Table("h2", "holdem", 0)]
    plan = plan_rota(people, tables, start=0, end=240)
    check_invariants(plan)
    assert plan.unstaffed == ()
    assert {s.croupier_at("omaha") for s in plan.slots} == {"ana", "beto"}


def test_too_few_croupiers_says_which_slots_are_unstaffed():
    # issue 44: 4 croupiers for 3 tables at 30/15 are not enough (5 are)
    plan = plan_rota(crew(4), room(3), start=0, end=180)
    check_invariants(plan)
    assert plan.unstaffed  # (slot start, table) pairs
    for start, table in plan.unstaffed:
        k = next(i for i, s in enumerate(plan.slots) if s.start == start)
        # nobody resting then could have dealt without breaking the break rule
        for cid in plan.slots[k].resting:
            croupier = next(c for c in plan.croupiers if c.id == cid)
            assert not could_deal(plan, croupier, k), (start, table, cid)
    # the table-slots staffed: as many as 4 croupiers can give (2/3 of their time)
    staffed = sum(len(s.assignments) for s in plan.slots)
    assert staffed >= 4 * len(plan.slots) * 2 // 3 - 2


def test_breaks_entitlements_and_absences():
    people = [
        Croupier("ana", HOLDEM, 0, 300, Breaks(max_on=60, min_off=20)),
        Croupier("beto", HOLDEM, 0, 300, away=((120, 150),)),  # meal break
        Croupier("carla", HOLDEM, 60, 300),  # arrives later
        Croupier("dani", HOLDEM, 0, 200),  # leaves earlier
    ]
    plan = plan_rota(people, room(2), start=0, end=300, rotation=Rotation(30, 15, slot=5))
    check_invariants(plan)
    for s in plan.slots:
        if 120 <= s.start < 150:
            assert s.table_of("beto") is None
        if s.start < 60:
            assert s.table_of("carla") is None
        if s.start >= 200:
            assert s.table_of("dani") is None


def test_more_croupiers_than_needed_share_the_spare_time():
    # 2 croupiers, 1 table: each deals half the time, in downs of 30 minutes
    plan = plan_rota(crew(2), room(1), start=0, end=480)
    check_invariants(plan)
    assert set(dealt_minutes(plan).values()) == {240}
    assert plan.stretch == 1  # the breaks are 30 minutes, not 15


# Random rooms: croupiers with games, shifts, absences and entitlements; tables opening
# and closing; several periods.
rotations = st.sampled_from(
    [Rotation(30, 15), Rotation(20, 20), Rotation(60, 20), Rotation(40, 20), Rotation(15, 10)]
)


@st.composite
def rooms(draw: st.DrawFn) -> tuple[list[Croupier], list[Table], Rotation, int]:
    rotation = draw(rotations)
    step = rotation.step
    end = draw(st.sampled_from([120, 240, 360]))
    games = ["holdem", "omaha", "short"]
    people = []
    for i in range(draw(st.integers(0, 9))):
        start = draw(st.sampled_from([0, 0, 30, 60, 90]))
        stop = draw(st.sampled_from([end, end, end - 30, 200, 250]))
        if stop <= start:
            stop = end
        allowed = frozenset(draw(st.lists(st.sampled_from(games), min_size=1, unique=True)))
        away: tuple[tuple[int, int], ...] = ()
        if draw(st.booleans()):
            a = draw(st.integers(0, end - 1))
            away = ((a, a + draw(st.integers(1, 45))),)
        breaks = None
        if draw(st.integers(0, 4)) == 0:
            breaks = Breaks(step * draw(st.integers(1, 4)), step * draw(st.integers(1, 3)))
        people.append(Croupier(f"c{i}", allowed, start, stop, breaks, away))
    tables = []
    for i in range(draw(st.integers(0, 6))):
        opens = draw(st.sampled_from([0, 0, 15, 40, 100]))
        until = draw(st.sampled_from([None, None, 90, 130, 333]))
        if until is not None and until <= opens:
            until = None
        tables.append(Table(f"t{i}", draw(st.sampled_from(games)), opens, until))
    return people, tables, rotation, end


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rooms())
def test_rota_invariants(case: tuple[list[Croupier], list[Table], Rotation, int]):
    # issue 44: never two tables at once, never a game not allowed, breaks as entitled,
    # and a table unstaffed only when nobody on duty could deal it
    people, tables, rotation, end = case
    plan = plan_rota(people, tables, start=0, end=end, rotation=rotation)
    check_invariants(plan)
    by_id = {c.id: c for c in plan.croupiers}
    game = {t.id: t.game for t in plan.tables}
    for k, s in enumerate(plan.slots):
        for table in s.unstaffed:
            for cid in s.resting:
                c = by_id[cid]
                assert game[table] not in c.games or not could_deal(plan, c, k), (s.start, table)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rooms(), st.integers(0, 400))
def test_nobody_deals_outside_his_games_and_the_plan_says_why_a_table_waits(case, when):
    # issue 44 §3: "respects each croupier's breaks and the games each may deal": in a plan
    # and in a re-plan, no croupier at a table whose game he may not deal, breaks as
    # entitled; each table left without a croupier is told, once, with the reason.
    people, tables, rotation, end = case
    plan = plan_rota(people, tables, start=0, end=end, rotation=rotation)
    plans = [plan]
    if tables:
        closed = [
            Table(t.id, t.game, t.open_from, when) if i == 0 and t.open_from < when else t
            for i, t in enumerate(tables)
        ]
        plans.append(replan(plan, now=when, tables=closed))
    for p in plans:
        deals = {c.id: c.games for c in p.croupiers}
        game = {t.id: t.game for t in p.tables}
        for s in p.slots:
            for a in s.assignments:
                assert game[a.table] in deals[a.croupier], (s.start, a)
        for c in p.croupiers:
            assert break_rule_holds(p, c), c.id
        told = [(f, s) for f in findings(p) for s in p.slots if f.start <= s.start < f.end]
        assert sorted((s.start, f.table) for f, s in told) == sorted(p.unstaffed)
        for f, s in told:
            on_duty = {a.croupier for a in s.assignments} | set(s.resting)
            qualified = {c for c in on_duty if f.game in deals[c]}
            assert f.game == game[f.table]
            assert f.code == (NO_QUALIFIED_CROUPIER_FREE if qualified else NO_QUALIFIED_CROUPIER)
            # those who may deal it are dealing elsewhere or owed their break
            k = p.slots.index(s)
            for cid in qualified & set(s.resting):
                c = next(x for x in p.croupiers if x.id == cid)
                assert p is not plan or not could_deal(p, c, k), (s.start, f.table, cid)


def test_a_tournament_table_nobody_may_deal_waits_with_a_finding():
    # issue 44 §3: only "ana" deals tournaments; on her breaks and at her meal the
    # tournament table waits rather than being given to a cash-game croupier, and the plan
    # says why.
    people = [
        Croupier("ana", frozenset({"no_limit", "tournament"}), 0, 120, away=((60, 90),)),
        *[Croupier(f"h{i}", frozenset({"no_limit"}), 0, 120) for i in range(4)],
    ]
    tables = [Table("tour", "tournament", 0), Table("cash", "no_limit", 0)]
    plan = plan_rota(people, tables, start=0, end=120)
    check_invariants(plan)
    assert {s.croupier_at("tour") for s in plan.slots} == {"ana", None}
    said = findings(plan)
    assert said and all(f.table == "tour" and f.game == "tournament" for f in said)
    at_meal = [f for f in said if f.code == NO_QUALIFIED_CROUPIER]
    assert [(f.start, f.end) for f in at_meal] == [(60, 90)]  # nobody on duty may deal it
    assert any(f.code == NO_QUALIFIED_CROUPIER_FREE for f in said)  # ana owed her break
    assert sum(f.end - f.start for f in said) == 15 * sum(1 for _ in plan.unstaffed)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rotation=rotations,
    hours=st.lists(
        st.tuples(st.sampled_from([0, 0, 20, 45, 100]), st.sampled_from([None, 90, 200, 275])),
        min_size=1,
        max_size=6,
    ),
    extra=st.integers(0, 2),
)
def test_enough_croupiers_staff_every_table_and_share_breaks_fairly(rotation, hours, extra):
    # issue 44: every open table staffed in each slot when enough croupiers are on duty
    tables = [
        Table(f"t{i}", "holdem", a, u if u is None or u > a else None)
        for i, (a, u) in enumerate(hours)
    ]
    most = max(
        sum(1 for t in tables if is_open(t, s, s + rotation.step, 300))
        for s in range(0, 300, rotation.step)
    )
    plan = plan_rota(
        crew(enough(most, rotation) + extra, end=300), tables, start=0, end=300, rotation=rotation
    )
    check_invariants(plan)
    assert plan.unstaffed == ()
    if all(t.open_from == 0 and t.open_until is None for t in tables):
        # fair: identical croupiers in a steady room deal within one down of each other
        minutes = dealt_minutes(plan).values()
        assert max(minutes) - min(minutes) <= rotation.on


# ---------------------------------------------------------------------------
# Re-planning


def test_a_table_closing_mid_shift_keeps_the_past_and_the_other_tables():
    # issue 44: the rota survives a table closing mid-shift
    plan = plan_rota(crew(5), room(3), start=0, end=480)
    closed = [t if t.id != "t1" else Table("t1", "holdem", 0, 200) for t in room(3)]
    after = replan(plan, now=195, tables=closed)
    check_invariants(after)
    assert after.slots[:13] == plan.slots[:13]  # 0..195: the past
    assert after.slots[13].croupier_at("t1")  # 195-210: t1 is open until 200
    for old, new in zip(plan.slots[14:], after.slots[14:], strict=True):
        assert new.croupier_at("t1") is None
        kept = {(a.table, a.croupier) for a in old.assignments if a.table != "t1"}
        assert kept <= {(a.table, a.croupier) for a in new.assignments}
    assert replan(plan, now=195, tables=closed) == after  # deterministic


def test_a_table_opening_mid_shift_with_a_croupier_arriving():
    plan = plan_rota(crew(5), room(3), start=0, end=480)
    more = [*room(3), Table("t9", "holdem", 240)]
    people = [*crew(5), Croupier("new1", HOLDEM, 240, 480), Croupier("new2", HOLDEM, 240, 480)]
    after = replan(plan, now=240, croupiers=people, tables=more)
    check_invariants(after)
    assert after.slots[:16] == plan.slots[:16]
    assert after.unstaffed == ()
    assert all(s.croupier_at("t9") for s in after.slots[16:])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=rooms(), when=st.integers(0, 400), which=st.integers(0, 9), opening=st.booleans())
def test_a_replan_keeps_the_past(case, when, which, opening):
    # issue 44: a re-plan keeps the past unchanged
    people, tables, rotation, end = case
    plan = plan_rota(people, tables, start=0, end=end, rotation=rotation)
    now = when % end
    if opening or not tables:
        changed = [*tables, Table("tnew", "holdem", now)]
    else:
        victim = tables[which % len(tables)]
        until = max(now, victim.open_from + 1)
        if victim.open_until is not None:
            until = min(until, victim.open_until)  # closing never lengthens the hours
        changed = [
            t if t is not victim else Table(t.id, t.game, t.open_from, until) for t in tables
        ]
    after = replan(plan, now=now, tables=changed)
    check_invariants(after)
    past = [s for s in plan.slots if s.start < now]
    for old, new in zip(past, after.slots, strict=False):
        assert new.assignments == old.assignments  # who dealt where, and when
        if old.end <= now:
            assert new == old
    assert len(after.slots) == len(plan.slots)
    if not opening and tables and not any(s.unstaffed for s in plan.slots if s.start >= now):
        # closing a table changes nothing but that table's own future assignments
        for old, new in zip(plan.slots[len(past) :], after.slots[len(past) :], strict=True):
            kept = {(a.table, a.croupier) for a in old.assignments if a.table != victim.id}
            assert kept <= {(a.table, a.croupier) for a in new.assignments}


# ---------------------------------------------------------------------------
# Reading the plan, planned against actual


def small_plan() -> Plan:
    return plan_rota(crew(3), room(2), start=0, end=90)


def test_two_tables_three_croupiers_the_textbook_rotation():
    # 30 on, 15 off: c02's first down is cut to 15 minutes so that the breaks come one
    # at a time; then every croupier deals 30 at one table, rests 15, moves on.
    plan = small_plan()
    check_invariants(plan)
    assert [(s.start, s.croupier_at("t0"), s.croupier_at("t1"), s.resting) for s in plan.slots] == [
        (0, "c00", "c02", ("c01",)),
        (15, "c00", "c01", ("c02",)),
        (30, "c02", "c01", ("c00",)),
        (45, "c02", "c00", ("c01",)),
        (60, "c01", "c00", ("c02",)),
        (75, "c01", "c02", ("c00",)),
    ]
    assert stints(plan) == (
        Stint("c00", "t0", 0, 30),
        Stint("c02", "t1", 0, 15),
        Stint("c01", "t1", 15, 45),
        Stint("c02", "t0", 30, 60),
        Stint("c00", "t1", 45, 75),
        Stint("c01", "t0", 60, 90),
        Stint("c02", "t1", 75, 90),
    )
    assert planned_changes(plan)[:4] == (
        PlannedChange("t0", 0, "c00", None),
        PlannedChange("t1", 0, "c02", None),
        PlannedChange("t1", 15, "c01", "c02"),
        PlannedChange("t0", 30, "c02", "c00"),
    )
    # the floor page's "next": at 20 minutes, c02 goes to t0 at 30 and c00 to its break
    assert next_changes(plan, 20) == (PlannedChange("t0", 30, "c02", "c00"),)


def test_planned_against_actual_flags_late_rotations():
    # issue 44: a dealer change recorded more than N minutes after the plan is late
    plan = small_plan()
    recorded = [
        RecordedChange("t0", "c00", 0),
        RecordedChange("t1", "c02", 1),
        RecordedChange("t1", "c01", 18),  # planned at 15: 3 minutes late, within 5
        RecordedChange("t0", "c02", 36),  # planned at 30: 6 minutes late
        RecordedChange("t0", "somebody-else", 50),  # nobody planned that
        # t1 at 45 (c00) was never recorded
    ]
    result = compare(plan, recorded, late_after=5)
    status = {(c.planned.table, c.planned.at): (c.status, c.delay) for c in result.checks}
    assert status[("t0", 0)] == (Check.ON_TIME, 0)
    assert status[("t1", 0)] == (Check.ON_TIME, 1)
    assert status[("t1", 15)] == (Check.ON_TIME, 3)
    assert status[("t0", 30)] == (Check.LATE, 6)
    assert status[("t1", 45)] == (Check.MISSING, None)
    assert [(c.planned.table, c.planned.at) for c in result.late] == [("t0", 30)]
    assert result.unplanned == (RecordedChange("t0", "somebody-else", 50),)
    # before it is overdue, a change not recorded yet is pending, not missing
    at_48 = compare(plan, recorded, late_after=5, now=48)
    assert {(c.planned.table, c.planned.at): c.status for c in at_48.checks}[("t1", 45)] is (
        Check.PENDING
    )


def test_a_change_recorded_at_the_next_rotation_is_not_this_one():
    plan = small_plan()
    # c01 was due at t1 at 15; recorded only at 45, when c00 was due there
    result = compare(plan, [RecordedChange("t1", "c01", 45)], late_after=5)
    status = {(c.planned.table, c.planned.at): c.status for c in result.checks}
    assert status[("t1", 15)] is Check.MISSING
    assert result.unplanned == (RecordedChange("t1", "c01", 45),)


def test_input_that_cannot_be_planned():
    with pytest.raises(PlanError) as e:
        plan_rota(crew(1), room(1), start=0, end=60, rotation=Rotation(30, 15, slot=10))
    assert e.value.code == "SLOT_NOT_A_DIVISOR"
    with pytest.raises(PlanError) as e:
        plan_rota([*crew(1), *crew(1)], room(1), start=0, end=60)
    assert e.value.code == "CROUPIER_TWICE"
    with pytest.raises(PlanError) as e:
        plan_rota(crew(1), [Table("x", "holdem", 50, 40)], start=0, end=60)
    assert e.value.code == "TABLE_HOURS_INVALID"
    with pytest.raises(PlanError) as e:
        plan_rota([Croupier("a", HOLDEM, 0, 60, Breaks(25, 15))], room(1), start=0, end=60)
    assert e.value.code == "BREAKS_NOT_IN_SLOTS"
    with pytest.raises(PlanError) as e:
        plan_rota(crew(1), room(1), start=60, end=60)
    assert e.value.code == "PERIOD_INVALID"
    with pytest.raises(PlanError):
        compare(small_plan(), [], late_after=-1)


def test_planning_imports_no_framework():
    code = (
        "import sys, rota.planning;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery', 'casino', 'tables', 'cage', 'hands', "
        "'reports', 'floor', 'poker')];"
        "print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == ""
