"""Irregularities, misdeals and dead hands per ruleset (MISDEAL, DEAD, IRREG, RUL-23..RUL-67).

Table-driven like ``test_rulings``: each case runs under MANUAL, PBA and CABA.
Contexts are illustrations: seats 1–4, seat 1 small blind 5, seat 2 big blind 10.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.irregularities import (
    BurnError,
    HandContext,
    Irregularity,
    IrregularityKind,
    IrregularityRuling,
    Outcome,
    decide,
    irregularity_actions,
)
from poker.model import ActionKind, Street, VoidReason
from poker.profiles import CABA, MANUAL, PBA, RuleProfile, Ruleset
from poker.rulings_catalogue import CATALOGUE, REQUIREMENT_SOURCES
from poker.rulings_common import ConductCode, SanctionStart

I = IrregularityKind  # noqa: E741
O = Outcome  # noqa: E741
PROFILES: dict[Ruleset, RuleProfile] = {
    Ruleset.MANUAL: MANUAL,
    Ruleset.PBA: PBA,
    Ruleset.CABA: CABA,
}

# Pre-flop, only seat 3 has acted (raised to 30): no "action" yet (MISDEAL-03).
NO_ACTION = HandContext(
    players_acted=1,
    seats=(1, 2, 3, 4),
    contributions=((1, 5), (2, 10), (3, 30)),
    forced=((1, 5), (2, 10)),
    street_bets=((1, 5), (2, 10), (3, 30)),
)
# Flop after action: seat 3 bet 150 into calls of 50; seat 4 is all-in.
ACTION = HandContext(
    street=Street.FLOP,
    players_acted=4,
    seats=(1, 2, 3, 4),
    contributions=((1, 50), (2, 50), (3, 150), (4, 50)),
    forced=((1, 5), (2, 10)),
    street_bets=((2, 0), (3, 100), (4, 0)),
    all_in_seats=(4,),
    action_on_street=True,
)
EXACTLY_TWO_ACTED = HandContext(
    players_acted=2,
    seats=(1, 2, 3, 4),
    contributions=((1, 5), (2, 10), (3, 30), (4, 30)),
    forced=((1, 5), (2, 10)),
)
NEXT_HAND = HandContext(new_hand_started=True, seats=(1, 2, 3, 4))
FINAL_HEADS_UP = HandContext(tournament=True, final_heads_up=True, seats=(1, 2))
NINE_SEATS = HandContext(seats=tuple(range(1, 10)))


@dataclass(frozen=True)
class Expect:
    outcome: Outcome
    outcomes: tuple[Outcome, ...] = ()  # must also be present
    dead: tuple[int, ...] = ()
    refunds: dict[int, int] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    sanctions: tuple[ConductCode, ...] = ()
    fallback: bool | None = None
    supervisor: bool = False
    cause: str | None = None


@dataclass(frozen=True)
class Case:
    name: str
    irregularity: Irregularity
    context: HandContext
    manual: Expect
    pba: Expect | None = None
    caba: Expect | None = None
    differs: bool | None = None

    def expect(self, ruleset: Ruleset) -> Expect:
        if ruleset is Ruleset.PBA and self.pba is not None:
            return self.pba
        if ruleset is Ruleset.CABA and self.caba is not None:
            return self.caba
        return self.manual


MISDEAL_REFUNDS = {3: 30}  # OQ-37: the raise comes back, the blinds stay posted

CASES: tuple[Case, ...] = (
    # --- MISDEAL-02 (a)–(i) before action, RUL-49 -----------------------------------
    Case(
        "RUL-49-MISDEAL-02a-first-card-exposed",
        Irregularity(I.DEALER_EXPOSED_CARD, first_or_second_card=True),
        NO_ACTION,
        Expect(
            O.MISDEAL_REDEAL,
            refunds=MISDEAL_REFUNDS,
            rules=("RUL-49",),
            cause="MISDEAL-02(a)",
            fallback=False,
        ),
        pba=Expect(
            O.MISDEAL_REDEAL,
            refunds=MISDEAL_REFUNDS,
            rules=("RUL-49",),
            cause="MISDEAL-02(a)",
            fallback=True,
        ),
        caba=Expect(
            O.MISDEAL_REDEAL,
            refunds=MISDEAL_REFUNDS,
            rules=("RUL-49",),
            cause="MISDEAL-02(a)",
            fallback=True,
        ),
        differs=False,
    ),
    Case(
        "RUL-49-MISDEAL-02b-two-cards-exposed",
        Irregularity(I.DEALER_EXPOSED_CARD, cards=2),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, refunds=MISDEAL_REFUNDS, cause="MISDEAL-02(b)"),
    ),
    Case(
        "RUL-52-OQ-17-one-later-card-exposed-replaced-by-burn",
        Irregularity(I.DEALER_EXPOSED_CARD, cards=1),
        NO_ACTION,
        Expect(O.REPLACE_CARD_WITH_BURN, outcomes=(O.PLAY_ON,), rules=("RUL-52",)),
    ),
    Case(
        "RUL-52-partially-seen-card-shown-then-replaced",
        Irregularity(I.DEALER_EXPOSED_CARD, cards=1, partially_seen=True),
        NO_ACTION,
        Expect(O.REPLACE_CARD_WITH_BURN, rules=("RUL-52",)),
    ),
    Case(
        "RUL-50-A36-two-players-acted-no-misdeal",
        Irregularity(I.DEALER_EXPOSED_CARD, first_or_second_card=True),
        EXACTLY_TWO_ACTED,
        Expect(O.PLAY_ON, rules=("RUL-50", "MISDEAL-03")),
    ),
    Case(
        "RUL-53-MISDEAL-02c-two-boxed-cards",
        Irregularity(I.BOXED_CARD, cards=2),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, refunds=MISDEAL_REFUNDS, rules=("RUL-53", "RUL-49")),
    ),
    Case(
        "RUL-53-one-boxed-card-scrap-paper",
        Irregularity(I.BOXED_CARD, cards=1),
        NO_ACTION,
        Expect(O.DEAL_NEXT_CARD, rules=("RUL-53",)),
    ),
    Case(
        "RUL-53-one-boxed-card-already-dealt",
        Irregularity(I.BOXED_CARD, cards=1, already_dealt=True),
        NO_ACTION,
        Expect(O.REPLACE_CARD_WITH_BURN, rules=("RUL-53", "RUL-52")),
    ),
    Case(
        "RUL-50-two-boxed-cards-after-action",
        Irregularity(I.BOXED_CARD, cards=2),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-50",)),
    ),
    Case(
        "RUL-49-MISDEAL-02d-wrong-card-count",
        Irregularity(I.WRONG_CARD_COUNT, seat=2),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, refunds=MISDEAL_REFUNDS, cause="MISDEAL-02(d)"),
    ),
    Case(
        "RUL-49-MISDEAL-02d-extra-card-was-the-burn",
        Irregularity(I.WRONG_CARD_COUNT, seat=2, extra_card_was_burn=True),
        NO_ACTION,
        Expect(O.EXTRA_CARD_AS_BURN, outcomes=(O.PLAY_ON,), rules=("RUL-49",)),
    ),
    Case(
        "RUL-50-MISDEAL-05-wrong-count-after-action-dead-no-refund",
        Irregularity(I.WRONG_CARD_COUNT, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, outcomes=(O.PLAY_ON,), dead=(2,), rules=("RUL-50",)),
    ),
    Case(
        "RUL-49-MISDEAL-02e-card-out-of-order",
        Irregularity(I.CARD_OUT_OF_ORDER),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, cause="MISDEAL-02(e)", refunds=MISDEAL_REFUNDS),
    ),
    Case(
        "RUL-52-MISDEAL-02e-exception-exposed-card",
        Irregularity(I.CARD_OUT_OF_ORDER, exposed_by_dealer=True),
        NO_ACTION,
        Expect(O.REPLACE_CARD_WITH_BURN, rules=("RUL-52",)),
    ),
    Case(
        "RUL-49-MISDEAL-02f-button-misplaced",
        Irregularity(I.BUTTON_MISPLACED),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, cause="MISDEAL-02(f)", refunds=MISDEAL_REFUNDS),
    ),
    Case(
        "RUL-49-MISDEAL-02g-first-card-wrong-seat",
        Irregularity(I.FIRST_CARD_WRONG_SEAT),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, cause="MISDEAL-02(g)", refunds=MISDEAL_REFUNDS),
    ),
    Case(
        "RUL-49-MISDEAL-02h-cards-to-empty-seat",
        Irregularity(I.CARDS_TO_EMPTY_OR_INELIGIBLE_SEAT),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, cause="MISDEAL-02(h)", refunds=MISDEAL_REFUNDS),
    ),
    Case(
        "RUL-50-MISDEAL-02h-after-action-play-on",
        Irregularity(I.CARDS_TO_EMPTY_OR_INELIGIBLE_SEAT),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-50",)),
    ),
    Case(
        "RUL-49-MISDEAL-02i-player-not-dealt",
        Irregularity(I.PLAYER_NOT_DEALT, seat=4),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, cause="MISDEAL-02(i)", refunds=MISDEAL_REFUNDS),
    ),
    Case(
        "RUL-50-MISDEAL-02i-after-action-dead",
        Irregularity(I.PLAYER_NOT_DEALT, seat=4),
        ACTION,
        Expect(O.DEAD_HAND, dead=(4,), rules=("RUL-50",)),
    ),
    Case(
        "RUL-51-wrong-misdeal-call-player-threw-cards",
        Irregularity(I.MISDEAL_CALLED_IN_ERROR, threw_cards=True),
        ACTION,
        Expect(
            O.MISDEAL_REDEAL,
            refunds={1: 45, 2: 40, 3: 150, 4: 50},
            rules=("RUL-51", "RUL-49"),
        ),
    ),
    Case(
        "RUL-51-wrong-misdeal-call-nobody-threw",
        Irregularity(I.MISDEAL_CALLED_IN_ERROR),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-51", "RUL-50")),
    ),
    # --- Cards and the pack -----------------------------------------------------------
    Case(
        "RUL-33-IRREG-02-different-back-in-hand-void",
        Irregularity(I.DIFFERENT_BACK, seat=3),
        ACTION,
        Expect(
            O.VOID_HAND,
            outcomes=(O.PACK_REPLACE_AFTER_HAND,),
            refunds={1: 50, 2: 50, 3: 150, 4: 50},
            rules=("RUL-33",),
        ),
    ),
    Case(
        "RUL-33-different-back-in-stub-play-on",
        Irregularity(I.DIFFERENT_BACK, in_hand=False),
        ACTION,
        Expect(O.PLAY_ON, outcomes=(O.PACK_REPLACE_AFTER_HAND,), rules=("RUL-33",)),
    ),
    Case(
        "RUL-34-IRREG-03-POT-09-duplicate-with-knowing-bettor",
        Irregularity(I.DUPLICATE_CARDS, knowing_seats=(3,)),
        ACTION,
        Expect(
            O.VOID_HAND,
            outcomes=(O.CARRY_OVER_POT, O.PACK_REPLACE_AFTER_HAND),
            refunds={1: 50, 2: 50, 4: 50},
            rules=("RUL-34", "POT-09"),
        ),
    ),
    Case(
        "RUL-34-duplicate-nobody-knew",
        Irregularity(I.DUPLICATE_CARDS),
        ACTION,
        Expect(O.VOID_HAND, refunds={1: 50, 2: 50, 3: 150, 4: 50}, rules=("RUL-34",)),
    ),
    Case(
        "RUL-54-joker-would-be-exposed",
        Irregularity(I.JOKER_OR_ILLEGAL_CARD),
        NO_ACTION,
        Expect(O.DEAL_NEXT_CARD, outcomes=(O.PACK_REPLACE_AFTER_HAND,), rules=("RUL-54",)),
    ),
    Case(
        "RUL-54-joker-dealt-before-action",
        Irregularity(I.JOKER_OR_ILLEGAL_CARD, seat=2, already_dealt=True),
        NO_ACTION,
        Expect(O.REPLACE_CARD_WITH_BURN, rules=("RUL-54", "RUL-52")),
    ),
    Case(
        "RUL-54-joker-dealt-after-action-dead",
        Irregularity(I.JOKER_OR_ILLEGAL_CARD, seat=2, already_dealt=True),
        ACTION,
        Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-54",)),
    ),
    Case(
        "RUL-55-player-exposes-own-card",
        Irregularity(I.PLAYER_EXPOSED_OWN_CARD, seat=2),
        ACTION,
        Expect(O.MUST_PLAY_CARD, rules=("RUL-55",)),
    ),
    Case(
        "RUL-32-DECK-13-OQ-22-damaged-card-play-on-replace-pack",
        Irregularity(I.DEFECTIVE_CARD),
        ACTION,
        Expect(O.PLAY_ON, outcomes=(O.PACK_REPLACE_AFTER_HAND,), rules=("RUL-32", "DECK-13")),
        caba=Expect(
            O.PLAY_ON, outcomes=(O.PACK_REPLACE_AFTER_HAND,), rules=("RUL-32",), fallback=True
        ),
        differs=True,
    ),
    Case(
        "RUL-32-IRREG-10-pba-player-knew-and-stayed-silent",
        Irregularity(I.DEFECTIVE_CARD, knowing_seats=(2,)),
        ACTION,
        Expect(O.PLAY_ON, outcomes=(O.PACK_REPLACE_AFTER_HAND,), rules=("RUL-32",)),
        pba=Expect(
            O.DEAD_HAND,
            outcomes=(O.FORFEIT_POT, O.PACK_REPLACE_AFTER_HAND, O.SANCTION_PROPOSAL),
            dead=(2,),
            rules=("RUL-32", "RUL-45"),
            sanctions=(ConductCode.UNDECLARED_DEFECTIVE_CARD,),
        ),
    ),
    Case(
        "RUL-61-IRREG-06-cards-missing-hand-stands",
        Irregularity(I.CARDS_MISSING_FROM_PACK),
        ACTION,
        Expect(O.HAND_STANDS, outcomes=(O.PACK_REPLACE_AFTER_HAND,), rules=("RUL-61",)),
    ),
    Case(
        "RUL-56-MISDEAL-08-premature-flop",
        Irregularity(I.PREMATURE_FLOP),
        EXACTLY_TWO_ACTED,
        Expect(O.VOID_FLOP_RESHUFFLE, rules=("RUL-56",)),
    ),
    Case(
        "RUL-58-A30-MISDEAL-10-premature-turn",
        Irregularity(I.PREMATURE_TURN),
        ACTION,
        Expect(O.VOID_TURN, rules=("RUL-58",)),
    ),
    Case(
        "RUL-57-A29-MISDEAL-09-four-card-flop",
        Irregularity(I.FLOP_TOO_MANY_CARDS, cards=4),
        ACTION,
        Expect(O.RANDOM_BURN_FROM_FOUR, rules=("RUL-57",)),
    ),
    Case(
        "RUL-57-MISDEAL-09-five-card-flop-misdeal",
        Irregularity(I.FLOP_TOO_MANY_CARDS, cards=5),
        ACTION,
        Expect(
            O.MISDEAL_REDEAL,
            refunds={1: 45, 2: 40, 3: 150, 4: 50},
            rules=("RUL-57", "RUL-49"),
            supervisor=True,
            cause="MISDEAL-09",
        ),
    ),
    Case(
        "RUL-59-burn-error-no-action-corrected",
        Irregularity(I.BURN_ERROR, burn_error=BurnError.NO_BURN),
        HandContext(players_acted=3, action_on_street=False),
        Expect(O.CORRECT_BURN, rules=("RUL-59",)),
    ),
    Case(
        "RUL-59-A28-MISDEAL-11-two-burns-after-action",
        Irregularity(I.BURN_ERROR, burn_error=BurnError.EXTRA_BURN),
        HandContext(players_acted=3, action_on_street=True),
        Expect(O.BOARD_STANDS_ADJUST_BURNS, rules=("RUL-59",)),
    ),
    Case(
        "RUL-59-burn-error-all-in-cards-exposed",
        Irregularity(I.BURN_ERROR, burn_error=BurnError.EXTRA_BURN, board_exposed=True),
        ACTION,
        Expect(O.RESTORE_ORIGINAL_BOARD, rules=("RUL-59",)),
    ),
    Case(
        "RUL-66-MISDEAL-12-stub-scattered",
        Irregularity(I.STUB_SCATTERED),
        ACTION,
        Expect(O.REBUILD_STUB, rules=("RUL-66",)),
    ),
    Case(
        "RUL-64-DEAD-03-unseen-illegal-hand-after-action",
        Irregularity(I.ILLEGAL_HAND_UNSEEN, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-64",)),
    ),
    Case(
        "RUL-64-unseen-illegal-hand-before-action",
        Irregularity(I.ILLEGAL_HAND_UNSEEN, seat=2),
        NO_ACTION,
        Expect(O.MISDEAL_REDEAL, rules=("RUL-64", "RUL-49"), refunds=MISDEAL_REFUNDS),
    ),
    Case(
        "RUL-65-DEAD-01f-folded-cards-mixed",
        Irregularity(I.FOLDED_CARDS_MIXED, seat=3),
        ACTION,
        Expect(O.DEAD_HAND, dead=(3,), rules=("RUL-65",)),
    ),
    # --- Button (RUL-60, MISDEAL-06) --------------------------------------------------
    Case(
        "RUL-60-A31-button-moved-two-seats",
        Irregularity(I.BUTTON_MOVED_TWO_SEATS, button_from=3, button_to=5),
        NINE_SEATS,
        Expect(O.BUTTON_BETWEEN_THEN_TWO, rules=("RUL-60",)),
    ),
    Case(
        "RUL-60-button-moved-two-noticed-later",
        Irregularity(
            I.BUTTON_MOVED_TWO_SEATS, button_from=3, button_to=5, noticed_in_next_hand=False
        ),
        NINE_SEATS,
        Expect(O.NO_CORRECTION, rules=("RUL-60",)),
    ),
    Case(
        "RUL-60-button-not-moved",
        Irregularity(I.BUTTON_NOT_MOVED),
        NINE_SEATS,
        Expect(O.NO_CORRECTION, rules=("RUL-60",)),
    ),
    # --- The dealer kills a hand ------------------------------------------------------
    Case(
        "RUL-30-IRREG-01-unprotected-hand-uncalled-bet-returned",
        Irregularity(I.DEALER_KILLED_UNPROTECTED_HAND, seat=3),
        ACTION,
        Expect(O.DEAD_HAND, outcomes=(O.RETURN_UNCALLED,), dead=(3,), refunds={3: 100}),
        differs=False,
    ),
    Case(
        "RUL-30-unprotected-hand-nothing-unmatched",
        Irregularity(I.DEALER_KILLED_UNPROTECTED_HAND, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-30",)),
    ),
    Case(
        "RUL-62-SHOW-06-winning-hand-killed-still-valid",
        Irregularity(I.DEALER_KILLED_WINNING_HAND, seat=3),
        ACTION,
        Expect(O.HAND_STANDS, rules=("RUL-62",)),
    ),
    Case(
        "RUL-62-winning-hand-killed-found-after-next-hand",
        Irregularity(I.DEALER_KILLED_WINNING_HAND, seat=3),
        NEXT_HAND,
        Expect(O.NO_CORRECTION, rules=("RUL-62",)),
    ),
    # --- Showing cards (RUL-27, RUL-28, OQ-28) ----------------------------------------
    Case(
        "RUL-27-CONDUCT-05-shows-cards-not-facing-bet",
        Irregularity(I.PLAYER_SHOWED_CARDS, seat=3),
        ACTION,
        Expect(
            O.PLAY_ON,
            outcomes=(O.SANCTION_PROPOSAL,),
            rules=("RUL-27", "RUL-45"),
            sanctions=(ConductCode.SHOWING_CARDS,),
        ),
        caba=Expect(
            O.PLAY_ON,
            outcomes=(O.SANCTION_PROPOSAL,),
            rules=("RUL-27",),
            sanctions=(ConductCode.SHOWING_CARDS,),
            supervisor=True,
        ),
        differs=True,
    ),
    Case(
        "RUL-28-shows-cards-facing-bet",
        Irregularity(I.PLAYER_SHOWED_CARDS, seat=3, facing_bet=True),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-28",), sanctions=(ConductCode.SHOWING_CARDS,)),
        pba=Expect(
            O.DEAD_HAND, dead=(3,), rules=("RUL-28",), sanctions=(ConductCode.SHOWING_CARDS,)
        ),
        caba=Expect(
            O.PLAY_ON,
            rules=("RUL-28",),
            sanctions=(ConductCode.SHOWING_CARDS,),
            supervisor=True,
        ),
        differs=True,
    ),
    Case(
        "RUL-27-SANC-10-final-heads-up-exception",
        Irregularity(I.PLAYER_SHOWED_CARDS, seat=1),
        FINAL_HEADS_UP,
        Expect(O.PLAY_ON, rules=("RUL-27",)),
        caba=Expect(
            O.PLAY_ON, rules=("RUL-27",), sanctions=(ConductCode.SHOWING_CARDS,), supervisor=True
        ),
    ),
    Case(
        "RUL-29-IRREG-11-player-saw-anothers-card",
        Irregularity(I.PLAYER_SAW_ANOTHERS_CARD, seat=2),
        ACTION,
        Expect(O.SHOW_TO_ALL, rules=("RUL-29",), fallback=False),
        pba=Expect(O.SHOW_TO_ALL, rules=("RUL-29",), fallback=True),
        caba=Expect(O.SHOW_TO_ALL, rules=("RUL-29",), fallback=True),
    ),
    Case(
        "RUL-31-cards-seen-unshielded-no-remedy",
        Irregularity(I.CARDS_SEEN_UNSHIELDED, seat=2),
        ACTION,
        Expect(O.NO_REMEDY, outcomes=(O.SHOW_TO_ALL,), rules=("RUL-31",)),
    ),
    Case(
        "RUL-35-SHOW-11-left-before-pot-awarded",
        Irregularity(I.LEFT_BEFORE_POT_AWARDED, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, outcomes=(O.FORFEIT_POT,), dead=(2,), rules=("RUL-35",)),
        caba=Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-35",), fallback=True),
    ),
    Case(
        "RUL-36-DEAD-02-cards-pushed-forward",
        Irregularity(I.CARDS_PUSHED_FORWARD, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-36",)),
    ),
    Case(
        "RUL-23-DEAD-04-left-seat-during-action",
        Irregularity(I.LEFT_SEAT_DURING_ACTION, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-23",)),
        pba=Expect(
            O.DEAD_HAND,
            dead=(2,),
            rules=("RUL-23",),
            sanctions=(ConductCode.LEFT_SEAT_DURING_ACTION,),
        ),
    ),
    Case(
        "RUL-26-DEAD-01d-clock-expired",
        Irregularity(I.CLOCK_EXPIRED, seat=2),
        ACTION,
        Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-26",), fallback=False),
        caba=Expect(O.DEAD_HAND, dead=(2,), rules=("RUL-26",), fallback=True),
        differs=True,
    ),
    Case(
        "RUL-42-OQ-38-absent-at-end-of-deal",
        Irregularity(I.ABSENT_AT_END_OF_DEAL, seat=4),
        NO_ACTION,
        Expect(O.DEAD_HAND, dead=(4,), rules=("RUL-42", "OQ-38")),
    ),
    Case(
        "RUL-42-CONDUCT-04-acting-for-absent-player",
        Irregularity(I.ACTING_FOR_ABSENT_PLAYER, seat=4),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-42",), supervisor=True),
        caba=Expect(
            O.SANCTION_PROPOSAL,
            rules=("RUL-42",),
            sanctions=(ConductCode.ACTING_FOR_ANOTHER,),
            supervisor=True,
        ),
    ),
    # --- Showdown, pots and commission --------------------------------------------------
    Case(
        "RUL-37-SHOW-04-cards-speak",
        Irregularity(I.SHOWDOWN_MISSTATEMENT, seat=2),
        ACTION,
        Expect(O.CARDS_SPEAK, rules=("RUL-37",)),
    ),
    Case(
        "RUL-37-deliberate-misstatement-sanction",
        Irregularity(I.SHOWDOWN_MISSTATEMENT, seat=2, deliberate=True),
        ACTION,
        Expect(O.CARDS_SPEAK, rules=("RUL-37",), sanctions=(ConductCode.MISSTATED_HAND,)),
    ),
    Case(
        "RUL-38-SHOW-07-see-mucked-hand-with-all-in",
        Irregularity(I.REQUEST_TO_SEE_MUCKED),
        ACTION,
        Expect(O.REQUEST_ALLOWED, rules=("RUL-38",)),
    ),
    Case(
        "RUL-38-see-mucked-hand-refused",
        Irregularity(I.REQUEST_TO_SEE_MUCKED),
        NO_ACTION,
        Expect(O.REQUEST_REFUSED, rules=("RUL-38",)),
    ),
    Case(
        "RUL-39-IRREG-12-hidden-chips-before-next-hand",
        Irregularity(I.HIDDEN_CHIPS_FOUND, seat=4, amount=200),
        ACTION,
        Expect(O.CHIPS_TO_WINNER, rules=("RUL-39",), supervisor=True),
    ),
    Case(
        "RUL-39-hidden-chips-after-next-hand-cash",
        Irregularity(I.HIDDEN_CHIPS_FOUND, seat=4, amount=200),
        NEXT_HAND,
        Expect(O.SANCTION_PROPOSAL, rules=("RUL-39",), sanctions=(ConductCode.HIDDEN_CHIPS,)),
    ),
    Case(
        "RUL-39-TOUR-04-hidden-chips-after-next-hand-tournament",
        Irregularity(I.HIDDEN_CHIPS_FOUND, seat=4, amount=200),
        HandContext(new_hand_started=True, tournament=True),
        Expect(O.ELIMINATION, rules=("RUL-39",)),
    ),
    Case(
        "RUL-40-POT-08-odd-chip",
        Irregularity(I.ODD_CHIP_DISPUTE),
        ACTION,
        Expect(O.ODD_CHIP_LEFT_OF_BUTTON, rules=("RUL-40",)),
    ),
    Case(
        "RUL-41-RAKE-01-commission",
        Irregularity(I.COMMISSION_DISPUTE),
        ACTION,
        Expect(O.COMMISSION_PER_PROFILE, rules=("RUL-41",)),
        differs=True,
    ),
    Case(
        "RUL-63-SHOW-09-uncalled-bet",
        Irregularity(I.UNCALLED_BET, seat=3),
        ACTION,
        Expect(
            O.AWARD_WITHOUT_SHOWDOWN,
            outcomes=(O.RETURN_UNCALLED,),
            refunds={3: 100},
            rules=("RUL-63",),
        ),
    ),
    # --- Conduct and authority ------------------------------------------------------------
    Case(
        "RUL-43-CONDUCT-02-03-comment-or-advice",
        Irregularity(I.COMMENT_OR_ADVICE, seat=2),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-43",), sanctions=(ConductCode.COMMENTING_HAND,)),
        pba=Expect(O.PLAY_ON, rules=("RUL-43",), sanctions=(ConductCode.ADVICE_OR_SIGNALS,)),
        caba=Expect(
            O.PLAY_ON,
            rules=("RUL-43",),
            sanctions=(ConductCode.ADVICE_OR_SIGNALS,),
            supervisor=True,
        ),
        differs=True,
    ),
    Case(
        "RUL-44-CONDUCT-01-phone",
        Irregularity(I.PHONE_USE, seat=2),
        ACTION,
        Expect(
            O.SANCTION_PROPOSAL,
            rules=("RUL-44", "OQ-46"),
            sanctions=(ConductCode.PHONE_USE,),
            fallback=True,
        ),
        pba=Expect(
            O.SANCTION_PROPOSAL,
            rules=("RUL-44",),
            sanctions=(ConductCode.PHONE_USE,),
            fallback=False,
        ),
        caba=Expect(
            O.SANCTION_PROPOSAL,
            rules=("RUL-44",),
            sanctions=(ConductCode.PHONE_USE,),
            fallback=False,
        ),
        differs=True,
    ),
    Case(
        "RUL-46-PLAY-02-chips-not-visible",
        Irregularity(I.CHIPS_NOT_VISIBLE, seat=2),
        ACTION,
        Expect(O.PLAY_ON, rules=("RUL-46",), sanctions=(ConductCode.CHIPS_NOT_VISIBLE,)),
    ),
    Case(
        "RUL-47-AUTH-02-unforeseen-situation",
        Irregularity(I.UNFORESEEN_SITUATION),
        ACTION,
        Expect(O.ESCALATE, rules=("RUL-47",), supervisor=True),
    ),
    Case(
        "RUL-48-SANC-10c-collusion",
        Irregularity(I.COLLUSION, seat=2, conduct=ConductCode.CHIP_DUMPING_SOFT_PLAY),
        ACTION,
        Expect(
            O.SANCTION_PROPOSAL, rules=("RUL-48",), sanctions=(ConductCode.CHIP_DUMPING_SOFT_PLAY,)
        ),
    ),
    Case(
        "RUL-67-IRREG-07-players-have-no-say",
        Irregularity(I.PLAYER_OPINIONS),
        ACTION,
        Expect(O.PLAYERS_HAVE_NO_SAY, rules=("RUL-67",)),
    ),
    Case(
        "SANC-10d-disrespect-to-staff",
        Irregularity(I.CONDUCT, seat=2, conduct=ConductCode.DISRESPECT_TO_STAFF),
        ACTION,
        Expect(
            O.SANCTION_PROPOSAL, rules=("RUL-45",), sanctions=(ConductCode.DISRESPECT_TO_STAFF,)
        ),
    ),
    Case(
        "SANC-10e-final-heads-up-exempt",
        Irregularity(I.CONDUCT, seat=1, conduct=ConductCode.SHOWING_CARDS),
        FINAL_HEADS_UP,
        Expect(O.PLAY_ON),
    ),
    Case(
        "RUL-47-conduct-without-code",
        Irregularity(I.CONDUCT, seat=1),
        ACTION,
        Expect(O.ESCALATE, rules=("RUL-47",), supervisor=True),
    ),
)


def _params() -> list[object]:
    return [
        pytest.param(case, ruleset, id=f"{case.name}[{ruleset.value}]")
        for case in CASES
        for ruleset in Ruleset
    ]


def run_case(case: Case, ruleset: Ruleset) -> IrregularityRuling:
    return decide(case.irregularity, case.context, PROFILES[ruleset])


@pytest.mark.parametrize(("case", "ruleset"), _params())
def test_decide_case(case: Case, ruleset: Ruleset) -> None:
    """IRREG-14: each irregularity gets an outcome, a rule ID, sources and explanations."""
    # Its cases prove IRREG-04 (RUL-53), IRREG-05 (54), IRREG-08 (55), IRREG-09 (52), MISDEAL-07 (51).
    expected = case.expect(ruleset)
    r = run_case(case, ruleset)
    assert r.outcome is expected.outcome, (r.outcomes, r.explanation_en)
    assert set(expected.outcomes) <= set(r.outcomes)
    assert r.dead_seats == expected.dead
    assert {x.seat: x.amount for x in r.refunds} == expected.refunds
    cited = set(r.rule_ids) | set(r.requirement_ids)
    assert set(expected.rules) <= cited, (r.rule_ids, r.requirement_ids)
    assert tuple(s.conduct for s in r.sanctions) == expected.sanctions
    assert r.needs_supervisor is expected.supervisor
    if expected.fallback is not None:
        assert r.fallback is expected.fallback
    if expected.cause is not None:
        assert r.misdeal_cause == expected.cause
    if case.differs is not None:
        assert r.rulesets_differ is case.differs
    assert r.rule_ids or r.requirement_ids
    assert r.sources
    assert r.explanation_es and r.explanation_en


def test_misdeal_keeps_blinds_and_button_oq37() -> None:
    """OQ-37, MISDEAL-13: on a redeal the blinds stay posted; only voluntary chips return."""
    r = decide(Irregularity(I.DEALER_EXPOSED_CARD, first_or_second_card=True), NO_ACTION, MANUAL)
    assert {x.seat: x.amount for x in r.refunds} == {3: 30}
    assert 1 not in {x.seat for x in r.refunds} and 2 not in {x.seat for x in r.refunds}
    assert "OQ-37" in r.requirement_ids


def test_a31_button_between_then_two() -> None:
    """A-31 (MISDEAL-06): button went 3 -> 5; noticed next hand: seat 4 now, then two on (6)."""
    r = decide(Irregularity(I.BUTTON_MOVED_TWO_SEATS, button_from=3, button_to=5), NINE_SEATS, PBA)
    assert (r.button_seat, r.following_button_seat) == (4, 6)


def test_button_between_skips_empty_seats() -> None:
    """RUL-60 with empty seats: the seat between is the next occupied seat."""
    ctx = HandContext(seats=(1, 3, 5, 7, 9))
    r = decide(Irregularity(I.BUTTON_MOVED_TWO_SEATS, button_from=3, button_to=7), ctx, MANUAL)
    assert (r.button_seat, r.following_button_seat) == (5, 9)
    assert not r.needs_supervisor


def test_duplicate_cards_carry_over_pot_pot09() -> None:
    """IRREG-03 / POT-09: the knowing bettor's chips carry over, open to the voided hand's players."""
    r = decide(Irregularity(I.DUPLICATE_CARDS, knowing_seats=(3,)), ACTION, CABA)
    assert r.carry_over is not None
    assert r.carry_over.amount == 150
    assert r.carry_over.eligible_seats == (1, 2, 3, 4)
    assert [(c.seat, c.amount) for c in r.carry_over.contributors] == [(3, 150)]
    # Every chip of the hand is either refunded or carried over (POT-12).
    refunded = sum(x.amount for x in r.refunds)
    assert refunded + r.carry_over.amount == sum(a for _, a in ACTION.contributions)


def test_a28_two_burns_after_action_explains_the_adjustment() -> None:
    """A-28 (MISDEAL-11): the second burned card goes back on top and burns before the turn."""
    r = decide(
        Irregularity(I.BURN_ERROR, burn_error=BurnError.EXTRA_BURN),
        HandContext(players_acted=3, action_on_street=True),
        MANUAL,
    )
    assert "second burned card goes back on top" in r.explanation_en


def test_caba_showing_cards_may_annul_the_hand() -> None:
    """RUL-27 / OQ-15: under CABA the sector manager may annul the hand; the others keep it live."""
    caba = decide(Irregularity(I.PLAYER_SHOWED_CARDS, seat=3), ACTION, CABA)
    manual = decide(Irregularity(I.PLAYER_SHOWED_CARDS, seat=3), ACTION, MANUAL)
    assert caba.sanctions[0].hand_annulment_possible
    assert Outcome.DEAD_HAND in caba.alternatives
    assert not manual.sanctions[0].hand_annulment_possible
    assert manual.alternatives == ()


def test_sanction_timing_rul45_sanc09() -> None:
    """RUL-45 / SANC-09: a sanction starts with the next hand unless immediate removal is chosen."""
    normal = decide(Irregularity(I.COLLUSION, seat=2), ACTION, PBA)
    serious = decide(Irregularity(I.COLLUSION, seat=2, immediate_removal=True), ACTION, PBA)
    assert normal.sanctions[0].starts is SanctionStart.NEXT_HAND
    assert serious.sanctions[0].starts is SanctionStart.IMMEDIATE_REMOVAL
    assert normal.sanctions[0].mandatory  # SANC-11: "must" conduct


def test_unforeseen_final_only_under_caba_auth02() -> None:
    """RUL-47 / AUTH-02: CABA's Operations Management decides finally; others escalate."""
    results = {
        rs: decide(Irregularity(I.UNFORESEEN_SITUATION), ACTION, p) for rs, p in PROFILES.items()
    }
    assert results[Ruleset.CABA].final_decision
    assert not results[Ruleset.PBA].final_decision
    assert not results[Ruleset.MANUAL].final_decision
    assert results[Ruleset.PBA].decided_by == "the higher authority"


def test_commission_text_follows_the_profile_rul41() -> None:
    """RUL-41 / RAKE-01, RAKE-04: the explanation states the table's own commission model."""
    assert "3 %" in decide(Irregularity(I.COMMISSION_DISPUTE), ACTION, MANUAL).explanation_en
    assert "seat" in decide(Irregularity(I.COMMISSION_DISPUTE), ACTION, PBA).explanation_en
    five = CABA.with_overrides(rake_bps=500)
    assert "5 %" in decide(Irregularity(I.COMMISSION_DISPUTE), ACTION, five).explanation_en


@pytest.mark.parametrize(
    ("irregularity", "context", "expected"),
    [
        (
            Irregularity(I.DEALER_EXPOSED_CARD, first_or_second_card=True),
            NO_ACTION,
            ((ActionKind.VOID, -1, VoidReason.MISDEAL),),
        ),
        (
            Irregularity(I.DUPLICATE_CARDS),
            ACTION,
            ((ActionKind.VOID, -1, VoidReason.DUPLICATE_CARD),),
        ),
        (
            Irregularity(I.DIFFERENT_BACK),
            ACTION,
            ((ActionKind.VOID, -1, VoidReason.DIFFERENT_BACK),),
        ),
        (Irregularity(I.CARDS_PUSHED_FORWARD, seat=3), ACTION, ((ActionKind.DEAD, 2, None),)),
        (Irregularity(I.STUB_SCATTERED), ACTION, ()),
    ],
)
def test_irregularity_actions_feed_the_engine(
    irregularity: Irregularity,
    context: HandContext,
    expected: tuple[tuple[ActionKind, int, VoidReason | None], ...],
) -> None:
    """DEAD-01 / MISDEAL-13: a dead hand acts like a fold; a void or misdeal ends the hand."""
    r = decide(irregularity, context, MANUAL)
    actions = irregularity_actions(r, {1: 0, 2: 1, 3: 2, 4: 3})
    assert tuple((a.kind, a.player, a.reason) for a in actions) == expected


# ---------------------------------------------------------------------------
# Properties


@st.composite
def hand_contexts(draw: st.DrawFn) -> HandContext:
    seats = tuple(sorted(draw(st.sets(st.integers(1, 10), min_size=2, max_size=10))))
    amounts = [draw(st.integers(0, 500)) for _ in seats]
    forced = tuple(
        (seat, min(amount, draw(st.integers(0, 20))))
        for seat, amount in zip(seats[:2], amounts[:2], strict=True)
    )
    return HandContext(
        street=draw(st.sampled_from(list(Street))),
        players_acted=draw(st.integers(0, 8)),
        seats=seats,
        contributions=tuple(zip(seats, amounts, strict=True)),
        forced=forced,
        street_bets=tuple(
            (s, draw(st.integers(0, a))) for s, a in zip(seats, amounts, strict=True)
        ),
        all_in_seats=tuple(draw(st.sets(st.sampled_from(seats), max_size=2))),
        action_on_street=draw(st.booleans()),
        new_hand_started=draw(st.booleans()),
        tournament=draw(st.booleans()),
        final_heads_up=draw(st.booleans()),
    )


@st.composite
def irregularities(draw: st.DrawFn, seats: tuple[int, ...]) -> Irregularity:
    seat = draw(st.one_of(st.none(), st.sampled_from(seats)))
    return Irregularity(
        kind=draw(st.sampled_from(list(IrregularityKind))),
        seat=seat,
        cards=draw(st.integers(1, 6)),
        first_or_second_card=draw(st.booleans()),
        partially_seen=draw(st.booleans()),
        already_dealt=draw(st.booleans()),
        in_hand=draw(st.booleans()),
        knowing_seats=tuple(draw(st.sets(st.sampled_from(seats), max_size=2))),
        extra_card_was_burn=draw(st.booleans()),
        exposed_by_dealer=draw(st.booleans()),
        facing_bet=draw(st.booleans()),
        threw_cards=draw(st.booleans()),
        deliberate=draw(st.booleans()),
        burn_error=draw(st.sampled_from([None, BurnError.NO_BURN, BurnError.EXTRA_BURN])),
        board_exposed=draw(st.booleans()),
        button_from=draw(st.one_of(st.none(), st.sampled_from(seats))),
        button_to=draw(st.one_of(st.none(), st.sampled_from(seats))),
        noticed_in_next_hand=draw(st.booleans()),
        amount=draw(st.integers(0, 500)),
        conduct=draw(st.one_of(st.none(), st.sampled_from(list(ConductCode)))),
        immediate_removal=draw(st.booleans()),
    )


@settings(max_examples=2000, deadline=None)
@given(st.data())
def test_decide_invariants(data: st.DataObject) -> None:
    """MISDEAL-03, IRREG-13, POT-12: chips are never created; no misdeal after action."""
    ctx = data.draw(hand_contexts())
    irr = data.draw(irregularities(ctx.seats))
    profile = data.draw(st.sampled_from(list(PROFILES.values())))
    r = decide(irr, ctx, profile)
    put_in = dict(ctx.contributions)
    forced = dict(ctx.forced)
    # Refunds never exceed what a seat put in; carried-over chips come from the hand.
    for refund in r.refunds:
        assert 0 < refund.amount <= put_in.get(refund.seat, 0)
    if r.carry_over is not None:
        assert Outcome.VOID_HAND in r.outcomes
        for c in r.carry_over.contributors:
            assert c.amount == put_in[c.seat]
        assert not {x.seat for x in r.refunds} & {c.seat for c in r.carry_over.contributors}
    if Outcome.VOID_HAND in r.outcomes:
        # Every chip back, or carried over for the next hand (IRREG-02/03).
        carried = r.carry_over.amount if r.carry_over else 0
        assert sum(x.amount for x in r.refunds) + carried == sum(put_in.values())
    if Outcome.MISDEAL_REDEAL in r.outcomes:
        # Blinds stay posted for the redeal (OQ-37).
        for refund in r.refunds:
            assert refund.amount == put_in[refund.seat] - forced.get(refund.seat, 0)
        # No misdeal after action, except the two rules that say so themselves.
        if ctx.players_acted >= 2:  # MISDEAL-03: "action" = two players have acted
            assert irr.kind in (I.MISDEAL_CALLED_IN_ERROR, I.FLOP_TOO_MANY_CARDS)
    # Dead hands are seats of the hand; nobody is both refunded in full and dead unless
    # the rule returns an uncalled bet.
    for seat in r.dead_seats:
        assert seat in ctx.seats or seat in irr.knowing_seats
    for rid in r.rule_ids:
        assert rid in CATALOGUE
    for req in r.requirement_ids:
        assert req in REQUIREMENT_SOURCES
    assert r.outcome is r.outcomes[0]
    assert r.explanation_es and r.explanation_en
    for s in r.sanctions:
        assert s.seat == irr.seat or s.seat in irr.knowing_seats
