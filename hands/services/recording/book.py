"""The book of one locked table session, kept while hands are prepared and written.

:class:`SessionBook` reads what the recorder needs of the session once (one small
query, ``_book_sql``) and keeps it in step in memory as hands are admitted, so a batch
of thousands of hands (PHH import) needs no per-hand look-ups.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from casino.errors import DomainError
from casino.models import User
from casino.roles import Role
from tables.models import SeatEvent, TableSession, TableSettings
from tables.selectors import seat_rows
from tables.services.seating import SeatState

from ... import adapter, selectors
from ...codes import HandsCode
from ...models import Hand, HandStatus, HandVerdict

ZERO = Decimal("0.00")


_BOOK_SQL: str | None = None


def _book_sql() -> str:
    """One small query for what a book needs first (plain SQL: cheap to run per hand)."""
    global _BOOK_SQL
    if _BOOK_SQL is None:
        from cage.models import SeatDeparture, TableTransaction, TransactionKind
        from casino.models import Denomination

        d = Denomination._meta.db_table
        tx = TableTransaction._meta.db_table
        dep = SeatDeparture._meta.db_table
        v = HandVerdict._meta.db_table
        h = Hand._meta.db_table
        t = TableSettings._meta.db_table
        last = f'FROM "{h}" WHERE session_id = %s AND revision_of_id IS NULL'  # noqa: S608
        last += " ORDER BY number DESC LIMIT 1"
        # Table names come from the models; every value is a query parameter.
        parts = [
            f'(SELECT value FROM "{d}" WHERE chip_set_id = %s AND is_active = %s'  # noqa: S608
            " ORDER BY value LIMIT 1)",
            f"(SELECT number {last})",
            f"(SELECT button_seat {last})",
            f"(SELECT status {last})",
            f'(SELECT id FROM "{t}" WHERE table_id = %s AND effective_from <= %s'  # noqa: S608
            " ORDER BY effective_from DESC, version DESC LIMIT 1)",
            f'(SELECT COUNT(*) FROM "{t}" WHERE table_id = %s AND effective_from > %s)',  # noqa: S608
            # The cage's latest buy-in (a reversal is recorded after its original) and
            # departure: with none since a seat's last hand, continuity needs no more
            # reads of the cage's records (``cage.selectors.seat_movements``, HREC-08).
            f'(SELECT MAX(recorded_at) FROM "{tx}" WHERE session_id = %s'  # noqa: S608
            f" AND kind = '{TransactionKind.BUYIN.value}')",
            f'(SELECT MAX(left_at) FROM "{dep}" WHERE session_id = %s)',  # noqa: S608
            # What the last hand (its latest revision) carried out for the next one
            # (IRREG-03, POT-09): usually nothing.
            f'(SELECT v.carry_out FROM "{v}" v JOIN "{h}" x ON x.id = v.hand_id'  # noqa: S608
            f" WHERE x.session_id = %s AND x.number = (SELECT number {last})"
            " ORDER BY x.id DESC LIMIT 1)",
        ]
        _BOOK_SQL = "SELECT " + ", ".join(parts)
    return _BOOK_SQL


def _book_facts(session: TableSession) -> dict[str, Any]:
    now = timezone.now()
    at = connection.ops.adapt_datetimefield_value(now)  # the backend's own format
    with connection.cursor() as cursor:
        cursor.execute(
            _book_sql(),
            [
                session.table.chip_set_id,
                True,
                session.pk,
                session.pk,
                session.pk,
                session.table_id,
                at,
                session.table_id,
                at,
                session.pk,
                session.pk,
                session.pk,
                session.pk,
            ],
        )
        row = cursor.fetchone()
    unit, number, button, status, settings_id, later, buyin_at, left_at, carry = row
    if isinstance(carry, str | bytes):
        carry = json.loads(carry)
    moved = [m for m in (_aware(buyin_at), _aware(left_at)) if m is not None]
    return {
        "carry_out": list(carry or ()),
        "latest_movement": max(moved) if moved else None,
        "unit": None if unit is None else int(Decimal(str(unit)) * 100),
        "last": None
        if number is None
        else {"number": number, "button_seat": button, "status": status},
        "settings_id": settings_id,
        "read_at": now,
        "later_versions": bool(later),
    }


def _aware(value: Any) -> datetime | None:
    """A timestamp read with plain SQL (PostgreSQL gives datetimes, SQLite text)."""
    if value is None:
        return None
    if not isinstance(value, datetime):
        value = parse_datetime(str(value))
        if value is None:
            return None
    if timezone.is_naive(value):
        value = timezone.make_aware(value, UTC)
    return value


# What the book knows about a seat between hands: the tables app's seat, in memory.
SeatMemory = SeatState


class SessionBook:
    """The state of one locked session while hands are prepared and written.

    Seat memories, the last hand number and the previous hand's button are read
    once and then kept up to date in memory as hands are written, so a batch of
    thousands of hands (PHH import) needs no per-hand look-ups.
    """

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.table = session.table
        facts = _book_facts(session)
        self.unit = facts["unit"] or 1
        last = facts["last"]
        self._facts = facts
        self.max_number = last["number"] if last else 0
        # Numbers at or below the last one are read only when a late entry needs them.
        self._numbers: set[int] | None = None
        self._added: set[int] = set()
        self.prev_button: int | None = last["button_seat"] if last else None
        self.prev_void = bool(last and last["status"] == HandStatus.VOID)
        # Chips the last hand kept for the next one (IRREG-03, POT-09).
        self.carry: list[dict[str, Any]] = facts["carry_out"]
        self._prev_blinds: tuple[int, int] | None | bool = False  # False: not read yet
        self.seats: dict[int, SeatMemory] = {}
        for row in seat_rows(session):
            self.seats[row.seat] = SeatState.of(row)
        self.touched: dict[int, SeatMemory] = {}
        self.events: list[SeatEvent] = []
        self._settings: dict[int, TableSettings] = {}
        self._dealers: dict[str, User] = {}
        self._all_movements: dict[int, Decimal] | None = None
        self._versions: list[TableSettings] | None = None
        self._on_duty: tuple[User | None] | None = None
        # OPEN-17, SHUF-01: "play begins" checked once, for the session's first hand.
        self.announced = False

    @property
    def _originals(self) -> QuerySet[Hand]:
        """The session's original hands (built only when a late entry or a sitting-out
        seat needs them: most hands never do, issue 43)."""
        return Hand.objects.filter(session=self.session, revision_of__isnull=True)

    @property
    def prev_blinds(self) -> tuple[int, int] | None:
        """The blind seats of the last hand (read only when a seat sits out, SEAT-06)."""
        if self._prev_blinds is False:
            record = (
                self._originals.filter(number=self.max_number)
                .values_list("record", flat=True)
                .first()
                if self.max_number
                else None
            )
            self._prev_blinds = blind_seats(record)
        return self._prev_blinds  # type: ignore[return-value]

    @prev_blinds.setter
    def prev_blinds(self, value: tuple[int, int] | None) -> None:
        self._prev_blinds = value

    # -- numbers ---------------------------------------------------------------
    def taken(self, number: int) -> bool:
        """Whether an original hand with this number exists (stored or in this batch)."""
        if number in self._added:
            return True
        if number > self.max_number:
            return False
        if self._numbers is None:
            self._numbers = set(self._originals.values_list("number", flat=True))
        return number in self._numbers

    def add_number(self, number: int) -> None:
        self._added.add(number)

    # -- look-ups (cached for the life of the book: one locked transaction) -----
    def settings_at(self, at: datetime) -> TableSettings:
        """The version in force at ``at`` (GEN-04), as ``tables.selectors.settings_for_hand``:
        the table's latest version effective by then, else the session's."""
        session = self.session
        facts = self._facts
        if (
            facts["settings_id"] == session.settings_id
            and session.settings.effective_from <= at
            and (at <= facts["read_at"] or not facts["later_versions"])
        ):
            return session.settings  # the session's version was, and still is, in force
        if self._versions is None:
            self._versions = list(
                TableSettings.objects.filter(table_id=self.session.table_id).order_by(
                    "-effective_from", "-version"
                )
            )
        for version in self._versions:
            if version.effective_from <= at:
                return version
        return self.session.settings

    @property
    def croupier_on_duty(self) -> User | None:
        """The croupier dealing now (the default dealer of a hand), read once."""
        if self._on_duty is None:
            self._on_duty = (selectors.dealer_on_duty(self.session),)
        return self._on_duty[0]

    @croupier_on_duty.setter
    def croupier_on_duty(self, user: User | None) -> None:
        self._on_duty = (user,)

    def dealer(self, username: str | None) -> User | None:
        if not username:
            return self.croupier_on_duty
        cached = self._dealers.get(username)
        if cached is not None:
            return cached
        user = User.objects.filter(username=username, casino_id=self.session.casino_id).first()
        if user is None or not user.holds_role(Role.CROUPIER):
            raise DomainError.of(HandsCode.DEALER_UNKNOWN, username=username, field="dealer")
        self._dealers[username] = user
        return user

    def all_movements(self) -> dict[int, Decimal]:
        """Every buy-in and departure of the session, per seat (read once)."""
        if self._all_movements is None:
            if self._facts["latest_movement"] is None:
                self._all_movements = {}  # the cage recorded none at this session
            else:
                self._all_movements = selectors.seat_movements(self.session, None, None)
        return self._all_movements

    def buyin_seats(self) -> set[int]:
        return set(self.all_movements())

    def movements(self, since: datetime | None, until: datetime | None) -> dict[int, Decimal]:
        """Chips that reached each seat between two times (the cage's records).

        The book knows when the cage last recorded a buy-in or a departure at this
        session (read with its first query): when that is not after ``since`` there
        is nothing in between, and the cage's records are not read again.
        """
        latest = self._facts["latest_movement"]
        if latest is None or (since is not None and latest <= since):
            return {}
        if self._all_movements is not None and not self._all_movements:
            return {}  # the cage recorded nothing at this session: no query per hand
        return selectors.seat_movements(self.session, since, until)


def blind_seats(record: dict[str, Any] | None) -> tuple[int, int] | None:
    """The small and the big blind's seats of a hand's record (``None``: fewer than two)."""
    if not record:
        return None
    seats = [s["seat"] for s in record.get("seats") or ()]
    if len(seats) < 2:
        return None
    order = adapter.phh_order(seats, record["button"])
    if len(order) == 2:
        return order[1], order[0]  # heads-up: the button posts the small blind (OQ-32)
    return order[0], order[1]
