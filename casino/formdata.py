"""Reading what a person or a client sent: one way for each kind of value (issue 39 §4).

Every query string (a page's or an API list's filters) and every field of a page form is
read here, so that no value, however it is typed, reaches ``int()``, a date parser or
PostgreSQL unchecked and answers 500:

- **Text**: a NUL byte or another control character (C0 but tab, line feed and carriage
  return; DEL; C1) in any query parameter or form field is refused at the edge with 400
  ``CONTROL_CHARACTER`` naming it (``casino.middleware.HostileTextMiddleware`` for the
  pages and the API's query strings, ``casino.api.parsing`` for JSON and upload bodies,
  the hand importer for a file's content): PostgreSQL refuses NUL in text, and the others
  have no place in a name or a note. Bidirectional controls are refused the same way
  (``BIDI_CONTROL``, issue 12 §8).
- **Integers and ids** (:func:`read_int`): ASCII digits only, at most PostgreSQL's
  ``integer`` (2,147,483,647: every counter, number and id column holds it), an optional
  minus only where negatives are allowed. ``"²"`` passes ``str.isdigit()`` and ``"١٢"``
  passes ``int()``: both are refused, and so is a number no column holds.
- **Dates** (:func:`read_date`): ``YYYY-MM-DD`` that exists (``2026-02-30`` is refused).
- **Choices** (:func:`read_choice`): one of the listed values.
- **Checkboxes** (:func:`ticked`): a browser sends a ticked box as ``name=value`` and an
  unticked one not at all (issue 13 §2), so a box is ticked exactly when its name is in
  the data. Never default an absent box to ticked.

A value that is absent or empty is ``None``. A value that is not what it should be
raises :class:`casino.errors.ValidationFailed` naming the field: the API answers it as
400, a page shows it as its refusal (``casino.pages``). The code says what was read: a
query-string filter is ``FILTER_INVALID`` (``casino.api.query``), a form's number
``NUMBER_INVALID``, a form's date ``DATE_INVALID``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from typing import Any

from .codes import CasinoCode
from .errors import DomainError
from .refusals import RefusalCode

#: C0 controls but tab, line feed and carriage return; DEL; C1 controls.
CONTROL_CHARACTERS = frozenset(
    [chr(c) for c in range(0x20) if chr(c) not in "\t\n\r"]
    + [chr(0x7F)]
    + [chr(c) for c in range(0x80, 0xA0)]
)
_CONTROL_RE = re.compile("[" + re.escape("".join(sorted(CONTROL_CHARACTERS))) + "]")
#: The largest whole number read: PostgreSQL's ``integer``, which every column holds.
MAX_INT = 2_147_483_647
_INT_RE = re.compile(r"[0-9]{1,10}")
_SIGNED_INT_RE = re.compile(r"-?[0-9]{1,10}")
_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_TIME_RE = re.compile(r"[0-9]{2}:[0-9]{2}(:[0-9]{2})?")


def has_control_character(text: str) -> bool:
    return _CONTROL_RE.search(text) is not None


def control_refusal(field: str | None) -> DomainError:
    name = field or "—"
    return DomainError.of(CasinoCode.CONTROL_CHARACTER, name=name, field=field)


def hostile_text_refusal(data: Any, *, skip: Iterable[str] = ()) -> DomainError | None:
    """The refusal of the first key or value of a ``QueryDict`` (a query string, a form)
    holding a control character or a bidirectional control; ``None`` when there is none.

    Fields named in ``skip`` (passwords: never shown, never stored as text) are left alone.
    """
    from .api.parsing import bidi_refusal, has_bidi_control

    skipped = tuple(skip)
    for key, values in data.lists():
        if any(word in key for word in skipped):
            continue
        texts = [key, *(str(v) for v in values)]
        if any(has_control_character(t) for t in texts):
            return control_refusal(key)
        if any(has_bidi_control(t) for t in texts):
            return bidi_refusal(key)
    return None


def _text(data: Mapping[str, Any], name: str) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def read_int(
    data: Mapping[str, Any],
    name: str,
    *,
    code: RefusalCode = CasinoCode.NUMBER_INVALID,
    negative: bool = False,
) -> int | None:
    """The whole number ``name`` (ASCII digits, at most :data:`MAX_INT`); ``None`` when
    absent or empty."""
    text = _text(data, name)
    if text is None:
        return None
    if not (_SIGNED_INT_RE if negative else _INT_RE).fullmatch(text) or abs(int(text)) > MAX_INT:
        raise invalid(name, code)
    return int(text)


def as_id(text: str | None) -> int | None:
    """``text`` as an id when it is one (what :func:`read_int` reads), else ``None``: for a
    search box that takes an id or a name (``?player=12`` or ``?player=Ana``)."""
    value = (text or "").strip()
    return int(value) if _INT_RE.fullmatch(value) and int(value) <= MAX_INT else None


def read_date(
    data: Mapping[str, Any], name: str, *, code: RefusalCode = CasinoCode.DATE_INVALID
) -> date | None:
    """The date ``name`` (``YYYY-MM-DD``, a day that exists); ``None`` when absent or empty."""
    text = _text(data, name)
    if text is None:
        return None
    try:
        if not _DATE_RE.fullmatch(text):
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise invalid(name, code) from None


def read_time(
    data: Mapping[str, Any], name: str, *, code: RefusalCode = CasinoCode.TIME_INVALID
) -> time | None:
    """The time of day ``name`` (``hh:mm`` or ``hh:mm:ss``, one that exists); ``None`` when
    absent or empty."""
    text = _text(data, name)
    if text is None:
        return None
    try:
        if not _TIME_RE.fullmatch(text):
            raise ValueError(text)
        return time.fromisoformat(text)
    except ValueError:
        raise invalid(name, code) from None


def read_choice(
    data: Mapping[str, Any],
    name: str,
    choices: Iterable[str],
    *,
    code: RefusalCode = CasinoCode.FILTER_INVALID,
) -> str | None:
    """The value ``name`` when it is one of ``choices``; ``None`` when absent or empty."""
    text = _text(data, name)
    if text is None:
        return None
    if text not in set(choices):
        raise invalid(name, code)
    return text


def read_datetime(
    data: Mapping[str, Any], name: str, *, code: RefusalCode = CasinoCode.DATETIME_INVALID
) -> datetime | None:
    """The moment ``name`` (ISO 8601, with its offset or in the current time zone);
    ``None`` when absent or empty."""
    from django.utils import timezone
    from django.utils.dateparse import parse_datetime

    text = _text(data, name)
    if text is None:
        return None
    try:
        value = parse_datetime(text)
    except ValueError:  # well formed, but no such moment (2026-02-30T10:00)
        value = None
    # A moment of the room's records: from 1970 (before it, local time zones had offsets
    # in seconds no ISO 8601 reader takes back) to 9998 (no overflow at the edge).
    if value is None or not 1970 <= value.year <= 9998:
        raise invalid(name, code)
    return timezone.make_aware(value) if timezone.is_naive(value) else value


def ticked(data: Mapping[str, Any], name: str) -> bool:
    """Whether the checkbox ``name`` was ticked in the posted form."""
    return name in data


def invalid(name: str, code: RefusalCode) -> DomainError:
    """The refusal of a value that is not what field ``name`` takes, in the code's words (a
    page shows them after the field's label, so only a filter names its parameter)."""
    return DomainError.of(code, name=name, field=name)
