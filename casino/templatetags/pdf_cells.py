"""``|cell``: a free-text name as it prints in a table cell of a PDF (issue 12 §8).

The one place where a name is made fit for the archived record: bidirectional
control characters are dropped (so a U+202E cannot print a name reversed: names
stored before they were refused at the input still print in reading order) and a
name longer than ``CELL_MAX_CHARS`` is cut with an ellipsis. The wrapping of what
is left is the print CSS's job (``td.name`` in ``templates/pdf/base.html``).
"""

from __future__ import annotations

from django import template

from casino.api.parsing import BIDI_CONTROLS

register = template.Library()

CELL_MAX_CHARS = 60
_DROP_BIDI = {ord(ch): None for ch in BIDI_CONTROLS}


@register.filter
def cell(value: object, limit: int = CELL_MAX_CHARS) -> str:
    if value is None:
        return ""
    text = " ".join(str(value).translate(_DROP_BIDI).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
