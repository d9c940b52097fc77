"""Logging a hand action by action while it is dealt (issue 4 §7, BET-24, HREC-02).

Starting a live hand marks the session ``hand_in_progress`` (the cage refuses
re-buys and float changes meanwhile, BUYIN-05); each action is checked by the
engine and answered with the next legal actions and their amounts; finishing
stores the hand through the same path as a whole-hand request.

The engine advises, it never stops the table (AUTH-04): an action the engine
finds illegal is refused with its reason unless the logger confirms it
(``force``), in which case it is kept and the hand will be stored as invalid.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errors import DomainError
from casino.roles import Perm
from tables import hooks
from tables.codes import TablesCode
from tables.models import SeatStatus, TableSession
from tables.services import lock_session
from tables.services.procedure import play_begins_for_first_hand
from tables.services.seating import hand_begin, hand_end

from .. import adapter, selectors
from ..codes import HandsCode
from ..models import Hand, HandSource, LiveHand
from .incidents import deck_faults_from_hand
from .recording.access import require_at_table
from .recording.admit import admit
from .recording.book import SessionBook
from .recording.prepare import prepare
from .recording.rake import post_rakes
from .recording.terms import hand_terms, require_dealing, tournament_record
from .recording.write import write

MIXED_FIRST = "no_limit"  # GAME-13: a mixed session starts with its no-limit round
MIXED_OTHER = {"no_limit": "limit", "limit": "no_limit"}


def mixed_structure_next(session: TableSession, settings: Any, *, players: int) -> str:
    """The structure of the next hand at a mixed table (GAME-13, OQ-35): rounds of
    ``mixed_switch_every_hands`` hands (empty: one orbit, the players dealt in), starting
    with no-limit, then limit, and so on. The logger may still name the structure."""
    every = settings.mixed_switch_every_hands or max(players, 2)
    recent = list(
        Hand.objects.filter(session=session, revision_of__isnull=True)
        .order_by("-number")
        .values_list("structure", flat=True)[:every]
    )
    if not recent:
        return MIXED_FIRST
    last = recent[0]
    run = next((k for k, x in enumerate(recent) if x != last), len(recent))
    return MIXED_OTHER.get(last, MIXED_FIRST) if run >= every else last


def live_hand_start(
    *,
    actor: Actor,
    session: TableSession,
    data: dict[str, Any],
    dealer: str | None = None,
) -> LiveHand:
    """Open a hand at the table: the first riffle (SHUF-06). Seats, stacks, button, blinds."""
    require(actor, Perm.LOG_HAND)
    now = timezone.now()
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)
        if s.hand_in_progress:  # the one flag (tables.services.seating.hand_begin)
            raise DomainError.of(TablesCode.HAND_IN_PROGRESS, field="session")
        book = SessionBook(s)
        number = book.max_number + 1
        refusals, croupier = selectors.session_readiness(s, number)
        if refusals:
            raise refusals[0]
        book.croupier_on_duty = croupier  # read with the readiness: the dealer, no second query
        settings = book.settings_at(now)
        structure = data.get("structure") or settings.variant
        if settings.variant != "mixed":
            structure = settings.variant
        elif structure == "mixed":  # GAME-13: the table's switch interval decides
            structure = mixed_structure_next(s, settings, players=len(data.get("seats") or ()))
        terms = hand_terms(s, settings, now, structure=structure, unit=book.unit)
        require_dealing(s, terms)  # issue 42: a tournament table deals while its clock plays
        record = adapter.normalise(
            {**data, "structure": structure, "actions": []}, defaults=terms.defaults
        )
        tournament_record(book, record, terms)  # the plan's players, a big-blind ante
        if book.carry:  # POT-09: the pot a void hand left, shown while the hand is live
            record["carry_in"] = adapter.normalise_carried(book.carry)
        penalised = selectors.penalised_players(s, number)
        for seat in record["seats"]:
            if seat.get("player") is not None and int(seat["player"]) in penalised:
                seat["penalised"] = True  # SANC-13
        adapter.live_state(record, terms.rules)  # bad input: 400 now
        if book.max_number == 0:  # OPEN-17, SHUF-01: play begins is told before hand 1
            play_begins_for_first_hand(actor=actor, session=s, players=len(record["seats"]))
            book.announced = True
        dealer_user = book.dealer(dealer)
        try:
            with transaction.atomic():
                live = LiveHand.objects.create(
                    casino_id=s.casino_id,
                    session=s,
                    number=number,
                    dealer=dealer_user,
                    started_by=actor.user,
                    role=actor.role.value,
                    started_at=now,
                    updated_at=now,
                    record=record,
                )
        except IntegrityError:
            raise DomainError.of(TablesCode.HAND_IN_PROGRESS) from None
        # Only the seats the plan has empty need seating (hand_begin skips the others): the
        # book read the plan already, so hand_begin does not read each seat again.
        empty = [
            seat
            for seat in record["seats"]
            if seat["seat"] not in book.seats or book.seats[seat["seat"]].status == SeatStatus.EMPTY
        ]
        hand_begin(s, actor, empty)
        audit_record(
            actor=actor,
            action="hand.live.start",
            obj=live,
            object_type="hands.livehand",
            after={"session": s.pk, "number": number},
            gaming_day=s.gaming_day,
            casino_id=s.casino_id,
        )
    return live


def live_rules(live: LiveHand) -> adapter.Rules:
    """The rules a hand being logged is judged by: the settings in force at its first
    riffle (GEN-04, SHUF-06) and the table's smallest chip (GEN-05). Two small reads; at a
    tournament table, the tournament's terms at that moment (issue 42 §5)."""
    unit = selectors.chip_unit_cents(live.session.table)
    settings = selectors.settings_for_hand(live.session, live.started_at)
    structure = live.record["structure"]
    return hand_terms(live.session, settings, live.started_at, structure=structure, unit=unit).rules


def live_state(live: LiveHand) -> dict[str, Any]:
    """Whose turn, the legal options with amounts, pots and stacks (BET-24)."""
    return _state(live, live_rules(live))


def _state(live: LiveHand, rules: adapter.Rules) -> dict[str, Any]:
    state = adapter.live_state(live.record, rules)
    state["number"] = live.number
    state["status"] = live.status
    state["actions"] = live.record["actions"]
    state["seats"] = live.record["seats"]
    state["button"] = live.record["button"]
    state["hand"] = live.hand_id
    state["version"] = live.version
    return state


def hand_changed() -> DomainError:
    """Issue 38 §1: the screen that sent the request showed an older version of the hand.
    Nobody is to blame at the table: the supervisor looks at the hand as it is and
    repeats (or not)."""
    return DomainError.of(HandsCode.LIVE_HAND_CHANGED, field="version")


#: What an entry point passes when its request carried no version: refused (after the
#: actor's rights are checked, so a refusal of rights is never hidden behind it).
UNSHOWN = -1


def _lock_live(
    actor: Actor, live: LiveHand, version: int | None = None
) -> tuple[LiveHand, TableSession]:
    """The hand's session and row locked, the actor at the table, the hand still open and,
    when ``version`` is given (every request from a screen or a client), still at that
    version. ``None``: an in-process caller acting on the row it holds."""
    s = lock_session(live.session_id)
    same_casino(actor, s)
    require_at_table(actor, s)  # act, undo, finish and abandon alike (issue 12 §1)
    row = LiveHand.objects.select_for_update().get(pk=live.pk)
    if row.status != LiveHand.Status.OPEN:
        raise DomainError.of(HandsCode.LIVE_HAND_CLOSED, field="hand")
    if version == UNSHOWN:
        raise DomainError.of(HandsCode.VERSION_REQUIRED, field="version")
    if version is not None and row.version != version:
        raise hand_changed()
    row.session = s
    return row, s


def _save(row: LiveHand, *fields: str) -> None:
    """Write the hand's working state and move its version on (issue 38 §1)."""
    row.version += 1
    row.updated_at = timezone.now()
    row.save(update_fields=[*fields, "version", "updated_at"])


def live_hand_act(
    *,
    actor: Actor,
    live: LiveHand,
    action: dict[str, Any],
    force: bool = False,
    version: int | None = None,
) -> dict[str, Any]:
    """Add one action; refuse an illegal one with the legal options unless ``force``.

    ``version`` is the version of the hand the screen showed (issue 38 §1): a request on
    an older one is refused (``LIVE_HAND_CHANGED``) before anything is judged."""
    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        state = _apply(row, live_rules(row), action, force=force)
        _save(row, "record")
    return state


def _apply(
    row: LiveHand, rules: adapter.Rules, action: dict[str, Any], *, force: bool = False
) -> dict[str, Any]:
    """Judge one action on the locked row and add it to its record (not saved yet: a
    sequence saves once). Refused, with the legal options, unless ``force``."""
    candidate = dict(row.record)
    entry = adapter.normalise_action(action)
    candidate["actions"] = [*row.record["actions"], entry]
    index = len(candidate["actions"]) - 1
    built = adapter.build(candidate, rules, lenient=True)
    verdict = adapter.judge(built, rules)
    mine = [v for v in verdict.violations if v.action == index and v.code != "HAND_INCOMPLETE"]
    if mine and not force:
        first = mine[0]
        before = adapter.live_state(row.record, rules)  # the options, only to refuse
        raise DomainError.of(
            HandsCode.ACTION_ILLEGAL,
            violation=first,
            field=f"actions[{index}]",
            details={
                "codes": [v.code for v in mine],
                "next_seat": before["next_seat"],
                "options": before["options"],
                "expected": before["expected"],
            },
        )
    row.record = candidate
    state = _state(row, rules)  # the rules just judged with: no second settings read
    state["version"] = row.version + 1  # what saving the row makes it
    state["forced"] = [v.as_dict() for v in mine]
    return state


# The one-tap sequences of the live page (issue 13 §4): "todos se retiran hasta el
# asiento N", "todos pasan" and, at the showdown, "todos muestran".
SEQUENCE_ACTIONS = ("fold", "check", "show")


def _sequence_goes_on(state: dict[str, Any], action: str, street: str, until: int | None) -> bool:
    if state["next_seat"] is None:
        return False
    if action == "show":
        return (state["expected"] or {}).get("action") == "show_or_muck"
    if state["phase"] != "betting" or state["street"] != street:
        return False
    return not (action == "fold" and state["next_seat"] == until)


def live_hand_act_many(
    *,
    actor: Actor,
    live: LiveHand,
    action: str,
    until_seat: int | None = None,
    version: int | None = None,
) -> dict[str, Any]:
    """Apply one action for each seat to act in turn, as single ``live_hand_act`` calls.

    ``fold`` folds every seat to act until ``until_seat`` is the one to act (or the
    hand is won); ``check`` checks around until the street's betting ends; ``show``
    shows every hand at the showdown as dealt, in the showdown order. All in one
    transaction: the first refusal undoes the whole sequence (nothing recorded).
    ``version`` is the version of the hand the page showed: a stale page (a second
    tablet, a double tap) is refused instead of folding the wrong seats (issue 38 §1).
    """
    require(actor, Perm.LOG_HAND)
    if action not in SEQUENCE_ACTIONS:
        raise DomainError.of(HandsCode.SEQUENCE_UNKNOWN, field="action")
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        rules = live_rules(row)
        state = _state(row, rules)
        if action == "fold":
            live_seats = {int(s["seat"]) for s in row.record["seats"]}
            if until_seat is None or until_seat not in live_seats or until_seat in state["folded"]:
                raise DomainError.of(HandsCode.SEAT_NOT_IN_HAND, seat=until_seat, field="seat")
        street = state["street"]
        applied = 0
        for _ in range(len(row.record["seats"])):
            if not _sequence_goes_on(state, action, street, until_seat):
                break
            state = _apply(row, rules, {"action": action, "seat": state["next_seat"]})
            applied += 1
        if not applied:
            raise DomainError.of(HandsCode.NOTHING_TO_APPLY, field="action")
        _save(row, "record")  # the sequence is one change of the hand: one version on
        state["applied"] = applied
    return state


# Issue 38 §5: the dealer deals the next card only once the street's betting is over. When
# what is left of it costs nothing but checks, or one call, the supervisor's tap on the
# next card (or on the cards shown at the showdown) says so: those actions are recorded
# first, each as a single action, then the card or the show. The page names them on the
# picker before the tap ("seat 3 calls 20"), as the engine's live state lists them.
CLOSING_ACTIONS = ("board", "show")


def live_hand_close_and_act(
    *, actor: Actor, live: LiveHand, action: dict[str, Any], version: int | None = None
) -> dict[str, Any]:
    """Close the street as the live state proposes (``state["closing"]``: the checks and at
    most one call still to come), then apply ``action`` (the next board cards, or the
    first show). One transaction: a refusal records nothing."""
    require(actor, Perm.LOG_HAND)
    if action.get("action") not in CLOSING_ACTIONS:
        raise DomainError.of(HandsCode.SEQUENCE_UNKNOWN, field="action")
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        rules = live_rules(row)
        state = _state(row, rules)
        closing = state["closing"]
        if state["phase"] == "betting":
            if closing is None or closing["then"]["action"] != action["action"]:
                raise DomainError.of(HandsCode.STREET_NOT_CLOSED, field="action")
            for step in closing["actions"]:
                _apply(row, rules, {"action": step["action"], "seat": step["seat"]})
        state = _apply(row, rules, action)
        _save(row, "record")
    return state


def live_hand_undo(*, actor: Actor, live: LiveHand, version: int | None = None) -> dict[str, Any]:
    """Take back the last action logged (a typing slip, before the hand is stored): the
    last action of the version the screen showed, never one it did not show."""
    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        if not row.record["actions"]:
            raise DomainError.of(HandsCode.NOTHING_TO_UNDO)
        removed = row.record["actions"][-1]
        row.record = {**row.record, "actions": row.record["actions"][:-1]}
        _save(row, "record")
        audit_record(
            actor=actor,
            action="hand.live.undo",
            obj=row,
            object_type="hands.livehand",
            before=removed,
            casino_id=row.casino_id,
        )
        return live_state(row)


def live_hand_finish(
    *,
    actor: Actor,
    live: LiveHand,
    result: dict[str, Any] | None = None,
    notes: str = "",
    version: int | None = None,
) -> Hand:
    """Store the hand (same path as a whole-hand request) and end ``hand_in_progress``:
    the hand as the screen showed it (``version``)."""
    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        row, s = _lock_live(actor, live, version)
        if row.corrects_id is not None:
            raise DomainError.of(HandsCode.CORRECTION_DRAFT, field="hand")
        data = dict(row.record)
        if result:
            data["result"] = result
        book = SessionBook(s)
        prepared = prepare(
            book,
            data,
            source=HandSource.LIVE,
            number=row.number,
            dealer=row.dealer.username if row.dealer else None,
            started_at=row.started_at,
            ended_at=timezone.now(),
            notes=notes,
            check_refusals=False,
        )
        admit(book, actor, prepared)
        (hand,) = write(book, actor, [prepared])
        post_rakes(actor, [hand])
        row.status = LiveHand.Status.FINISHED
        row.hand = hand
        _save(row, "status", "hand")
        hand_end(s)
        hooks.hand_stored(actor, hand)  # issue 42: a tournament's busts, after the hand ended
        deck_faults_from_hand(actor=actor, hand=hand)  # DECK-20, after the hand has ended
        audit_record(
            actor=actor,
            action="hand.log",
            obj=hand,
            after={
                "session": s.pk,
                "number": hand.number,
                "status": hand.status,
                "rake": str(hand.rake),
                "violations": prepared.codes,
                "source": HandSource.LIVE,
            },
        )
    return hand


def live_hand_abandon(
    *, actor: Actor, live: LiveHand, reason: str, version: int | None = None
) -> LiveHand:
    """Drop a hand being logged (nothing stored); the table may take re-buys again."""
    require(actor, Perm.LOG_HAND)
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")
    with transaction.atomic():
        row, s = _lock_live(actor, live, version)
        row.status = LiveHand.Status.ABANDONED
        _save(row, "status")
        if row.corrects_id is None:  # a correction draft never marked the table in a hand
            hand_end(s)
        audit_record(
            actor=actor,
            action="hand.live.abandon",
            obj=row,
            object_type="hands.livehand",
            reason=reason.strip(),
            casino_id=row.casino_id,
            gaming_day=s.gaming_day,
        )
    return row


# --- editing what was logged, and corrections of stored hands (issue 38 §3) ---------------


def live_hand_truncate(
    *, actor: Actor, live: LiveHand, index: int, version: int | None = None
) -> dict[str, Any]:
    """Take back the actions from ``index`` on (0-based), to log them again as they were:
    several undos in one tap, on the version the screen showed."""
    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        actions = row.record["actions"]
        if not 0 <= index < len(actions):
            raise DomainError.of(
                HandsCode.ACTION_INDEX_INVALID, index=index, last=len(actions) - 1, field="index"
            )
        removed = actions[index:]
        row.record = {**row.record, "actions": actions[:index]}
        _save(row, "record")
        audit_record(
            actor=actor,
            action="hand.live.undo",
            obj=row,
            object_type="hands.livehand",
            before={"from": index, "actions": removed},
            casino_id=row.casino_id,
        )
        return live_state(row)


def live_hand_replace(
    *,
    actor: Actor,
    live: LiveHand,
    index: int,
    action: dict[str, Any],
    version: int | None = None,
) -> dict[str, Any]:
    """Change one action logged (an amount, a seat, the board's or a hand's cards, an
    award), the others kept: refused if the hand no longer stands as well after it (a
    violation it did not have: log again from there instead)."""
    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        actions = row.record["actions"]
        if not 0 <= index < len(actions):
            raise DomainError.of(
                HandsCode.ACTION_INDEX_INVALID, index=index, last=len(actions) - 1, field="index"
            )
        rules = live_rules(row)
        before = {
            v.code
            for v in adapter.judge(adapter.build(row.record, rules, lenient=True), rules).violations
        }
        changed = [*actions[:index], adapter.normalise_action(action), *actions[index + 1 :]]
        candidate = {**row.record, "actions": changed}
        verdict = adapter.judge(adapter.build(candidate, rules, lenient=True), rules)
        new = [v for v in verdict.violations if v.code not in before]
        if new:
            raise DomainError.of(
                HandsCode.ACTION_ILLEGAL,
                violation=new[0],
                field=f"actions[{index}]",
                details={"codes": [v.code for v in new]},
            )
        previous = actions[index]
        row.record = candidate
        _save(row, "record")
        audit_record(
            actor=actor,
            action="hand.live.replace",
            obj=row,
            object_type="hands.livehand",
            before={"index": index, "action": previous},
            after={"index": index, "action": changed[index]},
            casino_id=row.casino_id,
        )
        return _state(row, rules)


def correction_draft_open(*, actor: Actor, hand: Hand) -> LiveHand:
    """Open a stored hand in the live editor (HREC-09, issue 38 §3): its record as it
    counts now (the latest revision in force), to change what was wrong and store it as a
    linked revision with a reason. One draft per hand: an open one is returned."""
    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        s = lock_session(hand.session_id)
        same_casino(actor, s)
        require_at_table(actor, s)
        original = hand.revision_of or hand
        draft = LiveHand.objects.filter(corrects=original, status=LiveHand.Status.OPEN).first()
        if draft is not None:
            return draft
        source = selectors.record_in_force(original)
        now = timezone.now()
        draft = LiveHand.objects.create(
            casino_id=s.casino_id,
            session=s,
            number=original.number,
            dealer=original.dealer,
            started_by=actor.user,
            role=actor.role.value,
            started_at=original.started_at,  # the rules in force when the hand was dealt
            updated_at=now,
            record=json.loads(json.dumps(source.record)),
            corrects=original,
        )
        audit_record(
            actor=actor,
            action="hand.correction.open",
            obj=draft,
            object_type="hands.livehand",
            after={"hand": original.pk, "from": source.pk},
            casino_id=s.casino_id,
        )
    return draft


def correction_draft_store(
    *, actor: Actor, live: LiveHand, reason: str, version: int | None = None
) -> Hand:
    """Store the edited hand as a linked revision of the stored one, through the same
    service as ``POST /api/hands/{id}/corrections/`` (``hand_correct``)."""
    from .recording.correct import hand_correct

    require(actor, Perm.LOG_HAND)
    with transaction.atomic():
        row, _s = _lock_live(actor, live, version)
        if row.corrects is None:
            raise DomainError.of(HandsCode.NOT_A_CORRECTION, field="hand")
        revision = hand_correct(
            actor=actor, hand=row.corrects, data=dict(row.record), reason=reason
        )
        row.status = LiveHand.Status.FINISHED
        row.hand = revision
        _save(row, "status", "hand")
    return revision
