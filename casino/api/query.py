"""Query-string filters, read one way and refused when they are not valid (issue 15 §2).

An unknown enum value (``?status=nonsense``) or a number that is not one
(``?session=abc``, ``?session=²``) answers 400 ``FILTER_INVALID`` naming the parameter,
never an empty list. The reading is the kernel's one parser (``casino.formdata``, issue
39 §4), shared with the pages; these are its API filter face.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.formdata import invalid, read_choice, read_date, read_datetime, read_int

FILTER = CasinoCode.FILTER_INVALID


def filter_invalid(name: str) -> DomainError:
    return invalid(name, FILTER)


def query_int(params: Mapping[str, Any], name: str) -> int | None:
    """The integer ``name`` of the query string, ``None`` when absent or empty."""
    return read_int(params, name, code=FILTER)


def query_int_renamed(params: Mapping[str, Any], name: str, *, old: str) -> int | None:
    """``name``, or the deprecated name ``old`` it replaced (issue 15 §4, API v1)."""
    if params.get(name) not in (None, ""):
        return query_int(params, name)
    return query_int(params, old)


def query_choice(params: Mapping[str, Any], name: str, choices: Iterable[str]) -> str | None:
    """The value ``name`` when it is one of ``choices``; ``None`` when absent or empty."""
    return read_choice(params, name, choices, code=FILTER)


def query_date(params: Mapping[str, Any], name: str) -> date | None:
    """The date ``name`` (``YYYY-MM-DD``, a day that exists); ``None`` when absent or empty."""
    return read_date(params, name, code=FILTER)


def query_datetime(params: Mapping[str, Any], name: str) -> datetime | None:
    """The moment ``name`` (ISO 8601, with its offset or in the casino's time zone);
    ``None`` when absent or empty."""
    return read_datetime(params, name, code=FILTER)
