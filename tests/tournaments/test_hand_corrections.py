"""A corrected tournament hand and the busts it caused (issue 42 §7; HREC-09).

The hand recorder's correction of a stored hand is a revision, linked to it. When the
revision gives a busted player chips back, or leaves another player with none, the
tournament's eliminations follow it while the revision counts at once (the table has not
dealt its next hand): the bust is corrected by its own linked row (the revision as its
reason) and the player reseated with the revision's chips; the new bust is recorded in
that hand; the places are derived again. After the next hand such a correction is
refused (``TOURNAMENT_BUST_CORRECT_FIRST``, 409, nothing stored): the floor corrects the
bust first, and then the hand's correction goes through (waiting for the pit boss).
"""

from __future__ import annotations

from copy import deepcopy
from decimal import Decimal
from typing import Any

import pytest

from hands.models import Hand, HandCorrection
from tables.selectors import seat_plan
from tests.tables.conftest import store  # noqa: F401
from tournaments import selectors, services
from tournaments.models import Elimination, EliminationCorrection

from .test_recorder import (  # noqa: F401
    _all_in_to_the_river,
    _start_from_the_plan,
    three_at_level_4,  # noqa: F811
)

pytestmark = pytest.mark.django_db


def _bust_hand(client, session):  # type: ignore[no-untyped-def]
    """Hand 1: the button's aces bust the big blind (tests.tournaments.test_recorder)."""
    (button, small, big), response = _start_from_the_plan(client, session)
    assert response.status_code == 201, response.json()
    _all_in_to_the_river(client, response.json()["id"], button, small, big)
    return button, small, big, Hand.objects.get(session=session, number=1)


def _small_blind_called_instead(hand: Hand, button: int, small: int, big: int) -> dict[str, Any]:
    """The hand as it really went: the small blind called the all-in, the big blind
    folded. The small blind (10,000) is busted; the big blind keeps 9,600."""
    record = deepcopy(hand.record)
    cards = {button: "AsAd", small: "7c2d", big: ""}
    seats = [{**s, "cards": cards[s["seat"]]} for s in record["seats"]]
    return {
        "button": record["button"],
        "blinds": record["blinds"],
        "seats": seats,
        "actions": [
            {"action": "all_in", "seat": button},
            {"action": "all_in", "seat": small},
            {"action": "fold", "seat": big},
            {"action": "board", "cards": "Kh9s3c"},
            {"action": "board", "cards": "4d"},
            {"action": "board", "cards": "Jh"},
            {"action": "show", "seat": button},
            {"action": "show", "seat": small},
        ],
        "reason": "El croupier anotó mal quién pagó el all-in",
    }


def _entry_of(tournament, session, seat: int):  # type: ignore[no-untyped-def]
    player = seat_plan(session).at(seat).player_id
    return next(e for e in tournament.entries.all() if e.player_id == player)


def test_a_hand_correction_that_unbusts_one_player_and_busts_another_moves_the_busts(
    world,
    staff,
    api,
    three_at_level_4,  # noqa: F811
    tournament,
):  # HREC-09: a bust follows the corrected hand
    session, _entries = three_at_level_4
    client = api(staff["supervisor"])
    button, small, big, hand = _bust_hand(client, session)
    small_entry = _entry_of(tournament, session, small)
    (bust,) = Elimination.objects.filter(tournament=tournament)
    big_entry = bust.entry
    assert selectors.results(tournament).rows and bust.hand_number == 1

    answer = client.post(
        f"/api/hands/{hand.pk}/corrections/",
        _small_blind_called_instead(hand, button, small, big),
        format="json",
        HTTP_IDEMPOTENCY_KEY="fix-1",
    )
    assert answer.status_code == 201, answer.json()
    revision = Hand.objects.get(revision_of=hand)
    assert revision.status == "valid"

    # The big blind's bust is corrected by its own row, the revision its reason; he is
    # back at his seat with the revision's 9,600.
    correction = EliminationCorrection.objects.get(elimination=bust)
    assert (correction.revision_id, correction.chips) == (revision.pk, 9600)
    assert "mano 1" in correction.reason
    assert seat_plan(session).at(big).player_id == big_entry.player_id
    assert seat_plan(session).at(big).stack == Decimal("9600")
    # The small blind is busted in that hand, with the 10,000 he started it with.
    new = Elimination.objects.get(tournament=tournament, entry=small_entry)
    assert (new.hand_number, new.hand_id, new.stack_at_start) == (1, revision.pk, 10000)
    assert seat_plan(session).at(small).player_id is None
    # The places are derived again: the small blind third, the big blind still in.
    places = {r.entry.pk: r.place for r in selectors.results(tournament).rows}
    assert places[small_entry.pk] == 3 and places[big_entry.pk] is None
    assert seat_plan(session).at(button).stack == Decimal("20400")


def test_a_hand_correction_changing_a_bust_after_the_next_hand_is_refused_until_the_floor_corrects_it(
    world,
    staff,
    api,
    three_at_level_4,  # noqa: F811
    tournament,
):  # HREC-09: after the next hand the floor corrects the bust first
    session, _entries = three_at_level_4
    client = api(staff["supervisor"])
    button, small, big, hand = _bust_hand(client, session)
    small_entry = _entry_of(tournament, session, small)
    (bust,) = Elimination.objects.filter(tournament=tournament)
    # Hand 2, heads-up: the button folds.
    plan = {p.number: p for p in seat_plan(session).seats if p.occupied}
    x, y = sorted(plan)
    two = {
        "session": session.pk,
        "button": x,
        "seats": [{"seat": s, "stack": str(plan[s].stack)} for s in (x, y)],
        "actions": [{"action": "fold", "seat": x}],
    }
    assert client.post("/api/hands/", two, format="json").status_code == 201

    body = _small_blind_called_instead(hand, button, small, big)
    refused = client.post(
        f"/api/hands/{hand.pk}/corrections/", body, format="json", HTTP_IDEMPOTENCY_KEY="fix-2"
    )
    assert refused.status_code == 409, refused.json()
    assert refused.json()["code"] == "TOURNAMENT_BUST_CORRECT_FIRST"
    # Nothing changed: no revision, the bust stands, nobody new busted.
    assert not Hand.objects.filter(revision_of=hand).exists()
    assert not HandCorrection.objects.exists()
    assert list(Elimination.objects.filter(tournament=tournament)) == [bust]
    assert not EliminationCorrection.objects.exists()

    # The floor corrects the busts first (the big blind back with 9,600; the small blind
    # busted in hand 1); then the hand's correction is taken, to wait for the pit boss.
    services.elimination_correct(
        actor=world.sup, elimination=bust, reason="Pagó el all-in la ciega chica", chips=9600
    )
    services.elimination_record(
        actor=world.sup, tournament=tournament, entry=small_entry, hand_number=1
    )
    taken = client.post(
        f"/api/hands/{hand.pk}/corrections/", body, format="json", HTTP_IDEMPOTENCY_KEY="fix-3"
    )
    assert taken.status_code == 201, taken.json()
    assert Elimination.objects.filter(tournament=tournament).count() == 2
    assert EliminationCorrection.objects.count() == 1
