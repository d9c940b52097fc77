"""The readiness check the hand recorder runs for every hand, with the croupier on duty.

``session_readiness`` gives the same reasons as ``session_ready_for_play`` /
``session_accepts_hand`` (issue 5 §2, OPEN-12, DECK-04, CLOSE-01) and the croupier
on duty, in two queries (issue 4 "Speed": it was five, plus one more for the dealer).
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from casino.roles import Role
from tables import selectors, services
from tables.models import PackState, TableSession

from .conftest import act, open_session, open_table, ready_decks

pytestmark = pytest.mark.django_db


def test_a_ready_table_has_no_reasons_and_names_its_croupier_in_two_queries(
    staff, gaming_day, table, store
):  # OPEN-12, DECK-04, issue 4 "Speed"
    session = open_table(staff, table)
    ready_decks(staff, session, store)
    session.refresh_from_db()
    with CaptureQueriesContext(connection) as ctx:
        readiness = selectors.session_readiness(session, 1)
    assert readiness.reasons == []
    assert readiness.croupier == staff["croupier"]
    assert len(ctx.captured_queries) == 2
    assert selectors.session_ready_for_play(session) == []
    assert selectors.session_accepts_hand(session, 1) == []


def test_the_croupier_after_a_dealer_change_is_the_incoming_one(
    staff, gaming_day, table, store
):  # ROLE-04: the hand's default dealer is the croupier dealing now
    session = open_table(staff, table)
    _red, blue = ready_decks(staff, session, store)
    session.refresh_from_db()
    services.dealer_change_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        incoming=staff["croupier2"],
        incoming_pack=blue,
    )
    readiness = selectors.session_readiness(session, 1)
    assert readiness.reasons == []
    assert readiness.croupier == staff["croupier2"] == selectors.croupier_on_duty(session)


def test_reasons_of_a_table_at_its_opening_keep_their_order(staff, gaming_day, table):
    # issue 5 §2: unsigned opening, not open; DECK-04: no inspected packs.
    session = open_session(staff, table)
    readiness = selectors.session_readiness(session)
    assert [r.code for r in readiness.reasons] == [
        "OPENING_NOT_SIGNED",
        "SESSION_NOT_OPEN",
        "DECKS_MISSING",
        "NO_PACK_IN_PLAY",
    ]
    assert readiness.croupier == staff["croupier"]


def test_a_damaged_pack_and_the_last_hand_are_reasons(staff, gaming_day, table, store):
    # DECK-13: a damaged pack is replaced before the next hand; CLOSE-01: the last hand.
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    session.refresh_from_db()
    services.deck_move(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        pack=red,
        to=PackState.DAMAGED,
        hand_number=3,
        note="carta marcada",
    )
    TableSession.objects.filter(pk=session.pk).update(last_hand_number=3, hand_in_progress=False)
    session.refresh_from_db()
    readiness = selectors.session_readiness(session, 4)
    # The damaged pack no longer counts as inspected: one colour is left at the table.
    missing, damaged, last = readiness.reasons
    assert [r.code for r in readiness.reasons] == [
        "DECKS_MISSING",
        "PACK_DAMAGED",
        "AFTER_LAST_HAND",
    ]
    assert missing.details == {"inspected_packs": [blue.serial]}
    assert damaged.details == {"pack": red.serial}
    assert last.details == {"last_hand_number": 3}
    codes = ["DECKS_MISSING", "PACK_DAMAGED"]
    assert [r.code for r in selectors.session_accepts_hand(session, 4)] == [*codes, last.code]
    assert [r.code for r in selectors.session_accepts_hand(session, 3)] == codes
    assert [r.code for r in selectors.session_ready_for_play(session)] == codes


def test_a_session_without_a_croupier_is_refused_and_names_none(staff, gaming_day, table):
    # A session row with no dealer change at all (no croupier ever assigned).
    session = TableSession.objects.create(
        casino=table.casino,
        table=table,
        gaming_day=gaming_day,
        number=9,
        status=TableSession.Status.OPEN,
        settings=table.settings_at(),
        supervisor=staff["supervisor"],
    )
    readiness = selectors.session_readiness(session, 1)
    assert readiness.croupier is None
    assert [r.code for r in readiness.reasons] == [
        "OPENING_NOT_SIGNED",
        "NO_CROUPIER_ON_DUTY",
        "DECKS_MISSING",
        "NO_PACK_IN_PLAY",
    ]
