"""When a hand begins, who decides an irregularity, and where an overridden ruling is listed.

Each through the API the floor uses; the audit report is rendered and read back.
"""

from __future__ import annotations

import re

import pytest
from django.utils.dateparse import parse_datetime

from hands.models import Hand, HandIrregularity, LiveHand
from tests.reports.conftest import pdf_text, render

from .conftest import seats, showdown_hand

pytestmark = pytest.mark.django_db
LIVE = "/api/hands/live/"


def _start(client, session):
    body = {"session": session.pk, "button": 5, "seats": seats({1: 500, 3: 500, 5: 500})}
    return client.post(LIVE, body, format="json")


def _call_amount(state) -> str:
    return next(o["amount"] for o in state["options"] if o["action"] == "call")


def _raise_to_at_least(state) -> str:
    # The blinds posted are in the record already; the minimum raise is the rules' big
    # blind over the bet, so it alone shows which version's rules judge the hand.
    return next(o["min"] for o in state["options"] if o["action"] == "raise")


def test_shuf_06_a_hand_begins_at_the_first_riffle_and_keeps_its_blind_level(
    staff, api, ready_session
):
    sup = api(staff["supervisor"])
    manager = api(staff["shift_manager"])
    first = _start(sup, ready_session)  # the first riffle: the hand begins now
    assert first.status_code == 201, first.json()
    live = first.json()
    assert (_call_amount(live), _raise_to_at_least(live)) == ("10.00", "20.00")
    # A new blind level is published while the hand is being dealt.
    level = manager.post(
        f"/api/tables/{ready_session.table_id}/settings/",
        {"reason": "nuevo nivel de ciegas", "small_blind": "10", "big_blind": "20"},
        format="json",
    )
    assert level.status_code == 201, level.json()
    # The hand that had begun keeps the level in force at its first riffle ...
    state = sup.get(f"{LIVE}{live['id']}/").json()
    assert state["next_seat"] == 5 and _call_amount(state) == "10.00"
    assert _raise_to_at_least(state) == "20.00"  # BB 10's minimum raise, not BB 20's (30)
    state = sup.post(
        f"{LIVE}{live['id']}/actions/",
        {"action": "raise", "seat": 5, "amount": "20", "version": state["version"]},
        format="json",
    )
    assert state.status_code == 200, state.json()  # a raise of BB 10 stands after the change
    state = state.json()
    for action in ({"action": "fold", "seat": 1}, {"action": "fold", "seat": 3}):
        action["version"] = state["version"]  # the hand as shown (issue 38 §1)
        state = sup.post(f"{LIVE}{live['id']}/actions/", action, format="json").json()
    assert state["phase"] == "over", state
    done = sup.post(f"{LIVE}{live['id']}/finish/", {"version": state["version"]}, format="json")
    assert done.status_code == 200, done.json()
    hand = Hand.objects.get(number=1)
    # ... its start time is the first riffle, and it was judged by that version.
    riffle = LiveHand.objects.get(pk=live["id"]).started_at
    assert hand.started_at == riffle < parse_datetime(level.json()["effective_from"])
    assert hand.settings.big_blind == 10 and hand.status == "valid"
    # The next hand begins after the change: the new level applies from its first riffle.
    second = _start(sup, ready_session)
    assert second.status_code == 201, second.json()
    assert (_call_amount(second.json()), _raise_to_at_least(second.json())) == ("20.00", "40.00")


def test_auth_03_players_have_no_say_staff_decide_the_irregularity(
    staff, api, ready_session, casino, tmp_path, settings
):
    data = showdown_hand()
    data["actions"].insert(
        3,
        {"action": "irregularity", "irregularity": {"kind": "player_opinions", "seat": 3}},
    )
    response = api(staff["supervisor"]).post(
        "/api/hands/", {"session": ready_session.pk, **data}, format="json"
    )
    assert response.status_code == 201, response.json()
    (irr,) = response.json()["irregularities"]
    assert irr["outcome"] == "players_have_no_say" and "RUL-67" in irr["rule_ids"]
    assert irr["decided_by"] == "supervisor"  # a member of staff, never a player
    assert response.json()["status"] == "valid"  # the hand plays on: no vote changed it
    # Taking a seat means knowing and accepting the rules (GEN-12): the house rules say so.
    settings.MEDIA_ROOT = tmp_path / "media"
    for lang, words in (
        ("es", "Sentarse a la mesa implica conocer y aceptar estas reglas"),
        ("en", "Taking a seat at the table means knowing and accepting these rules"),
    ):
        rendered = render("house_rules", casino, {"ruleset": "manual"}, lang=lang)
        assert words in re.sub(r"\s+", " ", pdf_text(rendered.pdf, tmp_path, layout=False))


def test_hrec_07_an_overridden_ruling_is_listed_in_the_audit_report(
    staff, api, ready_session, casino, gaming_day, tmp_path, settings
):
    reason = "El croupier mostró la carta a todos; se sigue jugando"
    data = showdown_hand()
    data["actions"].insert(
        0,
        {
            "action": "irregularity",
            "irregularity": {
                "kind": "dealer_exposed_card",
                "seat": 1,
                "first_or_second_card": True,
                "override_reason": reason,
            },
        },
    )
    response = api(staff["supervisor"]).post(
        "/api/hands/", {"session": ready_session.pk, **data}, format="json"
    )
    assert response.status_code == 201, response.json()
    irr = HandIrregularity.objects.get()
    assert irr.outcome == "misdeal_redeal" and irr.override_reason == reason
    settings.MEDIA_ROOT = tmp_path / "media"
    date = gaming_day.business_date.isoformat()
    for lang, words in (("es", "Fallo del motor no aplicado"), ("en", "Engine ruling overridden")):
        rendered = render("exceptions", casino, {"date": date}, lang=lang)
        text = re.sub(r"\s+", " ", pdf_text(rendered.pdf, tmp_path, layout=False))
        assert words in text, text
        assert reason in text and "Supervisor" in text
        assert "49" in text  # the rule the engine applied (RUL-49), by its number
    # A ruling applied as the engine gave it is no override: it is not listed.
    api(staff["supervisor"]).post(
        "/api/hands/", {"session": ready_session.pk, **showdown_hand()}, format="json"
    )
    rendered = render("exceptions", casino, {"date": date})
    assert pdf_text(rendered.pdf, tmp_path, layout=False).count("Fallo del motor") == 1
