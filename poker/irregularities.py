"""Irregularities, misdeals and dead hands (RUL-23..RUL-67, MISDEAL, DEAD, IRREG).

The floor declares an :class:`Irregularity` (what happened) and the engine
knows the state of the hand (:class:`HandContext`: how many players have
acted, who put in what, the street, who is all-in). :func:`decide` returns an
:class:`IrregularityRuling`: the outcome (misdeal and redeal, play on, card
replaced by the burn card, dead hand, void hand with refunds, carried-over pot,
pack replacement after the hand, sanction proposal, ...), the rule it applies
and its source for the table's ruleset, and a short explanation in Spanish and
English. The hand recorder stores the irregularity with this ruling
(IRREG-14) and feeds the engine the result: a dead hand acts like a fold, a
void hand returns every chip, a misdeal returns the voluntary chips and keeps
the blinds for the redeal (OQ-37).

"Action" means that two players have acted (MISDEAL-03); forced bets (blinds,
antes, straddle) are not actions. Staff decide, players have no say (RUL-67);
the engine proposes and the supervisor may override with a reason (HREC-07).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from poker.model import Action, VoidReason
from poker.profiles import RakeMode, RakeRounding, RuleProfile, Ruleset
from poker.rulings_catalogue import rule_source, rulesets_differ
from poker.rulings_common import (
    ConductCode,
    Notes,
    SanctionProposal,
    Street,
    propose_sanction,
)

__all__ = [
    "BurnError",
    "CarryOverPot",
    "HandContext",
    "Irregularity",
    "IrregularityKind",
    "IrregularityRuling",
    "Outcome",
    "Refund",
    "decide",
    "irregularity_actions",
]

ACTION_THRESHOLD = 2  # MISDEAL-03: "action" = two players have acted


class IrregularityKind(StrEnum):
    # Deal errors, MISDEAL-02 (a)–(i) and the exposed/boxed card rules
    DEALER_EXPOSED_CARD = "dealer_exposed_card"  # (a), (b), RUL-52
    BOXED_CARD = "boxed_card"  # (c), RUL-53
    WRONG_CARD_COUNT = "wrong_card_count"  # (d), RUL-50
    CARD_OUT_OF_ORDER = "card_out_of_order"  # (e)
    BUTTON_MISPLACED = "button_misplaced"  # (f)
    FIRST_CARD_WRONG_SEAT = "first_card_wrong_seat"  # (g)
    CARDS_TO_EMPTY_OR_INELIGIBLE_SEAT = "cards_to_empty_or_ineligible_seat"  # (h)
    PLAYER_NOT_DEALT = "player_not_dealt"  # (i)
    MISDEAL_CALLED_IN_ERROR = "misdeal_called_in_error"  # RUL-51
    # Cards and the pack
    DIFFERENT_BACK = "different_back"  # RUL-33
    DUPLICATE_CARDS = "duplicate_cards"  # RUL-34, POT-09
    JOKER_OR_ILLEGAL_CARD = "joker_or_illegal_card"  # RUL-54
    PLAYER_EXPOSED_OWN_CARD = "player_exposed_own_card"  # RUL-55
    DEFECTIVE_CARD = "defective_card"  # RUL-32, DECK-13, OQ-22
    CARDS_MISSING_FROM_PACK = "cards_missing_from_pack"  # RUL-61
    PREMATURE_FLOP = "premature_flop"  # RUL-56
    PREMATURE_TURN = "premature_turn"  # RUL-58
    FLOP_TOO_MANY_CARDS = "flop_too_many_cards"  # RUL-57
    BURN_ERROR = "burn_error"  # RUL-59
    STUB_SCATTERED = "stub_scattered"  # RUL-66
    ILLEGAL_HAND_UNSEEN = "illegal_hand_unseen"  # RUL-64
    FOLDED_CARDS_MIXED = "folded_cards_mixed"  # RUL-65
    # Button
    BUTTON_MOVED_TWO_SEATS = "button_moved_two_seats"  # RUL-60
    BUTTON_NOT_MOVED = "button_not_moved"  # RUL-60
    # Dealer kills a hand
    DEALER_KILLED_UNPROTECTED_HAND = "dealer_killed_unprotected_hand"  # RUL-30
    DEALER_KILLED_WINNING_HAND = "dealer_killed_winning_hand"  # RUL-62
    # Players and their hands
    PLAYER_SHOWED_CARDS = "player_showed_cards"  # RUL-27, RUL-28
    PLAYER_SAW_ANOTHERS_CARD = "player_saw_anothers_card"  # RUL-29
    CARDS_SEEN_UNSHIELDED = "cards_seen_unshielded"  # RUL-31
    LEFT_BEFORE_POT_AWARDED = "left_before_pot_awarded"  # RUL-35
    CARDS_PUSHED_FORWARD = "cards_pushed_forward"  # RUL-36
    LEFT_SEAT_DURING_ACTION = "left_seat_during_action"  # RUL-23
    CLOCK_EXPIRED = "clock_expired"  # RUL-26
    ABSENT_AT_END_OF_DEAL = "absent_at_end_of_deal"  # RUL-42, OQ-38
    ACTING_FOR_ABSENT_PLAYER = "acting_for_absent_player"  # RUL-42
    # Showdown, pots and commission
    SHOWDOWN_MISSTATEMENT = "showdown_misstatement"  # RUL-37
    REQUEST_TO_SEE_MUCKED = "request_to_see_mucked"  # RUL-38
    HIDDEN_CHIPS_FOUND = "hidden_chips_found"  # RUL-39
    ODD_CHIP_DISPUTE = "odd_chip_dispute"  # RUL-40
    COMMISSION_DISPUTE = "commission_dispute"  # RUL-41
    UNCALLED_BET = "uncalled_bet"  # RUL-63
    # Conduct and authority
    COMMENT_OR_ADVICE = "comment_or_advice"  # RUL-43
    PHONE_USE = "phone_use"  # RUL-44
    CHIPS_NOT_VISIBLE = "chips_not_visible"  # RUL-46
    COLLUSION = "collusion"  # RUL-48
    UNFORESEEN_SITUATION = "unforeseen_situation"  # RUL-47
    PLAYER_OPINIONS = "player_opinions"  # RUL-67
    CONDUCT = "conduct"  # any other SANC-10 conduct, by code


class Outcome(StrEnum):
    MISDEAL_REDEAL = "misdeal_redeal"  # gather, reshuffle, redeal; same button and blinds
    PLAY_ON = "play_on"
    REPLACE_CARD_WITH_BURN = "replace_card_with_burn"  # exposed card -> pre-flop burn card
    DEAL_NEXT_CARD = "deal_next_card"  # boxed card / joker set aside like scrap paper
    EXTRA_CARD_AS_BURN = "extra_card_as_burn"  # MISDEAL-02(d) exception
    DEAD_HAND = "dead_hand"
    VOID_HAND = "void_hand"  # every chip returned
    CARRY_OVER_POT = "carry_over_pot"  # POT-09
    PACK_REPLACE_AFTER_HAND = "pack_replace_after_hand"  # DECK-13
    SANCTION_PROPOSAL = "sanction_proposal"
    VOID_FLOP_RESHUFFLE = "void_flop_reshuffle"  # RUL-56
    VOID_TURN = "void_turn"  # RUL-58
    RANDOM_BURN_FROM_FOUR = "random_burn_from_four"  # RUL-57
    CORRECT_BURN = "correct_burn"  # RUL-59, no action on the street
    BOARD_STANDS_ADJUST_BURNS = "board_stands_adjust_burns"  # RUL-59, after action
    RESTORE_ORIGINAL_BOARD = "restore_original_board"  # RUL-59, all-in and cards exposed
    BUTTON_BETWEEN_THEN_TWO = "button_between_then_two"  # RUL-60
    NO_CORRECTION = "no_correction"
    RETURN_UNCALLED = "return_uncalled"
    AWARD_WITHOUT_SHOWDOWN = "award_without_showdown"  # RUL-63
    HAND_STANDS = "hand_stands"
    FORFEIT_POT = "forfeit_pot"
    SHOW_TO_ALL = "show_to_all"  # RUL-29
    MUST_PLAY_CARD = "must_play_card"  # RUL-55
    NO_REMEDY = "no_remedy"  # RUL-31
    REBUILD_STUB = "rebuild_stub"  # RUL-66
    ESCALATE = "escalate"  # RUL-47
    CHIPS_TO_WINNER = "chips_to_winner"  # RUL-39
    ELIMINATION = "elimination"  # RUL-39, tournaments
    REQUEST_ALLOWED = "request_allowed"  # RUL-38
    REQUEST_REFUSED = "request_refused"  # RUL-38
    CARDS_SPEAK = "cards_speak"  # RUL-37
    ODD_CHIP_LEFT_OF_BUTTON = "odd_chip_left_of_button"  # RUL-40
    COMMISSION_PER_PROFILE = "commission_per_profile"  # RUL-41
    PLAYERS_HAVE_NO_SAY = "players_have_no_say"  # RUL-67


class BurnError(StrEnum):
    NO_BURN = "no_burn"
    EXTRA_BURN = "extra_burn"


@dataclass(frozen=True, slots=True)
class Irregularity:
    """What the floor declares. Only the fields that matter for ``kind`` are read."""

    kind: IrregularityKind
    seat: int | None = None  # the seat concerned (the offender, or the hand concerned)
    cards: int = 1  # how many cards: exposed, boxed, or in the flop (FLOP_TOO_MANY_CARDS)
    first_or_second_card: bool = False  # DEALER_EXPOSED_CARD: among the first two dealt
    partially_seen: bool = False  # DEALER_EXPOSED_CARD: only glimpsed (RUL-52)
    already_dealt: bool = False  # BOXED_CARD / JOKER: the card already reached a player
    in_hand: bool = True  # DIFFERENT_BACK: in a player's hand (True) or in the stub
    # DUPLICATE_CARDS: players who knew and still bet or raised to win the pot (RUL-34);
    # DEFECTIVE_CARD: players who knew and stayed silent (PBA, RUL-32).
    knowing_seats: tuple[int, ...] = ()
    extra_card_was_burn: bool = False  # WRONG_CARD_COUNT: MISDEAL-02(d) exception
    exposed_by_dealer: bool = False  # CARD_OUT_OF_ORDER: MISDEAL-02(e) exception
    facing_bet: bool = False  # PLAYER_SHOWED_CARDS: before answering a bet (RUL-28)
    threw_cards: bool = False  # MISDEAL_CALLED_IN_ERROR: a player threw the cards away
    deliberate: bool = False  # SHOWDOWN_MISSTATEMENT and similar: done on purpose
    burn_error: BurnError | None = None
    board_exposed: bool = False  # BURN_ERROR: cards already exposed with an all-in
    button_from: int | None = None  # BUTTON_MOVED_TWO_SEATS
    button_to: int | None = None
    noticed_in_next_hand: bool = True  # RUL-60: found during the very next hand
    amount: int = 0  # HIDDEN_CHIPS_FOUND: the chips found
    conduct: ConductCode | None = None  # CONDUCT / COLLUSION: which conduct
    immediate_removal: bool = False  # RUL-45/SANC-09: a very serious case


@dataclass(frozen=True, slots=True)
class HandContext:
    """What the engine knows about the hand when the irregularity is declared."""

    street: Street = Street.PREFLOP
    players_acted: int = 0  # voluntary actions so far in the hand (forced bets excluded)
    seats: tuple[int, ...] = ()  # seats dealt in (or at the table), clockwise order
    contributions: tuple[tuple[int, int], ...] = ()  # (seat, chips put in the hand so far)
    forced: tuple[
        tuple[int, int], ...
    ] = ()  # (seat, blinds/antes/straddle posted), part of the above
    street_bets: tuple[tuple[int, int], ...] = ()  # (seat, chips in front this round)
    all_in_seats: tuple[int, ...] = ()
    action_on_street: bool = False  # RUL-59: action on the street where the error happened
    new_hand_started: bool = False  # RUL-39, RUL-62: the next hand's first riffle happened
    tournament: bool = False
    final_heads_up: bool = False  # SANC-10 exceptions (tournaments only, OQ-49)

    @property
    def has_action(self) -> bool:
        return self.players_acted >= ACTION_THRESHOLD


@dataclass(frozen=True, slots=True)
class Refund:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CarryOverPot:
    """Chips kept for the next hand, open only to ``eligible_seats`` (POT-09)."""

    amount: int
    contributors: tuple[Refund, ...]
    eligible_seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class IrregularityRuling:
    kind: IrregularityKind
    outcome: Outcome  # the main outcome
    outcomes: tuple[Outcome, ...]  # every outcome, main first
    dead_seats: tuple[int, ...]  # hands that are dead (act like a fold), chips stay in the pot
    refunds: tuple[Refund, ...]  # chips returned to the players
    carry_over: CarryOverPot | None
    misdeal_cause: str | None  # e.g. "MISDEAL-02(a)"
    button_seat: int | None  # RUL-60: where the button goes now
    following_button_seat: int | None  # RUL-60: where it goes on the next hand
    sanctions: tuple[SanctionProposal, ...]
    alternatives: tuple[Outcome, ...]  # what the deciding authority may choose instead
    rule_ids: tuple[str, ...]
    requirement_ids: tuple[str, ...]
    sources: tuple[str, ...]
    rulesets_differ: bool
    fallback: bool  # the table's ruleset is silent; the manual's rule applies (GEN-03)
    needs_supervisor: bool  # the engine only proposes; a supervisor or above decides
    final_decision: bool  # CABA: Operations Management's decision is final (AUTH-02)
    decided_by: str | None  # RUL-47: who decides an unforeseen case
    explanation_es: str
    explanation_en: str


class _Decision:
    def __init__(self, irr: Irregularity, ctx: HandContext, profile: RuleProfile) -> None:
        self.i = irr
        self.declared = irr.kind  # what the ruling reports, whatever rule it borrows (IRREG-14)
        self.c = ctx
        self.p = profile
        self.rules: list[str] = []
        self.reqs: list[str] = []
        self.outcomes: list[Outcome] = []
        self.dead: list[int] = []
        self.refunds: list[Refund] = []
        self.carry: CarryOverPot | None = None
        self.cause: str | None = None
        self.button: int | None = None
        self.next_button: int | None = None
        self.sanctions: list[SanctionProposal] = []
        self.alternatives: tuple[Outcome, ...] = ()
        self.supervisor = False
        self.final = False
        self.decided_by: str | None = None
        self.forced_fallback = False
        self.notes = Notes()

    @property
    def ruleset(self) -> Ruleset:
        return self.p.ruleset

    def rule(self, rule_id: str, es: str = "", en: str = "") -> None:
        if rule_id not in self.rules:
            self.rules.append(rule_id)
        if es or en:
            self.notes.add(es, en)

    def req(self, req_id: str, es: str = "", en: str = "") -> None:
        if req_id not in self.reqs:
            self.reqs.append(req_id)
        if es or en:
            self.notes.add(es, en)

    def out(self, *outcomes: Outcome) -> None:
        for o in outcomes:
            if o not in self.outcomes:
                self.outcomes.append(o)

    def kill(self, seat: int | None) -> None:
        self.out(Outcome.DEAD_HAND)
        if seat is not None and seat not in self.dead:
            self.dead.append(seat)

    def sanction(self, seat: int | None, conduct: ConductCode, *, annulment: bool = False) -> None:
        immediate = self.i.immediate_removal
        self.sanctions.append(
            propose_sanction(seat, conduct, immediate=immediate, hand_annulment_possible=annulment)
        )
        self.out(Outcome.SANCTION_PROPOSAL)
        # RUL-45 / SANC-09: from the next hand, unless immediate removal is chosen.
        self.rule(
            "RUL-45",
            "La sanción se aplica a partir de la mano siguiente."
            if not immediate
            else "Caso grave: se propone retirar al jugador de inmediato.",
            "The sanction applies from the next hand."
            if not immediate
            else "Serious case: immediate removal of the player is proposed.",
        )

    def finish(self) -> IrregularityRuling:
        sources: list[str] = []
        fallback = self.forced_fallback
        for rid in (*self.rules, *self.reqs):
            src = rule_source(rid, self.ruleset)
            if src.source not in sources:
                sources.append(src.source)
            fallback = fallback or src.fallback
        outcomes = tuple(sorted(self.outcomes, key=_priority)) or (Outcome.PLAY_ON,)
        return IrregularityRuling(
            kind=self.declared,
            outcome=outcomes[0],
            outcomes=outcomes,
            dead_seats=tuple(self.dead),
            refunds=tuple(r for r in self.refunds if r.amount > 0),
            carry_over=self.carry,
            misdeal_cause=self.cause,
            button_seat=self.button,
            following_button_seat=self.next_button,
            sanctions=tuple(self.sanctions),
            alternatives=self.alternatives,
            rule_ids=tuple(self.rules),
            requirement_ids=tuple(self.reqs),
            sources=tuple(sources),
            rulesets_differ=any(rulesets_differ(r) for r in self.rules),
            fallback=fallback,
            needs_supervisor=self.supervisor,
            final_decision=self.final,
            decided_by=self.decided_by,
            explanation_es=self.notes.es,
            explanation_en=self.notes.en,
        )

    # -- shared outcomes ------------------------------------------------------
    def misdeal(self, cause: str) -> None:
        """Misdeal: redeal, same button and blinds; voluntary chips back (OQ-37).

        Usually before action; RUL-51 (a player threw his cards) and MISDEAL-09 (a flop of
        five) declare one after it, and the words say which.
        """
        self.cause = cause
        when_es, when_en = (
            ("declarado después de la acción", "declared after action")
            if self.c.has_action
            else ("sin acción", "before action")
        )
        self.rule(
            "RUL-49",
            f"Reparto erróneo ({cause}) {when_es}: se recogen las cartas sin mostrarlas, "
            "se baraja y se reparte otra vez con el mismo botón y las mismas ciegas.",
            f"Misdeal ({cause}) {when_en}: the cards are gathered unseen, reshuffled and "
            "redealt with the same button and blinds.",
        )
        self.req("MISDEAL-02")
        self.req("OQ-37")
        self.out(Outcome.MISDEAL_REDEAL)
        forced = dict(self.c.forced)
        for seat, amount in self.c.contributions:
            self.refunds.append(Refund(seat, amount - forced.get(seat, 0)))

    def after_action(self, cause: str) -> None:
        self.cause = cause
        self.rule(
            "RUL-50",
            f"Error de reparto ({cause}) descubierto después de que actuaron "
            f"{self.c.players_acted} jugadores: no hay reparto erróneo y la mano se juega.",
            f"Deal error ({cause}) found after {self.c.players_acted} players acted: "
            "no misdeal, the hand is played out.",
        )
        self.req("MISDEAL-03")
        self.out(Outcome.PLAY_ON)

    def void_all(self) -> None:
        self.out(Outcome.VOID_HAND)
        for seat, amount in self.c.contributions:
            self.refunds.append(Refund(seat, amount))

    def pack_replaced(self) -> None:
        self.req(
            "DECK-13",
            "Terminada la mano se reemplaza el mazo completo por otro del mismo color.",
            "After the hand the whole pack is replaced by one of the same colour.",
        )
        self.out(Outcome.PACK_REPLACE_AFTER_HAND)

    def unmatched(self, seat: int) -> int:
        bets = dict(self.c.street_bets)
        mine = bets.get(seat, 0)
        others = max((v for s, v in bets.items() if s != seat), default=0)
        return max(mine - others, 0)


# The main outcome is the one that changes the hand most; the rest keep their order.
_MAIN_OUTCOMES = (Outcome.MISDEAL_REDEAL, Outcome.VOID_HAND, Outcome.DEAD_HAND)


def _priority(outcome: Outcome) -> int:
    return _MAIN_OUTCOMES.index(outcome) if outcome in _MAIN_OUTCOMES else len(_MAIN_OUTCOMES)


_Handler: TypeAlias = Callable[[_Decision], None]


def decide(
    irregularity: Irregularity, context: HandContext, profile: RuleProfile
) -> IrregularityRuling:
    """Decide a declared irregularity under ``profile`` (IRREG-14 stores the result)."""
    d = _Decision(irregularity, context, profile)
    _HANDLERS[irregularity.kind](d)
    return d.finish()


_VOID_REASONS: dict[IrregularityKind, VoidReason] = {
    IrregularityKind.DIFFERENT_BACK: VoidReason.DIFFERENT_BACK,
    IrregularityKind.DUPLICATE_CARDS: VoidReason.DUPLICATE_CARD,
}


def irregularity_actions(
    ruling: IrregularityRuling, seat_to_player: Mapping[int, int]
) -> tuple[Action, ...]:
    """The engine actions (``poker.model``) a ruling stands for.

    A misdeal or a void hand ends the hand (``VOID``; the recorder applies the
    refunds and, for a misdeal, keeps the blinds for the redeal, OQ-37); each
    dead seat becomes a ``DEAD`` action, which acts as a fold (DEAD-01).
    """
    if Outcome.MISDEAL_REDEAL in ruling.outcomes:
        return (Action.void(VoidReason.MISDEAL),)
    if Outcome.VOID_HAND in ruling.outcomes:
        return (Action.void(_VOID_REASONS.get(ruling.kind, VoidReason.OTHER)),)
    return tuple(
        Action.dead(seat_to_player[seat]) for seat in ruling.dead_seats if seat in seat_to_player
    )


# ---------------------------------------------------------------------------
# Deal errors (MISDEAL-02, RUL-49..RUL-53)


def _dealer_exposed_card(d: _Decision) -> None:
    i, c = d.i, d.c
    if i.partially_seen:
        d.rule(
            "RUL-52",
            "La carta se vio a medias: primero se muestra a todos.",
            "The card was only glimpsed: it is first shown to everyone.",
        )
    if c.has_action:
        d.after_action("MISDEAL-02(a)/(b)")
        return
    if i.first_or_second_card:
        d.misdeal("MISDEAL-02(a)")
        return
    if i.cards >= 2:
        d.misdeal("MISDEAL-02(b)")
        return
    d.rule(
        "RUL-52",
        "Una carta expuesta por el croupier: se sigue repartiendo y se reemplaza por la "
        "carta que se quemaría antes del flop; el jugador no elige.",
        "One card exposed by the dealer: dealing continues and it is replaced by the pre-flop "
        "burn card; the player cannot choose.",
    )
    # OQ-17: the normative §7.5 threshold applies, not the glossary's "two or three cards".
    d.req("MISDEAL-04")
    d.out(Outcome.REPLACE_CARD_WITH_BURN, Outcome.PLAY_ON)


def _boxed_card(d: _Decision) -> None:
    i, c = d.i, d.c
    if i.cards >= 2:
        if c.has_action:
            d.after_action("MISDEAL-02(c)")
        else:
            d.rule("RUL-53")
            d.misdeal("MISDEAL-02(c)")
        return
    if i.already_dealt:
        d.rule(
            "RUL-53",
            "Carta boca arriba que ya llegó a un jugador: se aplica la regla de carta expuesta.",
            "Face-up card already dealt to a player: the exposed-card rule applies.",
        )
        d.rule("RUL-52")
        d.out(Outcome.REPLACE_CARD_WITH_BURN, Outcome.PLAY_ON)
        return
    d.rule(
        "RUL-53",
        "Una carta boca arriba en el mazo: se aparta como un papel y se da la siguiente.",
        "One face-up card in the deck: set aside like scrap paper and the next card is dealt.",
    )
    d.out(Outcome.DEAL_NEXT_CARD, Outcome.PLAY_ON)


def _wrong_card_count(d: _Decision) -> None:
    i, c = d.i, d.c
    if c.has_action:
        d.after_action("MISDEAL-02(d)")
        d.notes.add(
            "El jugador con cartas de más o de menos tiene mano muerta y no recupera sus apuestas.",
            "The player with too many or too few cards has a dead hand and gets no bet back.",
        )
        d.kill(i.seat)
        return
    if i.extra_card_was_burn:
        d.rule(
            "RUL-49",
            "Una carta de más que era la quemada antes del flop, con el resto bien repartido: "
            "esa carta pasa a ser la quemada y se sigue.",
            "One extra card that would have been the pre-flop burn, the rest dealt correctly: "
            "it becomes the burn card and play goes on.",
        )
        d.req("MISDEAL-02")
        d.out(Outcome.EXTRA_CARD_AS_BURN, Outcome.PLAY_ON)
        return
    d.misdeal("MISDEAL-02(d)")


def _simple_misdeal(cause: str) -> _Handler:
    def handler(d: _Decision) -> None:
        if d.c.has_action:
            d.after_action(cause)
            if d.i.kind is IrregularityKind.PLAYER_NOT_DEALT:
                # A player with no cards holds too few cards: dead hand, no refund (RUL-50).
                d.kill(d.i.seat)
            elif d.i.kind is IrregularityKind.CARDS_TO_EMPTY_OR_INELIGIBLE_SEAT:
                d.notes.add(
                    "Las cartas del asiento no elegible quedan fuera de juego.",
                    "The cards of the ineligible seat are out of play.",
                )
            return
        d.misdeal(cause)

    return handler


def _card_out_of_order(d: _Decision) -> None:
    if not d.c.has_action and d.i.exposed_by_dealer:
        # MISDEAL-02(e) exception: a card the dealer exposed is ruled as one exposed card
        # (replaced by the burn card; a glimpsed one first shown to all, RUL-52), and the
        # ruling still reports the card out of order that was declared.
        d.i = dataclasses.replace(
            d.i, kind=IrregularityKind.DEALER_EXPOSED_CARD, cards=1, first_or_second_card=False
        )
        _dealer_exposed_card(d)
        return
    _simple_misdeal("MISDEAL-02(e)")(d)


def _misdeal_called_in_error(d: _Decision) -> None:
    if d.i.threw_cards:
        d.rule(
            "RUL-51",
            "El croupier anunció por error un reparto erróneo y un jugador tiró sus cartas: "
            "se trata como un reparto erróneo válido.",
            "The dealer wrongly called a misdeal and a player threw the cards away: "
            "it is treated as a valid misdeal.",
        )
        d.misdeal("RUL-51")
        return
    d.rule(
        "RUL-51",
        "Nadie tiró sus cartas: se retira el anuncio.",
        "Nobody threw the cards away: the announcement is withdrawn.",
    )
    if d.c.has_action:
        d.after_action("RUL-51")
    else:
        d.out(Outcome.PLAY_ON)


# ---------------------------------------------------------------------------
# Cards and the pack


def _different_back(d: _Decision) -> None:
    if d.i.in_hand:
        d.rule(
            "RUL-33",
            "Carta de reverso distinto en la mano de un jugador: mano nula, se devuelven todas las fichas.",
            "A different-back card in a player's hand: the hand is void and every chip is returned.",
        )
        d.void_all()
    else:
        d.rule(
            "RUL-33",
            "Carta de reverso distinto entre las cartas sin repartir: se sigue jugando la mano completa.",
            "A different-back card in the stub: the hand is played out.",
        )
        d.out(Outcome.PLAY_ON)
    d.pack_replaced()


def _duplicate_cards(d: _Decision) -> None:
    i, c = d.i, d.c
    d.rule(
        "RUL-34",
        "Dos cartas idénticas: mano nula y se devuelven las fichas.",
        "Two identical cards: the hand is void and the chips are returned.",
    )
    d.out(Outcome.VOID_HAND)
    knowing = set(i.knowing_seats)
    kept: list[Refund] = []
    for seat, amount in c.contributions:
        if seat in knowing:
            kept.append(Refund(seat, amount))
        else:
            d.refunds.append(Refund(seat, amount))
    if kept and sum(r.amount for r in kept) > 0:
        eligible = c.seats or tuple(seat for seat, _ in c.contributions)
        d.carry = CarryOverPot(
            amount=sum(r.amount for r in kept),
            contributors=tuple(kept),
            eligible_seats=tuple(eligible),
        )
        d.req(
            "POT-09",
            "Quien lo sabía y apostó para ganar el pozo pierde la devolución: sus fichas quedan "
            "para la mano siguiente, solo para los jugadores de esta mano.",
            "Whoever knew and bet to win the pot loses the refund: those chips stay for the next "
            "hand, open only to this hand's players.",
        )
        d.out(Outcome.CARRY_OVER_POT)
    d.pack_replaced()


def _joker(d: _Decision) -> None:
    i, c = d.i, d.c
    if not i.already_dealt:
        d.rule(
            "RUL-54",
            "Comodín o carta ilegal que iba a quedar a la vista: se aparta como un papel.",
            "A joker or illegal card that would be exposed: set aside like scrap paper.",
        )
        d.out(Outcome.DEAL_NEXT_CARD, Outcome.PLAY_ON)
    elif c.has_action:
        d.rule(
            "RUL-54",
            "Comodín o carta ilegal en la mano de un jugador y ya hubo acción: mano muerta.",
            "A joker or illegal card in a player's hand after action: dead hand.",
        )
        d.kill(i.seat)
    else:
        d.rule(
            "RUL-54",
            "Comodín o carta ilegal repartido a un jugador: se trata como carta expuesta.",
            "A joker or illegal card dealt to a player: treated as an exposed card.",
        )
        d.rule("RUL-52")
        d.out(Outcome.REPLACE_CARD_WITH_BURN, Outcome.PLAY_ON)
    d.pack_replaced()


def _player_exposed_own_card(d: _Decision) -> None:
    d.rule(
        "RUL-55",
        "El jugador expuso su propia carta: debe jugar con ella.",
        "The player exposed their own card: they must play it.",
    )
    d.out(Outcome.MUST_PLAY_CARD, Outcome.PLAY_ON)


def _defective_card(d: _Decision) -> None:
    # OQ-22: a damaged or marked card stays in play; the pack goes after the hand (§6.5(k)).
    d.rule(
        "RUL-32",
        "Carta dañada o marcada: sigue en juego hasta terminar la mano.",
        "Damaged or marked card: it stays in play until the hand ends.",
    )
    d.out(Outcome.PLAY_ON)
    d.pack_replaced()
    if d.ruleset is Ruleset.PBA and d.i.knowing_seats:
        d.notes.add(
            "PBA: quien la descubrió y no la declaró pierde el derecho al pozo.",
            "PBA: whoever found it and did not declare it loses the right to the pot.",
        )
        d.out(Outcome.FORFEIT_POT)
        for seat in d.i.knowing_seats:
            d.kill(seat)
            d.sanction(seat, ConductCode.UNDECLARED_DEFECTIVE_CARD)


def _cards_missing(d: _Decision) -> None:
    d.rule(
        "RUL-61",
        "Se notó que el mazo está incompleto: esta mano y las anteriores valen igual.",
        "Cards are missing from the pack: the hands played, this one included, stand.",
    )
    d.out(Outcome.HAND_STANDS, Outcome.PLAY_ON)
    d.pack_replaced()


def _premature_flop(d: _Decision) -> None:
    d.rule(
        "RUL-56",
        "Flop expuesto antes de terminar la acción: es nulo. Se termina la acción, se mezcla el "
        "resto con ese flop (sin la quemada ni las cartas tiradas), se corta y se saca un flop "
        "nuevo sin quemar.",
        "Flop exposed before the action ended: it is void. Finish the action, shuffle the stub "
        "with that flop (without the burn card or folded cards), cut and deal a new flop "
        "without burning.",
    )
    d.out(Outcome.VOID_FLOP_RESHUFFLE, Outcome.PLAY_ON)


def _premature_turn(d: _Decision) -> None:
    d.rule(
        "RUL-58",
        "Turn expuesto antes de terminar la acción del flop: es nulo y se aparta. Se termina la "
        "acción, se quema y la siguiente carta es el turn; para el river se mezcla el resto con "
        "el turn nulo (sin quemadas), se corta y se saca sin quemar.",
        "Turn exposed before the flop action ended: it is void and set aside. Finish the action, "
        "burn and deal the next card as the turn; for the river shuffle the stub with the void "
        "turn (no burn cards), cut and deal without burning.",
    )
    d.out(Outcome.VOID_TURN, Outcome.PLAY_ON)


def _flop_too_many(d: _Decision) -> None:
    if d.i.cards == 4:
        d.rule(
            "RUL-57",
            "Flop de cuatro cartas: el personal las pone boca abajo y elige una al azar, que será "
            "la quemada antes del turn; las otras tres son el flop.",
            "Four-card flop: staff put them face down and pick one at random as the burn before "
            "the turn; the other three are the flop.",
        )
        d.out(Outcome.RANDOM_BURN_FROM_FOUR, Outcome.PLAY_ON)
        return
    if d.i.cards < 4:
        d.rule("RUL-57", "El flop no tiene cartas de más.", "The flop has no extra cards.")
        d.out(Outcome.PLAY_ON)
        return
    # §7.5(8) sends a flop of five or more cards to the misdeal rule even though pre-flop
    # action has happened (a tension with MISDEAL-03): the supervisor confirms.
    d.rule(
        "RUL-57",
        f"Flop de {d.i.cards} cartas: se trata como reparto erróneo; lo confirma el supervisor.",
        f"A {d.i.cards}-card flop: treated as a misdeal; the supervisor confirms.",
    )
    d.supervisor = True
    d.misdeal("MISDEAL-09")


def _burn_error(d: _Decision) -> None:
    i, c = d.i, d.c
    what_es = (
        "no se quemó carta" if i.burn_error is BurnError.NO_BURN else "se quemó más de una carta"
    )
    what_en = (
        "no card was burned"
        if i.burn_error is BurnError.NO_BURN
        else "more than one card was burned"
    )
    if not c.action_on_street:
        d.rule(
            "RUL-59",
            f"Error de quemado ({what_es}) sin acción en esa ronda: se corrige.",
            f"Burn error ({what_en}) with no action on that street: it is corrected.",
        )
        d.out(Outcome.CORRECT_BURN, Outcome.PLAY_ON)
    elif c.all_in_seats and i.board_exposed:
        d.rule(
            "RUL-59",
            f"Error de quemado ({what_es}) con un all-in y cartas expuestas: se arma la mesa "
            "original, como si no hubiera habido error.",
            f"Burn error ({what_en}) with an all-in and cards exposed: the original board is "
            "restored as if there had been no error.",
        )
        d.out(Outcome.RESTORE_ORIGINAL_BOARD, Outcome.PLAY_ON)
    else:
        d.rule(
            "RUL-59",
            f"Error de quemado ({what_es}) después de la acción: la mesa queda y el resto se "
            "reparte como si no hubiera habido error"
            + (
                " (la segunda carta quemada vuelve arriba del mazo y se quema antes de la calle siguiente)."
                if i.burn_error is BurnError.EXTRA_BURN
                else "."
            ),
            f"Burn error ({what_en}) after action: the board stands and the rest is dealt as if "
            "there had been no error"
            + (
                " (the second burned card goes back on top and is burned before the next street)."
                if i.burn_error is BurnError.EXTRA_BURN
                else "."
            ),
        )
        d.out(Outcome.BOARD_STANDS_ADJUST_BURNS, Outcome.PLAY_ON)


def _stub_scattered(d: _Decision) -> None:
    d.rule(
        "RUL-66",
        "El resto del mazo se desarmó: se reconstruye lo mejor posible.",
        "The stub was scattered: it is rebuilt as well as possible.",
    )
    d.out(Outcome.REBUILD_STUB, Outcome.PLAY_ON)


def _illegal_hand_unseen(d: _Decision) -> None:
    if d.c.has_action:
        d.rule(
            "RUL-64",
            "El jugador no miró sus cartas y su mano es ilegal; ya hubo acción: mano muerta.",
            "The player did not look at the cards and the hand is illegal; after action: dead hand.",
        )
        d.kill(d.i.seat)
        return
    d.rule(
        "RUL-64",
        "Mano ilegal descubierta antes de la acción.",
        "Illegal hand found before action.",
    )
    d.misdeal("MISDEAL-02(d)")


def _folded_cards_mixed(d: _Decision) -> None:
    d.rule(
        "RUL-65",
        "Cartas tiradas se mezclaron con las del jugador: su mano está muerta.",
        "Folded cards mixed with the player's cards: the hand is dead.",
    )
    d.kill(d.i.seat)


# ---------------------------------------------------------------------------
# Button


def _clockwise_after(seats: tuple[int, ...], seat: int, steps: int) -> int | None:
    ordered = sorted(seats)
    if seat not in ordered:
        return None
    return ordered[(ordered.index(seat) + steps) % len(ordered)]


def _button_moved_two(d: _Decision) -> None:
    i, c = d.i, d.c
    if not i.noticed_in_next_hand:
        d.rule(
            "RUL-60",
            "El error del botón se notó después de más manos: no se corrige.",
            "The button error was noticed after more hands: nothing is corrected.",
        )
        d.out(Outcome.NO_CORRECTION)
        return
    seats = c.seats
    if i.button_from is None or i.button_to is None:
        d.supervisor = True
        d.rule("RUL-60", "Faltan los asientos del botón.", "The button seats are missing.")
        d.out(Outcome.BUTTON_BETWEEN_THEN_TWO)
        return
    if seats:
        between = _clockwise_after(seats, i.button_from, 1)
        following = None if between is None else _clockwise_after(seats, between, 2)
    else:
        # The seats in play are not known: the seat between is the one after the seat the
        # button left, if it is short of where it went; the seat two on is not known (the
        # table may wrap), so the supervisor names it (MISDEAL-06).
        between = i.button_from + 1 if i.button_from + 1 < i.button_to else None
        following = None
    if between is None or following is None or between == i.button_to:
        d.supervisor = True
    d.button = between
    d.next_button = following
    moved_es = f"El botón avanzó dos asientos ({i.button_from} → {i.button_to})"
    moved_en = f"The button moved two seats ({i.button_from} → {i.button_to})"
    if between is None:
        d.rule(
            "RUL-60",
            f"{moved_es}: no se sabe qué asiento queda entre ambos; decide el supervisor.",
            f"{moved_en}: the seat between them is not known; the supervisor decides.",
        )
    elif following is None:
        d.rule(
            "RUL-60",
            f"{moved_es}: en esta mano va al asiento intermedio {between}; el de la mano "
            "siguiente lo indica el supervisor.",
            f"{moved_en}: this hand it goes to the seat between, {between}; the supervisor "
            "names the seat of the next hand.",
        )
    else:
        d.rule(
            "RUL-60",
            f"{moved_es}: en esta mano va al asiento intermedio {between} y en la siguiente "
            f"avanza dos, al {following}.",
            f"{moved_en}: this hand it goes to the seat between, {between}, and next hand it "
            f"moves on two, to {following}.",
        )
    d.out(Outcome.BUTTON_BETWEEN_THEN_TWO)


def _button_not_moved(d: _Decision) -> None:
    d.rule(
        "RUL-60",
        "El botón no avanzó: no se corrige.",
        "The button did not move: nothing is corrected.",
    )
    d.out(Outcome.NO_CORRECTION)


# ---------------------------------------------------------------------------
# The dealer kills a hand


def _dealer_killed_unprotected(d: _Decision) -> None:
    seat = d.i.seat
    back = d.unmatched(seat) if seat is not None else 0
    d.rule(
        "RUL-30",
        "El croupier mató una mano no protegida: mano muerta, sin devolución"
        + (f", salvo {back} de su apuesta que nadie igualó." if back else "."),
        "The dealer killed an unprotected hand: dead hand, no refund"
        + (f", except {back} of the bet nobody called." if back else "."),
    )
    d.kill(seat)
    if seat is not None and back:
        d.refunds.append(Refund(seat, back))
        d.out(Outcome.RETURN_UNCALLED)


def _dealer_killed_winner(d: _Decision) -> None:
    if d.c.new_hand_started:
        d.rule(
            "RUL-62",
            "Se descubrió que el croupier mató la mano ganadora cuando ya había empezado otra mano: el resultado queda.",
            "The killed winning hand was found after a new hand began: the result stands.",
        )
        d.out(Outcome.NO_CORRECTION)
        return
    d.rule(
        "RUL-62",
        "El croupier mató por error la mano ganadora: sigue siendo válida y gana.",
        "The dealer killed the winning hand by mistake: it is still valid and wins.",
    )
    d.out(Outcome.HAND_STANDS)


# ---------------------------------------------------------------------------
# Players and their hands


def _sanction_exempt(c: HandContext) -> bool:
    # SANC-10 (e)–(g) exceptions hold only at a tournament's final heads-up (OQ-49).
    return c.tournament and c.final_heads_up


def _player_showed_cards(d: _Decision) -> None:
    i, c = d.i, d.c
    rid = "RUL-28" if i.facing_bet else "RUL-27"
    if d.ruleset is Ruleset.CABA:
        d.rule(
            rid,
            "CABA: mostrar las cartas está prohibido; el encargado de sector sanciona y puede "
            "anular la mano del jugador.",
            "CABA: showing the cards is forbidden; the sector manager sanctions and may annul the "
            "player's hand.",
        )
        d.out(Outcome.PLAY_ON)
        d.sanction(i.seat, ConductCode.SHOWING_CARDS, annulment=True)
        d.alternatives = (Outcome.PLAY_ON, Outcome.DEAD_HAND)
        d.supervisor = True
        return
    if d.ruleset is Ruleset.PBA and i.facing_bet:
        d.rule(
            rid,
            "PBA: mostró las cartas antes de responder a una apuesta: queda fuera de la mano.",
            "PBA: showed the cards before answering a bet: out of the hand.",
        )
        d.kill(i.seat)
        d.sanction(i.seat, ConductCode.SHOWING_CARDS)
        return
    d.rule(
        rid,
        "Mostrar las cartas durante la mano es ilegal pero la mano sigue viva.",
        "Showing the cards during the hand is illegal but the hand stays live.",
    )
    d.out(Outcome.PLAY_ON)
    if not _sanction_exempt(c):
        d.sanction(i.seat, ConductCode.SHOWING_CARDS)


def _player_saw_anothers_card(d: _Decision) -> None:
    d.rule(
        "RUL-29",
        "Un jugador vio una carta de otro: se muestra a todos para que tengan la misma información.",
        "A player saw another's card: it is shown to everyone so all have the same information.",
    )
    d.out(Outcome.SHOW_TO_ALL, Outcome.PLAY_ON)


def _cards_seen_unshielded(d: _Decision) -> None:
    d.rule(
        "RUL-31",
        "Las cartas se vieron porque el jugador no las protegió: no tiene reclamo.",
        "The cards were seen because the player did not shield them: no claim.",
    )
    d.out(Outcome.NO_REMEDY, Outcome.PLAY_ON)
    d.rule(
        "RUL-29",
        "Si otro jugador vio la carta, se muestra a todos.",
        "If another player saw the card, it is shown to everyone.",
    )
    d.out(Outcome.SHOW_TO_ALL)


def _left_before_award(d: _Decision) -> None:
    d.rule(
        "RUL-35",
        "Se fue (o tiró la mano) antes de que se adjudicara el pozo: pierde el derecho al pozo.",
        "Left (or threw the hand away) before the pot was awarded: forfeits the pot.",
    )
    d.out(Outcome.FORFEIT_POT)
    d.kill(d.i.seat)


def _cards_pushed_forward(d: _Decision) -> None:
    d.rule(
        "RUL-36",
        "Cartas empujadas hacia adelante o al croupier: mano muerta.",
        "Cards pushed forward or to the dealer: dead hand.",
    )
    d.kill(d.i.seat)


def _left_seat_during_action(d: _Decision) -> None:
    d.rule(
        "RUL-23",
        "Dejó el asiento antes de completar su acción: se toma como retiro fuera de turno, mano muerta.",
        "Left the seat before completing the action: treated as an out-of-turn fold, dead hand.",
    )
    d.kill(d.i.seat)
    if d.ruleset is Ruleset.PBA:
        d.sanction(d.i.seat, ConductCode.LEFT_SEAT_DURING_ACTION)


def _clock_expired(d: _Decision) -> None:
    d.rule(
        "RUL-26",
        "Venció el reloj sin que actuara: mano muerta.",
        "The clock ran out without an action: dead hand.",
    )
    if d.ruleset is Ruleset.CABA:
        # CABA's extract states the times, not the consequence (OQ-14).
        d.forced_fallback = True
    d.kill(d.i.seat)


def _absent_at_end_of_deal(d: _Decision) -> None:
    d.rule(
        "RUL-42",
        "El jugador no estaba en su asiento al terminar el reparto: su mano se mata; las ciegas "
        "puestas quedan en el pozo.",
        "The player was not in the seat when the deal ended: the hand is killed; the blinds "
        "posted stay in the pot.",
    )
    d.req("OQ-38")
    d.kill(d.i.seat)


def _acting_for_absent(d: _Decision) -> None:
    d.rule(
        "RUL-42",
        "Nadie puede apostar por otro jugador: esa acción no cuenta y decide el supervisor.",
        "Nobody may bet for another player: that action does not count; the supervisor decides.",
    )
    d.supervisor = True
    if d.ruleset is Ruleset.CABA:
        d.sanction(d.i.seat, ConductCode.ACTING_FOR_ANOTHER)
    else:
        d.out(Outcome.PLAY_ON)


# ---------------------------------------------------------------------------
# Showdown, pots and commission


def _showdown_misstatement(d: _Decision) -> None:
    d.rule(
        "RUL-37",
        "En el showdown las cartas hablan; lo dicho no obliga.",
        "At the showdown the cards speak; what is said does not bind.",
    )
    d.out(Outcome.CARDS_SPEAK)
    if d.i.deliberate:
        d.sanction(d.i.seat, ConductCode.MISSTATED_HAND)


def _request_to_see_mucked(d: _Decision) -> None:
    if d.c.all_in_seats:
        d.rule(
            "RUL-38",
            "Hay un jugador all-in: se puede pedir ver la mano.",
            "A player is all-in: the hand may be asked for.",
        )
        d.out(Outcome.REQUEST_ALLOWED)
    else:
        d.rule(
            "RUL-38",
            "No se puede pedir ver una mano perdedora o tirada.",
            "Asking to see a losing or mucked hand is not allowed.",
        )
        d.out(Outcome.REQUEST_REFUSED)


def _hidden_chips(d: _Decision) -> None:
    c = d.c
    if not c.new_hand_started:
        d.rule(
            "RUL-39",
            f"Fichas escondidas ({d.i.amount}) descubiertas antes de la mano siguiente: van al "
            "jugador que le ganó; el supervisor ajusta el monto.",
            f"Hidden chips ({d.i.amount}) found before the next hand: they go to the player who "
            "won; the supervisor settles the amount.",
        )
        d.out(Outcome.CHIPS_TO_WINNER)
        d.supervisor = True
        return
    if c.tournament:
        d.rule(
            "RUL-39",
            "Descubierto ya empezada otra mano, en torneo: eliminación.",
            "Found after the next hand began, in a tournament: elimination.",
        )
        d.out(Outcome.ELIMINATION)
        return
    d.rule(
        "RUL-39",
        "Descubierto ya empezada otra mano, en una partida con dinero: sanción.",
        "Found after the next hand began, in a cash game: a sanction.",
    )
    d.sanction(d.i.seat, ConductCode.HIDDEN_CHIPS)


def _odd_chip(d: _Decision) -> None:
    d.rule(
        "RUL-40",
        "La ficha impar (la de menor valor) va al primer ganador a la izquierda del botón, una "
        "por jugador, cada pozo por separado.",
        "The odd chip (the lowest value) goes to the first tied player left of the button, one "
        "each, each pot separately.",
    )
    d.out(Outcome.ODD_CHIP_LEFT_OF_BUTTON)


def _commission(d: _Decision) -> None:
    p = d.p
    if p.tournament:
        es, en = "En torneo no hay comisión.", "Tournaments take no commission."
    elif p.rake_mode is RakeMode.SEAT_CHARGE:
        es, en = (
            "La sala cobra por asiento; no se descuenta del pozo.",
            "The room charges for the seat; nothing is taken from the pot.",
        )
    elif p.rake_mode is RakeMode.NONE:
        es, en = "Esta mesa no cobra comisión.", "This table takes no commission."
    else:
        pct = f"{p.rake_bps / 100:g}"
        if p.rake_rounding is RakeRounding.NEAREST:  # RAKE-07, OQ-04: the casino's rounding
            es = (
                f"Comisión del {pct} % de cada pozo, redondeada a la ficha más cercana "
                "(media ficha, hacia abajo)."
            )
            en = (
                f"A {pct} % commission on each pot, rounded to the nearest chip (half a chip down)."
            )
        else:
            es = f"Comisión del {pct} % de cada pozo, redondeada hacia abajo a la ficha mínima."
            en = f"A {pct} % commission on each pot, rounded down to the smallest chip."
    d.rule("RUL-41", es, en)
    d.out(Outcome.COMMISSION_PER_PROFILE)


def _uncalled_bet(d: _Decision) -> None:
    seat = d.i.seat
    back = d.unmatched(seat) if seat is not None else 0
    d.rule(
        "RUL-63",
        "Nadie igualó la apuesta: no hay showdown; el apostador se lleva el pozo menos la comisión"
        + (f" y recupera {back} no igualado." if back else "."),
        "Nobody called the bet: no showdown; the bettor takes the pot less commission"
        + (f" and gets back the uncalled {back}." if back else "."),
    )
    d.out(Outcome.AWARD_WITHOUT_SHOWDOWN)
    if seat is not None and back:
        d.refunds.append(Refund(seat, back))
        d.out(Outcome.RETURN_UNCALLED)


# ---------------------------------------------------------------------------
# Conduct and authority


def _comment_or_advice(d: _Decision) -> None:
    caba = d.ruleset is Ruleset.CABA
    d.rule(
        "RUL-43",
        "Comentar, aconsejar o hacer señas sobre una mano se sanciona"
        + ("; en CABA puede anularse la mano." if caba else "."),
        "Commenting, advising or signalling about a hand is sanctioned"
        + ("; under CABA the hand may be annulled." if caba else "."),
    )
    if d.ruleset is Ruleset.MANUAL and _sanction_exempt(d.c):
        d.out(Outcome.PLAY_ON)
        return
    code = (
        ConductCode.COMMENTING_HAND
        if d.ruleset is Ruleset.MANUAL
        else ConductCode.ADVICE_OR_SIGNALS
    )
    d.out(Outcome.PLAY_ON)
    d.sanction(d.i.seat, code, annulment=caba)
    if caba:
        d.alternatives = (Outcome.PLAY_ON, Outcome.DEAD_HAND)
        d.supervisor = True


def _phone_use(d: _Decision) -> None:
    if d.ruleset is Ruleset.CABA:
        es, en = (
            "CABA: no se usa el celular durante el juego; advertencia y posible retiro.",
            "CABA: no phone during play; a warning and possible removal.",
        )
    else:
        es, en = (
            "El celular va silenciado; para usarlo el jugador se aparta reservando el asiento.",
            "Phones stay silent; to use one the player steps away keeping the seat.",
        )
        if d.ruleset is Ruleset.MANUAL:
            d.req("OQ-46")
    d.rule("RUL-44", es, en)
    d.sanction(d.i.seat, ConductCode.PHONE_USE)


def _chips_not_visible(d: _Decision) -> None:
    d.rule(
        "RUL-46",
        "Las fichas deben estar a la vista"
        + (", las de mayor valor adelante." if d.ruleset is Ruleset.PBA else "."),
        "Chips must be visible"
        + (", the higher values in front." if d.ruleset is Ruleset.PBA else "."),
    )
    d.out(Outcome.PLAY_ON)
    d.sanction(d.i.seat, ConductCode.CHIPS_NOT_VISIBLE)


def _collusion(d: _Decision) -> None:
    d.rule(
        "RUL-48",
        "Colusión, juego suave o préstamo de fichas: sanción obligatoria.",
        "Collusion, soft play or lending chips: a mandatory sanction.",
    )
    d.sanction(d.i.seat, d.i.conduct or ConductCode.COLLUSION)


def _unforeseen(d: _Decision) -> None:
    who = {
        Ruleset.MANUAL: ("la gerencia", "management"),
        Ruleset.PBA: ("la superioridad", "the higher authority"),
        Ruleset.CABA: ("la Gerencia de Operaciones", "Operations Management"),
    }[d.ruleset]
    d.final = d.ruleset is Ruleset.CABA
    d.decided_by = who[1]
    d.rule(
        "RUL-47",
        f"Situación no prevista: se escala del supervisor al jefe de sector y decide {who[0]}"
        + (", con decisión definitiva." if d.final else "."),
        f"A situation the rules do not cover: escalated from supervisor to pit boss; {who[1]} "
        "decides" + (", and the decision is final." if d.final else "."),
    )
    d.supervisor = True
    d.out(Outcome.ESCALATE)


def _player_opinions(d: _Decision) -> None:
    d.rule(
        "RUL-67",
        "Los jugadores no opinan sobre una irregularidad; el personal aplica las reglas.",
        "Players have no say on an irregularity; staff apply the rules.",
    )
    d.out(Outcome.PLAYERS_HAVE_NO_SAY)


def _conduct(d: _Decision) -> None:
    code = d.i.conduct
    if code is None:
        d.supervisor = True
        d.rule("RUL-47", "Falta el código de conducta.", "The conduct code is missing.")
        d.out(Outcome.ESCALATE)
        return
    exempt = code in {
        ConductCode.SHOWING_CARDS,
        ConductCode.COMMENTING_HAND,
        ConductCode.LOOKING_AT_CARDS,
    } and _sanction_exempt(d.c)
    d.req("SANC-10")
    if exempt:
        d.notes.add(
            "En el mano a mano final de un torneo esta conducta no se sanciona.",
            "At a tournament's final heads-up this conduct is not sanctioned.",
        )
        d.out(Outcome.PLAY_ON)
        return
    d.sanction(d.i.seat, code)


_HANDLERS: dict[IrregularityKind, _Handler] = {
    IrregularityKind.DEALER_EXPOSED_CARD: _dealer_exposed_card,
    IrregularityKind.BOXED_CARD: _boxed_card,
    IrregularityKind.WRONG_CARD_COUNT: _wrong_card_count,
    IrregularityKind.CARD_OUT_OF_ORDER: _card_out_of_order,
    IrregularityKind.BUTTON_MISPLACED: _simple_misdeal("MISDEAL-02(f)"),
    IrregularityKind.FIRST_CARD_WRONG_SEAT: _simple_misdeal("MISDEAL-02(g)"),
    IrregularityKind.CARDS_TO_EMPTY_OR_INELIGIBLE_SEAT: _simple_misdeal("MISDEAL-02(h)"),
    IrregularityKind.PLAYER_NOT_DEALT: _simple_misdeal("MISDEAL-02(i)"),
    IrregularityKind.MISDEAL_CALLED_IN_ERROR: _misdeal_called_in_error,
    IrregularityKind.DIFFERENT_BACK: _different_back,
    IrregularityKind.DUPLICATE_CARDS: _duplicate_cards,
    IrregularityKind.JOKER_OR_ILLEGAL_CARD: _joker,
    IrregularityKind.PLAYER_EXPOSED_OWN_CARD: _player_exposed_own_card,
    IrregularityKind.DEFECTIVE_CARD: _defective_card,
    IrregularityKind.CARDS_MISSING_FROM_PACK: _cards_missing,
    IrregularityKind.PREMATURE_FLOP: _premature_flop,
    IrregularityKind.PREMATURE_TURN: _premature_turn,
    IrregularityKind.FLOP_TOO_MANY_CARDS: _flop_too_many,
    IrregularityKind.BURN_ERROR: _burn_error,
    IrregularityKind.STUB_SCATTERED: _stub_scattered,
    IrregularityKind.ILLEGAL_HAND_UNSEEN: _illegal_hand_unseen,
    IrregularityKind.FOLDED_CARDS_MIXED: _folded_cards_mixed,
    IrregularityKind.BUTTON_MOVED_TWO_SEATS: _button_moved_two,
    IrregularityKind.BUTTON_NOT_MOVED: _button_not_moved,
    IrregularityKind.DEALER_KILLED_UNPROTECTED_HAND: _dealer_killed_unprotected,
    IrregularityKind.DEALER_KILLED_WINNING_HAND: _dealer_killed_winner,
    IrregularityKind.PLAYER_SHOWED_CARDS: _player_showed_cards,
    IrregularityKind.PLAYER_SAW_ANOTHERS_CARD: _player_saw_anothers_card,
    IrregularityKind.CARDS_SEEN_UNSHIELDED: _cards_seen_unshielded,
    IrregularityKind.LEFT_BEFORE_POT_AWARDED: _left_before_award,
    IrregularityKind.CARDS_PUSHED_FORWARD: _cards_pushed_forward,
    IrregularityKind.LEFT_SEAT_DURING_ACTION: _left_seat_during_action,
    IrregularityKind.CLOCK_EXPIRED: _clock_expired,
    IrregularityKind.ABSENT_AT_END_OF_DEAL: _absent_at_end_of_deal,
    IrregularityKind.ACTING_FOR_ABSENT_PLAYER: _acting_for_absent,
    IrregularityKind.SHOWDOWN_MISSTATEMENT: _showdown_misstatement,
    IrregularityKind.REQUEST_TO_SEE_MUCKED: _request_to_see_mucked,
    IrregularityKind.HIDDEN_CHIPS_FOUND: _hidden_chips,
    IrregularityKind.ODD_CHIP_DISPUTE: _odd_chip,
    IrregularityKind.COMMISSION_DISPUTE: _commission,
    IrregularityKind.UNCALLED_BET: _uncalled_bet,
    IrregularityKind.COMMENT_OR_ADVICE: _comment_or_advice,
    IrregularityKind.PHONE_USE: _phone_use,
    IrregularityKind.CHIPS_NOT_VISIBLE: _chips_not_visible,
    IrregularityKind.COLLUSION: _collusion,
    IrregularityKind.UNFORESEEN_SITUATION: _unforeseen,
    IrregularityKind.PLAYER_OPINIONS: _player_opinions,
    IrregularityKind.CONDUCT: _conduct,
}
