"""Paying a high-hand period through the pages and the API (issue 44 §2): the fund page
shows the period's winner and, once the period has ended, the claim's form; the claim is
signed by the winning table's supervisor, surveillance and the shift manager last, and
the cage pays its slips. Forms are posted as a browser does: every field the form holds
(hidden ones included), the one-time token, nothing more."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.utils import timezone

from casino.roles import Role
from hands import services as hands
from promotions import selectors
from promotions.models import EntryKind, FundEntry, JackpotClaim, JackpotSlip
from tests.conftest import RoleClient

from .conftest import bad_beat_hand, next_hand_data
from .test_high_hand_claims import high_fund, period
from .test_pages import login

pytestmark = pytest.mark.django_db
D = Decimal


class _Form(HTMLParser):
    """The fields a browser sends with the form whose action is ``action``."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.found, self.fields = action, False, False, {}

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        a = dict(attrs)
        if tag == "form" and a.get("action") == self.action:
            self.inside = self.found = True
        elif tag == "input" and self.inside and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return  # an unticked box sends nothing
            self.fields[a["name"]] = a.get("value", "")

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if tag == "form":
            self.inside = False


def form_fields(client, page_url: str, action: str) -> dict[str, str]:
    """Open the page: the fields its form ``action`` sends."""
    page = client.get(page_url)
    assert page.status_code == 200
    form = _Form(action)
    form.feed(page.content.decode())
    assert form.found, action
    return form.fields


def post_form(client, page_url: str, action: str):
    """Open the page and post the form ``action`` with the fields it holds."""
    return client.post(action, form_fields(client, page_url, action), HTTP_REFERER=page_url)


def fund_url(fund, start, end) -> str:
    return f"/promotions/funds/{fund.pk}/?" + urlencode(
        {"start": timezone.localtime(start).isoformat(), "end": timezone.localtime(end).isoformat()}
    )


def test_a_high_hand_period_is_paid_through_the_pages_with_its_signatures(
    client, manager, hand_table, sup, staff, ready_session
):
    # Issue 44 §2 (high-hand period paid by its claim, signed as the bad beat's).
    fund = high_fund(manager, hand_table)
    first = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand(loser="8s2h"))
    second = hands.hand_log(actor=sup, session=ready_session, data=next_hand_data(ready_session))
    action = f"/promotions/funds/{fund.pk}/period/claim/"

    # The period still running: the winner is shown, no claim's form; posted anyway: 409.
    start = timezone.now() - timedelta(minutes=50)
    running = fund_url(fund, start, timezone.now() + timedelta(minutes=10))
    login(client, staff["supervisor"], Role.SUPERVISOR)
    page = client.get(running).content.decode()
    assert 'data-period="open"' in page and action not in page
    assert f'data-winner="{first.pk}-3"' in page and "9d Td" in page

    start, end = period()
    url = fund_url(fund, start, end)
    # A supervisor of another table holds the role, not the table: 403, nothing filed.
    other = login(type(client)(), staff["supervisor2"], Role.SUPERVISOR)
    # Refused as a person (not a form problem): back to the page with the reason.
    resp = post_form(other, url, action)
    assert resp.status_code == 302 and not JackpotClaim.objects.exists()
    assert resp["Location"] == url  # the period's page again, with the reason
    assert "no es el supervisor de la mesa 7" in other.get(url).content.decode()

    stale = form_fields(login(type(client)(), staff["supervisor"], Role.SUPERVISOR), url, action)
    resp = post_form(client, url, action)
    claim = JackpotClaim.objects.get()
    claim_url = f"/promotions/claims/{claim.pk}/"
    assert resp.status_code == 302 and resp["Location"] == claim_url
    assert claim.judgement["winners"] == [[first.pk, 3], [second.pk, 5]]
    page = client.get(claim_url).content.decode()
    assert "Siguiente: firma el supervisor de la mesa." in page and "45,00" in page
    # The period's page no longer offers the claim; a second tablet still showing it
    # posts it anyway: 409, still one claim.
    assert action not in client.get(url).content.decode()
    resp = client.post(action, stale, HTTP_REFERER=url)
    assert resp.status_code == 409 and JackpotClaim.objects.count() == 1

    sign_url = f"/promotions/claims/{claim.pk}/sign/"
    resp = post_form(other, claim_url, sign_url)
    assert resp.status_code == 302 and not claim.signatures().exists()
    manager_client = login(type(client)(), staff["shift_manager"], Role.SHIFT_MANAGER)
    assert post_form(manager_client, claim_url, sign_url).status_code == 409
    assert not claim.signatures().exists()
    assert post_form(client, claim_url, sign_url).status_code == 302
    watcher = login(type(client)(), staff["surveillance"], Role.SURVEILLANCE)
    assert post_form(watcher, claim_url, sign_url).status_code == 302
    assert post_form(manager_client, claim_url, sign_url).status_code == 302
    claim.refresh_from_db()
    assert claim.is_locked

    cashier = login(type(client)(), staff["cage_cashier"], Role.CAGE_CASHIER)
    page = cashier.get(claim_url).content.decode()
    assert "Siguiente: la caja paga los vales." in page
    for slip in JackpotSlip.objects.filter(claim=claim):
        assert post_form(cashier, claim_url, f"/promotions/slips/{slip.pk}/pay/").status_code == 302
    assert FundEntry.objects.filter(kind=EntryKind.PAYOUT).count() == 2
    assert selectors.balance(fund) == D("100.01")  # re-seeded to the posted seed
    page = cashier.get(f"/promotions/funds/{fund.pk}/").content.decode()
    assert "Período" in page


def test_the_api_pays_a_high_hand_period_and_answers_as_its_schema_says(
    manager, hand_table, sup, staff, ready_session
):
    # Issue 44 "Done when": the funds in the served schema (paths with "jackpot"); every
    # answer below is checked against it by the suite's API client (tests/tables/openapi).
    from tests.tables.openapi import document

    paths = document()["paths"]
    assert "/api/jackpots/{id}/high-hand/" in paths
    assert "/api/jackpots/{id}/high-hand/claims/" in paths
    fund = high_fund(manager, hand_table)
    hand = hands.hand_log(actor=sup, session=ready_session, data=bad_beat_hand())
    start, end = period()
    window = {"start": start.isoformat(), "end": end.isoformat()}
    api = RoleClient(staff["supervisor"], Role.SUPERVISOR)
    body = api.get(f"/api/jackpots/{fund.pk}/high-hand/", window).json()
    assert body["ended"] and [(w["hand"], w["seat"]) for w in body["winners"]] == [(hand.pk, 3)]
    bad = api.get(f"/api/jackpots/{fund.pk}/high-hand/", {"start": "ayer", "end": "hoy"})
    assert bad.status_code == 400 and bad.json()["code"] == "FILTER_INVALID"

    claims = f"/api/jackpots/{fund.pk}/high-hand/claims/"
    later = {**window, "end": (timezone.now() + timedelta(hours=1)).isoformat()}
    assert api.post(claims, later, format="json").json()["code"] == "PERIOD_NOT_ENDED"
    reversed_ = {"start": window["end"], "end": window["start"]}
    refused = api.post(claims, reversed_, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "PERIOD_INVALID"
    other = RoleClient(staff["supervisor2"], Role.SUPERVISOR).post(claims, window, format="json")
    assert other.status_code == 403 and not JackpotClaim.objects.exists()

    filed = api.post(claims, window, format="json")
    assert filed.status_code == 201, filed.json()
    claim = filed.json()
    assert claim["period_start"] and claim["replaces"] is None and claim["hand"] == hand.pk
    sign = f"/api/jackpots/claims/{claim['id']}/sign/"
    early = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER).post(
        sign, {"role": "shift_manager"}, format="json"
    )
    assert early.status_code == 409 and early.json()["code"] == "CLAIM_REVIEW_PENDING"
    for user, role in (
        ("supervisor", Role.SUPERVISOR),
        ("surveillance", Role.SURVEILLANCE),
        ("shift_manager", Role.SHIFT_MANAGER),
    ):
        answer = RoleClient(staff[user], role).post(sign, {"role": role.value}, format="json")
        assert answer.status_code == 200, answer.json()
    (slip,) = answer.json()["slips"]
    assert (slip["hand"], slip["seat"], slip["amount"]) == (hand.pk, 3, "90.00")
    cage = RoleClient(staff["cage_cashier"], Role.CAGE_CASHIER)
    paid = cage.post(f"/api/jackpots/slips/{slip['id']}/pay/", format="json")
    assert paid.status_code == 200 and paid.json()["paid"]
    again = cage.post(f"/api/jackpots/slips/{slip['id']}/pay/", format="json")
    assert again.status_code == 409
    assert selectors.balance(fund) == D("100.01")
