"""When a new version of a dated setting takes effect: from now or later, never backwards
(GEN-04; issue 39 §2).

Every setting kept as versions with a start (a table's settings, the cage's policy, the
casino's shifts) is judged by the version in force at each record's time. A version
effective in the past would judge again what was already judged: a buy-in recorded
yesterday under a threshold of 10,000 would read tomorrow as recorded under 5,000. So a
version starts now or later; the one rule is here and every dated setting calls it
(``tests/security/test_client_facts.py`` walks every model with an ``effective_from``).

A moment gets :data:`PAST_TOLERANCE` (a form posted a little after it was filled in); a
business date (the shifts) may be today's, never an earlier one.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.utils import timezone

from .codes import CasinoCode
from .errors import DomainError

PAST_TOLERANCE = timedelta(minutes=1)


def effective_in_the_past(field: str) -> DomainError:
    return DomainError.of(CasinoCode.EFFECTIVE_IN_THE_PAST, field=field)


def effective_from(
    when: datetime | None, *, now: datetime | None = None, field: str = "effective_from"
) -> datetime:
    """The moment a new version takes effect: ``when``, or now when not given."""
    now = now or timezone.now()
    if when is None:
        return now
    if when < now - PAST_TOLERANCE:
        raise effective_in_the_past(field)
    return when


def effective_on(day: date, *, today: date, field: str = "effective_from") -> date:
    """The first business date a new version applies to: today's or a later one."""
    if day < today:
        raise effective_in_the_past(field)
    return day
