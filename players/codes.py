"""The refusals of the player registry (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/players.json``). Raise one with
``raise DomainError.of(PlayersCode.<CODE>, name=value, ...)``.

The codes moved here from tables with the registry (issue 41): each keeps its name and its
message, so the API's catalogue of error codes is unchanged."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class PlayersCode(RefusalCode):
    BIRTH_DATE_IN_FUTURE = 400, _("The birth date cannot be in the future.")
    BIRTH_DATE_UNDER_AGE = (
        400,
        _("The player is under {minimum}: he cannot be registered (GEN-08)."),
    )
    DOCUMENT_NUMBER_INVALID = 400, _("{problem}")
    DOCUMENT_TYPE_INVALID = 400, _("{problem}")
    EXCLUSION_ALREADY_LIFTED = 409, _("The exclusion was already lifted.")
    EXCLUSION_DATES_INVALID = 400, _("The exclusion cannot end before it starts.")
    EXCLUSION_END_REQUIRED = 400, _("Give the date the self-exclusion ends.")
    EXCLUSION_LIST_ROW_INVALID = 400, _("Line {line}: {problem} Nothing of the file was applied.")
    EXCLUSION_NOT_LIFTABLE = (
        409,
        _("A regulator's entry changes only with a new version of the list."),
    )
    EXCLUSION_ROW_COLUMNS = 400, _("{expected} columns expected, {found} found.")
    EXCLUSION_ROW_DATE = 400, _("invalid date '{value}' in {column} (YYYY-MM-DD).")
    EXCLUSION_ROW_DOCUMENT = 400, _("{problem}")
    EXCLUSION_ROW_ENCODING = 400, _("the file is not UTF-8.")
    EXCLUSION_ROW_ENDS_EARLY = 400, _("the exclusion ends before it starts.")
    EXCLUSION_ROW_HEADER = 400, _("the header must be {columns}.")
    LIST_DATE_REQUIRED = 400, _("Give the list's date.")
    NATIONALITY_INVALID = (
        400,
        _("Unknown nationality '{nationality}': use the two-letter ISO 3166 code (AR, UY, CL...)."),
    )
    NOT_AN_EXCLUSION = 409, _("That is a lifting, not an exclusion.")
    SOURCE_REQUIRED = 400, _("Give the list's source (the regulator).")
