"""The refusals of reports (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/reports.json``). Raise one with
``raise DomainError.of(ReportsCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class ReportsCode(RefusalCode):
    EXPORT_EXISTS = 409, _("{out_dir} already exists: an archive is written once.")
    EXPORT_FORMAT_INVALID = 400, _("Unsupported format (pdf, csv, xlsx).")
    GAMING_DAY_NOT_FOUND = 404, _("There is no gaming day {date}.")
    GAMING_DAY_STILL_OPEN = 409, _("The gaming day of {date} is still open: close it first.")
    HAND_NOT_FOUND = 404, _("Hand not found.")
    LANG_INVALID = 400, _("Unsupported language (es, en).")
    NO_GAMING_DAY_IN_MONTH = 404, _("There is no gaming day in {month:month}.")
    PAPER_INVALID = 400, _("Unsupported paper (A4, Letter).")
    REPORT_EXPORT_MISSING = (
        404,
        _("This report was printed without its exportable tables: reprint it."),
    )
    REPORT_FILE_MISSING = 404, _("The report file is missing.")
    REPORT_KIND_UNKNOWN = 400, _("There is no report named '{kind}'.")
    REPORT_NOT_ALLOWED = 403, _("The role '{role}' cannot see this report.")
    REPORT_NOT_READY = 409, _("The report is not ready yet ({progress}%).")
    REPORT_NOT_SIGNABLE = (
        409,
        _(
            "Report {serial} is not signed: only the originals of the control sheet, the sector sheet and the player tracking sheet are signed."
        ),
    )
    REPORT_NOT_SIGNED = 409, _("Report {serial} does not have all its signatures yet.")
    REPORT_OUT_OF_SCOPE = (
        403,
        _("You may only see the reports of your own tables, shifts and sector."),
    )
    REPORT_OUT_OF_SHIFT = (
        403,
        _(
            "You may only see table {number}'s reports of the shifts you supervised: give your shift ({yours})."
        ),
    )
    REPORT_PROVISIONAL = (
        409,
        _(
            "The sheet is provisional: table {tables} is not closed. Sign the sheet rendered after the closing."
        ),
    )
    REPORT_SIGNER_NOT_NAMED = (
        403,
        _(
            "{user} is not who signs {sheet} as '{role}': the session's supervisor or a pit boss of the table's sector signs it."
        ),
    )
    REPORT_SIGN_NOT_ALLOWED = 403, _("The role '{role}' does not sign this sheet.")
    REPORT_SIGN_ROLE_NOT_ALLOWED = (
        403,
        _("{sheet:capfirst} is not signed as '{role}'; it is signed as: {roles}."),
    )
    REPORT_STALE = (
        409,
        _(
            "The data changed since report {serial} was rendered: render the report again and sign the new one."
        ),
    )
    SECTOR_REQUIRED = (
        400,
        _("Give your sector: you may only see the sheet of the sectors you are pit boss of."),
    )
    SESSION_NOT_FOUND = 404, _("Table session not found.")
    SHIFT_NOT_FOUND = 400, _("The gaming day has no shift {number} (shifts: {names}).")
    SIGNED_CONTENT_CHANGED = (
        409,
        _(
            "The data changed after report {serial} was signed: a signed copy would no longer say what was signed. The signed original stays in the archive."
        ),
    )
    SLIP_NOT_FOUND = 404, _("Slip not found.")
    TABLE_NOT_FOUND = 404, _("There is no table {number}.")
    TABLE_REQUIRED = (
        400,
        _("Give your table: you may only see the reports of the tables you supervised."),
    )
    TOURNAMENT_NOT_FOUND = 404, _("Tournament not found.")
