"""Lifting or reducing an expulsion lifts its house ban, in the same transaction (issue 17 §2).

SANC-06, SANC-08: an expulsion bars the player (a house ban, `players.Exclusion`). When the
sanctions ledger lifts the expulsion, or reduces it to a lighter step, the ban is lifted by
a new row pointing at it (append-only), and the player may buy in again.
"""

from __future__ import annotations

from typing import Any

import pytest

from casino.models import AuditEvent
from players.models import Exclusion, Player

from .conftest import make_table, open_table
from .test_players import _buyin, _player

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(staff, casino, chip_set, gaming_day):  # type: ignore[no-untyped-def]
    return open_table(staff, make_table(casino, chip_set, number=2))


def _expel(api: Any, staff: Any, casino: Any, chip_set: Any, player: Player) -> int:
    table1 = make_table(casino, chip_set, number=1)
    imposed = api(staff["shift_manager"]).post(
        "/api/sanctions/",
        {
            "conduct": "chip_dumping",
            "level": "expulsion",
            "player": player.pk,
            "table": table1.pk,
            "override_reason": "Colusión probada con otro jugador",
            "reason": "Expulsado",
        },
        format="json",
    )
    assert imposed.status_code == 201, imposed.json()
    return int(imposed.json()["entry"]["id"])


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("lift", {"reason": "Revisión: no hubo colusión"}),
        ("reduce", {"level": "warning", "reason": "Revisión: falta leve"}),
    ],
)
def test_lifting_or_reducing_the_expulsion_lifts_its_house_ban(
    staff, api, casino, chip_set, session, path, body
):
    # SANC-06, SANC-08, issue 17 §2.
    player = _player(api, staff)
    sanction = _expel(api, staff, casino, chip_set, player)
    ban = Exclusion.objects.get(player=player, sanction_id=sanction)
    assert _buyin(api, staff, session, player).status_code == 409  # barred

    done = api(staff["shift_manager"]).post(
        f"/api/sanctions/{sanction}/{path}/", body, format="json"
    )
    assert done.status_code == 200, done.json()

    # Append-only: the ban stays as it was; a new row lifts it, with its audit event.
    lift = Exclusion.objects.get(lifts=ban)
    assert (lift.kind, lift.sanction_id, lift.reason) == ("house_ban", sanction, body["reason"])
    assert Exclusion.objects.get(pk=ban.pk).ends_on is None
    assert AuditEvent.objects.filter(action="exclusion.lift", object_id=str(lift.pk)).exists()
    listed = api(staff["pit_boss"]).get(f"/api/exclusions/{ban.pk}/").json()
    assert listed["lifted_by"] == lift.pk
    # The player may buy in again.
    assert _buyin(api, staff, session, player).status_code == 201


def test_a_ban_lifted_by_hand_is_not_lifted_twice_by_the_ledger(
    staff, api, casino, chip_set, session
):
    # Issue 17 §2: the ban was lifted in the exclusions register first; the ledger's lift
    # then succeeds and writes no second lifting row.
    player = _player(api, staff)
    sanction = _expel(api, staff, casino, chip_set, player)
    ban = Exclusion.objects.get(player=player, sanction_id=sanction)
    manager = api(staff["shift_manager"])
    by_hand = manager.post(f"/api/exclusions/{ban.pk}/lift/", {"reason": "x"}, format="json")
    assert by_hand.status_code == 200, by_hand.json()
    done = manager.post(f"/api/sanctions/{sanction}/lift/", {"reason": "y"}, format="json")
    assert done.status_code == 200, done.json()
    assert Exclusion.objects.filter(lifts=ban).count() == 1
