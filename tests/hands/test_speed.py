"""Logging a hand reads and writes a bounded set of rows (issue 4 "Speed").

The readiness check, the default dealer, the cage's seat movements and the rake
posting were the expensive parts of logging a hand (docs/benchmarks.md, "Hand
recorder"). These tests pin the number of queries of the whole service and prove
that the shortcuts taken keep every check: a buy-in, a departure or a reversal at
the cage between two hands is still read (HREC-08), the croupier on duty is still
the hand's dealer, the rake still goes into the ledger under the hand's settings.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cage import services as cage
from cage.models import RakeEntry
from casino.access import acting_as
from casino.roles import Role
from hands import services
from hands.models import Hand

from .conftest import buy_in, folded_to_big_blind, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal

# The service's own queries for a valid hand with rake: lock the session, the book's
# facts, the seating plan, the dealer with the opening sheet, the packs, the hand, its
# verdict and seats, the seating plan update, the hand's rake postings, the posting,
# two audit events, and the savepoint of the service (2). Was 30 before issue 4 "Speed".
# Each audit event joins the day's evidence chain: lock, head, links (+3 each, issue 12 §5).
# Who may log here (issue 12 §1, tables.selectors.require_assigned): the latest relief,
# the latest dealer change and the sector's pit bosses (+3).
# Issue 43, third pass: the seats a hand changed are written by one UPDATE, not one per
# seat (this hand's three seats: 24 -> 22).
MAX_QUERIES = 22


def _codes(hand: Hand) -> list[str]:
    return list(hand.violation_rows.values_list("code", flat=True))


def _log(sup, session, data):  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        hand = services.hand_log(actor=sup, session=session, data=data)
    return hand, [q["sql"] for q in ctx.captured_queries]


def _second_hand_with_rake() -> dict:  # type: ignore[type-arg]
    """Hand 2 after :func:`showdown_hand`: button 1, a 300 pot, rake 9 (3 %, A-27)."""
    data = showdown_hand(button=1)
    for s in data["seats"]:
        s["stack"] = {1: "539", 3: "480", 5: "480"}[s["seat"]]
    streets = [{"action": "check", "seat": seat} for seat in (3, 5, 1)]
    data["actions"] = [
        {"action": "raise", "seat": 1, "amount": "100"},
        {"action": "call", "seat": 3},
        {"action": "call", "seat": 5},
        {"action": "board", "cards": "2h7d9s"},
        *streets,
        {"action": "board", "cards": "Jc"},
        *streets,
        {"action": "board", "cards": "3s"},
        *streets,
        *({"action": "show", "seat": seat} for seat in (3, 5, 1)),
    ]
    return data


def test_logging_a_hand_makes_a_bounded_number_of_queries(sup, staff, ready_session):
    # issue 4 "Speed": a valid hand with rake, continuity checked against the cage's card.
    for seat in (1, 3, 5):
        buy_in(staff, ready_session, seat=seat, amount=500)
    first, _ = _log(sup, ready_session, showdown_hand())
    assert first.status == "valid", _codes(first)
    second, sql = _log(sup, ready_session, _second_hand_with_rake())
    assert second.status == "valid", _codes(second)
    assert second.rake == D("9.00")
    assert len(sql) <= MAX_QUERIES, "\n".join(sql)
    # The session is locked once, and the cage's card is not read again when nothing
    # moved since the last hand (the book's first query says when it last moved).
    assert sum("FOR UPDATE" in q for q in sql) == 1
    for table in ("cage_tabletransaction", "cage_seatdeparture", "tables_tablesettings"):
        assert not any(q.startswith(f'SELECT "{table}"') for q in sql), table
    # The posting takes the hand's settings version; the dealer is the croupier on duty.
    entry = RakeEntry.objects.get(session=ready_session, hand_number=second.number)
    assert entry.settings_id == second.settings_id and entry.amount == second.rake
    assert second.dealer == staff["croupier"]


def test_a_buyin_between_hands_is_still_read(sup, staff, ready_session):
    # HREC-08: the cage recorded a re-buy after the last hand: continuity reads it.
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    # Seat 3 finished hand 1 with 480: its buy-in now is a re-buy (issue 13 §1).
    buy_in(staff, ready_session, seat=3, amount=300, stack_before=480)
    ok = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 780, 5: 480})
    )
    assert ok.status == "valid", _codes(ok)
    third = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(3, {1: 539, 3: 775, 5: 485})
    )
    assert third.status == "valid", _codes(third)  # the re-buy counts once, not again


def test_a_departure_between_hands_is_still_read(sup, staff, ready_session):
    # HREC-08: seat 5 leaves with its 480 and a new player sits with a 500 buy-in.
    for seat in (1, 3, 5):
        buy_in(staff, ready_session, seat=seat, amount=500)
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    cage.player_departure_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=ready_session,
        seat=5,
        stack="480",
    )
    wrong = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    )
    violation = wrong.violation_rows.get(code="CONTINUITY_MISMATCH")
    assert "seat 5" in violation.message_en and "+480.00" in violation.message_en


def test_a_buyin_reversed_after_the_last_hand_counts_at_its_own_time(sup, staff, ready_session):
    # A reversal undoes its buy-in at the buy-in's time: a buy-in recorded before hand 1
    # and reversed after it moves no chips between hands 1 and 2 (HREC-08).
    for seat in (1, 3, 5):
        buy_in(staff, ready_session, seat=seat, amount=500)
    extra = cage.buyin_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=ready_session,
        seat=3,
        amount="100",
        croupier=staff["croupier"],
        cash=[{"value": "100", "count": 1}],
        chips=[("100", 1)],
        stack_before="500",
    ).transaction
    first = services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert first.status == "invalid"  # seat 3 bought 600 in and started with 500
    cage.transaction_reverse(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        transaction_=extra,
        reason="registrada dos veces",
    )
    second = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    )
    assert second.status == "valid", _codes(second)
