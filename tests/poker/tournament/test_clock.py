"""The clock derived from its event log: levels, breaks, pauses, hand-for-hand (TDA RP-8)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from poker.tournament import (
    ClockEvent,
    ClockEventKind,
    ClockStatus,
    TCode,
    TournamentError,
    clock_check,
    clock_state,
    registration_open,
)
from tests.poker.tournament.helpers import friday

K = ClockEventKind
MIN = 60_000
T0 = 1_700_000_000_000  # a Friday, 21:00, in ms since the epoch
S = friday()


def ev(kind: ClockEventKind, minutes: float, level: int = 0, seconds: int = 0) -> ClockEvent:
    return ClockEvent(kind, T0 + int(minutes * MIN), level, seconds)


def at(events: Sequence[ClockEvent], minutes: float):  # type: ignore[no-untyped-def]
    return clock_state(S, events, T0 + int(minutes * MIN))


def refused(events: list[ClockEvent], event: ClockEvent) -> TCode:
    before = list(events)
    with pytest.raises(TournamentError) as caught:
        clock_check(S, events, event)
    assert events == before  # the log is never changed by a check
    assert "{" not in caught.value.message_es
    return caught.value.code


def test_before_the_start() -> None:
    c = at([], 0)
    assert (c.status, c.level, c.on_break, c.time_left_ms) == (
        ClockStatus.NOT_STARTED,
        1,
        False,
        20 * MIN,
    )
    assert c.blinds == S.levels[0] and c.next_blinds == S.levels[1]


def test_levels_and_the_next_break_follow_the_running_time() -> None:
    log = [ev(K.START, 0)]
    c = at(log, 5)
    assert (c.status, c.level, c.time_left_ms, c.elapsed_ms) == (
        ClockStatus.RUNNING,
        1,
        15 * MIN,
        5 * MIN,
    )
    assert c.next_break_in_ms == 55 * MIN and c.next_break == S.breaks[0]
    c = at(log, 45)
    assert (c.level, c.time_left_ms, c.next_break_in_ms) == (3, 15 * MIN, 15 * MIN)
    c = at(log, 65)  # on the first break: the 25s are raced off (TDA 24)
    assert (c.on_break, c.level, c.time_left_ms) == (True, 3, 5 * MIN)
    assert c.blinds == S.levels[3] and c.colour_up == (25,) and 25 not in c.chips_in_play
    assert c.next_break_in_ms is None
    c = at(log, 70)
    assert (c.on_break, c.level, c.time_left_ms) == (False, 4, 20 * MIN)


def test_a_pause_neither_loses_nor_gains_time() -> None:
    log = [ev(K.START, 0), ev(K.PAUSE, 7), ev(K.RESUME, 19)]
    assert at(log, 10).elapsed_ms == 7 * MIN and at(log, 10).status is ClockStatus.PAUSED
    assert at(log, 25).elapsed_ms == 13 * MIN and at(log, 25).time_left_ms == 7 * MIN


def test_go_to_level_and_adjust() -> None:
    log = [ev(K.START, 0), ev(K.GO_TO_LEVEL, 3, level=5)]
    c = at(log, 4)
    assert (c.level, c.time_left_ms) == (5, 19 * MIN)
    log.append(ev(K.ADJUST, 4, seconds=30))  # the floor gives back 30 seconds
    assert at(log, 4).time_left_ms == 19 * MIN + 30_000
    log.append(ev(K.ADJUST, 4, seconds=-90))
    assert at(log, 4).time_left_ms == 18 * MIN
    # More than the period holds, either way, is refused with the bounds.
    with pytest.raises(TournamentError) as caught:
        clock_check(S, log, ev(K.ADJUST, 4, seconds=3 * 60))
    assert caught.value.code is TCode.CLOCK_ADJUST_INVALID
    assert (caught.value.params["most_added"], caught.value.params["most_taken"]) == (120, 1079)


def test_rp_8_hand_for_hand_takes_a_set_time_off_the_clock_per_hand() -> None:
    # TDA RP-8: during hand-for-hand the clock stands still between hands and each hand
    # played at every table takes the set time off the level.
    log = [ev(K.START, 0), ev(K.GO_TO_LEVEL, 0, level=4), ev(K.HAND_FOR_HAND_ON, 10, seconds=120)]
    assert at(log, 10).time_left_ms == 10 * MIN
    c = at(log, 30)  # twenty minutes pass: the clock has not moved
    assert (c.status, c.time_left_ms, c.hand_for_hand_hands) == (
        ClockStatus.HAND_FOR_HAND,
        10 * MIN,
        0,
    )
    for minute in (13, 17, 20, 24):
        log.append(ev(K.HAND_FOR_HAND_HAND, minute))
    c = at(log, 30)
    assert (c.time_left_ms, c.hand_for_hand_hands, c.seconds_per_hand) == (2 * MIN, 4, 120)
    log.append(ev(K.HAND_FOR_HAND_HAND, 31, seconds=180))  # a long hand: the floor's own time
    assert at(log, 32).level == 5 and at(log, 32).time_left_ms == 19 * MIN  # next hand at 5
    log.append(ev(K.HAND_FOR_HAND_OFF, 35))  # the bubble burst: the clock runs again
    c = at(log, 40)
    assert (c.status, c.level, c.time_left_ms) == (ClockStatus.RUNNING, 5, 14 * MIN)


def test_past_the_last_level_the_last_level_goes_on() -> None:
    c = at([ev(K.START, 0)], 1000)
    assert (c.level, c.past_schedule, c.time_left_ms, c.next_blinds) == (8, True, 0, None)


def test_end_closes_the_clock() -> None:
    log = [ev(K.START, 0), ev(K.END, 50)]
    c = at(log, 90)
    assert (c.status, c.elapsed_ms) == (ClockStatus.ENDED, 50 * MIN)
    assert refused(log, ev(K.RESUME, 91)) is TCode.CLOCK_ENDED


@pytest.mark.parametrize(
    ("log", "event", "code"),
    [
        ([], ev(K.PAUSE, 1), TCode.CLOCK_NOT_STARTED),
        ([ev(K.START, 0)], ev(K.START, 1), TCode.CLOCK_ALREADY_STARTED),
        ([ev(K.START, 0), ev(K.PAUSE, 1)], ev(K.PAUSE, 2), TCode.CLOCK_ALREADY_PAUSED),
        ([ev(K.START, 0)], ev(K.RESUME, 1), TCode.CLOCK_NOT_PAUSED),
        ([ev(K.START, 5)], ev(K.PAUSE, 4), TCode.CLOCK_EVENT_OUT_OF_ORDER),
        ([ev(K.START, 0)], ev(K.GO_TO_LEVEL, 1, level=9), TCode.LEVEL_UNKNOWN),
        ([ev(K.START, 0)], ev(K.HAND_FOR_HAND_HAND, 1), TCode.CLOCK_NOT_HAND_FOR_HAND),
        ([ev(K.START, 0)], ev(K.HAND_FOR_HAND_OFF, 1), TCode.CLOCK_NOT_HAND_FOR_HAND),
        (
            [ev(K.START, 0), ev(K.HAND_FOR_HAND_ON, 1, seconds=60)],
            ev(K.HAND_FOR_HAND_ON, 2),
            TCode.CLOCK_HAND_FOR_HAND_ALREADY,
        ),
        (
            [ev(K.START, 0), ev(K.HAND_FOR_HAND_ON, 1, seconds=60), ev(K.PAUSE, 2)],
            ev(K.HAND_FOR_HAND_HAND, 3),
            TCode.CLOCK_PAUSED,
        ),
        (
            [ev(K.START, 0)],
            ev(K.HAND_FOR_HAND_ON, 1, seconds=-5),
            TCode.CLOCK_SECONDS_PER_HAND_INVALID,
        ),
        ([ev(K.START, 0)], ev(K.ADJUST, 1, seconds=0), TCode.CLOCK_ADJUST_INVALID),
    ],
)
def test_events_that_cannot_follow_the_log_are_refused(
    log: list[ClockEvent], event: ClockEvent, code: TCode
) -> None:
    assert refused(log, event) is code


def test_tour_02_late_registration_runs_through_its_level_and_the_break_after_it() -> None:
    # TOUR-02, TDA 8: absent entrants are dealt in until late registration closes; it is
    # open through level N, including the break right after it.
    log = [ev(K.START, 0)]
    s4 = S  # through level 4 (no break after it)
    assert registration_open(s4, clock_state(s4, [], T0))
    assert registration_open(s4, at(log, 89))  # level 4
    assert not registration_open(s4, at(log, 91))  # level 5
    s3 = friday(late_registration_until_level=3)
    assert registration_open(s3, clock_state(s3, log, T0 + 65 * MIN))  # the break after 3
    assert not registration_open(s3, clock_state(s3, log, T0 + 71 * MIN))
    s0 = friday(late_registration_until_level=0, re_entry=None)
    assert not registration_open(s0, clock_state(s0, log, T0 + 1))


# -- properties ------------------------------------------------------------------------------

_KINDS = [
    K.PAUSE,
    K.RESUME,
    K.GO_TO_LEVEL,
    K.ADJUST,
    K.HAND_FOR_HAND_ON,
    K.HAND_FOR_HAND_HAND,
    K.HAND_FOR_HAND_OFF,
]


@st.composite
def logs(draw: st.DrawFn) -> list[ClockEvent]:
    """A valid log: START, then events the clock accepts, at increasing times."""
    events = [ClockEvent(K.START, T0)]
    t = T0
    for _ in range(draw(st.integers(0, 25))):
        t += draw(st.integers(0, 30 * MIN))
        kind = draw(st.sampled_from(_KINDS))
        event = ClockEvent(
            kind,
            t,
            level=draw(st.integers(1, len(S.levels))) if kind is K.GO_TO_LEVEL else 0,
            seconds=draw(st.integers(-600, 600)) if kind is K.ADJUST else draw(st.integers(0, 300)),
        )
        try:
            clock_check(S, events, event)
        except TournamentError:
            continue
        events.append(event)
    return events


def _running_time(events: Sequence[ClockEvent], now: int) -> int:
    """Reference: time the clock ran between START and now (pauses and hand-for-hand out)."""
    total, since, paused, h4h = 0, T0, False, False
    for e in events:
        if not (paused or h4h):
            total += e.at_ms - since
        since = e.at_ms
        if e.kind is K.PAUSE:
            paused = True
        elif e.kind is K.RESUME:
            paused = False
        elif e.kind is K.HAND_FOR_HAND_ON:
            h4h = True
        elif e.kind is K.HAND_FOR_HAND_OFF:
            h4h = False
    if not (paused or h4h):
        total += now - since
    return total


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 40 * MIN), min_size=1, max_size=20),
    st.integers(0, 40 * MIN),
)
def test_pause_and_resume_never_lose_or_gain_time(gaps: list[int], tail: int) -> None:
    # Any run of pauses and resumes: the clock has counted exactly the time it ran.
    events, t = [ClockEvent(K.START, T0)], T0
    for i, gap in enumerate(gaps):
        t += gap
        events.append(ClockEvent(K.PAUSE if i % 2 == 0 else K.RESUME, t))
    now = t + tail
    assert clock_state(S, events, now).elapsed_ms == _running_time(events, now)


@settings(max_examples=150, deadline=None)
@given(logs(), st.integers(0, 12 * 30 * MIN))
@example([ClockEvent(K.START, T0)], 185 * MIN)  # the very end of the schedule
def test_the_state_at_any_moment_replays_the_same(events: list[ClockEvent], offset: int) -> None:
    # What any screen showed at ``now`` is what the whole log says about ``now`` later,
    # and replaying it again gives the same state.
    now = T0 + offset
    known = [e for e in events if e.at_ms <= now]
    state = clock_state(S, events, now)
    assert state == clock_state(S, known, now) == clock_state(S, list(events), now)
    # Without jumps and adjustments, playing time is running time plus the hands' time.
    if not any(e.kind in (K.GO_TO_LEVEL, K.ADJUST) for e in known):
        spent, per_hand = 0, 0
        for e in known:
            if e.kind is K.HAND_FOR_HAND_ON:
                per_hand = e.seconds
            elif e.kind is K.HAND_FOR_HAND_HAND:
                spent += (e.seconds or per_hand) * 1000
        assert state.elapsed_ms == _running_time(known, now) + spent
    # The period and the time left agree with the position.
    if not state.past_schedule:
        period = next(p for p in S.periods() if p.start_ms <= state.elapsed_ms < p.end_ms)
        assert period.end_ms - state.elapsed_ms == state.time_left_ms
        assert state.on_break == (period.kind.value == "break")
    else:
        assert state.elapsed_ms >= S.periods()[-1].end_ms and state.time_left_ms == 0
