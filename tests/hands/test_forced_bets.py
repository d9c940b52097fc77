"""Forced bets as a table setting that reaches the engine (GAME-04; issue 17 §4).

The shift manager sets ``forced_bets`` (two blinds by default; one blind; blinds and an
ante, with ``ante``) through ``POST /api/tables/{id}/settings/``; the hand recorder posts
the table's forced bets by default and the engine plays them (the pot holds the antes);
a hand that does not post them is stored with the ``FORCED_BETS_MISMATCH`` violation.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from .conftest import folded_to_big_blind

pytestmark = pytest.mark.django_db
D = Decimal


def _set(api, staff, table, **changes):
    return api(staff["shift_manager"]).post(
        f"/api/tables/{table.pk}/settings/", {"reason": "GAME-04", **changes}, format="json"
    )


def _log(api, staff, session, data):
    resp = api(staff["supervisor"]).post(
        "/api/hands/", {"session": session.pk, **data}, format="json"
    )
    assert resp.status_code == 201, resp.content
    return resp.json()


def test_two_blinds_is_the_default_and_the_settings_read_says_so(staff, api, ready_session):
    # GAME-04: TWO_BLINDS, no ante, as the spec's settings table gives.
    read = api(staff["shift_manager"]).get(f"/api/tables/{ready_session.table_id}/settings/")
    assert read.status_code == 200
    assert read.json()["forced_bets"] == "two_blinds" and read.json()["ante"] == "0.00"


def test_blinds_and_an_ante_reach_the_engine(staff, api, ready_session):
    # GAME-04: blinds 5/10 and an ante of 1: the hand posts them by default and the pot
    # has the three antes; a hand that posts no ante is a violation.
    table = ready_session.table
    changed = _set(api, staff, table, forced_bets="blinds_plus_ante", ante="1.00")
    assert changed.status_code == 201, changed.content
    assert changed.json()["forced_bets"] == "blinds_plus_ante"
    hand = _log(api, staff, ready_session, folded_to_big_blind(5, {1: 500, 3: 500, 5: 500}))
    assert hand["record"]["blinds"]["ante"] == "1.00"
    assert "FORCED_BETS_MISMATCH" not in hand["codes"], hand["codes"]
    # 3 antes + 5 + 5 called of the big blind (its uncalled 5 goes back): 10 without antes.
    assert D(hand["pot_total"]) == D("13")
    missing = folded_to_big_blind(1, {1: 499, 3: 504, 5: 497})
    missing["blinds"] = {"ante": "0"}
    stored = _log(api, staff, ready_session, missing)
    assert stored["status"] == "invalid" and "FORCED_BETS_MISMATCH" in stored["codes"]


def test_blinds_and_an_ante_need_the_ante(staff, api, ready_session):
    # GAME-04: "blinds and an ante" without an ante amount is refused, nothing written.
    refused = _set(api, staff, ready_session.table, forced_bets="blinds_plus_ante")
    assert refused.status_code == 400 and refused.json()["code"] == "ANTE_INVALID"


def test_one_blind_posts_only_the_big_blind(staff, api, ready_session):
    # GAME-04: one blind: the seat left of the button posts nothing, the next the blind.
    assert _set(api, staff, ready_session.table, forced_bets="one_blind").status_code == 201
    hand = _log(api, staff, ready_session, folded_to_big_blind(5, {1: 500, 3: 500, 5: 500}))
    assert hand["record"]["blinds"]["small"] == "0.00"
    # Nobody calls the one blind: it goes back, the pot is empty (two blinds: 10).
    assert "FORCED_BETS_MISMATCH" not in hand["codes"] and D(hand["pot_total"]) == D("0")
    two = folded_to_big_blind(1, {1: 500, 3: 500, 5: 500})
    two["blinds"] = {"small": "5", "big": "10"}
    stored = _log(api, staff, ready_session, two)
    assert "FORCED_BETS_MISMATCH" in stored["codes"]
