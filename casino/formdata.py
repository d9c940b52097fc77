"""Reading what a person sent from a page form: one way for each kind of field.

A browser sends a ticked checkbox as ``name=value`` and an unticked one not at
all (issue 13 §2), so a box is ticked exactly when its name is in the data.
Never default an absent box to ticked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def ticked(data: Mapping[str, Any], name: str) -> bool:
    """Whether the checkbox ``name`` was ticked in the posted form."""
    return name in data
