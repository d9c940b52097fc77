"""Two casinos on one deployment: no row of one is seen or touched by the other's staff
(issue 18 §5).

Casino A is the full gaming day of the security tests (``world.py``). Casino B is a
second room on the same database, played through the same services by its own staff
(``tests.reports.scenario.play_day`` plus the working records ``world.py`` adds). Then:

1. **Lists are the same with or without B**: every API GET without an id in its URL
   (every list endpoint of the matrix, ``matrix.py``) is called by A's staff in each role
   that may call it, before B exists and after B has played its day; the answers must be
   equal. A list that leaks one of B's rows grows, and the test names it.
2. **Pages never show B**: every page without an id in its URL, called by A's staff,
   never shows the name of one of B's staff.
3. **B's records are not found by A's staff**: every matrix entry whose URL takes an id
   (GET or POST, API or page, every ``tables:act`` action), called by each of A's roles
   allowed to use it, with the id of one of B's records (and B's ids in the body), is
   answered as not found or refused, and nothing at all changes in the database.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from django.apps import apps
from django.utils import timezone

from casino.access import acting_as
from casino.models import Casino, GamingDay, Sector
from casino.roles import Role
from tests.helpers import make_staff

from .changes import ChangeDetector
from .matrix import ENTRIES, Entry
from .test_permission_matrix import (
    NOT_FOUND,
    REFUSED,
    Caller,
    Route,
    _base,
    _who,
    fill,
    routes,
    url_of,
)

pytestmark = pytest.mark.django_db

B_PREFIX = "zeta"  # B's usernames and first names: a marker no page of A may show
# Fields whose value is the moment of the request, not a row.
VOLATILE_KEYS = {"now", "server_time", "generated_at", "as_of", "elapsed", "age_seconds"}
# Entries that are the caller's own account, not a casino's rows.
NOT_CASINO_DATA = {"api-schema", "api-docs", "health", "api-tokens"}


def _b_staff(casino: Casino) -> dict[str, Any]:
    users = {
        role.value: make_staff(casino, f"{B_PREFIX}_{role.value}", role, pin="1234")
        for role in Role
    }
    users["croupier2"] = make_staff(casino, f"{B_PREFIX}_croupier2", Role.CROUPIER, pin="5678")
    for name, role in (
        ("supervisor2", Role.SUPERVISOR),
        ("pit_boss2", Role.PIT_BOSS),
        ("cage_cashier2", Role.CAGE_CASHIER),
    ):
        users[name] = make_staff(casino, f"{B_PREFIX}_{name}", role)
    return users


def _play_casino_b(casino: Casino) -> dict[str, Any]:
    """Casino B's day, through the services, with the working records A's world has."""
    from hands.models import ImportJob, RevalidationRun
    from hands.services.incidents import incident_open
    from players import services as registry
    from reports import services as reports
    from tables.models import WaitingEntry
    from tables.selectors import ops_settings
    from tests.reports.scenario import play_day

    staff = _b_staff(casino)
    day = GamingDay.objects.create(
        casino=casino, business_date=timezone.localdate(), opened_by=staff["shift_manager"]
    )
    sector = Sector.objects.create(casino=casino, code="P1", name="Sector 1")
    sector.pit_bosses.add(staff["pit_boss"])
    played = play_day(staff, casino, day, sector)
    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    boss = acting_as(staff["pit_boss"], Role.PIT_BOSS)
    manager = acting_as(staff["shift_manager"], Role.SHIFT_MANAGER)
    WaitingEntry.objects.create(
        casino=casino, table=played.table, name="Zeta Espera", added_by=staff["supervisor"]
    )
    ImportJob.objects.create(
        casino=casino,
        session=played.session,
        created_by=staff["supervisor"],
        role=Role.SUPERVISOR,
        content="",
    )
    RevalidationRun.objects.create(
        casino=casino,
        created_by=staff["shift_manager"],
        role=Role.SHIFT_MANAGER,
        date_from=date(2030, 1, 1),
        date_to=date(2030, 1, 2),
    )
    reports.report_request(actor=sup, kind="control_sheet", params={"session": played.session.pk})
    incident_open(actor=sup, kind="player_request", description="Zeta pide el libro.")
    registry.exclusion_list_import(
        actor=manager,
        source="Regulador Zeta",
        list_date=date(2030, 1, 1),
        content="document_type,document_number,full_name,starts_on,ends_on\n"
        "dni,41999888,Zeta Lista,,\n",
    )
    player, _created = registry.player_register(
        actor=boss,
        min_player_age=ops_settings(boss.casino).min_player_age,
        display_name="Zeta Ríos",
        document_type="dni",
        document_number="41.444.555",
        nationality="AR",
        birth_date=date(1991, 5, 1),
    )
    registry.exclusion_self_record(actor=boss, player=player, ends_on=date(2099, 1, 1))
    return {"staff": staff, "day": played}


def _normalise(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _normalise(v) for k, v in value.items() if k not in VOLATILE_KEYS}
    if isinstance(value, list):
        return [_normalise(v) for v in value]
    return value


def _answer(response: Any) -> Any:
    if "json" in response.get("Content-Type", ""):
        return _normalise(json.loads(response.content))
    return (response.status_code, len(response.content))


def _list_calls(found: dict[str, Route]) -> list[tuple[Entry, Route]]:
    return [
        (entry, found[entry.name])
        for entry in ENTRIES
        if entry.method == "GET"
        and entry.name in found
        and found[entry.name].is_api
        and not found[entry.name].kwargs
        and entry.name not in NOT_CASINO_DATA
    ]


def _page_calls(found: dict[str, Route]) -> list[tuple[Entry, Route]]:
    return [
        (entry, found[_base(entry)[0]])
        for entry in ENTRIES
        if entry.method == "GET"
        and not found[_base(entry)[0]].is_api
        and not found[_base(entry)[0]].kwargs
    ]


def _b_ids(before: dict[str, int]) -> dict[str, int]:
    """B's newest record of each model: created after A's snapshot, so its pk is higher."""
    out: dict[str, int] = {}
    for entry in ENTRIES:
        label = entry.obj
        if label is None or ":" in label or label in out:
            continue
        newest = apps.get_model(label).objects.order_by("-pk").first()
        if newest is not None and newest.pk > before.get(label, 0):
            out[label] = newest.pk
    return out


def test_casino_a_staff_never_see_or_touch_casino_b(
    staff, casino, gaming_day, sector, other_casino, monkeypatch, settings, tmp_path
):
    # issue 18 §5: several casinos on one deployment, every query scoped by casino
    from .world import build_world

    settings.MEDIA_ROOT = tmp_path
    build_world(staff, casino, gaming_day, sector)
    caller = Caller(staff, monkeypatch)
    found = routes()
    lists = _list_calls(found)
    assert len(lists) >= 25, [e.name for e, _ in lists]

    def answers() -> dict[tuple[str, str], Any]:
        out = {}
        for entry, route in lists:
            url = url_of(entry, route, 0)
            for role in entry.roles:
                response = caller.call(entry, route, role, url, None)
                assert response.status_code < 500, f"{entry.name} as {_who(role)}"
                out[(entry.name, role.value)] = (response.status_code, _answer(response))
        return out

    alone = answers()
    labels = {e.obj for e in ENTRIES if e.obj and ":" not in e.obj}
    before = {
        label: (apps.get_model(label).objects.order_by("-pk").values_list("pk", flat=True).first())
        or 0
        for label in labels
    }
    b = _play_casino_b(other_casino)
    b_ids = _b_ids(before)
    assert len(b_ids) >= 20, sorted(labels - set(b_ids))

    # 1. Every list answers A's staff exactly as before B existed.
    with_b = answers()
    leaks = [
        f"{name} as {role}"
        for (name, role), answer in alone.items()
        if with_b[(name, role)] != answer
    ]
    assert not leaks, "lists that changed when casino B played its day:\n" + "\n".join(leaks)

    # 2. No page of A's shows one of B's staff.
    shown = []
    for entry, route in _page_calls(found):
        url = url_of(entry, route, 0)
        for role in entry.roles:
            response = caller.call(entry, route, role, url, None)
            if B_PREFIX.encode() in response.content.lower():
                shown.append(f"{entry.name} as {_who(role)}")
    assert not shown, "pages of casino A showing casino B's staff:\n" + "\n".join(shown)

    # 3. Every URL with an id, given one of B's records: not found (or refused), no change.
    b_day = b["day"]
    b_values = {
        "$player": b_day.players["Ana Gómez"].pk,
        "$store": b_day.store.pk,
        "$session": b_day.session.pk,
        "$pack": b_ids.get("tables.Pack", 0),
    }
    detector = ChangeDetector().install()
    problems: list[str] = []
    calls = 0
    for entry in ENTRIES:
        route = found[_base(entry)[0]]
        if entry.obj not in b_ids or not route.kwargs:
            continue
        url = url_of(entry, route, b_ids[entry.obj])
        for role in entry.roles:
            body = fill(entry.body, {**b_values, "$role": role.value})
            mark = detector.mark()
            response = caller.call(entry, route, role, url, body)
            calls += 1
            got = caller.outcome(response, route)
            changed = detector.since(mark)
            if got not in (NOT_FOUND, REFUSED):
                problems.append(f"{entry.key} as {_who(role)}: {got} ({response.status_code})")
            if changed:
                tables = sorted({f"{c.op} {c.table}" for c in changed})
                problems.append(f"{entry.key} as {_who(role)} changed {tables}")
    assert calls > 200, calls
    assert not problems, f"{len(problems)} of {calls} calls reached casino B:\n" + "\n".join(
        problems
    )
