"""Whole-hand validation, ``poker.validate``: the mutants the rest of tests/poker left alive
(``make mutate MODULE=poker/validate.py``, docs/testing.md "Mutation testing").

What they showed: the suite checked that a bad hand is refused by its code, rarely by what
the refusal says. The supervisor and the auditor read the words: which field is malformed,
which player's stack is wrong, by how much, which forced bet breaks the house rules. Each
test here goes through ``validate`` as the recorder and the importer call it, reads the
message, and names the requirement it proves.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from poker.model import Action, ActionKind, CarriedPot, Variant
from poker.profiles import MANUAL
from poker.validate import (
    MAX_ACTIONS,
    MAX_AMOUNT,
    Status,
    Verdict,
    _structure_problem,
    check_structure,
    is_common_case,
    validate,
)
from tests.poker.engine_helpers import NO_RAKE, make_hand

DEAL = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]
# p3 raises to 6 and the blinds fold: p3 wins the blinds and gets 4 back (no rake).
FOLDED = [*DEAL, "p3 cbr 6", "p1 f", "p2 f"]
BASE = make_hand([100] * 3, FOLDED)
BIG = MAX_AMOUNT + 1


def _messages(verdict: Verdict) -> list[tuple[str, int | None, str]]:
    return [(v.code.value, v.action, v.message_en) for v in verdict.violations]


def _malformed(hand: object) -> str:
    """The one MALFORMED refusal's English words (and nothing else is reported)."""
    verdict = validate(hand)  # type: ignore[arg-type]
    assert verdict.status is Status.INVALID
    ((code, action, message),) = _messages(verdict)
    assert (code, action) == ("MALFORMED", None)
    return message.removeprefix("Malformed hand data: ")


# --- HREC-01: a record that cannot be a hand says which field is wrong --------------------


@pytest.mark.parametrize(
    ("fields", "detail"),
    [
        ({"variant": "XX"}, "unknown variant 'XX'"),
        ({"variant": "FT"}, "unknown variant 'FT'"),  # the code as text is not the variant
        ({"starting_stacks": "100,100"}, "starting_stacks must be a list"),
        (
            {"starting_stacks": (100,), "antes": (0,), "blinds_or_straddles": (2,)},
            "1 players: a Texas hand has 2 to 10",
        ),
        (
            {
                "starting_stacks": (100,) * 11,
                "antes": (0,) * 11,
                "blinds_or_straddles": (1, 2) + (0,) * 9,
            },
            "11 players: a Texas hand has 2 to 10",
        ),
        ({"starting_stacks": (100, 100)}, "antes must list one amount per player"),
        ({"antes": (0, 0)}, "antes must list one amount per player"),
        ({"antes": "000"}, "antes must list one amount per player"),
        ({"blinds_or_straddles": (1, 2)}, "blinds_or_straddles must list one amount per player"),
        ({"starting_stacks": (100, "x", 100)}, "starting_stacks holds 'x', not an amount"),
        ({"starting_stacks": (100, True, 100)}, "starting_stacks holds True, not an amount"),
        ({"starting_stacks": (BIG, 100, 100)}, f"starting_stacks holds {BIG}, not an amount"),
        ({"antes": (0, 0.5, 0)}, "antes holds 0.5, not an amount"),
        ({"antes": (-BIG, 0, 0)}, f"antes holds {-BIG}, not an amount"),
        ({"blinds_or_straddles": (1, 2, BIG)}, f"blinds_or_straddles holds {BIG}, not an amount"),
        ({"blinds_or_straddles": (-BIG, 2, 0)}, f"blinds_or_straddles holds {-BIG}, not an amount"),
        ({"starting_stacks": (0, 100, 100)}, "every starting stack must be positive"),
        ({"starting_stacks": (100, -5, 100)}, "every starting stack must be positive"),
        ({"min_bet": 0}, "min_bet must be a positive amount"),
        ({"min_bet": None}, "min_bet must be a positive amount"),
        ({"min_bet": BIG}, "min_bet must be a positive amount"),
        (
            {"variant": Variant.FIXED_LIMIT, "small_bet": 0, "big_bet": 4},
            "fixed limit needs positive small_bet and big_bet",
        ),
        (
            {"variant": Variant.FIXED_LIMIT, "small_bet": 2, "big_bet": 0},
            "fixed limit needs positive small_bet and big_bet",
        ),
        (
            {"variant": Variant.FIXED_LIMIT, "small_bet": 2, "big_bet": None},
            "fixed limit needs positive small_bet and big_bet",
        ),
        (
            {"variant": Variant.FIXED_LIMIT, "small_bet": None, "big_bet": 4},
            "fixed limit needs positive small_bet and big_bet",
        ),
        ({"chip_unit": 0}, "chip_unit must be a positive amount"),
        ({"chip_unit": -1}, "chip_unit must be a positive amount"),
        ({"chip_unit": True}, "chip_unit must be a positive amount"),
        ({"chip_unit": BIG}, "chip_unit must be a positive amount"),
        ({"actions": "p3 f"}, "actions must be a list"),
        (
            {"actions": (Action.noop(),) * (MAX_ACTIONS + 1)},
            f"{MAX_ACTIONS + 1} actions: more than {MAX_ACTIONS}",
        ),
        ({"finishing_stacks": (1, 2)}, "finishing_stacks must list one amount per player"),
        ({"finishing_stacks": (100, 100, "x")}, "finishing_stacks holds 'x', not an amount"),
        ({"finishing_stacks": (BIG, 0, 0)}, f"finishing_stacks holds {BIG}, not an amount"),
        ({"finishing_stacks": (-BIG, 0, 0)}, f"finishing_stacks holds {-BIG}, not an amount"),
        ({"winnings": (1, 2)}, "winnings must list one amount per player"),
        ({"winnings": (0, 0, 0.0)}, "winnings holds 0.0, not an amount"),
        ({"winnings": "000"}, "winnings must list one amount per player"),
        ({"rake": "3"}, "rake must be an amount"),
        ({"rake": BIG}, "rake must be an amount"),
        ({"rake": 1.0}, "rake must be an amount"),
        ({"carry_in": "pot"}, "carry_in must be a short list of carried pots"),
        (
            {"carry_in": (CarriedPot(5, (0,)),) * 11},
            "carry_in must be a short list of carried pots",
        ),
        ({"carry_in": [CarriedPot(5, (0,))]}, "carry_in must be a short list of carried pots"),
        ({"carry_in": (5,)}, "carry_in holds something that is not a carried pot"),
        ({"carry_in": (CarriedPot(0, (0,)),)}, "carried pot of 0: not a positive amount"),
        ({"carry_in": (CarriedPot(BIG, (0,)),)}, f"carried pot of {BIG}: not a positive amount"),
        ({"carry_in": (CarriedPot("5", (0,)),)}, "carried pot of '5': not a positive amount"),  # type: ignore[arg-type]
        ({"carry_in": (CarriedPot(5, ()),)}, "carried pot eligible players: none"),
        ({"carry_in": (CarriedPot(5, (3,)),)}, "carried pot eligible players: no player 3"),
        (
            {"carry_in": (CarriedPot(5, (0, 0)),)},
            "carried pot eligible players: a player is listed twice",
        ),
        (
            {"carry_in": (CarriedPot(5, [0]),)},
            "carried pot eligible players: must be a list of players",
        ),  # type: ignore[arg-type]
        ({"forfeits": (3,)}, "forfeits: no player 3"),
        ({"forfeits": (-1,)}, "forfeits: no player -1"),
        ({"forfeits": (True,)}, "forfeits: no player True"),
        ({"forfeits": [0]}, "forfeits: must be a list of players"),
        ({"forfeits": (1, 1)}, "forfeits: a player is listed twice"),
    ],
)
def test_hrec_01_a_malformed_record_names_its_fault(fields, detail):  # type: ignore[no-untyped-def]  # HREC-01
    hand = replace(BASE, **fields)
    assert _malformed(hand) == detail
    assert check_structure(hand) == detail
    assert not is_common_case(hand)


def test_hrec_01_what_is_not_a_hand_is_refused_as_such():  # HREC-01
    assert _malformed(None) == "not a hand"
    assert _malformed({"starting_stacks": [100, 100]}) == "not a hand"


# The limits themselves are hands: at each bound the record is well formed, and the
# validator's one-expression shortcut (``is_common_case``) takes it.
AT_THE_BOUNDS = {
    "two players": {
        "starting_stacks": (100, 100),
        "antes": (0, 0),
        "blinds_or_straddles": (1, 2),
        "actions": (),
    },
    "ten players": {
        "starting_stacks": (100,) * 10,
        "antes": (0,) * 10,
        "blinds_or_straddles": (1, 2) + (0,) * 8,
        "actions": (),
    },
    "a stack of one chip": {"starting_stacks": (1, 100, 100)},
    "the largest stack": {"starting_stacks": (MAX_AMOUNT, 100, 100)},
    "the largest ante": {"antes": (MAX_AMOUNT, 0, 0)},
    "the most negative ante": {"antes": (-MAX_AMOUNT, 0, 0)},
    "the largest blind": {"blinds_or_straddles": (1, 2, MAX_AMOUNT)},
    "the most negative blind": {"blinds_or_straddles": (-MAX_AMOUNT, 2, 0)},
    "the smallest chip": {"chip_unit": 1},
    "the largest chip": {"chip_unit": MAX_AMOUNT},
    "the largest minimum bet": {"min_bet": MAX_AMOUNT},
    "a minimum bet of one": {"min_bet": 1},
    "fixed limit of one and two": {
        "variant": Variant.FIXED_LIMIT,
        "small_bet": 1,
        "big_bet": 2,
        "min_bet": None,
    },
    "a fixed-limit big bet of one": {
        "variant": Variant.FIXED_LIMIT,
        "small_bet": 1,
        "big_bet": 1,
        "min_bet": None,
    },
    "the most actions": {"actions": (Action.noop(),) * MAX_ACTIONS},
    "no actions": {"actions": ()},
    "outcomes at the bounds": {
        "finishing_stacks": (MAX_AMOUNT, -MAX_AMOUNT, 0),
        "winnings": (-MAX_AMOUNT, MAX_AMOUNT, 0),
    },
    "the largest rake": {"rake": MAX_AMOUNT},
    "a negative rake": {"rake": -MAX_AMOUNT},
    "ten carried pots": {"carry_in": (CarriedPot(5, (0, 2)),) * 10},
    "a carried pot open to all": {"carry_in": (CarriedPot(MAX_AMOUNT, (0, 1, 2)),)},
    "every player forfeits": {"forfeits": (0, 1, 2)},
    "the last player forfeits": {"forfeits": (2,)},
}


@pytest.mark.parametrize("fields", AT_THE_BOUNDS.values(), ids=AT_THE_BOUNDS.keys())
def test_hrec_01_the_bounds_are_well_formed_and_take_the_shortcut(fields):  # type: ignore[no-untyped-def]  # HREC-01
    hand = replace(BASE, **fields)
    assert _structure_problem(hand) is None
    assert is_common_case(hand)
    assert check_structure(hand) is None
    assert "MALFORMED" not in validate(hand).codes


def test_hrec_01_a_record_that_breaks_the_replay_is_malformed_with_the_error_named():  # HREC-01
    # validate() never raises: what fails while judging is reported, cut to 200 characters.
    class Scale(int):
        def __le__(self, other: object) -> bool:
            raise ValueError("no scale " + "x" * 300)

    hand = replace(BASE, scale=Scale(2), finishing_stacks=(1, 2, 3))
    detail = _malformed(hand)
    assert detail.startswith("ValueError: no scale xxx") and len(detail) == 200

    class Deep(int):
        def __le__(self, other: object) -> bool:
            raise RecursionError

    assert _malformed(replace(BASE, scale=Deep(2), finishing_stacks=(1, 2, 3))) == (
        "data nested too deeply"
    )


# --- HREC-06: what the recorded outcome got wrong, player by player -----------------------


def test_hrec_06_a_wrong_finishing_stack_names_the_player_and_both_amounts():  # HREC-06
    # p3 raised to 6 and both blinds folded: p3 finishes with 103, p1 with 99, p2 with 98.
    right = validate(replace(BASE, finishing_stacks=(99, 98, 103)), NO_RAKE)
    assert right.status is Status.VALID and right.violations == ()
    wrong = validate(replace(BASE, finishing_stacks=(99, 100, 101)), NO_RAKE)
    assert _messages(wrong) == [
        ("FINISHING_STACKS_MISMATCH", None, "Finishing stack of p2: recorded 100, computed 98"),
        ("FINISHING_STACKS_MISMATCH", None, "Finishing stack of p3: recorded 101, computed 103"),
    ]


def test_hrec_06_amounts_are_printed_in_the_records_units():  # HREC-06, GEN-13
    # A file in tenths (scale 1): 1015 units are 101.5; a negative amount keeps its sign.
    hand = replace(BASE, scale=1, finishing_stacks=(99, 98, 1015), rake=-5)
    assert _messages(validate(hand, NO_RAKE)) == [
        ("FINISHING_STACKS_MISMATCH", None, "Finishing stack of p3: recorded 101.5, computed 10.3"),
        ("RAKE_MISMATCH", None, "Recorded rake -0.5, computed 0.0"),
    ]
    cents = replace(BASE, scale=2, winnings=(0, 0, 7))
    assert _messages(validate(cents, NO_RAKE)) == [
        ("WINNINGS_MISMATCH", None, "Winnings of p3: recorded 0.07, computed 0.09"),
    ]
    whole = replace(BASE, rake=-3)
    assert _messages(validate(whole, NO_RAKE)) == [
        ("RAKE_MISMATCH", None, "Recorded rake -3, computed 0"),
    ]


def test_pot_08_a_halved_chip_is_named_with_the_player_and_the_smallest_chip():  # POT-08
    # Chips of 5: p3's 102 is not a whole number of them (and is not what p3 finished with).
    hand = make_hand([100] * 3, [*DEAL, "p3 cbr 10", "p1 f", "p2 f"], chip_unit=5, blinds=[5, 5, 0])
    recorded = replace(hand, finishing_stacks=(95, 95, 102))
    assert _messages(validate(recorded, NO_RAKE)) == [
        ("ODD_CHIP", None, "102 for p3 splits a chip below the smallest unit (5)"),
        ("FINISHING_STACKS_MISMATCH", None, "Finishing stack of p3: recorded 102, computed 110"),
    ]


def test_hrec_06_a_hand_voided_after_a_bet_came_back_returns_nothing_either():  # HREC-06, MISDEAL-03
    # p3's raise came back when the blinds folded; the hand is then declared void (too
    # late: two players had acted). Void, every chip goes back as it started: nothing
    # is "returned uncalled" on top, and the record of no winnings agrees.
    acts = [*DEAL, "p3 cbr 6", "p1 f", "p2 f", "# mesa:void misdeal"]
    hand = make_hand([100] * 3, acts, winnings=(0, 0, 0), finishing_stacks=(100, 100, 100))
    verdict = validate(hand, NO_RAKE)
    assert (verdict.uncalled_returned, verdict.payouts) == ((0, 0, 0), (0, 0, 0))
    assert [v.code.value for v in verdict.violations] == ["MISDEAL_AFTER_ACTION"]


def test_hrec_06_a_void_hand_wins_nothing_and_returns_nothing():  # HREC-06, IRREG-03
    void = make_hand([100] * 3, [*DEAL, "p3 cbr 6", "# mesa:void misdeal"])
    verdict = validate(replace(void, winnings=(0, 0, 0), finishing_stacks=(100, 100, 100)))
    assert verdict.status is Status.VOID and verdict.violations == ()
    assert verdict.uncalled_returned == (0, 0, 0) and verdict.winnings == (0, 0, 0)
    claimed = validate(replace(void, winnings=(0, 0, 6)))
    assert _messages(claimed) == [
        ("WINNINGS_MISMATCH", None, "Winnings of p3: recorded 6, computed 0"),
    ]


# --- HREC-05, HREC-04: cards not dealt, and a hand that stops short ----------------------


def test_hrec_05_the_player_dealt_no_cards_is_named():  # HREC-05
    hand = make_hand([100] * 3, ["d dh p1 AhAd", "d dh p2 KhKd", "p3 f", "p1 f"])
    assert _messages(validate(hand, NO_RAKE))[0] == (
        "HOLE_CARDS_COUNT",
        None,
        "Player p3 must be dealt exactly 2 cards (no cards dealt)",
    )
    two_missing = make_hand([100] * 3, ["d dh p2 KhKd", "p3 f", "p1 f"])
    assert [m for m in _messages(validate(two_missing, NO_RAKE)) if m[0] == "HOLE_CARDS_COUNT"] == [
        ("HOLE_CARDS_COUNT", None, "Player p1 must be dealt exactly 2 cards (no cards dealt)"),
        ("HOLE_CARDS_COUNT", None, "Player p3 must be dealt exactly 2 cards (no cards dealt)"),
    ]


def test_hrec_04_an_empty_hand_is_incomplete_as_a_whole_and_a_short_one_at_its_last_action():  # HREC-04
    empty = validate(make_hand([100] * 3, []), NO_RAKE)
    assert _messages(empty) == [
        ("HAND_INCOMPLETE", None, "The hand is incomplete: p3 is still to act on the pre-flop"),
    ]
    short = validate(make_hand([100] * 3, [*DEAL, "p3 cc"]), NO_RAKE)
    assert _messages(short) == [
        ("HAND_INCOMPLETE", 3, "The hand is incomplete: p1 is still to act on the pre-flop"),
    ]


# --- GAME-05, GAME-06, OQ-02, OQ-32: the forced bets against the house rules -------------


def _forced(blinds, antes=None, profile=MANUAL, **fields):  # type: ignore[no-untyped-def]
    n = len(blinds)
    hand = make_hand([100] * n, [], blinds=blinds, antes=antes or [0] * n, **fields)
    return [m for m in _messages(validate(hand, profile)) if m[0] != "HAND_INCOMPLETE"]


def test_game_05_the_usual_blinds_and_a_correct_straddle_pass():  # GAME-05, GAME-06
    assert _forced([1, 2, 0]) == []
    assert _forced([0, 2, 0]) == []  # one blind (GAME-04)
    assert _forced([2, 2, 0]) == []  # equal blinds
    assert _forced([1, 2, 4, 0]) == []  # the straddle: left of the big blind, 2 x BB
    assert _forced([1, 2]) == []  # heads-up
    assert _forced([2, 2]) == []
    assert _forced([1, 2, 0], antes=[1, 1, 1]) == []


def test_game_05_a_negative_ante_is_refused_alone():  # GAME-05, GAME-04
    assert _forced([1, 2, 0], antes=[0, -1, 0]) == [
        ("BLINDS_INVALID", None, "Invalid forced bets: negative ante"),
    ]
    assert _forced([1, 2], antes=[-1, 0]) == [
        ("BLINDS_INVALID", None, "Invalid forced bets: negative ante"),
    ]


@pytest.mark.parametrize(
    ("blinds", "detail"),
    [
        ([-1, 2, 0], "a blind cannot be negative"),
        ([1, -2, 0], "a blind cannot be negative"),
        ([3, 2, 0], "small blind 3 above big blind 2"),
        ([3, 2, 0, 0], "small blind 3 above big blind 2"),
        # Heads-up the button posts the small blind (OQ-32): listed big blind first.
        ([2, 1], "small blind 2 above big blind 1"),
        ([1, -2], "a blind cannot be negative"),
        ([-1, 2], "a blind cannot be negative"),
    ],
)
def test_game_05_blinds_the_rules_do_not_allow(blinds, detail):  # type: ignore[no-untyped-def]  # GAME-05, OQ-32
    assert _forced(blinds) == [("BLINDS_INVALID", None, f"Invalid forced bets: {detail}")]


def test_game_04_a_blind_of_nothing_is_not_a_negative_blind():  # GAME-04, GAME-05
    # A fixed-limit hand always takes the field-by-field look (no shortcut): a table with
    # one blind, or none, posts 0 where the blind is not, and 0 is not negative.
    fl = {"variant": Variant.FIXED_LIMIT, "small_bet": 2, "big_bet": 4, "min_bet": None}
    assert _forced([0, 2, 0], **fl) == []
    assert _forced([0, 0, 0], **fl) == []
    assert _forced([0, 0], **fl) == []
    assert _forced([0, 0, 0], antes=[1, 1, 1], **fl) == []
    # ... and a live ante with no blinds is no fault either, in any game.
    assert _forced([0, 0, 0], antes=[0, 1, 0]) == []


def test_oq_02_a_fixed_limit_big_bet_is_twice_the_small_bet():  # OQ-02, GAME-02
    fl = {"variant": Variant.FIXED_LIMIT, "small_bet": 2}
    assert _forced([1, 2, 0], big_bet=4, **fl) == []
    assert _forced([1, 2, 0], big_bet=5, **fl) == [
        (
            "BLINDS_INVALID",
            None,
            "Invalid forced bets: the big bet must be twice the small bet (OQ-02)",
        ),
    ]
    assert _forced([1, 2, 0], big_bet=2, **fl) == [
        (
            "BLINDS_INVALID",
            None,
            "Invalid forced bets: the big bet must be twice the small bet (OQ-02)",
        ),
    ]
    # Fixed limit with a small blind above the big one is refused for both faults.
    assert _forced([3, 2, 0], big_bet=5, **fl) == [
        ("BLINDS_INVALID", None, "Invalid forced bets: small blind 3 above big blind 2"),
        (
            "BLINDS_INVALID",
            None,
            "Invalid forced bets: the big bet must be twice the small bet (OQ-02)",
        ),
    ]


def test_game_06_a_straddle_where_the_house_allows_none_names_the_player():  # GAME-06, OQ-06
    house = MANUAL.with_overrides(straddle_allowed=False, rake_bps=0)
    assert _forced([1, 2, 4, 0], profile=house) == [
        ("STRADDLE_NOT_ALLOWED", None, "Straddle not allowed: p3 straddles at this table"),
    ]
    assert _forced([1, 2, 0, 1], profile=house) == [
        ("STRADDLE_NOT_ALLOWED", None, "Straddle not allowed: p4 straddles at this table"),
    ]


@pytest.mark.parametrize(
    ("blinds", "who", "amount"),
    [([1, 2, 6, 0], 3, 6), ([1, 2, 0, 4], 4, 4), ([1, 2, 1, 0], 3, 1), ([1, 2, 2, 0], 3, 2)],
)
def test_game_06_only_the_player_left_of_the_big_blind_straddles_twice_it(blinds, who, amount):  # type: ignore[no-untyped-def]  # GAME-06
    assert _forced(blinds) == [
        (
            "STRADDLE_NOT_ALLOWED",
            None,
            "Straddle not allowed: only the player left of the big blind straddles, "
            f"2 x BB; p{who} posted {amount}",
        ),
    ]


def test_game_06_a_straddle_of_three_times_where_the_house_says_so():  # GAME-06
    triple = MANUAL.with_overrides(straddle_multiple=3, rake_bps=0)
    assert _forced([1, 2, 6, 0], profile=triple) == []
    assert _forced([1, 2, 4, 0], profile=triple) == [
        (
            "STRADDLE_NOT_ALLOWED",
            None,
            "Straddle not allowed: only the player left of the big blind straddles, "
            "3 x BB; p3 posted 4",
        ),
    ]


# --- GEN-07: the Spanish message is Spanish to the end ------------------------------------
# Every detail the engine puts in words, one hand for each: the supervisor reads the Spanish
# message inline at the table, and an English phrase after a Spanish prefix is half a
# sentence. Each case gives the code and the Spanish words the hand must get.
CHECKS = ["p1 cc", "p2 cc", "p3 cc"]
PRE = [*DEAL, "p3 cc", "p1 cc", "p2 cc"]
TO_SHOW = [*PRE, "d db 2c3d8h", *CHECKS, "d db 9s", *CHECKS, "d db Tc", *CHECKS]
UNSEEN = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", *TO_SHOW[3:]]
ALL_IN = [*DEAL, "p3 cbr 100", "p1 cc", "p2 cc"]
ES = "Datos de la mano mal formados: "
WORDED = {
    "an action of an unknown kind": (
        (*make_hand([100] * 3, DEAL).actions, Action(99, 0)),  # type: ignore[arg-type]
        "MALFORMED",
        ES + "tipo de acción desconocido 99",
    ),
    "not an action": (("p1 f",), "MALFORMED", ES + "no es una acción"),
    "no such player": (
        (*make_hand([100] * 3, DEAL).actions, Action(ActionKind.FOLD, 7)),
        "MALFORMED",
        ES + "no hay jugador p8",
    ),
    "acting before the flop is dealt": (
        [*PRE, "p1 cc"],
        "BOARD_COUNT",
        "Cartas comunitarias incorrectas: no se repartió el flop antes de que actuara p1",
    ),
    "acting after the betting": (
        [*ALL_IN, "d db 2c3d8h", "d db 9s", "d db Tc", "p1 cc"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: p1 actúa terminadas las apuestas",
    ),
    "acting after the others folded": (
        [*FOLDED, "p1 cc"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: p1 actúa cuando todos los demás ya se retiraron",
    ),
    "acting in a void hand": (
        ["# mesa:void misdeal", "p3 cc"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: p3 actúa después de anulada la mano",
    ),
    "hole cards dealt twice": (
        [*DEAL, "d dh p1 2c3c"],
        "HOLE_CARDS_COUNT",
        "El jugador p1 debe recibir exactamente 2 cartas (se le repartieron dos veces)",
    ),
    "one hole card": (
        ["d dh p1 Ah", *DEAL[1:]],
        "HOLE_CARDS_COUNT",
        "El jugador p1 debe recibir exactamente 2 cartas (recibió 1)",
    ),
    "a player dealt nothing": (
        [*DEAL[:2], "p3 f", "p1 f"],
        "HOLE_CARDS_COUNT",
        "El jugador p3 debe recibir exactamente 2 cartas (no recibió cartas)",
    ),
    "the flop while the betting is open": (
        [*DEAL, "d db 2c3d8h"],
        "STREET_INCOMPLETE",
        "La ronda de apuestas no terminó: cartas comunitarias repartidas con las apuestas "
        "del pre-flop abiertas",
    ),
    "the flop after the hand ended": (
        [*FOLDED, "d db 2c3d8h"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: cartas comunitarias repartidas terminada la mano",
    ),
    "a sixth board card": (
        [*ALL_IN, "d db 2c3d8h", "d db 9s", "d db Tc", "d db Js"],
        "BOARD_COUNT",
        "Cartas comunitarias incorrectas: más de cinco cartas comunitarias",
    ),
    "a flop of two cards": (
        [*PRE, "d db 2c3d"],
        "BOARD_COUNT",
        "Cartas comunitarias incorrectas: 2 cartas repartidas, se esperaban 3",
    ),
    "showing in a void hand": (
        [*DEAL, "# mesa:void misdeal", "p1 sm AhAd"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: p1 muestra después de anulada la mano",
    ),
    "a folded player shows": (
        [*DEAL, "p3 f", "p1 cc", "p2 cc", "d db 2c3d8h", "p1 cc", "p2 cc", "d db 9s"]
        + ["p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc", "p3 sm QhQd"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: p3 se retiró y no tiene mano que mostrar",
    ),
    "showing before the showdown": (
        [*DEAL, "p3 sm QhQd"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: p3 muestra o muckea antes del showdown",
    ),
    "mucking a shown hand": (
        [*TO_SHOW, "p1 sm AhAd", "p1 sm"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: p1 muckea una mano ya mostrada",
    ),
    "showing a mucked hand": (
        [*TO_SHOW, "p1 sm", "p1 sm AhAd"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: p1 muestra una mano ya muckeada",
    ),
    "showing one card": (
        [*TO_SHOW, "p1 sm Ah"],
        "HOLE_CARDS_COUNT",
        "El jugador p1 debe recibir exactamente 2 cartas (mostró 1)",
    ),
    "showing other cards": (
        [*TO_SHOW, "p1 sm 4c5c"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: p1 muestra 4c, 5c, no las cartas que recibió",
    ),
    "killing a hand already folded": (
        [*DEAL, "p3 f", "p3 f # mesa:dead"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: p3 no está en la mano",
    ),
    "voiding twice": (
        ["# mesa:void misdeal", "# mesa:void misdeal"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: la mano ya está anulada",
    ),
    "everybody mucks": (
        [*TO_SHOW, "p1 sm", "p2 sm", "p3 sm"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: todos los que disputaban muckearon",
    ),
    "no hand can be read": (
        [*UNSEEN, "p1 sm", "p2 sm ????", "p3 sm ????"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: no se puede leer ninguna mano: p2, p3 no mostraron sus cartas",
    ),
    "a player still to act": (
        [*DEAL, "p3 cc"],
        "HAND_INCOMPLETE",
        "La mano no está completa: p1 todavía debe actuar en el pre-flop",
    ),
    "the flop not dealt": (
        PRE,
        "HAND_INCOMPLETE",
        "La mano no está completa: no se repartió el flop",
    ),
    "the board not run out": (
        [*ALL_IN, "d db 2c3d8h"],
        "HAND_INCOMPLETE",
        "La mano no está completa: no se completaron las cinco cartas comunitarias",
    ),
    "the last hand does not show": (
        [*TO_SHOW, "p1 sm", "p2 sm"],
        "HAND_INCOMPLETE",
        "La mano no está completa: p3 debe mostrar para reclamar el bote (SHOW-03)",
    ),
    "nobody shows or mucks": (
        TO_SHOW,
        "HAND_INCOMPLETE",
        "La mano no está completa: no consta si muestran o muckean: p1, p2, p3",
    ),
    "acting before the turn is dealt": (
        [*PRE, "d db 2c3d8h", *CHECKS, "p1 cc"],
        "BOARD_COUNT",
        "Cartas comunitarias incorrectas: no se repartió el turn antes de que actuara p1",
    ),
    "the board not known at the showdown": (
        [*PRE, *CHECKS, "d db 9s", *CHECKS, "d db Tc", *CHECKS, "p1 sm AhAd", "p2 sm KhKd"]
        + ["p3 sm QhQd"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: no se puede leer ninguna mano: "
        "no se conocen las cinco cartas comunitarias",
    ),
    "killing the hand of no such player": (
        (*make_hand([100] * 3, DEAL).actions, Action(ActionKind.DEAD, 8)),
        "MALFORMED",
        ES + "no hay jugador p9",
    ),
    "showing the deuce of clubs": (
        [*PRE, "d db 7c3d8h", *CHECKS, "d db 9s", *CHECKS, "d db Tc", *CHECKS, "p1 sm 2c5c"],
        "SHOWDOWN_INVALID",
        "Showdown inválido: p1 muestra 2c, 5c, no las cartas que recibió",
    ),
    "a deal out of order": (
        ["d dh p2 KhKd", "d dh p1 AhAd", "d dh p3 QhQd"],
        "DEAL_ORDER",
        "Reparto fuera de orden: se esperaba a p1, no a p2",
    ),
    "a deal after the betting began": (
        [*DEAL[:2], "p3 cc", "d dh p3 QhQd"],
        "DEAL_ORDER",
        "Reparto fuera de orden: p3 recibe cartas después de empezadas las apuestas",
    ),
    "a deal in a void hand": (
        ["# mesa:void misdeal", "d dh p1 AhAd"],
        "ACTION_AFTER_END",
        "Acción después de terminada la mano: p1 recibe cartas después de anulada la mano",
    ),
}
# The same details in English, read by the auditor and in the API's English answers.
WORDED_EN = {
    "an action of an unknown kind": "Malformed hand data: unknown action kind 99",
    "not an action": "Malformed hand data: not an action",
    "no such player": "Malformed hand data: no player p8",
    "acting before the flop is dealt": (
        "Wrong number of board cards: the flop was not dealt before p1 acted"
    ),
    "acting after the betting": "Action after the hand ended: p1 acts after the betting is over",
    "acting after the others folded": (
        "Action after the hand ended: p1 acts after everybody else folded"
    ),
    "acting in a void hand": (
        "Action after the hand ended: p3 acts after the hand was declared void"
    ),
    "hole cards dealt twice": "Player p1 must be dealt exactly 2 cards (dealt twice)",
    "one hole card": "Player p1 must be dealt exactly 2 cards (1 dealt)",
    "a player dealt nothing": "Player p3 must be dealt exactly 2 cards (no cards dealt)",
    "the flop while the betting is open": (
        "The betting round is not over: board dealt while the pre-flop betting is open"
    ),
    "the flop after the hand ended": (
        "Action after the hand ended: board dealt after the hand ended"
    ),
    "a sixth board card": "Wrong number of board cards: more than five board cards",
    "a flop of two cards": "Wrong number of board cards: 2 cards dealt, 3 expected",
    "showing in a void hand": (
        "Action after the hand ended: p1 shows after the hand was declared void"
    ),
    "a folded player shows": "Invalid showdown: p3 folded and has no hand to show",
    "showing before the showdown": "Invalid showdown: p3 shows or mucks before the showdown",
    "mucking a shown hand": "Invalid showdown: p1 mucks a hand already shown",
    "showing a mucked hand": "Invalid showdown: p1 shows a hand already mucked",
    "showing one card": "Player p1 must be dealt exactly 2 cards (1 shown)",
    "showing other cards": "Invalid showdown: p1 shows 4c, 5c, not the cards dealt",
    "killing a hand already folded": "Action after the hand ended: p3 is not in the hand",
    "voiding twice": "Action after the hand ended: the hand is already void",
    "everybody mucks": "Invalid showdown: every contender mucked",
    "no hand can be read": (
        "Invalid showdown: no hand shown can be read: p2, p3 did not show their cards"
    ),
    "a player still to act": "The hand is incomplete: p1 is still to act on the pre-flop",
    "the flop not dealt": "The hand is incomplete: the flop was not dealt",
    "the board not run out": "The hand is incomplete: the board was not run out to five cards",
    "the last hand does not show": (
        "The hand is incomplete: p3 must show to claim the pot (SHOW-03)"
    ),
    "nobody shows or mucks": "The hand is incomplete: no show or muck recorded for p1, p2, p3",
    "acting before the turn is dealt": (
        "Wrong number of board cards: the turn was not dealt before p1 acted"
    ),
    "the board not known at the showdown": (
        "Invalid showdown: no hand can be read: the five board cards are not known"
    ),
    "killing the hand of no such player": "Malformed hand data: no player p9",
    "showing the deuce of clubs": "Invalid showdown: p1 shows 2c, 5c, not the cards dealt",
    "a deal out of order": "Cards dealt out of order: expected p1, not p2",
    "a deal after the betting began": (
        "Cards dealt out of order: p3 is dealt cards after the betting began"
    ),
    "a deal in a void hand": (
        "Action after the hand ended: p1 is dealt cards after the hand was declared void"
    ),
}
# Words of the English details: none may be left in a Spanish message.
ENGLISH = set(
    "the is was not and after before acts dealt shows mucks mucked folded still hand "
    "expected cards board blind blinds above posted straddles every player posts twice "
    "must claim recorded shown read their live big small bet".split()
)


@pytest.mark.parametrize(("acts", "code", "spanish"), WORDED.values(), ids=WORDED.keys())
def test_gen_07_each_worded_detail_is_spanish_in_the_spanish_message(acts, code, spanish):  # type: ignore[no-untyped-def]  # GEN-07
    if isinstance(acts, tuple):
        hand = replace(make_hand([100] * 3, []), actions=acts)
    else:
        hand = make_hand([100] * 3, acts)
    verdict = validate(hand, NO_RAKE)
    assert (code, spanish) in [(v.code.value, v.message_es) for v in verdict.violations]
    for v in verdict.violations:
        assert not ENGLISH & set(v.message_es.replace(",", " ").split()), v.message_es


@pytest.mark.parametrize(
    ("acts", "code", "spanish", "english"),
    [(*WORDED[name], WORDED_EN[name]) for name in WORDED],
    ids=WORDED.keys(),
)
def test_gen_07_each_worded_detail_has_its_english_words(acts, code, spanish, english):  # type: ignore[no-untyped-def]  # GEN-07
    if isinstance(acts, tuple):
        hand = replace(make_hand([100] * 3, []), actions=acts)
    else:
        hand = make_hand([100] * 3, acts)
    verdict = validate(hand, NO_RAKE)
    assert (code, spanish, english) in [
        (v.code.value, v.message_es, v.message_en) for v in verdict.violations
    ]


FORCED = [
    ([0, -1, 0], [1, 2, 0], {}, "Ciegas u obligatorias inválidas: ante negativo"),
    ([0, 0, 0], [-1, 2, 0], {}, "Ciegas u obligatorias inválidas: una ciega no puede ser negativa"),
    (
        [0, 0, 0],
        [3, 2, 0],
        {},
        "Ciegas u obligatorias inválidas: ciega pequeña 3 mayor que la ciega grande 2",
    ),
    (
        [0, 0, 0],
        [1, 2, 0],
        {"variant": Variant.FIXED_LIMIT, "small_bet": 2, "big_bet": 5},
        "Ciegas u obligatorias inválidas: la apuesta grande debe ser el doble de la pequeña (OQ-02)",
    ),
    (
        [0, 0, 0],
        [1, 2, 6],
        {},
        "Straddle no permitido: solo hace straddle el jugador a la izquierda de la ciega grande, "
        "2 veces la ciega grande; p3 puso 6",
    ),
]


@pytest.mark.parametrize(("antes", "blinds", "fields", "spanish"), FORCED)
def test_gen_07_a_forced_bet_refusal_in_spanish(antes, blinds, fields, spanish):  # type: ignore[no-untyped-def]  # GEN-07, GAME-05
    verdict = validate(make_hand([100] * 3, [], antes=antes, blinds=blinds, **fields), NO_RAKE)
    assert spanish in [v.message_es for v in verdict.violations]
    house = MANUAL.with_overrides(straddle_allowed=False, rake_bps=0)
    refused = validate(make_hand([100] * 4, [], blinds=[1, 2, 4, 0]), house)
    assert "Straddle no permitido: p3 hace straddle en esta mesa" in [
        v.message_es for v in refused.violations
    ]
