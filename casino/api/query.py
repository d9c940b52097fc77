"""Query-string filters, read one way and refused when they are not valid (issue 15 §2).

An unknown enum value (``?status=nonsense``) or a number that is not one
(``?session=abc``) answers 400 ``FILTER_INVALID`` naming the parameter, never an
empty list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from casino.errors import ValidationFailed


def filter_invalid(name: str) -> ValidationFailed:
    return ValidationFailed(
        "FILTER_INVALID",
        f"Filtro «{name}» inválido.",
        f"Invalid “{name}” filter.",
        field=name,
    )


def query_int(params: Mapping[str, Any], name: str) -> int | None:
    """The integer ``name`` of the query string, ``None`` when absent or empty."""
    value = params.get(name)
    if value in (None, ""):
        return None
    text = str(value)
    if not text.isascii() or not text.isdigit():
        raise filter_invalid(name)
    return int(text)


def query_int_renamed(params: Mapping[str, Any], name: str, *, old: str) -> int | None:
    """``name``, or the deprecated name ``old`` it replaced (issue 15 §4, API v1)."""
    if params.get(name) not in (None, ""):
        return query_int(params, name)
    return query_int(params, old)


def query_choice(params: Mapping[str, Any], name: str, choices: Iterable[str]) -> str | None:
    """The value ``name`` when it is one of ``choices``; ``None`` when absent or empty."""
    value = params.get(name)
    if value in (None, ""):
        return None
    if str(value) not in set(choices):
        raise filter_invalid(name)
    return str(value)
