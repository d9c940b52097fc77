"""Log a complete hand: the recorder's pipeline as one service (issue 4 §2–§5).

Lock the session, then prepare (parse → carry in → judge → book checks → word,
``prepare.prepare``), admit, write, post the rake, tell the tables' hooks and the deck
faults, audit. The live hand, the PHH import and the correction run the same steps
(``live.py``, ``jobs.py``, ``correct.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from casino.access import Actor, same_casino
from casino.atomic import service_atomic
from casino.audit import audit_record
from casino.errors import DomainError
from casino.roles import Perm
from tables import hooks as table_hooks
from tables.models import TableSession
from tables.services import lock_session

from ...codes import HandsCode
from ...models import Hand, HandSource, HandStatus
from ..incidents import deck_faults_from_hand
from .access import require_at_table
from .admit import admit
from .book import SessionBook
from .prepare import prepare
from .rake import post_rakes
from .write import write


def hand_log(
    *,
    actor: Actor,
    session: TableSession | int,
    data: dict[str, Any],
    number: int | None = None,
    dealer: str | None = None,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
    source: str = HandSource.API,
    notes: str = "",
    redeal_of: Hand | None = None,
) -> Hand:
    """Log a complete hand (issue 4 §2–§5): validate, store with its verdict, post the rake."""
    from casino.access import require

    require(actor, Perm.LOG_HAND)
    with service_atomic():  # no savepoint inside the API's own transaction (issue 43)
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)
        if redeal_of is not None and (
            redeal_of.session_id != s.pk or redeal_of.status != HandStatus.VOID
        ):
            raise DomainError.of(HandsCode.REDEAL_OF_INVALID, field="redeal_of")
        book = SessionBook(s)
        prepared = prepare(
            book,
            data,
            source=source,
            number=number,
            dealer=dealer,
            started_at=started_at,
            ended_at=ended_at,
            notes=notes,
            redeal_of=redeal_of,
        )
        admit(book, actor, prepared)
        (hand,) = write(book, actor, [prepared])
        post_rakes(actor, [hand])
        table_hooks.hand_stored(actor, hand)  # issue 42: a tournament's busts, in this transaction
        deck_faults_from_hand(actor=actor, hand=hand)  # DECK-20
        audit_record(
            actor=actor,
            action="hand.log",
            obj=hand,
            after={
                "session": s.pk,
                "number": hand.number,
                "status": hand.status,
                "rake": str(hand.rake),
                "violations": prepared.codes,
                "source": source,
            },
        )
    return hand
