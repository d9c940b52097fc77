"""The inspection of an issued pack by two people who both sign (DECK-06): inspected, or
rejected whole for one imperfect card (DECK-07)."""

from __future__ import annotations

from typing import Any

from casino.access import Actor
from casino.codes import CasinoCode
from casino.errors import DomainError, require_text
from casino.models import User
from casino.roles import Role
from casino.signatures import document_sign

from ...codes import TablesCode
from ...models import Pack, PackInspection, TableSession
from ...selectors.assignment import inspection_witnesses
from ...selectors.sessions import ops_settings
from .._common import check_staff
from .custody import P, _apply, _need_session


def _witness_role(actor: Actor, session: TableSession, witness: User | None) -> Role:
    """The role the witness signs in: the one he is on duty in at the table, not the
    recorder's (``inspection_witnesses``, DECK-06, issue 12 §1)."""
    if witness is None or witness.pk == actor.user.pk:
        raise DomainError.of(TablesCode.INSPECTOR_REQUIRED, field="with_user")
    for user, role in inspection_witnesses(session, actor):
        if user.pk == witness.pk:
            check_staff(actor, witness, role, field="with_user")
            return role
    table = session.table.number
    raise DomainError.of(
        TablesCode.WITNESS_NOT_ON_DUTY,
        witness=witness,
        table=table,
        field="with_user",
        details={"table": str(table)},
    )


def _inspection_signed(
    actor: Actor,
    pack: Pack,
    session: TableSession,
    *,
    outcome: str,
    witness: User | None,
    pin: str | None,
    kw: dict[str, Any],
) -> PackInspection:
    """The inspection as a document both people sign (DECK-06): the recorder with his
    session, the witness with his PIN on the supervisor's terminal (ROLE-13, OQ-34)."""
    role = _witness_role(actor, session, witness)
    assert witness is not None
    if not pin:
        raise DomainError.of(CasinoCode.PIN_REQUIRED, user=witness, field="pin")
    inspection = PackInspection.objects.create(
        casino_id=pack.casino_id,
        pack=pack,
        session=session,
        gaming_day_id=session.gaming_day_id,
        recorded_by=actor.user,
        recorder_role=actor.role.value,
        witness=witness,
        witness_role=role.value,
        outcome=outcome,
        face_up_ok=bool(kw["face_up_ok"]),
        face_down_ok=bool(kw["face_down_ok"]),
        complete=bool(kw["complete"]),
        note=kw["note"],
    )
    document_sign(actor=actor, document=inspection, role=actor.role)
    document_sign(actor=actor, document=inspection, role=role, signer=witness, pin=pin)
    return inspection


def _move_inspect(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """ISSUED → INSPECTED: backs, faces and the 52 cards checked by two people who both sign
    (DECK-06); a pack with any check not passed is rejected, never inspected (DECK-07)."""
    session = _need_session(session)
    if not (kw["face_up_ok"] and kw["face_down_ok"]):
        raise DomainError.of(
            TablesCode.INSPECTION_FAILED,
            field="face_up_ok" if not kw["face_up_ok"] else "face_down_ok",
        )
    if not kw["complete"]:
        raise DomainError.of(
            TablesCode.PACK_INCOMPLETE,
            problem=DomainError.of(TablesCode.PACK_INCOMPLETE_NOT_IN_PLAY),
            field="complete",
        )
    inspection = _inspection_signed(
        actor,
        pack,
        session,
        outcome=PackInspection.Outcome.INSPECTED,
        witness=kw["with_user"],
        pin=kw["pin"],
        kw=kw,
    )
    display = ops_settings(session.casino).deck_display_minutes
    _apply(
        actor,
        pack,
        P.INSPECTED,
        session=session,
        keep_at_table=True,
        with_user=inspection.witness,
        note=kw["note"],
        data={
            "face_up_ok": True,
            "face_down_ok": True,
            "complete": True,
            "display_minutes": display,
            "inspection": inspection.pk,
        },
    )


def _move_reject(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """ISSUED → REJECTED: the whole pack back to the pit boss for replacement (DECK-07),
    signed by the two who found the imperfect card."""
    session = _need_session(session)
    require_text(kw["note"], field="note", code=TablesCode.NOTE_REQUIRED)
    inspection = _inspection_signed(
        actor,
        pack,
        session,
        outcome=PackInspection.Outcome.REJECTED,
        witness=kw["with_user"],
        pin=kw["pin"],
        kw=kw,
    )
    _apply(
        actor,
        pack,
        P.REJECTED,
        session=session,
        keep_at_table=False,
        with_user=inspection.witness,
        note=kw["note"],
        data={
            "face_up_ok": kw["face_up_ok"],
            "face_down_ok": kw["face_down_ok"],
            "complete": kw["complete"],
            "inspection": inspection.pk,
        },
    )
