"""The refusals of hands (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/hands.json``). Raise one with
``raise DomainError.of(HandsCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class HandsCode(RefusalCode):
    ACTION_ILLEGAL = 400, _("{violation}")
    ACTION_INDEX_INVALID = 400, _("Position {index} is not in the hand (0 to {last}).")
    AMOUNT_NOT_CHIP_MULTIPLE = 400, _("{value} is not a whole number of {chip_unit} chips.")
    AMOUNT_REQUIRED = 400, _("A bet or raise needs the total amount bet to.")
    AWARD_ALREADY_RECORDED = 400, _("Who took that pot is already recorded.")
    AWARD_BEFORE_HAND_END = 400, _("Who took a pot is recorded once the hand is over.")
    AWARD_INVALID = 400, _("{problem}")
    AWARD_POT_UNKNOWN = 400, _("The hand has no pot {pot}.")
    AWARD_REASON_REQUIRED = (
        400,
        _(
            "The cards do not say who won that pot: give the reason the staff decide it (cards unreadable or not entered, hand mucked)."
        ),
    )
    AWARD_REASON_UNKNOWN = 400, _("Unknown reason: {reason}.")
    AWARD_REQUIRED = (
        400,
        _(
            "The hand reached the showdown and does not say who won ({pots}): enter the cards shown or the seats the croupier pushed each pot to, with the reason."
        ),
    )
    AWARD_SEATS_REQUIRED = 400, _("Give the seat or seats the croupier pushed the pot to.")
    AWARD_SEAT_NOT_CONTESTING = 400, _("Seat {seat} was not contesting that pot.")
    BETTING_STRUCTURE_UNKNOWN = 400, _("Unknown betting structure: {structure}.")
    BOARD_CARDS_MISSING = 400, _("Give the board cards dealt.")
    BUTTON_DRAW_ONE_CARD = 400, _("Each seat draws exactly one card (seat {seat}).")
    BUTTON_DRAW_PLAYERS = 400, _("The button draw needs at least two players.")
    BUTTON_SEAT_EMPTY = 400, _("The button is on seat {button}, which has no player in the hand.")
    CARD_DUPLICATE = 400, _("The same card appears twice.")
    CARD_INVALID = 400, _("A card named is not a card of the 52-card pack.")
    CARRY_IN_INVALID = 400, _("A carried pot must have a positive amount.")
    CORRECTION_DRAFT = 409, _("This is the correction of a stored hand: store it with its reason.")
    CORRECTION_INVALID = (
        409,
        _(
            "The correction leaves the hand invalid: {join}. A closed hand is only replaced by a valid record."
        ),
    )
    CORRECTION_REQUIRED = 400, _("The signed review must rest on a correction entry of this hand.")
    CORRECTION_SIGNED = 409, _("This correction is already signed.")
    CUT_INVALID = 400, _("Say who cut or that the cut was declined, not both (SHUF-08).")
    CUT_NOT_OFFERED_TO_SEAT = (
        400,
        _(
            "The cut is offered only to the player before the button (seat {offered}); if they decline the croupier cuts, never another player (SHUF-08). Seat {seat} cannot cut."
        ),
    )
    CUT_SEAT_INVALID = 400, _("The cut is made by a player in the hand: give the seat (SHUF-08).")
    DATE_RANGE = 400, _("The end date is before the start date.")
    DEALER_UNKNOWN = 400, _("'{username}' is not a croupier of this casino.")
    DUPLICATE_HAND_NUMBER = 400, _("Hand no. {number} is already recorded in this session.")
    FILE_EMPTY = 400, _("The file is empty.")
    FILE_NOT_UTF8 = 400, _("The file is not UTF-8 text.")
    FILE_TOO_LARGE = 400, _("The file is larger than 64 MB.")
    HAND_INCOMPLETE = 400, _("{violation}")
    HAND_MALFORMED = 400, _("{violation}")
    HAND_NOT_INVALID = 409, _("Only an invalid hand is corrected.")
    HAND_RESOLVED = 409, _("The hand was already reviewed and signed by the pit boss.")
    HAND_TIMES = 400, _("A hand cannot end before it starts.")
    HAND_TIME_IN_FUTURE = (
        400,
        _(
            "The hand's time ({when}) is later than the server's ({when2}); check the device's clock."
        ),
    )
    HAND_TIME_OUTSIDE_SESSION = (
        400,
        _("The hand ({when}) does not fall within the table session ({span})."),
    )
    HOLE_CARDS_COUNT = 400, _("Seat {seat} must hold exactly two cards.")
    INCIDENT_CLOSED = 409, _("Incident {serial} is closed: it takes no more steps.")
    INCIDENT_ESCALATION_DOWNWARD = (
        409,
        _("An incident is escalated upward: '{level}' cannot pass it to '{target}'."),
    )
    INCIDENT_KIND_INVALID = 400, _("Unknown kind of incident.")
    INCIDENT_LEVEL_INVALID = (
        400,
        _("Unknown escalation level (table supervisor, pit boss, shift manager)."),
    )
    INCIDENT_NOT_HELD = (
        409,
        _(
            "Incident {serial} is held by '{level}': only that level decides, escalates or closes it."
        ),
    )
    INCIDENT_UNDECIDED = (
        409,
        _("Incident {serial} has no decision by '{level}': decide before closing."),
    )
    IRREGULARITY_INVALID = 400, _("Invalid irregularity data: {exc}")
    IRREGULARITY_UNKNOWN = 400, _("Unknown irregularity: {kind}.")
    LIVE_HAND_CHANGED = 409, _("The hand changed on another device: check and repeat.")
    LIVE_HAND_CLOSED = 409, _("This hand is no longer in progress.")
    NOTHING_TO_APPLY = 400, _("There is no action to apply.")
    NOTHING_TO_UNDO = 409, _("There is no action to undo.")
    NOT_AN_ORIGINAL = 409, _("Correct the original hand, not a revision.")
    NOT_A_CORRECTION = 409, _("This hand is being dealt: store it as a hand.")
    OBSERVED_INVALID = 400, _("Invalid observed facts: {exc}")
    OBSERVED_OUT_OF_BETTING = (
        400,
        _("Observed actions are interpreted only during a betting round."),
    )
    POST_ON_BLIND = 400, _("Seat {seat} already posts a blind and cannot also post.")
    REDEAL_OF_INVALID = 400, _("Only a void hand of the same session is redealt (MISDEAL-13).")
    REVIEW_EXISTS = 409, _("A review with another correction already exists for this hand.")
    REVISION_INVALID = 409, _("The hand's revision is invalid too: correct it before signing.")
    ROLE_NOT_ON_ESCALATION_PATH = (
        409,
        _(
            "Your role is not on the incident escalation path (croupier, table supervisor, pit boss, shift manager)."
        ),
    )
    SEATS_COUNT = 400, _("A Texas hold'em hand has 2 to 10 players.")
    SEAT_NOT_IN_HAND = 400, _("Seat {seat} is not playing the hand.")
    SEQUENCE_UNKNOWN = 400, _("Unknown sequence.")
    STACK_NOT_POSITIVE = 400, _("Seat {seat} has no chips and cannot be dealt in.")
    STRADDLE_SEAT = 400, _("A straddle needs at least four players.")
    STREET_NOT_CLOSED = 400, _("The betting round is still open: record what is left of it first.")
    STRUCTURE_INVALID = 400, _("{problem}")
    STRUCTURE_REQUIRED = (
        400,
        _("At a mixed table say whether the hand was played limit or no-limit (GAME-13)."),
    )
    TABLE_SETTINGS_INVALID = 400, _("The table's settings are not valid for the engine: {exc}")
    TEXT_REQUIRED = 400, _("Write the text asked for.")
    TOURNAMENT_ON_BREAK = (
        409,
        _(
            "The tournament is not in play (before the start or on a break): its tables deal no hands."
        ),
    )
    TOURNAMENT_PHH_IMPORT = (
        409,
        _(
            "The table is a tournament table: its hands are logged as they are dealt (live or the whole hand), not imported from PHH."
        ),
    )
    VERSION_INVALID = (
        400,
        _("If-Match or version must carry the hand's version (its ETag, a whole number)."),
    )
    VERSION_REQUIRED = 400, _("Give the version of the hand you show (If-Match or 'version').")
