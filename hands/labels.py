"""Names the floor reads for the hand recorder's irregularities and rulings (the engine
speaks in codes). ``IRREGULARITY_GROUPS`` follows ``poker.irregularities.IrregularityKind``
in its order, grouped as the manual groups them (MISDEAL-02, RUL-27..67); ``OUTCOMES``
names the rulings. The hand recorder's own vocabulary, so its pages and the floor's use it
(``floor.labels`` re-exports it with every other code's label, issue 13 §5)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# A recorded action's verb as the floor says it, on the pages and in the PDFs alike (issue 40:
# one word each; the record keeps the PHH verb).
ACTIONS: dict[str, Promise] = {
    "fold": _("folds"),
    "check": _("checks"),
    "call": _("calls"),
    "bet": _("bets"),
    "raise": _("raises to"),
    "all_in": _("goes all in"),
    "board": _("board"),
    "show": _("shows"),
    "muck": _("mucks"),
    "dead": _("dead hand"),
    "void": _("void hand"),
    "post": _("posts"),
    "irregularity": _("irregularity"),
    "observed": _("observed"),
    "award": _("pot pushed to"),  # SHOW-14, issue 38 §2
}


IRREGULARITY_GROUPS: tuple[tuple[Promise, tuple[tuple[str, Promise], ...]], ...] = (
    (
        _("The deal"),
        (
            ("dealer_exposed_card", _("The dealer exposed a card")),
            ("boxed_card", _("Boxed card (face up in the pack)")),
            ("wrong_card_count", _("Wrong number of cards dealt")),
            ("card_out_of_order", _("Card dealt out of order")),
            ("button_misplaced", _("Button in the wrong place")),
            ("first_card_wrong_seat", _("First card to the wrong seat")),
            ("cards_to_empty_or_ineligible_seat", _("Cards to an empty or ineligible seat")),
            ("player_not_dealt", _("A player was not dealt in")),
            ("misdeal_called_in_error", _("Misdeal called in error")),
        ),
    ),
    (
        _("Cards and the pack"),
        (
            ("different_back", _("A card with a different back")),
            ("duplicate_cards", _("Duplicate cards")),
            ("joker_or_illegal_card", _("Joker or illegal card")),
            ("player_exposed_own_card", _("A player exposed his own card")),
            ("defective_card", _("Defective or marked card")),
            ("cards_missing_from_pack", _("Cards missing from the pack")),
            ("premature_flop", _("Flop dealt too early")),
            ("premature_turn", _("Turn dealt too early")),
            ("flop_too_many_cards", _("Flop with too many cards")),
            ("burn_error", _("Burn card error")),
            ("stub_scattered", _("Stub scattered")),
            ("illegal_hand_unseen", _("Illegal hand not seen")),
            ("folded_cards_mixed", _("Folded cards mixed with a live hand")),
        ),
    ),
    (
        _("The button"),
        (
            ("button_moved_two_seats", _("Button moved two seats")),
            ("button_not_moved", _("Button not moved")),
        ),
    ),
    (
        _("The dealer kills a hand"),
        (
            ("dealer_killed_unprotected_hand", _("Dealer killed an unprotected hand")),
            ("dealer_killed_winning_hand", _("Dealer killed the winning hand")),
        ),
    ),
    (
        _("Players and their hands"),
        (
            ("player_showed_cards", _("A player showed his cards")),
            ("player_saw_anothers_card", _("A player saw another's card")),
            ("cards_seen_unshielded", _("Cards seen, not protected")),
            ("left_before_pot_awarded", _("Left before the pot was awarded")),
            ("cards_pushed_forward", _("Cards pushed forward")),
            ("left_seat_during_action", _("Left the seat during the action")),
            ("clock_expired", _("The clock ran out")),
            ("absent_at_end_of_deal", _("Absent at the end of the deal")),
            ("acting_for_absent_player", _("Acting for an absent player")),
        ),
    ),
    (
        _("Showdown, pots and rake"),
        (
            ("showdown_misstatement", _("Wrong hand called at the showdown")),
            ("request_to_see_mucked", _("Request to see a mucked hand")),
            ("hidden_chips_found", _("Hidden chips found")),
            ("odd_chip_dispute", _("Odd chip dispute")),
            ("commission_dispute", _("Rake dispute")),
            ("uncalled_bet", _("Uncalled bet")),
        ),
    ),
    (
        _("Conduct and authority"),
        (
            ("comment_or_advice", _("Comment or advice during a hand")),
            ("phone_use", _("Phone at the table")),
            ("chips_not_visible", _("Chips not visible")),
            ("collusion", _("Collusion")),
            ("unforeseen_situation", _("Situation the rules do not cover")),
            ("player_opinions", _("Players giving opinions")),
            ("conduct", _("Other conduct")),
        ),
    ),
)

IRREGULARITIES: dict[str, Promise] = {
    kind: label for _group, kinds in IRREGULARITY_GROUPS for kind, label in kinds
}

OUTCOMES: dict[str, Promise] = {
    "misdeal_redeal": _("Misdeal: gather, reshuffle and deal again (same button)"),
    "play_on": _("Play on"),
    "replace_card_with_burn": _("The exposed card becomes the burn card"),
    "deal_next_card": _("Set the card aside and deal the next one"),
    "extra_card_as_burn": _("The extra card becomes the burn card"),
    "dead_hand": _("Dead hand"),
    "void_hand": _("Void hand: every chip goes back"),
    "carry_over_pot": _("The pot carries over to the next hand"),
    "pack_replace_after_hand": _("Replace the pack after the hand"),
    "sanction_proposal": _("Propose a sanction"),
    "void_flop_reshuffle": _("Void the flop and reshuffle"),
    "void_turn": _("Void the turn"),
    "random_burn_from_four": _("Burn one of the four cards at random"),
    "correct_burn": _("Correct the burn card"),
    "board_stands_adjust_burns": _("The board stands; adjust the burns"),
    "restore_original_board": _("Restore the original board"),
    "button_between_then_two": _("Button between the seats, then two moves"),
    "no_correction": _("No correction"),
    "return_uncalled": _("Return the uncalled bet"),
    "award_without_showdown": _("Award the pot without a showdown"),
    "hand_stands": _("The hand stands"),
    "forfeit_pot": _("The player forfeits the pot"),
    "show_to_all": _("Show the cards to everyone"),
    "must_play_card": _("The player must play the card"),
    "no_remedy": _("No remedy"),
    "rebuild_stub": _("Rebuild the stub"),
    "escalate": _("Call the pit boss"),
    "chips_to_winner": _("The chips go to the winner"),
    "elimination": _("Elimination"),
    "request_allowed": _("Request allowed"),
    "request_refused": _("Request refused"),
    "cards_speak": _("The cards speak"),
    "odd_chip_left_of_button": _("Odd chip to the first player left of the button"),
    "commission_per_profile": _("Rake as the table's rules say"),
    "players_have_no_say": _("Players have no say"),
}


def irregularity_label(kind: str) -> str:
    label = IRREGULARITIES.get(kind)
    return str(label) if label is not None else kind


def outcome_label(outcome: str) -> str:
    label = OUTCOMES.get(outcome)
    return str(label) if label is not None else outcome


# Why the staff decided who took a pot and not the cards (SHOW-14, issue 38 §2), in the
# words of the verdict's note and the printed hand: (Spanish, English).
AWARD_REASON_WORDS = {
    "unreadable": ("cartas ilegibles o no registradas", "cards unreadable or not entered"),
    "mucked": ("mano tirada", "hand mucked"),
}
