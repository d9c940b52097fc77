"""Reads of the dealers' rota (issue 44 §3): the version in force, the floor's "now and
next" per table, and planned against actual. Who actually deals is read from its owner,
``tables`` (the dealer changes recorded at the table's sessions), never copied here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import GamingDay, User
from casino.roles import Perm, Role
from casino.selectors import open_gaming_day
from tables.models import Pack, PackState, Table, TableSession
from tables.selectors import (
    croupier_on_duty,
    dealer_changes_between,
    live_session,
    packs_at_session,
)

from . import planning
from .codec import plan_from_data
from .models import GAMES, CroupierGames, RotaPlan, game_label

# The packs a croupier may bring in at a dealer change (as the table's own page offers).
READY_TO_COME_IN = ("inspected", "reserve", "rested")


def games_in_force(croupier_ids: list[int]) -> dict[int, frozenset[str]]:
    """The games each croupier may deal (issue 44 §3): the latest version a manager
    recorded; a croupier without one deals every game."""
    latest: dict[int, CroupierGames] = {}
    for row in CroupierGames.objects.filter(croupier_id__in=croupier_ids).order_by("version"):
        latest[row.croupier_id] = row
    return {
        pk: frozenset(latest[pk].games) if pk in latest else frozenset(GAMES) for pk in croupier_ids
    }


def access_staff(actor: Actor, pk: object) -> User:
    """A staff member of the actor's casino by id (404 otherwise); the service checks the
    role it needs."""
    try:
        return User.objects.get(pk=int(str(pk)), casino=actor.casino)
    except (ValueError, TypeError, User.DoesNotExist):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=User) from None


def games_versions(croupier: User) -> list[CroupierGames]:
    """Every version of a croupier's games, oldest first."""
    return list(
        CroupierGames.objects.filter(croupier=croupier)
        .select_related("recorded_by")
        .order_by("version")
    )


def game_of_session(session: TableSession) -> str:
    """The game a session deals, in the words a croupier's games are recorded in."""
    return session.kind if session.is_tournament else session.settings.variant


def game_of_table(table: Table) -> str:
    """The game ``table`` deals now: its live session's, else its settings in force ("" for a
    table without settings: nobody is qualified, and the plan says so)."""
    session = live_session(table)
    if session is not None:
        return game_of_session(session)
    settings = table.settings_at()
    return settings.variant if settings is not None else ""


def access_rota(actor: Actor, pk: object) -> RotaPlan:
    """One version of a rota of the actor's casino (404 otherwise); reading it is reading
    the tables (every floor role)."""
    require(actor, Perm.VIEW_TABLES)
    try:
        return RotaPlan.objects.select_related("gaming_day", "planned_by", "table").get(
            pk=int(str(pk)), casino=actor.casino
        )
    except (ValueError, TypeError, RotaPlan.DoesNotExist):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=RotaPlan) from None


def rota_in_force(day: GamingDay | None) -> RotaPlan | None:
    """The day's latest version (the one no re-plan replaced)."""
    if day is None:
        return None
    return (
        RotaPlan.objects.filter(gaming_day=day, next_version__isnull=True)
        .select_related("gaming_day", "planned_by", "table")
        .first()
    )


def rota_versions(rota: RotaPlan) -> list[RotaPlan]:
    return rota_versions_of_day(rota.gaming_day)


def is_in_force(rota: RotaPlan) -> bool:
    return not RotaPlan.objects.filter(previous=rota).exists()


def plan_of(rota: RotaPlan) -> planning.Plan:
    return plan_from_data(rota.plan)


def _names(plan: planning.Plan) -> tuple[dict[str, User], dict[str, Table]]:
    users = {str(u.pk): u for u in User.objects.filter(pk__in=[int(c.id) for c in plan.croupiers])}
    tables = {str(t.pk): t for t in Table.objects.filter(pk__in=[int(t.id) for t in plan.tables])}
    return users, tables


def recorded_changes(rota: RotaPlan, plan: planning.Plan) -> list[planning.RecordedChange]:
    """The dealer changes recorded at the rota's tables during its shift, as the planner
    reads them (table id, croupier id, minute)."""
    ids = [int(t.id) for t in plan.tables]
    return [
        planning.RecordedChange(str(c.session.table_id), str(c.incoming_id), rota.minute_of(c.at))
        for c in dealer_changes_between(rota.casino_id, ids, rota.starts_at, rota.ends_at)
    ]


def comparison(rota: RotaPlan, now: datetime | None = None) -> planning.Comparison:
    plan = plan_of(rota)
    clock = min(plan.end, rota.minute_of(now or timezone.now()))
    return planning.compare(
        plan, recorded_changes(rota, plan), late_after=rota.late_after_minutes, now=clock
    )


@dataclass(frozen=True)
class TableNow:
    """One table on the floor page: who deals now by the plan and by the record, who is
    next and when, and the session where the change is recorded."""

    table: Table
    planned_now: User | None
    actual_now: User | None
    next_croupier: User | None
    next_at: datetime | None
    session: TableSession | None
    open_in_plan: bool
    unstaffed_now: bool
    # The change the floor records next: the planned croupier now when the record says
    # someone else deals, else the next planned one (recorded early is on time).
    due: User | None
    due_at: datetime | None
    pack_in_play: Pack | None
    ready_packs: list[Pack]


def floor_rows(rota: RotaPlan, now: datetime | None = None) -> list[TableNow]:
    plan = plan_of(rota)
    users, tables = _names(plan)
    minute = rota.minute_of(now or timezone.now())
    slot = plan.slot_at(minute)
    changes = planning.planned_changes(plan)
    rows = []
    for t in plan.tables:
        table = tables[t.id]
        open_now = t.open_from <= minute and (t.open_until is None or minute < t.open_until)
        upcoming = [c for c in changes if c.table == t.id and c.at > minute]
        nxt = upcoming[0] if upcoming else None
        planned = slot.croupier_at(t.id) if slot else None
        session = live_session(table)
        actual = croupier_on_duty(session) if session else None
        planned_user = users.get(planned) if planned else None
        due: User | None
        due_at: datetime | None
        if planned_user is not None and actual != planned_user:
            due, due_at = planned_user, rota.at_minute(slot.start if slot else minute)
        else:
            due = users.get(nxt.incoming) if nxt else None
            due_at = rota.at_minute(nxt.at) if nxt else None
        packs = list(packs_at_session(session)) if session else []
        rows.append(
            TableNow(
                table=table,
                planned_now=planned_user,
                actual_now=actual,
                next_croupier=users.get(nxt.incoming) if nxt else None,
                next_at=rota.at_minute(nxt.at) if nxt else None,
                session=session,
                open_in_plan=open_now or t.open_from > minute,
                unstaffed_now=bool(slot and t.id in slot.unstaffed),
                due=due if open_now else None,
                due_at=due_at if open_now else None,
                pack_in_play=next((p for p in packs if p.state == PackState.IN_PLAY), None),
                ready_packs=[p for p in packs if p.state in READY_TO_COME_IN],
            )
        )
    return sorted(rows, key=lambda r: r.table.number)


@dataclass(frozen=True)
class FindingRow:
    """A table the plan leaves without a croupier, and why (issue 44 §3)."""

    table: Table
    game: str  # the game's words
    starts_at: datetime
    ends_at: datetime
    code: str  # planning.NO_QUALIFIED_CROUPIER or NO_QUALIFIED_CROUPIER_FREE


def plan_findings(rota: RotaPlan) -> list[FindingRow]:
    plan = plan_of(rota)
    _users, tables = _names(plan)
    return [
        FindingRow(
            table=tables[f.table],
            game=game_label(f.game),
            starts_at=rota.at_minute(f.start),
            ends_at=rota.at_minute(f.end),
            code=f.code,
        )
        for f in planning.findings(plan)
    ]


@dataclass(frozen=True)
class CroupierGamesRow:
    croupier: User
    games: list[str]  # the games' words, in GAMES order
    codes: frozenset[str]
    recorded: CroupierGames | None  # the version in force (None: never recorded)
    versions: list[CroupierGames]


def croupiers_games(actor: Actor) -> list[CroupierGamesRow]:
    """Each active croupier of the casino with the games he may deal and their history."""
    require(actor, Perm.VIEW_TABLES)
    people = list(
        User.objects.filter(casino=actor.casino, is_active=True, groups__name=Role.CROUPIER.value)
        .distinct()
        .order_by("username")
    )
    games = games_in_force([u.pk for u in people])
    rows = []
    for u in people:
        versions = games_versions(u)
        rows.append(
            CroupierGamesRow(
                croupier=u,
                games=[game_label(g) for g in GAMES if g in games[u.pk]],
                codes=games[u.pk],
                recorded=versions[-1] if versions else None,
                versions=versions,
            )
        )
    return rows


@dataclass(frozen=True)
class CheckRow:
    table: Table
    planned_at: datetime
    incoming: User | None
    outgoing: User | None
    status: str  # planning.Check's value
    recorded_at: datetime | None
    delay: int | None


@dataclass(frozen=True)
class ActualView:
    checks: list[CheckRow]
    unplanned: list[tuple[Table, User | None, datetime]]
    late: int
    missing: int
    on_time: int


def planned_vs_actual(rota: RotaPlan, now: datetime | None = None) -> ActualView:
    plan = plan_of(rota)
    users, tables = _names(plan)
    result = comparison(rota, now)
    extra = {
        str(u.pk): u
        for u in User.objects.filter(pk__in=[int(r.croupier) for r in result.unplanned])
    }
    rows = [
        CheckRow(
            table=tables[c.planned.table],
            planned_at=rota.at_minute(c.planned.at),
            incoming=users.get(c.planned.incoming),
            outgoing=users.get(c.planned.outgoing) if c.planned.outgoing else None,
            status=c.status.value,
            recorded_at=rota.at_minute(c.recorded.at) if c.recorded else None,
            delay=c.delay,
        )
        for c in result.checks
    ]
    count = {s: sum(1 for r in rows if r.status == s.value) for s in planning.Check}
    return ActualView(
        checks=rows,
        unplanned=[
            (tables[r.table], users.get(r.croupier) or extra.get(r.croupier), rota.at_minute(r.at))
            for r in result.unplanned
        ],
        late=count[planning.Check.LATE],
        missing=count[planning.Check.MISSING],
        on_time=count[planning.Check.ON_TIME],
    )


def day_rotas(actor: Actor) -> list[RotaPlan]:
    """Every version of the open gaming day's rota (reading the tables)."""
    require(actor, Perm.VIEW_TABLES)
    day = open_gaming_day(actor.casino)
    if day is None:
        return []
    return rota_versions_of_day(day)


def rota_versions_of_day(day: GamingDay) -> list[RotaPlan]:
    return list(
        RotaPlan.objects.filter(gaming_day=day)
        .select_related("gaming_day", "planned_by", "table")
        .order_by("version")
    )


def rota_payload(rota: RotaPlan) -> dict[str, object]:
    """One version as plain data for the API (usernames, table ids and numbers, times)."""
    plan = plan_of(rota)
    users, tables = _names(plan)
    return {
        "id": rota.pk,
        "version": rota.version,
        "previous": rota.previous_id,
        "in_force": is_in_force(rota),
        "reason": rota.reason,
        "table": rota.table_id,
        "session": rota.session_id,
        "business_date": rota.gaming_day.business_date,
        "starts_at": rota.starts_at,
        "ends_at": rota.ends_at,
        "on_minutes": rota.on_minutes,
        "off_minutes": rota.off_minutes,
        "late_after_minutes": rota.late_after_minutes,
        "replanned_from": (
            rota.at_minute(rota.replanned_from) if rota.replanned_from is not None else None
        ),
        "planned_by": rota.planned_by.username,
        "role": rota.role,
        "planned_at": rota.planned_at,
        "tables": [int(t.id) for t in plan.tables],
        "croupiers": [users[c.id].username for c in plan.croupiers],
        "slots": [
            {
                "starts_at": rota.at_minute(s.start),
                "ends_at": rota.at_minute(s.end),
                "assignments": [
                    {
                        "table": int(a.table),
                        "table_number": tables[a.table].number,
                        "croupier": users[a.croupier].username,
                    }
                    for a in s.assignments
                ],
                "unstaffed": [int(t) for t in s.unstaffed],
                "resting": [users[c].username for c in s.resting],
            }
            for s in plan.slots
        ],
        "findings": [
            {
                "table": int(f.table),
                "table_number": tables[f.table].number,
                "game": f.game,
                "starts_at": rota.at_minute(f.start),
                "ends_at": rota.at_minute(f.end),
                "code": f.code,
            }
            for f in planning.findings(plan)
        ],
    }


def actual_payload(rota: RotaPlan, now: datetime | None = None) -> dict[str, object]:
    view = planned_vs_actual(rota, now)
    return {
        "rota": rota.pk,
        "version": rota.version,
        "on_time": view.on_time,
        "late": view.late,
        "missing": view.missing,
        "checks": [
            {
                "table": c.table.pk,
                "table_number": c.table.number,
                "planned_at": c.planned_at,
                "incoming": c.incoming.username if c.incoming else "",
                "outgoing": c.outgoing.username if c.outgoing else None,
                "status": c.status,
                "recorded_at": c.recorded_at,
                "delay_minutes": c.delay,
            }
            for c in view.checks
        ],
        "unplanned": [
            {
                "table": t.pk,
                "table_number": t.number,
                "croupier": who.username if who else "",
                "recorded_at": at,
            }
            for t, who, at in view.unplanned
        ],
    }
