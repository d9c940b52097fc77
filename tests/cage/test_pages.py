"""Pages of the cage: the supervisor's table card, the cage's queue and blind count, the pit
boss's reconciliation; Spanish by default, the same services as the API (issue 6 item 11)."""

from __future__ import annotations

import pytest

from cage import services
from cage.models import DropCount, Slip, TableTransaction
from cage.selectors import slip_number_label
from casino.access import ROLE_SESSION_KEY, acting_as
from casino.inbox import items_for
from casino.roles import Role
from tests.cage.scenario import CLOSING, count_drop, play_worked_example

pytestmark = pytest.mark.django_db


def login(client, user, role=None):
    client.force_login(user)
    if role:
        session = client.session
        session[ROLE_SESSION_KEY] = role
        session.save()
    return client


def test_supervisor_logs_a_buyin_in_two_taps(client, opened, staff):  # item 11, BUYIN-06
    login(client, staff["supervisor"])
    page = client.get(f"/cage/sessions/{opened.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Tarjeta de mesa" in html and "Registrar una compra" in html  # Spanish by default
    # Tap 1: seat, croupier and the notes; Mesa proposes the chips.
    resp = client.post(
        f"/cage/sessions/{opened.pk}/buyin/",
        {"seat": "4", "croupier": "croupier", "note-1000": "1", "player_name": "Eva"},
    )
    assert resp.status_code == 302 and TableTransaction.objects.count() == 0
    proposal = client.get(f"/cage/sessions/{opened.pk}/").content.decode()
    assert 'name="chip-100.00"' in proposal and "Confirmar la compra" in proposal
    # Tap 2: confirm the proposed chips.
    resp = client.post(
        f"/cage/sessions/{opened.pk}/buyin/",
        {
            "seat": "4",
            "croupier": "croupier",
            "note-1000": "1",
            "player_name": "Eva",
            "chip-100.00": "10",
        },
        follow=True,
    )
    tx = TableTransaction.objects.get()
    assert (tx.seat, tx.amount, tx.player_name, tx.approved_by) == (
        4,
        1000,
        "Eva",
        staff["supervisor"],
    )
    assert "Compra de 1000.00 registrada en el asiento 4." in resp.content.decode()


def test_refused_buyin_shows_the_reason_and_records_nothing(client, opened, staff):
    login(client, staff["supervisor"])
    resp = client.post(
        f"/cage/sessions/{opened.pk}/buyin/",
        {"seat": "4", "croupier": "croupier", "note-50": "1", "chip-25.00": "2"},
        follow=True,
    )
    # issue 13 §6: the card again (400, not a redirect), the message naming the field
    assert resp.status_code == 400
    assert "Importe: la compra mínima de esta mesa es 100,00" in resp.content.decode()
    assert TableTransaction.objects.count() == 0


def test_page_in_english(client, opened, staff):
    login(client, staff["supervisor"])
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = client.get(f"/cage/sessions/{opened.pk}/").content.decode()
    assert "Log a buy-in" in html


def test_colour_change_from_the_page(client, opened, staff):  # CHIP-04
    login(client, staff["supervisor"])
    resp = client.post(
        f"/cage/sessions/{opened.pk}/change/",
        {
            "kind": "colour_change",
            "croupier": "croupier",
            "in-500.00": "1",
            "out-100.00": "4",
            "out-5.00": "20",
        },
        follow=True,
    )
    assert resp.status_code == 200
    assert TableTransaction.objects.get().kind == "colour_change"
    resp = client.post(
        f"/cage/sessions/{opened.pk}/change/",
        {"kind": "cash_out", "croupier": "croupier", "in-500.00": "1", "out-100.00": "4"},
        follow=True,
    )
    assert "un cambio es por el mismo valor" in resp.content.decode()
    assert TableTransaction.objects.count() == 1


def test_cage_cashier_counts_blind(client, session, staff, counts):  # item 8
    play_worked_example(staff, session, counts)
    counts.set_closing(session, CLOSING)
    login(client, staff["cage_cashier"])
    assert client.get(f"/cage/sessions/{session.pk}/").status_code == 403  # no table card
    assert client.get(f"/cage/sessions/{session.pk}/reconciliation/").status_code == 403
    page = client.get(f"/cage/sessions/{session.pk}/drop/").content.decode()
    assert "6000" not in page and "6,000" not in page and "6.000" not in page
    resp = client.post(
        f"/cage/sessions/{session.pk}/drop/",
        {"note-1000": "4", "note-500": "4", "chip-100.00": "4", "chip-25.00": "2"},
        follow=True,
    )
    assert "Una segunda persona también debe contar." in resp.content.decode()
    assert DropCount.objects.count() == 1


def test_slip_queue_by_role(client, opened, staff):  # item 11, CLOSE-07
    pit = login(client, staff["pit_boss"])
    resp = pit.post(
        "/cage/slips/request/",
        {"session": opened.pk, "kind": "fill", "purpose": "play", "line-100.00": "20"},
        follow=True,
    )
    slip = Slip.objects.get()
    # Issue 14 §5: the confirmation names the slip in the manual's words ("Relleno N.º
    # 2026-000001 pedido y firmado."), not by its stored series (FILL-2026-…).
    assert f"{slip_number_label(slip)} pedido y firmado." in resp.content.decode()
    assert slip.serial not in resp.content.decode()
    cashier_actor = acting_as(staff["cage_cashier"], Role.CAGE_CASHIER)
    assert [i.kind for i in items_for(cashier_actor)] == ["cage.slip.cage_cashier"]  # inbox
    client.logout()
    login(client, staff["cage_cashier"])
    page = client.get("/cage/slips/").content.decode()
    assert "Emitir" in page
    client.post(f"/cage/slips/{slip.pk}/sign/", {"role": "cage_cashier"})
    assert slip.signed_roles() == {"pit_boss", "cage_cashier"}
    client.logout()
    login(client, staff["security"])
    assert "Llevar" in client.get("/cage/slips/").content.decode()
    client.post(f"/cage/slips/{slip.pk}/sign/", {"role": "security"})
    client.logout()
    login(client, staff["supervisor"])
    client.post(
        f"/cage/slips/{slip.pk}/sign/", {"role": "croupier", "signer": "croupier", "pin": "1234"}
    )
    resp = client.post(f"/cage/slips/{slip.pk}/sign/", {"role": "supervisor"}, follow=True)
    assert f"{slip_number_label(slip)} completo." in resp.content.decode()
    slip.refresh_from_db()
    assert slip.is_locked


def test_pit_boss_sees_and_explains_variances(client, session, staff, counts):  # item 9, 11
    play_worked_example(staff, session, counts)
    counts.set_closing(session, {**CLOSING, "100": 39})
    count_drop(staff, session)
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    assert "cage.variance.explain" in [i.kind for i in items_for(boss)]
    login(client, staff["pit_boss"])
    page = client.get(f"/cage/sessions/{session.pk}/reconciliation/").content.decode()
    assert "La sesión no cuadra." in page and "faltan 1 (100,00)" in page
    client.post(
        f"/cage/sessions/{session.pk}/explain/",
        {"finding_key": "FLOAT_VARIANCE:100.00", "explanation": "ficha caída"},
    )
    page = client.get(f"/cage/sessions/{session.pk}/reconciliation/").content.decode()
    assert "ficha caída" in page
    day = client.get(f"/cage/days/{session.gaming_day_id}/").content.decode()
    assert "La jornada no cuadra" in day
    assert client.get("/cage/alerts/").status_code == 200
    assert client.get("/cage/").status_code == 200


def test_void_from_the_page_needs_a_second_person(client, opened, staff):
    slip = services.slip_request(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS),
        session=opened,
        kind="credit",
        lines=[("1000", 1)],
    )
    login(client, staff["pit_boss2"])
    client.post(f"/cage/slips/{slip.pk}/void/", {"reason": "mesa equivocada"})
    resp = client.post(f"/cage/voids/{slip.void.pk}/confirm/", follow=True)
    assert "segunda persona" in resp.content.decode()
    client.logout()
    login(client, staff["shift_manager"])
    client.post(f"/cage/voids/{slip.void.pk}/confirm/")
    slip.refresh_from_db()
    assert slip.void.confirmation.confirmed_by == staff["shift_manager"]


def test_table_card_shows_notes_in_bundles_of_twenty(client, opened, staff, sup):  # CASH-07, A-04
    services.buyin_record(
        actor=sup,
        session=opened,
        seat=2,
        amount="685",
        croupier=staff["croupier"],
        cash=[{"value": "5", "count": 137}],
        chips=[("100", 6), ("25", 3), ("5", 2)],
    )
    login(client, staff["supervisor"])
    page = client.get(f"/cage/sessions/{opened.pk}/").content.decode()
    assert "(1 · 1 · 17)" in page  # one group of 100, one closed bundle of 20, 17 left open
