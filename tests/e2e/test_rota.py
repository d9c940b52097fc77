"""The dealers' rota in headless Chromium (issue 44 §3): the pit boss plans the shift by
ticking the croupiers and the tables, the floor reads now and next on the first screen of
a 1024 x 768 tablet, and a table closing mid-shift is re-planned in one tap."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rota.models import RotaPlan
from tests.helpers import PASSWORD
from tests.rota.conftest import croupiers, room  # noqa: F401
from tests.tables.conftest import chip_set  # noqa: F401

from .conftest import axe_serious, login, submit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_plan_follow_and_replan_a_table_closing(page, staff, gaming_day, croupiers, room):  # noqa: F811  # ROLE-03
    page.set_viewport_size({"width": 1024, "height": 768})
    login(page, "pit_boss", PASSWORD)
    page.goto("/rota/")
    for user in croupiers:
        page.locator(f"input[name=croupiers][value='{user.username}']").check()
    for table in room[:3]:
        page.get_by_label(str(table)).check()
    submit(page, lambda: page.get_by_role("button", name="Planificar la rotación").click())
    expect(page.get_by_text("Rotación planificada.")).to_be_visible()
    now_table = page.locator("#rota-now")
    expect(now_table).to_be_visible()
    box = now_table.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768, box  # the first screen
    for table in room[:3]:
        expect(page.locator(f"tr[data-table='{table.number}']")).to_be_visible()
    assert not axe_serious(page)
    row = page.locator(f"tr[data-table='{room[0].number}']")
    submit(page, lambda: row.get_by_role("button", name="Mesa cerrada: re-planificar").click())
    expect(page.get_by_text("versión 2").first).to_be_visible()
    assert RotaPlan.objects.count() == 2
    assert RotaPlan.objects.get(version=2).reason == "table_closed"
