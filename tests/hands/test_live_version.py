"""One version per live hand (issue 38 §1): a request carries the version of the hand its
screen showed; one on an older version is refused as such (LIVE_HAND_CHANGED, its own
code and words, no player blamed), writes nothing and gets the hand as it is now.

The services, the page's forms (a second tablet on a stale screen, as a browser posts
them) and the API's live endpoints (If-Match / ``version``; the ETag of the state)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from casino.errors import Conflict
from casino.models import AuditEvent
from hands import services
from hands.models import Hand, LiveHand
from hands.services.live import live_hand_act_many
from tests.helpers import RoleClient

from .conftest import seats

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
CHANGED_ES = "La mano cambió en otra terminal: revise y repita."
CHANGED_EN = "The hand changed on another device: check and repeat."


@pytest.fixture
def five(sup, ready_session) -> LiveHand:
    """Five players, button on 1: seat 2 posts the small blind, 3 the big, 4 speaks first."""
    return services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={"button": 1, "seats": seats({s: 500 for s in range(1, 6)})},
    )


def _actions(live: LiveHand) -> list[tuple[int | None, str]]:
    live.refresh_from_db()
    return [(a.get("seat"), a["action"]) for a in live.record["actions"]]


def _tablet(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = "supervisor"
    session.save()
    return client


def _version(html: str) -> str:
    match = re.search(r'id="live-panel"[^>]*data-version="(\d+)"', html)
    assert match is not None, html[:300]
    return match.group(1)


def test_every_change_moves_the_version_on(sup, five):
    assert five.version == 0
    state = services.live_hand_act(
        actor=sup, live=five, action={"action": "fold", "seat": 4}, version=0
    )
    assert state["version"] == 1
    state = live_hand_act_many(actor=sup, live=five, action="fold", until_seat=2, version=1)
    assert state["version"] == 2  # 5 and 1 fold: one tap, one change of the hand
    state = services.live_hand_undo(actor=sup, live=five, version=2)
    assert state["version"] == 3


def test_a_stale_action_is_refused_without_blaming_a_player(sup, five):
    # Tablet A records seat 4's call; tablet B still shows seat 4 to act and taps "fold".
    services.live_hand_act(actor=sup, live=five, action={"action": "call", "seat": 4}, version=0)
    events = AuditEvent.objects.count()
    with pytest.raises(Conflict) as err:
        services.live_hand_act(
            actor=sup, live=five, action={"action": "fold", "seat": 4}, version=0
        )
    assert err.value.code == "LIVE_HAND_CHANGED"
    assert (err.value.message_es, err.value.message_en) == (CHANGED_ES, CHANGED_EN)
    assert _actions(five) == [(4, "call")]
    five.refresh_from_db()
    assert five.version == 1 and AuditEvent.objects.count() == events


def test_a_stale_undo_takes_back_nothing(sup, five):
    services.live_hand_act(actor=sup, live=five, action={"action": "call", "seat": 4}, version=0)
    services.live_hand_act(actor=sup, live=five, action={"action": "fold", "seat": 5}, version=1)
    with pytest.raises(Conflict) as err:
        services.live_hand_undo(actor=sup, live=five, version=1)  # it never saw seat 5's fold
    assert err.value.code == "LIVE_HAND_CHANGED"
    assert _actions(five) == [(4, "call"), (5, "fold")]


def test_a_stale_store_or_abandon_does_nothing(sup, five):
    live_hand_act_many(actor=sup, live=five, action="fold", until_seat=3, version=0)
    five.refresh_from_db()
    with pytest.raises(Conflict):
        services.live_hand_finish(actor=sup, live=five, version=0)
    with pytest.raises(Conflict):
        services.live_hand_abandon(actor=sup, live=five, reason="x", version=0)
    assert not Hand.objects.exists()
    five.refresh_from_db()
    assert five.status == LiveHand.Status.OPEN
    hand = services.live_hand_finish(actor=sup, live=five, version=five.version)
    assert hand.status == "valid"


def test_a_second_tablet_on_a_stale_screen_gets_the_hand_as_it_is(staff, five):
    # The page: tablet A folds seat 4; tablet B, still showing seat 4 to act, taps "Pasa"...
    # refused with the hand changed (not "out of turn"), nothing written, the panel now.
    a, b = _tablet(staff["supervisor"]), _tablet(staff["supervisor"])
    url = f"/hands/live/{five.pk}/"
    seen_by_b = b.get(url).content.decode()
    shown = a.get(url).content.decode()
    a.post(url, {"op": "act", "seat": "4", "action": "fold", "version": _version(shown)}, **HX)
    form = {"op": "act", "seat": "4", "action": "call", "amount": "10"}
    answer = b.post(url, {**form, "version": _version(seen_by_b)}, **HX).content.decode()
    assert CHANGED_ES in answer and "fuera de turno" not in answer.lower()
    assert "Le toca al asiento 5" in answer and _version(answer) == "1"
    assert _actions(five) == [(4, "fold")]
    # A stale undo from B is refused too; a stale "fold up to" as well.
    undo = b.post(url, {"op": "undo", "version": _version(seen_by_b)}, **HX).content.decode()
    assert CHANGED_ES in undo
    fold_to = {"op": "many", "action": "fold", "until": "2", "version": _version(seen_by_b)}
    assert CHANGED_ES in b.post(url, fold_to, **HX).content.decode()
    # A form without a version cannot say what its screen showed: refused.
    assert "Indique la versión de la mano" in b.post(url, form, **HX).content.decode()
    assert _actions(five) == [(4, "fold")]


def test_the_panel_polls_and_is_answered_only_when_the_hand_moved(staff, sup, five):
    b = _tablet(staff["supervisor"])
    url = f"/hands/live/{five.pk}/"
    page = b.get(url).content.decode()
    assert f'hx-get="{url}?v=0"' in page and 'hx-trigger="every 3s, mesa:poll"' in page
    assert b.get(url + "?v=0", **HX).status_code == 204  # nothing moved: nothing to swap
    services.live_hand_act(actor=sup, live=five, action={"action": "fold", "seat": 4}, version=0)
    answer = b.get(url + "?v=0", **HX)
    assert answer.status_code == 200 and "Le toca al asiento 5" in answer.content.decode()
    assert _version(answer.content.decode()) == "1"


def test_the_api_takes_the_version_from_if_match_or_the_body(staff, five):
    api = RoleClient(staff["supervisor"], "supervisor")
    url = f"/api/hands/live/{five.pk}/"
    state = api.get(url)
    assert state.status_code == 200 and state["ETag"] == '"0"' and state.json()["version"] == 0
    act = url + "actions/"
    missing = api.post(act, {"action": "fold", "seat": 4}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "VERSION_REQUIRED"
    ok = api.post(act, {"action": "fold", "seat": 4}, format="json", HTTP_IF_MATCH='"0"')
    assert ok.status_code == 200 and ok["ETag"] == '"1"'
    stale = api.post(act, {"action": "fold", "seat": 5, "version": 0}, format="json")
    assert stale.status_code == 409
    assert stale.json()["code"] == "LIVE_HAND_CHANGED"
    assert stale.json()["message"] == {"es": CHANGED_ES, "en": CHANGED_EN}
    undo = api.post(url + "undo/", {}, format="json", HTTP_IF_MATCH='W/"0"')
    assert undo.status_code == 409
    assert api.post(url + "undo/", {"version": 1}, format="json").status_code == 200
    finish = api.post(url + "finish/", {"version": 0}, format="json")
    assert finish.status_code == 409 and not Hand.objects.exists()
    assert _actions(five) == []


@pytest.mark.parametrize("where", ["If-Match", "body"])
@pytest.mark.parametrize("value", ["²", "١", "1.5", "abc", "-1", "9" * 30, True, [0], {"v": 0}])
def test_a_version_that_is_not_one_is_refused_as_such(staff, five, where, value):
    # issue 39 §4 on the live API of issue 38: If-Match "²" passed isdigit() and failed int()
    # (a 500). If-Match: 400 VERSION_INVALID. A body's version is read by its serializer
    # (400 with its code; "١" and "²" are refused as numbers not written in 0-9, where DRF
    # alone read "١" as 1 and answered 409 stale): never a 5xx, nothing written.
    if where == "If-Match" and not isinstance(value, str):
        return
    api = RoleClient(staff["supervisor"], "supervisor")
    url = f"/api/hands/live/{five.pk}/"
    for path, body in (("actions/", {"action": "fold", "seat": 4}), ("undo/", {})):
        extra = {"HTTP_IF_MATCH": f'"{value}"'} if where == "If-Match" else {}
        data = body if where == "If-Match" else {**body, "version": value}
        answer = api.post(url + path, data, format="json", **extra)
        if where == "If-Match":
            assert answer.status_code == 400, (path, value, answer.content)
            assert answer.json()["code"] == "VERSION_INVALID", (path, value)
        elif value in ("²", "١"):
            assert answer.status_code == 400, (path, value, answer.content)
            assert answer.json()["errors"][0]["code"] == "NUMBER_INVALID", answer.json()
        else:
            assert answer.status_code in (400, 409), (path, value, answer.content)
    assert _actions(five) == []
