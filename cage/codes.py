"""The refusals of cage (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/cage.json``). Raise one with
``raise DomainError.of(CageCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class CageCode(RefusalCode):
    ALREADY_REVERSED = 409, _("This has already been reversed.")
    AMOUNT_NOT_POSITIVE = (
        400,
        _("The amount must be greater than zero (or not negative, where zero is allowed)."),
    )
    APPROVER_IS_CROUPIER = 400, _("The person approving a change cannot be the croupier making it.")
    BLIND_COUNT = 403, _("The cage counts blind: it cannot see the tables' expected figures.")
    BUYIN_ABOVE_MAXIMUM = (
        400,
        _("With this buy-in the player would have {value} on the table; the maximum is {maximum}."),
    )
    BUYIN_BELOW_MINIMUM = 400, _("This table's minimum buy-in is {minimum}; {value} is not enough.")
    CAGE_POLICY_VALUE_INVALID = 400, _("'{value}' is not a value of {name}: {allowed}.")
    CASH_AMOUNT_MISMATCH = (
        400,
        _("The cash accepted adds up to {received} and the buy-in is {value}."),
    )
    CASH_CHANGE_AT_CAGE_ONLY = (
        409,
        _("In this casino cash is changed at the cage, not at the table."),
    )
    CASH_REQUIRED = 400, _("Give the notes received, by denomination (CASH-12).")
    CHANGE_UNEQUAL = (
        400,
        _("{value_in} comes in and {value_out} goes out: a change is for equal value."),
    )
    CHIPS_AMOUNT_MISMATCH = (
        400,
        _("The chips handed over add up to {paid} and the buy-in is {value}."),
    )
    CHIPS_REQUIRED = 400, _("Give the chips, by denomination.")
    COINS_REFUSED = (
        400,
        _("Coins are not accepted for play, change or bets: notes and plaques only."),
    )
    COUNTER_WORKED_SESSION = 409, _("Someone who worked this table session cannot count its drop.")
    COUNT_INVALID = 400, _("'{value}' is not a valid number of chips.")
    CROUPIER_OF_CHANGE_REQUIRED = 400, _("Say which croupier made the change.")
    CROUPIER_REQUIRED = 400, _("{problem}")
    EXPLANATION_REQUIRED = 400, _("Write the explanation of the variance.")
    FINDING_UNKNOWN = 400, _("That variance is not in the session's reconciliation.")
    FLOAT_INSUFFICIENT = (
        409,
        _(
            "The float holds {available} chips of {denomination} and {n} are asked for: chips the float does not hold are not paid out; request a fill."
        ),
    )
    FOREIGN_CHIPS_REFUSED = (
        409,
        _("The casino does not accept chips brought from other tables here."),
    )
    HANDLING_INVALID = 400, _("Unknown large-cash handling.")
    KIND_INVALID = 400, _("Unknown kind of change.")
    LINES_REQUIRED = 400, _("A slip carries at least one denomination with chips.")
    NOTE_VALUE_UNKNOWN = 400, _("There is no {tender} bank note.")
    NOT_A_CROUPIER = 400, _("{user} does not hold the croupier role.")
    NO_FLOAT_MOVEMENT = (
        400,
        _(
            "A buy-in with chips from the cage or another table moves no cash and no float chips; record a colour change if needed."
        ),
    )
    NO_HAND_IN_PROGRESS = (
        409,
        _("No hand is in progress: a change between hands is made from the float."),
    )
    OVERRIDE_NOT_INDEPENDENT = (
        400,
        _("The override is authorised by a pit boss other than the person recording the buy-in."),
    )
    PERSON_LACKS_ROLE = 400, _("{user} does not hold the role required ({roles}).")
    RAKE_ALREADY_POSTED = (
        409,
        _("Hand {hand_number} already has a rake posted: reverse it before posting another."),
    )
    RAKE_NOT_ALLOWED = 400, _("This table takes no pot rake (tournament or seat charge).")
    REBUY_AMOUNT_NOT_ALLOWED = (
        400,
        _("This table's re-buys are {listed} (BUYIN-04); {value} is not one of them."),
    )
    REBUY_ONLY_WHEN_BUSTED = (
        400,
        _(
            "At this table a re-buy is allowed only when the player has no chips left (OQ-27); chips now: {stack}."
        ),
    )
    REBUY_STACK_REQUIRED = (
        400,
        _(
            "For a re-buy give the chips the player has on the table: the total may not exceed the maximum of {maximum}."
        ),
    )
    REVERSAL_OF_REVERSAL = 409, _("A reversal is not reversed: record the transaction again.")
    SESSION_NOT_ACCEPTING = (
        409,
        _("{table:capfirst} is '{status}': it does not take this operation now."),
    )
    SESSION_NOT_CLOSED = 409, _("The drop box is counted when the table closes.")
    SETTINGS_NOT_OF_TABLE = 400, _("The settings given are not this table's.")
    SETTING_UNKNOWN = 400, _("Unknown settings: {unknown}.")
    SIGNATURE_OUT_OF_ORDER = (
        409,
        _(
            "{document:capfirst} {serial} does not have the '{before}' signature yet: it comes first."
        ),
    )
    SIGNER_REQUIRED = 400, _("Say which croupier receives the slip; they sign with their PIN.")
    SIGN_FOR_YOURSELF = (
        400,
        _(
            "Only the croupier signs on someone else's terminal; everyone else signs for themselves."
        ),
    )
    SIGN_IN_OWN_ROLE = 403, _("To sign as '{role}' act in that role.")
    SLIP_ALREADY_VOIDED = 409, _("Slip {serial} is already void or being voided.")
    SLIP_KIND_INVALID = 400, _("Unknown slip kind: '{kind}' (fill or credit).")
    SLIP_PURPOSE_INVALID = 400, _("Unknown purpose: '{purpose}'.")
    SLIP_VOIDED = 409, _("Slip {serial} is void (or being voided): it is not signed.")
    SOURCE_INVALID = 400, _("Unknown buy-in source: '{source}'.")
    STACK_MISMATCH = (
        409,
        _(
            "{before} is declared at seat {seat} before the re-buy, but the hands and buy-ins recorded give it {known}."
        ),
    )
    TENDER_KIND_INVALID = 400, _("Unknown kind of cash: '{kind}' (note or plaque).")
    THRESHOLDS_ORDER = (
        400,
        _("The report threshold cannot be lower than the identification threshold."),
    )
    TOURNAMENT_SESSION_NO_CASH = (
        409,
        _("{table} is a tournament table: it takes no buy-ins or chip changes."),
    )
    VOID_ALREADY_CONFIRMED = 409, _("The void of slip {serial} is already confirmed.")
    VOID_SIGNER_NOT_INDEPENDENT = (
        409,
        _("The void is confirmed by a second person who neither asked for it nor signed the slip."),
    )
