"""A bad-beat payout through the pages, with its signatures (issue 44 "Done when"), and
the API's jackpot paths in the served schema. Forms are posted as a browser does: the
one-time form token, the acting role from the role switch."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from casino.access import ROLE_SESSION_KEY
from casino.models import Signature
from casino.roles import Role
from hands import services as hands
from promotions import selectors
from promotions.models import EntryKind, FundEntry, JackpotClaim, JackpotSlip
from tests.conftest import RoleClient

from .conftest import bad_beat_hand, next_hand_data

pytestmark = pytest.mark.django_db
D = Decimal


def login(client, user, role):
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role
    session.save()
    return client


def token(html: str) -> str:
    return re.search(r'name="form_token" value="([^"]+)"', html).group(1)


def post_form(client, page_url: str, action: str):
    """Open the page, then post its form (its own token) as the browser does."""
    page = client.get(page_url)
    assert page.status_code == 200
    html = page.content.decode()
    assert f'action="{action}"' in html, action
    return client.post(action, {"form_token": token(html)}, HTTP_REFERER=page_url)


def test_a_bad_beat_is_paid_through_the_pages_with_its_signatures(
    client, fund, sup, staff, ready_session
):
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    hand_url = f"/promotions/hands/{hand.pk}/"
    login(client, staff["supervisor"], Role.SUPERVISOR)
    page = client.get(hand_url).content.decode()
    assert 'data-verdict="qualified"' in page
    assert "8s 8h" in page and "9d Td" in page  # the cards
    assert "La mano perdedora debe ser póquer de ochos o mejor." in page  # the rule text
    resp = post_form(client, hand_url, f"/promotions/hands/{hand.pk}/claim/")
    claim = JackpotClaim.objects.get()
    claim_url = f"/promotions/claims/{claim.pk}/"
    assert resp.status_code == 302 and resp["Location"] == claim_url
    sign_url = f"/promotions/claims/{claim.pk}/sign/"

    # A supervisor of another table holds the role but is not assigned: refused, nothing signed.
    other = login(type(client)(), staff["supervisor2"], Role.SUPERVISOR)
    page = other.get(claim_url).content.decode()
    resp = other.post(sign_url, {"form_token": token(page)}, HTTP_REFERER=claim_url)
    assert resp.status_code in (302, 403) and not claim.signatures().exists()

    # The shift manager before the surveillance review: 409, nothing signed.
    manager = login(type(client)(), staff["shift_manager"], Role.SHIFT_MANAGER)
    resp = post_form(manager, claim_url, sign_url)
    assert resp.status_code == 409 and not claim.signatures().exists()

    assert post_form(client, claim_url, sign_url).status_code == 302
    watcher = login(type(client)(), staff["surveillance"], Role.SURVEILLANCE)
    assert post_form(watcher, claim_url, sign_url).status_code == 302
    assert post_form(manager, claim_url, sign_url).status_code == 302
    claim.refresh_from_db()
    assert claim.is_locked
    assert {s.role for s in Signature.objects.filter(object_id=claim.pk)} >= {
        "supervisor",
        "surveillance",
        "shift_manager",
    }
    page = manager.get(claim_url).content.decode()
    assert "2.500,00" in page and "1.250,00" in page and "375,00" in page

    cashier = login(type(client)(), staff["cage_cashier"], Role.CAGE_CASHIER)
    for slip in JackpotSlip.objects.filter(claim=claim):
        resp = post_form(cashier, claim_url, f"/promotions/slips/{slip.pk}/pay/")
        assert resp.status_code == 302
    assert FundEntry.objects.filter(kind=EntryKind.PAYOUT).count() == 4
    assert selectors.balance(fund) == D("5000.00")  # re-seeded
    ledger = cashier.get(f"/promotions/funds/{fund.pk}/ledger/").content.decode()
    assert ledger.count('data-kind="payout"') == 4 and 'data-kind="reseed"' in ledger


def test_an_almost_qualifying_hand_shows_the_reason_and_no_claim(
    client, fund, sup, staff, ready_session
):
    hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    near = hands.hand_log(
        actor=sup,
        session=ready_session,
        data=next_hand_data(ready_session, loser="8sKh", board=("8d8c8h", "6d", "7d")),
    )
    login(client, staff["supervisor"], Role.SUPERVISOR)
    page = client.get(f"/promotions/hands/{near.pk}/").content.decode()
    assert 'data-verdict="almost"' in page and 'data-reason="HOLE_CARD_KICKER_ONLY"' in page
    assert f"/promotions/hands/{near.pk}/claim/" not in page
    resp = client.post(f"/promotions/hands/{near.pk}/claim/", {}, HTTP_REFERER="/promotions/")
    assert resp.status_code == 409 and not JackpotClaim.objects.exists()


def test_the_fund_page_fits_and_counts_the_box(client, fund, staff, gaming_day):
    cashier = login(client, staff["cage_cashier"], Role.CAGE_CASHIER)
    url = f"/promotions/funds/{fund.pk}/"
    page = cashier.get(url).content.decode()
    assert "Bad beat" in page and "5.000,00" in page
    html = cashier.get(url).content.decode()
    resp = cashier.post(
        f"/promotions/funds/{fund.pk}/count/",
        {"form_token": token(html), "counted": "0,01"},
        HTTP_REFERER=url,
    )
    assert resp.status_code == 302
    page = cashier.get(url).content.decode()
    assert 'data-finding="JACKPOT_BOX_VARIANCE"' in page


def test_the_api_serves_the_jackpots_in_its_schema(staff, fund, sup, ready_session):
    from tests.tables.openapi import document

    paths = [p for p in document()["paths"] if "jackpot" in p]
    assert "/api/jackpots/" in paths and "/api/jackpots/{id}/ledger/" in paths
    api = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    body = api.get(f"/api/jackpots/{fund.pk}/").json()
    assert body["balance"] == "5000.00" and body["posted_rules"]["en"][0].startswith("Bad-beat")
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(players=(1, 3, 5)))
    judged = api.get(f"/api/jackpots/hands/{hand.pk}/").json()
    assert judged["almost"] and judged["judgement"]["reason"]["code"] == "TOO_FEW_PLAYERS"
    refused = RoleClient(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/jackpots/{fund.pk}/claims/", {"hand": hand.pk}, format="json"
    )
    assert refused.status_code == 409 and refused.json()["code"] == "HAND_DOES_NOT_QUALIFY"
    other = RoleClient(staff["supervisor2"], Role.SUPERVISOR).post(
        f"/api/jackpots/{fund.pk}/claims/", {"hand": hand.pk}, format="json"
    )
    assert other.status_code == 403
    assert not JackpotClaim.objects.exists()
