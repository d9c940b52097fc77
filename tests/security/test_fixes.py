"""Small fixes in the apps that the permission matrix found (issue 9 §1), one test each.

Each was a role that reached a record (or a page) it should not: refused after the
record was fetched, refused for the record's state instead of the role, or not
refused at all. The matrix (``test_permission_matrix.py``) covers them among all the
others; these tests pin each one down where it was fixed.
"""

from __future__ import annotations

import pytest
from django.test import Client

from casino.access import acting_as
from casino.errors import Conflict, PermissionRefused, ValidationFailed
from casino.roles import Role
from casino.signatures import document_sign
from tests.casino.test_api import assert_error_shape
from tests.kernelapp.models import SampleLine, SampleSheet

pytestmark = pytest.mark.django_db


def _page(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def test_a_role_the_document_does_not_take_is_refused_as_such_even_when_locked(casino, staff):
    # ROLE-14, issue 9 §1: the role is answered before the state (DOCUMENT_LOCKED)
    sheet = SampleSheet.objects.create(casino=casino, title="Apertura")
    SampleLine.objects.create(sheet=sheet, label="100", count=20)
    for name, role in (("croupier", Role.CROUPIER), ("supervisor", Role.SUPERVISOR)):
        document_sign(actor=acting_as(staff[name], role), document=sheet, role=role)
    document_sign(
        actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), document=sheet, role=Role.PIT_BOSS
    )
    with pytest.raises(ValidationFailed) as err:
        document_sign(
            actor=acting_as(staff["auditor"], Role.AUDITOR), document=sheet, role=Role.AUDITOR
        )
    assert err.value.code == "ROLE_NOT_REQUIRED"
    with pytest.raises(PermissionRefused) as err2:
        document_sign(
            actor=acting_as(staff["auditor"], Role.AUDITOR), document=sheet, role=Role.PIT_BOSS
        )
    assert err2.value.code == "ROLE_NOT_HELD"
    # A role the document takes, held by its signer, still meets the lock.
    with pytest.raises(Conflict) as err3:
        document_sign(
            actor=acting_as(staff["pit_boss2"], Role.PIT_BOSS), document=sheet, role=Role.PIT_BOSS
        )
    assert err3.value.code == "DOCUMENT_LOCKED"


def test_the_pack_page_needs_deck_custody(casino, staff, gaming_day):
    # issue 9 §1: the croupier and the cage do not see deck custody (VIEW_DECKS), as in the API
    from tables import services as tables
    from tables.models import DeckStore, Pack

    store = DeckStore.objects.create(casino=casino, code="S", name="Depósito")
    tables.deck_delivery_record(
        actor=acting_as(staff["security"], Role.SECURITY),
        store=store,
        packs=[{"serial": "R1", "colour": "rojo"}],
    )
    pack = Pack.objects.get(serial="R1")
    for name in ("croupier", "cage_cashier"):
        assert _page(staff[name]).get(f"/tables/decks/{pack.pk}/").status_code == 403
    assert _page(staff["pit_boss"]).get(f"/tables/decks/{pack.pk}/").status_code == 200


def test_readers_cannot_correct_or_override_a_hand_and_are_refused_before_the_lookup(staff, api):
    # issue 9 §1: surveillance and auditors read hands; they were answered 404 for any id
    for name in ("surveillance", "auditor"):
        client = api(staff[name])
        for op in ("corrections", "override"):
            response = client.post(f"/api/hands/999999/{op}/", {"reason": "x"}, format="json")
            assert response.status_code == 403, (name, op)
            assert_error_shape(response.json(), "PERMISSION_DENIED")
    response = api(staff["supervisor"]).post(
        "/api/hands/999999/override/", {"reason": "x"}, format="json"
    )
    assert response.status_code == 404


def test_hand_pages_refuse_the_role_before_the_hand(staff):
    # issue 9 §1: review is the pit boss's; the re-validation page is for who reads hands
    for name in ("croupier", "supervisor", "auditor"):
        response = _page(staff[name]).post("/hands/999999/resolve/", {"op": "review"})
        assert response.status_code == 403, name
    assert (
        _page(staff["auditor"]).post("/hands/999999/resolve/", {"op": "override"}).status_code
        == 403
    )
    assert (
        _page(staff["pit_boss"]).post("/hands/999999/resolve/", {"op": "review"}).status_code == 404
    )
    for name in ("security", "cage_cashier"):
        assert _page(staff[name]).get("/hands/revalidations/").status_code == 403, name
    assert _page(staff["surveillance"]).get("/hands/revalidations/").status_code == 200


def test_report_pages_need_the_reports_permission(staff):
    # issue 9 §1: as the API, croupiers, security and surveillance have no reports
    for name in ("croupier", "security", "surveillance"):
        client = _page(staff[name])
        assert client.get("/reports/").status_code == 403, name
        assert client.get("/reports/999999/status/").status_code == 403, name
        assert client.get("/reports/999999/download/").status_code == 403, name
    client = _page(staff["cage_cashier"])
    assert client.get("/reports/").status_code == 200
    assert client.get("/reports/999999/status/").status_code == 404


def test_an_api_url_no_route_matches_answers_in_the_error_shape(staff, api):
    # issue 9 §4 (found by fuzzing): /api/hands/x/ was Django's HTML 404 page
    response = api(staff["supervisor"]).get("/api/hands/not-a-number/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert_error_shape(response.json(), "NOT_FOUND")
    page = Client().get("/no-such-page/")
    assert page.status_code == 404 and not page["Content-Type"].startswith("application/json")


def test_a_request_body_over_the_size_limit_answers_413_in_the_error_shape(staff, api, settings):
    # issue 9 §4 (found with a 10 MB PHH import): was Django's HTML "Bad Request (400)"
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api(staff["shift_manager"]).post(
        "/api/gaming-days/", {"business_date": "2031-01-01", "x": "x" * 2000}, format="json"
    )
    assert response.status_code == 413
    assert_error_shape(response.json(), "REQUEST_TOO_LARGE")
