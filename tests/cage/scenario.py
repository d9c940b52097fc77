"""The worked example of issue 6, driven through the services (used by several tests).

Opening float 20,000; buy-ins 6,000 in cash (dropped); rake 450 in three hands;
closing float 14,000; the drop (6,000) and rake box (450) counted by two cashiers.
Result line: 6,000 + 450 + 14,000 + 0 − 20,000 − 0 = 450 = the rake.
"""

from __future__ import annotations

from decimal import Decimal

from cage import services
from casino.access import acting_as
from casino.roles import Role
from tables.models import TableSession
from tests.cage.conftest import played_down_to

OPENING = {"1000": 10, "500": 10, "100": 50}  # 20,000
CLOSING = {"1000": 7, "500": 6, "100": 40}  # 14,000
DROP = [{"value": "1000", "count": 4}, {"value": "500", "count": 4}]  # 6,000
RAKE_BOX = [("100", 4), ("25", 2)]  # 450


def play_worked_example(staff, session, counts, *, close: bool = True) -> dict:
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    counts.set_opening(session, OPENING)
    buyins = [
        services.buyin_record(
            actor=sup,
            session=session,
            seat=1,
            amount="1000",
            croupier=staff["croupier"],
            player_name="Ana",
            cash=[{"value": "1000", "count": 1}],
            chips=[("100", 10)],
        ),
        services.buyin_record(
            actor=sup,
            session=session,
            seat=2,
            amount="1000",
            croupier=staff["croupier"],
            player_name="Beto",
            cash=[{"value": "500", "count": 2}],
            chips=[("500", 2)],
        ),
        services.buyin_record(
            actor=sup,
            session=session,
            seat=2,
            amount="1000",
            croupier=staff["croupier"],
            stack_before=played_down_to(session, 2, "0"),  # Beto lost his first 1,000
            cash=[{"value": "500", "count": 2}],
            chips=[("500", 2)],
        ),
        services.buyin_record(
            actor=sup,
            session=session,
            seat=3,
            amount="1000",
            croupier=staff["croupier"],
            player_name="Carla",
            cash=[{"value": "1000", "count": 1}],
            chips=[("1000", 1)],
        ),
        services.buyin_record(
            actor=sup,
            session=session,
            seat=4,
            amount="1000",
            croupier=staff["croupier"],
            player_name="Dora",
            cash=[{"value": "1000", "count": 1}],
            chips=[("1000", 1)],
        ),
        services.buyin_record(
            actor=sup,
            session=session,
            seat=5,
            amount="1000",
            croupier=staff["croupier"],
            player_name="Elio",
            cash=[{"value": "1000", "count": 1}],
            chips=[("1000", 1)],
        ),
    ]
    rakes = [
        services.rake_post(actor=sup, session=session, hand_number=n, amount="150", pots=["5000"])
        for n in (1, 2, 3)
    ]
    if close:
        TableSession.objects.filter(pk=session.pk).update(status=TableSession.Status.CLOSED)
        session.refresh_from_db()
    return {"buyins": [b.transaction for b in buyins], "rakes": [r.entry for r in rakes]}


def count_drop(staff, session, drop=DROP, rake_box=RAKE_BOX) -> None:
    for who in ("cage_cashier", "cage_cashier2"):
        services.drop_count_record(
            actor=acting_as(staff[who], Role.CAGE_CASHIER),
            session=session,
            cash=drop,
            rake_chips=rake_box,
        )


def total(chips: dict[str, int]) -> Decimal:
    return sum((Decimal(v) * n for v, n in chips.items()), Decimal("0"))
