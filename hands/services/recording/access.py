"""Who may record on a session: the table's staff (the casino check is the kernel's one,
``casino.access.same_casino``)."""

from __future__ import annotations

from casino.access import Actor
from tables.models import TableSession
from tables.selectors import require_assigned


def require_at_table(actor: Actor, session: TableSession) -> None:
    """Issue 12 §1: only who works the table records on it, in the role they act in.

    The session's supervisor or recorded relief; a croupier only where on duty; a
    pit boss only of the table's sector (the kernel's rule,
    ``tables.selectors.require_assigned``). Called with the session row locked.
    """
    require_assigned(actor, session=session)
