"""The floor page of refused attempts (issue 17 §2; SEAT-11, GEN-08).

A buy-in or seating of an excluded or under-age player is refused and kept as an
``ExclusionHit``. The pit boss sees those at his sectors' tables, surveillance (and the
shift manager) the room's; newest first; reached from the menu of the home page.
"""

from __future__ import annotations

from typing import Any

import pytest

from casino.models import Sector
from casino.roles import Role
from tests.helpers import make_staff

from .conftest import client_for

pytestmark = pytest.mark.django_db

URL = "/floor/refused/"


def _refused(api: Any, staff: Any, session: Any) -> str:
    """An identified player self-excludes; the supervisor's buy-in and seating of him are
    refused (409) through the API the floor uses."""
    registered = api(staff["supervisor"]).post(
        "/api/players/",
        {"display_name": "Eva Ríos", "document_type": "dni", "document_number": "27444555"},
        format="json",
    )
    assert registered.status_code == 201, registered.json()
    player = registered.json()["id"]
    excluded = api(staff["pit_boss"]).post(
        "/api/exclusions/", {"player": player, "ends_on": "2099-01-01"}, format="json"
    )
    assert excluded.status_code == 201, excluded.json()
    sup = api(staff["supervisor"])
    buyin = sup.post(
        f"/api/cage/sessions/{session.pk}/buyins/",
        {
            "seat": 2,
            "amount": "500.00",
            "croupier": "croupier",
            "player": player,
            "cash": [{"value": "100", "count": 5}],
            "chips": [{"value": "100", "count": 5}],
        },
        format="json",
    )
    assert buyin.status_code == 409, buyin.json()
    sit = sup.post(
        f"/api/hands/sessions/{session.pk}/seats/", {"seat": 4, "player": player}, format="json"
    )
    assert sit.status_code == 409, sit.json()
    return "Eva Ríos"


def _rows(html: str) -> list[str]:
    table = html.split('id="refused-attempts"', 1)[1].split("</tbody>", 1)[0]
    return [r for r in table.split("<tr>")[2:]]  # after the header row


def test_the_pit_boss_and_surveillance_see_the_refused_attempts(staff, api, in_play):
    # Issue 17 §2, SEAT-11: newest first (the seating, then the buy-in), with the table,
    # the player, the reason and who tried.
    name = _refused(api, staff, in_play)
    for role in ("pit_boss", "surveillance", "shift_manager"):
        page = client_for(staff[role], role).get(URL)
        assert page.status_code == 200
        rows = _rows(page.content.decode())
        assert len(rows) == 2, role
        seating, buyin = rows
        for row in rows:
            assert name in row and str(in_play.table) in row
            assert "Excluido: Autoexclusión" in row and "Supervisor de mesa" in row
        assert "asiento 4" in seating and "<td>Asiento</td>" in seating
        assert "asiento 2" in buyin and "<td>Compra</td>" in buyin
    english = client_for(staff["surveillance"], "surveillance", "en").get(URL).content.decode()
    assert "Self-exclusion" in english and "Buy-in" in english
    # Reached from the home page's menu.
    home = client_for(staff["pit_boss"], "pit_boss").get("/").content.decode()
    assert f'href="{URL}"' in home
    assert (
        f'href="{URL}"'
        not in client_for(staff["supervisor"], "supervisor").get("/").content.decode()
    )


def test_the_pit_boss_of_another_sector_sees_none_of_this_sectors(staff, api, casino, in_play):
    # Issue 17 §2: a pit boss answers for his sectors' tables only.
    _refused(api, staff, in_play)
    other = Sector.objects.create(casino=casino, code="P9", name="Sector 9")
    boss9 = make_staff(casino, "pit_boss_p9", Role.PIT_BOSS)
    other.pit_bosses.add(boss9)
    page = client_for(boss9, Role.PIT_BOSS).get(URL)
    assert page.status_code == 200
    assert _rows(page.content.decode()) == [
        '<td colspan="6" class="empty">Ningún intento rechazado.</td></tr>'
    ]
    # The API answers from the same list: one scope, not two answers.
    assert api(boss9, Role.PIT_BOSS).get("/api/exclusion-hits/").json()["count"] == 0
    assert api(staff["pit_boss"], Role.PIT_BOSS).get("/api/exclusion-hits/").json()["count"] == 2


def test_the_supervisor_has_no_such_page(staff, in_play):
    page = client_for(staff["supervisor"], "supervisor").get(URL)
    assert page.status_code == 403
