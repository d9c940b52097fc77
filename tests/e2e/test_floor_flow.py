"""A day at a table in a real browser (issue 8, "Done when"): headless Chromium against the
live server on PostgreSQL, through the pages only.

The supervisor opens table 7 (checklists, packs inspected, the opening count), the croupier
signs with the PIN on the supervisor's terminal, the pit boss signs from the signing
queue; the supervisor starts play, logs three buy-ins in three taps each, three hands
(the third invalid: a stack that breaks the chip continuity), rotates the packs; a fill
goes through its five signatures (pit boss, cage, security, croupier and supervisor); the
supervisor closes the table and the pit boss signs the closing; the manager requests
the master report from the day's dashboard and downloads it.

Setup that the flow does not cover is made through the services: the casino, its staff,
the gaming day, the table with its chips and par, the card packs delivered to the store,
and two other tables for the sector overview. Along the way each main page is checked
with axe-core (no serious or critical violation) and photographed at tablet and desktop
widths into docs/screens/.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from cage.selectors import slip_number_label
from casino.roles import Role
from tests.helpers import PASSWORD

from .conftest import (
    DESKTOP,
    TABLET,
    TABLET_PORTRAIT,
    axe_serious,
    login,
    screenshot,
    submit,
    wait_swapped,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def floor(staff, casino, gaming_day, sector):
    """Table 7 (sector 1) with its chips and par, two packs stored; tables 8 and 9 around."""
    from tables import services as tables
    from tables.models import DeckStore, OpeningSheet, Pack
    from tests.helpers import make_staff
    from tests.reports.scenario import act, make_table, prep_checklists

    sector.pit_bosses.add(staff["pit_boss"])
    table = make_table(casino, sector, 7)
    eight = make_table(casino, sector, 8)
    nine = make_table(casino, sector, 9)
    boss = act(staff["pit_boss"], Role.PIT_BOSS)
    sup2 = act(staff["supervisor2"], Role.SUPERVISOR)
    # Table 9 is open (signed) with another croupier and no packs: the overview flags it.
    # Table 8's opening is counted and waits for its signatures.
    croupier3 = make_staff(casino, "croupier3", Role.CROUPIER, pin="2468")
    for other, croupier, sign in ((nine, staff["croupier2"], "5678"), (eight, croupier3, "")):
        session = tables.session_open(
            actor=boss, table=other, supervisor=staff["supervisor2"], croupier=croupier
        )
        prep_checklists(boss, sup2, session)
        sheet = OpeningSheet.objects.get(session=session)
        lines = [
            {
                "denomination": x.denomination_id,
                "stacks": x.expected_count // 20,
                "loose": x.expected_count % 20,
            }
            for x in sheet.ordered_lines()
        ]
        tables.opening_count_record(actor=sup2, sheet=sheet, lines=lines)
        if sign:
            tables.opening_sign(
                actor=sup2, sheet=sheet, role=Role.CROUPIER, signer=croupier, pin=sign
            )
            tables.opening_sign(actor=sup2, sheet=sheet, role=Role.SUPERVISOR)
            tables.opening_sign(actor=boss, sheet=sheet, role=Role.PIT_BOSS)
    store = DeckStore.objects.create(casino=casino, code="SEG", name="Depósito de seguridad")
    receipt = tables.deck_delivery_record(
        actor=act(staff["security"], Role.SECURITY),
        store=store,
        packs=[{"serial": "R7", "colour": "rojo"}, {"serial": "A7", "colour": "azul"}],
    )
    tables.deck_receipt_sign(actor=boss, receipt=receipt)
    return {"table": table, "packs": {p.serial: p for p in Pack.objects.all()}}


PEOPLE: list[Person] = []


def dump_pages(name: str) -> None:
    """On a failure: each open page's picture and HTML under var/e2e-failures/ to look at."""
    out = Path(__file__).resolve().parents[2] / "var" / "e2e-failures"
    out.mkdir(parents=True, exist_ok=True)
    for person in PEOPLE:
        try:
            person.page.screenshot(path=str(out / f"{name}-{person.username}.png"), full_page=True)
            (out / f"{name}-{person.username}.html").write_text(person.page.content())
        except Exception:  # noqa: BLE001, S112 - a closed page has nothing to show
            continue


def where_is(person: Person) -> str:
    try:
        text = person.page.locator("main").inner_text(timeout=2_000)
    except Exception:  # noqa: BLE001 - a page without <main> or closed
        text = "(no <main>)"
    return f"{person.username} at {person.page.url}: {' '.join(text.split())[:600]}"


class Person:
    """One member of staff with their own browser (own cookies), on a tablet or a desk."""

    def __init__(self, browser, base_url: str, username: str, viewport=TABLET) -> None:
        self.username = username
        PEOPLE.append(self)
        self.context = browser.new_context(viewport=viewport, locale="es-AR", base_url=base_url)
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        login(self.page, username, PASSWORD)

    def go(self, url: str) -> Page:
        self.page.goto(url)
        return self.page

    def submit(self, button) -> None:  # type: ignore[no-untyped-def]
        """Click a button that posts a form and wait for the page that answers."""
        submit(self.page, button.click)

    def close(self) -> None:
        self.context.close()
        PEOPLE.remove(self)


def check_page(page: Page, name: str, *, portrait: bool = False) -> None:
    """No serious accessibility violation; screenshots at tablet and desktop widths."""
    violations = axe_serious(page)
    assert violations == [], (name, [(v["id"], v["nodes"][0]["target"]) for v in violations])
    size = page.viewport_size
    page.set_viewport_size(TABLET)
    screenshot(page, f"{name}-tablet")
    page.set_viewport_size(DESKTOP)
    screenshot(page, f"{name}-desktop")
    if portrait:
        page.set_viewport_size(TABLET_PORTRAIT)
        screenshot(page, f"{name}-portrait")
    page.set_viewport_size(size or TABLET)


def success(page: Page) -> str:
    message = page.locator("#messages .msg-success").first
    expect(message).to_be_visible()
    return message.inner_text()


def test_a_day_at_the_table(browser, live_server, staff, floor):
    PEOPLE.clear()
    try:
        a_day_at_the_table(browser, live_server, staff, floor)
    except BaseException as exc:
        dump_pages("a-day-at-the-table")
        for person in PEOPLE:  # what each one saw, in the failure itself (CI keeps no files)
            exc.add_note(where_is(person))
        raise
    finally:
        for person in PEOPLE:
            person.context.close()


def a_day_at_the_table(browser, live_server, staff, floor) -> None:  # noqa: PLR0915
    from cage.models import Slip
    from hands.models import Hand
    from reports.models import Report
    from tables.models import ClosingSheet, OpeningSheet, Pack, TableSession

    base = live_server.url
    table = floor["table"]
    sup = Person(browser, base, "supervisor")
    boss = Person(browser, base, "pit_boss")

    # --- The supervisor opens the table (OPEN-16) -------------------------------------
    page = sup.go("/floor/tables/")
    page.get_by_role("link", name="Mesa 7").click()
    page.get_by_role("link", name="Abrir una sesión").click()
    page.select_option("#supervisor", "supervisor")
    page.select_option("#croupier", "croupier")
    sup.submit(page.get_by_role("button", name="Abrir la sesión"))
    success(page)
    session = TableSession.objects.get(table=table)
    # PREP-02..05: the supervisor's and the pit boss's checklists.
    for person in (sup, boss):
        p = person.go(f"/tables/{table.pk}/")
        checklist = f"form[action$='/act/checklist/{session.pk}/'] input[type=checkbox]"
        for box in p.locator(checklist).all():
            box.check()
        person.submit(p.get_by_role("button", name="Registrar la lista"))
        success(p)
    # Packs: the pit boss issues both to the table, the supervisor inspects them with
    # the croupier, the red one comes into play and the blue one waits in reserve.
    for serial in ("R7", "A7"):
        pack = floor["packs"][serial]
        p = boss.go(f"/tables/decks/{pack.pk}/")
        p.select_option("#m-to", "issued")
        p.select_option("#m-session", str(session.pk))
        boss.submit(p.get_by_role("button", name="Mover"))
        success(p)
        p = sup.go(f"/tables/decks/{pack.pk}/")
        # DECK-06: the three checks ticked by hand, the croupier chooses his name and types
        # his PIN on the supervisor's tablet.
        for box in ("face_down_ok", "face_up_ok", "complete"):
            p.locator(f"form:has(#i-with) input[name={box}]").check()
        p.select_option("#i-with", "croupier")
        p.fill("#i-pin", "1234")
        sup.submit(p.get_by_role("button", name="Inspeccionado, listo"))
        success(p)
        p.select_option("#m-to", "in_play" if serial == "R7" else "reserve")
        sup.submit(p.get_by_role("button", name="Mover"))
        success(p)
    # The opening count, as expected (OPEN-07..09).
    sheet = OpeningSheet.objects.get(session=session)
    page = sup.go(f"/tables/openings/{sheet.pk}/")
    for line in sheet.ordered_lines():
        page.fill(f"#st{line.denomination_id}", str(line.expected_count // 20))
        page.fill(f"#lo{line.denomination_id}", str(line.expected_count % 20))
    sup.submit(page.get_by_role("button", name="Registrar el conteo"))
    success(page)
    check_page(page, "opening-sheet")
    # The croupier signs with the PIN on the supervisor's terminal (ROLE-13), then the
    # supervisor signs.
    page.select_option("#sg-role", "croupier")
    page.select_option("#sg-signer", "croupier")
    page.fill("#sg-pin", "1234")
    sup.submit(page.get_by_role("button", name="Firmar", exact=True))
    assert "Firma registrada" in success(page)
    page.select_option("#sg-role", "supervisor")
    page.select_option("#sg-signer", "")
    sup.submit(page.get_by_role("button", name="Firmar", exact=True))
    success(page)
    # The pit boss sees it among the next tasks and signs it from the signing queue, in
    # place (htmx), as pit boss.
    page = boss.go("/")
    expect(page.locator("main")).to_contain_text(sheet.serial)
    check_page(page, "home")
    page = boss.go("/floor/queue/")
    item = page.locator(f"#q-opening-{sheet.pk}")
    expect(item).to_contain_text(sheet.serial)
    check_page(page, "queue")
    item.get_by_role("button", name="Firmar como Jefe de sector").click()
    expect(page.locator(f"#q-opening-{sheet.pk}")).to_contain_text("Firmada y cerrada")
    session.refresh_from_db()
    assert session.status == TableSession.Status.OPEN
    page = sup.go(f"/tables/{table.pk}/")
    sup.submit(page.get_by_role("button", name="Iniciar el juego"))
    success(page)

    # --- Buy-ins: three taps each from the table screen (BUYIN-06) ----------------------
    page = sup.go(f"/floor/tables/{table.pk}/")
    for seat, name in ((1, "Ana"), (3, "Beto"), (5, "Carla")):
        taps = 0
        page.get_by_role("link", name=f"Compra en el asiento {seat}", exact=True).click()
        taps += 1
        amount = page.locator("#p-amount")
        expect(amount).to_be_focused()
        expect(page.locator("#p-seat")).to_have_value(str(seat))
        amount.fill("500")
        expect(page.locator('input[name="note-500"]')).to_have_value("1")  # proposed
        page.fill("#p-name", name)
        submit(page, page.get_by_role("button", name="Confirmar la compra").click)
        taps += 1
        assert taps <= 3
        assert f"Compra de 500,00 registrada en el asiento {seat}." in success(page)
    expect(page.locator("#seat-1").locator("xpath=../..")).to_contain_text("Ana")
    page.get_by_role("link", name="Compra en el asiento 6", exact=True).click()
    # The panel arrives by htmx: type only once it is seat 6's (as in the loop above).
    expect(page.locator("#p-amount")).to_be_focused()
    expect(page.locator("#p-seat")).to_have_value("6")
    page.locator("#p-amount").fill("300")
    expect(page.locator('input[name="chip-50.00"]')).to_have_value("6")  # a fifth or less
    check_page(page, "table-buyin")
    page.get_by_role("link", name="Cancelar").click()

    # --- Three hands, the third invalid -------------------------------------------------
    def start_hand() -> Page:
        p = sup.go(f"/floor/tables/{table.pk}/")
        p.get_by_role("link", name="Nueva mano").click()
        expect(p.locator("#in-1")).to_be_checked()
        expect(p.locator("#stack-1")).not_to_have_value("")
        return p

    def act(p: Page, label: str) -> None:
        # The live hand answers in place (htmx, issue 13 §4): wait for the new panel.
        old = p.locator("#live-panel").element_handle()
        p.get_by_role("button", name=label, exact=True).click()
        wait_swapped(p, old)

    def store(p: Page) -> str:
        act(p, "Registrar la mano")  # the verdict at once, in place
        submit(p, p.get_by_role("link", name="Ver la mano").click)
        return p.locator("h1").inner_text() + p.locator("main").inner_text()

    # Hand 1: button seat 1, blinds 3 and 5; everyone folds to the big blind.
    page = start_hand()
    sup.submit(page.get_by_role("button", name="Empezar la mano"))
    check_page(page, "live-hand")
    act(page, "Se retira")
    act(page, "Se retira")
    assert "Válida" in store(page)
    # Hand 2: a raise, a call, the flop dealt, a bet and a fold.
    page = start_hand()
    assert page.locator("#button").input_value() == "3"  # the button moved one seat
    sup.submit(page.get_by_role("button", name="Empezar la mano"))
    # Three-handed the button (seat 3) speaks first; seat 5 posts the small blind.
    page.fill("#amt-raise", "30")
    act(page, "Sube")
    act(page, "Se retira")
    act(page, "Iguala 20,00")
    page.fill("#cards-typed", "2h 7d 9s")  # or tapped in the picker (issue 38 §5)
    act(page, "Repartir")
    expect(page.locator(".board")).to_have_text("2♥ 7♦ 9♠")  # the board with its suits
    act(page, "Pasa")
    page.fill("#amt-bet", "40")
    act(page, "Apuesta")
    act(page, "Se retira")
    assert "Válida" in store(page)
    # Hand 3: the supervisor types seat 1's stack wrong; the recorder holds it invalid.
    page = start_hand()
    wrong = Decimal(page.locator("#stack-1").input_value()) + 100
    page.fill("#stack-1", str(wrong))
    sup.submit(page.get_by_role("button", name="Empezar la mano"))
    act(page, "Se retira")
    act(page, "Se retira")
    verdict = store(page)
    assert "Inválida" in verdict and "CONTINUITY_MISMATCH" in verdict
    check_page(page, "hand-invalid")
    assert list(Hand.objects.order_by("number").values_list("status", flat=True)) == [
        "valid",
        "valid",
        "invalid",
    ]

    # --- Deck rotation (OQ-21) -----------------------------------------------------------
    page = sup.go(f"/floor/tables/{table.pk}/")
    # DECK-10: the croupier checked the outgoing pack complete; the box comes unticked.
    page.locator("input[name=outgoing_complete]").check()
    sup.submit(page.get_by_role("button", name="Rotar mazos"))
    success(page)
    assert Pack.objects.get(serial="A7").state == "in_play"
    assert Pack.objects.get(serial="R7").state == "rested"
    check_page(page, "table", portrait=True)
    # The pit boss's sector on one screen, with its alerts.
    page = boss.go("/floor/tables/")
    expect(page.locator("main")).to_contain_text("no tiene sus dos mazos")
    expect(page.locator("main")).to_contain_text("Sin firmar: Planilla de apertura")
    check_page(page, "tables", portrait=True)

    # --- A fill: pit boss, cage, security, croupier (PIN) and supervisor -------------------
    page = boss.go(f"/floor/tables/{table.pk}/")
    page.get_by_role("link", name="Pedir un relleno o crédito").click()
    page.select_option("#s-kind", "fill")
    page.fill('input[name="line-100.00"]', "20")
    boss.submit(page.get_by_role("button", name="Pedir y firmar"))
    slip = Slip.objects.get()
    label = slip_number_label(slip)  # "Relleno N.º 2026-000001" (issue 14 §5)
    assert f"{label} pedido y firmado." in success(page)
    cage = Person(browser, base, "cage_cashier", DESKTOP)
    page = cage.go("/cage/slips/")
    check_page(page, "slips")
    cage.submit(page.get_by_role("button", name=f"Emitir {label}"))
    success(page)
    cage.close()
    guard = Person(browser, base, "security")
    page = guard.go("/cage/slips/")
    guard.submit(page.get_by_role("button", name=f"Llevar {label}"))
    success(page)
    guard.close()
    # The supervisor receives it from the signing queue, in place: the croupier's PIN on
    # his terminal, then his own signature.
    page = sup.go("/floor/queue/")
    item = page.locator(f"#q-slip-{slip.pk}")
    expect(item).to_contain_text(label)
    expect(item).to_contain_text("2.000,00")
    check_page(page, "queue-slips")
    item.locator(f"#sg-q-slip-{slip.pk}").select_option("croupier")
    item.locator(f"#pin-q-slip-{slip.pk}").fill("1234")
    item.get_by_role("button", name="El croupier recibe").click()
    expect(item).to_contain_text("la firma del croupier quedó registrada")
    item.get_by_role("button", name="Recibir como Supervisor de mesa").click()
    expect(page.locator(f"#q-slip-{slip.pk}")).to_contain_text("completo")
    slip.refresh_from_db()
    assert slip.is_locked

    # --- Closing: last hand, count, empty rack, signatures; the pit boss signs last ------
    page = sup.go(f"/tables/{table.pk}/")
    page.get_by_text("Anunciar la última mano").click()
    page.fill("#l-num", "3")
    sup.submit(page.get_by_role("button", name="Anunciar", exact=True))
    success(page)
    page.get_by_text("Iniciar el cierre").first.click()
    page.select_option("#c-sec", "security")
    sup.submit(page.locator("form[action*='/act/closing/'] button"))
    success(page)
    closing = ClosingSheet.objects.get(session=session)
    page = sup.go(f"/tables/closings/{closing.pk}/")
    for line in closing.ordered_lines():
        page.fill(f"#st{line.denomination_id}", str(line.expected_count // 20))
        page.fill(f"#lo{line.denomination_id}", str(line.expected_count % 20))
    sup.submit(page.get_by_role("button", name="Registrar el conteo"))
    success(page)
    page.select_option("#eb-c", "croupier")
    page.fill("#eb-p", "1234")
    sup.submit(page.locator("form[action*='/act/empty-bank/'] button"))
    success(page)
    page.select_option("#sg-role", "croupier")
    page.select_option("#sg-signer", "croupier")
    page.fill("#sg-pin", "1234")
    sup.submit(page.get_by_role("button", name="Firmar", exact=True))
    page.select_option("#sg-role", "supervisor")
    page.select_option("#sg-signer", "")
    sup.submit(page.get_by_role("button", name="Firmar", exact=True))
    success(page)
    page = boss.go("/floor/queue/")
    item = page.locator(f"#q-closing-{closing.pk}")
    item.get_by_role("button", name="Firmar como Jefe de sector").click()
    expect(page.locator(f"#q-closing-{closing.pk}")).to_contain_text("Firmada y cerrada")
    session.refresh_from_db()
    assert session.status == TableSession.Status.CLOSED
    sup.close()
    boss.close()

    # --- The manager: the day's dashboard, the master report requested and downloaded ----
    manager = Person(browser, base, "shift_manager", DESKTOP)
    page = manager.go("/floor/day/")
    expect(page.locator("h1")).to_contain_text("Jornada")
    expect(page.locator(".chart svg").first).to_be_visible()
    check_page(page, "day")
    manager.submit(page.get_by_role("button", name="Informe maestro (PDF)"))
    report = Report.objects.get()
    row = page.locator(f"#report-{report.pk}")
    expect(row.get_by_role("link", name="Descargar")).to_be_visible()
    check_page(page, "reports")
    with page.expect_download() as download_info:
        row.get_by_role("link", name="Descargar").click()
    download = download_info.value
    assert re.fullmatch(r"INF-\d{4}-\d{6}\.pdf", download.suggested_filename)
    assert open(download.path(), "rb").read(5) == b"%PDF-"
    page = manager.go("/floor/audit/?action=report")
    expect(page.locator("tbody")).to_contain_text("report.")
    manager.close()
    auditor = Person(browser, base, "auditor", DESKTOP)
    page = auditor.go("/floor/audit/")
    page.fill("#a-user", "supervisor")
    page.select_option("#a-action", "cage")
    auditor.submit(page.get_by_role("button", name="Filtrar"))
    expect(page.locator("tbody")).to_contain_text("cage.buyin.record")
    expect(page.locator("tbody")).not_to_contain_text("hand.log")
    check_page(page, "audit")
    auditor.close()


def test_buyin_with_the_keyboard_alone_and_in_english(
    browser, live_server, staff, casino, gaming_day, sector
):  # issue 8 §5: keyboard only, visible focus, skip link; English by the switch
    from cage.models import TableTransaction
    from tests.reports.scenario import ready_for_hands

    session = ready_for_hands(staff, casino, sector, 7)
    sup = Person(browser, live_server.url, "supervisor")
    try:
        page = sup.go(f"/floor/tables/{session.table_id}/")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "skip-link"
        assert (
            page.evaluate("getComputedStyle(document.activeElement).left") != "-9999px"
        )  # the skip link shows when focused
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main"
        # Tab through the page to seat 2's buy-in; the focus ring is visible on the way.
        for _ in range(60):
            page.keyboard.press("Tab")
            name = page.evaluate("document.activeElement.innerText || ''")
            if name.replace("\n", " ").strip() == "Compra en el asiento 2":
                break
        else:
            raise AssertionError("the buy-in of seat 2 is not reachable with Tab")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
        page.keyboard.press("Enter")
        expect(page.locator("#p-amount")).to_be_focused()
        page.keyboard.type("200")
        expect(page.locator('input[name="note-200"]')).to_have_value("1")
        expect(page.locator('input[name="chip-25.00"]')).to_have_value("8")  # a fifth or less
        page.keyboard.press("Tab")  # the seat, already chosen
        page.keyboard.press("Tab")
        page.keyboard.type("Dora")  # the player's name
        submit(page, lambda: page.keyboard.press("Enter"))  # submits the form
        assert "Compra de 200,00 registrada en el asiento 2." in success(page)
        tx = TableTransaction.objects.latest("pk")
        assert (tx.seat, tx.amount, tx.player_name) == (2, Decimal("200"), "Dora")
        # English by the switch: the same screen, amounts as 1,234.50.
        submit(page, page.get_by_role("button", name="EN").click)
        expect(page.locator("main")).to_contain_text("Croupier on duty")
        expect(page.locator("main")).to_contain_text("500.00")
        assert axe_serious(page) == []
    finally:
        sup.close()
