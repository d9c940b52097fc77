"""The live hand at the dealer's pace (issue 13 §4): the panel answers in place (htmx),
one tap folds everyone up to a seat or checks around, the keypad shows the table's chips.
BET-24: only the engine's legal options; HREC-02: the live path stores through the same
validation as a whole hand."""

from __future__ import annotations

import re

import pytest

from casino.errors import Conflict, ValidationFailed
from hands import services
from hands.models import Hand, LiveHand
from hands.services.live import live_hand_act_many

from .conftest import seats
from .test_pages import browser

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def five(sup, ready_session) -> LiveHand:
    """Five players, button on 1: seat 2 posts the small blind, 3 the big, 4 speaks first."""
    return services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={"button": 1, "seats": seats({s: 500 for s in range(1, 6)})},
    )


def version(html: str) -> str:
    """The version of the hand the panel shows, as its forms send it (issue 38 §1)."""
    match = re.search(r'id="live-panel"[^>]*data-version="(\d+)"', html)
    assert match is not None, html[:300]
    return match.group(1)


def actions(live: LiveHand) -> list[tuple[int | None, str]]:
    live.refresh_from_db()
    return [(a.get("seat"), a["action"]) for a in live.record["actions"]]


def test_fold_up_to_a_seat_is_one_sequence_of_single_actions(sup, five):  # BET-24
    state = live_hand_act_many(actor=sup, live=five, action="fold", until_seat=2, version=0)
    assert actions(five) == [(4, "fold"), (5, "fold"), (1, "fold")]
    assert state["next_seat"] == 2 and state["applied"] == 3


def test_fold_to_the_big_blind_ends_the_hand(sup, five):  # BET-24
    state = live_hand_act_many(actor=sup, live=five, action="fold", until_seat=3)
    assert actions(five) == [(4, "fold"), (5, "fold"), (1, "fold"), (2, "fold")]
    assert state["phase"] == "over" and state["complete"]


def test_check_around_stops_at_the_end_of_the_street(sup, five):  # BET-24
    for seat in (4, 5, 1, 2):
        services.live_hand_act(actor=sup, live=five, action={"action": "call", "seat": seat})
    state = live_hand_act_many(actor=sup, live=five, action="check")
    assert actions(five)[-1] == (3, "check")  # only the big blind's option pre-flop
    assert state["expected"]["action"] == "board"
    services.live_hand_act(actor=sup, live=five, action={"action": "board", "cards": "Ah7d2c"})
    state = live_hand_act_many(actor=sup, live=five, action="check")
    assert [a for _s, a in actions(five)[-5:]] == ["check"] * 5
    assert state["street"] == "flop" and state["expected"]["action"] == "board"


def test_a_refusal_in_the_sequence_records_nothing(sup, five):  # BET-24
    # Pre-flop seat 4 faces the big blind: it cannot check, so "everyone checks" is
    # refused at its first action and nothing of the sequence is kept.
    with pytest.raises(ValidationFailed) as err:
        live_hand_act_many(actor=sup, live=five, action="check")
    assert err.value.code == "ACTION_ILLEGAL"
    assert actions(five) == []
    # A refusal in the middle: seat 5 checks illegally after seat 4 called... also nothing.
    services.live_hand_act(
        actor=sup, live=five, action={"action": "raise", "seat": 4, "amount": "30"}
    )
    with pytest.raises(ValidationFailed):
        live_hand_act_many(actor=sup, live=five, action="check")
    assert actions(five) == [(4, "raise")]


def test_a_stale_page_or_a_seat_out_of_the_hand_is_refused(sup, five):  # BET-24
    services.live_hand_act(actor=sup, live=five, action={"action": "fold", "seat": 4})
    with pytest.raises(Conflict) as err:
        live_hand_act_many(actor=sup, live=five, action="fold", until_seat=2, version=0)
    assert err.value.code == "LIVE_HAND_CHANGED"
    with pytest.raises(ValidationFailed) as bad:
        live_hand_act_many(actor=sup, live=five, action="fold", until_seat=4)
    assert bad.value.code == "SEAT_NOT_IN_HAND"
    assert actions(five) == [(4, "fold")]


def test_the_panel_answers_in_place_and_the_plain_form_still_redirects(staff, five):
    client = browser(staff["supervisor"], "supervisor")
    url = f"/hands/live/{five.pk}/"
    page = client.get(url).content.decode()
    assert 'id="live-panel"' in page and "js/live.js" in page and "css/live.css" in page
    assert f'hx-post="{url}"' in page
    # The table's chips on the keypad (cage.selectors.table_denominations), min and max.
    for chip in ("1", "5", "25", "50", "100"):
        assert f'data-chip="{chip}.00"' in page or f'data-chip="{chip}"' in page
    assert 'data-min="20.00" data-max="500.00"' in page
    # htmx: the fragment only, no page around it.
    form = {"op": "act", "seat": "4", "action": "call", "amount": "10", "version": version(page)}
    answer = client.post(url, form, **HX)
    body = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in body
    assert body.lstrip().startswith('<div id="live-panel"') or 'id="live-panel"' in body[:400]
    assert "Le toca al asiento 5" in body
    assert '<li value="1">asiento 4: iguala 10,00</li>' in body  # numbered from 1, in Spanish
    # The sequence op through the page: seats 5 and 1 fold up to seat 2.
    form = {"op": "many", "action": "fold", "until": "2", "version": version(body)}
    body = client.post(url, form, **HX).content.decode()
    assert "Le toca al asiento 2" in body
    assert actions(five)[1:] == [(5, "fold"), (1, "fold")]
    # A refusal is shown in the panel and records nothing.
    form = {"op": "act", "seat": "2", "action": "check", "version": version(body)}
    refused = client.post(url, form, **HX).content.decode()
    assert 'role="alert"' in refused and "no puede pasar" in refused
    assert len(actions(five)) == 3
    # Without JavaScript: a full POST and a redirect, as before.
    plain = client.post(url, {"op": "undo", "version": version(refused)})
    assert plain.status_code == 302 and plain["Location"] == url
    assert len(actions(five)) == 2


def test_storing_in_place_shows_the_verdict(staff, five):  # HREC-02
    client = browser(staff["supervisor"], "supervisor")
    url = f"/hands/live/{five.pk}/"
    page = client.get(url).content.decode()
    form = {"op": "many", "action": "fold", "until": "3", "version": version(page)}
    body = client.post(url, form, **HX).content.decode()
    body = client.post(url, {"op": "finish", "version": version(body)}, **HX).content.decode()
    hand = Hand.objects.get()
    assert hand.status == "valid" and hand.source == "live"
    assert "Válida" in body and f'href="/hands/{hand.pk}/"' in body and "<html" not in body
    assert f'href="/hands/sessions/{five.session_id}/live/"' in body  # the next hand


def test_the_card_picker_offers_the_cards_not_yet_seen(staff, sup, five):
    for seat in (4, 5, 1, 2):
        services.live_hand_act(actor=sup, live=five, action={"action": "call", "seat": seat})
    services.live_hand_act(actor=sup, live=five, action={"action": "check", "seat": 3})
    client = browser(staff["supervisor"], "supervisor")
    page = client.get(f"/hands/live/{five.pk}/").content.decode()
    assert page.count('class="card-key') == 52 and "♠" in page and "♥" in page
    form = {"op": "act", "action": "board", "cards": "Ah 7d 2c", "version": version(page)}
    client.post(f"/hands/live/{five.pk}/", form)
    live_hand_act_many(actor=sup, live=five, action="check")  # the turn to deal
    page = client.get(f"/hands/live/{five.pk}/").content.decode()
    assert 'data-card="Ah" aria-pressed="false" lang="en" disabled' in page
    assert 'data-card="Ad" aria-pressed="false" lang="en">' in page


def test_everyone_shows_as_dealt_in_one_sequence(sup, ready_session):  # BET-24, HREC-02
    live = services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={
            "button": 5,
            "seats": seats({1: 500, 3: 500, 5: 500}, {1: "KsKd", 3: "QhQc", 5: "9s8s"}),
        },
    )
    for action in ({"action": "call", "seat": 5}, {"action": "call", "seat": 1}):
        services.live_hand_act(actor=sup, live=live, action=action)
    for cards in ("Ah7d2c", "Js", "5d"):
        live_hand_act_many(actor=sup, live=live, action="check")
        services.live_hand_act(actor=sup, live=live, action={"action": "board", "cards": cards})
    state = live_hand_act_many(actor=sup, live=live, action="check")
    assert state["expected"]["action"] == "show_or_muck"
    state = live_hand_act_many(actor=sup, live=live, action="show")
    assert state["applied"] == 3 and state["complete"]
    assert [a for _s, a in actions(live)[-3:]] == ["show"] * 3
    hand = services.live_hand_finish(actor=sup, live=live)
    assert hand.status == "valid"
