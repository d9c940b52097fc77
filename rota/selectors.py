"""Reads of the dealers' rota (issue 44 §3): the version in force, the floor's "now and
next" per table, and planned against actual. Who actually deals is read from its owner,
``tables`` (the dealer changes recorded at the table's sessions), never copied here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from casino.access import Actor, require
from casino.errors import NotFound
from casino.models import GamingDay, User
from casino.roles import Perm
from tables.models import Table, TableSession
from tables.selectors import croupier_on_duty, dealer_changes_between, live_session

from . import planning
from .codec import plan_from_data
from .models import RotaPlan


def access_rota(actor: Actor, pk: object) -> RotaPlan:
    """One version of a rota of the actor's casino (404 otherwise); reading it is reading
    the tables (every floor role)."""
    require(actor, Perm.VIEW_TABLES)
    try:
        return RotaPlan.objects.select_related("gaming_day", "planned_by", "table").get(
            pk=int(str(pk)), casino=actor.casino
        )
    except (ValueError, TypeError, RotaPlan.DoesNotExist):
        raise NotFound("NOT_FOUND", "Rotación no encontrada.", "Rota not found.") from None


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
    return list(
        RotaPlan.objects.filter(gaming_day_id=rota.gaming_day_id)
        .select_related("planned_by", "table")
        .order_by("version")
    )


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
        rows.append(
            TableNow(
                table=table,
                planned_now=users.get(planned) if planned else None,
                actual_now=croupier_on_duty(session) if session else None,
                next_croupier=users.get(nxt.incoming) if nxt else None,
                next_at=rota.at_minute(nxt.at) if nxt else None,
                session=session,
                open_in_plan=open_now or t.open_from > minute,
                unstaffed_now=bool(slot and t.id in slot.unstaffed),
            )
        )
    return sorted(rows, key=lambda r: r.table.number)


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
