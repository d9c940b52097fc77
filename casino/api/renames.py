"""One meaning per field name (issue 15 §4): the renamed fields and their old names.

A rename keeps the old name for the whole of API version 1: an output carries both
(the old one marked ``deprecated`` in the schema), an input accepts either. The
changelog in ``docs/api.md`` lists each rename and why; version 2 drops the old names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from drf_spectacular.utils import OpenApiParameter

from casino.errors import DomainError

OLD_DENOMINATION = "Deprecated (API v1): the same id as denomination_id."
OLD_DENOMINATION_VALUE = "Deprecated (API v1): the same value as value."
OLD_GAMING_DAY_DATE = "Deprecated (API v1): the same date as business_date."
OLD_GAMING_DAY_ID = "Deprecated (API v1): the same id as gaming_day_id."
OLD_TABLE_NUMBER = "Deprecated (API v1): use table_number."

# The gaming-day filter of the lists: gaming_day_id, and the old name for API v1.
GAMING_DAY_FILTER = [
    OpenApiParameter("gaming_day_id", int, description="Id of the gaming day."),
    OpenApiParameter(
        "gaming_day", int, deprecated=True, description="Deprecated (API v1): use gaming_day_id."
    ),
]


def renamed_input(attrs: dict[str, Any], *, new: str, old: str, to: str) -> dict[str, Any]:
    """Accept the new name or the deprecated old one; hand the service the key ``to``."""
    value = attrs.pop(new, None)
    legacy = attrs.pop(old, None)
    chosen = value if value is not None else legacy
    if chosen is not None:
        attrs[to] = chosen
    return attrs


@contextmanager
def field_names(mapping: dict[str, str]) -> Iterator[None]:
    """Name fields in a refusal as the API does: a service that says
    ``lines[0].denomination`` is answered as ``lines[0].denomination_id``."""
    try:
        yield
    except DomainError as exc:
        if exc.field:
            exc.field = re.sub(
                r"(^|\.)(\w+)$",
                lambda m: m.group(1) + mapping.get(m.group(2), m.group(2)),
                exc.field,
            )
        raise
