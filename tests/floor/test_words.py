"""Spanish as the room speaks it (issue 13 §5, GEN-07): the pages read words, not codes;
people by their names; amounts typed as the casino writes them; cards with their suits;
actions from 1 with the manual's verbs; one signing queue, its times in the casino's zone.

The real pages, through the Django test client, as the role that reads them.
"""

from __future__ import annotations

import re
from datetime import UTC
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone, translation

from casino.roles import Role
from hands import services as hands
from hands.models import Hand
from tables.models import OpeningSheet
from tests.reports.scenario import fold_to_big_blind, showdown

from .conftest import act

pytestmark = pytest.mark.django_db


class _Text(HTMLParser):
    """The text a person reads: no tags, no attributes, no scripts or styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        if not self._skip:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


@pytest.fixture
def played(staff, in_play):
    """Table 7's hands: a showdown (valid), then one whose seat 1 starts with 600 instead of
    539 (CONTINUITY_MISMATCH, stored invalid)."""
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    first = hands.hand_log(actor=sup, session=in_play, data=showdown(5))
    bad = hands.hand_log(
        actor=sup, session=in_play, data=fold_to_big_blind(1, {1: 600, 3: 480, 5: 480})
    )
    return Hand.objects.get(pk=first.pk), Hand.objects.get(pk=bad.pk)


@pytest.fixture
def named(staff):
    """Every user with a full name and a username nobody would read as a name."""
    names = {
        "croupier": ("Ana", "Pérez"),
        "croupier2": ("Bruno", "Sosa"),
        "supervisor": ("Carla", "Ibáñez"),
        "pit_boss": ("Diego", "Luna"),
        "shift_manager": ("Elena", "Rey"),
        "auditor": ("Fabio", "Paz"),
    }
    for key, user in staff.items():
        first, last = names.get(key, (f"Nombre{user.pk}", "Apellido"))
        user.username, user.first_name, user.last_name = f"zz{user.pk}q", first, last
        user.save(update_fields=["username", "first_name", "last_name"])
    return names


def test_hand_detail_reads_words_cards_and_verbs(played, clients):  # GEN-07
    good, bad = played
    pit = clients("pit_boss")
    html = page(pit, reverse("hands:detail", args=[bad.pk]))
    text = visible(html)
    assert "Las fichas no siguen de la mano anterior" in text  # CONTINUITY_MISMATCH
    # The code stays for the auditor, small and secondary.
    assert '<code class="small detail">CONTINUITY_MISMATCH</code>' in html
    assert "se retira" in text
    html = page(pit, reverse("hands:detail", args=[good.pk]))
    text = visible(html)
    # Actions listed from 1 (an <ol> without start="0") with the manual's verbs.
    assert '<ol start="0">' not in html and "<ol>" in html
    for verb in ("sube a", "iguala", "pasa", "muestra", "tira las cartas"):
        assert verb in text, verb
    assert "(fold)" not in text and "muck" not in text
    # The flop 2h7d9s with its suits, hearts and diamonds red, the text copyable.
    assert '<span class="playing-card red">2♥</span>' in html
    assert '<span class="playing-card red">7♦</span>' in html
    assert '<span class="playing-card">9♠</span>' in html
    assert "2h7d9s" not in text


def test_replay_and_list_read_words_and_suits(played, clients):  # GEN-07
    good, bad = played
    pit = clients("pit_boss")
    html = page(pit, reverse("hands:replay", args=[good.pk]) + "?step=999")
    assert '<ol start="0">' not in html
    assert 'class="playing-card red">2♥</span>' in html
    assert 'class="playing-card">J♣</span>' in html
    text = visible(page(pit, reverse("hands:list")))
    assert "Las fichas no siguen de la mano anterior" in text
    assert "CONTINUITY_MISMATCH" not in text
    # The filter offers the violations by their words and still filters by the code.
    html = page(pit, reverse("hands:list") + "?code=CONTINUITY_MISMATCH")
    assert (
        '<option value="CONTINUITY_MISMATCH" selected>Las fichas no siguen de la mano anterior'
        in html
    )
    assert f'href="{reverse("hands:detail", args=[good.pk])}"' not in html
    assert f'href="{reverse("hands:detail", args=[bad.pk])}"' in html
    text = visible(page(pit, reverse("floor:queue")))
    assert "Las fichas no siguen de la mano anterior" in text
    assert "CONTINUITY_MISMATCH" not in text


def test_pages_show_names_not_usernames(staff, in_play, played, named, clients):  # GEN-07
    good, bad = played
    sheet = OpeningSheet.objects.get(session=in_play)
    pages = {
        Role.SUPERVISOR: [
            reverse("floor:table", args=[in_play.table_id]),
            reverse("tables:opening", args=[sheet.pk]),
        ],
        Role.PIT_BOSS: [reverse("hands:detail", args=[bad.pk]), reverse("floor:queue")],
        Role.AUDITOR: [reverse("floor:audit")],
    }
    usernames = {u.username for u in staff.values()}
    seen = ""
    for role, urls in pages.items():
        client = clients(role.value)
        for url in urls:
            text = visible(page(client, url))
            leaked = sorted(u for u in usernames if u in text)
            assert leaked == [], (url, leaked)
            seen += text
    for name in ("Ana Pérez", "Carla Ibáñez", "Diego Luna"):
        assert name in seen, name
    # The sheet's signatures: role, name and method in words.
    text = visible(page(clients("supervisor"), reverse("tables:opening", args=[sheet.pk])))
    assert "Croupier: Ana Pérez, con PIN" in text
    assert "Jefe de sector: Diego Luna, con su sesión" in text
    assert "(pin)" not in text and "(session)" not in text
    # The hand: who recorded it, by name.
    text = visible(page(clients("pit_boss"), reverse("hands:detail", args=[bad.pk])))
    assert "Carla Ibáñez" in text


def test_amount_inputs_are_typed_as_the_casino_writes_them(staff, in_play, played, clients):
    """GEN-07: an amount's default reads ``1.234,50`` / ``539``, never ``539.00``."""
    sup = clients("supervisor")
    url = reverse("floor:buyin", args=[in_play.pk]) + "?seat=3&amount=1234.50"
    html = page(sup, url)
    assert 'value="1.234,50"' in html
    # Seat 3's stack as the seating plan has it (475 after posting the small blind of the
    # last hand), a whole number: "475", not the Decimal's "475.00".
    stack = re.search(r'id="p-stack"[^>]*value="([^"]*)"', html)
    assert stack is not None and stack.group(1) == "475", stack
    english = page(clients("supervisor", lang="en"), url)
    assert 'value="1,234.50"' in english
    # What was typed comes back as typed.
    assert 'value="1.500"' in page(sup, reverse("floor:buyin", args=[in_play.pk]) + "?amount=1.500")
    template = Template("{% load floor_tags %}[{{ a|amount_input }}][{{ b|amount_input }}]")
    with translation.override("es"):
        out = template.render(Context({"a": Decimal("500.00"), "b": Decimal("1234567.5")}))
    assert out == "[500][1.234.567,50]"


def test_home_points_to_the_one_signing_queue(staff, in_play, played, clients):  # GEN-07
    good, bad = played
    html = page(clients("pit_boss"), reverse("home"))
    text = visible(html)
    assert re.search(r"Por firmar ?: 1\b", text)
    queue_link = f'href="{reverse("floor:queue")}#q-hand-{bad.pk}"'
    assert queue_link in html
    # No second list: the invalid hand is not repeated among the next tasks.
    assert f'href="{reverse("hands:detail", args=[bad.pk])}"' not in html
    assert "Revisar la mano inválida" not in text
    # Its time in the casino's zone (Buenos Aires), not UTC.
    local = timezone.localtime(bad.recorded_at, timezone=_zone(in_play))
    utc = bad.recorded_at.astimezone(UTC)
    assert local.strftime("%H:%M") in text
    assert local.strftime("%H:%M") != utc.strftime("%H:%M")
    assert f"{utc:%d/%m/%Y} {utc:%H:%M}" not in text


def test_home_task_detail_is_in_the_casino_zone(staff, in_play, played):  # GEN-07
    """The hand recorder's next task wrote UTC (a ``strftime`` on the stored time)."""
    from hands.inbox import invalid_hands_to_review

    good, bad = played
    zone = _zone(in_play)
    with timezone.override(zone):
        (item,) = invalid_hands_to_review(act(staff["pit_boss"], Role.PIT_BOSS))
    assert item.detail == timezone.localtime(bad.recorded_at, timezone=zone).strftime("%d/%m %H:%M")


def _zone(session):  # type: ignore[no-untyped-def]
    import zoneinfo

    return zoneinfo.ZoneInfo(session.casino.time_zone)
