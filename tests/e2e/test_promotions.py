"""The promotion funds in headless Chromium at the room's sizes (issue 44 §2): a 1024 x 768
tablet, a 768 x 1024 touch tablet in portrait, and a desktop. The high-hand fund's page
shows the closed period's winner and its claim's button on the first screen; the claim
goes through its signatures (the winning table's supervisor, surveillance, the shift
manager last) and the cage pays its slips, the next step always on the first screen."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from urllib.parse import urlencode

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from hands import services as hands
from promotions import selectors
from promotions.models import JackpotClaim
from tests.helpers import PASSWORD
from tests.promotions.conftest import (  # noqa: F401
    bad_beat_hand,
    chip_set,
    hand_table,
    manager,
    next_hand_data,
    ready_session,
    store,
    sup,
)
from tests.promotions.test_high_hand_claims import high_fund

from .conftest import DESKTOP, axe_serious, login, submit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = {
    "1024x768": {"viewport": {"width": 1024, "height": 768}},
    "768x1024-touch": {"viewport": {"width": 768, "height": 1024}, "has_touch": True},
    "desktop": {"viewport": DESKTOP},
}


def on_first_screen(page, locator) -> None:  # type: ignore[no-untyped-def]
    """Visible without scrolling: the element's bottom inside the viewport at the top."""
    expect(locator).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def tap(locator, touch: bool) -> None:  # type: ignore[no-untyped-def]
    """A finger on a touch screen, a click elsewhere."""
    if touch:
        locator.tap()
    else:
        locator.click()


def person(browser, live_server, screen: dict, username: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(locale="es-AR", base_url=live_server.url, **screen)
    page = context.new_page()
    page.set_default_timeout(20_000)
    login(page, username, PASSWORD)
    return page


@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_a_high_hand_period_is_claimed_signed_and_paid_at_the_rooms_sizes(
    browser,
    live_server,
    screen,
    staff,
    gaming_day,
    manager,  # noqa: F811
    hand_table,  # noqa: F811
    sup,  # noqa: F811
    ready_session,  # noqa: F811
):
    # Issue 44 §2: the high-hand period paid with the bad beat's signatures, from the pages.
    fund = high_fund(manager, hand_table)
    first = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(loser="8s2h"))
    hands.hand_log(actor=sup, session=ready_session, data=next_hand_data(ready_session))
    now = timezone.localtime()
    query = urlencode(
        {
            "start": (now - timedelta(minutes=50)).strftime("%Y-%m-%dT%H:%M:%S"),
            "end": (now + timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%S"),
        }
    )
    fund_url = f"/promotions/funds/{fund.pk}/?{query}"
    shape = SCREENS[screen]
    touch = bool(shape.get("has_touch"))
    page = person(browser, live_server, shape, "supervisor")
    page.wait_for_timeout(1500)  # the period (to the second) has ended
    page.goto(fund_url)
    expect(page.locator(f"[data-winner='{first.pk}-3']")).to_be_visible()
    claim_button = page.get_by_role("button", name="Presentar el reclamo del período")
    on_first_screen(page, claim_button)
    assert not axe_serious(page)
    submit(page, lambda: tap(claim_button, touch))
    expect(page.get_by_text("Siguiente: firma el supervisor de la mesa.")).to_be_visible()
    claim = JackpotClaim.objects.get()
    sign = page.get_by_role("button", name="Firmar el reclamo")
    on_first_screen(page, sign)
    assert not axe_serious(page)
    submit(page, lambda: tap(sign, touch))
    expect(page.get_by_text("Reclamo firmado.")).to_be_visible()
    on_first_screen(page, page.locator("#claim-next"))
    expect(page.locator("#claim-next")).to_contain_text("vigilancia")
    page.context.close()

    for username, next_words in (
        ("surveillance", "confirma el gerente de turno"),
        ("shift_manager", "la caja paga los vales"),
    ):
        page = person(browser, live_server, shape, username)
        page.goto(f"/promotions/claims/{claim.pk}/")
        sign = page.get_by_role("button", name="Firmar el reclamo")
        on_first_screen(page, sign)
        submit(page, lambda sign=sign: tap(sign, touch))
        expect(page.locator("#claim-next")).to_contain_text(next_words)
        on_first_screen(page, page.locator("#claim-next"))
        page.context.close()

    page = person(browser, live_server, shape, "cage_cashier")
    page.goto(f"/promotions/claims/{claim.pk}/")
    for _ in range(2):
        pay = page.get_by_role("button", name="Pagar").first
        on_first_screen(page, pay)
        submit(page, lambda pay=pay: tap(pay, touch))
        expect(page.get_by_text("Vale pagado.")).to_be_visible()
    expect(page.locator("#claim-next")).to_contain_text("el fondo se repuso")
    assert not axe_serious(page)
    page.context.close()
    assert selectors.balance(fund) == Decimal("100.01")  # re-seeded to the posted seed
