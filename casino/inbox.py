"""Next tasks per role for the home page and the pit boss's signing queue.

Apps register providers (in their ``AppConfig.ready``); each provider returns
the open items an actor should deal with next — sheets to sign, fills to
issue, invalid hands to review. The home page shows them per role (issue 2 §7,
issue 8 §2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .access import Actor


@dataclass(frozen=True)
class InboxItem:
    kind: str  # machine kind, e.g. "opening.sign"
    title: str  # already translated for the active language
    url: str
    detail: str = ""
    urgent: bool = False
    created_at: object = None
    tags: tuple[str, ...] = field(default_factory=tuple)


Provider = Callable[[Actor], list[InboxItem]]
_PROVIDERS: list[Provider] = []


def register(provider: Provider) -> Provider:
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)
    return provider


def items_for(actor: Actor) -> list[InboxItem]:
    items: list[InboxItem] = []
    for provider in _PROVIDERS:
        items.extend(provider(actor))
    return sorted(items, key=lambda i: (not i.urgent, str(i.created_at or "")))


#: The one signing queue (``/floor/queue/``, issue 13 §5): the home page shows its count and
#: first items and no second list of the same documents.
QUEUE_URL_PREFIX = "/floor/queue/"


def outside_queue(items: list[InboxItem], queue_urls: set[str]) -> list[InboxItem]:
    """The next tasks the signing queue does not already show: an item whose document is
    in the queue (same page) or that points into the queue is left to the queue."""
    return [i for i in items if i.url not in queue_urls and not i.url.startswith(QUEUE_URL_PREFIX)]
