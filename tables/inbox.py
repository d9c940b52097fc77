"""Next tasks of table operations per role (registered with ``casino.inbox`` in ``apps.py``).

Croupier, supervisor and pit boss: sheets waiting for their signature (the pit
boss's signing queue). Pit boss and shift manager: opening discrepancies to
acknowledge (OPEN-10), sanction proposals to decide (SANC-02). Pit boss: card
receipts to sign (DECK-03). Pit boss, supervisor, shift manager: deck alerts
(DECK-09, DECK-19). Security: packs to cancel or destroy (DECK-18).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.errors import PermissionRefused
from casino.inbox import InboxItem
from casino.roles import Perm, Role
from casino.scoping import check_assignment

from .models import DeckReceipt, Discrepancy, Pack, PackState, SanctionEntry
from .selectors import deck_alerts, is_assigned, sheets_to_sign

SIGNING_ROLES = (Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS)


def sheets_waiting(actor: Actor) -> list[InboxItem]:
    if actor.role not in SIGNING_ROLES or actor.user.casino_id is None:
        return []
    roles = [actor.role, Role.CROUPIER] if actor.role == Role.SUPERVISOR else [actor.role]
    items = []
    for item in sheets_to_sign(actor.casino, roles):
        sheet = item.sheet
        if not is_assigned(actor, sheet.session):
            continue  # issue 12 §1: my sessions, my sector's tables
        title = (
            _("Sign the opening sheet %(serial)s of %(table)s")
            if item.kind == "opening"
            else _("Sign the closing sheet %(serial)s of %(table)s")
        ) % {"serial": sheet.serial, "table": sheet.table}
        lang = get_language() or "es"
        detail = " ".join(b.message(lang) for b in item.blockers)
        items.append(
            InboxItem(
                kind=f"{item.kind}.sign",
                title=title,
                url=reverse(f"tables:{item.kind}", args=[sheet.pk]),
                detail=detail,
                created_at=sheet.counted_at or sheet.created_at,
                tags=tuple(r.value for r in item.missing_roles),
            )
        )
    return items


def discrepancies_waiting(actor: Actor) -> list[InboxItem]:
    if not actor.can(Perm.ACKNOWLEDGE_DISCREPANCY) or actor.user.casino_id is None:
        return []
    items = []
    pending = Discrepancy.objects.filter(
        casino=actor.casino, acknowledgement__isnull=True, sheet__locked_at__isnull=True
    ).select_related("sheet__table")
    for disc in pending:
        if disc.count_version != disc.sheet.count_version:
            continue
        if not is_assigned(actor, disc.sheet.session):
            continue  # issue 12 §1: a pit boss of the table's sector

        items.append(
            InboxItem(
                kind="opening.discrepancy",
                title=_("Acknowledge a difference at %(table)s: %(chips)+d chips of %(value)s")
                % {
                    "table": disc.sheet.table,
                    "chips": disc.variance_chips,
                    "value": f"{disc.value:,}",
                },
                url=reverse("tables:opening", args=[disc.sheet_id]),
                urgent=True,
                created_at=disc.created_at,
            )
        )
    return items


def receipts_waiting(actor: Actor) -> list[InboxItem]:
    if not actor.can(Perm.DECK_RECEIVE) or actor.user.casino_id is None:
        return []
    return [
        InboxItem(
            kind="deck.receipt",
            title=_("Sign the card receipt %(serial)s") % {"serial": r.serial},
            url=reverse("tables:decks"),
            created_at=r.created_at,
        )
        for r in DeckReceipt.objects.filter(casino=actor.casino, locked_at__isnull=True)
        if _may_sign_receipt(actor, r)
    ]


def _may_sign_receipt(actor: Actor, receipt: DeckReceipt) -> bool:
    """A receipt of a sector's store waits for that sector's pit bosses (issue 12 §1)."""
    try:
        check_assignment(receipt.signing_assignment(), user_id=actor.user.pk, role=actor.role)
    except PermissionRefused:
        return False
    return True


def alerts(actor: Actor) -> list[InboxItem]:
    if actor.role not in (Role.PIT_BOSS, Role.SUPERVISOR, Role.SHIFT_MANAGER):
        return []
    if actor.user.casino_id is None:
        return []
    lang = get_language() or "es"
    return [
        InboxItem(
            kind=f"deck.alert.{a.code.lower()}",
            title=a.message(lang),
            url=reverse("tables:decks"),
            urgent=True,
        )
        for a in deck_alerts(actor.casino)
    ]


def proposals_waiting(actor: Actor) -> list[InboxItem]:
    if not actor.can(Perm.IMPOSE_SANCTION) or actor.user.casino_id is None:
        return []
    return [
        InboxItem(
            kind="sanction.proposal",
            title=_("Decide the sanction proposed for %(player)s") % {"player": p.player_label},
            url=reverse("tables:sanction", args=[p.pk]),
            created_at=p.at,
        )
        for p in SanctionEntry.objects.filter(
            casino=actor.casino, kind=SanctionEntry.Kind.PROPOSAL, impositions__isnull=True
        ).select_related("player")
    ]


def packs_to_destroy(actor: Actor) -> list[InboxItem]:
    if not actor.can(Perm.DECK_DESTROY) or actor.user.casino_id is None:
        return []
    packs = Pack.objects.filter(
        casino=actor.casino, state__in=[PackState.DISCARD, PackState.REPLACEMENT]
    )
    return [
        InboxItem(
            kind="deck.destroy",
            title=_("Cancel or destroy pack %(serial)s") % {"serial": p.serial},
            url=reverse("tables:pack", args=[p.pk]),
        )
        for p in packs
    ]


PROVIDERS = (
    sheets_waiting,
    discrepancies_waiting,
    receipts_waiting,
    alerts,
    proposals_waiting,
    packs_to_destroy,
)
