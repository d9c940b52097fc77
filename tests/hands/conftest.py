"""Fixtures of the hand recorder tests: a 1/2 no-limit table ready for play, actors,
and small hand builders. Tables and decks come from the tables app's own services."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from casino.access import Actor, acting_as
from casino.models import Denomination
from casino.roles import Role
from hands import adapter
from hands.models import Hand
from tables.models import FloatPar, TableSession
from tests.tables.conftest import chip_set, make_table, open_table, ready_decks, store  # noqa: F401

D = Decimal


@pytest.fixture
def hand_table(casino, chip_set):  # noqa: F811
    """No-limit 5/10 table; chips of 100, 50, 25, 5 and 1, so the chip unit is 1.00."""
    table = make_table(
        casino,
        chip_set,
        number=7,
        small_blind=D("5"),
        big_blind=D("10"),
        min_buyin=D("100"),
        max_buyin=D("2000"),
    )
    one = Denomination.objects.create(chip_set=chip_set, value=D("1"), colour="blanco")
    FloatPar.objects.create(table=table, denomination=one, count=100)
    return table


@pytest.fixture
def ready_session(staff, hand_table, store, gaming_day) -> TableSession:  # noqa: F811
    """An open session: opening signed by three, two inspected packs, one in play."""
    session = open_table(staff, hand_table)
    ready_decks(staff, session, store)
    # Opened an hour ago: the tests log hands minutes in the past, and a hand's times fall
    # inside its session (issue 39 §2, hands.services.times).
    TableSession.objects.filter(pk=session.pk).update(opened_at=timezone.now() - timedelta(hours=1))
    session.refresh_from_db()
    return session


def act(user, role: Role | str) -> Actor:
    return acting_as(user, role)


@pytest.fixture
def sup(staff) -> Actor:
    return act(staff["supervisor"], Role.SUPERVISOR)


@pytest.fixture
def boss(staff) -> Actor:
    return act(staff["pit_boss"], Role.PIT_BOSS)


def seats(stacks: dict[int, Any], cards: dict[int, str] | None = None) -> list[dict[str, Any]]:
    return [
        {"seat": s, "stack": str(v), **({"cards": cards[s]} if cards and s in cards else {})}
        for s, v in sorted(stacks.items())
    ]


def folded_to_big_blind(button: int, stacks: dict[int, Any]) -> dict[str, Any]:
    """Everybody folds to the big blind (3+ players): SB loses 5, BB wins it."""
    order = adapter.phh_order(stacks, button)
    actions = [{"action": "fold", "seat": s} for s in (*order[2:], order[0])]
    return {"button": button, "seats": seats(stacks), "actions": actions}


def showdown_hand(button: int = 5) -> dict[str, Any]:
    """Seats 1, 3, 5 with 500 each; button 5: SB 1, BB 3. Seat 1 wins a 60 pot with aces."""
    return {
        "button": button,
        "seats": seats({1: 500, 3: 500, 5: 500}, {1: "AsAd", 3: "KcKh", 5: "7c2d"}),
        "actions": [
            {"action": "raise", "seat": 5, "amount": "20"},
            {"action": "call", "seat": 1},
            {"action": "call", "seat": 3},
            {"action": "board", "cards": "2h7d9s"},
            {"action": "check", "seat": 1},
            {"action": "check", "seat": 3},
            {"action": "check", "seat": 5},
            {"action": "board", "cards": "Jc"},
            {"action": "check", "seat": 1},
            {"action": "check", "seat": 3},
            {"action": "check", "seat": 5},
            {"action": "board", "cards": "3s"},
            {"action": "check", "seat": 1},
            {"action": "check", "seat": 3},
            {"action": "check", "seat": 5},
            {"action": "show", "seat": 1},
            {"action": "show", "seat": 3},
            {"action": "muck", "seat": 5},
        ],
    }


def count_rows(*models: Any) -> tuple[int, ...]:
    return tuple(m.objects.count() for m in models)


def hands_in(session: TableSession) -> list[Hand]:
    return list(Hand.objects.filter(session=session).order_by("number", "id"))


def buy_in(staff, session, seat: int, amount: int, stack_before=None) -> None:
    """A cash buy-in on the cage's table card (notes of 100 in, chips of 100 out).

    A player the seating plan already has with chips (seated by a hand) re-buys, and
    declares ``stack_before`` (BUYIN-05, issue 13 §1)."""
    from cage import services as cage

    cage.buyin_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        seat=seat,
        amount=str(amount),
        croupier=staff["croupier"],
        cash=[{"value": "100", "count": amount // 100}],
        chips=[("100", amount // 100)],
        stack_before=stack_before,
    )


def ready_table_session(staff, casino, chips, deck_store, number: int, serials: tuple[str, str]):
    """Another table (``number``) opened with croupier2 and its own two packs."""
    from tables import services as tables_services
    from tables.models import OpeningSheet
    from tests.tables.conftest import count_lines, open_session, sign_three

    table = make_table(
        casino,
        chips,
        number=number,
        with_par=False,
        small_blind=D("5"),
        big_blind=D("10"),
        min_buyin=D("100"),
        max_buyin=D("2000"),
    )
    for d in chips.denominations.all():
        FloatPar.objects.create(table=table, denomination=d, count=10)
    session = open_session(staff, table, croupier="croupier2")
    sheet = OpeningSheet.objects.get(session=session)
    tables_services.opening_count_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        sheet=sheet,
        lines=count_lines(sheet),
    )
    sign_three(staff, sheet, tables_services.opening_sign, croupier="croupier2", pin="5678")
    ready_decks(staff, session, deck_store, serials=serials)
    session.refresh_from_db()
    return session


@pytest.fixture
def other_session(staff, casino, chip_set, store, ready_session):  # noqa: F811
    return ready_table_session(staff, casino, chip_set, store, 8, ("R2", "A2"))
