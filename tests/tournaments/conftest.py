"""Fixtures of the tournament tests: a structure, tournament tables open as tournament
sessions (each with its croupier on duty), identified players, and the actors."""

from __future__ import annotations

from copy import deepcopy
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from casino.access import Actor, acting_as
from casino.models import ChipSet, Denomination, Sector, User
from casino.roles import Role
from players.models import Player
from tables.models import DealerChange, SessionKind, Table, TableSession, TableSettings, Variant
from tests.helpers import make_staff

#: 60 entries of 1,000 + 100 fee, 10,000 chips; 9 seats; late registration and one
#: re-entry through level 4; the 25s raced off at the break after level 4.
STRUCTURE: dict[str, Any] = {
    "name": "Viernes 1000",
    "buy_in": "1000.00",
    "fee": "100.00",
    "starting_chips": 10000,
    "denominations": [25, 100, 500, 1000, 5000],
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 20},
        {"small_blind": 50, "big_blind": 100, "minutes": 20},
        {"small_blind": 75, "big_blind": 150, "minutes": 20},
        {
            "small_blind": 100,
            "big_blind": 200,
            "minutes": 20,
            "ante": 200,
            "ante_kind": "big_blind_ante",
        },
        {
            "small_blind": 200,
            "big_blind": 400,
            "minutes": 20,
            "ante": 400,
            "ante_kind": "big_blind_ante",
        },
        {
            "small_blind": 300,
            "big_blind": 600,
            "minutes": 20,
            "ante": 600,
            "ante_kind": "big_blind_ante",
        },
        {
            "small_blind": 500,
            "big_blind": 1000,
            "minutes": 20,
            "ante": 1000,
            "ante_kind": "big_blind_ante",
        },
    ],
    "breaks": [{"after_level": 4, "minutes": 10, "colour_up": [25]}],
    "late_registration_until_level": 4,
    "re_entry": {"limit": 1, "until_level": 4},
    "seats_per_table": 9,
    "final_table_size": 9,
    "payout_unit": "100.00",
}


def structure(**changes: Any) -> dict[str, Any]:
    data = deepcopy(STRUCTURE)
    data.update(changes)
    return data


@pytest.fixture
def tournament_chips(casino) -> ChipSet:
    return make_chips(casino)


def make_chips(casino) -> ChipSet:  # type: ignore[no-untyped-def]
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas de torneo")
    for value, colour in (
        ("5000", "naranja"),
        ("1000", "amarilla"),
        ("500", "violeta"),
        ("100", "negra"),
        ("25", "verde"),
    ):
        Denomination.objects.create(chip_set=chip_set, value=Decimal(value), colour=colour)
    return chip_set


def home_sector(casino) -> Sector:
    sector, _ = Sector.objects.get_or_create(
        casino=casino, code="P1", defaults={"name": "Sector 1"}
    )
    boss = User.objects.filter(casino=casino, username="pit_boss").first()
    if boss is not None:
        sector.pit_bosses.add(boss)
    return sector


def tournament_table(casino, chip_set, number: int, supervisor: User, croupier: User, day):  # type: ignore[no-untyped-def]
    """Table ``number``, open as a tournament session with ``croupier`` on duty (the
    opening procedure itself is the tables app's and tested there)."""
    table = Table.objects.create(
        casino=casino,
        number=number,
        name="",
        chip_set=chip_set,
        sector=home_sector(casino),
    )
    TableSettings.objects.create(
        table=table,
        version=1,
        effective_from=timezone.now() - timedelta(days=1),
        variant=Variant.NO_LIMIT,
        small_blind=Decimal("25"),
        big_blind=Decimal("50"),
        min_buyin=Decimal("0.01"),
        max_seats=9,
        rake_pct=Decimal("0"),
        is_tournament=True,
    )
    session = TableSession.objects.create(
        casino=casino,
        table=table,
        gaming_day=day,
        number=1,
        status=TableSession.Status.IN_PLAY,
        settings=table.settings_at(),
        supervisor=supervisor,
        opened_at=timezone.now(),
        kind=SessionKind.TOURNAMENT,
    )
    DealerChange.objects.create(
        casino=casino,
        session=session,
        gaming_day=day,
        incoming=croupier,
        recorded_by=supervisor,
        role=Role.SUPERVISOR.value,
    )
    return session


class World:
    """The room of a tournament test: actors, tables and players."""

    def __init__(self, casino, staff, day, chips) -> None:  # type: ignore[no-untyped-def]
        self.casino, self.staff, self.day, self.chips = casino, staff, day, chips
        self.sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
        self.pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
        self.mgr = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
        self.cash = acting_as(staff["cage_cashier"], Role.CAGE_CASHIER)
        self.croupiers: dict[int, User] = {}
        self.sessions: dict[int, TableSession] = {}
        self._players = 0

    def table(self, number: int) -> TableSession:
        croupier = make_staff(self.casino, f"crupier{number}", Role.CROUPIER, pin="4321")
        self.croupiers[number] = croupier
        session = tournament_table(
            self.casino, self.chips, number, self.staff["supervisor"], croupier, self.day
        )
        self.sessions[number] = session
        return session

    def tables(self, *numbers: int) -> list[TableSession]:
        return [self.table(n) for n in numbers]

    def croupier(self, number: int) -> Actor:
        return acting_as(self.croupiers[number], Role.CROUPIER)

    def player(self, name: str | None = None, **kw: Any) -> Player:
        self._players += 1
        n = self._players
        return Player.objects.create(
            casino=self.casino,
            display_name=name or f"Jugador {n:02d}",
            document_type="dni",
            document_number=f"{30000000 + n}",
            **kw,
        )

    def players(self, count: int) -> list[Player]:
        return [self.player() for _ in range(count)]


@pytest.fixture
def world(casino, staff, sector, gaming_day, tournament_chips) -> World:
    return World(casino, staff, gaming_day, tournament_chips)


def new_tournament(  # type: ignore[no-untyped-def]
    world: World, name: str = "Viernes", max_players: int | None = None, **changes: Any
):
    from tournaments import services

    version = services.structure_create(
        actor=world.pit, name=f"Estructura {name}", structure=structure(**changes)
    )
    return services.tournament_create(
        actor=world.pit, name=name, structure=version, max_players=max_players
    )


@pytest.fixture
def tournament(world):  # type: ignore[no-untyped-def]
    return new_tournament(world)
