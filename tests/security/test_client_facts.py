"""What a client declares is checked against what the server knows (issue 39 §2).

A careless client or a hostile one sends a hand dated January 2025 or three days ahead, a
re-buy declaring "0.00" on a seat that holds 1,000, a cage policy effective two days ago,
a reversal on a table whose closing has begun. Each class is walked, not sampled:

1. **Every time, date and stack a client declares** (every field of every request body
   of the served schema that is a date, a date-time or a stack) is listed below with the
   check that holds it, or the reason it is itself the fact recorded. A new declared field
   fails the walk until someone decides. The checks are proven here, through the API.
2. **Every dated setting** (every model with an ``effective_from``) refuses a start in
   the past with ``EFFECTIVE_IN_THE_PAST`` (``casino.effective``), through the path the
   product uses to write it.
3. **No cage write reaches a session whose closing has begun** (OPEN-16): every service
   of ``cage.services`` is either probed against a table in closing (refused, nothing
   written) or named as closing work with its reason.
"""

from __future__ import annotations

import inspect
import json
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.utils import timezone

from cage import services as cage
from cage.models import CagePolicy, RakeEntry, TableTransaction
from casino.access import acting_as
from casino.roles import Role
from hands.models import Hand
from tables import services as tables
from tables.models import Seat, TableSession, TableSettings
from tests.helpers import RoleClient
from tests.reports.scenario import fold_to_big_blind

from .changes import ChangeDetector

pytestmark = pytest.mark.django_db

CHECKED = "checked"
# (operation path, field) -> how the server holds it: a check proven below, or a reason.
DECLARED: dict[tuple[str, str], str] = {
    ("POST /api/hands/", "started_at"): CHECKED,  # inside the session, not ahead (§2)
    ("POST /api/hands/", "ended_at"): CHECKED,
    ("POST /api/hands/{id}/corrections/", "started_at"): CHECKED,
    ("POST /api/hands/{id}/corrections/", "ended_at"): CHECKED,
    ("POST /api/cage/sessions/{id}/buyins/", "stack_before"): CHECKED,  # the seat's stack
    ("POST /api/cage/policy/", "effective_from"): CHECKED,  # never backwards
    ("POST /api/tables/{id}/settings/", "effective_from"): CHECKED,
    ("POST /api/hands/", "seats[].stack"): "HREC-08: compared with the seating plan's stack "
    "(CONTINUITY_MISMATCH makes the hand invalid), tests/hands/test_continuity_and_rake.py",
    ("POST /api/hands/{id}/corrections/", "seats[].stack"): "HREC-08, as a new hand",
    ("POST /api/hands/live/", "seats[].stack"): "HREC-08, judged when the live hand is stored",
    ("POST /api/hands/", "result.finishing_stacks"): "recomputed by the engine from the "
    "actions (poker.validate): a declared figure that differs is a violation",
    ("POST /api/hands/{id}/corrections/", "result.finishing_stacks"): "as a new hand",
    ("POST /api/hands/live/{id}/finish/", "result.finishing_stacks"): "as a new hand",
    ("POST /api/cage/sessions/{id}/departures/", "stack"): "the chips the player takes away, "
    "counted at the table: the fact recorded (BUYIN-03 reads it), never refused: the player "
    "leaves whatever the books say",
    ("POST /api/openings/{id}/count/", "lines[].stacks"): "the blind count is the fact; the "
    "difference from the expected float is a discrepancy (OPEN-09)",
    ("POST /api/closings/{id}/count/", "lines[].stacks"): "the blind count (CLOSE-05)",
    ("POST /api/sessions/{id}/shift-changes/", "lines[].stacks"): "the blind count at the handover",
    ("POST /api/exclusions/", "starts_on"): "the bar's period as the regulator or the "
    "manager sets it: a bar may start in the past (it was already in force)",
    ("POST /api/exclusions/", "ends_on"): "the bar's period (must not precede its start)",
    ("POST /api/exclusion-lists/", "list_date"): "the date the regulator published its list",
    ("POST /api/gaming-days/", "business_date"): "the day the manager opens; refused when it "
    "exists or another day is open. Not compared with the clock: a room reopening after an "
    "outage opens the day it is (docs/reliability.md, stated gap)",
    ("POST /api/hands/revalidations/", "date_from"): "a range of stored hands to judge again",
    ("POST /api/hands/revalidations/", "date_to"): "a range of stored hands to judge again",
    ("POST /api/players/", "birth_date"): "the identity document's date; GEN-08 refuses an "
    "under-age player",
    ("POST /api/tournaments/{id}/deals/", "stacks"): "the chips counted at the table when the "
    "deal is offered: the fact the deal is computed from; it must name exactly the players "
    "still in (DEAL_PLAYERS_MISMATCH), every one of them consents and the shift manager "
    "approves (tournaments.services.deals). Not compared with the seats' recorded chips",
    ("POST /api/tournaments/{id}/chip-races/", "stacks"): "the dealer's count of each seat's "
    "chips at the colour-up (TDA 24): the fact recorded, the seats' stacks become what the "
    "race leaves them; an empty seat is refused (SEAT_EMPTY)",
    ("POST /api/tournaments/{id}/eliminations/", "stack_at_start"): "the bust's chips when "
    "the hand began, only to order players busted in the same hand (TDA); a whole number, "
    "not negative (STACK_INVALID); by default the table's last recorded stack",
    ("POST /api/rotations/", "starts_at"): "the shift the pit boss plans: it ends after it "
    "starts and lasts 24 hours at most (ROTA_PERIOD_INVALID); not compared with the clock (a shift "
    "already begun may be planned)",
    ("POST /api/rotations/", "ends_at"): "the shift's end (ROTA_PERIOD_INVALID, as starts_at)",
    ("POST /api/jackpots/{id}/high-hand/claims/", "start"): "the posted high-hand period "
    "to pay: it must end after it starts (PERIOD_INVALID) and be over by the server's clock "
    "(PERIOD_NOT_ENDED); the winners are the engine's from the hands stored in it "
    "(tests/promotions/test_high_hand_claims.py)",
    ("POST /api/jackpots/{id}/high-hand/claims/", "end"): "as start: not after the server's "
    "clock (PERIOD_NOT_ENDED)",
}


def declared_fields() -> set[tuple[str, str]]:
    from tests.tables.openapi import document

    schema = document()
    components = schema["components"]["schemas"]
    found: set[tuple[str, str]] = set()

    def walk(op: str, component: dict[str, Any], prefix: str) -> None:
        for name, prop in (component.get("properties") or {}).items():
            options = [prop, *prop.get("anyOf", []), *prop.get("oneOf", [])]
            if any(
                o.get("format") in ("date", "date-time") for o in options if isinstance(o, dict)
            ) or ("stack" in name):
                found.add((op, prefix + name))
            ref = prop.get("$ref") or (prop.get("items") or {}).get("$ref")
            if ref:
                sub = "[]." if prop.get("type") == "array" else "."
                walk(op, components[ref.split("/")[-1]], prefix + name + sub)

    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in ("post", "put", "patch"):
                continue
            body = operation.get("requestBody", {}).get("content", {})
            ref = body.get("application/json", {}).get("schema", {}).get("$ref")
            if ref:
                walk(f"{method.upper()} {path}", components[ref.split("/")[-1]], "")
    return found


def test_every_time_date_and_stack_a_client_declares_is_held():  # issue 39 §2
    found = declared_fields()
    assert len(found) > 20
    assert found - set(DECLARED) == set(), "declared by a client, held by nothing said here"
    assert set(DECLARED) - found == set(), "listed here, no longer in the schema"


# ------------------------------------------------------------------------------ the table


@pytest.fixture
def in_play(staff, casino, gaming_day, sector) -> TableSession:
    """Table 10 in play (tests/security/world.py): seats 1 (2,000) and 3 (500), maximum
    buy-in 2,000, a misdealt hand logged, seat 5 gone."""
    from tables.models import DeckStore

    from .world import _table_in_play

    DeckStore.objects.create(casino=casino, code="SEG", name="Depósito de seguridad")
    sector.pit_bosses.add(staff["pit_boss"])
    session = _table_in_play(staff, casino, sector)
    session.refresh_from_db()
    return session


def _at(moment: Any) -> str:
    return moment.isoformat()


def test_a_hands_times_must_fall_inside_its_session_and_not_ahead_of_the_clock(
    in_play, staff
):  # issue 39 §2: January 2025 and three days ahead were stored (201)
    api = RoleClient(staff["supervisor"], Role.SUPERVISOR)
    hand = {"session": in_play.pk, **fold_to_big_blind(1, {1: 2000, 3: 500})}
    now = timezone.now()
    refusals = [
        ({"started_at": "2025-01-15T21:00:00Z"}, "HAND_TIME_OUTSIDE_SESSION", "started_at"),
        ({"started_at": _at(now + timedelta(days=3))}, "HAND_TIME_IN_FUTURE", "started_at"),
        (
            {
                "started_at": _at(now - timedelta(seconds=30)),
                "ended_at": _at(now + timedelta(days=3)),
            },
            "HAND_TIME_IN_FUTURE",
            "ended_at",
        ),
        (
            {"started_at": _at(in_play.opened_at - timedelta(minutes=3))},
            "HAND_TIME_OUTSIDE_SESSION",
            "started_at",
        ),
    ]
    before = Hand.objects.count()
    for times, code, field in refusals:
        answer = api.post("/api/hands/", {**hand, **times}, format="json")
        assert answer.status_code == 400, answer.content
        assert (answer.json()["code"], answer.json()["field"]) == (code, field)
    assert Hand.objects.count() == before
    # Within the tolerance (a tablet's clock a minute ahead, a hand posted as play opened).
    inside = {
        "started_at": _at(now + timedelta(seconds=60)),
        "ended_at": _at(now + timedelta(seconds=90)),
    }
    stored = api.post("/api/hands/", {**hand, **inside}, format="json")
    assert stored.status_code == 201, stored.content
    # A correction is judged the same way, and keeps the original's times when it gives none.
    original = Hand.objects.get(pk=stored.json()["id"])
    if original.status == "invalid":
        url = f"/api/hands/{original.pk}/corrections/"
        body = {**fold_to_big_blind(1, {1: 2000, 3: 500}), "reason": "hora"}
        old = api.post(url, {**body, "started_at": "2025-01-15T21:00:00Z"}, format="json")
        assert old.status_code == 400 and old.json()["code"] == "HAND_TIME_OUTSIDE_SESSION"


def test_a_declared_stack_before_must_be_the_seats_known_stack_before_any_hand(
    in_play, staff
):  # issue 39 §2: "0.00" on a seat holding 1,000 made it 2,000, over the maximum
    api = RoleClient(staff["supervisor"], Role.SUPERVISOR)
    url = f"/api/cage/sessions/{in_play.pk}/buyins/"
    croupier = "croupier3"
    first = {
        "seat": 7,
        "amount": "1000.00",
        "croupier": croupier,
        "player_name": "Eva Luna",
        "cash": [{"value": "100", "count": 10}],
        "chips": [{"value": "100", "count": 10}],
    }
    assert api.post(url, first, format="json").status_code == 201
    seat = Seat.objects.get(session=in_play, seat=7)
    assert (seat.stack, seat.last_hand_number) == (Decimal("1000.00"), None)
    rows = TableTransaction.objects.count()
    lie = {**first, "stack_before": "0.00"}
    refused = api.post(url, lie, format="json")
    assert refused.status_code == 409, refused.content
    body = refused.json()
    assert (body["code"], body["field"]) == ("STACK_MISMATCH", "stack_before")
    assert body["details"]["known"] == "1000.00"
    assert TableTransaction.objects.count() == rows
    assert Seat.objects.get(pk=seat.pk).stack == Decimal("1000.00")
    truth = api.post(url, {**first, "stack_before": "1000.00"}, format="json")
    assert truth.status_code == 201, truth.content
    assert Seat.objects.get(pk=seat.pk).stack == Decimal("2000.00")  # the maximum, not over


# -------------------------------------------------------------------- 2. dated settings


def _past_table_settings(staff: dict[str, Any], session: TableSession, when: Any) -> Any:
    api = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    url = f"/api/tables/{session.table_id}/settings/"
    body = {"reason": "prueba", "effective_from": _at(when), "no_flop_no_drop": True}
    return api.post(url, body, format="json")


def _past_cage_policy(staff: dict[str, Any], session: TableSession, when: Any) -> Any:
    api = RoleClient(staff["shift_manager"], Role.SHIFT_MANAGER)
    body = {"effective_from": _at(when), "id_threshold": "2500.00", "reason": "prueba"}
    return api.post("/api/cage/policy/", body, format="json")


def _ops_settings(staff: dict[str, Any], session: TableSession, when: Any) -> None:
    # No client names its start: a version applies from the next session, now.
    signature = inspect.signature(tables.ops_settings_change)
    assert "effective_from" not in signature.parameters
    return None


def _past_shift_pattern(staff: dict[str, Any], session: TableSession, when: Any) -> Any:
    # The manager adds a pattern in the admin (casino/admin.py), its start a business date.
    from casino.admin import ShiftPatternForm

    yesterday = timezone.localdate() - timedelta(days=1)
    form = ShiftPatternForm(
        data={"casino": session.casino_id, "effective_from": yesterday, "reason": "x"}
    )
    assert not form.is_valid()
    assert "effective_from" in form.errors
    today = ShiftPatternForm(
        data={"casino": session.casino_id, "effective_from": timezone.localdate(), "reason": "x"}
    )
    assert today.is_valid(), today.errors
    return None


def _past_fund_rules(staff: dict[str, Any], session: TableSession, when: Any) -> None:
    # A promotion fund's posted rules (issue 44): the service is the only writer.
    from casino.errors import DomainError
    from promotions import services as promotions
    from promotions.models import FundRulesVersion
    from tests.promotions.conftest import BAD_BEAT

    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    with pytest.raises(DomainError) as err:
        promotions.fund_create(actor=manager, name="Pasado", rules=BAD_BEAT, effective_from=when)
    assert (err.value.code, err.value.field) == ("EFFECTIVE_IN_THE_PAST", "effective_from")
    assert not FundRulesVersion.objects.exists()
    return None


DATED_WRITERS = {
    "promotions.FundRulesVersion": _past_fund_rules,
    "tables.TableSettings": _past_table_settings,
    "cage.CagePolicy": _past_cage_policy,
    "tables.OpsSettings": _ops_settings,
    "casino.ShiftPattern": _past_shift_pattern,
}


def test_every_dated_setting_refuses_a_start_in_the_past(in_play, staff):
    # issue 39 §2: a cage policy effective two days ago was accepted; table settings refused
    dated = {
        m._meta.label
        for m in apps.get_models()
        if any(f.name == "effective_from" for f in m._meta.get_fields())
    }
    assert dated == set(DATED_WRITERS), "a dated setting without its writer's check here"
    two_days_ago = timezone.now() - timedelta(days=2)
    before = (TableSettings.objects.count(), CagePolicy.objects.count())
    for label, write in sorted(DATED_WRITERS.items()):
        answer = write(staff, in_play, two_days_ago)
        if answer is None:  # proven inside the writer
            continue
        assert answer.status_code == 400, (label, answer.content)
        assert (answer.json()["code"], answer.json()["field"]) == (
            "EFFECTIVE_IN_THE_PAST",
            "effective_from",
        ), label
    assert (TableSettings.objects.count(), CagePolicy.objects.count()) == before
    # From now (a minute's grace for the form) it is accepted.
    soon = timezone.now() + timedelta(minutes=5)
    assert _past_cage_policy(staff, in_play, soon).status_code == 201
    assert _past_table_settings(staff, in_play, soon).status_code in (200, 201)


# ------------------------------------------------------------ 3. no cage write in closing

# The cage's services that are work of the closing itself, or write nothing on a session.
CLOSING_WORK = {
    "drop_count_record": "the drop is counted when the table closes (CLOSING or CLOSED)",
    "variance_explain": "a pit boss explains a variance the reconciliation found after it",
    "slip_request": "the closing's fills and credits (CLOSE-07) are asked in CLOSING",
    "slip_sign": "signing a slip already asked",
    "slip_sign_in_order": "signing a slip already asked",
    "slip_void_request": "voiding a slip is the slip's own correction (CLOSE-07)",
    "slip_void_confirm": "voiding a slip is the slip's own correction (CLOSE-07)",
    "rake_post": "the hand recorder's posting of a hand stored or corrected while the "
    "table closes; refused once CLOSED (a hand is refused in CLOSING by the recorder)",
    "cage_policy_set": "the casino's policy, no session",
}
NOT_WRITES = {
    "expected_rake",
    "takes_rake",
    "par_restoration",
    "slip_signing_blockers",
    "DropCountResult",
    "Notice",
    "RakePosting",
    "Recorded",
    "SlipSigner",
    "Tender",
}


def _closing(staff: dict[str, Any], session: TableSession) -> None:
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    tables.session_announce_last_hand(actor=boss, session=session, last_hand_number=1)
    tables.closing_start(actor=boss, session=session, security_officer=staff["security"])
    session.refresh_from_db()
    assert session.status == TableSession.Status.CLOSING


def test_no_cage_write_reaches_a_session_whose_closing_has_begun(in_play, staff):
    # OPEN-16, issue 39 §2: a new buy-in was refused in closing, its reversal was accepted
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    buyin = TableTransaction.objects.filter(session=in_play, sign=1).order_by("pk").first()
    rake = cage.rake_post(actor=sup, session=in_play, hand_number=90, amount="2.00").entry
    probes = {
        "buyin_record": (
            "POST",
            f"/api/cage/sessions/{in_play.pk}/buyins/",
            {
                "seat": 3,
                "amount": "100.00",
                "croupier": "croupier3",
                "stack_before": "500.00",
                "cash": [{"value": "100", "count": 1}],
                "chips": [{"value": "100", "count": 1}],
            },
        ),
        "colour_change_record": (
            "POST",
            f"/api/cage/sessions/{in_play.pk}/colour-changes/",
            {
                "croupier": "croupier3",
                "seat": 1,
                "chips_in": [{"value": "100", "count": 1}],
                "chips_out": [{"value": "25", "count": 4}],
            },
        ),
        "cash_out_record": (
            "POST",
            f"/api/cage/sessions/{in_play.pk}/cash-outs/",
            {
                "croupier": "croupier3",
                "seat": 1,
                "chips_in": [{"value": "25", "count": 4}],
                "chips_out": [{"value": "100", "count": 1}],
            },
        ),
        "tip_change_record": (
            "POST",
            f"/api/cage/sessions/{in_play.pk}/tip-changes/",
            {
                "croupier": "croupier3",
                "chips_in": [{"value": "25", "count": 4}],
                "chips_out": [{"value": "100", "count": 1}],
            },
        ),
        "in_hand_change_record": (
            "POST",
            f"/api/cage/sessions/{in_play.pk}/in-hand-changes/",
            {
                "croupier": "croupier3",
                "seat": 1,
                "chips_in": [{"value": "100", "count": 1}],
                "chips_out": [{"value": "25", "count": 4}],
            },
        ),
        "player_departure_record": (
            "POST",
            f"/api/cage/sessions/{in_play.pk}/departures/",
            {"seat": 3, "stack": "500.00"},
        ),
        "transaction_reverse": (
            "POST",
            f"/api/cage/transactions/{buyin.pk}/reverse/",
            {"reason": "mesa equivocada"},
        ),
        "rake_reverse": ("SERVICE", "", {}),
        # issue 38 §3: the hand recorder's reversal when a stored hand's revision counts
        "rake_reverse_for_revision": ("SERVICE", "", {}),
    }
    writes = {
        name
        for name in cage.__all__
        if inspect.isfunction(getattr(cage, name)) or inspect.isclass(getattr(cage, name))
    }
    assert writes == set(probes) | set(CLOSING_WORK) | NOT_WRITES, "a cage service unclassified"
    _closing(staff, in_play)
    detector = ChangeDetector().install()
    api = RoleClient(staff["supervisor"], Role.SUPERVISOR)
    for name, (method, url, body) in sorted(probes.items()):
        mark = detector.mark()
        if method == "SERVICE":
            from casino.errors import Conflict

            with pytest.raises(Conflict) as err:
                getattr(cage, name)(
                    actor=acting_as(staff["pit_boss"], Role.PIT_BOSS), entry=rake, reason="x"
                )
            code = err.value.code
        else:
            answer = api.post(url, body, format="json")
            assert answer.status_code == 409, (name, answer.content)
            code = answer.json()["code"]
        assert code == "SESSION_NOT_ACCEPTING", name
        assert detector.since(mark) == [], name
    assert not RakeEntry.objects.filter(reverses=rake).exists()
    # The page does the same: the reversal form on the cage page.
    page = Client()
    page.force_login(staff["supervisor"])
    before = TableTransaction.objects.count()
    page.post(f"/cage/transactions/{buyin.pk}/reverse/", {"reason": "mesa equivocada"})
    assert TableTransaction.objects.count() == before
    assert json.dumps(probes)
