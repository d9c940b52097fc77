"""Forms mean what the person ticked: an unticked box sends nothing (issue 13 §2, DECK-10).

Each form is posted the way a browser posts it: a ticked checkbox as ``name=on``,
an unticked one not at all.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.roles import Role
from tables.models import PackState
from tests.floor.conftest import client_for

from .conftest import open_table, ready_decks

pytestmark = pytest.mark.django_db
P = PackState


def _rotate(staff, session, incoming, **ticked):  # type: ignore[no-untyped-def]
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    form = {"incoming_pack": incoming.pk, **{name: "on" for name in ticked}}
    return page.post(reverse("tables:act", args=["rotate", session.pk]), form)


def test_deck_10_an_unticked_completeness_box_withdraws_the_outgoing_pack(
    staff, gaming_day, table, store
):
    # DECK-10: an incomplete pack is withdrawn, never rested. The box left unticked on
    # the rotation form means "not complete" (it used to read as ticked).
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    _rotate(staff, session, blue)  # the box unticked: nothing is sent for it
    red.refresh_from_db()
    blue.refresh_from_db()
    assert (red.state, blue.state) == (P.WITHDRAWN, P.IN_PLAY)


def test_deck_10_a_ticked_completeness_box_rests_the_outgoing_pack(staff, gaming_day, table, store):
    session = open_table(staff, table)
    red, blue = ready_decks(staff, session, store)
    _rotate(staff, session, blue, outgoing_complete=True)
    red.refresh_from_db()
    assert red.state == P.RESTED


def test_deck_10_resting_a_pack_from_its_page_with_the_box_unticked_is_refused(
    staff, gaming_day, table, store
):
    # The pack page's "Pack complete (52 cards)" box unticked: the pack does not rest.
    session = open_table(staff, table)
    red, _blue = ready_decks(staff, session, store)
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    shown = page.post(
        reverse("tables:act", args=["move", red.pk]),
        {"to": P.RESTED, "session": session.pk, "face_up_ok": "on", "face_down_ok": "on"},
        follow=True,
    )
    red.refresh_from_db()
    assert red.state == P.IN_PLAY
    assert "incompleto" in shown.content.decode().lower()
