"""A whole tournament played through the API (issue 42 "done when").

60 entries (47 before the start, 8 late, 5 re-entries), 7 tables drawn (TOUR-01), two
players who never arrive removed when late registration closes (TOUR-02), busts that
force balancing (TDA 11) and table breaks (TDA 10), every move confirmed by the dealers
of both tables (TOUR-05), hand-for-hand at the bubble with two busts in one hand that
share the places (TDA RP-8), the final table redrawn, a three-way ICM deal (TOUR-07),
the payouts approved by the shift manager (ROLE-09) and paid against slips, the cash
settled with the cage, and the report and the regulator's record read back with
pdftotext. Every answer is checked against the served schema.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest

from casino.roles import Role
from tests.helpers import RoleClient
from tests.reports.conftest import pdf_text
from tests.tables.openapi import assert_matches_schema

from .conftest import structure

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


class Room:
    def __init__(self, world) -> None:  # type: ignore[no-untyped-def]
        s = world.staff
        self.world = world
        self.pit = RoleClient(s["pit_boss"], Role.PIT_BOSS)
        self.sup = RoleClient(s["supervisor"], Role.SUPERVISOR)
        self.cash = RoleClient(s["cage_cashier"], Role.CAGE_CASHIER)
        self.mgr = RoleClient(s["shift_manager"], Role.SHIFT_MANAGER)
        self.croupier = {n: RoleClient(u, Role.CROUPIER) for n, u in world.croupiers.items()}
        self.t = 0
        self.broken: list[int] = []
        self.moves = 0

    def url(self, tail: str = "") -> str:
        return f"/api/tournaments/{self.t}/{tail}"

    def ok(self, response, status: int = 200, method: str = "get"):  # type: ignore[no-untyped-def]
        assert response.status_code == status, response.content
        assert_matches_schema(response, method)
        return response.json()

    def post(self, client, tail: str, body: dict | None = None, status: int = 200):  # type: ignore[no-untyped-def]
        return self.ok(client.post(self.url(tail), body or {}, format="json"), status, "post")

    def seated(self) -> list[dict]:
        entries = self.ok(self.sup.get(self.url("entries/")))
        return [e for e in entries if e["state"] == "in_play" and e["seat"]]

    def balance(self) -> None:
        """The floor applies the plan until the tables are balanced, each move confirmed
        by the dealer of the table left and of the table reached (TOUR-05)."""
        while True:
            plan = self.ok(self.sup.get(self.url("balance/")))
            if plan["empty"]:
                return
            draw = self.post(self.sup, "balance/", {"version": plan["version"]})
            self.broken += draw["broken"]
            for move in self.ok(self.sup.get(self.url("moves/"))):
                for side, table in (("from", move["from_table"]), ("to", move["to_table"])):
                    self.post(self.croupier[table], f"moves/{move['id']}/confirm/", {"side": side})
                    self.moves += 1
            assert self.ok(self.sup.get(self.url("moves/"))) == []

    def bust(self, entry: dict, **body) -> dict:  # type: ignore[no-untyped-def]
        return self.post(self.sup, "eliminations/", {"entry": entry["id"], **body}, 201)


def test_a_whole_tournament_through_the_api(world, tmp_path, settings):  # noqa: PLR0915
    # TOUR-01, TOUR-02, TOUR-03, TOUR-05, TOUR-07; TDA 7, 8, 10, 11, RP-8; ROLE-09
    settings.MEDIA_ROOT = tmp_path / "media"
    world.tables(*range(1, 8))
    room = Room(world)
    rng = random.Random(42)

    version = room.ok(
        room.pit.post(
            "/api/tournaments/structures/",
            {"name": "Viernes 1000", "structure": structure()},
            format="json",
        ),
        201,
        "post",
    )
    created = room.pit.post(
        "/api/tournaments/",
        {"name": "Torneo del viernes", "structure_version_id": version["id"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="t-1",
    )
    t = room.ok(created, 201, "post")
    assert created["Location"].endswith(f"/api/tournaments/{t['id']}/")
    room.t = t["id"]

    # 47 players register at the cage before the start; every receipt is numbered.
    players = world.players(55)
    receipts = []
    for p in players[:47]:
        e = room.post(room.cash, "entries/", {"player": p.pk}, 201)
        receipts.append(e["receipt"])
    assert len(set(receipts)) == 47 and all(r.startswith("TOR-") for r in receipts)
    # A retried registration lands once.
    again = room.cash.post(room.url("entries/"), {"player": players[0].pk}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "PLAYER_ALREADY_REGISTERED"

    # TOUR-01: the seats are drawn at 7 tables, break order 1 first, 7 hosts the final.
    draw = room.post(room.sup, "draw/", {"tables": [1, 2, 3, 4, 5, 6, 7]})
    assert draw["draw_kind"] == "initial" and len(draw["moves"]) == 47
    tables = room.ok(room.sup.get(room.url("tables/")))
    assert sorted(x["players"] for x in tables) == [6, 6, 7, 7, 7, 7, 7]

    # Everyone arrives but two (TOUR-02: they are dealt in and blinded meanwhile).
    entries = room.ok(room.sup.get(room.url("entries/")))
    absent = {entries[3]["id"], entries[11]["id"]}
    for e in entries:
        if e["id"] not in absent:
            room.post(room.sup, f"entries/{e['id']}/arrive/")

    clock = room.post(room.sup, "clock/", {"kind": "start"})
    assert clock["status"] == "running" and clock["level"] == 1 and clock["registration_open"]
    room.post(room.sup, "clock/", {"kind": "go_to_level", "level": 2})

    # TDA 8: eight late entries draw seats at once, at the tables with the fewest players.
    for p in players[47:55]:
        e = room.post(room.cash, "entries/", {"player": p.pk}, 201)
        assert e["seat"] is not None and e["arrived"]
    room.balance()

    # Five busted players re-enter (TDA 8): 60 entries.
    for _ in range(5):
        victim = rng.choice([e for e in room.seated() if e["id"] not in absent])
        room.bust(victim)
        e = room.post(room.cash, "entries/", {"player": victim["player"], "kind": "re_entry"}, 201)
        assert e["kind"] == "re_entry" and e["seat"] is not None
        room.balance()
    detail = room.ok(room.sup.get(room.url()))
    assert detail["entries"] == 60 and detail["re_entries"] == 5
    assert detail["pool"] == {
        "collected": "60000.00",
        "overlay": "0.00",
        "total": "60000.00",
        "fees": "6000.00",
    }

    # Late registration closes after level 4: the absent players' stacks come off.
    refused = room.sup.post(room.url("remove-absentees/"), format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "REGISTRATION_STILL_OPEN"
    room.post(room.sup, "clock/", {"kind": "go_to_level", "level": 5})
    late = room.cash.post(room.url("entries/"), {"player": world.player().pk}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "TOURNAMENT_REGISTRATION_CLOSED"
    removed = room.post(room.sup, "remove-absentees/")
    assert len(removed["entries"]) == 2
    room.balance()

    # TOUR-07: the payout table by the power law; the shift manager approves and signs it.
    proposed = room.post(room.pit, "payouts/", {}, 201)
    amounts = [line["amount"] for line in proposed["lines"]]
    assert amounts == [
        "19100.00",
        "10300.00",
        "7200.00",
        "5600.00",
        "4600.00",
        "3900.00",
        "3400.00",
        "3100.00",
        "2800.00",
    ]
    refused = room.pit.post(room.url(f"payouts/{proposed['id']}/approve/"), format="json")
    assert refused.status_code == 403
    approved = room.post(room.mgr, f"payouts/{proposed['id']}/approve/")
    assert approved["approved"] and approved["approved_by"] == "shift_manager"

    # Busts down to two tables of five, balancing and breaking tables on the way.
    while len(seated := room.seated()) > 10:
        room.bust(rng.choice(seated))
        room.balance()
    assert len(set(room.broken)) >= 3, room.broken
    tables = room.ok(room.sup.get(room.url("tables/")))
    assert sorted(x["players"] for x in tables) == [5, 5]

    # The bubble: hand-for-hand (RP-8); two players bust in the same hand, at two
    # tables, with the same chips: they share places 9 and 10 and the 9th prize.
    room.post(room.sup, "clock/", {"kind": "hand_for_hand_on", "seconds": 60})
    left = room.seated()
    one = next(e for e in left if e["seat"]["table_number"] == tables[0]["table_number"])
    two = next(e for e in left if e["seat"]["table_number"] == tables[1]["table_number"])
    first = room.bust(one, stack_at_start=12000)
    second = room.bust(two, stack_at_start=12000)
    assert first["hand_key"] == second["hand_key"] and first["hand_key"].startswith("h4h:")
    room.post(room.sup, "clock/", {"kind": "hand_for_hand_hand"})
    room.post(room.sup, "clock/", {"kind": "hand_for_hand_off"})

    # The final table is redrawn (TOUR-01) at the last table of the break order.
    plan = room.ok(room.sup.get(room.url("balance/")))
    assert plan["final_table"] == 7 and len(plan["moves"]) == 8
    assert all(m["move_reason"] == "final_table" for m in plan["moves"])
    room.balance()
    tables = room.ok(room.sup.get(room.url("tables/")))
    assert [(x["table_number"], x["players"]) for x in tables] == [(7, 8)]

    while len(seated := room.seated()) > 3:
        room.bust(rng.choice(seated))

    # A three-way ICM deal: every player agrees, the manager signs; it ends the tournament.
    three = room.seated()
    stacks = dict(zip((str(e["id"]) for e in three), (290000, 190000, 100000), strict=True))
    deal = room.post(room.sup, "deals/", {"method": "icm", "stacks": stacks}, 201)
    total = sum(Decimal(s["amount"]) for s in deal["shares"])
    assert total == Decimal("36600.00")  # 19,100 + 10,300 + 7,200, to the unit
    assert [Decimal(s["amount"]) % 100 for s in deal["shares"]] == [0, 0, 0]
    early = room.mgr.post(room.url(f"deals/{deal['id']}/approve/"), format="json")
    assert early.status_code == 409 and early.json()["code"] == "DEAL_CONSENT_MISSING"
    for e in three:
        room.post(room.sup, f"deals/{deal['id']}/consents/", {"entry": e["id"]}, 201)
    signed = room.post(room.mgr, f"deals/{deal['id']}/approve/")
    assert signed["approved"]
    assert room.ok(room.sup.get(room.url()))["status"] == "finished"

    # Results: places derived; 9th and 10th shared; the deal's amounts for the top three.
    results = room.ok(room.sup.get(room.url("results/")))
    assert results["finished"]
    by_place = {(r["place"], r["place_to"]): r for r in results["results"]}
    shared = [r for r in results["results"] if (r["place"], r["place_to"]) == (9, 10)]
    assert len(shared) == 2 and all(r["amount"] == "1400.00" for r in shared)
    assert by_place[(4, 4)]["amount"] == "5600.00"
    dealt = {s["entry_number"]: s["amount"] for s in deal["shares"]}
    for r in results["results"]:
        if r["place"] in (1, 2, 3):
            assert r["amount"] == dealt[r["entry_number"]]

    # Prizes paid at the cage: slips signed by the player (name as signed) and cashier.
    unsigned = room.cash.post(
        room.url("payouts/slips/"),
        {"entry": _entry_id(room, by_place[(4, 4)]), "player_signed_name": " "},
        format="json",
    )
    assert unsigned.status_code == 400
    assert unsigned.json()["field"] == "player_signed_name"
    paid = Decimal("0")
    for r in results["results"]:
        if Decimal(r["amount"]) > 0:
            slip = room.post(
                room.cash,
                "payouts/slips/",
                {"entry": _entry_id(room, r), "player_signed_name": r["player_name"]},
                201,
            )
            assert slip["locked"] and slip["cashier"] == "cage_cashier"
            assert re.fullmatch(r"TPS-\d{4}-\d{6}", slip["serial"])
            paid += Decimal(slip["amount"])
    assert paid == Decimal("60000.00")

    # The tournament's cash reconciles to the cage: the fees are what is left.
    settled = room.post(room.cash, "settlement/", {"counted": "6000.00"}, 201)
    assert settled["expected"] == "6000.00" and settled["difference"] == "0.00"
    assert room.post(room.mgr, "settlement/sign/")["locked"]

    _reports_read_back(world, room.t, tmp_path)
    assert room.moves > 0


def _entry_id(room: Room, result: dict) -> int:
    entries = room.ok(room.sup.get(room.url("entries/")))
    return next(e["id"] for e in entries if e["number"] == result["entry_number"])


def _reports_read_back(world, tournament_id: int, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from reports.registry import get_spec
    from reports.rendering import render_report

    report = render_report(
        get_spec("tournament"), casino=world.casino, params={"tournament": tournament_id}
    )
    text = re.sub(r"\s+", " ", pdf_text(report.pdf, tmp_path))
    assert "Informe del torneo" in text and "Torneo del viernes" in text
    assert "Pozo de premios $ 60.000,00" in text
    assert "Comisiones (de la casa, fuera del pozo) $ 6.000,00" in text
    assert "Reingresos 5" in text
    assert "19.100,00" in text and "Total pagado $ 60.000,00" in text
    assert "La casa retuvo: $ 6.000,00" in text
    record = render_report(
        get_spec("tournament_record"), casino=world.casino, params={"tournament": tournament_id}
    )
    text = re.sub(r"\s+", " ", pdf_text(record.pdf, tmp_path))
    assert "Registro del torneo para el regulador" in text
    assert "Retenido por la casa $ 6.000,00" in text
    assert "Total de premios $ 60.000,00" in text
    assert "DNI" in text or "documento" in text.lower()
    day = render_report(get_spec("gaming_day"), casino=world.casino, params={})
    text = re.sub(r"\s+", " ", pdf_text(day.pdf, tmp_path))
    assert "Torneos: comisiones y pozos" in text
    assert "Torneo del viernes $ 6.000,00 $ 60.000,00" in text
