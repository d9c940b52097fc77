"""HREC-10, IRREG-14: from a logged hand's page the supervisor raises an irregularity; the
form and the API go through one service (hand_correct: a linked revision with a reason)."""

from __future__ import annotations

import pytest

from casino.models import AuditEvent
from hands import adapter
from hands.models import Hand, HandCorrection, HandIrregularity
from tests.tables.test_sanction_from_hand import form_data

from .conftest import showdown_hand
from .test_pages import browser

pytestmark = pytest.mark.django_db


def _invalid_hand(api, staff, session) -> Hand:
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}  # RAKE_MISMATCH: the engine computes 1.00
    logged = api(staff["supervisor"]).post(
        "/api/hands/", {"session": session.pk, **data}, format="json"
    )
    assert logged.status_code == 201, logged.json()
    return Hand.objects.get(pk=logged.json()["id"])


def test_hrec_10_the_hand_page_raises_an_irregularity_through_the_corrections_service(
    staff, api, ready_session
):
    hand = _invalid_hand(api, staff, ready_session)
    supervisor = browser(staff["supervisor"], "supervisor")
    html = supervisor.get(f"/hands/{hand.pk}/").content.decode()
    action = f"/hands/{hand.pk}/resolve/"
    assert 'id="raise-irregularity"' in html
    start = html.rindex("<form", 0, html.index('id="raise-irregularity"'))
    form = form_data(html[start : html.index("</form>", start) + 7], action)
    assert form["op"] == "irregularity" and "form_token" in form
    form.update(kind="player_opinions", seat="3", at="3")  # as the supervisor picks them
    form["reason"] = "Un jugador opinó sobre la carta expuesta"
    done = supervisor.post(action, form)
    correction = HandCorrection.objects.get(original=hand)
    assert done.status_code == 302 and done["Location"] == f"/hands/{correction.revision_id}/"
    assert (correction.kind, correction.created_by) == ("revision", staff["supervisor"])
    assert correction.reason == "Un jugador opinó sobre la carta expuesta"
    irr = HandIrregularity.objects.get(hand=correction.revision)
    assert (irr.kind, irr.seat, irr.action_index) == ("player_opinions", 3, 3)
    assert irr.outcome == "players_have_no_say" and irr.decided_by == staff["supervisor"]
    hand.refresh_from_db()
    assert hand.status == "invalid" and not hand.irregularities.exists()  # original untouched
    # The revision's page shows the irregularity with the hand's reference.
    revision_page = supervisor.get(f"/hands/{correction.revision_id}/").content.decode()
    assert "Jugadores que opinan" in revision_page  # in words (issue 40), not its code
    # The API's path is the same service: the same record gives the same ruling.
    record = adapter.record_with_irregularity(
        hand.record, at=3, irregularity={"kind": "player_opinions", "seat": 3}
    )
    body = {k: record[k] for k in ("button", "seats", "actions", "result") if k in record}
    via_api = api(staff["supervisor"]).post(
        f"/api/hands/{hand.pk}/corrections/", {**body, "reason": "lo mismo"}, format="json"
    )
    assert via_api.status_code == 201, via_api.json()
    assert [i["outcome"] for i in via_api.json()["irregularities"]] == ["players_have_no_say"]
    assert AuditEvent.objects.filter(action="hand.correct", object_id=str(hand.pk)).count() == 2


def test_hrec_10_the_form_refuses_without_a_reason_and_a_croupier_off_duty(
    staff, api, ready_session
):
    hand = _invalid_hand(api, staff, ready_session)
    supervisor = browser(staff["supervisor"], "supervisor")
    action = f"/hands/{hand.pk}/resolve/"
    supervisor.post(action, {"op": "irregularity", "kind": "player_opinions", "reason": " "})
    assert not HandCorrection.objects.exists()
    page = supervisor.get(f"/hands/{hand.pk}/").content.decode()
    assert "Indique el motivo." in page  # issue 41 §2: REASON_REQUIRED's one message
    off_duty = browser(staff["croupier2"], "croupier")
    off_duty.post(action, {"op": "irregularity", "kind": "player_opinions", "reason": "x"})
    assert not HandCorrection.objects.exists()
