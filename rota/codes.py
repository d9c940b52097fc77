"""The refusals of rota (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/rota.json``). Raise one with
``raise DomainError.of(RotaCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class RotaCode(RefusalCode):
    CROUPIER_GAMES_INVALID = 400, _("Choose at least one of the room's games.")
    CROUPIER_GAMES_UNCHANGED = 409, _("Those are already the croupier's games.")
    ROTA_CHANGED = (
        409,
        _("The rota changed on another terminal: check the version in force and repeat."),
    )
    ROTA_CHANGE_INVALID = 400, _("Say whether the table closes or opens.")
    ROTA_EXISTS = 409, _("The gaming day already has its rota: re-plan it from its page.")
    ROTA_MINUTES_INVALID = 400, _("Give between {low} and {high} minutes.")
    ROTA_NO_CROUPIERS = 400, _("Choose the croupiers available in the shift.")
    ROTA_NO_TABLES = 400, _("Choose the open tables of the shift.")
    ROTA_OVER = 409, _("This rota's shift is over.")
    ROTA_PERIOD_INVALID = 400, _("The shift ends after it starts, and lasts 24 hours at most.")
    ROTA_TABLE_IN_PLAN = 409, _("That table is already in the rota.")
    ROTA_TABLE_NOT_OPEN = 409, _("That table is not open in the rota.")
    ROTA_TABLE_UNKNOWN = 400, _("That table is not an active table of this casino.")
    TEXT_TOO_LONG = 400, _("The reason is too long.")
