"""SHOW-03: at the showdown a player shows to claim the pot, even the last one left.

The others mucking does not pay the last hand unseen: the hand is not over until it
is shown (the validator answers HAND_INCOMPLETE naming SHOW-03, and the live state
waits for the show), so the winning cards are on the record. A hand won because
everyone else folded before the showdown needs no show (SHOW-09).
"""

from __future__ import annotations

from poker.model import Action, ActionKind
from poker.state import HandState, Rejected
from poker.validate import Status
from tests.poker.engine_helpers import NO_RAKE, check, codes, make_hand

DEAL = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd"]
TO_THE_RIVER = [
    "p3 cc",
    "p1 cc",
    "p2 cc",
    "d db 2c7d9h",
    "p1 cc",
    "p2 cc",
    "p3 cc",
    "d db Js",
    "p1 cc",
    "p2 cc",
    "p3 cc",
    "d db 4s",
    "p1 cc",
    "p2 cbr 10",
    "p3 cc",
    "p1 cc",
]


def _showdown(*shows: str):  # type: ignore[no-untyped-def]
    return make_hand([100] * 3, [*DEAL, *TO_THE_RIVER, *shows])


def _incomplete_for_show_03(verdict) -> bool:  # type: ignore[no-untyped-def]
    return any(
        v.code.value == "HAND_INCOMPLETE" and "SHOW-03" in v.message_en for v in verdict.violations
    )


def test_last_hand_not_mucked_is_not_paid_unseen():  # SHOW-03, OQ-48
    # p2 bet the river and shows first (SHOW-01): here p2 and p3 muck, p1 is left.
    verdict = check(_showdown("p2 sm", "p3 sm"))
    assert verdict.status is Status.INVALID
    assert _incomplete_for_show_03(verdict), verdict.violations
    assert "p1 must show to claim the pot" in verdict.violations[0].message_en
    assert verdict.payouts == (0, 0, 0)  # nothing is awarded to an unseen hand


def test_last_hand_shown_wins_and_its_cards_are_on_the_record():  # SHOW-03, SHOW-13
    hand = _showdown("p2 sm", "p3 sm", "p1 sm AhAd")
    verdict = check(hand)
    assert verdict.valid, verdict.violations
    assert verdict.pots[0].winners == (0,)
    assert verdict.payouts == (36, 0, 0)
    shown = [a for a in hand.actions if a.kind is ActionKind.SHOW]
    assert [(a.player, a.cards) for a in shown] == [(0, hand.actions[0].cards)]


def test_heads_up_the_one_left_after_a_muck_shows():  # SHOW-03
    acts = ["d dh p1 AhAd", "d dh p2 KhKd", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cc", "p2 cc"]
    acts += ["d db Js", "p1 cc", "p2 cc", "d db 4s", "p1 cc", "p2 cc", "p1 sm"]
    assert _incomplete_for_show_03(check(make_hand([100, 100], acts)))
    verdict = check(make_hand([100, 100], [*acts, "p2 sm -"]))
    assert verdict.valid, verdict.violations
    assert verdict.pots[0].winners == (1,)  # the aces were mucked (OQ-48)


def test_all_in_run_out_the_caller_left_still_shows():  # SHOW-03 with the board run out
    acts = ["d dh p1 AhAd", "d dh p2 KhKd", "p2 cbr 100", "p1 cc"]
    acts += ["d db 2c7d9h", "d db Js", "d db 4s", "p2 sm"]
    assert _incomplete_for_show_03(check(make_hand([100, 100], acts)))
    verdict = check(make_hand([100, 100], [*acts, "p1 sm -"]))
    assert verdict.valid and verdict.payouts == (200, 0)


def test_won_by_everyone_folding_needs_no_show():  # SHOW-09: not a showdown
    acts = [*DEAL, "p3 cbr 10", "p1 f", "p2 f"]
    verdict = check(make_hand([100] * 3, acts))
    assert verdict.valid, verdict.violations
    assert verdict.payouts == (0, 0, 5)  # the blinds and his call of the big blind
    assert verdict.showdown_order == ()


def test_live_hand_waits_for_the_last_show():  # SHOW-03 on the live path (BET-24)
    hand = _showdown("p2 sm", "p3 sm")
    state = HandState.start(hand.__class__(**{**_fields(hand), "actions": ()}), NO_RAKE)
    for action in hand.actions:
        state = state.apply(action)
        assert not isinstance(state, Rejected), state
    assert state.at_showdown
    assert not state.is_over  # the supervisor is asked for p1's show, not shown the payout
    state = state.apply(Action.show(0))
    assert not isinstance(state, Rejected), state
    assert state.is_over
    assert state.settle().payouts == (36, 0, 0)


def test_the_last_hand_may_still_muck_and_then_nobody_claims():  # SHOW-03: muck = no claim
    verdict = check(_showdown("p2 sm", "p3 sm", "p1 sm"))
    assert "SHOWDOWN_INVALID" in codes(verdict)  # every contender mucked: the floor decides


def _fields(hand):  # type: ignore[no-untyped-def]
    return {name: getattr(hand, name) for name in hand.__dataclass_fields__}
