"""The incremental API the hand recorder uses live at the table (BET-24, HREC-04, HREC-12).

A :class:`HandState` is an immutable snapshot of a hand in progress. Ask it whose
turn it is and what that player may do (:meth:`HandState.options`), then
:meth:`HandState.apply` one action: the result is either the next state or a
:class:`Rejected` carrying the violations (the state itself never changes).
Pots, stacks and the rake are available at any point.

It runs on the same machine as the whole-hand validator (``poker.machine``), so
live checking and after-the-fact validation cannot disagree.

Example::

    state = HandState.start(setup)          # a Hand with no actions, or some
    opts = state.options()                  # whose turn, legal amounts
    result = state.apply(Action.bet_raise(opts.player, opts.min_to))
    if isinstance(result, Rejected): ...    # show result.violations
    else: state = result
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from poker.machine import BETTING, DEALING, OVER, SHOWDOWN, VOID, Machine, PotResult, Settlement
from poker.model import Action, Hand, Variant
from poker.pots import build_pots, rake_pots
from poker.profiles import MANUAL, RuleProfile
from poker.validate import check_structure, forced_bet_violations
from poker.violations import Code, Violation, Words, make

_STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class Options:
    """What the player to act may do (BET-24). Amounts are street totals ("to")."""

    player: int
    can_fold: bool
    can_check: bool
    call_amount: int  # chips to add to call (an all-in for less included); 0 = check
    can_bet_or_raise: bool
    is_bet: bool  # True: an opening bet; False: a raise
    min_to: int | None  # smallest legal bet/raise-to (an all-in below it is still legal)
    max_to: int | None  # largest legal bet/raise-to (pot limit, fixed size, or the stack)
    all_in_to: int  # the player's whole stack as a street total
    reopened: bool  # betting is open to this player (BET-10, OQ-09)
    cap_reached: bool  # fixed limit: bet + raises used up (BET-09)
    raises_left: int | None  # fixed limit only


@dataclass(frozen=True, slots=True)
class Rejected:
    """An action the rules refuse, with the reasons (the state did not change)."""

    action: Action
    violations: tuple[Violation, ...]


class HandState:
    """An immutable snapshot of a hand being recorded."""

    __slots__ = ("_m", "_hand", "_count", "_setup_violations")

    def __init__(
        self, machine: Machine, hand: Hand, count: int, setup: tuple[Violation, ...]
    ) -> None:
        self._m = machine
        self._hand = hand
        self._count = count
        self._setup_violations = setup

    # ----------------------------------------------------------- construction
    @classmethod
    def start(cls, hand: Hand, profile: RuleProfile = MANUAL) -> HandState:
        """Start from a hand's setup (stacks, forced bets, stakes) and replay its actions.

        Raises ``ValueError`` if the setup is malformed or a recorded action is
        refused; use :func:`poker.validate.validate` to judge a finished record.
        """
        problem = check_structure(replace(hand, actions=()))
        if problem:
            raise ValueError(problem)
        setup = tuple(forced_bet_violations(hand, profile))
        state = cls(Machine.from_hand(hand, profile), replace(hand, actions=()), 0, setup)
        for action in hand.actions:
            result = state.apply(action)
            if isinstance(result, Rejected):
                raise ValueError("; ".join(v.message_en for v in result.violations))
            state = result
        return state

    # ---------------------------------------------------------------- queries
    @property
    def hand(self) -> Hand:
        """The hand so far: setup plus the actions accepted."""
        return self._hand

    @property
    def setup_violations(self) -> tuple[Violation, ...]:
        """Problems with the forced bets themselves (e.g. a straddle not allowed)."""
        return self._setup_violations

    @property
    def turn(self) -> int | None:
        """The player to act, or None (the dealer is due, or the hand is over)."""
        actor = self._m.next_actor()
        return None if actor < 0 else actor

    @property
    def dealer_due(self) -> str | None:
        """What the dealer must deal next: "hole", "flop", "turn", "river" or None."""
        m = self._m
        if m.phase == VOID or m.phase == OVER:
            return None
        if m.holes_dealt and m.holes_dealt < m.n and not m.actors:
            return "hole"
        if m.phase == DEALING:
            return _STREETS[m.street + 1]
        if m.phase == SHOWDOWN and len(m.board) < 5:
            return _STREETS[{0: 1, 3: 2, 4: 3}.get(len(m.board), 3)]
        return None

    @property
    def street(self) -> str:
        return _STREETS[self._m.street]

    @property
    def is_over(self) -> bool:
        """All actions needed are in: the hand can be settled."""
        return self._m.incomplete_reason() is None

    @property
    def is_void(self) -> bool:
        return self._m.phase == VOID

    @property
    def at_showdown(self) -> bool:
        return self._m.phase == SHOWDOWN

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind each player now (not counting bets in front of them)."""
        return tuple(self._m.stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each player's bet on the current street."""
        return tuple(self._m.bets)

    @property
    def board(self) -> tuple[int, ...]:
        return tuple(self._m.board)

    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots as they stand, main pot first: ``(amount, eligible players)`` (POT-11);
        pots carried in from a voided hand last, with their eligible players still in
        the hand (POT-09)."""
        m = self._m
        if m.phase == VOID:
            return ()
        carried = tuple(
            (pot.amount, tuple(sorted(i for i in set(pot.eligible) if not m.folded[i])))
            for pot in m.carry_in
        )
        return self._betting_pots() + carried

    def _betting_pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        m = self._m
        live = [not f for f in m.folded]
        all_in = [s == 0 for s in m.stacks]
        return tuple(build_pots(m.contrib, live, m.dead, all_in))

    def rake_preview(self) -> int:
        """The commission the pots as they stand would pay (RAKE-06); a carried-in pot
        pays none (its chips come from a void hand)."""
        m = self._m
        profile = m.profile
        if not profile.takes_rake or m.phase == VOID:
            return 0
        rakes = rake_pots(
            [amount for amount, _eligible in self._betting_pots()],
            profile.rake_bps,
            m.chip_unit,
            profile.rake_rounding,
            profile.rake_max_bps,
            profile.rake_cap,
            profile.rake_cap_scope,
        )
        total = sum(rakes)
        return total

    def settle(self) -> Settlement:
        """Pots with winners, rake, payouts and finishing stacks (HREC-06)."""
        return self._m.copy().settle()

    def showdown_order(self) -> tuple[int, ...]:
        return self._m.showdown_order()

    def options(self) -> Options | None:
        """The legal options of the player to act (BET-24), or None if nobody is to act."""
        m = self._m
        player = m.next_actor()
        if player < 0:
            return None
        cb = m.current_bet
        own = m.bets[player]
        stack = m.stacks[player]
        all_in_to = own + stack
        call = m.to_call(player)
        reopened = m.may_raise(player)
        cap = m.cap_reached()
        can_raise = (
            all_in_to > cb and (reopened or cb == 0) and not cap and m.can_anyone_call(player)
        )
        low: int | None = None
        high: int | None = None
        if can_raise:
            low, high = m.raise_bounds(player)
            low = min(low, all_in_to)
            high = min(high, all_in_to)
        raises_left = None
        if m.variant is Variant.FIXED_LIMIT:
            raises_left = max(0, m.profile.limit_cap_bets - m.raises)
        return Options(
            player=player,
            can_fold=True,
            can_check=call == 0,
            call_amount=call,
            can_bet_or_raise=can_raise,
            is_bet=cb == 0,
            min_to=low,
            max_to=high,
            all_in_to=all_in_to,
            reopened=reopened,
            cap_reached=cap,
            raises_left=raises_left,
        )

    # ---------------------------------------------------------------- actions
    def apply(self, action: Action) -> HandState | Rejected:
        """The state after ``action``, or :class:`Rejected` with the violations."""
        if type(action) is not Action:
            return Rejected(
                action,
                (
                    make(
                        Code.MALFORMED,
                        self._count,
                        detail=Words("no es una acción", "not an action"),
                    ),
                ),
            )
        m = self._m.copy()
        m.violations = []
        try:
            m.apply(action, self._count)
        except Exception as exc:  # noqa: BLE001 - bad input must come back as a violation
            return Rejected(action, (make(Code.MALFORMED, self._count, detail=str(exc)[:120]),))
        if m.violations:
            return Rejected(action, tuple(m.violations))
        hand = replace(self._hand, actions=(*self._hand.actions, action))
        return HandState(m, hand, self._count + 1, self._setup_violations)

    def __repr__(self) -> str:
        phase = {BETTING: "betting", DEALING: "dealing", SHOWDOWN: "showdown", OVER: "over"}
        return (
            f"HandState(street={self.street}, phase={phase.get(self._m.phase, 'void')}, "
            f"turn={self.turn}, stacks={self.stacks})"
        )


__all__ = ["HandState", "Options", "PotResult", "Rejected", "Settlement"]
