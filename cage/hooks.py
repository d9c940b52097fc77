"""Where other apps add findings to the cage's books (registered in an ``AppConfig.ready``).

One registry per kind of finding, so that a new book (tournaments, say) has one place to
plug in, and the cage imports no app above it:

- **day findings**: ``provider(gaming_day) -> findings`` of the day beyond the sessions'
  books (deck custody, unsigned sheets, sanctions: the tables app's day exceptions,
  registered by ``cage.apps`` since the tables app is below the cage and cannot import
  it). A finding that names a table is kept by a report of that table; one a session's
  own books already list (same kind, same session) is listed once.
- **session findings**: ``provider(session) -> findings`` a session's reconciliation must
  hear from (the hand recorder's unresolved invalid hands, issue 14 §2).

The cage's own day checks (numbering, cash thresholds, the audit trail and the evidence
chain) are the cage's books, not contributions: ``cage.day`` runs them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino.models import GamingDay
    from tables.models import TableSession

    from .findings import Finding

DayFindingProvider = Callable[["GamingDay"], Iterable["Finding"]]
SessionFindingProvider = Callable[["TableSession"], Iterable["Finding"]]

DAY_FINDING_PROVIDERS: list[DayFindingProvider] = []
SESSION_FINDING_PROVIDERS: list[SessionFindingProvider] = []
#: The titles (Spanish, English) of the finding kinds other apps add (issue 42: the
#: tournaments' books), read by the reports' cause titles.
PROVIDED_CAUSE_TITLES: dict[str, tuple[str, str]] = {}


def register_day_findings(provider: DayFindingProvider) -> DayFindingProvider:
    """``provider(gaming_day) -> findings``: the day's exceptions an app knows of."""
    if provider not in DAY_FINDING_PROVIDERS:
        DAY_FINDING_PROVIDERS.append(provider)
    return provider


def register_session_findings(provider: SessionFindingProvider) -> SessionFindingProvider:
    """``provider(session) -> findings``: what a session's books must also list."""
    if provider not in SESSION_FINDING_PROVIDERS:
        SESSION_FINDING_PROVIDERS.append(provider)
    return provider


def register_cause_titles(titles: dict[str, tuple[str, str]]) -> None:
    """The titles of the finding kinds an app's providers add, in Spanish and English."""
    PROVIDED_CAUSE_TITLES.update(titles)


def day_finding_providers() -> list[DayFindingProvider]:
    """The providers in the order they registered (read at call time)."""
    return list(DAY_FINDING_PROVIDERS)


def session_finding_providers() -> list[SessionFindingProvider]:
    return list(SESSION_FINDING_PROVIDERS)
