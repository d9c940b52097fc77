"""The inspection of a pack as the floor does it (issue 40 §1): every box read as the
browser sends it, and a witness who chooses himself and signs with his PIN.

Each form is posted as a browser posts it from the pack's page (``/tables/decks/<id>/``):
a ticked box as ``name=on``, an unticked one not at all; the witness's name from the
options the page offers, his PIN typed on the supervisor's tablet.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from casino.roles import Role
from tables import models, services
from tables.models import DeckEvent, PackState
from tests.floor.conftest import client_for

from .conftest import act, deliver, open_session

pytestmark = pytest.mark.django_db
P = PackState
ALL_CHECKS = {"face_up_ok": "on", "face_down_ok": "on", "complete": "on"}


@pytest.fixture
def issued(staff, gaming_day, table, store):
    """Pack R1 issued to table 1 at its opening (croupier on duty: ``croupier``)."""
    session = open_session(staff, table)
    (pack,) = deliver(staff, store, ("R1", "rojo"))
    services.deck_move(
        actor=act(staff["pit_boss"], Role.PIT_BOSS), pack=pack, to=P.ISSUED, session=session
    )
    return session, pack


def _post(staff, pack, session, who="supervisor", **form):  # type: ignore[no-untyped-def]
    page = client_for(staff[who], Role(who))
    body = {"session": session.pk, "note": "", **form}
    return page.post(reverse("tables:act", args=["move", pack.pk]), body, follow=True)


def _witness_options(html: str) -> list[str]:
    select = re.search(r'<select id="i-with" name="with_user"[^>]*>(.*?)</select>', html, re.S)
    assert select is not None, "the pack's page has no witness field"
    return [v for v in re.findall(r'<option value="([^"]*)"', select.group(1)) if v]


def test_deck_06_an_inspection_with_the_completeness_box_unticked_is_refused(staff, issued):
    # DECK-06, DECK-07: the pack is not declared complete: it is not inspected, let alone
    # put into play; the page says why. (It used to read only the two face boxes.)
    session, pack = issued
    shown = _post(
        staff,
        pack,
        session,
        to=P.INSPECTED,
        face_up_ok="on",
        face_down_ok="on",
        with_user="croupier",
        pin="1234",
    )
    pack.refresh_from_db()
    assert pack.state == P.ISSUED
    assert not DeckEvent.objects.filter(pack=pack, to_state=P.INSPECTED).exists()
    assert "incompleto" in shown.content.decode()


def test_deck_06_the_pack_page_ticks_nothing_and_offers_only_the_people_on_duty(
    staff, issued, casino
):
    # DECK-06: the boxes come unticked; the witness is chosen among the table's people on
    # duty in a role that inspects (the croupier dealing, the sector's pit boss), never
    # the admin, another croupier or the supervisor himself.
    session, pack = issued
    get_user_model().objects.create_superuser("admin", "admin@example.com", "x", casino=casino)
    html = client_for(staff["supervisor"], Role.SUPERVISOR).get(
        reverse("tables:pack", args=[pack.pk])
    )
    html = html.content.decode()
    form = html.split('id="inspect-title"', 1)[1].split("</form>", 1)[0]
    boxes = re.findall(r'<input type="checkbox"[^>]*>', form)
    assert len(boxes) == 3 and not [b for b in boxes if re.search(r"\bchecked\b", b)], boxes
    assert _witness_options(html) == ["croupier", "pit_boss"]


def test_deck_06_the_witness_signs_the_inspection_with_his_pin(staff, issued):
    # DECK-06, DECK-08, ROLE-13: the witness is a signature, on the version of the
    # inspection both vouch for; a wrong PIN or a witness not on duty writes nothing.
    session, pack = issued
    wrong = _post(
        staff, pack, session, to=P.INSPECTED, with_user="croupier", pin="9999", **ALL_CHECKS
    )
    assert "PIN incorrecto" in wrong.content.decode()
    off_duty = _post(
        staff, pack, session, to=P.INSPECTED, with_user="croupier2", pin="5678", **ALL_CHECKS
    )
    assert "no está de turno" in off_duty.content.decode()
    no_pin = _post(staff, pack, session, to=P.INSPECTED, with_user="croupier", **ALL_CHECKS)
    assert "PIN" in no_pin.content.decode()
    pack.refresh_from_db()
    assert pack.state == P.ISSUED and not models.PackInspection.objects.exists()

    _post(staff, pack, session, to=P.INSPECTED, with_user="croupier", pin="1234", **ALL_CHECKS)
    pack.refresh_from_db()
    assert pack.state == P.INSPECTED
    inspection = models.PackInspection.objects.get(pack=pack)
    assert inspection.is_locked
    assert (inspection.face_up_ok, inspection.face_down_ok, inspection.complete) == (
        True,
        True,
        True,
    )
    signatures = {(s.role, s.signer.username, s.method) for s in inspection.signatures()}
    assert signatures == {
        (Role.SUPERVISOR.value, "supervisor", "session"),
        (Role.CROUPIER.value, "croupier", "pin"),
    }
    event = DeckEvent.objects.get(pack=pack, to_state=P.INSPECTED)
    assert event.with_user == staff["croupier"] and event.data["inspection"] == inspection.pk


def test_deck_07_a_rejection_is_signed_by_both_too(staff, issued):
    # DECK-07: the imperfect card found, the whole pack back to the pit boss, both sign.
    session, pack = issued
    _post(
        staff,
        pack,
        session,
        to=P.REJECTED,
        face_down_ok="on",
        complete="on",
        with_user="pit_boss",
        pin="1234",
        note="7 de corazones con una marca en el dorso",
    )
    pack.refresh_from_db()
    assert pack.state == P.REJECTED
    inspection = models.PackInspection.objects.get(pack=pack)
    assert inspection.outcome == "rejected" and inspection.face_up_ok is False
    assert {s.role for s in inspection.signatures()} == {"supervisor", "pit_boss"}


def test_deck_15_a_pack_returned_incomplete_is_never_reusable(staff, issued):
    # DECK-14, DECK-15: the fault declared at the return is acted on: the classification
    # as reusable is refused; discard is accepted.
    session, pack = issued
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    services.deck_move(actor=sup, pack=pack, to=P.RETURNED, session=session)  # not complete
    page = client_for(staff["pit_boss"], Role.PIT_BOSS)
    url = reverse("tables:act", args=["move", pack.pk])
    shown = page.post(url, {"to": P.REUSABLE, "complete": "on", "note": ""}, follow=True)
    pack.refresh_from_db()
    assert pack.state == P.RETURNED
    assert "no es reutilizable" in shown.content.decode()
    page.post(url, {"to": P.DISCARD, "note": ""})
    pack.refresh_from_db()
    assert pack.state == P.DISCARD
