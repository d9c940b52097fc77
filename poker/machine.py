"""The betting state machine for no-limit, pot-limit and fixed-limit Texas Hold'em.

One machine serves both users of the engine (one way to do each thing):

* the whole-hand validator (``poker.validate``) feeds it every recorded action
  and collects the violations; after a violation it carries on where that is
  meaningful (see ``_resync``) so that later checks still mean something;
* the live hand recorder (``poker.state.HandState``, BET-24, HREC-04) asks it
  whose turn it is and what is legal, and applies one action at a time.

The machine is mutable and written for speed: plain ints and lists, a bit
mask of the players who still have to act, no objects created per action
unless a rule is broken. Players are indexed in PHH order (0 = first left of
the button, last = button).

Rules implemented, by requirement:

* forced bets: antes are dead money (OQ-33); blinds, heads-up reversed
  (OQ-32); a straddle of 2 x BB by the player left of the big blind acts last
  pre-flop and sets the minimum raise to another straddle (GAME-06, OQ-06);
* order of action pre-flop and post-flop (GAME-08, GAME-09), check only when
  nothing is owed (BET-05), the big blind's option (GAME-08);
* minimum bet = big blind (BET-04), minimum raise = last full increment
  (BET-06), pot-limit maximum (BET-07), fixed-limit sizes and cap (BET-08,
  BET-09, OQ-03), short all-ins and re-opening (BET-10, OQ-09), table stakes
  (BET-11), uncalled bets returned (POT-03);
* dead hands (DEAD-01, RUL-30) and void hands (MISDEAL-03, IRREG-02, IRREG-03);
* showdown: order (SHOW-01, OQ-23), cards speak (SHOW-04), mucked hands never
  win (SHOW-03, OQ-48), pots settled separately, side pots first (POT-07,
  SHOW-08), odd chips (POT-08), rake (RAKE-01..07);
* a pot carried over from a voided hand (IRREG-03, POT-09, RUL-34): settled as
  a separate pot open only to its eligible players, and the chips of players
  who knew of two identical cards kept for the next hand when a hand is void.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from poker.evaluator import evaluate7
from poker.fund_drop import PotFacts, drop_of
from poker.model import (
    INVALID_CARD,
    UNKNOWN_CARD,
    Action,
    ActionKind,
    CarriedPot,
    Hand,
    PotAward,
    Variant,
    VoidReason,
)
from poker.pots import build_pots, rake_pots, split_pot
from poker.profiles import MANUAL, RuleProfile, ShortAllInReopen
from poker.violations import Code, Violation, Words, make

# Phases of a hand.
BETTING = 0  # a betting round is open
DEALING = 1  # the round is closed; the next board cards are due
SHOWDOWN = 2  # no more betting: board run-out (if any) and show or muck
OVER = 3  # everybody else folded: one player left
VOID = 4  # declared void: every chip returned

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_CC = ActionKind.CHECK_OR_CALL
_CBR = ActionKind.BET_RAISE
_DEAL_HOLE = ActionKind.DEAL_HOLE
_DEAL_BOARD = ActionKind.DEAL_BOARD
_SHOW = ActionKind.SHOW
_MUCK = ActionKind.MUCK
_DEAD = ActionKind.DEAD
_VOID = ActionKind.VOID
_NOOP = ActionKind.NOOP
_FIXED = Variant.FIXED_LIMIT
_POT = Variant.POT_LIMIT

_STREET_NAMES = ("pre-flop", "flop", "turn", "river")
_BOARD_AFTER = (0, 3, 4, 5)  # board cards on the table during each street
_CARD_NAMES = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")


@dataclass(frozen=True, slots=True)
class PotResult:
    """One settled pot (POT-11, HREC-06)."""

    amount: int  # chips in the pot before the rake
    eligible: tuple[int, ...]
    rake: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]  # per winner, after the rake and the drop
    odd_chips: tuple[int, ...]  # winners who received an odd chip
    carried: bool = False  # a pot carried in from a voided hand (POT-09)
    drop: int = 0  # a promotion fund's drop taken from this pot (issue 44), apart from the rake


@dataclass(frozen=True, slots=True)
class Settlement:
    pots: tuple[PotResult, ...]
    rake: int
    payouts: tuple[int, ...]  # chips won from pots, per player
    finishing_stacks: tuple[int, ...]
    showdown_order: tuple[int, ...]
    carry_out: tuple[CarriedPot, ...] = ()  # chips kept for the next hand (IRREG-03)
    drop: int = 0  # a promotion fund's drop, taken from the pots apart from the rake (issue 44)


_new = object.__new__
_POT_SETTERS = tuple(getattr(PotResult, f).__set__ for f in PotResult.__dataclass_fields__)
_SETTLEMENT_SETTERS = tuple(getattr(Settlement, f).__set__ for f in Settlement.__dataclass_fields__)


def _pot(
    amount: int,
    eligible: tuple[int, ...],
    rake: int,
    winners: tuple[int, ...],
    shares: tuple[int, ...],
    odd_chips: tuple[int, ...],
    carried: bool = False,
    drop: int = 0,
) -> PotResult:
    """``PotResult(...)`` built through the slots (faster than the frozen __init__)."""
    pot: PotResult = _new(PotResult)
    s_amount, s_eligible, s_rake, s_winners, s_shares, s_odd, s_carried, s_drop = _POT_SETTERS
    s_amount(pot, amount)
    s_eligible(pot, eligible)
    s_rake(pot, rake)
    s_winners(pot, winners)
    s_shares(pot, shares)
    s_odd(pot, odd_chips)
    s_carried(pot, carried)
    s_drop(pot, drop)
    return pot


def _settlement(
    pots: tuple[PotResult, ...],
    rake: int,
    payouts: tuple[int, ...],
    finishing: tuple[int, ...],
    order: tuple[int, ...],
    carry_out: tuple[CarriedPot, ...] = (),
    drop: int = 0,
) -> Settlement:
    settlement: Settlement = _new(Settlement)
    s_pots, s_rake, s_payouts, s_finishing, s_order, s_carry, s_drop = _SETTLEMENT_SETTERS
    s_pots(settlement, pots)
    s_rake(settlement, rake)
    s_payouts(settlement, payouts)
    s_finishing(settlement, finishing)
    s_order(settlement, order)
    s_carry(settlement, carry_out)
    s_drop(settlement, drop)
    return settlement


def _big_blind_ante_seat(antes: Sequence[int], blinds: Sequence[int]) -> int:
    """The player who posts a single-payer ante (a big-blind ante: the big blind antes for
    the table, nobody else does), or -1. In a tournament a big blind too short for both
    posts the blind first and the ante from what is left (TDA 2024, RP-11:
    "big-blind-first calculation"); any other ante is still taken first (OQ-33)."""
    payers = [i for i, a in enumerate(antes) if a > 0]
    if len(payers) != 1 or len(antes) < 2:
        return -1
    big = 1 if blinds[1] >= blinds[0] else 0  # heads-up the forced bets arrive reversed
    return big if payers[0] == big and blinds[big] > 0 else -1


def _post_forced_bets(
    starting_stacks: Sequence[int], antes: Sequence[int], blinds: Sequence[int], bba: int
) -> tuple[list[int], list[int], int, int, int]:
    """Antes and blinds (straddles, live posts) taken from the stacks: the stacks left,
    the bets posted, the dead money, the seat that posts the largest blind or straddle,
    and the straddle (0 if none). ``bba``: the big-blind-ante seat, or -1."""
    n = len(starting_stacks)
    stacks = list(starting_stacks)
    bets = [0] * n
    dead = 0
    # Pre-flop the first to act follows the largest blind or straddle (GAME-08, GAME-06);
    # live posts (negative entries) do not move the order. Ties go to the later seat.
    top = n - 1
    top_key = -1
    straddle = 0
    for i in range(n):
        s = stacks[i]
        a = antes[i]
        if i == bba:  # TDA 2024 RP-11: a big-blind ante is paid from what the blind leaves
            a = min(a, max(0, s - blinds[i]))
        if a > 0:  # antes first: dead money (OQ-33)
            if a > s:
                a = s
            s -= a
            dead += a
        b = blinds[i]
        key = 0
        if b:  # blinds, straddles, live posts (negative entries)
            posted = -b if b < 0 else b
            if posted > s:
                posted = s
            s -= posted
            bets[i] = posted
            if b > 0:
                key = posted
                if i >= 2 and posted > straddle and n > 2:
                    straddle = posted
        if key >= top_key:
            top = i
            top_key = key
        stacks[i] = s
    return stacks, bets, dead, top, straddle


class Machine:
    """Mutable state of one hand. Build with :meth:`from_hand` or the constructor."""

    __slots__ = (
        "variant",
        "profile",
        "n",
        "starting",
        "stacks",
        "bets",
        "contrib",
        "dead",
        "total",
        "folded",
        "live_count",
        "street",
        "phase",
        "pending",
        "actor",
        "current_bet",
        "last_inc",
        "min_bet",
        "small_bet",
        "big_bet",
        "chip_unit",
        "aggressor",
        "aggr_level",
        "short_in_round",
        "short_lock",
        "raises",
        "round_aggr",
        "final_aggr",
        "round_acted",
        "board",
        "hole",
        "holes_dealt",
        "next_hole",
        "shown",
        "mucked",
        "muck_order",
        "seen",
        "returned",
        "actors",
        "void_reason",
        "violations",
        "index",
        "straddle",
        "carry_in",
        "forfeits",
        "awards",
        "unread",
    )

    def __init__(
        self,
        variant: Variant,
        starting_stacks: Sequence[int],
        antes: Sequence[int],
        blinds_or_straddles: Sequence[int],
        *,
        min_bet: int | None = None,
        small_bet: int | None = None,
        big_bet: int | None = None,
        chip_unit: int = 1,
        profile: RuleProfile = MANUAL,
        carry_in: Sequence[CarriedPot] = (),
        forfeits: Sequence[int] = (),
        awards: Sequence[PotAward] = (),
    ) -> None:
        n = len(starting_stacks)
        self.variant = variant
        self.profile = profile
        self.n = n
        self.starting = tuple(starting_stacks)
        # POT-09: pots carried in from a voided hand, apart from this hand's betting (they
        # are not part of the pot a pot-limit raise is measured on). IRREG-03: players
        # whose chips are kept for the next hand if this hand is void.
        self.carry_in = tuple(carry_in)
        self.forfeits = tuple(forfeits)
        # SHOW-14, HREC-06: the pots' winners as the floor recorded them (pot -> players).
        self.awards: dict[int, tuple[int, ...]] = {a.pot: tuple(a.winners) for a in awards}
        self.unread: list[int] = []  # filled by ``settle`` (see ``_awarded``)
        self.violations: list[Violation] = []
        self.index = -1  # the action being applied, for violation reports
        self.chip_unit = chip_unit if chip_unit > 0 else 1
        self._set_bet_sizes(variant, min_bet, small_bet, big_bet)
        # PHH reverse-assigns forced bets heads-up (OQ-32: the button posts the small blind).
        if n == 2:
            antes = tuple(antes)[::-1]
            blinds_or_straddles = tuple(blinds_or_straddles)[::-1]
        bba = _big_blind_ante_seat(antes, blinds_or_straddles) if profile.tournament else -1
        stacks, bets, dead, top, straddle = _post_forced_bets(
            starting_stacks, antes, blinds_or_straddles, bba
        )
        self.stacks = stacks
        self.bets = bets
        self.contrib = bets[:]
        self.dead = dead
        self.total = dead + sum(bets)
        self._set_nothing_dealt(n)
        self.straddle = straddle
        current = max(bets) if n else 0
        self.current_bet = current
        # Minimum raise increment pre-flop: the big blind, or the straddle (OQ-06).
        self.last_inc = max(self.min_bet, straddle)
        # Fixed limit: the big blind counts as the bet, a straddle as a raise (OQ-03).
        self.raises = (1 if current > 0 else 0) + (1 if straddle > 0 else 0)
        self._begin_round(first=(top + 1) % n if n else 0)

    def _set_nothing_dealt(self, n: int) -> None:
        """The hand before any card or voluntary action: pre-flop betting, all live."""
        self.folded = [False] * n
        self.live_count = n
        self.street = 0
        self.phase = BETTING
        self.returned = [0] * n
        self.board: list[int] = []
        self.hole: list[tuple[int, ...] | None] = [None] * n
        self.holes_dealt = 0
        self.next_hole = 0
        self.shown: list[tuple[int, ...] | None] = [None] * n
        self.mucked = [False] * n
        self.muck_order: list[int] = []
        self.seen = 0  # bit mask of the known cards seen so far (duplicates)
        self.actors = 0  # players who have acted voluntarily (misdeal rule, MISDEAL-03)
        self.void_reason: VoidReason | None = None
        self.final_aggr = -1

    def _set_bet_sizes(
        self, variant: Variant, min_bet: int | None, small_bet: int | None, big_bet: int | None
    ) -> None:
        """Fixed limit: the small and big bets (the minimum is the small bet); otherwise the
        minimum bet, which also stands for both."""
        if variant is Variant.FIXED_LIMIT:
            self.small_bet = small_bet or 0
            self.big_bet = big_bet or 0
            self.min_bet = self.small_bet
        else:
            self.min_bet = min_bet or 0
            self.small_bet = self.big_bet = self.min_bet

    # ------------------------------------------------------------------ setup
    @classmethod
    def from_hand(cls, hand: Hand, profile: RuleProfile = MANUAL) -> Machine:
        return cls(
            hand.variant,
            hand.starting_stacks,
            hand.antes,
            hand.blinds_or_straddles,
            min_bet=hand.min_bet,
            small_bet=hand.small_bet,
            big_bet=hand.big_bet,
            chip_unit=hand.chip_unit,
            profile=profile,
            carry_in=hand.carry_in,
            forfeits=hand.forfeits,
            awards=hand.awards,
        )

    def copy(self) -> Machine:
        other = Machine.__new__(Machine)
        for name in Machine.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = value[:]
            setattr(other, name, value)
        return other

    def _begin_round(self, first: int) -> None:
        """Open a betting round; ``first`` is the seat where the search for the actor starts.

        A player acts only if he could still lose chips: somebody else live must be
        able to put in more than he has already bet (as PokerKit's effective stack).
        """
        stacks = self.stacks
        bets = self.bets
        folded = self.folded
        n = self.n
        top = second = 0
        for i in range(n):
            if not folded[i]:
                t = stacks[i] + bets[i]
                if t > top:
                    top, second = t, top
                elif t > second:
                    second = t
        mask = 0
        for i in range(n):
            if not folded[i] and stacks[i] > 0 and second > bets[i]:
                mask |= 1 << i
        self.pending = mask
        self.aggressor = -1
        self.aggr_level = 0
        self.short_in_round = False
        self.short_lock = False
        self.round_aggr = -1
        self.round_acted = False
        self.phase = BETTING
        if mask:
            self._advance(first)
        else:
            self.actor = -1
            self._close_round()

    def _advance(self, start: int) -> None:
        """Set ``actor`` to the first player still due, clockwise from seat ``start``."""
        pending = self.pending
        if not pending:
            self.actor = -1
            return
        n = self.n
        i = start if start < n else 0
        while not pending >> i & 1:
            i += 1
            if i >= n:
                i = 0
        self.actor = i

    # ---------------------------------------------------------------- queries
    def next_actor(self) -> int:
        """The player to act, or -1 when no player is due (dealer's turn or hand over)."""
        return self.actor if self.phase == BETTING else -1

    def to_call(self, player: int) -> int:
        owed = self.current_bet - self.bets[player]
        stack = self.stacks[player]
        return owed if owed < stack else stack

    def may_raise(self, player: int) -> bool:
        """Whether betting is open to ``player`` (BET-10, OQ-09): the re-opening rule only."""
        if self.short_lock:
            return False
        if player == self.aggressor:
            # Only the last aggressor is barred after a short all-in, unless the short
            # all-ins since his bet add up to a full raise (seed 000 §7.4(10)(c)).
            return self.current_bet - self.aggr_level >= self._full_increment()
        return True

    def _full_increment(self) -> int:
        if self.variant is Variant.FIXED_LIMIT:
            return self.small_bet if self.street < 2 else self.big_bet
        return self.last_inc if self.last_inc > self.min_bet else self.min_bet

    def cap_reached(self) -> bool:
        if self.variant is not Variant.FIXED_LIMIT:
            return False
        profile = self.profile
        if profile.limit_cap_heads_up_unlimited and self.live_count == 2:
            return False
        return self.raises >= profile.limit_cap_bets

    def can_anyone_call(self, player: int) -> bool:
        """Whether some other live player has chips beyond the current bet."""
        cb = self.current_bet
        stacks = self.stacks
        bets = self.bets
        folded = self.folded
        for i in range(self.n):
            if i != player and not folded[i] and stacks[i] + bets[i] > cb:
                return True
        return False

    def raise_bounds(self, player: int) -> tuple[int, int]:
        """``(minimum, maximum)`` bet-or-raise-to amounts for ``player``, ignoring all-in."""
        cb = self.current_bet
        if self.variant is Variant.FIXED_LIMIT:
            size = self.small_bet if self.street < 2 else self.big_bet
            return cb + size, cb + size
        low = cb + self._full_increment() if cb else self.min_bet
        if self.variant is Variant.POT_LIMIT:
            high = 2 * cb - self.bets[player] + self.total
            return low, high if high > low else low
        return low, self.stacks[player] + self.bets[player]

    def pot_total(self) -> int:
        """All chips in the middle: pots plus the bets of the current round."""
        return self.total

    # ------------------------------------------------------------- violations
    def _flag(self, code: Code, **details: object) -> None:
        self.violations.append(make(code, self.index if self.index >= 0 else None, **details))

    # ---------------------------------------------------------------- actions
    def apply(self, action: Action, index: int) -> None:
        """Apply one recorded action; rule breaks are appended to ``violations``."""
        self.index = index
        kind = action.kind
        phase = self.phase
        if kind <= _CC or kind == _CBR:  # betting actions and deals
            if kind == _DEAL_HOLE:
                self._deal_hole(action)
                return
            if kind == _DEAL_BOARD:
                self._deal_board(action)
                return
            if phase != BETTING:
                self._betting_out_of_phase(action)
                if self.phase != BETTING:
                    return
            player = action.player
            if player != self.actor and not self._resync(player):
                return
            self.actors |= 1 << player
            self.round_acted = True
            if kind == _FOLD:
                self._fold(player)
            elif kind == _CBR:
                self._bet_raise(player, action.amount)
            else:
                self._check_call(player, kind)
            return
        if kind == _SHOW or kind == _MUCK:
            self._show_muck(action)
        elif kind == _DEAD:
            self._dead(action.player)
        elif kind == _VOID:
            self._void(action.reason)
        elif kind != _NOOP:
            self._flag(
                Code.MALFORMED,
                detail=Words(
                    f"tipo de acción desconocido {kind!r}", f"unknown action kind {kind!r}"
                ),
            )

    def run(self, actions: Sequence[Action], start: int = 0) -> None:
        """Apply ``actions`` in order (indices from ``start``): the validator's hot loop.

        The common cases (cards dealt in order, fold / check / call in turn) are
        handled by the quick steps below; everything else goes through :meth:`apply`,
        so the rules live in one place. Entries that are not actions are MALFORMED.
        """
        action_type = Action
        apply = self.apply
        quick_hole, quick_pass = self._quick_hole, self._quick_pass
        quick_board, quick_show = self._quick_board, self._quick_show
        deal_hole, deal_board, show = _DEAL_HOLE, _DEAL_BOARD, _SHOW
        cc, fold, cbr = _CC, _FOLD, _CBR
        index = start - 1
        for a in actions:
            index += 1
            try:
                if type(a) is not action_type:
                    self.index = index
                    self._flag(Code.MALFORMED, detail=Words("no es una acción", "not an action"))
                    continue
                kind = a.kind
                if kind is deal_hole:
                    if quick_hole(a.player, a.cards):
                        continue
                elif kind is cc or kind is fold:
                    if quick_pass(a.player, kind is fold):
                        continue
                elif kind is cbr:
                    p = a.player
                    if p == self.actor and p >= 0:
                        self.index = index
                        self.actors |= 1 << p
                        self.round_acted = True
                        self._bet_raise(p, a.amount)
                        continue
                elif kind is deal_board:
                    if self.phase == DEALING and quick_board(a.cards):
                        continue
                elif kind is show:
                    if self.phase == SHOWDOWN and quick_show(a.player, a.cards):
                        continue
                apply(a, index)
            except Exception as exc:  # noqa: BLE001 - a malformed entry: report, go on
                self.index = index
                self._flag(Code.MALFORMED, detail=f"{type(exc).__name__}: {exc}"[:120])

    def _quick_hole(self, p: int, cards: tuple[int, ...]) -> bool:
        """Hole cards dealt in order, before any betting, to a player not dealt yet (after
        a deal out of order, the next in order may already hold cards): taken, True; any
        other deal is left to :meth:`apply` (False)."""
        hole = self.hole
        if not (
            p == self.next_hole
            and len(cards) == 2
            and not self.actors
            and 0 <= p < self.n
            and hole[p] is None
        ):
            return False
        c0, c1 = cards
        if 0 <= c0 < 52 and 0 <= c1 < 52:
            bits = (1 << c0) | (1 << c1)
            if c0 != c1 and not self.seen & bits:
                self.seen |= bits
                hole[p] = cards
                self.holes_dealt += 1
                self.next_hole = p + 1
                return True
        elif c0 == UNKNOWN_CARD and c1 == UNKNOWN_CARD:
            hole[p] = cards
            self.holes_dealt += 1
            self.next_hole = p + 1
            return True
        return False

    def _quick_pass(self, p: int, fold: bool) -> bool:
        """A fold, check or call by the player to act: taken, True (False: not in turn, so
        left to :meth:`apply`). A call puts in what is owed, at most the stack."""
        if p != self.actor or p < 0:  # actor is -1 outside a betting round
            return False
        bit = 1 << p
        self.actors |= bit
        self.round_acted = True
        pending = self.pending & ~bit
        self.pending = pending
        if fold:
            self.folded[p] = True
            self.live_count -= 1
            if self.live_count == 1:
                self._end_by_folds()
                return True
        else:
            bets = self.bets
            owed = self.current_bet - bets[p]
            if owed > 0:
                stacks = self.stacks
                stack = stacks[p]
                if owed > stack:
                    owed = stack
                stacks[p] = stack - owed
                bets[p] += owed
                self.contrib[p] += owed
                self.total += owed
        if pending:
            n = self.n
            i = p + 1
            while True:
                if i >= n:
                    i = 0
                if pending >> i & 1:
                    break
                i += 1
            self.actor = i
        else:
            self._close_round()
        return True

    def _quick_board(self, cards: tuple[int, ...]) -> bool:
        """The flop, turn or river dealt when due, every card known and unseen: taken,
        True; anything else is left to :meth:`apply` (False)."""
        board = self.board
        if len(cards) == (3 if not board else 1) and len(board) < 5:
            bits = 0
            for c in cards:
                if type(c) is not int or not 0 <= c < 52:
                    return False
                bits |= 1 << c
            if bits.bit_count() == len(cards) and not self.seen & bits:
                self.seen |= bits
                board.extend(cards)
                self._next_street()
                return True
        return False

    def _quick_show(self, p: int, cards: tuple[int, ...]) -> bool:
        """A live player at the showdown shows the known hole cards dealt (or says no
        cards): taken, True; anything else is left to :meth:`apply` (False)."""
        if not (0 <= p < self.n and not self.folded[p]):
            return False
        dealt = self.hole[p]
        if (
            dealt is not None
            and len(dealt) == 2
            and (not cards or cards == dealt)
            and self.shown[p] is None
            and not self.mucked[p]
            and 0 <= dealt[0] < 52
            and 0 <= dealt[1] < 52
        ):
            self.shown[p] = dealt
            return True
        return False

    def _betting_out_of_phase(self, action: Action) -> None:
        p = action.player + 1
        phase = self.phase
        if phase == DEALING:
            street = _STREET_NAMES[self.street + 1]
            self._flag(
                Code.BOARD_COUNT,
                detail=Words(
                    f"no se repartió el {street} antes de que actuara p{p}",
                    f"the {street} was not dealt before p{p} acted",
                ),
            )
            # Carry on as if the missing cards had been dealt face down.
            self._start_street(self.street + 1, (UNKNOWN_CARD,) * (3 if self.street == 0 else 1))
            return
        detail = {
            SHOWDOWN: Words(
                f"p{p} actúa terminadas las apuestas", f"p{p} acts after the betting is over"
            ),
            OVER: Words(
                f"p{p} actúa cuando todos los demás ya se retiraron",
                f"p{p} acts after everybody else folded",
            ),
            VOID: Words(
                f"p{p} actúa después de anulada la mano",
                f"p{p} acts after the hand was declared void",
            ),
        }.get(phase, Words("", ""))
        self._flag(Code.ACTION_AFTER_END, detail=detail)

    def _resync(self, player: int) -> bool:
        """Handle an action by somebody who is not next; True if it can still be applied.

        Strict replay (unlike PokerKit, which fills in missing actions): the
        history is flagged OUT_OF_TURN. To keep checking the rest of the hand,
        the players who were skipped are then taken to have folded when they
        owed chips and to have checked otherwise, and the action is applied.
        """
        n = self.n
        if not 0 <= player < n:
            self._flag(
                Code.MALFORMED,
                detail=Words(f"no hay jugador p{player + 1}", f"no player p{player + 1}"),
            )
            return False
        expected = self.actor
        self._flag(Code.OUT_OF_TURN, expected=expected + 1, player=player + 1)
        if not self.pending >> player & 1:
            return False  # folded, all-in or nothing to answer: ignore the action
        i = expected
        while i != player:
            if self.pending >> i & 1:
                if self.bets[i] < self.current_bet:
                    self._fold(i)
                else:
                    self.pending &= ~(1 << i)
            i = i + 1 if i + 1 < n else 0
        if self.phase != BETTING:
            return False
        self.actor = player
        return True

    def _fold(self, player: int) -> None:
        self.folded[player] = True
        self.live_count -= 1
        self.pending &= ~(1 << player)
        if self.live_count == 1:
            self._end_by_folds()
        elif not self.pending:
            self._close_round()
        else:
            self._advance(player + 1)

    def _check_call(self, player: int, kind: ActionKind) -> None:
        bets = self.bets
        owed = self.current_bet - bets[player]
        if owed > 0:
            if kind == _CHECK:
                self._flag(Code.CHECK_NOT_ALLOWED, player=player + 1, to_call=self.to_call(player))
            stack = self.stacks[player]
            if owed > stack:
                owed = stack  # all-in for less (BET-11)
            self.stacks[player] = stack - owed
            bets[player] += owed
            self.contrib[player] += owed
            self.total += owed
        elif kind == _CALL:
            self._flag(Code.CALL_NOT_ALLOWED, player=player + 1)
        self.pending &= ~(1 << player)
        if not self.pending:
            self._close_round()
        else:
            self._advance(player + 1)

    def _bet_raise(self, player: int, amount: int) -> None:
        bets = self.bets
        stacks = self.stacks
        cb = self.current_bet
        own = bets[player]
        stack = stacks[player]
        available = stack + own
        if amount > available:
            self._flag(Code.EXCEEDS_STACK, player=player + 1, amount=amount, available=available)
            amount = available
        if amount <= cb:
            # Not a bet or raise at all: report it and read it as a call.
            # All-in or not: a call for less recorded as a raise is still no raise.
            if cb == 0:
                self._flag(Code.BET_BELOW_MINIMUM, amount=amount, minimum=self.min_bet)
            else:
                self._flag(
                    Code.RAISE_BELOW_MINIMUM, amount=amount, minimum=self.raise_bounds(player)[0]
                )
            self._check_call(player, _CALL if cb > own else _CHECK)
            return
        all_in = amount == available
        increment = amount - cb
        variant = self.variant
        if variant is _FIXED:
            full = self.small_bet if self.street < 2 else self.big_bet
            expected = cb + full
            if amount != expected and not (all_in and amount < expected):
                self._flag(Code.LIMIT_SIZE, expected=expected, amount=amount)
            if self.cap_reached():
                self._flag(Code.RAISE_CAP, cap=self.profile.limit_cap_bets)
        else:
            last = self.last_inc
            min_bet = self.min_bet
            full = last if last > min_bet else min_bet
            if increment < full and not all_in:
                if cb == 0:
                    self._flag(Code.BET_BELOW_MINIMUM, amount=amount, minimum=full)
                else:
                    self._flag(Code.RAISE_BELOW_MINIMUM, amount=amount, minimum=cb + full)
            if variant is _POT:
                high = 2 * cb - own + self.total  # BET-07: call + (pot + bets + call)
                if high < cb + full:
                    high = cb + full
                if amount > high:
                    self._flag(Code.RAISE_ABOVE_POT, amount=amount, maximum=high)
        if cb and (self.short_lock or player == self.aggressor) and not self.may_raise(player):
            self._flag(Code.ACTION_NOT_REOPENED, player=player + 1)
        unit = self.chip_unit
        if unit > 1 and amount % unit and not all_in:
            self._flag(Code.AMOUNT_NOT_CHIP_MULTIPLE, amount=amount, unit=unit)
        # Everybody else still holding chips must answer the new bet. A raise nobody can
        # call is not offered (options) but not an error either: seed 000 §8.5 has
        # C all-in over two all-in players, and the unmatched chips simply go back.
        mask = 0
        folded = self.folded
        for i in range(self.n):
            if i != player and not folded[i] and stacks[i] > 0:
                mask |= 1 << i
        # Move the chips.
        delta = amount - own
        stacks[player] = stack - delta
        bets[player] = amount
        self.contrib[player] += delta
        self.total += delta
        self.current_bet = amount
        if increment >= full or not all_in:
            # A full bet or raise (a short one that is not all-in was flagged above and
            # counts as full so that the rest of the hand reads as recorded).
            if increment > self.last_inc and variant is not _FIXED:
                self.last_inc = increment
            self.raises += 1
            self.aggressor = player
            self.aggr_level = amount
        else:
            # A short all-in is not a legal raise (BET-10).
            self.short_in_round = True
            if self.profile.short_allin_reopen is ShortAllInReopen.NO_RERAISE:
                self.short_lock = True  # 004: the following players may only call or fold
        self.round_aggr = player
        self.pending = mask
        if mask:
            n = self.n
            i = player + 1
            while True:
                if i >= n:
                    i = 0
                if mask >> i & 1:
                    break
                i += 1
            self.actor = i
        else:
            self._close_round()

    def _deal_hole(self, action: Action) -> None:
        player = action.player
        n = self.n
        if not 0 <= player < n:
            self._flag(
                Code.MALFORMED,
                detail=Words(f"no hay jugador p{player + 1}", f"no player p{player + 1}"),
            )
            return
        cards = action.cards
        if self.hole[player] is not None:
            self._flag(
                Code.HOLE_CARDS_COUNT,
                player=player + 1,
                detail=Words("se le repartieron dos veces", "dealt twice"),
            )
            return
        p = player + 1
        if self.phase == VOID:
            self._flag(
                Code.ACTION_AFTER_END,
                detail=Words(
                    f"p{p} recibe cartas después de anulada la mano",
                    f"p{p} is dealt cards after the hand was declared void",
                ),
            )
            return
        if self.actors:
            self._flag(
                Code.DEAL_ORDER,
                detail=Words(
                    f"p{p} recibe cartas después de empezadas las apuestas",
                    f"p{p} is dealt cards after the betting began",
                ),
            )
        elif player != self.next_hole:
            expected = self.next_hole + 1
            self._flag(
                Code.DEAL_ORDER,
                detail=Words(
                    f"se esperaba a p{expected}, no a p{p}", f"expected p{expected}, not p{p}"
                ),
            )
        if len(cards) != 2:
            self._flag(
                Code.HOLE_CARDS_COUNT,
                player=player + 1,
                detail=Words(f"recibió {len(cards)}", f"{len(cards)} dealt"),
            )
        self._see(cards)
        self.hole[player] = cards
        self.holes_dealt += 1
        self.next_hole = player + 1

    def _see(self, cards: tuple[int, ...]) -> None:
        seen = self.seen
        for c in cards:
            if c >= 0:
                if c > 51:
                    self._flag(Code.CARD_INVALID, card=c)
                    continue
                bit = 1 << c
                if seen & bit:
                    self._flag(Code.CARD_DUPLICATE, card=_CARD_NAMES[c])
                seen |= bit
            elif c != UNKNOWN_CARD:
                self._flag(Code.CARD_INVALID, card="?" if c == INVALID_CARD else c)
        self.seen = seen

    def _deal_board(self, action: Action) -> None:
        phase = self.phase
        cards = action.cards
        if phase == BETTING:
            street = _STREET_NAMES[self.street]
            self._flag(
                Code.STREET_INCOMPLETE,
                detail=Words(
                    f"cartas comunitarias repartidas con las apuestas del {street} abiertas",
                    f"board dealt while the {street} betting is open",
                ),
            )
            self._force_close()
            phase = self.phase
        if phase == OVER or phase == VOID:
            self._flag(
                Code.ACTION_AFTER_END,
                detail=Words(
                    "cartas comunitarias repartidas terminada la mano",
                    "board dealt after the hand ended",
                ),
            )
            return
        board_len = len(self.board)
        if board_len >= 5:
            self._flag(
                Code.BOARD_COUNT,
                detail=Words("más de cinco cartas comunitarias", "more than five board cards"),
            )
            return
        expected = 3 if board_len == 0 else 1
        if len(cards) != expected:
            self._flag(
                Code.BOARD_COUNT,
                detail=Words(
                    f"{len(cards)} cartas repartidas, se esperaban {expected}",
                    f"{len(cards)} cards dealt, {expected} expected",
                ),
            )
        if phase == DEALING:
            self._start_street(self.street + 1, cards)
        else:  # SHOWDOWN: run-out after an all-in
            self._see(cards)
            self.board.extend(cards)
            self.street = min(3, self.street + 1)

    def _start_street(self, street: int, cards: tuple[int, ...]) -> None:
        self._see(cards)
        self.board.extend(cards)
        self.street = street - 1
        self._next_street()

    def _next_street(self) -> None:
        """Open the next betting round once its board cards are out."""
        self.street += 1
        n = self.n
        self.bets[:] = [0] * n
        self.current_bet = 0
        self.last_inc = self.min_bet if self.variant is not _FIXED else 0
        self.raises = 0
        # Post-flop nobody owes anything: the live players with chips act, if at least two.
        stacks = self.stacks
        folded = self.folded
        mask = 0
        count = 0
        for i in range(n):
            if not folded[i] and stacks[i] > 0:
                mask |= 1 << i
                count += 1
        if count < 2:
            mask = 0
        self.pending = mask
        self.aggressor = -1
        self.aggr_level = 0
        self.short_in_round = False
        self.short_lock = False
        self.round_aggr = -1
        self.round_acted = False
        self.phase = BETTING
        if mask:
            # The first live player left of the button acts first (GAME-09).
            self.actor = (mask & -mask).bit_length() - 1
        else:
            self.actor = -1
            self._close_round()

    def _force_close(self) -> None:
        """Close an open round early (after STREET_INCOMPLETE): owe -> fold, else check."""
        pending = self.pending
        for i in range(self.n):
            if pending >> i & 1 and self.phase == BETTING:
                if self.bets[i] < self.current_bet:
                    self._fold(i)
                else:
                    self.pending &= ~(1 << i)
        if self.phase == BETTING:
            self.pending = 0
            self._close_round()

    def _close_round(self) -> None:
        """End the betting round: return any uncalled bet (POT-03) and move on."""
        self.actor = -1
        if self.round_acted:
            self.final_aggr = self.round_aggr
        bets = self.bets
        stacks = self.stacks
        folded = self.folded
        top = -1
        high = second = 0
        can_act = 0
        for i in range(self.n):  # one pass: the two largest bets, and who can still bet
            b = bets[i]
            if b > high:
                second = high
                high = b
                top = i
            elif b > second:
                second = b
            if stacks[i] > 0 and not folded[i]:
                can_act += 1
        if high > second:
            # The bet nobody called goes back (POT-03, A-16).
            excess = high - second
            if stacks[top] == 0 and not folded[top]:
                can_act += 1
            bets[top] = second
            stacks[top] += excess
            self.contrib[top] -= excess
            self.total -= excess
            self.returned[top] += excess
            if self.current_bet > second:
                self.current_bet = second
        if self.live_count == 1:
            self.phase = OVER
        elif self.street >= 3 or can_act <= 1:
            self.phase = SHOWDOWN
        else:
            self.phase = DEALING

    def _return_uncalled(self) -> None:
        bets = self.bets
        top = -1
        high = 0
        second = 0
        for i in range(self.n):
            b = bets[i]
            if b > high:
                second = high
                high = b
                top = i
            elif b > second:
                second = b
        if top >= 0 and high > second:
            if self.folded[top] and not self.street and not self.actors >> top & 1:
                return  # a killed hand's blind is not a bet it made: it stays (OQ-38, DEAD-05)
            excess = high - second
            bets[top] = second
            self.stacks[top] += excess
            self.contrib[top] -= excess
            self.total -= excess
            self.returned[top] += excess
            if self.current_bet > second:
                self.current_bet = second

    def _end_by_folds(self) -> None:
        self.pending = 0
        self.actor = -1
        self._return_uncalled()
        if self.round_acted:
            self.final_aggr = self.round_aggr
        self.phase = OVER

    def _show_muck(self, action: Action) -> None:
        player = action.player
        if not 0 <= player < self.n:
            self._flag(
                Code.MALFORMED,
                detail=Words(f"no hay jugador p{player + 1}", f"no player p{player + 1}"),
            )
            return
        phase = self.phase
        p = player + 1
        if phase == VOID:
            self._flag(
                Code.ACTION_AFTER_END,
                detail=Words(
                    f"p{p} muestra después de anulada la mano",
                    f"p{p} shows after the hand was declared void",
                ),
            )
            return
        if self.folded[player]:
            self._flag(
                Code.SHOWDOWN_INVALID,
                detail=Words(
                    f"p{p} se retiró y no tiene mano que mostrar",
                    f"p{p} folded and has no hand to show",
                ),
            )
            return
        if phase == OVER:
            return  # the winner may show or not (SHOW-09)
        if phase != SHOWDOWN:
            self._flag(
                Code.SHOWDOWN_INVALID,
                detail=Words(
                    f"p{p} muestra o muckea antes del showdown",
                    f"p{p} shows or mucks before the showdown",
                ),
            )
            return
        if action.kind == _MUCK:
            if self.shown[player] is not None:
                self._flag(
                    Code.SHOWDOWN_INVALID,
                    detail=Words(
                        f"p{p} muckea una mano ya mostrada", f"p{p} mucks a hand already shown"
                    ),
                )
                return
            if not self.mucked[player]:
                self.mucked[player] = True
                self.muck_order.append(player)
            return
        if self.mucked[player]:
            self._flag(
                Code.SHOWDOWN_INVALID,
                detail=Words(
                    f"p{p} muestra una mano ya muckeada", f"p{p} shows a hand already mucked"
                ),
            )
            return
        cards = action.cards
        dealt = self.hole[player]
        if not cards:  # PHH "sm -": the cards already dealt
            cards = dealt if dealt is not None else (UNKNOWN_CARD, UNKNOWN_CARD)
        if len(cards) != 2:
            self._flag(
                Code.HOLE_CARDS_COUNT,
                player=p,
                detail=Words(f"mostró {len(cards)}", f"{len(cards)} shown"),
            )
            return
        known = [c for c in (dealt or ()) if c >= 0]
        for c in self.shown[player] or ():
            if c >= 0 and c not in known:
                known.append(c)
        fresh: list[int] = []
        for c in cards:
            if c == UNKNOWN_CARD:
                continue
            if not 0 <= c < 52:
                self._flag(Code.CARD_INVALID, card="?" if c < 0 else c)
                return
            if c not in known and c not in fresh:
                fresh.append(c)
        if len(known) + len(fresh) > 2:
            bad = ", ".join(_CARD_NAMES[c] for c in fresh)  # known cards: checked above
            self._flag(
                Code.SHOWDOWN_INVALID,
                detail=Words(
                    f"p{p} muestra {bad}, no las cartas que recibió",
                    f"p{p} shows {bad}, not the cards dealt",
                ),
            )
            return
        if fresh:
            self._see(tuple(fresh))
        known.extend(fresh)
        while len(known) < 2:
            known.append(UNKNOWN_CARD)
        self.shown[player] = (known[0], known[1])

    def _dead(self, player: int) -> None:
        """The floor kills a hand (DEAD-01): a fold at any point, even out of turn.

        RUL-30: a bet or raise of that player that nobody has called or raised is
        returned; everything else stays in the pot (DEAD-05), his blinds too: a blind
        is posted, not a bet he made (OQ-38, RUL-42: killed at the end of the deal).
        """
        if not 0 <= player < self.n:
            self._flag(
                Code.MALFORMED,
                detail=Words(f"no hay jugador p{player + 1}", f"no player p{player + 1}"),
            )
            return
        phase = self.phase
        if phase == OVER or phase == VOID or self.folded[player]:
            self._flag(
                Code.ACTION_AFTER_END,
                detail=Words(
                    f"p{player + 1} no está en la mano", f"p{player + 1} is not in the hand"
                ),
            )
            return
        bets = self.bets
        others = max((bets[i] for i in range(self.n) if i != player), default=0)
        if bets[player] > others and (self.street or self.actors >> player & 1):
            excess = bets[player] - others
            bets[player] = others
            self.stacks[player] += excess
            self.contrib[player] -= excess
            self.total -= excess
            self.returned[player] += excess
            self.current_bet = others
        if phase == BETTING:
            self.folded[player] = True
            self.live_count -= 1
            self.pending &= ~(1 << player)
            if self.live_count == 1:
                self._end_by_folds()
            elif not self.pending:
                self._close_round()
            elif self.actor == player:
                self._advance(player + 1)
            return
        self.folded[player] = True
        self.live_count -= 1
        if self.live_count == 1:
            self._end_by_folds()

    def _void(self, reason: VoidReason | None) -> None:
        """Declare the hand void: every chip put in goes back (MISDEAL-03, IRREG-02/03)."""
        if self.phase == VOID:
            self._flag(
                Code.ACTION_AFTER_END,
                detail=Words("la mano ya está anulada", "the hand is already void"),
            )
            return
        if reason in (None, VoidReason.MISDEAL) and self.actors & (self.actors - 1):
            # Two players have acted: the hand must be played out (MISDEAL-03, IRREG-13).
            self._flag(Code.MISDEAL_AFTER_ACTION)
        self.void_reason = reason or VoidReason.MISDEAL
        self.next_hole = -1  # nobody is next: a deal now goes the slow way and is flagged
        self.phase = VOID
        self.pending = 0
        self.actor = -1

    # -------------------------------------------------------------- settlement
    def incomplete_reason(self) -> Words | None:
        """Why the hand cannot be settled yet (in both languages), or None when complete."""
        phase = self.phase
        if phase == VOID or phase == OVER:
            return None
        if phase == BETTING:
            street = _STREET_NAMES[self.street]
            p = self.next_actor() + 1
            return Words(
                f"p{p} todavía debe actuar en el {street}", f"p{p} is still to act on the {street}"
            )
        if phase == DEALING:
            street = _STREET_NAMES[self.street + 1]
            return Words(f"no se repartió el {street}", f"the {street} was not dealt")
        if len(self.board) < 5:
            return Words(
                "no se completaron las cinco cartas comunitarias",
                "the board was not run out to five cards",
            )
        unresolved = [i for i in range(self.n) if not self.folded[i] and not self.mucked[i]]
        missing = [i + 1 for i in unresolved if self.shown[i] is None]
        if len(unresolved) == 1 and missing:
            # SHOW-03: at the showdown the last hand not mucked still shows to claim the
            # pot (the others mucking does not pay it unseen). A hand won because every
            # other player folded never reaches here (phase OVER, SHOW-09).
            return Words(
                f"p{missing[0]} debe mostrar para reclamar el bote (SHOW-03)",
                f"p{missing[0]} must show to claim the pot (SHOW-03)",
            )
        if self.holes_dealt or any(s is not None for s in self.shown):
            if missing and len(unresolved) > 1:
                who = ", ".join(f"p{p}" for p in missing)
                return Words(
                    f"no consta si muestran o muckean: {who}",
                    f"no show or muck recorded for {who}",
                )
        return None

    def showdown_order(self) -> tuple[int, ...]:
        """Who shows first (SHOW-01, OQ-23): the last aggressor of the final betting
        round, else the first live player left of the button; then clockwise."""
        if self.phase != SHOWDOWN:
            return ()
        n = self.n
        start = self.final_aggr if self.final_aggr >= 0 and not self.folded[self.final_aggr] else 0
        order = []
        for k in range(n):
            i = (start + k) % n
            if not self.folded[i]:
                order.append(i)
        return tuple(order)

    def settle(self, *, finished: bool | None = None) -> Settlement:
        """Pots, rake and payouts. An unfinished hand keeps its pots undistributed.

        Chips are conserved: starting stacks + carried in = finishing stacks + rake +
        a promotion fund's drop (issue 44) + carried out (IRREG-03, POT-09) + the pots
        nobody was awarded (a showdown the record does not resolve: the engine never
        invents who took them, SHOW-14).
        """
        self.unread = []
        if self.phase == VOID:
            return self._settle_void()
        if finished is None:
            finished = self.incomplete_reason() is None
        settlement = self._settle_betting(finished)
        if self.carry_in:
            return self._settle_carried(settlement, finished)
        return settlement

    def _settle_void(self) -> Settlement:
        """A void hand: every chip goes back (MISDEAL-03, IRREG-02/03), except that
        the chips of a player who knew of two identical cards and still bet or raised
        stay for the next hand, open to every player of this hand (IRREG-03, RUL-34);
        a pot carried into this hand goes on to the next one as it was (POT-09)."""
        n = self.n
        finishing = list(self.starting)
        carry_out = list(self.carry_in)
        kept = 0
        for i in sorted(set(self.forfeits)):
            if 0 <= i < n and self.contrib[i] > 0:
                finishing[i] -= self.contrib[i]
                kept += self.contrib[i]
        if kept:
            carry_out.append(CarriedPot(kept, tuple(range(n))))
        return _settlement((), 0, (0,) * n, tuple(finishing), (), tuple(carry_out))

    def _settle_carried(self, settlement: Settlement, finished: bool) -> Settlement:
        """POT-09: each carried-in pot is a separate pot (no rake: the chips come from a
        void hand), won by the best hand among its eligible players still in the hand;
        if none of them is left, it is carried on to the next hand. Like a betting pot,
        it goes where the floor awarded it, and one whose winner nobody recorded and
        the cards do not give is paid to nobody (SHOW-14)."""
        n = self.n
        pots = list(settlement.pots)
        payouts = list(settlement.payouts)
        carry_out: list[CarriedPot] = []
        values = self._hand_values() if finished and self.phase == SHOWDOWN else None
        known = list(self.violations)
        unit = self.chip_unit
        for carried in self.carry_in:
            # A hand mucked at the showdown is dead like a folded one (OQ-48): it cannot
            # claim a carried pot, which then waits for the next hand like one whose
            # eligible players all left (POT-09). A betting pot is different: its lone
            # eligible player wins it uncontested (``_pot_winners``).
            eligible = tuple(
                sorted(
                    i for i in set(carried.eligible) if not self.folded[i] and not self.mucked[i]
                )
            )
            amount = carried.amount
            if not finished:
                pots.append(_pot(amount, eligible, 0, (), (), (), True))
                continue
            if not eligible and len(pots) not in self.awards:
                carry_out.append(carried)  # nobody eligible is left: it waits again
                continue
            read, certain = self._pot_winners(eligible, values)
            winners = self._awarded(len(pots), eligible, read, certain)
            if not winners:
                pots.append(_pot(amount, eligible, 0, (), (), (), True))  # nobody recorded
                continue
            if len(winners) == 1:
                payouts[winners[0]] += amount
                pots.append(_pot(amount, eligible, 0, winners, (amount,), (), True))
                continue
            shares = split_pot(amount, winners, unit)
            odd = winners[: (amount // unit) % len(winners)]
            for w, share in zip(winners, shares, strict=True):
                payouts[w] += share
            pots.append(_pot(amount, eligible, 0, winners, tuple(shares), odd, True))
        # A showdown problem already reported for the betting pots is not repeated.
        self.violations[len(known) :] = [v for v in self.violations[len(known) :] if v not in known]
        if not finished:
            return _settlement(
                tuple(pots),
                0,
                settlement.payouts,
                settlement.finishing_stacks,
                settlement.showdown_order,
            )
        finishing = tuple([self.stacks[i] + payouts[i] for i in range(n)])
        return _settlement(
            tuple(pots),
            settlement.rake,
            tuple(payouts),
            finishing,
            settlement.showdown_order,
            tuple(carry_out),
            settlement.drop,
        )

    def _settle_betting(self, finished: bool) -> Settlement:
        """The pots of this hand's betting (main and side pots)."""
        n = self.n
        stacks = self.stacks
        live, layers = self._betting_layers()
        if not finished:
            pots = tuple(_pot(a, e, 0, (), (), ()) for a, e in layers)
            return _settlement(pots, 0, (0,) * n, tuple(stacks), self.showdown_order())
        profile = self.profile
        take_rake = profile.takes_rake
        if take_rake and profile.no_flop_no_drop and len(self.board) < 3:
            take_rake = False  # no flop, no drop (RAKE-07 option)
        take_drop = profile.takes_drop  # a promotion fund's drop (issue 44; none in a tournament)
        if len(live) == 1 and not take_rake and not take_drop and not self.awards:
            return self._settle_uncontested(live[0], layers)
        values = self._hand_values() if self.phase == SHOWDOWN else None
        # Who wins each pot: side pots are settled before the main pot (POT-07, SHOW-08),
        # each as the floor awarded it or as the cards give it (SHOW-14); a pot that
        # neither says is paid to nobody (the engine never invents an award).
        layer_winners: list[tuple[int, ...]] = [()] * len(layers)
        for k in range(len(layers) - 1, -1, -1):
            eligible = layers[k][1]
            read, certain = self._pot_winners(eligible, values)
            layer_winners[k] = self._awarded(k, eligible, read, certain)
        paid = [amount if layer_winners[k] else 0 for k, (amount, _e) in enumerate(layers)]
        rakes = self._pot_rakes(paid) if take_rake else [0] * len(layers)
        taken = sum(rakes) if take_rake else 0
        drops = [0] * len(layers)
        dropped = self._fund_drop(layers, layer_winners, rakes, taken, drops) if take_drop else 0
        results, payouts = self._pay_pots(layers, layer_winners, rakes, drops)
        finishing = tuple([stacks[i] + payouts[i] for i in range(n)])
        order: tuple[int, ...] = ()
        if self.phase == SHOWDOWN:
            start = self.final_aggr
            if start in live:
                k = live.index(start)
                order = tuple(live[k:] + live[:k])
            else:
                order = tuple(live)
        return _settlement(tuple(results), taken, tuple(payouts), finishing, order, (), dropped)

    def _betting_layers(self) -> tuple[list[int], list[tuple[int, tuple[int, ...]]]]:
        """The live players, and the pots of the betting as (amount, eligible players)."""
        folded = self.folded
        contrib = self.contrib
        live: list[int] = []
        level = -1
        single = True
        for i in range(self.n):
            if not folded[i]:
                live.append(i)
                c = contrib[i]
                if level < 0:
                    level = c
                elif c != level:
                    single = False
        if single:
            # Every live player put in the same: one pot (the common case, no side pot).
            return live, [(self.total, tuple(live))]
        return live, build_pots(contrib, [not f for f in folded], self.dead)

    def _settle_uncontested(
        self, winner: int, layers: list[tuple[int, tuple[int, ...]]]
    ) -> Settlement:
        """Won without a showdown and no rake: the one live player takes every pot."""
        payouts = [0] * self.n
        results: list[PotResult] = []
        for amount, eligible in layers:
            payouts[winner] += amount
            results.append(_pot(amount, eligible, 0, (winner,), (amount,), ()))
        final = list(self.stacks)
        final[winner] += payouts[winner]
        return _settlement(tuple(results), 0, tuple(payouts), tuple(final), ())

    def _pot_rakes(self, paid: list[int]) -> list[int]:
        """The rake of each pot (``paid``: its amount, 0 for a pot nobody is paid).

        Rake is taken per pot before paying (RAKE-05, RAKE-07); the cap per pot by
        default, or once per hand, main pot first (``rake_cap_scope``, OQ-04). A pot
        nobody is paid takes none: the commission is taken when the winner is known.
        """
        profile = self.profile
        return rake_pots(
            paid,
            profile.rake_bps,
            self.chip_unit,
            profile.rake_rounding,  # RAKE-07, OQ-04: a casino setting
            profile.rake_max_bps,  # RAKE-03: rounding never goes above it
            profile.rake_cap,
            profile.rake_cap_scope,
        )

    def _fund_drop(
        self,
        layers: list[tuple[int, tuple[int, ...]]],
        layer_winners: list[tuple[int, ...]],
        rakes: list[int],
        taken: int,
        drops: list[int],
    ) -> int:
        """A promotion fund's drop (issue 44 §1, docs/promotions.md): once per hand, on the
        pots paid, after the rake and apart from it (poker.fund_drop, the fund's posted
        rule), taken from the main pot first, then each side pot in turn (into ``drops``).
        """
        fund_drop = self.profile.fund_drop
        assert fund_drop is not None
        paid = sum(amount for k, (amount, _e) in enumerate(layers) if layer_winners[k])
        dropped = drop_of(fund_drop, PotFacts(paid, taken, len(self.board) >= 3, self.chip_unit))
        left = dropped
        for k, (amount, _e) in enumerate(layers):
            if left <= 0:
                break
            if layer_winners[k]:
                drops[k] = min(left, amount - rakes[k])
                left -= drops[k]
        return dropped

    def _pay_pots(
        self,
        layers: list[tuple[int, tuple[int, ...]]],
        layer_winners: list[tuple[int, ...]],
        rakes: list[int],
        drops: list[int],
    ) -> tuple[list[PotResult], list[int]]:
        """Each pot, net of its rake and drop, paid to its winners (side pots first; an odd
        chip as ``split_pot`` gives it); the pot results in pot order, and the payouts."""
        unit = self.chip_unit
        payouts = [0] * self.n
        results = []
        for k in range(len(layers) - 1, -1, -1):
            amount, eligible = layers[k]
            net = amount - rakes[k] - drops[k]
            winners = layer_winners[k]
            if len(winners) == 1:
                payouts[winners[0]] += net
                results.append(
                    _pot(amount, eligible, rakes[k], winners, (net,), (), False, drops[k])
                )
                continue
            shares = split_pot(net, winners, unit) if winners else []
            odd = winners[: (net // unit) % len(winners)] if winners else ()
            for w, s in zip(winners, shares, strict=True):
                payouts[w] += s
            results.append(
                _pot(amount, eligible, rakes[k], winners, tuple(shares), odd, False, drops[k])
            )
        results.reverse()
        return results, payouts

    def _awarded(
        self, pot: int, eligible: tuple[int, ...], read: tuple[int, ...], certain: bool
    ) -> tuple[int, ...]:
        """The winners of pot ``pot``: as the floor awarded it, else as the cards read
        (``read``, empty when they do not say). SHOW-14: an award the cards contradict
        (all of them read) is kept, since the chips went there (AUTH-04), and flagged;
        HREC-06: a pot with neither is not paid, and flagged. ``unread`` keeps the pots
        whose winners neither the floor recorded nor the cards gave for certain."""
        recorded = self.awards.get(pot) if self.awards else None
        if recorded is None:
            if not certain:
                self.unread.append(pot)
            if not read:
                self._flag_settle(Code.SHOWDOWN_INVALID, detail=self._unread(eligible))
            return read
        winners = tuple(sorted(set(recorded)))  # clockwise from the button's left (POT-08)
        outside = [i for i in winners if not 0 <= i < self.n or i not in eligible]
        if not winners or outside:
            who = ", ".join(f"p{i + 1}" for i in outside) or "-"
            self._flag_settle(
                Code.AWARD_INVALID,
                pot=pot + 1,
                detail=Words(f"{who} no disputaba ese bote", f"{who} was not contesting that pot"),
            )
            return tuple(i for i in winners if 0 <= i < self.n)
        if certain and read and set(read) != set(winners):
            self._flag_settle(
                Code.AWARD_MISMATCH,
                pot=pot + 1,
                recorded=", ".join(f"p{i + 1}" for i in winners),
                computed=", ".join(f"p{i + 1}" for i in read),
            )
        return winners

    def _unread(self, eligible: tuple[int, ...]) -> Words:
        """Why the cards do not say who won a pot (nobody recorded the award)."""
        claimants = [i for i in eligible if not self.mucked[i]]
        if not claimants:
            return Words("todos los que disputaban muckearon", "every contender mucked")
        if not self._board_mask():  # the cards shown are read against a board not known
            return Words(
                "no se puede leer ninguna mano: no se conocen las cinco cartas comunitarias",
                "no hand can be read: the five board cards are not known",
            )
        values = self._hand_values()
        who = ", ".join(f"p{i + 1}" for i in claimants if values[i] < 0)
        return Words(
            f"no se puede leer ninguna mano: {who} no mostraron sus cartas",
            f"no hand shown can be read: {who} did not show their cards",
        )

    def _board_mask(self) -> int:
        """The board's five cards as a bit mask, or 0 when they are not five known cards."""
        board = self.board
        if len(board) != 5:
            return 0
        mask = 0
        for c in board:
            if not 0 <= c < 52:
                return 0
            mask |= 1 << c
        return mask if mask.bit_count() == 5 else 0

    def _hand_values(self) -> list[int]:
        """Hand value of each player whose shown cards can be read; -1 otherwise."""
        board = self.board
        values = [-1] * self.n
        board_mask = self._board_mask()
        if not board_mask:
            return values
        for i in range(self.n):
            shown = self.shown[i]
            if shown is None or self.folded[i] or self.mucked[i]:
                continue
            a, b = shown
            if (
                0 <= a < 52
                and 0 <= b < 52
                and a != b
                and not (board_mask >> a & 1 or board_mask >> b & 1)
            ):
                values[i] = evaluate7((a, b, *board))
        return values

    def _pot_winners(
        self, eligible: tuple[int, ...], values: list[int] | None
    ) -> tuple[tuple[int, ...], bool]:
        """The winners the record gives (SHOW-02, SHOW-03, SHOW-04) and whether they are
        certain: every hand still claiming the pot was read, or only one claims it.

        A claimant whose shown cards are not known (PHH ``sm ????``) makes no claim the
        record can read: the best hand read wins, as the PHH histories record it, but
        not for certain (an award the floor recorded then stands unchallenged). With no
        hand read there are no winners: only the floor can say who took the pot."""
        if values is None:  # everybody else folded
            return eligible, True
        if len(eligible) == 1:
            return eligible, True
        claimants = [i for i in eligible if not self.mucked[i]]
        if len(claimants) == 1:
            return (claimants[0],), True  # the only hand not thrown away
        best = -1
        winners: list[int] = []
        for i in claimants:  # eligible is in seat order: clockwise from the button's left
            v = values[i]
            if v > best:
                best = v
                winners = [i]
            elif v == best and v >= 0:
                winners.append(i)
        if best < 0:
            return (), False
        # cards speak (SHOW-04); mucked hands never win (OQ-48)
        return tuple(winners), all(values[i] >= 0 for i in claimants)

    def _flag_settle(self, code: Code, **details: object) -> None:
        self.violations.append(make(code, None, **details))
