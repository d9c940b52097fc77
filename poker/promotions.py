"""Promotion funds: the pure rules of a bad-beat jackpot and a high-hand prize (issue 44).

A poker room funds promotions from its pots: a *drop* taken from each qualifying pot,
alongside the rake and kept apart from it, feeds a fund; the fund pays a *bad beat* (a
very strong hand that loses at the showdown) or a *high hand* (the best hand of a
period). New Jersey (N.J.A.C. 13:69F-14.19) and Washington (WAC 230-15) require the
rules to be posted and applied exactly as posted, so this module states each rule as a
value and each decision as a function of that value and the hand's record. No Django:
the promotions app will store the rules (versioned, dated, never edited in place) and
call these functions with plain data. docs/promotions.md gives the wording for players.

The rules of a fund (:class:`FundRules`):

* the drop (:class:`Drop`): a fixed amount or a share of the pot in basis points, a
  minimum pot, a cap, and which pots pay it (raked pots only, a flop seen);
* the seed, and the split of a fund paid out (:class:`Split`, basis points summing to
  10,000): the losing hand, the winning hand, the others dealt in, the reserve;
* who qualifies: ``minimum_hand``, a hand value floor (:func:`hand_floor`, e.g. four
  eights: ``hand_floor(HandCategory.FOUR_OF_A_KIND, "8")``); how many hole cards must
  play (:class:`HoleCards`) and whether a hole card that only plays as a kicker counts;
  the minimum players dealt in; the showdown; the pot (only pots that paid the drop).

What "a hole card plays" means, exactly. A player's best hand value comes from one or
more five-card choices among the seven cards (the two hole cards and the board); when
several choices give the same value they are all "best hands" (suits never break ties,
RANK-03). The number of hole cards that play is the *smallest* number of hole cards
used by any of those best hands. So "both hole cards play" holds only when every
best hand uses both: **when an equal best hand can be made without a hole card, that
card does not play** — a kicker matched by a board card of the same rank, a straight
the board already makes, a pair of hole cards of which the straight uses one. Likewise
a hole card plays "only as a kicker" when its rank is not one of the ranks that make
the combination (the four, the three, the pairs, the top card of a high-card hand:
RANK-02 says only those hands have kickers); with ``kickers_play=False`` such a card
does not count ("quads need a pocket pair", a "wrong kicker").

The judges name the first rule a hand fails with a :class:`Reason` code and plain
parameters (:class:`NotQualified`); its sentence in Spanish and English is written once,
in :data:`MESSAGES`. A hand that qualifies comes back as :class:`Qualified` (bad beat)
or :class:`HighHandQualified` with the cards and the hand values, so the claim can show
the rule text (:func:`posted_rules`) beside the cards.

The hand a judge reads is a :class:`HandOutcome`, plain data that
:func:`outcome_of` derives from what the engine already has for a stored hand: the
``Hand`` (hole cards, board, shows, mucks, folds) and its ``Verdict`` (status, pots and
their winners, rake, whether the hand reached the showdown).

Money is ``int`` in the hand's smallest unit (cents), never a float; every division
rounds down and says where the remainder goes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations

from poker.cards import RANKS, format_cards, rank_of
from poker.evaluator import (
    HandCategory,
    best_five,
    category,
    describe,
    evaluate,
    evaluate5,
    hand_ranks,
)
from poker.fund_drop import (
    BPS,
    Drop,
    DropRefusal,
    PotFacts,
    RulesError,
    drop_of,
    drop_refusal,
)
from poker.model import UNKNOWN_CARD, ActionKind, Hand
from poker.validate import Status, Verdict

__all__ = [
    "BPS",
    "MESSAGES",
    "Award",
    "Candidate",
    "CardRole",
    "Drop",
    "FundKind",
    "FundRules",
    "HandOutcome",
    "HighHandQualified",
    "HoleCards",
    "NotQualified",
    "PlayedHand",
    "PotFacts",
    "PotOutcome",
    "Qualified",
    "Reason",
    "Reseed",
    "Role",
    "RulesError",
    "SeatOutcome",
    "Share",
    "Split",
    "Payout",
    "Ties",
    "almost_qualified",
    "drop_for_pot",
    "hand_floor",
    "high_hand_winners",
    "judge_bad_beat",
    "judge_high_hand",
    "outcome_of",
    "pay_out",
    "played_hand",
    "posted_rules",
    "pot_refusal",
    "reseed",
]

# ---------------------------------------------------------------------------
# The posted rules


class FundKind(StrEnum):
    BAD_BEAT = "bad_beat"  # a qualifying hand that loses at the showdown
    HIGH_HAND = "high_hand"  # the best qualifying hand of a period, whatever beat it


class HoleCards(StrEnum):
    """How many hole cards must play in a qualifying hand (see the module doc)."""

    BOTH = "both"
    ONE = "one"
    ANY = "any"  # none: a hand the board makes alone qualifies

    @property
    def required(self) -> int:
        """How many hole cards must play: 2, 1 or 0."""
        return {"both": 2, "one": 1, "any": 0}[self.value]


class Ties(StrEnum):
    """High hand: two equal best hands of a period."""

    SPLIT = "split"  # every tied hand shares the prize
    FIRST = "first"  # the one recorded first wins (tied hands of that same deal share)


@dataclass(frozen=True, slots=True)
class Split:
    """How a fund paid out is shared, in basis points summing to 10,000."""

    losing_hand_bps: int = 0
    winning_hand_bps: int = 0
    table_bps: int = 0  # the others dealt in, in equal parts
    reserve_bps: int = 0  # kept for the next jackpot

    def __post_init__(self) -> None:
        parts = (self.losing_hand_bps, self.winning_hand_bps, self.table_bps, self.reserve_bps)
        if not all(_is_amount(p) for p in parts):
            raise RulesError("SPLIT_NEGATIVE")
        if sum(parts) != BPS:
            raise RulesError("SPLIT_NOT_WHOLE", total=sum(parts))


@dataclass(frozen=True, slots=True)
class FundRules:
    """The posted rules of one fund (N.J.A.C. 13:69F-14.19, WAC 230-15-060).

    ``minimum_hand`` is a hand value (:func:`hand_floor`): the losing hand of a bad
    beat, or the hand of a high hand, must be worth at least that much.
    ``hole_cards`` and ``kickers_play`` apply to that hand; ``winning_hole_cards`` to
    the hand that beats a bad beat (``ANY``: whatever beat it). ``min_dealt``: players
    dealt in. ``showdown_required``: always true for a bad beat (a hand lost at the
    showdown), optional for a high hand. ``drop_pots_only``: only a hand whose pot paid
    the drop (:func:`pot_refusal`) qualifies. ``ties``: high hand only.
    """

    kind: FundKind
    drop: Drop
    seed: int
    split: Split
    minimum_hand: int
    hole_cards: HoleCards = HoleCards.BOTH
    kickers_play: bool = True
    winning_hole_cards: HoleCards = HoleCards.ANY
    min_dealt: int = 2
    showdown_required: bool = True
    drop_pots_only: bool = True
    ties: Ties = Ties.SPLIT

    def __post_init__(self) -> None:
        if not _is_amount(self.seed):
            raise RulesError("SEED_NEGATIVE")
        if not _is_hand_value(self.minimum_hand):
            raise RulesError("MINIMUM_HAND_INVALID", minimum_hand=str(self.minimum_hand))
        if type(self.min_dealt) is not int or not 2 <= self.min_dealt <= 10:
            raise RulesError("MIN_DEALT_INVALID", min_dealt=str(self.min_dealt))
        if self.kind is FundKind.BAD_BEAT and not self.showdown_required:
            raise RulesError("BAD_BEAT_NEEDS_SHOWDOWN")
        if self.kind is FundKind.HIGH_HAND and (self.split.losing_hand_bps or self.split.table_bps):
            raise RulesError("HIGH_HAND_SPLIT", losing=self.split.losing_hand_bps)


def _is_amount(x: object) -> bool:
    return type(x) is int and x >= 0


def _is_hand_value(x: object) -> bool:
    if type(x) is not int or x < 0:
        return False
    try:
        category(x)
    except ValueError:
        return False
    return x < (int(HandCategory.ROYAL_FLUSH) + 1) << 20


def hand_floor(cat: HandCategory, *ranks: str) -> int:
    """The smallest hand value of ``cat`` whose deciding ranks start with ``ranks``.

    ``hand_floor(FOUR_OF_A_KIND, "8")`` is four eights with the lowest kicker: every
    four of a kind of eights or better is at least this value, anything below is
    less. ``hand_floor(FULL_HOUSE, "A", "K")``: aces full of kings. Ranks are
    ``"23456789TJQKA"``; the ranks not given count as deuces, the lowest.
    """
    width = len(hand_ranks(int(cat) << 20))
    if len(ranks) > width:
        raise RulesError("FLOOR_TOO_MANY_RANKS", category=cat.name, ranks=len(ranks))
    value = int(cat) << 20
    for i, r in enumerate(ranks):
        if len(r) != 1 or r.upper() not in RANKS:
            raise RulesError("FLOOR_RANK_INVALID", rank=r)
        value |= RANKS.index(r.upper()) << (16 - 4 * i)
    return value


# ---------------------------------------------------------------------------
# The hand as the judges read it


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One player dealt in. ``hole`` as known (``UNKNOWN_CARD`` for a card not seen);
    ``showed``: tabled the cards and kept them (not folded, not mucked)."""

    seat: int
    hole: tuple[int, ...]
    folded: bool = False
    mucked: bool = False
    showed: bool = False


@dataclass(frozen=True, slots=True)
class PotOutcome:
    """One settled pot, by seat: ``amount`` before the rake."""

    amount: int
    rake: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    carried: bool = False  # carried in from a voided hand (POT-09): not this hand's betting


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A stored hand as the promotion judges need it (see :func:`outcome_of`).

    ``status``: the engine's verdict; ``revised``: a later revision of the record
    replaces this one (``hands.Hand.revision_of``), so this version proves nothing.
    ``showdown``: the betting ended with two or more players in (SHOW-01).
    """

    status: Status
    seats: tuple[SeatOutcome, ...]
    board: tuple[int, ...]
    showdown: bool
    pots: tuple[PotOutcome, ...] = ()
    revised: bool = False
    chip_unit: int = 1

    @property
    def dealt(self) -> int:
        return len(self.seats)

    def pot_facts(self) -> PotFacts:
        own = [p for p in self.pots if not p.carried]
        return PotFacts(
            amount=sum(p.amount for p in own),
            rake=sum(p.rake for p in own),
            flop_seen=len(self.board) >= 3,
            chip_unit=self.chip_unit,
        )


def outcome_of(hand: Hand, verdict: Verdict, *, revised: bool = False) -> HandOutcome:
    """The :class:`HandOutcome` of an engine hand and its verdict (``poker.validate``).

    Seats are ``hand.seats`` (the recorder's seat numbers, in PHH order) or, without
    them, the PHH player numbers 1..n. Hole cards are those dealt, completed by the
    cards a player showed; folds include hands the floor killed (DEAD-01). The
    showdown is the engine's: a showdown order exists only when the betting ended with
    two or more players in.
    """
    n = hand.player_count
    seat_of = tuple(hand.seats) if hand.seats and len(hand.seats) == n else tuple(range(1, n + 1))
    dealt: list[tuple[int, ...]] = [()] * n
    shown: list[list[int]] = [[] for _ in range(n)]
    folded = [False] * n
    mucked = [False] * n
    showed = [False] * n
    board: list[int] = []
    for action in hand.actions:
        p = action.player
        kind = action.kind
        if kind is ActionKind.DEAL_BOARD:
            board.extend(action.cards)
        elif not 0 <= p < n:
            continue
        elif kind is ActionKind.DEAL_HOLE:
            dealt[p] = tuple(action.cards)
        elif kind is ActionKind.FOLD or kind is ActionKind.DEAD:
            folded[p] = True
        elif kind is ActionKind.MUCK:
            mucked[p] = True
        elif kind is ActionKind.SHOW:
            showed[p] = True
            shown[p].extend(c for c in action.cards if c >= 0)
    seats = []
    for i in range(n):
        known = [c for c in dealt[i] if c >= 0]
        for c in shown[i]:
            if c not in known:
                known.append(c)
        while len(known) < 2:
            known.append(UNKNOWN_CARD)
        seats.append(
            SeatOutcome(
                seat=seat_of[i],
                hole=tuple(known[:2]),
                folded=folded[i],
                mucked=mucked[i],
                showed=showed[i] and not folded[i] and not mucked[i],
            )
        )
    pots = tuple(
        PotOutcome(
            amount=p.amount,
            rake=p.rake,
            eligible=tuple(seat_of[i] for i in p.eligible),
            winners=tuple(seat_of[i] for i in p.winners),
            carried=p.carried,
        )
        for p in verdict.pots
    )
    return HandOutcome(
        status=verdict.status,
        seats=tuple(seats),
        board=tuple(board),
        showdown=bool(verdict.showdown_order),
        pots=pots,
        revised=revised,
        chip_unit=hand.chip_unit,
    )


# ---------------------------------------------------------------------------
# Why a hand does not qualify


class Reason(StrEnum):
    """The rule a hand fails, first failure first (the order of the checks)."""

    HAND_REVISED = "HAND_REVISED"
    HAND_NOT_VALID = "HAND_NOT_VALID"  # status
    TOO_FEW_PLAYERS = "TOO_FEW_PLAYERS"  # dealt, minimum
    POT_NOT_RAKED = "POT_NOT_RAKED"
    NO_FLOP = "NO_FLOP"
    POT_BELOW_MINIMUM = "POT_BELOW_MINIMUM"  # pot, min_pot (amounts)
    NO_SHOWDOWN = "NO_SHOWDOWN"
    NO_HAND_SHOWN = "NO_HAND_SHOWN"  # high hand: nobody tabled two readable cards
    NO_LOSING_HAND = "NO_LOSING_HAND"  # bad beat: shown (hands read), none lost to another
    HAND_BELOW_MINIMUM = "HAND_BELOW_MINIMUM"  # seat, role, hand, minimum_hand
    HOLE_CARD_NOT_PLAYING = "HOLE_CARD_NOT_PLAYING"  # seat, role, cards, playing, required
    HOLE_CARD_KICKER_ONLY = "HOLE_CARD_KICKER_ONLY"  # seat, role, cards, making, required


class Role(StrEnum):
    LOSING_HAND = "losing_hand"
    WINNING_HAND = "winning_hand"
    HIGH_HAND = "high_hand"


Param = int | str


@dataclass(frozen=True, slots=True)
class NotQualified:
    """The first rule the hand fails, and the facts that show it.

    ``params`` are plain values: seats and counts as ``int``, hand values as ``int``
    (``hand``, ``minimum_hand``), amounts as ``int`` of the smallest unit (``pot``,
    ``min_pot``), cards as text (``"Kd"``), roles and statuses by value.
    """

    reason: Reason
    params: tuple[tuple[str, Param], ...] = ()
    #: The hands shown at the table, best first, when their cards can be read: what a
    #: page shows beside the reason (see :func:`almost_qualified`).
    hands: tuple[PlayedHand, ...] = ()

    def param(self, name: str) -> Param:
        return dict(self.params)[name]

    def message(self, lang: str = "es", *, money: Callable[[int], str] = str) -> str:
        """The reason in words (Spanish or English), from :data:`MESSAGES`; ``money``
        prints amounts (the app passes the project's one money formatter)."""
        if lang not in ("es", "en"):
            raise ValueError(f"unsupported language: {lang!r} (use 'es' or 'en')")
        es, en = MESSAGES[self.reason]
        template = es if lang == "es" else en
        return template.format(**{k: _words(k, v, lang, money) for k, v in self.params})


def _refuse(reason: Reason, **params: Param) -> NotQualified:
    return NotQualified(reason, tuple(params.items()))


_ROLE_WORDS = {
    "losing_hand": ("mano perdedora", "losing hand"),
    "winning_hand": ("mano ganadora", "winning hand"),
    "high_hand": ("mano alta", "high hand"),
}
_STATUS_WORDS = {
    "invalid": ("inválida", "invalid"),
    "void": ("anulada", "void"),
    "skipped": ("no juzgada", "not judged"),
}


def _lower_first(text: str) -> str:
    """A hand's name inside a sentence: "Póquer de ochos" -> "póquer de ochos"."""
    return text[:1].lower() + text[1:]


def _words(key: str, value: Param, lang: str, money: Callable[[int], str]) -> str:
    k = 0 if lang == "es" else 1
    if key in ("hand", "minimum_hand") and type(value) is int:
        return _lower_first(describe(value, lang, kickers=key == "hand"))
    if key in ("pot", "min_pot") and type(value) is int:
        return money(value)
    if key == "cards":  # "Td" or "9c 9d": either one, or both
        return (" o " if lang == "es" else " or ").join(str(value).split())
    if key == "role":
        return _ROLE_WORDS[str(value)][k]
    if key == "status":
        return _STATUS_WORDS.get(str(value), (str(value), str(value)))[k]
    return str(value)


#: (Spanish, English) sentence of each reason; ``{...}`` are the reason's parameters.
MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.HAND_REVISED: (
        "La mano fue corregida: cuenta la revisión, no este registro.",
        "The hand was revised: the revision counts, not this record.",
    ),
    Reason.HAND_NOT_VALID: (
        "La mano no es válida para el motor ({status}).",
        "The hand is not valid for the engine ({status}).",
    ),
    Reason.TOO_FEW_PLAYERS: (
        "Se repartió a {dealt} jugadores; las reglas piden al menos {minimum}.",
        "{dealt} players were dealt in; the rules require at least {minimum}.",
    ),
    Reason.POT_NOT_RAKED: (
        "El bote no pagó comisión: solo los botes con comisión aportan y califican.",
        "The pot paid no rake: only raked pots contribute and qualify.",
    ),
    Reason.NO_FLOP: (
        "No se repartió el flop: solo los botes con flop aportan y califican.",
        "No flop was dealt: only pots that see a flop contribute and qualify.",
    ),
    Reason.POT_BELOW_MINIMUM: (
        "El bote ({pot}) no llega al mínimo de {min_pot}.",
        "The pot ({pot}) is below the minimum of {min_pot}.",
    ),
    Reason.NO_SHOWDOWN: (
        "La mano no llegó al showdown.",
        "The hand did not go to a showdown.",
    ),
    Reason.NO_HAND_SHOWN: (
        "Nadie mostró dos cartas privadas legibles.",
        "Nobody showed two readable hole cards.",
    ),
    Reason.NO_LOSING_HAND: (
        "Ninguna mano mostrada perdió contra otra ({shown} manos leídas en el showdown).",
        "No hand shown lost to another ({shown} hands read at the showdown).",
    ),
    Reason.HAND_BELOW_MINIMUM: (
        "Asiento {seat}, {role}: {hand}, por debajo del mínimo ({minimum_hand} o mejor).",
        "Seat {seat}, {role}: {hand}, below the minimum ({minimum_hand} or better).",
    ),
    Reason.HOLE_CARD_NOT_PLAYING: (
        "Asiento {seat}, {role}: las reglas piden {required} cartas privadas en la mejor "
        "mano y juegan {playing}; la misma mano se forma sin {cards}.",
        "Seat {seat}, {role}: the rules require {required} hole cards in the best hand and "
        "{playing} play; the same hand is made without {cards}.",
    ),
    Reason.HOLE_CARD_KICKER_ONLY: (
        "Asiento {seat}, {role}: las reglas piden {required} cartas privadas en la jugada "
        "misma, no como kicker; {cards} solo hace de kicker.",
        "Seat {seat}, {role}: the rules require {required} hole cards in the combination "
        "itself, not as kickers; {cards} is only a kicker.",
    ),
}


# ---------------------------------------------------------------------------
# Reading one player's hand


class CardRole(StrEnum):
    """What a hole card does in the player's best hand."""

    COMBINATION = "combination"  # in every best hand, part of the four, three, pairs...
    KICKER = "kicker"  # in every best hand, only as a kicker (RANK-02)
    NOT_PLAYING = "not_playing"  # an equal best hand is made without it


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One player's best hand, and how the hole cards take part in it.

    ``playing``: the fewest hole cards any best five-card hand uses; ``making``: the
    fewest used in the combination (not as kickers). ``best_five`` lists the hole cards
    first when an equal choice exists.
    """

    seat: int
    hole: tuple[int, int]
    value: int
    best_five: tuple[int, ...]
    roles: tuple[CardRole, CardRole]
    playing: int
    making: int

    def describe(self, lang: str = "es") -> str:
        return describe(self.value, lang, kickers=True)


_COMBINATION_WIDTH = {
    HandCategory.FOUR_OF_A_KIND: 1,
    HandCategory.THREE_OF_A_KIND: 1,
    HandCategory.TWO_PAIR: 2,
    HandCategory.ONE_PAIR: 1,
    HandCategory.HIGH_CARD: 1,
}


def _combination_ranks(value: int) -> frozenset[int]:
    """The ranks that make the combination; the others are kickers (RANK-02)."""
    ranks = hand_ranks(value)
    width = _COMBINATION_WIDTH.get(category(value))
    if width is None:  # straights, flushes, full houses: all five cards make the hand
        return frozenset(range(13))
    return frozenset(ranks[:width])


def played_hand(seat: int, hole: Sequence[int], board: Sequence[int]) -> PlayedHand:
    """Read ``hole`` + ``board`` (five to seven known cards in all) as defined above."""
    a, b = hole
    cards = (a, b, *board)
    value = evaluate(cards)
    making_ranks = _combination_ranks(value)
    playing = making = 2
    in_every = [True, True]
    for combo in combinations(cards, 5):
        if evaluate5(combo) != value:
            continue
        used = [a in combo, b in combo]
        playing = min(playing, sum(used))
        making = min(
            making,
            sum(1 for c, u in zip((a, b), used, strict=True) if u and rank_of(c) in making_ranks),
        )
        in_every = [x and u for x, u in zip(in_every, used, strict=True)]
    roles = tuple(
        CardRole.NOT_PLAYING
        if not every
        else CardRole.COMBINATION
        if rank_of(c) in making_ranks
        else CardRole.KICKER
        for c, every in zip((a, b), in_every, strict=True)
    )
    return PlayedHand(
        seat=seat,
        hole=(a, b),
        value=value,
        best_five=best_five(cards),
        roles=(roles[0], roles[1]),
        playing=playing,
        making=making,
    )


def _hole_refusal(
    hand: PlayedHand, required: HoleCards, kickers_play: bool, role: Role
) -> NotQualified | None:
    need = required.required
    if hand.playing < need:
        idle = [c for c, r in zip(hand.hole, hand.roles, strict=True) if r is CardRole.NOT_PLAYING]
        return _refuse(
            Reason.HOLE_CARD_NOT_PLAYING,
            seat=hand.seat,
            role=role.value,
            cards=format_cards(idle, " "),
            playing=hand.playing,
            required=need,
        )
    if not kickers_play and hand.making < need:
        kickers = [
            c for c, r in zip(hand.hole, hand.roles, strict=True) if r is not CardRole.COMBINATION
        ]
        return _refuse(
            Reason.HOLE_CARD_KICKER_ONLY,
            seat=hand.seat,
            role=role.value,
            cards=format_cards(kickers, " "),
            making=hand.making,
            required=need,
        )
    return None


def _hand_refusal(rules: FundRules, hand: PlayedHand, role: Role) -> NotQualified | None:
    if hand.value < rules.minimum_hand:
        return _refuse(
            Reason.HAND_BELOW_MINIMUM,
            seat=hand.seat,
            role=role.value,
            hand=hand.value,
            minimum_hand=rules.minimum_hand,
        )
    return _hole_refusal(hand, rules.hole_cards, rules.kickers_play, role)


# ---------------------------------------------------------------------------
# The drop


def pot_refusal(rules: FundRules, pot: PotFacts) -> NotQualified | None:
    """Why ``pot`` pays no drop (not raked, no flop, below the minimum), or None: the
    engine's own rule (``poker.fund_drop.drop_refusal``) as a judge's reason."""
    refused = drop_refusal(rules.drop, pot)
    if refused is None:
        return None
    if refused is DropRefusal.POT_BELOW_MINIMUM:
        return _refuse(Reason.POT_BELOW_MINIMUM, pot=pot.amount, min_pot=rules.drop.min_pot)
    return _refuse(Reason(refused.value))


def drop_for_pot(rules: FundRules, pot: PotFacts) -> int:
    """The drop a hand's pot pays into the fund (``poker.fund_drop.drop_of``, the one
    rule the engine applies when it takes the drop at the settlement)."""
    return drop_of(rules.drop, pot)


# ---------------------------------------------------------------------------
# Judges


@dataclass(frozen=True, slots=True)
class Qualified:
    """A bad beat: the losing hand(s), the hand(s) that beat them, the others dealt in.

    Equal losing hands share the losing share; equal winning hands the winning share.
    """

    losing: tuple[PlayedHand, ...]
    winning: tuple[PlayedHand, ...]
    others: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HighHandQualified:
    """Every hand of one deal that qualifies for a high hand, best first."""

    hands: tuple[PlayedHand, ...]


def _hand_gates(rules: FundRules, outcome: HandOutcome) -> NotQualified | None:
    """The checks on the whole hand, in the order their reasons are reported."""
    if outcome.revised:
        return _refuse(Reason.HAND_REVISED)
    if outcome.status is not Status.VALID:
        return _refuse(Reason.HAND_NOT_VALID, status=outcome.status.value)
    if outcome.dealt < rules.min_dealt:
        return _refuse(Reason.TOO_FEW_PLAYERS, dealt=outcome.dealt, minimum=rules.min_dealt)
    if rules.drop_pots_only:
        refusal = pot_refusal(rules, outcome.pot_facts())
        if refusal is not None:
            return refusal
    if rules.showdown_required and not outcome.showdown:
        return _refuse(Reason.NO_SHOWDOWN)
    return None


def _shown_hands(outcome: HandOutcome) -> list[PlayedHand]:
    """The hands tabled with two known cards, on a board of three to five known cards."""
    board = outcome.board
    if not 3 <= len(board) <= 5 or min(board) < 0:
        return []
    out = []
    for s in outcome.seats:
        if s.showed and len(s.hole) == 2 and min(s.hole) >= 0:
            out.append(played_hand(s.seat, s.hole, board))
    return out


def _best_first(hands: Iterable[PlayedHand], order: Sequence[int]) -> list[PlayedHand]:
    position = {seat: i for i, seat in enumerate(order)}
    return sorted(hands, key=lambda h: (-h.value, position[h.seat]))


def _readable_hands(outcome: HandOutcome) -> tuple[PlayedHand, ...]:
    """The shown hands, best first, or none when the cards cannot be read (an invalid
    record may repeat a card)."""
    try:
        return tuple(_best_first(_shown_hands(outcome), [s.seat for s in outcome.seats]))
    except ValueError:
        return ()


def almost_qualified(rules: FundRules, result: object) -> bool:
    """Whether a refusal is a near miss worth showing: the cards were strong enough —
    the best hand beaten (bad beat) or a hand (high hand) reached ``minimum_hand`` —
    and another rule failed (a hole card, the players dealt, a revision, the pot...)."""
    if not isinstance(result, NotQualified) or not result.hands:
        return False
    values = [h.value for h in result.hands]
    if rules.kind is FundKind.HIGH_HAND:
        return values[0] >= rules.minimum_hand
    below = [v for v in values if v < values[0]]
    return bool(below) and below[0] >= rules.minimum_hand


def judge_bad_beat(rules: FundRules, outcome: HandOutcome) -> Qualified | NotQualified:
    """Does this hand pay the bad beat? The rules are :func:`_judge_bad_beat`'s; a
    refusal carries the hands shown (``NotQualified.hands``)."""
    result = _judge_bad_beat(rules, outcome)
    if isinstance(result, NotQualified):
        return replace(result, hands=_readable_hands(outcome))
    return result


def judge_high_hand(rules: FundRules, outcome: HandOutcome) -> HighHandQualified | NotQualified:
    """The hands of this deal that qualify for the high hand, or why none does. The
    rules are :func:`_judge_high_hand`'s; a refusal carries the hands shown."""
    result = _judge_high_hand(rules, outcome)
    if isinstance(result, NotQualified):
        return replace(result, hands=_readable_hands(outcome))
    return result


def _judge_bad_beat(rules: FundRules, outcome: HandOutcome) -> Qualified | NotQualified:
    """Does this hand pay the bad beat? The first rule failed is the reason.

    Order of the checks: revised, valid, players dealt, the pot (when only drop pots
    qualify), the showdown; then the hands shown at the showdown (two known hole
    cards, not mucked). The *winning hand* is the best of them (cards speak, SHOW-04);
    it must meet ``winning_hole_cards``. The *losing hand* is the best hand below it
    (the second-best hand at the table, not any lower one); it must reach
    ``minimum_hand`` and meet ``hole_cards`` / ``kickers_play``. Equal hands are
    judged each: those that meet the rules share; if none does, the first one's
    failure is the reason. The others dealt in (folded ones included) share the
    table share; a tied hand that fails the rules counts among them.
    """
    if rules.kind is not FundKind.BAD_BEAT:
        raise RulesError("NOT_A_BAD_BEAT_FUND", kind=rules.kind.value)
    refusal = _hand_gates(rules, outcome)
    if refusal is not None:
        return refusal
    order = [s.seat for s in outcome.seats]
    shown = _best_first(_shown_hands(outcome), order)
    top = shown[0].value if shown else -1
    best = [h for h in shown if h.value == top]
    below = [h for h in shown if h.value < top]
    if not below:
        return _refuse(Reason.NO_LOSING_HAND, shown=len(shown))
    winning: list[PlayedHand] = []
    first_refusal: NotQualified | None = None
    for h in best:
        r = _hole_refusal(h, rules.winning_hole_cards, True, Role.WINNING_HAND)
        if r is None:
            winning.append(h)
        elif first_refusal is None:
            first_refusal = r
    if not winning:
        assert first_refusal is not None
        return first_refusal
    second = below[0].value
    losing: list[PlayedHand] = []
    first_refusal = None
    for h in (h for h in below if h.value == second):
        r = _hand_refusal(rules, h, Role.LOSING_HAND)
        if r is None:
            losing.append(h)
        elif first_refusal is None:
            first_refusal = r
    if not losing:
        assert first_refusal is not None
        return first_refusal
    paid = {h.seat for h in winning} | {h.seat for h in losing}
    others = tuple(seat for seat in order if seat not in paid)
    return Qualified(losing=tuple(losing), winning=tuple(winning), others=others)


def _judge_high_hand(rules: FundRules, outcome: HandOutcome) -> HighHandQualified | NotQualified:
    """The hands of this deal that qualify for the high hand, or why none does.

    Same checks on the whole hand as :func:`judge_bad_beat` (the showdown only when
    the rules require it). A hand counts only if the player tabled it (a fold or a
    muck never counts, even when the record knows the cards); it must reach
    ``minimum_hand`` and meet ``hole_cards`` / ``kickers_play``. When none does, the
    reason is the best shown hand's.
    """
    if rules.kind is not FundKind.HIGH_HAND:
        raise RulesError("NOT_A_HIGH_HAND_FUND", kind=rules.kind.value)
    refusal = _hand_gates(rules, outcome)
    if refusal is not None:
        return refusal
    shown = _best_first(_shown_hands(outcome), [s.seat for s in outcome.seats])
    if not shown:
        return _refuse(Reason.NO_HAND_SHOWN)
    good = [h for h in shown if _hand_refusal(rules, h, Role.HIGH_HAND) is None]
    if not good:
        first = _hand_refusal(rules, shown[0], Role.HIGH_HAND)
        assert first is not None
        return first
    return HighHandQualified(hands=tuple(good))


@dataclass(frozen=True, slots=True)
class Candidate:
    """A qualifying high hand recorded in a period: ``hand_id`` names the stored hand,
    ``at`` when it was recorded (any sortable integer: the server's time in seconds)."""

    hand_id: str
    at: int
    hand: PlayedHand


def high_hand_winners(
    rules: FundRules, candidates: Iterable[Candidate], *, start: int, end: int
) -> tuple[Candidate, ...]:
    """The winner(s) of the period ``start <= at < end``: the best hand value recorded.

    Ties: ``SPLIT`` — every candidate with the best value; ``FIRST`` — the one recorded
    first (smallest ``at``, then ``hand_id``), with any equal hand of that same deal.
    Candidates below ``minimum_hand`` are ignored. No candidate: ``()``.
    Returned in recording order (``at``, ``hand_id``, seat).
    """
    pool = [c for c in candidates if start <= c.at < end and c.hand.value >= rules.minimum_hand]
    if not pool:
        return ()
    top = max(c.hand.value for c in pool)
    tied = sorted(
        (c for c in pool if c.hand.value == top), key=lambda c: (c.at, c.hand_id, c.hand.seat)
    )
    if rules.ties is Ties.FIRST:
        first = tied[0]
        tied = [c for c in tied if (c.at, c.hand_id) == (first.at, first.hand_id)]
    return tuple(tied)


# ---------------------------------------------------------------------------
# Paying out and re-seeding


class Share(StrEnum):
    LOSING_HAND = "losing_hand"
    WINNING_HAND = "winning_hand"
    TABLE = "table"


#: Whatever identifies a player to the caller: a seat number, a player id.
Recipient = int | str


@dataclass(frozen=True, slots=True)
class Award:
    share: Share
    recipient: Recipient
    amount: int


@dataclass(frozen=True, slots=True)
class Payout:
    """A fund paid out: ``paid + reserve == balance`` exactly.

    ``shares`` are the amounts of each share before dividing among its recipients;
    ``reserve`` is what stays in the fund: the reserve share, every remainder of the
    divisions, and any share nobody receives.
    """

    balance: int
    shares: tuple[tuple[Share, int], ...]
    awards: tuple[Award, ...]
    reserve: int

    @property
    def paid(self) -> int:
        return sum(a.amount for a in self.awards)


def pay_out(
    rules: FundRules,
    balance: int,
    *,
    losing: Sequence[Recipient] = (),
    winning: Sequence[Recipient] = (),
    others: Sequence[Recipient] = (),
    unit: int = 1,
) -> Payout:
    """Divide ``balance`` by the posted split, exact to the unit.

    Each share is ``balance * bps // 10,000`` (rounded down); it is divided equally
    among its recipients, each amount rounded down to ``unit`` (the smallest amount the
    cage pays: 1 cent, or 100 for whole pesos). Everything not paid — the reserve share,
    the remainders (less than one unit per recipient plus less than one unit per share)
    and a share with no recipient (heads-up: no others) — stays in the fund as the
    reserve for the next jackpot. Recipients are whatever identifies a player to the
    caller (a seat, a player id), in the order given.
    """
    if not _is_amount(balance):
        raise RulesError("BALANCE_NEGATIVE", balance=str(balance))
    if type(unit) is not int or unit <= 0:
        raise RulesError("UNIT_INVALID", unit=str(unit))
    split = rules.split
    plan = (
        (Share.LOSING_HAND, split.losing_hand_bps, tuple(losing)),
        (Share.WINNING_HAND, split.winning_hand_bps, tuple(winning)),
        (Share.TABLE, split.table_bps, tuple(others)),
    )
    shares: list[tuple[Share, int]] = []
    awards: list[Award] = []
    for share, bps, recipients in plan:
        amount = balance * bps // BPS
        shares.append((share, amount))
        if not recipients:
            continue
        each = amount // len(recipients)
        each -= each % unit
        if each:
            awards.extend(Award(share, r, each) for r in recipients)
    paid = sum(a.amount for a in awards)
    return Payout(
        balance=balance, shares=tuple(shares), awards=tuple(awards), reserve=balance - paid
    )


@dataclass(frozen=True, slots=True)
class Reseed:
    """The fund after a payout: the next jackpot starts at the posted seed at least.

    ``reserve``: the players' money kept (never taken out: all of it is awarded in a
    later jackpot); ``house_seed``: what the house adds when the reserve is below the
    seed; ``balance = reserve + house_seed``.
    """

    reserve: int
    house_seed: int

    @property
    def balance(self) -> int:
        return self.reserve + self.house_seed


def reseed(rules: FundRules, reserve: int) -> Reseed:
    """Re-seed after a payout: ``max(seed - reserve, 0)`` from the house."""
    if not _is_amount(reserve):
        raise RulesError("BALANCE_NEGATIVE", balance=str(reserve))
    return Reseed(reserve=reserve, house_seed=max(rules.seed - reserve, 0))


# ---------------------------------------------------------------------------
# The posted wording


def _pct(bps: int, lang: str) -> str:
    """Basis points as a percentage: ``250`` -> "2,5 %" / "2.5%"."""
    whole, frac = divmod(bps, 100)
    decimals = f"{frac:02d}".rstrip("0")
    if decimals:
        text = f"{whole},{decimals}" if lang == "es" else f"{whole}.{decimals}"
    else:
        text = str(whole)
    return f"{text} %" if lang == "es" else f"{text}%"


_HOLE_WORDS = {
    HoleCards.BOTH: ("deben jugar las dos cartas privadas", "both hole cards must play"),
    HoleCards.ONE: ("debe jugar al menos una carta privada", "at least one hole card must play"),
    HoleCards.ANY: ("no hace falta que juegue una carta privada", "no hole card needs to play"),
}


def posted_rules(
    rules: FundRules, lang: str = "es", *, money: Callable[[int], str] = str
) -> tuple[str, ...]:
    """The rules as posted, one sentence per rule, in a fixed order (Spanish or English).

    ``money`` prints an amount of the smallest unit: the promotions app passes the one
    money formatter of the project (``casino.formatting.money``) for the language; the
    default prints the integer. docs/promotions.md explains the terms.
    """
    if lang not in ("es", "en"):
        raise ValueError(f"unsupported language: {lang!r} (use 'es' or 'en')")
    es = lang == "es"
    bad_beat = rules.kind is FundKind.BAD_BEAT
    if bad_beat:
        name = "Jackpot bad beat" if es else "Bad-beat jackpot"
    else:
        name = "Premio a la mano alta" if es else "High-hand prize"
    out = [
        f"{name}; pozo inicial {money(rules.seed)}."
        if es
        else f"{name}; seed {money(rules.seed)}.",
        _posted_drop(rules.drop, lang, money),
    ]
    out.extend(_posted_hands(rules, lang, bad_beat))
    out.extend(_posted_qualifying(rules, es))
    out.append(_posted_split(rules, lang, bad_beat))
    return tuple(out)


def _posted_drop(d: Drop, lang: str, money: Callable[[int], str]) -> str:
    """The posted sentence on the drop: how much each pot pays and which pots pay."""
    es = lang == "es"
    if d.amount:
        take = f"{money(d.amount)} por bote" if es else f"{money(d.amount)} per pot"
    elif d.share_bps:
        pct = _pct(d.share_bps, lang)
        take = (
            f"el {pct} del bote después de la comisión"
            if es
            else f"{pct} of the pot after the rake"
        )
    else:
        take = "nada de los botes" if es else "nothing from the pots"
    if d.cap is not None:
        take += f", hasta {money(d.cap)}" if es else f", at most {money(d.cap)}"
    conditions = []
    if d.min_pot:
        conditions.append(
            f"de {money(d.min_pot)} o más" if es else f"of {money(d.min_pot)} or more"
        )
    if d.raked_only:
        conditions.append("con comisión" if es else "raked")
    if d.flop_required:
        conditions.append("con flop" if es else "that saw a flop")
    which = ", ".join(conditions) or ("todos" if es else "all")
    return (
        f"Aporte: {take}, aparte de la comisión; aportan los botes {which}."
        if es
        else f"Drop: {take}, apart from the rake; from pots {which}."
    )


def _posted_hands(rules: FundRules, lang: str, bad_beat: bool) -> list[str]:
    """The posted sentences on the qualifying hand: how good, which hole cards play."""
    es = lang == "es"
    out: list[str] = []
    if bad_beat:
        who = "La mano perdedora" if es else "The losing hand"
    else:
        who = "La mano" if es else "The hand"
    floor = _lower_first(describe(rules.minimum_hand, lang))
    out.append(f"{who} debe ser {floor} o mejor." if es else f"{who} must be {floor} or better.")
    hole = _HOLE_WORDS[rules.hole_cards][0 if es else 1]
    if not rules.kickers_play and rules.hole_cards is not HoleCards.ANY:
        hole += ", y no solo como kicker" if es else ", and not only as a kicker"
    out.append(
        f"{who}: {hole}; si la misma mano se forma sin una carta privada, esa carta no juega."
        if es
        else f"{who}: {hole}; if the same hand can be made without a hole card, that card "
        "does not play."
    )
    if bad_beat:
        winner = _HOLE_WORDS[rules.winning_hole_cards][0 if es else 1]
        out.append(f"La mano ganadora: {winner}." if es else f"The winning hand: {winner}.")
    return out


def _posted_qualifying(rules: FundRules, es: bool) -> list[str]:
    """The posted sentences on the hand itself: players dealt, showdown, a pot that paid."""
    out = [
        f"Al menos {rules.min_dealt} jugadores repartidos."
        if es
        else f"At least {rules.min_dealt} players dealt in."
    ]
    if rules.showdown_required:
        out.append("La mano debe llegar al showdown." if es else "The hand must go to a showdown.")
    if rules.drop_pots_only:
        out.append(
            "Solo califica una mano cuyo bote aportó al fondo."
            if es
            else "Only a hand whose pot paid the drop qualifies."
        )
    return out


def _posted_split(rules: FundRules, lang: str, bad_beat: bool) -> str:
    """The posted sentence on the split of the fund (and, for a high hand, on ties)."""
    es = lang == "es"
    s = rules.split
    lose, win = _pct(s.losing_hand_bps, lang), _pct(s.winning_hand_bps, lang)
    table, keep = _pct(s.table_bps, lang), _pct(s.reserve_bps, lang)
    if bad_beat:
        return (
            f"Reparto: {lose} a la mano perdedora, {win} a la ganadora, {table} a partes "
            f"iguales entre los demás repartidos; {keep} queda para el próximo jackpot."
            if es
            else f"Split: {lose} to the losing hand, {win} to the winning hand, {table} in "
            f"equal parts to the others dealt in; {keep} kept for the next jackpot."
        )
    if rules.ties is Ties.SPLIT:
        tie = "las manos empatadas se reparten el premio" if es else "tied hands share the prize"
    else:
        tie = "gana la registrada primero" if es else "the one recorded first wins"
    return (
        f"Gana la mejor mano del período: {win} del fondo; {keep} queda en el fondo; "
        f"en un empate, {tie}."
        if es
        else f"The best hand of the period wins {win} of the fund; {keep} stays in the "
        f"fund; on a tie, {tie}."
    )
