"""An irregularity whose ruling proposes a sanction links to the sanction form filled
from the hand (HREC-10, SANC-02): followed through the pages as the pit boss."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse

from casino.access import acting_as
from casino.roles import Role
from hands import services as hands
from tables.models import SanctionEntry, SanctionLevel
from tests.floor.conftest import client_for
from tests.hands.conftest import showdown_hand
from tests.reports.scenario import ready_for_hands

pytestmark = pytest.mark.django_db


class FormReader(HTMLParser):
    """The fields one form sends as a browser sends them (an unticked box sends nothing)."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.data = action, False, {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("action") == self.action
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name:
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data[name] = a.get("value") or ("on" if a.get("type") == "checkbox" else "")
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select] = a.get("value") or ""
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = ""

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.data[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def form_data(html: str, action: str) -> dict[str, Any]:
    reader = FormReader(action)
    reader.feed(html)
    return reader.data


@pytest.fixture
def hand_with_conduct(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    """Table 7 in play; a hand in which seat 3 (Jugador 3) is rude to the dealer."""
    session = ready_for_hands(staff, casino, sector, 7)
    data = showdown_hand()
    for seat in data["seats"]:
        seat["name"] = f"Jugador {seat['seat']}"
    data["actions"].insert(
        3,
        {
            "action": "irregularity",
            "irregularity": {"kind": "conduct", "seat": 3, "conduct": "SANC-10d"},
        },
    )
    return hands.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, data=data
    )


def test_hrec_10_the_ruling_links_to_the_sanction_form_filled_from_the_hand(
    staff, hand_with_conduct
):
    hand = hand_with_conduct
    irregularity = hand.irregularities.get()
    assert irregularity.ruling["sanctions"], irregularity.ruling  # the ruling proposes one
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)

    detail = boss.get(reverse("hands:detail", args=[hand.pk])).content.decode()
    links = [
        link
        for link in re.findall(r'href="(/tables/sanctions/\?[^"]+)"', detail)
        if "new_conduct" in unescape(link)
    ]
    assert len(links) == 1, "the irregularity's ruling is no link to the sanction form"

    page = boss.get(unescape(links[0]))
    assert page.status_code == 200
    action = reverse("tables:act", args=["impose", 0])
    fields = form_data(page.content.decode(), action)
    assert fields["session"] == str(hand.session_id)
    assert fields["hand_number"] == str(hand.number)
    assert fields["conduct"] == "staff_disrespect"  # SANC-10d in the sanction catalogue
    assert fields["player_description"] == "Asiento 3 · Jugador 3"
    assert fields["players_in_hand"] == "3"
    assert f"Mano {hand.number}" in fields["reason"] and "mesa 7" in fields["reason"]
    assert str(hand.pk) in fields["reason"]
    assert "immediate" not in fields  # nothing ticked for the pit boss

    fields["level"] = SanctionLevel.WARNING
    done = boss.post(action, fields)
    assert done.status_code == 302, done.content.decode()[:500]
    entry = SanctionEntry.objects.get()
    assert (entry.session_id, entry.hand_number) == (hand.session_id, hand.number)
    assert entry.table_id == hand.table_id
    assert entry.conduct_code == "staff_disrespect"
    assert str(hand.pk) in entry.reason


def test_hrec_10_a_ruling_without_a_sanction_is_no_link(staff, casino, gaming_day, sector):
    session = ready_for_hands(staff, casino, sector, 7)
    data = showdown_hand()
    data["actions"].insert(
        2,
        {
            "action": "irregularity",
            "irregularity": {
                "kind": "dealer_exposed_card",
                "seat": 3,
                "first_or_second_card": True,
            },
        },
    )
    hand = hands.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, data=data
    )
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    detail = boss.get(reverse("hands:detail", args=[hand.pk])).content.decode()
    links = [unescape(x) for x in re.findall(r'href="(/tables/sanctions/\?[^"]+)"', detail)]
    # Only the hand's own link (below), none from the ruling: it proposes no conduct.
    assert len(links) == 1 and "new_conduct" not in links[0]


def test_hrec_10_any_hand_record_offers_the_sanction_form_with_its_reference(
    staff, casino, gaming_day, sector
):
    """HREC-10: from a hand with no irregularity at all, the supervisor opens the sanction
    form filled with the hand's session, number and players, and proposes one from it."""
    session = ready_for_hands(staff, casino, sector, 7)
    hand = hands.hand_log(
        actor=acting_as(staff["supervisor"], Role.SUPERVISOR), session=session, data=showdown_hand()
    )
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    detail = sup.get(reverse("hands:detail", args=[hand.pk])).content.decode()
    assert "Proponer una sanción por esta mano" in detail
    (link,) = re.findall(r'href="(/tables/sanctions/\?[^"]+)"', detail)
    page = sup.get(unescape(link))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'value="{hand.number}"' in html and f'value="{hand.players_dealt}"' in html
    assert f"Mano {hand.number} en la mesa 7 (registro {hand.pk})." in html
    # The croupier may log hands but not propose sanctions: no link for him.
    croupier = client_for(staff["croupier"], Role.CROUPIER)
    page = croupier.get(reverse("hands:detail", args=[hand.pk])).content.decode()
    assert "/tables/sanctions/?" not in page
