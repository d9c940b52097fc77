"""The incident log: complaints, disputes, player requests, escalated irregularities and
deck faults, each with every level it reached and who decided what (issue 17 §3).

ROLE-06: a complaint referred by a croupier, or a player's request about the game, is
recorded and goes to the supervisor; when the supervisor cannot resolve it, it is
escalated at once to the pit boss. AUTH-01: the path is croupier → table supervisor →
pit boss → shift manager, and the incident records every level it reached and its final
decision.

The rules, all here:
- the incident is held by one level at a time: at first the recorder's role; only the
  holder escalates it, and only upward, with a reason;
- only the holder decides; the closing needs a decision at the level holding it (the
  final decision) and is written by the holder; a closed incident takes no more steps;
- at a table, the person acting must work that table now (``require_at``): the
  supervisor or croupier of the session, a pit boss of its sector; the shift manager is
  casino-wide.
Each step is a new row (append-only) with its audit event, under a lock on the incident
so two steps never take one number.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errorcodes import ApiCode
from casino.errors import DomainError, require_text
from casino.models import GamingDay
from casino.roles import Perm, Role
from casino.selectors import require_open_gaming_day
from casino.serials import format_serial, serial_next
from tables.models import Pack, Table, TableSession
from tables.selectors.assignment import require_at

from ..codes import HandsCode
from ..incident_selectors import IncidentState, incident_state
from ..models import (
    INCIDENT_LEVELS,
    Hand,
    Incident,
    IncidentAction,
    IncidentKind,
    IncidentStep,
)

SERIES = "INC"


def _level_of(actor: Actor) -> Role:
    if actor.role not in INCIDENT_LEVELS:
        raise DomainError.of(HandsCode.ROLE_NOT_ON_ESCALATION_PATH, field="role")
    return actor.role


def incident_open(
    *,
    actor: Actor,
    kind: str,
    description: str,
    session: TableSession | None = None,
    table: Table | None = None,
    hand: Hand | None = None,
    pack: Pack | None = None,
    people: str = "",
) -> Incident:
    """Record an incident; the recorder's level holds it first."""
    require(actor, Perm.RECORD_INCIDENT)
    level = _level_of(actor)
    if kind not in IncidentKind.values:
        raise DomainError.of(HandsCode.INCIDENT_KIND_INVALID, field="kind")
    text = require_text(description, field="description", code=HandsCode.TEXT_REQUIRED)
    if hand is not None:
        session = hand.session
    if session is not None:
        table = session.table
    casino = actor.casino
    for obj, name in ((session, "session"), (table, "table"), (hand, "hand"), (pack, "pack")):
        if obj is not None and obj.casino_id != casino.pk:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=type(obj), field=name)
    if session is not None or table is not None:
        require_at(actor, session=session, table=table)
    with transaction.atomic():
        day: GamingDay = (
            session.gaming_day if session is not None else require_open_gaming_day(casino)
        )
        year = day.business_date.year
        number = serial_next(casino=casino, series=SERIES, year=year)
        incident = Incident.objects.create(
            casino=casino,
            gaming_day=day,
            serial=format_serial(SERIES, year, number),
            kind=kind,
            table=table,
            session=session,
            hand=hand,
            pack=pack,
            people=(people or "").strip()[:300],
            description=text,
            level=level,
            reported_by=actor.user,
            role=actor.role,
        )
        audit_record(actor=actor, action="incident.open", obj=incident, after=_snapshot(incident))
    return incident


def _snapshot(incident: Incident) -> dict[str, Any]:
    return {
        "serial": incident.serial,
        "kind": incident.kind,
        "table": incident.table.number if incident.table else None,
        "session": incident.session_id,
        "hand": incident.hand_id,
        "pack": incident.pack_id,
        "level": incident.level,
    }


def _locked(incident: Incident) -> tuple[Incident, IncidentState]:
    fresh = (
        Incident.objects.select_for_update(of=("self",))
        .select_related("session", "table")
        .get(pk=incident.pk)
    )
    return fresh, incident_state(fresh)


def _require_holder(actor: Actor, incident: Incident, state: IncidentState) -> None:
    if state.closed:
        raise DomainError.of(HandsCode.INCIDENT_CLOSED, serial=incident.serial)
    if actor.role != state.level:
        raise DomainError.of(
            HandsCode.INCIDENT_NOT_HELD,
            serial=incident.serial,
            level=Role(state.level),
            field="role",
        )
    if incident.session_id is not None or incident.table_id is not None:
        require_at(actor, session=incident.session, table=incident.table)


def _step(
    actor: Actor, incident: Incident, action: str, text: str, *, to_level: Role | None = None
) -> IncidentStep:
    seq = (incident.steps.aggregate(m=Max("seq"))["m"] or 0) + 1
    step = IncidentStep.objects.create(
        incident=incident,
        seq=seq,
        action=action,
        level=actor.role,
        to_level=to_level.value if to_level else "",
        text=text,
        by=actor.user,
        role=actor.role,
    )
    audit_record(
        actor=actor,
        action=f"incident.{action}",
        obj=step,
        gaming_day=incident.gaming_day,
        after={"incident": incident.serial, "seq": seq, "to_level": step.to_level, "text": text},
    )
    return step


def incident_escalate(
    *, actor: Actor, incident: Incident, to_level: str, reason: str
) -> IncidentStep:
    """The holder passes the incident up the path (AUTH-01), saying why."""
    require(actor, Perm.RECORD_INCIDENT)
    try:
        target = Role(to_level)
    except ValueError:
        target = None
    if target not in INCIDENT_LEVELS:
        raise DomainError.of(HandsCode.INCIDENT_LEVEL_INVALID, field="to_level")
    text = require_text(reason, field="reason", code=HandsCode.TEXT_REQUIRED)
    with transaction.atomic():
        incident, state = _locked(incident)
        _require_holder(actor, incident, state)
        if INCIDENT_LEVELS.index(target) <= INCIDENT_LEVELS.index(state.level):
            raise DomainError.of(
                HandsCode.INCIDENT_ESCALATION_DOWNWARD,
                level=Role(state.level),
                target=Role(target),
                field="to_level",
            )
        return _step(actor, incident, IncidentAction.ESCALATE, text, to_level=target)


def incident_decide(*, actor: Actor, incident: Incident, decision: str) -> IncidentStep:
    """The holder's decision (the last one before the closing is the final decision)."""
    require(actor, Perm.RECORD_INCIDENT)
    text = require_text(decision, field="decision", code=HandsCode.TEXT_REQUIRED)
    with transaction.atomic():
        incident, state = _locked(incident)
        _require_holder(actor, incident, state)
        return _step(actor, incident, IncidentAction.DECIDE, text)


def incident_close(*, actor: Actor, incident: Incident, outcome: str) -> IncidentStep:
    """Close the incident: the holder, after deciding at its level."""
    require(actor, Perm.RECORD_INCIDENT)
    text = require_text(outcome, field="outcome", code=HandsCode.TEXT_REQUIRED)
    with transaction.atomic():
        incident, state = _locked(incident)
        _require_holder(actor, incident, state)
        if not state.decided_at_level:
            raise DomainError.of(
                HandsCode.INCIDENT_UNDECIDED, serial=incident.serial, level=Role(state.level)
            )
        return _step(actor, incident, IncidentAction.CLOSE, text)


# --------------------------------------------------------------------------- deck faults

# DECK-20: deck faults found during play are irregularities linked to the pack record.
DECK_FAULT_KINDS: dict[str, tuple[str, str]] = {
    "different_back": ("una carta con otro dorso", "a card with a different back"),
    "duplicate_cards": ("dos cartas idénticas", "two identical cards"),
    "cards_missing_from_pack": ("faltan cartas en el mazo", "cards missing from the pack"),
}

# A void action's reason (``poker.model.VoidReason``) that is a deck fault.
VOID_REASON_FAULTS = {"different_back": "different_back", "duplicate_card": "duplicate_cards"}


def deck_faults_from_hand(*, actor: Actor, hand: Hand) -> Incident | None:
    """A logged hand with a deck fault (DECK-20): the pack in play is withdrawn (DECK-13:
    the table takes a replacement before the next hand) and an incident records the fault
    with the hand and the pack, in the hand's own transaction.

    Called by the paths that log a hand as it is played (``hand_log``, the live hand's
    finish), not by an import of past hands nor a correction. When the pack cannot be
    withdrawn (none recorded in play, or its state refuses), the incident says why and
    the hand is still stored: the fault is on the record either way.
    """
    from casino.errors import DomainError
    from tables.models import PackState
    from tables.services.decks.moves import deck_move

    kinds = [i.kind for i in hand.irregularities.all() if i.kind in DECK_FAULT_KINDS]
    kinds += [  # or the hand declared void for it (IRREG-02, IRREG-03)
        VOID_REASON_FAULTS[a["reason"]]
        for a in (hand.record or {}).get("actions", [])
        if a.get("action") == "void" and a.get("reason") in VOID_REASON_FAULTS
    ]
    faults = list(dict.fromkeys(kinds))
    if not faults:
        return None
    session = hand.session
    es_what = ", ".join(DECK_FAULT_KINDS[k][0] for k in faults)
    en_what = ", ".join(DECK_FAULT_KINDS[k][1] for k in faults)
    pack = Pack.objects.filter(session=session, state=PackState.IN_PLAY).order_by("pk").first()
    outcome = ""
    if pack is None:
        outcome = "No hay mazo en juego registrado: retírelo a mano. / No pack recorded in play."
    else:
        try:
            with transaction.atomic():
                deck_move(
                    actor=actor,
                    pack=pack,
                    to=PackState.WITHDRAWN,
                    session=session,
                    hand_number=hand.number,
                    note=f"DECK-20: {es_what} en la mano {hand.number}.",
                )
            outcome = f"Mazo {pack.serial} retirado. / Pack {pack.serial} withdrawn."
        except DomainError as err:
            outcome = (
                f"El mazo {pack.serial} no se pudo retirar: {err.message_es} / "
                f"Pack {pack.serial} could not be withdrawn: {err.message_en}"
            )
    level_actor = actor
    if actor.role not in INCIDENT_LEVELS:
        level_actor = Actor(actor.user, Role.SUPERVISOR)
    return incident_open(
        actor=level_actor,
        kind=IncidentKind.DECK_FAULT,
        session=session,
        hand=hand,
        pack=pack,
        description=(
            f"Mano {hand.number}: {es_what} (DECK-20). {outcome}\n"
            f"Hand {hand.number}: {en_what} (DECK-20)."
        ),
    )
