"""Forms that behave and sheets that do not mislead (issue 40 §3, §4), as the floor uses them.

The pages through the Django test client, in the role that reads them; forms posted as a
browser posts them (an unticked box sends nothing; a stale screen sends again).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from casino.roles import Role
from tables import services as tables
from tables.checklists import CLOSING_ITEMS, PIT_BOSS_ITEMS
from tables.models import ClosingSheet, Pack, PackState, SessionEvent, TableSession

from .conftest import act
from .walk import visible

pytestmark = pytest.mark.django_db
E = SessionEvent.Kind


def test_health_answers_with_or_without_the_slash(db):
    # issue 40: a probe or a person types /health/ as often as /health
    for url in ("/health", "/health/"):
        response = Client().get(url)
        assert response.status_code in (200, 503), (url, response.status_code)
        assert "database" in response.json(), url


def test_prep_02_a_checklist_once_recorded_shows_recorded_and_is_not_recorded_twice(
    staff, casino, gaming_day, sector, clients
):
    # PREP-02, PREP-05: the pit boss records his list; the page shows it recorded (not the
    # same list again, unticked); the form sent again from a stale screen is refused.
    from tests.reports.scenario import make_table

    table = make_table(casino, sector, number=9)
    session = tables.session_open(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        table=table,
        supervisor=staff["supervisor"],
        croupier=staff["croupier"],
    )
    pit = clients("pit_boss")
    url = reverse("tables:act", args=["checklist", session.pk])
    form = {f"item_{key}": "on" for key in PIT_BOSS_ITEMS}
    pit.post(url, form)
    page = pit.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert "Su lista está registrada" in visible(page)
    assert 'name="item_equipment"' not in page
    stale = pit.post(url, form, follow=True)
    assert "Esta lista ya está registrada" in visible(stale.content.decode())
    assert session.events.filter(kind=E.PREP_PIT_BOSS).count() == 1


def test_the_session_log_is_in_time_order(staff, in_play, clients):
    # issue 40: events, reliefs and dealer changes, one list, in the order they happened
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    tables.session_supervisor_relieve(
        actor=boss, session=in_play, incoming=staff["supervisor2"], reason="descanso"
    )
    tables.session_supervisor_relieve(
        actor=boss, session=in_play, incoming=staff["supervisor"], reason="fin del descanso"
    )
    tables.session_event_record(
        actor=act(staff["supervisor"], Role.SUPERVISOR),
        session=in_play,
        kind="float_locked",
        person=staff["pit_boss"],
        note="banca cerrada después",
    )
    html = clients("supervisor").get(reverse("tables:table", args=[in_play.table_id]))
    log = html.content.decode().split('id="log-title"', 1)[1].split("</table>", 1)[0]
    times = re.findall(r"<tr><td>(\d\d:\d\d)</td>", log)
    assert len(times) >= 5 and times == sorted(times), times
    what = visible(log)
    assert "fin del descanso" in what and "banca cerrada después" in what, what
    assert (
        what.index("descanso")
        < what.index("fin del descanso")
        < what.index("banca cerrada después")
    )


def test_the_supervisors_home_at_the_start_of_the_day_prompts_to_open_a_table(
    staff, casino, gaming_day, sector, clients
):
    # issue 40: no live table of his: the home proposes the first free one, linked
    from tests.reports.scenario import make_table

    table = make_table(casino, sector, number=4)
    home = clients("supervisor").get(reverse("home")).content.decode()
    assert "Abra una sesión en Mesa 4" in visible(home)
    assert f'href="{reverse("tables:table", args=[table.pk])}#open-title"' in home


def test_deck_19_the_floor_counts_a_pack_not_returned_as_an_alert(staff, in_play, clients):
    # DECK-19: the table closed with its packs still out: the homes flag it, so does Mesas
    TableSession.objects.filter(pk=in_play.pk).update(status=TableSession.Status.CLOSED)
    assert Pack.objects.filter(session=in_play, state=PackState.IN_PLAY).exists()
    tiles = visible(clients("pit_boss").get(reverse("floor:tables")).content.decode())
    assert "mesas con alertas: 1" in tiles, tiles
    assert "se entregó y no se devolvió" in tiles


@pytest.fixture
def closing_counted(staff, in_play):
    """Table 7 closing: its rack counted as the books say it holds (the par less the
    fifteen 100 chips sold at the buy-ins), the empty rack confirmed, the croupier's and
    the supervisor's signatures; the pit boss's is missing."""
    from tables.hooks import expected_float_now

    sup = act(staff["supervisor"], Role.SUPERVISOR)
    tables.session_announce_last_hand(actor=sup, session=in_play, last_hand_number=0)
    tables.closing_start(actor=sup, session=in_play, security_officer=staff["security"])
    sheet = ClosingSheet.objects.get(session=in_play)
    books = expected_float_now(in_play)
    lines = [
        {
            "denomination": x.denomination_id,
            "stacks": books[x.denomination_id] // 20,
            "loose": books[x.denomination_id] % 20,
        }
        for x in sheet.ordered_lines()
    ]
    tables.closing_count_record(actor=sup, sheet=sheet, lines=lines)
    tables.closing_confirm_empty_bank(
        actor=sup, sheet=sheet, croupier=staff["croupier"], pin="1234"
    )
    tables.closing_sign(
        actor=sup, sheet=sheet, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
    )
    tables.closing_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    return sheet


def test_close_05_chips_sold_at_buy_ins_are_no_difference_on_the_closing_sheet(
    closing_counted, clients
):
    # CLOSE-05, CLOSE-07: the rack holds 1.500,00 less than its par, exactly the chips sold;
    # the sheet shows no difference, the par apart; chips and money in their own columns;
    # signed, its count is no longer a form.
    html = clients("supervisor").get(reverse("tables:closing", args=[closing_counted.pk]))
    html = html.content.decode()
    count = html.split('id="count-title"', 1)[1].split("</table>", 1)[0]
    text = visible(count)
    assert "Banca estándar (fichas)" in text and "Esperado según los libros (fichas)" in text
    assert "Esperado (importe)" in text
    assert not re.search(r"<strong>[+-]\d+ \(", count), "a difference is flagged"
    row = re.search(r"100,00 <span[^>]*>negro</span>.*?</tr>", count, re.S)
    assert row is not None
    cells = re.findall(r'<td class="num">([^<]*)</td>', row.group(0))
    # chips, total, par (chips), expected (chips), expected (amount), difference
    assert cells[-4:] == ["120", "105", "10.500,00", "0"], cells
    assert 'name="stacks_' not in html and 'name="loose_' not in html


def test_close_08_the_queue_shows_the_closings_figures_and_counts_what_is_left(
    closing_counted, staff, clients
):
    # CLOSE-08, issue 40: the pit boss reads the count, the books, the difference and the
    # chips sold before he signs; after signing in place the count of what is waiting
    # follows.
    pit = clients("pit_boss")
    queue = pit.get(reverse("floor:queue")).content.decode()
    item = queue.split(f'id="q-closing-{closing_counted.pk}"', 1)[1].split("</li>", 1)[0]
    text = visible(item)
    for words in (
        "Esperado según los libros",
        "Diferencia 0,00",
        "Fichas vendidas en las compras 1.500,00",
        "Banca estándar",
    ):
        assert words in text, (words, text)
    waiting = int(re.search(r"Pendientes: (\d+)", visible(queue)).group(1))
    done = pit.post(
        reverse("floor:queue-act", args=["closing", closing_counted.pk]),
        {"dom_id": f"q-closing-{closing_counted.pk}"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'id="queue-title" hx-swap-oob="true"' in done
    assert f"Pendientes: {waiting - 1}" in visible(done)


def test_prep_02_the_closing_checklist_is_recorded_once(staff, in_play, clients):
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    tables.session_announce_last_hand(actor=sup, session=in_play, last_hand_number=0)
    tables.closing_start(actor=sup, session=in_play, security_officer=staff["security"])
    page = clients("supervisor")
    url = reverse("tables:act", args=["closing-checklist", in_play.pk])
    form = {f"item_{key}": "on" for key in CLOSING_ITEMS}
    page.post(url, form)
    page.post(url, form)
    assert in_play.events.filter(kind=E.CLOSING_CHECKLIST).count() == 1
    shown = visible(page.get(reverse("tables:table", args=[in_play.table_id])).content.decode())
    assert "Lista de cierre registrada" in shown
