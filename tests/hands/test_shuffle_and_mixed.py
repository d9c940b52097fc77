"""Procedure records that are table settings (issue 17 §4): the house's shuffle shown where
the hand starts (SHUF-04) and the mixed game's switch interval (GAME-13, OQ-35).

Through the settings API the shift manager uses and the new-hand page and live-hand API
the supervisor uses.
"""

from __future__ import annotations

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from casino.models import AuditEvent
from casino.roles import Role
from hands.models import LiveHand
from tables.models import TableSettings

from .conftest import folded_to_big_blind, seats

pytestmark = pytest.mark.django_db
SHUFFLE_ES = "Lavado de cartas, tres riffles"


def _page(user, role: Role, lang: str = "es") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role.value
    session.save()
    return client


def _set(api, staff, table, **changes):
    return api(staff["shift_manager"]).post(
        f"/api/tables/{table.pk}/settings/", {"reason": "issue 17", **changes}, format="json"
    )


# --- SHUF-04 ------------------------------------------------------------------------------


def test_the_shuffle_is_shown_where_the_hand_starts(staff, api, ready_session):
    # SHUF-04: the manual's shuffle by default; the house's own once management sets it.
    url = f"/hands/sessions/{ready_session.pk}/live/"
    page = _page(staff["supervisor"], Role.SUPERVISOR).get(url).content.decode()
    assert SHUFFLE_ES in page and "cuadrar" in page
    own = "Lavado, cuatro riffles, box x3, un riffle, cuadrar."
    changed = _set(api, staff, ready_session.table, shuffle_procedure=own)
    assert changed.status_code == 201, changed.content
    read = api(staff["supervisor"]).get(f"/api/tables/{ready_session.table_id}/settings/")
    assert read.json()["shuffle_procedure"] == own
    page = _page(staff["supervisor"], Role.SUPERVISOR).get(url).content.decode()
    assert own in page and SHUFFLE_ES not in page
    # A setting is a new version, with its audit event (GEN-04).
    assert AuditEvent.objects.filter(action="table.settings_change").exists()


def test_only_management_sets_the_shuffle(staff, api, ready_session):
    # SHUF-04, ROLE-09: the supervisor may not change it.
    before = TableSettings.objects.count()
    refused = api(staff["supervisor"]).post(
        f"/api/tables/{ready_session.table_id}/settings/",
        {"reason": "x", "shuffle_procedure": "otro"},
        format="json",
    )
    assert refused.status_code == 403
    assert TableSettings.objects.count() == before


# --- GAME-13 ------------------------------------------------------------------------------


def _start(api, staff, session, n_seats=3):
    stacks = {1: 500, 3: 500, 5: 500, 7: 500}
    live = {
        "session": session.pk,
        "button": 5,
        "seats": seats({k: v for k, v in list(stacks.items())[:n_seats]}),
    }
    return api(staff["supervisor"]).post("/api/hands/live/", live, format="json")


def test_a_mixed_table_switches_every_n_hands(staff, api, ready_session):
    # GAME-13, OQ-35: rounds of mixed_switch_every_hands hands, no-limit first.
    assert _set(api, staff, ready_session.table, variant="mixed", mixed_switch_every_hands=2)
    client = api(staff["supervisor"])
    structures = []
    for k in range(5):
        live = _start(api, staff, ready_session)
        assert live.status_code == 201, live.content
        row = LiveHand.objects.get(pk=live.json()["id"])
        structures.append(row.record["structure"])
        button = (5, 1, 3, 5, 1)[k]
        hand = folded_to_big_blind(button, {1: 500, 3: 500, 5: 500})
        abandon = {"reason": "prueba", "version": live.json()["version"]}  # issue 38 §1
        client.post(f"/api/hands/live/{row.pk}/abandon/", abandon, format="json")
        logged = client.post(
            "/api/hands/",
            {"session": ready_session.pk, "structure": structures[-1], **hand},
            format="json",
        )
        assert logged.status_code == 201, logged.content
    assert structures == ["no_limit", "no_limit", "limit", "limit", "no_limit"]


def test_one_orbit_is_the_default_switch(staff, api, ready_session):
    # GAME-13, OQ-35: no interval set: one orbit, the three players dealt in.
    assert _set(api, staff, ready_session.table, variant="mixed").status_code == 201
    client = api(staff["supervisor"])
    for button in (5, 1, 3):
        hand = folded_to_big_blind(button, {1: 500, 3: 500, 5: 500})
        resp = client.post(
            "/api/hands/",
            {"session": ready_session.pk, "structure": "no_limit", **hand},
            format="json",
        )
        assert resp.status_code == 201, resp.content
    live = _start(api, staff, ready_session)
    assert LiveHand.objects.get(pk=live.json()["id"]).record["structure"] == "limit"


def test_the_switch_interval_is_checked(staff, api, ready_session):
    # GAME-13: 0 hands is no interval.
    refused = _set(api, staff, ready_session.table, mixed_switch_every_hands=0)
    assert refused.status_code == 400 and refused.json()["code"] == "MIXED_SWITCH_INVALID"
