"""What the tournaments' records share: money as it is sealed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any


def _money(value: Any) -> str | None:
    return None if value is None else str(Decimal(value).quantize(Decimal("0.01")))
