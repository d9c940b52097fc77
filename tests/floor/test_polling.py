"""The sector overview and the signing queue refresh themselves (issue 13 §8).

``/floor/tables/live/`` and ``/floor/queue/live/`` return only the tile grid and the
queue list, for the roles whose page it is (403 for the others), in the pit boss's
scope (his sectors, or everything with ``all=1``); a poll whose version is current
(nothing was recorded since) answers 204 and htmx swaps nothing. The page carries the
poll interval of ``MESA_POLL_SECONDS``.
"""

from __future__ import annotations

import re

import pytest

from casino.roles import Role
from tests.reports.scenario import act, make_table, open_session

from .conftest import client_for

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _since(body: str, name: str) -> str:
    match = re.search(rf'hx-get="/floor/{name}/live/\?since=([^"&]+)', body)
    assert match, body[:2000]
    return match.group(1)


@pytest.fixture
def two_sectors(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    """Mesa 7 in sector P1 (pit_boss), Mesa 8 in sector P2 (pit_boss2)."""
    from casino.models import Sector

    other = Sector.objects.create(casino=casino, code="P2", name="Sector 2")
    other.pit_bosses.add(staff["pit_boss2"])
    return make_table(casino, sector, 7), make_table(casino, other, 8)


def test_the_tiles_fragment_is_the_grid_alone_and_in_the_pit_boss_sector(staff, two_sectors):
    # issue 12 §1 scope: a pit boss sees his sector's tiles; all=1 switches to every table.
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    page = boss.get("/floor/tables/")
    assert 'hx-trigger="every 10s, mesa:poll"' in page.content.decode()
    response = boss.get("/floor/tables/live/", **HX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="sector-live"'), body[:200]
    assert "<html" not in body and "<form" not in body  # the grid only, never a form
    assert "Mesa 7" in body and "Mesa 8" not in body
    everything = boss.get("/floor/tables/live/?all=1", **HX).content.decode()
    assert "Mesa 7" in everything and "Mesa 8" in everything
    assert "all=1" in everything  # the next poll keeps the scope
    other = client_for(staff["pit_boss2"], Role.PIT_BOSS).get("/floor/tables/live/", **HX)
    assert "Mesa 8" in other.content.decode() and "Mesa 7" not in other.content.decode()


def test_the_tiles_fragment_answers_204_until_something_is_recorded(staff, casino, two_sectors):
    from tables import services as tables

    table = two_sectors[0]
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    first = boss.get("/floor/tables/live/", **HX)
    since = _since(first.content.decode(), "tables")
    assert first["ETag"] == f'"{since}"'
    assert boss.get(f"/floor/tables/live/?since={since}", **HX).status_code == 204
    assert boss.get("/floor/tables/live/", HTTP_IF_NONE_MATCH=f'"{since}"').status_code == 304
    # Someone opens Mesa 7: the next poll brings the new grid.
    tables.session_open(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        table=table,
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )
    after = boss.get(f"/floor/tables/live/?since={since}", **HX)
    assert after.status_code == 200
    assert "jugadores: 0" in after.content.decode()  # the tile of a table with a session
    assert _since(after.content.decode(), "tables") != since


def test_the_queue_fragment_is_for_the_roles_that_sign(staff, casino, gaming_day, sector):
    # issue 8 §2: the signing queue's roles; a croupier or surveillance has none (403).
    session = open_session(staff, casino, sector, 7)
    assert session.status == "open"
    for name, role in (("croupier", Role.CROUPIER), ("surveillance", Role.SURVEILLANCE)):
        response = client_for(staff[name], role).get("/floor/queue/live/", **HX)
        assert response.status_code == 403, (name, response.status_code)
    for name, role in (
        ("pit_boss", Role.PIT_BOSS),
        ("supervisor", Role.SUPERVISOR),
        ("cage_cashier", Role.CAGE_CASHIER),
        ("security", Role.SECURITY),
    ):
        response = client_for(staff[name], role).get("/floor/queue/live/", **HX)
        assert response.status_code == 200, (name, response.status_code)
        assert response.content.decode().lstrip().startswith('<div id="queue-live"')


def test_the_queue_fragment_shows_a_sheet_submitted_for_signature(
    staff, casino, gaming_day, sector
):
    # OPEN-12: counted and signed by croupier and supervisor, the sheet reaches the pit
    # boss's queue at the next poll.
    from tables import checklists
    from tables import services as tables
    from tables.models import OpeningSheet

    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    since = _since(boss.get("/floor/queue/").content.decode(), "queue")
    assert boss.get(f"/floor/queue/live/?since={since}", **HX).status_code == 204
    pit, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    session = tables.session_open(
        actor=pit,
        table=make_table(casino, sector, 7),
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )
    tables.prep_checklist_record(
        actor=pit, session=session, items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True)
    )
    tables.prep_checklist_record(
        actor=sup, session=session, items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True)
    )
    sheet = OpeningSheet.objects.get(session=session)
    lines = [
        {"denomination": x.denomination_id, "stacks": x.expected_count // 20, "loose": 0}
        for x in sheet.ordered_lines()
    ]
    for line, x in zip(lines, sheet.ordered_lines(), strict=True):
        line["loose"] = x.expected_count % 20
    tables.opening_count_record(actor=sup, sheet=sheet, lines=lines)
    tables.opening_sign(
        actor=sup, sheet=sheet, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
    )
    tables.opening_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    after = boss.get(f"/floor/queue/live/?since={since}", **HX)
    assert after.status_code == 200
    assert f'id="q-opening-{sheet.pk}"' in after.content.decode()
    # The same list as the page: the fragment adds no scope of its own.
    page = boss.get("/floor/queue/").content.decode()
    assert f'id="q-opening-{sheet.pk}"' in page


def test_the_poll_interval_is_the_setting(staff, settings, two_sectors):
    settings.MESA_POLL_SECONDS = 2
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    assert 'hx-trigger="every 2s, mesa:poll"' in boss.get("/floor/queue/").content.decode()
    assert 'hx-trigger="every 2s, mesa:poll"' in boss.get("/floor/tables/").content.decode()
