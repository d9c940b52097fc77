"""Reads about tables, sessions and their counts — the contract with the cage and hands apps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from casino.errors import DomainError
from casino.hotqueries import HotQuery
from casino.models import Casino, Denomination, User
from casino.roles import Role
from tables.models import FloatPar

from .. import hooks
from ..codes import TablesCode
from ..deckrules import READY
from ..models import (
    ClosingSheet,
    DealerChange,
    OpeningSheet,
    OpsSettings,
    Pack,
    PackState,
    Table,
    TableSession,
    TableSettings,
)

S = TableSession.Status


# --- settings ---------------------------------------------------------------------------


def ops_settings(casino: Casino, at: datetime | None = None) -> OpsSettings:
    """The casino's table-operations settings in force (defaults if never changed)."""
    at = at or timezone.now()
    current = (
        OpsSettings.objects.filter(casino=casino, effective_from__lte=at)
        .order_by("-effective_from", "-version")
        .first()
    )
    return current or OpsSettings(casino=casino, version=0)


def settings_for_hand(session: TableSession, at: datetime | None = None) -> TableSettings:
    """The version whose *game* settings apply to a hand starting at ``at`` (GEN-04).

    Game settings (blinds, limits, seats, ruleset) apply from the next hand: the
    hand recorder asks with the hand's first riffle (SHUF-06). *Financial*
    settings (buy-in limits, rake) apply from the next session: read them from
    ``session.settings``, the version in force when the session opened.
    """
    return session.table.settings_at(at or timezone.now()) or session.settings


def settings_history(table: Table) -> QuerySet[TableSettings]:
    """Every settings version of ``table``, the newest first (issue 15 §5)."""
    return table.settings_versions.order_by("-version", "-effective_from")


# --- sessions ---------------------------------------------------------------------------


def live_session(table: Table) -> TableSession | None:
    return table.sessions.exclude(status=S.CLOSED).select_related("gaming_day").first()


def croupier_on_duty(session: TableSession) -> User | None:
    change = (
        DealerChange.objects.filter(session=session)
        .select_related("incoming")
        .order_by("-at", "-id")
        .first()
    )
    return change.incoming if change else None


def dealer_changes_between(
    casino_id: int, table_ids: list[int], start: datetime, end: datetime
) -> QuerySet[DealerChange]:
    """The dealer changes recorded at ``table_ids`` from ``start`` to ``end``, in time order
    (the rota's planned against actual, issue 44 §3)."""
    return (
        DealerChange.objects.filter(
            casino_id=casino_id, session__table_id__in=table_ids, at__gte=start, at__lt=end
        )
        .select_related("session", "incoming")
        .order_by("at", "id")
    )


def packs_at_session(session: TableSession) -> QuerySet[Pack]:
    from ..deckrules import AT_TABLE

    return Pack.objects.filter(session=session, state__in=AT_TABLE).order_by("colour", "serial")


def pack_in_play(session: TableSession) -> Pack | None:
    return Pack.objects.filter(session=session, state=PackState.IN_PLAY).first()


@dataclass(frozen=True)
class PlayReadiness:
    """Why a table cannot take a hand now (empty ``reasons`` when it can) and who deals."""

    reasons: list[DomainError]
    croupier: User | None


# The hand recorder asks these for every hand (issue 43: built once).
_LATEST_CHANGE = HotQuery(
    lambda session: (
        DealerChange.objects.filter(session_id=session)
        .select_related("incoming")
        .annotate(
            opening_locked=Exists(
                OpeningSheet.objects.filter(
                    session_id=OuterRef("session_id"), locked_at__isnull=False
                )
            )
        )
        .order_by("-at", "-id")[:1]
    ),
    session=int,
)
_PACKS_AT_TABLE = HotQuery(
    lambda session: (
        Pack.objects.filter(session_id=session, state__in=READY | {PackState.DAMAGED})
        .order_by("serial")
        .values_list("serial", "colour", "state")
    ),
    session=int,
)


def _opening_and_croupier(session: TableSession) -> tuple[bool, User | None]:
    """Whether the opening sheet is locked, and the croupier on duty: one query when a
    croupier is on duty (the latest dealer change, its opening sheet as an EXISTS)."""
    change = _LATEST_CHANGE.first(session=session.pk)
    if change is not None:
        return bool(change.opening_locked), change.incoming
    locked = OpeningSheet.objects.filter(session=session, locked_at__isnull=False).exists()
    return locked, None


def session_readiness(session: TableSession, hand_number: int | None = None) -> PlayReadiness:
    """Why the table cannot take a hand now; empty when it can (issue 5 §2, OPEN-12, DECK-04).

    A table takes hands only when its opening sheet is signed by all three, it is
    OPEN or IN PLAY, a croupier is on duty, and two inspected packs of different
    colours are at the table, one of them in play. With ``hand_number``, a hand
    numbered after the announced last hand is refused too (CLOSE-01).

    Two queries (the hand recorder runs this for every hand, issue 4 "Speed"): the
    latest dealer change with its croupier and whether the opening sheet is locked,
    and the session's usable or damaged packs. The croupier comes back with the
    reasons so that the caller need not read it again.
    """
    reasons: list[DomainError] = []
    opening_locked, croupier = _opening_and_croupier(session)
    if not opening_locked:
        reasons.append(DomainError.of(TablesCode.OPENING_NOT_SIGNED))
    if session.status not in (S.OPEN, S.IN_PLAY):
        reasons.append(
            DomainError.of(
                TablesCode.SESSION_NOT_OPEN,
                status=S(session.status),
                details={"status": session.status},
            )
        )
    if croupier is None:
        reasons.append(DomainError.of(TablesCode.NO_CROUPIER_ON_DUTY))
    packs = _PACKS_AT_TABLE.all(session=session.pk)
    ready = [(serial, colour, state) for serial, colour, state in packs if state in READY]
    if len({colour.strip().lower() for _serial, colour, _state in ready}) < 2:
        reasons.append(
            DomainError.of(
                TablesCode.DECKS_MISSING,
                details={"inspected_packs": [serial for serial, _colour, _state in ready]},
            )
        )
    damaged = next((serial for serial, _c, state in packs if state == PackState.DAMAGED), None)
    if damaged is not None:
        reasons.append(
            DomainError.of(TablesCode.PACK_DAMAGED, damaged=damaged, details={"pack": damaged})
        )
    elif not any(state == PackState.IN_PLAY for _serial, _colour, state in ready):
        reasons.append(DomainError.of(TablesCode.NO_PACK_IN_PLAY))
    last = session.last_hand_number
    if hand_number is not None and last is not None and hand_number > last:
        reasons.append(
            DomainError.of(
                TablesCode.AFTER_LAST_HAND, last=last, details={"last_hand_number": last}
            )
        )
    return PlayReadiness(reasons, croupier)


def session_ready_for_play(session: TableSession) -> list[DomainError]:
    """Why the table cannot take a hand now; empty when it can (:func:`session_readiness`)."""
    return session_readiness(session).reasons


def session_accepts_hand(session: TableSession, hand_number: int) -> list[DomainError]:
    """:func:`session_ready_for_play` plus the "last hand" announcement (CLOSE-01)."""
    return session_readiness(session, hand_number).reasons


def prep_missing(session: TableSession) -> list[str]:
    """PREP-05: which pre-opening checklists are missing (empty if done or overridden)."""
    from ..models import SessionEvent

    E = SessionEvent.Kind
    kinds = set(
        SessionEvent.objects.filter(
            session=session, kind__in=[E.PREP_PIT_BOSS, E.PREP_SUPERVISOR, E.PREP_OVERRIDE]
        ).values_list("kind", flat=True)
    )
    if E.PREP_OVERRIDE in kinds:
        return []
    return [k for k in (E.PREP_PIT_BOSS, E.PREP_SUPERVISOR) if k not in kinds]


# --- counts: the contract with the cage -------------------------------------------------


def session_opening_count(session: TableSession) -> OpeningSheet | None:
    """The opening sheet (lines: ``sheet.ordered_lines()``, one per denomination)."""
    return OpeningSheet.objects.filter(session=session).select_related("table").first()


@dataclass(frozen=True)
class CountedLines:
    """A count sheet's lines as the float reads them: chips per denomination id."""

    sheet_id: int
    counted: bool  # the sheet has been counted (``is_counted``)
    locked: bool  # signed by all (``is_locked``)
    lines: dict[int, int | None]  # a line not counted yet is None


# Every buy-in and change pays from the float (issue 43): the opening sheet and its lines
# in one statement (a sheet without lines gives one row of nulls), built once.
_OPENING_LINES = HotQuery(
    lambda session: (
        OpeningSheet.objects.filter(session_id=session)
        .order_by()
        .values_list("pk", "count_version", "locked_at", "lines__denomination_id", "lines__count")
    ),
    session=int,
)


def session_opening_lines(session: TableSession) -> CountedLines | None:
    """The opening count's lines (``session_opening_count`` as the float needs it)."""
    rows = _OPENING_LINES.all(session=session.pk)
    if not rows:
        return None
    sheet_id, version, locked_at = rows[0][:3]
    return CountedLines(
        sheet_id=sheet_id,
        counted=version > 0,
        locked=locked_at is not None,
        lines={denom: count for *_sheet, denom, count in rows if denom is not None},
    )


def session_closing_count(session: TableSession) -> ClosingSheet | None:
    return ClosingSheet.objects.filter(session=session).select_related("table").first()


def last_signed_closing(table: Table, before: datetime | None = None) -> ClosingSheet | None:
    qs = ClosingSheet.objects.filter(table=table, locked_at__isnull=False)
    if before is not None:
        qs = qs.filter(locked_at__lt=before)
    return qs.order_by("-locked_at", "-id").first()


def session_float_after_adjustments(session: TableSession) -> dict[int, int]:
    """The closing count plus the cage's fills and minus its credits, per denomination
    (OPEN-06: this is the next opening's expected float). Empty without a closing count."""
    sheet = session_closing_count(session)
    if sheet is None or not sheet.is_counted:
        return {}
    counts = {line.denomination_id: line.count or 0 for line in sheet.lines.all()}
    for denomination_id, chips in hooks.float_adjustments(session).items():
        counts[denomination_id] = counts.get(denomination_id, 0) + chips
    return counts


@dataclass(frozen=True)
class ExpectedFloat:
    """What the next opening of a table is compared with (OPEN-06, OPEN-10, OPEN-11)."""

    source: str  # OpeningSheet.ExpectedSource
    previous_closing: ClosingSheet | None
    counts: dict[int, int]  # denomination id -> chips
    par: dict[int, int] = field(default_factory=dict)


def expected_float(table: Table) -> ExpectedFloat:
    par = {p.denomination_id: p.count for p in FloatPar.objects.filter(table=table)}
    closing = last_signed_closing(table)
    if closing is not None:
        return ExpectedFloat(
            OpeningSheet.ExpectedSource.CLOSING,
            closing,
            session_float_after_adjustments(closing.session),
            par,
        )
    if par:
        return ExpectedFloat(OpeningSheet.ExpectedSource.PAR, None, dict(par), par)
    return ExpectedFloat(OpeningSheet.ExpectedSource.NONE, None, {}, par)


@dataclass(frozen=True)
class FloatNeed:
    """CLOSE-07: chips to fill (cage → table) or credit (table → cage) to bring back par."""

    denomination: Denomination
    counted: int
    par: int

    @property
    def fill(self) -> int:
        return max(0, self.par - self.counted)

    @property
    def credit(self) -> int:
        return max(0, self.counted - self.par)

    @property
    def fill_value(self) -> Decimal:
        return self.denomination.value * self.fill

    @property
    def credit_value(self) -> Decimal:
        return self.denomination.value * self.credit


def closing_float_needs(session: TableSession) -> list[FloatNeed]:
    """Per denomination, the fill or credit the closing count needs (empty before counting)."""
    sheet = session_closing_count(session)
    if sheet is None or not sheet.is_counted:
        return []
    return [
        FloatNeed(line.denomination, line.count or 0, line.par_count or 0)
        for line in sheet.ordered_lines()
    ]


# --- signing queue ----------------------------------------------------------------------


@dataclass(frozen=True)
class SheetToSign:
    kind: str  # "opening" | "closing"
    sheet: OpeningSheet | ClosingSheet
    missing_roles: list[Role]
    blockers: list[DomainError]


def sheet_roles_signed_by(role: Role) -> list[Role]:
    """The sheet signatures collected by one acting in ``role``: his own, and the
    croupier's too at the supervisor's terminal (the PIN, OQ-34)."""
    return [role, Role.CROUPIER] if role == Role.SUPERVISOR else [role]


def sheets_to_sign(casino: Casino, roles: Sequence[Role] | None = None) -> list[SheetToSign]:
    """Counted, unlocked sheets still missing a signature (of one of ``roles``, if given)."""
    out: list[SheetToSign] = []
    for kind, model in (("opening", OpeningSheet), ("closing", ClosingSheet)):
        sheets = model.objects.filter(
            casino=casino, locked_at__isnull=True, count_version__gt=0
        ).select_related("table", "session")
        for sheet in sheets:
            missing = sheet.missing_roles()
            if roles is not None:
                missing = [r for r in missing if r in roles]
            if missing:
                blockers = sheet.signing_blockers(missing[0])
                out.append(SheetToSign(kind, sheet, missing, blockers))
    return sorted(out, key=lambda s: s.sheet.created_at)


@dataclass(frozen=True)
class LogLine:
    """One line of a session's log on its page: what happened, who, to whom, when."""

    at: Any
    what: str
    by: Any
    person: str
    note: str


def session_log(session: TableSession) -> list[LogLine]:
    """The session's events, supervisor reliefs and dealer changes in the order they
    happened (issue 40: the page listed them one kind after the other)."""
    from django.utils.translation import gettext as _

    from ..models import SessionEvent

    lines = [
        LogLine(e.at, str(e.get_kind_display()), e.recorded_by, str(e.person or ""), e.note)
        for e in SessionEvent.objects.filter(session=session).select_related(
            "recorded_by", "person"
        )
    ]
    lines += [
        LogLine(
            r.at, _("Supervisor relief"), r.recorded_by, f"{r.outgoing} → {r.incoming}", r.reason
        )
        for r in session.supervisor_reliefs.select_related("outgoing", "incoming", "recorded_by")
    ]
    for c in session.dealer_changes.select_related(
        "outgoing", "incoming", "pack_out", "pack_in", "recorded_by"
    ):
        what = _("Dealer change")
        if c.pack_in:
            what += f" ({c.pack_out.serial if c.pack_out else '—'} → {c.pack_in.serial})"
        who = f"{c.outgoing or '—'} → {c.incoming}"
        lines.append(LogLine(c.at, what, c.recorded_by, who, c.handover_note))
    return sorted(lines, key=lambda line: line.at)
