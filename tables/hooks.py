"""Where other apps plug into table operations (registered in their ``AppConfig.ready``).

The tables app must not import the cage or the hand recorder (they depend on
it, not the other way round), yet two figures come from them:

- **float adjustments** (cage, CLOSE-07, OPEN-06): the chips each fill (+) and
  credit (−) slip moved for a session's closing, per denomination. The next
  opening of the table expects the closing count *after* fills and credits.
- **hands served** (hand recorder, SANC-04, SANC-13): how many hands a player
  has been dealt since a vuelta/sit-out sanction started;
- **pending work** (cage, ROLE-04): what is still open at a table when its
  croupier changes (a fill or credit slip requested but not yet received...), so
  that the dealer change warns about it.

- **expected float now** (cage, issue 14 §3): the chips the float should hold per
  denomination at this moment (the opening count plus every movement so far), for
  the count at a shift change.

- **tournament hands** (tournaments, issue 42): the rules a tournament table's next hand
  is played under (the level's blinds and ante from the tournament clock, no rake,
  TOUR-03), and what a stored tournament hand changes in the tournament (busts, TOUR-04,
  SANC-04). The hand recorder asks :func:`hand_rules` before a hand and calls
  :func:`hand_stored` after storing one, in its transaction; after storing a revision of
  a stored hand it calls :func:`hand_revised` (a bust the revision undoes or causes
  follows it, or the correction is refused).

- **table opened or closed** (rota, issue 44 §3): a session opened (``"open"``,
  :func:`tables.services.session_open`) or its closing started (``"close"``,
  :func:`tables.services.closing_start`: play is over, nobody deals there any more). The
  dealers' rota re-plans the rest of the shift from that minute, in the same transaction
  and by the same actor; every path (page, API, service) goes through those two services.

Without a provider the adjustment is zero, no hand has been served and nothing is
pending; a cash session has no hand rules and a stored hand changes nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import SanctionEntry, TableSession

FloatAdjustmentProvider = Callable[["TableSession"], dict[int, int]]
HandsServedProvider = Callable[["SanctionEntry"], int]
# provider(session) -> [{"code", "message": {"es", "en"}, "details": {...}}]
PendingWorkProvider = Callable[["TableSession"], list[dict[str, Any]]]
ExpectedFloatProvider = Callable[["TableSession"], "dict[int, int] | None"]
# provider(session, at) -> the hand's rules for a tournament session, or None
HandRulesProvider = Callable[["TableSession", Any], Any]
# provider(actor, hand) -> None: a stored hand's consequences (a tournament's busts)
HandStoredProvider = Callable[[Any, Any], None]
# provider(actor, original, revision, *, counts, reason) -> None: a stored revision's
# consequences (a tournament's busts follow it); raising a DomainError refuses it
HandRevisedProvider = Callable[..., None]
# provider(actor, session, change) -> None, change TABLE_OPENED or TABLE_CLOSED (issue 44)
TableChangedProvider = Callable[[Any, "TableSession", str], object]  # what it returns is unread
TABLE_OPENED, TABLE_CLOSED = "open", "close"

_float_adjustments: list[FloatAdjustmentProvider] = []
_hands_served: list[HandsServedProvider] = []
_pending_work: list[PendingWorkProvider] = []
_expected_float: list[ExpectedFloatProvider] = []
_hand_rules: list[HandRulesProvider] = []
_hand_stored: list[HandStoredProvider] = []
_hand_revised: list[HandRevisedProvider] = []
_table_changed: list[TableChangedProvider] = []


def register_float_adjustments(provider: FloatAdjustmentProvider) -> FloatAdjustmentProvider:
    """``provider(session) -> {denomination_id: net chips}`` (fills positive, credits negative)."""
    if provider not in _float_adjustments:
        _float_adjustments.append(provider)
    return provider


def register_hands_served(provider: HandsServedProvider) -> HandsServedProvider:
    """``provider(imposition) -> hands the player was dealt while the sanction ran``."""
    if provider not in _hands_served:
        _hands_served.append(provider)
    return provider


def register_pending_work(provider: PendingWorkProvider) -> PendingWorkProvider:
    """``provider(session) -> [{"code", "message": {"es", "en"}, "details"}]``: work
    still open at the table (ROLE-04)."""
    if provider not in _pending_work:
        _pending_work.append(provider)
    return provider


def register_expected_float(provider: ExpectedFloatProvider) -> ExpectedFloatProvider:
    """``provider(session) -> {denomination_id: chips} | None``: the float expected now."""
    if provider not in _expected_float:
        _expected_float.append(provider)
    return provider


def register_hand_rules(provider: HandRulesProvider) -> HandRulesProvider:
    """``provider(session, at) -> rules | None``: the rules of a hand started at ``at``
    (issue 42: a tournament table's level; None for a session the provider does not run)."""
    if provider not in _hand_rules:
        _hand_rules.append(provider)
    return provider


def register_hand_stored(provider: HandStoredProvider) -> HandStoredProvider:
    """``provider(actor, hand)``: run after the recorder stores ``hand``, in its transaction."""
    if provider not in _hand_stored:
        _hand_stored.append(provider)
    return provider


def register_hand_revised(provider: HandRevisedProvider) -> HandRevisedProvider:
    """``provider(actor, original, revision, *, counts, reason)``: run after the recorder
    stores a revision of ``original``, in its transaction; ``counts``: the revision
    counts at once (no later hand at the table), else it waits for the pit boss."""
    if provider not in _hand_revised:
        _hand_revised.append(provider)
    return provider


def register_table_changed(provider: TableChangedProvider) -> TableChangedProvider:
    """``provider(actor, session, change)``: run when ``session`` opens (``TABLE_OPENED``) or
    its closing starts (``TABLE_CLOSED``), in the tables service's transaction."""
    if provider not in _table_changed:
        _table_changed.append(provider)
    return provider


def unregister(provider: object) -> None:
    registries: tuple[list[Any], ...] = (
        _float_adjustments,
        _hands_served,
        _pending_work,
        _expected_float,
        _hand_rules,
        _hand_stored,
        _hand_revised,
        _table_changed,
    )
    for registry in registries:
        if provider in registry:
            registry.remove(provider)


def float_adjustments(session: TableSession) -> dict[int, int]:
    total: dict[int, int] = {}
    for provider in _float_adjustments:
        for denomination_id, chips in provider(session).items():
            total[denomination_id] = total.get(denomination_id, 0) + int(chips)
    return total


def hands_served(imposition: SanctionEntry) -> int:
    return sum(int(provider(imposition)) for provider in _hands_served)


def pending_work(session: TableSession) -> list[dict[str, Any]]:
    """Everything the other apps report as still open at ``session`` (ROLE-04)."""
    out: list[dict[str, Any]] = []
    for provider in _pending_work:
        out.extend(provider(session))
    return out


def expected_float_now(session: TableSession) -> dict[int, int]:
    """The float the session should hold now per denomination (empty without a provider
    or before the opening count)."""
    total: dict[int, int] = {}
    for provider in _expected_float:
        for denomination_id, chips in (provider(session) or {}).items():
            total[denomination_id] = total.get(denomination_id, 0) + int(chips)
    return total


def hand_rules(session: TableSession, at: Any) -> Any:
    """The first provider's rules for a hand of ``session`` started at ``at`` (None: the
    table's own settings apply, as in a cash game)."""
    for provider in _hand_rules:
        rules = provider(session, at)
        if rules is not None:
            return rules
    return None


def hand_stored(actor: Any, hand: Any) -> None:
    """Tell the providers that ``hand`` was stored (issue 42: busts in a tournament)."""
    for provider in _hand_stored:
        provider(actor, hand)


def hand_revised(actor: Any, original: Any, revision: Any, *, counts: bool, reason: str) -> None:
    """Tell the providers that ``revision`` of ``original`` was stored (issue 42: a
    tournament's busts follow the corrected hand, or the correction is refused)."""
    for provider in _hand_revised:
        provider(actor, original, revision, counts=counts, reason=reason)


def table_changed(actor: Any, session: TableSession, change: str) -> None:
    """Tell the providers that ``session``'s table opened or closed (issue 44: the rota)."""
    if change not in (TABLE_OPENED, TABLE_CLOSED):
        raise ValueError(change)
    for provider in _table_changed:
        provider(actor, session, change)
