"""The replay machine's hot loop, held to the rules it shortcuts (``poker/machine.py``).

``Machine.run`` handles the common entries inline (cards dealt in order, fold, check, call,
bet and raise in turn, the board in order, a show of the cards dealt) and sends everything
else to ``Machine.apply``, where the rules live once. Two things must then hold, and the
mutation run of ``poker/machine.py`` showed that nothing checked either:

- **the same answer**: the inline path and ``apply`` leave the machine in the same state
  after every entry, legal or not (a shortcut that decides differently is a second rule).
  The live recorder (``HandState``) applies each action through ``apply`` and the
  validator replays the whole hand through ``run``: a hand logged live and the same hand
  entered afterwards get one verdict (HREC-02);
- **the shortcut is taken**: a legal hand recorded in order never leaves the inline path
  but for a muck, which it does not inline. A shortcut that stops matching the common case
  costs the validator its speed on every hand and no verdict would show it; this test does.
"""

from __future__ import annotations

import random
from copy import deepcopy
from dataclasses import replace

import pytest

from poker.machine import BETTING, DEALING, OVER, SHOWDOWN, VOID, Machine, PotResult
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
from poker.profiles import MANUAL, ShortAllInReopen
from poker.state import HandState, Rejected
from poker.validate import validate
from poker.violations import Code
from tests.poker.engine_gen import GEN_PROFILE, random_hand
from tests.poker.engine_helpers import NO_RAKE, make_hand

DEAL = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]

SEEDS = range(240)
VARIANTS = list(Variant)


def _state(machine: Machine) -> dict[str, object]:
    # ``index`` is where a violation would be reported, kept up to date only when one can
    # be: the violations themselves, each with its action's index, are compared.
    return {name: getattr(machine, name) for name in Machine.__slots__ if name != "index"}


def _one_by_one(hand: Hand) -> Machine:
    """The reference: every entry through ``apply``, as ``run`` reports a failing entry."""
    machine = Machine.from_hand(hand, GEN_PROFILE)
    for index, action in enumerate(hand.actions):
        try:
            machine.apply(action, index)
        except Exception as exc:  # noqa: BLE001 - run() reports it the same way
            machine.index = index
            machine._flag(Code.MALFORMED, detail=f"{type(exc).__name__}: {exc}"[:120])
    return machine


def _hot(hand: Hand) -> Machine:
    machine = Machine.from_hand(hand, GEN_PROFILE)
    machine.run(hand.actions)
    return machine


def _compare(hand: Hand) -> None:
    # Action by action: the first entry where the two paths part is the one named.
    for end in range(len(hand.actions) + 1):
        part = replace(hand, actions=hand.actions[:end])
        hot, reference = _state(_hot(part)), _state(_one_by_one(part))
        assert hot == reference, (end, hand.actions[end - 1] if end else None)


def _perturbed(hand: Hand, rng: random.Random) -> Hand:
    """``hand`` with one recording mistake of the kinds a supervisor makes (or a floor
    decision in the wrong place: a hand killed or voided)."""
    acts = list(hand.actions)
    n = len(hand.starting_stacks)
    i = rng.randrange(len(acts))
    a = acts[i]
    kind = rng.choice(
        ["drop", "repeat", "swap", "player", "amount", "cards"]
        + ["fold", "check", "call", "muck", "dead", "void"]
    )
    if kind == "drop":
        del acts[i]
    elif kind == "repeat":
        acts.insert(i, a)
    elif kind == "swap":
        acts[i - 1], acts[i] = a, acts[i - 1]
    elif kind == "player":
        acts[i] = replace(a, player=rng.choice([-1, n, *range(n)]))
    elif kind == "amount":
        acts[i] = Action.bet_raise(max(a.player, 0), rng.choice([0, 1, 3, a.amount + 1, 10**6]))
    elif kind == "cards":
        other = [c.cards for c in acts if c.cards and c is not a]
        acts[i] = replace(
            a,
            cards=rng.choice(
                [*other, (), (UNKNOWN_CARD,), (0, 0), (51, 52), (52, 0), (UNKNOWN_CARD, 5)]
                + [(5, UNKNOWN_CARD), (UNKNOWN_CARD, UNKNOWN_CARD)]
            ),
        )
    elif kind == "void":
        acts.insert(i, Action.void(rng.choice(list(VoidReason))))
    else:
        make = {
            "fold": Action.fold,
            "check": lambda p: Action(ActionKind.CHECK, p),
            "call": lambda p: Action(ActionKind.CALL, p),
            "muck": Action.muck,
            "dead": Action.dead,
        }[kind]
        acts.insert(i, make(rng.randrange(n)))
    return replace(hand, actions=tuple(acts))


@pytest.mark.parametrize("variant", VARIANTS)
def test_hrec_02_the_hot_loop_and_apply_agree_on_every_legal_hand(variant):  # type: ignore[no-untyped-def]  # HREC-02, HREC-04
    for seed in SEEDS:
        _compare(random_hand(seed, variant, unknown_cards=seed % 3 == 0))


@pytest.mark.parametrize("variant", VARIANTS)
def test_hrec_02_the_hot_loop_and_apply_agree_on_every_mistake(variant):  # type: ignore[no-untyped-def]  # HREC-02, HREC-04
    rng = random.Random(f"mistakes {variant}")
    for seed in SEEDS:
        hand = random_hand(seed, variant, unknown_cards=seed % 3 == 0)
        for _ in range(3):
            hand = _perturbed(hand, rng)
            _compare(hand)


class _Counting(Machine):
    __slots__ = ("slow",)

    def apply(self, action: Action, index: int) -> None:
        self.slow.append((action.kind, self.phase))
        super().apply(action, index)


@pytest.mark.parametrize("variant", VARIANTS)
def test_hrec_12_a_legal_hand_in_order_stays_on_the_hot_loop(variant):  # type: ignore[no-untyped-def]  # HREC-12
    kinds: set[ActionKind] = set()
    for seed in SEEDS:
        unknown = seed % 3 == 0  # every third hand dealt face down ("d dh p1 ????")
        hand = random_hand(seed, variant, unknown_cards=unknown)
        machine = _Counting.from_hand(hand, GEN_PROFILE)
        machine.slow = []
        machine.run(hand.actions)
        # Not inlined: a muck, the board run out after an all-in (no betting follows), and
        # the show of cards dealt face down (their reveal).
        allowed = {ActionKind.MUCK, ActionKind.DEAL_BOARD} | (
            {ActionKind.SHOW} if unknown else set()
        )
        assert all(phase == SHOWDOWN for _, phase in machine.slow), (seed, machine.slow)
        assert {kind for kind, _ in machine.slow} <= allowed, (seed, machine.slow)
        kinds.update(a.kind for a in hand.actions)
    # The hands hold every kind the loop inlines, so each shortcut was tried.
    assert {
        ActionKind.DEAL_HOLE,
        ActionKind.DEAL_BOARD,
        ActionKind.FOLD,
        ActionKind.CHECK_OR_CALL,
        ActionKind.BET_RAISE,
        ActionKind.SHOW,
    } <= kinds


# --- The three places where the hot loop decided differently (found by the tests above) ---
# Each test fails on the loop as it was: the inline path took an entry that the rules in
# ``apply`` refuse or word otherwise.


def _messages(acts: list[str], n: int = 3) -> list[tuple[str, int | None, str]]:
    verdict = validate(make_hand([100] * n, acts), NO_RAKE)
    return [(v.code.value, v.action, v.message_en) for v in verdict.violations]


def test_hrec_05_a_player_dealt_twice_after_a_deal_out_of_order_is_named():  # HREC-05
    # p3 is dealt out of order, then p2: the next in order is p3 again, who holds cards.
    got = _messages(["d dh p1 AhAd", "d dh p3 QhQd", "d dh p2 KhKd", "d dh p3 2c2d"])
    assert ("HOLE_CARDS_COUNT", 3, "Player p3 must be dealt exactly 2 cards (dealt twice)") in got
    # ... and the second pair is not dealt over the first: 2c and 2d are still in the deck.
    later = _messages(
        ["d dh p1 AhAd", "d dh p3 QhQd", "d dh p2 KhKd", "d dh p3 2c2d", "d db 2c3c4c"]
    )
    assert not [m for m in later if m[0] == "CARD_DUPLICATE"]


def test_hrec_05_a_sixth_board_card_is_refused_after_a_turn_of_three():  # HREC-05
    checks = ["p1 cc", "p2 cc", "p3 cc"]
    acts = [*DEAL, "p3 cc", "p1 cc", "p2 cc", "d db 2c3d8h", *checks, "d db 9s5s6s", *checks]
    got = _messages([*acts, "d db Tc"])
    assert (
        "BOARD_COUNT",
        10,  # the turn: three deals, three calls, the flop, three checks
        "Wrong number of board cards: 3 cards dealt, 1 expected",
    ) in got
    assert (
        "BOARD_COUNT",
        len(acts),
        "Wrong number of board cards: more than five board cards",
    ) in got


def test_hrec_05_a_show_by_a_player_dealt_no_cards_is_named_not_malformed():  # HREC-05, SHOW-01
    checks = ["p1 cc", "p2 cc", "p3 cc"]
    board = ["d db 2c3d8h", *checks, "d db 9s", *checks, "d db Tc", *checks]
    hand = make_hand([100] * 3, [*DEAL, "p3 cc", "p1 cc", "p2 cc", *board, "p1 sm -", "p2 sm -"])
    # p2's deal recorded with no cards, then p2 shows: the show is judged, not a crash.
    acts = list(hand.actions)
    acts[1] = replace(acts[1], cards=())
    verdict = validate(replace(hand, actions=tuple(acts)), NO_RAKE)
    got = [(v.code.value, v.action) for v in verdict.violations]
    assert "MALFORMED" not in [code for code, _ in got], verdict.violations
    assert ("HOLE_CARDS_COUNT", len(acts) - 1) in got


CHECKS = ["p1 cc", "p2 cc", "p3 cc"]
PRE = [*DEAL, "p3 cc", "p1 cc", "p2 cc"]
TO_SHOW_3 = [*PRE, "d db 2c3d8h", *CHECKS, "d db 9s", *CHECKS, "d db Tc", *CHECKS]
SHOWS = ["p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"]


@pytest.mark.parametrize(
    ("acts", "index", "street"),
    [
        ([*PRE, *CHECKS, "d db 9s", *CHECKS, "d db Tc", *CHECKS, *SHOWS], 6, "flop"),
        ([*PRE, "d db 2c3d8h", *CHECKS, *CHECKS, "d db Tc", *CHECKS, *SHOWS], 10, "turn"),
        ([*PRE, "d db 2c3d8h", *CHECKS, "d db 9s", *CHECKS, *CHECKS, *SHOWS], 14, "river"),
    ],
)
def test_hrec_05_a_street_not_dealt_is_read_as_dealt_face_down(acts, index, street):  # type: ignore[no-untyped-def]  # HREC-05, HREC-04
    # The players act where the street's cards should have been dealt: that is the one
    # fault. The rest of the hand is read as if those cards had been dealt face down: the
    # streets that follow are dealt and bet in order, and the showdown cannot be read.
    verdict = validate(make_hand([100] * 3, acts), NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        (
            "BOARD_COUNT",
            index,
            f"Wrong number of board cards: the {street} was not dealt before p1 acted",
        ),
        (
            "SHOWDOWN_INVALID",
            None,
            "Invalid showdown: no hand can be read: the five board cards are not known",
        ),
    ]


# --- DEAD-01, DEAD-05, RUL-30, OQ-38: the floor kills a hand, at every point of the hand ---
BOARD = ["d db 2c3d8h", "d db 9s", "d db Tc"]


def _killed(acts: list[str], stacks: tuple[int, ...] = (100, 100, 100)):  # type: ignore[no-untyped-def]
    verdict = validate(make_hand(list(stacks), acts), NO_RAKE)
    return verdict, [(v.code.value, v.action, v.message_en) for v in verdict.violations]


def _after(street: int, *checks: str) -> list[str]:
    return [BOARD[street], *checks]


@pytest.mark.parametrize(
    ("acts", "finishing"),
    [
        # The big blind killed before anybody acts, out of turn: his blind stays in the pot
        # (OQ-38) and the others play on, p3 still first to act.
        (
            [*DEAL, "p2 f # mesa:dead", "p3 cc", "p1 cc"]
            + [BOARD[0], "p1 cc", "p3 cc", BOARD[1], "p1 cc", "p3 cc", BOARD[2], "p1 cc"]
            + ["p3 cc", "p1 sm AhAd", "p3 sm QhQd"],
            (104, 98, 98),
        ),
        # Killed in turn: the next player acts.
        (
            [*DEAL, "p3 cc", "p1 f # mesa:dead", "p2 cc"]
            + [BOARD[0], "p2 cc", "p3 cc", BOARD[1], "p2 cc", "p3 cc", BOARD[2], "p2 cc"]
            + ["p3 cc", "p2 sm KhKd", "p3 sm QhQd"],
            (99, 103, 98),
        ),
        # The last player to answer killed: the round is over, the flop is due.
        (
            [*DEAL, "p3 cc", "p1 cc", "p2 f # mesa:dead"]
            + [BOARD[0], "p1 cc", "p3 cc", BOARD[1], "p1 cc", "p3 cc", BOARD[2], "p1 cc"]
            + ["p3 cc", "p1 sm AhAd", "p3 sm QhQd"],
            (104, 98, 98),
        ),
        # Killed between rounds, before the flop is dealt: the flop's betting leaves him out.
        (
            [*DEAL, "p3 cc", "p1 cc", "p2 cc", "p1 f # mesa:dead"]
            + [BOARD[0], "p2 cc", "p3 cc", BOARD[1], "p2 cc", "p3 cc", BOARD[2], "p2 cc"]
            + ["p3 cc", "p2 sm KhKd", "p3 sm QhQd"],
            (98, 104, 98),
        ),
        # Killed after the all-in, before the showdown: the best hand killed cannot win.
        (
            [*DEAL, "p3 cbr 100", "p1 cc", "p2 cc", *BOARD, "p1 f # mesa:dead"]
            + ["p2 sm KhKd", "p3 sm QhQd"],
            (0, 300, 0),
        ),
        # Killed by the last player facing a raise: the raiser wins, his raise beyond the
        # killed player's blind comes back (RUL-30).
        ([*DEAL, "p3 cbr 6", "p1 f", "p2 f # mesa:dead"], (99, 98, 103)),
        # Killed between rounds with one other player left: he wins there and then.
        ([*DEAL, "p3 f", "p1 cc", "p2 cc", "p1 f # mesa:dead"], (98, 102, 100)),
    ],
    ids=[
        "out of turn",
        "in turn",
        "the last to answer",
        "between rounds",
        "at the showdown",
        "the last but one",
        "heads-up between rounds",
    ],
)
def test_dead_01_a_killed_hand_is_a_fold_wherever_it_happens(acts, finishing):  # type: ignore[no-untyped-def]  # DEAD-01, DEAD-05, OQ-38
    verdict, violations = _killed(acts)
    assert violations == []
    assert verdict.finishing_stacks == finishing


def test_rul_30_a_killed_raise_comes_back_beyond_what_was_called():  # RUL-30, DEAD-05
    # p3 raises to 10 and p1 calls all-in for 5; p3's hand is killed before p2 answers:
    # the 5 nobody called go back to p3, and p2 then owes 3 to go on, not 8.
    acts = [*DEAL, "p3 cbr 10", "p1 cc", "p3 f # mesa:dead", "p2 f"]
    verdict, violations = _killed(acts, (5, 100, 100))
    assert violations == []
    assert verdict.uncalled_returned == (0, 0, 5)
    assert verdict.finishing_stacks == (12, 98, 95)
    machine = Machine.from_hand(make_hand([5, 100, 100], acts[:-1]), NO_RAKE)
    machine.run(make_hand([5, 100, 100], acts[:-1]).actions)
    assert (machine.actor, machine.to_call(1), machine.current_bet) == (1, 3, 5)
    # p2 calls instead and the hand goes to a showdown: the pot is the 5 each of the three
    # put in, no more (the 5 returned are no side pot), and the best hand takes it all.
    showdown = [*acts[:-1], "p2 cc", *BOARD, "p1 sm AhAd", "p2 sm KhKd"]
    verdict, violations = _killed(showdown, (5, 100, 100))
    assert violations == []
    assert [pot.amount for pot in verdict.pots] == [15]
    assert verdict.finishing_stacks == (15, 95, 95)


def test_rul_30_a_killed_raise_returned_leaves_the_side_pot_it_called():  # RUL-30, POT-02
    # p3 raises to 10, p4 re-raises to 30, p1 calls all-in for 5, p2 folds; p4's hand is
    # killed: the 20 nobody called go back to him, his 10 stay as called. p3 checks, the
    # board runs out: p1 takes the main pot (4 x 5 less p2's 3 not put in: 17), p3 the
    # side pot of the 10 he and p4 put in beyond p1's 5.
    deal = [*DEAL, "d dh p4 JhJd"]
    acts = [*deal, "p3 cbr 10", "p4 cbr 30", "p1 cc", "p2 f", "p4 f # mesa:dead", "p3 cc"]
    verdict, violations = _killed([*acts, *BOARD, "p1 sm AhAd", "p3 sm QhQd"], (5, 100, 100, 100))
    assert violations == []
    assert [(pot.amount, pot.eligible) for pot in verdict.pots] == [(17, (0, 2)), (10, (2,))]
    assert verdict.uncalled_returned == (0, 0, 0, 20)
    assert verdict.finishing_stacks == (17, 98, 100, 90)


@pytest.mark.parametrize(
    ("acts", "index", "detail"),
    [
        ([*DEAL, "p3 f", "p3 f # mesa:dead"], 4, "p3 is not in the hand"),
        ([*DEAL, "p3 cbr 6", "p1 f", "p2 f", "p1 f # mesa:dead"], 6, "p1 is not in the hand"),
        ([*DEAL, "# mesa:void misdeal", "p2 f # mesa:dead"], 4, "p2 is not in the hand"),
    ],
)
def test_dead_01_only_a_hand_still_in_play_can_be_killed(acts, index, detail):  # type: ignore[no-untyped-def]  # DEAD-01
    _, violations = _killed(acts)
    assert ("ACTION_AFTER_END", index, f"Action after the hand ended: {detail}") in violations


# --- POT-09, POT-11, HREC-04: the settlement of a hand not finished, and of carried pots ---
def test_hrec_04_an_unfinished_hand_keeps_every_pot_as_it_stands_undistributed():  # HREC-04, POT-11, POT-09
    # p2 has not answered: nothing is paid, nobody wins, no rake; the pots carried in are
    # listed after the betting's, each with its players still in the hand.
    carried = (CarriedPot(30, (0, 1, 2)), CarriedPot(12, (0, 2)))
    hand = make_hand([100] * 3, [*DEAL, "p3 cc", "p1 f"], carry_in=carried)
    verdict = validate(hand, MANUAL)  # the manual's 3 % rake: not taken from a hand unfinished
    assert verdict.pots == (
        PotResult(5, (1, 2), 0, (), (), ()),
        PotResult(30, (1, 2), 0, (), (), (), True),
        PotResult(12, (2,), 0, (), (), (), True),
    )
    assert (verdict.rake, verdict.payouts, verdict.finishing_stacks) == (0, (0, 0, 0), (99, 98, 98))
    assert (verdict.carry_out, verdict.showdown_order) == ((), ())
    # All in before the board is out: still nothing paid, and who will show first is known
    # (SHOW-01: p3, the last aggressor, then clockwise).
    all_in = validate(make_hand([100] * 3, [*DEAL, "p3 cbr 100", "p1 cc", "p2 cc", BOARD[0]]))
    assert all_in.pots == (PotResult(300, (0, 1, 2), 0, (), (), ()),)
    assert (all_in.payouts, all_in.showdown_order) == ((0, 0, 0), (2, 0, 1))


def test_pot_09_a_carried_pot_is_split_in_the_tables_smallest_chip():  # POT-09, POT-08, GEN-13
    # Chips of 5: the board is a royal flush, all three tie; the carried 15 of p1 and p2
    # splits 10 and 5, the odd chip of 5 to p1, first left of the button.
    acts = [*DEAL, "p3 cc", "p1 cc", "p2 cc"]
    for street in ("d db AsKsQs", "d db Js", "d db Ts"):
        acts += [street, *CHECKS]
    acts += ["p1 sm -", "p2 sm -", "p3 sm -"]
    hand = make_hand(
        [100] * 3, acts, blinds=[5, 10, 0], chip_unit=5, carry_in=(CarriedPot(15, (0, 1)),)
    )
    verdict = validate(hand, NO_RAKE)
    assert verdict.violations == ()
    assert verdict.pots == (
        PotResult(30, (0, 1, 2), 0, (0, 1, 2), (10, 10, 10), ()),
        PotResult(15, (0, 1), 0, (0, 1), (10, 5), (0,), True),
    )
    assert verdict.finishing_stacks == (110, 105, 100)


def test_pot_09_a_showdown_that_cannot_be_read_is_reported_once_with_a_carried_pot():  # POT-09, HREC-06
    unseen = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc"]
    for street in BOARD:
        unseen += [street, *CHECKS]
    hand = make_hand(
        [100] * 3,
        [*unseen, "p1 sm", "p2 sm ????", "p3 sm ????"],
        carry_in=(CarriedPot(30, (0, 1, 2)),),
    )
    verdict = validate(hand, NO_RAKE)
    assert [(v.code.value, v.message_en) for v in verdict.violations] == [
        (
            "SHOWDOWN_INVALID",
            "Invalid showdown: no hand shown can be read: p2, p3 did not show their cards",
        )
    ]
    # Issue 38 §2: until the floor records who took them, nobody is paid either pot (the
    # engine never invents the award; before, it split both between the two who showed).
    assert [(pot.winners, pot.shares) for pot in verdict.pots] == [((), ()), ((), ())]
    assert verdict.unread_pots == (0, 1)
    assert verdict.finishing_stacks == (98, 98, 98)


def test_oq_48_when_every_contender_mucks_the_pot_is_paid_to_nobody():  # OQ-48, SHOW-03, SHOW-14
    # Nobody claims the pot: the verdict is invalid (the floor decides) and, until the
    # floor records who took it, the engine pays it to nobody (issue 38 §2; before, it
    # gave it to the last hand thrown away). With the floor's award, it goes there.
    showdown = [*DEAL, "p3 cc", "p1 cc", "p2 cc"]
    for street in BOARD:
        showdown += [street, *CHECKS]
    for order in ((1, 2, 3), (3, 1, 2), (2, 3, 1)):
        verdict = validate(make_hand([100] * 3, showdown + [f"p{p} sm" for p in order]), NO_RAKE)
        assert [v.code.value for v in verdict.violations] == ["SHOWDOWN_INVALID"]
        assert verdict.pots[0].winners == () and verdict.finishing_stacks == (98, 98, 98)
    awarded = make_hand(
        [100] * 3, showdown + ["p1 sm", "p2 sm", "p3 sm"], awards=(PotAward(0, (1,)),)
    )
    verdict = validate(awarded, NO_RAKE)
    assert verdict.violations == () and verdict.finishing_stacks == (98, 104, 98)


# --- GAME-08, BET-24: an action out of turn, a round closed early, a void ---------------
def _machine(
    acts: list[str], n: int = 3, stacks: list[int] | None = None, **fields: object
) -> Machine:
    hand = make_hand(stacks or [100] * n, acts, **fields)
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    return machine


def test_bet_24_an_action_by_a_player_who_folded_is_ignored():  # BET-24, GAME-08
    machine = _machine([*DEAL, "p3 f", "p3 cc"])
    assert [(v.code.value, v.action) for v in machine.violations] == [("OUT_OF_TURN", 4)]
    assert (machine.actor, machine.stacks, machine.total) == (0, [99, 98, 100], 3)


def test_bet_24_a_player_skipped_who_owed_nothing_has_checked_not_folded():  # BET-24, GAME-08
    # On the flop p1 is first; p2 acts before him: p1 is taken to have checked (he owed
    # nothing) and stays in the hand. Pre-flop the same skip with a bet to answer folds.
    flop = _machine([*PRE, BOARD[0], "p2 cc"])
    assert [(v.code.value, v.action) for v in flop.violations] == [("OUT_OF_TURN", 7)]
    assert (flop.folded, flop.actor) == ([False, False, False], 2)
    owed = _machine([*DEAL, "p3 cbr 6", "p2 cc"])
    assert (owed.folded, owed.actor, owed.total) == ([True, False, False], -1, 13)


def test_hrec_01_an_action_by_the_seat_after_the_last_is_malformed():  # HREC-01
    machine = _machine([*DEAL, "p3 cc"])
    machine.apply(Action.fold(3), 4)
    assert [(v.code.value, v.message_en) for v in machine.violations] == [
        ("MALFORMED", "Malformed hand data: no player p4")
    ]


@pytest.mark.parametrize(
    ("acts", "folded", "total", "first"),
    [
        # Nobody owes anything: p2, who still had his option, is taken to have checked.
        ([*DEAL, "p3 cc", "p1 cc", BOARD[0]], [False, False, False], 6, 0),
        # p2 owed 4 to the raise: he is taken to have folded; p1 had called.
        ([*DEAL, "p3 cbr 6", "p1 cc", BOARD[0]], [False, True, False], 14, 0),
        # Four players, p1 had folded: only those still due to act are closed; p3 and p4
        # go on to the flop.
        (
            [*DEAL, "d dh p4 JhJd", "p3 cbr 6", "p4 cc", "p1 f", BOARD[0]],
            [True, True, False, False],
            15,
            2,
        ),
    ],
)
def test_bet_24_a_board_dealt_with_the_betting_open_closes_the_round(acts, folded, total, first):  # type: ignore[no-untyped-def]  # BET-24, HREC-04
    machine = _machine(acts, n=len(folded))
    assert [v.code.value for v in machine.violations] == ["STREET_INCOMPLETE"]
    assert (machine.folded, machine.total, machine.street) == (folded, total, 1)
    assert machine.actor == first  # the flop's first live player left of the button


def test_misdeal_03_a_void_after_one_player_acted_is_no_fault():  # MISDEAL-03, GAME-06
    # With a straddle p1 acts first pre-flop: one player has acted, the misdeal stands.
    acts = [*DEAL, "p1 cc", "# mesa:void misdeal"]
    verdict = validate(make_hand([100] * 3, acts, blinds=[1, 2, 4]), NO_RAKE)
    assert verdict.violations == ()
    assert (verdict.status.value, verdict.finishing_stacks, verdict.showdown_order) == (
        "void",
        (100, 100, 100),
        (),
    )
    # After the void nobody acts: not the player who would have been next either.
    machine = _machine([*DEAL, "p3 cc", "# mesa:void misdeal", "p1 cc"])
    assert [v.code.value for v in machine.violations] == ["ACTION_AFTER_END"]
    assert machine.stacks == [99, 98, 98]


def test_irreg_03_a_small_blind_who_knew_forfeits_his_one_chip():  # IRREG-03, RUL-34
    acts = ["d dh p1 AhAd", "d dh p2 AhKd", "# mesa:void duplicate_card"]
    verdict = validate(make_hand([100] * 3, acts, forfeits=(0,)), NO_RAKE)
    assert verdict.finishing_stacks == (99, 100, 100)
    assert verdict.carry_out == (CarriedPot(1, (0, 1, 2)),)


def test_hrec_01_the_replay_goes_on_after_an_entry_that_is_not_an_action():  # HREC-01
    hand = make_hand([100] * 3, DEAL)
    acts = (*hand.actions, "p3 cc", Action.fold(7))
    verdict = validate(replace(hand, actions=acts), NO_RAKE)  # type: ignore[arg-type]
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations][:2] == [
        ("MALFORMED", 3, "Malformed hand data: not an action"),
        ("MALFORMED", 4, "Malformed hand data: no player p8"),
    ]


def test_bet_24_an_out_of_turn_action_skips_round_the_table():  # BET-24, GAME-09
    # On the flop p2 bets; p3 is to answer, p1 calls first: p3, who owed the bet, is
    # taken to have folded, the count going past the last seat back to p1.
    machine = _machine([*PRE, BOARD[0], "p1 cc", "p2 cbr 2", "p1 cc"])
    assert [(v.code.value, v.action) for v in machine.violations] == [("OUT_OF_TURN", 9)]
    assert (machine.folded, machine.total, machine.phase) == ([False, False, True], 10, DEALING)


def test_bet_24_an_out_of_turn_raise_that_leaves_nobody_to_answer_is_not_applied():  # BET-24
    # p2 raises before p3 and p1 have acted: both owed, both are taken to have folded,
    # and with nobody left to answer the raise is not put in; p2 wins the blinds, his own
    # blind's 1 beyond p1's uncalled (POT-03).
    machine = _machine([*DEAL, "p2 cbr 6"])
    assert [(v.code.value, v.action) for v in machine.violations] == [("OUT_OF_TURN", 3)]
    assert (machine.folded, machine.stacks, machine.total) == (
        [True, False, True],
        [99, 99, 100],
        2,
    )


def test_show_04_a_hand_shown_and_then_killed_cannot_win():  # SHOW-04, DEAD-01, OQ-48
    # (Its pots leave it out: it is no longer eligible, whatever its cards are worth.)
    acts = [*TO_SHOW_3, "p1 sm AhAd", "p1 f # mesa:dead", "p2 sm KhKd", "p3 sm QhQd"]
    verdict = validate(make_hand([100] * 3, acts), NO_RAKE)
    assert verdict.violations == ()
    assert verdict.finishing_stacks == (98, 104, 98)


def _limped_to_showdown(holes: list[str], shows: list[str], turn: str = "9s"):  # type: ignore[no-untyped-def]
    """Three players limp and check down a board of 2c 3d 8h, ``turn``, Tc."""
    acts = [f"d dh p{i + 1} {cards}" for i, cards in enumerate(holes)]
    acts += ["p3 cc", "p1 cc", "p2 cc"]
    for street in ("d db 2c3d8h", f"d db {turn}", "d db Tc"):
        acts += [street, *CHECKS]
    return validate(make_hand([100] * 3, [*acts, *shows]), NO_RAKE)


def test_hrec_05_a_hole_card_on_the_board_is_not_read_into_the_hand():  # HREC-05, IRREG-03
    # p1 holds the ten of clubs the board shows too: the duplicate is named, and p1's hand
    # (three tens with it) is not read: p2's kings win.
    holes = ["TcTh", "KhKd", "QhQd"]
    verdict = _limped_to_showdown(holes, [f"p{i + 1} sm {h}" for i, h in enumerate(holes)], "5s")
    assert [v.code.value for v in verdict.violations] == ["CARD_DUPLICATE"]
    assert verdict.finishing_stacks == (98, 104, 98)


def test_hrec_05_half_a_hand_shown_is_not_read():  # HREC-05, SHOW-04
    shows = ["p1 sm Ah??", "p2 sm KhKd", "p3 sm QhQd"]
    assert _limped_to_showdown(["????"] * 3, shows).pots[0].winners == (1,)


def test_hrec_05_a_board_card_that_is_no_card_leaves_the_showdown_unread():  # HREC-05
    hand = make_hand([100] * 3, TO_SHOW_3[:-4])  # the river not yet dealt
    river = (Action.deal_board((52,)), *make_hand([100] * 3, CHECKS).actions)
    shows = make_hand([100] * 3, ["p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"]).actions
    verdict = validate(replace(hand, actions=(*hand.actions, *river, *shows)), NO_RAKE)
    assert [(v.code.value, v.message_en) for v in verdict.violations] == [
        ("CARD_INVALID", "Not a card: 52"),
        (
            "SHOWDOWN_INVALID",
            "Invalid showdown: no hand can be read: the five board cards are not known",
        ),
    ]


@pytest.mark.parametrize(
    ("deal", "found"),
    [
        (Action.deal_hole(3, (0, 1)), ("MALFORMED", "Malformed hand data: no player p4")),
        (Action.deal_hole(0, (52, 1)), ("CARD_INVALID", "Not a card: 52")),
        (Action.deal_hole(0, (1, 52)), ("CARD_INVALID", "Not a card: 52")),
        (Action.deal_hole(0, (-5, 1)), ("CARD_INVALID", "Not a card: -5")),
        # What the PHH reader could not read as a card ("Xz"): named as unreadable.
        (Action.deal_hole(0, (INVALID_CARD, 1)), ("CARD_INVALID", "Not a card: ?")),
    ],
)
def test_hrec_05_a_deal_to_no_seat_or_of_no_card_is_named(deal, found):  # type: ignore[no-untyped-def]  # HREC-05, HREC-01
    # Three players dealt in order: the deal that follows is the one in question.
    hand = make_hand([100] * 3, [])
    dealt = make_hand([100] * 3, DEAL).actions
    if deal.player == 0:
        dealt = (deal, *dealt[1:])
    else:
        dealt = (*dealt, deal)
    verdict = validate(replace(hand, actions=dealt), NO_RAKE)
    assert found in [(v.code.value, v.message_en) for v in verdict.violations]


def test_hrec_05_a_card_dealt_face_up_beside_one_face_down_is_seen():  # HREC-05
    # p1's deal records one card and leaves the other unknown: the known one is out of
    # the deck, and the board cannot deal it again.
    hand = make_hand([100] * 3, ["d dh p2 KhKd", "d dh p3 QhQd", *PRE[3:], "d db 2c3d8h"])
    half = Action.deal_hole(0, (UNKNOWN_CARD, 0))  # 0 is the deuce of clubs
    verdict = validate(replace(hand, actions=(half, *hand.actions)), NO_RAKE)
    assert ("CARD_DUPLICATE", "Duplicate card: 2c appears twice") in [
        (v.code.value, v.message_en) for v in verdict.violations
    ]


def test_hrec_05_a_show_of_a_deal_that_held_no_card_is_refused_again():  # HREC-05
    # p1's deal recorded the ace of spades and a card 52 (no card); "p1 sm -" shows the
    # cards dealt: the show is refused for the same card, not read as a hand.
    hand = make_hand([100] * 3, [*TO_SHOW_3, "p1 sm -", "p2 sm KhKd", "p3 sm QhQd"])
    acts = (Action.deal_hole(0, (51, 52)), *hand.actions[1:])
    verdict = validate(replace(hand, actions=acts), NO_RAKE)
    show = len(TO_SHOW_3)
    assert [(v.code.value, v.action) for v in verdict.violations][:2] == [
        ("CARD_INVALID", 0),
        ("CARD_INVALID", show),
    ]


# --- BET-04..BET-11, OQ-06, OQ-03: each bet or raise refused, and how the hand reads it ----
D4 = [*DEAL, "d dh p4 JhJd"]
FLOP = [*PRE, "d db 2c3d8h"]
FL = {"variant": Variant.FIXED_LIMIT}
PL = {"variant": Variant.POT_LIMIT}


@pytest.mark.parametrize(
    ("stacks", "acts", "fields", "found", "state"),
    [
        # More than the stack: refused, and read as all-in (a full raise of 98).
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 150"],
            {},
            ("EXCEEDS_STACK", 3, "p3 bets 150, more than their stack (100)"),
            ([99, 98, 0], 100, 98, 0, 2),
        ),
        # A raise to the bet already made is no raise: read as a call.
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 2"],
            {},
            ("RAISE_BELOW_MINIMUM", 3, "Raise to 2 below the minimum 4"),
            ([99, 98, 98], 2, 2, 0, 1),
        ),
        (
            (100,) * 3,
            [*FLOP, "p1 cbr 2", "p2 cbr 2"],
            {},
            ("RAISE_BELOW_MINIMUM", 8, "Raise to 2 below the minimum 4"),
            ([96, 96, 98], 2, 2, 2, 1),
        ),
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 3"],
            {},
            ("RAISE_BELOW_MINIMUM", 3, "Raise to 3 below the minimum 4"),
            ([99, 98, 97], 3, 2, 0, 2),
        ),
        (
            (100,) * 3,
            [*FLOP, "p1 cbr 1"],
            {},
            ("BET_BELOW_MINIMUM", 7, "Bet of 1 below the minimum 2"),
            ([97, 98, 98], 1, 2, 1, 1),
        ),
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 6", "p1 cbr 8"],
            {},
            ("RAISE_BELOW_MINIMUM", 4, "Raise to 8 below the minimum 10"),
            ([92, 98, 94], 8, 4, 1, 3),
        ),
        # The straddle sets the raise (OQ-06): 4 + 4.
        (
            (100,) * 4,
            [*D4, "p4 cbr 6"],
            {"blinds": [1, 2, 4, 0]},
            ("RAISE_BELOW_MINIMUM", 4, "Raise to 6 below the minimum 8"),
            ([99, 98, 96, 94], 6, 4, 0, 3),
        ),
        # A short all-in does not change the raise that follows (BET-10): 13 + 8.
        (
            (13, 100, 100),
            [*DEAL, "p3 cbr 10", "p1 cbr 13", "p2 cbr 20"],
            {},
            ("RAISE_BELOW_MINIMUM", 5, "Raise to 20 below the minimum 21"),
            ([0, 80, 90], 20, 8, 2, 3),
        ),
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 8"],
            PL,
            ("RAISE_ABOVE_POT", 3, "Bet to 8 above the pot limit: maximum 7"),
            ([99, 98, 92], 8, 6, 0, 2),
        ),
        # From the small blind, who has 1 in: call 1, then the pot of 6 (BET-07).
        (
            (100,) * 3,
            [*DEAL, "p3 cc", "p1 cbr 9"],
            PL,
            ("RAISE_ABOVE_POT", 4, "Bet to 9 above the pot limit: maximum 8"),
            ([91, 98, 98], 9, 7, 1, 2),
        ),
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 6"],
            FL,
            ("LIMIT_SIZE", 3, "In fixed limit the bet must be to 4, not 6"),
            ([99, 98, 94], 6, 2, 0, 2),
        ),
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10"],
            FL,
            ("RAISE_CAP", 6, "Raise cap reached (4 bets): only call or fold"),
            ([94, 92, 90], 10, 2, 0, 5),
        ),
        (
            (100,) * 3,
            [*DEAL, "p3 cbr 27"],
            {"blinds": [5, 10, 0], "chip_unit": 5},
            ("AMOUNT_NOT_CHIP_MULTIPLE", 3, "27 is not a multiple of the smallest chip 5"),
            ([95, 90, 73], 27, 17, 0, 2),
        ),
        # p2's short all-in does not reopen the betting to p3, who raised before it; read
        # as recorded, nobody is left to call p3's 17 more and they come back (POT-03).
        (
            (100, 13, 100),
            [*DEAL, "p3 cbr 10", "p1 f", "p2 cbr 13", "p3 cbr 30"],
            {},
            (
                "ACTION_NOT_REOPENED",
                6,
                "p3 cannot re-raise: a short all-in does not reopen the betting",
            ),
            ([99, 0, 87], 13, 17, -1, 3),
        ),
    ],
    ids=[
        "above the stack",
        "to the bet",
        "to the bet on the flop",
        "short of the raise",
        "short of the bet",
        "short of the re-raise",
        "short of the straddle's raise",
        "short after a short all-in",
        "above the pot",
        "above the pot from the small blind",
        "off the limit",
        "past the cap",
        "off the chip",
        "not reopened",
    ],
)
def test_bet_24_each_bet_refused_is_named_with_its_figures_and_read_as_recorded(  # type: ignore[no-untyped-def]  # BET-24, BET-04, BET-06, BET-07, BET-10, BET-11, OQ-06, GEN-13
    stacks, acts, fields, found, state
):
    hand = make_hand(list(stacks), acts, **fields)
    verdict = validate(hand, NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations][0] == found
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    got = (machine.stacks, machine.current_bet, machine.last_inc, machine.actor, machine.raises)
    assert got == state


def test_bet_11_an_all_in_short_of_the_raise_is_no_fault_and_no_raise():  # BET-11, BET-10
    machine = _machine([*DEAL, "p3 cbr 3"], stacks=[100, 100, 3])
    assert machine.violations == []
    assert (machine.current_bet, machine.last_inc, machine.raises, machine.short_in_round) == (
        3,
        2,
        1,
        True,
    )


# --- SHOW-01..SHOW-09, HREC-05: what a show or a muck at the showdown leaves recorded -------
TO_SHOW_UNSEEN = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", *TO_SHOW_3[3:]]
AH, AD, KD = 50, 49, 45  # poker.cards: rank * 4 + suit (c, d, h, s)


@pytest.mark.parametrize(
    ("acts", "extra", "found", "shown", "muck_order", "seen"),
    [
        # Cards dealt face down are seen when shown: p2 cannot show the ace p1 showed.
        (
            [*TO_SHOW_UNSEEN, "p1 sm AhAd", "p2 sm AhKd"],
            (),
            [("CARD_DUPLICATE", 19, "Duplicate card: Ah appears twice")],
            [(AH, AD), (AH, KD), None],
            [],
            8,
        ),
        # The same cards shown twice: nothing new.
        ([*TO_SHOW_3, "p1 sm AhAd", "p1 sm AhAd"], (), [], [(AH, AD), None, None], [], 11),
        # Half shown, then the other half.
        ([*TO_SHOW_UNSEEN, "p1 sm Ah??", "p1 sm AhAd"], (), [], [(AH, AD), None, None], [], 7),
        # Half shown, then two others: three cards for one hand.
        (
            [*TO_SHOW_UNSEEN, "p1 sm Ah??", "p1 sm KcQc"],
            (),
            [("SHOWDOWN_INVALID", 19, "Invalid showdown: p1 shows Kc, Qc, not the cards dealt")],
            [(AH, UNKNOWN_CARD), None, None],
            [],
            6,
        ),
        (
            [*TO_SHOW_3, "p1 sm AhAdKc"],
            (),
            [("HOLE_CARDS_COUNT", 18, "Player p1 must be dealt exactly 2 cards (3 shown)")],
            [None, None, None],
            [],
            11,
        ),
        (
            TO_SHOW_3,
            (Action.show(0, (52, 1)),),
            [("CARD_INVALID", 18, "Not a card: 52")],
            [None, None, None],
            [],
            11,
        ),
        (
            TO_SHOW_3,
            (Action.show(0, (-5, 1)),),
            [("CARD_INVALID", 18, "Not a card: ?")],
            [None, None, None],
            [],
            11,
        ),
        # A muck said twice is one muck.
        ([*TO_SHOW_3, "p1 sm", "p1 sm"], (), [], [None, None, None], [0], 11),
        # The winner of a hand all others folded may show or not (SHOW-09): nothing to read.
        ([*DEAL, "p3 cbr 6", "p1 f", "p2 f", "p3 sm QhQd"], (), [], [None, None, None], [], 6),
    ],
    ids=[
        "face down, then shown",
        "shown twice",
        "half and half",
        "half and two others",
        "three cards",
        "card 52",
        "a negative card",
        "mucked twice",
        "the uncontested winner shows",
    ],
)
def test_show_04_what_a_show_or_muck_leaves_recorded(acts, extra, found, shown, muck_order, seen):  # type: ignore[no-untyped-def]  # SHOW-04, SHOW-09, HREC-05
    hand = make_hand([100] * 3, acts)
    hand = replace(hand, actions=(*hand.actions, *extra))
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    assert [(v.code.value, v.action, v.message_en) for v in machine.violations] == found
    assert (machine.shown, machine.muck_order, machine.seen.bit_count()) == (
        shown,
        muck_order,
        seen,
    )


# --- GAME-04..GAME-08, OQ-32, OQ-33, OQ-06, OQ-03: the hand as the forced bets leave it ----
@pytest.mark.parametrize(
    ("stacks", "blinds", "antes", "state"),
    [
        # (stacks behind, bets, pot, of which dead, bet to call, raise, raises, first to act,
        #  straddle, who is due to act as a bit mask)
        ((100,) * 3, (1, 2, 0), None, ([99, 98, 100], [1, 2, 0], 3, 0, 2, 2, 1, 2, 0, 0b111)),
        # Antes first, dead money (OQ-33).
        ((100,) * 3, (1, 2, 0), (1, 1, 1), ([98, 97, 99], [1, 2, 0], 6, 3, 2, 2, 1, 2, 0, 0b111)),
        # A stack of 1 posts its ante of 2 as far as it goes: all in, not due to act.
        (
            (1, 100, 100),
            (1, 2, 0),
            (2, 0, 0),
            ([0, 98, 100], [0, 2, 0], 3, 1, 2, 2, 1, 2, 0, 0b110),
        ),
        # A big blind of one chip: the bet to call is 1.
        ((100, 1, 100), (1, 2, 0), None, ([99, 0, 100], [1, 1, 0], 2, 0, 1, 2, 1, 2, 0, 0b101)),
        # A live post (a negative entry) is a bet, not a straddle: the order does not move.
        (
            (100,) * 4,
            (1, 2, -2, 0),
            None,
            ([99, 98, 98, 100], [1, 2, 2, 0], 5, 0, 2, 2, 1, 2, 0, 0b1111),
        ),
        # The straddle: 4, the raise is 4 (OQ-06), counted as a raise (OQ-03), p4 first.
        (
            (100,) * 4,
            (1, 2, 4, 0),
            None,
            ([99, 98, 96, 100], [1, 2, 4, 0], 7, 0, 4, 4, 2, 3, 4, 0b1111),
        ),
        # A straddle all in for 3: the bet is 3 and the player after it, p1, is first.
        (
            (100, 100, 100, 3),
            (1, 2, 0, 4),
            None,
            ([99, 98, 100, 0], [1, 2, 0, 3], 6, 0, 3, 4, 2, 0, 3, 0b111),
        ),
        # Equal blinds: the later seat counts as the big blind.
        ((100,) * 3, (2, 2, 0), None, ([98, 98, 100], [2, 2, 0], 4, 0, 2, 2, 1, 2, 0, 0b111)),
        # Heads-up the button, p2, posts the small blind and acts first (OQ-32).
        ((100, 100), (1, 2), None, ([98, 99], [2, 1], 3, 0, 2, 2, 1, 1, 0, 0b11)),
        ((100, 100), (1, 2), (1, 0), ([98, 98], [2, 1], 4, 1, 2, 2, 1, 1, 0, 0b11)),
        # One blind (GAME-04).
        ((100,) * 3, (0, 2, 0), None, ([100, 98, 100], [0, 2, 0], 2, 0, 2, 2, 1, 2, 0, 0b111)),
        # Antes alone: nothing to call, p1 first.
        ((100,) * 3, (0, 0, 0), (1, 1, 1), ([99, 99, 99], [0, 0, 0], 3, 3, 0, 1, 0, 0, 0, 0b111)),
    ],
)
def test_game_04_the_forced_bets_as_they_leave_the_hand(stacks, blinds, antes, state):  # type: ignore[no-untyped-def]  # GAME-04, GAME-05, GAME-06, GAME-08, OQ-32, OQ-33, OQ-06, OQ-03
    hand = make_hand(list(stacks), [], blinds=list(blinds), antes=antes and list(antes))
    m = Machine.from_hand(hand, NO_RAKE)
    got = (m.stacks, m.bets, m.total, m.dead, m.current_bet, m.last_inc, m.raises, m.actor)
    assert (*got, m.straddle, m.pending) == state
    assert m.contrib == m.bets


def test_hrec_02_the_board_run_out_after_an_all_in_moves_the_street_on_the_live_path():  # HREC-02, POT-11
    # All in pre-flop: the dealer runs the board out, and the recorder's street and the
    # dealer's next task follow each card, as in a hand bet street by street.
    hand = make_hand([100] * 3, [*DEAL, "p3 cbr 100", "p1 cc", "p2 cc", *BOARD])
    state = HandState.start(replace(hand, actions=()), NO_RAKE)
    seen = []
    for action in hand.actions:
        state = state.apply(action)
        assert not isinstance(state, Rejected), state
        seen.append((state.street, state.dealer_due))
    assert seen[-4:] == [("preflop", "flop"), ("flop", "turn"), ("turn", "river"), ("river", None)]


@pytest.mark.parametrize(
    ("stacks", "acts", "found"),
    [
        # The turn's big bet is 4: p2's all-in 2 above p1's bet is short of it, and p1,
        # who bet, may not raise again.
        (
            (100, 8, 100),
            [*PRE, BOARD[0], *CHECKS, BOARD[1], "p1 cbr 4", "p2 cbr 6", "p3 cc", "p1 cbr 10"],
            [("ACTION_NOT_REOPENED", 14)],
        ),
        # On the flop the small bet of 2 is the full raise: two short all-ins of 1 above
        # p1's bet add up to it, and p1 may raise again (seed 000 §7.4(10)(c)).
        ((100, 5, 6), [*PRE, BOARD[0], "p1 cbr 2", "p2 cbr 3", "p3 cbr 4", "p1 cbr 6"], []),
    ],
    ids=["turn: short of the big bet", "flop: two shorts make the small bet"],
)
def test_bet_10_in_fixed_limit_the_short_all_ins_are_measured_against_the_streets_bet(  # type: ignore[no-untyped-def]  # BET-10, OQ-09, GAME-02
    stacks, acts, found
):
    hand = make_hand(list(stacks), acts, variant=Variant.FIXED_LIMIT)
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    assert [(v.code.value, v.action) for v in machine.violations] == found


def test_hrec_01_an_entry_that_fails_is_malformed_with_its_error_cut_to_120_characters():  # HREC-01
    class Unreadable(int):
        def __ge__(self, other: object) -> bool:
            raise ValueError("no card " + "x" * 300)

    machine = Machine.from_hand(make_hand([100] * 3, []), NO_RAKE)
    machine.run((Action(ActionKind.DEAL_HOLE, 0, 0, (Unreadable(1), 2)),))
    (violation,) = machine.violations
    detail = ("ValueError: no card " + "x" * 300)[:120]
    assert (violation.code.value, violation.action) == ("MALFORMED", 0)
    assert violation.message_en == f"Malformed hand data: {detail}"
    assert violation.message_es == f"Datos de la mano mal formados: {detail}"


CHECK, CALL = ActionKind.CHECK, ActionKind.CALL


@pytest.mark.parametrize(
    ("stacks", "acts", "extra", "found", "state"),
    [
        # A check that owes: refused, and read as the call (BET-05).
        (
            (100,) * 3,
            DEAL,
            [(CHECK, 2)],
            [("CHECK_NOT_ALLOWED", 3, "p3 cannot check: 2 to call")],
            ([99, 98, 98], [1, 2, 2], 0),
        ),
        # ... of what the stack holds: all in for 1 (BET-11).
        (
            (100, 100, 1),
            DEAL,
            [(CHECK, 2)],
            [("CHECK_NOT_ALLOWED", 3, "p3 cannot check: 1 to call")],
            ([99, 98, 0], [1, 2, 1], 0),
        ),
        # A call of nothing: refused, and read as the check.
        (
            (100,) * 3,
            FLOP,
            [(CALL, 0)],
            [("CALL_NOT_ALLOWED", 7, "p1 has nothing to call: check instead")],
            ([98, 98, 98], [0, 0, 0], 1),
        ),
        # Calls and the big blind's check, each said as what it is: the round is over.
        ((100,) * 3, DEAL, [(CALL, 2), (CALL, 0), (CHECK, 1)], [], ([98, 98, 98], [2, 2, 2], -1)),
        ((100, 100, 1), DEAL, [(CALL, 2)], [], ([99, 98, 0], [1, 2, 1], 0)),
        # A comment line is kept as a no-op: nothing moves.
        ((100,) * 3, DEAL, [(ActionKind.NOOP, -1)], [], ([99, 98, 100], [1, 2, 0], 2)),
    ],
)
def test_bet_05_an_explicit_check_or_call_is_judged_as_said(stacks, acts, extra, found, state):  # type: ignore[no-untyped-def]  # BET-05, BET-11, HREC-03
    hand = make_hand(list(stacks), acts)
    hand = replace(hand, actions=(*hand.actions, *(Action(k, p) for k, p in extra)))
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    assert [(v.code.value, v.action, v.message_en) for v in machine.violations] == found
    assert (machine.stacks, machine.bets, machine.actor) == state


RIVER = [*PRE, BOARD[0], *CHECKS, BOARD[1], *CHECKS, BOARD[2]]


@pytest.mark.parametrize(
    ("acts", "order"),
    [
        # The river's bettor shows first, then clockwise.
        (
            [
                *RIVER,
                "p1 cc",
                "p2 cbr 2",
                "p3 cc",
                "p1 cc",
                "p2 sm KhKd",
                "p3 sm QhQd",
                "p1 sm AhAd",
            ],
            (1, 2, 0),
        ),
        # Checked down: the first live player left of the button.
        ([*RIVER, *CHECKS, "p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"], (0, 1, 2)),
        # The last raise of the river, the folded player left out.
        (
            [
                *RIVER,
                "p1 cbr 2",
                "p2 cbr 4",
                "p3 cbr 6",
                "p1 f",
                "p2 cc",
                "p3 sm QhQd",
                "p2 sm KhKd",
            ],
            (2, 1),
        ),
        # A bet on the turn does not count when the river is checked.
        (
            [*PRE, BOARD[0], *CHECKS, BOARD[1], "p1 cc", "p2 cbr 2", "p3 cc", "p1 cc", BOARD[2]]
            + [*CHECKS, "p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"],
            (0, 1, 2),
        ),
        # All in pre-flop: the last aggressor, whose round was the last one bet.
        (
            [
                *DEAL,
                "p3 cbr 100",
                "p1 cc",
                "p2 cc",
                *BOARD,
                "p3 sm QhQd",
                "p1 sm AhAd",
                "p2 sm KhKd",
            ],
            (2, 0, 1),
        ),
        # The flop's bettor is not the river's: checked, p1 is first.
        (
            [*DEAL, "p3 cbr 6", "p1 cc", "p2 f", BOARD[0], "p1 cbr 2", "p3 cc", BOARD[1]]
            + ["p1 cc", "p3 cc", BOARD[2], "p1 cc", "p3 cc", "p1 sm AhAd", "p3 sm QhQd"],
            (0, 2),
        ),
    ],
    ids=["river bet", "checked down", "river raise", "turn bet", "all in", "flop bet"],
)
def test_show_01_who_shows_first(acts, order):  # type: ignore[no-untyped-def]  # SHOW-01, OQ-23
    hand = make_hand([100] * 3, acts)
    verdict = validate(hand, NO_RAKE)
    assert verdict.violations == ()
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    assert verdict.showdown_order == machine.showdown_order() == order


@pytest.mark.parametrize(
    ("stacks", "acts", "state"),
    [
        # (phase, actor, due to act, stacks behind, returned, street, pot)
        # The big blind covers everybody: he is not due to act (as PokerKit's effective
        # stack) and p3 is.
        ((1, 100, 1), DEAL, (BETTING, 2, 0b100, [0, 98, 1], [0, 0, 0], 0, 3)),
        # p3 calls all in: nobody can bet any more; the big blind's 1 nobody could call
        # goes back (POT-03) and the board is run out.
        ((1, 100, 1), [*DEAL, "p3 cc"], (SHOWDOWN, -1, 0, [0, 99, 0], [0, 1, 0], 0, 3)),
        # p3 calls his last 2: the big blind's bet already covers what anybody else can
        # put in, so he has no option to use.
        ((1, 100, 2), [*DEAL, "p3 cc"], (SHOWDOWN, -1, 0, [0, 98, 0], [0, 0, 0], 0, 5)),
        # p2 all in, p1 and p3 still have chips: the flop is bet between them.
        (
            (100, 50, 100),
            [*DEAL, "p3 cbr 50", "p1 cc", "p2 cc"],
            (DEALING, -1, 0, [50, 0, 50], [0, 0, 0], 0, 150),
        ),
        (
            (100, 50, 100),
            [*DEAL, "p3 cbr 50", "p1 cc", "p2 cc", BOARD[0]],
            (BETTING, 0, 0b101, [50, 0, 50], [0, 0, 0], 1, 150),
        ),
        # p3 folds to p1's flop bet: the bet comes back, p1 and the all-in p2 show down.
        (
            (100, 50, 100),
            [*DEAL, "p3 cbr 50", "p1 cc", "p2 cc", BOARD[0], "p1 cbr 50", "p3 f"],
            (SHOWDOWN, -1, 0, [50, 0, 50], [50, 0, 0], 1, 150),
        ),
        # Everybody all in pre-flop, p1's raise beyond the largest call returned: the flop
        # has nobody to bet.
        (
            (100, 50, 40),
            [*DEAL, "p3 cbr 40", "p1 cbr 100", "p2 cc", BOARD[0]],
            (SHOWDOWN, -1, 0, [50, 0, 0], [50, 0, 0], 1, 140),
        ),
    ],
    ids=[
        "covered big blind",
        "called all in",
        "called all in to the big blind",
        "flop due",
        "flop bet",
        "flop folded",
        "all in",
    ],
)
def test_game_09_who_is_still_due_to_act_as_the_stacks_allow(stacks, acts, state):  # type: ignore[no-untyped-def]  # GAME-09, POT-03, BET-11
    hand = make_hand(list(stacks), acts)
    m = Machine.from_hand(hand, NO_RAKE)
    m.run(hand.actions)
    assert m.violations == []
    assert (m.phase, m.actor, m.pending, m.stacks, m.returned, m.street, m.total) == state


@pytest.mark.parametrize(
    ("acts", "found"),
    [
        ([*PRE, BOARD[0], *CHECKS], (9, "the turn was not dealt")),
        ([*PRE, BOARD[0], *CHECKS, BOARD[1], *CHECKS], (13, "the river was not dealt")),
        ([*RIVER, "p1 cc"], (15, "p2 is still to act on the river")),
        ([*PRE, BOARD[0], *CHECKS, BOARD[1], "p1 cbr 2"], (11, "p2 is still to act on the turn")),
        # p3 folded; p1 shows, p2 neither shows nor mucks.
        (
            [*DEAL, "p3 f", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cc", BOARD[1], "p1 cc"]
            + ["p2 cc", BOARD[2], "p1 cc", "p2 cc", "p1 sm AhAd"],
            (15, "no show or muck recorded for p2"),
        ),
    ],
)
def test_hrec_04_an_incomplete_hand_says_what_is_missing(acts, found):  # type: ignore[no-untyped-def]  # HREC-04
    verdict = validate(make_hand([100] * 3, acts), NO_RAKE)
    index, what = found
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("HAND_INCOMPLETE", index, f"The hand is incomplete: {what}")
    ]


def test_hrec_05_a_showdown_with_no_cards_recorded_at_all_is_complete_but_unread():  # HREC-05
    # Logged without hole cards and without shows: nothing is missing to settle, but no
    # hand can be read, and the floor reads the cards.
    acts = ["p3 cc", "p1 cc", "p2 cc", BOARD[0], *CHECKS, BOARD[1], *CHECKS, BOARD[2], *CHECKS]
    verdict = validate(make_hand([100] * 3, acts), NO_RAKE)
    assert [(v.code.value, v.message_en) for v in verdict.violations] == [
        (
            "SHOWDOWN_INVALID",
            "Invalid showdown: no hand shown can be read: p1, p2, p3 did not show their cards",
        )
    ]


ALL_IN_3 = [*DEAL, "p3 cbr 100", "p1 cc", "p2 cc"]
SHOW_ALL = ["p3 sm QhQd", "p1 sm AhAd", "p2 sm KhKd"]


@pytest.mark.parametrize(
    ("acts", "found", "finishing"),
    [
        (
            ["# mesa:void misdeal", "d db 2c3d8h"],
            [
                (
                    "ACTION_AFTER_END",
                    1,
                    "Action after the hand ended: board dealt after the hand ended",
                )
            ],
            (100, 100, 100),
        ),
        # A run-out dealt two and two: each deal named, the five cards read, p1's aces win.
        (
            [*ALL_IN_3, "d db 2c3d", "d db 8h9s", "d db Tc", *SHOW_ALL],
            [
                ("BOARD_COUNT", 6, "Wrong number of board cards: 2 cards dealt, 3 expected"),
                ("BOARD_COUNT", 7, "Wrong number of board cards: 2 cards dealt, 1 expected"),
            ],
            (300, 0, 0),
        ),
        # The river repeats a flop card: the board is not five cards, nobody's hand is read,
        # and until the floor records who took the pot nobody is paid (issue 38 §2).
        (
            [*ALL_IN_3, "d db 2c3d8h", "d db 9s", "d db 2c", *SHOW_ALL],
            [
                ("CARD_DUPLICATE", 8, "Duplicate card: 2c appears twice"),
                (
                    "SHOWDOWN_INVALID",
                    None,
                    "Invalid showdown: no hand can be read: the five board cards are not known",
                ),
            ],
            (0, 0, 0),
        ),
    ],
    ids=["in a void hand", "run out two by two", "a card repeated"],
)
def test_hrec_05_a_board_dealt_wrongly_is_named_deal_by_deal(acts, found, finishing):  # type: ignore[no-untyped-def]  # HREC-05
    verdict = validate(make_hand([100] * 3, acts), NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == found
    assert verdict.finishing_stacks == finishing


def test_oq_38_a_killed_big_blind_stays_in_the_pot_when_the_others_fold():  # OQ-38, DEAD-05, POT-03
    # p2's hand is killed before he acts and p3 folds: p1 wins, and p2's blind is a
    # blind, not a bet nobody called: all of it stays in the pot (no 1 returned to p2).
    verdict = validate(make_hand([100] * 3, [*DEAL, "p2 f # mesa:dead", "p3 f"]), NO_RAKE)
    assert verdict.violations == ()
    assert (verdict.finishing_stacks, verdict.uncalled_returned) == ((102, 98, 100), (0, 0, 0))


@pytest.mark.parametrize(
    ("entry", "found"),
    [
        (Action.show(3), [("MALFORMED", 18, "Malformed hand data: no player p4")]),
        (Action.muck(3), [("MALFORMED", 18, "Malformed hand data: no player p4")]),
        (Action.dead(3), [("MALFORMED", 18, "Malformed hand data: no player p4")]),
        (Action.show(-1), [("MALFORMED", 18, "Malformed hand data: no player p0")]),
    ],
    ids=["show", "muck", "kill", "show by seat -1"],
)
def test_hrec_01_a_show_muck_or_kill_by_no_seat_is_malformed(entry, found):  # type: ignore[no-untyped-def]  # HREC-01
    hand = make_hand([100] * 3, TO_SHOW_3)
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run((*hand.actions, entry))
    assert [(v.code.value, v.action, v.message_en) for v in machine.violations] == found
    assert machine.violations[0].message_es.endswith(f"no hay jugador p{entry.player + 1}")


def test_hrec_05_the_cards_of_a_player_never_dealt_show_as_unknown():  # HREC-05, SHOW-04
    # p1's deal was not recorded; at the showdown "p1 sm -" shows what was dealt: two
    # cards nobody knows, not an error of the show (the deal out of order is the fault,
    # and the missing cards are named at the end).
    hand = make_hand([100] * 3, [*DEAL[1:], *TO_SHOW_3[3:], "p1 sm -"])
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    assert [(v.code.value, v.action) for v in machine.violations] == [("DEAL_ORDER", 0)]
    assert machine.shown[0] == (UNKNOWN_CARD, UNKNOWN_CARD)


def test_hrec_01_every_field_of_the_hand_reaches_the_machine():  # HREC-01, POT-09, IRREG-03
    house = MANUAL.with_overrides(rake_bps=150)
    carried = (CarriedPot(20, (0, 1)),)
    hand = make_hand(
        [100, 200, 300], [], blinds=[5, 10, 0], chip_unit=5, carry_in=carried, forfeits=(1,)
    )
    m = Machine.from_hand(hand, house)
    assert (m.variant, m.profile, m.starting, m.min_bet, m.chip_unit) == (
        Variant.NO_LIMIT,
        house,
        (100, 200, 300),
        10,
        5,
    )
    assert (m.carry_in, m.forfeits) == (carried, (1,))
    fl = Machine.from_hand(make_hand([100] * 3, [], variant=Variant.FIXED_LIMIT, small_bet=4))
    assert (fl.small_bet, fl.big_bet, fl.min_bet) == (4, 8, 4)


def test_hrec_02_a_copy_of_the_machine_shares_nothing_that_changes():  # HREC-02
    # The live recorder keeps each state and applies the next action to a copy: the state
    # before must not move.
    hand = make_hand([100] * 3, [*DEAL, "p3 cbr 6"])
    before = Machine.from_hand(hand, NO_RAKE)
    before.run(hand.actions)
    snapshot = deepcopy(_state(before))
    after = before.copy()
    after.run(make_hand([100] * 3, ["p1 cc", "p2 cc", BOARD[0], "p1 cbr 4"]).actions, start=4)
    assert _state(after) != snapshot
    assert _state(before) == snapshot


def test_rake_07_no_flop_no_drop_ends_where_the_flop_is_dealt():  # RAKE-07, POT-03
    house = MANUAL.with_overrides(no_flop_no_drop=True, rake_bps=1000)
    # Won before the flop: no rake. Won on the flop (its three cards out): the 10 % of
    # the 14 in the pot, rounded as the house rounds, p1's 10 nobody called back first.
    preflop = validate(make_hand([100] * 3, [*DEAL, "p3 cbr 6", "p1 f", "p2 f"]), house)
    assert (preflop.rake, preflop.finishing_stacks, preflop.showdown_order) == (
        0,
        (99, 98, 103),
        (),
    )
    flop = [*DEAL, "p3 cbr 6", "p1 cc", "p2 f", BOARD[0], "p1 cbr 10", "p3 f"]
    on_the_flop = validate(make_hand([100] * 3, flop), house)
    assert (on_the_flop.rake, on_the_flop.finishing_stacks, on_the_flop.showdown_order) == (
        1,
        (107, 98, 94),
        (),
    )


def test_dead_01_a_hand_killed_in_turn_passes_the_turn_to_the_next_seat():  # DEAD-01, GAME-08
    # Four players: p3, first to act, is killed in turn; p4 is next, then p1 and p2.
    acts = ["d dh p4 JhJd", "p3 f # mesa:dead", "p4 cc", "p1 cc", "p2 cc"]
    hand = make_hand([100] * 4, [*DEAL, *acts])
    verdict = validate(hand, NO_RAKE)
    assert [v.code.value for v in verdict.violations] == ["HAND_INCOMPLETE"]  # the flop is due
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run(hand.actions)
    assert (machine.phase, machine.folded, machine.total) == (
        DEALING,
        [False, False, True, False],
        6,
    )


def test_pot_09_a_carried_pot_won_by_one_hand_is_recorded_whole():  # POT-09, HREC-06
    acts = [*TO_SHOW_3, "p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"]
    hand = make_hand([100] * 3, acts, carry_in=(CarriedPot(30, (1, 2)),))
    verdict = validate(hand, NO_RAKE)
    assert verdict.violations == ()
    assert verdict.pots[-1] == PotResult(30, (1, 2), 0, (1,), (30,), (), True)
    assert (verdict.finishing_stacks, verdict.showdown_order) == ((104, 128, 98), (0, 1, 2))


def test_pot_02_a_player_all_in_by_his_ante_wins_only_the_antes():  # POT-02, POT-05, OQ-33
    # p1's ante takes his one chip: he is in the hand with nothing in the betting. His
    # aces win the main pot of the antes (1); the 12 p2 and p3 bet are a side pot, p2's.
    acts = [*DEAL, "p3 cbr 6", "p2 cc", BOARD[0], "p2 cc", "p3 cc", BOARD[1], "p2 cc", "p3 cc"]
    acts += [BOARD[2], "p2 cc", "p3 cc", "p2 sm KhKd", "p3 sm QhQd", "p1 sm AhAd"]
    hand = make_hand([1, 100, 100], acts, blinds=[0, 2, 0], antes=[2, 0, 0])
    verdict = validate(hand, NO_RAKE)
    assert verdict.violations == ()
    assert verdict.pots == (
        PotResult(1, (0, 1, 2), 0, (0,), (1,), ()),
        PotResult(12, (1, 2), 0, (1,), (12,), ()),
    )
    assert (verdict.finishing_stacks, verdict.showdown_order) == ((1, 106, 94), (0, 1, 2))


# --- Survivors of the 2026-12-06 run ----------------------------------------------------
# Each test below fails on a mutant of ``poker/machine.py`` that survived that run (checked
# with ``scripts/recheck_survivors.py``); the equivalent ones are listed in docs/testing.md.


def test_hrec_05_a_hole_card_also_on_the_board_is_not_read_whichever_card_it_is():  # HREC-05, SHOW-04
    # As the test above, with the ten of clubs p1's second card, not his first: his hand
    # (three tens with the board's) is not read either, and p2's kings win.
    holes = ["ThTc", "KhKd", "QhQd"]
    verdict = _limped_to_showdown(holes, [f"p{i + 1} sm {h}" for i, h in enumerate(holes)], "5s")
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("CARD_DUPLICATE", 14, "Duplicate card: Tc appears twice")
    ]
    assert verdict.finishing_stacks == (98, 104, 98)


@pytest.mark.parametrize(
    ("dealt", "shown"),
    [((51, 52), (51, UNKNOWN_CARD)), ((52, 51), (UNKNOWN_CARD, 51))],
    ids=["second card", "first card"],
)
def test_hrec_05_a_hand_shown_beside_a_card_52_dealt_is_not_read(dealt, shown):  # type: ignore[no-untyped-def]  # HREC-05, SHOW-04
    # p1's deal recorded the ace of spades and a card 52 (no card); p1 shows the ace and
    # leaves the other unknown: the hand recorded holds the 52 and cannot be read. p2's
    # kings win, not p1's aces.
    acts = [*TO_SHOW_3, "p2 sm KhKd", "p3 sm QhQd"]
    hand = make_hand([100] * 3, ["d dh p1 AsAd", *acts[1:]])
    hand = replace(hand, actions=(Action.deal_hole(0, dealt), *hand.actions[1:]))
    hand = replace(hand, actions=(*hand.actions, Action.show(0, shown)))
    verdict = validate(hand, NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("CARD_INVALID", 0, "Not a card: 52")
    ]
    assert verdict.pots[0].winners == (1,)
    assert verdict.finishing_stacks == (98, 104, 98)


def test_oq_48_the_only_hand_not_thrown_away_wins_though_it_cannot_be_read():  # OQ-48, SHOW-03
    # Dealt face down: p2 and p3 muck, p1 shows half his hand. No hand can be read, but
    # p1's is the only one not thrown away: it takes the pot, and nothing is wrong.
    verdict = _limped_to_showdown(["????"] * 3, ["p2 sm", "p3 sm", "p1 sm Ah??"])
    assert verdict.violations == ()
    assert verdict.pots == (PotResult(6, (0, 1, 2), 0, (0,), (6,), ()),)
    assert verdict.finishing_stacks == (104, 98, 98)


@pytest.mark.parametrize(
    ("forfeits", "finishing", "carry_out"),
    [
        # The machine built directly (``validate`` and ``HandState`` refuse such a hand
        # first): a forfeit naming no seat keeps nothing, not the last seat's chips.
        ((-1,), (100, 100, 100), ()),
        ((3,), (100, 100, 100), ()),
        # p3, who called, knew of the duplicate: his 2 stay for the next hand.
        ((2,), (100, 100, 98), (CarriedPot(2, (0, 1, 2)),)),
    ],
    ids=["seat -1", "the seat after the last", "p3"],
)
def test_irreg_03_a_void_hand_keeps_only_the_chips_of_a_player_who_forfeits(  # type: ignore[no-untyped-def]  # IRREG-03, RUL-34
    forfeits, finishing, carry_out
):
    machine = _machine(["d dh p1 AhAd", "p3 cc", "# mesa:void duplicate_card"], forfeits=forfeits)
    settlement = machine.settle()
    assert machine.violations == []
    assert (settlement.finishing_stacks, settlement.carry_out) == (finishing, carry_out)


def test_bet_24_an_out_of_turn_action_passes_over_a_player_all_in():  # BET-24, BET-11
    # p4 called his last 2 pre-flop. On the flop p2 bets, p3 is to answer and p1 calls
    # first: p3, who owed the bet, is taken to have folded; p4, all in, is passed over
    # and stays in the hand for the pot he called (the 8 of the pre-flop).
    acts = [*D4, "p3 cc", "p4 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cbr 2", "p1 cc"]
    machine = _machine(acts, n=4, stacks=[100, 100, 100, 2])
    assert [(v.code.value, v.action) for v in machine.violations] == [("OUT_OF_TURN", 11)]
    assert (machine.folded, machine.live_count, machine.phase, machine.total) == (
        [False, False, True, False],
        3,
        DEALING,
        12,
    )


def test_bet_24_a_player_skipped_who_owed_nothing_is_done_for_the_round():  # BET-24, GAME-09
    # On the flop p1 checks and p3 checks before p2: p2 is taken to have checked, and
    # with every player's check in the round is over; the turn is due, nobody to act.
    machine = _machine([*PRE, BOARD[0], "p1 cc", "p3 cc"])
    assert [(v.code.value, v.action) for v in machine.violations] == [("OUT_OF_TURN", 8)]
    assert (machine.folded, machine.phase, machine.actor, machine.pending, machine.total) == (
        [False, False, False],
        DEALING,
        -1,
        0,
        6,
    )


@pytest.mark.parametrize("entry", ["p2 f", "p2 cbr 6"], ids=["fold", "raise"])
def test_bet_24_an_out_of_turn_action_by_the_last_player_left_is_not_applied(entry):  # type: ignore[no-untyped-def]  # BET-24, POT-03
    # p2 acts before p3 and p1, who both owed and are taken to have folded: p2 has won,
    # and his own action is not applied after that. Not his fold (nobody would be left),
    # nor his raise (whose 5 above the blinds would be returned as uncalled): the 1 of
    # his blind beyond p1's comes back, the blinds' 2 are his.
    verdict = validate(make_hand([100] * 3, [*DEAL, entry]), NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("OUT_OF_TURN", 3, "Out of turn: p3 is to act, p2 acted")
    ]
    assert verdict.pots == (PotResult(2, (1,), 0, (1,), (2,), ()),)
    assert (verdict.finishing_stacks, verdict.uncalled_returned) == ((99, 101, 100), (0, 1, 0))


def test_hrec_05_a_river_after_a_turn_of_two_cards_is_refused():  # HREC-05, HREC-02
    # The turn brings two cards: the board already holds five, and the river is refused
    # (on the inline path as in ``apply``), not read as a sixth card and a fourth street.
    acts = [*PRE, BOARD[0], *CHECKS, "d db 9s5s", *CHECKS, "d db Tc"]
    verdict = validate(make_hand([100] * 3, acts), NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("BOARD_COUNT", 10, "Wrong number of board cards: 2 cards dealt, 1 expected"),
        ("BOARD_COUNT", 14, "Wrong number of board cards: more than five board cards"),
        ("HAND_INCOMPLETE", 14, "The hand is incomplete: the river was not dealt"),
    ]
    machine = _machine(acts)
    assert (len(machine.board), machine.street, machine.phase) == (5, 2, DEALING)


def test_bet_07_the_pot_limit_never_falls_below_the_minimum_bet():  # BET-07, BET-04
    # Antes alone (3 in the pot) and a minimum bet of 5: the pot is less than the minimum
    # bet, and the largest bet allowed is the minimum, 5, not the pot's 3. The recorder
    # offers 5 to 5, and a bet of 5 is no fault.
    setup = {"blinds": [0, 0, 0], "antes": [1, 1, 1], "min_bet": 5, "variant": Variant.POT_LIMIT}
    state = HandState.start(make_hand([100] * 3, [], **setup), NO_RAKE)
    options = state.options()
    assert (options.player, options.is_bet, options.min_to, options.max_to) == (0, True, 5, 5)
    verdict = validate(make_hand([100] * 3, ["p1 cbr 5", "p2 f", "p3 f"], **setup), NO_RAKE)
    assert verdict.violations == ()
    assert verdict.finishing_stacks == (102, 99, 99)


def test_show_04_half_a_hand_shown_then_the_other_half_when_the_first_is_the_deuce_of_clubs():  # SHOW-04, HREC-05
    # As "half and half" above, with the deuce of clubs (card 0) the half shown first: it
    # is known from the first show, so the second adds only the ace, and the deuce is not
    # seen twice.
    acts = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc"]
    for street in ("d db 9c3d8h", "d db 9s", "d db Tc"):
        acts += [street, *CHECKS]
    machine = _machine([*acts, "p1 sm 2c??", "p1 sm 2cAh"])
    assert machine.violations == []
    assert (machine.shown, machine.seen.bit_count()) == ([(0, AH), None, None], 7)


def test_hrec_01_a_deal_to_no_seat_is_named_in_both_languages():  # HREC-01
    hand = make_hand([100] * 3, DEAL)
    hand = replace(hand, actions=(*hand.actions, Action.deal_hole(3, (0, 1))))
    verdict = validate(hand, NO_RAKE)
    got = [(v.code.value, v.action, v.message_es, v.message_en) for v in verdict.violations]
    assert got[0] == (
        "MALFORMED",
        3,
        "Datos de la mano mal formados: no hay jugador p4",
        "Malformed hand data: no player p4",
    )


def test_pot_03_a_bet_everybody_folds_to_comes_back_whole():  # POT-03
    # p1 bets 2 on the flop and both fold: all 2 come back (nobody put in anything on the
    # flop), and the pot p1 wins is the 6 of the pre-flop.
    verdict = validate(make_hand([100] * 3, [*FLOP, "p1 cbr 2", "p2 f", "p3 f"]), NO_RAKE)
    assert verdict.violations == ()
    assert verdict.uncalled_returned == (2, 0, 0)
    assert verdict.pots == (PotResult(6, (0,), 0, (0,), (6,), ()),)
    assert verdict.finishing_stacks == (104, 98, 98)


def test_show_04_half_a_hand_shown_as_its_second_card_is_read_as_shown():  # SHOW-04, HREC-05
    # "p1 sm ??Ah": the first card still unknown, the second the ace of hearts, which is
    # now seen; then "p1 sm AdAh" adds the ace of diamonds.
    half = _machine([*TO_SHOW_UNSEEN, "p1 sm ??Ah"])
    assert half.violations == []
    assert (half.shown, half.seen.bit_count()) == ([(AH, UNKNOWN_CARD), None, None], 6)
    whole = _machine([*TO_SHOW_UNSEEN, "p1 sm ??Ah", "p1 sm AdAh"])
    assert whole.violations == []
    assert (whole.shown, whole.seen.bit_count()) == ([(AH, AD), None, None], 7)


def test_pot_03_a_big_blind_who_folds_himself_gets_back_what_nobody_could_call():  # POT-03, OQ-38
    # p1 is all in for his small blind of 1, p3 folds, and p2 folds his big blind rather
    # than check: his own fold, not a hand killed (OQ-38), so the 1 of his blind that p1
    # could not call comes back to him. p1 wins the 2 he could contest.
    verdict = validate(make_hand([1, 100, 100], [*DEAL, "p3 f", "p2 f"]), NO_RAKE)
    assert verdict.violations == ()
    assert verdict.uncalled_returned == (0, 1, 0)
    assert verdict.pots == (PotResult(2, (0,), 0, (0,), (2,), ()),)
    assert verdict.finishing_stacks == (2, 99, 100)


def test_hrec_06_a_raise_everybody_folds_to_leaves_the_recorder_its_called_part():  # HREC-06, POT-03, POT-11
    # p3 raises to 6 and both blinds fold: the 4 nobody called go back, and the recorder
    # shows p3's bet as the 2 called and the pot as the 5 he wins.
    state = HandState.start(make_hand([100] * 3, [*DEAL, "p3 cbr 6", "p1 f", "p2 f"]), NO_RAKE)
    assert (state.stacks, state.bets, state.pots()) == ((99, 98, 98), (1, 2, 2), ((5, (2,)),))


def test_hrec_05_a_card_dealt_after_a_card_52_is_still_seen():  # HREC-05
    # p1's deal records a card 52 (no card) and the deuce of clubs: the 52 is named, and
    # the deuce is out of the deck all the same, so the flop cannot deal it again.
    hand = make_hand([100] * 3, ["d dh p2 KhKd", "d dh p3 QhQd", *PRE[3:], "d db 2c3d8h"])
    dealt = Action.deal_hole(0, (52, 0))  # 0 is the deuce of clubs
    verdict = validate(replace(hand, actions=(dealt, *hand.actions)), NO_RAKE)
    got = [(v.code.value, v.action, v.message_en) for v in verdict.violations]
    assert got[:2] == [
        ("CARD_INVALID", 0, "Not a card: 52"),
        ("CARD_DUPLICATE", 6, "Duplicate card: 2c appears twice"),
    ]


def test_bet_24_an_out_of_turn_check_after_a_kill_wins_when_the_player_skipped_folds():  # BET-24, DEAD-01, OQ-38
    # p1's hand is killed before anybody acts; p2 checks before p3, who owed 2 and is taken
    # to have folded: p2 has won, and the count round the table stops there (p1, killed,
    # is passed over). p1's blind stays in the pot (OQ-38); p2's 1 beyond it comes back.
    verdict = validate(make_hand([100] * 3, [*DEAL, "p1 f # mesa:dead", "p2 cc"]), NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("OUT_OF_TURN", 4, "Out of turn: p3 is to act, p2 acted")
    ]
    assert verdict.pots == (PotResult(2, (1,), 0, (1,), (2,), ()),)
    assert (verdict.finishing_stacks, verdict.uncalled_returned) == ((99, 101, 100), (0, 1, 0))


def test_bet_24_the_count_round_the_table_stops_where_the_hand_is_won():  # BET-24, DEAD-01, RUL-30
    # Four players: p3 raises to 6, and the floor kills p1's hand and then p3's (his 4
    # beyond the blinds come back, RUL-30). p2 checks before p4, who owed 2 and is taken
    # to have folded: p2 has won, and p1, killed, is not folded a second time on the way
    # round to p2. The pot is p1's 1 and the 2 each of p2 and p3.
    acts = [*D4, "p3 cbr 6", "p1 f # mesa:dead", "p3 f # mesa:dead", "p2 cc"]
    verdict = validate(make_hand([100] * 4, acts), NO_RAKE)
    assert [(v.code.value, v.action, v.message_en) for v in verdict.violations] == [
        ("OUT_OF_TURN", 7, "Out of turn: p4 is to act, p2 acted")
    ]
    assert verdict.pots == (PotResult(5, (1,), 0, (1,), (5,), ()),)
    assert verdict.finishing_stacks == (99, 103, 98, 100)
    assert verdict.uncalled_returned == (0, 0, 4, 0)


def test_bet_04_a_bet_of_nothing_is_refused_as_a_bet_and_read_as_a_check():  # BET-04, BET-24
    # On the flop, nothing bet, p1's bet is recorded as "to 0": a bet below the minimum of
    # 2 (not a raise), in both languages, and read as his check; p2 is next.
    hand = make_hand([100] * 3, FLOP)
    machine = Machine.from_hand(hand, NO_RAKE)
    machine.run((*hand.actions, Action.bet_raise(0, 0)))
    assert [(v.code.value, v.action, v.message_es, v.message_en) for v in machine.violations] == [
        (
            "BET_BELOW_MINIMUM",
            7,
            "Apuesta de 0 menor que el mínimo 2",
            "Bet of 0 below the minimum 2",
        )
    ]
    assert (machine.stacks, machine.bets, machine.actor) == ([98, 98, 98], [0, 0, 0], 1)


@pytest.mark.parametrize(
    ("acts", "phase"),
    [
        (PRE, DEALING),
        ([*DEAL, "p3 cbr 100", "p1 cc", "p2 cc"], SHOWDOWN),
        ([*DEAL, "p3 cbr 6", "p1 f", "p2 f"], OVER),
        ([*DEAL, "# mesa:void misdeal"], VOID),
    ],
    ids=["the flop due", "all in", "won by folds", "void"],
)
def test_hrec_04_nobody_is_to_act_outside_a_betting_round(acts, phase):  # type: ignore[no-untyped-def]  # HREC-04
    machine = _machine(acts)
    assert (machine.phase, machine.next_actor()) == (phase, -1)


def test_bet_06_a_raise_to_the_bet_already_made_is_one_fault_and_read_as_the_call():  # BET-06, BET-24
    # p3 "raises" to the big blind's 2: the raise is refused, and he is read as calling,
    # which he owed: no second fault for checking what he had to call.
    machine = _machine([*DEAL, "p3 cbr 2"])
    assert [(v.code.value, v.action, v.message_en) for v in machine.violations] == [
        ("RAISE_BELOW_MINIMUM", 3, "Raise to 2 below the minimum 4")
    ]
    assert (machine.stacks, machine.bets, machine.actor) == ([99, 98, 98], [1, 2, 2], 0)


# ---------------------------------------------------------------- the 2026-12-06 resumed run
# Written from the survivors of `_bet_raise` reached after 22:15 UTC (docs/testing.md).


def test_bet_02_a_smallest_chip_of_two_flags_an_odd_raise():  # BET-02, GEN-05
    # A room whose smallest chip is 2: a raise to 21 cannot be made in chips, 20 can.
    odd = make_hand([100] * 3, ["p3 cbr 21"], blinds=[2, 4, 0], chip_unit=2)
    even = make_hand([100] * 3, ["p3 cbr 20"], blinds=[2, 4, 0], chip_unit=2)
    assert validate(odd, NO_RAKE).violations[0].code == Code.AMOUNT_NOT_CHIP_MULTIPLE
    assert [v.code for v in validate(even, NO_RAKE).violations] == [Code.HAND_INCOMPLETE]


def test_bet_10_an_all_in_of_exactly_a_full_raise_reopens_the_betting():  # BET-10, OQ-09
    # C raises to 100 (90 over the big blind); A's whole stack of 190 raises by exactly 90,
    # a full raise though all-in: B may raise over it and C, the last aggressor, may raise
    # again from 280, also where a short all-in would leave only call or fold (004's rule).
    acts = ["p3 cbr 100", "p1 cbr 190", "p2 cc"]
    no_reraise = NO_RAKE.with_overrides(short_allin_reopen=ShortAllInReopen.NO_RERAISE)
    for profile in (NO_RAKE, no_reraise):
        opened = make_hand([190, 1000, 1000], acts, blinds=[5, 10, 0])
        options = HandState.start(opened, profile).options()
        assert options is not None and options.player == 2
        assert options.reopened and options.can_bet_or_raise and options.min_to == 280
        again = make_hand([190, 1000, 1000], [*acts, "p3 cbr 400"], blinds=[5, 10, 0])
        assert [v.code for v in validate(again, profile).violations] == [Code.HAND_INCOMPLETE]
        over = make_hand([190, 1000, 1000], [*acts[:2], "p2 cbr 400"], blinds=[5, 10, 0])
        assert [v.code for v in validate(over, profile).violations] == [Code.HAND_INCOMPLETE]
