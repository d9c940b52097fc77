"""Writes of the dealers' rota (issue 44 §3): plan the shift, re-plan when a table closes
or opens. Each runs in one transaction, checks the actor and the tables he is assigned to,
refuses before it writes (a refused request changes nothing) and writes its audit event
with the new version. A dealer change itself is never written here: the floor records it
with ``tables.services.dealer_change_record`` (one owner for who deals at a table).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errors import DomainError
from casino.models import GamingDay, User
from casino.roles import Perm, Role
from casino.selectors import require_open_gaming_day
from tables.codes import TablesCode
from tables.models import Table
from tables.selectors.assignment import require_at

from . import planning
from .codec import plan_from_data, plan_to_data
from .codes import RotaCode
from .models import RotaPlan

# Every table of the room deals Texas Hold'em and every croupier deals it: the planner's
# games are kept for the day Mesa records which games a croupier may deal.
GAME = "holdem"
MINUTES_MIN, MINUTES_MAX = 5, 240  # a down or a break
LATE_MAX = 60
SHIFT_MAX_MINUTES = 24 * 60


def _minutes(value: object, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DomainError.of(RotaCode.ROTA_MINUTES_INVALID, low=low, high=high, field=field)
    return value


def _check_period(starts_at: datetime, ends_at: datetime) -> int:
    minutes = int((ends_at - starts_at).total_seconds() // 60)
    if minutes <= 0 or minutes > SHIFT_MAX_MINUTES:
        raise DomainError.of(RotaCode.ROTA_PERIOD_INVALID, field="ends_at")
    return minutes


def _check_croupiers(actor: Actor, croupiers: Sequence[User]) -> list[User]:
    if not croupiers:
        raise DomainError.of(RotaCode.ROTA_NO_CROUPIERS, field="croupiers")
    seen: dict[int, User] = {}
    for user in croupiers:
        if user.casino_id != actor.casino.pk or not user.is_active:
            raise DomainError.of(TablesCode.STAFF_NOT_FOUND, person=user, field="croupiers")
        if not user.holds_role(Role.CROUPIER):
            raise DomainError.of(
                TablesCode.STAFF_ROLE_MISSING, user=user, role=Role.CROUPIER, field="croupiers"
            )
        seen[user.pk] = user
    return sorted(seen.values(), key=lambda u: u.pk)


def _check_tables(actor: Actor, tables: Sequence[Table]) -> list[Table]:
    if not tables:
        raise DomainError.of(RotaCode.ROTA_NO_TABLES, field="tables")
    seen: dict[int, Table] = {}
    for table in tables:
        if table.casino_id != actor.casino.pk or not table.is_active:
            raise DomainError.of(RotaCode.ROTA_TABLE_UNKNOWN, field="tables")
        require_at(actor, table=table)  # a pit boss plans the tables of his sectors
        seen[table.pk] = table
    return sorted(seen.values(), key=lambda t: t.number)


def _audit_after(rota: RotaPlan) -> dict[str, object]:
    return {
        "version": rota.version,
        "reason": rota.reason,
        "table": rota.table_id,
        "from_minute": rota.replanned_from,
        "on": rota.on_minutes,
        "off": rota.off_minutes,
        "unstaffed": len(plan_from_data(rota.plan).unstaffed),
    }


def rota_plan(
    *,
    actor: Actor,
    croupiers: Sequence[User],
    tables: Sequence[Table],
    starts_at: datetime,
    ends_at: datetime,
    on_minutes: int = 30,
    off_minutes: int = 15,
    late_after_minutes: int = 5,
) -> RotaPlan:
    """The first version of the day's rota: the croupiers available deal at the open tables
    from ``starts_at`` to ``ends_at``, ``on_minutes`` at a table then ``off_minutes`` off."""
    require(actor, Perm.PLAN_ROTA)
    on = _minutes(on_minutes, "on_minutes", MINUTES_MIN, MINUTES_MAX)
    off = _minutes(off_minutes, "off_minutes", MINUTES_MIN, MINUTES_MAX)
    late = _minutes(late_after_minutes, "late_after_minutes", 0, LATE_MAX)
    length = _check_period(starts_at, ends_at)
    crew = _check_croupiers(actor, croupiers)
    room = _check_tables(actor, tables)
    plan = planning.plan_rota(
        [planning.Croupier(str(u.pk), frozenset({GAME}), 0, length) for u in crew],
        [planning.Table(str(t.pk), GAME, 0) for t in room],
        start=0,
        end=length,
        rotation=planning.Rotation(on=on, off=off),
    )
    with transaction.atomic():
        day = require_open_gaming_day(actor.casino)
        # The day's row is the one lock of its rota: two first plans cannot both land.
        GamingDay.objects.select_for_update().filter(pk=day.pk).first()
        if RotaPlan.objects.filter(gaming_day=day).exists():
            raise DomainError.of(RotaCode.ROTA_EXISTS)
        rota = RotaPlan.objects.create(
            casino=actor.casino,
            gaming_day=day,
            version=1,
            starts_at=starts_at,
            ends_at=ends_at,
            on_minutes=on,
            off_minutes=off,
            late_after_minutes=late,
            plan=plan_to_data(plan),
            planned_by=actor.user,
            role=actor.role.value,
        )
        audit_record(actor=actor, action="rota.plan", obj=rota, after=_audit_after(rota))
    return rota


CLOSE, OPEN = "close", "open"


def rota_replan(
    *,
    actor: Actor,
    rota: RotaPlan,
    table: Table,
    change: str,
    at: datetime | None = None,
) -> RotaPlan:
    """A new version of ``rota`` (the version the screen showed) from the moment ``table``
    closed or opened: the past and the slot under way stay, the croupier freed goes back
    into the pool, a table opened is staffed from the next rotation."""
    require(actor, Perm.PLAN_ROTA)
    if change not in (CLOSE, OPEN):
        raise DomainError.of(RotaCode.ROTA_CHANGE_INVALID, field="change")
    if table.casino_id != actor.casino.pk or not table.is_active:
        raise DomainError.of(RotaCode.ROTA_TABLE_UNKNOWN, field="table")
    require_at(actor, table=table)
    when = at or timezone.now()
    with transaction.atomic():
        shown = RotaPlan.objects.select_for_update().filter(pk=rota.pk).first()
        if shown is None or shown.casino_id != actor.casino.pk:
            raise DomainError.of(RotaCode.ROTA_CHANGED)
        if RotaPlan.objects.filter(previous=shown).exists():
            raise DomainError.of(RotaCode.ROTA_CHANGED)
        plan = plan_from_data(shown.plan)
        now = max(0, shown.minute_of(when))
        if now >= plan.end:
            raise DomainError.of(RotaCode.ROTA_OVER)
        key = str(table.pk)
        current = {t.id: t for t in plan.tables}
        if change == CLOSE:
            t = current.get(key)
            if t is None or (t.open_until is not None and t.open_until <= now):
                raise DomainError.of(RotaCode.ROTA_TABLE_NOT_OPEN, field="table")
            if t.open_from >= now:
                room = [x for x in plan.tables if x.id != key]  # closed before it opened
            else:
                room = [
                    x if x.id != key else planning.Table(x.id, x.game, x.open_from, now)
                    for x in plan.tables
                ]
            reason = RotaPlan.Reason.TABLE_CLOSED
        else:
            if key in current:
                raise DomainError.of(RotaCode.ROTA_TABLE_IN_PLAN, field="table")
            room = [*plan.tables, planning.Table(key, GAME, now)]
            reason = RotaPlan.Reason.TABLE_OPENED
        new_plan = planning.replan(plan, now=now, tables=room)
        fresh = RotaPlan.objects.create(
            casino=shown.casino,
            gaming_day=shown.gaming_day,
            version=shown.version + 1,
            previous=shown,
            reason=reason,
            table=table,
            starts_at=shown.starts_at,
            ends_at=shown.ends_at,
            on_minutes=shown.on_minutes,
            off_minutes=shown.off_minutes,
            late_after_minutes=shown.late_after_minutes,
            replanned_from=now,
            plan=plan_to_data(new_plan),
            planned_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="rota.replan",
            obj=fresh,
            before={"version": shown.version},
            after=_audit_after(fresh),
        )
    return fresh
