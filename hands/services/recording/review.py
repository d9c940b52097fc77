"""The pit boss's side of a hand: an override, a signed review, a signed correction."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from casino.access import Actor
from casino.audit import audit_record
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.roles import Perm, Role, role_has
from tables.services import lock_session

from ... import selectors
from ...codes import HandsCode
from ...models import Hand, HandStatus
from .access import require_at_table
from .correct import require_original, require_reason, revision_counts
from .rake import post_rake, rake_for


def hand_override(*, actor: Actor, hand: Hand, reason: str) -> Any:
    """HREC-07, AUTH-04: the staff decision stands as recorded, with a reason."""
    from casino.access import require

    from ...models import HandCorrection

    if not (role_has(actor.role, Perm.LOG_HAND) or role_has(actor.role, Perm.REVIEW_HAND)):
        require(actor, Perm.REVIEW_HAND)
    require_reason(reason)
    with transaction.atomic():
        original = Hand.objects.select_for_update().get(pk=hand.pk)
        if original.casino_id != actor.user.casino_id:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand)
        require_at_table(actor, original.session)
        _require_correctable(original)
        correction = HandCorrection.objects.create(
            casino_id=original.casino_id,
            original=original,
            kind=HandCorrection.Kind.OVERRIDE,
            reason=reason.strip(),
            created_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="hand.override",
            obj=original,
            after={"correction": correction.pk},
            reason=reason.strip(),
        )
    return correction


def _require_correctable(hand: Hand) -> None:
    """An override or a review: only for an invalid hand not yet resolved."""
    from ...models import HandReview

    require_original(hand)
    if hand.status != HandStatus.INVALID:
        raise DomainError.of(HandsCode.HAND_NOT_INVALID, field="hand")
    if HandReview.objects.filter(hand=hand, locked_at__isnull=False).exists():
        raise DomainError.of(HandsCode.HAND_RESOLVED, field="hand")


def hand_review(
    *,
    actor: Actor,
    hand: Hand,
    correction_id: int,
    note: str = "",
    override_reason: str = "",
) -> Any:
    """The pit boss's signed review: the invalid hand is resolved (issue 4 §3, HREC-09).

    A pit boss of the table's sector signs it; the shift manager only as an override
    with ``override_reason`` (issue 12 §1, ``HandReview.signing_assignment``)."""
    from casino.access import require
    from casino.signatures import document_sign

    from ...models import HandCorrection, HandReview, HandRevisionApproval

    require(actor, Perm.REVIEW_HAND)
    with transaction.atomic():
        original = Hand.objects.select_for_update().get(pk=hand.pk)
        if original.casino_id != actor.user.casino_id:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand)
        approval = HandRevisionApproval.objects.filter(
            correction_id=correction_id, hand=original
        ).first()
        if approval is not None:  # a closed hand's correction (issue 38 §3)
            return _approve(actor, original, approval, note, override_reason)
        _require_correctable(original)
        correction = HandCorrection.objects.filter(pk=correction_id, original=original).first()
        if correction is None:
            raise DomainError.of(HandsCode.CORRECTION_REQUIRED, field="correction")
        if HandReview.objects.filter(hand=original).exists():
            review = HandReview.objects.get(hand=original)
            if review.correction_id != correction.pk:
                raise DomainError.of(HandsCode.REVIEW_EXISTS, field="correction")
        else:
            review = HandReview.objects.create(
                casino_id=original.casino_id,
                hand=original,
                correction=correction,
                note=note or "",
                created_by=actor.user,
            )
        result = document_sign(
            actor=actor, document=review, role=Role.PIT_BOSS, override_reason=override_reason
        )
        if result.locked:
            # The rake of the resolved hand goes into the books now (issue 4 §5).
            revision = correction.revision
            source = revision if revision is not None else original
            post_rake(actor, source, rake_for(source), [])
        audit_record(
            actor=actor,
            action="hand.review",
            obj=original,
            after={"review": review.pk, "correction": correction.pk, "locked": result.locked},
            reason=note or "",
        )
    return review


def _approve(actor: Actor, original: Hand, approval: Any, note: str, override_reason: str) -> Any:
    """The pit boss signs a closed hand's correction made after the next hand started
    (issue 38 §3, HREC-09): it counts from now. The later hands' continuity is checked
    again (the differences go in the audit event and on the hand's page)."""
    from casino.signatures import document_sign

    if approval.is_locked:
        raise DomainError.of(HandsCode.CORRECTION_SIGNED, field="correction")
    lock_session(original.session_id)
    result = document_sign(
        actor=actor, document=approval, role=Role.PIT_BOSS, override_reason=override_reason
    )
    correction = approval.correction
    continuity: list[dict[str, Any]] = []
    if result.locked:
        revision_counts(actor, original, correction.revision, correction.reason)
        continuity = selectors.later_continuity(correction.revision)
    audit_record(
        actor=actor,
        action="hand.correction.approve",
        obj=original,
        after={
            "approval": approval.pk,
            "correction": correction.pk,
            "revision": correction.revision_id,
            "locked": result.locked,
            "continuity": continuity,
        },
        reason=note or "",
    )
    return approval
