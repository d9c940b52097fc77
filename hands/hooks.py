"""Where a higher app plugs into the hand recorder (registered in its ``AppConfig.ready``).

- **hand posted** (promotions, issue 44 §1): a valid hand's figures go into the books
  (the rake into the cage's ledger, ``recording.post_rake``); a provider posts its own
  figure from the same hand in the same transaction (the promotion fund's drop). A
  provider that refuses rolls the hand back with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Hand

HandPostedProvider = Callable[..., Any]  # provider(actor, hand, *, locked) -> Any

_hand_posted: list[HandPostedProvider] = []


def register_hand_posted(provider: HandPostedProvider) -> HandPostedProvider:
    if provider not in _hand_posted:
        _hand_posted.append(provider)
    return provider


def unregister(provider: object) -> None:
    if provider in _hand_posted:
        _hand_posted.remove(provider)  # type: ignore[arg-type]


def hand_posted(actor: Any, hand: Hand, *, locked: bool = False) -> None:
    for provider in _hand_posted:
        provider(actor, hand, locked=locked)
