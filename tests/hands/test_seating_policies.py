"""The table's seating policies, applied by the hand recorder (SEAT-05, SEAT-06, OQ-07).

``new_player_entry`` (MANUAL by default, POST_BB, POST_MIN_BET) and
``absent_player_policy`` (MANUAL by default, MISSED_BLINDS) are versioned table
settings: changed with ``tables.services.table_settings_change`` (and its API), they
apply from the next hand, and each hand is judged under the version in force when it
started.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from casino.access import acting_as
from casino.models import AuditEvent
from casino.roles import Role
from hands import services
from hands.models import Hand
from tables import services as table_services
from tables import services as tables_services
from tables.models import AbsentPlayerPolicy, NewPlayerEntry, TableSettings
from tests.casino.test_api import assert_error_shape
from tests.tables.openapi import assert_matches_schema

from .conftest import folded_to_big_blind, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def _codes(hand: Hand) -> list[str]:
    """The hand's errors (a warning such as BUTTON_NOT_MOVED_ONE_SEAT does not count)."""
    return list(hand.violation_rows.filter(severity="error").values_list("code", flat=True))


def _policy(staff, session, **changes: Any) -> TableSettings:  # type: ignore[no-untyped-def]
    """A new settings version of the session's table, from now (GEN-04)."""
    return tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=session.table,
        reason="política de asientos",
        **changes,
    )


def _with_posts(data: dict[str, Any], seat: int, **posts: str) -> dict[str, Any]:
    for s in data["seats"]:
        if s["seat"] == seat:
            s.update(posts)
    return data


def test_the_defaults_are_manual(hand_table):  # OQ-07
    settings = hand_table.settings_at()
    assert settings.new_player_entry == NewPlayerEntry.MANUAL == "manual"
    assert settings.absent_player_policy == AbsentPlayerPolicy.MANUAL == "manual"


# --- SEAT-05: a new player -------------------------------------------------------------
# Hand 1: seats 1, 3, 5 (button 5). Hand 2: button 1, a new player in seat 7, which is
# under the gun (SB 3, BB 5); hand 3: button 3, seat 7 is the big blind.

HAND_2 = {1: 539, 3: 480, 5: 480}


def test_manual_a_new_player_under_the_gun_is_dealt_in_without_posting(sup, ready_session):
    # SEAT-05 MANUAL: only the button and the blinds are closed to a new player.
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    hand = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {**HAND_2, 7: 500})
    )
    assert hand.status == "valid", _codes(hand)


@pytest.mark.parametrize("policy", [NewPlayerEntry.POST_BB, NewPlayerEntry.POST_MIN_BET])
def test_post_policies_a_new_player_dealt_in_without_posting_is_a_violation(
    policy, staff, sup, ready_session
):  # SEAT-05 POST_BB (004) and POST_MIN_BET (002), OQ-07
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    version = _policy(staff, ready_session, new_player_entry=policy)
    unposted = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, {**HAND_2, 7: 500})
    )
    assert unposted.settings == version
    assert _codes(unposted) == ["NEW_PLAYER_MUST_POST"]
    violation = unposted.violation_rows.get(code="NEW_PLAYER_MUST_POST")
    assert violation.field == "seats[3].post" and "10.00" in violation.message_en


@pytest.mark.parametrize("policy", [NewPlayerEntry.POST_BB, NewPlayerEntry.POST_MIN_BET])
def test_post_policies_a_new_player_who_posts_a_big_blind_is_dealt_in(
    policy, staff, sup, ready_session
):  # SEAT-05: the post is live; the big blind wins the blinds and the post
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    _policy(staff, ready_session, new_player_entry=policy)
    data = _with_posts(folded_to_big_blind(1, {**HAND_2, 7: 500}), 7, post="10")
    posted = services.hand_log(actor=sup, session=ready_session, data=data)
    assert posted.status == "valid", _codes(posted)
    assert posted.pot_total == D("25.00")  # blinds 5 + 10 and the new player's 10
    finishing = {s.seat: s.finishing_stack for s in posted.seats.all()}
    assert finishing == {1: D("539"), 3: D("475"), 5: D("495"), 7: D("490")}


@pytest.mark.parametrize("policy", [NewPlayerEntry.POST_BB, NewPlayerEntry.POST_MIN_BET])
def test_post_policies_a_new_player_who_waited_comes_in_on_the_big_blind(
    policy, staff, sup, ready_session
):  # SEAT-05: waiting for the big blind needs no post
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    _policy(staff, ready_session, new_player_entry=policy)
    table_services.seat_sit(actor=sup, session=ready_session, seat=7, name="Nueva")
    waited = services.hand_log(
        actor=sup, session=ready_session, data=folded_to_big_blind(1, HAND_2)
    )  # seat 7 sits, not dealt in
    assert waited.status == "valid", _codes(waited)
    on_big = services.hand_log(
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(3, {1: 539, 3: 475, 5: 485, 7: 500}),  # SB 5, BB 7
    )
    assert on_big.status == "valid", _codes(on_big)


def test_manual_a_new_player_on_the_big_blind_is_refused(staff, sup, ready_session):
    # SEAT-05 MANUAL (the same hand as above is valid under POST_BB).
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    table_services.seat_sit(actor=sup, session=ready_session, seat=7, name="Nueva")
    services.hand_log(actor=sup, session=ready_session, data=folded_to_big_blind(1, HAND_2))
    on_big = services.hand_log(
        actor=sup,
        session=ready_session,
        data=folded_to_big_blind(3, {1: 539, 3: 475, 5: 485, 7: 500}),
    )
    assert _codes(on_big) == ["NEW_PLAYER_IN_BLINDS"]


def test_post_min_bet_in_fixed_limit_is_the_small_bet(staff, sup, ready_session):
    # SEAT-05 POST_MIN_BET (002): the table's minimum bet; a 5/10 limit game with bets
    # of 20/40 asks for 20, more than the big blind.
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    _policy(
        staff,
        ready_session,
        new_player_entry=NewPlayerEntry.POST_MIN_BET,
        variant="limit",
        limit_small_bet=D("20"),
        limit_big_bet=D("40"),
    )
    data = _with_posts(folded_to_big_blind(1, {**HAND_2, 7: 500}), 7, post="10")
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    assert "NEW_PLAYER_MUST_POST" in _codes(hand)
    assert "20.00" in hand.violation_rows.get(code="NEW_PLAYER_MUST_POST").message_en


# --- SEAT-06: an absent player ----------------------------------------------------------
# Hand 1: seats 1, 3, 5, 7 (button 7: SB 1, BB 3); seat 5 sits out; hands 2 and 3 pass
# the big blind (7) and the small blind (7) over seat 5; hand 4: seat 5 is back, under
# the gun (button 7: SB 1, BB 3).


def _seat_5_misses_both_blinds(sup, session) -> None:  # type: ignore[no-untyped-def]
    four = {1: 500, 3: 500, 5: 500, 7: 500}
    services.hand_log(actor=sup, session=session, data=folded_to_big_blind(7, four))
    table_services.seat_set_status(actor=sup, session=session, seat=5, status="sitting_out")
    services.hand_log(
        actor=sup, session=session, data=folded_to_big_blind(1, {1: 495, 3: 505, 7: 500})
    )
    services.hand_log(
        actor=sup, session=session, data=folded_to_big_blind(3, {1: 495, 3: 500, 7: 505})
    )


RETURN = {1: 500, 3: 500, 5: 500, 7: 500}


@pytest.mark.parametrize("posts", [{}, {"post": "10"}, {"dead_post": "5"}])
def test_missed_blinds_are_owed_on_return(posts, staff, sup, ready_session):
    # SEAT-06 MISSED_BLINDS (004): the big blind live and the small blind dead, both.
    _policy(staff, ready_session, absent_player_policy=AbsentPlayerPolicy.MISSED_BLINDS)
    _seat_5_misses_both_blinds(sup, ready_session)
    data = _with_posts(folded_to_big_blind(7, RETURN), 5, **posts)
    short = services.hand_log(actor=sup, session=ready_session, data=data)
    assert _codes(short) == ["MISSED_BLINDS_NOT_POSTED"]
    assert short.violation_rows.get(code="MISSED_BLINDS_NOT_POSTED").field == "seats[2].post"


def test_missed_blinds_posted_on_return_make_a_valid_hand(staff, sup, ready_session):
    # SEAT-06 MISSED_BLINDS: 10 live and 5 dead; the big blind wins 5 + 10 + 10 + 5.
    _policy(staff, ready_session, absent_player_policy=AbsentPlayerPolicy.MISSED_BLINDS)
    _seat_5_misses_both_blinds(sup, ready_session)
    data = _with_posts(folded_to_big_blind(7, RETURN), 5, post="10", dead_post="5")
    back = services.hand_log(actor=sup, session=ready_session, data=data)
    assert back.status == "valid", _codes(back)
    assert back.pot_total == D("30.00")
    finishing = {s.seat: s.finishing_stack for s in back.seats.all()}
    assert finishing == {1: D("495"), 3: D("520"), 5: D("485"), 7: D("500")}


def test_manual_absent_player_owes_nothing_on_return(sup, ready_session):
    # SEAT-06 MANUAL: the croupier posted for the absent player; nothing owed on return.
    _seat_5_misses_both_blinds(sup, ready_session)
    back = services.hand_log(actor=sup, session=ready_session, data=folded_to_big_blind(7, RETURN))
    assert back.status == "valid", _codes(back)


# --- the settings: service, API, refusals -----------------------------------------------


def test_policies_are_versioned_game_settings_with_an_audit_event(staff, hand_table):
    # GEN-04: a new version, the old one unchanged; the change is audited.
    v1 = hand_table.settings_at()
    v2 = tables_services.table_settings_change(
        actor=acting_as(staff["shift_manager"], Role.SHIFT_MANAGER),
        table=hand_table,
        reason="mesa de la casa 004",
        new_player_entry=NewPlayerEntry.POST_BB,
        absent_player_policy=AbsentPlayerPolicy.MISSED_BLINDS,
    )
    v1.refresh_from_db()
    assert (v1.new_player_entry, v1.absent_player_policy) == ("manual", "manual")
    assert (v2.version, v2.new_player_entry, v2.absent_player_policy) == (
        2,
        "post_bb",
        "missed_blinds",
    )
    event = AuditEvent.objects.filter(action="table.settings_change").latest("id")
    assert event.before["new_player_entry"] == "manual"
    assert event.after["absent_player_policy"] == "missed_blinds"


def test_policies_through_the_api(staff, api, hand_table):
    # SEAT-05, SEAT-06: set by the shift manager, unknown values refused, nothing written.
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    before = TableSettings.objects.count()
    for field, code in (
        ("new_player_entry", "NEW_PLAYER_ENTRY_INVALID"),
        ("absent_player_policy", "ABSENT_PLAYER_POLICY_INVALID"),
    ):
        bad = manager.post(
            f"/api/tables/{hand_table.pk}/settings/",
            {"reason": "x", field: "sometimes"},
            format="json",
        )
        assert bad.status_code == 400
        assert_error_shape(bad.json(), code, field)
    assert TableSettings.objects.count() == before
    ok = manager.post(
        f"/api/tables/{hand_table.pk}/settings/",
        {"reason": "004", "new_player_entry": "post_min_bet", "absent_player_policy": "manual"},
        format="json",
    )
    assert ok.status_code == 201, ok.json()
    assert_matches_schema(ok, "post")
    assert (ok.json()["new_player_entry"], ok.json()["absent_player_policy"]) == (
        "post_min_bet",
        "manual",
    )
    refused = api(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/tables/{hand_table.pk}/settings/",
        {"reason": "x", "new_player_entry": "post_bb"},
        format="json",
    )
    assert refused.status_code == 403
    assert TableSettings.objects.count() == before + 1
