"""Observed action -> effective action, per ruleset (HREC-03, BET-12..BET-24, rulings.md A–C).

Every case runs under MANUAL, PBA and CABA; a case gives the expected ruling for
each ruleset (PBA and CABA default to the MANUAL expectation). Case names carry
the RUL-xx or requirement ID they prove; ``test_rulings_catalogue`` checks that
every RUL ID is produced by at least one case here or in the irregularity tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from poker.model import ActionKind, Street
from poker.profiles import CABA, MANUAL, PBA, RuleProfile, Ruleset
from poker.rulings import (
    BettingContext,
    EffectiveKind,
    ObservedAction,
    Ruling,
    Status,
    Word,
    effective_actions,
    interpret,
)
from poker.rulings_common import ConductCode

K = EffectiveKind
S = Status
PROFILES: dict[Ruleset, RuleProfile] = {
    Ruleset.MANUAL: MANUAL,
    Ruleset.PBA: PBA,
    Ruleset.CABA: CABA,
}

# Betting situations used below (illustrations, not seed figures, unless named A-xx).
PRE_100 = BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=1000)
FLOP_100 = BettingContext(
    to_call=100, current_bet=100, min_raise_to=200, stack=1000, street=Street.FLOP
)
FLOP_OPEN = BettingContext(
    to_call=0, current_bet=0, min_raise_to=100, stack=1000, street=Street.FLOP
)
FACING_150 = BettingContext(to_call=150, current_bet=150, min_raise_to=300, stack=1000)
FACING_200 = BettingContext(
    to_call=200, current_bet=200, min_raise_to=400, stack=1000, street=Street.TURN
)
FACING_10 = BettingContext(to_call=10, current_bet=10, min_raise_to=20, stack=500)
FACING_30 = BettingContext(to_call=30, current_bet=30, min_raise_to=60, stack=500, chip_unit=5)
NOT_REOPENED = BettingContext(
    to_call=100, current_bet=100, min_raise_to=200, stack=1000, betting_open=False
)
AFTER_AGGRESSION = BettingContext(
    to_call=400, current_bet=400, min_raise_to=700, stack=1000, aggressive_action_between=True
)
POT_LIMIT = BettingContext(
    to_call=100, current_bet=100, min_raise_to=200, max_raise_to=400, stack=1000
)  # pot 100, bet 100 -> raise to at most 400
FIXED_LIMIT = BettingContext(
    to_call=10, current_bet=10, min_raise_to=20, limit_size=10, stack=500, street=Street.FLOP
)


@dataclass(frozen=True)
class Expect:
    kind: EffectiveKind
    to: int
    add: int = 0
    change: int = 0
    held: int = 0
    status: Status = Status.VALID
    rules: tuple[str, ...] = ()  # rule / requirement IDs that must be cited
    fallback: bool | None = None
    options: tuple[EffectiveKind, ...] | None = None
    committed: int | None = None
    sanction: ConductCode | None = None


@dataclass(frozen=True)
class Case:
    name: str
    observed: ObservedAction
    context: BettingContext
    manual: Expect
    pba: Expect | None = None
    caba: Expect | None = None
    differs: bool | None = None  # expected ⚠ flag
    extra: dict[str, object] = field(default_factory=dict)

    def expect(self, ruleset: Ruleset) -> Expect:
        if ruleset is Ruleset.PBA and self.pba is not None:
            return self.pba
        if ruleset is Ruleset.CABA and self.caba is not None:
            return self.caba
        return self.manual


def chips(*values: int, **kw: object) -> ObservedAction:
    return ObservedAction(chips=values, **kw)  # type: ignore[arg-type]


CASES: tuple[Case, ...] = (
    # --- RUL-01 / RUL-02 / RUL-20: words bind and prevail ---------------------------
    Case(
        "RUL-01-verbal-call-no-chips",
        ObservedAction(word=Word.CALL),
        FLOP_100,
        Expect(K.CALL, 100, add=100, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-verbal-fold",
        ObservedAction(word=Word.FOLD),
        FLOP_100,
        Expect(K.FOLD, 0, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-raise-amount-with-exact-chips",
        ObservedAction(word=Word.RAISE, amount=300, chips=(100, 100, 100)),
        FLOP_100,
        Expect(K.RAISE, 300, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-verbal-all-in",
        ObservedAction(word=Word.ALL_IN),
        FLOP_100,
        Expect(K.ALL_IN, 1000, add=1000, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-raise-by-increment",
        ObservedAction(word=Word.RAISE, amount=250, amount_is_increment=True),
        FLOP_100,
        Expect(K.RAISE, 350, add=350, rules=("RUL-01",)),
    ),
    Case(
        "RUL-02-raise-300-pushes-250",
        ObservedAction(word=Word.RAISE, amount=300, chips=(100, 100, 50)),
        FLOP_100,
        Expect(K.RAISE, 300, add=50, status=S.CORRECTED, rules=("RUL-01", "RUL-02")),
    ),
    Case(
        "RUL-02-call-with-big-chip",
        ObservedAction(word=Word.CALL, chips=(500,)),
        FLOP_100,
        Expect(K.CALL, 100, change=400, status=S.CORRECTED, rules=("RUL-02",)),
    ),
    Case(
        "RUL-02-fold-with-chips-out",
        ObservedAction(word=Word.FOLD, chips=(100,)),
        FLOP_100,
        Expect(K.FOLD, 0, change=100, status=S.CORRECTED, rules=("RUL-01", "RUL-02")),
    ),
    Case(
        "RUL-20-says-call-puts-too-few",
        ObservedAction(word=Word.CALL, chips=(25, 25)),
        FLOP_100,
        Expect(K.CALL, 100, add=50, status=S.CORRECTED, rules=("RUL-20",)),
        differs=False,
    ),
    Case(
        "RUL-01-call-with-nothing-to-call-is-check",
        ObservedAction(word=Word.CALL),
        FLOP_OPEN,
        Expect(K.CHECK, 0, status=S.CORRECTED, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-check-facing-bet-is-invalid",
        ObservedAction(word=Word.CHECK),
        FLOP_100,
        Expect(K.NONE_YET, 0, status=S.INVALID, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-verbal-check",
        ObservedAction(word=Word.CHECK),
        FLOP_OPEN,
        Expect(K.CHECK, 0, rules=("RUL-01",)),
    ),
    Case(
        "RUL-01-amount-below-bet-is-invalid",
        ObservedAction(amount=50),
        FLOP_100,
        Expect(K.NONE_YET, 0, status=S.INVALID),
    ),
    # --- RUL-03: when the words come ------------------------------------------------
    Case(
        "RUL-03-words-after-chip-landed",
        ObservedAction(word=Word.RAISE, amount=500, chips=(500,), declared_before_chips=False),
        PRE_100,
        Expect(K.CALL, 100, change=400, status=S.CORRECTED, rules=("RUL-03", "RUL-06")),
        caba=Expect(
            K.CALL, 100, change=400, status=S.CORRECTED, rules=("RUL-03", "RUL-06"), fallback=True
        ),
    ),
    Case(
        "RUL-03-words-before-chip-landed",
        ObservedAction(word=Word.RAISE, amount=500, chips=(500,)),
        PRE_100,
        Expect(K.RAISE, 500, rules=("RUL-01",)),
    ),
    # --- RUL-04: silent chips -------------------------------------------------------
    Case(
        "RUL-04-silent-opening-bet-several-chips",
        chips(100, 100, 100),
        FLOP_OPEN,
        Expect(K.BET, 300, rules=("RUL-04",)),
        differs=False,
    ),
    Case(
        "RUL-04-silent-exact-call",
        chips(100),
        FLOP_100,
        Expect(K.CALL, 100, rules=("RUL-04",)),
    ),
    Case(
        "BET-11-silent-push-of-whole-stack",
        chips(500, 500),
        FLOP_100,
        Expect(K.ALL_IN, 1000, rules=("BET-11",)),
    ),
    # --- RUL-05: chips not released -------------------------------------------------
    Case(
        "RUL-05-hand-with-chips-not-released-facing-bet",
        chips(100, released=False),
        FLOP_100,
        Expect(K.NONE_YET, 0, rules=("RUL-05",), fallback=False),
        pba=Expect(K.CALL, 100, add=100, status=S.CORRECTED, rules=("RUL-05",)),
        caba=Expect(K.NONE_YET, 0, rules=("RUL-05",), fallback=True),
        differs=True,
    ),
    Case(
        "RUL-05-hand-with-chips-not-released-no-bet",
        chips(500, released=False),
        FLOP_OPEN,
        Expect(K.NONE_YET, 0, rules=("RUL-05",)),
        pba=Expect(K.BET, 100, add=100, status=S.CORRECTED, rules=("RUL-05",)),
        differs=True,
    ),
    Case(
        "RUL-05-words-bind-even-if-chips-not-released",
        ObservedAction(word=Word.CALL, chips=(100,), released=False),
        FLOP_100,
        Expect(K.CALL, 100, add=100, rules=("RUL-01",)),
    ),
    # --- RUL-06 / RUL-07 / RUL-08: one chip -----------------------------------------
    Case(
        "RUL-06-single-oversized-chip-preflop",
        chips(500),
        PRE_100,
        Expect(K.CALL, 100, change=400, status=S.CORRECTED, rules=("RUL-06",)),
        differs=False,
    ),
    Case(
        "RUL-07-single-oversized-chip-after-flop",
        chips(500),
        FLOP_100,
        Expect(K.CALL, 100, change=400, status=S.CORRECTED, rules=("RUL-07",)),
    ),
    Case(
        "RUL-06-big-blind-option-single-chip-is-check",
        chips(500),
        BettingContext(to_call=0, current_bet=100, min_raise_to=200, stack=1000),
        Expect(K.CHECK, 100, change=500, status=S.CORRECTED, rules=("RUL-06",)),
    ),
    Case(
        "RUL-08-single-chip-opening-bet",
        chips(500),
        FLOP_OPEN,
        Expect(K.BET, 500, rules=("RUL-08",)),
        caba=Expect(K.BET, 500, rules=("RUL-08",), fallback=True),
    ),
    Case(
        "RUL-08-single-chip-below-minimum-bet",
        chips(25),
        FLOP_OPEN,
        Expect(K.BET, 100, add=75, status=S.CORRECTED, rules=("RUL-08", "BET-03")),
    ),
    # --- RUL-09 / RUL-17: "raise" with a chip, no amount -----------------------------
    Case(
        "RUL-09-raise-word-chip-above-minimum",
        ObservedAction(word=Word.RAISE, chips=(500,)),
        FACING_200,
        Expect(K.RAISE, 500, rules=("RUL-09",)),
    ),
    Case(
        "RUL-09-raise-word-chip-25pct-short",
        ObservedAction(word=Word.RAISE, chips=(250,)),
        FACING_200,
        Expect(K.RAISE, 400, add=150, status=S.CORRECTED, rules=("RUL-09", "RUL-17")),
        pba=Expect(K.CALL, 200, change=50, status=S.CORRECTED, rules=("RUL-09", "RUL-15")),
        caba=Expect(
            K.CALL, 200, change=50, status=S.CORRECTED, rules=("RUL-09", "RUL-15"), fallback=True
        ),
        differs=True,
    ),
    Case(
        "RUL-09-raise-word-chip-exactly-half",
        ObservedAction(word=Word.RAISE, chips=(300,)),
        FACING_200,
        Expect(K.RAISE, 400, add=100, status=S.CORRECTED, rules=("RUL-09", "RUL-17")),
        pba=Expect(K.RAISE, 400, add=100, status=S.CORRECTED, rules=("RUL-09", "RUL-14")),
        differs=True,
    ),
    Case(
        "RUL-17-raise-announced-below-minimum",
        ObservedAction(word=Word.RAISE, amount=140),
        FLOP_100,
        Expect(K.RAISE, 200, add=200, status=S.CORRECTED, rules=("RUL-17",), fallback=False),
        pba=Expect(K.CALL, 100, add=100, status=S.CORRECTED, rules=("RUL-17", "RUL-15")),
        caba=Expect(K.RAISE, 200, add=200, status=S.CORRECTED, rules=("RUL-17",), fallback=True),
        differs=True,
    ),
    Case(
        "RUL-13-raise-declared-amount-follows",
        ObservedAction(word=Word.RAISE),
        FLOP_100,
        Expect(K.NONE_YET, 0, rules=("RUL-13",), options=(K.RAISE,)),
    ),
    Case(
        "BET-08-raise-declared-in-fixed-limit",
        ObservedAction(word=Word.RAISE),
        FIXED_LIMIT,
        Expect(K.RAISE, 20, add=20),
    ),
    # --- RUL-10: same-value chips (A-21, A-22) --------------------------------------
    Case(
        "RUL-10-A21-facing-150-two-100s",
        chips(100, 100),
        FACING_150,
        Expect(K.CALL, 150, change=50, status=S.CORRECTED, rules=("RUL-10",)),
        pba=Expect(K.CALL, 150, change=50, status=S.CORRECTED, rules=("RUL-10", "RUL-15")),
        caba=Expect(K.CALL, 150, change=50, status=S.CORRECTED, rules=("RUL-10",), fallback=True),
        differs=True,
    ),
    Case(
        "RUL-10-A22-facing-100-two-100s",
        chips(100, 100),
        FLOP_100,
        Expect(K.CALL, 100, change=100, status=S.CORRECTED, rules=("RUL-10",)),
        pba=Expect(K.RAISE, 200, rules=("RUL-10",)),
        caba=Expect(K.CALL, 100, change=100, status=S.CORRECTED, rules=("RUL-10",), fallback=True),
        differs=True,
    ),
    Case(
        "RUL-10-three-100s-raise-for-total",
        chips(100, 100, 100),
        FLOP_100,
        Expect(K.RAISE, 300, rules=("RUL-10",)),
    ),
    Case(
        "RUL-10-pba-short-raise-where-manual-calls",
        chips(25, 25),
        FACING_30,
        Expect(K.CALL, 30, change=20, status=S.CORRECTED, rules=("RUL-10",)),
        pba=Expect(K.RAISE, 60, add=10, status=S.CORRECTED, rules=("RUL-10", "RUL-16")),
        differs=True,
    ),
    # --- RUL-11 / RUL-14 / RUL-15 / RUL-16: different chips, short raises (A-19) ---
    Case(
        "RUL-14-A19-150-different-chips",
        chips(100, 50),
        FLOP_100,
        Expect(K.RAISE, 200, add=50, status=S.CORRECTED, rules=("RUL-11", "RUL-14")),
        caba=Expect(
            K.RAISE, 200, add=50, status=S.CORRECTED, rules=("RUL-11", "RUL-14"), fallback=True
        ),
        differs=False,
    ),
    Case(
        "RUL-15-A19-140-different-chips",
        chips(100, 25, 10, 5),
        FLOP_100,
        Expect(K.CALL, 100, change=40, status=S.CORRECTED, rules=("RUL-11", "RUL-15")),
    ),
    Case(
        "RUL-16-A19-175-different-chips",
        chips(100, 50, 25),
        FLOP_100,
        Expect(K.RAISE, 200, add=25, status=S.CORRECTED, rules=("RUL-16",), fallback=False),
        pba=Expect(K.RAISE, 200, add=25, status=S.CORRECTED, rules=("RUL-16",), fallback=True),
        caba=Expect(K.RAISE, 200, add=25, status=S.CORRECTED, rules=("RUL-16",), fallback=True),
    ),
    Case(
        "RUL-11-full-raise-different-chips",
        chips(100, 100, 25, 25),
        FLOP_100,
        Expect(K.RAISE, 250, rules=("RUL-11",)),
    ),
    Case(
        "RUL-14-A19-announced-150",
        ObservedAction(amount=150),
        FLOP_100,
        Expect(K.RAISE, 200, add=200, status=S.CORRECTED, rules=("RUL-14",)),
    ),
    Case(
        "RUL-15-A19-announced-140",
        ObservedAction(amount=140),
        FLOP_100,
        Expect(K.CALL, 100, add=100, status=S.CORRECTED, rules=("RUL-15",)),
    ),
    Case(
        "RUL-16-A19-announced-175",
        ObservedAction(amount=175),
        FLOP_100,
        Expect(K.RAISE, 200, add=200, status=S.CORRECTED, rules=("RUL-16",)),
    ),
    Case(
        "BET-10-short-all-in-is-not-completed",
        chips(100, 50),
        BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=150),
        Expect(K.ALL_IN, 150, rules=("BET-11",)),
    ),
    Case(
        "BET-11-min-raise-completion-capped-by-stack",
        chips(100, 50),
        BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=180),
        Expect(K.ALL_IN, 180, add=30, status=S.CORRECTED, rules=("RUL-14", "BET-11")),
    ),
    # --- RUL-12 / RUL-13: string raises and movements (A-20) ------------------------
    Case(
        "RUL-12-A20-two-silent-pushes-of-one-25-chip",
        chips(25, 25, movements=2, first_movement_chips=1),
        FACING_10,
        Expect(K.CALL, 10, change=40, status=S.INVALID, rules=("RUL-12", "RUL-06")),
    ),
    Case(
        "RUL-12-A20-first-push-several-chips",
        chips(10, 10, 5, 25, movements=2, first_movement_chips=3),
        FACING_10,
        Expect(K.RAISE, 25, change=25, status=S.INVALID, rules=("RUL-12", "RUL-11")),
        caba=Expect(
            K.RAISE, 25, change=25, status=S.INVALID, rules=("RUL-12", "RUL-11"), fallback=True
        ),
    ),
    Case(
        "RUL-12-first-movement-unknown",
        chips(25, 25, movements=2),
        FACING_10,
        Expect(K.NONE_YET, 0, held=50, status=S.INVALID, rules=("RUL-12",)),
    ),
    Case(
        "RUL-13-raise-then-two-movements",
        ObservedAction(word=Word.RAISE, chips=(100, 100, 100), movements=2, first_movement_chips=1),
        FLOP_100,
        Expect(K.RAISE, 300, rules=("RUL-13",)),
        pba=Expect(K.RAISE, 300, rules=("RUL-13",)),
        caba=Expect(
            K.CALL, 100, change=200, status=S.INVALID, rules=("RUL-13", "RUL-12", "RUL-15")
        ),
        differs=True,
    ),
    Case(
        "RUL-13-raise-then-three-movements",
        ObservedAction(word=Word.RAISE, chips=(100, 100, 100), movements=3, first_movement_chips=1),
        FLOP_100,
        Expect(K.RAISE, 300, rules=("RUL-13",)),
        pba=Expect(K.CALL, 100, change=200, status=S.INVALID, rules=("RUL-13", "RUL-12")),
        caba=Expect(K.CALL, 100, change=200, status=S.INVALID, rules=("RUL-13", "RUL-12")),
        differs=True,
    ),
    Case(
        "RUL-13-declared-amount-in-several-movements-stands",
        ObservedAction(word=Word.RAISE, amount=300, chips=(100, 100, 100), movements=3),
        FLOP_100,
        Expect(K.RAISE, 300, rules=("RUL-01",)),
    ),
    Case(
        "RUL-04-call-in-two-movements-is-not-a-string-raise",
        chips(50, 50, movements=2),
        FLOP_100,
        Expect(K.CALL, 100, rules=("RUL-04",)),
    ),
    # --- RUL-18: betting not reopened -----------------------------------------------
    Case(
        "RUL-18-raise-when-betting-not-reopened",
        chips(100, 100, 100),
        NOT_REOPENED,
        Expect(K.CALL, 100, change=200, status=S.CORRECTED, rules=("RUL-18", "BET-10")),
    ),
    # --- Structure limits -----------------------------------------------------------
    Case(
        "BET-07-pot-limit-overbet-reduced-to-pot",
        ObservedAction(word=Word.RAISE, amount=1000),
        POT_LIMIT,
        Expect(K.RAISE, 400, add=400, status=S.CORRECTED, rules=("BET-07",)),
    ),
    Case(
        "BET-08-fixed-limit-oversized-raise",
        chips(10, 10, 10),
        FIXED_LIMIT,
        Expect(K.RAISE, 20, change=10, status=S.CORRECTED, rules=("BET-08",)),
    ),
    Case(
        "BET-11-declared-more-than-stack",
        ObservedAction(word=Word.RAISE, amount=2000),
        FLOP_100,
        Expect(K.ALL_IN, 1000, add=1000, status=S.CORRECTED, rules=("BET-11",)),
    ),
    # --- RUL-19 / RUL-20: under-calls -----------------------------------------------
    Case(
        "RUL-19-silent-under-call",
        chips(50),
        FLOP_100,
        Expect(K.CALL, 100, add=50, status=S.CORRECTED, rules=("RUL-19",)),
        pba=Expect(
            K.NONE_YET,
            0,
            held=50,
            status=S.CORRECTED,
            rules=("RUL-19",),
            options=(K.CALL, K.FOLD),
        ),
        differs=True,
    ),
    Case(
        "RUL-19-pba-withdraws-before-next-player",
        chips(50, later_choice=Word.FOLD),
        FLOP_100,
        Expect(K.CALL, 100, add=50, status=S.CORRECTED, rules=("RUL-19",)),
        pba=Expect(K.FOLD, 0, change=50, status=S.CORRECTED, rules=("RUL-19",), committed=0),
    ),
    Case(
        "RUL-19-pba-folds-after-next-player-forfeits",
        chips(50, players_acted_after=1, later_choice=Word.FOLD),
        FLOP_100,
        Expect(K.CALL, 100, add=50, status=S.CORRECTED, rules=("RUL-19",)),
        pba=Expect(K.FOLD, 50, status=S.CORRECTED, rules=("RUL-19",), committed=50),
    ),
    Case(
        "RUL-19-pba-pays-after-next-player",
        chips(50, players_acted_after=1, later_choice=Word.CALL),
        FLOP_100,
        Expect(K.CALL, 100, add=50, status=S.CORRECTED, rules=("RUL-19",)),
    ),
    Case(
        "BET-11-under-call-with-whole-stack-is-all-in",
        chips(25, 25),
        BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=50),
        Expect(K.ALL_IN, 50, rules=("BET-11",)),
    ),
    # --- RUL-21 / RUL-22 / RUL-23: out of turn --------------------------------------
    Case(
        "RUL-21-out-of-turn-raise-no-aggression",
        chips(100, 100, 100, in_turn=False),
        FLOP_100,
        Expect(K.RAISE, 300, status=S.CORRECTED, rules=("RUL-21",)),
        pba=Expect(
            K.CALL,
            100,
            change=200,
            status=S.CORRECTED,
            rules=("RUL-21",),
            options=(K.CALL, K.FOLD),
        ),
        caba=Expect(K.RAISE, 300, status=S.CORRECTED, rules=("RUL-21",)),
        differs=True,
    ),
    Case(
        "RUL-21-out-of-turn-bet-stands",
        chips(100, 100, in_turn=False),
        FLOP_OPEN,
        Expect(K.BET, 200, status=S.CORRECTED, rules=("RUL-21",)),
    ),
    Case(
        "RUL-21-pba-out-of-turn-then-folds-forfeits",
        chips(100, 100, in_turn=False, later_choice=Word.FOLD),
        FLOP_OPEN,
        Expect(K.BET, 200, status=S.CORRECTED, rules=("RUL-21",)),
        pba=Expect(K.FOLD, 200, status=S.CORRECTED, rules=("RUL-21",), committed=200),
    ),
    Case(
        "RUL-22-out-of-turn-then-skipped-player-raises",
        chips(100, 100, 100, in_turn=False),
        AFTER_AGGRESSION,
        Expect(
            K.NONE_YET,
            0,
            change=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.FOLD, K.CALL, K.RAISE),
        ),
        pba=Expect(
            K.NONE_YET,
            0,
            held=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.CALL, K.FOLD),
        ),
        caba=Expect(
            K.NONE_YET,
            0,
            held=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.CALL, K.FOLD),
        ),
        differs=True,
    ),
    Case(
        "RUL-22-pba-caba-calls-the-highest-bet",
        chips(100, 100, 100, in_turn=False, later_choice=Word.CALL),
        AFTER_AGGRESSION,
        Expect(
            K.NONE_YET,
            0,
            change=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.FOLD, K.CALL, K.RAISE),
        ),
        pba=Expect(K.CALL, 400, add=100, status=S.CORRECTED, rules=("RUL-22",)),
        caba=Expect(K.CALL, 400, add=100, status=S.CORRECTED, rules=("RUL-22",)),
    ),
    Case(
        "RUL-22-pba-caba-fold-forfeits",
        chips(100, 100, 100, in_turn=False, later_choice=Word.FOLD),
        AFTER_AGGRESSION,
        Expect(
            K.NONE_YET,
            0,
            change=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.FOLD, K.CALL, K.RAISE),
        ),
        pba=Expect(K.FOLD, 300, status=S.CORRECTED, rules=("RUL-22",), committed=300),
        caba=Expect(K.FOLD, 300, status=S.CORRECTED, rules=("RUL-22",), committed=300),
    ),
    Case(
        "RUL-22-deliberate-out-of-turn-sanction-proposal",
        chips(100, 100, 100, in_turn=False, deliberate=True),
        AFTER_AGGRESSION,
        Expect(
            K.NONE_YET,
            0,
            change=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            sanction=ConductCode.DELIBERATE_OUT_OF_TURN,
        ),
        pba=Expect(
            K.NONE_YET,
            0,
            held=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            sanction=ConductCode.DELIBERATE_OUT_OF_TURN,
        ),
        caba=Expect(
            K.NONE_YET,
            0,
            held=300,
            status=S.CORRECTED,
            rules=("RUL-22",),
            sanction=ConductCode.DELIBERATE_OUT_OF_TURN,
        ),
    ),
    Case(
        "RUL-23-out-of-turn-fold-binds",
        ObservedAction(word=Word.FOLD, in_turn=False),
        AFTER_AGGRESSION,
        Expect(K.FOLD, 0, status=S.CORRECTED, rules=("RUL-23",)),
        caba=Expect(K.FOLD, 0, status=S.CORRECTED, rules=("RUL-23",), fallback=True),
    ),
    Case(
        "RUL-23-left-seat-before-acting",
        ObservedAction(left_seat=True),
        FLOP_100,
        Expect(K.FOLD, 0, status=S.CORRECTED, rules=("RUL-23",)),
        pba=Expect(
            K.FOLD,
            0,
            status=S.CORRECTED,
            rules=("RUL-23",),
            sanction=ConductCode.LEFT_SEAT_DURING_ACTION,
        ),
    ),
    Case(
        "RUL-36-cards-pushed-forward",
        ObservedAction(cards_forward=True),
        FLOP_100,
        Expect(K.FOLD, 0, rules=("RUL-36",)),
    ),
    # --- RUL-24: taps --------------------------------------------------------------
    Case(
        "RUL-24-two-taps-check",
        ObservedAction(taps=2),
        FLOP_OPEN,
        Expect(K.CHECK, 0, rules=("RUL-24",), fallback=False),
        pba=Expect(K.CHECK, 0, rules=("RUL-24",), fallback=True),
        caba=Expect(K.CHECK, 0, rules=("RUL-24",), fallback=True),
        differs=False,
    ),
    Case(
        "RUL-24-taps-facing-a-bet",
        ObservedAction(taps=2),
        FLOP_100,
        Expect(K.NONE_YET, 0, status=S.INVALID, rules=("RUL-24",)),
    ),
    Case(
        "RUL-24-one-tap-is-nothing",
        ObservedAction(taps=1),
        FLOP_OPEN,
        Expect(K.NONE_YET, 0),
    ),
    # --- RUL-25: time (A-25) -------------------------------------------------------
    Case(
        "RUL-25-A25-three-players-acted-no-raise",
        chips(100, 100, 100, players_acted_after=3),
        FLOP_100,
        Expect(K.CALL, 100, change=200, status=S.CORRECTED, rules=("RUL-25",)),
        differs=True,  # RUL-10 (same-value chips) is read first
    ),
    Case(
        "RUL-25-A25-three-players-acted-verbal-raise",
        ObservedAction(word=Word.RAISE, amount=300, players_acted_after=3),
        FLOP_100,
        Expect(K.CALL, 100, add=100, status=S.CORRECTED, rules=("RUL-25",)),
    ),
    Case(
        "RUL-25-A25-three-players-acted-bet-becomes-check",
        chips(100, 100, players_acted_after=3),
        FLOP_OPEN,
        Expect(K.CHECK, 0, change=200, status=S.CORRECTED, rules=("RUL-25",)),
    ),
    Case(
        "RUL-25-two-players-acted-raise-allowed",
        ObservedAction(word=Word.RAISE, amount=300, players_acted_after=2),
        FLOP_100,
        Expect(K.RAISE, 300, add=300),
    ),
    Case(
        "RUL-25-time-said-with-chips-out-the-chips-speak",
        ObservedAction(word=Word.TIME, chips=(100,)),
        FLOP_100,
        Expect(K.CALL, 100, rules=("RUL-04",)),
    ),
    Case(
        "RUL-25-time-holds-the-turn",
        ObservedAction(word=Word.TIME),
        FLOP_100,
        Expect(K.NONE_YET, 0, rules=("RUL-25",)),
    ),
    # --- Bad input never raises -----------------------------------------------------
    Case(
        "HREC-03-chips-beyond-stack",
        chips(500, 500),
        BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=600),
        Expect(K.NONE_YET, 0, status=S.INVALID, rules=("HREC-03",)),
    ),
    Case(
        "HREC-03-chip-not-in-chip-units",
        chips(7),
        FACING_30,
        Expect(K.NONE_YET, 0, status=S.INVALID, rules=("HREC-03",)),
    ),
)


def _params() -> list[object]:
    return [
        pytest.param(case, ruleset, id=f"{case.name}[{ruleset.value}]")
        for case in CASES
        for ruleset in Ruleset
    ]


def run_case(case: Case, ruleset: Ruleset) -> Ruling:
    return interpret(case.observed, case.context, PROFILES[ruleset])


@pytest.mark.parametrize(("case", "ruleset"), _params())
def test_interpret_case(case: Case, ruleset: Ruleset) -> None:
    """Each row of rulings.md A–C, per ruleset (BET-12..BET-24, HREC-03)."""
    # The cases prove BET-13 (RUL-04), BET-16 (RUL-19, RUL-20), BET-18 (RUL-21, RUL-22), BET-19 (RUL-24).
    expected = case.expect(ruleset)
    r = run_case(case, ruleset)
    got = (r.kind, r.amount_to, r.chips_to_add, r.change, r.held, r.status)
    want = (
        expected.kind,
        expected.to,
        expected.add,
        expected.change,
        expected.held,
        expected.status,
    )
    assert got == want, r.explanation_en
    cited = set(r.rule_ids) | set(r.requirement_ids)
    assert set(expected.rules) <= cited, (r.rule_ids, r.requirement_ids)
    if expected.fallback is not None:
        assert r.fallback is expected.fallback
    if expected.options is not None:
        assert r.options == expected.options
    if expected.committed is not None:
        assert r.committed == expected.committed
    if expected.sanction is not None:
        assert r.sanction is not None and r.sanction.conduct is expected.sanction
    else:
        assert r.sanction is None
    if case.differs is not None:
        assert r.rulesets_differ is case.differs
    # HREC-07: every ruling that cites a rule explains itself in both languages and
    # names its sources.
    if r.rule_ids:
        assert r.explanation_es and r.explanation_en
        assert r.sources


def test_a19_short_raise_acceptance() -> None:
    """A-19 (BET-17): facing 100, minimum raise to 200: 150 -> 200, 140 -> call + 40, 175 -> 200."""
    for profile in (MANUAL, PBA, CABA):
        r150 = interpret(chips(100, 50), FLOP_100, profile)
        r140 = interpret(chips(100, 25, 10, 5), FLOP_100, profile)
        r175 = interpret(chips(100, 50, 25), FLOP_100, profile)
        assert (r150.kind, r150.amount_to) == (K.RAISE, 200)
        assert (r140.kind, r140.amount_to, r140.change) == (K.CALL, 100, 40)
        assert (r175.kind, r175.amount_to) == (K.RAISE, 200)


def test_a20_string_raise_is_not_a_raise_to_50_under_pba() -> None:
    """A-20 (BET-15, RUL-12): two silent pushes of 25 facing 10 are not a raise to 50."""
    r = interpret(chips(25, 25, movements=2, first_movement_chips=1), FACING_10, PBA)
    assert r.amount_to != 50
    assert r.status is Status.INVALID  # the supervisor confirms what stands (OQ-12)
    assert "RUL-12" in r.rule_ids


def test_a22_same_value_chips_manual_call_pba_raise() -> None:
    """A-22 (RUL-10, OQ-11): two 100s facing 100: MANUAL call, PBA raise to 200."""
    manual = interpret(chips(100, 100), FLOP_100, MANUAL)
    pba = interpret(chips(100, 100), FLOP_100, PBA)
    assert (manual.kind, manual.amount_to, manual.change) == (K.CALL, 100, 100)
    assert (pba.kind, pba.amount_to, pba.change) == (K.RAISE, 200, 0)
    assert manual.rulesets_differ and pba.rulesets_differ


def test_same_value_rule_is_a_profile_setting() -> None:
    """OQ-11: a MANUAL table may switch to the PBA reading of same-value chips."""
    from poker.profiles import SameValueChipRule

    switched = MANUAL.with_overrides(
        same_value_chip_rule=SameValueChipRule.REMOVE_ONE_LESS_THAN_CALL
    )
    r = interpret(chips(100, 100), FLOP_100, switched)
    assert (r.kind, r.amount_to) == (K.RAISE, 200)


def test_short_raise_threshold_is_a_profile_setting() -> None:
    """BET-17: ``short_raise_threshold_pct`` moves the line between call and minimum raise."""
    strict = MANUAL.with_overrides(short_raise_threshold_pct=60)
    r = interpret(chips(100, 50), FLOP_100, strict)  # increment 50 of 100 = 50 % < 60 %
    assert (r.kind, r.amount_to, r.change) == (K.CALL, 100, 50)
    assert "RUL-15" in r.rule_ids


def test_time_call_players_is_a_profile_setting() -> None:
    """BET-20: after ``time_call_players`` later players, no aggression."""
    two = MANUAL.with_overrides(time_call_players=2)
    r = interpret(ObservedAction(word=Word.RAISE, amount=300, players_acted_after=2), FLOP_100, two)
    assert r.kind is K.CALL


def test_movements_after_raise_is_a_profile_setting() -> None:
    """RUL-13: a MANUAL table limited to one movement reads extra movements as a string raise."""
    single = MANUAL.with_overrides(raise_movements_after_declaration=0)
    observed = ObservedAction(
        word=Word.RAISE, chips=(100, 100, 100), movements=2, first_movement_chips=1
    )
    assert interpret(observed, FLOP_100, MANUAL).status is Status.VALID
    assert interpret(observed, FLOP_100, single).status is Status.INVALID


def test_bet_24_valid_carries_no_correction() -> None:
    """BET-24: a plain legal action is VALID with no change, no chips to add, one plain kind."""
    r = interpret(chips(100, 100, 100), FLOP_OPEN, MANUAL)
    assert r.status is Status.VALID
    assert (r.change, r.chips_to_add, r.held, r.options) == (0, 0, 0, ())
    assert not r.corrected


@pytest.mark.parametrize(
    ("observed", "context", "expected"),
    [
        (ObservedAction(word=Word.FOLD), FLOP_100, ((ActionKind.FOLD, 0),)),
        (ObservedAction(taps=2), FLOP_OPEN, ((ActionKind.CHECK, 0),)),
        (chips(500), FLOP_100, ((ActionKind.CALL, 0),)),
        (chips(100, 100, 100), FLOP_100, ((ActionKind.BET_RAISE, 300),)),
        (ObservedAction(word=Word.ALL_IN), FLOP_100, ((ActionKind.BET_RAISE, 1000),)),
        (
            ObservedAction(word=Word.ALL_IN),
            BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=60),
            ((ActionKind.CALL, 0),),
        ),
        (ObservedAction(word=Word.TIME), FLOP_100, ()),
    ],
)
def test_effective_actions_feed_the_engine(
    observed: ObservedAction, context: BettingContext, expected: tuple[tuple[ActionKind, int], ...]
) -> None:
    """HREC-03: the effective action becomes the engine's action (PHH ``cbr`` street totals)."""
    r = interpret(observed, context, MANUAL)
    actions = effective_actions(r, 3, context)
    assert tuple((a.kind, a.amount) for a in actions) == expected
    assert all(a.player == 3 for a in actions)
