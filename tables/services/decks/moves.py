"""Every move of a pack (``deck_move``): the pack locked, the move checked against
``tables.deckrules.ALLOWED_MOVES`` and handed to its state's handler; the moves at the table
(issue, play, reserve, rest, damage, withdrawal, return) and into the store are here, the
inspection and the disposal in their own modules."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from casino.access import Actor, require, same_casino
from casino.errors import DomainError, require_text
from casino.models import User

from ...codes import TablesCode
from ...deckrules import AT_TABLE, READY, allowed_moves, move_allowed
from ...models import Pack, TableSession
from ...selectors.assignment import lock_session
from .._common import (
    S,
    lock,
    require_at_table,
    require_no_hand,
    require_status,
)
from .custody import P, _apply, _lock_pack_at, _need_session, _same_colour, perm_for_move
from .disposal import _move_classify, _move_finish
from .inspection import _move_inspect, _move_reject


def _not_allowed(pack: Pack, to: str) -> DomainError:
    allowed = allowed_moves(pack.state)
    return DomainError.of(
        TablesCode.DECK_MOVE_NOT_ALLOWED,
        serial=pack.serial,
        state=P(pack.state),
        to=P(to),
        allowed=[P(a) for a in allowed],
        field="to",
        details={"state": pack.state, "allowed": allowed},
    )


def deck_move(
    *,
    actor: Actor,
    pack: Pack,
    to: str,
    session: TableSession | None = None,
    with_user: User | None = None,
    note: str = "",
    hand_number: int | None = None,
    replaces: Pack | None = None,
    replacement: Pack | None = None,
    complete: bool = False,
    face_up_ok: bool = False,
    face_down_ok: bool = False,
    pin: str | None = None,
) -> Pack:
    """Move one pack to ``to``, if its state allows it (409 with the allowed moves if not).

    ``complete``, ``face_up_ok`` and ``face_down_ok`` are what the person declared, false
    unless said (a box nobody ticked is a check nobody did); ``pin`` is the witness's of an
    inspection (DECK-06)."""
    try:
        to = P(to)
    except ValueError:
        raise DomainError.of(
            TablesCode.STATE_INVALID, to=to, field="to", details={"allowed": P.values}
        ) from None
    require(actor, perm_for_move(to))
    same_casino(actor, pack)
    if session is not None:
        same_casino(actor, session)
    with transaction.atomic():
        # Lock order everywhere: the session first, then its packs.
        current_session_id = (
            Pack.objects.filter(pk=pack.pk).values_list("session_id", flat=True).first()
        )
        session_id = session.pk if session is not None else current_session_id
        locked_session = lock_session(session_id, actor) if session_id else None
        if locked_session is not None:
            # Issue 12 §1: at a table, the croupier on duty, the session's supervisor or a
            # pit boss of its sector (issue, inspection, rotation, return ...).
            require_at_table(actor, session=locked_session)
        pack = lock(Pack, pack.pk, actor)
        if not move_allowed(pack.state, to):
            raise _not_allowed(pack, to)
        handler = _HANDLERS[to]
        handler(
            actor,
            pack,
            locked_session,
            with_user=with_user,
            note=(note or "").strip(),
            hand_number=hand_number,
            replaces=replaces,
            replacement=replacement,
            complete=complete,
            face_up_ok=face_up_ok,
            face_down_ok=face_down_ok,
            pin=pin,
        )
    return pack


def _move_issue(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """STORED → ISSUED: two packs of different colours per table (DECK-04)."""
    session = _need_session(session)
    require_status(session, S.OPENING, S.OPEN, S.IN_PLAY, S.SUSPENDED)
    replaces: Pack | None = kw["replaces"]
    at_table = list(Pack.objects.filter(session=session, state__in=AT_TABLE).exclude(pk=pack.pk))
    if replaces is not None:
        replaces = lock(Pack, replaces.pk, actor)
        if replaces.state not in (P.DAMAGED, P.REJECTED) or (
            replaces.state == P.DAMAGED and replaces.session_id != session.pk
        ):
            raise DomainError.of(TablesCode.NOT_A_REPLACEMENT, field="replaces")
        if not _same_colour(replaces.colour, pack.colour):
            # DECK-13, OQ-21: a damaged pack is replaced by one of the same colour.
            raise DomainError.of(
                TablesCode.REPLACEMENT_COLOUR, colour=replaces.colour, field="replaces"
            )
        at_table = [p for p in at_table if p.pk != replaces.pk]
    if any(_same_colour(p.colour, pack.colour) for p in at_table):
        raise DomainError.of(
            TablesCode.SAME_COLOUR_AT_TABLE,
            colour=pack.colour,
            details={"packs": [p.serial for p in at_table]},
        )
    if len(at_table) >= 2:
        raise DomainError.of(
            TablesCode.TABLE_HAS_TWO_PACKS, details={"packs": [p.serial for p in at_table]}
        )
    _apply(
        actor,
        pack,
        P.ISSUED,
        session=session,
        keep_at_table=True,
        with_user=kw["with_user"],
        related_pack=replaces,
        note=kw["note"],
        data={"new": pack.is_new, "replaces": replaces.serial if replaces else None},
    )


def _move_in_play(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """→ IN_PLAY: one pack in play per table (DECK-08); a second goes in by rotation."""
    session = _need_session(session)
    require_status(session, S.OPENING, S.OPEN, S.IN_PLAY)
    busy = Pack.objects.filter(session=session, state__in=[P.IN_PLAY, P.DAMAGED]).exclude(
        pk=pack.pk
    )
    if busy.exists():
        raise DomainError.of(
            TablesCode.PACK_ALREADY_IN_PLAY, details={"in_play": [p.serial for p in busy]}
        )
    if pack.state == P.RESTED:
        require_no_hand(session)
    _apply(actor, pack, P.IN_PLAY, session=session, keep_at_table=True, note=kw["note"])


def _move_reserve(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """INSPECTED → RESERVE: kept by the supervisor in the pit (DECK-08)."""
    _apply(
        actor, pack, P.RESERVE, session=_need_session(session), keep_at_table=True, note=kw["note"]
    )


def _move_rest(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """IN_PLAY → RESTED: picked up, sorted and checked complete (DECK-10)."""
    session = _need_session(session)
    require_no_hand(session)
    if not kw["complete"]:
        raise DomainError.of(
            TablesCode.PACK_INCOMPLETE,
            problem=DomainError.of(TablesCode.PACK_INCOMPLETE_NOT_RESTING),
            field="complete",
        )
    _apply(
        actor,
        pack,
        P.RESTED,
        session=session,
        keep_at_table=True,
        with_user=kw["with_user"],
        note=kw["note"],
        data={"complete": True},
    )


def _move_damaged(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """IN_PLAY → DAMAGED: the card plays to the end of the hand (DECK-13, OQ-22)."""
    session = _need_session(session)
    require_text(kw["note"], field="note", code=TablesCode.NOTE_REQUIRED)
    _apply(
        actor,
        pack,
        P.DAMAGED,
        session=session,
        keep_at_table=True,
        with_user=kw["with_user"],
        hand_number=kw["hand_number"],
        note=kw["note"],
    )


def _move_withdraw(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """→ WITHDRAWN after the hand; a replacement may come in at once (DECK-13, DECK-20)."""
    session = _need_session(session)
    require_no_hand(session)
    was = pack.state
    if was != P.DAMAGED:
        require_text(kw["note"], field="note", code=TablesCode.NOTE_REQUIRED)
    replacement: Pack | None = kw["replacement"]
    if replacement is not None:
        replacement = _lock_pack_at(actor, replacement, session, "replacement")
        if replacement.state not in READY - {P.IN_PLAY}:
            raise DomainError.of(
                TablesCode.REPLACEMENT_NOT_READY,
                serial=replacement.serial,
                field="replacement",
                details={"state": replacement.state},
            )
        if was == P.DAMAGED and not _same_colour(replacement.colour, pack.colour):
            raise DomainError.of(
                TablesCode.REPLACEMENT_COLOUR, colour=pack.colour, field="replacement"
            )
    _apply(
        actor,
        pack,
        P.WITHDRAWN,
        session=session,
        keep_at_table=False,
        with_user=kw["with_user"],
        related_pack=replacement,
        note=kw["note"],
        data={"was": was, "complete": kw["complete"]},
    )
    if replacement is not None and was in (P.IN_PLAY, P.DAMAGED):
        _apply(
            actor,
            replacement,
            P.IN_PLAY,
            session=session,
            keep_at_table=True,
            related_pack=pack,
            note=kw["note"],
            data={"replaces": pack.serial},
        )


def _move_return(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """At the table → RETURNED to the pit boss, sorted and inspected (DECK-14)."""
    if pack.state == P.IN_PLAY and session is not None:
        require_no_hand(session)
    _apply(
        actor,
        pack,
        P.RETURNED,
        session=session,
        keep_at_table=False,
        with_user=kw["with_user"],
        note=kw["note"],
        data={"complete": kw["complete"]},
    )


def _move_store(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    if pack.state == P.RECEIVED:
        raise DomainError.of(TablesCode.RECEIPT_NOT_SIGNED, details={"receipt": pack.receipt_id})
    _apply(actor, pack, P.STORED, session=None, keep_at_table=False, note=kw["note"])


def _with_target(handler: Any, target: str) -> Any:
    def run(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
        handler(actor, pack, session, to=target, **kw)

    return run


_HANDLERS = {
    P.STORED: _move_store,
    P.ISSUED: _move_issue,
    P.INSPECTED: _move_inspect,
    P.REJECTED: _move_reject,
    P.IN_PLAY: _move_in_play,
    P.RESERVE: _move_reserve,
    P.RESTED: _move_rest,
    P.DAMAGED: _move_damaged,
    P.WITHDRAWN: _move_withdraw,
    P.RETURNED: _move_return,
    P.REUSABLE: _with_target(_move_classify, P.REUSABLE),
    P.DISCARD: _with_target(_move_classify, P.DISCARD),
    P.REPLACEMENT: _with_target(_move_classify, P.REPLACEMENT),
    P.CANCELLED: _with_target(_move_finish, P.CANCELLED),
    P.DESTROYED: _with_target(_move_finish, P.DESTROYED),
}
assert set(_HANDLERS) == set(P.values) - {P.RECEIVED}
