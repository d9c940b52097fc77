"""The Content-Security-Policy in a real browser (issue 12 §8): no page breaks under it.

Chromium reports every blocked script, style or frame as a ``securitypolicyviolation``
event and a "Refused to ..." console message; both are collected over the main pages
(login, home, the table screen with its htmx buy-in panel, the role switch, cage,
tables, reports, the signing queue, the API docs) and none may appear. A double tap on
"Confirm the buy-in" records one buy-in (the one-time form token).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from casino.roles import Role
from tests.helpers import PASSWORD

from .conftest import login

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
    with page.expect_navigation():
        page.select_option("#role-select", Role.SUPERVISOR.value)
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
    with page.expect_navigation():
        # A double tap: two POSTs with the same form token, one buy-in.
        page.get_by_role("button", name="Confirmar la compra").dblclick()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#messages")).to_contain_text("Compra de 500,00 registrada")
    assert TableTransaction.objects.count() == before + 1
    tx = TableTransaction.objects.latest("pk")
    assert (tx.seat, tx.amount, tx.player_name) == (4, Decimal("500"), "Dora")
    seen["table+panel"] = _violations(page, console)
    console.clear()
    for url in ("/cage/", "/tables/", "/reports/", "/hands/"):
        visit(url)
    with page.expect_navigation():
        page.select_option("#role-select", Role.PIT_BOSS.value)
    visit("/floor/queue/")
    visit("/api/docs/")  # Swagger UI (sidecar) under its own relaxed policy
    expect(page.locator(".swagger-ui").first).to_be_visible()
    seen["/api/docs/ rendered"] = _violations(page, console)
    assert {url: found for url, found in seen.items() if found} == {}
