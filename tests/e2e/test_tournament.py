"""A whole tournament through the pages, in headless Chromium (issue 42 "done when").

Four people at four terminals, each logged in in the role they work in: the pit boss
writes the structure and creates the tournament and its payout table; the cashier
registers 47 players, 8 late entries and 5 re-entries (60 entries) and pays the prizes
against signed slips; the supervisor draws 7 tables (TOUR-01), marks the arrivals
(TOUR-02), runs the clock, records the busts, confirms each balancing plan and types each
dealer's PIN for the moves (TDA 10, 11; TOUR-05), plays hand-for-hand at the bubble with
two busts in one hand (RP-8), redraws the final table and proposes a three-way ICM deal;
the shift manager approves the payouts and the deal (ROLE-09) and signs the settlement,
then requests the tournament's report and the regulator's record, read back with
pdftotext. The room's TV clock refreshes by itself (MESA_POLL_SECONDS).

Setup the flow does not cover is made through the models: the casino and its staff, the
seven tables open as tournament sessions with their croupiers, the players' registry.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.helpers import PASSWORD
from tests.reports.conftest import pdf_text
from tests.tournaments.conftest import World, make_chips, structure
from tournaments import selectors
from tournaments.models import Tournament

from .conftest import TABLET, axe_serious, login, screenshot

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def terminal(browser, live_server, username: str) -> Page:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=TABLET, locale="es-AR", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(20_000)
    login(page, username, PASSWORD)
    return page


def press(page: Page, name: str, **kw) -> None:  # type: ignore[no-untyped-def]
    """Tap a button and wait for the page it leads to (every form posts and comes back)."""
    kw.setdefault("exact", True)
    with page.expect_navigation():
        page.get_by_role("button", name=name, **kw).first.click()


def live(t: Tournament) -> list:  # type: ignore[type-arg]
    return sorted(selectors.seating(t).seats.values(), key=lambda i: i.entry.number)


def test_a_whole_tournament_through_the_pages(  # noqa: PLR0915
    browser, live_server, casino, staff, sector, gaming_day, settings, tmp_path
):
    settings.MESA_POLL_SECONDS = 1
    settings.MEDIA_ROOT = tmp_path / "media"
    world = World(casino, staff, gaming_day, make_chips(casino))
    world.tables(*range(1, 8))
    players = world.players(55)
    rng = random.Random(7)

    pit = terminal(browser, live_server, "pit_boss")
    cash = terminal(browser, live_server, "cage_cashier")
    sup = terminal(browser, live_server, "supervisor")
    mgr = terminal(browser, live_server, "shift_manager")

    # The pit boss writes the structure and creates the tournament.
    pit.goto("/tournaments/")
    pit.get_by_label("Nombre", exact=True).first.fill("Viernes 1000")
    pit.get_by_label("Estructura (JSON").fill(json.dumps(structure()))
    press(pit, "Guardar la estructura")
    expect(pit.locator(".msg-success")).to_contain_text("Viernes 1000")
    pit.locator("#t-name").fill("Torneo del viernes")
    press(pit, "Crear el torneo")
    t = Tournament.objects.get()
    base = f"/tournaments/{t.pk}/"
    assert pit.url.endswith(base)

    # The cage registers 47 players: each a numbered receipt.
    cash.goto(base)
    for p in players[:47]:
        cash.locator("#reg-player").fill(str(p.pk))
        press(cash, "Inscribir y cobrar")
        expect(cash.locator(".msg-success")).to_contain_text("recibo TOR-")
    assert axe_serious(cash) == []

    # TOUR-01: the supervisor draws the seats at the seven tables.
    sup.goto(base + "tables/")
    sup.locator("#draw-tables").fill("1, 2, 3, 4, 5, 6, 7")
    press(sup, "Sortear los asientos")
    expect(sup.locator(".msg-success")).to_contain_text("47 jugadores")
    expect(sup.locator("article.t-table")).to_have_count(7)
    # Everyone arrives but two (TOUR-02).
    absent = {s.entry.number for s in live(t)[3:5]}
    for s in live(t):
        if s.entry.number not in absent:
            press(sup, f"Llegó el n.º {s.entry.number}")
    screenshot(sup, "tournament-tables")
    assert axe_serious(sup) == []

    # The clock starts; the room's TV follows it by itself.
    tv = terminal(browser, live_server, "auditor")
    tv.goto(base + "tv/")
    expect(tv.locator(".tv-status")).to_have_text("Sin comenzar")
    sup.goto(base + "clock/")
    with sup.expect_navigation():
        sup.locator("form:has(input[value='start']) button").click()
    expect(tv.locator(".tv-level")).to_have_text("Nivel 1", timeout=10_000)
    expect(tv.locator(".tv-blinds")).to_contain_text("25 / 50")
    sup.locator("#clock-level").select_option("2")
    press(sup, "Ir")
    expect(tv.locator(".tv-level")).to_have_text("Nivel 2", timeout=10_000)
    screenshot(tv, "tournament-tv")

    # TDA 8: eight late entries, each seated at once.
    for p in players[47:55]:
        cash.locator("#reg-player").fill(str(p.pk))
        press(cash, "Inscribir y cobrar")
        expect(cash.locator(".msg-success")).to_contain_text("Mesa")

    def balance() -> None:
        while not selectors.balance_plan(t).empty:
            sup.goto(base + "moves/")
            press(sup, "Confirmar el plan: hacer los cambios")
            while True:
                pin = sup.locator("input[name=pin]").first
                if not pin.count():
                    break
                form = sup.locator("form:has(input[name=pin])").first
                pin.fill("4321")
                form.get_by_label("Fichas a la vista").check()
                with sup.expect_navigation():
                    form.locator("button[type=submit]").click()
        assert selectors.moves_to_confirm(t) == []

    def bust(entry_number: int) -> None:
        sup.goto(base + "tables/")
        press(sup, f"Eliminar al n.º {entry_number}")
        expect(sup.locator(".msg-success")).to_contain_text("eliminado")

    balance()
    # Five busted players re-enter (TDA 8).
    for _ in range(5):
        victim = rng.choice([s for s in live(t) if s.entry.number not in absent])
        bust(victim.entry.number)
        cash.locator("#reg-player").fill(str(victim.entry.player_id))
        cash.locator("#reg-kind").select_option("re_entry")
        press(cash, "Inscribir y cobrar")
        expect(cash.locator(".msg-success")).to_contain_text("Mesa")
        balance()
    assert selectors.entry_counts(t)["entries"] == 60

    # Late registration closes; the absent players' stacks come off (TOUR-02).
    sup.goto(base + "clock/")
    sup.locator("#clock-level").select_option("5")
    press(sup, "Ir")
    sup.goto(base + "tables/")
    press(sup, "Retirar las fichas de los ausentes (TOUR-02)")
    expect(sup.locator(".msg-success")).to_contain_text("Ausentes retirados: 2")
    balance()

    # TOUR-07, ROLE-09: the payout table proposed, approved and signed by the manager.
    pit.goto(base)
    press(pit, "Proponer la tabla de premios")
    mgr.goto(base)
    press(mgr, "Aprobar y firmar la tabla de premios")
    expect(mgr.locator(".payout-table").first).to_contain_text("19.100,00")

    broken: set[int] = set()
    while len(seated := live(t)) > 10:
        bust(rng.choice(seated).entry.number)
        before = {tt.table.number for tt in selectors.tables_in_play(t)}
        balance()
        broken |= before - {tt.table.number for tt in selectors.tables_in_play(t)}
    assert len(broken) >= 3, broken

    # The bubble (RP-8): hand-for-hand; two players bust in the same hand.
    sup.goto(base + "clock/")
    press(sup, "Empezar el mano por mano")
    expect(tv.locator(".tv-status")).to_have_text("Mano por mano", timeout=10_000)
    by_table: dict[int, list] = {}
    for s in live(t):
        by_table.setdefault(s.tt.table.number, []).append(s)
    a, b = (v[0] for v in by_table.values())
    for s in (a, b):
        sup.goto(base + "busts/")
        sup.locator("#bust-entry").select_option(str(s.entry.pk))
        sup.locator("#bust-stack").fill("12000")
        press(sup, "Registrar la eliminación")
    sup.goto(base + "clock/")
    press(sup, "Mano terminada en todas las mesas")
    press(sup, "Terminar el mano por mano")
    results = {r.entry.pk: r for r in selectors.results(t).rows}
    assert (results[a.entry.pk].place, results[a.entry.pk].place_to) == (9, 10)
    assert (results[b.entry.pk].place, results[b.entry.pk].place_to) == (9, 10)

    # The final table is redrawn.
    sup.goto(base + "moves/")
    expect(sup.locator("#plan-title ~ p strong")).to_contain_text("mesa final")
    balance()
    assert [tt.table.number for tt in selectors.tables_in_play(t)] == [7]
    while len(seated := live(t)) > 3:
        bust(rng.choice(seated).entry.number)

    # A three-way ICM deal: the floor proposes it, each player agrees, the manager signs.
    sup.goto(base)
    three = live(t)
    for s, chips in zip(three, (290000, 190000, 100000), strict=True):
        sup.locator(f"#stack-{s.entry.pk}").fill(str(chips))
    sup.locator("#deal-method").select_option("icm")
    press(sup, "Proponer el acuerdo")
    for s in three:
        press(sup, f"El n.º {s.entry.number} está conforme")
    mgr.goto(base)
    press(mgr, "Aprobar y firmar el acuerdo")
    t.refresh_from_db()
    assert t.status == "finished"

    # The cage pays every prize against a slip the player and the cashier sign.
    cash.goto(base)
    while cash.locator("form:has(input[name=player_signed_name])").count():
        form = cash.locator("form:has(input[name=player_signed_name])").first
        form.locator("input[name=player_signed_name]").fill("Firma del jugador")
        with cash.expect_navigation():
            form.locator("button[type=submit]").click()
        expect(cash.locator(".msg-success")).to_contain_text("TPS-")
    totals = selectors.ledger_totals(t)
    assert str(totals.prizes_paid) == "60000.00"
    cash.locator("#settle-counted").fill("6000.00")
    press(cash, "Registrar el conteo")
    mgr.goto(base)
    press(mgr, "Firmar el cierre")
    expect(mgr.locator("#settle-title ~ p .badge")).to_have_text("firmado")
    screenshot(mgr, "tournament-overview")

    # The report and the regulator's record, requested from the tournament's page.
    for label, expected in (
        ("Informe del torneo", ["Pozo de premios $ 60.000,00", "Reingresos 5"]),
        ("Registro del torneo para el regulador", ["Retenido por la casa $ 6.000,00"]),
    ):
        mgr.goto(base)
        press(mgr, label)
        row = mgr.locator("table.data tbody tr").first
        expect(row.get_by_role("link", name="Descargar")).to_be_visible(timeout=60_000)
        with mgr.expect_download() as info:
            row.get_by_role("link", name="Descargar").click()
        path = Path(tmp_path) / f"{label}.pdf"
        info.value.save_as(path)
        text = re.sub(r"\s+", " ", pdf_text(path))
        for words in expected:
            assert words in text, (label, words)
