"""Correct a stored hand: a linked revision, the original unchanged (HREC-09).

The revision runs the recorder's steps (``prepare``, ``admit``, ``write``); a revision of
a closed hand must pass the engine, and counts at once or once the pit boss signs it
(``review.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

from casino.access import Actor, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.refusals import Words
from casino.roles import Perm, role_has
from tables import hooks as table_hooks
from tables.models import TableSession
from tables.services import lock_session

from ... import selectors
from ...codes import HandsCode
from ...models import Hand, HandSource, HandStatus
from .access import require_at_table
from .admit import admit
from .book import SessionBook
from .prepare import Prepared, prepare
from .rake import post_rake, rake_for
from .write import write


def hand_correct(
    *,
    actor: Actor,
    hand: Hand,
    data: dict[str, Any],
    reason: str,
    dealer: str | None = None,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
) -> Hand:
    """A corrected revision of a stored hand, linked to it (the original unchanged).

    An invalid hand waiting for its review: the revision is the correction entry the pit
    boss's signed review rests on (issue 4 §3). Any other stored hand (valid, void, or
    invalid and already resolved; HREC-09, issue 38 §3): the revision must pass the
    engine (``CORRECTION_INVALID`` otherwise: a closed hand is only replaced by a record
    that stands); it counts at once while the next hand has not started (the hand's rake
    posting is reversed and posted again, the seating plan moves if it is the last hand),
    after that only once the pit boss signs it (``HandRevisionApproval``, in his *Por
    firmar*), with the later hands' continuity checked again and the differences kept.
    """
    from casino.access import require

    if not (role_has(actor.role, Perm.LOG_HAND) or role_has(actor.role, Perm.REVIEW_HAND)):
        require(actor, Perm.LOG_HAND)
    require(actor, Perm.VIEW_HANDS)
    require_reason(reason)
    with transaction.atomic():
        s = lock_session(hand.session_id)
        same_casino(actor, s)
        require_at_table(actor, s)
        original = Hand.objects.select_for_update().get(pk=hand.pk)
        require_original(original)
        closed = not _awaiting_review(original)
        pending = closed and selectors.next_hand_started(original)
        book = SessionBook(s)
        prepared = prepare(
            book,
            data,
            source=HandSource.CORRECTION,
            dealer=dealer or (original.dealer.username if original.dealer else None),
            started_at=started_at or original.started_at,
            ended_at=ended_at or original.ended_at,
            revision_of=original,
            check_refusals=False,
        )
        if closed and prepared.status == HandStatus.INVALID:
            _refuse_invalid(prepared)
        if not pending:
            admit(book, actor, prepared)  # the last hand's revision moves the plan now
        (revision,) = write(book, actor, [prepared])
        correction, approval = _correction_rows(actor, s, original, revision, reason, pending)
        if closed and not pending:
            revision_counts(actor, original, revision, reason.strip())
        # Issue 42 §7: a tournament's busts follow the revision that counts now, and one
        # that changes a bust after the next hand is refused (the floor corrects it first).
        table_hooks.hand_revised(
            actor, original, revision, counts=not pending, reason=reason.strip()
        )
        audit_record(
            actor=actor,
            action="hand.correct",
            obj=original,
            after={
                "revision": revision.pk,
                "status": revision.status,
                "correction": correction.pk,
                "pending_signature": approval is not None,
                "continuity": approval.continuity if approval is not None else [],
                "rake": {"before": str(original.rake), "after": str(revision.rake)},
            },
            reason=reason.strip(),
        )
    return revision


def _refuse_invalid(prepared: Prepared) -> None:
    """A closed hand is only replaced by a record that stands (``CORRECTION_INVALID``)."""
    errors = [v for v in prepared.violations if v.severity == "error"]
    raise DomainError.of(
        HandsCode.CORRECTION_INVALID,
        join=Words(
            "; ".join(v.message_es for v in errors[:3]),
            "; ".join(v.message_en for v in errors[:3]),
        ),
        field="actions",
        details={"codes": [v.code for v in errors]},
    )


def _correction_rows(
    actor: Actor, s: TableSession, original: Hand, revision: Hand, reason: str, pending: bool
) -> tuple[Any, Any]:
    """The correction linking the revision to its original, and the pit boss's approval
    it waits for when the next hand has started."""
    from ...models import HandCorrection, HandRevisionApproval

    correction = HandCorrection.objects.create(
        casino_id=s.casino_id,
        original=original,
        revision=revision,
        kind=HandCorrection.Kind.REVISION,
        reason=reason.strip(),
        created_by=actor.user,
        role=actor.role.value,
    )
    approval = None
    if pending:
        approval = HandRevisionApproval.objects.create(
            casino_id=s.casino_id,
            hand=original,
            correction=correction,
            continuity=selectors.later_continuity(revision),
            created_by=actor.user,
        )
    return correction, approval


def revision_counts(actor: Actor, original: Hand, revision: Hand, reason: str) -> None:
    """A revision of a closed hand now counts (issue 38 §3): the hand's rake posting is
    reversed and the revision's rake posted (RAKE-08; the ledger keeps both, append-only).
    A session already closed takes no posting (its rake box was counted at the closing,
    ``cage.services.rake_post``): the difference stays in the correction's audit event."""
    from cage.services import rake_reverse_for_revision

    if original.session.status in (TableSession.Status.OPENING, TableSession.Status.CLOSED):
        return
    text = f"Corrección de la mano {original.number}: {reason}"[:500]
    for entry in selectors.hand_rake_postings(original):
        rake_reverse_for_revision(actor=actor, entry=entry, reason=text)
    if revision.status == HandStatus.VALID:
        post_rake(actor, revision, rake_for(revision), [])


def require_reason(reason: str) -> None:
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")


def require_original(hand: Hand) -> None:
    if hand.revision_of_id is not None:
        raise DomainError.of(HandsCode.NOT_AN_ORIGINAL, field="hand")


def _awaiting_review(hand: Hand) -> bool:
    """An invalid hand without the pit boss's signed review (issue 4 §3)."""
    from ...models import HandReview

    return (
        hand.status == HandStatus.INVALID
        and not HandReview.objects.filter(hand=hand, locked_at__isnull=False).exists()
    )
