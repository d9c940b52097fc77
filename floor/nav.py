"""The main menu per role: each role sees only the pages it can use (issue 8 §5).

An entry is shown when the acting role holds the permission the page itself checks
(``casino.roles.Perm`` is the one source of truth), so the menu can never offer a
page that answers "not allowed".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from casino.access import Actor
from casino.roles import Perm, Role


@dataclass(frozen=True)
class NavEntry:
    url_name: str
    label: str | Promise
    allowed: Callable[[Actor], bool]
    # URL prefixes that mark the entry as the current page (aria-current).
    prefixes: tuple[str, ...] = ()


def _can(*perms: Perm) -> Callable[[Actor], bool]:
    return lambda actor: all(actor.can(p) for p in perms)


def _slip_queue(actor: Actor) -> bool:
    # cage.views.slips: the cage, the floor and security (who carries the slips).
    return actor.can(Perm.VIEW_CAGE) or actor.can(Perm.CARRY_SLIP)


def _signs(actor: Actor) -> bool:
    """The signing queue in the menu of who has something to sign there (issue 8 §2): the
    bosses (sheets, differences, voids, hands), the supervisor (his sheets, the croupier's
    PIN and the receipt of a slip), the cage (issues) and security (carries) — the slip
    steps of ``floor.selectors.SLIP_STEPS``."""
    return any(
        actor.can(p)
        for p in (Perm.REVIEW_HAND, Perm.APPROVE_CHANGE, Perm.ISSUE_SLIP, Perm.CARRY_SLIP)
    )


def _books(actor: Actor) -> bool:
    """The day's reconciliation in the menu of who answers for it: pit boss, manager,
    auditor (a supervisor reaches a table's books from the table screen)."""
    return actor.can(Perm.VIEW_EXPECTED_FIGURES) and (
        actor.can(Perm.EXPLAIN_VARIANCE) or actor.can(Perm.VIEW_AUDIT)
    )


def _dashboard(actor: Actor) -> bool:
    # The day's dashboard is the master report on screen: the same roles (RPT-17).
    from reports.registry import get_spec

    spec = get_spec("gaming_day")
    return bool(spec and actor.can(spec.perm) and actor.can(Perm.VIEW_REPORTS))


def _rota(actor: Actor) -> bool:
    """The dealers' rota (issue 44 §3) in the menu of who follows or plans it on the floor;
    the page itself checks VIEW_TABLES, which these roles hold."""
    return actor.can(Perm.VIEW_TABLES) and (
        actor.can(Perm.PLAN_ROTA) or actor.can(Perm.RECORD_DEALER_CHANGE)
    )


ENTRIES: tuple[NavEntry, ...] = (
    NavEntry("home", _("Home"), lambda actor: True),
    NavEntry("floor:queue", _("To sign"), _signs, ("/floor/queue",)),
    NavEntry("floor:day", _("Gaming day"), _dashboard, ("/floor/day",)),
    NavEntry("floor:tables", _("Tables"), _can(Perm.VIEW_TABLES), ("/floor/tables", "/tables/")),
    NavEntry("rota:index", _("Dealers' rota"), _rota, ("/rota/",)),
    NavEntry("cage:index", _("Cage"), lambda a: a.role == Role.CAGE_CASHIER, ("/cage/",)),
    NavEntry("cage:slips", _("Fills and credits"), _slip_queue, ("/cage/slips",)),
    NavEntry("cage:day-latest", _("Reconciliation"), _books, ("/cage/days", "/cage/sessions")),
    NavEntry("tables:decks", _("Decks"), _can(Perm.VIEW_DECKS), ("/tables/decks",)),
    NavEntry("tables:sanctions", _("Sanctions"), _can(Perm.VIEW_SANCTIONS), ("/tables/sanctions",)),
    NavEntry("hands:list", _("Hands"), _can(Perm.VIEW_HANDS), ("/hands/",)),
    NavEntry(
        "tournaments:index",
        _("Tournaments"),
        _can(Perm.VIEW_TOURNAMENTS),
        ("/tournaments/",),
    ),
    NavEntry("reports:list", _("Reports"), _can(Perm.VIEW_REPORTS), ("/reports/",)),
    # Issue 17 §2: the buy-ins and seatings refused to an excluded or under-age player.
    NavEntry(
        "floor:refused-attempts",
        _("Refused attempts"),
        _can(Perm.VIEW_EXCLUSIONS),
        ("/floor/refused",),
    ),
    NavEntry("floor:audit", _("Audit trail"), _can(Perm.VIEW_AUDIT), ("/floor/audit",)),
)


@dataclass(frozen=True)
class NavLink:
    url: str
    label: str
    current: bool


def menu(actor: Actor | None, path: str) -> list[NavLink]:
    """The entries ``actor`` may use, the one matching ``path`` marked current."""
    if actor is None:
        return []
    links = []
    best = None
    for entry in ENTRIES:
        if not entry.allowed(actor):
            continue
        url = reverse(entry.url_name)
        links.append((entry, url))
        matches = [p for p in (url, *entry.prefixes) if p != "/" and path.startswith(p)]
        if path == url or matches:
            length = max([len(p) for p in matches] or [len(url)])
            if best is None or length > best[1]:
                best = (url, length)
    current = best[0] if best else ("/" if path == "/" else None)
    return [NavLink(url, str(entry.label), url == current) for entry, url in links]
