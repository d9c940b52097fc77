"""The refusals of tables (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/tables.json``). Raise one with
``raise DomainError.of(TablesCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class TablesCode(RefusalCode):
    ABSENT_PLAYER_POLICY_INVALID = 400, _("Unknown absent player rule (SEAT-06).")
    ACTION_UNKNOWN = 400, _("Unknown action: {action}.")
    AFTER_LAST_HAND = 409, _("The last hand (no. {last}) was announced: no more hands.")
    AMOUNT_INVALID = (
        400,
        _(
            "'{value}' is not a valid amount: give a number, not negative, with at most two decimals."
        ),
    )
    ANTE_INVALID = 400, _("With 'blinds and an ante' give the ante amount (GAME-04).")
    APPEAL_DECIDED = 409, _("The appeal was already decided.")
    APPEAL_NOT_INDEPENDENT = (
        403,
        _(
            "Whoever imposed the sanction does not decide its appeal: another pit boss or management decides it."
        ),
    )
    APPEAL_OUTCOME_INVALID = 400, _("The decision is upheld, reduced or lifted.")
    APPEAL_PENDING = 409, _("The sanction already has an appeal waiting for its decision.")
    BANK_NOT_CONFIRMED_EMPTY = (
        409,
        _(
            "The supervisor and the croupier must confirm that the rack was emptied and every chip counted."
        ),
    )
    BLINDS_INVALID = 400, _("Blinds must be positive and the small blind ≤ the big blind.")
    BUYIN_INVALID = 400, _("The minimum buy-in must be positive, and the maximum not below it.")
    CAP_INVALID = 400, _("The cap must be at least one bet.")
    CHECKLIST_ALREADY_RECORDED = (
        409,
        _("This checklist is already recorded (by {recorded_by}, at {at:%H:%M})."),
    )
    CHECKLIST_ALREADY_SIGNED = 409, _("This gaming day's preparation checklist is already signed.")
    CHECKLIST_INCOMPLETE = 400, _("Fix the deficiencies first: {missing}.")
    CHECKLIST_INVALID = 400, _("The checklist is invalid.")
    CHECKLIST_ITEM_MISSING = (
        400,
        _("Confirm every item of the checklist before signing it (PREP-01)."),
    )
    CHECKLIST_ITEM_UNKNOWN = 400, _("Unknown items: {unknown}.")
    CHECKLIST_ROLE = (
        400,
        _("The pre-opening checklists are completed by the pit boss and the supervisor."),
    )
    CHIP_SET_NOT_FOUND = 400, _("Chip set not found.")
    CODE_REQUIRED = 400, _("Give a code.")
    CONDUCT_EXEMPT_HEADS_UP = (
        400,
        _("Showing, commenting on or peeking at cards is not sanctioned at the final heads-up."),
    )
    CONDUCT_REQUIRED = (
        400,
        _("Give the conduct sanctioned (the manual's list, or 'other' with a description)."),
    )
    CONDUCT_TEXT_REQUIRED = 400, _("Describe the conduct.")
    CONDUCT_UNKNOWN = 400, _("Unknown conduct: '{conduct}'.")
    COPY_ALREADY_DEPOSITED = 409, _("That copy is already recorded as deposited.")
    COPY_INVALID = 400, _("Unknown copy.")
    COPY_NOT_FOR_OPENING = 400, _("At the opening only the drop-box copy is deposited (OPEN-13).")
    COUNTED_REQUIRED = 400, _("List the packs counted.")
    COUNT_EMPTY = 400, _("The count has no lines: count every denomination, zero included.")
    COUNT_INCOMPLETE = (
        400,
        _("Denominations missing from the count: {values} (count the empty ones too)."),
    )
    COUNT_MISMATCH = (
        400,
        _("{stacks} stacks of {stack_size} and {loose} loose are {count} chips, not {stated}."),
    )
    COUNT_NEGATIVE = 400, _("The count {count} is negative.")
    COUNT_NOT_RECORDED = 409, _("Record the count first.")
    COUNT_NOT_WHOLE = (
        400,
        _("'{value}' is not a whole number of chips: there are no fractions of a chip."),
    )
    COUNT_REQUIRED = 400, _("The chip count is missing.")
    COUNT_TOO_LARGE = (
        400,
        _("The count {count:,} exceeds the maximum of {maximum:,} per denomination."),
    )
    CROUPIER_ON_DUTY_ELSEWHERE = (
        409,
        _("{croupier} is on duty at {table}: relieve them there first."),
    )
    DECKS_MISSING = 409, _("The table needs two inspected packs of different colours.")
    DECKS_UNACCOUNTED = 409, _("Packs unaccounted for: {packs}{unknown}")
    DECK_MOVE_NOT_ALLOWED = (
        409,
        _("Pack {serial} is '{state}' and cannot move to '{to}'. Allowed moves: {allowed}."),
    )
    DECK_UNACCOUNTED_PACK = 409, _("{serial} ({reason})")
    DECK_UNKNOWN_PACKS = 409, _("; unknown: {serials}")
    DENOMINATION_NOT_IN_CHIP_SET = 400, _("That denomination is not in the table's chip set.")
    DENOMINATION_REPEATED = 400, _("The denomination {value} appears twice.")
    DENOMINATION_REQUIRED = 400, _("Give the line's denomination.")
    DISCREPANCY_ALREADY_ACKNOWLEDGED = 409, _("The difference was already acknowledged.")
    DISCREPANCY_SUPERSEDED = (
        409,
        _("The float was recounted: this difference is no longer current."),
    )
    DISCREPANCY_UNACKNOWLEDGED = (
        409,
        _("There are differences the pit boss has not acknowledged (values {values})."),
    )
    EVENT_KIND_INVALID = 400, _("That kind of event is not recorded by hand.")
    FINAL_CONTROL_DONE = 409, _("Today's final control is already signed.")
    FLOAT_NOT_LOCKED = 400, _("To suspend the table the float must be locked (DECK-12).")
    FORCED_BETS_INVALID = (
        400,
        _("Unknown forced bets: two blinds, one blind or blinds and an ante (GAME-04)."),
    )
    GRAND_TOTAL_MISMATCH = (
        400,
        _("The denominations add up to {actual:,}, not {stated_grand:,} (OPEN-11)."),
    )
    GROUNDS_REQUIRED = 400, _("Give the grounds of the appeal.")
    HAND_IN_PROGRESS = 409, _("A hand is in progress at this table: wait until it ends.")
    HAND_NUMBER_INVALID = 400, _("Invalid hand number.")
    HAND_NUMBER_REQUIRED = (
        400,
        _("Give the offending hand: the sanction starts with the next one (SANC-09)."),
    )
    IMMEDIATE_REASON_REQUIRED = (
        400,
        _("An immediate sanction (during the hand) needs a serious reason."),
    )
    INSPECTION_FAILED = 400, _("If any card is imperfect the whole pack is rejected (DECK-07).")
    INSPECTOR_REQUIRED = (
        400,
        _(
            "The croupier and the supervisor, two different people, inspect the pack together: name the supervisor."
        ),
    )
    ISSUER_REQUIRED = 400, _("Every sanction names who issues it.")
    KEY_ALREADY_RETURNED = 409, _("The key was already returned.")
    KEY_HELD_BY_SOMEONE_ELSE = (
        409,
        _("Key '{key_label}' is held by {holder}: it must come back first."),
    )
    KEY_HOLDER_INVALID = 400, _("Keys are held by the shift manager, a pit boss or a supervisor.")
    KEY_KEEPER_ONLY = (
        403,
        _("Keys are handed and received by the shift manager, a pit boss or a supervisor."),
    )
    KEY_REQUIRED = 400, _("Name the key.")
    LAST_HAND_ALREADY_ANNOUNCED = (
        409,
        _("The last hand was already announced (no. {last_hand_number})."),
    )
    LAST_HAND_NOT_ANNOUNCED = 409, _("Announce the table's last hand first (CLOSE-01).")
    LEVEL_NOT_IN_SCALE = 400, _("That level is not on this table's scale ({levels}).")
    LEVEL_REQUIRED = 400, _("Give the sanction.")
    LIMIT_BIG_BET_NOT_DOUBLE = 400, _("In fixed limit the big bet is twice the small bet (BET-08).")
    LINE_INVALID = 400, _("Invalid count line.")
    LOOSE_CHIPS_MAKE_A_STACK = (
        400,
        _("{loose} loose chips make another stack of {stack_size}: stack them."),
    )
    METHOD_REQUIRED = 400, _("Give the cancellation or destruction method.")
    MIXED_SWITCH_INVALID = (
        400,
        _("The structure switch is every 1 to 100 hands, or empty: one orbit (GAME-13)."),
    )
    NEW_PLAYER_ENTRY_INVALID = 400, _("Unknown new player entry rule (SEAT-05).")
    NOTE_REQUIRED = 400, _("Write a note explaining it.")
    NOTE_TOO_LONG = 400, _("The note takes at most {note_max} characters.")
    NOT_AN_APPEAL = 400, _("Only an appeal is decided.")
    NOT_AN_IMPOSITION = 400, _("Only an imposed sanction can be lifted or reduced.")
    NOT_A_PROPOSAL = 400, _("That is not a sanction proposal.")
    NOT_A_REPLACEMENT = 400, _("Only a damaged or rejected pack of this table is replaced.")
    NOT_READY_FOR_PLAY = 409, _("The table is not ready for play: {reasons}")
    NOT_WAITING = 409, _("No longer waiting.")
    NO_CHANGES = 400, _("Nothing to change.")
    NO_CROUPIER_ON_DUTY = 409, _("No croupier is assigned to the table.")
    NO_GAMING_DAY = 404, _("There is no gaming day.")
    NO_PACK_IN_PLAY = 409, _("No pack is in play at the table.")
    OPENING_NOT_SIGNED = (
        409,
        _("The opening sheet does not have its three signatures: the table cannot play."),
    )
    PACKS_REQUIRED = 400, _("List the packs delivered.")
    PACK_ALREADY_IN_PLAY = 409, _("A pack is already in play at the table: rotate instead.")
    PACK_COLOUR_REQUIRED = 400, _("The back colour is missing.")
    PACK_DAMAGED = 409, _("Pack {damaged} has a damaged card: replace it before the next hand.")
    PACK_INCOMPLETE = 400, _("{problem}")
    PACK_INCOMPLETE_NOT_IN_PLAY = (
        400,
        _("An incomplete pack does not go into play: reject it, and the pit boss replaces it."),
    )
    PACK_INCOMPLETE_NOT_RESTING = 400, _("An incomplete pack does not rest: withdraw it.")
    PACK_NOT_AT_TABLE = 400, _("Pack {serial} is not at this table.")
    PACK_NOT_FOUND = 400, _("Pack not found.")
    PACK_NOT_REUSABLE = (
        400,
        _(
            "Pack {serial} was not declared complete: it is not reusable; classify it as discard or replacement."
        ),
    )
    PACK_REQUIRED = 400, _("Choose the pack coming in.")
    PACK_SERIAL_REPEATED = 400, _("Pack {serial} is listed twice.")
    PACK_SERIAL_REQUIRED = 400, _("The pack number is missing.")
    PACK_SERIAL_TAKEN = 409, _("Packs with those numbers already exist: {taken}.")
    PIT_BOSS_REQUIRED = 400, _("Only the pit boss may override the pre-opening checklists.")
    PLAYERS_IN_HAND_INVALID = (
        400,
        _("Say how many players were dealt into the offending hand (2 to 10)."),
    )
    PLAYERS_PRESENT_INVALID = (
        400,
        _("Say how many players are at the table (a whole number up to the table's seats)."),
    )
    PLAYER_ALREADY_SEATED = 409, _("The player is already seated at this table.")
    PLAYER_EXCLUDED = (
        409,
        _(
            "{player} is excluded ({kind}) until {until}: no buy-in or seat. Call the pit boss; the attempt was recorded."
        ),
    )
    PLAYER_NOT_FOUND = 400, _("Player {player} not found.")
    PLAYER_REQUIRED = 400, _("Name the player (registered, or by description/seat).")
    PLAYER_UNDER_AGE = (
        409,
        _(
            "{display_name} is {age}; the minimum age is {minimum} (GEN-08): no buy-in or seat. Call the pit boss."
        ),
    )
    PLAY_NOT_ANNOUNCED = (
        409,
        _(
            "Before the first hand tell the supervisor or the pit boss that play begins: they record it by starting play (OPEN-17, SHUF-01)."
        ),
    )
    PREPARATION_CHECKLIST_MISSING = (
        409,
        _("Management has not yet signed the gaming day's preparation checklist (PREP-01)."),
    )
    PREPARATION_NOT_SHIFT_MANAGER = (
        403,
        _("The preparation checklist is signed by the shift manager (PREP-01)."),
    )
    PREP_CHECKLISTS_MISSING = (
        409,
        _(
            "The pre-opening checklists (pit boss and supervisor) are missing, or the pit boss's written override, before the opening count."
        ),
    )
    PROPOSAL_ALREADY_DECIDED = 409, _("That proposal was already decided.")
    RAKE_ABOVE_JURISDICTION_LIMIT = (
        400,
        _("Under the {ruleset} ruleset the rake cannot exceed {ceiling}% of the pot (RAKE-03)."),
    )
    RAKE_CAP_SCOPE_INVALID = 400, _("Unknown rake cap scope (per pot or per hand).")
    RAKE_INVALID = 400, _("Invalid rake percentage.")
    RAKE_MODE_INVALID = 400, _("Unknown rake mode.")
    RAKE_ROUNDING_INVALID = (
        400,
        _("Unknown rake rounding: down to the smallest chip or to the nearest (RAKE-07)."),
    )
    REBUY_AMOUNTS_INVALID = (
        400,
        _(
            "The re-buy amounts are distinct positive amounts (up to 10), with at most two decimals (BUYIN-04)."
        ),
    )
    RECEIPT_NOT_SIGNED = 409, _("Packs enter the store when the pit boss signs the receipt.")
    REDUCTION_NOT_LIGHTER = 400, _("'{new}' is not lighter than '{current}'.")
    RELIEF_NOT_ALLOWED = (
        403,
        _("A supervisor's relief is recorded by the pit boss or the shift manager."),
    )
    RELIEF_REASON_REQUIRED = (
        400,
        _(
            "Write the reason for the supervisor's relief (at least {relief_reason_min} characters)."
        ),
    )
    RELIEF_REASON_TOO_LONG = 400, _("The relief's reason takes at most 300 characters.")
    RELIEF_SAME_SUPERVISOR = 400, _("{incoming} is already the supervisor of table {number}.")
    REPLACEMENT_COLOUR = 400, _("The replacement must be the same colour ({colour}).")
    REPLACEMENT_NOT_READY = 409, _("Pack {serial} is not inspected and ready.")
    ROTATION_PACK_NOT_READY = 409, _("Pack {serial} is not ready to come in (state '{state}').")
    ROTATION_PACK_REQUIRED = (
        400,
        _("At each dealer change a pack of the other colour comes in: say which (DECK-09)."),
    )
    ROTATION_SAME_COLOUR = 400, _("Rotation brings in the other colour, not {colour} (DECK-09).")
    RULESET_INVALID = 400, _("Unknown ruleset.")
    SAME_COLOUR_AT_TABLE = (
        409,
        _(
            "The table already has a {colour} pack: its two packs must be different colours (DECK-04)."
        ),
    )
    SAME_CROUPIER = 400, _("{incoming} is already on duty at this table.")
    SAME_PERSON_TWO_ROLES = 400, _("The same person cannot take both roles.")
    SANCTION_ALREADY_LIFTED = 409, _("The sanction was already lifted.")
    SEATS_OUT_OF_RANGE = 400, _("A table has 2 to 10 seats.")
    SEAT_EMPTY = 409, _("Seat {seat} is empty.")
    SEAT_INVALID = 400, _("Invalid or repeated seat: the table has seats 1 to {max_seats}.")
    SEAT_NOT_OCCUPIED = 409, _("Nobody is sitting in seat {seat}.")
    SEAT_OCCUPIED = 409, _("Seat {seat} is taken.")
    SEAT_STATUS_INVALID = 400, _("Invalid seat status.")
    SEAT_TAKEN = 409, _("Seat {seat} is taken.")
    SECTOR_NOT_FOUND = 404, _("There is no sector '{sector}'.")
    SESSION_ALREADY_LIVE = (
        409,
        _("The table already has a session that is not closed ('{status}')."),
    )
    SESSION_KIND_INVALID = 400, _("A session is a cash game or a tournament.")
    SESSION_MOVE_NOT_ALLOWED = 409, _("The table is '{status}' and cannot move to '{to}'.")
    SESSION_NOT_OPEN = 409, _("The table is not open: it is '{status}'.")
    SESSION_NOT_TOURNAMENT = 409, _("The session of {table} is not a tournament's.")
    SESSION_REQUIRED = 400, _("Say which table session.")
    SESSION_STATE = 409, _("The table is '{status}'; this action needs: {allowed}.")
    SETTING_INVALID = 400, _("The value is not valid for this setting.")
    SHEET_NOT_SIGNED = (
        409,
        _("The sheet does not have its three signatures yet: no copies to deposit."),
    )
    SHIFT_CHANGE_NOT_ALLOWED = (
        403,
        _("A shift change is recorded by the pit boss or the shift manager."),
    )
    SHIFT_CHANGE_SLOT_INVALID = (
        400,
        _("Say who signs: outgoing supervisor, pit boss or incoming supervisor."),
    )
    SHUFFLE_PROCEDURE_INVALID = (
        400,
        _("The shuffle procedure is a text of at most 1000 characters (SHUF-04)."),
    )
    STAFF_NOT_FOUND = 400, _("There is no active staff member '{person}' in this casino.")
    STAFF_REQUIRED = 400, _("Say who acts as '{role}'.")
    STAFF_ROLE_MISSING = 400, _("{user} does not hold the role '{role}'.")
    STATE_INVALID = 400, _("Unknown pack state: '{to}'.")
    STORE_CODE_TAKEN = 409, _("That store already exists.")
    SUPERVISOR_REQUIRED = (
        400,
        _("The table supervisor confirms the empty rack together with the croupier."),
    )
    TABLE_HAS_NO_SETTINGS = 409, _("The table has no settings in force.")
    TABLE_HAS_TWO_PACKS = (
        409,
        _("The table already has its two packs; return one before issuing another."),
    )
    TABLE_INACTIVE = 409, _("The table is inactive.")
    TABLE_INVALID = 400, _("{problem}")
    TABLE_MISMATCH = 400, _("The session is not of the waiting list's table.")
    TABLE_NOT_VALID = 400, _("Invalid table.")
    TABLE_NUMBER_TAKEN = 409, _("Table {number} already exists.")
    TOO_FEW_PLAYERS = (
        409,
        _("Play begins with at least two players at the table (OPEN-17, SHUF-01)."),
    )
    TOTAL_MISMATCH = (
        400,
        _("Value {value:,}, {count} chips: the total is {total:,}, not {stated_total:,}."),
    )
    UNKNOWN_SETTING = 400, _("Unknown setting: {unknown}.")
    VARIANT_INVALID = 400, _("Unknown betting structure.")
    VERIFIER_REQUIRED = (
        400,
        _("Name the supervisor or pit boss who verified that the float is locked."),
    )
    VUELTAS_INVALID = 400, _("Penalty rounds are 1 to 4 (SANC-03).")
    VUELTAS_NOT_APPLICABLE = 400, _("That level has no penalty rounds.")
    WAITING_LIST_ORDER = 409, _("{name} is seated first: the waiting list goes in order.")
    WITNESS_NOT_ON_DUTY = (
        403,
        _(
            "{witness} is not on duty at table {table} as croupier, supervisor or pit boss: he cannot witness the inspection."
        ),
    )
    WITNESS_REQUIRED = 400, _("Name a witness other than the person destroying the pack.")
    WRITTEN_REPORT_REQUIRED = (
        400,
        _("The difference is above the threshold: attach the written report."),
    )
