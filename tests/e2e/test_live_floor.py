"""The live hand at the table, in Chromium, as supervisors work it (issue 38).

- Two tablets on one hand (§1): the second, on a stale screen, taps an action and the
  undo; both are refused as "the hand changed on another device", nothing is written,
  and the tablet shows the hand as it is; then it refreshes by itself, untouched.
- The showdown without cards (§2): "Muestra, sin registrar las cartas" for both; the
  store button is not offered until the pot's winner is recorded with a reason; the
  table screen then shows only the chips recorded.
- The typical hand at 1024 x 768 and 768 x 1024 (§4, §5): from the table screen to the
  stored hand in at most 16 taps, each target on the first screen before its tap (no
  scroll), no jump after it, no page load; a refusal is on the first screen too.

The table is made through the services (``ready_for_hands``: table 7 in play, seats 1, 3,
5 bought in; the others buy in here), as in ``test_floor_flow.py``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from benchmarks.floor import Tablet, play_typical_hand
from casino.roles import Role
from tests.helpers import PASSWORD

from .conftest import login, wait_swapped
from .test_live_hand import small_controls

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
LANDSCAPE = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}
CHANGED = "La mano cambió en otra terminal: revise y repita."


def _table(staff, casino, sector, seats):  # type: ignore[no-untyped-def]
    from cage import services as cage
    from tests.reports.scenario import act, ready_for_hands

    sector.pit_bosses.add(staff["pit_boss"])
    session = ready_for_hands(staff, casino, sector, 7)
    sup = act(staff["supervisor"], Role.SUPERVISOR)
    for seat in seats:
        if seat in (1, 3, 5):
            continue
        cage.buyin_record(
            actor=sup,
            session=session,
            seat=seat,
            amount="500",
            croupier=staff["croupier"],
            player_name=f"Jugador {seat}",
            cash=[{"value": "100", "count": 5}],
            chips=[("100", 5)],
        )
    return session


@pytest.fixture
def ten_players(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    return _table(staff, casino, sector, range(1, 11))


@pytest.fixture
def three_players(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    return _table(staff, casino, sector, (1, 3, 5))


def _tablet(browser, live_server, viewport=LANDSCAPE) -> Page:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=viewport, locale="es-AR", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    login(page, "supervisor", PASSWORD)
    return page


def _tap(page: Page, locator) -> None:  # type: ignore[no-untyped-def]
    old = page.locator("#live-panel").element_handle()
    locator.click()
    wait_swapped(page, old)


def _button(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator("#live-panel .live-act").get_by_role("button", name=name, exact=True)


def _start(page: Page, session) -> None:  # type: ignore[no-untyped-def]
    """The hand started from its form, as proposed (the quick start from the table screen
    is the typical hand's first tap)."""
    page.goto(f"/hands/sessions/{session.pk}/live/")
    with page.expect_navigation():
        page.get_by_role("button", name="Empezar la mano").click()
    expect(page.locator("#live-panel")).to_be_visible()


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["1024x768", "768x1024"])
def test_the_typical_hand_on_the_first_screen_in_sixteen_taps(
    browser, live_server, staff, ten_players, viewport
):  # HREC-02, BET-24
    from hands.models import Hand

    page = _tablet(browser, live_server, viewport)
    try:
        tally = play_typical_hand(page, f"/floor/tables/{ten_players.table_id}/")
        print(
            f"\ntypical hand at {viewport['width']}x{viewport['height']}: {tally.taps} taps, "
            f"{tally.keystrokes} keystrokes, scrolls {tally.scrolled_taps}, jumps "
            f"{tally.jumps}, off screen {tally.off_screen}, {tally.loads} page loads"
        )
        assert tally.taps <= 16
        assert tally.scrolled_taps == [] and tally.jumps == [] and tally.off_screen == []
        assert tally.loads == 0
        hand = Hand.objects.get(session=ten_players)
        assert (hand.status, hand.source) == ("valid", "live")
        assert [a["action"] for a in hand.record["actions"]][-3:] == ["check", "show", "show"]
        # The big blind's kings won the 145 pot, less the rake.
        bb = [s for s in hand.verdict.pots[0]["winners"]]
        assert len(bb) == 1 and Decimal(hand.verdict.finishing[str(bb[0])]) > Decimal("500")
        assert small_controls(page) == [], small_controls(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["1024x768", "768x1024"])
def test_a_refusal_and_what_the_next_tap_needs_are_on_the_first_screen(
    browser, live_server, staff, ten_players, viewport
):  # BET-24
    page = _tablet(browser, live_server, viewport)
    try:
        _start(page, ten_players)
        t = Tablet(page)
        # An amount below the minimum raise: refused, the reason on the first screen.
        page.locator("#amt-raise").fill("11")
        t.tap(page.locator("#live-panel .sizing button[type=submit]"), "raise to 11")
        alert = page.locator("#live-panel [role=alert]")
        expect(alert).to_contain_text("menor que el mínimo")
        assert t.on_screen(alert)
        for selector in ("#amt-raise", ".options button", ".fold-to button", ".undo"):
            assert t.on_screen(page.locator(f"#live-panel {selector}").first), selector
        assert t.tally.scrolled_taps == [] and t.tally.jumps == []
    finally:
        page.context.close()


def test_two_tablets_on_one_hand(browser, live_server, staff, three_players):
    # Issue 38 §1: tablet A acts; tablet B, still showing the hand before it, taps an
    # action and then the undo: both refused as a changed hand, not as a player's fault,
    # nothing written; then B refreshes by itself.
    from hands.models import LiveHand

    def recorded() -> list[tuple[int, str]]:
        return [(x["seat"], x["action"]) for x in LiveHand.objects.get().record["actions"]]

    a = _tablet(browser, live_server)
    b = _tablet(browser, live_server)
    try:
        _start(a, three_players)  # button 1 (three-handed, it speaks first), blinds 3 and 5
        b.goto(a.url)
        expect(b.locator("#next")).to_contain_text("Le toca al asiento 1")
        # B's poll is held back for now (its answer would refresh it): a tablet that has
        # not refreshed yet.
        b.route("**/hands/live/*/?v=*", lambda route: route.abort())
        _tap(a, _button(a, "Iguala 10,00"))  # seat 1 calls
        expect(a.locator("#next")).to_contain_text("Le toca al asiento 3")
        # B, stale, taps "Se retira" for seat 1: before issue 38, "Acción fuera de turno:
        # le toca a asiento 3, actuó asiento 1", the player's fault.
        _tap(b, _button(b, "Se retira"))
        alert = b.locator("#live-panel [role=alert]")
        expect(alert).to_have_text(CHANGED)
        assert "fuera de turno" not in b.locator("#live-panel").inner_text().lower()
        assert Tablet(b).on_screen(alert)
        assert recorded() == [(1, "call")]
        expect(b.locator("#next")).to_contain_text("Le toca al asiento 3")  # the hand now
        # A records seat 3's call; B's undo, on the screen it has, would take it back
        # though B never saw it: refused (before issue 38 it was silently removed).
        _tap(a, _button(a, "Iguala 5,00"))
        _tap(b, b.locator("#live-panel .undo"))
        expect(b.locator("#live-panel [role=alert]")).to_have_text(CHANGED)
        assert recorded() == [(1, "call"), (3, "call")]
        # B refreshes by itself within a few seconds once its poll goes through, untouched.
        b.unroute("**/hands/live/*/?v=*")
        _tap(a, _button(a, "Pasa"))  # the big blind checks: the flop is next
        expect(a.locator("#next")).to_have_text("Reparta el flop: 3 cartas")
        expect(b.locator("#next")).to_have_text("Reparta el flop: 3 cartas", timeout=8_000)
        expect(b.locator("#live-panel [role=alert]")).to_have_count(0)
        assert recorded() == [(1, "call"), (3, "call"), (5, "check")]
    finally:
        a.context.close()
        b.context.close()


def test_the_showdown_without_cards_is_stored_only_with_its_winner(
    browser, live_server, staff, three_players
):  # SHOW-14, HREC-06
    from hands.models import Hand
    from tables.selectors import seat_at

    page = _tablet(browser, live_server)
    try:
        _start(page, three_players)
        # Button 1 (three-handed: it speaks first, blinds 3 and 5): calls and a check.
        _tap(page, _button(page, "Iguala 10,00"))
        _tap(page, _button(page, "Iguala 5,00"))
        _tap(page, _button(page, "Pasa"))
        for street in (("Ah", "7d", "2c"), ("Js",), ("5d",)):
            t = Tablet(page)
            t.cards(street, "board")
            _tap(page, _button(page, "Todos pasan"))
        # The three show, their cards not entered.
        for _seat in range(3):
            _tap(page, _button(page, "Muestra, sin registrar las cartas"))
        expect(page.locator("#next")).to_have_text(
            "¿Quién se llevó el bote? Las cartas no lo dicen"
        )
        expect(page.get_by_role("button", name="Registrar la mano")).to_have_count(0)
        form = page.locator("#live-panel form.award")
        expect(form).to_contain_text("bote principal 30,00")
        form.get_by_label("asiento 3").check()
        page.select_option("#award-reason-0", "unreadable")
        _tap(page, form.get_by_role("button", name="Registrar quién se lo llevó"))
        expect(page.locator("#live-panel .winners")).to_contain_text("asiento 3")
        _tap(page, _button(page, "Registrar la mano"))
        expect(page.locator("#live-panel")).to_contain_text("Válida")
        hand = Hand.objects.get()
        assert hand.status == "valid"
        assert [v.code for v in hand.violation_rows.all()] == ["AWARD_BY_FLOOR"]
        # The table screen: +20 to seat 3 (less the rake), -10 to the others; nothing invented.
        page.goto(f"/floor/tables/{three_players.table_id}/")
        for seat, stack in ((1, "490,00"), (5, "490,00")):
            card = page.locator(f"#seat-{seat}").locator("xpath=../..")
            expect(card).to_contain_text(stack)
        assert seat_at(three_players, 3).stack == Decimal("520.00") - hand.rake
    finally:
        page.context.close()


def _hand_one() -> dict:
    """Hand 1 as first stored (button 1, blinds 3 and 5): seat 1 raises to 100, both call,
    everyone checks down; seat 1's kings win a pot of 300 over queens and nine-eight."""
    checks = [{"action": "check", "seat": s} for s in (3, 5, 1)]
    return {
        "button": 1,
        "seats": [{"seat": s, "stack": "500", "name": f"Jugador {s}"} for s in (1, 3, 5)],
        "actions": [
            {"action": "raise", "seat": 1, "amount": "100"},
            {"action": "call", "seat": 3},
            {"action": "call", "seat": 5},
            {"action": "board", "cards": "Ah7d2c"},
            *checks,
            {"action": "board", "cards": "Js"},
            *checks,
            {"action": "board", "cards": "5d"},
            *checks,
            {"action": "show", "seat": 3, "cards": "QhQc"},
            {"action": "show", "seat": 5, "cards": "9s8s"},
            {"action": "show", "seat": 1, "cards": "KsKd"},
        ],
    }


def test_a_correction_of_a_stored_hand_after_the_next_hand_started(
    browser, live_server, staff, three_players, tmp_path
):  # HREC-09, HREC-07, HREC-08, RAKE-08
    # Hand 1 was stored valid; hand 2 was dealt and stored. Then it comes out that seat 3
    # showed aces, not queens: the supervisor corrects hand 1 from its page, in the live
    # editor; the pit boss signs it from his Por firmar; the rake is posted again and hand
    # 2's continuity is flagged; the hand's page, its PDF and the audit report show it.
    from cage.selectors import rake_ledger
    from hands import services
    from hands.models import Hand, HandRevisionApproval
    from tests.reports.conftest import pdf_text, render
    from tests.reports.scenario import act

    sup = act(staff["supervisor"], Role.SUPERVISOR)
    one = services.hand_log(actor=sup, session=three_players, data=_hand_one())
    assert one.status == "valid" and one.rake > 0
    two = services.hand_log(
        actor=sup,
        session=three_players,
        data={
            "button": 3,
            "seats": [
                {"seat": s, "stack": one.verdict.finishing[str(s)], "name": f"Jugador {s}"}
                for s in (1, 3, 5)
            ],
            "actions": [{"action": "fold", "seat": 3}, {"action": "fold", "seat": 5}],
        },
    )
    assert two.status == "valid"
    page = _tablet(browser, live_server)
    boss = _tablet(browser, live_server)
    try:
        page.goto(f"/hands/{one.pk}/")
        with page.expect_navigation():
            page.get_by_role("button", name="Corregir la mano").click()
        expect(page.locator("h1")).to_contain_text("Corrección de la mano 1")
        # The stored record is in the editor: its actions, to change the one that was wrong.
        shows = page.locator("#live-panel ol.live-actions > li")
        expect(shows).to_have_count(len(one.record["actions"]))
        item = page.locator("#live-panel ol.live-actions > li").nth(15)  # seat 3 shows
        expect(item).to_contain_text("asiento 3: muestra")
        item.locator("summary").click()
        item.get_by_label("Cartas").fill("As Ac")
        _tap(page, item.get_by_role("button", name="Cambiarla"))
        expect(page.locator("#live-panel ol.live-actions > li").nth(15)).to_contain_text("A♠ A♣")
        page.get_by_label("Motivo de la corrección").fill("El asiento 3 mostró ases, no damas")
        _tap(page, page.get_by_role("button", name="Registrar la corrección"))
        expect(page.locator("#live-panel")).to_contain_text("Corrección de la mano 1 registrada")
        expect(page.locator("#live-panel")).to_contain_text("cuando el jefe de sector la firme")
        revision = Hand.objects.get(revision_of=one)
        assert revision.status == "valid" and revision.verdict.pots[0]["winners"] == [3]
        assert rake_ledger(three_players) == one.rake  # nothing moves before the signature
        # The pit boss signs it from his Por firmar.
        boss.context.clear_cookies()
        login(boss, "pit_boss", PASSWORD)
        boss.goto("/floor/queue/")
        item = boss.locator("li", has_text="Corrección de la mano 1")
        expect(item).to_contain_text("El asiento 3 mostró ases, no damas")
        item.get_by_role("button", name="Firmar la revisión como Jefe de sector").click()
        expect(boss.locator("main")).to_contain_text(
            "La corrección está firmada: vale desde ahora."
        )
        assert HandRevisionApproval.objects.get().is_locked
        # RAKE-08: the original posting reversed, the revision's posted.
        assert rake_ledger(three_players) == revision.rake
        # The hand's page: who, when and why; the signature; hand 2's continuity flagged.
        page.goto(f"/hands/{one.pk}/")
        chain = page.locator("section[aria-labelledby=chain-title]")
        expect(chain).to_contain_text("El asiento 3 mostró ases, no damas")
        expect(chain).to_contain_text("firmada por")
        expect(chain).to_contain_text("Mano 2, asiento 3")
        # The hand-history PDF and the manager's audit report (read as printed).
        pdf = pdf_text(
            render("hands", three_players.casino, {"session": three_players.pk}).pdf, tmp_path
        )
        assert "El asiento 3 mostró ases, no damas" in pdf and "firmada por" in pdf
        day = three_players.gaming_day.business_date.isoformat()
        audit = pdf_text(render("exceptions", three_players.casino, {"date": day}).pdf, tmp_path)
        assert "Mano 1: revisión por" in " ".join(audit.split())
    finally:
        page.context.close()
        boss.context.close()
