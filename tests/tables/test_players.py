"""The player registry and exclusions, as the floor uses them through the API (issue 17 §1, §2).

GEN-08 (minimum age), SEAT-11 (identity optional), SANC-06/SANC-08 (an expulsion bars the
player), ROLE-01 (who may read an identity). Every refusal changes nothing and the
attempt is listed for the pit boss and surveillance.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from cage.models import TableTransaction
from casino.models import AuditEvent
from players.models import Exclusion, ExclusionList, Player
from tables.models import ExclusionHit, Seat

from .conftest import make_table, open_table

pytestmark = pytest.mark.django_db

HEADER = "document_type,document_number,full_name,starts_on,ends_on\n"


def _register(api: Any, user: Any, **body: Any) -> Any:
    data = {"display_name": "Eva Ríos", "document_type": "dni", "document_number": "27444555"}
    return api(user).post("/api/players/", {**data, **body}, format="json")


def _player(api: Any, staff: Any, **body: Any) -> Player:
    response = _register(api, staff["supervisor"], **body)
    assert response.status_code == 201, response.json()
    return Player.objects.get(pk=response.json()["id"])


def _buyin(api: Any, staff: Any, session: Any, player: Player, seat: int = 3) -> Any:
    body = {
        "seat": seat,
        "amount": "500.00",
        "croupier": "croupier",
        "player": player.pk,
        "cash": [{"value": "100", "count": 5}],
        "chips": [{"value": "100", "count": 5}],
    }
    return api(staff["supervisor"]).post(
        f"/api/cage/sessions/{session.pk}/buyins/", body, format="json"
    )


def _sit(api: Any, staff: Any, session: Any, player: Player, seat: int = 4) -> Any:
    return api(staff["supervisor"]).post(
        f"/api/hands/sessions/{session.pk}/seats/",
        {"seat": seat, "player": player.pk},
        format="json",
    )


def _state() -> tuple[int, int, int]:
    return (
        TableTransaction.objects.count(),
        Seat.objects.exclude(status="empty").count(),
        Exclusion.objects.count(),
    )


@pytest.fixture
def session(staff, casino, chip_set, gaming_day):  # type: ignore[no-untyped-def]
    return open_table(staff, make_table(casino, chip_set, number=2))


def test_an_expelled_player_is_refused_at_another_table_the_same_day(
    staff, api, casino, chip_set, session
):
    # SANC-06, SANC-08, issue 17 §2: the expulsion at table 1 bars the player at table 2.
    player = _player(api, staff)
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
    ban = Exclusion.objects.get(player=player)
    assert (ban.kind, ban.sanction_id, ban.ends_on) == (
        "house_ban",
        imposed.json()["entry"]["id"],
        None,
    )
    before = _state()
    refused = _buyin(api, staff, session, player)
    assert refused.status_code == 409, refused.json()
    body = refused.json()
    assert (body["code"], body["field"]) == ("PLAYER_EXCLUDED", "player")
    assert "expulsión de la casa" in body["message"]["es"]
    assert "hasta nueva orden" in body["message"]["es"]
    assert body["details"]["kind"] == "house_ban" and body["details"]["ends_on"] is None
    assert _state() == before  # nothing changed: no buy-in, nobody seated
    # The attempt is listed for the pit boss and surveillance, not for the supervisor.
    for role in ("pit_boss", "surveillance"):
        hits = api(staff[role]).get("/api/exclusion-hits/").json()["results"]
        assert [(h["player"], h["hit_reason"], h["refused_at"], h["table"]) for h in hits] == [
            (player.pk, "excluded", "buyin", session.table_id)
        ]
    assert api(staff["supervisor"]).get("/api/exclusion-hits/").status_code == 403


def test_a_self_excluded_player_is_refused_a_seat_until_lifted(staff, api, session):
    # Issue 17 §2: a self-exclusion with its dates, recorded by the pit boss; a lift is a
    # new row, the original unchanged.
    player = _player(api, staff)
    ends = timezone.localdate() + timedelta(days=180)
    boss = api(staff["pit_boss"])
    recorded = boss.post(
        "/api/exclusions/",
        {"player": player.pk, "ends_on": ends.isoformat(), "reason": "Lo pidió el jugador"},
        format="json",
    )
    assert recorded.status_code == 201, recorded.json()
    assert recorded["Location"].endswith(f"/exclusions/{recorded.json()['id']}/")
    assert (
        api(staff["supervisor"])
        .post("/api/exclusions/", {"player": player.pk, "ends_on": ends.isoformat()}, format="json")
        .status_code
        == 403
    )
    before = _state()
    refused = _sit(api, staff, session, player)
    assert refused.status_code == 409, refused.json()
    assert refused.json()["code"] == "PLAYER_EXCLUDED"
    assert f"autoexclusión) hasta {ends:%d/%m/%Y}" in refused.json()["message"]["es"]
    assert _state() == before
    assert ExclusionHit.objects.get().where == "seating"
    lifted = boss.post(
        f"/api/exclusions/{recorded.json()['id']}/lift/",
        {"reason": "Fin anticipado"},
        format="json",
    )
    assert lifted.status_code == 200, lifted.json()
    assert lifted.json()["lifts"] == recorded.json()["id"]
    again = boss.post(
        f"/api/exclusions/{recorded.json()['id']}/lift/", {"reason": "otra"}, format="json"
    )
    assert again.status_code == 409 and again.json()["code"] == "EXCLUSION_ALREADY_LIFTED"
    original = boss.get(f"/api/exclusions/{recorded.json()['id']}/").json()
    assert original["ends_on"] == ends.isoformat() and original["in_force"] is False
    assert _sit(api, staff, session, player).status_code == 201


def test_under_age_players_are_refused_and_the_house_rules_print_the_setting(
    staff, api, session, settings, tmp_path, django_capture_on_commit_callbacks
):
    # GEN-08: min_player_age (default 18) refuses a registration, a buy-in and a seating.
    today = timezone.localdate()
    seventeen = today.replace(year=today.year - 17)
    young = _register(api, staff["supervisor"], birth_date=seventeen.isoformat())
    assert young.status_code == 400, young.json()
    assert (young.json()["code"], young.json()["field"]) == ("BIRTH_DATE_UNDER_AGE", "birth_date")
    assert Player.objects.count() == 0
    nineteen = today.replace(year=today.year - 19)
    player = _player(api, staff, birth_date=nineteen.isoformat())
    changed = api(staff["shift_manager"]).post(
        "/api/table-ops-settings/",
        {"min_player_age": 21, "reason": "Jurisdicción: mayores de 21"},
        format="json",
    )
    assert changed.status_code == 201, changed.json()
    assert changed.json()["min_player_age"] == 21
    before = _state()
    refused = _buyin(api, staff, session, player)
    assert refused.status_code == 409, refused.json()
    assert refused.json()["code"] == "PLAYER_UNDER_AGE"
    assert "tiene 19 años; la edad mínima es 21" in refused.json()["message"]["es"]
    assert _sit(api, staff, session, player).json()["code"] == "PLAYER_UNDER_AGE"
    assert _state() == before
    assert ExclusionHit.objects.filter(reason="under_age").count() == 2
    # CONDUCT-07: the house rules print the casino's setting.
    from tests.reports.conftest import pdf_text

    settings.MEDIA_ROOT = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        report = api(staff["pit_boss"]).post(
            "/api/reports/", {"kind": "house_rules"}, format="json"
        )
    assert report.status_code == 202, report.json()
    download = api(staff["pit_boss"]).get(f"/api/reports/{report.json()['id']}/download/")
    text = pdf_text(b"".join(download.streaming_content), tmp_path, layout=False)
    # The meta block reads its labels, then its values in order: the age is the last one.
    meta = text[text.index("EDAD MÍNIMA") : text.index("Sentarse a la mesa")]
    assert meta.split()[-1] == "21", meta


def test_a_regulator_list_is_applied_whole_or_not_at_all_and_replaced_by_its_next_version(
    staff, api, session
):
    # Issue 17 §2 "Bad input": a malformed row refuses the file with its line number.
    player = _player(api, staff, document_number="30.999.888")
    manager = api(staff["shift_manager"])
    url = "/api/exclusion-lists/"
    bad = HEADER + "dni,30999888,Pablo Lista,,\ndni,12AB,Otro,,\n"
    refused = manager.post(
        url, {"source": "Lotería", "list_date": "2026-12-01", "content": bad}, format="json"
    )
    assert refused.status_code == 400, refused.json()
    body = refused.json()
    assert (body["code"], body["details"]["line"]) == ("EXCLUSION_LIST_ROW_INVALID", 3)
    assert body["message"]["es"].startswith("Línea 3:")
    assert (ExclusionList.objects.count(), Exclusion.objects.count()) == (0, 0)
    assert _sit(api, staff, session, player, seat=6).status_code == 201  # nothing applied
    good = HEADER + "dni,30999888,Pablo Lista,,\nrut,12.345.678-5,Juan Soto,2026-01-01,\n"
    first = manager.post(
        url, {"source": "Lotería", "list_date": "2026-12-01", "content": good}, format="json"
    )
    assert first.status_code == 201, first.json()
    assert first["Location"].endswith(f"/exclusion-lists/{first.json()['id']}/")
    assert (first.json()["version"], first.json()["entry_count"]) == (1, 2)
    refused = _buyin(api, staff, session, player, seat=6)
    assert refused.status_code == 409 and refused.json()["details"]["kind"] == "regulator"
    # The next version, without him, replaces the first: he may sit again.
    second = manager.post(
        url,
        {
            "source": "Lotería",
            "list_date": "2026-12-15",
            "content": HEADER + "rut,123456785,Juan Soto,,\n",
        },
        format="json",
    )
    assert second.status_code == 201 and second.json()["version"] == 2
    lists = {x["version"]: x["current"] for x in manager.get(url).json()["results"]}
    assert lists == {1: False, 2: True}
    assert _buyin(api, staff, session, player, seat=6).status_code == 201
    assert api(staff["pit_boss"]).post(url, {}, format="json").status_code == 403


def test_the_import_command_refuses_a_bad_file_with_its_line(staff, tmp_path):
    # Issue 17 §2: manage.py import_exclusions, the same service and the same refusal.
    path = tmp_path / "lista.csv"
    path.write_text(HEADER + "dni,30999888,Pablo,,\npassport,AB12345,Ann,2026-02-30,\n")
    args = [str(path), "--source", "Lotería", "--date", "2026-12-01", "--as", "shift_manager"]
    with pytest.raises(CommandError, match="Line 3: invalid date '2026-02-30' in starts_on"):
        call_command("import_exclusions", *args)
    assert ExclusionList.objects.count() == 0
    path.write_text(HEADER + "dni,30999888,Pablo,,\npassport,AB12345,Ann,2026-02-03,\n")
    call_command("import_exclusions", *args)
    assert ExclusionList.objects.get().entry_count == 2


def test_only_the_roles_that_may_read_an_identity_see_it_and_every_read_is_audited(staff, api):
    # ROLE-01, issue 17 §1: the supervisor sees the name; pit boss and surveillance the
    # document, each read leaving an audit event.
    player = _player(api, staff, nationality="ar", birth_date="1990-05-01")
    detail = api(staff["supervisor"]).get(f"/api/players/{player.pk}/").json()
    assert detail == {
        "id": player.pk,
        "display_name": "Eva Ríos",
        "identified": True,
        "is_vip": False,
    }
    url = f"/api/players/{player.pk}/identity/"
    assert api(staff["supervisor"]).get(url).status_code == 403
    assert api(staff["auditor"]).get(url).status_code == 403
    assert not AuditEvent.objects.filter(action="player.identity_read").exists()
    for role in ("pit_boss", "surveillance"):
        read = api(staff[role]).get(url)
        assert read.status_code == 200, read.json()
        assert read.json()["document_number"] == "27444555"
        assert (read.json()["nationality"], read.json()["birth_date"]) == ("AR", "1990-05-01")
    reads = AuditEvent.objects.filter(action="player.identity_read", object_id=str(player.pk))
    assert sorted(e.role for e in reads) == ["pit_boss", "surveillance"]
    # The registration's audit never carries the document.
    registered = AuditEvent.objects.get(action="player.register")
    assert "27444555" not in str(registered.after)


def test_one_player_per_document_and_precise_refusals_of_bad_identities(staff, api):
    # Issue 17 §1 "Bad input": normalised, deduplicated, each rule with its own 400.
    sup = staff["supervisor"]
    first = _register(api, sup, document_number="27.444.555")
    assert first.status_code == 201 and first["Location"].endswith(
        f"/players/{first.json()['id']}/"
    )
    again = _register(api, sup, document_number="27-444 555", display_name="Eva R.")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert Player.objects.get().display_name == "Eva Ríos"
    cases = [
        ({"document_number": "12A"}, "DOCUMENT_NUMBER_INVALID", "document_number"),
        (
            {"document_type": "rut", "document_number": "12.345.678-9"},
            "DOCUMENT_NUMBER_INVALID",
            "document_number",
        ),
        ({"document_type": "carnet"}, "DOCUMENT_TYPE_INVALID", "document_type"),
        ({"nationality": "XX"}, "NATIONALITY_INVALID", "nationality"),
        (
            {"birth_date": (timezone.localdate() + timedelta(days=1)).isoformat()},
            "BIRTH_DATE_IN_FUTURE",
            "birth_date",
        ),
    ]
    for body, code, field in cases:
        response = _register(api, sup, **{"document_number": "30111222", **body})
        assert response.status_code == 400, (body, response.json())
        assert (response.json()["code"], response.json()["field"]) == (code, field), body
    assert Player.objects.count() == 1
    rut = _register(api, sup, document_type="rut", document_number="12.345.678-5")
    assert rut.status_code == 201
    assert Player.objects.get(pk=rut.json()["id"]).document_number == "123456785"
