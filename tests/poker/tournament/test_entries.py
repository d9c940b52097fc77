"""Entries, re-entries, rebuys, add-ons and the prize pool (TOUR-03, TOUR-07, TDA 8)."""

from __future__ import annotations

import pytest

from poker.tournament import (
    ClockEvent,
    ClockEventKind,
    ClockState,
    EntryKind,
    TCode,
    TournamentError,
    TournamentStructure,
    clock_state,
    entry_terms,
    prize_pool,
)
from tests.poker.tournament.helpers import friday, rebuy_structure

MIN = 60_000
T0 = 1_700_000_000_000


def clock(s: TournamentStructure, minutes: int | None) -> ClockState:
    events = [] if minutes is None else [ClockEvent(ClockEventKind.START, T0)]
    return clock_state(s, events, T0 + (minutes or 0) * MIN)


def refused(
    s: TournamentStructure, kind: EntryKind, c: ClockState, **kw: int | bool
) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        entry_terms(s, kind, clock=c, **kw)  # type: ignore[arg-type]
    assert "{" not in caught.value.message_es + caught.value.message_en
    return caught.value


def test_tour_07_an_entry_and_a_re_entry_get_the_starting_stack() -> None:
    # TOUR-07: everyone buys in for the same amount and starts with the same chips;
    # TDA 8: a re-entry gets a full starting stack.
    s = friday()
    terms = entry_terms(s, EntryKind.ENTRY, clock=clock(s, None))
    assert (terms.to_pool, terms.fee, terms.chips, terms.price) == (1000, 100, 10_000, 1100)
    again = entry_terms(s, EntryKind.RE_ENTRY, clock=clock(s, 30), busted=True, used=1)
    assert again == terms.__class__(EntryKind.RE_ENTRY, 1000, 100, 10_000)


def test_registration_closes_after_its_level() -> None:
    s = friday()
    entry_terms(s, EntryKind.ENTRY, clock=clock(s, 85))  # level 4
    e = refused(s, EntryKind.ENTRY, clock(s, 95))  # level 5
    assert e.code is TCode.REGISTRATION_CLOSED
    assert e.message_es == "La inscripción cerró al terminar el nivel 4."


def test_re_entry_refusals() -> None:
    s = friday()
    c = clock(s, 30)
    assert refused(s, EntryKind.RE_ENTRY, c).code is TCode.RE_ENTRY_NOT_BUSTED
    e = refused(s, EntryKind.RE_ENTRY, c, busted=True, used=2)
    assert e.code is TCode.ENTRY_LIMIT_REACHED
    assert e.message_es == "Límite de reingreso alcanzado: el jugador ya usó 2."
    assert (
        refused(s, EntryKind.RE_ENTRY, clock(s, 95), busted=True).code is TCode.ENTRY_WINDOW_CLOSED
    )
    assert refused(s, EntryKind.REBUY, c).code is TCode.ENTRY_NOT_OFFERED


def test_rebuys_and_the_add_on() -> None:
    s = rebuy_structure()
    c = clock(s, 30)
    assert entry_terms(s, EntryKind.REBUY, clock=c, stack=0).chips == 10_000
    assert entry_terms(s, EntryKind.REBUY, clock=c, stack=10_000, used=2).price == 1000
    assert refused(s, EntryKind.REBUY, c, stack=10_025).code is TCode.REBUY_STACK_TOO_HIGH
    assert refused(s, EntryKind.REBUY, c, used=3).code is TCode.ENTRY_LIMIT_REACHED
    assert refused(s, EntryKind.REBUY, clock(s, 75)).code is TCode.ENTRY_WINDOW_CLOSED
    # The add-on is offered during the break after level 3 only, to players still in.
    assert refused(s, EntryKind.ADD_ON, c).code is TCode.ADD_ON_NOT_AT_ITS_BREAK
    on_break = clock(s, 65)
    assert entry_terms(s, EntryKind.ADD_ON, clock=on_break, stack=20_000).chips == 15_000
    assert refused(s, EntryKind.ADD_ON, on_break, used=1).code is TCode.ENTRY_LIMIT_REACHED
    assert refused(s, EntryKind.ADD_ON, on_break, busted=True).code is TCode.ENTRY_NOT_OFFERED
    assert refused(s, EntryKind.RE_ENTRY, c, busted=True).code is TCode.ENTRY_NOT_OFFERED


def test_tour_03_the_pool_holds_the_buy_ins_and_the_fees_stay_apart() -> None:
    # TOUR-03: no rake and no fee in the pool; TOUR-07: the pool is what the players paid in.
    s = friday(guarantee=0)
    pool = prize_pool(s, entries=60, re_entries=5)
    assert (pool.collected, pool.overlay, pool.total, pool.fees) == (65_000, 0, 65_000, 6_500)
    r = prize_pool(rebuy_structure(), entries=20, rebuys=7, add_ons=15)
    assert (r.collected, r.fees) == (20_000 + 7_000 + 15_000, 2_000)


def test_the_house_adds_the_overlay_up_to_the_guarantee() -> None:
    s = friday()  # 50,000 guaranteed
    small = prize_pool(s, entries=30, re_entries=4)
    assert (small.collected, small.overlay, small.total) == (34_000, 16_000, 50_000)
    big = prize_pool(s, entries=60)
    assert (big.overlay, big.total) == (0, 60_000)


def test_pool_counts_are_checked() -> None:
    s = friday()
    with pytest.raises(TournamentError) as caught:
        prize_pool(s, entries=-1)
    assert (caught.value.code, caught.value.field) == (TCode.AMOUNT_NEGATIVE, "entries")
    with pytest.raises(TournamentError) as caught:
        prize_pool(s, entries=10, rebuys=1)
    assert caught.value.code is TCode.ENTRY_NOT_OFFERED
