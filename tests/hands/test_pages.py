"""The hand recorder's pages: Spanish by default, same services as the API (issue 4 §7)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from casino.access import ROLE_SESSION_KEY
from hands import services
from hands.models import Hand, LiveHand
from tables import services as table_services

from .conftest import showdown_hand

pytestmark = pytest.mark.django_db


def browser(user, role: str) -> Client:
    client = Client()
    client.force_login(user)
    session = client.session
    session[ROLE_SESSION_KEY] = role
    session.save()
    return client


@pytest.fixture
def logged(sup, ready_session) -> Hand:
    return services.hand_log(actor=sup, session=ready_session, data=showdown_hand())


def test_list_detail_and_replay_pages(staff, logged):
    client = browser(staff["auditor"], "auditor")
    page = client.get("/hands/?status=valid")
    assert page.status_code == 200
    assert "Manos" in page.content.decode()  # Spanish first (GEN-07)
    detail = client.get(f"/hands/{logged.pk}/").content.decode()
    assert "Válida" in detail and "Repetir paso a paso" in detail
    replay = client.get(f"/hands/{logged.pk}/replay/?step=4")
    text = replay.content.decode()
    assert replay.status_code == 200 and "Paso 4 de" in text
    last = client.get(f"/hands/{logged.pk}/replay/?step=999").content.decode()
    assert "Botes adjudicados" in last and "Pareja" in last or "pareja" in last
    # GEN-07: stacks, bets and pots in the casino's format (1.234,50), never 1234.50
    amounts = re.findall(r'class="num">([^<]+)</td>', last)
    assert amounts and all(re.fullmatch(r"\d{1,3}(\.\d{3})*,\d{2}", a) for a in amounts), amounts


def test_pages_refuse_roles_without_access(staff, logged):
    response = browser(staff["security"], "security").get(f"/hands/{logged.pk}/")
    assert response.status_code == 403


def test_logging_a_hand_live_on_the_page(staff, sup, ready_session):
    for seat in (1, 3, 5):
        table_services.seat_sit(actor=sup, session=ready_session, seat=seat, name=f"P{seat}")
    client = browser(staff["supervisor"], "supervisor")
    session_page = client.get(f"/hands/sessions/{ready_session.pk}/")
    assert "Registrar la próxima mano" in session_page.content.decode()
    form = {"button": "5", "in_1": "1", "in_3": "1", "in_5": "1"}
    form.update({f"stack_{s}": "500" for s in (1, 3, 5)})
    started = client.post(f"/hands/sessions/{ready_session.pk}/live/", form)
    live = LiveHand.objects.get()
    assert started.status_code == 302 and started["Location"] == f"/hands/live/{live.pk}/"
    page = client.get(f"/hands/live/{live.pk}/").content.decode()
    assert "Iguala 10.00" in page or "Iguala 10,00" in page  # the engine's options as buttons
    url = f"/hands/live/{live.pk}/"
    # Each form sends the version of the hand its page showed (issue 38 §1).
    for step in ({"seat": "5", "action": "fold"}, {"seat": "1", "action": "fold"}):
        client.post(url, {"op": "act", **step, "version": _version(client.get(url))})
    done = client.post(url, {"op": "finish", "version": _version(client.get(url))})
    hand = Hand.objects.get()
    assert done.status_code == 302 and done["Location"] == f"/hands/{hand.pk}/"
    assert hand.status == "valid" and hand.verdict.finishing == {
        "1": "495.00",
        "3": "505.00",
        "5": "500.00",
    }


def test_an_illegal_action_on_the_page_shows_the_reason(staff, sup, ready_session):
    live = services.live_hand_start(
        actor=sup,
        session=ready_session,
        data={
            "button": 5,
            "seats": [
                {"seat": 1, "stack": "500"},
                {"seat": 3, "stack": "500"},
                {"seat": 5, "stack": "500"},
            ],
        },
    )
    client = browser(staff["supervisor"], "supervisor")
    url = f"/hands/live/{live.pk}/"
    form = {"op": "act", "seat": "5", "action": "check", "version": _version(client.get(url))}
    response = client.post(url, form, follow=True)
    assert "no puede pasar" in response.content.decode()


def _version(page) -> str:  # type: ignore[no-untyped-def]
    """The version of the live hand a page shows, as its forms send it back (issue 38 §1)."""
    match = re.search(r'name="version" value="(\d+)"', page.content.decode())
    assert match is not None
    return match.group(1)


def test_pit_boss_resolves_an_invalid_hand_on_the_page(staff, sup, ready_session):
    data = showdown_hand()
    data["result"] = {"rake": "2.00"}
    hand = services.hand_log(actor=sup, session=ready_session, data=data)
    supervisor = browser(staff["supervisor"], "supervisor")
    supervisor.post(f"/hands/{hand.pk}/resolve/", {"op": "override", "reason": "Se cobró 2."})
    boss = browser(staff["pit_boss"], "pit_boss")
    home = boss.get("/").content.decode()
    # The home page points into the one signing queue (issue 13 §5), where the hand waits.
    assert f"/floor/queue/#q-hand-{hand.pk}" in home
    correction = hand.corrections.get()
    boss.post(f"/hands/{hand.pk}/resolve/", {"op": "review", "correction": correction.pk})
    assert hand.review.is_locked
    assert f"/hands/{hand.pk}/" not in boss.get("/").content.decode()


def test_import_page_and_revalidation_page(
    staff, sup, ready_session, django_capture_on_commit_callbacks
):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    text = services.session_export_phhs(actor=sup, session=ready_session)
    client = browser(staff["pit_boss"], "pit_boss")
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("s.phhs", text.encode())
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/hands/sessions/{ready_session.pk}/", {"op": "import", "file": upload}
        )
    assert response.status_code == 302 and "/hands/imports/" in response["Location"]
    progress = client.get(response["Location"]).content.decode()
    assert "DUPLICATE_HAND_NUMBER" in progress  # the same hand number again is rejected
    manager = browser(staff["shift_manager"], "shift_manager")
    day = ready_session.gaming_day.business_date.isoformat()
    with django_capture_on_commit_callbacks(execute=True):
        started = manager.post("/hands/revalidations/", {"date_from": day, "date_to": day})
    assert started.status_code == 302
    report = manager.get(started["Location"]).content.decode()
    assert "1 de 1 manos; 0 diferencias" in report
