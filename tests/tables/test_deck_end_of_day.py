"""The cards at the end of the day, through the API and the deck-custody PDF (§6.5 j, §9.2*).

DECK-14: the croupier returns each pack, sorted and inspected, to the pit boss; CLOSE-13:
after the closing the packs are checked, classified and the shift manager's final control
puts the reusable ones back in the locked cabinet (DECK-15, DECK-16).
"""

from __future__ import annotations

import re

import pytest

from casino.roles import Role
from tables import selectors, services
from tables.models import Pack, PackState
from tests.reports.conftest import pdf_text, render

from .conftest import act, count_lines, open_table, ready_decks, sign_three

pytestmark = pytest.mark.django_db
P = PackState


def _close(staff, session) -> None:
    """The closing through the services: started, counted, bank empty, three signatures."""
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.closing_start(actor=boss, session=session, security_officer=staff["security"])
    sheet = selectors.session_closing_count(session)
    services.closing_count_record(actor=sup, sheet=sheet, lines=count_lines(sheet))
    services.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    sign_three(staff, sheet, services.closing_sign)


def _move(client, pack, **body):
    return client.post(f"/api/packs/{pack.pk}/move/", body, format="json")


def _custody_pdf(casino, day, tmp_path, settings) -> str:
    settings.MEDIA_ROOT = tmp_path / "media"
    rendered = render("deck_custody", casino, {"date": day.business_date.isoformat()})
    return re.sub(r"\s+", " ", pdf_text(rendered.pdf, tmp_path, layout=False))


def test_deck_14_the_croupier_returns_each_pack_to_the_pit_boss(
    staff, api, gaming_day, table, store, casino, tmp_path, settings
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    _close(staff, session)
    croupier = api(staff["croupier"], Role.CROUPIER)
    for pack in (red, blue):
        response = _move(croupier, pack, to=P.RETURNED, with_user="pit_boss", complete=True)
        assert response.status_code == 200, response.json()
        assert response.json()["state"] == P.RETURNED
        assert P.REUSABLE in response.json()["allowed_moves"]  # next: DECK-15's classification
    reader = api(staff["pit_boss"], Role.PIT_BOSS)
    events = reader.get("/api/deck-events/", {"session": session.pk}).json()["results"]
    returns = [e for e in events if e["to_state"] == P.RETURNED]
    assert sorted(e["pack_serial"] for e in returns) == ["A1", "R1"]
    for event in returns:  # who returned it, to whom, sorted and complete
        assert (event["actor"], event["role"], event["with_user"]) == (
            "croupier",
            Role.CROUPIER,
            "pit_boss",
        )
        assert event["data"]["complete"] is True
    assert not Pack.objects.filter(session=session).exists()  # no pack left at the table
    assert "PACK_NOT_RETURNED" not in {a.code for a in selectors.deck_alerts(casino)}
    # The day's deck-custody log prints each return with the pit boss who took it.
    text = _custody_pdf(casino, gaming_day, tmp_path, settings)
    assert text.count("devuelto al jefe de sector") >= 2
    assert "Pit_boss" in text


def test_close_13_cards_checked_classified_and_returned_after_the_closing(
    staff, api, gaming_day, table, store, casino, tmp_path, settings
):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    _close(staff, session)
    sup = api(staff["supervisor"], Role.SUPERVISOR)
    manager = api(staff["shift_manager"], Role.SHIFT_MANAGER)
    control_url = f"/api/deck-stores/{store.pk}/final-control/"
    # Not yet: both packs are still at the closed table (DECK-19).
    early = manager.post(control_url, {"counted": ["R1", "A1"]}, format="json")
    assert early.status_code == 409 and early.json()["code"] == "DECKS_UNACCOUNTED"
    for pack, label in ((red, P.REUSABLE), (blue, P.DISCARD)):
        returned = _move(sup, pack, to=P.RETURNED, with_user="croupier", complete=True)
        assert returned.status_code == 200, returned.json()
        classified = _move(
            sup, pack, to=label, note="revisado boca arriba con el croupier", complete=True
        )
        assert classified.status_code == 200, classified.json()
    # A discard pack is never issued again (DECK-19).
    again = api(staff["pit_boss"], Role.PIT_BOSS)
    refused = _move(again, blue, to=P.ISSUED, session=session.pk)
    assert refused.status_code == 409 and refused.json()["code"] == "DECK_MOVE_NOT_ALLOWED"
    # The shift manager's final control: the reusable pack goes back to the locked cabinet.
    signed = manager.post(control_url, {"counted": ["R1", "A1"]}, format="json")
    assert signed.status_code == 200, signed.json()
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state) == (P.STORED, P.DISCARD)
    text = _custody_pdf(casino, gaming_day, tmp_path, settings)
    assert "reutilizable" in text and "descarte" in text
