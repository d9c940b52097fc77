"""Where a card pack may go from where it is (DECK-01, DECK-07..19; §6.1, §6.5, §9.2*).

Pure data and predicates: the services (``tables.services.decks``) refuse any
move not listed here with 409 ``DECK_MOVE_NOT_ALLOWED``, naming the current
state and the allowed moves.

    received ─(receipt signed)→ stored ─→ issued ─→ inspected ─→ in play ⇄ rested
                                              │          └──→ reserve ─→ in play
                                              └→ rejected (imperfect card: whole pack)
    in play ─→ damaged (plays to the end of the hand) ─→ withdrawn
    at the table ─→ returned ─→ reusable | discard | replacement
    rejected, withdrawn ─→ discard | replacement ─→ cancelled | destroyed (security)
    reusable ─→ stored (the shift manager's final control puts it back in the cabinet)
"""

from __future__ import annotations

from .models.decks import PackState

S = PackState

ALLOWED_MOVES: dict[str, frozenset[str]] = {
    S.RECEIVED: frozenset({S.STORED}),
    S.STORED: frozenset({S.ISSUED}),
    # DECK-06/07: an issued pack is inspected face up and face down; one imperfect
    # card rejects the whole pack. An unused pack may go back at the end of the day.
    S.ISSUED: frozenset({S.INSPECTED, S.REJECTED, S.RETURNED}),
    # DECK-08: after inspection one pack is in play, the other in reserve in the pit.
    S.INSPECTED: frozenset({S.IN_PLAY, S.RESERVE, S.RETURNED}),
    S.RESERVE: frozenset({S.IN_PLAY, S.RETURNED}),
    # DECK-09 rotation, DECK-13 damaged card, DECK-10/DECK-20 incomplete pack withdrawn.
    S.IN_PLAY: frozenset({S.RESTED, S.DAMAGED, S.WITHDRAWN, S.RETURNED}),
    S.RESTED: frozenset({S.IN_PLAY, S.WITHDRAWN, S.RETURNED}),
    # DECK-13: the damaged pack finishes the hand, then the whole pack is replaced.
    S.DAMAGED: frozenset({S.WITHDRAWN}),
    # DECK-15: classification after the closing check; a faulty pack is never reusable.
    S.REJECTED: frozenset({S.DISCARD, S.REPLACEMENT}),
    S.WITHDRAWN: frozenset({S.DISCARD, S.REPLACEMENT}),
    S.RETURNED: frozenset({S.REUSABLE, S.DISCARD, S.REPLACEMENT}),
    S.REUSABLE: frozenset({S.STORED}),
    # DECK-19: a discarded pack is never issued again; DECK-18: security destroys it.
    S.DISCARD: frozenset({S.CANCELLED, S.DESTROYED}),
    S.REPLACEMENT: frozenset({S.CANCELLED, S.DESTROYED}),
    S.CANCELLED: frozenset(),
    S.DESTROYED: frozenset(),
}

# Where a pack is, for the daily reconciliation: received = in store + at tables +
# returned + destroyed (issue 5 §3).
IN_STORE = frozenset({S.RECEIVED, S.STORED})
AT_TABLE = frozenset({S.ISSUED, S.INSPECTED, S.RESERVE, S.IN_PLAY, S.RESTED, S.DAMAGED})
RETURNED = frozenset({S.REJECTED, S.WITHDRAWN, S.RETURNED, S.REUSABLE, S.DISCARD, S.REPLACEMENT})
FINISHED = frozenset({S.CANCELLED, S.DESTROYED})
# Inspected and usable at the table: the packs that make a table ready (DECK-04, DECK-19).
READY = frozenset({S.INSPECTED, S.RESERVE, S.IN_PLAY, S.RESTED})

assert IN_STORE | AT_TABLE | RETURNED | FINISHED == set(S.values)
assert not (IN_STORE & AT_TABLE or AT_TABLE & RETURNED or RETURNED & FINISHED)


def allowed_moves(state: str) -> list[str]:
    return sorted(ALLOWED_MOVES[PackState(state)])


def move_allowed(from_state: str, to_state: str) -> bool:
    return PackState(to_state) in ALLOWED_MOVES[PackState(from_state)]


def location_of(state: str) -> str:
    """``in_store`` / ``at_table`` / ``returned`` / ``destroyed``."""
    if state in IN_STORE:
        return "in_store"
    if state in AT_TABLE:
        return "at_table"
    if state in RETURNED:
        return "returned"
    return "destroyed"
