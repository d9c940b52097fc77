"""Signing documents: the one way every regulated document gets signed and locked.

Rules (issue 2 §4, ROLE-13, ROLE-14):
- a document declares the roles that must sign it;
- the signer must hold the role they sign in; signing in a role the document
  does not need, or one already signed, is refused;
- one person never signs one document in two roles;
- a signature records signer, role, time and the SHA-256 of the document's
  content at signing; every signature of a document must vouch for the same
  content (the content cannot change between signatures);
- when the last required signature lands, the document is locked and the
  database refuses any later change to it (``casino.immutability``).

A croupier signs on the supervisor's terminal with a personal PIN (OQ-34): the
operator is the logged-in actor, the signer is identified by username and PIN.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, transaction
from django.utils import timezone

from .access import Actor
from .audit import audit_record
from .codes import CasinoCode
from .errors import DomainError
from .models import SignableDocument, Signature, User
from .pins import pin_verify
from .roles import Role
from .scoping import Override, check_assignment, check_pit_boss_or_override

D = TypeVar("D", bound=SignableDocument)


@dataclass(frozen=True)
class SignResult:
    signature: Signature
    locked: bool


def _signer_and_method(actor: Actor, signer: User | None, pin: str | None) -> tuple[User, str]:
    """Who signs and how; the PIN itself is checked last (:func:`casino.pins.pin_verify`)."""
    if signer is None or signer.pk == actor.user.pk:
        return actor.user, Signature.Method.SESSION
    if not pin:
        raise DomainError.of(CasinoCode.PIN_REQUIRED, user=signer, field="pin")
    return signer, Signature.Method.PIN


def _check_signer_scope(
    actor: Actor,
    doc: SignableDocument,
    *,
    user: User,
    role: Role,
    method: str,
    override_reason: str,
) -> Override | None:
    """The signer holds the role and is assigned to the document's table (issue 12 §1).

    The shift manager may fill the pit boss's slot only as an override with a reason.
    A croupier's PIN is typed on the terminal of the session's supervisor.
    """
    assignment = doc.signing_assignment()
    override: Override | None = None
    if role == Role.PIT_BOSS and user.is_active and user.holds_role(Role.SHIFT_MANAGER):
        override = check_pit_boss_or_override(
            assignment,
            user_id=user.pk,
            holds_pit_boss=user.holds_role(Role.PIT_BOSS),
            holds_shift_manager=True,
            override_reason=override_reason,
        )
        if override is None and not user.holds_role(Role.PIT_BOSS):
            # No table scope (``assignment`` is None): the slot still needs the role.
            _refuse_role_not_held(user, role)
        return override
    if not user.is_active or not user.holds_role(role):
        _refuse_role_not_held(user, role)
    check_assignment(assignment, user_id=user.pk, role=role)
    if method == Signature.Method.PIN and assignment is not None and assignment.supervisor_ids:
        if actor.user.pk not in assignment.supervisor_ids:
            raise DomainError.of(
                CasinoCode.PIN_TERMINAL_NOT_SUPERVISOR,
                user=user,
                table_label=assignment.table_label,
                field="signer",
            )
    return None


def _refuse_role_not_held(user: User, role: Role) -> None:
    raise DomainError.of(CasinoCode.ROLE_NOT_HELD, user=user, role=role, field="role")


def _role_of(role: Role | str) -> Role:
    """The role a signature is asked in, refused when there is no such role."""
    try:
        return Role(str(role))
    except ValueError:
        raise DomainError.of(CasinoCode.UNKNOWN_ROLE, role=role, field="role") from None


def _check_role_required(role: Role, required: tuple[Role, ...]) -> None:
    if role not in required:
        raise DomainError.of(
            CasinoCode.ROLE_NOT_REQUIRED, role=role, required=list(required), field="role"
        )


def _check_document_state(
    doc: SignableDocument, *, role: Role, user: User
) -> tuple[list[Signature], str]:
    """The document still takes this signature: not locked, the role and the person not
    signed yet, no blocker, its content unchanged since the first signature. Returns the
    signatures so far and the content's hash the new one vouches for."""
    if doc.is_locked:
        raise DomainError.of(CasinoCode.DOCUMENT_LOCKED)
    existing = list(doc.signatures())
    if any(s.role == role for s in existing):
        raise DomainError.of(CasinoCode.ROLE_ALREADY_SIGNED, role=role, field="role")
    if any(s.signer_id == user.pk for s in existing):
        raise DomainError.of(CasinoCode.SIGNER_ALREADY_SIGNED, user=user, field="signer")
    for blocker in doc.signing_blockers(role):
        raise blocker
    digest = doc.signing_hash()
    if existing and any(s.content_hash != digest for s in existing):
        raise DomainError.of(CasinoCode.DOCUMENT_CHANGED)
    return existing, digest


def _signature_create(
    actor: Actor, doc: SignableDocument, *, role: Role, user: User, method: str, digest: str
) -> Signature:
    """The signature row; a concurrent signature in the same slot is refused as a conflict."""
    try:
        with transaction.atomic():
            return Signature.objects.create(
                casino_id=actor.casino.pk,
                content_type=ContentType.objects.get_for_model(type(doc)),
                object_id=doc.pk,
                role=role.value,
                signer=user,
                recorded_by=actor.user,
                method=method,
                signed_at=timezone.now(),
                content_hash=digest,
            )
    except IntegrityError:  # a concurrent signature won the race
        raise DomainError.of(CasinoCode.SIGNATURE_CONFLICT) from None


def _lock_if_complete(
    document: D,
    doc: SignableDocument,
    *,
    required: tuple[Role, ...],
    existing: list[Signature],
    role: Role,
    digest: str,
) -> bool:
    """Lock the document when this signature completes it."""
    signed = {s.role for s in existing} | {role.value}
    locked = all(r.value in signed for r in required)
    if locked:
        now = timezone.now()
        type(doc)._default_manager.filter(pk=doc.pk).update(locked_at=now, locked_hash=digest)
        document.locked_at = now
        document.locked_hash = digest
    return locked


def document_sign(
    *,
    actor: Actor,
    document: D,
    role: Role | str,
    signer: User | None = None,
    pin: str | None = None,
    override_reason: str = "",
) -> SignResult:
    """Add one signature to ``document`` (locking the row) and lock it when complete.

    Checks run in this order: the role the document takes, the signer's role and
    assignment to the table, the document's state (locked, role already signed, one
    person once), the blockers, and the PIN last, so a refusal never tells a right PIN
    from a wrong one (issue 12 §3).
    """
    role = _role_of(role)
    model = type(document)
    with transaction.atomic():
        doc = model._default_manager.select_for_update().get(pk=document.pk)
        user, method = _signer_and_method(actor, signer, pin)
        # Who may sign is answered before the document's state, so a role the document
        # does not take is refused as such whatever the state (issue 9 §1).
        required = doc.required_signature_roles()
        _check_role_required(role, required)
        # Who may sign (the role held, the assignment to the table) is answered before the
        # document's state too (issue 9 §1); the PIN comes last of all (issue 12 §3).
        override = _check_signer_scope(
            actor, doc, user=user, role=role, method=method, override_reason=override_reason
        )
        existing, digest = _check_document_state(doc, role=role, user=user)
        if method == Signature.Method.PIN:
            pin_verify(actor=actor, signer=user, pin=pin or "")
        signature = _signature_create(
            actor, doc, role=role, user=user, method=method, digest=digest
        )
        locked = _lock_if_complete(
            document, doc, required=required, existing=existing, role=role, digest=digest
        )
        after = {
            "role": role.value,
            "signer": user.username,
            "method": method,
            "content_hash": digest,
            "locked": locked,
        }
        if override is not None:
            after["override"] = {"stands_in_for": override.role.value, "by": user.username}
        audit_record(
            actor=actor,
            action=f"{doc.DOCUMENT_KIND}.sign",
            obj=doc,
            after=after,
            reason=override.reason if override is not None else "",
            chain=(signature,),  # the signature joins the day's evidence chain (issue 12 §5)
        )
    return SignResult(signature=signature, locked=locked)


def assert_not_signed(document: SignableDocument) -> None:
    """Refuse edits to a document that has any signature (its content is vouched for)."""
    if document.is_locked or document.signatures().exists():
        raise DomainError.of(CasinoCode.DOCUMENT_SIGNED)
