"""The load run's hot path does not read the table's whole history (issue 9 §5).

Found profiling the load run: every buy-in built the seat summaries of the whole session
(every buy-in with its chip and cash lines), so a buy-in got slower with each one before
it; and each cash buy-in's threshold check built a model for every named cash buy-in of
the day. A buy-in now reads only its own seat, and the day's total per player name is
summed from three columns (still one row per named cash buy-in of the day: a player name
is compared after normalising it in Python, which SQL cannot do exactly).
"""

from __future__ import annotations

import pytest
from django.db.models.signals import post_init

from cage import services as cage
from cage.models import TableTransaction
from casino.access import acting_as
from casino.models import User
from casino.roles import Role

pytestmark = pytest.mark.django_db


def _buyin(sup, session, croupier, seat: int, chip: str = "100", stack: str = "0"):  # type: ignore[no-untyped-def]
    # 100 a buy-in, paid in one chip of 100 or two of 50: the float pays only the chips it
    # holds (issue 12 §7), and this many buy-ins would empty its 25s.
    return cage.buyin_record(
        actor=sup,
        session=session,
        seat=seat,
        amount="100",
        croupier=croupier,
        cash=[{"value": "100", "count": 1}],
        chips=[(chip, 100 // int(chip))],
        stack_before=stack,
        player_name=f"Asiento {seat}",
    )


def test_a_buy_in_reads_only_its_own_seat(staff, casino, gaming_day, sector, settings, tmp_path):
    # issue 9 §5: 40 buy-ins at seats 6 and 7, then one at seat 8 loads its seat only
    from tables.models import TableSession
    from tests.security.world import build_world

    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)

    session = TableSession.objects.get(pk=world.ids["session:in_play"])
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    croupier = User.objects.get(username="croupier3")
    # 40 buy-ins: each seat reaches the table's maximum of 2.000 (BUYIN-02).
    for i in range(40):
        seat = 6 + i % 2
        _buyin(sup, session, croupier, seat, "100" if i < 20 else "50", str(100 * (i // 2)))
    loaded: list[TableTransaction] = []

    def count(sender, instance, **_kw):  # type: ignore[no-untyped-def]
        loaded.append(instance)

    post_init.connect(count, sender=TableTransaction)
    try:
        first = _buyin(sup, session, croupier, 8)
        again = _buyin(sup, session, croupier, 8, stack="100")
    finally:
        post_init.disconnect(count, sender=TableTransaction)
    assert not first.transaction.is_rebuy and again.transaction.is_rebuy
    # The new rows and the seat's one earlier buy-in, not the 40 of the other seats.
    assert len(loaded) <= 6, len(loaded)
