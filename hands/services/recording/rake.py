"""The rake of stored hands into the table's rake ledger (the cage's ``rake_post``)."""

from __future__ import annotations

from decimal import Decimal

from casino.access import Actor

from ... import hooks
from ...models import Hand, HandStatus


def post_rake(
    actor: Actor, hand: Hand, amount: Decimal, pots: list[Decimal], *, locked: bool = False
) -> None:
    """The rake of a valid hand into the table's rake ledger (issue 4 §5, RAKE-08).

    Uses the cage's ``rake_post`` (append-only, idempotent per hand). Hands with no
    rake leave no posting. The posting is made by the actor: the hand's logger, or
    the pit boss whose signed review resolves an invalid hand. The posting takes the
    settings version the hand was judged under; ``locked`` says that ``hand.session``
    is the session row locked by this transaction (a hand just written by
    :func:`write`), so the cage does not lock it again.
    """
    hooks.hand_posted(actor, hand, locked=locked)  # a promotion fund's drop (issue 44)
    if amount <= 0:
        return
    from cage.services import rake_post

    rake_post(
        actor=actor,
        session=hand.session,
        hand_number=hand.number,
        amount=amount,
        hand_started_at=hand.started_at,
        hand_ref=f"hand:{hand.pk}",
        expected_amount=hand.rake,
        settings=hand.settings,
        locked=locked,
    )


def rake_for(hand: Hand) -> Decimal:
    """What went into the rake box for a hand: the recorded rake, else the computed one."""
    return hand.recorded_rake if hand.recorded_rake is not None else hand.rake


def post_rakes(actor: Actor, hands: list[Hand]) -> None:
    """The rakes of hands just stored by :func:`write` (their session is the locked row)."""
    for hand in hands:
        if hand.status == HandStatus.VALID:
            post_rake(actor, hand, rake_for(hand), [], locked=True)
