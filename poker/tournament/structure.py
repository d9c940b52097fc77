"""A tournament's structure: money, chips, levels, breaks, entries, tables and prizes.

A :class:`TournamentStructure` is a frozen value checked whole when it is built: a
structure that could not be played (a blind no chip in play can pay, a colour-up of a
chip that is not on the tables, an add-on at a break that does not exist) is refused with
a :class:`~poker.tournament.errors.TournamentError` that names the field and the reason.
The app stores it as plain data (:meth:`TournamentStructure.to_dict`, :func:`structure_from_dict`)
and versions it: a structure in use is never edited.

Money (buy-in, fee, prices, guarantee, a satellite seat's value) is an int of the room's
smallest money unit; chips are ints of tournament chips.

* TOUR-03: the buy-in goes to the prize pool and the fee to the house, kept apart; no rake
  is taken from pots (the hands are validated with ``RuleProfile.tournament``).
* TOUR-07: everyone starts with ``starting_chips``.
* TOUR-06: a qualifying stage sends ``advance_per_table`` players of each table on (default 2).
* TOUR-08: a satellite's prizes are seats in another tournament (:class:`SatellitePrize`).
* TDA 11: ``balance_max_difference`` is how far apart tables may be before a player moves
  (1 or 2; play halts at a table 3 or more short of the fullest, whatever it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Any

from poker.model import MAX_PLAYERS, MIN_PLAYERS
from poker.tournament.errors import TCode, TournamentError

MAX_LEVEL_MINUTES = 24 * 60
MAX_BREAK_MINUTES = 24 * 60


class AnteKind(StrEnum):
    NONE = "none"
    ANTE = "ante"  # every player dealt in posts the ante
    BIG_BLIND_ANTE = "big_blind_ante"  # the big blind posts one ante for the whole table


class LeftoverRule(StrEnum):
    """Where a satellite's money that does not make a whole seat goes (TOUR-08)."""

    NEXT_PLACE = "next_place"  # the first place without a seat takes it in cash
    SPLIT_AMONG_SEATS = "split_among_seats"  # the seat winners share it in cash


class PeriodKind(StrEnum):
    LEVEL = "level"
    BREAK = "break"


@dataclass(frozen=True, slots=True)
class Level:
    """One blind level: blinds and ante in chips, and its length in minutes."""

    small_blind: int
    big_blind: int
    minutes: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE

    def __post_init__(self) -> None:
        _check_level(self, "")


@dataclass(frozen=True, slots=True)
class Break:
    """A break after level ``after_level`` (1-based); ``colour_up`` lists the chip
    denominations taken out of play during it (raced off per TDA 24)."""

    after_level: int
    minutes: int
    colour_up: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ReEntry:
    """A busted player may buy a new entry (buy-in + fee, starting chips; TDA 8),
    up to ``limit`` times, through level ``until_level`` and the break right after it."""

    limit: int
    until_level: int


@dataclass(frozen=True, slots=True)
class Rebuy:
    """More chips for a player whose stack is at most ``max_stack`` (0: only once busted),
    up to ``limit`` times, through level ``until_level`` and the break right after it."""

    price: int
    chips: int
    limit: int
    until_level: int
    max_stack: int = 0
    fee: int = 0


@dataclass(frozen=True, slots=True)
class AddOn:
    """Chips offered to every player still in, during the break after ``at_break_after_level``."""

    price: int
    chips: int
    at_break_after_level: int
    limit: int = 1
    fee: int = 0


@dataclass(frozen=True, slots=True)
class SatellitePrize:
    """TOUR-08: the prizes are seats in ``target``, each worth ``seat_value`` (its buy-in + fee)."""

    target: str
    seat_value: int
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACE


@dataclass(frozen=True, slots=True)
class Period:
    """One stretch of the clock's schedule: a level or a break."""

    kind: PeriodKind
    level: int  # the level's number; for a break, the level it follows
    minutes: int
    start_ms: int  # playing time from the start of level 1 to the start of this period

    @property
    def end_ms(self) -> int:
        return self.start_ms + self.minutes * 60_000


@dataclass(frozen=True, slots=True)
class TournamentStructure:
    name: str
    buy_in: int  # money to the prize pool per entry (TOUR-03)
    fee: int  # money to the house per entry, never in the pool (TOUR-03)
    starting_chips: int  # the same for everyone (TOUR-07)
    denominations: tuple[int, ...]  # chip values in play at the start, ascending
    levels: tuple[Level, ...]
    breaks: tuple[Break, ...] = ()
    late_registration_until_level: int = 0  # 0: registration closes at the start
    re_entry: ReEntry | None = None
    rebuy: Rebuy | None = None
    add_on: AddOn | None = None
    seats_per_table: int = 9
    final_table_size: int = 9
    guarantee: int = 0  # money; the house adds the overlay up to it
    payout_unit: int = 1  # the room rounds prizes to this many money units
    qualifying_stage: bool = False
    advance_per_table: int = 2  # TOUR-06
    satellite: SatellitePrize | None = None  # TOUR-08
    balance_max_difference: int = 1  # TDA 11

    def __post_init__(self) -> None:
        _check_structure(self)

    # -- reading the structure ------------------------------------------------------------

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); past the last level the last one goes on."""
        if number < 1:
            raise TournamentError(TCode.LEVEL_UNKNOWN, field="level", level=number)
        return self.levels[min(number, len(self.levels)) - 1]

    def break_after(self, number: int) -> Break | None:
        for b in self.breaks:
            if b.after_level == number:
                return b
        return None

    def denominations_at(self, number: int) -> tuple[int, ...]:
        """The chips in play during level ``number`` (colour-ups at earlier breaks removed)."""
        removed = {d for b in self.breaks if b.after_level < number for d in b.colour_up}
        return tuple(d for d in self.denominations if d not in removed)

    def smallest_chip_at(self, number: int) -> int:
        return self.denominations_at(number)[0]

    def periods(self) -> tuple[Period, ...]:
        """The clock's schedule: every level, each followed by its break if it has one."""
        out: list[Period] = []
        start = 0
        for i, level in enumerate(self.levels, start=1):
            out.append(Period(PeriodKind.LEVEL, i, level.minutes, start))
            start += level.minutes * 60_000
            brk = self.break_after(i)
            if brk is not None:
                out.append(Period(PeriodKind.BREAK, i, brk.minutes, start))
                start += brk.minutes * 60_000
        return tuple(out)

    def entry_price(self) -> int:
        """What one entry costs the player: buy-in + fee."""
        return self.buy_in + self.fee

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready) that :func:`structure_from_dict` reads back."""
        plain = _to_plain(self)
        assert isinstance(plain, dict)
        return plain


# -- checks ----------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(field: str, value: object, lo: int, hi: int | None = None) -> int:
    if not _is_int(value):
        raise TournamentError(TCode.FIELD_TYPE, field=field, expected="int")
    assert isinstance(value, int)
    if value < lo or (hi is not None and value > hi):
        raise TournamentError(
            TCode.NUMBER_OUT_OF_RANGE,
            field=field,
            value=value,
            low=lo,
            high="∞" if hi is None else hi,
        )
    return value


def _check_level(level: Level, prefix: str) -> None:
    f = prefix + "{}" if prefix else "{}"
    _int(f.format("small_blind"), level.small_blind, 1)
    _int(f.format("big_blind"), level.big_blind, 1)
    if level.big_blind < level.small_blind:
        raise TournamentError(
            TCode.LEVEL_BLINDS_INVALID,
            field=f.format("big_blind"),
            small_blind=level.small_blind,
            big_blind=level.big_blind,
        )
    _int(f.format("minutes"), level.minutes, 1, MAX_LEVEL_MINUTES)
    _int(f.format("ante"), level.ante, 0)
    if not isinstance(level.ante_kind, AnteKind):
        raise TournamentError(TCode.FIELD_TYPE, field=f.format("ante_kind"), expected="AnteKind")
    if (level.ante_kind is AnteKind.NONE) != (level.ante == 0):
        raise TournamentError(
            TCode.LEVEL_ANTE_INVALID,
            field=f.format("ante"),
            ante=level.ante,
            ante_kind=level.ante_kind.value,
        )


def _check_structure(s: TournamentStructure) -> None:
    if not isinstance(s.name, str) or not s.name.strip():
        raise TournamentError(TCode.NAME_MISSING, field="name")
    _int("buy_in", s.buy_in, 0)
    _int("fee", s.fee, 0)
    _int("guarantee", s.guarantee, 0)
    _int("payout_unit", s.payout_unit, 1)
    _check_denominations(s.denominations)
    _int("starting_chips", s.starting_chips, 1)
    if not s.levels:
        raise TournamentError(TCode.LEVELS_MISSING, field="levels")
    n = len(s.levels)
    previous_big = 0
    for i, level in enumerate(s.levels, start=1):
        prefix = f"levels[{i - 1}]."
        if not isinstance(level, Level):
            raise TournamentError(TCode.FIELD_TYPE, field=prefix[:-1], expected="Level")
        _check_level(level, prefix)
        if level.big_blind < previous_big:
            raise TournamentError(
                TCode.LEVELS_DECREASE,
                field=prefix + "big_blind",
                level=i,
                big_blind=level.big_blind,
                previous=previous_big,
            )
        previous_big = level.big_blind
    _check_breaks(s, n)
    # Every forced bet must be payable with the chips on the tables during its level.
    for i, level in enumerate(s.levels, start=1):
        chip = s.smallest_chip_at(i)
        for name in ("small_blind", "big_blind", "ante"):
            amount = getattr(level, name)
            if amount % chip:
                raise TournamentError(
                    TCode.CHIPS_NOT_PAYABLE,
                    field=f"levels[{i - 1}].{name}",
                    amount=amount,
                    level=i,
                    chip=chip,
                )
    _int("late_registration_until_level", s.late_registration_until_level, 0, n)
    _payable(s, "starting_chips", s.starting_chips, max(1, s.late_registration_until_level))
    if s.re_entry is not None:
        _int("re_entry.limit", s.re_entry.limit, 1)
        _int("re_entry.until_level", s.re_entry.until_level, 1, n)
        _payable(s, "starting_chips", s.starting_chips, s.re_entry.until_level)
    if s.rebuy is not None:
        r = s.rebuy
        _int("rebuy.price", r.price, 0)
        _int("rebuy.fee", r.fee, 0)
        _int("rebuy.chips", r.chips, 1)
        _int("rebuy.limit", r.limit, 1)
        _int("rebuy.until_level", r.until_level, 1, n)
        _int("rebuy.max_stack", r.max_stack, 0)
        _payable(s, "rebuy.chips", r.chips, r.until_level)
    if s.add_on is not None:
        a = s.add_on
        _int("add_on.price", a.price, 0)
        _int("add_on.fee", a.fee, 0)
        _int("add_on.chips", a.chips, 1)
        _int("add_on.limit", a.limit, 1)
        if s.break_after(a.at_break_after_level) is None:
            raise TournamentError(
                TCode.ADD_ON_BREAK_UNKNOWN,
                field="add_on.at_break_after_level",
                level=a.at_break_after_level,
            )
        _payable(s, "add_on.chips", a.chips, a.at_break_after_level + 1)
    _int("seats_per_table", s.seats_per_table, MIN_PLAYERS, MAX_PLAYERS)
    _int("final_table_size", s.final_table_size, MIN_PLAYERS, s.seats_per_table)
    if not isinstance(s.qualifying_stage, bool):
        raise TournamentError(TCode.FIELD_TYPE, field="qualifying_stage", expected="bool")
    _int("advance_per_table", s.advance_per_table, 1, s.seats_per_table - 1)
    # TDA 11: 3 or more short halts play, so tables may differ by at most 2 once balanced.
    _int("balance_max_difference", s.balance_max_difference, 1, 2)
    if s.satellite is not None:
        sat = s.satellite
        if not isinstance(sat.target, str) or not sat.target.strip():
            raise TournamentError(TCode.NAME_MISSING, field="satellite.target")
        _int("satellite.seat_value", sat.seat_value, 1)
        if not isinstance(sat.leftover, LeftoverRule):
            raise TournamentError(
                TCode.FIELD_TYPE, field="satellite.leftover", expected="LeftoverRule"
            )


def _check_denominations(denominations: tuple[int, ...]) -> None:
    if not isinstance(denominations, tuple) or not denominations:
        raise TournamentError(TCode.DENOMINATIONS_INVALID, field="denominations")
    previous = 0
    for i, d in enumerate(denominations):
        _int(f"denominations[{i}]", d, 1)
        if d <= previous:
            raise TournamentError(TCode.DENOMINATIONS_INVALID, field="denominations")
        previous = d


def _check_breaks(s: TournamentStructure, n: int) -> None:
    previous = 0
    in_play = set(s.denominations)
    for i, b in enumerate(s.breaks):
        prefix = f"breaks[{i}]."
        if not isinstance(b, Break):
            raise TournamentError(TCode.FIELD_TYPE, field=prefix[:-1], expected="Break")
        # A break after the last level would never end it: the last level goes on.
        _int(prefix + "after_level", b.after_level, 1, n - 1)
        if b.after_level <= previous:
            raise TournamentError(
                TCode.BREAKS_OUT_OF_ORDER, field=prefix + "after_level", level=b.after_level
            )
        previous = b.after_level
        _int(prefix + "minutes", b.minutes, 1, MAX_BREAK_MINUTES)
        if not isinstance(b.colour_up, tuple):
            raise TournamentError(TCode.FIELD_TYPE, field=prefix + "colour_up", expected="tuple")
        lowest = sorted(in_play)
        for d in b.colour_up:
            if d not in in_play:
                raise TournamentError(
                    TCode.COLOUR_UP_UNKNOWN, field=prefix + "colour_up", chip=d, level=b.after_level
                )
        if b.colour_up:
            if len(set(b.colour_up)) == len(in_play):
                raise TournamentError(TCode.COLOUR_UP_ALL, field=prefix + "colour_up")
            # TDA 24: the chips raced off are the smallest on the tables.
            if sorted(set(b.colour_up)) != lowest[: len(set(b.colour_up))]:
                raise TournamentError(
                    TCode.COLOUR_UP_NOT_LOWEST,
                    field=prefix + "colour_up",
                    chips=",".join(map(str, b.colour_up)),
                    smallest=lowest[0],
                )
            in_play -= set(b.colour_up)


def _payable(s: TournamentStructure, field: str, chips: int, level: int) -> None:
    chip = s.smallest_chip_at(level)
    if chips % chip:
        raise TournamentError(
            TCode.CHIPS_NOT_PAYABLE, field=field, amount=chips, level=level, chip=chip
        )


# -- plain data --------------------------------------------------------------------------------


def _to_plain(value: object) -> object:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _to_plain(getattr(value, f.name)) for f in fields(value)}  # type: ignore[arg-type]
    return value


_NESTED: dict[str, type] = {
    "re_entry": ReEntry,
    "rebuy": Rebuy,
    "add_on": AddOn,
    "satellite": SatellitePrize,
}
_ENUMS: dict[str, type[StrEnum]] = {"ante_kind": AnteKind, "leftover": LeftoverRule}


def _read(cls: type, data: object, where: str) -> Any:
    if not isinstance(data, Mapping):
        raise TournamentError(TCode.FIELD_TYPE, field=where or "structure", expected="object")
    names = {f.name: f for f in fields(cls)}
    for key in data:
        if key not in names:
            raise TournamentError(TCode.FIELD_UNKNOWN, field=f"{where}{key}")
    kwargs: dict[str, object] = {}
    for name, f in names.items():
        path = f"{where}{name}"
        if name not in data:
            if f.default is MISSING:
                raise TournamentError(TCode.FIELD_MISSING, field=path)
            continue
        raw = data[name]
        if name == "levels":
            if not isinstance(raw, list):
                raise TournamentError(TCode.FIELD_TYPE, field=path, expected="list")
            kwargs[name] = tuple(_read(Level, x, f"{path}[{i}].") for i, x in enumerate(raw))
        elif name == "breaks":
            if not isinstance(raw, list):
                raise TournamentError(TCode.FIELD_TYPE, field=path, expected="list")
            kwargs[name] = tuple(_read(Break, x, f"{path}[{i}].") for i, x in enumerate(raw))
        elif name in ("denominations", "colour_up"):
            if not isinstance(raw, list):
                raise TournamentError(TCode.FIELD_TYPE, field=path, expected="list")
            kwargs[name] = tuple(raw)
        elif name in _NESTED:
            kwargs[name] = None if raw is None else _read(_NESTED[name], raw, path + ".")
        elif name in _ENUMS:
            try:
                kwargs[name] = _ENUMS[name](raw)
            except ValueError:
                raise TournamentError(
                    TCode.FIELD_TYPE,
                    field=path,
                    expected="|".join(e.value for e in _ENUMS[name]),
                ) from None
        else:
            kwargs[name] = raw
    try:
        return cls(**kwargs)
    except TournamentError as exc:
        # A level checks its own fields: say which level.
        if where and exc.field is not None and not exc.field.startswith(where):
            raise exc.under(where) from None
        raise


def structure_from_dict(data: Mapping[str, Any]) -> TournamentStructure:
    """Read :meth:`TournamentStructure.to_dict`'s output back, checking it whole.

    Unknown or missing keys and wrong types are refused with the field's path
    (``levels[3].big_blind``), like every other check of the structure.
    """
    structure: TournamentStructure = _read(TournamentStructure, data, "")
    return structure
