"""The tournament clock, derived from an append-only log of floor events (never a countdown).

The app stores :class:`ClockEvent` rows (start, pause, resume, go to a level, an
adjustment, hand-for-hand on, one hand-for-hand hand, hand-for-hand off, end) and never
a running timer. :func:`clock_state` replays the log and says, for any moment ``now``,
which level is in play, how much of it is left, and when the next break starts. Every
tablet and the room's TV derive the same figures from the same rows, and a restart loses
nothing.

Arithmetic (all ints, milliseconds):

* The structure's schedule is its levels in order, each followed by its break
  (:meth:`TournamentStructure.periods`). ``position`` is the playing time consumed in it.
* START at ``t`` starts the clock at position 0; while it runs, position grows with the
  wall clock; PAUSE stops it and RESUME starts it again, so a pause never loses or gains
  time: position = the running time between START and now.
* GO_TO_LEVEL ``n`` sets the position to the start of level ``n`` (its full time left).
* ADJUST ``s`` adds ``s`` seconds to the time left (a negative ``s`` takes time off),
  inside the current period.
* Hand-for-hand (TDA RP-8, near the bubble): HAND_FOR_HAND_ON stops the clock; each
  HAND_FOR_HAND_HAND (one hand dealt and finished at every table) takes ``seconds`` of
  playing time off the level (the seconds per hand set when hand-for-hand began, or the
  hand's own); HAND_FOR_HAND_OFF lets the clock run again. The level may end during
  hand-for-hand: the next hand is dealt at the new level.
* Past the last period, the last level goes on (``past_schedule``; time left 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from poker.tournament.errors import TCode, TournamentError
from poker.tournament.structure import Break, Level, Period, PeriodKind, TournamentStructure

MAX_SECONDS_PER_HAND = 3600


class ClockEventKind(StrEnum):
    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    GO_TO_LEVEL = "go_to_level"
    ADJUST = "adjust"
    HAND_FOR_HAND_ON = "hand_for_hand_on"
    HAND_FOR_HAND_HAND = "hand_for_hand_hand"
    HAND_FOR_HAND_OFF = "hand_for_hand_off"
    END = "end"


class ClockStatus(StrEnum):
    NOT_STARTED = "not_started"
    RUNNING = "running"
    PAUSED = "paused"
    HAND_FOR_HAND = "hand_for_hand"
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class ClockEvent:
    """One row of the clock's log.

    ``at_ms``: when it happened, in milliseconds since the epoch (UTC).
    ``level``: GO_TO_LEVEL's level (1-based). ``seconds``: ADJUST's seconds added to the
    time left (negative: taken off); HAND_FOR_HAND_ON's seconds per hand; a
    HAND_FOR_HAND_HAND's own seconds (0: the ones set at HAND_FOR_HAND_ON).
    """

    kind: ClockEventKind
    at_ms: int
    level: int = 0
    seconds: int = 0


@dataclass(frozen=True, slots=True)
class ClockState:
    status: ClockStatus
    level: int  # the level in play; on a break, the level just finished
    on_break: bool
    blinds: Level  # the level in play, or on a break the level that follows it
    next_blinds: Level | None  # the level after ``blinds`` (None: it is the last)
    time_left_ms: int  # in the current level or break
    elapsed_ms: int  # playing time since the start of level 1 (the position)
    next_break_in_ms: int | None  # playing time until the next break begins (None: none ahead)
    next_break: Break | None
    colour_up: tuple[int, ...]  # on a break: the chips raced off during it (TDA 24)
    chips_in_play: tuple[int, ...]  # denominations on the tables for ``blinds``
    past_schedule: bool  # the last level goes on beyond its time
    hand_for_hand: bool
    hand_for_hand_hands: int  # hands played since hand-for-hand began
    seconds_per_hand: int  # what each hand-for-hand hand takes off the clock
    events: int  # how many events were replayed (the version of the clock)

    @property
    def running(self) -> bool:
        return self.status is ClockStatus.RUNNING


@dataclass(slots=True)
class _Replay:
    started: bool = False
    ended: bool = False
    paused: bool = False
    h4h: bool = False
    position_ms: int = 0
    since_ms: int = 0  # wall time up to which ``position_ms`` is counted
    last_at_ms: int = 0
    seconds_per_hand: int = 0
    h4h_hands: int = 0
    count: int = 0

    @property
    def running(self) -> bool:
        return self.started and not (self.ended or self.paused or self.h4h)

    def sync(self, at_ms: int) -> None:
        if self.running:
            self.position_ms += at_ms - self.since_ms
        self.since_ms = at_ms


def _period_at(periods: Sequence[Period], position_ms: int) -> tuple[int, bool]:
    """Index of the period holding ``position_ms``; True when past the schedule."""
    for i, p in enumerate(periods):
        if position_ms < p.end_ms:
            return i, False
    # The structure has no break after its last level, so the last period is a level.
    return len(periods) - 1, True


def _refuse(code: TCode, index: int, **params: int | str) -> TournamentError:
    return TournamentError(code, field=f"events[{index}]", index=index, **params)


def _apply(s: TournamentStructure, periods: Sequence[Period], r: _Replay, e: ClockEvent) -> None:
    i = r.count
    if not isinstance(e, ClockEvent) or not isinstance(e.kind, ClockEventKind):
        raise _refuse(TCode.CLOCK_EVENT_INVALID, i)
    for name in ("at_ms", "level", "seconds"):
        value = getattr(e, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse(TCode.CLOCK_EVENT_INVALID, i)
    if e.at_ms < 0 or (r.count and e.at_ms < r.last_at_ms):
        raise _refuse(TCode.CLOCK_EVENT_OUT_OF_ORDER, i, at_ms=e.at_ms, last_ms=r.last_at_ms)
    k = e.kind
    if r.ended:
        raise _refuse(TCode.CLOCK_ENDED, i)
    if not r.started and k is not ClockEventKind.START:
        raise _refuse(TCode.CLOCK_NOT_STARTED, i, event=k.value)
    if k is ClockEventKind.START:
        if r.started:
            raise _refuse(TCode.CLOCK_ALREADY_STARTED, i)
        r.started, r.position_ms, r.since_ms = True, 0, e.at_ms
    else:
        r.sync(e.at_ms)
    if k is ClockEventKind.PAUSE:
        if r.paused:
            raise _refuse(TCode.CLOCK_ALREADY_PAUSED, i)
        r.paused = True
    elif k is ClockEventKind.RESUME:
        if not r.paused:
            raise _refuse(TCode.CLOCK_NOT_PAUSED, i)
        r.paused = False
    elif k is ClockEventKind.GO_TO_LEVEL:
        if not 1 <= e.level <= len(s.levels):
            raise TournamentError(
                TCode.LEVEL_UNKNOWN, field=f"events[{i}].level", level=e.level, index=i
            )
        r.position_ms = next(
            p.start_ms for p in periods if p.kind is PeriodKind.LEVEL and p.level == e.level
        )
    elif k is ClockEventKind.ADJUST:
        index, past = _period_at(periods, r.position_ms)
        period = periods[index]
        new = r.position_ms - e.seconds * 1000
        if e.seconds == 0 or past or not period.start_ms <= new < period.end_ms:
            raise _refuse(
                TCode.CLOCK_ADJUST_INVALID,
                i,
                seconds=e.seconds,
                most_added=0 if past else (r.position_ms - period.start_ms) // 1000,
                most_taken=0 if past else (period.end_ms - r.position_ms - 1) // 1000,
            )
        r.position_ms = new
    elif k is ClockEventKind.HAND_FOR_HAND_ON:
        if r.h4h:
            raise _refuse(TCode.CLOCK_HAND_FOR_HAND_ALREADY, i)
        if not 0 <= e.seconds <= MAX_SECONDS_PER_HAND:
            raise _refuse(TCode.CLOCK_SECONDS_PER_HAND_INVALID, i, seconds=e.seconds)
        r.h4h, r.seconds_per_hand, r.h4h_hands = True, e.seconds, 0
    elif k is ClockEventKind.HAND_FOR_HAND_HAND:
        if not r.h4h:
            raise _refuse(TCode.CLOCK_NOT_HAND_FOR_HAND, i, event=k.value)
        if r.paused:
            raise _refuse(TCode.CLOCK_PAUSED, i)
        if not 0 <= e.seconds <= MAX_SECONDS_PER_HAND:
            raise _refuse(TCode.CLOCK_SECONDS_PER_HAND_INVALID, i, seconds=e.seconds)
        r.position_ms += (e.seconds or r.seconds_per_hand) * 1000
        r.h4h_hands += 1
    elif k is ClockEventKind.HAND_FOR_HAND_OFF:
        if not r.h4h:
            raise _refuse(TCode.CLOCK_NOT_HAND_FOR_HAND, i, event=k.value)
        r.h4h = False
    elif k is ClockEventKind.END:
        r.ended = True
    r.last_at_ms = e.at_ms
    r.count += 1


def _replay(structure: TournamentStructure, events: Sequence[ClockEvent]) -> _Replay:
    periods = structure.periods()
    r = _Replay()
    for e in events:
        _apply(structure, periods, r, e)
    return r


def clock_check(
    structure: TournamentStructure, events: Sequence[ClockEvent], event: ClockEvent
) -> None:
    """Refuse (TournamentError) an event that cannot follow the log; the log is unchanged.

    The service calls it under the tournament's lock before it appends the row.
    """
    periods = structure.periods()
    r = _replay(structure, events)
    _apply(structure, periods, r, event)


def clock_state(
    structure: TournamentStructure, events: Sequence[ClockEvent], now_ms: int
) -> ClockState:
    """The clock as it stands at ``now_ms`` (milliseconds since the epoch).

    Events stamped after ``now_ms`` are not yet in effect, so the state at any past
    moment can be replayed from the whole log: what the room's screen showed at 21:13 is
    ``clock_state(structure, log, <21:13>)``.
    """
    periods = structure.periods()
    r = _Replay()
    for e in events:
        if isinstance(e, ClockEvent) and isinstance(e.at_ms, int) and e.at_ms > now_ms:
            break
        _apply(structure, periods, r, e)
    if r.started:
        r.sync(now_ms)
    return _state(structure, periods, r)


def _state(s: TournamentStructure, periods: Sequence[Period], r: _Replay) -> ClockState:
    index, past = _period_at(periods, r.position_ms)
    period = periods[index]
    on_break = period.kind is PeriodKind.BREAK
    level = period.level
    coming = level + 1 if on_break else level
    blinds = s.level(coming)
    next_blinds = s.levels[coming] if coming < len(s.levels) else None
    time_left = 0 if past else period.end_ms - r.position_ms
    next_break: Break | None = None
    next_break_in: int | None = None
    if not on_break:
        for p in periods[index + 1 :]:
            if p.kind is PeriodKind.BREAK:
                next_break = s.break_after(p.level)
                next_break_in = max(0, p.start_ms - r.position_ms)
                break
    if not r.started:
        status = ClockStatus.NOT_STARTED
    elif r.ended:
        status = ClockStatus.ENDED
    elif r.paused:
        status = ClockStatus.PAUSED
    elif r.h4h:
        status = ClockStatus.HAND_FOR_HAND
    else:
        status = ClockStatus.RUNNING
    brk = s.break_after(level) if on_break else None
    return ClockState(
        status=status,
        level=level,
        on_break=on_break,
        blinds=blinds,
        next_blinds=next_blinds,
        time_left_ms=time_left,
        elapsed_ms=r.position_ms,
        next_break_in_ms=next_break_in,
        next_break=next_break,
        colour_up=brk.colour_up if brk is not None else (),
        chips_in_play=s.denominations_at(coming),
        past_schedule=past,
        hand_for_hand=r.h4h,
        hand_for_hand_hands=r.h4h_hands,
        seconds_per_hand=r.seconds_per_hand,
        events=r.count,
    )


def registration_open(structure: TournamentStructure, clock: ClockState) -> bool:
    """Late registration (TOUR-02, TDA 8): open before the start and through level
    ``late_registration_until_level``, including the break right after it."""
    if clock.status is ClockStatus.NOT_STARTED:
        return True
    if clock.status is ClockStatus.ENDED:
        return False
    return clock.level <= structure.late_registration_until_level
