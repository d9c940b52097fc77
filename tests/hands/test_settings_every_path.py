"""Every path a hand takes is judged under its table's settings version (issue 41 §1).

``tests/hands/test_settings_reach_engine.py`` proves that every field of a settings
version reaches the engine's profile (``hands.adapter.profile_for``). This module proves
the other half: each path a hand can take into Mesa (the API's hand log, the live hand on
the tablet, the PHH import, the re-validation) builds its rules from the settings version
in force when the hand started, through that one function, so a setting the table
changed reaches the verdict whichever way the hand came in. The table changes its rake
from 3 % to 5 %: a 60 pot takes 3.00, not the old version's 1.00 (RAKE-01, GEN-04).

The last three tests close the proof: a version with every setting the engine judges by
changed, and on each path every ``Rules`` the engine was handed (each build of the hand:
the recorder's judge, the live state, the re-validation) equals ``hands.adapter.rules_for``
of the version in force when the hand started, field by field. A path that drops or
overrides one setting after ``rules_for`` fails there (seen with the rake cap dropped by
the re-validation, and by the live state).
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


# ------------------------------------------------- every setting, on every path

#: The fields of the engine's profile that a table's settings version sets
#: (``hands.adapter.profile_for``; the tournament flag is a tournament table's, tested
#: with the tournaments).
PROFILE_FIELDS = (
    "ruleset",
    "straddle_allowed",
    "limit_cap_bets",
    "rake_mode",
    "rake_bps",
    "rake_cap",
    "rake_cap_scope",
    "no_flop_no_drop",
    "rake_rounding",
)


@pytest.fixture
def engine_rules(monkeypatch):  # type: ignore[no-untyped-def]
    """Every ``Rules`` the engine was handed: each build of a hand, whatever the path
    (the recorder's judge, the live state and its actions, the PHH export, the
    re-validation all build through ``hands.adapter.build``)."""
    from hands.adapter.build import _Builder

    seen: list = []
    real = _Builder.__init__

    def spy(self, record, rules, *, lenient):  # type: ignore[no-untyped-def]
        seen.append(rules)
        real(self, record, rules, lenient=lenient)

    monkeypatch.setattr(_Builder, "__init__", spy)
    return seen


def every_setting_changed(table):  # type: ignore[no-untyped-def]
    """A new settings version with every setting the engine judges by changed."""
    from hands.adapter import profile_for
    from tables.models import RakeCapScope, RakeMode, RakeRounding

    v1 = table.settings_at()

    def other(choices, now):  # type: ignore[no-untyped-def]
        return next(c for c in choices if c != now)

    version = new_version(
        table,
        ruleset=other(["pba", "caba", "manual"], v1.ruleset),
        straddle_allowed=not v1.straddle_allowed,
        limit_cap_bets=v1.limit_cap_bets + 1,
        rake_mode=other([m.value for m in RakeMode], v1.rake_mode),
        rake_pct=other([D("4.00"), D("3.50")], v1.rake_pct),
        rake_cap=other([D("2.50"), D("4.50")], v1.rake_cap),
        rake_cap_scope=other([c.value for c in RakeCapScope], v1.rake_cap_scope),
        no_flop_no_drop=not v1.no_flop_no_drop,
        rake_rounding=other([r.value for r in RakeRounding], v1.rake_rounding),
    )
    before, after = profile_for(v1), profile_for(version)
    unchanged = [f for f in PROFILE_FIELDS if getattr(before, f) == getattr(after, f)]
    assert unchanged == []  # the test sees every setting, or it proves nothing
    return version


def judged_under_its_version(hand: Hand, seen: list) -> None:  # type: ignore[type-arg]
    """The engine judged ``hand`` under exactly the rules of the version in force when it
    started: every setting of that version, and nothing changed on the way."""
    from hands import adapter

    want = adapter.rules_for(
        hand.settings, chip_unit=hand.chip_unit, structure=hand.structure, at=hand.started_at
    )
    assert seen
    wrong = [
        (f, getattr(r.profile, f), getattr(want.profile, f))
        for r in seen
        for f in PROFILE_FIELDS
        if getattr(r.profile, f) != getattr(want.profile, f)
    ]
    assert wrong == []
    assert set(seen) == {want}


def test_every_setting_reaches_the_engine_through_the_api(
    staff, api, ready_session, engine_rules
):  # GEN-03, GEN-04
    version = every_setting_changed(ready_session.table)
    client = api(staff["supervisor"])
    answer = client.post(
        "/api/hands/", {"session": ready_session.pk, **showdown_hand()}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    hand = Hand.objects.get()
    assert hand.settings_id == version.pk
    judged_under_its_version(hand, engine_rules)


def test_every_setting_reaches_the_engine_through_the_live_hand(
    staff, api, ready_session, engine_rules
):  # GEN-03, GEN-04, HREC-02
    version = every_setting_changed(ready_session.table)
    client = api(staff["supervisor"])
    live = start(client, ready_session).json()["id"]
    for action in showdown_hand()["actions"]:
        if action["action"] == "show":
            action = {**action, "cards": {1: "AsAd", 3: "KcKh"}[action["seat"]]}
        answer = act(client, live, **action)
        assert answer.status_code == 200, answer.json()
    done = client.post(f"{START}{live}/finish/", {}, format="json", **shown(client, live))
    assert done.status_code == 200, done.json()
    hand = Hand.objects.get()
    assert hand.settings_id == version.pk
    judged_under_its_version(hand, engine_rules)


def test_every_setting_reaches_the_engine_through_the_import_and_the_revalidation(
    staff, ready_session, other_session, engine_rules
):  # GEN-03, GEN-04, HREC-10
    sup = actor_of(staff["supervisor"], "supervisor")
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    text = services.session_export_phhs(actor=sup, session=ready_session)
    version = every_setting_changed(other_session.table)
    engine_rules.clear()
    job = services.hands_import(actor=sup, session=other_session, content=text)
    assert services.import_summary(job)["stored"] == 1
    copy = Hand.objects.get(session=other_session)
    assert copy.settings_id == version.pk
    judged_under_its_version(copy, engine_rules)
    # The re-validation judges each hand again, in order, under its own version.
    manager = actor_of(staff["shift_manager"], "shift_manager")
    day = ready_session.gaming_day.business_date
    run = services.revalidation_create(actor=manager, date_from=day, date_to=day, enqueue=False)
    engine_rules.clear()
    report = services.revalidation_report(services.revalidation_run(run.pk))
    assert (report["total"], report["differences"]) == (2, [])
    original = Hand.objects.get(session=ready_session)
    assert len(engine_rules) == 2
    judged_under_its_version(original, engine_rules[:1])
    judged_under_its_version(copy, engine_rules[1:])
