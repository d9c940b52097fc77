"""Fill and credit slips: numbered, signed by five different people, voided by two.

A fill brings chips from the cage to a table's float, a credit takes them back
(§9.1.6, CLOSE-07). The pit boss requests the slip (and signs it); a fill is then
issued by the cage cashier, carried by a security officer and received by the
croupier and the supervisor, a credit handed over by the croupier, checked by the
supervisor, carried by security and received by the cage, each kind in its own
order (``cage.slip_order``); nobody signs twice (``casino.signatures``). The number
comes from an unbroken series per casino, kind and year (GEN-10); a void keeps
the slip and its number in the series.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm, Role
from casino.serials import serial_next
from casino.signatures import SignResult, document_sign
from tables.models import TableSession
from tables.selectors import require_assigned
from tables.services import lock_session

from .. import selectors, slip_order
from ..codes import CageCode
from ..models import Slip, SlipKind, SlipLine, SlipPurpose, SlipVoid, SlipVoidConfirmation
from .common import parse_chip_lines, require_float_holds

# Who may sign in each role (the croupier signs with their PIN, OQ-34).
SIGN_PERMISSION: dict[Role, Perm] = {
    Role.PIT_BOSS: Perm.REQUEST_FILL,
    Role.CAGE_CASHIER: Perm.ISSUE_SLIP,
    Role.SECURITY: Perm.CARRY_SLIP,
    Role.SUPERVISOR: Perm.APPROVE_CHANGE,
}
# After whom each role signs, per kind (CLOSE-07): read from the one table of the order.
SIGN_AFTER: dict[str, dict[Role, tuple[Role, ...]]] = {
    kind: {role: slip_order.signs_after(kind, role) for role in slip_order.signing_order(kind)}
    for kind in slip_order.SIGNING_STEPS
}


def slip_request(
    *,
    actor: Actor,
    session: TableSession,
    kind: str,
    lines: Any,
    purpose: str = SlipPurpose.PLAY,
    note: str = "",
) -> Slip:
    """The pit boss requests a fill or credit; the slip is numbered and signed by them.

    Only a pit boss of the table's sector requests (issue 12 §1; the shift manager
    does not hold ``REQUEST_FILL``, so there is no override here). A credit takes
    back only chips the float holds (issue 12 §7).
    """
    require(actor, Perm.REQUEST_FILL)
    if kind not in SlipKind.values:
        raise DomainError.of(CageCode.SLIP_KIND_INVALID, kind=kind, field="kind")
    if purpose not in SlipPurpose.values:
        raise DomainError.of(CageCode.SLIP_PURPOSE_INVALID, purpose=purpose, field="purpose")
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_assigned(actor, session=s)
        _require_slip_moment(s, purpose)
        chip_lines = parse_chip_lines(selectors.table_denominations(s.table), lines, "lines")
        if not chip_lines:
            raise DomainError.of(CageCode.LINES_REQUIRED, field="lines")
        if kind == SlipKind.CREDIT:
            holdings = _credit_holdings(s, purpose)
            if holdings is not None:
                require_float_holds(s, chip_lines, holdings=holdings)
        series = selectors.slip_kind_series(kind)
        year = s.gaming_day.business_date.year
        number = serial_next(casino=actor.casino, series=series, year=year)
        slip = Slip.objects.create(
            casino_id=s.casino_id,
            gaming_day_id=s.gaming_day_id,
            table_id=s.table_id,
            session=s,
            kind=kind,
            purpose=purpose,
            series=series,
            year=year,
            number=number,
            requested_by=actor.user,
            note=(note or "").strip()[:200],
        )
        SlipLine.objects.bulk_create(
            SlipLine(slip=slip, denomination=d, count=n) for d, n in chip_lines
        )
        audit_record(
            actor=actor,
            action="cage.slip.request",
            obj=slip,
            after=slip.signing_payload(),
            chain=(slip,),  # the slip joins the day's evidence chain (issue 12 §5)
        )
        document_sign(actor=actor, document=slip, role=Role.PIT_BOSS)
    return slip


def _credit_holdings(s: TableSession, purpose: str) -> dict[int, int] | None:
    """What a new credit may take back, per denomination (issue 12 §7).

    During play: the float's expected inventory (``selectors.expected_float``); at
    the closing: the closing count after the closing slips already counted
    (``selectors.closing_slip_adjustments``). Credits requested but not yet counted
    (nor void or being voided) have claimed their chips already, so two pending credits cannot
    both take the same chips. ``None``: no count to hold against yet.
    """
    if purpose == SlipPurpose.CLOSING:
        closing = selectors.session_closing_count(s)
        if closing is None:
            return None
        holdings = dict(closing.lines)
        for denom_id, n in selectors.closing_slip_adjustments(s).items():
            holdings[denom_id] = holdings.get(denom_id, 0) + n
    else:
        expected = selectors.expected_float(s)
        if expected is None:
            return None
        holdings = dict(expected)
    pending = Slip.objects.filter(session=s, kind=SlipKind.CREDIT, purpose=purpose)
    for slip in pending.prefetch_related("lines"):
        if not slip.is_locked and selectors.void_of(slip) is None:
            for line in slip.lines.all():
                holdings[line.denomination_id] = holdings.get(line.denomination_id, 0) - line.count
    return holdings


def _require_slip_moment(s: TableSession, purpose: str) -> None:
    if purpose == SlipPurpose.CLOSING:  # a closing slip: while closing, after the count
        ok = s.status == TableSession.Status.CLOSING
    else:
        ok = s.status in (
            TableSession.Status.OPEN,
            TableSession.Status.IN_PLAY,
            TableSession.Status.SUSPENDED,
        )
    if not ok:
        raise DomainError.of(
            CageCode.SESSION_NOT_ACCEPTING,
            status=s.Status(s.status),
            table=s.table,
            field="session",
        )


def slip_signing_blockers(slip: Slip, role: Role) -> list[DomainError]:
    """Called by ``document_sign`` under the slip's row lock."""
    void = selectors.void_of(slip)
    if void is not None:
        return [DomainError.of(CageCode.SLIP_VOIDED, serial=slip.serial)]
    signed = slip.signed_roles()
    before = next(
        (r for r in SIGN_AFTER.get(slip.kind, {}).get(role, ()) if r.value not in signed), None
    )
    if before is not None:
        return [
            DomainError.of(
                CageCode.SIGNATURE_OUT_OF_ORDER,
                document=Slip,
                serial=slip.serial,
                before=before,
                field="role",
                details={"order": [r.value for r in slip_order.signing_order(slip.kind)]},
            )
        ]
    return []


def slip_sign(
    *,
    actor: Actor,
    slip: Slip,
    role: Role | str,
    signer: User | None = None,
    pin: str | None = None,
) -> SignResult:
    """Issue (cage cashier), carry (security) or receive (croupier, supervisor) a slip.

    The croupier signs with their PIN on the supervisor's terminal (OQ-34), or on
    their own session.
    """
    try:
        role = Role(str(role))
    except ValueError:
        raise DomainError.of(CasinoCode.UNKNOWN_ROLE, role=role, field="role") from None
    if role == Role.CROUPIER:
        if signer is not None and signer.pk != actor.user.pk:
            require(actor, Perm.APPROVE_CHANGE)  # the supervisor's terminal
        elif actor.role != Role.CROUPIER:
            raise DomainError.of(CageCode.SIGNER_REQUIRED, field="signer")
    else:
        perm = SIGN_PERMISSION.get(role)
        if perm is None:
            raise DomainError.of(
                CasinoCode.ROLE_NOT_REQUIRED,
                role=role,
                required=list(SIGN_PERMISSION),
                field="role",
            )
        if actor.role != role:
            raise DomainError.of(CageCode.SIGN_IN_OWN_ROLE, role=role, field="role")
        require(actor, perm)
        if signer is not None and signer.pk != actor.user.pk:
            raise DomainError.of(CageCode.SIGN_FOR_YOURSELF, field="signer")
        signer = None
    if slip.casino_id != actor.user.casino_id:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
    result = document_sign(actor=actor, document=slip, role=role, signer=signer, pin=pin)
    return result


@dataclass(frozen=True)
class SlipSigner:
    """Who signs a slip in one role: the acting user, and for the croupier (who signs
    with their PIN on the supervisor's terminal, OQ-34) the croupier and the PIN."""

    actor: Actor
    signer: User | None = None
    pin: str | None = None


def slip_sign_in_order(
    *,
    slip: Slip,
    signers: Mapping[Role, SlipSigner],
    roles: Collection[Role] | None = None,
) -> SignResult | None:
    """Sign a slip in its kind's order (``cage.slip_order``), each role by its signer.

    For callers that sign every step in a row (the demo day, fixtures, load tests).
    Roles already signed (the pit boss, at the request) are skipped; ``roles`` limits
    the signing to those roles (a slip left incomplete), still in the kind's order, so a
    role whose turn has not come is refused as any out-of-order signature is. Returns
    the last signature's result (``None`` if nothing was signed).
    """
    result = None
    signed = slip.signed_roles()
    for role in slip_order.signing_order(slip.kind):
        if role.value in signed or (roles is not None and role not in roles):
            continue
        who = signers[role]
        result = slip_sign(actor=who.actor, slip=slip, role=role, signer=who.signer, pin=who.pin)
    return result


def slip_void_request(*, actor: Actor, slip: Slip, reason: str) -> SlipVoid:
    """Ask to void a slip, with a reason; a second person confirms (issue 6 item 6)."""
    require(actor, Perm.VOID_SLIP)
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    with transaction.atomic():
        locked = Slip.objects.select_for_update().get(pk=slip.pk)
        if locked.casino_id != actor.user.casino_id:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
        if selectors.void_of(locked) is not None:
            raise DomainError.of(CageCode.SLIP_ALREADY_VOIDED, serial=locked.serial)
        try:
            with transaction.atomic():
                void = SlipVoid.objects.create(
                    slip=locked,
                    requested_by=actor.user,
                    requested_role=actor.role.value,
                    reason=reason.strip(),
                )
        except IntegrityError:
            raise DomainError.of(CageCode.SLIP_ALREADY_VOIDED, serial=locked.serial) from None
        audit_record(
            actor=actor,
            action="cage.slip.void_request",
            obj=locked,
            after={"serial": locked.serial},
            reason=void.reason,
        )
    return void


def slip_void_confirm(*, actor: Actor, void: SlipVoid) -> SlipVoidConfirmation:
    """The second, independent signer: not the requester and not a signer of the slip."""
    require(actor, Perm.VOID_SLIP)
    with transaction.atomic():
        locked = SlipVoid.objects.select_for_update().select_related("slip").get(pk=void.pk)
        slip = locked.slip
        if slip.casino_id != actor.user.casino_id:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
        if selectors.confirmation_of(locked) is not None:
            raise DomainError.of(CageCode.VOID_ALREADY_CONFIRMED, serial=slip.serial)
        signers = set(slip.signatures().values_list("signer_id", flat=True))
        if actor.user.pk == locked.requested_by_id or actor.user.pk in signers:
            raise DomainError.of(CageCode.VOID_SIGNER_NOT_INDEPENDENT, field="confirmed_by")
        try:
            with transaction.atomic():
                confirmation = SlipVoidConfirmation.objects.create(
                    void=locked, confirmed_by=actor.user, confirmed_role=actor.role.value
                )
        except IntegrityError:
            raise DomainError.of(CageCode.VOID_ALREADY_CONFIRMED, serial=slip.serial) from None
        audit_record(
            actor=actor,
            action="cage.slip.void_confirm",
            obj=slip,
            after={"serial": slip.serial, "void": locked.pk},
            reason=locked.reason,
        )
    return confirmation


def par_restoration(session: TableSession) -> dict[str, list[tuple[int, int]]]:
    """CLOSE-07: per denomination, the fill or credit that brings the counted float to par.

    Returns ``{"fill": [(denomination id, chips)], "credit": [...]}`` from the
    closing count (before closing slips) and the table's ``float_par``; empty
    lists when the count is missing.
    """
    closing = selectors.session_closing_count(session)
    result: dict[str, list[tuple[int, int]]] = {"fill": [], "credit": []}
    if closing is None:
        return result
    par = selectors.float_par(session.table)
    for denom_id in sorted(set(par) | set(closing.lines)):
        diff = par.get(denom_id, 0) - closing.lines.get(denom_id, 0)
        if diff > 0:
            result["fill"].append((denom_id, diff))
        elif diff < 0:
            result["credit"].append((denom_id, -diff))
    return result
