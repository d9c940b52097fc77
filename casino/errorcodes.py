"""The API's own refusal codes (issue 41 §2), below every layer that raises them.

- :class:`ApiCode`: the error handler's own codes (authentication, methods, media types,
  the database) and the two that services share with it, ``NOT_FOUND`` and
  ``PERMISSION_DENIED``;
- :class:`ValidationCode`: the codes a serializer field's validation produces (Django
  REST framework's, upper-cased by ``casino.api.parsing.parse``). Their messages are
  DRF's own, in both languages; the members' words are their meaning in the catalogue.

They live outside ``casino.api`` because ``casino.errors`` (which models, selectors and
services import) raises ``PERMISSION_DENIED``: the layers inside an app forbid those to
reach the API package. The published catalogue is :mod:`casino.api.codes`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_noop as _

from casino.refusals import RefusalCode


class ApiCode(RefusalCode):
    AUTHENTICATION_FAILED = 401, _("Invalid credentials.")
    ERROR = 400, _("{detail}")
    MALFORMED_REQUEST = 400, _("Malformed request (for example, a body that is not valid JSON).")
    METHOD_NOT_ALLOWED = 405, _("Method not allowed.")
    NOT_ACCEPTABLE = 406, _("Not acceptable.")
    NOT_AUTHENTICATED = 401, _("Authentication credentials were not provided.")
    NOT_FOUND = 404, _("{thing:capfirst} not found.")
    PERMISSION_DENIED = 403, _("You are not allowed to do this.")
    RECORD_IMMUTABLE = 409, _("The record is signed or append-only and cannot be changed.")
    REQUEST_TOO_LARGE = 413, _("The request is too large; send files as an upload.")
    SERVICE_UNAVAILABLE = 503, _("The database is unavailable; nothing was recorded. Retry.")
    THROTTLED = 429, _("Too many attempts; wait before retrying.")
    UNSUPPORTED_MEDIA_TYPE = 415, _("Unsupported media type.")
    VALUE_OUT_OF_RANGE = 400, _("A value is out of the accepted range; nothing was recorded.")


#: What a 404 of the API names when the path asked for is no record of it.
RESOURCE = gettext_lazy("resource")


class ValidationCode(RefusalCode):
    BLANK = 400, _("The field may not be blank.")
    DATE = 400, _("A date was expected, not a date and time.")
    DATETIME = 400, _("A date and time was expected, not a date.")
    DOES_NOT_EXIST = 400, _("The object given does not exist.")
    EMPTY = 400, _("The list or file may not be empty.")
    INCORRECT_MATCH = 400, _("The value does not match the required format.")
    INCORRECT_TYPE = 400, _("Incorrect type: an id was expected.")
    INVALID = 400, _("The value is not valid.")
    INVALID_CHOICE = 400, _("The value is not one of the valid choices.")
    INVALID_IMAGE = 400, _("The file is not a valid image.")
    INVALID_UNICODE = 400, _("The text is not valid Unicode.")
    MAKE_AWARE = 400, _("The date and time does not exist in the casino's time zone.")
    MAX_DECIMAL_PLACES = 400, _("Too many decimal places.")
    MAX_DIGITS = 400, _("Too many digits.")
    MAX_LENGTH = 400, _("Too long.")
    MAX_STRING_LENGTH = 400, _("The text is too long.")
    MAX_VALUE = 400, _("The value is above the maximum.")
    MAX_WHOLE_DIGITS = 400, _("Too many digits before the decimal point.")
    MIN_LENGTH = 400, _("Too short.")
    MIN_VALUE = 400, _("The value is below the minimum.")
    NOT_A_DICT = 400, _("An object was expected.")
    NOT_A_LIST = 400, _("A list was expected.")
    NO_MATCH = 400, _("The value matches no option.")
    NO_NAME = 400, _("The file has no name.")
    NULL = 400, _("The field may not be null.")
    NULL_CHARACTERS_NOT_ALLOWED = 400, _("The text contains a null character.")
    OVERFLOW = 400, _("Date and time out of range.")
    REQUIRED = 400, _("A required field is missing.")
    SURROGATE_CHARACTERS_NOT_ALLOWED = 400, _("The text contains a Unicode surrogate character.")
    UNIQUE = 400, _("A record with that value already exists.")
    UNIQUE_FOR_DATE = 400, _("A record with that value already exists on that date.")
