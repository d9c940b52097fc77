"""The permission matrix tests relationships, not only roles (issue 12 §2).

For every mutating endpoint and page that a croupier, supervisor or pit boss may
use, the person who holds that role but is not assigned to the record's table —
a supervisor who does not supervise the session, a pit boss of another sector, a
croupier who is not on duty there — is refused with 403 and a precise code, and
nothing is written. The entries come from ``tests/security/matrix.py``, so a new
endpoint is covered as soon as it has its matrix entry; one that is not tied to a
table says why in :data:`NOT_TABLE_BOUND`.
"""

from __future__ import annotations

from typing import Any

import pytest

from casino.models import Sector
from casino.roles import Role
from tests.helpers import make_staff

from .changes import ChangeDetector
from .matrix import ENTRIES, Entry
from .test_permission_matrix import REFUSED, Caller, _base, _code, fill, routes, url_of

pytestmark = pytest.mark.django_db

TABLE_ROLES = (Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS)
ASSIGNMENT_CODES = {
    "NOT_CROUPIER_ON_DUTY",
    "NOT_SESSION_SUPERVISOR",
    "NOT_SECTOR_PIT_BOSS",
    "PIN_TERMINAL_NOT_SUPERVISOR",
    "REPORT_SIGNER_NOT_NAMED",  # a closing report names its signers from the assignment
    "REPORT_OUT_OF_SCOPE",  # a report of a table the person is not assigned to
}

# Endpoints a table role may use that are not tied to one table, with the reason.
NOT_TABLE_BOUND: dict[str, str] = {
    "api-token": "signing in",
    "logout": "signing out",
    "set_language": "the user's language",
    "switch-role": "the role the user acts in",
    "api-reports": "requesting a report reads records; reports are scoped by their kind",
    "reports:create": "the page of api-reports",
    "api-reports-reprint": "a reprint is a copy of an archived report, marked as such",
    "api-reports-signed-copy": "a copy of a signed report (its signatures are the record)",
    "reports:signed-copy": "the page of api-reports-signed-copy",
    "api-tables-keys": "the key log is kept at the pit podium per person, not per session",
    "api-tables-key-return": "the key log is kept at the pit podium per person, not per session",
    "api-logout": "signing out",
    "api-token-revoke": "a user's own API tokens",
    "api-staff-pin-unlock": "a person's PIN, not a table's record (any pit boss unlocks it)",
    # Issue 17 §3: an incident may concern no table (a request at the reception); one at
    # a table is scoped by its session (tests/hands/test_incidents.py: the supervisor of
    # another table and the pit boss of another sector are refused).
    "api-incident-list": "an incident sent without a table is the room's",
    "api-incident-escalate": "the matrix's incident names no table; at a table see above",
    "api-incident-decide": "the matrix's incident names no table; at a table see above",
    "api-incident-close": "the matrix's incident names no table; at a table see above",
    # Issue 17: the player registry and exclusions are the room's, not a table's.
    "api-tables-players": "the room's player registry (no table named)",
    "api-tables-exclusions": "the room's exclusions (a self-exclusion names no table)",
    "api-tables-exclusion-lift": "the room's exclusions",
    # The sanctions ledger is the room's: a sanction sent without a table is decided by
    # any pit boss (or the shift manager); one given at a table is scoped by its session
    # (tests/tables/test_assignment.py).
    "api-tables-sanctions": "the room's sanctions ledger (no table named)",
    "api-tables-sanction-propose": "the room's sanctions ledger (no table named)",
    "api-tables-sanction-lift": "the room's sanctions ledger",
    "api-tables-sanction-reduce": "the room's sanctions ledger",
    "api-tables-sanction-appeal": "the room's sanctions ledger (SANC-01 appeal)",
    "api-tables-sanction-appeal-decide": "the room's sanctions ledger (SANC-01 appeal)",
    "tables:act[impose]": "the room's sanctions ledger (no table named)",
    "tables:act[propose]": "the room's sanctions ledger (no table named)",
    "tables:act[lift]": "the room's sanctions ledger",
    "tables:act[reduce]": "the room's sanctions ledger",
    "tables:act[appeal]": "the room's sanctions ledger (SANC-01 appeal)",
    "tables:act[decide_appeal]": "the room's sanctions ledger (SANC-01 appeal)",
    # A void is a second person's control: any pit boss or the shift manager who signed
    # nothing on the slip confirms it (CLOSE-07), whatever the sector.
    "api-cage-slip-void": "a void is the room's second-person control (CLOSE-07)",
    "api-cage-void-confirm": "a void is the room's second-person control (CLOSE-07)",
    "cage:slip-void": "a void is the room's second-person control (CLOSE-07)",
    "cage:void-confirm": "a void is the room's second-person control (CLOSE-07)",
    "floor:queue-act[void]": "a void is the room's second-person control (CLOSE-07)",
    # The security store is the room's (no sector): any pit boss receives its packs; a
    # sector's store is scoped to the sector (DeckReceipt.signing_assignment).
    "api-tables-deck-receipt-sign": "the room's security store (no sector)",
    "tables:act[receipt-sign]": "the room's security store (no sector)",
    "floor:queue-act[receipt]": "the room's security store (no sector)",
    # The waiting list of a table with no live session is kept by any supervisor of the
    # room; once a session is open it is that session's (hands.selectors).
    "api-hands-waiting-list": "the world's table has no live session",
    "api-hands-waiting-seat": "the world's table has no live session",
}

# Entries whose record is named in the body, not the URL: with the matrix's minimal body
# the input is refused before the record is known. Their refusal of the unassigned person
# is proven per service with a valid body (tests/cage/test_assignment.py,
# tests/hands/test_assignment.py, tests/tables/test_assignment.py).
NAMED_IN_BODY: dict[str, str] = {
    "api-hands-list": "the hand's session is in the body",
    "api-hands-live-start": "the session is in the body",
    # tests/promotions: the supervisor of another table is refused (NOT_SESSION_SUPERVISOR)
    "api-jackpot-claims": "the hand claimed is in the body",
    # tests/promotions/test_high_hand_claims.py: the winning hand's table decides who files
    "api-jackpot-period-claims": "the period, hence the winning hand's table, is in the body",
    "promotions:period-claim": "the period, hence the winning hand's table, is in the body",
    # TOUR-05: the move names the tables whose dealers confirm it
    # (tests/tournaments: a croupier not on duty at either table is refused)
    "api-tournament-move-confirm": "the move, hence its two tables, is in the body",
    "tournaments:act[confirm]": "the move, hence its two tables, is in the body",
}

# Issue 42: a tournament is the room's event, not one table's session. Its floor work is
# done by whoever holds the tournament permission (RUN_TOURNAMENT, MANAGE_TOURNAMENTS,
# …), as a room's tournament staff works every table of it; Mesa keeps no per-tournament
# assignment (docs/tournaments.md), so the role matrix (test_permission_matrix) is its
# control. The dealers' confirmation of a move is table-bound: see NAMED_IN_BODY.
TOURNAMENT_ROOM_WORK = "a tournament is the room's event, worked by its tournament staff"


def _tournament_room_work(name: str) -> bool:
    return name.startswith(("api-tournament", "tournaments:")) and name not in NAMED_IN_BODY


def _scoped(entry: Entry) -> bool:
    return (
        entry.method != "GET"
        and bool(entry.roles & set(TABLE_ROLES))
        and entry.name not in NOT_TABLE_BOUND
        and entry.name not in NAMED_IN_BODY
        and not _tournament_room_work(entry.name)
    )


@pytest.fixture
def outsiders(casino: Any) -> dict[str, Any]:
    """People who hold each table role but are assigned to none of the world's tables."""
    other = Sector.objects.create(casino=casino, code="P9", name="Sector 9")
    pit_boss = make_staff(casino, "pit_boss_p9", Role.PIT_BOSS)
    other.pit_bosses.add(pit_boss)
    return {
        Role.CROUPIER.value: make_staff(casino, "croupier_off", Role.CROUPIER, pin="4321"),
        Role.SUPERVISOR.value: make_staff(casino, "supervisor_elsewhere", Role.SUPERVISOR),
        Role.PIT_BOSS.value: pit_boss,
    }


def _control_sheet_to_sign(staff: dict[str, Any], world: Any) -> Any:
    """The closed day's table control sheet, rendered and not yet signed (CLOSE-11)."""
    from casino.access import acting_as
    from reports import services as reports

    sup = acting_as(staff["supervisor"], Role.SUPERVISOR)
    report = reports.report_request(
        actor=sup, kind="control_sheet", params={"session": world.day.session.pk}
    )
    return reports.report_render(report.pk)


def test_every_mutating_endpoint_refuses_the_unassigned_holder_of_the_role(
    staff, casino, gaming_day, sector, outsiders, monkeypatch, settings, tmp_path
):
    # issue 12 §1, §2; ROLE-13, ROLE-14: the role that may act but is not assigned to the
    # object is refused (403, a precise code), with nothing written.
    from .world import build_world

    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    to_sign = _control_sheet_to_sign(staff, world)
    caller = Caller({**staff, **outsiders}, monkeypatch)
    detector = ChangeDetector().install()
    found = routes()
    problems: list[str] = []
    calls = 0
    for entry in ENTRIES:
        if not _scoped(entry):
            continue
        route = found[_base(entry)[0]]
        pk = world.id_of(entry.obj)
        if entry.name in ("api-reports-signatures", "reports:sign"):
            pk = to_sign.pk  # a closing report still to sign, not the world's newest report
        url = url_of(entry, route, pk)
        for role in TABLE_ROLES:
            if role not in entry.roles:
                continue
            body = fill(entry.body, world.placeholders(role))
            mark = detector.mark()
            response = caller.call(entry, route, role, url, body)
            calls += 1
            outcome = caller.outcome(response, route)
            code = _code(response) if route.is_api else None
            if not route.is_api and caller.raised:
                # A page shows the refusal in place (a message, or the htmx panel again).
                code = caller.raised[-1].code
                outcome = REFUSED if caller.raised[-1].status_code == 403 else outcome
            changed = detector.since(mark)
            if outcome != REFUSED or code not in ASSIGNMENT_CODES:
                problems.append(
                    f"{entry.key} as the unassigned {role.value}: {outcome} "
                    f"({response.status_code}, {code})"
                )
            if changed:
                tables = sorted({f"{c.op} {c.table}" for c in changed})
                problems.append(f"{entry.key} as the unassigned {role.value} changed {tables}")
    assert calls > 100
    assert not problems, f"{len(problems)} of {calls} calls:\n" + "\n".join(problems)


# A refusal for who signed the document already in another role (one person, one role per
# document, ROLE-14): the insider below may meet it before the assignment rule.
ONE_ROLE_PER_DOCUMENT = {"SIGNER_ALREADY_SIGNED", "ROLE_ALREADY_SIGNED"}


def test_every_mutating_endpoint_refuses_who_works_the_table_in_another_role(
    staff, casino, gaming_day, sector, monkeypatch, settings, tmp_path
):
    # issue 39 ("Where the suite is still blind"): the refusals were proven against
    # outsiders only; a rule that asked "does this person work this table in any role"
    # passed them all. Here each table role is taken by someone assigned to the very same
    # table in another role, who also holds this one: the sector's pit boss acting as
    # supervisor, the session's supervisor acting as pit boss or as croupier.
    from django.contrib.auth.models import Group

    from .world import build_world

    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    to_sign = _control_sheet_to_sign(staff, world)
    as_supervisor, as_pit_boss_or_croupier = staff["pit_boss"], staff["supervisor"]
    as_supervisor.groups.add(Group.objects.get(name=Role.SUPERVISOR.value))
    for role in (Role.PIT_BOSS, Role.CROUPIER):
        as_pit_boss_or_croupier.groups.add(Group.objects.get(name=role.value))
    from casino.models import User

    fresh = {u.pk: User.objects.get(pk=u.pk) for u in (as_supervisor, as_pit_boss_or_croupier)}
    insiders = {  # read again: a user keeps the roles it was loaded with
        Role.SUPERVISOR.value: fresh[as_supervisor.pk],
        Role.PIT_BOSS.value: fresh[as_pit_boss_or_croupier.pk],
        Role.CROUPIER.value: fresh[as_pit_boss_or_croupier.pk],
    }
    caller = Caller({**staff, **insiders}, monkeypatch)
    for role in TABLE_ROLES:  # a page acts in the role chosen with the role switch
        assert caller.pages[role].post("/role/", {"role": role.value}).status_code == 302
    detector = ChangeDetector().install()
    found = routes()
    problems: list[str] = []
    calls = by_assignment = 0
    seen: dict[str, int] = {}
    for entry in ENTRIES:
        if not _scoped(entry):
            continue
        route = found[_base(entry)[0]]
        pk = world.id_of(entry.obj)
        if entry.name in ("api-reports-signatures", "reports:sign"):
            pk = to_sign.pk
        url = url_of(entry, route, pk)
        for role in TABLE_ROLES:
            if role not in entry.roles:
                continue
            body = fill(entry.body, world.placeholders(role))
            mark = detector.mark()
            response = caller.call(entry, route, role, url, body)
            calls += 1
            outcome = caller.outcome(response, route)
            code = _code(response) if route.is_api else None
            if not route.is_api and caller.raised:
                # The refusal the page names (a page shown again may raise and catch more).
                code = response.get("X-Mesa-Refusal") or caller.raised[-1].code
                status = next((e.status_code for e in caller.raised if e.code == code), 0)
                if status == 403 or code in ONE_ROLE_PER_DOCUMENT:
                    outcome = REFUSED
            if route.is_api and code in ONE_ROLE_PER_DOCUMENT:
                outcome = REFUSED
            by_assignment += code in ASSIGNMENT_CODES
            seen[str(code)] = seen.get(str(code), 0) + 1
            if outcome != REFUSED or code not in ASSIGNMENT_CODES | ONE_ROLE_PER_DOCUMENT:
                problems.append(
                    f"{entry.key} as {insiders[role.value].username} acting as {role.value}: "
                    f"{outcome} ({response.status_code}, {code})"
                )
            if changed := detector.since(mark):
                tables = sorted({f"{c.op} {c.table}" for c in changed})
                problems.append(f"{entry.key} as the insider {role.value} changed {tables}")
    assert calls > 100
    assert by_assignment > calls * 0.9, (by_assignment, calls, sorted(seen.items()))
    assert not problems, f"{len(problems)} of {calls} calls:\n" + "\n".join(problems)
