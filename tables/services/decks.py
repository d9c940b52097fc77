"""Card-deck custody: deliveries, receipts, every move of a pack, rotation, final control.

Every move locks the pack (``select_for_update``), checks it against
``tables.deckrules.ALLOWED_MOVES`` and writes an append-only ``DeckEvent``
with who, in which role and when, so two people moving the same pack at once
end with exactly one move (issue 5 "Bad input").
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.models import Sector, User
from casino.refusals import Words
from casino.roles import Perm, Role
from casino.selectors import open_gaming_day
from casino.serials import serial_next
from casino.signatures import document_sign

from ..codes import TablesCode
from ..deckrules import AT_TABLE, READY, allowed_moves, move_allowed
from ..models import (
    DeckEvent,
    DeckFinalControl,
    DeckReceipt,
    DeckStore,
    Pack,
    PackInspection,
    PackState,
    TableSession,
)
from ..models.decks import RECEIPT_SERIES
from ..selectors.assignment import inspection_witnesses
from ..selectors.decks import deck_reconciliation, unaccounted_reason
from ..selectors.sessions import croupier_on_duty, ops_settings
from ._common import (
    S,
    check_staff,
    current_gaming_day,
    lock,
    lock_session,
    require_at_table,
    require_no_hand,
    require_status,
    require_text,
)

P = PackState

PERM_FOR_TARGET: dict[str, Perm] = {
    P.ISSUED: Perm.DECK_ISSUE,
    P.STORED: Perm.DECK_RECEIVE,
    P.CANCELLED: Perm.DECK_DESTROY,
    P.DESTROYED: Perm.DECK_DESTROY,
}


def perm_for_move(to: str) -> Perm:
    return PERM_FOR_TARGET.get(to, Perm.DECK_HANDLE)


def _same_colour(a: str, b: str) -> bool:
    return a.strip().lower() == b.strip().lower()


def _gaming_day_id(actor: Actor, session: TableSession | None) -> int | None:
    if session is not None:
        return session.gaming_day_id
    day = open_gaming_day(actor.casino)
    return day.pk if day else None


def _apply(
    actor: Actor,
    pack: Pack,
    to: str,
    *,
    session: TableSession | None,
    keep_at_table: bool,
    with_user: User | None = None,
    related_pack: Pack | None = None,
    hand_number: int | None = None,
    note: str = "",
    data: dict[str, Any] | None = None,
) -> DeckEvent:
    """Move a locked pack and write its event (and the audit event) in one go."""
    before = pack.state
    pack.state = to
    pack.state_changed_at = timezone.now()
    pack.session = session if keep_at_table else None
    pack.save(update_fields=["state", "state_changed_at", "session"])
    event = DeckEvent.objects.create(
        casino_id=pack.casino_id,
        pack=pack,
        gaming_day_id=_gaming_day_id(actor, session),
        session=session,
        from_state=before,
        to_state=to,
        at=pack.state_changed_at,
        actor=actor.user,
        role=actor.role.value,
        with_user=with_user,
        related_pack=related_pack,
        hand_number=hand_number,
        note=note,
        data=data or {},
    )
    audit_record(
        actor=actor,
        action="pack.move",
        obj=pack,
        gaming_day=None,
        before={"state": before},
        after={"state": to, "session": session.pk if session else None},
        reason=note,
    )
    return event


# --- stores, deliveries and receipts ------------------------------------------------------


def deck_store_create(
    *, actor: Actor, code: str, name: str, sector: Sector | None = None
) -> DeckStore:
    require(actor, Perm.MANAGE_SETTINGS)
    if sector is not None:
        same_casino(actor, sector)
    code = require_text(code, field="code", code=TablesCode.CODE_REQUIRED)
    with transaction.atomic():
        if DeckStore.objects.filter(casino=actor.casino, code=code).exists():
            raise DomainError.of(TablesCode.STORE_CODE_TAKEN, field="code")
        store = DeckStore.objects.create(
            casino=actor.casino, code=code, name=name or code, sector=sector
        )
        audit_record(
            actor=actor,
            action="deck_store.create",
            obj=store,
            after={"code": code, "name": store.name},
        )
    return store


def deck_delivery_record(
    *, actor: Actor, store: DeckStore, packs: list[dict[str, Any]], note: str = ""
) -> DeckReceipt:
    """Security delivers packs to a store (DECK-03): a numbered receipt listing them, which
    the officer signs now and the pit boss signs on receiving them."""
    require(actor, Perm.DECK_DELIVER)
    same_casino(actor, store)
    if not isinstance(packs, list | tuple) or not packs:
        raise DomainError.of(TablesCode.PACKS_REQUIRED, field="packs")
    cleaned: list[tuple[str, str, str, bool]] = []
    seen: set[str] = set()
    for index, item in enumerate(packs):
        prefix = f"packs[{index}]"
        serial = str(item.get("serial") or "").strip()
        colour = str(item.get("colour") or "").strip()
        if not serial:
            raise DomainError.of(TablesCode.PACK_SERIAL_REQUIRED, field=f"{prefix}.serial")
        if not colour:
            raise DomainError.of(TablesCode.PACK_COLOUR_REQUIRED, field=f"{prefix}.colour")
        if serial in seen:
            raise DomainError.of(
                TablesCode.PACK_SERIAL_REPEATED, serial=serial, field=f"{prefix}.serial"
            )
        seen.add(serial)
        cleaned.append(
            (serial, colour, str(item.get("design") or "").strip(), bool(item.get("is_new", True)))
        )
    with transaction.atomic():
        taken = list(
            Pack.objects.filter(casino=actor.casino, serial__in=seen).values_list(
                "serial", flat=True
            )
        )
        if taken:
            raise DomainError.of(
                TablesCode.PACK_SERIAL_TAKEN,
                taken=sorted(taken),
                field="packs",
                details={"serials": sorted(taken)},
            )
        day = current_gaming_day(actor)
        year = day.business_date.year
        receipt = DeckReceipt.objects.create(
            casino=actor.casino,
            store=store,
            gaming_day=day,
            serial_year=year,
            serial_number=serial_next(casino=actor.casino, series=RECEIPT_SERIES, year=year),
            delivered_by=actor.user,
            note=note,
        )
        for serial, colour, design, is_new in cleaned:
            pack = Pack.objects.create(
                casino=actor.casino,
                store=store,
                receipt=receipt,
                serial=serial,
                colour=colour,
                design=design,
                is_new=is_new,
            )
            DeckEvent.objects.create(
                casino=actor.casino,
                pack=pack,
                gaming_day=day,
                from_state="",
                to_state=P.RECEIVED,
                actor=actor.user,
                role=actor.role.value,
                data={"receipt": receipt.serial},
            )
        document_sign(actor=actor, document=receipt, role=Role.SECURITY)
        audit_record(
            actor=actor,
            action="deck_receipt.delivery",
            obj=receipt,
            after={"packs": [c[0] for c in cleaned], "store": store.code},
            reason=note,
        )
    return receipt


def deck_receipt_sign(*, actor: Actor, receipt: DeckReceipt) -> DeckReceipt:
    """The pit boss signs the receipt (DECK-03): its packs go into the store."""
    require(actor, Perm.DECK_RECEIVE)
    with transaction.atomic():
        receipt = lock(DeckReceipt, receipt.pk, actor)
        result = document_sign(actor=actor, document=receipt, role=Role.PIT_BOSS)
        if result.locked:
            for pack in Pack.objects.select_for_update().filter(receipt=receipt).order_by("pk"):
                if pack.state == P.RECEIVED:
                    _apply(
                        actor,
                        pack,
                        P.STORED,
                        session=None,
                        keep_at_table=False,
                        data={"receipt": receipt.serial},
                    )
        receipt.refresh_from_db()
    return receipt


# --- moves ------------------------------------------------------------------------------


def _not_allowed(pack: Pack, to: str) -> DomainError:
    allowed = allowed_moves(pack.state)
    return DomainError.of(
        TablesCode.DECK_MOVE_NOT_ALLOWED,
        serial=pack.serial,
        state=P(pack.state),
        to=P(to),
        allowed=[P(a) for a in allowed],
        field="to",
        details={"state": pack.state, "allowed": allowed},
    )


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


def _lock_pack_at(actor: Actor, pack: Pack, session: TableSession, field: str) -> Pack:
    other = lock(Pack, pack.pk, actor)
    if other.session_id != session.pk:
        raise DomainError.of(TablesCode.PACK_NOT_AT_TABLE, serial=other.serial, field=field)
    return other


def deck_move(
    *,
    actor: Actor,
    pack: Pack,
    to: str,
    session: TableSession | None = None,
    with_user: User | None = None,
    note: str = "",
    hand_number: int | None = None,
    replaces: Pack | None = None,
    replacement: Pack | None = None,
    complete: bool = False,
    face_up_ok: bool = False,
    face_down_ok: bool = False,
    pin: str | None = None,
) -> Pack:
    """Move one pack to ``to``, if its state allows it (409 with the allowed moves if not).

    ``complete``, ``face_up_ok`` and ``face_down_ok`` are what the person declared, false
    unless said (a box nobody ticked is a check nobody did); ``pin`` is the witness's of an
    inspection (DECK-06)."""
    try:
        to = P(to)
    except ValueError:
        raise DomainError.of(
            TablesCode.STATE_INVALID, to=to, field="to", details={"allowed": P.values}
        ) from None
    require(actor, perm_for_move(to))
    same_casino(actor, pack)
    if session is not None:
        same_casino(actor, session)
    with transaction.atomic():
        # Lock order everywhere: the session first, then its packs.
        current_session_id = (
            Pack.objects.filter(pk=pack.pk).values_list("session_id", flat=True).first()
        )
        session_id = session.pk if session is not None else current_session_id
        locked_session = lock_session(session_id, actor) if session_id else None
        if locked_session is not None:
            # Issue 12 §1: at a table, the croupier on duty, the session's supervisor or a
            # pit boss of its sector (issue, inspection, rotation, return ...).
            require_at_table(actor, session=locked_session)
        pack = lock(Pack, pack.pk, actor)
        if not move_allowed(pack.state, to):
            raise _not_allowed(pack, to)
        handler = _HANDLERS[to]
        handler(
            actor,
            pack,
            locked_session,
            with_user=with_user,
            note=(note or "").strip(),
            hand_number=hand_number,
            replaces=replaces,
            replacement=replacement,
            complete=complete,
            face_up_ok=face_up_ok,
            face_down_ok=face_down_ok,
            pin=pin,
        )
    return pack


def _need_session(session: TableSession | None) -> TableSession:
    if session is None:
        raise DomainError.of(TablesCode.SESSION_REQUIRED, field="session")
    return session


def _move_issue(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """STORED → ISSUED: two packs of different colours per table (DECK-04)."""
    session = _need_session(session)
    require_status(session, S.OPENING, S.OPEN, S.IN_PLAY, S.SUSPENDED)
    replaces: Pack | None = kw["replaces"]
    at_table = list(Pack.objects.filter(session=session, state__in=AT_TABLE).exclude(pk=pack.pk))
    if replaces is not None:
        replaces = lock(Pack, replaces.pk, actor)
        if replaces.state not in (P.DAMAGED, P.REJECTED) or (
            replaces.state == P.DAMAGED and replaces.session_id != session.pk
        ):
            raise DomainError.of(TablesCode.NOT_A_REPLACEMENT, field="replaces")
        if not _same_colour(replaces.colour, pack.colour):
            # DECK-13, OQ-21: a damaged pack is replaced by one of the same colour.
            raise DomainError.of(
                TablesCode.REPLACEMENT_COLOUR, colour=replaces.colour, field="replaces"
            )
        at_table = [p for p in at_table if p.pk != replaces.pk]
    if any(_same_colour(p.colour, pack.colour) for p in at_table):
        raise DomainError.of(
            TablesCode.SAME_COLOUR_AT_TABLE,
            colour=pack.colour,
            details={"packs": [p.serial for p in at_table]},
        )
    if len(at_table) >= 2:
        raise DomainError.of(
            TablesCode.TABLE_HAS_TWO_PACKS, details={"packs": [p.serial for p in at_table]}
        )
    _apply(
        actor,
        pack,
        P.ISSUED,
        session=session,
        keep_at_table=True,
        with_user=kw["with_user"],
        related_pack=replaces,
        note=kw["note"],
        data={"new": pack.is_new, "replaces": replaces.serial if replaces else None},
    )


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


def _move_in_play(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """→ IN_PLAY: one pack in play per table (DECK-08); a second goes in by rotation."""
    session = _need_session(session)
    require_status(session, S.OPENING, S.OPEN, S.IN_PLAY)
    busy = Pack.objects.filter(session=session, state__in=[P.IN_PLAY, P.DAMAGED]).exclude(
        pk=pack.pk
    )
    if busy.exists():
        raise DomainError.of(
            TablesCode.PACK_ALREADY_IN_PLAY, details={"in_play": [p.serial for p in busy]}
        )
    if pack.state == P.RESTED:
        require_no_hand(session)
    _apply(actor, pack, P.IN_PLAY, session=session, keep_at_table=True, note=kw["note"])


def _move_reserve(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """INSPECTED → RESERVE: kept by the supervisor in the pit (DECK-08)."""
    _apply(
        actor, pack, P.RESERVE, session=_need_session(session), keep_at_table=True, note=kw["note"]
    )


def _move_rest(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """IN_PLAY → RESTED: picked up, sorted and checked complete (DECK-10)."""
    session = _need_session(session)
    require_no_hand(session)
    if not kw["complete"]:
        raise DomainError.of(
            TablesCode.PACK_INCOMPLETE,
            problem=DomainError.of(TablesCode.PACK_INCOMPLETE_NOT_RESTING),
            field="complete",
        )
    _apply(
        actor,
        pack,
        P.RESTED,
        session=session,
        keep_at_table=True,
        with_user=kw["with_user"],
        note=kw["note"],
        data={"complete": True},
    )


def _move_damaged(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """IN_PLAY → DAMAGED: the card plays to the end of the hand (DECK-13, OQ-22)."""
    session = _need_session(session)
    require_text(kw["note"], field="note", code=TablesCode.NOTE_REQUIRED)
    _apply(
        actor,
        pack,
        P.DAMAGED,
        session=session,
        keep_at_table=True,
        with_user=kw["with_user"],
        hand_number=kw["hand_number"],
        note=kw["note"],
    )


def _move_withdraw(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """→ WITHDRAWN after the hand; a replacement may come in at once (DECK-13, DECK-20)."""
    session = _need_session(session)
    require_no_hand(session)
    was = pack.state
    if was != P.DAMAGED:
        require_text(kw["note"], field="note", code=TablesCode.NOTE_REQUIRED)
    replacement: Pack | None = kw["replacement"]
    if replacement is not None:
        replacement = _lock_pack_at(actor, replacement, session, "replacement")
        if replacement.state not in READY - {P.IN_PLAY}:
            raise DomainError.of(
                TablesCode.REPLACEMENT_NOT_READY,
                serial=replacement.serial,
                field="replacement",
                details={"state": replacement.state},
            )
        if was == P.DAMAGED and not _same_colour(replacement.colour, pack.colour):
            raise DomainError.of(
                TablesCode.REPLACEMENT_COLOUR, colour=pack.colour, field="replacement"
            )
    _apply(
        actor,
        pack,
        P.WITHDRAWN,
        session=session,
        keep_at_table=False,
        with_user=kw["with_user"],
        related_pack=replacement,
        note=kw["note"],
        data={"was": was, "complete": kw["complete"]},
    )
    if replacement is not None and was in (P.IN_PLAY, P.DAMAGED):
        _apply(
            actor,
            replacement,
            P.IN_PLAY,
            session=session,
            keep_at_table=True,
            related_pack=pack,
            note=kw["note"],
            data={"replaces": pack.serial},
        )


def _move_return(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """At the table → RETURNED to the pit boss, sorted and inspected (DECK-14)."""
    if pack.state == P.IN_PLAY and session is not None:
        require_no_hand(session)
    _apply(
        actor,
        pack,
        P.RETURNED,
        session=session,
        keep_at_table=False,
        with_user=kw["with_user"],
        note=kw["note"],
        data={"complete": kw["complete"]},
    )


def _move_classify(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """DECK-15: reusable / discard / replacement, after the closing check. Only a pack
    checked complete now, and not returned declared incomplete, is reusable."""
    if kw["to"] == P.REUSABLE and not (kw["complete"] and _returned_complete(pack)):
        raise DomainError.of(TablesCode.PACK_NOT_REUSABLE, serial=pack.serial, field="complete")
    _apply(
        actor,
        pack,
        kw["to"],
        session=None,
        keep_at_table=False,
        with_user=kw["with_user"],
        note=kw["note"],
        data={"complete": kw["complete"]},
    )


def _returned_complete(pack: Pack) -> bool:
    """Whether the pack's last return to the pit boss declared it complete (DECK-14)."""
    last = DeckEvent.objects.filter(pack=pack, to_state=P.RETURNED).order_by("-at", "-id").first()
    return last is None or bool(last.data.get("complete"))


def _move_finish(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """DECK-18: cancellation or destruction by security, with method and a witness."""
    require_text(kw["note"], field="note", code=TablesCode.METHOD_REQUIRED)
    witness: User | None = kw["with_user"]
    if witness is None or witness.pk == actor.user.pk or witness.casino_id != actor.casino.pk:
        raise DomainError.of(TablesCode.WITNESS_REQUIRED, field="with_user")
    _apply(
        actor, pack, kw["to"], session=None, keep_at_table=False, with_user=witness, note=kw["note"]
    )


def _move_store(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    if pack.state == P.RECEIVED:
        raise DomainError.of(TablesCode.RECEIPT_NOT_SIGNED, details={"receipt": pack.receipt_id})
    _apply(actor, pack, P.STORED, session=None, keep_at_table=False, note=kw["note"])


def _with_target(handler: Any, target: str) -> Any:
    def run(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
        handler(actor, pack, session, to=target, **kw)

    return run


_HANDLERS = {
    P.STORED: _move_store,
    P.ISSUED: _move_issue,
    P.INSPECTED: _move_inspect,
    P.REJECTED: _move_reject,
    P.IN_PLAY: _move_in_play,
    P.RESERVE: _move_reserve,
    P.RESTED: _move_rest,
    P.DAMAGED: _move_damaged,
    P.WITHDRAWN: _move_withdraw,
    P.RETURNED: _move_return,
    P.REUSABLE: _with_target(_move_classify, P.REUSABLE),
    P.DISCARD: _with_target(_move_classify, P.DISCARD),
    P.REPLACEMENT: _with_target(_move_classify, P.REPLACEMENT),
    P.CANCELLED: _with_target(_move_finish, P.CANCELLED),
    P.DESTROYED: _with_target(_move_finish, P.DESTROYED),
}
assert set(_HANDLERS) == set(P.values) - {P.RECEIVED}


# --- rotation ---------------------------------------------------------------------------


def rotate_packs(
    actor: Actor,
    session: TableSession,
    incoming: Pack,
    *,
    complete: bool,
    checked_by: User | None,
    reason: str,
) -> tuple[Pack, Pack]:
    """The pack in play rests and ``incoming`` (the other colour) comes in (DECK-09, OQ-21).

    Runs inside the caller's transaction with the session locked. An incomplete pack
    is withdrawn instead of rested (DECK-10).
    """
    outgoing = Pack.objects.select_for_update().filter(session=session, state=P.IN_PLAY).first()
    if outgoing is None:
        raise DomainError.of(TablesCode.NO_PACK_IN_PLAY)
    incoming = _lock_pack_at(actor, incoming, session, "incoming_pack")
    if incoming.state not in (P.INSPECTED, P.RESERVE, P.RESTED):
        raise DomainError.of(
            TablesCode.ROTATION_PACK_NOT_READY,
            serial=incoming.serial,
            state=incoming.state,
            field="incoming_pack",
            details={"state": incoming.state},
        )
    if _same_colour(incoming.colour, outgoing.colour):
        raise DomainError.of(
            TablesCode.ROTATION_SAME_COLOUR, colour=incoming.colour, field="incoming_pack"
        )
    rested = P.RESTED if complete else P.WITHDRAWN
    data = {"reason": reason, "complete": complete}
    _apply(
        actor,
        outgoing,
        rested,
        session=session,
        keep_at_table=complete,
        with_user=checked_by,
        related_pack=incoming,
        data=data,
    )
    _apply(
        actor,
        incoming,
        P.IN_PLAY,
        session=session,
        keep_at_table=True,
        related_pack=outgoing,
        data=data,
    )
    return outgoing, incoming


def deck_rotate(
    *,
    actor: Actor,
    session: TableSession,
    incoming_pack: Pack,
    outgoing_complete: bool = True,
    note: str = "",
) -> tuple[Pack, Pack]:
    """Rotate the packs of a table outside a dealer change (about every two hours, DECK-09)."""
    require(actor, Perm.DECK_HANDLE)
    with transaction.atomic():
        session = lock_session(session, actor)
        require_at_table(actor, session=session)  # issue 12 §1
        require_status(session, S.OPEN, S.IN_PLAY, S.SUSPENDED)
        require_no_hand(session)
        return rotate_packs(
            actor,
            session,
            incoming_pack,
            complete=outgoing_complete,
            checked_by=croupier_on_duty(session),
            reason=note or "timer",
        )


# --- final control ----------------------------------------------------------------------


def deck_final_control_sign(
    *, actor: Actor, store: DeckStore, counted_serials: list[str]
) -> DeckFinalControl:
    """The shift manager's final control of a store for the open gaming day (DECK-16, DECK-19).

    Refused while any pack is unaccounted for (not returned, missing from the
    physical count) or a counted serial is unknown; reusable packs then go back to
    the locked cabinet.
    """
    require(actor, Perm.DECK_FINAL_CONTROL)
    same_casino(actor, store)
    if not isinstance(counted_serials, list | tuple):
        raise DomainError.of(TablesCode.COUNTED_REQUIRED, field="counted")
    with transaction.atomic():
        store = lock(DeckStore, store.pk, actor)
        day = current_gaming_day(actor)
        if DeckFinalControl.objects.filter(store=store, gaming_day=day).exists():
            raise DomainError.of(TablesCode.FINAL_CONTROL_DONE)
        recon = deck_reconciliation(store, day, list(counted_serials), final=True)
        if not recon.clean:
            raise DomainError.of(
                TablesCode.DECKS_UNACCOUNTED,
                packs=[
                    DomainError.of(
                        TablesCode.DECK_UNACCOUNTED_PACK,
                        serial=u.serial,
                        reason=Words(
                            unaccounted_reason(u.reason, "es"), unaccounted_reason(u.reason, "en")
                        ),
                    )
                    for u in recon.unaccounted
                ],
                unknown=DomainError.of(
                    TablesCode.DECK_UNKNOWN_PACKS, serials=recon.unexpected_serials
                )
                if recon.unexpected_serials
                else "",
                details=recon.figures(),
            )
        control = DeckFinalControl.objects.create(
            casino=actor.casino,
            store=store,
            gaming_day=day,
            created_by=actor.user,
            figures=recon.figures(),
            counted_serials=sorted(set(counted_serials)),
        )
        document_sign(actor=actor, document=control, role=Role.SHIFT_MANAGER)
        for pack in Pack.objects.select_for_update().filter(store=store, state=P.REUSABLE):
            _apply(
                actor,
                pack,
                P.STORED,
                session=None,
                keep_at_table=False,
                note="control final",
                data={"final_control": control.pk},
            )
    return control
