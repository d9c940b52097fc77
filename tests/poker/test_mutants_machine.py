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
from dataclasses import replace

import pytest

from poker.machine import SHOWDOWN, Machine
from poker.model import UNKNOWN_CARD, Action, ActionKind, Hand, Variant
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
    """``hand`` with one recording mistake of the kinds a supervisor makes."""
    acts = list(hand.actions)
    n = len(hand.starting_stacks)
    i = rng.randrange(len(acts))
    a = acts[i]
    kind = rng.choice(
        ["drop", "repeat", "swap", "player", "amount", "cards", "fold", "check", "call", "muck"]
    )
    if kind == "drop":
        del acts[i]
    elif kind == "repeat":
        acts.insert(i, a)
    elif kind == "swap" and i + 1 < len(acts):
        acts[i], acts[i + 1] = acts[i + 1], a
    elif kind == "player":
        acts[i] = replace(a, player=rng.choice([-1, n, *range(n)]))
    elif kind == "amount":
        acts[i] = Action.bet_raise(max(a.player, 0), rng.choice([0, 1, 3, a.amount + 1, 10**6]))
    elif kind == "cards":
        other = [c.cards for c in acts if c.cards and c is not a]
        acts[i] = replace(
            a,
            cards=rng.choice(
                [*other, (), (UNKNOWN_CARD,), (0, 0), (51, 52), (UNKNOWN_CARD, UNKNOWN_CARD)]
            ),
        )
    elif kind in ("fold", "check", "call", "muck"):
        make = {
            "fold": Action.fold,
            "check": lambda p: Action(ActionKind.CHECK, p),
            "call": lambda p: Action(ActionKind.CALL, p),
            "muck": Action.muck,
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
    # The cards are known: a show of cards dealt face down is their reveal, not inlined.
    kinds: set[ActionKind] = set()
    for seed in SEEDS:
        hand = random_hand(seed, variant)
        machine = _Counting.from_hand(hand, GEN_PROFILE)
        machine.slow = []
        machine.run(hand.actions)
        # Not inlined: a muck, and the board run out after an all-in (no betting follows).
        assert all(phase == SHOWDOWN for _, phase in machine.slow), (seed, machine.slow)
        assert {kind for kind, _ in machine.slow} <= {ActionKind.MUCK, ActionKind.DEAL_BOARD}
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
