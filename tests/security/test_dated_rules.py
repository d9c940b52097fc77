"""The first and the last moment a dated rule is in force (issue 39, "Where the suite is
still blind").

A rule with a date has two edges, and a planted ``<`` for ``<=`` in either survives every
test that only looks at the middle of the period. Each dated rule of the product is listed
below with its probe, and each probe asks the rule's one reader (or the path the product
uses) on both sides of both edges: the day (or instant) before it starts, the day it
starts, the day it ends, the day after. A model that grows a dated field fails the walk
until its edges are probed here.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.utils import timezone

from cage import selectors as cage_selectors
from cage import services as cage
from casino.access import acting_as
from casino.models import GamingDay
from casino.roles import Role
from casino.selectors import shift_pattern_for
from casino.shifts import ShiftDefinition, ShiftPattern
from hands import services as hands
from players import services as registry
from players.models import Player
from players.selectors import exclusions_in_force
from tables import services as tables
from tables.models import TableSession
from tables.selectors.sanctions import prior_sanctions
from tables.selectors.sessions import ops_settings
from tests.helpers import RoleClient
from tests.reports.scenario import fold_to_big_blind

from .test_client_facts import in_play  # noqa: F401 - the table in play, a fixture

pytestmark = pytest.mark.django_db

TICK = timedelta(microseconds=1)
# Fields that date a rule: the start, the end, the age, the look-back.
DATED_NAMES = ("effective_from", "starts_on", "ends_on", "birth_date", "sanction_lookback_days")


def _today() -> date:
    return timezone.localdate()


# ----------------------------------------------------------------------------- the probes


def _buyin(staff: dict[str, Any], session: TableSession, seat: int, player: Player) -> Any:
    return RoleClient(staff["supervisor"], Role.SUPERVISOR).post(
        f"/api/cage/sessions/{session.pk}/buyins/",
        {
            "seat": seat,
            "amount": "100.00",
            "croupier": "croupier3",
            "player": player.pk,
            "cash": [{"value": "100", "count": 1}],
            "chips": [{"value": "100", "count": 1}],
        },
        format="json",
    )


def exclusion_edges(staff: dict[str, Any], session: TableSession) -> None:
    """A self-exclusion bars from its first day to its last, both included: through the
    buy-in, as the supervisor records it (admission, issue 17 §2); a regulator's list entry
    (matched by document) the same, through its one reader."""
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    today = _today()
    periods = {
        "starts today": (today, today + timedelta(days=30), 409),
        "ends today": (today - timedelta(days=30), today, 409),
        "ended yesterday": (today - timedelta(days=30), today - timedelta(days=1), 201),
        "starts tomorrow": (today + timedelta(days=1), today + timedelta(days=30), 201),
    }
    for seat, (name, (starts, ends, status)) in zip((2, 4, 6, 7), periods.items(), strict=True):
        player = Player.objects.create(casino=session.casino, display_name=f"Excluido {name}")
        registry.exclusion_self_record(
            actor=boss, player=player, starts_on=starts, ends_on=ends, reason="pedido propio"
        )
        answer = _buyin(staff, session, seat, player)
        assert answer.status_code == status, (name, answer.content)
        if status == 409:
            assert answer.json()["code"] == "PLAYER_EXCLUDED", name
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    rows = "\n".join(
        f"dni,{30_000_000 + n},Persona {n},{starts.isoformat()},{ends.isoformat()}"
        for n, (starts, ends, _status) in enumerate(periods.values())
    )
    registry.exclusion_list_import(
        actor=manager,
        source="Lotería",
        list_date=today - timedelta(days=31),
        content="document_type,document_number,full_name,starts_on,ends_on\n" + rows,
    )
    for n, (name, (_s, _e, status)) in enumerate(periods.items()):
        person = Player.objects.create(
            casino=session.casino,
            display_name=f"Persona {n}",
            document_type="dni",
            document_number=str(30_000_000 + n),
        )
        assert exclusions_in_force(person, today).exists() is (status == 409), name


def age_edges(staff: dict[str, Any], session: TableSession) -> None:
    """GEN-08: a player is admitted on the day he turns the casino's age, not the day before."""
    today = _today()
    minimum = ops_settings(session.casino).min_player_age
    turns_today = (
        today.replace(year=today.year - minimum)
        if (today.month, today.day) != (2, 29)
        else today - timedelta(days=365 * minimum + minimum // 4)
    )
    for seat, (born, status) in zip(
        (8, 9), ((turns_today, 201), (turns_today + timedelta(days=1), 409)), strict=True
    ):
        player = Player.objects.create(
            casino=session.casino,
            display_name=f"Nacido {born.isoformat()}",
            document_type="dni",
            document_number=str(40_000_000 + seat),
            birth_date=born,
        )
        answer = _buyin(staff, session, seat, player)
        assert answer.status_code == status, (born, answer.content)
        if status == 409:
            assert answer.json()["code"] == "PLAYER_UNDER_AGE"


def table_settings_edges(staff: dict[str, Any], session: TableSession) -> None:
    """GEN-04: a version is in force from its instant on; a hand that starts at that very
    instant is judged by it, one that starts a moment before by the earlier one (through
    the hand recorder's own reading, and the table's)."""
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    starts = timezone.now() + timedelta(seconds=20)
    earlier = session.table.settings_at()
    version = tables.table_settings_change(
        actor=manager,
        table=session.table,
        reason="desde ya",
        effective_from=starts,
        no_flop_no_drop=True,
    )
    assert session.table.settings_at(starts - TICK) == earlier
    assert session.table.settings_at(starts) == version
    before = hands.hand_log(
        actor=sup,
        session=session,
        data=fold_to_big_blind(1, {1: 2000, 3: 500}),
        started_at=starts - timedelta(seconds=1),
        ended_at=starts - timedelta(seconds=1),
    )
    at = hands.hand_log(
        actor=sup,
        session=session,
        data=fold_to_big_blind(3, {1: 2000, 3: 500}),
        started_at=starts,
        ended_at=starts,
    )
    assert (before.settings_id, at.settings_id) == (earlier.pk, version.pk)


def cage_policy_edges(staff: dict[str, Any], session: TableSession) -> None:
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    earlier = cage_selectors.cage_policy(session.casino_id)
    starts = timezone.now() + timedelta(minutes=5)
    policy = cage.cage_policy_set(
        actor=manager, effective_from=starts, id_threshold=Decimal("4321.00"), reason="umbral"
    )
    assert cage_selectors.cage_policy(session.casino_id, starts - TICK).pk == earlier.pk
    assert cage_selectors.cage_policy(session.casino_id, starts).pk == policy.pk


def ops_settings_edges(staff: dict[str, Any], session: TableSession) -> None:
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    earlier = ops_settings(session.casino)
    version = tables.ops_settings_change(actor=manager, reason="rotación", deck_rotation_minutes=45)
    assert ops_settings(session.casino, version.effective_from - TICK).pk == earlier.pk
    assert ops_settings(session.casino, version.effective_from).pk == version.pk


def shift_pattern_edges(staff: dict[str, Any], session: TableSession) -> None:
    """A pattern applies from its first business date on, never to the day before."""
    first = _today() + timedelta(days=10)
    pattern = ShiftPattern.objects.create(
        casino=session.casino, effective_from=first, created_by=staff["shift_manager"]
    )
    ShiftDefinition.objects.create(pattern=pattern, position=1, name="Único", starts_at="06:00")
    opened = timezone.now() + timedelta(seconds=1)
    days = {
        day: GamingDay(casino=session.casino, business_date=day, opened_at=opened, status="closed")
        for day in (first - timedelta(days=1), first, first + timedelta(days=1))
    }
    found = {day: shift_pattern_for(gd) for day, gd in days.items()}
    assert found[first] == pattern and found[first + timedelta(days=1)] == pattern
    assert found[first - timedelta(days=1)] != pattern


def sanction_lookback_edges(staff: dict[str, Any], session: TableSession) -> None:
    """SANC-07: a sanction counts for ``sanction_lookback_days`` days, the last one included."""
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    player = Player.objects.create(casino=session.casino, display_name="Reincidente")
    entry = tables.sanction_impose(
        actor=boss,
        conduct_code="staff_disrespect",
        level="warning",
        player=player,
        session=session,
        reason="faltó el respeto al croupier",
    )
    days = ops_settings(session.casino).sanction_lookback_days
    last = entry.at + timedelta(days=days)
    assert [p.imposition.pk for p in prior_sanctions(player, at=last)] == [entry.pk]
    assert prior_sanctions(player, at=last + TICK) == []


PROBES = {
    "players.Exclusion.starts_on": exclusion_edges,
    "players.Exclusion.ends_on": exclusion_edges,
    "players.Player.birth_date": age_edges,
    "tables.TableSettings.effective_from": table_settings_edges,
    "cage.CagePolicy.effective_from": cage_policy_edges,
    "tables.OpsSettings.effective_from": ops_settings_edges,
    "tables.OpsSettings.sanction_lookback_days": sanction_lookback_edges,
    "casino.ShiftPattern.effective_from": shift_pattern_edges,
}


def test_every_dated_rule_has_its_edges_probed():
    dated = {
        f"{model._meta.label}.{f.name}"
        for model in apps.get_models()
        for f in model._meta.get_fields()
        if f.name in DATED_NAMES
        and model._meta.app_label in ("casino", "players", "tables", "cage", "hands")
    }
    assert dated == set(PROBES), "a dated rule without its edges probed here"


def test_each_dated_rule_holds_on_its_first_and_last_moment(in_play, staff):  # noqa: F811
    for probe in dict.fromkeys(PROBES.values()):  # each probe once, in order
        probe(staff, in_play)
