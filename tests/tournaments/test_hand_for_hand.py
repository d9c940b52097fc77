"""Hand-for-hand from the stored hands (TDA RP-8; issue 42 §4, §5).

At the bubble every table deals one hand at a time. The recorder reports each stored
hand to the tournament (``tables.hooks.hand_stored``): the hand counts for its table's
round, and when every table in play has stored its hand the clock takes the hand off the
level (a ``hand_for_hand_hand`` event by whoever logged the last hand), as the floor's
button does. Players busted in the same round, at different tables, share the places
their chips at the start of the hand say (equal chips: shared).
"""

from __future__ import annotations

from typing import Any

import pytest

from casino.roles import Role
from tables.selectors import seat_plan
from tests.helpers import make_staff
from tests.tables.conftest import store  # noqa: F401
from tournaments import selectors, services
from tournaments.models import ClockEvent, Elimination
from tournaments.services.clock import ROUND_COMPLETE

from .test_recorder import open_tournament_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tables_hand_for_hand(world, staff, store, tournament):  # type: ignore[no-untyped-def]  # noqa: F811
    """Six players drawn at tables 5 and 6 (three each, 10,000 chips), level 4 (100/200,
    big-blind ante 200), hand-for-hand on."""
    other = make_staff(world.casino, "crupier6", Role.CROUPIER, pin="1234")
    sessions = [
        open_tournament_table(world, staff, store, 5),
        open_tournament_table(world, staff, store, 6, croupier=other),
    ]
    entries = [
        services.entry_register(actor=world.cash, tournament=tournament, player=p)
        for p in world.players(6)
    ]
    services.draw_initial(actor=world.sup, tournament=tournament, tables=[5, 6])
    for e in entries:
        services.entry_arrive(actor=world.sup, entry=e)
    services.clock_record(actor=world.sup, tournament=tournament, kind="start")
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=4)
    services.clock_record(
        actor=world.sup, tournament=tournament, kind="hand_for_hand_on", seconds=60
    )
    return sessions


def _seats(session) -> dict[int, Any]:  # type: ignore[no-untyped-def]
    return {p.number: p for p in seat_plan(session).seats if p.occupied}


def _folded_to_the_big_blind(client, session):  # type: ignore[no-untyped-def]
    """Round 1 at a table: button on the lowest seat; the button and the small blind fold."""
    a, b, c = sorted(_seats(session))
    hand = {
        "session": session.pk,
        "button": a,
        "seats": [{"seat": s, "stack": "10000"} for s in (a, b, c)],
        "actions": [{"action": "fold", "seat": a}, {"action": "fold", "seat": b}],
    }
    response = client.post("/api/hands/", hand, format="json")
    assert response.status_code == 201, response.json()
    return a


def _big_blind_busted(client, session):  # type: ignore[no-untyped-def]
    """Round 2: the button moves to b; a (big blind, still 10,000) calls b's all-in with
    less and loses: a is busted in this hand with 10,000 at its start."""
    seats = _seats(session)
    a, b, c = sorted(seats)
    hand = {
        "session": session.pk,
        "button": b,
        "seats": [
            {"seat": a, "stack": str(seats[a].stack), "cards": "7c2d"},
            {"seat": b, "stack": str(seats[b].stack), "cards": "AsAd"},
            {"seat": c, "stack": str(seats[c].stack)},
        ],
        "actions": [
            {"action": "all_in", "seat": b},
            {"action": "fold", "seat": c},
            {"action": "all_in", "seat": a},
            {"action": "board", "cards": "Kh9s3c"},
            {"action": "board", "cards": "4d"},
            {"action": "board", "cards": "Jh"},
            {"action": "show", "seat": b},
            {"action": "show", "seat": a},
        ],
    }
    response = client.post("/api/hands/", hand, format="json")
    assert response.status_code == 201, response.json()
    return seats[a].player_id


def test_tda_rp_8_the_last_table_to_store_its_hand_moves_the_hand_for_hand_clock(
    world, staff, api, two_tables_hand_for_hand, tournament
):
    # TDA RP-8: one hand at every table, then the next; the recorder counts each table's
    # stored hand for the round and the last one takes the hand off the clock.
    five, six = two_tables_hand_for_hand
    client = api(staff["supervisor"])
    assert selectors.clock(tournament).hand_for_hand_hands == 0
    _folded_to_the_big_blind(client, five)
    assert selectors.clock(tournament).hand_for_hand_hands == 0  # table 6 still plays
    _folded_to_the_big_blind(client, six)
    clock = selectors.clock(tournament)
    assert clock.hand_for_hand and clock.hand_for_hand_hands == 1
    event = ClockEvent.objects.filter(tournament=tournament).latest("seq")
    assert (event.kind, event.reason, event.recorded_by) == (
        "hand_for_hand_hand",
        ROUND_COMPLETE,
        staff["supervisor"],
    )

    # Round 2: a bust at each table. The first does not end the round; both busts share
    # the round's key and, with 10,000 each at the start, the places 5 and 6.
    busted_five = _big_blind_busted(client, five)
    assert selectors.clock(tournament).hand_for_hand_hands == 1
    busted_six = _big_blind_busted(client, six)
    assert selectors.clock(tournament).hand_for_hand_hands == 2
    busts = list(Elimination.objects.filter(tournament=tournament).order_by("seq"))
    assert [b.entry.player_id for b in busts] == [busted_five, busted_six]
    assert busts[0].hand_key == busts[1].hand_key and busts[0].hand_key.startswith("h4h:")
    places = {r.entry.player_id: (r.place, r.place_to) for r in selectors.results(tournament).rows}
    assert places[busted_five] == places[busted_six] == (5, 6)

    # A table that stores a second hand in a round is not counted twice: the round waits
    # for the other table.
    _heads_up_fold(client, five)
    _heads_up_fold(client, five)
    assert selectors.clock(tournament).hand_for_hand_hands == 2
    _heads_up_fold(client, six)
    assert selectors.clock(tournament).hand_for_hand_hands == 3


def _heads_up_fold(client, session):  # type: ignore[no-untyped-def]
    """Two players left: the button (the small blind) folds."""
    seats = _seats(session)
    x, y = sorted(seats)
    hand = {
        "session": session.pk,
        "button": x,
        "seats": [{"seat": s, "stack": str(seats[s].stack)} for s in (x, y)],
        "actions": [{"action": "fold", "seat": x}],
    }
    response = client.post("/api/hands/", hand, format="json")
    assert response.status_code == 201, response.json()
