"""Cash-threshold alerts tied to the identified player (issue 17 §1).

A cash buy-in of a registered player that crosses the identification threshold raises
an alert linked to that ``Player``; the alert list shows that he is registered and, to
the roles that may read identities, a link to the audited identity read — never the
document itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from cage.models import CagePolicy, CashAlert
from tests.floor.conftest import client_for
from tests.reports.scenario import ready_for_hands

pytestmark = pytest.mark.django_db


def _buyin(api: Any, staff: Any, session: Any, seat: int, **who: Any) -> None:
    body = {
        "seat": seat,
        "amount": "500.00",
        "croupier": "croupier",
        "cash": [{"value": "100", "count": 5}],
        "chips": [{"value": "100", "count": 5}],
        **who,
    }
    done = api(staff["supervisor"]).post(
        f"/api/cage/sessions/{session.pk}/buyins/", body, format="json"
    )
    assert done.status_code == 201, done.json()


def test_the_alert_names_the_registered_player_and_links_his_identity(
    staff, api, casino, gaming_day, sector
):
    # Issue 17 §1: the cash alert is tied to the Player of its buy-in.
    session = ready_for_hands(staff, casino, sector, 7)
    CagePolicy.objects.create(casino=casino, id_threshold=400, report_threshold=100000)
    registered = api(staff["supervisor"]).post(
        "/api/players/",
        {"display_name": "Eva Ríos", "document_type": "dni", "document_number": "27444555"},
        format="json",
    )
    player = registered.json()["id"]
    _buyin(api, staff, session, 2, player=player)
    _buyin(api, staff, session, 4, player_name="Juan Sin Registro")
    linked = CashAlert.objects.get(player_id=player)
    assert linked.player_label == "Eva Ríos"
    unlinked = CashAlert.objects.get(player__isnull=True)
    assert unlinked.player_label == "Juan Sin Registro"
    # The API names the player too.
    alerts = api(staff["pit_boss"]).get("/api/cage/cash-alerts/")
    assert alerts.status_code == 200, alerts.json()
    rows = alerts.json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    assert sorted((r["player"] or 0) for r in rows) == sorted([player, 0])
    identity = f"/api/players/{player}/identity/"
    page = client_for(staff["pit_boss"], "pit_boss").get("/cage/alerts/").content.decode()
    row = next(r for r in page.split("<tr>") if "Eva Ríos" in r)
    assert "Jugador registrado" in row and f'href="{identity}"' in row
    assert "27444555" not in page  # never the document on the list
    other = next(r for r in page.split("<tr>") if "Juan Sin Registro" in r)
    assert "Jugador registrado" not in other and "/identity/" not in other
    # The supervisor sees the alert, not the link to the identity (he may not read it).
    sup = client_for(staff["supervisor"], "supervisor").get("/cage/alerts/").content.decode()
    assert "Eva Ríos" in sup and identity not in sup
