"""Engine requirements proven through the public entry points (issue 16 §5).

Each test names the requirement it proves and goes through what the hand recorder
uses: ``poker.validate.validate`` for a recorded hand, ``poker.state.HandState`` for
the live recorder, ``poker.irregularities.decide`` for a declared irregularity.
Hands: three players of 100 (p1 small blind 1, p2 big blind 2, p3 the button) unless
a case says otherwise; no rake, so the pots are the chips put in.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest

from poker.cards import parse_cards
from poker.irregularities import (
    BurnError,
    HandContext,
    Irregularity,
    IrregularityKind,
    Outcome,
    decide,
    irregularity_actions,
)
from poker.model import Action, Street, Variant
from poker.profiles import MANUAL
from poker.state import HandState, Rejected
from poker.validate import Status
from tests.poker.engine_helpers import NO_RAKE, actions, check, codes, make_hand

RANKS = "23456789TJQKA"  # lowest first


def _one(line: str, n: int = 3) -> Action:
    (action,) = actions([line], n)
    return action


def _step(state: HandState, line: str) -> HandState:
    result = state.apply(_one(line, len(state.stacks)))
    assert not isinstance(result, Rejected), (line, result.violations)
    return result


def _refused(state: HandState, line: str) -> list[str]:
    result = state.apply(_one(line, len(state.stacks)))
    assert isinstance(result, Rejected), line
    return [v.code.value for v in result.violations]


def _checked_down(holes: Sequence[str], board: str) -> list[str]:
    """Every player calls the big blind and checks to the river; all show (p1 first)."""
    n = len(holes)
    deal = [f"d dh p{i + 1} {cards}" for i, cards in enumerate(holes)]
    # Heads-up the button (p2) posts the small blind and acts first pre-flop (OQ-32).
    pre = [2, 1] if n == 2 else [*range(3, n + 1), 1, 2]
    out = deal + [f"p{p} cc" for p in pre]
    streets = [board[:6], board[6:8], board[8:10]]
    for cards in streets:
        out.append(f"d db {cards}")
        out += [f"p{p} cc" for p in range(1, n + 1)]
    out += [f"p{i + 1} sm {cards}" for i, cards in enumerate(holes)]
    return out


def _showdown_winners(holes: Sequence[str], board: str) -> tuple[int, ...]:
    verdict = check(make_hand([100] * len(holes), _checked_down(holes, board)))
    assert verdict.valid, verdict.violations
    (pot,) = verdict.pots
    return pot.winners


# --- GAME-02: the flow of a hand ---------------------------------------------------------

DEAL_3 = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]


def test_game_02_hand_flow_two_hole_cards_four_rounds_flop_turn_river():
    """GAME-02: two hole cards each, then pre-flop, flop (3 cards), turn (1), river (1)."""
    state = HandState.start(make_hand([100] * 3), NO_RAKE)
    assert "HOLE_CARDS_COUNT" in _refused(state, "d dh p1 AhAdAc")  # three cards: refused
    state = _step(state, DEAL_3[0])
    assert state.dealer_due == "hole"  # the deal goes on before any betting
    assert "HOLE_CARDS_COUNT" in _refused(state, "d dh p2 Kh")  # one card: refused
    for line in DEAL_3[1:]:
        state = _step(state, line)
    seen = []
    pre_flop, after_flop = ["p3 cc", "p1 cc", "p2 cc"], ["p1 cc", "p2 cc", "p3 cc"]
    for street, betting, cards, wrong in [
        ("flop", pre_flop, "2c7d9h", "2c7d"),  # the round before it, the cards, a wrong size
        ("turn", after_flop, "Js", "JsJc"),
        ("river", after_flop, "4s", "4s5s"),
    ]:
        assert state.dealer_due is None and state.turn is not None  # a betting round is open
        assert "STREET_INCOMPLETE" in _refused(state, f"d db {cards}")  # board before it closes
        for line in betting:
            state = _step(state, line)
        assert state.dealer_due == street
        assert "BOARD_COUNT" in _refused(state, f"d db {wrong}")  # wrong number of cards
        state = _step(state, f"d db {cards}")
        seen.append((state.street, len(state.board)))
    assert seen == [("flop", 3), ("turn", 4), ("river", 5)]
    for line in ["p1 cc", "p2 cc", "p3 cc"]:  # the fourth betting round: the river
        state = _step(state, line)
    assert state.at_showdown and state.dealer_due is None
    assert "BOARD_COUNT" in _refused(state, "d db 5s")  # no sixth community card


@pytest.mark.parametrize(
    ("case", "holes", "board", "winners"),
    [
        # Both hole cards: aces over the board's nothing beat kings.
        ("GAME-02-two-hole-cards", ["AhAd", "KhKd"], "2c7d9hJs4s", (0,)),
        # One hole card: p1's ace makes a pair of aces with the board's ace; p2's Q-J
        # plays only as kickers to the board's A-K.
        ("GAME-02-one-hole-card", ["Ac3d", "QhJc"], "AsKs7d4c9h", (0,)),
        # None: the board is a broadway straight; both play the board and split.
        ("GAME-02-playing-the-board", ["2c3d", "4h5h"], "AsKsQdJcTh", (0, 1)),
    ],
)
def test_game_02_best_five_of_seven_using_two_one_or_no_hole_cards(case, holes, board, winners):
    assert _showdown_winners(holes, board) == winners, case


# --- GAME-03: card order -----------------------------------------------------------------


def _pair_case(high: str) -> tuple[list[str], str]:
    """A pocket pair of ``high`` against one rank lower; a board that pairs neither and
    makes no straight or flush with either hand."""
    low = RANKS[RANKS.index(high) - 1]
    others = [r for r in RANKS if r not in (high, low)]
    for ranks in combinations(others, 5):
        for extra in (high, low):
            have = set(ranks) | {extra}
            windows = ["A2345"] + [RANKS[i : i + 5] for i in range(9)]
            if any(set(w) <= have for w in windows):
                break
        else:
            board = "".join(r + s for r, s in zip(ranks, "cdcds", strict=True))
            return [f"{high}h{high}s", f"{low}h{low}s"], board
    raise AssertionError(high)


@pytest.mark.parametrize("high", list(RANKS[1:]))
def test_game_03_each_rank_beats_the_one_below(high):
    """GAME-03: A, K, Q, J, 10, ..., 3 each beat the next rank down (a pair of each)."""
    holes, board = _pair_case(high)
    assert _showdown_winners(holes, board) == (0,)
    assert _showdown_winners(holes[::-1], board) == (1,)  # whichever seat holds it


@pytest.mark.parametrize(
    ("case", "holes", "board", "winners"),
    [
        # The ace plays low in 5-4-3-2-A: a straight, beating three nines.
        ("GAME-03-wheel-is-a-straight", ["Ah2c", "9h9d"], "3d4s5h9cKd", (0,)),
        # ... and it is the lowest straight: six-high beats it.
        ("GAME-03-wheel-is-the-lowest-straight", ["Ah2c", "6h2d"], "3d4s5h9cKd", (1,)),
        # The ace does not wrap round: Q-K-A-2-3 is no straight; a pair of fours wins.
        ("GAME-03-no-wrap-round", ["QhKc", "4h4d"], "Ad2s3h8c9d", (1,)),
        # All suits are equal: the same ranks in other suits tie and split.
        ("GAME-03-suits-are-equal", ["AhKh", "AdKd"], "2c7s9hJs4c", (0, 1)),
    ],
)
def test_game_03_ace_low_straight_and_equal_suits(case, holes, board, winners):
    assert _showdown_winners(holes, board) == winners, case


# --- GAME-11: check-raise ----------------------------------------------------------------

PREFLOP_CALLED = [*DEAL_3, "p3 cc", "p1 cc", "p2 cc", "d db 2c7d9h"]


@pytest.mark.parametrize(
    ("variant", "bet", "raise_to"),
    [(Variant.NO_LIMIT, 4, 12), (Variant.POT_LIMIT, 4, 12), (Variant.FIXED_LIMIT, 2, 4)],
)
def test_game_11_check_raise_is_allowed_in_every_game(variant, bet, raise_to):
    """GAME-11: p1 checks the flop, p2 bets, p3 calls, and p1 may raise."""
    line = [*PREFLOP_CALLED, "p1 cc", f"p2 cbr {bet}", "p3 cc"]
    state = HandState.start(make_hand([100] * 3, line, variant=variant), NO_RAKE)
    opts = state.options()
    assert opts is not None and opts.player == 0  # back to the player who checked
    assert opts.can_bet_or_raise and opts.reopened and not opts.is_bet
    assert opts.min_to is not None and opts.min_to <= raise_to <= (opts.max_to or 0)
    state = _step(state, f"p1 cbr {raise_to}")
    assert state.bets[0] == raise_to
    hand = make_hand([100] * 3, [*line, f"p1 cbr {raise_to}", "p2 f", "p3 f"], variant=variant)
    verdict = check(hand)
    assert verdict.status is Status.VALID, verdict.violations
    assert verdict.payouts == (6 + 3 * bet, 0, 0)
    assert verdict.uncalled_returned == (raise_to - bet, 0, 0)  # the raise nobody called
    # The negative side: having checked, p1 may not check again facing the bet.
    again = make_hand([100] * 3, [*line, "p1 cc # mesa:check"], variant=variant)
    assert "CHECK_NOT_ALLOWED" in codes(check(again))


# --- DEAL-04: turn and river, each after its betting (and a burn) ------------------------


def test_deal_04_turn_and_river_one_card_each_after_the_betting():
    """DEAL-04: the turn comes after the flop betting closes and the river after the turn's,
    one card each; a board dealt early or the wrong size is refused."""
    flop = [*PREFLOP_CALLED, "p1 cc", "p2 cbr 4"]
    early_turn = check(make_hand([100] * 3, [*flop, "d db Js"]))
    assert "STREET_INCOMPLETE" in codes(early_turn)  # p3 and p1 still owe the bet
    closed = [*flop, "p3 cc", "p1 cc"]
    assert "BOARD_COUNT" in codes(check(make_hand([100] * 3, [*closed, "d db JsJc"])))
    turn = [*closed, "d db Js", "p1 cc"]
    early_river = check(make_hand([100] * 3, [*turn, "d db 4s"]))
    assert "STREET_INCOMPLETE" in codes(early_river)
    river = [*turn, "p2 cc", "p3 cc", "d db 4s", "p1 cc", "p2 cc", "p3 cc"]
    shows = ["p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"]
    verdict = check(make_hand([100] * 3, [*river, *shows]))
    assert verdict.status is Status.VALID, verdict.violations
    assert verdict.payouts == (18, 0, 0)


@pytest.mark.parametrize(
    ("case", "burn", "action_on_street", "outcome"),
    [
        ("DEAL-04-no-burn-before-any-action", BurnError.NO_BURN, False, Outcome.CORRECT_BURN),
        (
            "DEAL-04-extra-burn-after-action",
            BurnError.EXTRA_BURN,
            True,
            Outcome.BOARD_STANDS_ADJUST_BURNS,
        ),
    ],
)
def test_deal_04_a_missed_or_extra_burn_is_ruled(case, burn, action_on_street, outcome):
    """DEAL-04: the burn is physical (PHH records no burn card); a burn error the floor
    declares is ruled (RUL-59) and play goes on."""
    context = HandContext(
        street=Street.TURN, players_acted=3, seats=(1, 2, 3), action_on_street=action_on_street
    )
    ruling = decide(Irregularity(IrregularityKind.BURN_ERROR, burn_error=burn), context, MANUAL)
    assert ruling.outcome is outcome, case
    assert Outcome.PLAY_ON in ruling.outcomes and "RUL-59" in ruling.rule_ids


# --- DEAL-08: an absent player's hand is killed at the end of the deal -------------------


def test_deal_08_absent_player_hand_killed_at_end_of_deal_blind_stays_in_pot():
    """DEAL-08 (OQ-38): p2, the big blind, is not at the table when the deal ends: his hand
    is dead, his blind stays in the pot, and he can no longer act."""
    context = HandContext(seats=(1, 2, 3), contributions=((1, 1), (2, 2)), forced=((1, 1), (2, 2)))
    ruling = decide(Irregularity(IrregularityKind.ABSENT_AT_END_OF_DEAL, seat=2), context, MANUAL)
    assert ruling.outcome is Outcome.DEAD_HAND and ruling.dead_seats == (2,)
    assert ruling.refunds == () and "OQ-38" in ruling.requirement_ids
    (killed,) = irregularity_actions(ruling, {1: 0, 2: 1, 3: 2})
    state = HandState.start(make_hand([100] * 3, DEAL_3), NO_RAKE).apply(killed)
    assert not isinstance(state, Rejected), state
    assert state.pots() == ((3, (0, 2)),)  # his 2 in the pot, and he is not eligible
    assert "OUT_OF_TURN" in _refused(state, "p2 cc")
    state = _step(state, "p3 f")
    assert state.settle().payouts == (3, 0, 0)  # p1 wins the blinds, the dead one included


# --- MISDEAL-04: the glossary's simpler version, reconciled with MISDEAL-02 (OQ-17) -------

NO_ACTION = HandContext(
    players_acted=1,
    seats=(1, 2, 3, 4),
    contributions=((1, 5), (2, 10), (3, 30)),
    forced=((1, 5), (2, 10)),
)
TWO_ACTED = HandContext(
    players_acted=2,
    seats=(1, 2, 3, 4),
    contributions=((1, 5), (2, 10), (3, 30), (4, 30)),
    forced=((1, 5), (2, 10)),
)


@pytest.mark.parametrize(
    ("case", "irregularity", "context", "outcome", "cause"),
    [
        (
            "MISDEAL-04-first-or-second-card-seen",
            Irregularity(IrregularityKind.DEALER_EXPOSED_CARD, first_or_second_card=True),
            NO_ACTION,
            Outcome.MISDEAL_REDEAL,
            "MISDEAL-02(a)",
        ),
        (
            # The glossary's "more than two or three": §7.5 applies (OQ-17), two is enough.
            "MISDEAL-04-two-cards-turned-is-a-misdeal",
            Irregularity(IrregularityKind.DEALER_EXPOSED_CARD, cards=2),
            NO_ACTION,
            Outcome.MISDEAL_REDEAL,
            "MISDEAL-02(b)",
        ),
        (
            "MISDEAL-04-third-card-on-becomes-the-burn",
            Irregularity(IrregularityKind.DEALER_EXPOSED_CARD, cards=1),
            NO_ACTION,
            Outcome.REPLACE_CARD_WITH_BURN,
            None,
        ),
        (
            # After action (two players acted) no misdeal at all (MISDEAL-03).
            "MISDEAL-04-not-after-action",
            Irregularity(IrregularityKind.DEALER_EXPOSED_CARD, first_or_second_card=True),
            TWO_ACTED,
            Outcome.PLAY_ON,
            "MISDEAL-02(a)/(b)",
        ),
    ],
)
def test_misdeal_04_glossary_version_where_section_7_5_applies(
    case, irregularity, context, outcome, cause
):
    ruling = decide(irregularity, context, MANUAL)
    assert ruling.outcome is outcome, (case, ruling.outcomes)
    assert ruling.misdeal_cause == cause, case
    misdeal = Outcome.MISDEAL_REDEAL in ruling.outcomes
    assert [a.kind.name for a in irregularity_actions(ruling, {})] == (["VOID"] if misdeal else [])
    if outcome is Outcome.REPLACE_CARD_WITH_BURN:
        assert Outcome.PLAY_ON in ruling.outcomes and "MISDEAL-04" in ruling.requirement_ids


# --- SHOW-02 and POT-01: the best five cards win; identical hands split ------------------


@pytest.mark.parametrize(
    ("case", "holes", "board", "winners"),
    [
        ("SHOW-02-best-hand-wins", ["KhKd", "QhQd", "AhAd"], "2c7d9hJs4s", (2,)),
        # Only five cards count: the board's A-A-K-K-Q plays for everybody; the jack,
        # ten and nine in the hands would be sixth cards: a three-way tie.
        ("SHOW-02-only-five-cards-count", ["Jh2d", "Th2c", "9h3d"], "AcAsKdKhQs", (0, 1, 2)),
        # Identical value in other suits: no suit ranks above another.
        ("SHOW-02-suits-are-equal", ["AhKh", "AdKd", "7h6c"], "2c8s9hJs4c", (0, 1)),
    ],
)
def test_show_02_best_five_card_hand_wins_ties_split(case, holes, board, winners):
    """SHOW-02: the best five-card hand wins; identical values split the pot."""
    assert _showdown_winners(holes, board) == winners, case


def test_show_02_split_pot_is_shared_equally():
    """SHOW-02: a three-way tie of identical value shares a pot of 6 equally, 2 each."""
    holes = ["2h3d", "2c3h", "2d3c"]
    verdict = check(make_hand([100] * 3, _checked_down(holes, "AsKsQdJcTh")))
    assert verdict.valid, verdict.violations
    assert verdict.pots[0].shares == (2, 2, 2) and verdict.payouts == (2, 2, 2)


@pytest.mark.parametrize(
    ("case", "holes", "board", "payouts"),
    [
        ("POT-01-best-hand-takes-the-pot", ["KhKd", "AhAd", "QhQd"], "2c7d9hJs4s", (0, 6, 0)),
        ("POT-01-two-winners-share", ["AhKd", "AdKh", "QhQd"], "Ac7d9hJs4s", (3, 3, 0)),
    ],
)
def test_pot_01_pot_to_the_best_hand_or_shared(case, holes, board, payouts):
    """POT-01: at the end of the betting the pot goes to the best hand; equal hands share."""
    hand = make_hand([100] * 3, _checked_down(holes, board))
    verdict = check(hand)
    assert verdict.valid, verdict.violations
    assert verdict.payouts == payouts, case
    # The live recorder settles the same way.
    assert HandState.start(hand, NO_RAKE).settle().payouts == payouts


# --- SHOW-08: side pots are awarded before the main pot ----------------------------------

# p1 all-in for 20, p2 all-in for 50, p3 covers: a main pot (3 contenders) and a side pot
# (p2 and p3); the rest of p3's bet is not called and goes back.
ALL_IN = ["p3 cbr 100", "p1 cc", "p2 cc", "d db 2c7d9h", "d db Js", "d db 4s"]


def test_show_08_each_pot_goes_to_its_own_contenders_side_pot_first():
    """SHOW-08: the side pot (fewer contenders) is settled on its own, before the main pot:
    p1's aces take the main pot only, p2's kings the side pot."""
    deal = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]
    shows = ["p1 sm AhAd", "p2 sm KhKd", "p3 sm QhQd"]
    verdict = check(make_hand([20, 50, 100], [*deal, *ALL_IN, *shows]))
    assert verdict.valid, verdict.violations
    main, side = verdict.pots  # listed main first
    assert (main.amount, main.eligible, main.winners) == (60, (0, 1, 2), (0,))
    assert (side.amount, side.eligible, side.winners) == (60, (1, 2), (1,))
    assert verdict.payouts == (60, 60, 0) and verdict.uncalled_returned == (0, 0, 50)


def test_show_08_a_side_pot_problem_is_reported_before_the_main_pot():
    """SHOW-08: the order is visible when two pots cannot be paid: nobody's cards can be
    read, and the side pot's problem (p2, p3) comes before the main pot's (p1, p2, p3)."""
    deal = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]
    shows = ["p1 sm ????", "p2 sm ????", "p3 sm ????"]
    verdict = check(make_hand([20, 50, 100], [*deal, *ALL_IN, *shows]))
    problems = [v.message_en for v in verdict.violations if v.code.value == "SHOWDOWN_INVALID"]
    assert len(problems) == 2, verdict.violations
    assert "p2, p3 did not show" in problems[0]
    assert "p1, p2, p3 did not show" in problems[1]


def test_game_03_pair_cases_use_nine_distinct_cards():
    # Guard for the tables above: a case with a repeated card would test nothing.
    for holes, board in [_pair_case(r) for r in RANKS[1:]]:
        cards = parse_cards("".join(holes) + board)
        assert len(set(cards)) == len(cards) == 9
