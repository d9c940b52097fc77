"""The Content-Security-Policy in a real browser (issue 12 §8): no page breaks under it.

Chromium reports every blocked script, style or frame as a ``securitypolicyviolation``
event and a "Refused to ..." console message; both are collected over the main pages
(login, home, the table screen with its htmx buy-in panel, the role switch, cage,
tables, reports, the signing queue, the API docs; every page of an open day and the live
hand's panel as it is swapped after a tap) and none may appear. A double tap on
"Confirm the buy-in" records one buy-in (the one-time form token).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from casino.roles import Role
from tests.helpers import PASSWORD

from .conftest import login, submit, wait_swapped

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sourceFile);
});
"""


def _watch(page):  # type: ignore[no-untyped-def]
    console: list[str] = []
    page.on(
        "console",
        lambda msg: (
            console.append(msg.text)
            if "Content Security Policy" in msg.text or msg.text.startswith("Refused to")
            else None
        ),
    )
    page.add_init_script(_LISTEN)
    return console


def _violations(page, console: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    return [*console, *page.evaluate("window.__csp || []")]


@pytest.fixture
def in_play(staff, casino, gaming_day, sector):  # type: ignore[no-untyped-def]
    from tests.reports.scenario import ready_for_hands

    return ready_for_hands(staff, casino, sector, 7)  # seats 1, 3 and 5 bought in


def test_no_csp_violation_on_the_main_pages(page, staff, in_play):
    # issue 12 §8: CSP without inline scripts, every page still works
    from cage.models import TableTransaction

    console = _watch(page)
    page.goto("/login/")
    assert _violations(page, console) == []
    staff["supervisor"].groups.add(*staff["pit_boss"].groups.all())  # two roles: the switch
    login(page, "supervisor", PASSWORD)
    seen: dict[str, list[str]] = {}

    def visit(url: str) -> None:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        seen[url] = _violations(page, console)
        console.clear()

    table = f"/floor/tables/{in_play.table_id}/"
    visit("/")
    # The role switch (its onchange= moved to static/js/mesa.js) still sends on change.
    submit(page, lambda: page.select_option("#role-select", Role.SUPERVISOR.value))
    expect(page.locator("#role-select")).to_have_value(Role.SUPERVISOR.value)
    visit(table)
    # The htmx panel: arrives, proposes the chips as the amount is typed, confirms.
    page.get_by_role("link", name="Compra en el asiento 4", exact=True).click()
    expect(page.locator("#p-seat")).to_have_value("4")
    expect(page.locator("#p-amount")).to_be_focused()
    page.locator("#p-amount").fill("500")
    expect(page.locator('input[name="note-500"]')).to_have_value("1")
    page.fill("#p-name", "Dora")
    before = TableTransaction.objects.count()
    # A double tap: two POSTs with the same form token, one buy-in. The browser aborts the
    # first navigation for the second: the test waits for the answer, not a navigation.
    page.get_by_role("button", name="Confirmar la compra").dblclick()
    expect(page.locator("#messages")).to_contain_text("Compra de 500,00 registrada")
    page.wait_for_load_state("networkidle")
    assert TableTransaction.objects.count() == before + 1
    tx = TableTransaction.objects.latest("pk")
    assert (tx.seat, tx.amount, tx.player_name) == (4, Decimal("500"), "Dora")
    seen["table+panel"] = _violations(page, console)
    console.clear()
    for url in ("/cage/", "/tables/", "/reports/", "/hands/"):
        visit(url)
    submit(page, lambda: page.select_option("#role-select", Role.PIT_BOSS.value))
    visit("/floor/queue/")
    visit("/api/docs/")  # Swagger UI (sidecar) under its own relaxed policy
    expect(page.locator(".swagger-ui").first).to_be_visible()
    seen["/api/docs/ rendered"] = _violations(page, console)
    assert {url: found for url, found in seen.items() if found} == {}


def test_no_csp_violation_on_any_page_of_an_open_day(page, staff, in_play):
    # issue 40 §4: every page of the day as the supervisor, the pit boss and the manager,
    # and the in-page updates (the buy-in panel's proposal, a queue item signed in place,
    # the live hand's panel): not one violation in the console.
    from django.urls import reverse

    from casino.roles import Role
    from hands import services as hands
    from tables.models import OpeningSheet, Pack
    from tests.reports.scenario import act, showdown

    hand = hands.hand_log(
        actor=act(staff["supervisor"], Role.SUPERVISOR), session=in_play, data=showdown(5)
    )
    user = staff["supervisor"]
    for role in (Role.PIT_BOSS, Role.SHIFT_MANAGER, Role.AUDITOR):
        user.groups.add(*staff[role.value].groups.all())
    console = _watch(page)
    login(page, "supervisor", PASSWORD)
    sheet = OpeningSheet.objects.get(session=in_play)
    pages = {
        Role.SUPERVISOR: [
            "/",
            reverse("floor:tables"),
            reverse("floor:table", args=[in_play.table_id]),
            reverse("tables:index"),
            reverse("tables:table", args=[in_play.table_id]),
            reverse("tables:opening", args=[sheet.pk]),
            reverse("tables:decks"),
            *(reverse("tables:pack", args=[p.pk]) for p in Pack.objects.filter(session=in_play)),
            reverse("hands:list"),
            reverse("hands:detail", args=[hand.pk]),
            reverse("hands:replay", args=[hand.pk]),
            reverse("hands:session", args=[in_play.pk]),
            reverse("hands:live_start", args=[in_play.pk]),
            reverse("cage:index"),
            reverse("cage:session", args=[in_play.pk]),
            reverse("reports:list"),
            reverse("tables:sanctions"),
        ],
        Role.PIT_BOSS: ["/", reverse("floor:queue"), reverse("floor:tables"), "/tables/queue/"],
        Role.SHIFT_MANAGER: [reverse("floor:day"), reverse("floor:audit"), reverse("cage:alerts")],
    }
    seen: dict[str, list[str]] = {}
    for role, urls in pages.items():
        submit(page, lambda r=role: page.select_option("#role-select", r.value))
        for url in urls:
            page.goto(url)
            page.wait_for_load_state("networkidle")
            seen[f"{role.value} {url}"] = _violations(page, console)
            console.clear()
    # The in-page updates: the buy-in panel arrives, proposes as the amount is typed.
    submit(page, lambda: page.select_option("#role-select", Role.SUPERVISOR.value))
    page.goto(reverse("floor:table", args=[in_play.table_id]))
    page.get_by_role("link", name="Compra en el asiento 4", exact=True).click()
    expect(page.locator("#p-amount")).to_be_focused()
    for amount in ("2", "20", "200"):
        page.locator("#p-amount").fill(amount)
    expect(page.locator('input[name="note-200"]')).to_have_value("1")
    page.wait_for_load_state("networkidle")
    seen["the buy-in panel and its proposals"] = _violations(page, console)
    console.clear()
    # The live hand's panel: the hand started from its form, a tap answered in place (htmx
    # swaps the panel; a style attribute in the swapped HTML is a violation of its own).
    page.goto(reverse("hands:live_start", args=[in_play.pk]))
    with page.expect_navigation():
        page.get_by_role("button", name="Empezar la mano").click()
    expect(page.locator("#live-panel")).to_be_visible()
    old = page.locator("#live-panel").element_handle()
    page.locator("#live-panel .live-act").get_by_role("button", name="Se retira").first.click()
    wait_swapped(page, old)
    page.wait_for_load_state("networkidle")
    seen["the live hand's panel, started and a tap"] = _violations(page, console)
    assert {where: found for where, found in seen.items() if found} == {}
    # The watch itself sees a violation when there is one: an inline style put on the page.
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<p style=\\'color: red\\'>x</p>')"
    )
    expect(page.locator("p", has_text="x").last).to_be_attached()
    page.wait_for_function("window.__csp && window.__csp.length > 0")
    assert any("style-src" in v for v in _violations(page, console))
