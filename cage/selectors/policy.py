"""The cage policy in force (issue 43: read by every buy-in and change, built once)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from casino.hotqueries import HotQuery
from casino.models import Casino

from ..models import (
    CagePolicy,
)

# Read by every buy-in and change (issue 43: built once).
_POLICY_IN_FORCE = HotQuery(
    lambda casino, at: CagePolicy.objects.filter(casino_id=casino, effective_from__lte=at).order_by(
        "-effective_from", "-id"
    )[:1],
    casino=int,
    at=datetime,
)


def cage_policy(casino: Casino | int, at: datetime | None = None) -> CagePolicy:
    """The casino's cage settings in force at ``at`` (defaults when none were set)."""
    casino_id = casino if isinstance(casino, int) else casino.pk
    found = _POLICY_IN_FORCE.first(casino=casino_id, at=at or timezone.now())
    return found or CagePolicy(casino_id=casino_id)
