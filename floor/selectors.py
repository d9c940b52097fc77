"""Reads of the floor pages: what each screen shows, composed from the apps' selectors.

Nothing here writes or decides a rule; each function gathers what one screen needs
in as few queries as is reasonable and scopes everything to ``actor.casino``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from cage import selectors as cage_selectors
from casino import selectors as casino_selectors
from casino.access import Actor, require
from casino.formatting import active_lang as _lang
from casino.models import AuditEvent, GamingDay
from casino.roles import Perm, Role
from hands import presenters as hand_presenters
from hands import selectors as hand_selectors
from tables import selectors as table_selectors
from tables.models import (
    Discrepancy,
    Pack,
    PackState,
    Table,
    TableSession,
)
from tables.selectors.access import sector_scope

from . import queue
from .queue import QueueItem

READY_TO_ROTATE = (PackState.INSPECTED, PackState.RESERVE, PackState.RESTED)


def sees_books(actor: Actor) -> bool:
    """Expected figures (variances, buy-in totals): not for the cage, which counts blind."""
    return actor.can(Perm.VIEW_EXPECTED_FIGURES)


def open_gaming_day(actor: Actor) -> GamingDay | None:
    return casino_selectors.open_gaming_day(actor.casino)


# --- the tables overview (pit boss's sector, everyone's list) ----------------------------


@dataclass
class TableTile:
    table: Table
    state: Any  # tables.selectors.TableState
    alerts: list[tuple[str, str]] = field(default_factory=list)  # (severity, text)
    pack_minutes: int | None = None
    players: int = 0
    hands: int = 0
    unsigned: list[str] = field(default_factory=list)

    @property
    def alerting(self) -> bool:
        return any(sev == "danger" for sev, _text in self.alerts)


def tables_in_scope(actor: Actor, everything: bool = False) -> QuerySet[Table]:
    """The pit boss's sectors (and tables in no sector) unless ``everything``; all otherwise.

    Same scope as the pit boss's hand queue (``hands.selectors.unresolved_invalid_hands``)
    and reports (RPT-17): a pit boss answers for the sectors he is pit boss of.
    """
    require(actor, Perm.VIEW_TABLES)
    qs = Table.objects.filter(casino=actor.casino, is_active=True).select_related("sector")
    scope = None if everything else sector_scope(actor, table="")
    if scope is not None:
        qs = qs.filter(scope)
    return qs.order_by("number")


def table_tiles(actor: Actor, everything: bool = False) -> list[TableTile]:
    """Each table's state with its alerts: pack in play too long, table without two
    colours (DECK-09, DECK-04), an unsigned sheet, an opening difference not acknowledged,
    a variance not explained (issue 8 §2)."""
    lang = _lang()
    tables = list(tables_in_scope(actor, everything))
    ids = {t.pk for t in tables}
    deck_alerts = table_selectors.deck_alerts(actor.casino)
    # By table, not by the live session: a pack not returned after its table closed is the
    # closed table's alert (DECK-19), as the homes say (issue 40).
    by_table: dict[int, list[Any]] = defaultdict(list)
    for alert in deck_alerts:
        if alert.session is not None:
            by_table[alert.session.table_id].append(alert)
    unsigned: dict[int, list[str]] = defaultdict(list)
    for item in table_selectors.sheets_to_sign(actor.casino):
        if item.sheet.table_id in ids:
            label = _("Opening sheet") if item.kind == "opening" else _("Closing sheet")
            roles = ", ".join(str(r.label) for r in item.missing_roles)
            unsigned[item.sheet.table_id].append(f"{label} {item.sheet.serial}: {roles}")
    open_differences: defaultdict[int, int] = defaultdict(int)
    for disc in Discrepancy.objects.filter(
        casino=actor.casino, acknowledgement__isnull=True, sheet__locked_at__isnull=True
    ).select_related("sheet"):
        if disc.count_version == disc.sheet.count_version:
            open_differences[disc.sheet.table_id] += 1
    variances = _unexplained_variances(actor) if sees_books(actor) else {}
    seated = table_selectors.seated_counts([t.pk for t in tables])
    tiles = []
    now = timezone.now()
    for table in tables:
        state = table_selectors.table_state(table)
        tile = TableTile(table=table, state=state, unsigned=unsigned.get(table.pk, []))
        session = state.session
        if session is not None:
            pack = state.pack_in_play
            if pack is not None:
                tile.pack_minutes = int((now - pack.state_changed_at).total_seconds() // 60)
            tile.players = seated.get(session.pk, 0)
        for alert in by_table.get(table.pk, []):
            tile.alerts.append(("danger", alert.message(lang)))
        for text in tile.unsigned:
            tile.alerts.append(("warn", _("Unsigned: %(sheet)s") % {"sheet": text}))
        if open_differences.get(table.pk):
            tile.alerts.append(
                (
                    "danger",
                    _("%(n)s count difference(s) to acknowledge")
                    % {"n": open_differences[table.pk]},
                )
            )
        if variances.get(table.pk):
            tile.alerts.append(
                ("danger", _("%(n)s variance(s) to explain") % {"n": variances[table.pk]})
            )
        tiles.append(tile)
    return tiles


def _unexplained_variances(actor: Actor) -> dict[int, int]:
    """Per table: variances of the open day's closed sessions nobody explained yet."""
    from cage.reconciliation import VARIANCE, reconcile_session

    out: dict[int, int] = defaultdict(int)
    sessions = TableSession.objects.filter(
        casino_selectors.on_open_gaming_day(),
        casino=actor.casino,
        status=TableSession.Status.CLOSED,
    ).select_related("table", "settings", "gaming_day")
    for session in sessions:
        explained = set(session.variance_explanations.values_list("finding_key", flat=True))
        for finding in reconcile_session(session).findings:
            if finding.severity == VARIANCE and finding.key not in explained:
                out[session.table_id] += 1
    return out


# --- the supervisor's table screen --------------------------------------------------------


@dataclass
class SeatView:
    number: int
    name: str = ""
    status: str = ""  # hands seating status, "" when empty
    status_label: str = ""
    stack: Decimal | None = None
    bought_in: Decimal | None = None
    rebuys: int = 0
    missed: str = ""
    sanctions: list[str] = field(default_factory=list)

    @property
    def taken(self) -> bool:
        return bool(self.name) or self.status not in ("", "empty")


@dataclass
class PackView:
    pack: Pack
    minutes: int
    too_long: bool


def table_screen(actor: Actor, table: Table) -> dict[str, Any]:
    """Everything the supervisor needs at a glance (issue 8 §1): the session, the croupier,
    the packs and their age, the seats with players, stacks and active sanctions, the
    waiting list, the hand in progress and the latest verdicts."""
    lang = _lang()
    state = table_selectors.table_state(table)
    session = state.session
    data: dict[str, Any] = {"state": state, "session": session, "table": table}
    if session is None:
        return data
    ops = table_selectors.ops_settings(actor.casino)
    limit = ops.deck_rotation_minutes
    now = timezone.now()
    packs = []
    for pack in state.packs:
        minutes = int((now - pack.state_changed_at).total_seconds() // 60)
        packs.append(PackView(pack, minutes, pack.state == PackState.IN_PLAY and minutes > limit))
    in_play = state.pack_in_play
    data["packs"] = packs
    data["rotation_minutes"] = limit
    data["ready_packs"] = [
        p
        for p in state.packs
        if p.state in READY_TO_ROTATE
        and (in_play is None or p.colour.strip().lower() != in_play.colour.strip().lower())
    ]
    data["deck_alerts"] = [
        a.message(lang)
        for a in table_selectors.deck_alerts(actor.casino)
        if a.session is not None and a.session.pk == session.pk
    ]
    data["seats"] = seat_views(actor, session, state.sanctions)
    # SEAT-04: the table's waiting list in order, from the one seating plan; the first in
    # line is seated on one of the empty seats.
    data["waiting"] = list(table_selectors.waiting_list(table).select_related("player"))
    data["free_seats"] = [s.number for s in data["seats"] if not s.taken]
    data["live"] = hand_selectors.open_live_hand(session)
    if actor.can(Perm.VIEW_HANDS):
        latest = hand_presenters.with_related(
            hand_selectors.filter_hands(hand_selectors.hands_for(actor), session=session.pk)
        ).order_by("-number")[:6]
        data["hands"] = [hand_presenters.summary(h) for h in latest]
    return data


def seat_views(
    actor: Actor, session: TableSession, sanctions: list[Any] | tuple[()] = ()
) -> list[SeatView]:
    """Every seat of the table from the one seating plan (``tables.selectors.seat_plan``:
    player, status, stack), with the cage's buy-in total and re-buys of the seat's current
    player (BUYIN-07) and the player's active sanctions."""
    plan = table_selectors.seat_plan(session, with_waiting=False)
    seats = {p.number: SeatView(number=p.number) for p in plan.seats}
    for p in plan.occupied:
        view = seats[p.number]
        view.name = p.label or str(_("player without a name"))
        view.status = p.status
        view.status_label = p.status_label
        view.stack = p.stack
        missed = [str(_("big")) if p.missed_big else "", str(_("small")) if p.missed_small else ""]
        view.missed = " ".join(m for m in missed if m)
    if sees_books(actor):
        for summary in cage_selectors.seat_summaries(session).values():
            seen = seats.get(summary.seat)
            if summary.seated and seen is not None and seen.status:
                seen.bought_in = summary.total_buyin
                seen.rebuys = summary.rebuys
    player_at = {p.number: p.player_id for p in plan.occupied if p.player_id}
    for effective in sanctions:
        entry = effective.imposition
        label = f"{entry.get_level_display()}"
        if effective.hands_total:
            label += " · " + _("%(n)s hands") % {"n": effective.hands_total}
        for view in seats.values():
            same_player = entry.player_id and player_at.get(view.number) == entry.player_id
            if same_player or (view.name and view.name == entry.player_label):
                view.sanctions.append(label)
    return [seats[n] for n in sorted(seats)]


# --- the signing queue ---------------------------------------------------------------------


def signing_queue(actor: Actor) -> list[QueueItem]:
    """Documents waiting for the actor's signature or decision, oldest first, each with
    what can be done in place (issue 8 §2): opening and closing sheets, card receipts,
    count differences, fill and credit slips at the actor's step, slip voids, variances
    to explain, invalid hands to review, sanction proposals."""
    lang = _lang()
    casino = actor.casino
    items: list[QueueItem] = []
    if actor.role in (Role.PIT_BOSS, Role.SUPERVISOR):
        items.extend(queue.sheet_items(actor, lang))
    if actor.can(Perm.ACKNOWLEDGE_DISCREPANCY):
        items.extend(queue.discrepancy_items(casino))
    if actor.can(Perm.DECK_RECEIVE):
        items.extend(queue.receipt_items(casino))
    items.extend(slip_queue_items(actor))
    items.extend(shift_change_items(actor))
    if actor.can(Perm.VOID_SLIP):
        items.extend(queue.void_items(actor))
    if actor.can(Perm.EXPLAIN_VARIANCE) and sees_books(actor):
        items.extend(_variances(actor, lang))
    if actor.can(Perm.REVIEW_HAND):
        items.extend(queue.hand_items(actor))
    if actor.can(Perm.IMPOSE_SANCTION):
        items.extend(queue.proposal_items(casino))
    return sorted(items, key=lambda i: (not i.urgent, i.created_at or timezone.now()))


# The signatures of a shift change (issue 14 §3) by slot, the role they are given in and
# the document that carries them (tables.services.shifts.SLOTS, the one writer).
SHIFT_CHANGE_SLOTS = (
    ("pit_boss", Role.PIT_BOSS, "handover"),
    ("outgoing_supervisor", Role.SUPERVISOR, "handover"),
    ("incoming_supervisor", Role.SUPERVISOR, "acceptance"),
)


def shift_change_items(actor: Actor) -> list[QueueItem]:
    """Shift changes waiting for the actor's signature (issue 14 §3): the pit boss of the
    table's sector witnesses the count, the outgoing supervisor hands the float over and
    the incoming one accepts it. Whose signature a slot takes is the document's own
    assignment (``signing_assignment``), the check the signing service makes."""
    from django.urls import reverse

    from casino.errors import PermissionRefused
    from casino.scoping import check_assignment
    from casino.shifts import shift_title
    from tables.models import ShiftChange
    from tables.selectors.shifts import missing_slots

    mine = [(slot, part) for slot, role, part in SHIFT_CHANGE_SLOTS if role == actor.role]
    if not mine:
        return []
    lang = _lang()
    pending = (
        ShiftChange.objects.filter(casino=actor.casino)
        .filter(Q(locked_at__isnull=True) | Q(acceptance__locked_at__isnull=True))
        .select_related(
            "table__sector",
            "gaming_day__casino",
            "acceptance",
            "outgoing_supervisor",
            "incoming_supervisor",
        )
        .order_by("at", "pk")
    )
    items = []
    for change in pending[:200]:
        missing = missing_slots(change)
        for slot, part in mine:
            if slot not in missing:
                continue
            document = change if part == "handover" else change.acceptance
            try:
                check_assignment(
                    document.signing_assignment(), user_id=actor.user.pk, role=actor.role
                )
            except PermissionRefused:
                continue  # another sector's table, another supervisor's handover
            if actor.user.pk in _other_slots(change, slot):
                continue  # one person signs one shift change once (the service refuses)
            shift = shift_title([casino_selectors.shift_at(change.gaming_day, change.at)], lang)
            items.append(
                QueueItem(
                    kind="shift_change",
                    pk=change.pk,
                    title=_("Shift change: %(outgoing)s hands over to %(incoming)s")
                    % {
                        "outgoing": change.outgoing_supervisor.get_full_name()
                        or change.outgoing_supervisor.username,
                        "incoming": change.incoming_supervisor.get_full_name()
                        or change.incoming_supervisor.username,
                    },
                    table=str(change.table),
                    url=reverse("tables:shift-change", args=[change.session_id]),
                    detail=shift,
                    created_at=change.at,
                    form="shift_change",
                    finding_key=slot,
                    step=slot,
                    amount=change.grand_total(),
                )
            )
    return items


def _other_slots(change: Any, slot: str) -> set[int]:
    """Who else is named on ``change``: the pit boss who witnesses it is neither supervisor."""
    if slot == "pit_boss":
        return {change.outgoing_supervisor_id, change.incoming_supervisor_id}
    return set()


# The permission each role needs to see a slip's step in its queue. Whose turn it is
# comes from the slip's kind's order (``cage.selectors.slip_next_signers``, CLOSE-07,
# issue 14 §5): a fill travels pit boss -> cage -> security -> table, a credit pit boss ->
# table -> security -> cage. The croupier signs with the PIN on the supervisor's
# terminal (OQ-34), so his step is in the supervisor's queue. The service checks the
# order again; this only decides whose queue shows the slip.
SLIP_STEPS: dict[Role, Perm] = {
    Role.CAGE_CASHIER: Perm.ISSUE_SLIP,
    Role.SECURITY: Perm.CARRY_SLIP,
    Role.SUPERVISOR: Perm.APPROVE_CHANGE,
}


def slip_queue_items(actor: Actor, slip_id: int | None = None) -> list[QueueItem]:
    """The fill and credit slips waiting for the acting role's step (issue 8 §2, §3):
    for a fill the cage issues, security carries, the supervisor has the croupier sign
    with the PIN and receives; for a credit the croupier (PIN) and the supervisor hand
    over, security carries, the cage receives. Same slips as the cage's inbox
    (``cage.inbox.slips_to_sign``), except that a supervisor also sees a slip he
    received whose croupier has not signed yet."""
    from django.urls import reverse

    perm = SLIP_STEPS.get(actor.role)
    if perm is None or not actor.can(perm):
        return []
    slips = cage_selectors.slips_for(actor.casino, locked_at__isnull=True)
    if slip_id is not None:
        slips = slips.filter(pk=slip_id)
    croupiers: list[tuple[str, str]] | None = None
    items = []
    for slip in slips.order_by("requested_at", "pk")[:200]:
        step = cage_selectors.slip_step_for(actor.role, slip)
        if step is None:
            continue
        role = step.value
        signers: list[tuple[str, str]] = []
        if step == Role.CROUPIER:
            if croupiers is None:
                croupiers = _croupier_choices(actor)
            signers = _on_duty_first(croupiers, slip.session)
        lines = ", ".join(
            f"{line.count} × {_money(line.denomination.value)}" for line in slip.lines.all()
        )
        items.append(
            QueueItem(
                kind="slip",
                pk=slip.pk,
                title=cage_selectors.slip_number_label(slip, _lang()),  # issue 14 §5
                table=str(slip.table),
                url=reverse("cage:slips"),
                detail=lines,
                created_at=slip.requested_at,
                form="slip",
                step=role,
                slip_kind=slip.kind,
                amount=_slip_total(slip),
                signers=signers,
            )
        )
    return items


def _slip_total(slip: Any) -> Decimal:
    # As the cage's page adds it up (cage.views.slips): chips × denomination value.
    return sum((ln.denomination.value * ln.count for ln in slip.lines.all()), Decimal("0"))


def _money(value: Decimal) -> str:
    from casino.formatting import money

    return money(value, _lang())


def _croupier_choices(actor: Actor) -> list[tuple[str, str]]:
    from casino.models import User

    return [
        (u.username, u.get_full_name() or u.username)
        for u in User.objects.filter(
            casino=actor.casino, is_active=True, groups__name=Role.CROUPIER.value
        ).order_by("username")
    ]


def _on_duty_first(choices: list[tuple[str, str]], session: TableSession) -> list[tuple[str, str]]:
    on_duty = table_selectors.croupier_on_duty(session)
    name = on_duty.username if on_duty else ""
    return sorted(choices, key=lambda c: c[0] != name)


def _variances(actor: Actor, lang: str) -> list[QueueItem]:
    from django.urls import reverse

    from cage.reconciliation import VARIANCE, reconcile_session

    items = []
    for session in TableSession.objects.filter(
        casino_selectors.on_open_gaming_day(),
        casino=actor.casino,
        status=TableSession.Status.CLOSED,
    ).select_related("table", "settings", "gaming_day"):
        explained = set(session.variance_explanations.values_list("finding_key", flat=True))
        for finding in reconcile_session(session).findings:
            if finding.severity != VARIANCE or finding.key in explained:
                continue
            items.append(
                QueueItem(
                    kind="variance",
                    pk=session.pk,
                    title=finding.message(lang),
                    table=str(session.table),
                    url=reverse("cage:reconciliation", args=[session.pk]),
                    urgent=True,
                    created_at=session.closed_at,
                    form="explain",
                    finding_key=finding.key,
                )
            )
    return items


# --- the audit trail ------------------------------------------------------------------------


def audit_trail(
    actor: Actor,
    *,
    date_from: date | None = None,
    date_to: date | None = None,
    username: str = "",
    role: str = "",
    action: str = "",
    object_type: str = "",
    object_id: str = "",
    text: str = "",
) -> QuerySet[AuditEvent]:
    """The casino's audit events, newest first, narrowed by the filters (read-only)."""
    require(actor, Perm.VIEW_AUDIT)
    qs = AuditEvent.objects.filter(casino=actor.casino).select_related("actor", "gaming_day")
    tz = timezone.get_current_timezone()
    if date_from:
        qs = qs.filter(at__gte=datetime.combine(date_from, time.min, tzinfo=tz))
    if date_to:
        qs = qs.filter(at__lt=datetime.combine(date_to + timedelta(days=1), time.min, tzinfo=tz))
    if username:
        qs = qs.filter(actor__username__iexact=username.strip())
    if role:
        qs = qs.filter(role=role)
    if action:
        qs = qs.filter(action__istartswith=action.strip())
    if object_type:
        qs = qs.filter(object_type=object_type)
    if object_id:
        qs = qs.filter(object_id=object_id.strip())
    if text:
        qs = qs.filter(Q(object_repr__icontains=text) | Q(reason__icontains=text))
    return qs.order_by("-at", "-id")


def audit_choices(actor: Actor) -> dict[str, list[tuple[str, str]]]:
    """The areas and record types present, for the filter menus: (code, words), by the
    words (issue 40: the menus listed ``cage.rakeentry`` and ``hand``)."""
    from .labels import audit_area, record_type

    require(actor, Perm.VIEW_AUDIT)
    qs = AuditEvent.objects.filter(casino=actor.casino)
    areas = {a.split(".")[0] for a in qs.values_list("action", flat=True).distinct()}
    types = set(qs.values_list("object_type", flat=True).distinct())

    def by_words(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return sorted(pairs, key=lambda pair: pair[1].lower())

    return {
        "actions": by_words([(a, audit_area(a)) for a in areas]),
        "object_types": by_words([(t, record_type(t)) for t in types]),
    }


# --- the hand being logged -----------------------------------------------------------------


def my_tables(actor: Actor) -> list[TableSession]:
    """The live sessions the user supervises or deals at: their shortcuts on the home page."""
    if actor.role not in (Role.SUPERVISOR, Role.CROUPIER) or not actor.can(Perm.VIEW_TABLES):
        return []
    live = TableSession.objects.filter(casino=actor.casino).exclude(
        status=TableSession.Status.CLOSED
    )
    if actor.role == Role.SUPERVISOR:
        live = live.filter(supervisor=actor.user)
    else:
        return [
            s
            for s in live.select_related("table")
            if table_selectors.croupier_on_duty(s) == actor.user
        ]
    return list(live.select_related("table").order_by("table__number"))


# --- refused attempts (issue 17 §2) ------------------------------------------------------------


def refused_attempts(actor: Actor) -> QuerySet[Any]:
    """The buy-ins and seatings refused to an excluded or under-age player, newest first,
    in the viewer's scope (``tables.selectors.players.exclusion_hits``, as the API lists them)."""
    from tables.selectors.players import exclusion_hits

    return exclusion_hits(actor)


def seated_players(session: TableSession | None) -> list[Any]:
    """The registered players seated at ``session`` now, by seat (SEAT-12: who may be
    referred for VIP membership from the table screen)."""
    if session is None:
        return []
    return [
        seat.player
        for seat in session.seats.filter(player__isnull=False)
        .select_related("player")
        .order_by("seat")
    ]
