"""Reads of the shared kernel."""

from __future__ import annotations

import zoneinfo
from bisect import bisect_right
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When

from .codes import CasinoCode
from .errors import DomainError
from .hotqueries import HotQuery
from .models import AuditEvent, Casino, GamingDay, User
from .shifts import DEFAULT_SHIFT, ShiftPattern

# A member of staff named in a request's body (the croupier of a buy-in or a change), read
# on every such write with the roles the write then checks (issue 43: built once, one row
# per role; usernames are unique, so no ORDER BY).
_STAFF_BY_USERNAME = HotQuery(
    lambda casino, username: (
        User.objects.filter(username=username, casino_id=casino)
        .annotate(role_name=F("groups__name"))
        .order_by()
    ),
    casino=int,
    username=str,
)


def staff_by_username(casino: Casino | int, username: str) -> User | None:
    """The user ``username`` of ``casino`` (any state: the caller judges it), or None;
    with the roles it holds already read (``User.role_values``)."""
    casino_id = casino if isinstance(casino, int) else casino.pk
    rows = _STAFF_BY_USERNAME.all(casino=casino_id, username=username)
    if not rows:
        return None
    user = rows[0]
    user.roles_read([row.role_name for row in rows])
    return user


# The one gaming-day lookup (issue 13 §1): every app asks here for the open gaming day;
# tests/architecture/test_one_way.py keeps the filter from being written anywhere else.
def open_gaming_days(casino: Casino | int | None) -> QuerySet[GamingDay]:
    """The casino's open gaming days (one at most), as a queryset to lock or narrow."""
    return GamingDay.objects.filter(casino=casino, status=GamingDay.Status.OPEN)


def open_gaming_day(casino: Casino | int | None) -> GamingDay | None:
    """The casino's open gaming day, if one is open."""
    return open_gaming_days(casino).first()


def require_open_gaming_day(casino: Casino | int | None) -> GamingDay:
    """The casino's open gaming day; refused with NO_OPEN_GAMING_DAY when none is open."""
    day = open_gaming_day(casino)
    if day is None:
        raise DomainError.of(CasinoCode.NO_OPEN_GAMING_DAY)
    return day


def on_open_gaming_day(path: str = "gaming_day") -> Q:
    """A filter for rows whose gaming day (reached through ``path``) is open."""
    return Q(**{f"{path}__status": GamingDay.Status.OPEN})


def audit_events(casino: Casino) -> QuerySet[AuditEvent]:
    return AuditEvent.objects.filter(casino=casino).select_related("actor")


# --- shifts (issue 14 §3, GEN-02) --------------------------------------------------------
# The one owner of "which shift": a record's shift is derived from its gaming day and its
# server timestamp, never stored on the record.


@dataclass(frozen=True)
class ShiftSpan:
    """One shift of one gaming day: [start, end) in UTC-aware datetimes.

    The first shift also holds anything before its start and the last anything after its
    end (a day opened early, a table closed late), so every instant of a gaming day
    belongs to exactly one shift (GEN-02).
    """

    index: int  # 0-based order in the day
    name: str  # the casino's own word for it
    name_en: str
    start: datetime
    end: datetime
    time_zone: str

    def label(self, lang: str = "es") -> str:
        return self.name_en if lang == "en" else self.name

    def hours(self) -> str:
        """``06:00–14:00`` in the casino's clock."""
        zone = zoneinfo.ZoneInfo(self.time_zone)
        end = f"{self.end.astimezone(zone):%H:%M}"
        # A shift that ends at midnight ends at 24:00 of its day ("Tarde 14:00–24:00").
        return f"{self.start.astimezone(zone):%H:%M}–{'24:00' if end == '00:00' else end}"

    def contains(self, when: datetime) -> bool:
        return self.start <= when < self.end


def shift_pattern_for(day: GamingDay) -> ShiftPattern | None:
    """The pattern in force for ``day``: the newest effective on its date that existed when
    the day was opened (a later pattern never re-labels an opened day)."""
    return (
        ShiftPattern.objects.filter(
            casino_id=day.casino_id,
            effective_from__lte=day.business_date,
            created_at__lte=day.opened_at,
        )
        .order_by("-effective_from", "-created_at", "-id")
        .first()
    )


def shifts_of_day(day: GamingDay) -> list[ShiftSpan]:
    """The shifts of ``day`` in order, laid on the casino's clock from its business date.

    Each shift starts at the first occurrence of its clock time after the previous one's
    start and ends where the next starts; the last ends at the first shift's time on the
    next calendar day. No pattern: one shift, the whole day.
    """
    tz = day.casino.time_zone
    zone = zoneinfo.ZoneInfo(tz)
    pattern = shift_pattern_for(day)
    defs = list(pattern.shifts.order_by("position")) if pattern is not None else []
    if not defs:
        start = datetime.combine(day.business_date, datetime.min.time(), tzinfo=zone)
        end = datetime.combine(day.business_date + timedelta(days=1), start.time(), tzinfo=zone)
        return [ShiftSpan(0, DEFAULT_SHIFT[0], DEFAULT_SHIFT[1], start, end, tz)]
    starts: list[datetime] = []
    for definition in defs:
        moment = datetime.combine(day.business_date, definition.starts_at, tzinfo=zone)
        while starts and moment <= starts[-1]:
            moment = datetime.combine(
                moment.date() + timedelta(days=1), definition.starts_at, tzinfo=zone
            )
        starts.append(moment)
    first = defs[0].starts_at
    starts.append(datetime.combine(starts[0].date() + timedelta(days=1), first, tzinfo=zone))
    return [ShiftSpan(i, d.name, d.name, starts[i], starts[i + 1], tz) for i, d in enumerate(defs)]


def shift_in(spans: list[ShiftSpan], when: datetime) -> ShiftSpan:
    """The span of ``spans`` (one day's, in order) that holds ``when``."""
    position = bisect_right([s.start for s in spans[1:]], when)
    return spans[position]


def shift_at(day: GamingDay, when: datetime) -> ShiftSpan:
    """The shift of a record of ``day`` stamped ``when`` (GEN-02): exactly one."""
    return shift_in(shifts_of_day(day), when)


def shift_index(spans: list[ShiftSpan], field: str) -> Case:
    """The index of the shift of each row by its timestamp ``field``, for ``annotate`` /
    ``values`` grouping in the database; the same boundaries as :func:`shift_in`."""
    whens = [When(**{f"{field}__lt": s.end}, then=Value(s.index)) for s in spans[:-1]]
    return Case(*whens, default=Value(spans[-1].index), output_field=IntegerField())
