"""The refusals of casino (issue 41 §2): each code with its HTTP status and its
message, written once (the English msgid; its Spanish is in
``locale/es/catalog/casino.json``). Raise one with
``raise DomainError.of(CasinoCode.<CODE>, name=value, ...)``.

``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member
already here, including those written by hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class CasinoCode(RefusalCode):
    ACCOUNT_LOCKED = 429, _("Too many failed attempts: the account is temporarily locked.")
    AMOUNT_NOT_DECIMAL_STRING = (
        400,
        _(
            '“{name}” is an amount: send it as a decimal string ("1500.00"), not as a JSON number with decimals, which may change when read.'
        ),
    )
    API_VERSION_UNSUPPORTED = (
        406,
        _("This API does not serve version “{version}”; it serves: {served}."),
    )
    BIDI_CONTROL = (
        400,
        _(
            "The field “{name}” contains a text-direction control character (e.g. U+202E), which would make the text read reversed; remove it."
        ),
    )
    BROKER_UNAVAILABLE = (
        503,
        _(
            "The background task service is unavailable; nothing was recorded. Retry in a few minutes."
        ),
    )
    CONTROL_CHARACTER = (
        400,
        _("The field “{name}” contains a control character (e.g. a NUL byte); remove it."),
    )
    DATETIME_INVALID = 400, _("Invalid date and time (ISO 8601).")
    DATE_INVALID = 400, _("Invalid date (YYYY-MM-DD).")
    DOCUMENT_CHANGED = 409, _("The document's content changed after it was first signed.")
    DOCUMENT_LOCKED = 409, _("The document already has all its signatures and is locked.")
    DOCUMENT_SIGNED = (
        409,
        _("The document has signatures and cannot be changed. Record a correction."),
    )
    EFFECTIVE_IN_THE_PAST = (
        400,
        _("A setting cannot apply retroactively: it applies from now or later."),
    )
    FILTER_INVALID = 400, _("Invalid “{name}” filter.")
    FORM_ALREADY_SUBMITTED = 409, _("This form was already submitted; nothing was recorded again.")
    FORM_TOKEN_INVALID = 400, _("The form is not valid; reload the page.")
    GAMING_DAY_ALREADY_OPEN = (
        409,
        _("A gaming day is already open: close it before opening another."),
    )
    GAMING_DAY_CLOSED = 409, _("The gaming day is already closed.")
    GAMING_DAY_EXISTS = 409, _("The gaming day {business_date} already exists.")
    IDEMPOTENCY_KEY_INVALID = (
        400,
        _("The idempotency key must be at most 128 printable characters."),
    )
    IDEMPOTENCY_KEY_REUSED = (
        409,
        _("This idempotency key was already used with a different request."),
    )
    JSON_TOO_DEEP = (
        400,
        _("The JSON body nests deeper than {max_json_depth} levels; nothing was recorded."),
    )
    LOGIN_FAILED = 403, _("Wrong username or password.")
    NAME_REQUIRED = 400, _("Give the name.")
    NOT_CROUPIER_ON_DUTY = 403, _("{problem}")
    NOT_SECTOR_PIT_BOSS = 403, _("You are not a pit boss of table {table}'s sector.")
    NOT_SESSION_SUPERVISOR = (
        403,
        _(
            "You are not the supervisor of table {table}: only the session's supervisor, or a relief whose takeover is recorded with time and reason, may do this."
        ),
    )
    NO_CASINO = 403, _("Your user does not belong to any casino.")
    NO_OPEN_GAMING_DAY = 409, _("There is no open gaming day: the shift manager must open one.")
    NO_ROLE = 403, _("Your user has no role.")
    NUMBER_INVALID = 400, _("Invalid number.")
    ONLY_CROUPIER_ON_DUTY = (
        403,
        _("Only the croupier on duty at table {table} may sign or act as croupier."),
    )
    OVERRIDE_REASON_REQUIRED = 400, _("This override needs a written reason.")
    PASSWORD_TOO_WEAK = 400, _("The password is not accepted: {reasons}")
    PIN_FORMAT = 400, _("A PIN has 4 to 8 digits.")
    PIN_INVALID = 403, _("Wrong PIN or inactive user.")
    PIN_LOCKED = (
        403,
        _(
            "{signer}'s PIN is locked after failed attempts until {local:%H:%M}; a pit boss can unlock it."
        ),
    )
    PIN_NOT_LOCKED = 409, _("{locked}'s PIN is not locked.")
    PIN_REQUIRED = 400, _("{user} must confirm with their personal PIN.")
    PIN_TERMINAL_NOT_SUPERVISOR = (
        403,
        _("{user}'s PIN is entered on the terminal of table {table_label}'s supervisor."),
    )
    PIN_TOO_SIMPLE = 400, _("PIN too easy to guess (repeated or consecutive digits).")
    PIN_UNLOCK_NOT_INDEPENDENT = 403, _("Nobody unlocks their own PIN.")
    REASON_REQUIRED = 400, _("Give the reason.")
    ROLES_REQUIRED = 400, _("Give at least one role.")
    ROLE_ALREADY_SIGNED = 409, _("The role '{role}' has already signed this document.")
    ROLE_NOT_HELD = 403, _("{user} does not hold the role '{role}'.")
    ROLE_NOT_REQUIRED = (
        400,
        _("This document is not signed as '{role}'; it is signed as: {required}."),
    )
    ROLE_REQUIRED = (
        400,
        _(
            "You hold several roles that allow this action: say which one you act in ({candidates})."
        ),
    )
    SIGNATURE_CONFLICT = 409, _("Another signature was recorded at the same time; try again.")
    SIGNER_ALREADY_SIGNED = (
        409,
        _("{user} already signs this document in another role: one person signs once."),
    )
    TIME_INVALID = 400, _("Invalid time (hh:mm).")
    TOKEN_NOT_FOUND = 404, _("Token not found.")
    UNKNOWN_ROLE = 400, _("Unknown role: '{role}'.")
    USERNAME_TAKEN = 409, _("The username '{username}' is taken.")
