"""Where a higher app plugs into the hand recorder (registered in its ``AppConfig.ready``).

- **hand posted** (promotions, issue 44 §1): a valid hand's figures go into the books
  (the rake into the cage's ledger, ``recording.rake.post_rake``); a provider posts its own
  figure from the same hand in the same transaction (the promotion fund's drop). A
  provider that refuses rolls the hand back with it.
- **fund drop** (promotions, issue 44 §1): the drop rule of the promotion fund a table
  offers at a hand's time. ``hands.adapter.rules_for`` asks it, so the engine takes the
  drop from the pot at the settlement, after the rake and apart from it, on every path
  a hand takes (live entry, the API's log, PHH import, re-validation). Without a
  provider, or at a table with no fund then, no drop is taken.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Hand

HandPostedProvider = Callable[..., Any]  # provider(actor, hand, *, locked) -> Any

# provider(table_id, at) -> the engine's drop rule (``poker.fund_drop.Drop``) or None
FundDropProvider = Callable[[int, datetime], Any]

_hand_posted: list[HandPostedProvider] = []
_fund_drop: list[FundDropProvider] = []


def register_hand_posted(provider: HandPostedProvider) -> HandPostedProvider:
    if provider not in _hand_posted:
        _hand_posted.append(provider)
    return provider


def register_fund_drop(provider: FundDropProvider) -> FundDropProvider:
    """``provider(table_id, at) -> Drop | None``: the drop rule of the fund the table
    offers at ``at`` (one fund per table at a time, N.J.A.C. 13:69F-14.19 (a))."""
    if provider not in _fund_drop:
        _fund_drop.append(provider)
    return provider


def unregister(provider: object) -> None:
    if provider in _hand_posted:
        _hand_posted.remove(provider)
    if provider in _fund_drop:
        _fund_drop.remove(provider)


def hand_posted(actor: Any, hand: Hand, *, locked: bool = False) -> None:
    for provider in _hand_posted:
        provider(actor, hand, locked=locked)


def fund_drop(table_id: int, at: datetime) -> Any:
    """The drop rule in force at ``table_id`` at ``at``: the first provider's answer."""
    for provider in _fund_drop:
        rule = provider(table_id, at)
        if rule is not None:
            return rule
    return None
