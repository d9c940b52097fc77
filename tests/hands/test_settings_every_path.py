"""Every path a hand takes is judged under its table's settings version (issue 41 §1).

``tests/hands/test_settings_reach_engine.py`` proves that every field of a settings
version reaches the engine's profile (``hands.adapter.profile_for``). This module proves
the other half: each path a hand can take into Mesa (the API's hand log, the live hand on
the tablet, the PHH import, the re-validation) builds its rules from the settings version
in force when the hand started, through that one function, so a setting the table
changed reaches the verdict whichever way the hand came in. The table changes its rake
from 3 % to 5 %: a 60 pot takes 3.00, not the old version's 1.00 (RAKE-01, GEN-04).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from casino.access import acting_as
from casino.roles import Role
from hands import services
from hands.models import Hand, HandSeat
from poker.fund_drop import Drop
from promotions import selectors as fund_selectors
from promotions import services as fund_services
from tests.cage.services.test_rake_and_drop import new_version
from tests.promotions.conftest import BAD_BEAT

from .conftest import act as actor_of
from .conftest import showdown_hand
from .test_live import START, act, shown, start

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture
def judged(monkeypatch):  # type: ignore[no-untyped-def]
    """The settings versions the engine's profile was built from, in call order."""
    from hands.adapter import profile

    seen: list[int] = []
    real = profile.profile_for

    def spy(settings):  # type: ignore[no-untyped-def]
        seen.append(settings.pk)
        return real(settings)

    monkeypatch.setattr(profile, "profile_for", spy)
    return seen


def five_percent(table):  # type: ignore[no-untyped-def]
    return new_version(table, rake_pct=D("5"), rake_cap=None)


def test_the_api_hand_log_is_judged_under_the_version_in_force(
    staff, api, ready_session, judged
):  # GEN-04, RAKE-01
    version = five_percent(ready_session.table)
    client = api(staff["supervisor"])
    answer = client.post(
        "/api/hands/", {"session": ready_session.pk, **showdown_hand()}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    hand = Hand.objects.get()
    assert (hand.settings_id, hand.status, hand.rake) == (version.pk, "valid", D("3.00"))
    assert judged and set(judged) == {version.pk}


def test_the_live_hand_is_judged_under_the_version_in_force(
    staff, api, ready_session, judged
):  # GEN-04, RAKE-01, HREC-02
    version = five_percent(ready_session.table)
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    for action in showdown_hand()["actions"]:
        if action["action"] == "board":
            answer = act(client, live, action="board", cards=action["cards"])
        elif action["action"] in ("show", "muck"):
            continue
        else:
            answer = act(client, live, **action)
        assert answer.status_code == 200, answer.json()
    cards = {"1": "AsAd", "3": "KcKh"}
    for seat, held in cards.items():
        answer = act(client, live, action="show", seat=int(seat), cards=held)
        assert answer.status_code == 200, answer.json()
    answer = act(client, live, action="muck", seat=5)
    assert answer.status_code == 200, answer.json()
    done = client.post(f"{START}{live}/finish/", {}, format="json", **shown(client, live))
    assert done.status_code == 200, done.json()
    hand = Hand.objects.get()
    assert (hand.settings_id, hand.status, hand.rake) == (version.pk, "valid", D("3.00"))
    assert judged and set(judged) == {version.pk}


def test_the_phh_import_and_the_revalidation_are_judged_under_the_version_in_force(
    staff, ready_session, other_session, judged
):  # GEN-04, RAKE-01, HREC-10
    sup = actor_of(staff["supervisor"], "supervisor")
    first = five_percent(ready_session.table)
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    text = services.session_export_phhs(actor=sup, session=ready_session)
    second = five_percent(other_session.table)
    judged.clear()
    job = services.hands_import(actor=sup, session=other_session, content=text)
    assert services.import_summary(job)["stored"] == 1
    copy = Hand.objects.get(session=other_session)
    assert (copy.settings_id, copy.status, copy.rake) == (second.pk, "valid", D("3.00"))
    assert judged and set(judged) == {second.pk}
    judged.clear()
    manager = actor_of(staff["shift_manager"], "shift_manager")
    day = ready_session.gaming_day.business_date
    run = services.revalidation_create(actor=manager, date_from=day, date_to=day, enqueue=False)
    report = services.revalidation_report(services.revalidation_run(run.pk))
    assert (report["total"], report["differences"]) == (2, [])
    assert set(judged) == {first.pk, second.pk}


# ------------------------------------------------------------ a promotion fund's drop

DROP = Drop(amount=200, raked_only=True, flop_required=True)  # 2.00 from each raked pot


@pytest.fixture
def drop_fund(staff):  # type: ignore[no-untyped-def]
    """A fund taking 2.00 from each raked pot that saw a flop; the tests attach tables."""
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    fund = fund_services.fund_create(
        actor=manager, name="Bad beat", rules=replace(BAD_BEAT, drop=DROP), reason="alta"
    )

    def attach(*tables):  # type: ignore[no-untyped-def]
        for table in tables:
            fund_services.fund_table_attach(actor=manager, fund=fund, table=table)
        return fund

    return attach


def assert_drop_taken(hand: Hand) -> None:
    """The 60 pot raked 3.00 (5 %) dropped 2.00 into the fund: seat 1, who won it, keeps
    535.00 (500 - 20 + 60 - 3 - 2), and the fund's ledger has the engine's figure."""
    assert (hand.status, hand.rake) == ("valid", D("3.00"))
    assert HandSeat.objects.get(hand=hand, seat=1).finishing_stack == D("535.00")
    assert hand.verdict.finishing["1"] == "535.00"
    assert hand.verdict.pots[0]["drop"] == "2.00" and hand.verdict.drop == D("2.00")
    fund = fund_selectors.fund_of_table(hand.table_id, hand.started_at)
    assert fund is not None and fund.entries.get(hand=hand).amount == D("2.00")


def test_the_api_hand_log_takes_the_fund_drop_in_force(
    staff, api, ready_session, drop_fund
):  # GEN-04, RAKE-05, issue 44
    five_percent(ready_session.table)
    drop_fund(ready_session.table)
    client = api(staff["supervisor"])
    answer = client.post(
        "/api/hands/", {"session": ready_session.pk, **showdown_hand()}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    assert_drop_taken(Hand.objects.get())


def test_the_live_hand_takes_the_fund_drop_in_force(
    staff, api, ready_session, drop_fund
):  # GEN-04, RAKE-05, HREC-02, issue 44
    five_percent(ready_session.table)
    drop_fund(ready_session.table)
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    for action in showdown_hand()["actions"]:
        if action["action"] == "show":
            action = {**action, "cards": {1: "AsAd", 3: "KcKh"}[action["seat"]]}
        answer = act(client, live, **action)
        assert answer.status_code == 200, answer.json()
    done = client.post(f"{START}{live}/finish/", {}, format="json", **shown(client, live))
    assert done.status_code == 200, done.json()
    assert_drop_taken(Hand.objects.get())


def test_the_phh_import_and_the_revalidation_take_the_fund_drop_in_force(
    staff, ready_session, other_session, drop_fund
):  # GEN-04, RAKE-05, HREC-10, issue 44
    sup = actor_of(staff["supervisor"], "supervisor")
    five_percent(ready_session.table)
    five_percent(other_session.table)
    drop_fund(ready_session.table, other_session.table)
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    assert_drop_taken(Hand.objects.get(session=ready_session))
    text = services.session_export_phhs(actor=sup, session=ready_session)
    job = services.hands_import(actor=sup, session=other_session, content=text)
    assert services.import_summary(job)["stored"] == 1
    assert_drop_taken(Hand.objects.get(session=other_session))
    # Judged again at their own time, with the fund's drop then: nothing moves.
    manager = actor_of(staff["shift_manager"], "shift_manager")
    day = ready_session.gaming_day.business_date
    run = services.revalidation_create(actor=manager, date_from=day, date_to=day, enqueue=False)
    report = services.revalidation_report(services.revalidation_run(run.pk))
    assert (report["total"], report["differences"]) == (2, [])
