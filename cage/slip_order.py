"""The order a fill or credit slip is signed in, per kind (CLOSE-07, issue 14 §5).

One table, read by the service that enforces it (``services.slips.slip_signing_blockers``),
the pages and queues that show whose turn it is, and the printed form
(``reports.kinds.slips``); nobody keeps a copy.

A fill carries chips from the cage to the table: the pit boss requests it, the cage
cashier issues the chips, security carries them, and the croupier and the supervisor
receive them at the table (either of the two first). A credit carries chips the other
way, so they change hands in the opposite order: the pit boss requests it, the croupier
counts and hands over the table's chips, the supervisor checks the hand-over, security
carries them, and the cage receives them and signs last ("confirmed by the cage",
CLOSE-07).
"""

from __future__ import annotations

from collections.abc import Collection

from casino.roles import Role

from .models import SlipKind

#: Per kind, the steps in order; the roles of one step sign in any order between them.
SIGNING_STEPS: dict[str, tuple[tuple[Role, ...], ...]] = {
    SlipKind.FILL: (
        (Role.PIT_BOSS,),
        (Role.CAGE_CASHIER,),
        (Role.SECURITY,),
        (Role.CROUPIER, Role.SUPERVISOR),
    ),
    SlipKind.CREDIT: (
        (Role.PIT_BOSS,),
        (Role.CROUPIER,),
        (Role.SUPERVISOR,),
        (Role.SECURITY,),
        (Role.CAGE_CASHIER,),
    ),
}


def _steps(kind: str) -> tuple[tuple[Role, ...], ...]:
    try:
        return SIGNING_STEPS[kind]
    except KeyError:
        raise ValueError(f"unknown slip kind: {kind!r}") from None


def signing_order(kind: str) -> tuple[Role, ...]:
    """Every role of a slip of this kind, in the order they sign (and are printed)."""
    return tuple(role for step in _steps(kind) for role in step)


def signs_after(kind: str, role: Role) -> tuple[Role, ...]:
    """The roles that must have signed before ``role`` may sign a slip of this kind."""
    before: list[Role] = []
    for step in _steps(kind):
        if role in step:
            return tuple(before)
        before.extend(step)
    return tuple(before)


def next_signers(kind: str, signed: Collection[str]) -> tuple[Role, ...]:
    """The roles whose turn it is: the unsigned roles of the first step not complete.

    ``signed`` holds role values (``Slip.signed_roles()``). Empty when all have signed.
    """
    for step in _steps(kind):
        missing = tuple(role for role in step if role.value not in signed)
        if missing:
            return missing
    return ()
