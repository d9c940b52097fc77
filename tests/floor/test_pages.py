"""The floor pages (issue 8): per-role menu, the supervisor's table screen with the buy-in
in three taps, the signing queue signed in place, the day's dashboard, the audit trail."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from cage.models import TableTransaction
from casino.models import AuditEvent
from casino.roles import Role
from floor.nav import menu
from hands.models import ImportJob
from tables.models import OpeningSheet, TableSession
from tests.reports.scenario import make_table, open_session, prep_checklists

from .conftest import act, client_for

pytestmark = pytest.mark.django_db


def test_every_menu_entry_opens_for_its_role(staff, in_play):  # issue 8 §5: per-role menu
    """Each role sees only pages it can use: every link of its menu answers 200."""
    for role in Role:
        user = staff[role.value]
        client = client_for(user, role)
        links = menu(act(user, role), "/")
        assert links, role
        for link in links:
            response = client.get(link.url)
            assert response.status_code == 200, (role, link.url, response.status_code)
            used = {t.name for t in response.templates}
            refused = {"cage/refused.html", "tables/error.html", "hands/refused.html"}
            assert not used & (refused | {"floor/refused.html"}), (role, link.url)


def test_menu_differs_per_role(staff):
    urls = {role: {link.url for link in menu(act(staff[role.value], role), "/")} for role in Role}
    assert reverse("floor:audit") in urls[Role.AUDITOR]
    assert reverse("floor:audit") not in urls[Role.PIT_BOSS]
    assert reverse("floor:day") in urls[Role.SHIFT_MANAGER]
    assert reverse("floor:day") not in urls[Role.SUPERVISOR]
    assert reverse("floor:queue") in urls[Role.PIT_BOSS]
    assert reverse("cage:slips") in urls[Role.SECURITY]  # security carries the slips
    assert reverse("hands:list") not in urls[Role.CAGE_CASHIER]
    current = [link for link in menu(act(staff["pit_boss"], Role.PIT_BOSS), "/floor/queue/")]
    assert [link.url for link in current if link.current] == [reverse("floor:queue")]


def test_table_screen_shows_the_table_at_a_glance(staff, in_play, clients):  # issue 8 §1
    page = clients("supervisor").get(reverse("floor:table", args=[in_play.table_id]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Croupier de turno" in html and "Croupier" in html
    assert "Jugador 1" in html and "Jugador 5" in html  # seats from the cage's buy-ins
    assert "500,00" in html  # bought in, in the casino's format
    assert "R7" in html and "A7" in html  # packs at the table with their age
    assert "Rotar mazos" in html
    assert "Nueva mano" in html and "Compra" in html


def test_buyin_in_three_taps(staff, in_play, clients):  # issue 8 §1, BUYIN-06
    sup = clients("supervisor")
    url = reverse("floor:buyin", args=[in_play.pk])
    # Tap 1: the seat's button opens the panel with the seat chosen, the amount focused.
    panel = sup.get(url + "?seat=4", HTTP_HX_REQUEST="true").content.decode()
    assert 'value="4" selected' in panel and "autofocus" in panel
    # Typing the amount: Mesa proposes the notes and the chips.
    proposal = sup.get(
        reverse("floor:proposal", args=[in_play.pk]) + "?panel=buyin&amount=1.500"
    ).content.decode()
    assert 'name="note-1000" inputmode="numeric" autocomplete="off" value="1"' in proposal
    assert 'name="note-500" inputmode="numeric" autocomplete="off" value="1"' in proposal
    # Tap 2: confirm (the form as proposed).
    before = TableTransaction.objects.count()
    response = sup.post(
        url,
        {
            "seat": "4",
            "amount": "1.500",
            "player_name": "Eva",
            "croupier": "croupier",
            "source": "cash",
            "note-1000": "1",
            "note-500": "1",
            "chip-100.00": "15",
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 204
    assert response["HX-Redirect"] == reverse("floor:table", args=[in_play.table_id])
    assert TableTransaction.objects.count() == before + 1
    tx = TableTransaction.objects.latest("pk")
    assert (tx.seat, tx.amount, tx.player_name) == (4, Decimal("1500"), "Eva")
    screen = sup.get(reverse("floor:table", args=[in_play.table_id])).content.decode()
    assert "Compra de 1.500,00 registrada en el asiento 4." in screen


def test_refused_buyin_says_why_and_writes_nothing(staff, in_play, clients):  # BUYIN-01
    sup = clients("supervisor")
    before = (TableTransaction.objects.count(), AuditEvent.objects.count())
    response = sup.post(
        reverse("floor:buyin", args=[in_play.pk]),
        {"seat": "6", "amount": "50", "croupier": "croupier", "note-50": "1", "chip-25.00": "2"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in html
    assert "mínima" in html  # the service's own message, in Spanish
    assert 'value="50"' in html  # what was typed stays in the form
    assert (TableTransaction.objects.count(), AuditEvent.objects.count()) == before


def test_buyin_panel_without_javascript(staff, in_play, clients):
    page = clients("supervisor").get(
        reverse("floor:table", args=[in_play.table_id]) + "?panel=buyin&seat=2&amount=200"
    )
    html = page.content.decode()
    assert 'id="panel-section"' in html and 'value="200"' in html


def test_cash_out_from_the_table_screen(staff, in_play, clients):  # CHIP-13
    sup = clients("supervisor")
    response = sup.post(
        reverse("floor:change", args=[in_play.pk]),
        {
            "kind": "cash_out",
            "seat": "1",
            "croupier": "croupier",
            "in-5.00": "20",
            "out-100.00": "1",
        },
    )
    assert response.status_code == 302
    tx = TableTransaction.objects.latest("pk")
    assert (tx.kind, tx.seat, tx.amount) == ("cash_out", 1, Decimal("100"))


def test_pages_in_english(staff, in_play):
    client = client_for(staff["supervisor"], Role.SUPERVISOR, "en")
    html = client.get(reverse("floor:table", args=[in_play.table_id])).content.decode()
    assert "Croupier on duty" in html and "500.00" in html


def test_queue_signs_in_place(staff, casino, gaming_day, sector, clients):  # issue 8 §2
    boss, sup = act(staff["pit_boss"], Role.PIT_BOSS), act(staff["supervisor"], Role.SUPERVISOR)
    from tables import services as tables

    table = make_table(casino, sector, number=3)
    session = tables.session_open(
        actor=boss, table=table, supervisor=staff["supervisor"], croupier=staff["croupier"]
    )
    prep_checklists(boss, sup, session)
    sheet = OpeningSheet.objects.get(session=session)
    lines = [
        {
            "denomination": x.denomination_id,
            "stacks": x.expected_count // 20,
            "loose": x.expected_count % 20,
        }
        for x in sheet.ordered_lines()
    ]
    tables.opening_count_record(actor=sup, sheet=sheet, lines=lines)
    tables.opening_sign(
        actor=sup, sheet=sheet, role=Role.CROUPIER, signer=staff["croupier"], pin="1234"
    )
    pit = clients("pit_boss")
    queue = pit.get(reverse("floor:queue")).content.decode()
    assert sheet.serial in queue and "Firmar como Jefe de sector" in queue
    dom_id = f"q-opening-{sheet.pk}"
    # The supervisor has not signed yet: the pit boss may sign (any order), it is recorded.
    done = pit.post(
        reverse("floor:queue-act", args=["opening", sheet.pk]),
        {"dom_id": dom_id},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert f'id="{dom_id}"' in done and "Firma registrada." in done
    # Signing twice is refused in place with the service's message; nothing written.
    count = AuditEvent.objects.count()
    again = pit.post(
        reverse("floor:queue-act", args=["opening", sheet.pk]),
        {"dom_id": dom_id},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'role="alert"' in again and AuditEvent.objects.count() == count
    tables.opening_sign(actor=sup, sheet=sheet, role=Role.SUPERVISOR)
    session.refresh_from_db()
    assert session.status == TableSession.Status.OPEN


def test_dashboard_for_manager_and_auditor_only(staff, in_play, clients):  # issue 8 §4
    for name in ("shift_manager", "auditor"):
        page = clients(name).get(reverse("floor:day"))
        html = page.content.decode()
        assert page.status_code == 200, name
        assert "<svg" in html and "Comisión por hora" in html
        assert "1.500,00" in html  # the day's expected drop: three buy-ins of 500
    assert clients("pit_boss").get(reverse("floor:day")).status_code == 403
    assert clients("supervisor").get(reverse("floor:day")).status_code == 403


def test_audit_trail_filters_and_refusals(staff, in_play, clients):  # issue 8 §4
    auditor = clients("auditor")
    page = auditor.get(reverse("floor:audit") + "?user=supervisor&action=cage")
    html = page.content.decode()
    assert page.status_code == 200
    assert "cage.buyin.record" in html
    assert "tables.session.open" not in html  # opened by the pit boss, filtered out
    everything = auditor.get(reverse("floor:audit")).content.decode()
    assert "cage.buyin.record" in everything
    assert clients("pit_boss").get(reverse("floor:audit")).status_code == 403


def test_phh_pasted_is_imported_with_its_verdict(
    staff, in_play, clients, django_capture_on_commit_callbacks
):
    """Issue 8 §1: a hand pasted in PHH goes through the hand recorder; its verdict is on
    the page at once (tests run Celery eagerly, as the embedded default does)."""
    from hands import services as hands
    from tests.reports.scenario import showdown

    sup = act(staff["supervisor"], Role.SUPERVISOR)
    hands.hand_log(actor=sup, session=in_play, data=showdown(5))
    text = hands.session_export_phhs(actor=sup, session=in_play)
    # The same hand again as hand 2: its starting stacks ignore what hand 1 moved.
    text = text.replace("hand = 1", "hand = 2").replace("[1]", "[2]")
    client = clients("supervisor")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("floor:phh", args=[in_play.pk]), {"content": text})
    response = client.get(reverse("hands:import", args=[ImportJob.objects.latest("pk").pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<progress" in html and 'value="100"' in html
    assert "#2" in html and "Inválida" in html and "CONTINUITY_MISMATCH" in html
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("floor:phh", args=[in_play.pk]), {"content": "not a hand"})
    garbage = client.get(reverse("hands:import", args=[ImportJob.objects.latest("pk").pk]))
    assert "rechazadas 1" in garbage.content.decode()


def test_tables_overview_alerts(staff, casino, gaming_day, sector, clients):  # issue 8 §2
    open_session(staff, casino, sector, 9)  # open, no packs at the table
    html = clients("pit_boss").get(reverse("floor:tables")).content.decode()
    assert "Mesa 9" in html
    assert "dos mazos" in html  # TABLE_WITHOUT_TWO_COLOURS


def test_dashboard_before_any_gaming_day(staff, clients):
    page = clients("shift_manager").get(reverse("floor:day"))
    assert page.status_code == 200 and "Todavía no hay jornada" in page.content.decode()
    assert clients("supervisor").get(reverse("floor:day")).status_code == 403


def test_buyin_without_a_seat_proposes_the_first_free_one(staff, in_play, clients):
    panel = (
        clients("supervisor")
        .get(reverse("floor:buyin", args=[in_play.pk]), HTTP_HX_REQUEST="true")
        .content.decode()
    )
    assert 'value="2" selected' in panel  # seats 1, 3 and 5 are taken


def test_home_offers_the_supervisor_its_tables(staff, in_play, clients):
    html = clients("supervisor").get("/").content.decode()
    assert reverse("floor:table", args=[in_play.table_id]) in html and "Mis mesas" in html
    assert "Mis mesas" not in clients("pit_boss").get("/").content.decode()
