"""Procedure records of issue 17 §4: play begins (OPEN-17, SHUF-01), the management's
preparation checklist (PREP-01).

"Play begins" is the session's ``PLAY_STARTED`` event: who was told (the supervisor or
pit boss who records it: recording it is being told), by whom (the croupier on duty),
when, and how many players were present (at least two, OPEN-17). It is written by
``session_start_play`` and, when the supervisor or pit boss logs the session's first
hand himself, by the hand recorder (:func:`play_begins_for_first_hand`); a croupier's
first hand before anyone was told is refused.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from casino.access import Actor, require
from casino.audit import audit_record, snapshot
from casino.errors import DomainError
from casino.models import GamingDay
from casino.roles import Perm

from ..codes import TablesCode
from ..models import PreparationChecklist, SessionEvent, TableSession
from ..selectors.procedure import preparation_documents
from ..selectors.sessions import croupier_on_duty, ops_settings
from ._common import current_gaming_day, record_event

E = SessionEvent.Kind
# OPEN-17, SHUF-01: "the pit boss or a supervisor has been told" (the shift manager is
# above both and may stand in): ``Perm.ANNOUNCE_PLAY`` (casino.roles).
MIN_PLAYERS = 2  # OPEN-17, SHUF-01 (``min_players_to_deal``)


def check_players_present(players_present: Any, session: TableSession) -> int:
    """2 to the table's seats (OPEN-17): fewer is a refusal the supervisor can act on."""
    if isinstance(players_present, bool) or not isinstance(players_present, int):
        raise DomainError.of(TablesCode.PLAYERS_PRESENT_INVALID, field="players_present")
    if players_present < MIN_PLAYERS:
        raise DomainError.of(
            TablesCode.TOO_FEW_PLAYERS,
            field="players_present",
            details={"players_present": players_present, "minimum": MIN_PLAYERS},
        )
    seats = session.settings.max_seats
    if players_present > seats:
        raise DomainError.of(TablesCode.PLAYERS_PRESENT_INVALID, field="players_present")
    return players_present


def play_begins_event(
    actor: Actor, session: TableSession, *, players_present: int | None, how: str
) -> SessionEvent:
    """Write the ``PLAY_STARTED`` event (inside the caller's locked transaction)."""
    croupier = croupier_on_duty(session)
    return record_event(
        actor,
        session,
        E.PLAY_STARTED,
        person=croupier,
        data={
            "told": actor.user.username,
            "told_role": actor.role.value,
            "told_by": croupier.username if croupier else None,
            "players_present": players_present,
            "how": how,
        },
    )


def play_begins_for_first_hand(*, actor: Actor, session: TableSession, players: int) -> None:
    """The session's first hand (live start or whole-hand log): play must have been
    announced (OPEN-17, SHUF-01). A supervisor or pit boss logging it himself is told by
    doing so: the event is recorded with the hand's players; a croupier is refused until
    the supervisor starts play. Called with the session row locked."""
    if SessionEvent.objects.filter(session=session, kind=E.PLAY_STARTED).exists():
        return
    if not actor.can(Perm.ANNOUNCE_PLAY):
        raise DomainError.of(TablesCode.PLAY_NOT_ANNOUNCED, field="session")
    event = play_begins_event(
        actor, session, players_present=check_players_present(players, session), how="first_hand"
    )
    audit_record(
        actor=actor,
        action="session.play_begins",
        obj=event,
        after=snapshot(event, ["kind", "data"]),
        gaming_day=session.gaming_day,
        casino_id=session.casino_id,
    )


# --- PREP-01: the management's checklist before play ----------------------------------


def require_preparation(actor: Actor, day: GamingDay) -> None:
    """With ``require_preparation_checklist`` (off by default: the manual puts the
    checklist on management, not as a lock on each table), a table opens only after
    the day's checklist is signed (PREP-01)."""
    if not ops_settings(actor.casino).require_preparation_checklist:
        return
    if not PreparationChecklist.objects.filter(casino=actor.casino, gaming_day=day).exists():
        raise DomainError.of(TablesCode.PREPARATION_CHECKLIST_MISSING)


def preparation_checklist_record(
    *,
    actor: Actor,
    spaces_inspected: bool,
    cards_checked: bool,
    documents_compared: bool,
    deficiencies: str = "",
    cards_replaced: str = "",
    note: str = "",
) -> PreparationChecklist:
    """The shift manager signs the day's checklist before play (PREP-01, ROLE-09).

    One per gaming day (a second one is refused, 409); every item must be confirmed
    (an unticked box is a refusal, not a "no"); the numbered documents compared are
    each table's last signed closing and the day's GEN-10 link findings, kept on the
    record as they were when it was signed.
    """
    require(actor, Perm.MANAGE_SETTINGS)
    if not actor.can(Perm.SIGN_PREPARATION_CHECKLIST):
        raise DomainError.of(TablesCode.PREPARATION_NOT_SHIFT_MANAGER)
    items = {
        "spaces_inspected": spaces_inspected,
        "cards_checked": cards_checked,
        "documents_compared": documents_compared,
    }
    for name, value in items.items():
        if value is not True:
            raise DomainError.of(TablesCode.CHECKLIST_ITEM_MISSING, field=name)
    with transaction.atomic():
        day = current_gaming_day(actor)
        if PreparationChecklist.objects.filter(casino=actor.casino, gaming_day=day).exists():
            raise _already_signed()
        try:
            with transaction.atomic():
                record = PreparationChecklist.objects.create(
                    casino=actor.casino,
                    gaming_day=day,
                    signed_by=actor.user,
                    role=actor.role.value,
                    spaces_inspected=True,
                    deficiencies=deficiencies.strip(),
                    cards_checked=True,
                    cards_replaced=cards_replaced.strip(),
                    documents_compared=True,
                    documents=preparation_documents(actor.casino, day),
                    note=note.strip(),
                )
        except IntegrityError:
            raise _already_signed() from None
        audit_record(
            actor=actor,
            action="tables.preparation_checklist",
            obj=record,
            after=snapshot(record),
            gaming_day=day,
        )
    return record


def _already_signed() -> DomainError:
    return DomainError.of(TablesCode.CHECKLIST_ALREADY_SIGNED)
