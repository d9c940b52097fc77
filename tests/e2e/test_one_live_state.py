"""One live state per table, in the browser (issue 13 "Done when", §3).

Headless Chromium on a tablet (1280x800) against the live server, as the table's
supervisor and through the pages only: the cage's departure empties the seat and the next
hand does not deal it; a new player on the seat right after the button waits (SEAT-05)
and the hand stored from the suggested form has no button warning (GAME-07); an
incomplete pack is not rested (DECK-10); a new player buys in during a hand while a
re-buy waits (BUYIN-05); the waiting list on the table screen (SEAT-04).

The table in play is made through the services (``ready_for_hands``: table 7, two
packs, seats 1, 3 and 5 bought in for 500), as in ``test_floor_flow.py``.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from tests.helpers import PASSWORD

from .conftest import TABLET, axe_serious, login, screenshot, submit, wait_swapped
from .test_live_hand import small_controls

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def in_play(staff, casino, gaming_day, sector):
    from tests.reports.scenario import ready_for_hands

    return ready_for_hands(staff, casino, sector, 7)


@pytest.fixture
def sup(page: Page, staff) -> Page:  # type: ignore[no-untyped-def]
    """The table's supervisor, logged in on the tablet."""
    assert page.viewport_size == TABLET
    login(page, "supervisor", PASSWORD)
    return page


def _table(page: Page, session) -> Page:  # type: ignore[no-untyped-def]
    page.goto(f"/floor/tables/{session.table_id}/")
    return page


def _success(page: Page) -> str:
    message = page.locator("#messages .msg-success").first
    expect(message).to_be_visible()
    return message.inner_text()


def _submit(page: Page, button) -> None:  # type: ignore[no-untyped-def]
    submit(page, button.click)


def _act(page: Page, label: str) -> None:
    """A tap on the live hand's panel; it answers in place (htmx): wait for the new one."""
    old = page.locator("#live-panel").element_handle()
    page.locator("#live-panel").get_by_role("button", name=label, exact=True).click()
    wait_swapped(page, old)


def _new_hand_form(page: Page, session) -> Page:  # type: ignore[no-untyped-def]
    _table(page, session).get_by_role("link", name="Nueva mano").click()
    expect(page.locator("h1")).to_be_visible()
    expect(page.get_by_role("button", name="Empezar la mano")).to_be_visible()
    return page


def _store(page: Page) -> str:
    """Store the live hand and open its page: the verdict and the codes it shows."""
    _act(page, "Registrar la mano")
    submit(page, page.get_by_role("link", name="Ver la mano").click)
    return page.locator("main").inner_text()


def _first_hand(page: Page, session) -> None:  # type: ignore[no-untyped-def]
    """Hand 1 as the form suggests it: button seat 1, everyone folds to the big blind."""
    _new_hand_form(page, session)
    expect(page.locator("#button")).to_have_value("1")
    _submit(page, page.get_by_role("button", name="Empezar la mano"))
    _act(page, "Se retira")
    _act(page, "Se retira")
    assert "Válida" in _store(page)


def _buy_in_panel(page: Page, seat: int, amount: str, *, rebuy: bool = False) -> None:
    """The seat's buy-in (or re-buy) panel, the amount typed and Mesa's proposal in."""
    word = "Recompra" if rebuy else "Compra"
    page.get_by_role("link", name=f"{word} en el asiento {seat}", exact=True).click()
    expect(page.locator("#p-amount")).to_be_focused()
    expect(page.locator("#p-seat")).to_have_value(str(seat))
    page.locator("#p-amount").fill(amount)
    expect(page.locator(f'input[name="note-{amount}"]')).to_have_value("1")  # proposed


def _codes(hand) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(v.code for v in hand.violation_rows.all())


def test_a_departure_empties_the_seat_and_the_next_hand_does_not_deal_it(sup, in_play):
    # SEAT-04, HREC-08: seat 5 cashes out at the cage and leaves; the plan is the one truth.
    from hands.models import Hand
    from tables.models import SeatEvent
    from tables.selectors import seat_at

    page = sup
    _first_hand(page, in_play)
    stack = seat_at(in_play, 5).stack  # what the plan holds after hand 1 (he won the blinds)
    assert stack is not None and stack > Decimal("500")
    # The departure, from the table card (the cage's page for the session).
    _table(page, in_play).get_by_role("link", name="Tarjeta de mesa").click()
    page.get_by_label("Asiento que se retira").fill("5")
    page.get_by_label("Fichas que se lleva").fill(str(stack))
    _submit(page, page.get_by_role("button", name="Registrar salida"))
    assert "Salida registrada." in _success(page)
    assert SeatEvent.objects.filter(session=in_play, seat=5, kind="leave").exists()
    # The table screen shows the seat free.
    seat5 = _table(page, in_play).locator("#seat-5").locator("xpath=../..")
    expect(seat5.locator(".seat-name")).to_have_text("libre")
    # The next hand's form does not deal seat 5: unticked, no name, no stack.
    _new_hand_form(page, in_play)
    expect(page.locator("#in-5")).not_to_be_checked()
    expect(page.locator("#name-5")).to_have_value("")
    expect(page.locator("#stack-5")).to_have_value("")
    expect(page.locator("#in-1")).to_be_checked()
    expect(page.locator("#in-3")).to_be_checked()
    # Heads-up as suggested: the button posts the small blind and folds to the big blind.
    _submit(page, page.get_by_role("button", name="Empezar la mano"))
    _act(page, "Se retira")
    verdict = _store(page)
    assert "Válida" in verdict, verdict
    second = Hand.objects.get(session=in_play, number=2)
    assert second.status == "valid", _codes(second)
    assert sorted(second.seats.values_list("seat", flat=True)) == [1, 3]


def test_a_new_player_after_the_button_waits_and_the_hand_has_no_button_warning(sup, in_play):
    # SEAT-05 (a new player waits until the button and the blinds pass), GAME-07.
    from hands.models import Hand

    page = sup
    _first_hand(page, in_play)  # button on seat 1: seat 2 is right after it
    _table(page, in_play)
    _buy_in_panel(page, 2, "500")
    page.fill("#p-name", "Nuevo")
    _submit(page, page.get_by_role("button", name="Confirmar la compra"))
    assert "Compra de 500,00 registrada en el asiento 2." in _success(page)
    _new_hand_form(page, in_play)
    expect(page.locator("#in-2")).not_to_be_checked()
    expect(page.locator("#name-2")).to_have_value("Nuevo")
    expect(page.locator("#why-2")).to_contain_text("SEAT-05")
    expect(page.locator("#button")).to_have_value("3")  # one seat on from seat 1
    for seat in (1, 3, 5):
        expect(page.locator(f"#in-{seat}")).to_be_checked()
    _submit(page, page.get_by_role("button", name="Empezar la mano"))
    _act(page, "Se retira")  # the button (seat 3) speaks first three-handed
    _act(page, "Se retira")  # the small blind: the big blind wins
    verdict = _store(page)
    assert "Válida" in verdict, verdict
    assert "BUTTON_NOT_MOVED_ONE_SEAT" not in verdict
    hand = Hand.objects.get(session=in_play, number=2)
    assert hand.status == "valid" and "BUTTON_NOT_MOVED_ONE_SEAT" not in _codes(hand)
    assert sorted(hand.seats.values_list("seat", flat=True)) == [1, 3, 5]


def test_an_incomplete_pack_is_not_rested(sup, in_play):
    # DECK-10: the pack's page posted with "Pack complete (52 cards)" unticked.
    from tables.models import Pack, PackState

    page = sup
    red = Pack.objects.get(serial="R7")
    assert red.state == PackState.IN_PLAY
    page.goto(f"/tables/decks/{red.pk}/")
    page.select_option("#m-to", PackState.RESTED)
    # The box comes unticked (issue 40): nobody declared the pack complete.
    expect(page.get_by_label("Mazo completo (52 cartas)")).not_to_be_checked()
    _submit(page, page.get_by_role("button", name="Mover"))
    expect(page.locator("main")).to_contain_text("incompleto")
    red.refresh_from_db()
    assert red.state == PackState.IN_PLAY


def test_a_new_players_buyin_during_a_hand_is_recorded_and_a_rebuy_is_refused(sup, in_play):
    # BUYIN-05: only a re-buy waits for the hand's end; a new player's cash does not.
    from cage.models import TableTransaction
    from tables.selectors import seat_at, seat_plan

    page = sup
    _new_hand_form(page, in_play)
    _submit(page, page.get_by_role("button", name="Empezar la mano"))
    assert seat_plan(in_play).hand_in_progress
    _table(page, in_play)
    _buy_in_panel(page, 7, "500")
    page.fill("#p-name", "Nuevo")
    _submit(page, page.get_by_role("button", name="Confirmar la compra"))
    assert "Compra de 500,00 registrada en el asiento 7." in _success(page)
    seat7 = page.locator("#seat-7").locator("xpath=../..")
    expect(seat7.locator(".seat-name")).to_have_text("Nuevo")
    assert seat_at(in_play, 7).stack == Decimal("500.00")
    # A re-buy of seat 1, in the hand: refused in the panel, in Spanish; nothing recorded.
    before = TableTransaction.objects.count()
    _buy_in_panel(page, 1, "200", rebuy=True)
    page.fill("#p-stack", "500")
    page.get_by_role("button", name="Confirmar la compra").click()
    refusal = page.locator("#action-panel .msg-error")
    expect(refusal).to_contain_text(re.compile("hay una mano en juego", re.I))
    expect(refusal).to_contain_text("espere a que termine")  # HAND_IN_PROGRESS, one message
    assert TableTransaction.objects.count() == before
    assert seat_at(in_play, 1).stack == Decimal("500.00")


def test_the_waiting_list_on_the_table_screen(sup, in_play):
    # SEAT-04: names in order with the time each asked; "Sentar" seats the first in line.
    from tables.selectors import seat_at, waiting_list

    page = _table(sup, in_play)
    section = page.locator("section[aria-labelledby=waiting-title]")
    expect(section).to_contain_text("Nadie está esperando.")
    for name in ("Eva", "Fede"):
        section.get_by_label("Nombre").fill(name)
        _submit(page, section.get_by_role("button", name="Agregar a la lista de espera"))
        assert f"{name} está en la lista de espera." in _success(page)
    items = section.locator("ol.waiting > li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Eva")
    expect(items.nth(0)).to_contain_text("pidió a las")
    expect(items.nth(1)).to_contain_text("Fede")
    expect(section.get_by_role("button", name="Sentar")).to_have_count(1)
    assert (
        small_controls(
            page,
            "section[aria-labelledby=waiting-title] :is(button, input:not([type=hidden]), select)",
        )
        == []
    )
    assert axe_serious(page) == []
    section.scroll_into_view_if_needed()
    screenshot(page, "table-waiting-list-tablet")
    section.get_by_label("Asiento libre").select_option("4")
    _submit(page, section.get_by_role("button", name="Sentar Eva"))
    assert "Eva se sienta en el asiento 4." in _success(page)
    expect(page.locator("#seat-4").locator("xpath=../..").locator(".seat-name")).to_have_text("Eva")
    assert seat_at(in_play, 4).name == "Eva"
    assert list(waiting_list(in_play.table).values_list("name", flat=True)) == ["Fede"]
