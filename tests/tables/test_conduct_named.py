"""The conduct the rules sanction, through the API the floor uses (CONDUCT-03, CONDUCT-06,
PLAY-03; the catalogue itself is SANC-10/SANC-11, tests/tables/test_sanctions.py).

* CONDUCT-06: the manual's list §8.6(a)–(h) is served to the floor whole, one code each,
  and a sanction can be imposed for every one of them.
* PLAY-03: acting for a third party is sanctioned, and its first offence is a penalty,
  not a warning; so is chip dumping (conduct that harms the game's transparency).
* CONDUCT-03 (CABA): information and advice between players; the sector manager (the pit
  boss) sanctions it by repetition: a warning, the hand annulled, rounds sitting out, up to
  removal, which the pit boss cannot impose alone (SANC-02).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from casino.roles import Role
from players.models import Player
from tables.models import SanctionEntry, SanctionLevel

from .conftest import make_table, open_table

pytestmark = pytest.mark.django_db
L = SanctionLevel
URL = "/api/sanctions/"
MANUAL_LIST = {f"§8.6({letter})" for letter in "abcdefgh"}


def suggestion(client, conduct, player, session):  # type: ignore[no-untyped-def]
    r = client.get(
        f"{URL}suggestion/", {"conduct": conduct, "player": player.pk, "session": session.pk}
    )
    assert r.status_code == 200, r.json()
    return r.json()


def test_conduct_06_the_manuals_list_is_served_whole_and_each_can_be_sanctioned(
    api, staff, gaming_day, table, casino
):  # type: ignore[no-untyped-def]
    session = open_table(staff, table)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    conducts = boss.get(f"{URL}conducts/").json()
    by_source = {c["source"]: c for c in conducts if c["source"] in MANUAL_LIST}
    assert set(by_source) == MANUAL_LIST  # one code for each of (a) to (h)
    assert len({c["code"] for c in conducts}) == len(conducts)
    for n, (source, conduct) in enumerate(sorted(by_source.items()), start=1):
        # A first offence each, by a different player (SANC-07 escalates per player).
        offender = Player.objects.create(casino=casino, display_name=f"Jugador {n}")
        suggested = suggestion(boss, conduct["code"], offender, session)["step"]
        # SANC-02: warnings and rounds are the pit boss's; removal is management's.
        client = manager if suggested["level"] == L.REMOVAL else boss
        r = client.post(
            URL,
            {
                "conduct": conduct["code"],
                "level": suggested["level"],
                "vueltas": suggested["vueltas"],
                "players_in_hand": 6 if suggested["vueltas"] else None,
                "player": offender.pk,
                "session": session.pk,
                "hand_number": n,
                "reason": f"Conducta {source}",
            },
            format="json",
        )
        assert r.status_code == 201, (source, r.json())
        ledger = boss.get(URL, {"player": offender.pk}).json()["results"]
        assert [row["conduct"] for row in ledger] == [conduct["code"]], source


def test_play_03_acting_for_a_third_party_is_penalised_from_the_first_offence(
    api, staff, gaming_day, table, player
):  # type: ignore[no-untyped-def]
    session = open_table(staff, table)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    conducts = {c["code"]: c for c in boss.get(f"{URL}conducts/").json()}
    assert conducts["third_party"]["must"] is True  # the manual: "must" be sanctioned
    assert conducts["chip_dumping"]["must"] is True
    first = suggestion(boss, "third_party", player, session)
    assert first["prior"] == [] and first["step"]["level"] == L.SIT_OUT  # a penalty at once
    assert suggestion(boss, "chip_dumping", player, session)["step"]["level"] == L.REMOVAL
    r = boss.post(
        URL,
        {
            "conduct": "third_party",
            "level": L.SIT_OUT,
            "vueltas": first["step"]["vueltas"],
            "players_in_hand": 7,
            "player": player.pk,
            "session": session.pk,
            "hand_number": 4,
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    entry = SanctionEntry.objects.get(pk=r.json()["entry"]["id"])
    assert (entry.conduct_code, entry.level, entry.hands_total) == (
        "third_party",
        L.SIT_OUT,
        7 * first["step"]["vueltas"],
    )
    # Letting it go with a warning needs a reason on the record.
    before = SanctionEntry.objects.count()
    r = boss.post(
        URL,
        {
            "conduct": "third_party",
            "level": L.WARNING,
            "player": player.pk,
            "session": session.pk,
            "hand_number": 9,
        },
        format="json",
    )
    assert r.status_code == 400 and r.json()["code"] == "OVERRIDE_REASON_REQUIRED"
    assert SanctionEntry.objects.count() == before


def test_conduct_03_caba_information_and_advice_escalates_by_repetition(
    api, staff, gaming_day, casino, chip_set, player
):  # type: ignore[no-untyped-def]
    caba = make_table(casino, chip_set, number=6, ruleset="caba", rake_pct=Decimal("5"))
    session = open_table(staff, caba)
    boss = api(staff["pit_boss"], Role.PIT_BOSS)
    first = suggestion(boss, "information_advice", player, session)
    levels = [s["level"] for s in first["scale"]]
    # Warning, the hand annulled, rounds sitting out, up to removal (and expulsion).
    assert levels[:2] == [L.WARNING, L.HAND_ANNULMENT]
    assert L.SIT_OUT in levels and levels.index(L.REMOVAL) > levels.index(L.SIT_OUT)
    assert first["step"]["level"] == L.WARNING

    seen = []
    for hand in range(1, 8):
        step = suggestion(boss, "information_advice", player, session)["step"]
        seen.append(step["level"])
        body = {
            "conduct": "information_advice",
            "level": step["level"],
            "vueltas": step["vueltas"],
            "players_in_hand": 6 if step["vueltas"] else None,
            "player": player.pk,
            "session": session.pk,
            "hand_number": hand,
            "reason": "Aconsejó al jugador del asiento 2",
        }
        if step["level"] == L.REMOVAL:
            # SANC-02: the pit boss cannot remove a player; management can.
            before = SanctionEntry.objects.count()
            refused = boss.post(URL, body, format="json")
            assert refused.status_code == 403, refused.json()
            assert SanctionEntry.objects.count() == before
            r = api(staff["shift_manager"], Role.SHIFT_MANAGER).post(URL, body, format="json")
            assert r.status_code == 201, r.json()
            break
        r = boss.post(URL, body, format="json")
        assert r.status_code == 201, (hand, r.json())
    assert seen[:2] == [L.WARNING, L.HAND_ANNULMENT]
    assert seen[-1] == L.REMOVAL and seen.count(L.SIT_OUT) == 4
