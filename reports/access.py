"""Who may see which report, and resolving the records a report is about (RPT-17).

RPT-17: a supervisor sees and prints the reports of their own tables and shift;
a pit boss those of their sector; shift managers and auditors every report.

- *Their own table and shift* (supervisor): a session they supervised; with a
  table and a day, the shifts of that day they supervised the table in (the session's
  supervisor, then each recorded relief; ``require_shift_scope``, issue 14 §3).
- *Their sector* (pit boss): a table of a sector they are pit boss of. A table in
  no sector is seen by every pit boss (a small room has no sectors). Room-wide
  books that the pit boss keeps for the whole room (deck custody of the day, the
  sanctions ledger) are visible to every pit boss.

Each ``access`` function of a :class:`~reports.registry.ReportSpec` raises a
:class:`~casino.errors.DomainError` before anything is queued (403 or 404).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.utils import timezone

from casino.access import Actor
from casino.errors import DomainError
from casino.models import Casino, GamingDay
from casino.roles import Perm, Role
from casino.selectors import open_gaming_day, shift_in, shifts_of_day
from reports.codes import ReportsCode
from tables.models import SupervisorRelief, Table, TableSession
from tables.selectors.access import sector_covers
from tables.selectors.shifts import supervision_periods


def as_date(value: Any) -> date | None:
    if value in (None, ""):
        return None
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value))


def default_day(casino: Casino) -> date:
    """The open gaming day's business date, else today in the casino's zone."""
    open_day = open_gaming_day(casino)
    if open_day is not None:
        return open_day.business_date
    import zoneinfo

    return timezone.localtime(timezone.now(), zoneinfo.ZoneInfo(casino.time_zone)).date()


def table_by_number(casino: Casino, number: Any) -> Table:
    table = Table.objects.select_related("sector").filter(casino=casino, number=number).first()
    if table is None:
        raise DomainError.of(ReportsCode.TABLE_NOT_FOUND, number=number)
    return table


def resolve_session(casino: Casino, params: dict[str, Any]) -> TableSession:
    """The session of ``params``: ``session`` id, or ``table`` + ``date`` (its last session)."""
    qs = TableSession.objects.select_related(
        "table", "table__sector", "gaming_day", "settings", "supervisor"
    ).filter(casino=casino)
    if params.get("session"):
        session = qs.filter(pk=params["session"]).first()
        if session is None:
            raise DomainError.of(ReportsCode.SESSION_NOT_FOUND)
        return session
    table = table_by_number(casino, params.get("table"))
    business_date = as_date(params.get("date")) or default_day(casino)
    session = (
        qs.filter(table=table, gaming_day__business_date=business_date).order_by("-number").first()
    )
    if session is None:
        raise DomainError.of(
            ReportsCode.SESSION_NOT_FOUND,
            details={"table": table.number, "date": business_date.isoformat()},
        )
    return session


def gaming_day_for(casino: Casino, params: dict[str, Any]) -> GamingDay:
    business_date = as_date(params.get("date")) or default_day(casino)
    day = GamingDay.objects.filter(casino=casino, business_date=business_date).first()
    if day is None:
        raise DomainError.of(ReportsCode.GAMING_DAY_NOT_FOUND, date=business_date)
    return day


def require_session_scope(actor: Actor, session: TableSession) -> None:
    """RPT-17 for one session's documents (sheets, table card, slips, hands)."""
    if actor.can(Perm.VIEW_ALL_REPORTS):
        return
    if actor.role == Role.PIT_BOSS:
        if sector_covers(actor, session.table):
            return
        raise DomainError.of(ReportsCode.REPORT_OUT_OF_SCOPE)
    if actor.role == Role.SUPERVISOR and (
        session.supervisor_id == actor.user.pk
        # A relief supervisor supervised the session too (issue 12 §1).
        or SupervisorRelief.objects.filter(session=session, incoming=actor.user).exists()
    ):
        return
    raise DomainError.of(ReportsCode.REPORT_OUT_OF_SCOPE)


def require_table_scope(
    actor: Actor, casino: Casino, table_number: Any, start: date, end: date
) -> None:
    """RPT-17 for a table over a period: a supervisor must have supervised it then."""
    if actor.can(Perm.VIEW_ALL_REPORTS):
        return
    table = table_by_number(casino, table_number)
    if actor.role == Role.PIT_BOSS:
        if sector_covers(actor, table):
            return
        raise DomainError.of(ReportsCode.REPORT_OUT_OF_SCOPE)
    supervised = TableSession.objects.filter(
        table=table,
        supervisor=actor.user,
        gaming_day__business_date__gte=start,
        gaming_day__business_date__lte=end,
    ).exists()
    if actor.role == Role.SUPERVISOR and supervised:
        return
    raise DomainError.of(ReportsCode.REPORT_OUT_OF_SCOPE)


def _shifts_covered(spans: list[Any], periods: list[tuple[int, Any, Any]]) -> set[int]:
    covered: set[int] = set()
    for _user, start, end in periods:
        first = shift_in(spans, start).index
        last = shift_in(spans, max(start, end - timedelta(microseconds=1))).index
        covered.update(range(first, last + 1))
    return covered


def require_shift_scope(actor: Actor, table: Table, day: GamingDay, shift: Any) -> None:
    """RPT-17, a supervisor and a table's day: only the shifts they supervised it in
    (issue 14 §3). ``shift`` (1 = the day's first) asks for one shift; without it the
    report covers every shift the table was open in, and the supervisor must have
    supervised it in each. With one shift a day (no pattern) this is "supervised it"."""
    spans = shifts_of_day(day)
    periods = supervision_periods(table, day)
    mine = _shifts_covered(spans, [p for p in periods if p[0] == actor.user.pk])
    if not mine:
        raise DomainError.of(ReportsCode.REPORT_OUT_OF_SCOPE)
    wanted = {int(shift) - 1} if shift not in (None, "") else _shifts_covered(spans, periods)
    if not wanted <= mine:
        yours = ", ".join(f"{i + 1} ({spans[i].name})" for i in sorted(mine) if i < len(spans))
        raise DomainError.of(
            ReportsCode.REPORT_OUT_OF_SHIFT,
            number=table.number,
            yours=yours,
            field="shift",
            details={"shifts": sorted(i + 1 for i in mine)},
        )


def require_room_scope(actor: Actor, *, pit_boss: bool) -> None:
    """A room-wide report: managers and auditors, and the pit boss where ``pit_boss``."""
    if actor.can(Perm.VIEW_ALL_REPORTS) or (pit_boss and actor.role == Role.PIT_BOSS):
        return
    raise DomainError.of(ReportsCode.TABLE_REQUIRED, field="table")


def period(casino: Casino, params: dict[str, Any]) -> tuple[date, date]:
    """``date_from``..``date_to``, or the single ``date``, or the current gaming day."""
    start, end = as_date(params.get("date_from")), as_date(params.get("date_to"))
    if start and end:
        return start, end
    single = as_date(params.get("date")) or default_day(casino)
    return single, single


def require_day_or_table_scope(actor: Actor, params: dict[str, Any]) -> None:
    """RPT-17 for a day's report: one table's needs that table in scope that day; the
    whole room needs a room-wide role (the pit boss included)."""
    day = gaming_day_for(actor.casino, params)
    if params.get("table") and actor.role == Role.SUPERVISOR:
        # Their own table and shift (RPT-17, issue 14 §3), a relief's shifts included.
        table = table_by_number(actor.casino, params["table"])
        require_shift_scope(actor, table, day, params.get("shift"))
    elif params.get("table"):
        require_table_scope(
            actor, actor.casino, params["table"], day.business_date, day.business_date
        )
    else:
        require_room_scope(actor, pit_boss=True)
