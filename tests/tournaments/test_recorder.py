"""A tournament hand through the live hand recorder (issue 42 §5): the same API and the
same engine as a cash hand, under the tournament's rules — the level's blinds and
big-blind ante from the clock, no rake (TOUR-03), the seat's stack in tournament chips —
and a player left with no chips is busted through the tournaments service."""

from __future__ import annotations

import time
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from cage.models import RakeEntry
from casino.access import acting_as
from casino.roles import Role
from hands.models import Hand, LiveHand
from tables import services as table_services
from tables.models import OpeningSheet, SeatStatus, Table, TableSettings, Variant
from tables.selectors import seat_plan
from tests.tables.conftest import (
    PIT_BOSS_ITEMS,
    SUPERVISOR_ITEMS,
    count_lines,
    ready_decks,
    sign_three,
    store,  # noqa: F401
)
from tournaments import selectors, services
from tournaments.models import Elimination

from .conftest import home_sector

pytestmark = pytest.mark.django_db
LIVE = "/api/hands/live/"


def open_tournament_table(world, staff, store, number: int, croupier=None):  # type: ignore[no-untyped-def]  # noqa: F811
    """A table whose own settings are a cash game's (5/10, 5 % rake), opened as a
    tournament session the way the floor opens one: checklists, the opening signed by
    three, two inspected packs."""
    table = Table.objects.create(
        casino=world.casino,
        number=number,
        name="",
        chip_set=world.chips,
        sector=home_sector(world.casino),
    )
    TableSettings.objects.create(
        table=table,
        version=1,
        effective_from=timezone.now() - timedelta(days=1),
        variant=Variant.NO_LIMIT,
        small_blind=Decimal("5"),
        big_blind=Decimal("10"),
        min_buyin=Decimal("100"),
        max_seats=9,
        rake_pct=Decimal("5"),
    )
    pit = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    session = table_services.session_open(
        actor=pit,
        table=table,
        supervisor=staff["supervisor"],
        croupier=croupier or staff["croupier"],
        kind="tournament",
    )
    table_services.prep_checklist_record(
        actor=pit, session=session, items=dict.fromkeys(PIT_BOSS_ITEMS, True)
    )
    table_services.prep_checklist_record(
        actor=sup, session=session, items=dict.fromkeys(SUPERVISOR_ITEMS, True)
    )
    sheet = OpeningSheet.objects.get(session=session)
    table_services.opening_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    if croupier is None:
        sign_three(staff, sheet, table_services.opening_sign)
        ready_decks(staff, session, store)
    else:  # a second table: its own croupier (PIN 1234) and its own packs
        sign_three({**staff, "croupier": croupier}, sheet, table_services.opening_sign)
        ready_decks(staff, session, store, serials=(f"R{number}", f"A{number}"))
    session.refresh_from_db()
    world.sessions[number] = session
    world.croupiers[number] = croupier or staff["croupier"]
    return session


@pytest.fixture
def three_at_level_4(world, staff, store, tournament):  # type: ignore[no-untyped-def]  # noqa: F811
    """Three players drawn at table 5 with 10,000 chips each; the clock at level 4
    (100/200, big-blind ante 200)."""
    session = open_tournament_table(world, staff, store, 5)
    entries = [
        services.entry_register(actor=world.cash, tournament=tournament, player=p)
        for p in world.players(3)
    ]
    services.draw_initial(actor=world.sup, tournament=tournament, tables=[5])
    for e in entries:
        services.entry_arrive(actor=world.sup, entry=e)
    services.clock_record(actor=world.sup, tournament=tournament, kind="start")
    services.clock_record(actor=world.sup, tournament=tournament, kind="go_to_level", level=4)
    return session, entries


def _shown(client, live_id: int) -> dict[str, str]:
    return {"HTTP_IF_MATCH": client.get(f"{LIVE}{live_id}/")["ETag"]}


def _act(client, live_id: int, **action: Any):  # type: ignore[no-untyped-def]
    response = client.post(
        f"{LIVE}{live_id}/actions/", action, format="json", **_shown(client, live_id)
    )
    assert response.status_code == 200, response.json()
    return response.json()


def _start_from_the_plan(client, session):  # type: ignore[no-untyped-def]
    """The seats as the seating plan holds them (the tablet proposes the same), button on
    the lowest seat: three handed, the button acts first before the flop."""
    plan = seat_plan(session)
    seats = sorted(p.number for p in plan.seats if p.occupied)
    data = {
        "session": session.pk,
        "button": seats[0],
        "seats": [{"seat": s, "stack": str(plan.at(s).stack)} for s in seats],
    }
    return seats, client.post(LIVE, data, format="json")


def _all_in_to_the_river(client, live: int, button: int, small: int, big: int) -> None:  # type: ignore[no-untyped-def]
    """The button moves all in, the small blind folds, the big blind calls all in with
    less (his ante is dead): the button's aces beat his seven-deuce; the hand is stored."""
    _act(client, live, action="all_in", seat=button)
    _act(client, live, action="fold", seat=small)
    _act(client, live, action="all_in", seat=big)
    for cards in ("Kh9s3c", "4d", "Jh"):
        state = _act(client, live, action="board", cards=cards)
    shows = {button: "AsAd", big: "7c2d"}
    while state["next_seat"] is not None and state["phase"] != "over":
        seat = state["next_seat"]
        state = _act(client, live, action="show", seat=seat, cards=shows[seat])
    done = client.post(f"{LIVE}{live}/finish/", {}, format="json", **_shown(client, live))
    assert done.status_code == 200, done.json()


def test_tour_03_a_tournament_hand_is_played_at_the_clock_level_without_rake_and_busts(
    world, staff, api, three_at_level_4, tournament
):
    # TOUR-03: no rake at a tournament table, whatever the table's cash settings say; the
    # forced bets are the clock's level (100/200, the big blind posts the 200 ante), the
    # stacks are the seats' tournament chips; a player left with none is busted in that
    # hand through the tournaments service, with his place.
    session, entries = three_at_level_4
    client = api(staff["supervisor"])
    (button, small, big), response = _start_from_the_plan(client, session)
    assert response.status_code == 201, response.json()
    state = response.json()
    assert state["next_seat"] == button
    options = {o["action"]: o for o in state["options"]}
    assert options["call"]["amount"] == "200.00"  # the level's big blind, not the table's 10
    _all_in_to_the_river(client, state["id"], button, small, big)

    hand = Hand.objects.get(session=session)
    assert hand.status == "valid", list(hand.violations.values_list("code", flat=True))
    blinds = hand.record["blinds"]
    assert (blinds["small"], blinds["big"], blinds["ante"]) == ("100.00", "200.00", "0.00")
    by_seat = {s["seat"]: s for s in hand.record["seats"]}
    assert by_seat[big]["dead_post"] == "200.00"  # the big-blind ante, posted dead
    assert hand.rake == 0 and not RakeEntry.objects.filter(session=session).exists()
    finishing = {s.seat: s.finishing_stack for s in hand.seats.all()}
    # 10,000 + the big blind's 9,800 + his 200 ante + the small blind's 100
    assert finishing == {button: Decimal("20100"), small: Decimal("9900"), big: Decimal("0")}

    # The bust, through the tournaments service: in that hand, with his starting chips.
    loser = next(e for e in entries if selectors.seating(tournament).seats.get(e.pk) is None)
    bust = Elimination.objects.get(entry=loser)
    assert (bust.hand_id, bust.hand_number, bust.stack_at_start) == (hand.pk, 1, 10000)
    places = {r.entry.pk: r.place for r in selectors.results(tournament).rows}
    assert places[loser.pk] == 3
    # One seat list, one stack: the seating plan, with the players still in their seats.
    plan = seat_plan(session)
    assert plan.at(big).status == SeatStatus.EMPTY
    assert plan.at(button).stack == Decimal("20100")
    assert plan.at(button).player is not None and plan.at(small).player is not None


def test_no_hand_is_dealt_before_the_start_or_during_a_break(
    world, staff, api, three_at_level_4, tournament
):
    # The clock decides when a tournament table deals: not during a break (level 4's time
    # taken off: the break after it is on). A refused start changes nothing.
    session, _entries = three_at_level_4
    services.clock_record(
        actor=world.sup, tournament=tournament, kind="adjust", seconds=-(20 * 60 - 1), reason="t"
    )
    time.sleep(1.2)
    client = api(staff["supervisor"])
    _seats, response = _start_from_the_plan(client, session)
    assert response.status_code == 409, response.json()
    assert response.json()["code"] == "TOURNAMENT_ON_BREAK"
    session.refresh_from_db()
    assert not session.hand_in_progress and not LiveHand.objects.filter(session=session).exists()


def test_one_tap_on_the_table_screen_starts_the_tournament_hand_as_the_plan_and_level_say(
    staff, three_at_level_4, tournament
):
    # Issue 38 §5's one tap, at a tournament table: the seats' players and chips from the
    # seating plan, the level's blinds, the big blind's ante posted dead (TOUR-03's terms).
    from django.urls import reverse

    from tests.floor.conftest import client_for

    session, entries = three_at_level_4
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    response = page.post(reverse("hands:live_start", args=[session.pk]), {"op": "proposed"})
    assert response.status_code == 302, response.content[:300]
    live = LiveHand.objects.get(session=session)
    assert response["Location"] == reverse("hands:live", args=[live.pk])
    record = live.record
    assert (record["blinds"]["small"], record["blinds"]["big"]) == ("100.00", "200.00")
    plan = seat_plan(session)
    assert {s["seat"]: s["player"] for s in record["seats"]} == {
        p.number: p.player.pk for p in plan.seats if p.occupied
    }
    assert {s["stack"] for s in record["seats"]} == {"10000.00"}
    posts = sorted(s["dead_post"] for s in record["seats"])
    assert posts == ["0.00", "0.00", "200.00"]  # the big blind's ante, once for the table


def test_tour_04_hidden_chips_go_to_the_winner_only_before_the_next_hand_as_the_recorder_says(
    world, staff, api, three_at_level_4, tournament
):
    # TOUR-04: chips found on a covered all-in player who lost go to the player who beat
    # him before the next hand starts; after it, they leave play. Whether the next hand has
    # started is the recorder's fact: a floor's screen that says otherwise is refused and
    # changes nothing.
    session, entries = three_at_level_4
    client = api(staff["supervisor"])
    (button, small, big), response = _start_from_the_plan(client, session)
    _all_in_to_the_river(client, response.json()["id"], button, small, big)
    seated = selectors.seating(tournament).seats
    loser = next(e for e in entries if e.pk not in seated)
    winner = next(e for e in entries if e.pk in seated and seated[e.pk].seat == button)
    url = f"/api/tournaments/{tournament.pk}/hidden-chips/"

    def found(started: bool, key: str):  # type: ignore[no-untyped-def]
        body = {"entry": loser.pk, "chips": 500, "winner": winner.pk, "next_hand_started": started}
        return client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)

    # Before the next hand, a screen that says it started is refused.
    refused = found(True, "h-1")
    assert refused.status_code == 409, refused.json()
    assert refused.json()["code"] == "TOURNAMENT_NEXT_HAND_DIFFERS"
    # The next hand is being dealt: the chips no longer go to the winner.
    _seats, nxt = _start_from_the_plan(client, session)
    assert nxt.status_code == 201, nxt.json()
    stale = found(False, "h-2")
    assert stale.status_code == 409, stale.json()
    assert stale.json()["code"] == "TOURNAMENT_NEXT_HAND_DIFFERS"
    assert seat_plan(session).at(button).stack == Decimal("20100")  # nothing moved
    after = found(True, "h-3")
    assert after.status_code == 201, after.json()
    assert seat_plan(session).at(button).stack == Decimal("20100")  # the chips left play
    assert Elimination.objects.filter(entry=loser).count() == 1
