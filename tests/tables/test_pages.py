"""Pages of table operations (issue 5 §6): they render per role, call the services, and
show refusals in the user's language; the inbox lists the signing queue."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from casino.access import ROLE_SESSION_KEY
from casino.inbox import items_for
from casino.roles import Role
from tables import services
from tables.checklists import PIT_BOSS_ITEMS, SUPERVISOR_ITEMS
from tables.models import Discrepancy, OpeningSheet, Pack, SanctionEntry, TableSession

from .conftest import act, count_lines, deliver, open_session, open_table, ready_decks

pytestmark = pytest.mark.django_db


def client_for(user, role: Role, lang: str = "es") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role.value
    session.save()
    return client


def test_every_page_renders_for_the_floor_roles(staff, gaming_day, table, store, player):
    session = open_table(staff, table)
    red, _blue = ready_decks(staff, session, store)
    entry = services.sanction_impose(
        actor=act(staff["pit_boss"], Role.PIT_BOSS),
        conduct_code="disruptive",
        level="warning",
        player=player,
        session=session,
    )
    sheet = OpeningSheet.objects.get(session=session)
    urls = [
        reverse("tables:index"),
        reverse("tables:table", args=[table.pk]),
        reverse("tables:queue"),
        reverse("tables:opening", args=[sheet.pk]),
        reverse("tables:decks"),
        reverse("tables:pack", args=[red.pk]),
        reverse("tables:store", args=[store.pk]),
        reverse("tables:sanctions"),
        reverse("tables:sanction", args=[entry.pk]),
    ]
    for username, role in [
        ("pit_boss", Role.PIT_BOSS),
        ("supervisor", Role.SUPERVISOR),
        ("shift_manager", Role.SHIFT_MANAGER),
        ("auditor", Role.AUDITOR),
    ]:
        client = client_for(staff[username], role)
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, (username, url, response.status_code)


def test_pages_refuse_roles_without_permission(staff, gaming_day, table):
    client = client_for(staff["cage_cashier"], Role.CAGE_CASHIER)
    response = client.get(reverse("tables:sanctions"))
    assert response.status_code == 403
    assert "permiso" in response.content.decode()
    english = client_for(staff["cage_cashier"], Role.CAGE_CASHIER, "en")
    english.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "not allowed" in english.get(reverse("tables:sanctions")).content.decode()


def test_open_count_and_sign_from_the_pages(staff, gaming_day, table):  # OPEN-07..12
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    response = boss.post(
        reverse("tables:act", args=["session-open", table.pk]),
        {"supervisor": "supervisor", "croupier": "croupier"},
    )
    assert response.status_code == 302
    session = TableSession.objects.get(table=table)
    sheet = OpeningSheet.objects.get(session=session)
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    table_page = reverse("tables:table", args=[table.pk])
    assert "item_paddle" in boss.get(table_page).content.decode()  # PREP-02 form
    boss.post(
        reverse("tables:act", args=["checklist", session.pk]),
        {f"item_{k}": "on" for k in PIT_BOSS_ITEMS},
    )
    sup.post(
        reverse("tables:act", args=["checklist", session.pk]),
        {f"item_{k}": "on" for k in SUPERVISOR_ITEMS},
    )
    page = boss.get(reverse("tables:opening", args=[sheet.pk])).content.decode()
    assert "100,00" in page or "100.00" in page  # highest denomination listed
    form = {"part": "opening", "next": reverse("tables:opening", args=[sheet.pk])}
    for line in count_lines(sheet, {"5": 199}):
        form[f"stacks_{line['denomination']}"] = line["stacks"]
        form[f"loose_{line['denomination']}"] = line["loose"]
    bad = dict(form)
    first = next(k for k in bad if k.startswith("loose_"))
    bad[first] = "-3"
    shown = sup.post(reverse("tables:act", args=["count", sheet.pk]), bad, follow=True)
    assert "-3 es negativa" in shown.content.decode()  # issue 41 §2: COUNT_NEGATIVE's words
    sup.post(reverse("tables:act", args=["count", sheet.pk]), form)
    disc = Discrepancy.objects.get(sheet=sheet)
    # The pit boss sees the difference in the inbox, acknowledges it from the page.
    items = items_for(act(staff["pit_boss"], Role.PIT_BOSS))
    assert any(i.kind == "opening.discrepancy" and i.urgent for i in items)
    boss.post(reverse("tables:act", args=["acknowledge", disc.pk]), {"note": "una roja menos"})
    sup.post(
        reverse("tables:act", args=["sign", sheet.pk]),
        {"part": "opening", "role": "croupier", "signer": "croupier", "pin": "1234"},
    )
    sup.post(
        reverse("tables:act", args=["sign", sheet.pk]), {"part": "opening", "role": "supervisor"}
    )
    queue = items_for(act(staff["pit_boss"], Role.PIT_BOSS))
    assert [i.kind for i in queue if i.kind.endswith(".sign")] == ["opening.sign"]
    assert "pit_boss" in queue[0].tags or any("pit_boss" in i.tags for i in queue)
    done = boss.post(
        reverse("tables:act", args=["sign", sheet.pk]),
        {"part": "opening", "role": "pit_boss"},
        follow=True,
    )
    assert "Firmada y cerrada." in done.content.decode()
    session.refresh_from_db()
    assert session.status == TableSession.Status.OPEN


def test_deck_pages_move_and_report_refusals(staff, gaming_day, table, store):
    session = open_session(staff, table)
    (pack,) = deliver(staff, store, ("R1", "rojo"))
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    refused = boss.post(
        reverse("tables:act", args=["move", pack.pk]), {"to": "in_play"}, follow=True
    )
    assert "no puede pasar" in refused.content.decode()
    boss.post(
        reverse("tables:act", args=["move", pack.pk]), {"to": "issued", "session": session.pk}
    )
    pack.refresh_from_db()
    assert pack.state == "issued"
    log = boss.get(reverse("tables:decks") + "?serial=R1").content.decode()
    assert "R1" in log


def test_security_delivers_and_the_pit_boss_signs_from_the_page(staff, gaming_day, store):
    security = client_for(staff["security"], Role.SECURITY)
    security.post(
        reverse("tables:act", args=["delivery", store.pk]), {"packs": "R7, rojo, Bee\nA7, azul"}
    )
    assert set(Pack.objects.values_list("state", flat=True)) == {"received"}
    items = items_for(act(staff["pit_boss"], Role.PIT_BOSS))
    receipt_items = [i for i in items if i.kind == "deck.receipt"]
    assert len(receipt_items) == 1
    boss = client_for(staff["pit_boss"], Role.PIT_BOSS)
    receipt = Pack.objects.first().receipt
    boss.post(reverse("tables:act", args=["receipt-sign", receipt.pk]))
    assert set(Pack.objects.values_list("state", flat=True)) == {"stored"}


def test_sanction_pages(staff, gaming_day, table, player):
    session = open_table(staff, table)
    sup = client_for(staff["supervisor"], Role.SUPERVISOR)
    sup.post(
        reverse("tables:act", args=["propose", 0]),
        {"player": player.pk, "conduct": "chip_dumping", "session": session.pk, "hand_number": "9"},
    )
    proposal = SanctionEntry.objects.get(kind="proposal")
    manager_items = items_for(act(staff["shift_manager"], Role.SHIFT_MANAGER))
    assert any(i.kind == "sanction.proposal" for i in manager_items)
    manager = client_for(staff["shift_manager"], Role.SHIFT_MANAGER)
    manager.post(reverse("tables:act", args=["impose", proposal.pk]), {"level": "removal"})
    imposition = SanctionEntry.objects.get(kind="imposition")
    assert imposition.proposal == proposal and imposition.level == "removal"
    listing = manager.get(reverse("tables:sanctions") + "?conduct=chip_dumping")
    assert imposition.notice in listing.content.decode()
    manager.post(reverse("tables:act", args=["lift", imposition.pk]), {"reason": "error"})
    assert SanctionEntry.objects.filter(kind="lift", amends=imposition).exists()


def test_admin_lists_table_records_read_only(staff, gaming_day, table, store, casino):
    from casino.models import User

    admin = User.objects.create_superuser("root", password="x", casino=casino)
    open_table(staff, table)
    client = Client()
    client.force_login(admin)
    for model in ("table", "tablesession", "openingsheet", "pack", "sanctionentry", "deckevent"):
        response = client.get(f"/admin/tables/{model}/")
        assert response.status_code == 200, model
    sheet = OpeningSheet.objects.get()
    assert client.get(f"/admin/tables/openingsheet/{sheet.pk}/delete/").status_code == 403
