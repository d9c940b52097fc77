"""Fixtures of the cage tests: a chip set, a no-limit 5/10 table with its par, an open
session, and the float counts the tables app provides (through ``cage.selectors``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from cage import selectors
from cage.selectors import counts as counts_selectors
from casino.access import Actor, acting_as
from casino.models import ChipSet, Denomination, User
from casino.roles import Role
from players.models import Player
from tables.models import DealerChange, FloatPar, Table, TableSession, TableSettings, Variant

D = Decimal

# value, colour, par
CHIPS = [
    ("1000", "amarillo", 10),
    ("500", "violeta", 20),
    ("100", "negro", 100),
    ("25", "verde", 200),
    ("5", "rojo", 200),
    ("1", "blanco", 100),
]


@dataclass
class FakeCounts:
    """Opening and closing counts as the tables app would give them (per denomination id)."""

    opening: dict[int, dict[int, int]] = field(default_factory=dict)
    closing: dict[int, dict[int, int]] = field(default_factory=dict)

    def set_opening(self, session: TableSession, chips: dict[Any, int]) -> None:
        self.opening[session.pk] = _by_id(session, chips)

    def set_closing(self, session: TableSession, chips: dict[Any, int]) -> None:
        self.closing[session.pk] = _by_id(session, chips)

    def opening_for(self, session: TableSession) -> selectors.FloatCount | None:
        lines = self.opening.get(session.pk)
        return None if lines is None else selectors.FloatCount(lines, f"opening#{session.pk}", True)

    def closing_for(self, session: TableSession) -> selectors.FloatCount | None:
        lines = self.closing.get(session.pk)
        return None if lines is None else selectors.FloatCount(lines, f"closing#{session.pk}", True)


class _Source:
    def __init__(self, fake: FakeCounts) -> None:
        self.fake = fake

    def opening(self, session: TableSession) -> selectors.FloatCount | None:
        return self.fake.opening_for(session)

    def closing(self, session: TableSession) -> selectors.FloatCount | None:
        return self.fake.closing_for(session)


def _by_id(session: TableSession, chips: dict[Any, int]) -> dict[int, int]:
    denoms = selectors.table_denominations(session.table)
    return {denoms[D(str(k))].pk: n for k, n in chips.items()}


@pytest.fixture
def counts(monkeypatch) -> FakeCounts:
    fake = FakeCounts()
    monkeypatch.setattr(counts_selectors, "count_source", _Source(fake))
    return fake


@pytest.fixture
def chip_set(casino) -> ChipSet:
    chip_set = ChipSet.objects.create(casino=casino, name="Fichas de valor")
    for value, colour, _par in CHIPS:
        Denomination.objects.create(chip_set=chip_set, value=D(value), colour=colour)
    return chip_set


def make_table(casino, chip_set, sector, number: int = 1, **settings: Any) -> Table:
    table = Table.objects.create(
        casino=casino, number=number, name=f"Mesa {number}", sector=sector, chip_set=chip_set
    )
    values = dict(
        variant=Variant.NO_LIMIT,
        small_blind=D("5"),
        big_blind=D("10"),
        min_buyin=D("100"),
        max_buyin=D("1000"),
    )
    values.update(settings)
    TableSettings.objects.create(
        table=table, version=1, effective_from=timezone.now() - timedelta(days=1), **values
    )
    denoms = {d.value: d for d in chip_set.denominations.all()}
    for value, _colour, par in CHIPS:
        FloatPar.objects.create(table=table, denomination=denoms[D(value)], count=par)
    return table


def make_session(
    table: Table,
    gaming_day,
    supervisor,
    status=TableSession.Status.OPEN,
    number: int = 1,
    croupier: str | None = "croupier",
) -> TableSession:
    """A session supervised by ``supervisor`` with ``croupier`` (a username) on duty: the
    first dealer change, as the opening records it (issue 12 §1: only the croupier on
    duty is named on the table's transactions)."""
    session = TableSession.objects.create(
        casino=table.casino,
        table=table,
        gaming_day=gaming_day,
        number=number,
        status=status,
        settings=table.settings_at(),
        supervisor=supervisor,
        opened_at=timezone.now(),
    )
    if croupier is not None:
        deal(session, croupier)
    return session


def deal(session: TableSession, croupier: str) -> DealerChange:
    """``croupier`` (a username) takes over the table (a dealer change, ROLE-03)."""
    incoming = User.objects.get(casino_id=session.casino_id, username=croupier)
    previous = DealerChange.objects.filter(session=session).order_by("-at", "-id").first()
    return DealerChange.objects.create(
        casino_id=session.casino_id,
        session=session,
        gaming_day_id=session.gaming_day_id,
        at=timezone.now(),
        outgoing=previous.incoming if previous else None,
        incoming=incoming,
        recorded_by=session.supervisor,
        role=Role.SUPERVISOR.value,
    )


@pytest.fixture
def table(casino, chip_set, sector) -> Table:
    return make_table(casino, chip_set, sector)


@pytest.fixture
def session(table, gaming_day, staff) -> TableSession:
    return make_session(table, gaming_day, staff["supervisor"])


PAR = {value: par for value, _c, par in CHIPS}


@pytest.fixture
def opened(session, counts) -> TableSession:
    """The session with its opening count at par (value 20,000... see PAR)."""
    counts.set_opening(session, PAR)
    return session


@pytest.fixture
def sup(staff) -> Actor:
    return acting_as(staff["supervisor"], Role.SUPERVISOR)


@pytest.fixture
def pit(staff) -> Actor:
    return acting_as(staff["pit_boss"], Role.PIT_BOSS)


@pytest.fixture
def player(casino) -> Player:
    return Player.objects.create(
        casino=casino, display_name="Juan Pérez", document_number="30111222"
    )


def played_down_to(session: TableSession, seat: int, stack: str = "0") -> str:
    """Seat ``seat`` after hands the cage's tests do not play: the stack the hand recorder
    writes after each hand (issue 13 §1), and so what a truthful re-buy declares before it
    (issue 39 §2: a declared stack must be the seat's known one)."""
    from tables.models import Seat

    Seat.objects.filter(session=session, seat=seat).update(stack=D(stack))
    return stack


def notes(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"value": v, "count": n} for v, n in pairs]


def chips(*pairs: tuple[str, int]) -> list[tuple[str, int]]:
    return list(pairs)


def set_hand_in_progress(session: TableSession, value: bool) -> None:
    TableSession.objects.filter(pk=session.pk).update(hand_in_progress=value)
    session.refresh_from_db()


def close_session(session: TableSession) -> None:
    TableSession.objects.filter(pk=session.pk).update(
        status=TableSession.Status.CLOSED, closed_at=timezone.now()
    )
    session.refresh_from_db()
