"""Writes of the dealers' rota (issue 44 §3): plan the shift, re-plan when a table closes
or opens, record the games a croupier may deal. Each runs in one transaction, checks the
actor and the tables he is assigned to, refuses before it writes (a refused request changes
nothing) and writes its audit event with the new version.

A table's session opening or its closing starting re-plans by itself
(:func:`rota_follow_table`, registered in ``tables.hooks`` by ``rota.apps``): in the
tables service's transaction, by the actor who opened or closed the table. A dealer change itself is never written here: the floor records it
with ``tables.services.dealer_change_record`` (one owner for who deals at a table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from casino.access import Actor, require
from casino.audit import audit_record
from casino.errors import DomainError
from casino.models import GamingDay, User
from casino.roles import Perm, Role
from casino.selectors import require_open_gaming_day
from tables import hooks
from tables.codes import TablesCode
from tables.models import Table, TableSession
from tables.selectors.assignment import require_at

from . import planning
from .codec import plan_from_data, plan_to_data
from .codes import RotaCode
from .models import GAMES, CroupierGames, RotaPlan
from .selectors import game_of_session, game_of_table, games_in_force, rota_in_force

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
    games = games_in_force([u.pk for u in crew])
    plan = planning.plan_rota(
        [planning.Croupier(str(u.pk), games[u.pk], 0, length) for u in crew],
        [planning.Table(str(t.pk), game_of_table(t), 0) for t in room],
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


CLOSE, OPEN = hooks.TABLE_CLOSED, hooks.TABLE_OPENED


def _room_after(
    plan: planning.Plan, key: str, change: str, now: int, game: str
) -> list[planning.Table] | None:
    """The plan's tables once table ``key`` closes or opens at minute ``now`` (None: the
    change does not apply: closing a table not open in the plan, opening one already in
    it)."""
    t = next((x for x in plan.tables if x.id == key), None)
    if change == OPEN:
        # A table that closed stays closed in this rota: the planner gives a table one
        # opening interval (docs/floor.md).
        return None if t is not None else [*plan.tables, planning.Table(key, game, now)]
    if t is None or (t.open_until is not None and t.open_until <= now):
        return None
    if t.open_from >= now:
        return [x for x in plan.tables if x.id != key]  # closed before it opened
    return [
        x if x.id != key else planning.Table(x.id, x.game, x.open_from, now) for x in plan.tables
    ]


def _crew_now(plan: planning.Plan) -> list[planning.Croupier]:
    """The plan's croupiers with the games they may deal now (a manager may have recorded
    a change since the last version)."""
    games = games_in_force([int(c.id) for c in plan.croupiers])
    return [replace(c, games=games[int(c.id)]) for c in plan.croupiers]


def _replan_locked(
    *,
    actor: Actor,
    shown: RotaPlan,
    table: Table,
    change: str,
    now: int,
    room: list[planning.Table],
    session: TableSession | None,
) -> RotaPlan:
    """Write the version after ``shown`` (locked, in force) from minute ``now``."""
    plan = plan_from_data(shown.plan)
    new_plan = planning.replan(plan, now=now, croupiers=_crew_now(plan), tables=room)
    fresh = RotaPlan.objects.create(
        casino=shown.casino,
        gaming_day=shown.gaming_day,
        version=shown.version + 1,
        previous=shown,
        reason=RotaPlan.Reason.TABLE_CLOSED if change == CLOSE else RotaPlan.Reason.TABLE_OPENED,
        table=table,
        session=session,
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
        after={**_audit_after(fresh), "session": session.pk if session else None},
        reason=(
            f"session.open {session.pk}"
            if session and change == OPEN
            else f"session.closing_start {session.pk}"
            if session
            else ""
        ),
    )
    return fresh


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
        room = _room_after(plan, str(table.pk), change, now, game_of_table(table))
        if room is None and change == CLOSE:
            raise DomainError.of(RotaCode.ROTA_TABLE_NOT_OPEN, field="table")
        if room is None:
            raise DomainError.of(RotaCode.ROTA_TABLE_IN_PLAN, field="table")
        return _replan_locked(
            actor=actor, shown=shown, table=table, change=change, now=now, room=room, session=None
        )


def rota_follow_table(actor: Actor, session: TableSession, change: str) -> RotaPlan | None:
    """``tables.hooks.table_changed``: ``session`` opened or its closing started, so the rota
    of its gaming day is re-planned from this minute by the same actor (the tables service
    checked his right to the table), as a new version with the reason and the session.

    Nothing happens when the day has no rota, when the shift is over, or when the rota
    already has the table as it is now (a table of the plan opening at the start of the
    shift, a table closing that the pit boss already took out by hand)."""
    with transaction.atomic():
        while True:
            current = rota_in_force(session.gaming_day)
            if current is None:
                return None
            shown = RotaPlan.objects.select_for_update().get(pk=current.pk)
            if not RotaPlan.objects.filter(previous=shown).exists():
                break  # a re-plan landed between the read and the lock: read again
        plan = plan_from_data(shown.plan)
        now = max(0, shown.minute_of(timezone.now()))
        if now >= plan.end:
            return None
        room = _room_after(plan, str(session.table_id), change, now, game_of_session(session))
        if room is None:
            return None
        return _replan_locked(
            actor=actor,
            shown=shown,
            table=session.table,
            change=change,
            now=now,
            room=room,
            session=session,
        )


def croupier_games_record(
    *, actor: Actor, croupier: User, games: Sequence[str], reason: str = ""
) -> CroupierGames:
    """A new version of the games ``croupier`` may deal (issue 44 §3), by a manager (who
    manages the staff). The next plan or re-plan uses it; a version already planned keeps
    the games it was planned with."""
    require(actor, Perm.MANAGE_STAFF)
    if (
        croupier.casino_id != actor.casino.pk
        or not croupier.is_active
        or not croupier.holds_role(Role.CROUPIER)
    ):
        raise DomainError.of(
            TablesCode.STAFF_ROLE_MISSING, user=croupier, role=Role.CROUPIER, field="croupier"
        )
    chosen = sorted(set(games))
    if not chosen or any(g not in GAMES for g in chosen):
        raise DomainError.of(RotaCode.CROUPIER_GAMES_INVALID, field="games")
    reason = (reason or "").strip()
    if len(reason) > 200:
        raise DomainError.of(RotaCode.TEXT_TOO_LONG, field="reason")
    with transaction.atomic():
        # The croupier's row is the one lock of his chain: two managers cannot fork it.
        User.objects.select_for_update().filter(pk=croupier.pk).first()
        last = CroupierGames.objects.filter(croupier=croupier).order_by("-version").first()
        if last is not None and sorted(last.games) == chosen:
            raise DomainError.of(RotaCode.CROUPIER_GAMES_UNCHANGED, field="games")
        row = CroupierGames.objects.create(
            casino=actor.casino,
            croupier=croupier,
            version=(last.version + 1) if last else 1,
            previous=last,
            games=chosen,
            reason=reason,
            recorded_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="rota.croupier_games",
            obj=row,
            before={"games": last.games if last else list(GAMES)},
            after={"croupier": croupier.username, "version": row.version, "games": chosen},
            reason=reason,
        )
    return row
