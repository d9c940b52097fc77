"""Poker Hand History (PHH) import and export (uoftcprg/phh-std: spec.rst, required.rst,
optional.rst).

* ``.phh`` is one TOML document; ``.phhs`` holds several, as tables ``[1]``,
  ``[2]`` ... Both are read by :func:`loads` / :func:`read_path`.
* Variants ``NT`` and ``FT`` (and Mesa's ``PT``, pot-limit Texas, see
  ``poker.model``) become :class:`~poker.model.Hand` objects; the other PHH
  variants are reported as skipped; an unknown code is MALFORMED.
* Amounts are exact: decimals (HandHQ cents) are scaled by ``10 ** scale`` to
  ints, ``scale`` being the most decimals written in the document; the chip
  unit is the precision of the amounts that are played (stacks, forced bets,
  bets), so a finishing stack written with more decimals than any bet (the
  Pluribus half chips) is caught as an odd chip (POT-08).
* Player order, heads-up reverse-assigned forced bets and ``cbr`` street
  totals are kept exactly as PHH defines them (see ``poker.model``).

Mesa extensions, written so that files stay valid PHH: user-defined fields
``_rake`` (the recorded commission) and ``_chip_unit`` (when it is not implied
by the amounts); ``_carry_in`` (the amounts of pots carried in from a voided
hand, POT-09) with ``_carry_in_eligible`` (for each, its eligible players as
``"p1 p3"``) and ``_forfeits`` (the players whose chips a void hand keeps for
the next one, IRREG-03, as ``["p2"]``); ``_awards`` (who the floor pushed each pot to,
SHOW-14: one string per pot, main pot first, ``"p3"``, ``"p1 p2"`` for a split, ``""``
for a pot the record leaves to the cards); commentaries ``mesa:check`` / ``mesa:call`` on ``cc`` (the
recorder's explicit check or call), ``mesa:dead`` on ``f`` (a hand killed by
the floor) and a no-op ``# mesa:void <reason>`` (hand declared void).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from poker import _toml
from poker.cards import DECK, RANKS, SUITS
from poker.model import (
    DEALER,
    INVALID_CARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    UNKNOWN_CARD,
    Action,
    ActionKind,
    CarriedPot,
    Hand,
    PotAward,
    Variant,
    VoidReason,
    new_action,
    new_hand,
)
from poker.violations import Code, Violation, make

#: PHH variant codes (required.rst) plus Mesa's pot-limit Texas code.
PHH_VARIANTS = frozenset(
    {"FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB", "PT"}
)
TEXAS_VARIANTS = {"NT": Variant.NO_LIMIT, "FT": Variant.FIXED_LIMIT, "PT": Variant.POT_LIMIT}

MAX_FILE_BYTES = 64 * 1024 * 1024  # beyond this a file is refused unread (bounded memory)
MAX_ACTIONS = 5_000
MAX_DECIMALS = 9
MAX_AMOUNT = 10**18
MAX_HANDS_PER_FILE = 1_000_000

_CARD_NAMES = tuple(RANKS[c // 4] + SUITS[c % 4] for c in DECK)  # poker.cards' order
_CARD_INDEX = {name: i for i, name in enumerate(_CARD_NAMES)}
_CARD_INDEX["??"] = UNKNOWN_CARD

_PLAY_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks")
_HAND_FIELDS = frozenset(
    {
        "variant",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "small_bet",
        "big_bet",
        "starting_stacks",
        "actions",
        "seats",
        "players",
        "finishing_stacks",
        "winnings",
        "ante_trimming_status",
        "_rake",
        "_chip_unit",
        "_carry_in",
        "_carry_in_eligible",
        "_forfeits",
        "_awards",
    }
)
_VOID_REASONS = {r.value: r for r in VoidReason}
# Parsed action strings, per player count (many strings repeat: "p3 f", "p1 cc" ...).
_ACTION_CACHE: list[dict[str, tuple[Action, int | Decimal | None] | str]] = [
    {} for _ in range(MAX_PLAYERS + 1)
]
_CACHE_LIMIT = 200_000


class PHHError(ValueError):
    """A document that cannot be read as a hand (MALFORMED)."""


@dataclass(frozen=True, slots=True)
class Record:
    """One hand read from a PHH source.

    ``hand`` is None when the hand is skipped (not a Texas variant) or cannot
    be built at all; ``problems`` are MALFORMED findings of the reader (with the
    index of the action when one is to blame). ``index`` is the position of the
    hand in its file, from 0.
    """

    source: str
    index: int
    variant: str | None
    hand: Hand | None
    problems: tuple[Violation, ...] = ()
    skipped: bool = False


# ----------------------------------------------------------------- reading
def read_path(path: str | os.PathLike[str]) -> list[Record]:
    """Read a ``.phh`` or ``.phhs`` file into records (never raises on bad content)."""
    source = os.fspath(path)
    try:
        size = os.path.getsize(source)
        if size > MAX_FILE_BYTES:
            return [_bad(source, 0, f"file of {size} bytes is too large")]
        with open(source, "rb") as fp:
            data = fp.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return [_bad(source, 0, f"cannot read: {exc.strerror or exc}")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return [_bad(source, 0, "not UTF-8 text")]
    return loads(text, source=source, many=source.endswith(".phhs"))


def loads(text: str, *, source: str = "<string>", many: bool | None = None) -> list[Record]:
    """Read PHH text: one hand (``.phh``) or several (``.phhs``, tables ``[1]``, ...)."""
    try:
        doc = _toml.loads_any(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError is a ValueError
        return [_bad(source, 0, f"not valid TOML: {exc}"[:200])]
    except (RecursionError, MemoryError, OverflowError) as exc:
        return [_bad(source, 0, f"unreadable: {type(exc).__name__}")]
    if many is None:
        many = bool(doc) and all(isinstance(v, dict) for v in doc.values())
    if not many:
        return [record_from_fields(doc, source=source, index=0)]
    records = []
    for position, (_name, table) in enumerate(doc.items()):
        if position >= MAX_HANDS_PER_FILE:
            break
        if not isinstance(table, dict):
            records.append(_bad(source, position, "a .phhs file holds tables [1], [2], ..."))
            continue
        records.append(record_from_fields(table, source=source, index=position))
    if not records:
        records.append(_bad(source, 0, "no hand in the file"))
    return records


def load_hand(text: str) -> Hand:
    """The single hand of a ``.phh`` text; raises :class:`PHHError` if it is not one."""
    records = loads(text, many=False)
    record = records[0]
    if record.hand is None or record.problems:
        detail = "; ".join(v.message_en for v in record.problems) or "skipped variant"
        raise PHHError(detail)
    return record.hand


def _bad(source: str, index: int, detail: str, variant: str | None = None) -> Record:
    return Record(source, index, variant, None, (make(Code.MALFORMED, None, detail=detail),))


def _number_ok(value: object) -> bool:
    if type(value) is int:
        return -MAX_AMOUNT <= value <= MAX_AMOUNT
    if type(value) is Decimal:
        if not value.is_finite():
            return False
        exponent = value.as_tuple().exponent
        return (
            isinstance(exponent, int)
            and -MAX_DECIMALS <= exponent <= 18
            and abs(value) <= MAX_AMOUNT
        )
    return False


def _decimals(value: int | Decimal) -> int:
    if isinstance(value, int):
        return 0
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    return -exponent if exponent < 0 else 0


def _scaled(value: int | Decimal, scale: int) -> int:
    """``value * 10**scale`` exactly (``scale`` >= the value's decimals)."""
    if isinstance(value, int):
        return int(value * 10**scale) if scale else value
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    number = int("".join(map(str, digits)) or "0")
    shift = exponent + scale
    power: int = 10 ** abs(shift)
    number = number * power if shift >= 0 else number // power
    return -number if sign else number


_INT_ONLY = {int}


def _number_list(fields: dict[str, Any], name: str, n: int | None) -> list[Any] | str:
    value = fields.get(name)
    if type(value) is not list:
        return f"{name} must be an array of numbers"
    if n is not None and len(value) != n:
        return f"{name} has {len(value)} entries for {n} players"
    if value and set(map(type, value)) == _INT_ONLY:
        if -MAX_AMOUNT <= min(value) and max(value) <= MAX_AMOUNT:
            return value
    for x in value:
        if not _number_ok(x):
            return f"{name} holds {x!r}, not an exact amount"
    return value


def record_from_fields(fields: dict[str, Any], *, source: str = "", index: int = 0) -> Record:
    """Build a :class:`Record` from one parsed PHH document."""
    try:
        return _record(fields, source, index)
    except RecursionError:
        return _bad(source, index, "data nested too deeply")
    except Exception as exc:  # noqa: BLE001 - reading untrusted files must not raise
        return _bad(source, index, f"{type(exc).__name__}: {exc}"[:200])


_INT_TYPE = {int}
_NL_SIZES = ("min_bet",)
_FL_SIZES = ("small_bet", "big_bet")


def _fast_record(fields: dict[str, Any], source: str, index: int, code: str) -> Record | None:
    """The common case, all amounts whole numbers and well formed; None: take the long way."""
    get = fields.get
    amounts = _fast_amounts(fields)
    if amounts is None:
        return None
    stacks, antes, blinds, finishing, winnings = amounts
    n = len(stacks)
    variant = TEXAS_VARIANTS[code]
    sizes = _fast_sizes(get, variant)
    if sizes is None:
        return None
    min_bet, small_bet, big_bet = sizes
    actions = _fast_actions(fields["actions"], n)
    if actions is None:
        return None
    seats = get("seats")
    if seats is not None:
        if not (type(seats) is list and len(seats) == n and set(map(type, seats)) <= _INT_TYPE):
            return None
        seats = tuple(seats)
    players = get("players")
    if players is not None:
        if not (type(players) is list and len(players) == n and set(map(type, players)) <= {str}):
            return None
        players = tuple(players)
    trimming = get("ante_trimming_status")
    if trimming is not None and type(trimming) is not bool:
        return None
    if len(fields) == _KNOWN_COUNT(fields):
        extra: tuple[tuple[str, Any], ...] = ()
    else:
        extra = tuple((k, v) for k, v in fields.items() if k not in _HAND_FIELDS)
    hand = new_hand(
        variant,
        tuple(stacks),
        tuple(antes),
        tuple(blinds),
        tuple(actions),
        min_bet,
        small_bet,
        big_bet,
        seats,
        players,
        None if finishing is None else tuple(finishing),
        None if winnings is None else tuple(winnings),
        None,
        1,
        0,
        trimming,
        extra,
        (),
        (),
        (),
    )
    return Record(source, index, code, hand)


_FastAmounts = tuple[list[int], list[int], list[int], list[int] | None, list[int] | None]


def _fast_amounts(fields: dict[str, Any]) -> _FastAmounts | None:
    """Stacks, antes, blinds, finishing stacks and winnings when all are whole numbers in
    range for 2 to 10 players and no rare field (chip unit, rake, carried pots, forfeits,
    awards) is present; None: take the long way."""
    get = fields.get
    stacks = get("starting_stacks")
    antes = get("antes")
    blinds = get("blinds_or_straddles")
    raw_actions = get("actions")
    if type(stacks) is not list or type(antes) is not list or type(blinds) is not list:
        return None
    n = len(stacks)
    if not (MIN_PLAYERS <= n <= MAX_PLAYERS and len(antes) == n and len(blinds) == n):
        return None
    if type(raw_actions) is not list or len(raw_actions) > MAX_ACTIONS:
        return None
    types = set(map(type, stacks))
    types.update(map(type, antes))
    types.update(map(type, blinds))
    finishing = get("finishing_stacks")
    winnings = get("winnings")
    for outcome in (finishing, winnings):
        if outcome is not None:
            if type(outcome) is not list or len(outcome) != n:
                return None
            types.update(map(type, outcome))
    if types != _INT_TYPE or "_chip_unit" in fields or "_rake" in fields:
        return None
    if "_carry_in" in fields or "_carry_in_eligible" in fields or "_forfeits" in fields:
        return None  # rare: read the long way
    if "_awards" in fields:
        return None
    low = min(min(stacks), min(antes), min(blinds))
    high = max(max(stacks), max(antes), max(blinds))
    if low < -MAX_AMOUNT or high > MAX_AMOUNT:
        return None
    return stacks, antes, blinds, finishing, winnings


def _fast_sizes(
    get: Callable[[str], Any], variant: Variant
) -> tuple[int | None, int | None, int | None] | None:
    """The minimum bet (no or pot limit), or the small and big bets (fixed limit), as whole
    numbers; None: take the long way."""
    min_bet = small_bet = big_bet = None
    if variant is Variant.FIXED_LIMIT:
        small_bet = get("small_bet")
        big_bet = get("big_bet")
        if not (_number_ok(small_bet) and _number_ok(big_bet)):
            return None
        if type(small_bet) is not int or type(big_bet) is not int:
            return None
    else:
        min_bet = get("min_bet")
        if type(min_bet) is not int or not _number_ok(min_bet):
            return None
    return min_bet, small_bet, big_bet


def _fast_actions(raw_actions: list[Any], n: int) -> list[Action] | None:
    """The actions, all well formed with whole amounts; None: take the long way."""
    cache = _ACTION_CACHE[n]
    actions: list[Action] = []
    append = actions.append
    for text in raw_actions:
        result = cache.get(text) if type(text) is str else None
        if result is None:
            if type(text) is not str:
                return None
            result = _parse_action(text, n)
            if len(cache) > _CACHE_LIMIT:
                cache.clear()
            cache[text] = result
        if isinstance(result, str):
            return None  # a malformed action: the long way reports it with its index
        action, amount = result
        if amount is not None and type(amount) is not int:
            return None
        append(action)
    return actions


def _KNOWN_COUNT(fields: dict[str, Any]) -> int:  # noqa: N802 - reads as a constant
    return sum(1 for k in fields if k in _HAND_FIELDS)


def _record(fields: dict[str, Any], source: str, index: int) -> Record:
    code = fields.get("variant")
    if type(code) is str and code in TEXAS_VARIANTS:
        fast = _fast_record(fields, source, index, code)
        if fast is not None:
            return fast
    if not isinstance(code, str):
        return _bad(source, index, "variant is missing or not a string")
    if code not in TEXAS_VARIANTS:
        if code in PHH_VARIANTS:
            return Record(source, index, code, None, (), True)
        return _bad(source, index, f"unknown variant {code[:20]!r}", code[:20])
    read = _long_hand(fields, TEXAS_VARIANTS[code])
    if isinstance(read, str):
        return _bad(source, index, read, code)
    hand, problems = read
    return Record(source, index, code, hand, problems)


@dataclass
class _Amounts:
    """The amounts of one document as written, before scaling to whole chips: ``play``
    (stakes, sizes, chip unit) and ``outcome`` (results, rake, carried pots) fix the
    scale; ``arrays`` are the per-player lists by field name."""

    arrays: dict[str, list[Any]]
    play: list[int | Decimal]
    outcome: list[int | Decimal]
    sizes: dict[str, int | Decimal | None]
    unit_field: Any = None
    rake_field: Any = None


def _long_hand(
    fields: dict[str, Any], variant: Variant
) -> tuple[Hand, tuple[Violation, ...]] | str:
    """The long way: any exact amounts (scaled to whole chips) and every rare field; the
    hand and its malformed actions, or why the document is refused."""
    stacks = _number_list(fields, "starting_stacks", None)
    if isinstance(stacks, str):
        return stacks
    n = len(stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"{n} players: a Texas hand has 2 to 10"
    amounts = _Amounts({"starting_stacks": stacks}, list(stacks), [], {})
    refused = _read_stakes(fields, variant, n, amounts)
    if refused is None:
        refused = _read_outcome(fields, n, amounts)
    if refused is not None:
        return refused
    carried = _carried_fields(fields, n)
    if isinstance(carried, str):
        return carried
    carry_amounts, carry_eligible, forfeits = carried
    amounts.outcome.extend(carry_amounts)
    awards = _award_fields(fields, n)
    if isinstance(awards, str):
        return awards
    raw_actions = fields.get("actions")
    if not isinstance(raw_actions, list):
        return "actions must be an array of strings"
    if len(raw_actions) > MAX_ACTIONS:
        return f"{len(raw_actions)} actions: more than {MAX_ACTIONS}"
    parsed, problems, action_decimals = _long_actions(raw_actions, n)
    scale, chip_unit = _scale_of(amounts, action_decimals)
    actions = _scaled_actions(parsed, scale, action_decimals)
    scaled = _scaled_arrays(amounts, scale)
    identity = _identity_fields(fields, n)
    if isinstance(identity, str):
        return identity
    seats, players, trimming = identity
    sizes, rake_field = amounts.sizes, amounts.rake_field
    hand = Hand(
        variant=variant,
        starting_stacks=scaled["starting_stacks"],
        antes=scaled["antes"],
        blinds_or_straddles=scaled["blinds_or_straddles"],
        actions=actions,
        min_bet=None if sizes["min_bet"] is None else _scaled(sizes["min_bet"], scale),
        small_bet=None if sizes["small_bet"] is None else _scaled(sizes["small_bet"], scale),
        big_bet=None if sizes["big_bet"] is None else _scaled(sizes["big_bet"], scale),
        seats=seats,
        players=players,
        finishing_stacks=scaled.get("finishing_stacks"),
        winnings=scaled.get("winnings"),
        rake=None if rake_field is None else _scaled(rake_field, scale),
        chip_unit=chip_unit,
        scale=scale,
        ante_trimming_status=trimming,
        extra=tuple((k, v) for k, v in fields.items() if k not in _HAND_FIELDS),
        carry_in=tuple(
            CarriedPot(_scaled(amount, scale), eligible)
            for amount, eligible in zip(carry_amounts, carry_eligible, strict=True)
        ),
        forfeits=forfeits,
        awards=awards,
    )
    return hand, tuple(problems)


def _scale_of(amounts: _Amounts, action_decimals: int) -> tuple[int, int]:
    """The scale (decimals kept as whole chips) and the chip unit in those chips: the
    stated ``_chip_unit``, else the finest step the stakes and actions use."""
    play_decimals = max(max(map(_decimals, amounts.play), default=0), action_decimals)
    scale = max(play_decimals, max(map(_decimals, amounts.outcome), default=0))
    chip_unit = 10 ** (scale - play_decimals)
    if amounts.unit_field is not None:
        chip_unit = _scaled(amounts.unit_field, scale)
    return scale, chip_unit


def _scaled_arrays(amounts: _Amounts, scale: int) -> dict[str, tuple[int, ...]]:
    """The per-player lists in whole chips of the scale."""
    if scale:
        return {k: tuple([_scaled(x, scale) for x in v]) for k, v in amounts.arrays.items()}
    return {name: tuple(value) for name, value in amounts.arrays.items()}


def _read_stakes(fields: dict[str, Any], variant: Variant, n: int, amounts: _Amounts) -> str | None:
    """Antes, blinds, the bet sizes of the variant and the chip unit into ``amounts``;
    why they are refused, or None."""
    for name in ("antes", "blinds_or_straddles"):
        value = _number_list(fields, name, n)
        if isinstance(value, str):
            return value
        amounts.arrays[name] = value
        amounts.play.extend(value)
    amounts.sizes.update(min_bet=None, small_bet=None, big_bet=None)
    needed = ("small_bet", "big_bet") if variant is Variant.FIXED_LIMIT else ("min_bet",)
    for name in needed:
        size = fields.get(name)
        if not _number_ok(size):
            return f"{name} is missing or not an amount"
        assert isinstance(size, int | Decimal)
        amounts.sizes[name] = size
        amounts.play.append(size)
    unit_field = fields.get("_chip_unit")
    if unit_field is not None:
        if not _number_ok(unit_field) or unit_field <= 0:
            return "_chip_unit must be a positive amount"
        amounts.play.append(unit_field)
        amounts.unit_field = unit_field
    return None


def _read_outcome(fields: dict[str, Any], n: int, amounts: _Amounts) -> str | None:
    """Finishing stacks, winnings and the rake into ``amounts``; why they are refused, or
    None."""
    for name in ("finishing_stacks", "winnings"):
        if name in fields:
            value = _number_list(fields, name, n)
            if isinstance(value, str):
                return value
            amounts.arrays[name] = value
            amounts.outcome.extend(value)
    rake_field = fields.get("_rake")
    if rake_field is not None:
        if not _number_ok(rake_field):
            return "_rake must be an amount"
        amounts.outcome.append(rake_field)
        amounts.rake_field = rake_field
    return None


def _long_actions(
    raw_actions: list[Any], n: int
) -> tuple[list[tuple[Action, int | Decimal | None]], list[Violation], int]:
    """Each action parsed (a malformed one kept as a no-op, with its violation), and the
    most decimals an amount carries."""
    problems: list[Violation] = []
    parsed: list[tuple[Action, int | Decimal | None]] = []
    cache = _ACTION_CACHE[n]
    action_decimals = 0
    for i, text in enumerate(raw_actions):
        result = cache.get(text) if type(text) is str else "actions must be strings"
        if result is None:
            result = _parse_action(text, n)
            if len(cache) > _CACHE_LIMIT:
                cache.clear()
            cache[text] = result
        if isinstance(result, str):
            problems.append(make(Code.MALFORMED, i, detail=result))
            parsed.append((Action.noop(str(text)[:80]), None))
            continue
        parsed.append(result)
        amount = result[1]
        if type(amount) is Decimal:
            action_decimals = max(action_decimals, _decimals(amount))
    return parsed, problems, action_decimals


def _scaled_actions(
    parsed: list[tuple[Action, int | Decimal | None]], scale: int, action_decimals: int
) -> tuple[Action, ...]:
    """The actions with their amounts in whole chips of the hand's scale."""
    if scale == 0 and not action_decimals:
        return tuple([a for a, _amount in parsed])
    return tuple(
        [
            a
            if amount is None
            else new_action(a.kind, a.player, _scaled(amount, scale), a.cards, None, a.commentary)
            for a, amount in parsed
        ]
    )


def _identity_fields(
    fields: dict[str, Any], n: int
) -> tuple[tuple[int, ...] | None, tuple[str, ...] | None, bool | None] | str:
    """Seats, player names and the ante trimming status; why they are refused."""
    seats = fields.get("seats")
    if seats is not None and not (
        isinstance(seats, list) and len(seats) == n and all(type(s) is int for s in seats)
    ):
        return "seats must list one integer per player"
    players = fields.get("players")
    if players is not None and not (
        isinstance(players, list) and len(players) == n and all(isinstance(p, str) for p in players)
    ):
        return "players must list one name per player"
    trimming = fields.get("ante_trimming_status")
    if trimming is not None and type(trimming) is not bool:
        return "ante_trimming_status must be true or false"
    return (
        None if seats is None else tuple(seats),
        None if players is None else tuple(players),
        trimming,
    )


def _player_list(text: Any, n: int, name: str) -> tuple[int, ...] | str:
    """``"p1 p3"`` -> (0, 2): distinct players of the hand."""
    if type(text) is not str:
        return f'{name} must hold strings of players such as "p1 p3"'
    players = tuple(_player(token, n) for token in text.split())
    if not players or min(players) < 0 or len(set(players)) != len(players):
        return f"{name}: {text[:40]!r} is not a list of distinct players of the hand"
    return players


def _carried_fields(
    fields: dict[str, Any], n: int
) -> tuple[list[int | Decimal], list[tuple[int, ...]], tuple[int, ...]] | str:
    """Mesa's ``_carry_in``, ``_carry_in_eligible`` and ``_forfeits`` (POT-09, IRREG-03)."""
    amounts: list[int | Decimal] = []
    eligible: list[tuple[int, ...]] = []
    if "_carry_in" in fields or "_carry_in_eligible" in fields:
        value = _number_list(fields, "_carry_in", None)
        if isinstance(value, str):
            return value
        if len(value) > MAX_PLAYERS or any(x <= 0 for x in value):
            return "_carry_in must list a few positive amounts"
        names = fields.get("_carry_in_eligible")
        if type(names) is not list or len(names) != len(value):
            return "_carry_in_eligible must give the eligible players of each carried pot"
        for text in names:
            players = _player_list(text, n, "_carry_in_eligible")
            if isinstance(players, str):
                return players
            eligible.append(players)
        amounts = value
    forfeits: tuple[int, ...] = ()
    if "_forfeits" in fields:
        names = fields.get("_forfeits")
        if type(names) is not list:
            return "_forfeits must be an array of players"
        joined = " ".join(str(x) for x in names) if names else ""
        if names:
            players = _player_list(joined, n, "_forfeits")
            if isinstance(players, str):
                return players
            forfeits = players
    return amounts, eligible, forfeits


def _award_fields(fields: dict[str, Any], n: int) -> tuple[PotAward, ...] | str:
    """Mesa's ``_awards``: who the floor pushed each pot to (SHOW-14), main pot first."""
    if "_awards" not in fields:
        return ()
    names = fields.get("_awards")
    if type(names) is not list or len(names) > 2 * MAX_PLAYERS:
        return '_awards must list the winners of each pot, such as ["p3", "p1 p2"]'
    awards = []
    for pot, text in enumerate(names):
        if text == "":
            continue  # this pot is left to the cards
        players = _player_list(text, n, "_awards")
        if isinstance(players, str):
            return players
        awards.append(PotAward(pot, players))
    return tuple(awards)


def _cards(text: str) -> tuple[int, ...] | None:
    size = len(text)
    index = _CARD_INDEX
    if size == 4:
        return (index.get(text[:2], INVALID_CARD), index.get(text[2:], INVALID_CARD))
    if size == 2:
        return (index.get(text, INVALID_CARD),)
    if size % 2 or size > 10:
        return None
    return tuple([index.get(text[j : j + 2], INVALID_CARD) for j in range(0, size, 2)])


def _amount(text: str) -> int | Decimal | None:
    if text.isdigit():
        value: int | Decimal = int(text)
    else:
        try:
            value = Decimal(text)
        except ArithmeticError:
            return None
    return value if _number_ok(value) and value > 0 else None


_PLAYER_INDEX = {f"p{k}": k - 1 for k in range(1, MAX_PLAYERS + 1)}


def _player(token: str, n: int) -> int:
    index = _PLAYER_INDEX.get(token, -2)
    return index if index < n else -2


def _parse_action(text: str, n: int) -> tuple[Action, int | Decimal | None] | str:
    """One PHH action string -> (action with unscaled amount, amount) or a problem."""
    if "#" not in text:
        # Fast paths for the common shapes ("d dh p1 AcKd", "d db 2c3d4h", "p3 cbr 225").
        words = text.split()
        count = len(words)
        if count == 4 and words[0] == "d" and words[1] == "dh":
            player = _player(words[2], n)
            cards = _cards(words[3])
            if player >= 0 and cards is not None:
                return new_action(ActionKind.DEAL_HOLE, player, 0, cards), None
        elif count == 3 and words[0] == "d" and words[1] == "db":
            cards = _cards(words[2])
            if cards is not None:
                return new_action(ActionKind.DEAL_BOARD, DEALER, 0, cards), None
    commentary: str | None = None
    cut = text.find("#")
    if cut >= 0:
        commentary = text[cut + 1 :].strip()
        text = text[:cut]
    words = text.split()
    if not words:
        if commentary is not None and commentary.startswith("mesa:void"):
            reason = _VOID_REASONS.get(commentary[9:].strip(" :") or "misdeal", VoidReason.OTHER)
            return new_action(ActionKind.VOID, DEALER, 0, (), reason), None
        return new_action(ActionKind.NOOP, DEALER, 0, (), None, commentary), None
    tag, rest = _mesa_tag(commentary)
    head = words[0]
    count = len(words)
    if head == "d":
        if count == 4 and words[1] == "dh":
            player = _player(words[2], n)
            cards = _cards(words[3])
            if player < 0:
                return f"no player {words[2][:8]!r}"
            if cards is None:
                return f"bad cards {words[3][:12]!r}"
            return new_action(ActionKind.DEAL_HOLE, player, 0, cards, None, commentary), None
        if count == 3 and words[1] == "db":
            cards = _cards(words[2])
            if cards is None:
                return f"bad cards {words[2][:12]!r}"
            return new_action(ActionKind.DEAL_BOARD, DEALER, 0, cards, None, commentary), None
        return f"unknown dealer action {text.strip()[:30]!r}"
    player = _player(head, n)
    if player < 0:
        return f"no player {head[:8]!r}"
    verb = words[1] if count > 1 else ""
    if verb == "f" and count == 2:
        if tag == "dead":
            return new_action(ActionKind.DEAD, player, 0, (), None, rest), None
        return new_action(ActionKind.FOLD, player, 0, (), None, commentary), None
    if verb == "cc" and count == 2:
        if tag == "check":
            return new_action(ActionKind.CHECK, player, 0, (), None, rest), None
        if tag == "call":
            return new_action(ActionKind.CALL, player, 0, (), None, rest), None
        return new_action(ActionKind.CHECK_OR_CALL, player, 0, (), None, commentary), None
    if verb == "cbr" and count == 3:
        amount = _amount(words[2])
        if amount is None:
            return f"bad amount {words[2][:20]!r}"
        whole = amount if type(amount) is int else 0
        return new_action(ActionKind.BET_RAISE, player, whole, (), None, commentary), amount
    if verb == "sm" and count == 2:
        return new_action(ActionKind.MUCK, player, 0, (), None, commentary), None
    if verb == "sm" and count == 3:
        shown: tuple[int, ...] | None = () if words[2] == "-" else _cards(words[2])
        if shown is None:
            return f"bad cards {words[2][:12]!r}"
        return new_action(ActionKind.SHOW, player, 0, shown, None, commentary), None
    return f"not a Texas hold'em action: {text.strip()[:30]!r}"


def _mesa_tag(commentary: str | None) -> tuple[str | None, str | None]:
    """Split ``mesa:TAG rest`` commentaries into the tag and the remaining commentary."""
    if commentary is None or not commentary.startswith("mesa:"):
        return None, commentary
    tag, _, rest = commentary[5:].partition(" ")
    return tag, (rest or None)


# ----------------------------------------------------------------- writing
def dumps(hand: Hand) -> str:
    """The hand as a ``.phh`` document (import of the result gives the same hand)."""
    lines = _lines(hand)
    return "\n".join(lines) + "\n"


def dumps_many(hands: Iterable[Hand]) -> str:
    """Several hands as a ``.phhs`` document (tables ``[1]``, ``[2]``, ...)."""
    parts = []
    for number, hand in enumerate(hands, start=1):
        parts.append(f"[{number}]\n" + "\n".join(_lines(hand)) + "\n")
    return "\n".join(parts)


def _format_amount(value: int, scale: int, decimals: int) -> str:
    """``value`` (scaled by 10**scale) written with exactly ``decimals`` decimals."""
    if scale > decimals:
        value //= 10 ** (scale - decimals)
    if decimals == 0:
        return str(value)
    sign = "-" if value < 0 else ""
    digits = str(abs(value)).rjust(decimals + 1, "0")
    return f"{sign}{digits[:-decimals]}.{digits[-decimals:]}"


def _play_decimals(hand: Hand) -> tuple[int, bool]:
    """Decimals for played amounts, and whether ``_chip_unit`` must be written."""
    scale = hand.scale
    unit = hand.chip_unit
    has_outcome = (
        hand.finishing_stacks is not None
        or hand.winnings is not None
        or hand.rake is not None
        or bool(hand.carry_in)
    )
    for d in range(scale, -1, -1):
        if unit == 10 ** (scale - d):
            if d == scale or has_outcome:
                return d, False
            break
    return scale, True


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    raise PHHError(f"cannot write {type(value).__name__} to PHH")


def _lines(hand: Hand) -> list[str]:
    scale = hand.scale
    play, write_unit = _play_decimals(hand)
    n = len(hand.starting_stacks)

    def amounts(values: Sequence[int], decimals: int) -> str:
        return "[" + ", ".join(_format_amount(v, scale, decimals) for v in values) + "]"

    lines = [f"variant = {_toml_value(hand.variant.value)}"]
    if hand.ante_trimming_status is not None:
        lines.append(f"ante_trimming_status = {_toml_value(hand.ante_trimming_status)}")
    lines.append(f"antes = {amounts(hand.antes, play)}")
    lines.append(f"blinds_or_straddles = {amounts(hand.blinds_or_straddles, play)}")
    if hand.variant is Variant.FIXED_LIMIT:
        lines.append(f"small_bet = {_format_amount(hand.small_bet or 0, scale, play)}")
        lines.append(f"big_bet = {_format_amount(hand.big_bet or 0, scale, play)}")
    else:
        lines.append(f"min_bet = {_format_amount(hand.min_bet or 0, scale, play)}")
    lines.append(f"starting_stacks = {amounts(hand.starting_stacks, play)}")
    actions = [_toml_value(action_text(a, scale, play)) for a in hand.actions]
    lines.append("actions = [" + ", ".join(actions) + "]")
    for key, value in hand.extra:
        lines.append(f"{_key(key)} = {_toml_value(value)}")
    if hand.seats is not None:
        lines.append(f"seats = {_toml_value(list(hand.seats))}")
    if hand.players is not None:
        lines.append(f"players = {_toml_value(list(hand.players))}")
    if hand.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {amounts(hand.finishing_stacks, scale)}")
    if hand.winnings is not None:
        lines.append(f"winnings = {amounts(hand.winnings, scale)}")
    if hand.rake is not None:
        lines.append(f"_rake = {_format_amount(hand.rake, scale, scale)}")
    if hand.carry_in:
        lines.append(f"_carry_in = {amounts([pot.amount for pot in hand.carry_in], scale)}")
        eligible = [" ".join(f"p{i + 1}" for i in pot.eligible) for pot in hand.carry_in]
        lines.append(f"_carry_in_eligible = {_toml_value(eligible)}")
    if hand.forfeits:
        lines.append(f"_forfeits = {_toml_value([f'p{i + 1}' for i in hand.forfeits])}")
    if hand.awards:
        by_pot = {a.pot: " ".join(f"p{i + 1}" for i in a.winners) for a in hand.awards}
        lines.append(
            f"_awards = {_toml_value([by_pot.get(k, '') for k in range(max(by_pot) + 1)])}"
        )
    if write_unit:
        lines.append(f"_chip_unit = {_format_amount(hand.chip_unit, scale, scale)}")
    assert n == len(hand.antes)
    return lines


def _key(key: str) -> str:
    if key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key):
        return key
    return _toml_value(key)


def _card_text(cards: Sequence[int]) -> str:
    out = []
    for c in cards:
        if 0 <= c < 52:
            out.append(_CARD_NAMES[c])
        elif c == UNKNOWN_CARD:
            out.append("??")
        else:
            raise PHHError(f"not a card: {c}")
    return "".join(out)


def action_text(action: Action, scale: int = 0, decimals: int | None = None) -> str:
    """The PHH notation of one action (amounts written with ``decimals`` decimals)."""
    kind = action.kind
    p = f"p{action.player + 1}"
    commentary = action.commentary
    if kind is ActionKind.DEAL_HOLE:
        body = f"d dh {p} {_card_text(action.cards)}"
    elif kind is ActionKind.DEAL_BOARD:
        body = f"d db {_card_text(action.cards)}"
    elif kind is ActionKind.FOLD:
        body = f"{p} f"
    elif kind is ActionKind.DEAD:
        body = f"{p} f"
        commentary = "mesa:dead" + (f" {commentary}" if commentary else "")
    elif kind is ActionKind.CHECK_OR_CALL:
        body = f"{p} cc"
    elif kind is ActionKind.CHECK or kind is ActionKind.CALL:
        body = f"{p} cc"
        tag = "mesa:check" if kind is ActionKind.CHECK else "mesa:call"
        commentary = tag + (f" {commentary}" if commentary else "")
    elif kind is ActionKind.BET_RAISE:
        d = scale if decimals is None else decimals
        body = f"{p} cbr {_format_amount(action.amount, scale, d)}"
    elif kind is ActionKind.SHOW:
        body = f"{p} sm {_card_text(action.cards) if action.cards else '-'}"
    elif kind is ActionKind.MUCK:
        body = f"{p} sm"
    elif kind is ActionKind.VOID:
        reason = action.reason.value if action.reason else "misdeal"
        return f"# mesa:void {reason}"
    else:  # NOOP
        return "" if commentary is None else f"# {commentary}"
    return body if commentary is None else f"{body} # {commentary}"


def iter_paths(paths: Iterable[str]) -> Iterator[str]:
    """Files named, and ``.phh``/``.phhs`` files under folders named (recursive, sorted)."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith((".phh", ".phhs")):
                        yield os.path.join(root, name)
        else:
            yield path
