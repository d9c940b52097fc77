"""The book's checks of a hand: what the session's books say the hand must agree with.

The pot carried in from a void hand (:func:`carry_in`, decided before the engine judges
the hand), then, once the engine has judged it, :func:`book_checks`: the sequence of
numbers, the button, chip continuity, the seating policies and the forced bets. Each
check adds its own violations to the engine's; none refuses the hand.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db.models import Q

from tables.models import (
    AbsentPlayerPolicy,
    ForcedBets,
    NewPlayerEntry,
    SeatStatus,
    TableSettings,
)

from ... import adapter
from ...models import Hand, HandSeat, HandSource
from .book import ZERO, SessionBook
from .terms import HandTerms
from .word import violation

if TYPE_CHECKING:
    from .parse import Parsed


def book_checks(
    book: SessionBook, hand: Parsed, carried: list[adapter.ViolationData]
) -> list[adapter.ViolationData]:
    """The checks of a judged hand against the books, in the order they are stored."""
    record, number, revision_of = hand.record, hand.number, hand.revision_of
    session, settings = book.session, hand.settings
    violations: list[adapter.ViolationData] = []
    if revision_of is None:
        violations.extend(_sequence_checks(book, number))
        violations.extend(_button_check(book, record, number))
    violations.extend(_continuity_checks(book, record, number, hand.started, revision_of))
    if not session.is_tournament:  # SEAT-05/06 are the cash game's; TDA: dealt in at once
        violations.extend(_seating_checks(book, record, settings, number, revision_of))
    violations.extend(carried)
    if hand.source != HandSource.IMPORT:  # a PHH file carries its own game's forced bets
        if session.is_tournament:
            violations.extend(_level_checks(record, hand.terms))
        else:
            violations.extend(_forced_bets_checks(record, settings))
    return violations


def carry_in(
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
                violation(
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
            violation(
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
        violation(
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
            violation(
                "FORCED_BETS_MISMATCH",
                f"La mesa juega con ante de {want}; la mano puso {ante:.2f} (GAME-04).",
                f"The table plays an ante of {want}; the hand posted {ante:.2f} (GAME-04).",
                field_name="blinds.ante",
            )
        )
    small = Decimal(blinds.get("small") or 0)
    if settings.forced_bets == ForcedBets.ONE_BLIND and small:
        out.append(
            violation(
                "FORCED_BETS_MISMATCH",
                "La mesa juega con una sola ciega: la mano no pone ciega chica (GAME-04).",
                "The table plays one blind: the hand posts no small blind (GAME-04).",
                field_name="blinds.small",
            )
        )
    return out


def _sequence_checks(book: SessionBook, number: int) -> list[adapter.ViolationData]:
    """Hands out of sequence are flagged (issue 4 §4): a gap before this number."""
    if number > book.max_number + 1:
        first, last = book.max_number + 1, number - 1
        missing = f"{first}" if first == last else f"{first}–{last}"
        return [
            violation(
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
        violation(
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
    return violation(
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
                    violation(
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
                    violation(
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
                    violation(
                        "MISSED_BLINDS_NOT_POSTED",
                        f"Asiento {seat}: al volver debe poner las ciegas que perdió "
                        f"(grande {big} viva, chica {small} muerta) (SEAT-06).",
                        f"Seat {seat}: on returning must post the missed blinds (big {big} "
                        f"live, small {small} dead) (SEAT-06).",
                        field_name=f"seats[{k}].post",
                    )
                )
    return out
