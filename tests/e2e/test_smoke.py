"""The login page and home in a real browser: Spanish by default, English by a switch, accessible."""

from __future__ import annotations

import pytest

from tests.helpers import PASSWORD

from .conftest import axe_serious, login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_login_home_language_switch_and_accessibility(page, staff):
    page.goto("/login/")
    assert page.locator("html").get_attribute("lang") == "es"
    assert axe_serious(page) == []
    login(page, "pit_boss", PASSWORD)
    assert page.get_by_role("heading", name="Próximas tareas").is_visible()
    assert axe_serious(page) == []
    page.get_by_role("button", name="EN").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name="Next tasks").is_visible()
    page.get_by_role("button", name="ES").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name="Próximas tareas").is_visible()


def test_keyboard_only_login(page, staff):
    page.goto("/login/")
    # The username field has the focus on arrival; everything else is Tab and Enter.
    assert page.evaluate("document.activeElement.id") == "id_username"
    page.keyboard.type("auditor")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/login" not in url)
    assert page.get_by_role("heading", name="Próximas tareas").is_visible()
