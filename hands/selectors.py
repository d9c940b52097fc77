"""Reads of the hand recorder, and the seams to the tables and cage apps.

``access_*`` helpers fetch and authorise in one step (scoped to the actor's
casino). The functions in the "seams" section are the only places where the
hand recorder reads another app's records; each names the function it relies
on, so that a change in that app touches one function here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db.models import Exists, Max, OuterRef, Q, QuerySet

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.formdata import as_id
from casino.models import User
from casino.roles import Perm
from players.models import Player
from tables.models import (
    NewPlayerEntry,
    SeatStatus,
    Table,
    TableSession,
    TableSettings,
    WaitingEntry,
)
from tables.selectors.access import sector_scope
from tables.selectors.assignment import require_assigned_for
from tables.selectors.seating import SeatPlan, seat_plan

from . import adapter
from .models import (
    ButtonDraw,
    Hand,
    HandReview,
    HandSeat,
    HandStatus,
    HandViolation,
    ImportJob,
    LiveHand,
    RevalidationRun,
)

# --------------------------------------------------------------------------- seams


def session_readiness(
    session: TableSession, hand_number: int
) -> tuple[list[DomainError], User | None]:
    """Why the session cannot take hand ``hand_number`` (tables: opening signed, two
    inspected packs of different colours, a croupier on duty, not after the announced
    last hand — ``tables.selectors.sessions.session_readiness``, CLOSE-01), and the
    croupier on duty read by the same queries."""
    from tables.selectors.sessions import session_readiness as tables_session_readiness

    readiness = tables_session_readiness(session, hand_number)
    return list(readiness.reasons), readiness.croupier


def session_refusals(session: TableSession, hand_number: int) -> list[DomainError]:
    """Why the session cannot take hand ``hand_number`` (:func:`session_readiness`)."""
    return session_readiness(session, hand_number)[0]


def dealer_on_duty(session: TableSession) -> User | None:
    """The croupier dealing now (``tables.selectors.sessions.croupier_on_duty``)."""
    from tables.selectors.sessions import croupier_on_duty

    return croupier_on_duty(session)


def settings_for_hand(session: TableSession, at: datetime) -> TableSettings:
    """The settings version a hand starting at ``at`` is played under (GEN-04)."""
    from tables.selectors.sessions import settings_for_hand as tables_settings_for_hand

    return tables_settings_for_hand(session, at)


_UNIT_CACHE: dict[int, tuple[int, int]] = {}


def chip_unit_cents(table: Table) -> int:
    """The smallest active denomination of the table's chip set, in cents (GEN-05)."""
    from casino.models import Denomination

    value = (
        Denomination.objects.filter(chip_set_id=table.chip_set_id, is_active=True)
        .order_by("value")
        .values_list("value", flat=True)
        .first()
    )
    if value is None:
        return 1
    return int(Decimal(value) * 100)


def seat_movements(
    session: TableSession, since: datetime | None, until: datetime | None
) -> dict[int, Decimal]:
    """Net chips that reached each seat between two hands: buy-ins and re-buys minus the
    stack taken by a departing player (``cage.selectors.seat_movements``, HREC-08)."""
    from cage.selectors import seat_movements as cage_seat_movements

    return {
        seat: movement.net
        for seat, movement in cage_seat_movements(session, since=since, until=until).items()
    }


def seats_with_buyins(session: TableSession) -> set[int]:
    """Seats for which the cage recorded any buy-in in the session."""
    return set(seat_movements(session, None, None))


def penalised_players(session: TableSession, hand_number: int) -> set[int]:
    """Players serving a vuelta or sit-out penalty at this hand (SANC-04, SANC-13).

    Read from the sanctions ledger (``tables.selectors.sanctions.active_sanctions``);
    the hands served are counted from the hand records (:func:`hands_served`).
    """
    from tables.models import SanctionLevel
    from tables.selectors.sanctions import active_sanctions

    levels = {SanctionLevel.VUELTAS, SanctionLevel.SIT_OUT}
    out: set[int] = set()
    for effective in active_sanctions(session.casino, session=session, hand_number=hand_number):
        if effective.level in levels and effective.imposition.player_id:
            out.add(effective.imposition.player_id)
    return out


def hands_served(imposition: Any) -> int:
    """Hands a sanctioned player was dealt since the penalty started (SANC-04, OQ-16).

    Registered with ``tables.hooks.register_hands_served``: the tables app counts
    the penalty down from these hands. Original records only (a revision is the same
    hand), void hands excluded (the redeal is counted instead).
    """
    if not imposition.player_id:
        return 0
    qs = HandSeat.objects.filter(
        player_id=imposition.player_id,
        hand__revision_of__isnull=True,
        hand__casino_id=imposition.casino_id,
    ).exclude(hand__status=HandStatus.VOID)
    if imposition.session_id:
        qs = qs.filter(hand__session_id=imposition.session_id)
    elif imposition.table_id:
        qs = qs.filter(hand__table_id=imposition.table_id)
    start = imposition.starts_after_hand if imposition.starts_after_hand is not None else None
    if imposition.immediate or start is None:
        qs = qs.filter(hand__started_at__gte=imposition.at)
    else:
        qs = qs.filter(hand__number__gt=start)
    return qs.count()


# --------------------------------------------------------------------------- access


def access_hand(actor: Actor, pk: Any, perm: Perm = Perm.VIEW_HANDS) -> Hand:
    require(actor, perm)
    try:
        hand = (
            Hand.objects.select_related(
                "table",
                "session",
                "gaming_day",
                "settings",
                "dealer",
                "recorded_by",
                "verdict",
                "review",
            )
            .prefetch_related(
                "seats",
                "irregularities__decided_by",
                "corrections__revision",
                "corrections__created_by",
                "revisions",
            )
            .get(pk=int(pk), casino_id=actor.casino_id)
        )
    except (Hand.DoesNotExist, TypeError, ValueError):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Hand) from None
    require_assigned_for(actor, perm, session=hand.session)
    return hand


def access_live_hand(actor: Actor, pk: Any, perm: Perm = Perm.LOG_HAND) -> LiveHand:
    require(actor, perm)
    try:
        live = LiveHand.objects.select_related("session", "session__table").get(
            pk=int(pk), casino_id=actor.casino_id
        )
    except (LiveHand.DoesNotExist, TypeError, ValueError):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=LiveHand) from None
    require_assigned_for(actor, perm, session=live.session)
    return live


def access_import(actor: Actor, pk: Any) -> ImportJob:
    require(actor, Perm.VIEW_HANDS)
    try:
        return ImportJob.objects.select_related("session", "session__table").get(
            pk=int(pk), casino_id=actor.casino_id
        )
    except (ImportJob.DoesNotExist, TypeError, ValueError):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=ImportJob) from None


def access_revalidation(actor: Actor, pk: Any) -> RevalidationRun:
    require(actor, Perm.VIEW_HANDS)
    try:
        return RevalidationRun.objects.get(pk=int(pk), casino_id=actor.casino_id)
    except (RevalidationRun.DoesNotExist, TypeError, ValueError):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=RevalidationRun) from None


def access_waiting_entry(actor: Actor, pk: Any) -> WaitingEntry:
    require(actor, Perm.MANAGE_SEATING)
    try:
        entry = WaitingEntry.objects.select_related("table").get(
            pk=int(pk), casino_id=actor.casino_id
        )
    except (WaitingEntry.DoesNotExist, TypeError, ValueError):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=WaitingEntry) from None
    require_assigned_for(actor, Perm.MANAGE_SEATING, table=entry.table)
    return entry


# --------------------------------------------------------------------------- reads


def hands_for(actor: Actor) -> QuerySet[Hand]:
    require(actor, Perm.VIEW_HANDS)
    return Hand.objects.filter(casino_id=actor.casino_id)


def filter_hands(
    qs: QuerySet[Hand],
    *,
    table: int | None = None,
    session: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    dealer: str | None = None,
    player: str | None = None,
    status: str | None = None,
    code: str | None = None,
    unresolved: bool | None = None,
    revisions: bool = False,
) -> QuerySet[Hand]:
    """Hands by table (number), session, business date, dealer, player, status, code."""
    if not revisions:
        qs = qs.filter(revision_of__isnull=True)
    if table is not None:
        qs = qs.filter(table__number=table)
    if session is not None:
        qs = qs.filter(session_id=session)
    if date_from is not None:
        qs = qs.filter(gaming_day__business_date__gte=date_from)
    if date_to is not None:
        qs = qs.filter(gaming_day__business_date__lte=date_to)
    if dealer:
        qs = qs.filter(dealer__username=dealer)
    if player:
        seats = HandSeat.objects.filter(hand=OuterRef("pk"))
        if (player_id := as_id(player)) is not None:
            seats = seats.filter(player_id=player_id)
        else:
            seats = seats.filter(
                Q(name__icontains=player) | Q(player__display_name__icontains=player)
            )
        qs = qs.filter(Exists(seats))
    if status:
        qs = qs.filter(status=status)
    if code:
        qs = qs.filter(Exists(HandViolation.objects.filter(hand=OuterRef("pk"), code=code)))
    if unresolved is not None:
        resolved = HandReview.objects.filter(hand=OuterRef("pk"), locked_at__isnull=False)
        qs = qs.filter(status=HandStatus.INVALID)
        qs = qs.exclude(Exists(resolved)) if unresolved else qs.filter(Exists(resolved))
    return qs


def unresolved_invalid_hands(actor: Actor) -> QuerySet[Hand]:
    """Invalid hands without a signed review: the pit boss's queue (issue 4 §3)."""
    qs = filter_hands(Hand.objects.filter(casino_id=actor.casino_id), unresolved=True)
    scope = sector_scope(actor)
    if scope is not None:
        qs = qs.filter(scope)
    return qs.select_related("table").order_by("recorded_at")


@dataclass(frozen=True)
class NextHand:
    """The next hand as the table's seating plan suggests it (issue 13 §1, §3; SEAT-05).

    ``dealt_in``: the playing seats dealt into the next hand; ``waiting``: new players
    who wait by the table's entry policy (MANUAL: until the button and the blinds have
    passed; POST_BB / POST_MIN_BET: for the big blind, unless they post), with the
    reason; ``button``: one seat on from the last hand's among the seats dealt in (a
    void hand keeps it, OQ-37), the first hand's from the button draw. These are the
    rules the recorder checks (``_button_check``, ``_seating_checks``), so a hand started
    as suggested stores without a button or seating warning.
    """

    plan: SeatPlan
    button: int | None
    dealt_in: tuple[int, ...]
    waiting: dict[int, str]


def next_hand(session: TableSession) -> NextHand:
    plan = seat_plan(session)
    last = (
        Hand.objects.filter(session=session, revision_of__isnull=True)
        .order_by("-number")
        .values("button_seat", "status")
        .first()
    )
    playing = [s.number for s in plan.seats if s.status == SeatStatus.PLAYING]
    policy = session.settings.new_player_entry if session.settings_id else NewPlayerEntry.MANUAL
    # A new player waits for the blinds at a cash table (SEAT-05); at a tournament's, a
    # player drawn or moved in is dealt in at once (TDA 11).
    fresh = last and not session.is_tournament
    new = {s.number for s in plan.seats if s.hands_played == 0} if fresh else set()
    prev = last["button_seat"] if last else None
    if prev is None:
        draw = ButtonDraw.objects.filter(session=session).order_by("-at", "-id").first()
        prev_void, first = False, (draw.winner_seat if draw else None)
    else:
        prev_void, first = last is not None and last["status"] == HandStatus.VOID, None
    dealt = sorted(playing)
    waiting: dict[int, str] = {}
    while True:
        if len(dealt) < 2:
            return NextHand(plan, dealt[0] if dealt else None, tuple(dealt), waiting)
        if prev is None:
            button = first if first in dealt else dealt[0]
        else:
            button = adapter.next_button(dealt, prev, redeal=prev_void and prev in dealt)
        labels = adapter.positions(adapter.phh_order(dealt, button))
        blocked = {}
        for seat in dealt:
            if seat not in new:
                continue
            position = labels.get(seat, "")
            if policy == NewPlayerEntry.MANUAL and position in ("BU", "SB", "BB"):
                blocked[seat] = "waits_button_and_blinds"
            elif policy != NewPlayerEntry.MANUAL and position != "BB":
                blocked[seat] = "waits_big_blind"
        if not blocked:
            return NextHand(plan, button, tuple(dealt), waiting)
        waiting.update(blocked)
        dealt = [s for s in dealt if s not in blocked]


def last_hand_number(session: TableSession) -> int:
    value = Hand.objects.filter(session=session, revision_of__isnull=True).aggregate(
        n=Max("number")
    )["n"]
    return int(value or 0)


def players_by_id(casino_id: int, ids: Iterable[int]) -> dict[int, Player]:
    wanted = {int(i) for i in ids}
    if not wanted:
        return {}
    return {p.pk: p for p in Player.objects.filter(casino_id=casino_id, pk__in=wanted)}


def open_live_hand(session: TableSession) -> LiveHand | None:
    """The hand being dealt and logged at the session (a correction draft is not one)."""
    return LiveHand.objects.filter(
        session=session, status=LiveHand.Status.OPEN, corrects__isnull=True
    ).first()


# --- corrections of stored hands (issue 38 §3, HREC-09) ----------------------------------

#: A revision that counts: no pit boss's signature needed, or signed.
IN_FORCE = Q(correction_entry__approval__isnull=True) | Q(
    correction_entry__approval__locked_at__isnull=False
)


def revisions_in_force(qs: QuerySet[Hand]) -> QuerySet[Hand]:
    """Hands that count: originals, and revisions not waiting for the pit boss's signature."""
    return qs.filter(Q(revision_of__isnull=True) | IN_FORCE)


def record_in_force(hand: Hand) -> Hand:
    """The version of a hand that counts now: its latest revision in force, else itself."""
    original = hand.revision_of or hand
    latest = revisions_in_force(original.revisions.all()).order_by("-id").first()
    return latest or original


def next_hand_started(hand: Hand) -> bool:
    """Whether a later hand of the session was stored or is being dealt (HREC-09: a
    correction after that needs the pit boss's signature before it counts)."""
    later = Hand.objects.filter(
        session_id=hand.session_id, number__gt=hand.number, revision_of__isnull=True
    )
    dealing = LiveHand.objects.filter(
        session_id=hand.session_id, status=LiveHand.Status.OPEN, corrects__isnull=True
    )
    return later.exists() or dealing.exists()


def sessions_dealt_since(session_ids: Iterable[int], since: datetime) -> set[int]:
    """The sessions among ``session_ids`` that stored a hand (an original, not void: a
    misdeal is dealt again) after ``since`` (issue 42: a hand-for-hand round, TDA RP-8)."""
    return set(
        Hand.objects.filter(
            session_id__in=list(session_ids), revision_of__isnull=True, recorded_at__gt=since
        )
        .exclude(status=HandStatus.VOID)
        .values_list("session_id", flat=True)
        .distinct()
    )


def hand_rake_postings(hand: Hand) -> list[Any]:
    """The hand's rake postings in the table's rake box not reversed (RAKE-08)."""
    from cage.models import RakeEntry

    entries = list(RakeEntry.objects.filter(session_id=hand.session_id, hand_number=hand.number))
    reversed_ids = {e.reverses_id for e in entries if e.sign == -1}
    return [e for e in entries if e.sign == 1 and e.pk not in reversed_ids]


def later_continuity(revision: Hand) -> list[dict[str, Any]]:
    """HREC-08 again after a correction: for each seat of the revision, the next hand of the
    session it was dealt in must start with what the revision leaves it plus what the cage
    recorded in between. The differences, seat by seat (later hands are not changed: they
    are flagged)."""
    seats = {s.seat: s.finishing_stack for s in revision.seats.all()}
    later = (
        revisions_in_force(
            Hand.objects.filter(session_id=revision.session_id, number__gt=revision.number)
        )
        .order_by("number", "-id")
        .prefetch_related("seats")
    )
    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    numbers: set[int] = set()
    for hand in later:
        if hand.number in numbers:
            continue  # an older version of a hand already read
        numbers.add(hand.number)
        moved: dict[int, Decimal] | None = None
        for row in hand.seats.all():
            if row.seat not in seats or row.seat in seen:
                continue
            seen.add(row.seat)
            if moved is None:
                moved = seat_movements(revision.session, revision.ended_at, hand.started_at)
            expected = seats[row.seat] + moved.get(row.seat, Decimal("0"))
            if row.starting_stack != expected:
                out.append(
                    {
                        "hand": hand.pk,
                        "number": hand.number,
                        "seat": row.seat,
                        "starts": str(row.starting_stack),
                        "expected": str(expected),
                        "difference": str(row.starting_stack - expected),
                    }
                )
        if len(seen) == len(seats):
            break
    return out


def corrections_to_sign(actor: Actor) -> QuerySet[Any]:
    """Corrections of closed hands waiting for the pit boss's signature (his Por firmar)."""
    from .models import HandRevisionApproval

    if not actor.can(Perm.REVIEW_HAND):
        return HandRevisionApproval.objects.none()
    qs = HandRevisionApproval.objects.filter(
        casino_id=actor.casino_id, locked_at__isnull=True
    ).select_related("hand__table", "correction__created_by", "correction__revision")
    scope = sector_scope(actor, "hand__table")
    if scope is not None:
        qs = qs.filter(scope).distinct()
    return qs.order_by("created_at")
