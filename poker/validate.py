"""Whole-hand validation: ``validate(hand, profile) -> Verdict`` (HREC-04..06, BET-24).

The validator replays a recorded hand on the same state machine the live
recorder uses (``poker.machine``) and reports, in action order, every rule the
record breaks, then computes the pots, the rake, the payouts and the finishing
stacks, and compares them with the outcome recorded in the hand, if any.

It never raises: data that cannot be a hand at all is reported as MALFORMED.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from poker.machine import VOID, Machine, PotResult, Settlement
from poker.model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CarriedPot,
    Hand,
    PotAward,
    Variant,
    VoidReason,
    slot_setter,
)
from poker.profiles import MANUAL, RuleProfile
from poker.violations import Code, Violation, Words, make

#: More actions than any real Texas hand needs; longer lists are rejected (bounded time).
MAX_ACTIONS = 5_000
#: Amounts beyond this are not chips (guards arithmetic and memory; fuzzing, issue 9).
MAX_AMOUNT = 10**18


class Status(StrEnum):
    VALID = "valid"
    INVALID = "invalid"
    VOID = "void"  # declared void (misdeal, IRREG-02/03) and recorded correctly
    SKIPPED = "skipped"  # not a Texas hand this engine judges (CLI only)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of validating one hand. Amounts are in the hand's units."""

    status: Status
    violations: tuple[Violation, ...] = ()
    pots: tuple[PotResult, ...] = ()
    rake: int = 0
    finishing_stacks: tuple[int, ...] = ()
    payouts: tuple[int, ...] = ()  # chips won from the pots, after rake
    uncalled_returned: tuple[int, ...] = ()  # bets nobody called, given back (POT-03)
    showdown_order: tuple[int, ...] = ()  # SHOW-01, OQ-23
    carry_out: tuple[CarriedPot, ...] = ()  # chips kept for the next hand (IRREG-03, POT-09)
    # Pots (settlement order) whose winners the record does not establish: no award from
    # the floor, and not every hand claiming them read (SHOW-14; paid, if at all, to the
    # best hand read, as PHH histories record it).
    unread_pots: tuple[int, ...] = ()
    # A promotion fund's drop taken from the pots, apart from the rake (issue 44 §1):
    # starting stacks = finishing stacks + rake + drop (+ carried pots). None on an
    # invalid verdict: the chips a wrong record moved are not the fund's.
    drop: int = 0

    @property
    def valid(self) -> bool:
        return self.status is Status.VALID or self.status is Status.VOID

    @property
    def winnings(self) -> tuple[int, ...]:
        """PHH ``winnings``: pots collected after rake plus uncalled bets returned."""
        return tuple(p + r for p, r in zip(self.payouts, self.uncalled_returned, strict=True))

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(v.code.value for v in self.violations)


_VERDICT_SETTERS = tuple(slot_setter(Verdict, f) for f in Verdict.__dataclass_fields__)


def _verdict(*values: object) -> Verdict:
    """``Verdict(*values)`` (all fields) built through the slots: the validator's hot path."""
    verdict: Verdict = object.__new__(Verdict)
    for setter, value in zip(_VERDICT_SETTERS, values, strict=True):
        setter(verdict, value)
    return verdict


def validate(hand: Hand, profile: RuleProfile = MANUAL) -> Verdict:
    """Judge ``hand`` by the rules of ``profile``; never raises."""
    try:
        problem = check_structure(hand)
        if problem:
            return _malformed(problem)
        return _judge(hand, profile)
    except RecursionError:
        return _malformed("data nested too deeply")
    except Exception as exc:  # noqa: BLE001 - the contract is "never raises"
        return _malformed(f"{type(exc).__name__}: {exc}"[:200])


def _malformed(detail: str) -> Verdict:
    return Verdict(Status.INVALID, (make(Code.MALFORMED, None, detail=detail),))


def _is_int(x: object) -> bool:
    return type(x) is int and -MAX_AMOUNT <= x <= MAX_AMOUNT


_INT_ONLY = {int}


def _int_tuple(value: object, n: int, name: str) -> str | None:
    if isinstance(value, tuple | list) and len(value) == n:
        if set(map(type, value)) == _INT_ONLY:
            if -MAX_AMOUNT <= min(value) and max(value) <= MAX_AMOUNT:
                return None
    if not isinstance(value, tuple | list) or len(value) != n:
        return f"{name} must list one amount per player"
    for x in value:
        if not _is_int(x):
            return f"{name} holds {x!r}, not an amount"
    return None


def check_structure(hand: Hand) -> str | None:
    """Why ``hand`` cannot be replayed at all (MALFORMED), or None."""
    if type(hand) is not Hand:
        return "not a hand"
    if is_common_case(hand):
        return None
    return _structure_problem(hand)


def is_common_case(hand: Hand) -> bool:
    """The validator's shortcut: a hand of tuples and ints that is well formed, in one
    expression. It must accept exactly the hands of tuples that ``_structure_problem``
    finds nothing wrong with (tests/poker/test_validate_whole_hands.py); anything else is
    looked at field by field for the reason.
    """
    stacks = hand.starting_stacks
    antes = hand.antes
    blinds = hand.blinds_or_straddles
    return bool(
        type(stacks) is tuple
        and type(antes) is tuple
        and type(blinds) is tuple
        and MIN_PLAYERS <= len(stacks) <= MAX_PLAYERS
        and len(antes) == len(stacks) == len(blinds)
        and type(hand.variant) is Variant
        and set(map(type, stacks)) == _INT_ONLY
        and set(map(type, antes)) == _INT_ONLY
        and set(map(type, blinds)) == _INT_ONLY
        and 0 < min(stacks)
        and max(stacks) <= MAX_AMOUNT
        and -MAX_AMOUNT <= min(antes)
        and max(antes) <= MAX_AMOUNT
        and -MAX_AMOUNT <= min(blinds)
        and max(blinds) <= MAX_AMOUNT
        and type(hand.actions) is tuple
        and len(hand.actions) <= MAX_ACTIONS
        and type(hand.chip_unit) is int
        and 0 < hand.chip_unit <= MAX_AMOUNT
        and _outcome_ok(hand.finishing_stacks, len(stacks))
        and _outcome_ok(hand.winnings, len(stacks))
        and (hand.rake is None or _is_int(hand.rake))
        and _sizes_ok(hand)
        and (hand.carry_in == () or _carry_in_problem(hand.carry_in, len(stacks)) is None)
        and (hand.forfeits == () or _players_problem(hand.forfeits, len(stacks)) is None)
        and (hand.awards == () or _awards_problem(hand.awards, len(stacks)) is None)
    )


def _outcome_ok(value: object, n: int) -> bool:
    return value is None or (
        type(value) is tuple
        and len(value) == n
        and set(map(type, value)) == _INT_ONLY
        and -MAX_AMOUNT <= min(value)
        and max(value) <= MAX_AMOUNT
    )


def _sizes_ok(hand: Hand) -> bool:
    if hand.variant is Variant.FIXED_LIMIT:
        return (
            _is_int(hand.small_bet)
            and _is_int(hand.big_bet)
            and hand.small_bet > 0  # type: ignore[operator]
            and hand.big_bet > 0  # type: ignore[operator]
        )
    return _is_int(hand.min_bet) and hand.min_bet > 0  # type: ignore[operator]


def _structure_problem(hand: Hand) -> str | None:
    if not isinstance(hand.variant, Variant):
        return f"unknown variant {hand.variant!r}"
    stacks = hand.starting_stacks
    if not isinstance(stacks, tuple | list):
        return "starting_stacks must be a list"
    n = len(stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"{n} players: a Texas hand has 2 to 10"
    for name, value in (
        ("starting_stacks", stacks),
        ("antes", hand.antes),
        ("blinds_or_straddles", hand.blinds_or_straddles),
    ):
        problem = _int_tuple(value, n, name)
        if problem:
            return problem
    if any(s <= 0 for s in stacks):
        return "every starting stack must be positive"
    if not _sizes_ok(hand):
        if hand.variant is Variant.FIXED_LIMIT:
            return "fixed limit needs positive small_bet and big_bet"
        return "min_bet must be a positive amount"
    if not _is_int(hand.chip_unit) or hand.chip_unit <= 0:
        return "chip_unit must be a positive amount"
    actions = hand.actions
    if not isinstance(actions, tuple | list):
        return "actions must be a list"
    if len(actions) > MAX_ACTIONS:
        return f"{len(actions)} actions: more than {MAX_ACTIONS}"
    for name in ("finishing_stacks", "winnings"):
        value = getattr(hand, name)
        if value is not None:
            problem = _int_tuple(value, n, name)
            if problem:
                return problem
    if hand.rake is not None and not _is_int(hand.rake):
        return "rake must be an amount"
    problem = _carry_in_problem(hand.carry_in, n)
    if problem:
        return problem
    problem = _players_problem(hand.forfeits, n)
    if problem:
        return f"forfeits: {problem}"
    problem = _awards_problem(hand.awards, n)
    if problem:
        return f"awards: {problem}"
    return None


def _awards_problem(awards: object, n: int) -> str | None:
    """Why the recorded awards cannot be read (SHOW-14), or None. Whether a pot and its
    winners fit the hand is the settlement's to judge (AWARD_INVALID)."""
    if type(awards) is not tuple or len(awards) > 2 * MAX_PLAYERS:
        return "must be a short list of pot awards"
    pots = set()
    for award in awards:
        if type(award) is not PotAward:
            return "holds something that is not a pot award"
        if type(award.pot) is not int or not 0 <= award.pot < 2 * MAX_PLAYERS:
            return f"no pot {award.pot!r}"
        if award.pot in pots:
            return f"pot {award.pot} is awarded twice"
        pots.add(award.pot)
        problem = _players_problem(award.winners, n)
        if problem or not award.winners:
            return f"winners of pot {award.pot}: {problem or 'none'}"
    return None


def _players_problem(players: object, n: int) -> str | None:
    """Why a list of player indexes is not one (distinct players of the hand), or None."""
    if type(players) is not tuple:
        return "must be a list of players"
    for i in players:
        if type(i) is not int or not 0 <= i < n:
            return f"no player {i!r}"
    if len(set(players)) != len(players):
        return "a player is listed twice"
    return None


def _carry_in_problem(carry_in: object, n: int) -> str | None:
    """Why the carried-in pots cannot be settled (POT-09), or None."""
    if type(carry_in) is not tuple or len(carry_in) > MAX_PLAYERS:
        return "carry_in must be a short list of carried pots"
    for pot in carry_in:
        if type(pot) is not CarriedPot:
            return "carry_in holds something that is not a carried pot"
        if not _is_int(pot.amount) or pot.amount <= 0:
            return f"carried pot of {pot.amount!r}: not a positive amount"
        problem = _players_problem(pot.eligible, n)
        if problem or not pot.eligible:
            return f"carried pot eligible players: {problem or 'none'}"
    return None


def forced_bet_violations(hand: Hand, profile: RuleProfile) -> list[Violation]:
    """Blinds and straddles against the house rules (GAME-05, GAME-06, OQ-01, OQ-06)."""
    blinds = hand.blinds_or_straddles
    n = len(blinds)
    if (
        n > 2
        and 0 <= blinds[0] <= blinds[1]
        and not any(blinds[2:])
        and min(hand.antes) >= 0
        and hand.variant is not Variant.FIXED_LIMIT
    ):
        return []  # the usual small and big blind, nothing else to check
    out: list[Violation] = []
    antes, blinds = hand.forced_bets()
    if any(a < 0 for a in antes):
        out.append(make(Code.BLINDS_INVALID, None, detail=Words("ante negativo", "negative ante")))
    straddles: tuple[tuple[int, int], ...] = ()
    if n == 2:
        sb, bb = blinds[1], blinds[0]  # heads-up: the button posts the small blind (OQ-32)
    else:
        sb, bb = blinds[0], blinds[1]
        straddles = tuple((i, b) for i, b in enumerate(blinds) if i >= 2 and b > 0)
    if sb < 0 or bb < 0:
        out.append(
            make(
                Code.BLINDS_INVALID,
                None,
                detail=Words("una ciega no puede ser negativa", "a blind cannot be negative"),
            )
        )
    elif sb > bb:
        out.append(
            make(
                Code.BLINDS_INVALID,
                None,
                detail=Words(
                    f"ciega pequeña {sb} mayor que la ciega grande {bb}",
                    f"small blind {sb} above big blind {bb}",
                ),
            )
        )
    if hand.variant is Variant.FIXED_LIMIT and hand.big_bet != 2 * (hand.small_bet or 0):
        out.append(
            make(
                Code.BLINDS_INVALID,
                None,
                detail=Words(
                    "la apuesta grande debe ser el doble de la pequeña (OQ-02)",
                    "the big bet must be twice the small bet (OQ-02)",
                ),
            )
        )
    for i, amount in straddles:
        if not profile.straddle_allowed:
            out.append(
                make(
                    Code.STRADDLE_NOT_ALLOWED,
                    None,
                    detail=Words(
                        f"p{i + 1} hace straddle en esta mesa", f"p{i + 1} straddles at this table"
                    ),
                )
            )
        elif i != 2 or amount != profile.straddle_multiple * bb:
            out.append(
                make(
                    Code.STRADDLE_NOT_ALLOWED,
                    None,
                    detail=Words(
                        "solo hace straddle el jugador a la izquierda de la ciega grande, "
                        f"{profile.straddle_multiple} veces la ciega grande; "
                        f"p{i + 1} puso {amount}",
                        "only the player left of the big blind straddles, "
                        f"{profile.straddle_multiple} x BB; p{i + 1} posted {amount}",
                    ),
                )
            )
    return out


def _judge(hand: Hand, profile: RuleProfile) -> Verdict:
    """Validate a structurally sound hand."""
    setup = forced_bet_violations(hand, profile)
    machine = Machine.from_hand(hand, profile)
    machine.run(hand.actions)
    violations = setup
    if machine.void_reason is VoidReason.DUPLICATE_CARD:
        # IRREG-03: the hand is void because of the duplicate: it is the cause, not an error.
        violations.extend(v for v in machine.violations if v.code is not Code.CARD_DUPLICATE)
    else:
        violations.extend(machine.violations)
    n = machine.n
    last = len(hand.actions) - 1 if hand.actions else None
    reason = None
    if machine.phase != VOID:
        if 0 < machine.holes_dealt < n:
            for i in range(n):
                if machine.hole[i] is None:
                    violations.append(
                        make(
                            Code.HOLE_CARDS_COUNT,
                            None,
                            player=i + 1,
                            detail=Words("no recibió cartas", "no cards dealt"),
                        )
                    )
        reason = machine.incomplete_reason()
        if reason:
            violations.append(make(Code.HAND_INCOMPLETE, last, detail=reason))
    mark = len(machine.violations)
    finished = machine.phase == VOID or not reason
    settlement = machine.settle(finished=finished)
    violations.extend(machine.violations[mark:])
    violations.extend(_outcome_violations(hand, machine, settlement))
    if violations and settlement.drop:
        # No drop on an invalid verdict (issue 44 §1): the figures are settled again
        # without it (the rake, the winners and the violations do not depend on it).
        mark = len(machine.violations)
        machine.profile = profile.with_overrides(fund_drop=None)
        settlement = machine.settle(finished=finished)
        del machine.violations[mark:]
    if violations:
        status = Status.INVALID
    elif machine.phase == VOID:
        status = Status.VOID
    else:
        status = Status.VALID
    return _verdict(
        status,
        tuple(violations),
        settlement.pots,
        settlement.rake,
        settlement.finishing_stacks,
        settlement.payouts,
        tuple(machine.returned) if machine.phase != VOID else (0,) * n,
        settlement.showdown_order,
        settlement.carry_out,
        tuple(machine.unread),
        settlement.drop,
    )


def _outcome_violations(hand: Hand, machine: Machine, settlement: Settlement) -> list[Violation]:
    """Compare the recorded outcome with the computed one (HREC-06, RAKE-07)."""
    out: list[Violation] = []
    unit = hand.chip_unit
    if hand.finishing_stacks is not None:
        _compare(
            out,
            Code.FINISHING_STACKS_MISMATCH,
            hand.finishing_stacks,
            settlement.finishing_stacks,
            unit,
            hand.scale,
        )
    if hand.winnings is not None:
        void = machine.phase == VOID
        winnings = tuple(
            0 if void else p + r for p, r in zip(settlement.payouts, machine.returned, strict=True)
        )
        _compare(out, Code.WINNINGS_MISMATCH, hand.winnings, winnings, unit, hand.scale)
    if hand.rake is not None and hand.rake != settlement.rake:
        out.append(
            make(
                Code.RAKE_MISMATCH,
                None,
                recorded=_fmt(hand.rake, hand.scale),
                computed=_fmt(settlement.rake, hand.scale),
            )
        )
    return out


def _compare(
    out: list[Violation],
    code: Code,
    recorded: Sequence[int],
    computed: Sequence[int],
    unit: int,
    scale: int,
) -> None:
    if unit == 1 and tuple(recorded) == tuple(computed):
        return
    for i, (r, c) in enumerate(zip(recorded, computed, strict=True)):
        if r % unit:
            # A recorded amount that is not a whole number of the smallest chip: a split
            # pot whose odd chip was halved instead of given away (POT-08).
            out.append(
                make(
                    Code.ODD_CHIP,
                    None,
                    player=i + 1,
                    recorded=_fmt(r, scale),
                    unit=_fmt(unit, scale),
                )
            )
        if r != c:
            out.append(
                make(code, None, player=i + 1, recorded=_fmt(r, scale), computed=_fmt(c, scale))
            )


def _fmt(amount: int, scale: int) -> str:
    """An amount in the file's units, exactly (``scale`` decimals)."""
    if scale <= 0:
        return str(amount)
    sign = "-" if amount < 0 else ""
    digits = str(abs(amount)).rjust(scale + 1, "0")
    return f"{sign}{digits[:-scale]}.{digits[-scale:]}"
