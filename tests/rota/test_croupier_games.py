"""The games each croupier may deal (issue 44 §3: the plan "respects ... the games each may
deal"): recorded by a manager as versions (who, when, why; never edited), posted as a
browser does; the rota never places a croupier at a table whose game he may not deal, and
says so when nobody qualified is free."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse

from casino.access import acting_as
from casino.errors import Conflict
from casino.models import AuditEvent
from casino.roles import Role
from rota import planning, services
from rota.codec import plan_from_data
from rota.models import CroupierGames, RotaPlan
from tables import services as table_services
from tests.helpers import RoleClient

from .conftest import boss, client_for
from .test_pages import _plan_form

pytestmark = pytest.mark.django_db


def _record(client, croupier, games, reason=""):  # type: ignore[no-untyped-def]
    # Checkboxes: only the ticked ones are sent, once per value.
    return client.post(
        reverse("rota:croupier-games", args=[croupier.pk]),
        {"games": games, "reason": reason},
    )


def test_the_manager_records_a_croupiers_games_as_versions(staff, gaming_day, croupiers):
    # ROLE-03: the game information of each croupier, recorded
    manager = client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
    page = manager.get(reverse("rota:croupiers")).content.decode()
    assert "Juegos de cada croupier" in page and "sin registro: todos los juegos" in page
    who = croupiers[2]
    response = _record(manager, who, ["no_limit", "tournament"], "Curso de torneos")
    assert response.status_code == 302, response.content.decode()[:2000]
    first = CroupierGames.objects.get(croupier=who)
    assert (first.version, first.previous, first.games) == (1, None, ["no_limit", "tournament"])
    assert first.recorded_by == staff["shift_manager"] and first.role == "shift_manager"
    assert _record(manager, who, ["no_limit"], "Sin torneos este mes").status_code == 302
    second = CroupierGames.objects.get(croupier=who, version=2)
    assert second.previous == first and second.games == ["no_limit"]
    assert AuditEvent.objects.filter(action="rota.croupier_games").count() == 2
    page = manager.get(reverse("rota:croupiers")).content.decode()
    assert "Sin torneos este mes" in page and "Versiones anteriores" in page
    # never edited in place (the database refuses it: the trigger, or the app role's rights)
    with (
        pytest.raises(Exception, match="MESA_IMMUTABLE|permission denied"),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE rota_croupiergames SET games = '[]' WHERE id = %s", [first.pk])


def test_refused_records_change_nothing(staff, gaming_day, croupiers):
    manager = client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
    pit_boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    who = croupiers[3]
    assert _record(pit_boss, who, ["no_limit"]).status_code == 403  # not a manager of staff
    assert _record(manager, who, []).status_code == 400  # no box ticked
    assert _record(manager, who, ["omaha"]).status_code == 400  # not a game of the room
    assert _record(manager, staff["supervisor"], ["no_limit"]).status_code == 400
    assert not CroupierGames.objects.exists()
    assert _record(manager, who, ["pot_limit"]).status_code == 302
    assert _record(manager, who, ["pot_limit"]).status_code == 409  # nothing changes
    assert CroupierGames.objects.count() == 1


def test_the_rota_places_nobody_at_a_game_he_may_not_deal(
    staff, gaming_day, croupiers, room, shift_start
):  # ROLE-03
    manager = client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
    cash_only = croupiers[2:]
    for who in cash_only:
        assert _record(manager, who, ["no_limit"]).status_code == 302
    # Table 3 deals a tournament today; tables 1 and 2 no-limit cash games.
    table_services.session_open(
        actor=boss(staff),
        table=room[2],
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
        kind="tournament",
    )
    pit_boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    assert pit_boss.post(reverse("rota:plan"), _plan_form(croupiers, room[:3])).status_code == 302
    rota = RotaPlan.objects.get()
    plan = plan_from_data(rota.plan)
    tour = str(room[2].pk)
    assert {t.id: t.game for t in plan.tables}[tour] == "tournament"
    banned = {str(u.pk) for u in cash_only}
    assert all(s.croupier_at(tour) not in banned for s in plan.slots)
    assert {s.croupier_at(tour) for s in plan.slots} <= {
        str(staff["croupier"].pk),
        str(staff["croupier2"].pk),
    }

    # The manager takes tournaments from croupier2: the next re-plan follows the record;
    # one croupier cannot deal a table all shift long, so the table waits, and is told.
    assert _record(manager, staff["croupier2"], ["no_limit"]).status_code == 302
    at = shift_start + timedelta(minutes=50)
    second = services.rota_replan(
        actor=boss(staff), rota=rota, table=room[0], change="close", at=at
    )
    after = plan_from_data(second.plan)
    later = [s for s in after.slots if s.start >= second.replanned_from]
    c2 = str(staff["croupier2"].pk)
    assert later and all(s.croupier_at(tour) in (None, str(staff["croupier"].pk)) for s in later)
    said = planning.findings(after)
    assert said and {f.table for f in said} == {tour}
    assert all(f.start >= second.replanned_from for f in said)
    assert {f.code for f in said} == {planning.NO_QUALIFIED_CROUPIER_FREE}  # croupier resting
    assert c2 not in {s.croupier_at(tour) for s in later}
    page = pit_boss.get(reverse("rota:detail", args=[second.pk])).content.decode()
    assert "Mesas sin croupier" in page
    assert "los que pueden repartir Torneo están en otras mesas o en su descanso" in page
    read = RoleClient(staff["pit_boss"], Role.PIT_BOSS).get(
        reverse("api-rotation", args=[second.pk])
    )  # checked against the served schema
    assert read.status_code == 200
    assert {(f["table"], f["game"], f["code"]) for f in read.json()["findings"]} == {
        (room[2].pk, "tournament", planning.NO_QUALIFIED_CROUPIER_FREE)
    }


def test_a_refused_replan_on_a_replaced_version_is_a_conflict(
    staff, gaming_day, croupiers, room, shift_start
):
    rota = services.rota_plan(
        actor=boss(staff),
        croupiers=croupiers,
        tables=room[:3],
        starts_at=shift_start,
        ends_at=shift_start + timedelta(hours=8),
    )
    table_services.session_open(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        table=room[0],
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )
    assert RotaPlan.objects.count() == 1  # already open in the plan: nothing to re-plan
    session = room[0].sessions.get()
    table_services.closing_start(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        security_officer=staff["security"],
    )
    assert RotaPlan.objects.count() == 2
    with pytest.raises(Conflict) as refused:
        services.rota_replan(actor=boss(staff), rota=rota, table=room[1], change="close")
    assert refused.value.code == "ROTA_CHANGED"
    assert RotaPlan.objects.count() == 2
