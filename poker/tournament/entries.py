"""Entries, re-entries, rebuys and add-ons: whether one is allowed now, and what it costs.

:func:`entry_terms` is the cage's question before it takes money: it returns the terms
(money to the pool, fee to the house, chips) or refuses with the reason (registration
closed at level N, limit reached, stack too high for a rebuy, not the add-on's break).
:func:`prize_pool` sums what went to the pool and adds the overlay up to the guarantee.

* TOUR-03: the buy-in goes to the pool, the fee to the house; the two are never mixed.
* TOUR-07: an entry or a re-entry gets the starting chips.
* TDA 8: a re-entry is a new entry of a busted player, with a full starting stack.
* TOUR-02: late registration is open through ``late_registration_until_level``
  (:func:`poker.tournament.clock.registration_open`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from poker.tournament.clock import ClockState, ClockStatus, registration_open
from poker.tournament.errors import TCode, TournamentError
from poker.tournament.structure import TournamentStructure


class EntryKind(StrEnum):
    ENTRY = "entry"
    RE_ENTRY = "re_entry"
    REBUY = "rebuy"
    ADD_ON = "add_on"


_KIND_WORDS: dict[EntryKind, tuple[str, str]] = {
    EntryKind.ENTRY: ("inscripción", "registration"),
    EntryKind.RE_ENTRY: ("reingreso", "re-entry"),
    EntryKind.REBUY: ("recompra", "rebuy"),
    EntryKind.ADD_ON: ("add-on", "add-on"),
}


@dataclass(frozen=True, slots=True)
class EntryTerms:
    kind: EntryKind
    to_pool: int  # money to the prize pool
    fee: int  # money to the house
    chips: int

    @property
    def price(self) -> int:
        """What the player pays: pool share + fee."""
        return self.to_pool + self.fee


@dataclass(frozen=True, slots=True)
class PrizePool:
    collected: int  # entries, re-entries, rebuys and add-ons paid into the pool
    overlay: int  # what the house adds to reach the guarantee
    total: int  # collected + overlay
    fees: int  # the house's fees, never in the pool (TOUR-03)


def _refuse(code: TCode, kind: EntryKind, **params: int | str) -> TournamentError:
    es, en = _KIND_WORDS[kind]
    return TournamentError(code, field="kind", kind_es=es, kind_en=en, **params)


def _window(clock: ClockState, until_level: int, kind: EntryKind) -> None:
    if clock.status is ClockStatus.ENDED or (
        clock.status is not ClockStatus.NOT_STARTED and clock.level > until_level
    ):
        raise _refuse(TCode.ENTRY_WINDOW_CLOSED, kind, level=until_level)


def entry_terms(
    structure: TournamentStructure,
    kind: EntryKind,
    *,
    clock: ClockState,
    used: int = 0,
    busted: bool = False,
    stack: int = 0,
) -> EntryTerms:
    """The terms of one entry of ``kind`` now, or the reason it is refused.

    ``used``: how many of this kind the player already has (re-entries, rebuys,
    add-ons); ``busted``: the player has no chips left; ``stack``: the player's chips now.
    Whether the player is already registered (no duplicate player) is the app's check.
    """
    s = structure
    if kind is EntryKind.ENTRY:
        if not registration_open(s, clock):
            raise _refuse(TCode.REGISTRATION_CLOSED, kind, level=s.late_registration_until_level)
        return EntryTerms(kind, s.buy_in, s.fee, s.starting_chips)
    if kind is EntryKind.RE_ENTRY:
        if s.re_entry is None:
            raise _refuse(TCode.ENTRY_NOT_OFFERED, kind)
        if not busted:
            raise _refuse(TCode.RE_ENTRY_NOT_BUSTED, kind)
        _window(clock, s.re_entry.until_level, kind)
        if used >= s.re_entry.limit:
            raise _refuse(TCode.ENTRY_LIMIT_REACHED, kind, limit=s.re_entry.limit)
        return EntryTerms(kind, s.buy_in, s.fee, s.starting_chips)
    if kind is EntryKind.REBUY:
        if s.rebuy is None:
            raise _refuse(TCode.ENTRY_NOT_OFFERED, kind)
        _window(clock, s.rebuy.until_level, kind)
        if used >= s.rebuy.limit:
            raise _refuse(TCode.ENTRY_LIMIT_REACHED, kind, limit=s.rebuy.limit)
        if stack > s.rebuy.max_stack:
            raise _refuse(
                TCode.REBUY_STACK_TOO_HIGH, kind, max_stack=s.rebuy.max_stack, stack=stack
            )
        return EntryTerms(kind, s.rebuy.price, s.rebuy.fee, s.rebuy.chips)
    if s.add_on is None:
        raise _refuse(TCode.ENTRY_NOT_OFFERED, kind)
    at = s.add_on.at_break_after_level
    if not (clock.on_break and clock.level == at and clock.status is not ClockStatus.ENDED):
        raise _refuse(TCode.ADD_ON_NOT_AT_ITS_BREAK, kind, level=at)
    if busted:
        raise _refuse(TCode.ENTRY_NOT_OFFERED, kind)
    if used >= s.add_on.limit:
        raise _refuse(TCode.ENTRY_LIMIT_REACHED, kind, limit=s.add_on.limit)
    return EntryTerms(kind, s.add_on.price, s.add_on.fee, s.add_on.chips)


def prize_pool(
    structure: TournamentStructure,
    *,
    entries: int,
    re_entries: int = 0,
    rebuys: int = 0,
    add_ons: int = 0,
) -> PrizePool:
    """The prize pool (TOUR-07): every entry's buy-in, rebuys and add-ons, and the overlay
    the house adds when that falls short of the guarantee. Fees are summed apart."""
    for name, count in (
        ("entries", entries),
        ("re_entries", re_entries),
        ("rebuys", rebuys),
        ("add_ons", add_ons),
    ):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise TournamentError(TCode.AMOUNT_NEGATIVE, field=name)
    s = structure
    if (
        (rebuys and s.rebuy is None)
        or (add_ons and s.add_on is None)
        or (re_entries and s.re_entry is None)
    ):
        kind = (
            EntryKind.REBUY
            if rebuys and s.rebuy is None
            else EntryKind.ADD_ON
            if add_ons and s.add_on is None
            else EntryKind.RE_ENTRY
        )
        raise _refuse(TCode.ENTRY_NOT_OFFERED, kind)
    collected = (entries + re_entries) * s.buy_in
    fees = (entries + re_entries) * s.fee
    if s.rebuy is not None:
        collected += rebuys * s.rebuy.price
        fees += rebuys * s.rebuy.fee
    if s.add_on is not None:
        collected += add_ons * s.add_on.price
        fees += add_ons * s.add_on.fee
    overlay = max(0, s.guarantee - collected)
    return PrizePool(collected, overlay, collected + overlay, fees)
