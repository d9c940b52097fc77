"""Help one tap away in a real browser (issue 17 §6): on the table screen of a tablet the
supervisor taps the help button and reads the steps; in English after the language
switch. No JavaScript is needed: the panel is a ``<details>`` element."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers import PASSWORD

from .conftest import TABLET, login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_supervisor_taps_help_on_the_table_screen(
    browser, live_server, staff, casino, gaming_day, sector
):
    from casino.help import topics_for
    from tests.reports.scenario import ready_for_hands

    session = ready_for_hands(staff, casino, sector, 7)
    context = browser.new_context(
        viewport=TABLET, locale="es-AR", base_url=live_server.url, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        login(page, "supervisor", PASSWORD)
        page.goto(f"/floor/tables/{session.table_id}/")
        panel = page.locator("#page-help")
        steps = panel.locator(".help-topic[data-topic='chips'] li")
        expect(steps.first).to_be_hidden()  # closed until tapped
        page.get_by_text("Ayuda: los pasos").tap()
        expect(steps.first).to_be_visible()
        chips = topics_for("floor:table")[0]
        expect(steps).to_have_count(len(chips.steps))
        expect(steps.first).to_contain_text("entre el mínimo y el máximo de la mesa")
        expect(steps.first).to_contain_text(", ".join(chips.steps[0].refs))
        # English after the language switch; tapping again closes the panel.
        page.locator(".lang-switch button[value='en']").tap()
        page.wait_for_load_state()
        page.get_by_text("Help: the steps").tap()
        expect(steps.first).to_contain_text("between the table's minimum and maximum")
        page.get_by_text("Help: the steps").tap()
        expect(steps.first).to_be_hidden()
    finally:
        context.close()
