"""The one door between the hand recorder and the rules engine (``poker/``).

Nothing else in ``hands/`` imports ``poker``: when the engine's API moves, this
file is the only one to change. It converts in both directions:

* money: the recorder keeps ``Decimal`` amounts with two places; the engine
  works in integer units. The hand's unit is the cent, and ``chip_unit`` is the
  value of the smallest active denomination of the table's chip set, in cents
  (GEN-05): bets, stacks and odd chips are whole multiples of it (BET-02,
  POT-08, RAKE-07);
* seats: the recorder speaks of seat numbers (1-10); the engine of player
  indexes in PHH order (index 0 = first seat left of the button, last = the
  button, GAME-07). Violation messages are rewritten with seat numbers;
* table settings (``tables.TableSettings``) become a ``RuleProfile`` with the
  table's overrides (GEN-03, GEN-04): ruleset, straddle, limit cap, rake mode,
  percentage (basis points), cap and its scope (per pot or per hand), no-flop-no-drop,
  tournament, and the casino's rake rounding that the version carries (RAKE-07, OQ-04);
* a *record* (the recorder's JSON form of a hand, see :func:`normalise`) becomes
  an engine ``Hand``; observed facts (HREC-03) become effective actions through
  ``poker.rulings.interpret``; irregularities declared by the floor (IRREG-14)
  become rulings through ``poker.irregularities.decide``;
* the engine's ``Verdict`` becomes plain data (:class:`VerdictData`) keyed by
  seat, with ``Decimal`` money and messages in Spanish and English.

Workarounds for what the engine does not model (see docs/hands.md):

* a dead blind posted by a returning player (SEAT-06, SEAT-07, POT-10) is
  passed to the engine as that player's ante: antes are dead money, which is
  exactly what a dead blind is (it goes in the pot, not towards the bet);
* engine messages print betting amounts in the hand's units (cents); the few
  codes whose messages carry amounts are rewritten in money here.

A pot carried over from a voided hand (IRREG-03, POT-09, RUL-34) is kept in the
record as ``carry_in``: its amount and its eligible players as seats with who sat
there (``{"seat", "player", "name"}``). A seat is eligible only if the same player
is in it (the player id, else the name, when the records give them); a carried pot
with nobody eligible in the hand is passed through to the hand's carry-out
unchanged. The chips that a void hand keeps (``forfeits`` on the ``void`` action,
or the ruling on a declared ``duplicate_cards`` irregularity with ``knowing_seats``)
become the engine's ``Hand.forfeits``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from casino.errors import ValidationFailed
from hands.cut import normalise_cut
from poker import phh as _phh
from poker.cards import CardError, button_draw_winner, format_card, parse_card
from poker.evaluator import describe as _describe
from poker.evaluator import evaluate7
from poker.irregularities import (
    BurnError,
    HandContext,
    Irregularity,
    IrregularityKind,
    Outcome,  # noqa: F401  (re-exported: the API publishes its values)
    decide,
    irregularity_actions,
)
from poker.machine import BETTING, DEALING, OVER, SHOWDOWN, VOID, Machine
from poker.model import (
    UNKNOWN_CARD,
    Action,
    ActionKind,
    CarriedPot,
    PotAward,
    Variant,
    VoidReason,
)
from poker.model import Hand as EngineHand
from poker.profiles import (
    ProfileError,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    RuleProfile,
    get_profile,
    with_overrides,
)
from poker.rulings import BettingContext, EffectiveKind, ObservedAction, Word, interpret
from poker.rulings import Status as RulingStatus
from poker.rulings import effective_actions as _effective_actions
from poker.rulings_common import ConductCode, Street
from poker.state import HandState
from poker.validate import Status, validate

CENT = Decimal("0.01")
#: Version tag stored with every verdict (the engine revision that judged it).
ENGINE_TAG = "poker-1"

STRUCTURES = ("no_limit", "pot_limit", "limit")
_VARIANTS = {
    "no_limit": Variant.NO_LIMIT,
    "pot_limit": Variant.POT_LIMIT,
    "limit": Variant.FIXED_LIMIT,
}
_STRUCTURE_OF = {v: k for k, v in _VARIANTS.items()}

#: Record action kinds (the recorder's words; bet and raise are both "to" amounts).
BETTING_KINDS = ("fold", "check", "call", "bet", "raise", "all_in")
ACTION_KINDS = (
    *BETTING_KINDS,
    "board",
    "show",
    "muck",
    "dead",
    "void",
    "observed",
    "irregularity",
    "award",
)
#: Why the floor recorded who took a pot instead of the cards (issue 38 §2): the winning
#: hand was shown but its cards could not be read or were not entered, or it was mucked.
AWARD_REASONS = ("unreadable", "mucked")
VOID_REASONS = tuple(r.value for r in VoidReason)
IRREGULARITY_KINDS = tuple(k.value for k in IrregularityKind)
OBSERVED_WORDS = tuple(w.value for w in Word)
CONDUCT_CODES = tuple(c.value for c in ConductCode)
BURN_ERRORS = tuple(b.value for b in BurnError)


# ---------------------------------------------------------------------------
# Money and cards


def money(units: int) -> Decimal:
    """Cents (int) to a ``Decimal`` with two places."""
    return Decimal(units).scaleb(-2)


def money_text(units: int) -> str:
    return str(money(units))


def _bad(code: str, es: str, en: str, field_name: str | None, **details: Any) -> ValidationFailed:
    return ValidationFailed(code, es, en, field=field_name, details=details or None)


def units(value: Any, field_name: str, chip_unit: int | None = None) -> int:
    """``Decimal``/str money to cents; refuse fractions of a cent or of the smallest chip."""
    try:
        d = value if isinstance(value, Decimal) else Decimal(str(value))
        cents = d * 100
        whole = int(cents)
    except Exception:  # noqa: BLE001 - any unreadable amount is bad input
        raise _bad(
            "AMOUNT_INVALID",
            f"Importe inválido: {value!r}.",
            f"Invalid amount: {value!r}.",
            field_name,
        ) from None
    if cents != whole:
        raise _bad(
            "AMOUNT_INVALID",
            f"El importe {value} tiene fracciones de centavo.",
            f"The amount {value} has fractions of a cent.",
            field_name,
        )
    if chip_unit and whole % chip_unit:
        raise _bad(
            "AMOUNT_NOT_CHIP_MULTIPLE",
            f"{value} no es un número entero de fichas de {money(chip_unit)}.",
            f"{value} is not a whole number of {money(chip_unit)} chips.",
            field_name,
            unit=str(money(chip_unit)),
        )
    return whole


def parse_cards_text(text: str, field_name: str, *, allow_unknown: bool = True) -> tuple[int, ...]:
    """``"AsKd"``, ``"As Kd"``, ``"????"`` (unknown) to card ints; 400 on a card that does not exist."""
    cleaned = "".join(str(text).replace(",", " ").split())
    out: list[int] = []
    i = 0
    while i < len(cleaned):
        if cleaned.startswith("??", i) and allow_unknown:
            out.append(UNKNOWN_CARD)
            i += 2
            continue
        size = 3 if cleaned.startswith("10", i) else 2
        chunk = cleaned[i : i + size]
        try:
            out.append(parse_card(chunk))
        except CardError:
            raise _bad(
                "CARD_INVALID",
                f"«{chunk}» no es una carta de la baraja francesa de 52 cartas.",
                f"'{chunk}' is not a card of the 52-card pack.",
                field_name,
                card=chunk,
            ) from None
        i += size
    return tuple(out)


def cards_text(cards: Iterable[int], *, symbols: bool = False) -> str:
    return "".join("??" if c == UNKNOWN_CARD else format_card(c, symbols=symbols) for c in cards)


def button_draw(draw: Mapping[int, str]) -> int:
    """Seat that wins the initial button draw (SHUF-09: high card, ♠ > ♦ > ♣ > ♥)."""
    cards: dict[int, int] = {}
    for seat, text in draw.items():
        parsed = parse_cards_text(text, f"cards.{seat}", allow_unknown=False)
        if len(parsed) != 1:
            raise _bad(
                "BUTTON_DRAW_ONE_CARD",
                f"Cada asiento saca exactamente una carta (asiento {seat}).",
                f"Each seat draws exactly one card (seat {seat}).",
                f"cards.{seat}",
            )
        cards[int(seat)] = parsed[0]
    if len(cards) < 2:
        raise _bad(
            "BUTTON_DRAW_PLAYERS",
            "El sorteo del botón necesita al menos dos jugadores.",
            "The button draw needs at least two players.",
            "cards",
        )
    if len(set(cards.values())) != len(cards):
        raise _bad(
            "CARD_DUPLICATE",
            "La misma carta aparece dos veces en el sorteo.",
            "The same card appears twice in the draw.",
            "cards",
        )
    return button_draw_winner(cards)


# ---------------------------------------------------------------------------
# Rules of a table


@dataclass(frozen=True, slots=True)
class Rules:
    """What the engine needs from the table: profile, structure, chip unit."""

    profile: RuleProfile
    structure: str
    chip_unit: int

    @property
    def variant(self) -> Variant:
        return _VARIANTS[self.structure]


_PROFILE_CACHE: dict[tuple[Any, ...], RuleProfile] = {}


def profile_for(settings: Any) -> RuleProfile:
    """The ``RuleProfile`` of a ``TableSettings`` version (GEN-03 with the table's overrides).

    Versions are append-only, so the profile is cached by their values.
    """
    key = (
        settings.ruleset,
        settings.straddle_allowed,
        settings.limit_cap_bets,
        settings.rake_mode,
        settings.rake_pct,
        settings.rake_cap,
        settings.rake_cap_scope,
        settings.no_flop_no_drop,
        settings.is_tournament,
        # RAKE-07, OQ-04: the casino's rounding, pinned on the version (absent: the default).
        getattr(settings, "rake_rounding", None) or RakeRounding.DOWN_TO_MIN_CHIP.value,
    )
    cached = _PROFILE_CACHE.get(key)
    if cached is not None:
        return cached
    try:
        base = get_profile(settings.ruleset)
        rake_bps = int(Decimal(settings.rake_pct) * 100)
        profile = with_overrides(
            base,
            straddle_allowed=bool(settings.straddle_allowed),
            limit_cap_bets=int(settings.limit_cap_bets),
            rake_mode=RakeMode(settings.rake_mode),
            rake_bps=rake_bps,
            rake_cap=None if settings.rake_cap is None else units(settings.rake_cap, "rake_cap"),
            rake_cap_scope=RakeCapScope(settings.rake_cap_scope),  # RAKE-07, OQ-04
            no_flop_no_drop=bool(settings.no_flop_no_drop),
            tournament=bool(settings.is_tournament),
            rake_rounding=RakeRounding(key[-1]),
        )
    except (ProfileError, ValueError) as exc:
        raise ValidationFailed(
            "TABLE_SETTINGS_INVALID",
            f"La configuración de la mesa no es válida para el motor: {exc}",
            f"The table's settings are not valid for the engine: {exc}",
            field="settings",
        ) from None
    _PROFILE_CACHE[key] = profile
    return profile


def rules_for(settings: Any, *, chip_unit: int, structure: str) -> Rules:
    return Rules(profile_for(settings), structure, chip_unit)


def ruleset_of(rules: Rules) -> str:
    return rules.profile.ruleset.value


# ---------------------------------------------------------------------------
# Positions (GAME-12)

_POSITIONS: dict[int, tuple[str, ...]] = {
    2: ("BU", "BB"),  # heads-up: the button posts the small blind (OQ-32); PHH order BB, BU
    3: ("SB", "BB", "BU"),
    4: ("SB", "BB", "CO", "BU"),
    5: ("SB", "BB", "UTG", "CO", "BU"),
    6: ("SB", "BB", "UTG", "MP", "CO", "BU"),
    7: ("SB", "BB", "UTG", "MP", "HJ", "CO", "BU"),
    8: ("SB", "BB", "UTG", "UTG+1", "MP", "HJ", "CO", "BU"),
    9: ("SB", "BB", "UTG", "UTG+1", "MP1", "MP2", "HJ", "CO", "BU"),
    10: ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP1", "MP2", "HJ", "CO", "BU"),
}


def positions(order: Sequence[int]) -> dict[int, str]:
    """Position label of each seat, given the seats in PHH order (GAME-12)."""
    labels = _POSITIONS.get(len(order))
    if labels is None:
        return {}
    if len(order) == 2:
        return {order[0]: "BB", order[1]: "BU"}
    return dict(zip(order, labels, strict=True))


def next_button(seats: Iterable[int], previous: int, *, redeal: bool = False) -> int:
    """Where the button goes for the next hand among the seats dealt in: one seat on,
    clockwise, from ``previous`` (GAME-07); a redeal keeps it (OQ-37). The one rule for the
    recorder's check and the next hand's suggestion."""
    if redeal:
        return previous
    ordered = sorted(seats)
    after = [s for s in ordered if s > previous]
    return after[0] if after else ordered[0]


def phh_order(seats: Iterable[int], button: int) -> tuple[int, ...]:
    """Seats dealt in, clockwise from the first seat left of the button; the button last."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > button]
    before = [s for s in ordered if s <= button]
    return tuple(after + before)


# ---------------------------------------------------------------------------
# Normalised records


def normalise(data: Mapping[str, Any], *, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The stored JSON form of a hand (money as strings), from parsed input.

    ``defaults`` holds the table's forced bets (``small``, ``big``, ``ante``,
    ``small_bet``, ``big_bet``) and ``structure``; the record keeps what was
    actually posted so that it can be judged again later without the table.
    """
    blinds_in = dict(data.get("blinds") or {})

    def amount(value: Any) -> str | None:
        return None if value is None else str(Decimal(str(value)).quantize(CENT))

    blinds = {
        "small": amount(blinds_in.get("small", defaults["small"])),
        "big": amount(blinds_in.get("big", defaults["big"])),
        "ante": amount(blinds_in.get("ante", defaults.get("ante") or 0)),
        "straddle": amount(blinds_in.get("straddle") or 0),
        "small_bet": amount(blinds_in.get("small_bet", defaults.get("small_bet"))),
        "big_bet": amount(blinds_in.get("big_bet", defaults.get("big_bet"))),
    }
    seats = []
    for s in data.get("seats") or ():
        seats.append(
            {
                "seat": int(s["seat"]),
                "player": s.get("player"),
                "name": s.get("name") or "",
                "stack": amount(s["stack"]),
                "cards": (s.get("cards") or "").strip(),
                "post": amount(s.get("post") or 0),
                "dead_post": amount(s.get("dead_post") or 0),
                "penalised": bool(s.get("penalised", False)),
            }
        )
    actions = [normalise_action(a) for a in data.get("actions") or ()]
    result_in = data.get("result") or {}
    result: dict[str, Any] = {}
    if result_in.get("rake") is not None:
        result["rake"] = amount(result_in["rake"])
    if result_in.get("finishing_stacks"):
        result["finishing_stacks"] = {
            str(int(k)): amount(v) for k, v in dict(result_in["finishing_stacks"]).items()
        }
    record = {
        "v": 1,
        "structure": data.get("structure") or defaults["structure"],
        "button": int(data["button"]),
        "blinds": blinds,
        "seats": sorted(seats, key=lambda s: s["seat"]),
        "actions": actions,
        "result": result,
    }
    if data.get("carry_in"):
        record["carry_in"] = normalise_carried(data["carry_in"])
    cut = normalise_cut(data.get("cut"), (s["seat"] for s in seats), record["button"])
    if cut is not None:  # SHUF-08: only when the recorder was told
        record["cut"] = cut
    return record


def normalise_carried(pots: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Carried pots in their stored form (IRREG-03, POT-09): the amount, and the
    eligible seats with who sat there (a bare seat number is accepted)."""
    out = []
    for pot in pots:
        eligible = []
        for e in pot.get("eligible") or ():
            entry = e if isinstance(e, Mapping) else {"seat": e}
            player = entry.get("player")
            eligible.append(
                {
                    "seat": int(entry["seat"]),
                    "player": None if player is None else int(player),
                    "name": str(entry.get("name") or ""),
                }
            )
        out.append(
            {
                "amount": str(Decimal(str(pot["amount"])).quantize(CENT)),
                "eligible": sorted(eligible, key=lambda e: e["seat"]),
            }
        )
    return out


def carried_key(pots: Iterable[Mapping[str, Any]] | None) -> list[tuple[str, tuple[int, ...]]]:
    """What two lists of carried pots must agree on: amounts and eligible seats."""
    return sorted(
        (
            str(Decimal(str(p["amount"])).quantize(CENT)),
            tuple(sorted(e["seat"] for e in p["eligible"])),
        )
        for p in normalise_carried(pots or ())
    )


def _same_player(eligible: Mapping[str, Any], seat: Mapping[str, Any]) -> bool:
    """Whether the player now in a seat is the one who was eligible in it (POT-09)."""
    was, now = eligible.get("player"), seat.get("player")
    if was is not None and now is not None:
        return int(was) == int(now)
    was_name = str(eligible.get("name") or "").strip()
    now_name = str(seat.get("name") or "").strip()
    if was_name and now_name:
        return was_name == now_name
    return True  # the records do not say who: the seat decides


def normalise_action(a: Mapping[str, Any]) -> dict[str, Any]:
    """One action of a record, in its stored form."""
    entry: dict[str, Any] = {"action": a["action"]}
    if a.get("seat") is not None:
        entry["seat"] = int(a["seat"])
    if a.get("amount") is not None:
        entry["amount"] = str(Decimal(str(a["amount"])).quantize(CENT))
    if a.get("cards"):
        entry["cards"] = str(a["cards"]).strip()
    if a.get("reason"):
        entry["reason"] = str(a["reason"])
    if a.get("forfeits"):
        entry["forfeits"] = sorted({int(s) for s in a["forfeits"]})
    if a.get("observed"):
        entry["observed"] = _json_safe(a["observed"])
    if a.get("irregularity"):
        entry["irregularity"] = _json_safe(a["irregularity"])
    if a.get("override_reason"):
        entry["override_reason"] = str(a["override_reason"])
    if a.get("pot") is not None:
        entry["pot"] = a["pot"]
    if a.get("seats") is not None:
        entry["seats"] = sorted({int(s) for s in a["seats"]})
    return entry


def record_with_irregularity(
    record: Mapping[str, Any], *, at: int, irregularity: Mapping[str, Any]
) -> dict[str, Any]:
    """HREC-10: the hand's record with an irregularity declared before its action ``at``
    (``len(actions)`` = after the last one), for a linked correction of the hand; the
    engine rules on it as on one declared live (IRREG-14)."""
    actions = [dict(a) for a in record.get("actions") or ()]
    if not 0 <= at <= len(actions):
        raise _bad(
            "ACTION_INDEX_INVALID",
            f"La posición {at} no está en la mano (0 a {len(actions)}).",
            f"Position {at} is not in the hand (0 to {len(actions)}).",
            "at",
        )
    entry = {"action": "irregularity", "irregularity": _json_safe(dict(irregularity))}
    return {**_json_safe(dict(record)), "actions": [*actions[:at], entry, *actions[at:]]}


def _json_safe(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value


# ---------------------------------------------------------------------------
# Building an engine hand from a record


@dataclass(slots=True)
class Built:
    """An engine hand built from a record, with the maps back to the record."""

    hand: EngineHand
    machine: Machine  # replayed up to the last action (live state)
    order: tuple[int, ...]  # seats in PHH order
    index_of: dict[int, int]  # seat -> player index
    origin: list[tuple[int | None, str | None]]  # engine action -> (record action, field)
    rulings: dict[int, dict[str, Any]]  # record action index -> ruling (observed facts)
    irregularities: list[dict[str, Any]]  # declared irregularities with their rulings
    dead_post: dict[int, int]  # seat -> dead blind (units)
    # Carried pots with nobody eligible in this hand, passed on unchanged (POT-09).
    carry_through: tuple[dict[str, Any], ...] = ()
    people: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> who sat there
    # SHOW-14: the floor's awards, pot -> (seats, reason, record action index).
    awards: dict[int, tuple[tuple[int, ...], str, int]] = field(default_factory=dict)


class _Builder:
    __slots__ = (
        "record",
        "rules",
        "unit",
        "order",
        "index_of",
        "machine",
        "actions",
        "origin",
        "rulings",
        "irregularities",
        "seen",
        "dup_declared",
        "lenient",
        "forced",
        "forfeits",
        "carry_through",
        "people",
        "awards",
    )

    def __init__(self, record: Mapping[str, Any], rules: Rules, *, lenient: bool) -> None:
        self.record = record
        self.rules = rules
        self.unit = rules.chip_unit
        self.lenient = lenient
        self.actions: list[Action] = []
        self.origin: list[tuple[int | None, str | None]] = []
        self.rulings: dict[int, dict[str, Any]] = {}
        self.irregularities: list[dict[str, Any]] = []
        self.seen: set[int] = set()
        self.forced: tuple[tuple[int, int], ...] = ()
        self.forfeits: set[int] = set()  # players whose chips a void keeps (IRREG-03)
        self.carry_through: tuple[dict[str, Any], ...] = ()
        self.people: dict[int, dict[str, Any]] = {}
        self.awards: dict[int, tuple[tuple[int, ...], str, int]] = {}
        # IRREG-03: two identical cards are a fact, not a typing error, when the floor
        # declared them (the irregularity, or a void for that reason).
        self.dup_declared = any(
            (a.get("irregularity") or {}).get("kind") == IrregularityKind.DUPLICATE_CARDS.value
            if a.get("action") == "irregularity"
            else a.get("action") == "void" and a.get("reason") == VoidReason.DUPLICATE_CARD.value
            for a in record.get("actions") or ()
        )

    # -- cards -------------------------------------------------------------
    def see(self, cards: Sequence[int], field_name: str) -> None:
        for c in cards:
            if c < 0:
                continue
            if c in self.seen and not self.dup_declared:
                # HREC-05: a duplicate is a typing error unless the floor declared the
                # irregularity (IRREG-03), which then opens its own workflow.
                raise _bad(
                    "CARD_DUPLICATE",
                    f"La carta {format_card(c)} ya fue repartida en esta mano.",
                    f"The card {format_card(c)} was already dealt in this hand.",
                    field_name,
                    card=format_card(c),
                )
            self.seen.add(c)

    # -- seats -------------------------------------------------------------
    def player(self, seat: Any, field_name: str) -> int:
        try:
            return self.index_of[int(seat)]
        except (KeyError, TypeError, ValueError):
            raise _bad(
                "SEAT_NOT_IN_HAND",
                f"El asiento {seat} no tiene un jugador repartido en esta mano.",
                f"Seat {seat} has no player dealt into this hand.",
                field_name,
                seat=seat,
            ) from None

    def push(self, action: Action, origin: int | None, field_name: str | None) -> None:
        index = len(self.actions)
        self.actions.append(action)
        self.origin.append((origin, field_name))
        self.machine.apply(action, index)

    def build(self) -> Built:
        rec = self.record
        rules = self.rules
        unit = self.unit
        seats = rec.get("seats") or []
        if not 2 <= len(seats) <= 10:
            raise _bad(
                "SEATS_COUNT",
                "Una mano de Texas Hold'em tiene de 2 a 10 jugadores.",
                "A Texas hold'em hand has 2 to 10 players.",
                "seats",
            )
        by_seat: dict[int, Mapping[str, Any]] = {}
        for k, s in enumerate(seats):
            seat = int(s["seat"])
            if not 1 <= seat <= 10 or seat in by_seat:
                raise _bad(
                    "SEAT_INVALID",
                    f"Asiento {seat} inválido o repetido.",
                    f"Seat {seat} is invalid or repeated.",
                    f"seats[{k}].seat",
                )
            by_seat[seat] = s
        button = int(rec["button"])
        if button not in by_seat:
            raise _bad(
                "BUTTON_SEAT_EMPTY",
                f"El botón está en el asiento {button}, que no tiene jugador en la mano.",
                f"The button is on seat {button}, which has no player in the hand.",
                "button",
            )
        order = phh_order(by_seat, button)
        self.order = order
        self.index_of = {seat: i for i, seat in enumerate(order)}
        position_of = {seat: k for k, seat in enumerate(s["seat"] for s in seats)}
        n = len(order)
        blinds = rec.get("blinds") or {}
        small = units(blinds.get("small") or 0, "blinds.small", None)
        big = units(blinds.get("big") or 0, "blinds.big", None)
        ante = units(blinds.get("ante") or 0, "blinds.ante", None)
        straddle = units(blinds.get("straddle") or 0, "blinds.straddle", unit)
        stacks = []
        antes = []
        forced = [0] * n
        forced[0] = small
        forced[1] = big
        if n == 2:
            # PHH lists heads-up blinds as (SB, BB) and reverse-assigns them (OQ-32).
            forced = [small, big]
        if straddle:
            if n < 4:
                raise _bad(
                    "STRADDLE_SEAT",
                    "Hace falta al menos cuatro jugadores para un straddle.",
                    "A straddle needs at least four players.",
                    "blinds.straddle",
                )
            forced[2] = straddle
        dead_post: dict[int, int] = {}
        for i, seat in enumerate(order):
            s = by_seat[seat]
            k = position_of[seat]
            stack = units(s["stack"], f"seats[{k}].stack", unit)
            if stack <= 0:
                raise _bad(
                    "STACK_NOT_POSITIVE",
                    f"El asiento {seat} no tiene fichas: no puede ser repartido.",
                    f"Seat {seat} has no chips and cannot be dealt in.",
                    f"seats[{k}].stack",
                )
            stacks.append(stack)
            dead = units(s.get("dead_post") or 0, f"seats[{k}].dead_post", unit)
            antes.append(ante + dead)
            if dead:
                dead_post[seat] = dead
            post = units(s.get("post") or 0, f"seats[{k}].post", unit)
            if post:
                if forced[i] and n > 2:
                    raise _bad(
                        "POST_ON_BLIND",
                        f"El asiento {seat} ya pone una ciega: no puede además colocar.",
                        f"Seat {seat} already posts a blind and cannot also post.",
                        f"seats[{k}].post",
                    )
                forced[i] = -post  # a live post by a new or returning player (SEAT-05)
        structure = rec.get("structure") or rules.structure
        if structure not in _VARIANTS:
            raise _bad(
                "STRUCTURE_INVALID",
                f"Estructura de apuestas desconocida: {structure}.",
                f"Unknown betting structure: {structure}.",
                "structure",
            )
        variant = _VARIANTS[structure]
        self.forced = tuple(
            (order[i], antes[i] + abs(forced[i])) for i in range(n) if antes[i] or forced[i]
        )
        small_bet = big_bet = min_bet = None
        if variant is Variant.FIXED_LIMIT:
            small_bet = units(blinds.get("small_bet") or big or 0, "blinds.small_bet", unit)
            big_bet = units(blinds.get("big_bet") or 2 * small_bet, "blinds.big_bet", unit)
        else:
            min_bet = big
        self.people = {
            seat: {
                "seat": seat,
                "player": None if s.get("player") is None else int(s["player"]),
                "name": str(s.get("name") or ""),
            }
            for seat, s in by_seat.items()
        }
        carry_in = self.carried(rec.get("carry_in") or (), by_seat)
        self.machine = Machine(
            variant,
            stacks,
            antes,
            forced,
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            chip_unit=unit,
            profile=rules.profile,
            carry_in=carry_in,
        )
        # Hole cards: dealt one per player in PHH order (DEAL-01); unknown cards as "??".
        for seat in order:
            s = by_seat[seat]
            k = position_of[seat]
            text = s.get("cards") or ""
            cards = parse_cards_text(text, f"seats[{k}].cards") if text else ()
            if not cards:
                cards = (UNKNOWN_CARD, UNKNOWN_CARD)
            elif len(cards) != 2 and not self.lenient:
                raise _bad(
                    "HOLE_CARDS_COUNT",
                    f"El asiento {seat} debe tener exactamente dos cartas.",
                    f"Seat {seat} must hold exactly two cards.",
                    f"seats[{k}].cards",
                )
            self.see(cards, f"seats[{k}].cards")
            self.push(Action.deal_hole(self.index_of[seat], cards), None, f"seats[{k}].cards")
        # SANC-13: a penalised player is dealt in and posts, and the hand is dead at once.
        for seat in order:
            s = by_seat[seat]
            if s.get("penalised"):
                self.push(Action.dead(self.index_of[seat]), None, f"seats[{position_of[seat]}]")
        for i, entry in enumerate(rec.get("actions") or ()):
            self.action(i, entry)
        awards = tuple(
            PotAward(pot, tuple(sorted(self.index_of[seat] for seat in seats)))
            for pot, (seats, _reason, _i) in sorted(self.awards.items())
        )
        self.machine.awards = {a.pot: a.winners for a in awards}
        result = rec.get("result") or {}
        finishing = None
        if result.get("finishing_stacks"):
            fs = result["finishing_stacks"]
            finishing = tuple(
                units(fs.get(str(seat), fs.get(seat, 0)), f"result.finishing_stacks.{seat}")
                for seat in order
            )
        rake = None
        if result.get("rake") is not None:
            rake = units(result["rake"], "result.rake")
        hand = EngineHand(
            variant=variant,
            starting_stacks=tuple(stacks),
            antes=tuple(antes),
            blinds_or_straddles=tuple(forced),
            actions=tuple(self.actions),
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            seats=order,
            players=_names(by_seat, order),
            finishing_stacks=finishing,
            rake=rake,
            chip_unit=unit,
            scale=2,
            carry_in=carry_in,
            forfeits=tuple(sorted(self.forfeits)),
            awards=awards,
        )
        return Built(
            hand,
            self.machine,
            order,
            self.index_of,
            self.origin,
            self.rulings,
            self.irregularities,
            dead_post,
            self.carry_through,
            self.people,
            dict(self.awards),
        )

    def carried(
        self, entries: Sequence[Mapping[str, Any]], by_seat: Mapping[int, Mapping[str, Any]]
    ) -> tuple[CarriedPot, ...]:
        """The pots carried into this hand (POT-09), open to the voided hand's players
        who are in it; a pot with none of them here is passed on unchanged."""
        pots: list[CarriedPot] = []
        through: list[dict[str, Any]] = []
        for k, entry in enumerate(normalise_carried(entries)):
            amount = units(entry["amount"], f"carry_in[{k}].amount", None)
            if amount <= 0:
                raise _bad(
                    "CARRY_IN_INVALID",
                    "Un pozo arrastrado debe tener un importe positivo.",
                    "A carried pot must have a positive amount.",
                    f"carry_in[{k}].amount",
                )
            eligible = tuple(
                sorted(
                    self.index_of[e["seat"]]
                    for e in entry["eligible"]
                    if e["seat"] in by_seat and _same_player(e, by_seat[e["seat"]])
                )
            )
            if eligible:
                pots.append(CarriedPot(amount, eligible))
            else:
                through.append(entry)
        self.carry_through = tuple(through)
        return tuple(pots)

    def forfeit(self, seats: Iterable[Any], field_name: str) -> None:
        """IRREG-03: these seats knew of two identical cards and still bet or raised: if
        the hand is void their chips stay for the next hand."""
        for seat in seats:
            self.forfeits.add(self.player(seat, field_name))
        self.machine.forfeits = tuple(sorted(self.forfeits))

    # -- one record action -------------------------------------------------
    def action(self, i: int, entry: Mapping[str, Any]) -> None:
        kind = entry.get("action")
        f = f"actions[{i}]"
        m = self.machine
        if kind == "board":
            cards = parse_cards_text(entry.get("cards") or "", f"{f}.cards", allow_unknown=False)
            if not cards:
                raise _bad(
                    "BOARD_CARDS_MISSING",
                    "Indique las cartas comunitarias repartidas.",
                    "Give the board cards dealt.",
                    f"{f}.cards",
                )
            self.see(cards, f"{f}.cards")
            self.push(Action.deal_board(cards), i, f)
            return
        if kind == "void":
            reason = entry.get("reason") or VoidReason.MISDEAL.value
            if reason not in VOID_REASONS:
                reason = VoidReason.OTHER.value
            if entry.get("forfeits"):
                self.forfeit(entry["forfeits"], f"{f}.forfeits")
            self.push(Action.void(VoidReason(reason)), i, f)
            return
        if kind == "irregularity":
            self.irregularity(i, entry)
            return
        if kind == "award":
            self.award(i, entry)
            return
        player = self.player(entry.get("seat"), f"{f}.seat")
        if kind == "fold":
            self.push(Action.fold(player), i, f)
        elif kind == "check":
            self.push(Action.check(player), i, f)
        elif kind == "call":
            self.push(Action.call(player), i, f)
        elif kind in ("bet", "raise"):
            if entry.get("amount") is None:
                raise _bad(
                    "AMOUNT_REQUIRED",
                    "Una apuesta o subida necesita el importe total al que se apuesta.",
                    "A bet or raise needs the total amount bet to.",
                    f"{f}.amount",
                )
            to = units(entry["amount"], f"{f}.amount", None)
            available = m.stacks[player] + m.bets[player]
            if to != available and to % self.unit:
                # BET-02: only an all-in may be something else than whole chips.
                units(entry["amount"], f"{f}.amount", self.unit)
            self.push(Action.bet_raise(player, to), i, f)
        elif kind == "all_in":
            if m.phase == BETTING:
                available = m.stacks[player] + m.bets[player]
                if available > m.current_bet:
                    self.push(Action.bet_raise(player, available), i, f)
                    return
            self.push(Action.call(player), i, f)
        elif kind == "show":
            text = entry.get("cards") or ""
            cards = parse_cards_text(text, f"{f}.cards") if text else ()
            dealt = m.hole[player] or ()
            fresh = [c for c in cards if c >= 0 and c not in dealt]
            self.see(fresh, f"{f}.cards")
            self.push(Action.show(player, cards), i, f)
        elif kind == "muck":
            self.push(Action.muck(player), i, f)
        elif kind == "dead":
            self.push(Action.dead(player), i, f)
        elif kind == "observed":
            self.observed(i, entry, player)
        else:
            raise _bad(
                "ACTION_UNKNOWN",
                f"Acción desconocida: {kind}.",
                f"Unknown action: {kind}.",
                f"{f}.action",
            )

    def award(self, i: int, entry: Mapping[str, Any]) -> None:
        """SHOW-14, issue 38 §2: the seats the croupier pushed one pot to, once the hand is
        over. A pot whose cards do not say who won it for certain needs the reason the
        floor decided it (``AWARD_REASONS``); the engine then pays it as recorded."""
        f = f"actions[{i}]"
        m = self.machine
        if m.phase not in (SHOWDOWN, OVER) or m.incomplete_reason() is not None:
            raise _bad(
                "AWARD_INVALID",
                "El reparto de un bote se registra cuando la mano terminó.",
                "Who took a pot is recorded once the hand is over.",
                f,
            )
        pot = entry.get("pot")
        settled = m.copy()
        settled.awards = {}
        pots = settled.settle(finished=True).pots
        if type(pot) is not int or not 0 <= pot < len(pots):
            raise _bad(
                "AWARD_INVALID",
                f"La mano no tiene el bote {pot}.",
                f"The hand has no pot {pot}.",
                f"{f}.pot",
            )
        if pot in self.awards:
            raise _bad(
                "AWARD_INVALID",
                "Ese bote ya tiene registrado a quién se empujó.",
                "Who took that pot is already recorded.",
                f"{f}.pot",
            )
        seats = sorted({int(s) for s in entry.get("seats") or ()})
        if not seats:
            raise _bad(
                "AWARD_INVALID",
                "Indique a qué asiento o asientos empujó el croupier el bote.",
                "Give the seat or seats the croupier pushed the pot to.",
                f"{f}.seats",
            )
        eligible = {self.order[p] for p in pots[pot].eligible}
        for seat in seats:
            self.player(seat, f"{f}.seats")
            if seat not in eligible:
                raise _bad(
                    "AWARD_INVALID",
                    f"El asiento {seat} no disputaba ese bote.",
                    f"Seat {seat} was not contesting that pot.",
                    f"{f}.seats",
                )
        reason = str(entry.get("reason") or "")
        if reason and reason not in AWARD_REASONS:
            raise _bad(
                "AWARD_INVALID",
                f"Motivo desconocido: {reason}.",
                f"Unknown reason: {reason}.",
                f"{f}.reason",
            )
        if not reason and pot in settled.unread:
            raise _bad(
                "AWARD_REASON_REQUIRED",
                "Las cartas no dicen quién ganó ese bote: indique por qué lo decide el "
                "personal (cartas ilegibles o no registradas, mano tirada).",
                "The cards do not say who won that pot: give the reason the staff decide "
                "it (cards unreadable or not entered, hand mucked).",
                f"{f}.reason",
            )
        self.awards[pot] = (tuple(seats), reason, i)

    def observed(self, i: int, entry: Mapping[str, Any], player: int) -> None:
        """HREC-03: the floor's facts become the effective action (rulings.md A-C)."""
        f = f"actions[{i}]"
        m = self.machine
        facts = dict(entry.get("observed") or {})
        if m.phase != BETTING:
            raise _bad(
                "OBSERVED_OUT_OF_BETTING",
                "Solo se interpretan acciones observadas durante una ronda de apuestas.",
                "Observed actions are interpreted only during a betting round.",
                f"{f}.observed",
            )
        try:
            amount = facts.get("amount")
            observed = ObservedAction(
                word=Word(facts.get("word") or "none"),
                amount=None if amount in (None, "") else units(amount, f"{f}.observed.amount"),
                amount_is_increment=bool(facts.get("amount_is_increment", False)),
                declared_before_chips=bool(facts.get("declared_before_chips", True)),
                chips=tuple(
                    units(c, f"{f}.observed.chips", self.unit) for c in facts.get("chips") or ()
                ),
                movements=int(facts.get("movements", 1)),
                first_movement_chips=facts.get("first_movement_chips"),
                released=bool(facts.get("released", True)),
                taps=int(facts.get("taps", 0)),
                in_turn=bool(facts.get("in_turn", player == m.next_actor())),
                players_acted_after=int(facts.get("players_acted_after", 0)),
                later_choice=Word(facts.get("later_choice") or "none"),
                cards_forward=bool(facts.get("cards_forward", False)),
                left_seat=bool(facts.get("left_seat", False)),
                deliberate=bool(facts.get("deliberate", False)),
            )
            context = self.betting_context(player)
            ruling = interpret(observed, context, self.rules.profile)
        except ValidationFailed:
            raise
        except (ValueError, TypeError) as exc:
            raise _bad(
                "OBSERVED_INVALID",
                f"Hechos observados inválidos: {exc}",
                f"Invalid observed facts: {exc}",
                f"{f}.observed",
            ) from None
        self.rulings[i] = {
            "kind": ruling.kind.value,
            "amount_to": money_text(ruling.amount_to),
            "chips_to_add": money_text(ruling.chips_to_add),
            "change": money_text(ruling.change),
            "status": ruling.status.value,
            "rule_ids": list(ruling.rule_ids),
            "requirement_ids": list(ruling.requirement_ids),
            "sources": list(ruling.sources),
            "explanation": {"es": ruling.explanation_es, "en": ruling.explanation_en},
            "sanction": None
            if ruling.sanction is None
            else {"conduct": ruling.sanction.conduct.value, "mandatory": ruling.sanction.mandatory},
        }
        if ruling.status is RulingStatus.INVALID or ruling.kind is EffectiveKind.NONE_YET:
            return  # the engine only proposes; nothing is played until the floor decides
        for action in _effective_actions(ruling, player, context):
            self.push(action, i, f)

    def betting_context(self, player: int) -> BettingContext:
        m = self.machine
        current = m.current_bet
        low, high = m.raise_bounds(player)
        if low <= current:
            low = current + self.unit
        fixed = m.variant is Variant.FIXED_LIMIT
        return BettingContext(
            to_call=min(m.to_call(player), current),
            current_bet=current,
            min_raise_to=low,
            stack=m.stacks[player],
            street=Street(min(m.street, 3)),
            max_raise_to=high if m.variant is Variant.POT_LIMIT and high >= low else None,
            limit_size=(high - current) if fixed else None,
            betting_open=m.may_raise(player) and not m.cap_reached(),
            chip_unit=self.unit,
        )

    def irregularity(self, i: int, entry: Mapping[str, Any]) -> None:
        """IRREG-14: the floor declares an irregularity; the engine rules on it."""
        f = f"actions[{i}].irregularity"
        facts = dict(entry.get("irregularity") or {})
        try:
            kind = IrregularityKind(facts.get("kind"))
        except ValueError:
            raise _bad(
                "IRREGULARITY_UNKNOWN",
                f"Irregularidad desconocida: {facts.get('kind')}.",
                f"Unknown irregularity: {facts.get('kind')}.",
                f"{f}.kind",
            ) from None
        seat = facts.get("seat", entry.get("seat"))
        if seat is not None and int(seat) not in self.index_of:
            self.player(seat, f"{f}.seat")
        try:
            irregularity = Irregularity(
                kind=kind,
                seat=None if seat is None else int(seat),
                cards=int(facts.get("cards", 1)),
                first_or_second_card=bool(facts.get("first_or_second_card", False)),
                partially_seen=bool(facts.get("partially_seen", False)),
                already_dealt=bool(facts.get("already_dealt", False)),
                in_hand=bool(facts.get("in_hand", True)),
                knowing_seats=tuple(int(s) for s in facts.get("knowing_seats") or ()),
                extra_card_was_burn=bool(facts.get("extra_card_was_burn", False)),
                exposed_by_dealer=bool(facts.get("exposed_by_dealer", False)),
                facing_bet=bool(facts.get("facing_bet", False)),
                threw_cards=bool(facts.get("threw_cards", False)),
                deliberate=bool(facts.get("deliberate", False)),
                burn_error=BurnError(facts["burn_error"]) if facts.get("burn_error") else None,
                board_exposed=bool(facts.get("board_exposed", False)),
                button_from=facts.get("button_from"),
                button_to=facts.get("button_to"),
                noticed_in_next_hand=bool(facts.get("noticed_in_next_hand", True)),
                amount=units(facts.get("amount") or 0, f"{f}.amount"),
                conduct=ConductCode(facts["conduct"]) if facts.get("conduct") else None,
                immediate_removal=bool(facts.get("immediate_removal", False)),
            )
        except (ValueError, TypeError) as exc:
            raise _bad(
                "IRREGULARITY_INVALID",
                f"Datos de la irregularidad inválidos: {exc}",
                f"Invalid irregularity data: {exc}",
                f,
            ) from None
        ruling = decide(irregularity, self.hand_context(), self.rules.profile)
        street = min(self.machine.street, 3)
        self.irregularities.append(
            {
                "action_index": i,
                "kind": kind.value,
                "seat": irregularity.seat,
                "street": street,
                "facts": facts,
                "outcome": ruling.outcome.value,
                "ruling": {
                    "outcomes": [o.value for o in ruling.outcomes],
                    "dead_seats": list(ruling.dead_seats),
                    "refunds": [
                        {"seat": r.seat, "amount": money_text(r.amount)} for r in ruling.refunds
                    ],
                    "misdeal_cause": ruling.misdeal_cause,
                    "button_seat": ruling.button_seat,
                    "following_button_seat": ruling.following_button_seat,
                    "sanctions": [
                        {
                            "seat": s.seat,
                            "conduct": s.conduct.value,
                            "mandatory": s.mandatory,
                            "starts": s.starts.value,
                        }
                        for s in ruling.sanctions
                    ],
                    "rule_ids": list(ruling.rule_ids),
                    "requirement_ids": list(ruling.requirement_ids),
                    "sources": list(ruling.sources),
                    "needs_supervisor": ruling.needs_supervisor,
                    "final_decision": ruling.final_decision,
                    "explanation": {"es": ruling.explanation_es, "en": ruling.explanation_en},
                },
                "rule_ids": list(ruling.rule_ids),
            }
        )
        if ruling.carry_over is not None:  # IRREG-03, RUL-34: the knowing players' chips
            self.forfeit((r.seat for r in ruling.carry_over.contributors), f"{f}.knowing_seats")
        seat_to_player = {seat: idx for seat, idx in self.index_of.items()}
        for action in irregularity_actions(ruling, seat_to_player):
            if action.kind is ActionKind.DEAD and self.machine.folded[action.player]:
                continue
            self.push(action, i, f"actions[{i}]")

    def hand_context(self) -> HandContext:
        m = self.machine
        order = self.order
        players_acted = bin(m.actors).count("1")
        contributions = tuple((order[i], m.contrib[i]) for i in range(m.n))
        return HandContext(
            street=Street(min(m.street, 3)),
            players_acted=players_acted,
            seats=order,
            contributions=contributions,
            forced=self.forced,
            street_bets=tuple((order[i], m.bets[i]) for i in range(m.n)),
            all_in_seats=tuple(
                order[i] for i in range(m.n) if m.stacks[i] == 0 and not m.folded[i]
            ),
            action_on_street=m.round_acted,
            tournament=self.rules.profile.tournament,
        )


def _names(
    by_seat: Mapping[int, Mapping[str, Any]], order: Sequence[int]
) -> tuple[str, ...] | None:
    names = tuple(str(by_seat[s].get("name") or "") for s in order)
    return names if any(names) else None


def build(record: Mapping[str, Any], rules: Rules, *, lenient: bool = False) -> Built:
    """The engine hand of a record. Bad input raises ``ValidationFailed`` (400)."""
    return _Builder(record, rules, lenient=lenient).build()


# ---------------------------------------------------------------------------
# Verdicts


@dataclass(frozen=True, slots=True)
class ViolationData:
    code: str
    action: int | None  # index in the record's action list
    field: str | None
    message_es: str
    message_en: str
    source: str = "engine"  # "engine" or "recorder" (sequence, continuity, seating)
    severity: str = "error"  # "error" makes the hand invalid; "warning" does not

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "action": self.action,
            "field": self.field,
            "message": {"es": self.message_es, "en": self.message_en},
            "source": self.source,
            "severity": self.severity,
        }


@dataclass(frozen=True, slots=True)
class PotData:
    amount: Decimal
    eligible: tuple[int, ...]  # seats
    rake: Decimal
    winners: tuple[int, ...]  # seats
    shares: tuple[Decimal, ...]
    odd_chips: tuple[int, ...]  # seats
    carried: bool = False  # carried in from a voided hand (POT-09)

    def as_dict(self) -> dict[str, Any]:
        out = {
            "amount": str(self.amount),
            "eligible": list(self.eligible),
            "rake": str(self.rake),
            "winners": list(self.winners),
            "shares": [str(s) for s in self.shares],
            "odd_chips": list(self.odd_chips),
        }
        if self.carried:
            out["carried"] = True
        return out


@dataclass(frozen=True, slots=True)
class VerdictData:
    status: str  # valid / invalid / void
    violations: tuple[ViolationData, ...]
    pots: tuple[PotData, ...]
    rake: Decimal
    finishing: dict[int, Decimal]  # seat -> chips after the hand
    payouts: dict[int, Decimal]  # seat -> chips won from the pots
    returned: dict[int, Decimal]  # seat -> uncalled bet returned
    showdown_order: tuple[int, ...]
    incomplete: bool
    malformed: bool
    # Chips kept for the next hand (IRREG-03, POT-09), in their stored form.
    carry_out: tuple[dict[str, Any], ...] = ()
    # Pots (settlement order) the record does not say who won: no award, and not every
    # hand claiming them read (SHOW-14, issue 38 §2).
    unread_pots: tuple[int, ...] = ()

    @property
    def pot_total(self) -> Decimal:
        return sum((p.amount for p in self.pots), Decimal("0.00"))


_SEAT_REF = re.compile(r"\bp(\d+)\b")
_NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
_AMOUNT_CODES = frozenset(
    {
        "BET_BELOW_MINIMUM",
        "RAISE_BELOW_MINIMUM",
        "RAISE_ABOVE_POT",
        "LIMIT_SIZE",
        "EXCEEDS_STACK",
        "AMOUNT_NOT_CHIP_MULTIPLE",
        "CHECK_NOT_ALLOWED",
    }
)


def _message(code: str, text: str, order: Sequence[int], lang: str) -> str:
    if code in _AMOUNT_CODES:
        text = _NUMBER.sub(lambda mo: money_text(int(mo.group(1))), text)
    word = "asiento" if lang == "es" else "seat"

    def seat(mo: re.Match[str]) -> str:
        k = int(mo.group(1)) - 1
        return f"{word} {order[k]}" if 0 <= k < len(order) else mo.group(0)

    return _SEAT_REF.sub(seat, text)


def judge(built: Built, rules: Rules) -> VerdictData:
    """Validate a built hand under the table's profile (HREC-04..06)."""
    verdict = validate(built.hand, rules.profile)
    order = built.order
    out: list[ViolationData] = []
    incomplete = malformed = False
    for v in verdict.violations:
        code = v.code.value
        index = v.action
        record_index: int | None = None
        field_name: str | None = None
        if index is not None and 0 <= index < len(built.origin):
            record_index, field_name = built.origin[index]
        if code == "HAND_INCOMPLETE":
            incomplete = True
        elif code == "MALFORMED":
            malformed = True
        out.append(
            ViolationData(
                code,
                record_index,
                field_name,
                _message(code, v.message_es, order, "es"),
                _message(code, v.message_en, order, "en"),
            )
        )
    pots = tuple(
        PotData(
            money(p.amount),
            tuple(order[i] for i in p.eligible),
            money(p.rake),
            tuple(order[i] for i in p.winners),
            tuple(money(s) for s in p.shares),
            tuple(order[i] for i in p.odd_chips),
            p.carried,
        )
        for p in verdict.pots
    )
    carry_out = tuple(
        {
            "amount": str(money(p.amount)),
            "eligible": [dict(built.people[order[i]]) for i in p.eligible],
        }
        for p in verdict.carry_out
    ) + tuple(built.carry_through)
    n = len(order)
    fin = verdict.finishing_stacks or tuple(built.hand.starting_stacks)
    pay = verdict.payouts or (0,) * n
    ret = verdict.uncalled_returned or (0,) * n
    return VerdictData(
        status=verdict.status.value if verdict.status is not Status.SKIPPED else "invalid",
        violations=tuple(out),
        pots=pots,
        rake=money(verdict.rake),
        finishing={order[i]: money(fin[i]) for i in range(n)},
        payouts={order[i]: money(pay[i]) for i in range(n)},
        returned={order[i]: money(ret[i]) for i in range(n)},
        showdown_order=tuple(order[i] for i in verdict.showdown_order),
        incomplete=incomplete,
        malformed=malformed,
        carry_out=carry_out,
        unread_pots=tuple(verdict.unread_pots),
    )


def verdict_of(record: Mapping[str, Any], rules: Rules) -> tuple[Built, VerdictData]:
    built = build(record, rules)
    return built, judge(built, rules)


# ---------------------------------------------------------------------------
# Live logging: whose turn, and what may they do (BET-24, HREC-04)

_PHASES = {BETTING: "betting", DEALING: "dealing", SHOWDOWN: "showdown", OVER: "over", VOID: "void"}
_STREETS = ("preflop", "flop", "turn", "river")


def live_state(record: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The state of a hand being logged: next actor and legal options, pots, stacks."""
    built = build(record, rules, lenient=True)
    m = built.machine
    order = built.order
    phase = _PHASES.get(m.phase, "betting")
    state: dict[str, Any] = {
        "phase": phase,
        "street": _STREETS[min(m.street, 3)],
        "board": cards_text(c for c in m.board),
        "pot": str(money(m.total)),
        "stacks": {str(order[i]): str(money(m.stacks[i])) for i in range(m.n)},
        "bets": {str(order[i]): str(money(m.bets[i])) for i in range(m.n)},
        "folded": [order[i] for i in range(m.n) if m.folded[i]],
        "next_seat": None,
        "options": [],
        "expected": None,
        "complete": m.incomplete_reason() is None,
        "positions": {str(k): v for k, v in positions(order).items()},
        # POT-11: every pot as it stands, with the seats that can win it.
        "pots": [
            {"amount": money_text(amount), "eligible": [order[i] for i in eligible]}
            for amount, eligible in HandState(m, built.hand, len(built.hand.actions), ()).pots()
        ],
    }
    if phase == "betting":
        actor = m.next_actor()
        if actor >= 0:
            state["next_seat"] = order[actor]
            state["options"] = _options(built)
    elif phase == "dealing":
        count = 3 if m.street == 0 else 1
        state["expected"] = {"action": "board", "cards": count, "street": _STREETS[m.street + 1]}
    elif phase == "showdown":
        if len(m.board) < 5:
            state["expected"] = {
                "action": "board",
                "cards": 3 if not m.board else 1,
                "street": {0: "flop", 3: "turn"}.get(len(m.board), "river"),
            }
        else:
            waiting = [
                order[i]
                for i in m.showdown_order()
                if m.shown[i] is None and not m.mucked[i] and not m.folded[i]
            ]
            if waiting:
                state["next_seat"] = waiting[0]
                state["expected"] = {"action": "show_or_muck", "seats": waiting}
    state["closing"] = _closing(built) if phase == "betting" else None
    state["awards_needed"] = []
    state["winners"] = []
    if state["complete"] and m.phase in (SHOWDOWN, OVER):
        _settled_view(state, built)
    return state


def _closing(built: Built) -> dict[str, Any] | None:
    """Issue 38 §5: what ends this betting round at no cost but checks and at most one
    call (the only way it ends without another bet or a fold), and what comes next (the
    next board cards, or the first hand to show). None when more than that is left."""
    m = built.machine.copy()
    order = built.order
    street = m.street
    known = len(m.violations)
    steps: list[dict[str, Any]] = []
    calls = 0
    for _ in range(m.n):
        if m.phase != BETTING or m.street != street:
            break
        actor = m.next_actor()
        if actor < 0:
            return None
        owed = m.to_call(actor)
        if owed > 0:
            calls += 1
            steps.append(
                {
                    "seat": order[actor],
                    "action": "call",
                    "amount": money_text(min(owed, m.stacks[actor])),
                }
            )
            m.apply(Action.call(actor), -1)
        else:
            steps.append({"seat": order[actor], "action": "check"})
            m.apply(Action.check(actor), -1)
    if calls > 1 or len(m.violations) != known or not steps:
        return None
    if m.phase == DEALING:
        then = {
            "action": "board",
            "street": _STREETS[m.street + 1],
            "cards": 3 if m.street == 0 else 1,
        }
    elif m.phase == SHOWDOWN and len(m.board) < 5:
        then = {
            "action": "board",
            "street": {0: "flop", 3: "turn"}.get(len(m.board), "river"),
            "cards": 3 if not m.board else 1,
        }
    elif m.phase == SHOWDOWN:
        waiting = [i for i in m.showdown_order() if m.shown[i] is None and not m.mucked[i]]
        if not waiting:
            return None
        then = {"action": "show", "seat": order[waiting[0]]}
    else:
        return None
    return {"actions": steps, "then": then}


def _settled_view(state: dict[str, Any], built: Built) -> None:
    """Issue 38 §2: who takes each pot as the record stands (the cards read, or the floor's
    award) and the pots it does not say: the hand is complete only once they are awarded."""
    order = built.order
    settled = built.machine.copy()
    pots = settled.settle(finished=True).pots
    for k, pot in enumerate(pots):
        kind = "carried" if pot.carried else ("main" if k == 0 else "side")
        view = {
            "pot": k,
            "kind": kind,
            "amount": money_text(pot.amount),
            "eligible": [order[i] for i in pot.eligible],
            "winners": [order[i] for i in pot.winners],
            "awarded": k in built.awards,
        }
        if k in settled.unread:
            state["awards_needed"].append(view)
        else:
            state["winners"].append(view)
    if state["awards_needed"]:
        state["complete"] = False


def _options(built: Built) -> list[dict[str, Any]]:
    """The legal options of the player to act, from the engine's ``HandState`` (BET-24)."""
    m = built.machine
    state = HandState(m, built.hand, len(built.hand.actions), ())
    o = state.options()
    if o is None:
        return []
    stack = m.stacks[o.player]
    opts: list[dict[str, Any]] = [{"action": "fold"}]
    if o.can_check:
        opts.append({"action": "check"})
    else:
        opts.append(
            {
                "action": "call",
                "amount": money_text(o.call_amount),
                "all_in": o.call_amount >= stack,
            }
        )
    if o.can_bet_or_raise and o.min_to is not None and o.max_to is not None:
        if o.min_to < o.all_in_to:
            option: dict[str, Any] = {
                "action": "bet" if o.is_bet else "raise",
                "min": money_text(o.min_to),
                "max": money_text(o.max_to),
            }
            if o.raises_left is not None:
                option["raises_left"] = o.raises_left  # fixed limit (BET-09)
            opts.append(option)
        if o.max_to == o.all_in_to:
            opts.append({"action": "all_in", "amount": money_text(o.all_in_to)})
    return opts


# ---------------------------------------------------------------------------
# Replay, step by step (board, pots and stacks after each action)

_VERBS = {
    ActionKind.DEAL_HOLE: ("recibe {cards}", "is dealt {cards}"),
    ActionKind.FOLD: ("se retira", "folds"),
    ActionKind.CHECK: ("pasa", "checks"),
    ActionKind.CALL: ("iguala", "calls"),
    ActionKind.CHECK_OR_CALL: ("pasa o iguala", "checks or calls"),
    ActionKind.SHOW: ("muestra {cards}", "shows {cards}"),
    ActionKind.MUCK: ("descarta sin mostrar", "mucks"),
    ActionKind.DEAD: ("mano muerta", "hand is dead"),
}


def replay(record: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """Each action with the board, pots, bets and stacks after it (the replay page)."""
    built = build(record, rules, lenient=True)
    hand = built.hand
    order = built.order
    m = Machine.from_hand(hand, rules.profile)
    steps: list[dict[str, Any]] = []

    def snapshot(index: int | None, es: str, en: str) -> None:
        pots = m.settle(finished=False).pots
        steps.append(
            {
                "index": index,
                "record_action": None if index is None else built.origin[index][0],
                "text": {"es": es, "en": en},
                "street": _STREETS[min(m.street, 3)],
                "board": cards_text(m.board, symbols=True),
                "pot": str(money(m.total)),
                "pots": [
                    {"amount": str(money(p.amount)), "eligible": [order[i] for i in p.eligible]}
                    for p in pots
                ],
                "stacks": {order[i]: str(money(m.stacks[i])) for i in range(m.n)},
                "bets": {order[i]: str(money(m.bets[i])) for i in range(m.n)},
                "folded": [order[i] for i in range(m.n) if m.folded[i]],
                "next_seat": order[m.next_actor()] if m.next_actor() >= 0 else None,
            }
        )

    snapshot(None, "Ciegas y obligatorias puestas", "Blinds and forced bets posted")
    for index, action in enumerate(hand.actions):
        before_bet = m.current_bet
        m.apply(action, index)
        es, en = _describe_action(action, order, before_bet)
        snapshot(index, es, en)
    settlement = m.settle()
    shown = {}
    for i in range(m.n):
        cards = m.shown[i]
        if cards and all(c >= 0 for c in cards) and len(m.board) == 5:
            value = evaluate7((*cards, *m.board))
            shown[order[i]] = {
                "cards": cards_text(cards, symbols=True),
                "es": _describe(value, "es"),
                "en": _describe(value, "en"),
            }
    return {
        "steps": steps,
        "positions": positions(order),
        "shown": shown,
        "pots": [
            {
                "amount": str(money(p.amount)),
                "rake": str(money(p.rake)),
                "winners": [order[i] for i in p.winners],
                "shares": [str(money(s)) for s in p.shares],
            }
            for p in settlement.pots
        ],
        "finishing": {order[i]: str(money(v)) for i, v in enumerate(settlement.finishing_stacks)},
    }


def _describe_action(action: Action, order: Sequence[int], before_bet: int) -> tuple[str, str]:
    kind = action.kind
    if kind is ActionKind.DEAL_BOARD:
        text = cards_text(action.cards, symbols=True)
        return f"Mesa: {text}", f"Board: {text}"
    if kind is ActionKind.VOID:
        return "Mano anulada", "Hand declared void"
    if kind is ActionKind.NOOP:
        return "—", "—"
    seat = order[action.player] if 0 <= action.player < len(order) else action.player
    if kind is ActionKind.BET_RAISE:
        amount = money_text(action.amount)
        if before_bet:
            return f"Asiento {seat} sube a {amount}", f"Seat {seat} raises to {amount}"
        return f"Asiento {seat} apuesta {amount}", f"Seat {seat} bets {amount}"
    es, en = _VERBS.get(kind, ("actúa", "acts"))
    text = cards_text(action.cards, symbols=True) if action.cards else ""
    return (
        f"Asiento {seat} " + es.format(cards=text),
        f"Seat {seat} " + en.format(cards=text),
    )


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
        extra = [("hand", int(meta["number"]))]
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
    scale = hand.scale
    if scale > 2:
        factor_num, factor_den = 1, 10 ** (scale - 2)
    else:
        factor_num, factor_den = 10 ** (2 - scale), 1

    def cents(value: int, field_name: str) -> int:
        scaled = value * factor_num
        if scaled % factor_den:
            raise _bad(
                "AMOUNT_INVALID",
                "Un importe de la mano tiene fracciones de centavo.",
                "An amount of the hand has fractions of a cent.",
                field_name,
            )
        return scaled // factor_den

    def amount(value: int, field_name: str) -> str:
        return money_text(cents(value, field_name))

    n = hand.player_count
    extra = dict(hand.extra)
    seats = list(hand.seats) if hand.seats and len(hand.seats) == n else list(range(1, n + 1))
    if len(set(seats)) != n or not all(isinstance(s, int) and 1 <= s <= 10 for s in seats):
        seats = list(range(1, n + 1))
    # PHH order: index 0 is left of the button; the button is the last player (GAME-07).
    # The seats must run clockwise from the button for the record to rebuild the same order.
    button = seats[-1]
    if phh_order(seats, button) != tuple(seats):
        seats = list(range(1, n + 1))
        button = seats[-1]
    names = list(hand.players) if hand.players and len(hand.players) == n else [""] * n
    antes, blinds = hand.antes, hand.blinds_or_straddles
    uniform_ante = min(antes) if antes else 0
    if n == 2:
        small, big = blinds[0], blinds[1]
        straddle = 0
    else:
        small, big = blinds[0], blinds[1]
        straddle = blinds[2] if n > 3 and blinds[2] > 0 else 0
    seat_rows = []
    machine = Machine.from_hand(hand)
    holes: dict[int, tuple[int, ...]] = {}
    for index, action in enumerate(hand.actions):
        if any(c < UNKNOWN_CARD or c > 51 for c in action.cards):
            raise _bad(
                "CARD_INVALID",
                "La mano nombra una carta que no existe.",
                "The hand names a card that does not exist.",
                f"actions[{index}]",
            )
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
    reasons = extra.get("_mesa_award_reasons")
    for award in hand.awards:  # SHOW-14: the floor's awards, after the play
        entry = {"action": "award", "pot": award.pot, "seats": [seats[i] for i in award.winners]}
        if isinstance(reasons, list) and award.pot < len(reasons):
            if reasons[award.pot] in AWARD_REASONS:
                entry["reason"] = reasons[award.pot]
        actions.append(entry)
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


# ---------------------------------------------------------------------------
# Re-validation summaries


def summary(verdict: VerdictData) -> dict[str, Any]:
    """The parts of a verdict compared by re-validation (issue 4 §8)."""
    return {
        "status": verdict.status,
        "codes": sorted(v.code for v in verdict.violations if v.source == "engine"),
        "rake": str(verdict.rake),
        "payouts": {str(k): str(v) for k, v in sorted(verdict.payouts.items())},
    }


# ---------------------------------------------------------------------------
# Simulated hands (tests, benchmarks, demo data): legal play chosen at random


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """One legal hand played at random (:func:`simulate_hand`).

    ``record`` is the recorder's record (the input of ``hands.services.hand_log``),
    ``rake`` the commission the table's rules take from it and ``finishing`` each
    seat's chips after it (seat -> ``Decimal``), as the engine computes them.
    """

    record: dict[str, Any]
    rake: Decimal
    finishing: dict[int, Decimal]


def simulate_hand(
    rules: Rules,
    *,
    stacks: Mapping[int, Decimal],
    button: int,
    small: Decimal,
    big: Decimal,
    rng: Any,
    names: Mapping[int, str] | None = None,
) -> SimulatedHand:
    """One legal hand with random play at a table (tests, benchmarks, ``simulate_day``).

    ``stacks`` are the chips of the seats dealt in (seat -> money), ``button`` one of
    those seats; the blinds follow it (GAME-07, OQ-32 heads-up). Cards come from
    ``rng`` (a ``random.Random``) and every action is chosen among the engine's
    legal options (``HandState.options``): bets, raises, calls, folds, a showdown.
    """
    if button not in stacks or len(stacks) < 2:
        raise ValueError("at least two seats dealt in, the button one of them")
    unit = rules.chip_unit
    order = phh_order(stacks, button)
    chips = [units(stacks[s], f"stacks.{s}") for s in order]
    sb, bb = units(small, "small"), units(big, "big")
    played = _simulate_hand(rules, order, chips, sb, bb, unit, rng)
    hand = EngineHand(
        variant=played.variant,
        starting_stacks=played.starting_stacks,
        antes=played.antes,
        blinds_or_straddles=played.blinds_or_straddles,
        actions=played.actions,
        min_bet=played.min_bet,
        small_bet=played.small_bet,
        big_bet=played.big_bet,
        seats=order,
        players=tuple((names or {}).get(s, "") for s in order) if names else None,
        chip_unit=unit,
        scale=2,
    )
    record, _number = _record_from_phh(hand, defaults={}, chip_unit=unit)
    record["structure"] = rules.structure
    verdict = validate(hand, rules.profile)
    if verdict.status is not Status.VALID:  # pragma: no cover - legal play by construction
        raise RuntimeError(f"simulated hand judged {verdict.status}: {verdict.codes}")
    finishing = {seat: money(verdict.finishing_stacks[i]) for i, seat in enumerate(order)}
    return SimulatedHand(record, money(verdict.rake), finishing)


def simulate_records(
    rules: Rules,
    *,
    count: int,
    seats: Sequence[int],
    stack: Decimal,
    small: Decimal,
    big: Decimal,
    seed: int = 0,
    button: int | None = None,
    names: Mapping[int, str] | None = None,
) -> list[dict[str, Any]]:
    """``count`` consecutive legal hands at one table, as records (:func:`simulate_hand`).

    Stacks carry over from hand to hand (chip continuity holds without buy-ins);
    a player who goes broke leaves the table; the button moves one seat
    clockwise after each hand (GAME-07). Every action is chosen among the
    engine's legal options (``HandState.options``), so each hand is valid.
    """
    import random

    rng = random.Random(seed)
    stacks = {int(s): Decimal(stack) for s in seats}
    ordered = sorted(stacks)
    current = button if button is not None else ordered[-1]
    records: list[dict[str, Any]] = []
    for _ in range(count):
        alive = sorted(s for s, v in stacks.items() if v > 0)
        if len(alive) < 2:
            break
        if current not in alive:
            after = [s for s in alive if s > current]
            current = after[0] if after else alive[0]
        hand = simulate_hand(
            rules,
            stacks={s: stacks[s] for s in alive},
            button=current,
            small=small,
            big=big,
            rng=rng,
            names=names,
        )
        records.append(hand.record)
        stacks.update(hand.finishing)
        after = [s for s in alive if s > current]
        current = after[0] if after else alive[0]
    return records


def _simulate_hand(
    rules: Rules,
    order: Sequence[int],
    stacks: list[int],
    sb: int,
    bb: int,
    unit: int,
    rng: Any,
) -> EngineHand:
    n = len(order)
    blinds = [0] * n
    blinds[0], blinds[1] = sb, bb
    fixed = rules.variant is Variant.FIXED_LIMIT
    setup = EngineHand(
        variant=rules.variant,
        starting_stacks=tuple(stacks),
        antes=(0,) * n,
        blinds_or_straddles=tuple(blinds),
        actions=(),
        min_bet=None if fixed else bb,
        small_bet=bb if fixed else None,
        big_bet=2 * bb if fixed else None,
        chip_unit=unit,
        scale=2,
    )
    deck = list(range(52))
    rng.shuffle(deck)
    state = HandState.start(setup, rules.profile)

    def play(action: Action) -> None:
        nonlocal state
        result = state.apply(action)
        if not isinstance(result, HandState):
            raise RuntimeError(f"simulated action refused: {result.violations}")
        state = result

    for i in range(n):
        play(Action.deal_hole(i, (deck.pop(), deck.pop())))
    shown: set[int] = set()
    for _step in range(500):
        if state.is_over:
            break
        due = state.dealer_due
        if due in ("flop", "turn", "river"):
            k = 3 if due == "flop" else 1
            play(Action.deal_board(tuple(deck.pop() for _ in range(k))))
            continue
        o = state.options()
        if o is not None:
            roll = rng.random()
            if o.can_bet_or_raise and o.min_to is not None and o.max_to is not None and roll < 0.25:
                low, high = o.min_to, o.max_to
                if high > low and rng.random() < 0.3:
                    steps = (high - low) // unit
                    to = low + unit * rng.randint(0, min(steps, 20))
                else:
                    to = low
                play(Action.bet_raise(o.player, to))
            elif o.call_amount and roll < 0.40:
                play(Action.fold(o.player))
            elif o.can_check:
                play(Action.check(o.player))
            else:
                play(Action.call(o.player))
            continue
        if state.at_showdown:
            for p in state.showdown_order():
                if p not in shown:
                    shown.add(p)
                    play(Action.show(p))
                    break
            continue
        break
    return state.hand
