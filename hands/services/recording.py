"""Storing hands: validation on save, sequence and continuity checks, the rake posting.

One path stores every hand, whatever its entry point (API, live logging, page,
PHH import, correction): :func:`prepare` computes the hand and its verdict
without writing (bad input raises ``ValidationFailed``, a 400), and
:func:`write` stores a batch of prepared hands with bulk inserts. Both run
inside the caller's transaction, with the table session row locked
(:class:`SessionBook`), which serialises everything that happens at one table.

A well-formed hand that breaks the rules is stored with its invalid verdict
(the record of what happened is never lost) and waits for the pit boss
(issue 4 §3). Recorder checks (sequence, continuity, seating policies) add
their own violations to the engine's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from casino.access import Actor
from casino.atomic import service_atomic
from casino.audit import audit_record
from casino.codes import CasinoCode
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.hotqueries import hot_insert
from casino.models import User
from casino.refusals import Words
from casino.roles import Perm, Role, role_has
from players.models import Player
from tables import hooks as table_hooks
from tables.codes import TablesCode
from tables.models import (
    AbsentPlayerPolicy,
    ForcedBets,
    NewPlayerEntry,
    SeatEvent,
    SeatStatus,
    TableSession,
    TableSettings,
)
from tables.selectors import require_assigned, seat_rows
from tables.services import lock_session
from tables.services.procedure import play_begins_for_first_hand
from tables.services.seating import SeatState, seats_write_after_hands

from .. import adapter, hooks, selectors
from ..codes import HandsCode
from ..labels import AWARD_REASON_WORDS
from ..models import (
    Hand,
    HandIrregularity,
    HandSeat,
    HandSource,
    HandStatus,
    HandVerdict,
    HandViolation,
    ImportJob,
)
from .incidents import deck_faults_from_hand
from .times import check_hand_times

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


def require_at_table(actor: Actor, session: TableSession) -> None:
    """Issue 12 §1: only who works the table records on it, in the role they act in.

    The session's supervisor or recorded relief; a croupier only where on duty; a
    pit boss only of the table's sector (the kernel's rule,
    ``tables.selectors.require_assigned``). Called with the session row locked.
    """
    require_assigned(actor, session=session)


def same_casino(actor: Actor, session: TableSession) -> None:
    if session.casino_id != actor.user.casino_id:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSession)


def _violation(
    code: str, es: str, en: str, *, field_name: str | None = None, severity: str = "error"
) -> adapter.ViolationData:
    return adapter.ViolationData(code, None, field_name, es, en, "recorder", severity)


# What the book knows about a seat between hands: the tables app's seat, in memory.
SeatMemory = SeatState


@dataclass
class Prepared:
    """A hand computed and checked, ready to be written."""

    number: int
    record: dict[str, Any]
    rules: adapter.Rules
    settings: TableSettings
    built: adapter.Built
    verdict: adapter.VerdictData
    violations: list[adapter.ViolationData]
    status: str
    dealer: User | None
    started_at: datetime
    ended_at: datetime
    source: str
    revision_of: Hand | None = None
    redeal_of: Hand | None = None
    import_job: ImportJob | None = None
    notes: str = ""
    players: dict[int, Player | None] = field(default_factory=dict)
    penalised: set[int] = field(default_factory=set)
    hand: Hand | None = None

    @property
    def codes(self) -> list[str]:
        return [v.code for v in self.violations]


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
            self._prev_blinds = _blind_seats(record)
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


def _blind_seats(record: dict[str, Any] | None) -> tuple[int, int] | None:
    if not record:
        return None
    seats = [s["seat"] for s in record.get("seats") or ()]
    if len(seats) < 2:
        return None
    order = adapter.phh_order(seats, record["button"])
    if len(order) == 2:
        return order[1], order[0]  # heads-up: the button posts the small blind (OQ-32)
    return order[0], order[1]


def _between(start: int, end: int, seat: int) -> bool:
    """Whether ``seat`` lies strictly after ``start`` and up to ``end``, clockwise."""
    if start == end:
        return False
    if start < end:
        return start < seat <= end
    return seat > start or seat <= end


# ------------------------------------------------------------------------- prepare


def prepare(
    book: SessionBook,
    data: dict[str, Any],
    *,
    source: str,
    number: int | None = None,
    dealer: str | None = None,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
    revision_of: Hand | None = None,
    redeal_of: Hand | None = None,
    import_job: ImportJob | None = None,
    notes: str = "",
    check_refusals: bool = True,
) -> Prepared:
    """Compute one hand and its verdict (nothing written). Bad input raises a 400."""
    session = book.session
    now = timezone.now()
    started = started_at or now
    ended = ended_at or max(started, now)
    if ended < started:
        raise DomainError.of(HandsCode.HAND_TIMES, field="ended_at")
    check_hand_times(session, started, ended, now)  # issue 39 §2: inside the session, not ahead
    if revision_of is not None:
        number = revision_of.number
    elif number is None:
        number = book.max_number + 1
    elif book.taken(number):
        raise DomainError.of(
            HandsCode.DUPLICATE_HAND_NUMBER,
            number=number,
            field="number",
            details={"number": number},
        )
    if check_refusals and revision_of is None:
        refusals, croupier = selectors.session_readiness(session, number)
        if refusals:
            raise refusals[0]
        book.croupier_on_duty = croupier  # read with the readiness check: no second query
    settings = book.settings_at(started)
    structure = data.get("structure") or settings.variant
    if settings.variant != "mixed":
        structure = settings.variant
    elif structure == "mixed":
        raise DomainError.of(HandsCode.STRUCTURE_REQUIRED, field="structure")
    terms = hand_terms(session, settings, started, structure=structure, unit=book.unit)
    if check_refusals and revision_of is None:
        require_dealing(session, terms)
    record = adapter.normalise({**data, "structure": structure}, defaults=terms.defaults)
    if revision_of is None and number > book.max_number:
        tournament_record(book, record, terms)
    carry_notes = _carry_in(book, record, number, revision_of)
    seats_in = record["seats"]
    if len(seats_in) > settings.max_seats or any(s["seat"] > settings.max_seats for s in seats_in):
        raise DomainError.of(TablesCode.SEAT_INVALID, max_seats=settings.max_seats, field="seats")
    players = selectors.players_by_id(
        session.casino_id, [s["player"] for s in seats_in if s.get("player") is not None]
    )
    for k, s in enumerate(seats_in):
        if s.get("player") is not None and int(s["player"]) not in players:
            raise DomainError.of(
                TablesCode.PLAYER_NOT_FOUND, player=s["player"], field=f"seats[{k}].player"
            )
        if s.get("player") is not None and not s.get("name"):
            s["name"] = players[int(s["player"])].display_name
    # SANC-13: a player serving a vuelta or sit-out penalty is dealt in, posts, hand dead.
    penalised_ids = selectors.penalised_players(session, number) if players else set()
    penalised = set()
    for s in seats_in:
        if s.get("player") is not None and int(s["player"]) in penalised_ids:
            s["penalised"] = True
        if s.get("penalised"):
            penalised.add(s["seat"])
    rules = terms.rules
    built, verdict = adapter.verdict_of(record, rules)
    if verdict.malformed or verdict.incomplete:
        v = next(x for x in verdict.violations if x.code in ("MALFORMED", "HAND_INCOMPLETE"))
        where = f"actions[{v.action}]" if v.action is not None else (v.field or "actions")
        if v.code == "HAND_INCOMPLETE":
            raise DomainError.of(
                HandsCode.HAND_INCOMPLETE, violation=v, field=where, details={"action": v.action}
            )
        raise DomainError.of(
            HandsCode.HAND_MALFORMED, violation=v, field=where, details={"action": v.action}
        )
    _require_awards(verdict, source)
    violations = list(verdict.violations)
    violations.extend(_award_notes(built))
    if revision_of is None:
        violations.extend(_sequence_checks(book, number))
        violations.extend(_button_check(book, record, number))
    violations.extend(_continuity_checks(book, record, number, started, revision_of))
    if not session.is_tournament:  # SEAT-05/06 are the cash game's; TDA: dealt in at once
        violations.extend(_seating_checks(book, record, settings, number, revision_of))
    violations.extend(carry_notes)
    if source != HandSource.IMPORT:  # a PHH file carries its own game's forced bets
        if session.is_tournament:
            violations.extend(_level_checks(record, terms))
        else:
            violations.extend(_forced_bets_checks(record, settings))
    if penalised:
        seats_text = ", ".join(str(s) for s in sorted(penalised))
        violations.append(
            _violation(
                "PENALISED_DEALT_DEAD",
                f"Sancionado: asiento {seats_text} recibe cartas y pone ciegas; su mano está "
                "muerta (SANC-13).",
                f"Penalised: seat {seats_text} is dealt in and posts; the hand is dead (SANC-13).",
                severity="info",
            )
        )
    errors = [v for v in violations if v.severity == "error"]
    if errors:
        status = HandStatus.INVALID
    elif verdict.status == "void":
        status = HandStatus.VOID
    else:
        status = HandStatus.VALID
    return Prepared(
        number=number,
        record=record,
        rules=rules,
        settings=settings,
        built=built,
        verdict=verdict,
        violations=violations,
        status=status,
        dealer=book.dealer(dealer),
        started_at=started,
        ended_at=ended,
        source=source,
        revision_of=revision_of,
        redeal_of=redeal_of,
        import_job=import_job,
        notes=notes,
        players={
            s["seat"]: players.get(int(s["player"])) if s.get("player") else None for s in seats_in
        },
        penalised=penalised,
    )


def _require_awards(verdict: adapter.VerdictData, source: str) -> None:
    """Issue 38 §2 (SHOW-14, HREC-06): a hand that reaches a showdown is stored only once
    it says who won each pot: the cards shown, read by the engine, or the seats the
    croupier pushed the pot to (an ``award`` action, with the reason). A PHH history may
    leave a hand shown as ``????`` beside the winner's (the file's convention for a hand
    not revealed): it is imported as the file has it, but never a pot nobody won."""
    if not verdict.unread_pots or verdict.status == "void":
        return
    unpaid = [k for k in verdict.unread_pots if not verdict.pots[k].winners]
    if source == HandSource.IMPORT and not unpaid:
        return
    pots = [_pot_label(k) for k in verdict.unread_pots]
    raise DomainError.of(
        HandsCode.AWARD_REQUIRED,
        pots=pots,
        field="actions",
        details={"pots": list(verdict.unread_pots)},
    )


def _pot_label(k: int) -> Any:
    """A pot by its name, in the language the refusal is read in."""
    return gettext_lazy("main pot") if k == 0 else format_lazy(gettext_lazy("side pot {k}"), k=k)


def _pot_label(k: int) -> Any:
    """A pot by its name, in the language the refusal is read in."""
    return gettext_lazy("main pot") if k == 0 else format_lazy(gettext_lazy("side pot {k}"), k=k)


def _pot_label(k: int) -> Any:
    """A pot by its name, in the language the refusal is read in."""
    return gettext_lazy("main pot") if k == 0 else format_lazy(gettext_lazy("side pot {k}"), k=k)


def _pot_name(k: int, lang: str) -> str:
    if lang == "es":
        return "bote principal" if k == 0 else f"bote lateral {k}"
    return "main pot" if k == 0 else f"side pot {k}"


def _award_notes(built: adapter.Built) -> list[adapter.ViolationData]:
    """HREC-07, AUTH-04: each pot the staff awarded without the cards saying so, kept with
    the hand as a note (the verdict names who decided where the chips went, and why)."""
    out = []
    for pot, (seats, reason, _i) in sorted(built.awards.items()):
        if not reason:
            continue  # the cards said it: the award only confirms them
        es, en = AWARD_REASON_WORDS[reason]
        who = ", ".join(str(s) for s in seats)
        out.append(
            _violation(
                "AWARD_BY_FLOOR",
                f"{_pot_name(pot, 'es').capitalize()}: el croupier lo empujó al asiento {who} "
                f"sin que las cartas lo digan ({es}).",
                f"{_pot_name(pot, 'en').capitalize()}: the croupier pushed it to seat {who} "
                f"without the cards saying so ({en}).",
                field_name="actions",
                severity="info",
            )
        )
    return out


def forced_defaults(settings: TableSettings, structure: str) -> dict[str, Any]:
    """The forced bets a hand at this table posts unless it says otherwise (GAME-04,
    GAME-05): one blind posts only the big blind; an ante only with ``ante`` > 0."""
    one_blind = settings.forced_bets == ForcedBets.ONE_BLIND
    return {
        "small": ZERO if one_blind else settings.small_blind,
        "big": settings.big_blind,
        "ante": settings.ante,
        "small_bet": settings.small_bet if structure == "limit" else None,
        "big_bet": settings.big_bet if structure == "limit" else None,
        "structure": structure,
    }


# ------------------------------------------------------------- a tournament's hand


@dataclass(frozen=True)
class HandTerms:
    """What a hand at a table is played under: the engine's rules and the forced bets it
    posts unless it says otherwise.

    At a tournament table (a session of kind tournament, issue 42 §5) they are the
    tournament's, asked through ``tables.hooks.hand_rules`` (the recorder never imports
    the tournaments app): the blinds and the ante of the clock's level when the hand
    starts, the engine's profile without rake (TOUR-03), the smallest tournament chip in
    play as the chip unit; ``level`` is that answer (``None`` at a cash table)."""

    rules: adapter.Rules
    defaults: dict[str, Any]
    level: Any = None


def hand_terms(
    session: TableSession, settings: TableSettings, at: datetime, *, structure: str, unit: int
) -> HandTerms:
    """The terms of a hand of ``session`` started at ``at`` (the settings in force then)."""
    if not session.is_tournament:
        rules = adapter.rules_for(settings, chip_unit=unit, structure=structure, at=at)
        return HandTerms(rules, forced_defaults(settings, structure))
    level = table_hooks.hand_rules(session, at)
    if level is not None and level.chips_in_play:
        unit = int(min(level.chips_in_play)) * 100
    rules = adapter.rules_for(settings, chip_unit=unit, structure=structure, at=at, tournament=True)
    if level is None:  # no tournament plays here now: no hand is dealt (require_dealing)
        return HandTerms(rules, forced_defaults(settings, structure))
    big = Decimal(level.big_blind)
    defaults = {
        "small": Decimal(level.small_blind),
        "big": big,
        # TDA: a big-blind ante is the big blind's alone (tournament_record), not each one's
        "ante": Decimal(level.ante) if level.ante_kind == adapter.TournamentAnteKind.ANTE else ZERO,
        "small_bet": big if structure == "limit" else None,
        "big_bet": 2 * big if structure == "limit" else None,
        "structure": structure,
    }
    return HandTerms(rules, defaults, level)


def require_dealing(session: TableSession, terms: HandTerms) -> None:
    """A tournament table deals only while its tournament's clock is in play: not before
    the start, not during a break (issue 42 §4)."""
    if session.is_tournament and (terms.level is None or terms.level.on_break):
        raise DomainError.of(HandsCode.TOURNAMENT_ON_BREAK, field="session")


def tournament_record(book: SessionBook, record: dict[str, Any], terms: HandTerms) -> None:
    """The next hand at a tournament table, as the seating plan and the level say (issue
    42 §5): a seat the record names without its player is the plan's player's (the
    tournament knows its players by the seats' players: no second seat list), and at a
    big-blind-ante level the big blind posts the ante, dead (the engine's dead post)."""
    level = terms.level
    if level is None:
        return
    for s in record["seats"]:
        memory = book.seats.get(s["seat"])
        if s.get("player") is not None or memory is None or not memory.player_id:
            continue
        if memory.status == SeatStatus.EMPTY or (s.get("name") and s["name"] != memory.name):
            continue
        s["player"] = memory.player_id
    if level.ante_kind != adapter.TournamentAnteKind.BIG_BLIND_ANTE or not level.ante:
        return
    blinds = _blind_seats(record)
    for s in record["seats"]:
        if blinds is not None and s["seat"] == blinds[1] and not Decimal(s["dead_post"]):
            s["dead_post"] = f"{Decimal(level.ante):.2f}"


def _level_checks(record: dict[str, Any], terms: HandTerms) -> list[adapter.ViolationData]:
    """A tournament hand posts its level's blinds and ante (issue 42 §5; GAME-04's check
    at a cash table)."""
    level, want = terms.level, terms.defaults
    if level is None:
        return []
    blinds = record["blinds"]
    posted = tuple(Decimal(blinds.get(k) or 0) for k in ("small", "big", "ante"))
    if posted == (want["small"], want["big"], want["ante"]):
        return []
    ante = f" ante {level.ante}" if level.ante else ""
    return [
        _violation(
            "FORCED_BETS_MISMATCH",
            f"El nivel {level.level} del torneo es {level.small_blind}/{level.big_blind}"
            f"{ante}; la mano puso {posted[0]:.0f}/{posted[1]:.0f} ante {posted[2]:.0f}.",
            f"The tournament's level {level.level} is {level.small_blind}/{level.big_blind}"
            f"{ante}; the hand posted {posted[0]:.0f}/{posted[1]:.0f} ante {posted[2]:.0f}.",
            field_name="blinds",
        )
    ]


def _forced_bets_checks(
    record: dict[str, Any], settings: TableSettings
) -> list[adapter.ViolationData]:
    """GAME-04: the hand posted the table's forced bets: its ante (missing or not the
    table's) and, at a one-blind table, no small blind."""
    out = []
    blinds = record["blinds"]
    ante = Decimal(blinds.get("ante") or 0)
    if ante != settings.ante:
        want = f"{settings.ante:.2f}" if settings.ante else "0"
        out.append(
            _violation(
                "FORCED_BETS_MISMATCH",
                f"La mesa juega con ante de {want}; la mano puso {ante:.2f} (GAME-04).",
                f"The table plays an ante of {want}; the hand posted {ante:.2f} (GAME-04).",
                field_name="blinds.ante",
            )
        )
    small = Decimal(blinds.get("small") or 0)
    if settings.forced_bets == ForcedBets.ONE_BLIND and small:
        out.append(
            _violation(
                "FORCED_BETS_MISMATCH",
                "La mesa juega con una sola ciega: la mano no pone ciega chica (GAME-04).",
                "The table plays one blind: the hand posts no small blind (GAME-04).",
                field_name="blinds.small",
            )
        )
    return out


def _carry_in(
    book: SessionBook, record: dict[str, Any], number: int, revision_of: Hand | None
) -> list[adapter.ViolationData]:
    """The pot carried over from a voided hand goes into the next hand (IRREG-03, POT-09).

    The books decide what is carried: what the session's last hand carried out (a
    revision keeps its original's). A record that declares something else keeps the
    books' pot and gets a warning; a hand that receives a pot says so (info).
    """
    declared = record.pop("carry_in", None)
    if revision_of is not None:
        expected = list(revision_of.record.get("carry_in") or ())
    elif number > book.max_number:
        expected = list(book.carry)
    else:
        expected = []  # a late entry: the hand after the void one already received it
    out: list[adapter.ViolationData] = []
    if expected:
        record["carry_in"] = adapter.normalise_carried(expected)
        for pot in record["carry_in"]:
            seats = ", ".join(str(e["seat"]) for e in pot["eligible"])
            out.append(
                _violation(
                    "CARRIED_POT",
                    f"Pozo arrastrado de una mano anulada: {pot['amount']}, solo para los "
                    f"asientos {seats} de aquella mano (POT-09).",
                    f"Pot carried over from a void hand: {pot['amount']}, only for seats "
                    f"{seats} of that hand (POT-09).",
                    field_name="carry_in",
                    severity="info",
                )
            )
    if declared is not None and adapter.carried_key(declared) != adapter.carried_key(expected):
        out.append(
            _violation(
                "CARRY_IN_MISMATCH",
                "El pozo arrastrado declarado no coincide con el que dejó la mano anterior: "
                "se usa el de los registros (POT-09).",
                "The carried pot declared differs from what the previous hand left: the "
                "books' is used (POT-09).",
                field_name="carry_in",
                severity="warning",
            )
        )
    return out


def _sequence_checks(book: SessionBook, number: int) -> list[adapter.ViolationData]:
    """Hands out of sequence are flagged (issue 4 §4): a gap before this number."""
    if number > book.max_number + 1:
        first, last = book.max_number + 1, number - 1
        missing = f"{first}" if first == last else f"{first}–{last}"
        return [
            _violation(
                "SEQUENCE_GAP",
                f"Faltan manos en la secuencia: n.º {missing} no registradas.",
                f"Hands missing from the sequence: no. {missing} not recorded.",
                field_name="number",
            )
        ]
    return []


def _button_check(
    book: SessionBook, record: dict[str, Any], number: int
) -> list[adapter.ViolationData]:
    """The button moves one seat clockwise after each hand (GAME-07, §3.4, §8.1(21))."""
    if book.prev_button is None or number != book.max_number + 1:
        return []
    declared = {
        (a.get("irregularity") or {}).get("kind")
        for a in record["actions"]
        if a.get("action") == "irregularity"
    }
    if declared & {"button_moved_two_seats", "button_not_moved", "button_misplaced"}:
        return []  # the floor declared it; the ruling applies (RUL-60, MISDEAL-06)
    seats = sorted(s["seat"] for s in record["seats"])
    expected = adapter.next_button(seats, book.prev_button, redeal=book.prev_void)
    if record["button"] == expected:
        return []
    return [
        _violation(
            "BUTTON_NOT_MOVED_ONE_SEAT",
            f"El botón debía estar en el asiento {expected} (se movió desde el "
            f"{book.prev_button}), no en el {record['button']}.",
            f"The button should be on seat {expected} (moving on from seat "
            f"{book.prev_button}), not seat {record['button']}.",
            field_name="button",
            severity="warning",
        )
    ]


def _continuity_checks(
    book: SessionBook,
    record: dict[str, Any],
    number: int,
    started: datetime,
    revision_of: Hand | None,
) -> list[adapter.ViolationData]:
    """Starting stack = previous finishing stack + buy-ins − chips taken away (HREC-08).

    The next hand (the usual case) is checked against the seating plan, the one owner of
    the stack between hands (issue 13 §1): the plan's stack now, less what reached the
    seat after the hand began (the cage's records, read only when there are any). A seat
    the plan has empty after someone played there was left with its chips: it starts
    from nothing. A late entry or a correction is checked against the hands before it.
    """
    late = revision_of is not None or number <= book.max_number
    if late:
        return _continuity_from_history(book, record, number, started, revision_of)
    out: list[adapter.ViolationData] = []
    after_start: dict[int, Decimal] | None = None
    for k, s in enumerate(record["seats"]):
        seat = s["seat"]
        memory = book.seats.get(seat)
        if memory is None:
            continue  # nothing known of this seat: nothing to compare with
        if memory.status == SeatStatus.EMPTY:
            if memory.last_number is None:
                continue
            expected = ZERO  # the last player here left with his chips
        elif memory.stack is None:
            continue  # seated, no chips recorded yet
        else:
            if after_start is None:
                after_start = book.movements(started, None)
            expected = memory.stack - after_start.get(seat, ZERO)
        start = Decimal(s["stack"])
        if start != expected:
            out.append(_continuity_violation(k, seat, start, expected))
    return out


def _continuity_violation(k: int, seat: int, start: Decimal, expected: Decimal) -> Any:
    diff = start - expected
    sign = "+" if diff > 0 else "−"
    return _violation(
        "CONTINUITY_MISMATCH",
        f"Continuidad de fichas, asiento {seat}: empieza con {start}, se esperaba "
        f"{expected} (diferencia {sign}{abs(diff)}).",
        f"Chip continuity, seat {seat}: starts with {start}, expected {expected} "
        f"(difference {sign}{abs(diff)}).",
        field_name=f"seats[{k}].stack",
    )


def _continuity_from_history(
    book: SessionBook,
    record: dict[str, Any],
    number: int,
    started: datetime,
    revision_of: Hand | None,
) -> list[adapter.ViolationData]:
    """A late entry or a revision: the hands before it and the cage's records between."""
    previous = _previous_stacks(book, record, number, revision_of)
    out: list[adapter.ViolationData] = []
    movements_cache: dict[datetime | None, dict[int, Decimal]] = {}
    for k, s in enumerate(record["seats"]):
        seat = s["seat"]
        start = Decimal(s["stack"])
        prev = previous.get(seat)
        since = prev[1] if prev else None
        if since not in movements_cache:
            movements_cache[since] = book.movements(since, started)
        moved = movements_cache[since].get(seat, ZERO)
        if prev is None:
            if seat not in book.buyin_seats():
                continue  # no buy-in record at all for this seat: nothing to compare with
            expected = moved
        else:
            expected = prev[0] + moved
        if start != expected:
            out.append(_continuity_violation(k, seat, start, expected))
    return out


def _previous_stacks(
    book: SessionBook, record: dict[str, Any], number: int, revision_of: Hand | None
) -> dict[int, tuple[Decimal, datetime]]:
    """Each seat's finishing stack and end time in the last hand before ``number``."""
    seats = [s["seat"] for s in record["seats"]]
    out: dict[int, tuple[Decimal, datetime]] = {}
    # A late entry or a revision: read the hands before it (the latest revision of each).
    rows = (
        HandSeat.objects.filter(
            hand__session=book.session,
            hand__number__lt=number,
            hand__number__gte=max(1, number - 500),
            seat__in=seats,
        )
        .filter(  # a revision waiting for the pit boss's signature does not count yet
            Q(hand__revision_of__isnull=True)
            | Q(hand__correction_entry__approval__isnull=True)
            | Q(hand__correction_entry__approval__locked_at__isnull=False)
        )
        .order_by("seat", "-hand__number", "-hand_id")
        .values_list("seat", "finishing_stack", "hand__ended_at")
    )
    for seat, finishing, ended in rows:
        if seat not in out:
            out[seat] = (finishing, ended)
    return out


# SEAT-05: under POST_BB (004) and POST_MIN_BET (002) a new player posts before being
# dealt in, or waits for the big blind.
_POSTING_ENTRY = (NewPlayerEntry.POST_BB, NewPlayerEntry.POST_MIN_BET)


def _seating_checks(
    book: SessionBook,
    record: dict[str, Any],
    settings: TableSettings,
    number: int,
    revision_of: Hand | None,
) -> list[adapter.ViolationData]:
    """New players and missed blinds by the table's policies (SEAT-05, SEAT-06, OQ-07)."""
    if revision_of is not None or book.max_number == 0 or number <= book.max_number:
        return []
    out: list[adapter.ViolationData] = []
    seats = [s["seat"] for s in record["seats"]]
    order = adapter.phh_order(seats, record["button"])
    labels = adapter.positions(order)
    big = Decimal(record["blinds"]["big"])
    small = Decimal(record["blinds"]["small"])
    # The table's versioned settings in force at the hand's start (OQ-07 defaults MANUAL).
    entry_policy = settings.new_player_entry
    absent_policy = settings.absent_player_policy
    # POST_BB: a post equal to the big blind; POST_MIN_BET (002): the table's minimum
    # bet, which in fixed limit is the small bet (a 2/4 game: 2), else the big blind.
    entry_post = big
    if entry_policy == NewPlayerEntry.POST_MIN_BET and record["blinds"].get("small_bet"):
        entry_post = Decimal(record["blinds"]["small_bet"])
    for k, s in enumerate(record["seats"]):
        seat = s["seat"]
        memory = book.seats.get(seat)
        player_changed = memory is None or (
            (memory.player_id or None) != (s.get("player") or None)
            and (memory.name or "") != (s.get("name") or "")
        )
        new = memory is None or memory.hands_played == 0 or player_changed
        position = labels.get(seat, "")
        post = Decimal(s.get("post") or 0)
        if new:
            if entry_policy == NewPlayerEntry.MANUAL and position in ("BU", "SB", "BB"):
                out.append(
                    _violation(
                        "NEW_PLAYER_IN_BLINDS",
                        f"Asiento {seat}: un jugador nuevo no entra en el botón ni en las "
                        f"ciegas ({position}); debe esperar a que pasen (SEAT-05).",
                        f"Seat {seat}: a new player may not come in on the button or the "
                        f"blinds ({position}); they wait until these pass (SEAT-05).",
                        field_name=f"seats[{k}]",
                    )
                )
            elif entry_policy in _POSTING_ENTRY and position != "BB" and post < entry_post:
                out.append(
                    _violation(
                        "NEW_PLAYER_MUST_POST",
                        f"Asiento {seat}: un jugador nuevo coloca {entry_post} o espera la "
                        "ciega grande (SEAT-05).",
                        f"Seat {seat}: a new player posts {entry_post} or waits for the big "
                        "blind (SEAT-05).",
                        field_name=f"seats[{k}].post",
                    )
                )
        elif (
            absent_policy == AbsentPlayerPolicy.MISSED_BLINDS
            and memory is not None
            and position != "BB"
        ):
            dead = Decimal(s.get("dead_post") or 0)
            if (memory.missed_big and post < big) or (memory.missed_small and dead < small):
                out.append(
                    _violation(
                        "MISSED_BLINDS_NOT_POSTED",
                        f"Asiento {seat}: al volver debe poner las ciegas que perdió "
                        f"(grande {big} viva, chica {small} muerta) (SEAT-06).",
                        f"Seat {seat}: on returning must post the missed blinds (big {big} "
                        f"live, small {small} dead) (SEAT-06).",
                        field_name=f"seats[{k}].post",
                    )
                )
    return out


# --------------------------------------------------------------------------- write


def write(book: SessionBook, actor: Actor, batch: list[Prepared]) -> list[Hand]:
    """Store prepared hands (bulk inserts) and keep the book's seat memory in step."""
    if not batch:
        return []
    session = book.session
    now = timezone.now()
    hands = [
        Hand(
            casino_id=session.casino_id,
            table=session.table,
            session=session,
            gaming_day=session.gaming_day,
            settings=p.settings,
            number=p.number,
            revision_of=p.revision_of,
            redeal_of=p.redeal_of,
            structure=p.rules.structure,
            ruleset=adapter.ruleset_of(p.rules),
            dealer=p.dealer,
            recorded_by=actor.user,
            recorded_role=actor.role.value,
            source=p.source,
            import_job=p.import_job,
            started_at=p.started_at,
            ended_at=p.ended_at,
            recorded_at=now,
            button_seat=p.record["button"],
            chip_unit=book.unit,
            players_dealt=len(p.record["seats"]),
            record=p.record,
            status=p.status,
            engine_status=p.verdict.status,
            pot_total=p.verdict.pot_total,
            rake=p.verdict.rake,
            recorded_rake=(
                Decimal(p.record["result"]["rake"]) if "rake" in p.record["result"] else None
            ),
            notes=p.notes,
        )
        for p in batch
    ]
    # The session row is locked and ``prepare`` refused a number already taken, so the
    # unique constraint is only the database's backstop here (no savepoint needed).
    hot_insert(hands)  # the ORM's INSERTs, built once (issue 43)
    verdicts = []
    seats = []
    violations = []
    irregularities = []
    for p, hand in zip(batch, hands, strict=True):
        p.hand = hand
        v = p.verdict
        verdicts.append(
            HandVerdict(
                hand=hand,
                engine_tag=adapter.ENGINE_TAG,
                status=p.status,
                engine_status=v.status,
                violations=[x.as_dict() for x in p.violations],
                pots=[pot.as_dict() for pot in v.pots],
                rake=v.rake,
                payouts={str(k): str(x) for k, x in v.payouts.items()},
                finishing={str(k): str(x) for k, x in v.finishing.items()},
                returned={str(k): str(x) for k, x in v.returned.items() if x},
                showdown_order=list(v.showdown_order),
                rulings={str(k): x for k, x in p.built.rulings.items()},
                carry_out=list(v.carry_out),
                computed_at=now,
            )
        )
        labels = adapter.positions(p.built.order)
        for s in p.record["seats"]:
            seat = s["seat"]
            seats.append(
                HandSeat(
                    hand=hand,
                    seat=seat,
                    position=labels.get(seat, ""),
                    player=p.players.get(seat),
                    name=s.get("name") or "",
                    starting_stack=Decimal(s["stack"]),
                    finishing_stack=v.finishing.get(seat, Decimal(s["stack"])),
                    won=v.payouts.get(seat, ZERO) + v.returned.get(seat, ZERO),
                    penalised=seat in p.penalised,
                )
            )
        for x in p.violations:
            violations.append(
                HandViolation(
                    hand=hand,
                    code=x.code,
                    action_index=x.action,
                    field=(x.field or "")[:64],
                    source=x.source,
                    severity=x.severity,
                    message_es=x.message_es,
                    message_en=x.message_en,
                )
            )
        for irr in p.built.irregularities:
            facts = irr["facts"]
            irregularities.append(
                HandIrregularity(
                    hand=hand,
                    action_index=irr["action_index"],
                    kind=irr["kind"],
                    seat=irr["seat"],
                    street=irr["street"],
                    facts=facts,
                    outcome=irr["outcome"],
                    rule_ids=",".join(irr["rule_ids"])[:200],
                    ruling=irr["ruling"],
                    ruleset=hand.ruleset,
                    decided_by=actor.user,
                    escalated_to=str(facts.get("escalated_to") or "")[:16],
                    override_reason=str(facts.get("override_reason") or ""),
                )
            )
    hot_insert(verdicts)
    hot_insert(seats)
    hot_insert(violations)
    hot_insert(irregularities)
    _attach(hands, verdicts, seats, irregularities)
    _flush_seats(book)
    return hands


def _attach(
    hands: list[Hand],
    verdicts: list[HandVerdict],
    seats: list[HandSeat],
    irregularities: list[HandIrregularity],
) -> None:
    """Give the new hands their (append-only) related rows, so showing them needs no query."""
    by_hand: dict[int, dict[str, list[Any]]] = {
        h.pk: {"seats": [], "irregularities": []} for h in hands
    }
    for row in seats:
        by_hand[row.hand_id]["seats"].append(row)
    for irr in irregularities:
        by_hand[irr.hand_id]["irregularities"].append(irr)
    for hand, verdict in zip(hands, verdicts, strict=True):
        hand._state.fields_cache["verdict"] = verdict
        cache = {}
        for name, model in (("seats", HandSeat), ("irregularities", HandIrregularity)):
            qs = model.objects.filter(hand_id=hand.pk)
            qs._result_cache = by_hand[hand.pk][name]
            qs._prefetch_done = True
            cache[name] = qs
        hand._prefetched_objects_cache = cache


def admit(book: SessionBook, actor: Actor, p: Prepared) -> None:
    """Take a prepared hand into the book: its number, and the seating plan after it.

    Called right after :func:`prepare`, before the next hand of a batch is prepared,
    so that sequence and continuity checks of that next hand see this one.
    The session's first hand needs "play begins" told to the supervisor or pit boss
    (OPEN-17, SHUF-01): ``tables.services.procedure.play_begins_for_first_hand``.
    """
    if p.revision_of is None and book.max_number == 0 and not book.announced:
        play_begins_for_first_hand(
            actor=actor, session=book.session, players=len(p.record["seats"])
        )
        book.announced = True
    if p.revision_of is None:
        book.add_number(p.number)
    touched = book.touched
    events = book.events
    if p.revision_of is not None and p.number != book.max_number:
        return  # a correction of an older hand does not move the plan
    if p.revision_of is None and p.number < book.max_number:
        return  # a late entry: later hands already set the plan
    seats_in = {s["seat"]: s for s in p.record["seats"]}
    blinds = _blind_seats(p.record)
    # SEAT-06: a sitting-out player whom the blinds passed owes them on return.
    away = [
        seat
        for seat, memory in book.seats.items()
        if seat not in seats_in and memory.status == SeatStatus.SITTING_OUT
    ]
    previous = book.prev_blinds if away and blinds and p.revision_of is None else None
    if previous and blinds:
        for seat in away:
            memory = book.seats[seat]
            if _between(previous[0], blinds[0], seat):
                memory.missed_small = True
                touched[seat] = memory
            if _between(previous[1], blinds[1], seat):
                memory.missed_big = True
                touched[seat] = memory
    after_end = book.movements(p.ended_at, None)
    for seat, s in seats_in.items():
        player = p.players.get(seat)
        player_id = player.pk if player else None
        memory = book.seats.get(seat)
        moved = (
            memory is None
            or memory.status == SeatStatus.EMPTY
            or ((memory.player_id or None) != player_id and (memory.name or "") != s.get("name"))
        )
        if moved and p.revision_of is not None and book.session.is_tournament:
            # A tournament's seats are the tournament's to give (issue 42 §7): a revision
            # that gives a busted player chips back reseats him through the elimination's
            # correction (tables.hooks.hand_revised), never over the seat's new player.
            continue
        if moved:
            joined = (p.number - 1) if p.number > 1 and book.max_number else None
            memory = SeatMemory(
                memory.row if memory else None,
                player_id,
                s.get("name") or "",
                None,
                None,
                None,
                0,
                joined,
                SeatStatus.PLAYING,
                False,
                False,
            )
            book.seats[seat] = memory
            events.append(
                SeatEvent(
                    casino_id=book.session.casino_id,
                    session=book.session,
                    seat=seat,
                    kind=SeatEvent.Kind.SIT,
                    player=player,
                    name=s.get("name") or "",
                    at=p.started_at,
                    actor=actor.user,
                    role=actor.role.value,
                    detail={"from_hand": p.number},
                )
            )
        memory.player_id = player_id
        memory.name = s.get("name") or memory.name
        # The plan's stack between hands: the finishing stack plus what the cage recorded
        # at the seat after this hand ended (none, unless past hands are stored late).
        memory.stack = p.verdict.finishing.get(seat, Decimal(s["stack"])) + after_end.get(
            seat, ZERO
        )
        memory.last_number = p.number
        memory.last_ended_at = p.ended_at
        if p.revision_of is None:
            memory.hands_played += 1
        memory.status = SeatStatus.PLAYING
        if Decimal(s.get("post") or 0) > 0 or adapter.positions(p.built.order).get(seat) == "BB":
            memory.missed_big = False
        if Decimal(s.get("dead_post") or 0) > 0 or adapter.positions(p.built.order).get(seat) in (
            "SB",
            "BU",
        ):
            memory.missed_small = False
        touched[seat] = memory
    book.carry = list(p.verdict.carry_out)  # for the next hand (IRREG-03, POT-09)
    if p.revision_of is None:
        book.max_number = max(book.max_number, p.number)
        book.prev_button = p.record["button"]
        book.prev_void = p.status == HandStatus.VOID
        book.prev_blinds = blinds


def _flush_seats(book: SessionBook) -> None:
    """Hand the seats the admitted hands changed to the seating's owner (issue 13 §1)."""
    touched, events = book.touched, book.events
    book.touched, book.events = {}, []
    seats_write_after_hands(book.session, touched, events)


# ------------------------------------------------------------------------- rake


def post_rake(
    actor: Actor, hand: Hand, amount: Decimal, pots: list[Decimal], *, locked: bool = False
) -> None:
    """The rake of a valid hand into the table's rake ledger (issue 4 §5, RAKE-08).

    Uses the cage's ``rake_post`` (append-only, idempotent per hand). Hands with no
    rake leave no posting. The posting is made by the actor: the hand's logger, or
    the pit boss whose signed review resolves an invalid hand. The posting takes the
    settings version the hand was judged under; ``locked`` says that ``hand.session``
    is the session row locked by this transaction (a hand just written by
    :func:`write`), so the cage does not lock it again.
    """
    hooks.hand_posted(actor, hand, locked=locked)  # a promotion fund's drop (issue 44)
    if amount <= 0:
        return
    from cage.services import rake_post

    rake_post(
        actor=actor,
        session=hand.session,
        hand_number=hand.number,
        amount=amount,
        hand_started_at=hand.started_at,
        hand_ref=f"hand:{hand.pk}",
        expected_amount=hand.rake,
        settings=hand.settings,
        locked=locked,
    )


def rake_for(hand: Hand) -> Decimal:
    """What went into the rake box for a hand: the recorded rake, else the computed one."""
    return hand.recorded_rake if hand.recorded_rake is not None else hand.rake


def post_rakes(actor: Actor, hands: list[Hand]) -> None:
    """The rakes of hands just stored by :func:`write` (their session is the locked row)."""
    for hand in hands:
        if hand.status == HandStatus.VALID:
            post_rake(actor, hand, rake_for(hand), [], locked=True)


# ---------------------------------------------------------------------- public


def hand_log(
    *,
    actor: Actor,
    session: TableSession | int,
    data: dict[str, Any],
    number: int | None = None,
    dealer: str | None = None,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
    source: str = HandSource.API,
    notes: str = "",
    redeal_of: Hand | None = None,
) -> Hand:
    """Log a complete hand (issue 4 §2–§5): validate, store with its verdict, post the rake."""
    from casino.access import require

    require(actor, Perm.LOG_HAND)
    with service_atomic():  # no savepoint inside the API's own transaction (issue 43)
        s = lock_session(session)
        same_casino(actor, s)
        require_at_table(actor, s)
        if redeal_of is not None and (
            redeal_of.session_id != s.pk or redeal_of.status != HandStatus.VOID
        ):
            raise DomainError.of(HandsCode.REDEAL_OF_INVALID, field="redeal_of")
        book = SessionBook(s)
        prepared = prepare(
            book,
            data,
            source=source,
            number=number,
            dealer=dealer,
            started_at=started_at,
            ended_at=ended_at,
            notes=notes,
            redeal_of=redeal_of,
        )
        admit(book, actor, prepared)
        (hand,) = write(book, actor, [prepared])
        post_rakes(actor, [hand])
        table_hooks.hand_stored(actor, hand)  # issue 42: a tournament's busts, in this transaction
        deck_faults_from_hand(actor=actor, hand=hand)  # DECK-20
        audit_record(
            actor=actor,
            action="hand.log",
            obj=hand,
            after={
                "session": s.pk,
                "number": hand.number,
                "status": hand.status,
                "rake": str(hand.rake),
                "violations": prepared.codes,
                "source": source,
            },
        )
    return hand


def hand_correct(
    *,
    actor: Actor,
    hand: Hand,
    data: dict[str, Any],
    reason: str,
    dealer: str | None = None,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
) -> Hand:
    """A corrected revision of a stored hand, linked to it (the original unchanged).

    An invalid hand waiting for its review: the revision is the correction entry the pit
    boss's signed review rests on (issue 4 §3). Any other stored hand (valid, void, or
    invalid and already resolved; HREC-09, issue 38 §3): the revision must pass the
    engine (``CORRECTION_INVALID`` otherwise: a closed hand is only replaced by a record
    that stands); it counts at once while the next hand has not started (the hand's rake
    posting is reversed and posted again, the seating plan moves if it is the last hand),
    after that only once the pit boss signs it (``HandRevisionApproval``, in his *Por
    firmar*), with the later hands' continuity checked again and the differences kept.
    """
    from casino.access import require

    from ..models import HandCorrection, HandRevisionApproval

    if not (role_has(actor.role, Perm.LOG_HAND) or role_has(actor.role, Perm.REVIEW_HAND)):
        require(actor, Perm.LOG_HAND)
    require(actor, Perm.VIEW_HANDS)
    _require_reason(reason)
    with transaction.atomic():
        s = lock_session(hand.session_id)
        same_casino(actor, s)
        require_at_table(actor, s)
        original = Hand.objects.select_for_update().get(pk=hand.pk)
        _require_original(original)
        closed = not _awaiting_review(original)
        pending = closed and selectors.next_hand_started(original)
        book = SessionBook(s)
        prepared = prepare(
            book,
            data,
            source=HandSource.CORRECTION,
            dealer=dealer or (original.dealer.username if original.dealer else None),
            started_at=started_at or original.started_at,
            ended_at=ended_at or original.ended_at,
            revision_of=original,
            check_refusals=False,
        )
        if closed and prepared.status == HandStatus.INVALID:
            errors = [v for v in prepared.violations if v.severity == "error"]
            raise DomainError.of(
                HandsCode.CORRECTION_INVALID,
                join=Words(
                    "; ".join(v.message_es for v in errors[:3]),
                    "; ".join(v.message_en for v in errors[:3]),
                ),
                field="actions",
                details={"codes": [v.code for v in errors]},
            )
        if not pending:
            admit(book, actor, prepared)  # the last hand's revision moves the plan now
        (revision,) = write(book, actor, [prepared])
        correction = HandCorrection.objects.create(
            casino_id=s.casino_id,
            original=original,
            revision=revision,
            kind=HandCorrection.Kind.REVISION,
            reason=reason.strip(),
            created_by=actor.user,
            role=actor.role.value,
        )
        approval = None
        if pending:
            approval = HandRevisionApproval.objects.create(
                casino_id=s.casino_id,
                hand=original,
                correction=correction,
                continuity=selectors.later_continuity(revision),
                created_by=actor.user,
            )
        elif closed:
            revision_counts(actor, original, revision, reason.strip())
        # Issue 42 §7: a tournament's busts follow the revision that counts now, and one
        # that changes a bust after the next hand is refused (the floor corrects it first).
        table_hooks.hand_revised(
            actor, original, revision, counts=not pending, reason=reason.strip()
        )
        audit_record(
            actor=actor,
            action="hand.correct",
            obj=original,
            after={
                "revision": revision.pk,
                "status": revision.status,
                "correction": correction.pk,
                "pending_signature": approval is not None,
                "continuity": approval.continuity if approval is not None else [],
                "rake": {"before": str(original.rake), "after": str(revision.rake)},
            },
            reason=reason.strip(),
        )
    return revision


def revision_counts(actor: Actor, original: Hand, revision: Hand, reason: str) -> None:
    """A revision of a closed hand now counts (issue 38 §3): the hand's rake posting is
    reversed and the revision's rake posted (RAKE-08; the ledger keeps both, append-only).
    A session already closed takes no posting (its rake box was counted at the closing,
    ``cage.services.rake_post``): the difference stays in the correction's audit event."""
    from cage.services import rake_reverse_for_revision

    if original.session.status in (TableSession.Status.OPENING, TableSession.Status.CLOSED):
        return
    text = f"Corrección de la mano {original.number}: {reason}"[:500]
    for entry in selectors.hand_rake_postings(original):
        rake_reverse_for_revision(actor=actor, entry=entry, reason=text)
    if revision.status == HandStatus.VALID:
        post_rake(actor, revision, rake_for(revision), [])


def hand_override(*, actor: Actor, hand: Hand, reason: str) -> Any:
    """HREC-07, AUTH-04: the staff decision stands as recorded, with a reason."""
    from casino.access import require

    from ..models import HandCorrection

    if not (role_has(actor.role, Perm.LOG_HAND) or role_has(actor.role, Perm.REVIEW_HAND)):
        require(actor, Perm.REVIEW_HAND)
    _require_reason(reason)
    with transaction.atomic():
        original = Hand.objects.select_for_update().get(pk=hand.pk)
        if original.casino_id != actor.user.casino_id:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand)
        require_at_table(actor, original.session)
        _require_correctable(original)
        correction = HandCorrection.objects.create(
            casino_id=original.casino_id,
            original=original,
            kind=HandCorrection.Kind.OVERRIDE,
            reason=reason.strip(),
            created_by=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="hand.override",
            obj=original,
            after={"correction": correction.pk},
            reason=reason.strip(),
        )
    return correction


def _require_reason(reason: str) -> None:
    if not (reason or "").strip():
        raise DomainError.of(CasinoCode.REASON_REQUIRED, field="reason")


def _require_original(hand: Hand) -> None:
    if hand.revision_of_id is not None:
        raise DomainError.of(HandsCode.NOT_AN_ORIGINAL, field="hand")


def _awaiting_review(hand: Hand) -> bool:
    """An invalid hand without the pit boss's signed review (issue 4 §3)."""
    from ..models import HandReview

    return (
        hand.status == HandStatus.INVALID
        and not HandReview.objects.filter(hand=hand, locked_at__isnull=False).exists()
    )


def _require_correctable(hand: Hand) -> None:
    """An override or a review: only for an invalid hand not yet resolved."""
    from ..models import HandReview

    _require_original(hand)
    if hand.status != HandStatus.INVALID:
        raise DomainError.of(HandsCode.HAND_NOT_INVALID, field="hand")
    if HandReview.objects.filter(hand=hand, locked_at__isnull=False).exists():
        raise DomainError.of(HandsCode.HAND_RESOLVED, field="hand")


def hand_review(
    *,
    actor: Actor,
    hand: Hand,
    correction_id: int,
    note: str = "",
    override_reason: str = "",
) -> Any:
    """The pit boss's signed review: the invalid hand is resolved (issue 4 §3, HREC-09).

    A pit boss of the table's sector signs it; the shift manager only as an override
    with ``override_reason`` (issue 12 §1, ``HandReview.signing_assignment``)."""
    from casino.access import require
    from casino.signatures import document_sign

    from ..models import HandCorrection, HandReview, HandRevisionApproval

    require(actor, Perm.REVIEW_HAND)
    with transaction.atomic():
        original = Hand.objects.select_for_update().get(pk=hand.pk)
        if original.casino_id != actor.user.casino_id:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand)
        approval = HandRevisionApproval.objects.filter(
            correction_id=correction_id, hand=original
        ).first()
        if approval is not None:  # a closed hand's correction (issue 38 §3)
            return _approve(actor, original, approval, note, override_reason)
        _require_correctable(original)
        correction = HandCorrection.objects.filter(pk=correction_id, original=original).first()
        if correction is None:
            raise DomainError.of(HandsCode.CORRECTION_REQUIRED, field="correction")
        if HandReview.objects.filter(hand=original).exists():
            review = HandReview.objects.get(hand=original)
            if review.correction_id != correction.pk:
                raise DomainError.of(HandsCode.REVIEW_EXISTS, field="correction")
        else:
            review = HandReview.objects.create(
                casino_id=original.casino_id,
                hand=original,
                correction=correction,
                note=note or "",
                created_by=actor.user,
            )
        result = document_sign(
            actor=actor, document=review, role=Role.PIT_BOSS, override_reason=override_reason
        )
        if result.locked:
            # The rake of the resolved hand goes into the books now (issue 4 §5).
            revision = correction.revision
            source = revision if revision is not None else original
            post_rake(actor, source, rake_for(source), [])
        audit_record(
            actor=actor,
            action="hand.review",
            obj=original,
            after={"review": review.pk, "correction": correction.pk, "locked": result.locked},
            reason=note or "",
        )
    return review


def _approve(actor: Actor, original: Hand, approval: Any, note: str, override_reason: str) -> Any:
    """The pit boss signs a closed hand's correction made after the next hand started
    (issue 38 §3, HREC-09): it counts from now. The later hands' continuity is checked
    again (the differences go in the audit event and on the hand's page)."""
    from casino.signatures import document_sign

    if approval.is_locked:
        raise DomainError.of(HandsCode.CORRECTION_SIGNED, field="correction")
    lock_session(original.session_id)
    result = document_sign(
        actor=actor, document=approval, role=Role.PIT_BOSS, override_reason=override_reason
    )
    correction = approval.correction
    continuity: list[dict[str, Any]] = []
    if result.locked:
        revision_counts(actor, original, correction.revision, correction.reason)
        continuity = selectors.later_continuity(correction.revision)
    audit_record(
        actor=actor,
        action="hand.correction.approve",
        obj=original,
        after={
            "approval": approval.pk,
            "correction": correction.pk,
            "revision": correction.revision_id,
            "locked": result.locked,
            "continuity": continuity,
        },
        reason=note or "",
    )
    return approval
