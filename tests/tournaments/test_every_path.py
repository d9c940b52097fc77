"""Every path a hand takes into a tournament table (issue 42 §5; the pattern of
``tests/hands/test_settings_every_path.py``).

A tournament hand is judged as one: no rake (TOUR-03), stacks in tournament chips that
continue from the seating plan, the blinds and the big-blind ante of the clock's level
when it was dealt. The live hand and the API's whole hand are judged so, and so is the
re-validation of what they stored. A PHH file cannot be: it carries its own game's
blinds, stacks and rake and no clock, and its busts would take their places out of the
order they happened across the tables; so every door a PHH file comes through (the
upload on the hands page, the hand pasted on the table screen, the API's import) refuses
it with ``TOURNAMENT_PHH_IMPORT`` (409) and changes nothing.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cage.models import RakeEntry
from casino.access import acting_as
from casino.roles import Role
from hands import adapter, services
from hands.models import Hand, ImportJob
from tables.selectors import seat_plan
from tests.floor.conftest import client_for
from tests.tables.conftest import store  # noqa: F401

from .test_recorder import LIVE, _act, _shown, _start_from_the_plan, three_at_level_4  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def judged(monkeypatch):  # type: ignore[no-untyped-def]
    """Each profile a hand was judged under: (tournament, rake taken?)."""
    seen: list[tuple[bool, bool]] = []
    real = adapter.verdict_of

    def spy(record, rules, *a, **kw):  # type: ignore[no-untyped-def]
        seen.append((rules.profile.tournament, rules.profile.takes_rake))
        return real(record, rules, *a, **kw)

    monkeypatch.setattr(adapter, "verdict_of", spy)
    return seen


def _plan(session):  # type: ignore[no-untyped-def]
    plan = seat_plan(session)
    return {p.number: p for p in plan.seats if p.occupied}


def test_tour_03_every_path_into_a_tournament_table_judges_the_hand_as_a_tournament_hand_or_refuses_it(
    world,
    staff,
    api,
    three_at_level_4,  # noqa: F811
    tournament,
    judged,
    django_capture_on_commit_callbacks,
):  # TOUR-03, HREC-10
    session, _entries = three_at_level_4
    client = api(staff["supervisor"])

    # 1. The live hand (the tablet): the button and the small blind fold.
    (button, small, big), response = _start_from_the_plan(client, session)
    assert response.status_code == 201, response.json()
    live = response.json()["id"]
    _act(client, live, action="fold", seat=button)
    _act(client, live, action="fold", seat=small)
    done = client.post(f"{LIVE}{live}/finish/", {}, format="json", **_shown(client, live))
    assert done.status_code == 200, done.json()

    # 2. The API's whole hand: the button moves on; stacks as the plan holds them, the
    # forced bets left to the level (100/200, the big blind's 200 ante posted dead).
    seats = _plan(session)
    button2 = adapter.next_button(seats, button)
    order = adapter.phh_order(seats, button2)
    hand2 = {
        "session": session.pk,
        "button": button2,
        "seats": [{"seat": s, "stack": str(seats[s].stack)} for s in sorted(seats)],
        "actions": [{"action": "fold", "seat": order[2]}, {"action": "fold", "seat": order[0]}],
    }
    logged = client.post("/api/hands/", hand2, format="json")
    assert logged.status_code == 201, logged.json()

    hands = list(Hand.objects.filter(session=session).order_by("number"))
    assert [h.number for h in hands] == [1, 2]
    for hand in hands:
        codes = list(hand.violation_rows.values_list("code", "severity"))
        assert hand.status == "valid", codes
        assert hand.rake == 0
        blinds = hand.record["blinds"]
        assert (blinds["small"], blinds["big"], blinds["ante"]) == ("100.00", "200.00", "0.00")
        assert sorted(s["dead_post"] for s in hand.record["seats"]) == ["0.00", "0.00", "200.00"]
        assert hand.chip_unit == 2500  # the smallest tournament chip in play (25)
    assert not RakeEntry.objects.filter(session=session).exists()
    # Stacks continue from the plan in tournament chips: 30,000 on the table, as drawn.
    assert sum(p.stack for p in _plan(session).values()) == Decimal("30000")

    # 3. A PHH file, by every door: refused, nothing stored, the plan unchanged.
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    text = services.session_export_phhs(actor=sup, session=session)
    text = text.replace("hand = 2", "hand = 3")
    before = {n: (p.player_id, p.stack) for n, p in _plan(session).items()}
    page = client_for(staff["supervisor"], Role.SUPERVISOR)
    words = "no se importan de PHH"

    def shown(response):  # type: ignore[no-untyped-def]
        # The refusal as the browser shows it: on the page it lands on, or the refusal page.
        if response.status_code == 302:
            return page.get(response["Location"]).content.decode()
        return response.content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        upload = SimpleUploadedFile("mesa.phhs", text.encode())
        on_hands_page = page.post(
            reverse("hands:session", args=[session.pk]), {"op": "import", "file": upload}
        )
        assert on_hands_page.status_code == 302
        assert on_hands_page["Location"] == reverse("hands:session", args=[session.pk])
        assert words in shown(on_hands_page)
        pasted = page.post(reverse("floor:phh", args=[session.pk]), {"content": text})
        assert pasted.status_code in (302, 409)
        assert words in shown(pasted)
        by_api = client.post(
            f"/api/hands/sessions/{session.pk}/imports/", {"content": text}, format="json"
        )
    assert by_api.status_code == 409, by_api.json()
    assert by_api.json()["code"] == "TOURNAMENT_PHH_IMPORT"
    assert not ImportJob.objects.exists()
    assert Hand.objects.filter(session=session).count() == 2
    assert {n: (p.player_id, p.stack) for n, p in _plan(session).items()} == before

    # 4. The re-validation judges the stored hands again as tournament hands: no rake, no
    # difference.
    mgr = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    day = session.gaming_day.business_date
    run = services.revalidation_create(actor=mgr, date_from=day, date_to=day, enqueue=False)
    report = services.revalidation_report(services.revalidation_run(run.pk))
    assert (report["total"], report["differences"]) == (2, [])

    # Every judgement of every path was the tournament profile's, without rake.
    assert judged and set(judged) == {(True, False)}
