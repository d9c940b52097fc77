"""Key custody log (OPEN-01, OPEN-15, CLOSE-17)."""

from __future__ import annotations

from django.db import transaction

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.errors import DomainError, require_text
from casino.models import User
from casino.roles import Perm, roles_with

from ..codes import TablesCode
from ..models import KeyHandout, KeyReturn, Table, TableSession
from ._common import lock, require_at_table

# OPEN-01: the shift manager hands the keys to the pit boss, who may lend them to a
# supervisor; OPEN-15: after locking the float the keys go to a supervisor or pit boss.
# Who may hold them is ``Perm.KEEP_KEYS`` (casino.roles).


def _key_keeper(actor: Actor) -> None:
    """Keys pass between the shift manager, pit bosses and supervisors (OPEN-01)."""
    require(actor, Perm.VIEW_TABLES)
    if not actor.can(Perm.KEEP_KEYS):
        raise DomainError.of(TablesCode.KEY_KEEPER_ONLY, field="role")


def key_hand_out(
    *,
    actor: Actor,
    key_label: str,
    holder: User | None,
    table: Table | None = None,
    session: TableSession | None = None,
    note: str = "",
) -> KeyHandout:
    require(
        actor, Perm.OPEN_SESSION if not actor.can(Perm.MANAGE_SETTINGS) else Perm.MANAGE_SETTINGS
    )
    key_label = require_text(key_label, field="key_label", code=TablesCode.KEY_REQUIRED)
    if (
        holder is None
        or holder.casino_id != actor.casino.pk
        or not any(holder.holds_role(r) for r in roles_with(Perm.KEEP_KEYS))
    ):
        raise DomainError.of(TablesCode.KEY_HOLDER_INVALID, field="holder")
    if table is not None:
        same_casino(actor, table)
    if session is not None:
        same_casino(actor, session)
        table = table or session.table
    with transaction.atomic():
        # Issue 12 §1: a key tied to a table passes between the people assigned there.
        require_at_table(actor, session=session, table=table)
        open_ = (
            KeyHandout.objects.select_for_update(of=("self",))
            .filter(casino=actor.casino, key_label=key_label, returned__isnull=True)
            .first()
        )
        if open_ is not None and open_.holder_id != actor.user.pk:
            raise DomainError.of(
                TablesCode.KEY_HELD_BY_SOMEONE_ELSE,
                key_label=key_label,
                holder=open_.holder,
                details={"holder": open_.holder.username},
            )
        if open_ is not None:  # the holder passes it on: their entry closes
            KeyReturn.objects.create(
                handout=open_,
                received_by=actor.user,
                role=actor.role.value,
                note="entregada a otro",
            )
        entry = KeyHandout.objects.create(
            casino=actor.casino,
            key_label=key_label,
            table=table,
            session=session,
            holder=holder,
            handed_by=actor.user,
            role=actor.role.value,
            note=note,
        )
        audit_record(
            actor=actor,
            action="key.hand_out",
            obj=entry,
            after={"key": key_label, "holder": holder.username},
        )
    return entry


def key_return(*, actor: Actor, handout: KeyHandout, note: str = "") -> KeyReturn:
    """CLOSE-17: the key comes back and its entry closes."""
    _key_keeper(actor)
    with transaction.atomic():
        entry = lock(KeyHandout, handout.pk, actor)
        require_at_table(actor, session=entry.session, table=entry.table)  # issue 12 §1
        if KeyReturn.objects.filter(handout=entry).exists():
            raise DomainError.of(TablesCode.KEY_ALREADY_RETURNED)
        back = KeyReturn.objects.create(
            handout=entry, received_by=actor.user, role=actor.role.value, note=note
        )
        audit_record(
            actor=actor,
            action="key.return",
            obj=entry,
            after={"key": entry.key_label, "received_by": actor.user.username},
        )
    return back
