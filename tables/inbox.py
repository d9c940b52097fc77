"""Next tasks of table operations per role (registered with ``casino.inbox`` in ``apps.py``).

Croupier, supervisor and pit boss: sheets waiting for their signature (the pit
boss's signing queue). Pit boss and shift manager: opening discrepancies to
acknowledge (OPEN-10), sanction proposals to decide (SANC-02). Pit boss: card
receipts to sign (DECK-03). Pit boss, supervisor, shift manager: deck alerts
(DECK-09, DECK-19). Security: packs to cancel or destroy (DECK-18).

Pit boss, supervisor and croupier: what blocks the next step at the tables they are
assigned to (issue 13 §7) — a pre-opening checklist not done (PREP-05), the two packs
not issued or not inspected (DECK-04, DECK-06), the count not recorded, a signature
someone else still owes, and the readiness conflicts of a table that should be playing
(``session_ready_for_play``) — each linking to the page where it is done.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from casino.access import Actor
from casino.errors import PermissionRefused
from casino.formatting import active_lang
from casino.inbox import InboxItem
from casino.roles import Perm, Role
from casino.scoping import check_assignment

from .deckrules import READY
from .models import (
    DeckReceipt,
    Discrepancy,
    OpeningSheet,
    Pack,
    PackState,
    SanctionEntry,
    SessionEvent,
    TableSession,
)
from .selectors import (
    deck_alerts,
    is_assigned,
    prep_missing,
    session_ready_for_play,
    sheets_to_sign,
)
from .selectors.sessions import sheet_roles_signed_by

SIGNING_ROLES = (Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS)


def sheets_waiting(actor: Actor) -> list[InboxItem]:
    if actor.role not in SIGNING_ROLES or actor.user.casino_id is None:
        return []
    items = []
    for item in sheets_to_sign(actor.casino, sheet_roles_signed_by(actor.role)):
        sheet = item.sheet
        if not is_assigned(actor, sheet.session):
            continue  # issue 12 §1: my sessions, my sector's tables
        title = (
            _("Sign the opening sheet %(serial)s of %(table)s")
            if item.kind == "opening"
            else _("Sign the closing sheet %(serial)s of %(table)s")
        ) % {"serial": sheet.serial, "table": sheet.table}
        lang = active_lang()
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
    lang = active_lang()
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


# --- what blocks the next step (issue 13 §7) ----------------------------------------------

BLOCKER_ROLES = (Role.PIT_BOSS, Role.SUPERVISOR, Role.CROUPIER)
# Readiness conflicts that the opening's own items below already name, or that are the
# state the items lead out of.
_NAMED_BY_OPENING = {"OPENING_NOT_SIGNED", "SESSION_NOT_OPEN", "DECKS_MISSING"}
_LIVE = (
    TableSession.Status.OPENING,
    TableSession.Status.OPEN,
    TableSession.Status.IN_PLAY,
)


def next_step_blockers(actor: Actor) -> list[InboxItem]:
    """For each live session the actor is assigned to, what keeps it from its next step."""
    if actor.role not in BLOCKER_ROLES or actor.user.casino_id is None:
        return []
    sessions = (
        TableSession.objects.filter(casino=actor.casino, status__in=_LIVE)
        .select_related("table")
        .order_by("table__number")
    )
    items: list[InboxItem] = []
    for session in sessions:
        if not is_assigned(actor, session):
            continue  # issue 12 §1: my sessions, my sector's tables
        if session.status == TableSession.Status.OPENING:
            items.extend(_opening_blockers(actor, session))
        items.extend(_readiness_blockers(actor, session))
    return items


def _item(kind: str, title: str, url: str, session: TableSession, urgent: bool = True) -> InboxItem:
    return InboxItem(
        kind=f"blocker.{kind}",
        title=title,
        url=url,
        urgent=urgent,
        created_at=session.created_at,
        tags=("blocker",),
    )


def _opening_blockers(actor: Actor, session: TableSession) -> list[InboxItem]:
    if actor.role == Role.CROUPIER:
        return []  # the croupier's part (the PIN) is asked for by the supervisor
    table = {"table": session.table}
    table_url = reverse("tables:table", args=[session.table_id])
    items: list[InboxItem] = []
    E = SessionEvent.Kind
    own = E.PREP_PIT_BOSS if actor.role == Role.PIT_BOSS else E.PREP_SUPERVISOR
    missing = prep_missing(session)
    for kind in missing:
        if kind == own:
            title = _("Complete your opening checklist at %(table)s") % table
        elif kind == E.PREP_PIT_BOSS:
            title = _("%(table)s waits for the pit boss's opening checklist") % table
        else:
            title = _("%(table)s waits for the supervisor's opening checklist") % table
        items.append(_item("checklist", title, f"{table_url}#prep-title", session, kind == own))
    items.extend(_pack_blockers(actor, session))
    sheet = OpeningSheet.objects.filter(session=session).first()
    if sheet is None:
        return items
    # Anchored: the home page leaves to the signing queue an item whose page the queue
    # already lists (casino.inbox.outside_queue); a blocker is not that item.
    sheet_url = reverse("tables:opening", args=[sheet.pk])
    if not missing and not sheet.is_counted:
        title = (
            _("Record the opening count of %(table)s")
            if actor.role == Role.SUPERVISOR
            else _("%(table)s waits for its opening count")
        ) % table
        url = f"{sheet_url}#count-title"
        items.append(_item("count", title, url, session, actor.role == Role.SUPERVISOR))
    elif sheet.is_counted:
        # A signature the actor owes is in sheets_waiting; here the ones owed by others.
        mine = set(sheet_roles_signed_by(actor.role))
        others = [r for r in sheet.missing_roles() if r not in mine]
        if others:
            title = _("The opening sheet %(serial)s of %(table)s waits for: %(roles)s") % {
                **table,
                "serial": sheet.serial,
                "roles": ", ".join(str(r.label) for r in others),
            }
            url = f"{sheet_url}#sig-title"
            items.append(_item("signature", title, url, session, urgent=False))
    return items


def _pack_blockers(actor: Actor, session: TableSession) -> list[InboxItem]:
    """DECK-04, DECK-06: two packs of different colours issued, inspected, one in play."""
    table = {"table": session.table}
    packs = list(
        Pack.objects.filter(session=session, state__in=READY | {PackState.ISSUED}).order_by(
            "serial"
        )
    )
    colours = {p.colour.strip().lower() for p in packs}
    items: list[InboxItem] = []
    if len(colours) < 2:
        if actor.role == Role.PIT_BOSS:
            title = _("Issue two packs of different colours to %(table)s") % table
        else:
            title = _("%(table)s waits for its two packs from the pit boss") % table
        stored = Pack.objects.filter(casino=actor.casino, state=PackState.STORED).count()
        url = reverse("tables:decks") + "#packs-title"
        items.append(_item("packs", title, url, session, actor.role == Role.PIT_BOSS))
        if stored == 0 and actor.role == Role.PIT_BOSS:
            items.append(
                _item(
                    "packs.store",
                    _("No pack is in store: sign the card receipt or ask security"),
                    url,
                    session,
                )
            )
    for pack in packs:
        if pack.state != PackState.ISSUED:
            continue
        if actor.role == Role.SUPERVISOR:
            title = _("Inspect pack %(serial)s with a witness at %(table)s")
        else:
            title = _("Pack %(serial)s at %(table)s waits for its inspection")
        items.append(
            _item(
                "inspect",
                title % {**table, "serial": pack.serial},
                reverse("tables:pack", args=[pack.pk]) + "#inspect-title",
                session,
                actor.role == Role.SUPERVISOR,
            )
        )
    return items


def _readiness_blockers(actor: Actor, session: TableSession) -> list[InboxItem]:
    lang = active_lang()
    url = reverse("floor:table", args=[session.table_id]) + "#main"
    items = []
    conflicts = session_ready_for_play(session)
    codes = {c.code for c in conflicts}
    for conflict in conflicts:
        opening = session.status == TableSession.Status.OPENING
        if opening and conflict.code in _NAMED_BY_OPENING:
            continue
        if conflict.code == "NO_PACK_IN_PLAY" and (
            (opening and "DECKS_MISSING" in codes)
            or Pack.objects.filter(session=session, state=PackState.ISSUED).exists()
        ):
            continue  # the pack items above come first
        items.append(
            _item(
                f"ready.{conflict.code.lower()}",
                _("%(table)s: %(reason)s")
                % {"table": session.table, "reason": conflict.message(lang)},
                url,
                session,
            )
        )
    return items


def tables_to_open(actor: Actor) -> list[InboxItem]:
    """At the start of the day (issue 40): a supervisor with no live table of his own is
    prompted to open one, on the first free table's page (README "Your first table")."""
    from casino.selectors import open_gaming_day

    from .models import Table

    if actor.role != Role.SUPERVISOR or actor.user.casino_id is None:
        return []
    if not actor.can(Perm.OPEN_SESSION) or open_gaming_day(actor.casino) is None:
        return []
    live = TableSession.objects.filter(casino=actor.casino).exclude(
        status=TableSession.Status.CLOSED
    )
    if any(is_assigned(actor, s) for s in live.select_related("table")):
        return []
    busy = live.values_list("table_id", flat=True)
    free = Table.objects.filter(casino=actor.casino, is_active=True).exclude(pk__in=busy)
    first = free.order_by("number").first()
    if first is None:
        return []
    return [
        InboxItem(
            kind="table.open",
            title=_("Open a session at %(table)s") % {"table": first},
            url=reverse("tables:table", args=[first.pk]) + "#open-title",
            detail=_("%(n)s tables closed: choose one in Tables") % {"n": free.count()},
            urgent=True,
        )
    ]


PROVIDERS = (
    tables_to_open,
    sheets_waiting,
    discrepancies_waiting,
    receipts_waiting,
    alerts,
    proposals_waiting,
    packs_to_destroy,
    next_step_blockers,
)
