"""A simulated gaming day driven through every service (``manage.py simulate_day``).

Tables (issue 5) open and close with their counts, sheets and decks; the hand
recorder (issue 4) logs legal hands and posts their rake; the cage (issue 6)
records buy-ins, re-buys, colour changes, cash-outs, tip changes, departures,
fills and credits during play and at closing, and the blind drop count. The
simulator keeps its own "physical" world (what is really in each float, drop
box and rake box) and counts from it, so the day's reconciliation must balance.

With ``inject`` it plants one fault of each kind and says where:

- a chip missing from a closing float;
- a fill delivered but not fully signed;
- a hand whose croupier took the wrong rake;
- a skipped slip number;
- a pack of cards not returned.

The plug-in points for the other apps are the ``_tables_*``, ``_decks_*`` and
``_hand_*`` methods: without the hand recorder the rake of each simulated hand
is posted straight to the cage's ledger (``rake_post``).
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import F, Max
from django.utils import timezone

from cage import selectors, services, slip_order
from casino.access import Actor, acting_as
from casino.models import Casino, ChipSet, Denomination, GamingDay, Sector, SerialCounter, User
from casino.roles import Role
from casino.selectors import open_gaming_day
from casino.services import gaming_day_close, gaming_day_open, staff_create
from hands.selectors import next_hand
from hands.services import hand_log
from tables.models import FloatPar, Table, TableSession, Variant

D = Decimal
PIN = "1234"
NOTES = [D("1000"), D("500"), D("200"), D("100")]
CHIPS = [
    ("1000", "amarillo", 20),
    ("500", "violeta", 40),
    ("100", "negro", 100),
    ("25", "verde", 200),
    ("5", "rojo", 200),
    ("1", "blanco", 200),
]
BUYINS = [D("200"), D("300"), D("500"), D("800"), D("1000")]


@dataclass
class Fault:
    """A fault the simulator planted, and the findings that must report it."""

    name: str
    table: int | None
    expect: tuple[str, ...]  # finding kinds, any of which reports it
    detail: str = ""


def _placed(button: int | None) -> int:
    """The button's seat, placed by ``_hand`` before any hand is dealt."""
    if button is None:
        raise RuntimeError("a hand dealt with no button")
    return button


@dataclass
class TableWorld:
    """What is physically at one table, as the simulator knows it."""

    table: Table
    session: TableSession
    supervisor: User
    croupier: User
    stacks: dict[int, Decimal] = field(default_factory=dict)  # seat -> chips
    names: dict[int, str] = field(default_factory=dict)
    drop: dict[Decimal, int] = field(default_factory=lambda: defaultdict(int))  # note -> count
    rake_box: Decimal = D("0")
    physical_extra: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    packs: list[Any] = field(default_factory=list)
    hands: int = 0
    button: int | None = None


@dataclass
class SimulationReport:
    gaming_day: GamingDay
    tables: int
    hands: int
    faults: list[Fault]
    transactions: int = 0


class DaySimulator:
    def __init__(
        self,
        *,
        tables: int,
        hands: int,
        seed: int,
        inject: bool = False,
        casino_code: str = "sim",
        log: Any = None,
    ) -> None:
        if tables < 1 or hands < 0:
            raise ValueError("at least one table and a non-negative number of hands")
        self.n_tables = tables
        self.n_hands = hands
        self.rng = random.Random(seed)
        self.inject = inject
        self.code = casino_code
        self.log = log or (lambda _msg: None)
        self.faults: list[Fault] = []
        self.player_counter = 0

    # ----------------------------------------------------------------- set-up

    def _user(self, name: str, role: Role) -> User:
        username = f"{self.code}-{name}"
        user = User.objects.filter(username=username).first()
        if user is None:
            user = staff_create(
                actor=None,
                casino=self.casino,
                username=username,
                password=f"{username}-pass-2026",
                roles=[role],
                first_name=name.capitalize(),
                pin=PIN,
            )
        return user

    def _setup(self) -> None:
        from tables import services as ts

        self.casino, _ = Casino.objects.get_or_create(
            code=self.code, defaults={"name": f"Casino simulado {self.code}"}
        )
        u = self._user
        self.manager = acting_as(u("gerente", Role.SHIFT_MANAGER), Role.SHIFT_MANAGER)
        self.boss = acting_as(u("jefe1", Role.PIT_BOSS), Role.PIT_BOSS)
        self.boss2 = acting_as(u("jefe2", Role.PIT_BOSS), Role.PIT_BOSS)
        self.security = acting_as(u("seguridad", Role.SECURITY), Role.SECURITY)
        self.cashiers = [
            acting_as(u(f"caja{i}", Role.CAGE_CASHIER), Role.CAGE_CASHIER) for i in (1, 2)
        ]
        self.surveillance = acting_as(u("camaras", Role.SURVEILLANCE), Role.SURVEILLANCE)
        # The relief supervisor of the shift change (issue 14 §3): staff, made with the
        # rest, so a copied day (demo.history) never makes the person twice.
        self.relief = acting_as(u("supervisor_relevo", Role.SUPERVISOR), Role.SUPERVISOR)
        chip_set, _ = ChipSet.objects.get_or_create(casino=self.casino, name="Fichas de valor")
        self.denoms = {}
        for value, colour, _par in CHIPS:
            self.denoms[D(value)], _ = Denomination.objects.get_or_create(
                chip_set=chip_set, value=D(value), defaults={"colour": colour}
            )
        # The simulated room is one sector whose pit bosses are the two bosses: only a
        # sector's pit boss signs and requests at its tables (issue 12 §1).
        sector, _ = Sector.objects.get_or_create(
            casino=self.casino, code="SIM", defaults={"name": "Sector simulado"}
        )
        sector.pit_bosses.add(self.boss.user, self.boss2.user)
        self.tables: list[Table] = []
        for number in range(1, self.n_tables + 1):
            table = Table.objects.filter(casino=self.casino, number=number).first()
            created = table is None
            if table is None:
                # Through the service, as a manager creates a table (audited, GEN-04).
                table = ts.table_create(
                    actor=self.manager,
                    number=number,
                    chip_set=chip_set,
                    variant=Variant.NO_LIMIT,
                    big_blind=D("10"),
                    small_blind=D("5"),
                    name=f"Mesa {number}",
                    sector=sector,
                    min_buyin=D("100"),
                    max_buyin=D("1000"),
                )
            if table.sector_id is None:  # a room simulated before sectors were assigned
                Table.objects.filter(pk=table.pk).update(sector=sector)
                table.sector = sector
            if created:
                for value, _colour, par in CHIPS:
                    FloatPar.objects.create(
                        table=table, denomination=self.denoms[D(value)], count=par
                    )
            self.tables.append(table)
        self.staff = [
            (
                acting_as(u(f"supervisor{n}", Role.SUPERVISOR), Role.SUPERVISOR),
                u(f"croupier{n}", Role.CROUPIER),
            )
            for n in range(1, self.n_tables + 1)
        ]

    def _open_day(self) -> GamingDay:
        open_day = open_gaming_day(self.casino)
        if open_day is not None:
            gaming_day_close(actor=self.manager, gaming_day=open_day)
        last = GamingDay.objects.filter(casino=self.casino).aggregate(m=Max("business_date"))["m"]
        when: date = (last + timedelta(days=1)) if last else timezone.localdate()
        return gaming_day_open(actor=self.manager, business_date=when)

    # ----------------------------------------------------------------- tables and decks

    def _tables_open(self, table: Table, sup: Actor, croupier: User) -> TableSession:
        from tables import services as ts

        session = ts.session_open(
            actor=self.boss, table=table, supervisor=sup.user, croupier=croupier
        )
        # PREP-02, PREP-03, PREP-05: both pre-opening checklists before the opening count.
        from tables.checklists import PIT_BOSS_ITEMS, SUPERVISOR_ITEMS

        ts.prep_checklist_record(
            actor=self.boss, session=session, items=dict.fromkeys(PIT_BOSS_ITEMS, True)
        )
        ts.prep_checklist_record(
            actor=sup, session=session, items=dict.fromkeys(SUPERVISOR_ITEMS, True)
        )
        from tables.models import OpeningSheet

        opening = OpeningSheet.objects.get(session=session)
        ts.opening_count_record(actor=sup, sheet=opening, lines=_count_lines(opening, None))
        self._sign_three(ts.opening_sign, opening, sup, croupier)
        session.refresh_from_db()
        return session

    def _sign_three(self, sign: Any, sheet: Any, sup: Actor, croupier: User) -> None:
        sign(actor=sup, sheet=sheet, role=Role.CROUPIER, signer=croupier, pin=PIN)
        sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
        sign(actor=self.boss, sheet=sheet, role=Role.PIT_BOSS)

    def _decks_issue(self, world: TableWorld, store: Any, day: GamingDay) -> None:
        from tables import services as ts
        from tables.models import Pack, PackState

        stamp = f"{day.business_date:%Y%m%d}-{world.table.number}"
        receipt = ts.deck_delivery_record(
            actor=self.security,
            store=store,
            packs=[
                {"serial": f"R{stamp}", "colour": "rojo"},
                {"serial": f"A{stamp}", "colour": "azul"},
            ],
        )
        ts.deck_receipt_sign(actor=self.boss, receipt=receipt)
        # The packs of this receipt: another casino's day may use the same serials (issue 39).
        packs = Pack.objects.filter(receipt=receipt)
        red, blue = (packs.get(serial=f"R{stamp}"), packs.get(serial=f"A{stamp}"))
        sup = self.staff[world.table.number - 1][0]
        for pack in (red, blue):
            ts.deck_move(actor=self.boss, pack=pack, to=PackState.ISSUED, session=world.session)
            ts.deck_move(
                actor=sup,
                pack=pack,
                to=PackState.INSPECTED,
                with_user=world.croupier,
                pin=PIN,
                face_up_ok=True,
                face_down_ok=True,
                complete=True,
            )
        ts.deck_move(actor=sup, pack=red, to=PackState.IN_PLAY)
        ts.deck_move(actor=sup, pack=blue, to=PackState.RESERVE)
        world.packs = [red, blue]

    def _decks_return(self, world: TableWorld, skip_last: bool) -> list[str]:
        from tables import services as ts
        from tables.models import PackState

        sup = self.staff[world.table.number - 1][0]
        returned = []
        for i, pack in enumerate(world.packs):
            if skip_last and i == len(world.packs) - 1:
                continue  # --inject: a pack not returned
            ts.deck_move(
                actor=sup,
                pack=pack,
                to=PackState.RETURNED,
                with_user=world.croupier,
                complete=True,
            )
            ts.deck_move(actor=sup, pack=pack, to=PackState.REUSABLE, complete=True)
            returned.append(pack.serial)
        return returned

    # ----------------------------------------------------------------- the floor

    def _float(self, world: TableWorld) -> dict[Decimal, int]:
        expected = selectors.expected_float(world.session) or {}
        by_id = {d.pk: v for v, d in self.denoms.items()}
        return {by_id[k]: n for k, n in expected.items() if k in by_id}

    def _shift_change(self, world: TableWorld) -> None:
        """Issue 14 §3: a relief supervisor takes the table over mid-session, on a count of
        the float witnessed by the pit boss, through the one writer (tables.services.shifts)."""
        from tables.services.shifts import shift_change_record, shift_change_sign

        i = world.table.number - 1
        outgoing, croupier = self.staff[i]
        incoming = self.relief
        expected = selectors.expected_float(world.session) or {}
        lines = []
        for d in self.denoms.values():
            n = expected.get(d.pk, 0) + world.physical_extra.get(d.pk, 0)
            lines.append({"denomination": d.pk, "stacks": n // 20, "loose": n % 20})
        change = shift_change_record(
            actor=self.boss, session=world.session, incoming=incoming.user, lines=lines
        )
        shift_change_sign(actor=self.boss, shift_change=change, slot="pit_boss")
        shift_change_sign(actor=outgoing, shift_change=change, slot="outgoing_supervisor")
        shift_change_sign(actor=incoming, shift_change=change, slot="incoming_supervisor")
        self.staff[i] = (incoming, croupier)  # the relief signs from now on
        world.supervisor = incoming.user

    def _chips_for(
        self, world: TableWorld, amount: Decimal, ceiling: Decimal
    ) -> list[tuple[Decimal, int]]:
        """Chips worth ``amount`` from what the float has, none above ``ceiling``."""
        available = self._float(world)
        rest, out = amount, []
        for value in sorted(self.denoms, reverse=True):
            if value > ceiling and value != min(self.denoms):
                continue
            n = min(int(rest // value), max(available.get(value, 0) - 5, 0))
            if n > 0:
                out.append((value, n))
                rest -= value * n
        if rest:
            raise RuntimeError(f"the float cannot pay {amount} (left {rest})")
        return out

    def _notes_for(self, amount: Decimal) -> list[dict[str, Any]]:
        rest, out = amount, []
        for note in NOTES:
            n = int(rest // note)
            if n:
                out.append({"value": note, "count": n})
                rest -= note * n
        return out

    def _buyin(self, world: TableWorld, seat: int, amount: Decimal, *, rebuy: bool) -> None:
        sup = self.staff[world.table.number - 1][0]
        notes = self._notes_for(amount)
        chips = self._chips_for(world, amount, max(amount / 5, D("25")))
        if not rebuy:
            self.player_counter += 1
            world.names[seat] = f"Jugador {self.player_counter}"
        services.buyin_record(
            actor=sup,
            session=world.session,
            seat=seat,
            amount=amount,
            croupier=world.croupier,
            cash=notes,
            chips=chips,
            player_name=world.names[seat],
            stack_before=world.stacks.get(seat, D("0")) if rebuy else None,
        )
        for n in notes:
            world.drop[n["value"]] += n["count"]
        world.stacks[seat] = world.stacks.get(seat, D("0")) + amount

    def _seat_players(self, world: TableWorld) -> None:
        from tables import services as ts

        seats = self.rng.sample(range(1, 10), self.rng.randint(4, 6))
        for seat in sorted(seats):
            self._buyin(world, seat, self.rng.choice(BUYINS), rebuy=False)
        # OPEN-17, SHUF-01: the supervisor is told play begins, with the players present.
        sup = self.staff[world.table.number - 1][0]
        ts.session_start_play(actor=sup, session=world.session, players_present=len(seats))

    def _between_hands(self, world: TableWorld) -> None:
        sup = self.staff[world.table.number - 1][0]
        for seat, stack in sorted(world.stacks.items()):
            if stack < 40:
                if self.rng.random() < 0.6:  # a re-buy up to at most the maximum
                    top = min(D("1000") - stack, self.rng.choice(BUYINS))
                    top -= top % 100
                    if top >= 100:
                        self._buyin(world, seat, top, rebuy=True)
                        continue
                services.player_departure_record(
                    actor=sup, session=world.session, seat=seat, stack=stack
                )
                del world.stacks[seat]
                if self.rng.random() < 0.7:  # someone takes the seat
                    self._buyin(world, seat, self.rng.choice(BUYINS), rebuy=False)
        roll = self.rng.random()
        if roll < 0.15:  # a colour change: a 100 chip for smaller ones, blind chips included
            out = [(D("25"), 3), (D("5"), 5)]
            services.colour_change_record(
                actor=sup,
                session=world.session,
                croupier=world.croupier,
                seat=self.rng.choice(list(world.stacks)),
                chips_in=[(D("100"), 1)],
                chips_out=out,
            )
        elif roll < 0.22:  # the croupier's tips coloured up (CHIP-17)
            services.tip_change_record(
                actor=sup,
                session=world.session,
                croupier=world.croupier,
                chips_in=[(D("5"), 20)],
                chips_out=[(D("100"), 1)],
            )
        self._fill_if_low(world)

    def _fill_if_low(self, world: TableWorld) -> None:
        par = {self.denoms[D(v)]: p for v, _c, p in CHIPS}
        now = self._float(world)
        lines = [
            (d.value, par[d] - now.get(d.value, 0))
            for d in par
            if now.get(d.value, 0) < par[d] // 3
        ]
        if lines:
            self._slip(world, "fill", lines, purpose="play", complete=True)

    def _slip(
        self,
        world: TableWorld,
        kind: str,
        lines: list[tuple[Decimal, int]],
        *,
        purpose: str,
        complete: bool,
    ) -> Any:
        sup = self.staff[world.table.number - 1][0]
        slip = services.slip_request(
            actor=self.boss, session=world.session, kind=kind, lines=lines, purpose=purpose
        )
        # In the kind's order (CLOSE-07); an incomplete slip stops short of the receipt
        # (a fill not yet received at the table, a credit not yet received by the cage).
        order = slip_order.signing_order(kind)
        services.slip_sign_in_order(
            slip=slip,
            signers={
                Role.CAGE_CASHIER: services.SlipSigner(self.cashiers[0]),
                Role.SECURITY: services.SlipSigner(self.security),
                Role.CROUPIER: services.SlipSigner(sup, world.croupier, PIN),
                Role.SUPERVISOR: services.SlipSigner(sup),
            },
            roles=None if complete else order[: order.index(Role.SECURITY) + 1],
        )
        return slip

    # ----------------------------------------------------------------- hands

    def _hand(self, world: TableWorld, *, wrong_rake: bool) -> bool:
        """One legal hand through the hand recorder; returns whether the fault was planted."""
        seats = sorted(s for s, v in world.stacks.items() if v >= 10)
        # The table's seating plan deals in whom the entry policy lets play (SEAT-05):
        # a new player on the button or in the blinds waits (issue 13 §1).
        nxt = next_hand(world.session)
        seats = [s for s in seats if s in nxt.dealt_in]
        if nxt.button is not None:
            world.button = nxt.button
        if len(seats) < 2:
            return False
        if world.button not in seats:
            after = [s for s in seats if s > (world.button or 0)]
            world.button = after[0] if after else seats[0]
        record, verdict_rake, finishing = self._hand_record(world, seats)
        planted = False
        taken = verdict_rake
        if wrong_rake and verdict_rake > 0:
            taken = verdict_rake + D("1")
            record.setdefault("result", {})["rake"] = str(taken)
            planted = True
        world.hands += 1
        started = timezone.now()
        sup = self.staff[world.table.number - 1][0]
        hand_log(
            actor=sup,
            session=world.session,
            data=record,
            number=world.hands,
            started_at=started,
            ended_at=timezone.now(),
        )
        world.rake_box += taken
        for seat, stack in finishing.items():
            world.stacks[seat] = stack
        if planted:  # the extra chip came out of the winner's stack
            winner = max(finishing, key=lambda s: finishing[s])
            world.stacks[winner] -= taken - verdict_rake
        after = [s for s in seats if s > world.button]
        world.button = after[0] if after else seats[0]
        return planted

    def _hand_record(
        self, world: TableWorld, seats: list[int]
    ) -> tuple[dict[str, Any], Decimal, dict[int, Decimal]]:
        """A legal random hand as the recorder's record, with its rake and final stacks.

        Uses the hand recorder's public simulation API (``hands.adapter.simulate_hand``,
        docs/hands.md "Simulated hands"): the plug-in point for hands (docs/cage.md,
        "simulate_day").
        """
        from hands import adapter
        from hands.selectors import chip_unit_cents

        settings = world.session.table.settings_at() or world.session.settings
        rules = adapter.rules_for(
            settings,
            chip_unit=chip_unit_cents(world.table),
            structure="no_limit",
            at=timezone.now(),  # the hand is logged now: a fund's drop then (issue 44)
        )
        played = adapter.simulate_hand(
            rules,
            stacks={s: world.stacks[s] for s in seats},
            button=_placed(world.button),
            small=settings.small_blind,
            big=settings.big_blind,
            rng=self.rng,
        )
        return played.record, played.rake, dict(played.finishing)

    # ----------------------------------------------------------------- closing

    def _close(self, world: TableWorld, *, missing_chip: bool, skip_number: bool) -> None:
        from tables import selectors as tsel
        from tables import services as ts

        sup = self.staff[world.table.number - 1][0]
        ts.session_announce_last_hand(
            actor=self.boss, session=world.session, last_hand_number=world.hands
        )
        # CLOSE-02: players colour up before they leave, so the small chips stay in the rack.
        for seat, stack in sorted(world.stacks.items()):
            if stack >= 500 and self._float(world).get(D("500"), 0) > 5:
                services.cash_out_record(
                    actor=sup,
                    session=world.session,
                    croupier=world.croupier,
                    seat=seat,
                    chips_in=[(D("100"), 5)],
                    chips_out=[(D("500"), 1)],
                )
            services.player_departure_record(
                actor=sup, session=world.session, seat=seat, stack=stack
            )
        world.stacks.clear()
        world.session.refresh_from_db()
        ts.closing_start(
            actor=self.boss, session=world.session, security_officer=self.security.user
        )
        sheet = tsel.session_closing_count(world.session)
        if sheet is None:
            raise RuntimeError(f"table {world.table.number}: closing_start opened no count")
        physical = dict(self._float(world))
        for denom_id, extra in world.physical_extra.items():
            value = next(v for v, d in self.denoms.items() if d.pk == denom_id)
            physical[value] = physical.get(value, 0) + extra
        if missing_chip:
            physical[D("25")] -= 1
            self.faults.append(
                Fault("missing chip", world.table.number, ("FLOAT_VARIANCE",), "one 25 chip")
            )
        ts.closing_count_record(
            actor=sup,
            sheet=sheet,
            lines=_count_lines(sheet, {str(int(v)): n for v, n in physical.items()}),
        )
        ts.closing_confirm_empty_bank(actor=sup, sheet=sheet, croupier=world.croupier, pin=PIN)
        needs = services.par_restoration(world.session)
        values = {d.pk: v for v, d in self.denoms.items()}
        for kind in ("fill", "credit"):
            if needs[kind]:
                if skip_number:
                    SerialCounter.objects.filter(
                        casino=self.casino,
                        series=selectors.slip_kind_series(kind),
                        year=world.session.gaming_day.business_date.year,
                    ).update(last_value=F("last_value") + 1)
                    self.faults.append(Fault("skipped slip number", None, ("SERIAL_GAP",), kind))
                    skip_number = False
                self._slip(
                    world,
                    kind,
                    [(values[d], n) for d, n in needs[kind]],
                    purpose="closing",
                    complete=True,
                )
        self._sign_three(ts.closing_sign, sheet, sup, world.croupier)
        world.session.refresh_from_db()

    def _count_drop(self, world: TableWorld) -> None:
        cash = [{"value": v, "count": n} for v, n in sorted(world.drop.items()) if n]
        rest, chips = world.rake_box, []
        for value in sorted(self.denoms, reverse=True):
            n = int(rest // value)
            if n:
                chips.append((value, n))
                rest -= value * n
        for cashier in self.cashiers:
            services.drop_count_record(
                actor=cashier, session=world.session, cash=cash, rake_chips=chips
            )

    # ----------------------------------------------------------------- the day

    def run(self) -> SimulationReport:
        from tables import services as ts

        self._setup()
        day = self._open_day()
        store_code = "SIM"
        from tables.models import DeckStore

        store = DeckStore.objects.filter(casino=self.casino, code=store_code).first()
        if store is None:
            store = ts.deck_store_create(actor=self.manager, code=store_code, name="Depósito")
        worlds = []
        for table, (sup, croupier) in zip(self.tables, self.staff, strict=True):
            session = self._tables_open(table, sup, croupier)
            world = TableWorld(table=table, session=session, supervisor=sup.user, croupier=croupier)
            self._decks_issue(world, store, day)
            self._seat_players(world)
            worlds.append(world)
        inject = self.inject
        for h in range(self.n_hands):
            for world in worlds:
                if h:
                    self._between_hands(world)
                if h == self.n_hands // 2:
                    # Mid-session: a fill of small chips and a credit of big ones (CLOSE-07).
                    self._slip(world, "fill", [(D("25"), 40)], purpose="play", complete=True)
                    if self._float(world).get(D("1000"), 0) > 12:
                        self._slip(world, "credit", [(D("1000"), 2)], purpose="play", complete=True)
                    if world is worlds[0]:
                        self._shift_change(world)  # one shift change, at table 1 (issue 14 §3)
                self._hand(world, wrong_rake=False)
        if inject:
            # A wrong rake on table 1's last hand (no hand follows it, so the stacks'
            # continuity stays clean): extra hands until one has a rake to get wrong.
            world = worlds[0]
            for _attempt in range(30):
                self._between_hands(world)
                if self._hand(world, wrong_rake=True):
                    self.faults.append(
                        Fault(
                            "hand with a wrong rake",
                            world.table.number,
                            ("RAKE_MISMATCH", "RAKE_BOX_VARIANCE"),
                            f"hand {world.hands}",
                        )
                    )
                    break
        if inject:
            target = worlds[1] if len(worlds) > 1 else worlds[0]
            slip = self._slip(target, "fill", [(D("100"), 10)], purpose="play", complete=False)
            target.physical_extra[self.denoms[D("100")].pk] += 10  # the chips did arrive
            self.faults.append(
                Fault("unsigned fill", target.table.number, ("SLIP_UNSIGNED",), slip.serial)
            )
        for i, world in enumerate(worlds):
            self._close(
                world, missing_chip=inject and i == 0, skip_number=inject and i == len(worlds) - 1
            )
            self._count_drop(world)
        for i, world in enumerate(worlds):
            self._decks_return(world, skip_last=inject and i == len(worlds) - 1)
        if inject:
            self.faults.append(
                Fault(
                    "pack not returned",
                    worlds[-1].table.number,
                    ("PACK_NOT_RETURNED",),
                    worlds[-1].packs[-1].serial,
                )
            )
        else:
            from tables.deckrules import IN_STORE, RETURNED
            from tables.models import Pack

            present = Pack.objects.filter(store=store, state__in=IN_STORE | RETURNED)
            ts.deck_final_control_sign(
                actor=self.manager,
                store=store,
                counted_serials=list(present.values_list("serial", flat=True)),
            )
        from cage.models import TableTransaction

        return SimulationReport(
            gaming_day=day,
            tables=len(worlds),
            hands=sum(w.hands for w in worlds),
            faults=self.faults,
            transactions=TableTransaction.objects.filter(gaming_day=day).count(),
        )


def _count_lines(sheet: Any, counts: dict[str, int] | None) -> list[dict[str, Any]]:
    """Count lines for a tables count sheet: chips per denomination as stacks of 20 + loose."""
    lines = []
    for line in sheet.ordered_lines():
        n = (counts or {}).get(str(int(line.value)), line.expected_count if counts is None else 0)
        lines.append({"denomination": line.denomination_id, "stacks": n // 20, "loose": n % 20})
    return lines
