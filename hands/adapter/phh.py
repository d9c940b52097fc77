"""PHH in and out (the hand-history format of the corpus and of the exports)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino.errors import DomainError, ValidationFailed
from poker import phh as _phh
from poker.irregularities import (
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
)
from poker.machine import BETTING, Machine
from poker.model import (
    UNKNOWN_CARD,
    ActionKind,
    VoidReason,
)
from poker.model import Hand as EngineHand
from tables.codes import TablesCode

from ..codes import HandsCode
from .build import build
from .profile import Rules, phh_order
from .units import _STRUCTURE_OF, _VARIANTS, AWARD_REASONS, cards_text, money_text, units

# ---------------------------------------------------------------------------
# PHH (issue 4 §6)


def phh_export(items: Sequence[tuple[Mapping[str, Any], Rules, Mapping[str, Any]]]) -> str:
    """A session's hands as a ``.phhs`` document.

    ``items`` are ``(record, rules, meta)``; ``meta`` holds ``number``, ``table``,
    ``finishing`` (seat -> Decimal, used when the record has no recorded
    outcome) and ``rake``. Observed facts and irregularities are exported as
    the effective actions they produced (PHH has no place for the facts).
    """
    hands = []
    for record, rules, meta in items:
        built = build(record, rules, lenient=True)
        hand = built.hand
        order = built.order
        finishing = hand.finishing_stacks
        if finishing is None and meta.get("finishing"):
            finishing = tuple(units(meta["finishing"][s], "finishing") for s in order)
        rake = hand.rake
        if rake is None and meta.get("rake") is not None:
            rake = units(meta["rake"], "rake")
        extra: list[tuple[str, object]] = [("hand", int(meta["number"]))]
        if meta.get("table") is not None:
            extra.append(("table", str(meta["table"])))
        if meta.get("date") is not None:
            d = meta["date"]
            extra.extend([("day", d.day), ("month", d.month), ("year", d.year)])
        if meta.get("time") is not None:
            extra.append(("time", meta["time"]))
        extra.append(("_mesa_structure", record.get("structure") or rules.structure))
        if built.awards:  # SHOW-14: why the floor decided each pot (PHH keeps the seats)
            reasons = [
                built.awards[k][1] if k in built.awards else ""
                for k in range(max(built.awards) + 1)
            ]
            extra.append(("_mesa_award_reasons", reasons))
        hands.append(
            EngineHand(
                variant=hand.variant,
                starting_stacks=hand.starting_stacks,
                antes=hand.antes,
                blinds_or_straddles=hand.blinds_or_straddles,
                actions=hand.actions,
                min_bet=hand.min_bet,
                small_bet=hand.small_bet,
                big_bet=hand.big_bet,
                seats=order,
                players=hand.players,
                finishing_stacks=finishing,
                rake=rake,
                chip_unit=hand.chip_unit,
                scale=2,
                extra=tuple(extra),
                carry_in=hand.carry_in,
                forfeits=hand.forfeits,
                awards=hand.awards,
            )
        )
    return _phh.dumps_many(hands)


@dataclass(slots=True)
class Imported:
    """One hand read from PHH, as a record (or the reason it cannot be one)."""

    position: int
    record: dict[str, Any] | None
    number: int | None
    skipped: bool = False
    problem: tuple[str, str, str] | None = None  # (code, es, en)
    meta: dict[str, Any] = field(default_factory=dict)


def phh_import(text: str, *, defaults: Mapping[str, Any], chip_unit: int) -> list[Imported]:
    """Read PHH text (``.phh`` or ``.phhs``) into records for the recorder."""
    out: list[Imported] = []
    for rec in _phh.loads(text, source="upload"):
        if rec.skipped:
            out.append(
                Imported(
                    rec.index,
                    None,
                    None,
                    skipped=True,
                    problem=(
                        "VARIANT_SKIPPED",
                        f"Variante {rec.variant} no es Texas Hold'em: se omite.",
                        f"Variant {rec.variant} is not Texas hold'em: skipped.",
                    ),
                )
            )
            continue
        if rec.hand is None or rec.problems:
            v = rec.problems[0] if rec.problems else None
            out.append(
                Imported(
                    rec.index,
                    None,
                    None,
                    problem=(
                        v.code.value if v else "MALFORMED",
                        v.message_es if v else "Mano ilegible.",
                        v.message_en if v else "Unreadable hand.",
                    ),
                )
            )
            continue
        try:
            record, number = _record_from_phh(rec.hand, defaults=defaults, chip_unit=chip_unit)
        except ValidationFailed as exc:
            out.append(
                Imported(rec.index, None, None, problem=(exc.code, exc.message_es, exc.message_en))
            )
            continue
        out.append(Imported(rec.index, record, number))
    return out


def _known(cards: Sequence[int]) -> str:
    """Hole cards as text; a hand whose cards were never seen is left empty."""
    return cards_text(cards) if any(c >= 0 for c in cards) else ""


def _record_from_phh(
    hand: EngineHand, *, defaults: Mapping[str, Any], chip_unit: int
) -> tuple[dict[str, Any], int | None]:
    amount = _amounts(hand.scale)
    n = hand.player_count
    extra = dict(hand.extra)
    seats, button = _phh_seats(hand)
    names = list(hand.players) if hand.players and len(hand.players) == n else [""] * n
    antes, blinds = hand.antes, hand.blinds_or_straddles
    if n == 2:  # heads-up PHH reverse-assigns the antes, as the blinds (OQ-32)
        antes = tuple(antes)[::-1]
    uniform_ante = min(antes) if antes else 0
    if n == 2:
        small, big = blinds[0], blinds[1]
        straddle = 0
    else:
        small, big = blinds[0], blinds[1]
        straddle = blinds[2] if n > 3 and blinds[2] > 0 else 0
    machine = Machine.from_hand(hand)
    seat_rows = _phh_seat_rows(hand, seats, names, antes, uniform_ante, amount)
    actions = _phh_actions(hand, seats, machine, amount)
    result: dict[str, Any] = {}
    if hand.rake is not None:
        result["rake"] = amount(hand.rake, "_rake")
    if hand.finishing_stacks is not None:
        result["finishing_stacks"] = {
            str(seats[i]): amount(v, f"finishing_stacks[{i}]")
            for i, v in enumerate(hand.finishing_stacks)
        }
    structure = _STRUCTURE_OF.get(hand.variant, "no_limit")
    if extra.get("_mesa_structure") in _VARIANTS:
        structure = extra["_mesa_structure"]
    blinds_out = {
        "small": amount(small, "blinds_or_straddles[0]"),
        "big": amount(big, "blinds_or_straddles[1]"),
        "ante": amount(uniform_ante, "antes"),
        "straddle": amount(straddle, "blinds_or_straddles[2]"),
        "small_bet": None if hand.small_bet is None else amount(hand.small_bet, "small_bet"),
        "big_bet": None if hand.big_bet is None else amount(hand.big_bet, "big_bet"),
    }
    record = {
        "v": 1,
        "structure": structure,
        "button": button,
        "blinds": blinds_out,
        "seats": sorted(seat_rows, key=lambda s: s["seat"]),
        "actions": actions,
        "result": result,
    }
    if hand.carry_in:  # POT-09: the file's carried pots (the recorder checks them)
        record["carry_in"] = [
            {
                "amount": amount(pot.amount, f"_carry_in[{k}]"),
                "eligible": [
                    {"seat": seats[i], "player": None, "name": str(names[i] or "")}
                    for i in pot.eligible
                ],
            }
            for k, pot in enumerate(hand.carry_in)
        ]
    number = extra.get("hand")
    return record, (int(number) if isinstance(number, int) and number > 0 else None)


def _amounts(scale: int) -> Callable[[int, str], str]:
    """A PHH amount at the file's ``scale`` as money text; a fraction of a cent is refused."""
    if scale > 2:
        factor_num, factor_den = 1, 10 ** (scale - 2)
    else:
        factor_num, factor_den = 10 ** (2 - scale), 1

    def cents(value: int, field_name: str) -> int:
        scaled = value * factor_num
        if scaled % factor_den:
            raise DomainError.of(TablesCode.AMOUNT_INVALID, value=value, field=field_name)
        return scaled // factor_den

    def amount(value: int, field_name: str) -> str:
        return money_text(cents(value, field_name))

    return amount


def _phh_seats(hand: EngineHand) -> tuple[list[int], int]:
    """The file's seats in PHH order and the button's (1..n when the file's do not fit)."""
    n = hand.player_count
    seats = list(hand.seats) if hand.seats and len(hand.seats) == n else list(range(1, n + 1))
    if len(set(seats)) != n or not all(isinstance(s, int) and 1 <= s <= 10 for s in seats):
        seats = list(range(1, n + 1))
    # PHH order: index 0 is left of the button; the button is the last player (GAME-07).
    # The seats must run clockwise from the button for the record to rebuild the same order.
    button = seats[-1]
    if phh_order(seats, button) != tuple(seats):
        seats = list(range(1, n + 1))
        button = seats[-1]
    return seats, button


def _phh_seat_rows(
    hand: EngineHand,
    seats: list[int],
    names: list[Any],
    antes: Sequence[int],
    uniform_ante: int,
    amount: Callable[[int, str], str],
) -> list[dict[str, Any]]:
    """The record's seats: stacks, the hole cards dealt, live and dead posts."""
    n = hand.player_count
    blinds = hand.blinds_or_straddles
    seat_rows = []
    holes: dict[int, tuple[int, ...]] = {}
    for index, action in enumerate(hand.actions):
        if any(c < UNKNOWN_CARD or c > 51 for c in action.cards):
            raise DomainError.of(HandsCode.CARD_INVALID, field=f"actions[{index}]")
        if action.kind is ActionKind.DEAL_HOLE and 0 <= action.player < n:
            holes[action.player] = action.cards
    for i in range(n):
        post = -blinds[i] if blinds[i] < 0 else 0
        seat_rows.append(
            {
                "seat": seats[i],
                "player": None,
                "name": str(names[i] or ""),
                "stack": amount(hand.starting_stacks[i], f"starting_stacks[{i}]"),
                "cards": _known(holes.get(i, ())),
                "post": amount(post, f"blinds_or_straddles[{i}]"),
                "dead_post": amount(antes[i] - uniform_ante, f"antes[{i}]"),
                "penalised": False,
            }
        )
    return seat_rows


def _phh_actions(
    hand: EngineHand, seats: list[int], machine: Machine, amount: Callable[[int, str], str]
) -> list[dict[str, Any]]:
    """The record's actions, replayed on ``machine`` (a check or a call as it was), then
    the floor's awards (SHOW-14)."""
    n = hand.player_count
    actions: list[dict[str, Any]] = []
    for index, action in enumerate(hand.actions):
        kind = action.kind
        seat = seats[action.player] if 0 <= action.player < n else None
        if kind is ActionKind.DEAL_HOLE or kind is ActionKind.NOOP:
            machine.apply(action, index)
            continue
        if kind is ActionKind.DEAL_BOARD:
            actions.append({"action": "board", "cards": cards_text(action.cards)})
        elif kind is ActionKind.FOLD:
            actions.append({"action": "fold", "seat": seat})
        elif kind is ActionKind.DEAD:
            actions.append({"action": "dead", "seat": seat})
        elif kind is ActionKind.CHECK:
            actions.append({"action": "check", "seat": seat})
        elif kind is ActionKind.CALL:
            actions.append({"action": "call", "seat": seat})
        elif kind is ActionKind.CHECK_OR_CALL:
            owes = machine.phase == BETTING and machine.current_bet > machine.bets[action.player]
            actions.append({"action": "call" if owes else "check", "seat": seat})
        elif kind is ActionKind.BET_RAISE:
            verb = "raise" if machine.current_bet else "bet"
            actions.append(
                {"action": verb, "seat": seat, "amount": amount(action.amount, f"actions[{index}]")}
            )
        elif kind is ActionKind.SHOW:
            entry: dict[str, Any] = {"action": "show", "seat": seat}
            if action.cards:
                entry["cards"] = cards_text(action.cards)
            actions.append(entry)
        elif kind is ActionKind.MUCK:
            actions.append({"action": "muck", "seat": seat})
        elif kind is ActionKind.VOID:
            entry = {"action": "void", "reason": (action.reason or VoidReason.MISDEAL).value}
            if hand.forfeits:  # IRREG-03: the players whose chips the void keeps
                entry["forfeits"] = sorted(seats[i] for i in hand.forfeits if 0 <= i < n)
            actions.append(entry)
        machine.apply(action, index)
    reasons = dict(hand.extra).get("_mesa_award_reasons")
    for award in hand.awards:  # SHOW-14: the floor's awards, after the play
        entry = {"action": "award", "pot": award.pot, "seats": [seats[i] for i in award.winners]}
        if isinstance(reasons, list) and award.pot < len(reasons):
            if reasons[award.pot] in AWARD_REASONS:
                entry["reason"] = reasons[award.pot]
        actions.append(entry)
    return actions
