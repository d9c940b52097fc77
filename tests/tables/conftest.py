"""Fixtures for table operations: a chip set with par, a table, a card store, helpers."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from casino.access import Actor, acting_as
from casino.models import ChipSet, Denomination, Sector, User
from casino.roles import Role
from players.models import Player
from tables import services
from tables.checklists import PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import (
    DeckStore,
    FloatPar,
    OpeningSheet,
    Pack,
    PackState,
    Table,
    TableSession,
    TableSettings,
    Variant,
)
from tests.helpers import inspect_pack

# value, colour, par
CHIPS = [("100", "negro", 120), ("50", "naranja", 80), ("25", "verde", 100), ("5", "rojo", 200)]


def act(user: User, role: Role | str) -> Actor:
    return acting_as(user, role)


@pytest.fixture
def chip_set(casino) -> ChipSet:
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas de valor")
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=Decimal(value), colour=colour)
    return chip_set


@pytest.fixture
def denoms(chip_set) -> dict[str, Denomination]:
    return {str(int(d.value)): d for d in chip_set.denominations.all()}


def home_sector(casino) -> Sector:
    """Sector P1 (the ``sector`` fixture's), with the casino's ``pit_boss`` as its pit boss:
    a table in no sector has no pit boss in scope (issue 12 §1)."""
    sector, _ = Sector.objects.get_or_create(
        casino=casino, code="P1", defaults={"name": "Sector 1"}
    )
    boss = User.objects.filter(casino=casino, username="pit_boss").first()
    if boss is not None:
        sector.pit_bosses.add(boss)
    return sector


def make_table(
    casino, chip_set, number: int = 1, with_par: bool = True, sector=None, **settings
) -> Table:
    table = Table.objects.create(
        casino=casino,
        number=number,
        name=f"Mesa {number}",
        chip_set=chip_set,
        sector=sector or home_sector(casino),
    )
    values = {
        "variant": Variant.NO_LIMIT,
        "small_blind": Decimal("5"),
        "big_blind": Decimal("10"),
        "min_buyin": Decimal("100"),
        "max_buyin": Decimal("1000"),
        **settings,
    }
    TableSettings.objects.create(
        table=table, version=1, effective_from=timezone.now() - timedelta(days=1), **values
    )
    if with_par:
        for d in chip_set.denominations.all():
            par = next(p for v, _c, p in CHIPS if Decimal(v) == d.value)
            FloatPar.objects.create(table=table, denomination=d, count=par)
    return table


@pytest.fixture
def table(casino, chip_set) -> Table:
    return make_table(casino, chip_set)


@pytest.fixture
def store(casino) -> DeckStore:
    return DeckStore.objects.create(casino=casino, code="SEG", name="Depósito de seguridad")


@pytest.fixture
def player(casino) -> Player:
    return Player.objects.create(casino=casino, display_name="Juan Pérez")


def open_session(staff, table, croupier: str = "croupier", checklists: bool = True) -> TableSession:
    """A session at the opening, with both pre-opening checklists done (PREP-02, PREP-03)."""
    session = services.session_open(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        table=table,
        supervisor=staff["supervisor"],
        croupier=staff[croupier],
    )
    if checklists:
        services.prep_checklist_record(
            actor=act(staff["pit_boss"], Role.PIT_BOSS),
            session=session,
            items=dict.fromkeys(PIT_BOSS_ITEMS, True),
        )
        services.prep_checklist_record(
            actor=act(staff["supervisor"], Role.SUPERVISOR),
            session=session,
            items=dict.fromkeys(SUPERVISOR_ITEMS, True),
        )
    return session


def count_lines(sheet, counts: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """Count lines for every line of ``sheet``: ``counts`` by value, default the expected."""
    lines = []
    for line in sheet.ordered_lines():
        chips = (counts or {}).get(str(int(line.value)), line.expected_count)
        lines.append(
            {"denomination": line.denomination_id, "stacks": chips // 20, "loose": chips % 20}
        )
    return lines


def sign_three(staff, sheet, sign_fn, croupier: str = "croupier", pin: str = "1234"):
    terminal = act(staff["supervisor"], Role.SUPERVISOR)
    sign_fn(actor=terminal, sheet=sheet, role=Role.CROUPIER, signer=staff[croupier], pin=pin)
    sign_fn(actor=terminal, sheet=sheet, role=Role.SUPERVISOR)
    return sign_fn(actor=act(staff["pit_boss"], Role.PIT_BOSS), sheet=sheet, role=Role.PIT_BOSS)


def open_table(staff, table, counts: dict[str, int] | None = None) -> TableSession:
    """A session whose opening is counted as expected and signed (status OPEN)."""
    session = open_session(staff, table)
    sheet = OpeningSheet.objects.get(session=session)
    services.opening_count_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        sheet=sheet,
        lines=count_lines(sheet, counts),
    )
    sign_three(staff, sheet, services.opening_sign)
    session.refresh_from_db()
    return session


def deliver(staff, store, *packs: tuple[str, str]) -> list[Pack]:
    """Security delivers packs (serial, colour); the pit boss signs: all STORED."""
    receipt = services.deck_delivery_record(
        actor=act(staff["security"], Role.SECURITY),
        store=store,
        packs=[{"serial": s, "colour": c} for s, c in packs],
    )
    services.deck_receipt_sign(actor=act(staff["pit_boss"], Role.PIT_BOSS), receipt=receipt)
    return list(Pack.objects.filter(receipt=receipt).order_by("serial"))


def ready_decks(staff, session, store, serials=("R1", "A1")) -> tuple[Pack, Pack]:
    """Two packs (red, blue) issued, inspected; the first in play, the second in reserve."""
    packs = {p.colour: p for p in deliver(staff, store, (serials[0], "rojo"), (serials[1], "azul"))}
    red, blue = packs["rojo"], packs["azul"]
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    for pack in (red, blue):
        services.deck_move(actor=boss, pack=pack, to=PackState.ISSUED, session=session)
        inspect_pack(sup, pack)
    services.deck_move(actor=sup, pack=red, to=PackState.IN_PLAY)
    services.deck_move(actor=sup, pack=blue, to=PackState.RESERVE)
    red.refresh_from_db()
    blue.refresh_from_db()
    return red, blue
