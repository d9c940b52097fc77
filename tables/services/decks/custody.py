"""What every custody move shares: the pack states, who may move a pack where, and the one
write of a move (the pack's new state, its append-only ``DeckEvent`` and the audit event)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from casino.access import Actor
from casino.audit import audit_record
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm
from casino.selectors import open_gaming_day

from ...codes import TablesCode
from ...models import DeckEvent, Pack, PackState, TableSession
from .._common import lock

P = PackState

PERM_FOR_TARGET: dict[str, Perm] = {
    P.ISSUED: Perm.DECK_ISSUE,
    P.STORED: Perm.DECK_RECEIVE,
    P.CANCELLED: Perm.DECK_DESTROY,
    P.DESTROYED: Perm.DECK_DESTROY,
}


def perm_for_move(to: str) -> Perm:
    return PERM_FOR_TARGET.get(to, Perm.DECK_HANDLE)


def _same_colour(a: str, b: str) -> bool:
    return a.strip().lower() == b.strip().lower()


def _gaming_day_id(actor: Actor, session: TableSession | None) -> int | None:
    if session is not None:
        return session.gaming_day_id
    day = open_gaming_day(actor.casino)
    return day.pk if day else None


def _apply(
    actor: Actor,
    pack: Pack,
    to: str,
    *,
    session: TableSession | None,
    keep_at_table: bool,
    with_user: User | None = None,
    related_pack: Pack | None = None,
    hand_number: int | None = None,
    note: str = "",
    data: dict[str, Any] | None = None,
) -> DeckEvent:
    """Move a locked pack and write its event (and the audit event) in one go."""
    before = pack.state
    pack.state = to
    pack.state_changed_at = timezone.now()
    pack.session = session if keep_at_table else None
    pack.save(update_fields=["state", "state_changed_at", "session"])
    event = DeckEvent.objects.create(
        casino_id=pack.casino_id,
        pack=pack,
        gaming_day_id=_gaming_day_id(actor, session),
        session=session,
        from_state=before,
        to_state=to,
        at=pack.state_changed_at,
        actor=actor.user,
        role=actor.role.value,
        with_user=with_user,
        related_pack=related_pack,
        hand_number=hand_number,
        note=note,
        data=data or {},
    )
    audit_record(
        actor=actor,
        action="pack.move",
        obj=pack,
        gaming_day=None,
        before={"state": before},
        after={"state": to, "session": session.pk if session else None},
        reason=note,
    )
    return event


def _lock_pack_at(actor: Actor, pack: Pack, session: TableSession, field: str) -> Pack:
    other = lock(Pack, pack.pk, actor)
    if other.session_id != session.pk:
        raise DomainError.of(TablesCode.PACK_NOT_AT_TABLE, serial=other.serial, field=field)
    return other


def _need_session(session: TableSession | None) -> TableSession:
    if session is None:
        raise DomainError.of(TablesCode.SESSION_REQUIRED, field="session")
    return session
