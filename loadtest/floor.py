"""The floor for the load run (issue 9 §5): tables in play before, the books closed after.

``prepare`` builds, through the services, a casino ``load`` with its staff (50
supervisors with API tokens), six no-limit 5/10 tables opened, counted, signed and
in play with two inspected packs each, and for every table a chain of legal hands
(``hands.adapter.simulate_records``) whose players bought in at the cage first, so the
hand recorder checks chip continuity on every hand the load posts. It writes the plan
(sessions, tokens, hand chains) as JSON for the locust users.

``close`` takes what the load clients *know* happened (their log of accepted requests:
buy-ins with the notes pushed into the drop box, changes, hands with their rake) as the
physical truth of the floor, and closes every table with it: the last hand, the closing
count of the float computed from the opening and the clients' log (never from the
server's books), fills and credits back to par, three signatures, the packs returned,
the day's deck control, and two cashiers' blind counts of each drop box and rake box.
If the server had lost or duplicated a record, the books and this count disagree and
``reconcile_day`` reports it.
"""

from __future__ import annotations

import json
import secrets
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

D = Decimal
CASINO = "load"
PIN = "1234"
# value, colour, par: a float deep enough for two minutes of buy-ins and changes.
CHIPS = [
    ("1000", "amarillo", 400),
    ("500", "violeta", 400),
    ("100", "negro", 10000),
    ("25", "verde", 10000),
    ("5", "rojo", 2000),
    ("1", "blanco", 1000),
]
HAND_SEATS = [1, 2, 3, 4]  # the hand recorder's players; buy-ins at the load run: seats 6-9
HAND_STACK = D("5000")


@dataclass
class Plan:
    base_url: str
    tables: list[dict[str, Any]]
    supervisors: list[dict[str, str]]
    casino: str = CASINO

    def dump(self, path: Path) -> None:
        path.write_text(json.dumps(self.__dict__, default=str))

    @classmethod
    def load(cls, path: Path) -> Plan:
        return cls(**json.loads(path.read_text()))


def _actors(code: str) -> dict[str, Any]:
    from casino.access import acting_as
    from casino.models import User
    from casino.roles import Role

    def user(name: str) -> Any:
        return User.objects.get(username=f"{code}-{name}")

    return {
        "manager": acting_as(user("gerente"), Role.SHIFT_MANAGER),
        "boss": acting_as(user("jefe"), Role.PIT_BOSS),
        "security": acting_as(user("seguridad"), Role.SECURITY),
        "cashiers": [acting_as(user(f"caja{i}"), Role.CAGE_CASHIER) for i in (1, 2)],
    }


def prepare(
    *,
    base_url: str,
    tables: int,
    supervisors: int,
    hands: int,
    seed: int = 7,
    code: str = CASINO,
) -> Plan:
    from django.utils import timezone

    from cage import services as cage
    from casino.access import acting_as
    from casino.api.authentication import token_issue
    from casino.models import Casino, ChipSet, Denomination, Sector
    from casino.roles import Role
    from casino.services import gaming_day_open, staff_create
    from hands import adapter, selectors
    from tables import checklists
    from tables import services as ts
    from tables.models import FloatPar, OpeningSheet, Pack, PackState, Table, TableSettings, Variant

    casino = Casino.objects.create(code=code, name=f"Casino de carga {code}")

    def person(name: str, role: Role) -> Any:
        return staff_create(
            actor=None,
            casino=casino,
            username=f"{code}-{name}",
            password=secrets.token_urlsafe(16),
            roles=[role],
            first_name=name.capitalize(),
            pin=PIN,
        )

    manager = acting_as(person("gerente", Role.SHIFT_MANAGER), Role.SHIFT_MANAGER)
    boss = acting_as(person("jefe", Role.PIT_BOSS), Role.PIT_BOSS)
    # The pit boss signs and issues for the tables of his sector only (issue 12 §1).
    sector = Sector.objects.create(casino=casino, code="S1", name="Salón de póquer")
    sector.pit_bosses.add(boss.user)
    security = acting_as(person("seguridad", Role.SECURITY), Role.SECURITY)
    for i in (1, 2):
        person(f"caja{i}", Role.CAGE_CASHIER)
    sups = [person(f"sup{i:02d}", Role.SUPERVISOR) for i in range(1, supervisors + 1)]
    croupiers = [person(f"croupier{i}", Role.CROUPIER) for i in range(1, tables + 1)]
    gaming_day_open(actor=manager, business_date=timezone.localdate())
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas de valor")
    denoms = {
        D(v): Denomination.objects.create(chip_set=chip_set, value=D(v), colour=c)
        for v, c, _p in CHIPS
    }
    store = ts.deck_store_create(actor=manager, code="SEG", name="Depósito de seguridad")
    out_tables = []
    for n in range(1, tables + 1):
        table = Table.objects.create(
            casino=casino, number=n, name=f"Mesa {n}", chip_set=chip_set, sector=sector
        )
        TableSettings.objects.create(
            table=table,
            version=1,
            effective_from=timezone.now() - timedelta(days=1),
            variant=Variant.NO_LIMIT,
            small_blind=D("5"),
            big_blind=D("10"),
            min_buyin=D("100"),
            # No maximum: fifty clients re-buy at the same seats at once, so none can know
            # the stack it finds, and a declared stack must be the seat's (issue 39 §2);
            # without a maximum a re-buy need not declare one.
            max_buyin=None,
            reason="load run",
        )
        for value, _colour, par in CHIPS:
            FloatPar.objects.create(table=table, denomination=denoms[D(value)], count=par)
        sup = acting_as(sups[(n - 1) % len(sups)], Role.SUPERVISOR)
        croupier = croupiers[n - 1]
        session = ts.session_open(actor=boss, table=table, supervisor=sup.user, croupier=croupier)
        ts.prep_checklist_record(
            actor=boss, session=session, items=dict.fromkeys(checklists.PIT_BOSS_ITEMS, True)
        )
        ts.prep_checklist_record(
            actor=sup, session=session, items=dict.fromkeys(checklists.SUPERVISOR_ITEMS, True)
        )
        opening = OpeningSheet.objects.get(session=session)
        ts.opening_count_record(actor=sup, sheet=opening, lines=_lines(opening.ordered_lines()))
        ts.opening_sign(actor=sup, sheet=opening, role=Role.CROUPIER, signer=croupier, pin=PIN)
        ts.opening_sign(actor=sup, sheet=opening, role=Role.SUPERVISOR)
        ts.opening_sign(actor=boss, sheet=opening, role=Role.PIT_BOSS)
        receipt = ts.deck_delivery_record(
            actor=security,
            store=store,
            packs=[{"serial": f"R{n}", "colour": "rojo"}, {"serial": f"A{n}", "colour": "azul"}],
        )
        ts.deck_receipt_sign(actor=boss, receipt=receipt)
        packs = Pack.objects.filter(casino=casino)
        red, blue = packs.get(serial=f"R{n}"), packs.get(serial=f"A{n}")
        for pack in (red, blue):
            ts.deck_move(actor=boss, pack=pack, to=PackState.ISSUED, session=session)
            ts.deck_move(
                actor=sup,
                pack=pack,
                to=PackState.INSPECTED,
                with_user=croupier,
                pin=PIN,
                face_up_ok=True,
                face_down_ok=True,
                complete=True,
            )
        ts.deck_move(actor=sup, pack=red, to=PackState.IN_PLAY)
        ts.deck_move(actor=sup, pack=blue, to=PackState.RESERVE)
        session.refresh_from_db()
        ts.session_start_play(actor=sup, session=session)
        session.refresh_from_db()
        # The hand players buy in at the cage (the table card), then the chain of hands.
        unit = selectors.chip_unit_cents(table)
        rules = adapter.rules_for(session.settings, chip_unit=unit, structure="no_limit", at=None)
        records = adapter.simulate_records(
            rules,
            count=hands,
            seats=HAND_SEATS,
            stack=HAND_STACK,
            small=D("5"),
            big=D("10"),
            seed=seed + n,
        )
        for seat in HAND_SEATS:
            cage.buyin_record(
                actor=sup,
                session=session,
                seat=seat,
                amount=HAND_STACK,
                croupier=croupier,
                player_name=f"Mesa {n} asiento {seat}",
                cash=[{"value": "1000", "count": int(HAND_STACK // 1000)}],
                chips=[("1000", int(HAND_STACK // 1000))],
            )
        out_tables.append(
            {
                "number": n,
                "session": session.pk,
                "croupier": croupier.username,
                "hands": records,
            }
        )
    # Only a table's own supervisor records on it (issue 12 §1): the load's terminals are
    # the tables' supervisors, several tablets each, each with a token of its own. Terminal
    # i works at table i % tables (loadtest/locustfile.py), whose supervisor is sups[i % tables].
    terminals = [sups[i % tables] for i in range(supervisors)] if tables <= len(sups) else sups
    tokens = [{"username": s.username, "token": token_issue(user=s)[1]} for s in terminals]
    return Plan(base_url=base_url, tables=out_tables, supervisors=tokens, casino=code)


def _lines(lines: list[Any], counts: dict[int, int] | None = None) -> list[dict[str, int]]:
    out = []
    for line in lines:
        n = line.expected_count if counts is None else counts.get(line.denomination_id, 0)
        out.append({"denomination": line.denomination_id, "stacks": n // 20, "loose": n % 20})
    return out


@dataclass
class Physical:
    """What is physically at one table according to the clients' log."""

    float_: dict[Decimal, int]
    drop: dict[Decimal, int]
    rake: Decimal
    hands: int


def physical(plan: Plan, log: list[dict[str, Any]]) -> dict[int, Physical]:
    """The float, drop box and rake box of each session from the accepted requests."""
    opening = {D(v): p for v, _c, p in CHIPS}
    out: dict[int, Physical] = {}
    for t in plan.tables:
        out[t["session"]] = Physical(dict(opening), defaultdict(int), D("0"), 0)
    # The hand players' buy-ins of the set-up: 1000s out of the float, notes in the drop.
    for p in out.values():
        p.float_[D("1000")] -= len(HAND_SEATS) * int(HAND_STACK // 1000)
        p.drop[D("1000")] += len(HAND_SEATS) * int(HAND_STACK // 1000)
    for entry in log:
        p = out[entry["session"]]
        if entry["kind"] == "buyin":
            for note in entry["cash"]:
                p.drop[D(note["value"])] += note["count"]
            for chip in entry["chips"]:
                p.float_[D(chip["value"])] -= chip["count"]
        elif entry["kind"] == "change":
            for chip in entry["chips_in"]:
                p.float_[D(chip["value"])] += chip["count"]
            for chip in entry["chips_out"]:
                p.float_[D(chip["value"])] -= chip["count"]
        elif entry["kind"] == "hand":
            p.rake += D(entry["rake"])
            p.hands = max(p.hands, entry["number"])
    return out


def close(plan: Plan, log: list[dict[str, Any]]) -> Any:
    """Close every table with the clients' physical truth; returns the gaming day."""
    from cage import services as cage
    from casino.access import acting_as
    from casino.models import Denomination, GamingDay, User
    from casino.roles import Role
    from tables import services as ts
    from tables.models import ClosingSheet, DeckStore, Pack, PackState, TableSession

    actors = _actors(plan.casino)
    boss, manager, security = actors["boss"], actors["manager"], actors["security"]
    truth = physical(plan, log)
    day = None
    for t in plan.tables:
        session = TableSession.objects.select_related("table", "supervisor").get(pk=t["session"])
        day = session.gaming_day
        sup = acting_as(session.supervisor, Role.SUPERVISOR)
        croupier = User.objects.get(username=t["croupier"])
        p = truth[session.pk]
        ts.session_announce_last_hand(actor=boss, session=session, last_hand_number=p.hands)
        session.refresh_from_db()
        ts.closing_start(actor=boss, session=session, security_officer=security.user)
        closing = ClosingSheet.objects.get(session=session)
        by_value = {
            d.value: d.pk for d in Denomination.objects.filter(chip_set=session.table.chip_set)
        }
        counts = {by_value[v]: n for v, n in p.float_.items()}
        ts.closing_count_record(
            actor=sup, sheet=closing, lines=_lines(closing.ordered_lines(), counts)
        )
        ts.closing_confirm_empty_bank(actor=sup, sheet=closing, croupier=croupier, pin=PIN)
        need = cage.par_restoration(session)
        values = {pk: v for v, pk in by_value.items()}
        cashier = actors["cashiers"][0]
        for kind in ("fill", "credit"):
            if not need[kind]:
                continue
            slip = cage.slip_request(
                actor=boss,
                session=session,
                kind=kind,
                purpose="closing",
                lines=[(str(values[d]), n) for d, n in need[kind]],
            )
            cage.slip_sign_in_order(  # in the kind's order (CLOSE-07)
                slip=slip,
                signers={
                    Role.CAGE_CASHIER: cage.SlipSigner(cashier),
                    Role.SECURITY: cage.SlipSigner(security),
                    Role.CROUPIER: cage.SlipSigner(sup, croupier, PIN),
                    Role.SUPERVISOR: cage.SlipSigner(sup),
                },
            )
        ts.closing_sign(actor=sup, sheet=closing, role=Role.CROUPIER, signer=croupier, pin=PIN)
        ts.closing_sign(actor=sup, sheet=closing, role=Role.SUPERVISOR)
        ts.closing_sign(actor=boss, sheet=closing, role=Role.PIT_BOSS)
        session.refresh_from_db()
        for pack in Pack.objects.filter(session=session):
            ts.deck_move(
                actor=sup, pack=pack, to=PackState.RETURNED, with_user=croupier, complete=True
            )
            ts.deck_move(actor=sup, pack=pack, to=PackState.REUSABLE, complete=True)
        rake_chips = _rake_chips(p.rake)
        for counter in actors["cashiers"]:
            cage.drop_count_record(
                actor=counter,
                session=session,
                cash=[{"value": str(v), "count": n} for v, n in sorted(p.drop.items()) if n],
                rake_chips=rake_chips,
            )
    store = DeckStore.objects.get(casino__code=plan.casino)
    serials = list(Pack.objects.filter(store=store).values_list("serial", flat=True))
    ts.deck_final_control_sign(actor=manager, store=store, counted_serials=serials)
    assert isinstance(day, GamingDay)
    return day


def _rake_chips(rake: Decimal) -> list[tuple[str, int]]:
    """The rake box in chips (largest first): only its value is reconciled."""
    rest, out = rake, []
    for value in (D("25"), D("5"), D("1")):
        n = int(rest // value)
        if n:
            out.append((str(value), n))
            rest -= value * n
    if rest:
        raise ValueError(f"a rake of {rake} is not whole chips")
    return out
