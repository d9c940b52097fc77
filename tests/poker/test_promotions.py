"""Promotion funds, the pure rules (issue 44): the drop, the bad-beat and high-hand judges,
the split and the re-seed.

The hands are real engine hands: recorded as PHH actions, judged by ``poker.validate``
and read by ``poker.promotions.outcome_of``, as the promotions app will read a stored
hand. Each planted hand names the posted rule it proves.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.cards import format_card, parse_cards
from poker.evaluator import HandCategory, describe, evaluate
from poker.model import UNKNOWN_CARD
from poker.profiles import MANUAL, RuleProfile
from poker.promotions import (
    BPS,
    Candidate,
    CardRole,
    Drop,
    FundKind,
    FundRules,
    HandOutcome,
    HighHandQualified,
    HoleCards,
    NotQualified,
    PotFacts,
    Qualified,
    Reason,
    RulesError,
    SeatOutcome,
    Share,
    Split,
    Ties,
    almost_qualified,
    drop_for_pot,
    hand_floor,
    high_hand_winners,
    judge_bad_beat,
    judge_high_hand,
    outcome_of,
    pay_out,
    played_hand,
    posted_rules,
    pot_refusal,
    reseed,
)
from poker.validate import Status, validate
from tests.poker.engine_helpers import make_hand

RAKED = MANUAL  # 3 % rake, rounded down to the chip (RAKE-07)
NO_RAKE = MANUAL.with_overrides(rake_bps=0)
FOUR_EIGHTS = hand_floor(HandCategory.FOUR_OF_A_KIND, "8")
ACES_FULL_OF_KINGS = hand_floor(HandCategory.FULL_HOUSE, "A", "K")


def bad_beat_rules(**changes: object) -> FundRules:
    """A typical posted bad beat: four eights or better beaten, both hole cards play for
    both hands, four players dealt in, 1.00 from raked pots of 20.00 or more (cents)."""
    fields: dict[str, object] = {
        "kind": FundKind.BAD_BEAT,
        "drop": Drop(amount=100, min_pot=2_000, raked_only=True, flop_required=True),
        "seed": 500_000,
        "split": Split(
            losing_hand_bps=5_000, winning_hand_bps=2_500, table_bps=1_500, reserve_bps=1_000
        ),
        "minimum_hand": FOUR_EIGHTS,
        "hole_cards": HoleCards.BOTH,
        "kickers_play": True,
        "winning_hole_cards": HoleCards.BOTH,
        "min_dealt": 4,
    }
    fields.update(changes)
    return FundRules(**fields)  # type: ignore[arg-type]


def high_hand_rules(**changes: object) -> FundRules:
    fields: dict[str, object] = {
        "kind": FundKind.HIGH_HAND,
        "drop": Drop(share_bps=100, cap=200, min_pot=1_000),
        "seed": 0,
        "split": Split(winning_hand_bps=9_000, reserve_bps=1_000),
        "minimum_hand": ACES_FULL_OF_KINGS,
        "hole_cards": HoleCards.BOTH,
        "min_dealt": 2,
        "showdown_required": False,
        "ties": Ties.SPLIT,
    }
    fields.update(changes)
    return FundRules(**fields)  # type: ignore[arg-type]


def play(
    holes: Sequence[str],
    board: str,
    *,
    folds: Sequence[int] = (),
    river_folds: bool = False,
    profile: RuleProfile = RAKED,
    revised: bool = False,
    **fields: object,
) -> HandOutcome:
    """A hand of len(holes) players (3 or more), blinds 50/100, stacks 100,000 cents.

    Pre-flop, players (PHH numbers, 1-based) in ``folds`` fold and the others call; the
    first live player bets 1,000 on the flop and the others call; then checks, and the
    live players show in the showdown order. ``river_folds``: the river bet is not
    called, so the hand ends without a showdown.
    """
    n = len(holes)
    assert n >= 3
    lines = [f"d dh p{i + 1} {h}" for i, h in enumerate(holes)]
    for i in [*range(2, n), 0, 1]:
        lines.append(f"p{i + 1} {'f' if i + 1 in folds else 'cc'}")
    live = [i for i in range(n) if i + 1 not in folds]
    cards = parse_cards(board)
    flop, turn, river = cards[:3], cards[3:4], cards[4:5]
    lines.append("d db " + "".join(format_card(c) for c in flop))
    lines.append(f"p{live[0] + 1} cbr 1000")
    lines += [f"p{i + 1} cc" for i in live[1:]]
    lines.append("d db " + format_card(turn[0]))
    lines += [f"p{i + 1} cc" for i in live]
    lines.append("d db " + format_card(river[0]))
    if river_folds:
        lines.append(f"p{live[0] + 1} cbr 2000")
        lines += [f"p{i + 1} f" for i in live[1:]]
    else:
        lines += [f"p{i + 1} cc" for i in live]
        lines += [f"p{i + 1} sm {holes[i]}" for i in live]
    hand = make_hand([100_000] * n, lines, blinds=[50, 100] + [0] * (n - 2), **fields)
    verdict = validate(hand, profile)
    return outcome_of(hand, verdict, revised=revised)


# The planted bad beat: seat 1 holds 8s8h for four eights, seat 2 QhKh for a king-high
# straight flush on 8c 8d 9h Th Jh; seats 3 and 4 fold pre-flop.
BEAT = ("8s8h", "QhKh", "2c3d", "4c5d")
BEAT_BOARD = "8c8d9hThJh"


def qualified(result: Qualified | NotQualified) -> Qualified:
    assert isinstance(result, Qualified), result
    return result


def refused(result: object) -> NotQualified:
    assert isinstance(result, NotQualified), result
    return result


# ---------------------------------------------------------------------------
# The bad beat, hand by hand


def test_planted_bad_beat_qualifies_with_the_cards():
    # issue 44: four eights or better beaten, both hole cards play, 4 dealt, showdown
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4))
    assert outcome.status is Status.VALID and outcome.showdown
    result = qualified(judge_bad_beat(bad_beat_rules(), outcome))
    (losing,) = result.losing
    (winning,) = result.winning
    assert losing.seat == 1 and winning.seat == 2
    assert losing.roles == (CardRole.COMBINATION, CardRole.COMBINATION)
    assert describe(losing.value, "en") == "Four of a kind, eights"
    assert describe(winning.value, "en") == "Straight flush, king high"
    assert result.others == (3, 4)  # the table share: the others dealt in, folded too


def test_seats_are_the_recorders_seat_numbers():
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4), seats=(2, 5, 7, 9))
    result = qualified(judge_bad_beat(bad_beat_rules(), outcome))
    assert [h.seat for h in result.losing] == [2]
    assert [h.seat for h in result.winning] == [5]
    assert result.others == (7, 9)


def test_unplayed_hole_card_does_not_qualify():
    # issue 44: both hole cards play — AAAKK made with As and the board; the 2c is idle
    rules = bad_beat_rules(minimum_hand=ACES_FULL_OF_KINGS)
    outcome = play(("Ah2c", "KhKs", "3d4d", "5c6c"), "AsAdKcKd7h", folds=(3, 4))
    result = refused(judge_bad_beat(rules, outcome))
    assert result.reason is Reason.HOLE_CARD_NOT_PLAYING
    assert result.param("seat") == 1
    assert result.param("role") == "losing_hand"
    assert result.param("cards") == "2c"
    assert (result.param("playing"), result.param("required")) == (1, 2)
    assert result.message("en") == (
        "Seat 1, losing hand: the rules require 2 hole cards in the best hand and 1 play; "
        "the same hand is made without 2c."
    )
    assert result.message("es").endswith("la misma mano se forma sin 2c.")
    # The same hand under rules asking for one hole card qualifies.
    one = bad_beat_rules(minimum_hand=ACES_FULL_OF_KINGS, hole_cards=HoleCards.ONE)
    assert [h.seat for h in qualified(judge_bad_beat(one, outcome)).losing] == [1]


def test_kicker_matched_on_the_board_does_not_play():
    # issue 44: an equal best hand can be made without the hole card -> it does not play.
    # Seat 1: 8s Td on 8c 8d 8h 9h Th: four eights, ten kicker, with Td or with Th alike.
    outcome = play(("8sTd", "JhQh", "2c3d", "4c5d"), "8c8d8h9hTh", folds=(3, 4))
    result = refused(judge_bad_beat(bad_beat_rules(), outcome))
    assert result.reason is Reason.HOLE_CARD_NOT_PLAYING
    assert result.param("cards") == "Td"
    hand = played_hand(1, parse_cards("8sTd"), parse_cards("8c8d8h9hTh"))
    assert hand.roles == (CardRole.COMBINATION, CardRole.NOT_PLAYING)


def test_kicker_case_counts_only_when_the_rules_let_kickers_play():
    # issue 44: a wrong kicker — 8s Kd on 8c 8d 8h 9h Th: the king plays, as the kicker.
    outcome = play(("8sKd", "JhQh", "2c3d", "4c5d"), "8c8d8h9hTh", folds=(3, 4))
    hand = played_hand(1, parse_cards("8sKd"), parse_cards("8c8d8h9hTh"))
    assert hand.roles == (CardRole.COMBINATION, CardRole.KICKER)
    assert (hand.playing, hand.making) == (2, 1)
    # Rules where a kicker plays: qualifies.
    assert isinstance(judge_bad_beat(bad_beat_rules(kickers_play=True), outcome), Qualified)
    # Rules where both hole cards must be in the four ("quads need a pocket pair"): not.
    result = refused(judge_bad_beat(bad_beat_rules(kickers_play=False), outcome))
    assert result.reason is Reason.HOLE_CARD_KICKER_ONLY
    assert result.param("cards") == "Kd"
    assert "kicker" in result.message("en")


def test_losing_hand_below_the_minimum():
    # issue 44: minimum losing hand, four eights — four sevens beaten by a straight flush
    outcome = play(("7s7h", "QhKh", "2c3d", "4c5d"), "7c7d9hThJh", folds=(3, 4))
    result = refused(judge_bad_beat(bad_beat_rules(), outcome))
    assert result.reason is Reason.HAND_BELOW_MINIMUM
    assert result.param("minimum_hand") == FOUR_EIGHTS
    assert not almost_qualified(bad_beat_rules(), result)  # not even close
    assert result.message("en") == (
        "Seat 1, losing hand: four of a kind, sevens, kicker jack, below the minimum "
        "(four of a kind, eights or better)."
    )


def test_too_few_players_dealt_in():
    # issue 44: minimum players dealt in (4) — the same cards three-handed
    outcome = play(BEAT[:3], BEAT_BOARD, folds=(3,))
    result = refused(judge_bad_beat(bad_beat_rules(), outcome))
    assert result.reason is Reason.TOO_FEW_PLAYERS
    assert (result.param("dealt"), result.param("minimum")) == (3, 4)
    # a near miss: the cards were a bad beat, shown beside the reason
    assert almost_qualified(bad_beat_rules(), result)
    assert [(h.seat, describe(h.value, "en")) for h in result.hands] == [
        (2, "Straight flush, king high"),
        (1, "Four of a kind, eights"),
    ]
    assert isinstance(judge_bad_beat(bad_beat_rules(min_dealt=3), outcome), Qualified)


def test_no_showdown():
    # issue 44: the hand is played to showdown — the river bet is not called
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4), river_folds=True)
    assert outcome.status is Status.VALID and not outcome.showdown
    assert refused(judge_bad_beat(bad_beat_rules(), outcome)).reason is Reason.NO_SHOWDOWN


def test_revised_hand_does_not_qualify():
    # issue 44: a revision — the record was replaced by a correction (HandCorrection)
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4), revised=True)
    result = refused(judge_bad_beat(bad_beat_rules(), outcome))
    assert result.reason is Reason.HAND_REVISED
    assert almost_qualified(bad_beat_rules(), result)


def test_invalid_hand_does_not_qualify():
    # issue 44: the engine must find the hand valid — here the recorded rake is wrong
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4), rake=1)
    assert outcome.status is Status.INVALID
    result = refused(judge_bad_beat(bad_beat_rules(), outcome))
    assert result.reason is Reason.HAND_NOT_VALID
    assert result.param("status") == "invalid"
    assert "inválida" in result.message("es")


def test_winning_hand_must_play_both_hole_cards_too():
    # issue 44: both hole cards play, for the winning hand as posted. Seat 1's aces full of
    # kings lose to seat 2's four kings, made with Kc alone: the 2d does not play.
    rules = bad_beat_rules(minimum_hand=ACES_FULL_OF_KINGS)
    outcome = play(("AhAs", "Kc2d", "3c4c", "5c6c"), "AdKdKhKs7c", folds=(3, 4))
    result = refused(judge_bad_beat(rules, outcome))
    assert result.reason is Reason.HOLE_CARD_NOT_PLAYING
    assert result.param("role") == "winning_hand"
    assert result.param("cards") == "2d"
    assert "Seat 2, winning hand" in result.message("en")
    # Rules that ask nothing of the winning hand pay it.
    loose = bad_beat_rules(minimum_hand=ACES_FULL_OF_KINGS, winning_hole_cards=HoleCards.ANY)
    assert [h.seat for h in qualified(judge_bad_beat(loose, outcome)).losing] == [1]


def test_pot_that_paid_no_drop_does_not_qualify():
    # issue 44: only raked pots contribute and qualify (drop_pots_only)
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4), profile=NO_RAKE)
    assert refused(judge_bad_beat(bad_beat_rules(), outcome)).reason is Reason.POT_NOT_RAKED
    assert isinstance(judge_bad_beat(bad_beat_rules(drop_pots_only=False), outcome), Qualified)
    # a pot below the posted minimum (20.00): 2,200 cents here, minimum raised to 50.00
    rules = bad_beat_rules(drop=Drop(amount=100, min_pot=5_000))
    result = refused(judge_bad_beat(rules, play(BEAT, BEAT_BOARD, folds=(3, 4))))
    assert result.reason is Reason.POT_BELOW_MINIMUM
    assert (result.param("pot"), result.param("min_pot")) == (2_200, 5_000)
    assert result.message("es", money=lambda u: f"{u // 100},{u % 100:02d}") == (
        "El bote (22,00) no llega al mínimo de 50,00."
    )


def test_a_lower_hand_beaten_too_shares_the_table_share():
    # Seat 3's nines full of eights lose as well; the losing hand is the best one beaten.
    outcome = play(("8s8h", "QhKh", "9s9d", "4c5d"), "8c8d9hThJh", folds=(4,))
    result = qualified(judge_bad_beat(bad_beat_rules(), outcome))
    assert [h.seat for h in result.losing] == [1]
    assert result.others == (3, 4)


def test_only_the_best_hand_beaten_is_the_losing_hand():
    # issue 44: the losing hand is the second-best hand at the table. Seat 1's four eights
    # play the ten of the board, not the Td (an unplayed hole card); seat 3's nines full
    # would meet the rules but is not the losing hand.
    rules = bad_beat_rules(minimum_hand=hand_floor(HandCategory.FULL_HOUSE))
    outcome = play(("8sTd", "JhQh", "9s9d", "4c5d"), "8c8d8h9hTh", folds=(4,))
    result = refused(judge_bad_beat(rules, outcome))
    assert result.reason is Reason.HOLE_CARD_NOT_PLAYING
    assert (result.param("seat"), result.param("cards")) == (1, "Td")


def test_equal_losing_hands_share():
    # Two aces full of kings (each with both hole cards) lose to four queens: both share.
    rules = bad_beat_rules(minimum_hand=ACES_FULL_OF_KINGS)
    outcome = play(("AhKh", "QsQd", "AcKs", "2c3c"), "AsAdKdQcQh", folds=(4,))
    result = qualified(judge_bad_beat(rules, outcome))
    assert [h.seat for h in result.losing] == [1, 3]
    assert [h.seat for h in result.winning] == [2]
    assert result.others == (4,)
    payout = pay_out(
        rules,
        1_000_001,
        losing=[h.seat for h in result.losing],
        winning=[h.seat for h in result.winning],
        others=result.others,
    )
    losing = [a.amount for a in payout.awards if a.share is Share.LOSING_HAND]
    assert losing == [250_000, 250_000]  # 50 % of 1,000,001 = 500,000 (rounded down), halved
    assert payout.paid + payout.reserve == 1_000_001


def test_messages_in_both_languages():
    outcome = play(BEAT[:3], BEAT_BOARD, folds=(3,))
    result = refused(judge_bad_beat(bad_beat_rules(), outcome))
    assert result.message("es") == "Se repartió a 3 jugadores; las reglas piden al menos 4."
    assert result.message("en") == "3 players were dealt in; the rules require at least 4."
    with pytest.raises(ValueError):
        result.message("fr")
    for reason in Reason:  # every code has its two sentences
        assert reason in _messages()


def _messages() -> dict[Reason, tuple[str, str]]:
    from poker.promotions import MESSAGES

    return MESSAGES


# ---------------------------------------------------------------------------
# "A hole card plays", exactly


def test_pocket_pair_in_a_straight_plays_one_card():
    # 9c 9d on 5 6 7 8 2: the straight uses one nine, either: one hole card plays.
    hand = played_hand(1, parse_cards("9c9d"), parse_cards("5h6s7d8c2h"))
    assert hand.playing == 1
    assert hand.roles == (CardRole.NOT_PLAYING, CardRole.NOT_PLAYING)


def test_board_plays():
    hand = played_hand(1, parse_cards("2c3d"), parse_cards("AhKhQhJhTh"))
    assert (hand.playing, hand.making) == (0, 0)


cards7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards7)
def test_a_hole_card_plays_iff_the_hand_is_worse_without_it(cards: list[int]):
    # The definition (docs/promotions.md): a hole card plays when every best five-card
    # hand uses it, i.e. when the best hand of the other six cards is worse.
    hole, board = cards[:2], cards[2:]
    hand = played_hand(1, hole, board)
    value = evaluate(cards)
    assert hand.value == value
    for c, role in zip(hole, hand.roles, strict=True):
        without = evaluate([x for x in cards if x != c])
        assert (role is not CardRole.NOT_PLAYING) == (without < value)
    both = all(r is not CardRole.NOT_PLAYING for r in hand.roles)
    assert (hand.playing == 2) == both
    assert hand.making <= hand.playing
    board_only = max(evaluate(b) for b in _fives(board))
    assert (hand.playing >= 1) == (board_only < value)


def _fives(cards: Sequence[int]) -> list[list[int]]:
    from itertools import combinations

    return [list(c) for c in combinations(cards, 5)]


# ---------------------------------------------------------------------------
# The drop


def test_drop_fixed_amount_from_qualifying_pots():
    rules = bad_beat_rules()  # 1.00 from raked pots of 20.00 or more that saw a flop
    assert drop_for_pot(rules, PotFacts(amount=2_000, rake=60, flop_seen=True)) == 100
    assert drop_for_pot(rules, PotFacts(amount=1_999, rake=59, flop_seen=True)) == 0
    assert drop_for_pot(rules, PotFacts(amount=5_000, rake=0, flop_seen=True)) == 0
    assert drop_for_pot(rules, PotFacts(amount=5_000, rake=150, flop_seen=False)) == 0
    assert pot_refusal(rules, PotFacts(5_000, 150, False)) == NotQualified(Reason.NO_FLOP)
    # never more than the pot holds after the rake
    tiny = bad_beat_rules(drop=Drop(amount=500, raked_only=False))
    assert drop_for_pot(tiny, PotFacts(amount=300, rake=0, flop_seen=True)) == 300


def test_drop_share_rounds_down_to_the_chip():
    # 1 % of the pot after the rake, capped at 2.00, in chips of 0.25 (25 cents).
    rules = high_hand_rules(drop=Drop(share_bps=100, cap=200))
    pot = PotFacts(amount=10_000, rake=300, flop_seen=True, chip_unit=25)
    assert drop_for_pot(rules, pot) == 75  # 1 % of 97.00 = 0.97 -> 0.75 in quarters
    assert drop_for_pot(rules, PotFacts(50_000, 0, True, 25)) == 0  # not raked
    assert drop_for_pot(rules, PotFacts(50_000, 1_500, True, 25)) == 200  # cap
    assert drop_for_pot(rules, PotFacts(50_000, 1_500, True, 1)) == 200


@settings(max_examples=300, deadline=None)
@given(
    amount=st.integers(0, 10**9),
    rake_bps=st.integers(0, 1_000),
    fixed=st.integers(0, 10**6),
    share=st.integers(0, BPS),
    use_share=st.booleans(),
    cap=st.one_of(st.none(), st.integers(0, 10**6)),
    min_pot=st.integers(0, 10**5),
    unit=st.sampled_from([1, 5, 25, 100, 500]),
    flop=st.booleans(),
)
def test_drop_is_exact_never_negative_never_above_the_pot(
    amount, rake_bps, fixed, share, use_share, cap, min_pot, unit, flop
):
    # issue 44: drops exact, never negative
    drop = Drop(
        amount=0 if use_share else fixed,
        share_bps=share if use_share else 0,
        min_pot=min_pot,
        cap=cap,
        raked_only=False,
    )
    rules = high_hand_rules(drop=drop)
    rake = amount * rake_bps // BPS
    got = drop_for_pot(rules, PotFacts(amount, rake, flop, unit))
    assert 0 <= got <= amount - rake
    assert got % unit == 0
    if cap is not None:
        assert got <= cap
    if amount < min_pot:
        assert got == 0
    else:
        ideal = fixed if not use_share else (amount - rake) * share // BPS
        ideal = min(ideal, amount - rake, cap if cap is not None else ideal)
        assert ideal - unit < got <= ideal  # rounded down to the chip, by less than one


# ---------------------------------------------------------------------------
# The split and the re-seed


def test_payout_split_to_the_unit_remainder_to_the_reserve():
    rules = bad_beat_rules()  # 50 / 25 / 15 / 10
    payout = pay_out(rules, 1_234_567, losing=[1], winning=[2], others=[3, 4, 5], unit=100)
    amounts = {(a.share, a.recipient): a.amount for a in payout.awards}
    assert amounts[(Share.LOSING_HAND, 1)] == 617_200  # 617,283 to whole units of 100
    assert amounts[(Share.WINNING_HAND, 2)] == 308_600  # 308,641
    assert amounts[(Share.TABLE, 3)] == amounts[(Share.TABLE, 5)] == 61_700  # 185,185 / 3
    assert payout.paid == 617_200 + 308_600 + 3 * 61_700
    assert payout.reserve == 1_234_567 - payout.paid  # 123,456 reserve share + remainders
    assert dict(payout.shares) == {
        Share.LOSING_HAND: 617_283,
        Share.WINNING_HAND: 308_641,
        Share.TABLE: 185_185,
    }


def test_heads_up_table_share_stays_in_the_fund():
    payout = pay_out(bad_beat_rules(), 100_000, losing=["ana"], winning=["luis"])
    assert payout.paid == 75_000
    assert payout.reserve == 25_000


def test_reseed_tops_up_to_the_seed():
    rules = bad_beat_rules()  # seed 5,000.00
    low = reseed(rules, 120_000)
    assert (low.reserve, low.house_seed, low.balance) == (120_000, 380_000, 500_000)
    high = reseed(rules, 700_000)
    assert (high.house_seed, high.balance) == (0, 700_000)


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(st.integers(0, BPS), min_size=3, max_size=3),
    balance=st.integers(0, 10**12),
    counts=st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 9)),
    unit=st.sampled_from([1, 10, 100, 1_000]),
    seed=st.integers(0, 10**9),
)
def test_split_sums_exactly_and_is_never_negative(parts, balance, counts, unit, seed):
    # issue 44: splits sum exactly, never negative
    a, b, c = sorted(parts)
    split = Split(a, b - a, c - b, BPS - c)
    rules = bad_beat_rules(split=split, seed=seed)
    losing, winning, others = (list(range(n)) for n in counts)
    payout = pay_out(rules, balance, losing=losing, winning=winning, others=others, unit=unit)
    assert payout.paid + payout.reserve == balance
    assert payout.reserve >= balance * split.reserve_bps // BPS
    for award in payout.awards:
        assert award.amount > 0 and award.amount % unit == 0
    for share, amount in payout.shares:
        got = [x.amount for x in payout.awards if x.share is share]
        assert sum(got) <= amount
        assert len(set(got)) <= 1  # equal parts
    after = reseed(rules, payout.reserve)
    assert after.house_seed >= 0 and after.balance == max(seed, payout.reserve)


def test_rules_that_cannot_be_posted():
    with pytest.raises(RulesError) as e:
        Split(5_000, 2_500, 1_500, 999)
    assert e.value.code == "SPLIT_NOT_WHOLE"
    with pytest.raises(RulesError) as e:
        Drop(amount=100, share_bps=100)
    assert e.value.code == "DROP_AMOUNT_AND_SHARE"
    with pytest.raises(RulesError) as e:
        bad_beat_rules(showdown_required=False)
    assert e.value.code == "BAD_BEAT_NEEDS_SHOWDOWN"
    with pytest.raises(RulesError) as e:
        high_hand_rules(split=Split(losing_hand_bps=1_000, winning_hand_bps=9_000))
    assert e.value.code == "HIGH_HAND_SPLIT"
    with pytest.raises(RulesError):
        bad_beat_rules(minimum_hand=-1)
    with pytest.raises(RulesError):
        hand_floor(HandCategory.FOUR_OF_A_KIND, "8", "K", "2")
    with pytest.raises(RulesError):
        judge_bad_beat(high_hand_rules(), play(BEAT, BEAT_BOARD, folds=(3, 4)))


def test_hand_floor_is_the_lowest_hand_of_its_kind():
    assert FOUR_EIGHTS == evaluate(parse_cards("8c8d8h8s2c"))
    assert FOUR_EIGHTS > evaluate(parse_cards("7c7d7h7sAc"))
    assert ACES_FULL_OF_KINGS == evaluate(parse_cards("AcAdAhKsKc"))


# ---------------------------------------------------------------------------
# High hand


def test_high_hand_counts_only_a_tabled_hand():
    # Seat 1 folds four kings pre-flop (the record knows the cards): it never counts.
    rules = high_hand_rules(minimum_hand=hand_floor(HandCategory.FULL_HOUSE))
    outcome = play(("KsKh", "AhAs", "2c3d"), "KcKdAd7h2h", folds=(1,))
    result = judge_high_hand(rules, outcome)
    assert isinstance(result, HighHandQualified)
    assert [h.seat for h in result.hands] == [2]  # aces full of kings, both hole cards
    assert describe(result.hands[0].value, "en") == "Full house, aces full of kings"


def test_high_hand_below_minimum_names_the_best_hand_shown():
    outcome = play(("KsQh", "AhAs", "2c3d"), "KcKdJd7h2h", folds=(3,))
    result = refused(judge_high_hand(high_hand_rules(), outcome))
    assert result.reason is Reason.HAND_BELOW_MINIMUM
    assert result.param("seat") == 1  # three kings, the best hand shown (seat 2: two pair)
    assert result.param("role") == "high_hand"


def test_high_hand_needs_a_hand_tabled():
    # No showdown required, but a hand nobody showed cannot be proved: the winner of the
    # uncalled river bet mucks.
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4), river_folds=True)
    result = refused(judge_high_hand(high_hand_rules(min_dealt=4), outcome))
    assert result.reason is Reason.NO_HAND_SHOWN


def _candidate(hand_id: str, at: int, hole: str, board: str, seat: int = 1) -> Candidate:
    return Candidate(hand_id, at, played_hand(seat, parse_cards(hole), parse_cards(board)))


def test_high_hand_ties_split_or_first_as_posted():
    # issue 44: ties in high hand — two equal aces full of kings in a period
    first = _candidate("h-101", 1_000, "AhKh", "AsAdKc7h2d")
    second = _candidate("h-205", 2_000, "AcKd", "AsAhKs7d2c")
    lower = _candidate("h-150", 1_500, "QhQd", "QsAdAc7h2d")
    late = _candidate("h-400", 9_000, "AcAd", "AsAhKs7d7c")  # better, after the period
    pool = [second, lower, first, late]
    split = high_hand_winners(high_hand_rules(ties=Ties.SPLIT), pool, start=0, end=5_000)
    assert split == (first, second)
    firsts = high_hand_winners(high_hand_rules(ties=Ties.FIRST), pool, start=0, end=5_000)
    assert firsts == (first,)
    assert high_hand_winners(high_hand_rules(), pool, start=5_000, end=10_000) == (late,)
    assert high_hand_winners(high_hand_rules(), pool, start=3_000, end=5_000) == ()
    payout = pay_out(high_hand_rules(), 50_001, winning=[c.hand_id for c in split])
    assert [a.amount for a in payout.awards] == [22_500, 22_500]
    assert payout.reserve == 50_001 - 45_000


def test_high_hand_first_recorded_keeps_ties_within_one_deal():
    # Two equal hands in the first deal (seats 1 and 4), an equal one later: the first
    # deal's two share, in seat order, whatever order the candidates come in.
    board = "AsAdKc7h2d"
    a = _candidate("h-7", 100, "AhKh", board, seat=1)
    b = _candidate("h-7", 100, "AcKd", board, seat=4)
    c = _candidate("h-9", 150, "AcKs", "AsAhKd7d2c")
    rules = high_hand_rules(ties=Ties.FIRST)
    assert high_hand_winners(rules, [c, b, a], start=0, end=999) == (a, b)


# ---------------------------------------------------------------------------
# The adapter and the wording


def test_outcome_of_reads_the_engine_record():
    outcome = play(BEAT, BEAT_BOARD, folds=(3, 4))
    assert outcome.dealt == 4
    assert [s.folded for s in outcome.seats] == [False, False, True, True]
    assert [s.showed for s in outcome.seats] == [True, True, False, False]
    facts = outcome.pot_facts()
    assert (facts.amount, facts.rake, facts.flop_seen) == (2_200, 66, True)
    assert outcome.pots[0].winners == (2,)


def test_unknown_hole_cards_are_completed_by_the_show():
    hand = make_hand(
        [100_000] * 3,
        [
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 ????",
            "p3 f",
            "p1 cc",
            "p2 cc",
            "d db 8c8d9h",
            "p1 cc",
            "p2 cc",
            "d db Th",
            "p1 cc",
            "p2 cc",
            "d db Jh",
            "p1 cc",
            "p2 cc",
            "p1 sm 8s8h",
            "p2 sm QhKh",
        ],
        blinds=[50, 100, 0],
    )
    outcome = outcome_of(hand, validate(hand, RAKED))
    assert outcome.seats[0].hole == tuple(parse_cards("8s8h"))
    assert outcome.seats[2].hole == (UNKNOWN_CARD, UNKNOWN_CARD)


def test_a_hand_known_only_to_the_record_is_not_shown():
    seats = (
        SeatOutcome(1, tuple(parse_cards("AhAs")), showed=False, mucked=True),
        SeatOutcome(2, tuple(parse_cards("KhKs")), showed=True),
    )
    outcome = HandOutcome(Status.VALID, seats, tuple(parse_cards("AdAcKd7h2h")), True)
    result = refused(judge_bad_beat(bad_beat_rules(min_dealt=2, drop_pots_only=False), outcome))
    assert result.reason is Reason.NO_LOSING_HAND


def test_posted_rules_say_what_playing_means():
    def dollars(units: int) -> str:
        return f"${units // 100}.{units % 100:02d}"

    text = posted_rules(bad_beat_rules(kickers_play=False), "en", money=dollars)
    assert text[0] == "Bad-beat jackpot; seed $5000.00."
    assert text[1] == (
        "Drop: $1.00 per pot, apart from the rake; from pots of $20.00 or more, raked, "
        "that saw a flop."
    )
    assert text[2] == "The losing hand must be four of a kind, eights or better."
    assert text[3] == (
        "The losing hand: both hole cards must play, and not only as a kicker; if the same "
        "hand can be made without a hole card, that card does not play."
    )
    assert text[4] == "The winning hand: both hole cards must play."
    es = posted_rules(high_hand_rules(), "es")
    assert es[1] == (
        "Aporte: el 1 % del bote después de la comisión, hasta 200, aparte de la comisión; "
        "aportan los botes de 1000 o más, con comisión."
    )
    assert es[2] == "La mano debe ser full de ases y reyes o mejor."
    assert es[-1] == (
        "Gana la mejor mano del período: 90 % del fondo; 10 % queda en el fondo; en un "
        "empate, las manos empatadas se reparten el premio."
    )


def test_promotions_import_no_framework():
    code = (
        "import sys, poker.promotions;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'celery', 'casino', 'tables', 'cage', 'hands')];"
        "print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == ""
