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
    CLAIM_KIND_INVALID = (
        400,
        _("Only a bad-beat jackpot is claimed by hand; the high hand is paid by period."),
    )
    CLAIM_OPEN = 409, _("The fund has an unpaid claim: it is paid before another.")
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
    TABLE_HAS_FUND = 409, _("{table} already offers the fund '{name}': detach it first.")
    TABLE_NOT_IN_FUND = 409, _("The table is not attached to this fund.")
