"""Table sessions: open, play, suspend, resume, last hand, closing, dealer changes, events.

OPEN-16: CLOSED → OPENING → OPEN → IN PLAY ⇄ SUSPENDED → CLOSING → CLOSED. The
moves OPENING → OPEN and CLOSING → CLOSED happen when the opening and closing
sheets get their third signature (``tables.services.counts``).
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record, snapshot
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.models import User
from casino.roles import Perm, Role
from casino.scoping import check_assignment

from .. import hooks
from ..codes import TablesCode
from ..models import (
    DealerChange,
    Pack,
    SessionEvent,
    SessionKind,
    SupervisorRelief,
    Table,
    TableSession,
)
from ..selectors.assignment import (
    forget_assignment,
    lock_session,
    session_supervisor,
    table_assignment,
)
from ..selectors.sessions import (
    croupier_on_duty,
    ops_settings,
    pack_in_play,
    packs_at_session,
    session_ready_for_play,
)
from ._common import (
    S,
    check_staff,
    current_gaming_day,
    lock,
    record_event,
    require_at_table,
    require_named,
    require_no_hand,
    require_status,
    session_move,
)
from .counts import closing_sheet_create, opening_sheet_create
from .decks import rotate_packs
from .procedure import check_players_present, play_begins_event, require_preparation

E = SessionEvent.Kind


def _refuse_if_dealing_elsewhere(croupier: User, here: TableSession | None = None) -> None:
    """A croupier deals at one table at a time (ROLE-03)."""
    if croupier.casino_id is None:  # a croupier of no casino deals at none of its tables
        return
    live = TableSession.objects.filter(casino_id=croupier.casino_id).exclude(status=S.CLOSED)
    if here is not None:
        live = live.exclude(pk=here.pk)
    for other in live.select_related("table"):
        if croupier_on_duty(other) == croupier:
            raise DomainError.of(
                TablesCode.CROUPIER_ON_DUTY_ELSEWHERE,
                croupier=croupier,
                table=other.table,
                field="croupier",
                details={"session": other.pk},
            )


def session_open(
    *,
    actor: Actor,
    table: Table,
    supervisor: User,
    croupier: User,
    note: str = "",
    kind: str = SessionKind.CASH,
) -> TableSession:
    """Open a session (OPENING) with its opening sheet and first croupier (ROLE-03, OPEN-06).

    ``kind``: a cash game, or a tournament's table (issue 42: no cash float, the seats'
    stacks in tournament chips)."""
    require(actor, Perm.OPEN_SESSION)
    if kind not in SessionKind.values:
        raise DomainError.of(TablesCode.SESSION_KIND_INVALID, field="kind")
    same_casino(actor, table)
    check_staff(actor, supervisor, Role.SUPERVISOR, field="supervisor")
    check_staff(actor, croupier, Role.CROUPIER, field="croupier")
    if supervisor.pk == croupier.pk:
        # ROLE-14: the sheet needs three different people.
        raise DomainError.of(TablesCode.SAME_PERSON_TWO_ROLES, field="croupier")
    with transaction.atomic():
        table = lock(Table, table.pk, actor)  # serialises two openings of one table
        # Issue 12 §1: a supervisor opens only as the supervisor named; a pit boss only a
        # table of their sector (the shift manager is casino-wide).
        check_assignment(
            replace(
                table_assignment(table),
                supervisor_ids=frozenset({supervisor.pk}),
                croupier_ids=frozenset({croupier.pk}),
            ),
            user_id=actor.user.pk,
            role=actor.role,
        )
        if not table.is_active:
            raise DomainError.of(TablesCode.TABLE_INACTIVE)
        day = current_gaming_day(actor)
        live = table.sessions.exclude(status=S.CLOSED).first()
        if live is not None:
            raise DomainError.of(
                TablesCode.SESSION_ALREADY_LIVE,
                status=S(live.status),
                details={"session": live.pk, "status": live.status},
            )
        _refuse_if_dealing_elsewhere(croupier)
        require_preparation(actor, day)  # PREP-01, when the casino asks for it
        settings = table.settings_at()
        if settings is None:
            raise DomainError.of(TablesCode.TABLE_HAS_NO_SETTINGS)
        last = (
            TableSession.objects.filter(table=table, gaming_day=day).aggregate(n=Max("number"))["n"]
            or 0
        )
        session = TableSession.objects.create(
            casino=actor.casino,
            table=table,
            gaming_day=day,
            number=last + 1,
            settings=settings,
            supervisor=supervisor,
            kind=kind,
        )
        DealerChange.objects.create(
            casino=actor.casino,
            session=session,
            gaming_day=day,
            incoming=croupier,
            recorded_by=actor.user,
            role=actor.role.value,
            handover_note=note,
        )
        sheet = opening_sheet_create(actor, session)
        audit_record(
            actor=actor,
            action="session.open",
            obj=session,
            after={**snapshot(session), "croupier": croupier.username, "sheet": sheet.serial},
        )
        hooks.table_changed(actor, session, hooks.TABLE_OPENED)  # issue 44: the rota
    return session


def session_start_play(
    *, actor: Actor, session: TableSession, players_present: int | None = None
) -> TableSession:
    """OPEN → IN PLAY, only when the table is ready (issue 5 §2, OPEN-12, DECK-04).

    The supervisor or pit boss who records it is the one told that play begins (OPEN-17,
    SHUF-01): the event names them, the croupier on duty and the players present (at
    least two, when given; ``tables.services.procedure``)."""
    require(actor, Perm.OPEN_SESSION)
    if players_present is not None:
        players_present = check_players_present(players_present, session)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.OPEN)
        reasons = session_ready_for_play(session)
        if reasons:
            raise DomainError.of(
                TablesCode.NOT_READY_FOR_PLAY,
                reasons=reasons,
                details={"reasons": [r.code for r in reasons]},
            )
        session_move(actor, session, S.IN_PLAY, action="session.start_play")
        play_begins_event(actor, session, players_present=players_present, how="start_play")
    return session


def session_suspend(
    *,
    actor: Actor,
    session: TableSession,
    reason: str,
    float_locked: bool,
    cards_handed_to: User,
) -> TableSession:
    """IN PLAY → SUSPENDED by a pit boss or manager; the float is locked and the cards
    with the cut card handed to the pit boss (OPEN-16, DECK-12)."""
    require(actor, Perm.SUSPEND_SESSION)
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    check_staff(actor, cards_handed_to, Role.PIT_BOSS, field="cards_handed_to")
    if not float_locked:
        raise DomainError.of(TablesCode.FLOAT_NOT_LOCKED, field="float_locked")
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        # DECK-12: the cards go to a pit boss of this table's sector.
        require_named(session, cards_handed_to, Role.PIT_BOSS, field="cards_handed_to")
        require_no_hand(session)
        session_move(actor, session, S.SUSPENDED, action="session.suspend", reason=reason)
        packs = [p.serial for p in packs_at_session(session)]
        record_event(
            actor,
            session,
            E.SUSPENDED,
            person=cards_handed_to,
            note=reason,
            data={"float_locked": True, "packs_handed_in": packs},
        )
    return session


def session_resume(*, actor: Actor, session: TableSession, note: str = "") -> TableSession:
    """SUSPENDED → IN PLAY when the table is ready again."""
    require(actor, Perm.SUSPEND_SESSION)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.SUSPENDED)
        reasons = [r for r in session_ready_for_play(session) if r.code != "SESSION_NOT_OPEN"]
        if reasons:
            raise DomainError.of(
                TablesCode.NOT_READY_FOR_PLAY,
                reasons=reasons,
                details={"reasons": [r.code for r in reasons]},
            )
        session_move(actor, session, S.IN_PLAY, action="session.resume", reason=note)
        record_event(actor, session, E.RESUMED, note=note)
    return session


def session_announce_last_hand(
    *,
    actor: Actor,
    session: TableSession,
    last_hand_number: int,
    instructed_by: User | None = None,
) -> TableSession:
    """CLOSE-01: "the last hand at the table", announced before it starts; later hands are
    refused (``selectors.session_accepts_hand``)."""
    require(actor, Perm.CLOSE_SESSION)
    if (
        isinstance(last_hand_number, bool)
        or not isinstance(last_hand_number, int)
        or (last_hand_number < 0)
    ):
        raise DomainError.of(TablesCode.HAND_NUMBER_INVALID, field="last_hand_number")
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.OPEN, S.IN_PLAY)
        if session.last_hand_number is not None:
            raise DomainError.of(
                TablesCode.LAST_HAND_ALREADY_ANNOUNCED, last_hand_number=session.last_hand_number
            )
        session.last_hand_number = last_hand_number
        session.save(update_fields=["last_hand_number"])
        record_event(
            actor,
            session,
            E.LAST_HAND_ANNOUNCED,
            person=instructed_by,
            data={"last_hand_number": last_hand_number},
        )
        audit_record(
            actor=actor,
            action="session.last_hand",
            obj=session,
            after={"last_hand_number": last_hand_number},
        )
    return session


def closing_start(
    *, actor: Actor, session: TableSession, security_officer: User, note: str = ""
) -> TableSession:
    """→ CLOSING: security told (CLOSE-04), no hand running, the closing sheet prepared.

    A table that played must have announced its last hand (CLOSE-01).
    """
    require(actor, Perm.CLOSE_SESSION)
    check_staff(actor, security_officer, Role.SECURITY, field="security_officer")
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.OPENING, S.OPEN, S.IN_PLAY, S.SUSPENDED)
        require_no_hand(session)
        if session.status == S.IN_PLAY and session.last_hand_number is None:
            raise DomainError.of(TablesCode.LAST_HAND_NOT_ANNOUNCED)
        session_move(actor, session, S.CLOSING, action="session.closing_start", reason=note)
        record_event(actor, session, E.CLOSING_STARTED, person=security_officer, note=note)
        closing_sheet_create(actor, session)
        hooks.table_changed(actor, session, hooks.TABLE_CLOSED)  # issue 44: the rota
    return session


def dealer_change_record(
    *,
    actor: Actor,
    session: TableSession,
    incoming: User,
    handover_note: str = "",
    incoming_pack: Pack | None = None,
    outgoing_pack_complete: bool = True,
) -> DealerChange:
    """A croupier takes over (ROLE-03, ROLE-04); with rotation on, the incoming croupier
    brings the pack of the other colour and the one in play rests (DECK-09, OQ-21)."""
    require(actor, Perm.RECORD_DEALER_CHANGE)
    check_staff(actor, incoming, Role.CROUPIER, field="incoming")
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.OPENING, S.OPEN, S.IN_PLAY, S.SUSPENDED)
        # ROLE-04: the outgoing croupier finishes every pending transaction first.
        require_no_hand(session)
        outgoing = croupier_on_duty(session)
        if outgoing is not None and outgoing.pk == incoming.pk:
            raise DomainError.of(TablesCode.SAME_CROUPIER, incoming=incoming, field="incoming")
        _refuse_if_dealing_elsewhere(incoming, session)
        if incoming.pk == session_supervisor(session).pk:
            raise DomainError.of(TablesCode.SAME_PERSON_TWO_ROLES, field="incoming")
        settings = ops_settings(session.casino)
        current = pack_in_play(session)
        pack_out = pack_in = None
        if current is not None and (incoming_pack is not None or settings.rotate_on_dealer_change):
            if incoming_pack is None:
                raise DomainError.of(TablesCode.ROTATION_PACK_REQUIRED, field="incoming_pack")
            pack_out, pack_in = rotate_packs(
                actor,
                session,
                incoming_pack,
                complete=outgoing_pack_complete,
                checked_by=outgoing,
                reason="dealer_change",
            )
        warnings = []
        if session.status == S.IN_PLAY and current is None:
            warnings.append("NO_PACK_IN_PLAY")
        # ROLE-04: a change, buy-in or slip still open at the table is a warning (the
        # outgoing croupier hands it over); a hand in progress was refused above.
        pending = hooks.pending_work(session)
        for item in pending:
            if item["code"] not in warnings:
                warnings.append(item["code"])
        change = DealerChange.objects.create(
            casino_id=session.casino_id,
            session=session,
            gaming_day_id=session.gaming_day_id,
            outgoing=outgoing,
            incoming=incoming,
            recorded_by=actor.user,
            role=actor.role.value,
            handover_note=handover_note,
            warnings=warnings,
            pending=pending,
            pack_out=pack_out,
            pack_in=pack_in,
        )
        forget_assignment(session)  # the croupier on duty has changed (issue 43)
        audit_record(
            actor=actor,
            action="session.dealer_change",
            obj=session,
            after={
                "outgoing": outgoing.username if outgoing else None,
                "incoming": incoming.username,
                "pack_out": pack_out.serial if pack_out else None,
                "pack_in": pack_in.serial if pack_in else None,
                "warnings": warnings,
            },
            reason=handover_note,
        )
    return change


RELIEF_REASON_MIN = 5  # a few words: "descanso", "indispuesto", "cambio de turno"


def session_supervisor_relieve(
    *, actor: Actor, session: TableSession, incoming: User | None, reason: str
) -> SupervisorRelief:
    """A relief supervisor takes over the session from now on (issue 12 §1).

    Recorded by a pit boss of the table's sector or the shift manager (those who may
    also take the table out of play: ``Perm.SUSPEND_SESSION``), with the reason; from
    then on the incoming supervisor signs and records as the session's supervisor and
    the outgoing one is refused (``tables.selectors.session_assignment``).
    """
    require(actor, Perm.SUSPEND_SESSION)
    if not actor.can(Perm.RELIEVE_SUPERVISOR):
        raise DomainError.of(TablesCode.RELIEF_NOT_ALLOWED, field="role")
    reason = (reason or "").strip()
    if len(reason) < RELIEF_REASON_MIN:
        raise DomainError.of(
            TablesCode.RELIEF_REASON_REQUIRED, relief_reason_min=RELIEF_REASON_MIN, field="reason"
        )
    if len(reason) > 300:
        raise DomainError.of(TablesCode.RELIEF_REASON_TOO_LONG, field="reason")
    incoming = check_staff(actor, incoming, Role.SUPERVISOR, field="incoming")
    with transaction.atomic():
        session = lock_session(session, actor)  # serialises two reliefs of one session
        require_at_table(actor, session=session)
        require_status(session, S.OPENING, S.OPEN, S.IN_PLAY, S.SUSPENDED, S.CLOSING)
        outgoing = session_supervisor(session)
        if incoming.pk == outgoing.pk:
            raise DomainError.of(
                TablesCode.RELIEF_SAME_SUPERVISOR,
                incoming=incoming,
                number=session.table.number,
                field="incoming",
            )
        on_duty = croupier_on_duty(session)
        if on_duty is not None and on_duty.pk == incoming.pk:
            # ROLE-14: the croupier and the supervisor of a table are two people.
            raise DomainError.of(TablesCode.SAME_PERSON_TWO_ROLES, field="incoming")
        relief = SupervisorRelief.objects.create(
            casino_id=session.casino_id,
            session=session,
            outgoing=outgoing,
            incoming=incoming,
            recorded_by=actor.user,
            role=actor.role.value,
            reason=reason,
        )
        forget_assignment(session)  # the supervisor has changed (issue 43)
        audit_record(
            actor=actor,
            action="session.supervisor_relief",
            obj=session,
            before={"supervisor": outgoing.username},
            after={"supervisor": incoming.username, "relief": relief.pk},
            reason=reason,
        )
    return relief


# Attestations recorded on a session: who may record them, and who they name (OPEN-03,
# OPEN-05, OPEN-14, OPEN-15, CLOSE-09, CLOSE-14, CLOSE-15).
ATTESTATIONS: dict[str, tuple[Perm, Role | None, tuple[str, ...]]] = {
    E.SURVEILLANCE_NOTIFIED: (Perm.RECORD_SURVEILLANCE, None, (S.OPENING,)),
    E.SECURITY_PRESENT: (Perm.RECORD_SECURITY, None, (S.OPENING, S.CLOSING)),
    E.LIDS_REMOVAL_AUTHORISED: (Perm.OPEN_SESSION, Role.SHIFT_MANAGER, (S.OPENING,)),
    E.SURVEILLANCE_AUTHORISED: (Perm.RECORD_SURVEILLANCE, None, (S.OPENING, S.OPEN)),
    E.FLOAT_LOCKED: (
        Perm.OPEN_SESSION,
        None,
        (S.OPEN, S.IN_PLAY, S.SUSPENDED, S.CLOSED),
    ),
    # CLOSE-14: the pit boss examines the closed table (not the supervisor who closed it).
    E.TABLE_INSPECTED: (Perm.INSPECT_TABLE, None, (S.CLOSED,)),
    # CLOSE-15: management releases the croupier; the event's time is the release time.
    E.CROUPIER_RELEASED: (Perm.INSPECT_TABLE, Role.CROUPIER, (S.CLOSING, S.CLOSED)),
}
VERIFIER_ROLES = (Role.SUPERVISOR, Role.PIT_BOSS)


def session_event_record(
    *,
    actor: Actor,
    session: TableSession,
    kind: str,
    person: User | None = None,
    note: str = "",
    keys_to: User | None = None,
) -> SessionEvent:
    """Record an attestation on the session (see :data:`ATTESTATIONS`)."""
    if kind not in ATTESTATIONS:
        raise DomainError.of(
            TablesCode.EVENT_KIND_INVALID, field="kind", details={"allowed": sorted(ATTESTATIONS)}
        )
    perm, person_role, states = ATTESTATIONS[kind]
    if kind == E.FLOAT_LOCKED and actor.can(Perm.CLOSE_SESSION):
        perm = Perm.CLOSE_SESSION  # the same act closes the opening and the closing
    require(actor, perm)
    data: dict[str, object] = {}
    if person_role is not None:
        check_staff(actor, person, person_role, field="person")
    elif kind == E.FLOAT_LOCKED:
        # OPEN-15 / CLOSE-09: who verified the lock, and where the keys went.
        verifier = person
        if verifier is None or not any(verifier.holds_role(r) for r in VERIFIER_ROLES):
            raise DomainError.of(TablesCode.VERIFIER_REQUIRED, field="person")
        check_staff(
            actor,
            verifier,
            Role.PIT_BOSS if verifier.holds_role(Role.PIT_BOSS) else Role.SUPERVISOR,
            field="person",
        )
        if keys_to is not None:
            check_staff(
                actor,
                keys_to,
                Role.PIT_BOSS if keys_to.holds_role(Role.PIT_BOSS) else Role.SUPERVISOR,
                field="keys_to",
            )
            data["keys_to"] = keys_to.username
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, *states)
        event = record_event(actor, session, kind, person=person, note=note, data=data)
        audit_record(
            actor=actor,
            action=f"session.event.{kind}",
            obj=session,
            after={"person": person.username if person else None, **data},
            reason=note,
        )
    return event


def _checklist(items: object, expected: dict[str, object]) -> list[str]:
    if not isinstance(items, dict):
        raise DomainError.of(TablesCode.CHECKLIST_INVALID, field="items")
    unknown = sorted(set(items) - set(expected))
    if unknown:
        raise DomainError.of(
            TablesCode.CHECKLIST_ITEM_UNKNOWN,
            unknown=unknown,
            field="items",
            details={"allowed": sorted(expected)},
        )
    missing = [key for key in expected if items.get(key) is not True]
    if missing:
        raise DomainError.of(
            TablesCode.CHECKLIST_INCOMPLETE,
            missing=[expected[k] for k in missing],
            field="items",
            details={"missing": missing},
        )
    return list(expected)


def prep_checklist_record(
    *, actor: Actor, session: TableSession, items: dict[str, bool], note: str = ""
) -> SessionEvent:
    """The pit boss's (PREP-02) or the supervisor's (PREP-03, PREP-04) pre-opening checklist,
    every item checked."""
    from ..checklists import PIT_BOSS_ITEMS, SUPERVISOR_ITEMS

    require(actor, Perm.OPEN_SESSION)
    lists = {
        Role.PIT_BOSS: (E.PREP_PIT_BOSS, PIT_BOSS_ITEMS),
        Role.SUPERVISOR: (E.PREP_SUPERVISOR, SUPERVISOR_ITEMS),
    }
    if actor.role not in lists:
        raise DomainError.of(TablesCode.CHECKLIST_ROLE, field="role")
    kind, expected = lists[actor.role]
    done = _checklist(items, expected)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.OPENING)
        _require_not_recorded(session, kind)
        event = record_event(actor, session, kind, note=note, data={"items": done})
        audit_record(actor=actor, action=f"session.{kind}", obj=session, after={"items": done})
    return event


def _require_not_recorded(session: TableSession, kind: str) -> None:
    """A checklist is recorded once per session (issue 40): a second one, sent again from
    a stale screen, is refused as such and records nothing."""
    first = session.events.filter(kind=kind).select_related("recorded_by").first()
    if first is not None:
        at = timezone.localtime(first.at)
        raise DomainError.of(
            TablesCode.CHECKLIST_ALREADY_RECORDED,
            recorded_by=first.recorded_by,
            at=at,
            details={"event": first.pk},
        )


def prep_override(*, actor: Actor, session: TableSession, reason: str) -> SessionEvent:
    """PREP-05: the pit boss lets the opening start without the checklists, in writing."""
    require(actor, Perm.OPEN_SESSION)
    if not actor.can(Perm.OVERRIDE_PREPARATION):
        raise DomainError.of(TablesCode.PIT_BOSS_REQUIRED, field="role")
    reason = require_text(reason, field="reason", code=CasinoCode.REASON_REQUIRED)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.OPENING)
        event = record_event(actor, session, E.PREP_OVERRIDE, note=reason)
        audit_record(actor=actor, action="session.prep_override", obj=session, reason=reason)
    return event


def closing_checklist_record(
    *, actor: Actor, session: TableSession, items: dict[str, bool], note: str = ""
) -> SessionEvent:
    """CLOSE-12: cut cards away, tracking sheets to the pit boss, electronics off, cards to
    sorting — checked by the dealer and the supervisor after the closing."""
    from ..checklists import CLOSING_ITEMS

    require(actor, Perm.CLOSE_SESSION)
    done = _checklist(items, CLOSING_ITEMS)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)
        require_status(session, S.CLOSING, S.CLOSED)
        _require_not_recorded(session, E.CLOSING_CHECKLIST)
        event = record_event(actor, session, E.CLOSING_CHECKLIST, note=note, data={"items": done})
        audit_record(
            actor=actor, action="session.closing_checklist", obj=session, after={"items": done}
        )
    return event
