"""Who may record on a session: the table's staff, of the session's casino."""

from __future__ import annotations

from casino.access import Actor
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from tables.models import TableSession
from tables.selectors import require_assigned


def require_at_table(actor: Actor, session: TableSession) -> None:
    """Issue 12 §1: only who works the table records on it, in the role they act in.

    The session's supervisor or recorded relief; a croupier only where on duty; a
    pit boss only of the table's sector (the kernel's rule,
    ``tables.selectors.require_assigned``). Called with the session row locked.
    """
    require_assigned(actor, session=session)


def same_casino(actor: Actor, session: TableSession) -> None:
    if session.casino_id != actor.user.casino_id:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSession)
