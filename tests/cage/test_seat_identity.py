"""SEAT-11: player identity is optional. A seat holds an anonymous player (the seat
number only), a named one or a registered one; each is a seat taken, with its stack, on
the seat plan and on the table page the supervisor works from."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from cage import services
from casino.access import acting_as
from casino.errors import ValidationFailed
from casino.roles import Role
from players.models import Player
from tables.selectors import seat_plan
from tests.floor.conftest import client_for

pytestmark = pytest.mark.django_db


def _buy_in(staff, session, seat, **who):
    return services.buyin_record(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR),
        session=session,
        seat=seat,
        amount="500",
        croupier=staff["croupier"],
        cash=[{"value": "100", "count": 5}],
        chips=[("100", 5)],
        **who,
    )


def test_seat_11_anonymous_named_and_registered_players_each_take_their_seat(staff, opened, casino):
    registered = Player.objects.create(casino=casino, display_name="Lucía Fernández")
    _buy_in(staff, opened, 2)  # anonymous: no name given
    _buy_in(staff, opened, 4, player_name="Gorra roja")
    _buy_in(staff, opened, 6, player=registered)
    plan = seat_plan(opened)
    taken = {s.number: (s.occupied, s.label, s.stack) for s in plan.seats if s.occupied}
    assert taken == {
        2: (True, "", Decimal("500.00")),
        4: (True, "Gorra roja", Decimal("500.00")),
        6: (True, "Lucía Fernández", Decimal("500.00")),
    }
    page = client_for(staff["supervisor"], Role.SUPERVISOR).get(f"/floor/tables/{opened.table_id}/")
    assert page.status_code == 200
    html = re.sub(r"\s+", " ", page.content.decode())
    assert "Gorra roja" in html and "Lucía Fernández" in html
    taken_on_page = set(re.findall(r'class="seat taken[^"]*" aria-labelledby="seat-(\d+)"', html))
    assert taken_on_page == {"2", "4", "6"}
    # The anonymous seat is not offered as free: a second buy-in there is a re-buy, which
    # asks for the chips on the table.
    with pytest.raises(ValidationFailed) as err:
        _buy_in(staff, opened, 2)
    assert err.value.code == "REBUY_STACK_REQUIRED"
    assert _buy_in(staff, opened, 2, stack_before="500").transaction.is_rebuy
