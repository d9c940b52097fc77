"""The refusals of promotions (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/promotions.json``). Raise one with
``raise DomainError.of(PromotionsCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class PromotionsCode(RefusalCode):
    ALREADY_CORRECTED = 409, _("This line has already been corrected.")
    CLAIM_ALREADY_FILED = 409, _("This hand has already been claimed.")
    CLAIM_BY_HAND_BAD_BEAT_ONLY = (
        400,
        _("Only a bad-beat jackpot is claimed by hand; the high hand is paid by period."),
    )
    CLAIM_BY_PERIOD_HIGH_HAND_ONLY = 400, _("Only a high-hand prize is claimed by period.")
    CLAIM_HAND_REVISED = (
        409,
        _(
            "A hand of the period was revised after the claim: the period is judged again; file the claim again."
        ),
    )
    CLAIM_KIND_INVALID = 400, _("{problem}")
    CLAIM_OPEN = 409, _("The fund has an unpaid claim: it is paid before another.")
    CLAIM_REPLACED = 409, _("This claim was replaced by another: sign the new one.")
    CLAIM_REVIEW_PENDING = (
        409,
        _(
            "The shift manager confirms after the supervisor's signature and the surveillance review."
        ),
    )
    FUND_BALANCE_SHORT = 409, _("The fund has no balance for this correction.")
    FUND_KIND_FIXED = 400, _("A fund does not change its kind: create another fund.")
    FUND_NAME_REQUIRED = 400, _("Give the fund's name.")
    FUND_NAME_TAKEN = 409, _("There is already a fund '{name}'.")
    FUND_RULES_INVALID = 400, _("The rules cannot be posted: {code}.")
    HAND_DOES_NOT_QUALIFY = 409, _("{problem}")
    HAND_FAILS_FUND_RULE = 409, _("The hand does not qualify: {reason}")
    HAND_NOT_IN_FUND = 400, _("The hand was not played at a table of this fund.")
    HAND_NOT_VALID_FOR_FUND = 409, _("The hand does not qualify.")
    NO_HIGH_HAND = 409, _("No hand of the period qualifies for the prize.")
    PERIOD_ALREADY_CLAIMED = (
        409,
        _("There is already a claim for this period (or one overlapping it)."),
    )
    PERIOD_BOUNDS_REQUIRED = 400, _("Give the period's start and end.")
    PERIOD_END_NOT_AFTER_START = 400, _("The period ends after it starts.")
    PERIOD_INVALID = 400, _("{problem}")
    PERIOD_NOT_ENDED = 409, _("The period ends at {local}: it is paid once it has ended.")
    TABLE_HAS_FUND = 409, _("{table} already offers the fund '{name}': detach it first.")
    TABLE_NOT_IN_FUND = 409, _("The table is not attached to this fund.")
