"""The rotation of a table's packs (DECK-09): the pack in play rests, the other colour
comes in; at a dealer change (``rotate_packs``, inside the session's transaction) or on
the timer (``deck_rotate``)."""

from __future__ import annotations

from django.db import transaction

from casino.access import Actor, require
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm

from ...codes import TablesCode
from ...models import Pack, TableSession
from ...selectors.assignment import lock_session
from ...selectors.sessions import croupier_on_duty
from .._common import S, require_at_table, require_no_hand, require_status
from .custody import P, _apply, _lock_pack_at, _same_colour


def rotate_packs(
    actor: Actor,
    session: TableSession,
    incoming: Pack,
    *,
    complete: bool,
    checked_by: User | None,
    reason: str,
) -> tuple[Pack, Pack]:
    """The pack in play rests and ``incoming`` (the other colour) comes in (DECK-09, OQ-21).

    Runs inside the caller's transaction with the session locked. An incomplete pack
    is withdrawn instead of rested (DECK-10).
    """
    outgoing = Pack.objects.select_for_update().filter(session=session, state=P.IN_PLAY).first()
    if outgoing is None:
        raise DomainError.of(TablesCode.NO_PACK_IN_PLAY)
    incoming = _lock_pack_at(actor, incoming, session, "incoming_pack")
    if incoming.state not in (P.INSPECTED, P.RESERVE, P.RESTED):
        raise DomainError.of(
            TablesCode.ROTATION_PACK_NOT_READY,
            serial=incoming.serial,
            state=incoming.state,
            field="incoming_pack",
            details={"state": incoming.state},
        )
    if _same_colour(incoming.colour, outgoing.colour):
        raise DomainError.of(
            TablesCode.ROTATION_SAME_COLOUR, colour=incoming.colour, field="incoming_pack"
        )
    rested = P.RESTED if complete else P.WITHDRAWN
    data = {"reason": reason, "complete": complete}
    _apply(
        actor,
        outgoing,
        rested,
        session=session,
        keep_at_table=complete,
        with_user=checked_by,
        related_pack=incoming,
        data=data,
    )
    _apply(
        actor,
        incoming,
        P.IN_PLAY,
        session=session,
        keep_at_table=True,
        related_pack=outgoing,
        data=data,
    )
    return outgoing, incoming


def deck_rotate(
    *,
    actor: Actor,
    session: TableSession,
    incoming_pack: Pack,
    outgoing_complete: bool = True,
    note: str = "",
) -> tuple[Pack, Pack]:
    """Rotate the packs of a table outside a dealer change (about every two hours, DECK-09)."""
    require(actor, Perm.DECK_HANDLE)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)  # issue 12 §1
        require_status(session, S.OPEN, S.IN_PLAY, S.SUSPENDED)
        require_no_hand(session)
        return rotate_packs(
            actor,
            session,
            incoming_pack,
            complete=outgoing_complete,
            checked_by=croupier_on_duty(session),
            reason=note or "timer",
        )
