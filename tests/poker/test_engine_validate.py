"""validate(): violation codes, dead and void hands, recorded outcomes, malformed input."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from poker import validate
from poker.model import Action, ActionKind, Hand, Variant
from poker.validate import Status
from tests.poker.engine_helpers import NO_RAKE, check, coded, codes, make_hand

FLOP, TURN, RIVER = "d db 2c7d9h", "d db Js", "d db 4s"
DEAL3 = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]
CHECKED_DOWN = [
    *DEAL3,
    "p3 cc",
    "p1 cc",
    "p2 cc",
    FLOP,
    "p1 cc",
    "p2 cc",
    "p3 cc",
    TURN,
    "p1 cc",
    "p2 cc",
    "p3 cc",
    RIVER,
    "p1 cc",
    "p2 cc",
    "p3 cc",
    "p1 sm -",
    "p2 sm -",
    "p3 sm -",
]


def test_a_complete_hand_is_valid():  # HREC-04..06
    verdict = check(make_hand([100] * 3, CHECKED_DOWN))
    assert verdict.status is Status.VALID and verdict.valid and not verdict.violations
    assert verdict.finishing_stacks == (104, 98, 98)
    assert verdict.winnings == (6, 0, 0)


# ---------------------------------------------------------------- cards (HREC-05)
def test_card_invalid():  # HREC-05, DECK-02
    acts = ["d dh p1 XxAh", *DEAL3[1:]]
    assert ("CARD_INVALID", 0) in coded(check(make_hand([100] * 3, acts)))


def test_card_duplicate_in_hands_and_board():  # HREC-05, IRREG-03
    acts = ["d dh p1 AhAd", "d dh p2 AhKd", "d dh p3 QhQd"]
    assert ("CARD_DUPLICATE", 1) in coded(check(make_hand([100] * 3, acts)))
    board = [*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db 2c7dAh"]
    assert ("CARD_DUPLICATE", 6) in coded(check(make_hand([100] * 3, board)))


def test_hole_cards_count():  # HREC-05, MISDEAL-05
    acts = ["d dh p1 Ah", "d dh p2 KhKd", "d dh p3 QhQd"]
    assert ("HOLE_CARDS_COUNT", 0) in coded(check(make_hand([100] * 3, acts)))
    missing = ["d dh p1 AhAd", "d dh p2 KhKd", "p3 f", "p1 f"]
    assert ("HOLE_CARDS_COUNT", None) in coded(check(make_hand([100] * 3, missing)))


def test_deal_order():  # DEAL-01: hole cards dealt from the small blind round to the button
    acts = ["d dh p2 KhKd", "d dh p1 AhAd", "d dh p3 QhQd"]
    assert ("DEAL_ORDER", 0) in coded(check(make_hand([100] * 3, acts)))


def test_board_count():  # DEAL-09, HREC-05
    two = [*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db 2c7d"]
    assert ("BOARD_COUNT", 6) in coded(check(make_hand([100] * 3, two)))
    missing_flop = [*DEAL3, "p3 cc", "p1 cc", "p2 cc", "p1 cc"]
    assert ("BOARD_COUNT", 6) in coded(check(make_hand([100] * 3, missing_flop)))
    extra = [*CHECKED_DOWN[:-3], "d db 5c"]
    assert ("BOARD_COUNT", len(extra) - 1) in coded(check(make_hand([100] * 3, extra)))


# ---------------------------------------------------------------- flow
def test_street_incomplete():  # DEAL-03: the flop only after the pre-flop betting closed
    acts = [*DEAL3, "p3 cc", "p1 cc", FLOP]
    verdict = check(make_hand([100] * 3, acts))
    assert coded(verdict)[0] == ("STREET_INCOMPLETE", 5)


def test_action_after_end():  # GAME-10(c): the hand ends when all but one folded
    acts = ["p3 f", "p1 f", "p2 cc"]
    assert ("ACTION_AFTER_END", 2) in coded(check(make_hand([100] * 3, acts)))
    board = ["p3 f", "p1 f", FLOP]
    assert ("ACTION_AFTER_END", 2) in coded(check(make_hand([100] * 3, board)))


def test_hand_incomplete():  # PHH allows partial histories; a casino record must be whole
    verdict = check(make_hand([100] * 3, ["p3 cc", "p1 cc"]))
    assert coded(verdict) == [("HAND_INCOMPLETE", 1)]
    assert verdict.finishing_stacks == (98, 98, 98)  # stacks behind, pots not paid
    assert [(p.amount, p.winners) for p in verdict.pots] == [(6, ())]


def test_violations_keep_action_order_and_checking_goes_on():  # HREC-04
    acts = ["p3 cbr 3", "p1 cc", "p2 cc # mesa:check", "p3 cc"]
    verdict = check(make_hand([100] * 3, acts))
    assert [c for c, _ in coded(verdict)][:2] == ["RAISE_BELOW_MINIMUM", "CHECK_NOT_ALLOWED"]
    assert [i for _, i in coded(verdict)][:2] == [0, 2]


def test_messages_in_spanish_and_english():  # GEN-07
    (violation, *_rest) = check(make_hand([100] * 3, ["p1 f"])).violations
    assert violation.message_es.startswith("Acción fuera de turno")
    assert violation.message_en.startswith("Out of turn")
    assert violation.message == violation.message_es


# ---------------------------------------------------------------- recorded outcome
def test_finishing_stacks_compared():  # HREC-06, POT-12
    hand = make_hand([100] * 3, CHECKED_DOWN, finishing_stacks=(104, 98, 98))
    assert check(hand).valid
    wrong = replace(hand, finishing_stacks=(103, 99, 98))
    assert codes(check(wrong)) == ["FINISHING_STACKS_MISMATCH", "FINISHING_STACKS_MISMATCH"]


def test_winnings_compared():  # PHH winnings: pots after rake + uncalled bets
    hand = make_hand([100] * 3, ["p3 cbr 10", "p1 f", "p2 f"], winnings=(0, 0, 13))
    assert check(hand).valid  # 3 from the blinds + 10 of its own bet returned
    assert "WINNINGS_MISMATCH" in codes(check(replace(hand, winnings=(0, 0, 5))))


def test_odd_chip_in_recorded_stacks():  # POT-08: a halved odd chip (the Pluribus records)
    # Amounts scaled by 10 (one decimal written); the smallest chip is 1.0 = 10 units.
    hand = make_hand(
        [10000, 10000, 10000],
        CHECKED_DOWN,
        blinds=[10, 20, 0],
        finishing_stacks=(10040, 9980, 9980),
        chip_unit=10,
        scale=1,
    )
    assert check(hand).valid
    halved = replace(hand, finishing_stacks=(10035, 9985, 9980))
    assert {"ODD_CHIP", "FINISHING_STACKS_MISMATCH"} == set(codes(check(halved)))


# ---------------------------------------------------------------- dead hands and voids
def test_dead_01_dead_hand_is_a_fold_even_out_of_turn():  # DEAD-01, DEAD-05
    acts = ["p3 cbr 6", "p2 f # mesa:dead", "p1 f"]
    verdict = check(make_hand([100] * 3, acts))
    assert verdict.valid, verdict.violations
    assert verdict.finishing_stacks == (99, 98, 103)  # the big blind stays in the pot


def test_rul_30_uncalled_raise_of_a_killed_hand_is_returned():  # RUL-30, IRREG-01
    acts = ["p3 cbr 6", "p3 f # mesa:dead", "p1 cc", "p2 cc"]
    verdict = check(make_hand([100] * 3, acts))
    assert verdict.uncalled_returned[2] == 4
    assert check(make_hand([100] * 3, acts)).finishing_stacks[2] == 98


def test_misdeal_void_before_action():  # MISDEAL-03, IRREG-02
    verdict = check(make_hand([100] * 3, ["d dh p1 AhAd", "# mesa:void misdeal"]))
    assert verdict.status is Status.VOID and verdict.valid
    assert verdict.finishing_stacks == (100, 100, 100) and not verdict.pots


def test_misdeal_after_two_players_acted():  # MISDEAL-03, IRREG-13, A-36
    verdict = check(make_hand([100] * 3, ["p3 cc", "p1 cc", "# mesa:void misdeal"]))
    assert codes(verdict) == ["MISDEAL_AFTER_ACTION"]
    duplicate = check(make_hand([100] * 3, ["p3 cc", "p1 cc", "# mesa:void duplicate_card"]))
    assert duplicate.status is Status.VOID  # IRREG-03 voids the hand even after action
    after = check(make_hand([100] * 3, ["# mesa:void misdeal", "p3 cc"]))
    assert ("ACTION_AFTER_END", 1) in coded(after)


# ---------------------------------------------------------------- malformed input
def test_malformed_never_raises():  # validate() contract
    base = make_hand([100] * 3, ["p3 f"])
    bad_hands: list[object] = [
        None,
        "hand",
        replace(base, starting_stacks=(100, "x", 100)),  # type: ignore[arg-type]
        replace(base, antes=(0, 0)),
        replace(base, starting_stacks=(100,) * 11, antes=(0,) * 11),
        replace(base, min_bet=0),
        replace(base, starting_stacks=(0, 100, 100)),
        replace(base, starting_stacks=(10**30, 100, 100)),
        replace(base, variant="XX"),  # type: ignore[arg-type]
        replace(base, actions=("p1 f",)),  # type: ignore[arg-type]
        replace(base, actions=(Action(ActionKind.BET_RAISE, 2, "lots"),)),  # type: ignore[arg-type]
        replace(base, actions=(Action(ActionKind.DEAL_HOLE, 0, 0, ("Ah", "Kd")),)),  # type: ignore[arg-type]
        replace(base, actions=(Action(ActionKind.FOLD, 7),)),
        replace(base, actions=(Action.noop(),) * 6000),
        replace(base, finishing_stacks=(1, 2)),
    ]
    for hand in bad_hands:
        verdict = validate(hand)  # type: ignore[arg-type]
        assert verdict.status is Status.INVALID
        assert "MALFORMED" in codes(verdict), hand


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.integers(-5, 300), min_size=0, max_size=12),
    kinds=st.lists(
        st.tuples(
            st.sampled_from(list(ActionKind)),
            st.integers(-2, 11),
            st.integers(-5, 400),
            st.lists(st.integers(-3, 60), max_size=6),
        ),
        max_size=40,
    ),
    variant=st.sampled_from(list(Variant)),
    blinds=st.lists(st.integers(-3, 10), min_size=0, max_size=12),
)
def test_validate_never_raises_on_any_input(stacks, kinds, variant, blinds):  # type: ignore[no-untyped-def]
    n = len(stacks)
    hand = Hand(
        variant=variant,
        starting_stacks=tuple(stacks),
        antes=(0,) * n,
        blinds_or_straddles=tuple((blinds + [0] * n)[:n]),
        actions=tuple(Action(k, p, a, tuple(c)) for k, p, a, c in kinds),
        min_bet=2,
        small_bet=2,
        big_bet=4,
    )
    verdict = validate(hand, NO_RAKE)
    assert verdict.status in (Status.VALID, Status.INVALID, Status.VOID)
    if verdict.status is not Status.INVALID or "MALFORMED" in codes(verdict):
        return
    # Chips are conserved whatever the record says (POT-12).
    total = (
        sum(verdict.finishing_stacks)
        + verdict.rake
        + sum(p.amount for p in verdict.pots if not p.winners)
    )
    assert total == sum(stacks)
