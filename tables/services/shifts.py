"""The shift change at an open table: count the float, hand over, sign (issue 14 §3).

Recorded by a pit boss of the table's sector or the shift manager (those who record a
supervisor's relief, ``Perm.SUSPEND_SESSION``), between hands, while the table is
open, in play or suspended. The float is counted per denomination exactly like the
opening and closing counts (full stacks of 20 and loose chips, OPEN-07..09) and set
against the float expected now (the opening count plus every movement, from the cage
through ``tables.hooks.expected_float_now``). If the incoming supervisor is someone
else, the relief is recorded in the same transaction by the one relief service.

Three signatures: the outgoing supervisor and the pit boss on :class:`ShiftChange`, the
incoming supervisor on :class:`ShiftChangeAcceptance`; each document locks when signed
and every step leaves its audit event. A refusal changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.models import Denomination, User
from casino.roles import Perm, Role
from casino.signatures import SignResult, document_sign

from .. import hooks
from ..codes import TablesCode
from ..models import ShiftChange, ShiftChangeAcceptance, ShiftChangeLine, TableSession
from ..selectors.assignment import lock_session, session_supervisor
from ._common import (
    S,
    check_staff,
    lock,
    require_at_table,
    require_no_hand,
    require_status,
)
from .counts import _parse_count
from .sessions import session_supervisor_relieve

NOTE_MAX = 2000

# Who signs where: the slot names the person's place in the handover.
SLOTS: dict[str, tuple[str, Role]] = {
    "outgoing_supervisor": ("handover", Role.SUPERVISOR),
    "pit_boss": ("handover", Role.PIT_BOSS),
    "incoming_supervisor": ("acceptance", Role.SUPERVISOR),
}


def _denominations(session: TableSession, extra: set[int]) -> list[Denomination]:
    qs = Denomination.objects.filter(chip_set_id=session.table.chip_set_id)
    chosen = [d for d in qs if d.is_active or d.pk in extra]
    return sorted(chosen, key=lambda d: d.value, reverse=True)  # OPEN-07: highest first


def shift_change_record(
    *,
    actor: Actor,
    session: TableSession,
    incoming: User | None,
    lines: Any,
    grand_total: Any = None,
    note: str = "",
) -> ShiftChange:
    """Record the float counted at a shift change and who takes the table over.

    ``lines``: ``[{"denomination": id, "stacks": n, "loose": n, "count"?: n, "total"?: x}]``
    with every denomination of the table's chip set, zero included.
    """
    require(actor, Perm.SUSPEND_SESSION)
    if not actor.can(Perm.RECORD_SHIFT_CHANGE):
        raise DomainError.of(TablesCode.SHIFT_CHANGE_NOT_ALLOWED, field="role")
    note = (note or "").strip()
    if len(note) > NOTE_MAX:
        raise DomainError.of(TablesCode.NOTE_TOO_LONG, note_max=NOTE_MAX, field="note")
    incoming = check_staff(actor, incoming, Role.SUPERVISOR, field="incoming")
    if incoming.pk == actor.user.pk:
        # The one who witnesses the count does not take the float over (segregation).
        raise DomainError.of(CasinoCode.SIGNER_ALREADY_SIGNED, user=incoming, field="incoming")
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)  # issue 12 §1: a pit boss of this sector
        require_status(session, S.OPEN, S.IN_PLAY, S.SUSPENDED)
        require_no_hand(session)  # the float is counted between hands
        outgoing = session_supervisor(session)
        expected = hooks.expected_float_now(session)
        change = ShiftChange.objects.create(
            casino_id=session.casino_id,
            session=session,
            table_id=session.table_id,
            gaming_day_id=session.gaming_day_id,
            at=timezone.now(),
            recorded_by=actor.user,
            role=actor.role.value,
            outgoing_supervisor=outgoing,
            incoming_supervisor=incoming,
            note=note,
        )
        for denomination in _denominations(session, set(expected)):
            ShiftChangeLine.objects.create(
                shift_change=change,
                denomination=denomination,
                value=denomination.value,
                expected_count=max(0, expected.get(denomination.pk, 0)),
            )
        parsed = _parse_count(change, lines, grand_total)
        written = list(change.lines.all())
        for line in written:
            line.stacks, line.loose, line.count, line.total = parsed[line.denomination_id]
            line.save(update_fields=["stacks", "loose", "count", "total"])
        ShiftChangeAcceptance.objects.create(casino_id=session.casino_id, shift_change=change)
        audit_record(
            actor=actor,
            action="shift_change.record",
            obj=change,
            after={
                "session": session.pk,
                "outgoing": outgoing.username,
                "incoming": incoming.username,
                "lines": [
                    [str(x.value), x.expected_count, x.stacks, x.loose, x.count, str(x.total)]
                    for x in sorted(written, key=lambda x: -x.value)
                ],
            },
            reason=note,
        )
        if incoming.pk != outgoing.pk:
            # The incoming supervisor takes over from now on, by the one relief service.
            session_supervisor_relieve(
                actor=actor,
                session=session,
                incoming=incoming,
                reason=f"Cambio de turno n.º {change.pk}",
            )
    return change


def shift_change_sign(
    *,
    actor: Actor,
    shift_change: ShiftChange,
    slot: str,
    signer: User | None = None,
    pin: str | None = None,
    override_reason: str = "",
) -> SignResult:
    """One of the three signatures of a shift change, by ``slot``: ``outgoing_supervisor``,
    ``pit_boss`` (the shift manager only as an override, with a reason) or
    ``incoming_supervisor``."""
    if slot not in SLOTS:
        raise DomainError.of(
            TablesCode.SHIFT_CHANGE_SLOT_INVALID, field="slot", details={"allowed": sorted(SLOTS)}
        )
    require(actor, Perm.VIEW_TABLES)
    part, role = SLOTS[slot]
    with transaction.atomic():
        # Lock order everywhere: session, then the document (document_sign locks it).
        lock_session(shift_change.session_id, actor)
        change = lock(ShiftChange, shift_change.pk, actor)
        document: ShiftChange | ShiftChangeAcceptance = (
            change if part == "handover" else change.acceptance
        )
        if actor.role in (role, Role.SHIFT_MANAGER):  # another role: refused as such below
            _one_person_one_role(change, slot, signer or actor.user)
        return document_sign(
            actor=actor,
            document=document,
            role=role,
            signer=signer,
            pin=pin,
            override_reason=override_reason,
        )


def _one_person_one_role(change: ShiftChange, slot: str, person: User) -> None:
    """The handover and its acceptance are one act: the pit boss who witnesses the count
    is neither the supervisor who hands the float over nor the one who takes it (the
    document's own check sees one document only)."""
    if slot == "pit_boss":
        clash = person.pk in (change.incoming_supervisor_id, change.outgoing_supervisor_id)
    elif slot == "incoming_supervisor":
        clash = any(
            sig.signer_id == person.pk and sig.role == Role.PIT_BOSS.value
            for sig in change.signatures()
        )
    else:
        clash = False
    if clash:
        raise DomainError.of(CasinoCode.SIGNER_ALREADY_SIGNED, user=person, field="signer")
