"""Corrections of stored hands (issue 38 §3; HREC-07, HREC-09, HREC-08, RAKE-08).

A stored hand, valid or not, is changed only by a linked revision with a reason, through
``hand_correct`` (the page's live editor and ``POST /api/hands/{id}/corrections/`` alike),
re-validated. Before the next hand starts it counts at once: the hand's rake posting is
reversed and the revision's posted, the seating plan follows it. After the next hand has
started it waits for the pit boss's signature (his *Por firmar*); once signed it counts,
the later hands' continuity is checked again and any difference is flagged.
"""

from __future__ import annotations

import copy
from decimal import Decimal

import pytest

from cage.models import RakeEntry
from cage.selectors import rake_ledger
from casino.errors import Conflict
from casino.models import AuditEvent
from hands import presenters, selectors, services
from hands.models import Hand, HandRevisionApproval, LiveHand
from tables.selectors import seat_at

from .conftest import showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def _with_a_flop_bet(record: dict) -> dict:
    """The same hand, as it really was: on the flop seat 1 bet 20, seat 3 called, seat 5
    folded (the pot grows from 60 to 100; seat 1's aces still win)."""
    data = copy.deepcopy(record)
    actions = data["actions"]
    at = next(k for k, a in enumerate(actions) if a["action"] == "board")
    flop = [
        {"action": "bet", "seat": 1, "amount": "20.00"},
        {"action": "call", "seat": 3},
        {"action": "fold", "seat": 5},
    ]
    rest = [a for a in actions[at + 4 :] if a.get("seat") != 5]
    data["actions"] = [*actions[: at + 1], *flop, *rest]
    return data


def _rake_rows(session) -> list[tuple[int, int, Decimal]]:
    return list(
        RakeEntry.objects.filter(session=session)
        .order_by("id")
        .values_list("hand_number", "sign", "amount")
    )


def _next_hand(sup, session) -> Hand:
    """Hand 2 as the plan proposes it: everyone folds to the big blind."""
    nxt = selectors.next_hand(session)
    seats = [
        {"seat": p.number, "name": p.label, "stack": str(p.stack)}
        for p in nxt.plan.seats
        if p.number in nxt.dealt_in
    ]
    order = [s for s in sorted(nxt.dealt_in) if s > nxt.button] + [
        s for s in sorted(nxt.dealt_in) if s <= nxt.button
    ]
    folds = [{"action": "fold", "seat": s} for s in order[2:] + order[:1]]
    return services.hand_log(
        actor=sup, session=session, data={"button": nxt.button, "seats": seats, "actions": folds}
    )


def test_a_correction_before_the_next_hand_counts_at_once(sup, ready_session):
    # HREC-09: a valid hand, corrected with a reason before the next hand starts.
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert hand.status == "valid" and _rake_rows(ready_session) == [(1, 1, hand.rake)]
    revision = services.hand_correct(
        actor=sup, hand=hand, data=_with_a_flop_bet(hand.record), reason="Faltó la apuesta del flop"
    )
    assert (revision.revision_of_id, revision.number, revision.status) == (hand.pk, 1, "valid")
    assert not HandRevisionApproval.objects.exists()
    # RAKE-08: the original posting reversed, the revision's posted; the books net to it.
    assert _rake_rows(ready_session) == [
        (1, 1, hand.rake),
        (1, -1, hand.rake),
        (1, 1, revision.rake),
    ]
    assert rake_ledger(ready_session) == revision.rake == D("3.00")
    # The seating plan follows the revision (the last hand of the session).
    assert seat_at(ready_session, 1).stack == D(revision.verdict.finishing["1"]) == D("557.00")
    assert Hand.objects.get(pk=hand.pk).status == "valid"  # the original is untouched
    (entry,) = presenters.revision_chain(hand)
    assert (entry["state"], entry["reason"]) == ("counts", "Faltó la apuesta del flop")


def test_a_correction_after_the_next_hand_waits_for_the_pit_boss(sup, boss, ready_session):
    # HREC-09, HREC-08, RAKE-08: hand 2 was stored, then hand 1 is found wrong.
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    second = _next_hand(sup, ready_session)
    assert second.status == "valid"
    plan_before = {s: seat_at(ready_session, s).stack for s in (1, 3, 5)}
    revision = services.hand_correct(
        actor=sup, hand=hand, data=_with_a_flop_bet(hand.record), reason="Faltó la apuesta del flop"
    )
    approval = HandRevisionApproval.objects.get()
    assert approval.correction.revision == revision and not approval.is_locked
    # Until the pit boss signs: the books and the plan keep the original, the revision is
    # not in force (PHH export, the hand's record in force), and it is in his Por firmar.
    assert _rake_rows(ready_session) == [(1, 1, hand.rake)]
    assert {s: seat_at(ready_session, s).stack for s in (1, 3, 5)} == plan_before
    assert selectors.record_in_force(hand) == hand
    assert list(selectors.corrections_to_sign(boss)) == [approval]
    assert list(selectors.corrections_to_sign(sup)) == []
    # Hand 2 started from the original's stacks: seat 1 starts 18 below, seat 3 20 above.
    assert {(d["number"], d["seat"], d["difference"]) for d in approval.continuity} == {
        (2, 1, "-18.00"),  # 557 left by the revision, 539 dealt
        (2, 3, "20.00"),
    }
    services.hand_review(actor=boss, hand=hand, correction_id=approval.correction_id)
    approval.refresh_from_db()
    assert approval.is_locked and list(selectors.corrections_to_sign(boss)) == []
    assert selectors.record_in_force(hand) == revision
    assert _rake_rows(ready_session)[1:] == [(1, -1, hand.rake), (1, 1, revision.rake)]
    event = AuditEvent.objects.filter(action="hand.correction.approve").get()
    assert len(event.after["continuity"]) == 2
    (entry,) = presenters.revision_chain(hand)
    assert entry["state"] == "signed" and entry["signed_by"].username == "pit_boss"
    assert Hand.objects.get(pk=second.pk).status == "valid"  # later hands are flagged, not edited


def test_a_correction_that_leaves_a_closed_hand_invalid_is_refused(sup, ready_session):
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    data = copy.deepcopy(hand.record)
    data["actions"].append({"action": "award", "pot": 0, "seats": [3]})  # against the cards
    before = (Hand.objects.count(), RakeEntry.objects.count())
    with pytest.raises(Conflict) as err:
        services.hand_correct(actor=sup, hand=hand, data=data, reason="El croupier pagó al 3")
    assert err.value.code == "CORRECTION_INVALID" and "AWARD_MISMATCH" in err.value.details["codes"]
    assert (Hand.objects.count(), RakeEntry.objects.count()) == before


def test_the_live_editor_opens_the_stored_hand_and_stores_a_linked_revision(sup, ready_session):
    # Issue 38 §3: the page's path, through the same service as the API.
    hand = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    draft = services.correction_draft_open(actor=sup, hand=hand)
    assert draft.corrects == hand and draft.record["actions"] == hand.record["actions"]
    assert services.correction_draft_open(actor=sup, hand=hand) == draft  # one draft per hand
    ready_session.refresh_from_db()
    assert not ready_session.hand_in_progress  # correcting is not dealing
    assert selectors.open_live_hand(ready_session) is None
    # Take back from the flop's first check and log it as it was.
    at = next(k for k, a in enumerate(draft.record["actions"]) if a["action"] == "board") + 1
    services.live_hand_truncate(actor=sup, live=draft, index=at)
    for action in _with_a_flop_bet(hand.record)["actions"][at:]:
        services.live_hand_act(actor=sup, live=draft, action=action)
    draft.refresh_from_db()
    with pytest.raises(Conflict):
        services.live_hand_finish(actor=sup, live=draft)  # not a new hand
    revision = services.correction_draft_store(
        actor=sup, live=draft, reason="Faltó la apuesta del flop", version=draft.version
    )
    assert revision.revision_of == hand and revision.status == "valid"
    assert LiveHand.objects.get(pk=draft.pk).status == "finished"
    # Changing one action in place: an amount; one that breaks the hand is refused.
    again = services.correction_draft_open(actor=sup, hand=hand)
    assert again != draft and again.record == revision.record
    bet = next(k for k, a in enumerate(again.record["actions"]) if a["action"] == "bet")
    state = services.live_hand_replace(
        actor=sup, live=again, index=bet, action={"action": "bet", "seat": 1, "amount": "30"}
    )
    assert state["complete"]
    with pytest.raises(Exception) as err:
        services.live_hand_replace(
            actor=sup, live=again, index=bet, action={"action": "check", "seat": 1}
        )
    assert getattr(err.value, "code", "") == "ACTION_ILLEGAL"
