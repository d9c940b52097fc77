"""The data model of a Texas Hold'em hand: a straight mapping of the PHH format.

A :class:`Hand` is what the hand recorder stores and what ``poker.phh`` reads
and writes. It follows the Poker Hand History (PHH) data model so that import
and export are field-for-field:

* Players are listed in PHH order: index 0 is the first player left of the
  button (the small blind), the last index is the button (GAME-07).
* ``antes`` and ``blinds_or_straddles`` are stored exactly as PHH writes them.
  Heads-up, PHH *reverse-assigns* the forced bets: with ``(1, 2)`` the button
  (index 1) posts 1 and index 0 posts 2 (OQ-32: the button posts the small
  blind and acts first pre-flop). :meth:`Hand.forced_bets` gives the amounts
  each player actually posts.
* A negative ``blinds_or_straddles`` entry is a live post by a player who has
  just joined (SEAT-05, 004 "post the big blind to be dealt in"); PHH files
  from HandHQ use it. It counts as that player's bet but does not change the
  order of action.
* Every amount is an ``int`` in the hand's units. A PHH file with decimals
  (cents) is scaled at import by ``10 ** scale``; ``chip_unit`` is the value
  of the smallest chip in play in those units (GEN-05): bets are multiples of
  it (BET-02), odd chips and the rake are rounded to it (POT-08, RAKE-07).
* Actions mirror the PHH action notation. ``BET_RAISE`` carries the street
  total the player bets or raises *to* (PHH ``cbr``). PHH's ``cc`` becomes
  ``CHECK_OR_CALL``, resolved by the state machine; the Mesa recorder records
  ``CHECK`` and ``CALL`` explicitly, so a check facing a bet is a violation.

Mesa's pot-limit Texas hold'em variant code is ``PT``: the PHH specification
has no pot-limit Texas code, and its codes are built as structure letter
(``F`` fixed, ``N`` no, ``P`` pot limit) + game letter (``T`` Texas, ``O``
Omaha, ``S`` short deck), as ``PO`` shows for pot-limit Omaha.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

#: A hole or board card that was not seen (PHH ``??``).
UNKNOWN_CARD = -1
#: A card text that names no card; kept so that validation reports CARD_INVALID.
INVALID_CARD = -2

#: No player (dealer actions).
DEALER = -1

MIN_PLAYERS = 2
MAX_PLAYERS = 10  # SEAT-01


class Variant(StrEnum):
    """Betting structure of a Texas Hold'em hand (GAME-01), by PHH code."""

    NO_LIMIT = "NT"
    FIXED_LIMIT = "FT"
    POT_LIMIT = "PT"  # Mesa's code: PHH has none for pot-limit Texas (see module doc)


class Street(IntEnum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class ActionKind(IntEnum):
    """What an entry of the action list does (PHH action notation + Mesa's own)."""

    DEAL_HOLE = 0  # PHH "d dh pN cards"
    DEAL_BOARD = 1  # PHH "d db cards"
    FOLD = 2  # "pN f"
    CHECK = 3  # Mesa recorder: an explicit check
    CALL = 4  # Mesa recorder: an explicit call (all-in for less included)
    CHECK_OR_CALL = 5  # PHH "pN cc": whichever applies
    BET_RAISE = 6  # "pN cbr X": bet or raise to X (street total)
    SHOW = 7  # "pN sm cards" (cards may be unknown) or "pN sm -"
    MUCK = 8  # "pN sm" with no cards
    DEAD = 9  # the floor kills the hand (DEAD-01, RUL-30): a fold, even out of turn
    VOID = 10  # the hand is declared void: every chip is returned (MISDEAL-03, IRREG-02/03)
    NOOP = 11  # PHH empty or comment-only action, kept so that indices stay aligned


class VoidReason(StrEnum):
    """Why a hand was declared void."""

    MISDEAL = "misdeal"  # MISDEAL-02: only before action (MISDEAL-03)
    DIFFERENT_BACK = "different_back"  # IRREG-02: a card of another deck in a hand
    DUPLICATE_CARD = "duplicate_card"  # IRREG-03: two identical cards
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a hand's action list.

    ``player`` is the 0-based player index (``DEALER`` for the dealer);
    ``amount`` is the bet-or-raise-to total for ``BET_RAISE`` and 0 otherwise;
    ``cards`` are card ints (``UNKNOWN_CARD`` for ``??``). A ``SHOW`` with no
    cards shows the cards already dealt (PHH ``sm -``).
    """

    kind: ActionKind
    player: int = DEALER
    amount: int = 0
    cards: tuple[int, ...] = ()
    reason: VoidReason | None = None
    commentary: str | None = None

    # Small constructors: the recorder and the tests read better with them.
    @classmethod
    def deal_hole(cls, player: int, cards: tuple[int, ...]) -> Action:
        return cls(ActionKind.DEAL_HOLE, player, 0, cards)

    @classmethod
    def deal_board(cls, cards: tuple[int, ...]) -> Action:
        return cls(ActionKind.DEAL_BOARD, DEALER, 0, cards)

    @classmethod
    def fold(cls, player: int) -> Action:
        return cls(ActionKind.FOLD, player)

    @classmethod
    def check(cls, player: int) -> Action:
        return cls(ActionKind.CHECK, player)

    @classmethod
    def call(cls, player: int) -> Action:
        return cls(ActionKind.CALL, player)

    @classmethod
    def check_or_call(cls, player: int) -> Action:
        return cls(ActionKind.CHECK_OR_CALL, player)

    @classmethod
    def bet_raise(cls, player: int, to: int) -> Action:
        return cls(ActionKind.BET_RAISE, player, to)

    @classmethod
    def show(cls, player: int, cards: tuple[int, ...] = ()) -> Action:
        return cls(ActionKind.SHOW, player, 0, cards)

    @classmethod
    def muck(cls, player: int) -> Action:
        return cls(ActionKind.MUCK, player)

    @classmethod
    def dead(cls, player: int) -> Action:
        return cls(ActionKind.DEAD, player)

    @classmethod
    def void(cls, reason: VoidReason = VoidReason.MISDEAL) -> Action:
        return cls(ActionKind.VOID, DEALER, 0, (), reason)

    @classmethod
    def noop(cls, commentary: str | None = None) -> Action:
        return cls(ActionKind.NOOP, DEALER, 0, (), None, commentary)


@dataclass(frozen=True, slots=True)
class CarriedPot:
    """Chips carried over from a voided hand, with the players who may win them.

    IRREG-03, RUL-34: when a hand is void because of two identical cards, a player
    who knew and still bet or raised to win the pot loses the refund; those chips
    stay for the next hand. POT-09: there they are a separate pot whose eligible
    players are only those of the voided hand who are in the new hand.
    ``eligible`` holds player indexes of the hand the pot belongs to.
    """

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotAward:
    """Who the floor pushed one pot to (SHOW-14, HREC-06): part of the recorded outcome.

    ``pot`` is the pot's place in the settlement: the main pot first (0), then the side
    pots as they were formed (POT-02), then the pots carried in from a voided hand
    (POT-09). ``winners`` are player indexes. The engine pays a pot as awarded; where
    the cards it reads give other winners it flags the difference (AUTH-04: the engine
    advises, the staff decide); where it reads no hand, the award is the only record
    of who won, and a pot nobody awarded is paid to nobody.
    """

    pot: int
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """A recorded hand (HREC-01), in PHH order and hand units (see module doc).

    ``finishing_stacks``, ``winnings`` and ``rake`` are the *recorded* outcome,
    when known; validation compares them with what the rules give. ``winnings``
    follow PHH: the chips each player collected, after the rake, uncalled bets
    returned included. ``extra`` keeps the other PHH fields (author, event,
    seats' metadata ...) as ``(name, value)`` pairs so that export can write
    them back.

    ``awards`` are the pots' winners as the floor recorded them (:class:`PotAward`),
    when the record says so: needed where the cards shown cannot be read.

    ``carry_in`` are pots carried into this hand from a voided hand (POT-09),
    settled as separate pots open only to their eligible players; ``forfeits``
    are the players who knew of two identical cards and still bet or raised
    (IRREG-03): if this hand is declared void, their chips in the pot are not
    returned but carried out to the next hand (``Verdict.carry_out``). Chips are
    conserved: starting stacks + carry-in = finishing stacks + rake + carry-out.
    """

    variant: Variant
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    actions: tuple[Action, ...]
    min_bet: int | None = None  # NT, PT
    small_bet: int | None = None  # FT
    big_bet: int | None = None  # FT
    seats: tuple[int, ...] | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    rake: int | None = None
    chip_unit: int = 1
    scale: int = 0
    ante_trimming_status: bool | None = None
    extra: tuple[tuple[str, Any], ...] = ()
    carry_in: tuple[CarriedPot, ...] = ()
    forfeits: tuple[int, ...] = ()
    awards: tuple[PotAward, ...] = ()

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def forced_bets(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(antes, blinds)`` as each player posts them (heads-up reversed, OQ-32)."""
        if len(self.starting_stacks) == 2:
            return self.antes[::-1], self.blinds_or_straddles[::-1]
        return self.antes, self.blinds_or_straddles

    @property
    def min_bet_amount(self) -> int:
        """The smallest opening bet: the big blind in NL/PL (BET-04), the small bet in FL."""
        if self.variant is Variant.FIXED_LIMIT:
            return self.small_bet or 0
        return self.min_bet or 0


# Fast private constructors for the hot paths (the PHH reader, the validator). A frozen
# dataclass's generated __init__ goes through object.__setattr__ for every field; setting
# the slots through their descriptors builds the very same object about twice as fast.
_new = object.__new__


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of a slot descriptor (bypasses a frozen dataclass's __setattr__)."""
    setter: Callable[[Any, Any], None] = vars(cls)[name].__set__
    return setter


_set_kind = slot_setter(Action, "kind")
_set_player = slot_setter(Action, "player")
_set_amount = slot_setter(Action, "amount")
_set_cards = slot_setter(Action, "cards")
_set_reason = slot_setter(Action, "reason")
_set_commentary = slot_setter(Action, "commentary")


def new_action(
    kind: ActionKind,
    player: int = DEALER,
    amount: int = 0,
    cards: tuple[int, ...] = (),
    reason: VoidReason | None = None,
    commentary: str | None = None,
) -> Action:
    """``Action(kind, player, amount, cards, reason, commentary)``, built faster."""
    action: Action = _new(Action)
    _set_kind(action, kind)
    _set_player(action, player)
    _set_amount(action, amount)
    _set_cards(action, cards)
    _set_reason(action, reason)
    _set_commentary(action, commentary)
    return action


_HAND_SETTERS = tuple(
    slot_setter(Hand, name)
    for name in Hand.__dataclass_fields__  # field order = __init__ order
)


def new_hand(*values: Any) -> Hand:
    """``Hand(*values)`` (all 20 fields, in order), built faster."""
    hand: Hand = _new(Hand)
    for setter, value in zip(_HAND_SETTERS, values, strict=True):
        setter(hand, value)
    return hand
