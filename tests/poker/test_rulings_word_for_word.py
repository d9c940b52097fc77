"""Floor rulings, ``poker.rulings``: the mutants the rest of tests/poker left alive
(``make mutate MODULE=poker/rulings.py``, docs/testing.md "Mutation testing").

What they showed: the suite checked each ruling's effective action and that it cites
*a* rule, rarely what the ruling says. The supervisor reads the explanation in Spanish
or English and the rule and source it cites before accepting or overriding the ruling
(HREC-07, AUTH-04), so the words are part of the ruling. Each row of ``RULINGS`` goes
through ``interpret`` as the recorder calls it and pins the whole ruling: the effective
action and its amounts (BET-24), the rules and requirements applied, their sources for
the table's ruleset, the fall-back flag (GEN-03), the options left, the sanction proposed,
and the explanation word for word in both languages. The rows sit on each boundary the
engine tests (to_call 0 vs 1, chips one short / exact / one over, the short-raise rule at
49 / 50 / 51 %, two vs three players after a silent player, each movement limit); the
clock is pinned at each edge of its countdown (BET-21).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import pytest

from poker.model import Action, Street
from poker.profiles import CABA, MANUAL, PBA, RuleProfile
from poker.rulings import (
    BettingContext,
    ClockRuling,
    EffectiveKind,
    ObservedAction,
    Ruling,
    Status,
    Word,
    clock_ruling,
    effective_actions,
    interpret,
)
from poker.rulings_catalogue import rule_source
from poker.rulings_common import ConductCode, SanctionStart

K = EffectiveKind
S = Status
W = Word
C = ConductCode
O = ObservedAction  # noqa: E741
FLOP = Street.FLOP
MANUAL_SOURCE = "000_02038f08362622ef.txt"
PBA_CABA_SOURCE = "001_d78a37e40a115e1d.txt"
# A threshold and a time-call count other than the defaults (BET-17 OQ-10, BET-20).
MANUAL40 = MANUAL.with_overrides(short_raise_threshold_pct=40)
MANUAL2 = MANUAL.with_overrides(time_call_players=2)

# Betting situations (illustrations). F100: facing a bet of 100 on the flop, minimum raise
# to 200, 1,000 behind.
F100 = BettingContext(to_call=100, current_bet=100, min_raise_to=200, stack=1000, street=FLOP)
PRE100 = replace(F100, street=Street.PREFLOP)
RIVER100 = replace(F100, street=Street.RIVER)
F10 = BettingContext(to_call=10, current_bet=10, min_raise_to=20, stack=500, street=FLOP)
OPEN = BettingContext(to_call=0, current_bet=0, min_raise_to=100, stack=1000, street=FLOP)
# The big blind's option: a bet of 100 already matched (to_call 0 while current_bet > 0).
OPTION = BettingContext(to_call=0, current_bet=100, min_raise_to=200, stack=1000)
# The smallest debt: one chip to call.
OWE1 = BettingContext(to_call=1, current_bet=100, min_raise_to=200, stack=1000, street=FLOP)
UNIT5 = replace(PRE100, chip_unit=5)
SHORT150_200 = BettingContext(
    to_call=200, current_bet=200, min_raise_to=400, stack=150, street=FLOP
)
SHORT150_100 = replace(F100, stack=150)  # all-in to 150: above the bet, below a full raise
SHORT50 = replace(F100, stack=50)
STACK100 = replace(F100, stack=100)  # the call is the whole stack
STACK101 = replace(F100, stack=101)  # all-in one chip above the bet
POT = replace(F100, max_raise_to=400)  # A-08: raise to at most 400
LIMIT = BettingContext(
    to_call=10, current_bet=10, min_raise_to=20, limit_size=10, stack=500, street=FLOP
)
# Fixed limit with a pot-limit maximum equal to the fixed raise: the fixed limit names it.
LIMIT_POT = replace(F100, limit_size=100, max_raise_to=200)
LIMIT_ALLIN20 = replace(LIMIT, stack=20)  # the fixed raise is exactly the all-in
CLOSED = replace(F100, betting_open=False)
AGG = BettingContext(
    to_call=300,
    current_bet=300,
    min_raise_to=500,
    stack=1000,
    aggressive_action_between=True,
    street=FLOP,
)


@dataclass(frozen=True)
class Want:
    """A whole ruling but its sources (derived from the rules cited, checked separately)."""

    kind: EffectiveKind
    to: int = 0
    committed: int = 0
    out: int = 0
    add: int = 0
    change: int = 0
    held: int = 0
    status: Status = Status.VALID
    rules: tuple[str, ...] = ()
    reqs: tuple[str, ...] = ()
    options: tuple[EffectiveKind, ...] = ()
    fallback: bool = False
    differ: bool = False
    sanction: ConductCode | None = None


def _got(r: Ruling) -> Want:
    return Want(
        r.kind,
        to=r.amount_to,
        committed=r.committed,
        out=r.chips_put_out,
        add=r.chips_to_add,
        change=r.change,
        held=r.held,
        status=r.status,
        rules=r.rule_ids,
        reqs=r.requirement_ids,
        options=r.options,
        fallback=r.fallback,
        differ=r.rulesets_differ,
        sanction=None if r.sanction is None else r.sanction.conduct,
    )


# name: (profile, observed, context, the ruling, its explanation in Spanish, in English)
RULINGS: dict[str, tuple[RuleProfile, ObservedAction, BettingContext, Want, str, str]] = {
    # HREC-03: malformed facts are refused, with their reason (_input_problem)
    "a chip of value 0": (
        MANUAL,
        O(chips=(100, 0)),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Valor de ficha inválido.",
        "Invalid chip value.",
    ),
    "a chip of negative value": (
        MANUAL,
        O(chips=(-5,)),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Valor de ficha inválido.",
        "Invalid chip value.",
    ),
    "a chip not in chip units": (
        MANUAL,
        O(chips=(25, 7)),
        UNIT5,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Hay fichas que no son múltiplo de la unidad.",
        "Chips not in whole chip units.",
    ),
    "chips above the stack": (
        MANUAL,
        O(chips=(1000, 1)),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Las fichas puestas superan el stack del jugador.",
        "The chips put out exceed the player's stack.",
    ),
    "a negative amount": (
        MANUAL,
        O(word=W.RAISE, amount=-1),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Monto declarado negativo.",
        "Negative declared amount.",
    ),
    "chips with no movement": (
        MANUAL,
        O(chips=(100,), movements=0),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Fichas sin movimientos registrados.",
        "Chips recorded with no movement.",
    ),
    "a first movement of no chip": (
        MANUAL,
        O(chips=(100, 100), movements=2, first_movement_chips=0),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "El primer movimiento no coincide con las fichas.",
        "The first movement does not match the chips.",
    ),
    "a first movement of more chips than put out": (
        MANUAL,
        O(chips=(100, 100), movements=2, first_movement_chips=3),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "El primer movimiento no coincide con las fichas.",
        "The first movement does not match the chips.",
    ),
    "negative taps": (
        MANUAL,
        O(taps=-1),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Datos negativos.",
        "Negative counts.",
    ),
    "negative players after": (
        MANUAL,
        O(players_acted_after=-1),
        F100,
        Want(K.NONE_YET, status=S.INVALID, reqs=("HREC-03",)),
        "Datos negativos.",
        "Negative counts.",
    ),
    # ... and facts at the edge of each refusal are read
    "the whole stack put out": (
        MANUAL,
        O(chips=(500, 500)),
        F100,
        Want(K.ALL_IN, to=1000, committed=1000, out=1000, rules=("RUL-04",), reqs=("BET-11",)),
        "Empujó todas sus fichas: all-in.",
        "Pushed all the chips: all-in.",
    ),
    "unreleased chips above the stack": (
        MANUAL,
        O(chips=(1000, 1), released=False),
        F100,
        Want(K.NONE_YET, rules=("RUL-05",), differ=True),
        "Las fichas no se soltaron: todavía no hay acción.",
        "The chips were not released: no action yet.",
    ),
    "no movement and no chips": (
        MANUAL,
        O(movements=0, word=W.CHECK),
        OPEN,
        Want(K.CHECK, rules=("RUL-01",)),
        "Declaró pasar.",
        "Declared a check.",
    ),
    "an amount of 0 said with bet": (
        MANUAL,
        O(word=W.BET, amount=0),
        OPEN,
        Want(K.CHECK, rules=("RUL-01",)),
        "Declaró un monto: 0.",
        "Declared an amount: 0.",
    ),
    "a first movement of every chip": (
        MANUAL,
        O(chips=(25, 25), first_movement_chips=2),
        F10,
        Want(K.RAISE, to=50, committed=50, out=50, rules=("RUL-04", "RUL-10"), differ=True),
        "Fichas del mismo valor que superan lo que debe igualar aun quitando una: subida por el total.",
        "Same-value chips exceed the amount to call even without one chip: a raise for the total.",
    ),
    # RUL-23 / RUL-36: the seat left, the cards pushed forward (_left_seat, _cards_forward)
    "left seat manual": (
        MANUAL,
        O(left_seat=True),
        F100,
        Want(K.FOLD, status=S.CORRECTED, rules=("RUL-23",)),
        "El jugador dejó el asiento sin completar su acción: mano muerta.",
        "The player left the seat before completing the action: dead hand.",
    ),
    "left seat pba": (
        PBA,
        O(left_seat=True),
        F100,
        Want(K.FOLD, status=S.CORRECTED, rules=("RUL-23",), sanction=C.LEFT_SEAT_DURING_ACTION),
        "El jugador dejó el asiento sin completar su acción: mano muerta. En PBA además se propone sanción.",
        "The player left the seat before completing the action: dead hand. On PBA a sanction is also proposed.",
    ),
    "left seat caba": (
        CABA,
        O(left_seat=True),
        F100,
        Want(K.FOLD, status=S.CORRECTED, rules=("RUL-23",), fallback=True),
        "El jugador dejó el asiento sin completar su acción: mano muerta.",
        "The player left the seat before completing the action: dead hand.",
    ),
    "cards forward manual": (
        MANUAL,
        O(cards_forward=True),
        F100,
        Want(K.FOLD, rules=("RUL-36",)),
        "Cartas empujadas hacia adelante: mano muerta, sin derecho al pozo.",
        "Cards pushed forward: dead hand, no right to the pot.",
    ),
    "cards forward pba": (
        PBA,
        O(cards_forward=True),
        F100,
        Want(K.FOLD, rules=("RUL-36",)),
        "Cartas empujadas hacia adelante: mano muerta, sin derecho al pozo.",
        "Cards pushed forward: dead hand, no right to the pot.",
    ),
    "cards forward caba": (
        CABA,
        O(cards_forward=True),
        F100,
        Want(K.FOLD, rules=("RUL-36",), fallback=True),
        "Cartas empujadas hacia adelante: mano muerta, sin derecho al pozo.",
        "Cards pushed forward: dead hand, no right to the pot.",
    ),
    # RUL-25 "time"; RUL-05 unreleased chips (PBA: the minimum action, to_call 0 vs 1); RUL-24 taps
    "time said": (
        MANUAL,
        O(word=W.TIME),
        F100,
        Want(K.NONE_YET, rules=("RUL-25",)),
        "Dijo «tiempo»: retiene el turno, todavía no hay acción.",
        'Said "time": the turn is held, no action yet.',
    ),
    "time said over unreleased chips": (
        PBA,
        O(word=W.TIME, chips=(100,), released=False),
        F100,
        Want(K.NONE_YET, rules=("RUL-25",), fallback=True),
        "Dijo «tiempo»: retiene el turno, todavía no hay acción.",
        'Said "time": the turn is held, no action yet.',
    ),
    "time said with chips out": (
        MANUAL,
        O(word=W.TIME, chips=(100,)),
        F100,
        Want(K.CALL, to=100, committed=100, out=100, rules=("RUL-04",)),
        "Fichas por 100: iguala.",
        "Chips for 100: a call.",
    ),
    "unreleased manual": (
        MANUAL,
        O(chips=(100,), released=False),
        F100,
        Want(K.NONE_YET, rules=("RUL-05",), differ=True),
        "Las fichas no se soltaron: todavía no hay acción.",
        "The chips were not released: no action yet.",
    ),
    "unreleased caba": (
        CABA,
        O(chips=(100,), released=False),
        F100,
        Want(K.NONE_YET, rules=("RUL-05",), fallback=True, differ=True),
        "Las fichas no se soltaron: todavía no hay acción.",
        "The chips were not released: no action yet.",
    ),
    "unreleased pba owing 1": (
        PBA,
        O(chips=(100,), released=False),
        OWE1,
        Want(
            K.CALL, to=100, committed=1, add=1, status=S.CORRECTED, rules=("RUL-05",), differ=True
        ),
        "PBA: llevó la mano con fichas hacia el pozo; debe jugar al menos la acción mínima (igualar).",
        "PBA: the hand moved towards the pot with chips; at least the minimum action is due (a call).",
    ),
    "unreleased pba owing nothing facing a bet": (
        PBA,
        O(chips=(100,), released=False),
        OPTION,
        Want(
            K.RAISE,
            to=200,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-05",),
            differ=True,
        ),
        "PBA: llevó la mano con fichas hacia el pozo; debe jugar al menos la acción mínima (apuesta mínima de 200).",
        "PBA: the hand moved towards the pot with chips; at least the minimum action is due (the minimum bet of 200).",
    ),
    "unreleased pba opening": (
        PBA,
        O(chips=(25,), released=False),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-05",),
            differ=True,
        ),
        "PBA: llevó la mano con fichas hacia el pozo; debe jugar al menos la acción mínima (apuesta mínima de 100).",
        "PBA: the hand moved towards the pot with chips; at least the minimum action is due (the minimum bet of 100).",
    ),
    "unreleased with words": (
        MANUAL,
        O(word=W.CALL, chips=(100,), released=False),
        F100,
        Want(K.CALL, to=100, committed=100, add=100, rules=("RUL-01",)),
        "Declaró igualar.",
        "Declared a call.",
    ),
    "no tap": (
        MANUAL,
        O(),
        OPEN,
        Want(K.NONE_YET),
        "",
        "",
    ),
    "one tap": (
        MANUAL,
        O(taps=1),
        OPEN,
        Want(K.NONE_YET),
        "",
        "",
    ),
    "two taps, nothing to call": (
        MANUAL,
        O(taps=2),
        OPTION,
        Want(K.CHECK, to=100, rules=("RUL-24",)),
        "Dos golpes seguidos en la mesa: pasa.",
        "Two taps in a row on the table: check.",
    ),
    "three taps, nothing to call": (
        PBA,
        O(taps=3),
        OPEN,
        Want(K.CHECK, rules=("RUL-24",), fallback=True),
        "Dos golpes seguidos en la mesa: pasa.",
        "Two taps in a row on the table: check.",
    ),
    "two taps owing 1": (
        MANUAL,
        O(taps=2),
        OWE1,
        Want(K.NONE_YET, to=99, status=S.INVALID, rules=("RUL-24",), options=(K.FOLD, K.CALL)),
        "Golpear la mesa no es pasar cuando hay una apuesta que igualar: decide el supervisor.",
        "Tapping is not a check when there is a bet to call: the supervisor decides.",
    ),
    # RUL-03: words after the chips are read as silent chips
    "words after the chips": (
        MANUAL,
        O(word=W.CALL, chips=(100, 100), declared_before_chips=False),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=200,
            change=100,
            status=S.CORRECTED,
            rules=("RUL-03", "RUL-04", "RUL-10"),
            differ=True,
        ),
        "Lo dicho llegó después de que las fichas tocaran el paño: se leen como fichas sin palabra. Fichas del mismo valor: sin una ficha quedan 100, que no supera lo que debe igualar (100): es igualar.",
        "The words came after the chips touched the felt: they are read as silent chips. Same-value chips: without one chip 100 is left, which does not exceed the amount to call (100): a call.",
    ),
    "words after the chips pba": (
        PBA,
        O(word=W.FOLD, chips=(100,), declared_before_chips=False),
        F100,
        Want(
            K.CALL, to=100, committed=100, out=100, status=S.CORRECTED, rules=("RUL-03", "RUL-04")
        ),
        "Lo dicho llegó después de que las fichas tocaran el paño: se leen como fichas sin palabra. Fichas por 100: iguala.",
        "The words came after the chips touched the felt: they are read as silent chips. Chips for 100: a call.",
    ),
    "an amount after the chips": (
        CABA,
        O(amount=300, chips=(100, 100), declared_before_chips=False),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=200,
            change=100,
            status=S.CORRECTED,
            rules=("RUL-03", "RUL-04", "RUL-10"),
            fallback=True,
            differ=True,
        ),
        "Lo dicho llegó después de que las fichas tocaran el paño: se leen como fichas sin palabra. Fichas del mismo valor: sin una ficha quedan 100, que no supera lo que debe igualar (100): es igualar.",
        "The words came after the chips touched the felt: they are read as silent chips. Same-value chips: without one chip 100 is left, which does not exceed the amount to call (100): a call.",
    ),
    # RUL-01 / RUL-02: a declared fold or check, to_call 0 vs 1
    "fold": (
        MANUAL,
        O(word=W.FOLD),
        F100,
        Want(K.FOLD, rules=("RUL-01",)),
        "Declaró retirarse: la mano se retira.",
        "Declared a fold: the hand folds.",
    ),
    "fold with chips out": (
        PBA,
        O(word=W.FOLD, chips=(100,)),
        F100,
        Want(K.FOLD, out=100, change=100, status=S.CORRECTED, rules=("RUL-01", "RUL-02")),
        "Declaró retirarse: la mano se retira. Las fichas puestas se devuelven.",
        "Declared a fold: the hand folds. The chips put out are returned.",
    ),
    "check owing 1": (
        MANUAL,
        O(word=W.CHECK),
        OWE1,
        Want(K.NONE_YET, to=99, status=S.INVALID, rules=("RUL-01",), options=(K.FOLD, K.CALL)),
        "Dijo «paso» frente a una apuesta: no es una opción legal; decide el supervisor.",
        'Said "check" facing a bet: not a legal option; the supervisor decides.',
    ),
    "check owing 1 with chips": (
        CABA,
        O(word=W.CHECK, chips=(100,)),
        OWE1,
        Want(
            K.NONE_YET,
            to=99,
            out=100,
            held=100,
            status=S.INVALID,
            rules=("RUL-01",),
            options=(K.FOLD, K.CALL),
        ),
        "Dijo «paso» frente a una apuesta: no es una opción legal; decide el supervisor.",
        'Said "check" facing a bet: not a legal option; the supervisor decides.',
    ),
    "check owing nothing": (
        MANUAL,
        O(word=W.CHECK),
        OPTION,
        Want(K.CHECK, to=100, rules=("RUL-01",)),
        "Declaró pasar.",
        "Declared a check.",
    ),
    "check with chips out": (
        PBA,
        O(word=W.CHECK, chips=(100,)),
        OPEN,
        Want(K.CHECK, out=100, change=100, status=S.CORRECTED, rules=("RUL-01", "RUL-02")),
        "Declaró pasar. Valen las palabras: se devuelven las fichas.",
        "Declared a check. The words stand: chips returned.",
    ),
    # RUL-01 / RUL-02 / RUL-20: a declared call; chips one short, exact, one over
    "call with nothing to call": (
        MANUAL,
        O(word=W.CALL),
        OPTION,
        Want(K.CHECK, to=100, status=S.CORRECTED, rules=("RUL-01",)),
        "Dijo «igualo» sin nada que igualar: pasa.",
        'Said "call" with nothing to call: a check.',
    ),
    "call with nothing to call, chips out": (
        MANUAL,
        O(word=W.CALL, chips=(25,)),
        OPEN,
        Want(K.CHECK, out=25, change=25, status=S.CORRECTED, rules=("RUL-01", "RUL-02")),
        "Dijo «igualo» sin nada que igualar: pasa. Valen las palabras: se devuelven 25.",
        'Said "call" with nothing to call: a check. The words stand: 25 returned.',
    ),
    "call owing 1": (
        MANUAL,
        O(word=W.CALL),
        OWE1,
        Want(K.CALL, to=100, committed=1, add=1, rules=("RUL-01",)),
        "Declaró igualar.",
        "Declared a call.",
    ),
    "call, chips one short": (
        MANUAL,
        O(word=W.CALL, chips=(50, 25, 20, 4)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=99,
            add=1,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-20"),
        ),
        "Declaró igualar. Dijo «igualo» con fichas de menos: completa 1.",
        'Declared a call. Said "call" with too few chips: adds 1.',
    ),
    "call, chips exact": (
        MANUAL,
        O(word=W.CALL, chips=(100,)),
        F100,
        Want(K.CALL, to=100, committed=100, out=100, rules=("RUL-01",)),
        "Declaró igualar.",
        "Declared a call.",
    ),
    "call, chips one over": (
        MANUAL,
        O(word=W.CALL, chips=(100, 1)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=101,
            change=1,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-02"),
        ),
        "Declaró igualar. Valen las palabras: se devuelven 1.",
        "Declared a call. The words stand: 1 returned.",
    ),
    "call, stack short": (
        PBA,
        O(word=W.CALL, chips=(100,)),
        SHORT150_200,
        Want(
            K.ALL_IN,
            to=150,
            committed=150,
            out=100,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-20"),
        ),
        "Declaró igualar. Dijo «igualo» con fichas de menos: completa 50.",
        'Declared a call. Said "call" with too few chips: adds 50.',
    ),
    # RUL-01: a declared all-in, capped by pot limit (BET-07), fixed limit (BET-08), closed betting (RUL-18)
    "all-in, no chips": (
        MANUAL,
        O(word=W.ALL_IN),
        F100,
        Want(K.ALL_IN, to=1000, committed=1000, add=1000, rules=("RUL-01",)),
        "Declaró all-in.",
        "Declared all-in.",
    ),
    "all-in, chips short": (
        MANUAL,
        O(word=W.ALL_IN, chips=(500,)),
        F100,
        Want(
            K.ALL_IN,
            to=1000,
            committed=1000,
            out=500,
            add=500,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-02"),
        ),
        "Declaró all-in. Las palabras prevalecen sobre las fichas: faltan 500.",
        "Declared all-in. The words prevail over the chips: 500 to add.",
    ),
    "all-in, exact chips": (
        MANUAL,
        O(word=W.ALL_IN, chips=(500, 500)),
        F100,
        Want(K.ALL_IN, to=1000, committed=1000, out=1000, rules=("RUL-01",)),
        "Declaró all-in.",
        "Declared all-in.",
    ),
    "all-in in pot limit": (
        MANUAL,
        O(word=W.ALL_IN, chips=(500, 500)),
        POT,
        Want(
            K.RAISE,
            to=400,
            committed=400,
            out=1000,
            change=600,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-02"),
            reqs=("BET-07",),
        ),
        "Declaró all-in. En pot limit el máximo es 400; el exceso se devuelve. Las palabras prevalecen sobre las fichas: se devuelven 600.",
        "Declared all-in. In pot limit the maximum is 400; the excess is returned. The words prevail over the chips: 600 returned.",
    ),
    "all-in in fixed limit": (
        CABA,
        O(word=W.ALL_IN),
        LIMIT,
        Want(
            K.RAISE,
            to=20,
            committed=20,
            add=20,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-08",),
        ),
        "Declaró all-in. En límite fijo la subida es exactamente a 20.",
        "Declared all-in. In fixed limit the raise is exactly to 20.",
    ),
    "all-in when betting is closed": (
        PBA,
        O(word=W.ALL_IN),
        CLOSED,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-18"),
            reqs=("BET-10",),
            fallback=True,
        ),
        "Declaró all-in. La apuesta no está reabierta para este jugador: la subida queda en igualar.",
        "Declared all-in. Betting is not reopened for this player: the raise stands as a call.",
    ),
    # RUL-01 / RUL-17 / BET-17: a declared amount; each cap of settle(); RUL-25 at 2 and 3 players
    "amount below the bet": (
        MANUAL,
        O(word=W.RAISE, amount=99, chips=(50,)),
        F100,
        Want(
            K.NONE_YET,
            out=50,
            held=50,
            status=S.INVALID,
            rules=("RUL-01",),
            options=(K.FOLD, K.CALL),
        ),
        "Declaró un monto: 99. El monto dicho (99) no llega a la apuesta de 100: decide el supervisor.",
        "Declared an amount: 99. The amount said (99) is below the bet of 100: the supervisor decides.",
    ),
    "amount equal to the bet": (
        MANUAL,
        O(word=W.BET, amount=100),
        F100,
        Want(K.CALL, to=100, committed=100, add=100, rules=("RUL-01",)),
        "Declaró un monto: 100.",
        "Declared an amount: 100.",
    ),
    "amount at the minimum raise": (
        MANUAL,
        O(word=W.RAISE, amount=200, chips=(100, 100)),
        F100,
        Want(K.RAISE, to=200, committed=200, out=200, rules=("RUL-01",)),
        "Declaró un monto: 200.",
        "Declared an amount: 200.",
    ),
    "amount one below the minimum raise, manual": (
        MANUAL,
        O(word=W.RAISE, amount=199),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            add=200,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-17"),
            differ=True,
        ),
        "Declaró un monto: 199. No llega a la subida mínima: debe subir a 200.",
        "Declared an amount: 199. Short of the minimum raise: must raise to 200.",
    ),
    "amount one below the minimum raise, caba": (
        CABA,
        O(word=W.RAISE, amount=199),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            add=200,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-17"),
            fallback=True,
            differ=True,
        ),
        "Declaró un monto: 199. No llega a la subida mínima: debe subir a 200.",
        "Declared an amount: 199. Short of the minimum raise: must raise to 200.",
    ),
    "amount below the minimum raise, pba, 50 pct": (
        PBA,
        O(word=W.RAISE, amount=150),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            add=200,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-17", "RUL-14"),
            differ=True,
        ),
        "Declaró un monto: 150. PBA: el monto anunciado por debajo del mínimo sigue la regla de subida corta. Subida corta de 50 sobre un mínimo de 100 (≥ 50 %): se completa a 200.",
        "Declared an amount: 150. PBA: an announced amount below the minimum follows the short-raise rule. Short raise of 50 against a minimum of 100 (≥ 50 %): completed to 200.",
    ),
    "amount below the minimum raise, pba, 49 pct": (
        PBA,
        O(word=W.RAISE, amount=149),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-17", "RUL-15"),
            differ=True,
        ),
        "Declaró un monto: 149. PBA: el monto anunciado por debajo del mínimo sigue la regla de subida corta. Subida corta de 49 sobre un mínimo de 100 (< 50 %): es igualar.",
        "Declared an amount: 149. PBA: an announced amount below the minimum follows the short-raise rule. Short raise of 49 against a minimum of 100 (< 50 %): a call.",
    ),
    "amount below the minimum raise, bet word": (
        MANUAL,
        O(word=W.BET, amount=151),
        F100,
        Want(
            K.RAISE, to=200, committed=200, add=200, status=S.CORRECTED, rules=("RUL-01", "RUL-16")
        ),
        "Declaró un monto: 151. Subida corta de 51 sobre un mínimo de 100 (≥ 50 %): se completa a 200.",
        "Declared an amount: 151. Short raise of 51 against a minimum of 100 (≥ 50 %): completed to 200.",
    ),
    "amount below the minimum raise, no word, 49": (
        MANUAL,
        O(amount=149, chips=(100, 25, 24)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=149,
            change=49,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-15", "RUL-02"),
        ),
        "Declaró un monto: 149. Subida corta de 49 sobre un mínimo de 100 (< 50 %): es igualar. Las palabras prevalecen sobre las fichas: se devuelven 49.",
        "Declared an amount: 149. Short raise of 49 against a minimum of 100 (< 50 %): a call. The words prevail over the chips: 49 returned.",
    ),
    "amount of an all-in below the minimum raise": (
        MANUAL,
        O(word=W.RAISE, amount=150),
        SHORT150_100,
        Want(K.ALL_IN, to=150, committed=150, add=150, rules=("RUL-01",)),
        "Declaró un monto: 150.",
        "Declared an amount: 150.",
    ),
    "raise-by amount": (
        MANUAL,
        O(word=W.RAISE, amount=100, amount_is_increment=True, chips=(100, 100, 100)),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=300,
            change=100,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-02"),
        ),
        "Declaró un monto: 200. Las palabras prevalecen sobre las fichas: se devuelven 100.",
        "Declared an amount: 200. The words prevail over the chips: 100 returned.",
    ),
    "raise amount on an open pot below the minimum bet": (
        MANUAL,
        O(word=W.RAISE, amount=99),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-03",),
        ),
        "Declaró un monto: 99. Una apuesta no puede ser menor que la mínima: se completa a 100.",
        "Declared an amount: 99. A bet may not be smaller than the minimum: completed to 100.",
    ),
    "bet amount above the stack": (
        MANUAL,
        O(word=W.BET, amount=2000),
        OPEN,
        Want(
            K.ALL_IN,
            to=1000,
            committed=1000,
            add=1000,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-11",),
        ),
        "Declaró un monto: 2000. No tiene más fichas: queda all-in por 1000.",
        "Declared an amount: 2000. The player has no more chips: all-in for 1000.",
    ),
    "raise amount above the pot limit": (
        MANUAL,
        O(word=W.RAISE, amount=401),
        POT,
        Want(
            K.RAISE,
            to=400,
            committed=400,
            add=400,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-07",),
        ),
        "Declaró un monto: 401. En pot limit el máximo es 400; el exceso se devuelve.",
        "Declared an amount: 401. In pot limit the maximum is 400; the excess is returned.",
    ),
    "raise amount at the pot limit": (
        MANUAL,
        O(word=W.RAISE, amount=400),
        POT,
        Want(K.RAISE, to=400, committed=400, add=400, rules=("RUL-01",)),
        "Declaró un monto: 400.",
        "Declared an amount: 400.",
    ),
    "raise amount in fixed limit": (
        MANUAL,
        O(word=W.RAISE, amount=30),
        LIMIT,
        Want(
            K.RAISE,
            to=20,
            committed=20,
            add=20,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-08",),
        ),
        "Declaró un monto: 30. En límite fijo la subida es exactamente a 20.",
        "Declared an amount: 30. In fixed limit the raise is exactly to 20.",
    ),
    "raise amount in fixed limit and pot limit": (
        MANUAL,
        O(word=W.RAISE, amount=500),
        LIMIT_POT,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            add=200,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-08",),
        ),
        "Declaró un monto: 500. En límite fijo la subida es exactamente a 200.",
        "Declared an amount: 500. In fixed limit the raise is exactly to 200.",
    ),
    "raise amount when betting is closed": (
        MANUAL,
        O(word=W.RAISE, amount=300),
        CLOSED,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-18"),
            reqs=("BET-10",),
        ),
        "Declaró un monto: 300. La apuesta no está reabierta para este jugador: la subida queda en igualar.",
        "Declared an amount: 300. Betting is not reopened for this player: the raise stands as a call.",
    ),
    "raise amount after three players acted": (
        MANUAL,
        O(word=W.RAISE, amount=300, players_acted_after=3),
        F100,
        Want(
            K.CALL, to=100, committed=100, add=100, status=S.CORRECTED, rules=("RUL-01", "RUL-25")
        ),
        "Declaró un monto: 300. Actuaron 3 jugadores después de su turno sin que dijera «tiempo»: ya no puede apostar ni subir, queda en igualar.",
        'Declared an amount: 300. 3 players acted after the player\'s turn without "time" being called: no bet or raise any more, it stands as a call.',
    ),
    "raise amount after two players acted": (
        MANUAL,
        O(word=W.RAISE, amount=300, players_acted_after=2),
        F100,
        Want(K.RAISE, to=300, committed=300, add=300, rules=("RUL-01",)),
        "Declaró un monto: 300.",
        "Declared an amount: 300.",
    ),
    "raise amount above the fixed-limit all-in": (
        MANUAL,
        O(word=W.RAISE, amount=30),
        LIMIT_ALLIN20,
        Want(
            K.ALL_IN,
            to=20,
            committed=20,
            add=20,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-11",),
        ),
        "Declaró un monto: 30. No tiene más fichas: queda all-in por 20.",
        "Declared an amount: 30. The player has no more chips: all-in for 20.",
    ),
    # RUL-09 / RUL-13 / RUL-17: "raise" said first, the amount given by the chips
    "raise said, no chips": (
        MANUAL,
        O(word=W.RAISE),
        F100,
        Want(K.NONE_YET, rules=("RUL-13",), options=(K.RAISE,), differ=True),
        "Declaró subir; el monto llega con las fichas.",
        "Declared a raise; the amount follows with the chips.",
    ),
    "bet said, no chips": (
        MANUAL,
        O(word=W.BET),
        OPEN,
        Want(K.NONE_YET, rules=("RUL-13",), options=(K.BET,), differ=True),
        "Declaró subir; el monto llega con las fichas.",
        "Declared a raise; the amount follows with the chips.",
    ),
    "raise said in fixed limit": (
        PBA,
        O(word=W.RAISE),
        LIMIT,
        Want(K.RAISE, to=20, committed=20, add=20, rules=("RUL-01",)),
        "Declaró subir en límite fijo.",
        "Declared a raise in fixed limit.",
    ),
    "raise said, pba two movements": (
        PBA,
        O(word=W.RAISE, chips=(100, 100, 100), movements=2),
        F100,
        Want(K.RAISE, to=300, committed=300, out=300, rules=("RUL-13",), differ=True),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (300).",
        'Said "raise" before the chips: the chips give the raise (300).',
    ),
    "raise said, pba three movements": (
        PBA,
        O(word=W.RAISE, chips=(100, 100, 100), movements=3, first_movement_chips=2),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=300,
            change=100,
            status=S.INVALID,
            rules=("RUL-13", "RUL-12"),
            differ=True,
        ),
        "Tras decir «subo» usó 3 movimientos; esta regla admite 2. Propuesta: vale solo el primer movimiento (200); el resto se devuelve; el supervisor confirma o corrige. Dijo «subo» antes de las fichas: la subida la dan las fichas (200).",
        'After saying "raise" the player used 3 movements; this ruleset allows 2. Proposal: only the first movement counts (200); the rest is returned; the supervisor confirms or overrides. Said "raise" before the chips: the chips give the raise (200).',
    ),
    "raise said, caba two movements": (
        CABA,
        O(word=W.RAISE, chips=(100, 100, 100), movements=2),
        F100,
        Want(
            K.NONE_YET,
            out=300,
            held=300,
            status=S.INVALID,
            rules=("RUL-13", "RUL-12"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Tras decir «subo» usó 2 movimientos; esta regla admite 1. No se registró qué fichas fueron en el primer movimiento: decide el supervisor.",
        'After saying "raise" the player used 2 movements; this ruleset allows 1. The chips of the first movement were not recorded: the supervisor decides.',
    ),
    "raise said, manual five movements": (
        MANUAL,
        O(word=W.RAISE, chips=(100, 100, 100), movements=5),
        F100,
        Want(K.RAISE, to=300, committed=300, out=300, rules=("RUL-13",), differ=True),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (300).",
        'Said "raise" before the chips: the chips give the raise (300).',
    ),
    "raise said, one chip": (
        MANUAL,
        O(word=W.RAISE, chips=(500,)),
        F100,
        Want(K.RAISE, to=500, committed=500, out=500, rules=("RUL-09",), differ=True),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (500).",
        'Said "raise" before the chips: the chips give the raise (500).',
    ),
    "raise said, chips at the minimum": (
        CABA,
        O(word=W.RAISE, chips=(100, 100)),
        F100,
        Want(K.RAISE, to=200, committed=200, out=200, rules=("RUL-13",), differ=True),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (200).",
        'Said "raise" before the chips: the chips give the raise (200).',
    ),
    "raise said, chips all-in below the minimum": (
        MANUAL,
        O(word=W.RAISE, chips=(100, 50)),
        SHORT150_100,
        Want(K.ALL_IN, to=150, committed=150, out=150, rules=("RUL-13",), differ=True),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (150).",
        'Said "raise" before the chips: the chips give the raise (150).',
    ),
    "bet said, chips below the minimum bet": (
        MANUAL,
        O(word=W.BET, chips=(25, 25)),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            out=50,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-13",),
            reqs=("BET-03",),
            differ=True,
        ),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (50). Una apuesta no puede ser menor que la mínima: se completa a 100.",
        'Said "raise" before the chips: the chips give the raise (50). A bet may not be smaller than the minimum: completed to 100.',
    ),
    "raise said, chips short, manual": (
        MANUAL,
        O(word=W.RAISE, chips=(100, 25)),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=125,
            add=75,
            status=S.CORRECTED,
            rules=("RUL-13", "RUL-17"),
            differ=True,
        ),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (125). No llega a la subida mínima: debe subir a 200.",
        'Said "raise" before the chips: the chips give the raise (125). Short of the minimum raise: must raise to 200.',
    ),
    "raise said, chips short, pba": (
        PBA,
        O(word=W.RAISE, chips=(100, 50)),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=150,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-13", "RUL-17", "RUL-14"),
            differ=True,
        ),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (150). Subida corta de 50 sobre un mínimo de 100 (≥ 50 %): se completa a 200.",
        'Said "raise" before the chips: the chips give the raise (150). Short raise of 50 against a minimum of 100 (≥ 50 %): completed to 200.',
    ),
    "raise said, chips short, caba": (
        CABA,
        O(word=W.RAISE, chips=(100, 25)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=125,
            change=25,
            status=S.CORRECTED,
            rules=("RUL-13", "RUL-17", "RUL-15"),
            fallback=True,
            differ=True,
        ),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (125). Subida corta de 25 sobre un mínimo de 100 (< 50 %): es igualar.",
        'Said "raise" before the chips: the chips give the raise (125). Short raise of 25 against a minimum of 100 (< 50 %): a call.',
    ),
    # PBA reads "at most the chip's value", lifted to the bet: a short raise of 0, a call.
    "raise said, one chip below the bet, pba": (
        PBA,
        O(word=W.RAISE, chips=(50,)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=50,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-09", "RUL-17", "RUL-15"),
            differ=True,
        ),
        "Dijo «subo» antes de las fichas: la subida la dan las fichas (50). Subida corta de 0 sobre un mínimo de 100 (< 50 %): es igualar.",
        'Said "raise" before the chips: the chips give the raise (50). Short raise of 0 against a minimum of 100 (< 50 %): a call.',
    ),
    # RUL-04..RUL-12, RUL-19: silent chips; the short-raise rule at 49, 50 and 51 %
    "silent string raise": (
        MANUAL,
        O(chips=(100, 100, 100), movements=2, first_movement_chips=1),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=300,
            change=200,
            status=S.INVALID,
            rules=("RUL-12", "RUL-04"),
        ),
        "Fichas en 2 movimientos sin declarar: es una apuesta en etapas, no vale como subida. Propuesta: vale solo el primer movimiento (100); el resto se devuelve; el supervisor confirma o corrige. Fichas por 100: iguala.",
        "Chips in 2 movements without a declaration: a string bet, not a raise. Proposal: only the first movement counts (100); the rest is returned; the supervisor confirms or overrides. Chips for 100: a call.",
    ),
    "silent string raise, first movement unknown": (
        PBA,
        O(chips=(25, 25), movements=2),
        F10,
        Want(
            K.NONE_YET,
            out=50,
            held=50,
            status=S.INVALID,
            rules=("RUL-12",),
            options=(K.CALL, K.FOLD),
        ),
        "Fichas en 2 movimientos sin declarar: es una apuesta en etapas, no vale como subida. No se registró qué fichas fueron en el primer movimiento: decide el supervisor.",
        "Chips in 2 movements without a declaration: a string bet, not a raise. The chips of the first movement were not recorded: the supervisor decides.",
    ),
    "silent call in two movements": (
        MANUAL,
        O(chips=(50, 50), movements=2),
        F100,
        Want(K.CALL, to=100, committed=100, out=100, rules=("RUL-04",)),
        "Fichas por 100: iguala.",
        "Chips for 100: a call.",
    ),
    "silent all-in for less": (
        MANUAL,
        O(chips=(50,)),
        SHORT50,
        Want(K.ALL_IN, to=50, committed=50, out=50, rules=("RUL-04",), reqs=("BET-11",)),
        "Igualó con todas sus fichas: all-in por menos.",
        "Called with all the chips: all-in for less.",
    ),
    "silent under-call, manual": (
        MANUAL,
        O(chips=(50, 49)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=99,
            add=1,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-19"),
            differ=True,
        ),
        "Igualó con fichas de menos: debe completar 1.",
        "Under-called: must add 1.",
    ),
    "silent under-call, caba": (
        CABA,
        O(chips=(50,)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=50,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-19"),
            differ=True,
        ),
        "Igualó con fichas de menos: debe completar 50.",
        "Under-called: must add 50.",
    ),
    "silent under-call, pba, nobody after": (
        PBA,
        O(chips=(50,)),
        F100,
        Want(
            K.NONE_YET,
            out=50,
            held=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-19"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "PBA: igualar con fichas de menos; puede retirar las fichas mientras el siguiente no actúe.",
        "PBA: under-call; the chips may be taken back while the next player has not acted.",
    ),
    "silent under-call, pba, one after": (
        PBA,
        O(chips=(50,), players_acted_after=1),
        F100,
        Want(
            K.NONE_YET,
            out=50,
            held=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-19"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "PBA: igualar con fichas de menos; el siguiente ya actuó: se retira perdiendo las fichas o paga lo correcto.",
        "PBA: under-call; the next player has acted: fold losing the chips or pay the right amount.",
    ),
    "silent under-call, pba, nobody after, calls": (
        PBA,
        O(chips=(50,), later_choice=W.CALL),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=50,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-19"),
            differ=True,
        ),
        "PBA: igualar con fichas de menos; puede retirar las fichas mientras el siguiente no actúe.",
        "PBA: under-call; the chips may be taken back while the next player has not acted.",
    ),
    "silent under-call, pba, nobody after, folds": (
        PBA,
        O(chips=(50,), later_choice=W.FOLD),
        F100,
        Want(
            K.FOLD, out=50, change=50, status=S.CORRECTED, rules=("RUL-04", "RUL-19"), differ=True
        ),
        "PBA: igualar con fichas de menos; puede retirar las fichas mientras el siguiente no actúe.",
        "PBA: under-call; the chips may be taken back while the next player has not acted.",
    ),
    "silent under-call, pba, one after, folds": (
        PBA,
        O(chips=(50,), players_acted_after=1, later_choice=W.FOLD),
        F100,
        Want(
            K.FOLD,
            to=50,
            committed=50,
            out=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-19"),
            differ=True,
        ),
        "PBA: igualar con fichas de menos; el siguiente ya actuó: se retira perdiendo las fichas o paga lo correcto.",
        "PBA: under-call; the next player has acted: fold losing the chips or pay the right amount.",
    ),
    "silent exact call": (
        MANUAL,
        O(chips=(50, 50)),
        F100,
        Want(K.CALL, to=100, committed=100, out=100, rules=("RUL-04",)),
        "Fichas por 100: iguala.",
        "Chips for 100: a call.",
    ),
    "silent call that is the whole stack": (
        MANUAL,
        O(chips=(100,)),
        STACK100,
        Want(K.ALL_IN, to=100, committed=100, out=100, rules=("RUL-04",)),
        "Fichas por 100: iguala.",
        "Chips for 100: a call.",
    ),
    "silent one chip opening bet": (
        MANUAL,
        O(chips=(100,)),
        OPEN,
        Want(K.BET, to=100, committed=100, out=100, rules=("RUL-04", "RUL-08")),
        "Una sola ficha como apuesta de apertura: vale 100.",
        "One chip as the opening bet: it is worth 100.",
    ),
    "silent one chip opening bet below the minimum": (
        MANUAL,
        O(chips=(25,)),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            out=25,
            add=75,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-08"),
            reqs=("BET-03",),
        ),
        "Una sola ficha como apuesta de apertura: vale 25. Una apuesta no puede ser menor que la mínima: se completa a 100.",
        "One chip as the opening bet: it is worth 25. A bet may not be smaller than the minimum: completed to 100.",
    ),
    "silent one chip preflop": (
        MANUAL,
        O(chips=(500,)),
        PRE100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=500,
            change=400,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-06"),
        ),
        "Una sola ficha mayor que la apuesta, sin palabra: es igualar y el excedente se devuelve.",
        "One chip larger than the bet, silent: a call, the excess is returned.",
    ),
    "silent one chip on the flop": (
        PBA,
        O(chips=(500,)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=500,
            change=400,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-07"),
        ),
        "Una sola ficha mayor que la apuesta, sin palabra: es igualar y el excedente se devuelve.",
        "One chip larger than the bet, silent: a call, the excess is returned.",
    ),
    "silent one chip on the river": (
        CABA,
        O(chips=(500,)),
        RIVER100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=500,
            change=400,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-07"),
        ),
        "Una sola ficha mayor que la apuesta, sin palabra: es igualar y el excedente se devuelve.",
        "One chip larger than the bet, silent: a call, the excess is returned.",
    ),
    "silent whole stack": (
        MANUAL,
        O(chips=(500, 500)),
        F100,
        Want(K.ALL_IN, to=1000, committed=1000, out=1000, rules=("RUL-04",), reqs=("BET-11",)),
        "Empujó todas sus fichas: all-in.",
        "Pushed all the chips: all-in.",
    ),
    "silent opening bet": (
        MANUAL,
        O(chips=(100, 25)),
        OPEN,
        Want(K.BET, to=125, committed=125, out=125, rules=("RUL-04",)),
        "Apuesta de apertura por el total de las fichas: 125.",
        "Opening bet for the chips' total: 125.",
    ),
    "silent opening bet below the minimum": (
        MANUAL,
        O(chips=(25, 25)),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            out=50,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-04",),
            reqs=("BET-03",),
        ),
        "Apuesta de apertura por el total de las fichas: 50. Una apuesta no puede ser menor que la mínima: se completa a 100.",
        "Opening bet for the chips' total: 50. A bet may not be smaller than the minimum: completed to 100.",
    ),
    "same value, rest equal to the call": (
        MANUAL,
        O(chips=(100, 100)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=200,
            change=100,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-10"),
            differ=True,
        ),
        "Fichas del mismo valor: sin una ficha quedan 100, que no supera lo que debe igualar (100): es igualar.",
        "Same-value chips: without one chip 100 is left, which does not exceed the amount to call (100): a call.",
    ),
    "same value, rest one above the call": (
        MANUAL,
        O(chips=(101, 101)),
        F100,
        Want(K.RAISE, to=202, committed=202, out=202, rules=("RUL-04", "RUL-10"), differ=True),
        "Fichas del mismo valor que superan lo que debe igualar aun quitando una: subida por el total.",
        "Same-value chips exceed the amount to call even without one chip: a raise for the total.",
    ),
    "same value, rest above the call, short": (
        MANUAL,
        O(chips=(50, 50, 50)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=150,
            change=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-10"),
            differ=True,
        ),
        "Fichas del mismo valor: sin una ficha quedan 100, que no supera lo que debe igualar (100): es igualar.",
        "Same-value chips: without one chip 100 is left, which does not exceed the amount to call (100): a call.",
    ),
    "same value under pba": (
        PBA,
        O(chips=(100, 100)),
        F100,
        Want(K.RAISE, to=200, committed=200, out=200, rules=("RUL-04", "RUL-10"), differ=True),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule.",
    ),
    "mixed chips at the minimum raise": (
        MANUAL,
        O(chips=(100, 50, 50)),
        F100,
        Want(K.RAISE, to=200, committed=200, out=200, rules=("RUL-04", "RUL-11")),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule.",
    ),
    "mixed chips, 50 pct": (
        MANUAL,
        O(chips=(100, 50)),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=150,
            add=50,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-14"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 50 sobre un mínimo de 100 (≥ 50 %): se completa a 200.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 50 against a minimum of 100 (≥ 50 %): completed to 200.",
    ),
    "mixed chips, 49 pct": (
        MANUAL,
        O(chips=(100, 25, 20, 4)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=149,
            change=49,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-15"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 49 sobre un mínimo de 100 (< 50 %): es igualar.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 49 against a minimum of 100 (< 50 %): a call.",
    ),
    "mixed chips, 51 pct": (
        MANUAL,
        O(chips=(100, 50, 1)),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=151,
            add=49,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-16"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 51 sobre un mínimo de 100 (≥ 50 %): se completa a 200.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 51 against a minimum of 100 (≥ 50 %): completed to 200.",
    ),
    "mixed chips, short of the minimum, pot limit": (
        MANUAL,
        O(chips=(100, 50, 25)),
        POT,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=175,
            add=25,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-16"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 75 sobre un mínimo de 100 (≥ 50 %): se completa a 200.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 75 against a minimum of 100 (≥ 50 %): completed to 200.",
    ),
    "mixed chips above the pot limit": (
        MANUAL,
        O(chips=(100, 500)),
        POT,
        Want(
            K.RAISE,
            to=400,
            committed=400,
            out=600,
            change=200,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11"),
            reqs=("BET-07",),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. En pot limit el máximo es 400; el exceso se devuelve.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. In pot limit the maximum is 400; the excess is returned.",
    ),
    "mixed chips in fixed limit": (
        MANUAL,
        O(chips=(10, 25)),
        LIMIT,
        Want(
            K.RAISE,
            to=20,
            committed=20,
            out=35,
            change=15,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11"),
            reqs=("BET-08",),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. En límite fijo la subida es exactamente a 20.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. In fixed limit the raise is exactly to 20.",
    ),
    "mixed chips when betting is closed": (
        MANUAL,
        O(chips=(100, 100, 50)),
        CLOSED,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=250,
            change=150,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-18"),
            reqs=("BET-10",),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. La apuesta no está reabierta para este jugador: la subida queda en igualar.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Betting is not reopened for this player: the raise stands as a call.",
    ),
    "silent raise after three players acted": (
        CABA,
        O(chips=(100, 100, 50), players_acted_after=3),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=250,
            change=150,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-25"),
            fallback=True,
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Actuaron 3 jugadores después de su turno sin que dijera «tiempo»: ya no puede apostar ni subir, queda en igualar.",
        'Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. 3 players acted after the player\'s turn without "time" being called: no bet or raise any more, it stands as a call.',
    ),
    "silent time with chips after three players acted": (
        CABA,
        O(word=W.TIME, chips=(100, 100, 50), players_acted_after=3),
        F100,
        Want(K.RAISE, to=250, committed=250, out=250, rules=("RUL-04", "RUL-11"), fallback=True),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule.",
    ),
    # RUL-21 / RUL-22 / RUL-23 (BET-18): out of turn
    "out of turn fold": (
        MANUAL,
        O(word=W.FOLD, in_turn=False),
        F100,
        Want(K.FOLD, status=S.CORRECTED, rules=("RUL-23",)),
        "Retiro fuera de turno: obliga, la mano está muerta.",
        "Out-of-turn fold: it binds, the hand is dead.",
    ),
    "out of turn deliberate fold": (
        PBA,
        O(word=W.FOLD, in_turn=False, deliberate=True),
        F100,
        Want(K.FOLD, status=S.CORRECTED, rules=("RUL-23",), sanction=C.DELIBERATE_OUT_OF_TURN),
        "Retiro fuera de turno: obliga, la mano está muerta.",
        "Out-of-turn fold: it binds, the hand is dead.",
    ),
    "out of turn call, manual": (
        MANUAL,
        O(word=W.CALL, in_turn=False),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró igualar. Obliga tal como se hizo.",
        "Out-of-turn action with no bet or raise in between. Declared a call. It binds as made.",
    ),
    "out of turn call, caba": (
        CABA,
        O(word=W.CALL, in_turn=False),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró igualar. CABA: es válida; no podrá subir después.",
        "Out-of-turn action with no bet or raise in between. Declared a call. CABA: it is valid; the player may not raise later.",
    ),
    "out of turn raise, pba": (
        PBA,
        O(word=W.RAISE, amount=300, in_turn=False),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró un monto: 300. PBA: al llegar su turno no puede subir; queda en igualar la apuesta mayor.",
        "Out-of-turn action with no bet or raise in between. Declared an amount: 300. PBA: when the turn comes the player may not raise; it stands as a call of the highest bet.",
    ),
    "out of turn raise, pba, folds": (
        PBA,
        O(word=W.RAISE, amount=300, chips=(100, 100, 100), in_turn=False, later_choice=W.FOLD),
        F100,
        Want(
            K.FOLD,
            to=300,
            committed=300,
            out=300,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró un monto: 300. Eligió retirarse: pierde lo puesto.",
        "Out-of-turn action with no bet or raise in between. Declared an amount: 300. Chose to fold: forfeits the chips.",
    ),
    "out of turn check, pba": (
        PBA,
        O(word=W.CHECK, in_turn=False),
        OPEN,
        Want(
            K.CHECK,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró pasar.",
        "Out-of-turn action with no bet or raise in between. Declared a check.",
    ),
    "out of turn bet, pba, open pot": (
        PBA,
        O(word=W.BET, amount=100, in_turn=False),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró un monto: 100.",
        "Out-of-turn action with no bet or raise in between. Declared an amount: 100.",
    ),
    "out of turn call, pba": (
        PBA,
        O(word=W.CALL, in_turn=False),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró igualar.",
        "Out-of-turn action with no bet or raise in between. Declared a call.",
    ),
    "out of turn time, pba": (
        PBA,
        O(word=W.TIME, in_turn=False),
        F100,
        Want(
            K.NONE_YET,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-25"),
            options=(K.CALL, K.FOLD),
            fallback=True,
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Dijo «tiempo»: retiene el turno, todavía no hay acción.",
        'Out-of-turn action with no bet or raise in between. Said "time": the turn is held, no action yet.',
    ),
    "out of turn check facing a bet, manual": (
        MANUAL,
        O(word=W.CHECK, in_turn=False),
        F100,
        Want(
            K.NONE_YET,
            status=S.INVALID,
            rules=("RUL-21", "RUL-01"),
            options=(K.FOLD, K.CALL),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Dijo «paso» frente a una apuesta: no es una opción legal; decide el supervisor. Obliga tal como se hizo.",
        'Out-of-turn action with no bet or raise in between. Said "check" facing a bet: not a legal option; the supervisor decides. It binds as made.',
    ),
    "out of turn deliberate call, caba": (
        CABA,
        O(word=W.CALL, in_turn=False, deliberate=True),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            differ=True,
            sanction=C.DELIBERATE_OUT_OF_TURN,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró igualar. CABA: es válida; no podrá subir después.",
        "Out-of-turn action with no bet or raise in between. Declared a call. CABA: it is valid; the player may not raise later.",
    ),
    "out of turn, then aggression, manual": (
        MANUAL,
        O(chips=(100,), in_turn=False),
        AGG,
        Want(
            K.NONE_YET,
            out=100,
            change=100,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.FOLD, K.CALL, K.RAISE),
            differ=True,
        ),
        "Acción fuera de turno y luego un jugador salteado apostó o subió. MANUAL: no obliga; se devuelven las fichas y tiene todas las opciones.",
        "Out-of-turn action, then a skipped player bet or raised. MANUAL: not binding; the chips are returned and every option is open.",
    ),
    "out of turn, then aggression, pba": (
        PBA,
        O(chips=(100,), in_turn=False),
        AGG,
        Want(
            K.NONE_YET,
            out=100,
            held=100,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno y luego un jugador salteado apostó o subió. Las fichas quedan: solo puede igualar la apuesta mayor o retirarse perdiéndolas.",
        "Out-of-turn action, then a skipped player bet or raised. The chips stay: the player may only call the highest bet or fold losing them.",
    ),
    "out of turn, then aggression, caba, calls": (
        CABA,
        O(chips=(100,), in_turn=False, later_choice=W.CALL),
        AGG,
        Want(
            K.CALL,
            to=300,
            committed=300,
            out=100,
            add=200,
            status=S.CORRECTED,
            rules=("RUL-22",),
            differ=True,
        ),
        "Acción fuera de turno y luego un jugador salteado apostó o subió. Las fichas quedan: solo puede igualar la apuesta mayor o retirarse perdiéndolas.",
        "Out-of-turn action, then a skipped player bet or raised. The chips stay: the player may only call the highest bet or fold losing them.",
    ),
    "out of turn, then aggression, caba, folds": (
        CABA,
        O(chips=(100,), in_turn=False, later_choice=W.FOLD),
        AGG,
        Want(
            K.FOLD,
            to=100,
            committed=100,
            out=100,
            status=S.CORRECTED,
            rules=("RUL-22",),
            differ=True,
        ),
        "Acción fuera de turno y luego un jugador salteado apostó o subió. Las fichas quedan: solo puede igualar la apuesta mayor o retirarse perdiéndolas.",
        "Out-of-turn action, then a skipped player bet or raised. The chips stay: the player may only call the highest bet or fold losing them.",
    ),
    "out of turn fold, then aggression": (
        CABA,
        O(word=W.FOLD, in_turn=False),
        AGG,
        Want(K.FOLD, status=S.CORRECTED, rules=("RUL-23",), fallback=True),
        "Retiro fuera de turno: obliga, la mano está muerta.",
        "Out-of-turn fold: it binds, the hand is dead.",
    ),
    "out of turn all-in one above the bet, pba": (
        PBA,
        O(word=W.ALL_IN, in_turn=False),
        STACK101,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró all-in. PBA: al llegar su turno no puede subir; queda en igualar la apuesta mayor.",
        "Out-of-turn action with no bet or raise in between. Declared all-in. PBA: when the turn comes the player may not raise; it stands as a call of the highest bet.",
    ),
    "out of turn call, manual, chose to fold": (
        MANUAL,
        O(word=W.CALL, in_turn=False, later_choice=W.FOLD),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró igualar. Obliga tal como se hizo.",
        "Out-of-turn action with no bet or raise in between. Declared a call. It binds as made.",
    ),
    "out of turn under-call, pba, folds": (
        PBA,
        O(chips=(50,), in_turn=False, later_choice=W.FOLD),
        F100,
        Want(
            K.FOLD,
            to=50,
            committed=50,
            out=50,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-04", "RUL-19"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. PBA: igualar con fichas de menos; puede retirar las fichas mientras el siguiente no actúe. Eligió retirarse: pierde lo puesto.",
        "Out-of-turn action with no bet or raise in between. PBA: under-call; the chips may be taken back while the next player has not acted. Chose to fold: forfeits the chips.",
    ),
    "out of turn deliberate, then aggression, manual": (
        MANUAL,
        O(word=W.CALL, in_turn=False, deliberate=True),
        AGG,
        Want(
            K.NONE_YET,
            status=S.CORRECTED,
            rules=("RUL-22",),
            options=(K.FOLD, K.CALL, K.RAISE),
            differ=True,
            sanction=C.DELIBERATE_OUT_OF_TURN,
        ),
        "Acción fuera de turno y luego un jugador salteado apostó o subió. MANUAL: no obliga; se devuelven las fichas y tiene todas las opciones.",
        "Out-of-turn action, then a skipped player bet or raised. MANUAL: not binding; the chips are returned and every option is open.",
    ),
    # BET-17 / BET-20: the short-raise threshold and the time-call count are the profile's settings
    "short raise at a 40 pct threshold": (
        MANUAL40,
        O(chips=(100, 40)),
        F100,
        Want(
            K.RAISE,
            to=200,
            committed=200,
            out=140,
            add=60,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-14"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 40 sobre un mínimo de 100 (≥ 40 %): se completa a 200.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 40 against a minimum of 100 (≥ 40 %): completed to 200.",
    ),
    "short raise below a 40 pct threshold": (
        MANUAL40,
        O(chips=(100, 25, 10, 4)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=139,
            change=39,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-15"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 39 sobre un mínimo de 100 (< 40 %): es igualar.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 39 against a minimum of 100 (< 40 %): a call.",
    ),
    "raise after two players, time called at two": (
        MANUAL2,
        O(word=W.RAISE, amount=300, players_acted_after=2),
        F100,
        Want(
            K.CALL, to=100, committed=100, add=100, status=S.CORRECTED, rules=("RUL-01", "RUL-25")
        ),
        "Declaró un monto: 300. Actuaron 2 jugadores después de su turno sin que dijera «tiempo»: ya no puede apostar ni subir, queda en igualar.",
        'Declared an amount: 300. 2 players acted after the player\'s turn without "time" being called: no bet or raise any more, it stands as a call.',
    ),
    "raise after one player, time called at two": (
        MANUAL2,
        O(word=W.RAISE, amount=300, players_acted_after=1),
        F100,
        Want(K.RAISE, to=300, committed=300, add=300, rules=("RUL-01",)),
        "Declaró un monto: 300.",
        "Declared an amount: 300.",
    ),
}


def _assert_pinned(
    profile: RuleProfile,
    observed: ObservedAction,
    context: BettingContext,
    want: Want,
    es: str,
    en: str,
) -> None:
    """One row of a table of whole rulings: the ruling, its sources and its words, exactly."""
    r = interpret(observed, context, profile)
    assert _got(r) == want, r.explanation_en
    assert (r.explanation_es, r.explanation_en) == (es, en)
    # The sources are those of this table's ruleset, each once, in the order applied.
    sources: list[str] = []
    for rule_id in (*r.rule_ids, *r.requirement_ids):
        source = rule_source(rule_id, profile.ruleset).source
        if source not in sources:
            sources.append(source)
    assert r.sources == tuple(sources)
    # The balance of the module docstring, on every row.
    assert r.chips_put_out + r.chips_to_add == r.committed + r.change + r.held
    assert r.corrected is (r.status is not Status.VALID)


@pytest.mark.parametrize("name", RULINGS)
def test_hrec_07_each_ruling_pinned_with_its_words(name: str) -> None:
    """HREC-03, BET-24, HREC-07: the effective action, the rules, and the words, exactly."""
    _assert_pinned(*RULINGS[name])


def test_hrec_07_sources_named_for_the_tables_ruleset() -> None:
    """HREC-07, GEN-03: the source text cited is the table's own, or the manual's on fall-back."""
    manual = interpret(O(left_seat=True), F100, MANUAL)
    pba = interpret(O(left_seat=True), F100, PBA)
    caba = interpret(O(left_seat=True), F100, CABA)
    assert manual.sources == (f"{MANUAL_SOURCE} §7.4(10)(f), §7.6(a)–(b)",)
    assert pba.sources == (f'{PBA_CABA_SOURCE} §"Un solo jugador por mano"',)
    assert caba.sources == manual.sources and caba.fallback and not manual.fallback
    capped = interpret(O(word=W.ALL_IN, chips=(500, 500)), POT, MANUAL)
    assert capped.sources == (
        f'{MANUAL_SOURCE} §7.4(10)(d), (l), §5.3 "Raise"',
        f"{MANUAL_SOURCE} §7.4(10)(d)",
        f'{MANUAL_SOURCE} §8.4 "Texas Hold\'em pot limit", §7.4(10)(o)',
    )
    malformed = interpret(O(taps=-1), F100, PBA)
    assert malformed.sources == ("requirements.md HREC-03",)
    assert interpret(O(), OPEN, MANUAL).sources == ()  # nothing applied, nothing cited


def test_sanctions_proposed_start_with_the_next_hand() -> None:
    """SANC-09, SANC-12, DEAD-04: what is proposed, and that PBA's left seat is mandatory."""
    left = interpret(O(left_seat=True), F100, PBA).sanction
    assert left is not None
    assert (left.seat, left.conduct, left.mandatory, left.starts) == (
        None,
        C.LEFT_SEAT_DURING_ACTION,
        True,
        SanctionStart.NEXT_HAND,
    )
    deliberate = interpret(O(word=W.CALL, in_turn=False, deliberate=True), F100, MANUAL).sanction
    assert deliberate is not None
    assert (deliberate.conduct, deliberate.mandatory) == (C.DELIBERATE_OUT_OF_TURN, False)
    # Not deliberate: nothing proposed, in turn or out of it.
    assert interpret(O(word=W.CALL, in_turn=False), F100, MANUAL).sanction is None


def test_hrec_07_under_call_beyond_the_stack_names_what_is_added() -> None:
    """HREC-07, RUL-19, BET-11: the words match the figures when the stack is short."""
    r = interpret(O(chips=(50,)), replace(F100, stack=80), MANUAL)
    assert (r.kind, r.amount_to, r.chips_to_add) == (K.ALL_IN, 80, 30)
    assert r.explanation_en == "Under-called: must add 30."
    assert r.explanation_es == "Igualó con fichas de menos: debe completar 30."


# --- effective_actions: what the engine replays ----------------------------------------


@pytest.mark.parametrize(
    ("observed", "context", "actions"),
    [
        pytest.param(O(word=W.TIME), F100, (), id="no action yet"),
        pytest.param(O(word=W.FOLD), F100, (Action.fold(3),), id="fold"),
        pytest.param(O(taps=2), OPTION, (Action.check(3),), id="check"),
        pytest.param(O(chips=(100,)), F100, (Action.call(3),), id="call"),
        # All-in for exactly the call: an all-in, replayed as a call (amount_to == bet).
        pytest.param(O(chips=(100,)), STACK100, (Action.call(3),), id="all-in = the call"),
        # All-in for less than the call: still a call.
        pytest.param(O(chips=(50,)), SHORT50, (Action.call(3),), id="all-in for less"),
        # One chip above the bet: a raise to 101.
        pytest.param(
            O(word=W.ALL_IN), STACK101, (Action.bet_raise(3, 101),), id="all-in one above"
        ),
        pytest.param(O(word=W.BET, amount=100), OPEN, (Action.bet_raise(3, 100),), id="bet"),
        pytest.param(O(chips=(100, 100, 50)), F100, (Action.bet_raise(3, 250),), id="raise"),
        # A forfeit (PBA under-call, the next player has acted) is a fold for the engine.
        pytest.param(
            O(chips=(50,), players_acted_after=1, later_choice=W.FOLD),
            F100,
            (Action.fold(3),),
            id="fold with forfeit",
        ),
    ],
)
def test_effective_actions(
    observed: ObservedAction, context: BettingContext, actions: tuple[Action, ...]
) -> None:
    """HREC-03, BET-24: the ruling becomes the engine's action for the player's index."""
    ruling = interpret(observed, context, PBA)
    assert effective_actions(ruling, 3, context) == actions


def test_effective_actions_reads_the_amount_against_the_bet() -> None:
    """An all-in kind at the bet is a call; one chip above, a raise (the ``<=`` boundary)."""
    ruling = interpret(O(chips=(100,)), STACK100, MANUAL)
    assert (ruling.kind, ruling.amount_to) == (K.ALL_IN, 100)
    assert effective_actions(ruling, 0, STACK100) == (Action.call(0),)
    lower_bet = replace(STACK100, current_bet=99, to_call=99, min_raise_to=198)
    assert effective_actions(ruling, 0, lower_bet) == (Action.bet_raise(0, 100),)


# --- the facts' and the situation's own checks -------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"to_call": -1, "current_bet": 0}, "betting amounts must not be negative"),
        ({"current_bet": -1, "to_call": -1}, "betting amounts must not be negative"),
        ({"stack": -1}, "betting amounts must not be negative"),
        ({"to_call": 101}, "to_call cannot exceed the current bet"),
        ({"min_raise_to": 100}, "min_raise_to must exceed the current bet"),
        ({"max_raise_to": 199}, "max_raise_to must not be below min_raise_to"),
        ({"chip_unit": 0}, "chip_unit must be at least 1"),
    ],
)
def test_betting_context_refuses_impossible_situations(
    fields: dict[str, int], message: str
) -> None:
    base = {"to_call": 100, "current_bet": 100, "min_raise_to": 200, "stack": 1000}
    with pytest.raises(ValueError, match=f"^{message}$"):
        BettingContext(**(base | fields))  # type: ignore[arg-type]


def test_betting_context_accepts_each_edge() -> None:
    """The refusals above stop exactly at their limits."""
    edge = BettingContext(
        to_call=0, current_bet=0, min_raise_to=1, stack=0, max_raise_to=1, chip_unit=1
    )
    assert (edge.player_bet, edge.all_in_to) == (0, 0)
    called = BettingContext(to_call=100, current_bet=100, min_raise_to=101, stack=5)
    assert (called.player_bet, called.all_in_to) == (0, 5)
    part = BettingContext(to_call=60, current_bet=100, min_raise_to=200, stack=300)
    assert (part.player_bet, part.all_in_to) == (40, 340)


def test_observed_action_defaults_and_chips_value() -> None:
    """HREC-03: a bare observation is a silent, released, in-turn single movement."""
    o = O()
    assert (o.word, o.amount, o.amount_is_increment, o.declared_before_chips) == (
        W.NONE,
        None,
        False,
        True,
    )
    assert (o.chips, o.movements, o.first_movement_chips, o.released, o.taps) == (
        (),
        1,
        None,
        True,
        0,
    )
    assert (o.in_turn, o.players_acted_after, o.later_choice) == (True, 0, W.NONE)
    assert (o.cards_forward, o.left_seat, o.deliberate) == (False, False, False)
    assert o.chips_value == 0 and O(chips=(100, 25, 5)).chips_value == 130
    ctx = BettingContext(to_call=0, current_bet=0, min_raise_to=1, stack=1)
    assert (ctx.street, ctx.max_raise_to, ctx.limit_size) == (Street.PREFLOP, None, None)
    assert (ctx.aggressive_action_between, ctx.betting_open, ctx.chip_unit) == (False, True, 1)


# --- the clock (RUL-26, BET-21, OQ-14) ---------------------------------------------------

ON_REQUEST_ES = "Reloj a pedido: 60 s más 10 s de cuenta regresiva."
ON_REQUEST_EN = "Clock on request: 60 s plus a 10 s countdown."
PER_TURN_ES = "Reloj en cada decisión: 60 s más 10 s de cuenta regresiva."
PER_TURN_EN = "Clock on every decision: 60 s plus a 10 s countdown."
DEAD_ES = " El plazo venció sin acción: la mano está muerta."
DEAD_EN = " Time ran out without an action: the hand is dead."
MANUAL_CLOCK = f"{MANUAL_SOURCE} §7.5(5)(d), §7.6(d)"
PBA_CLOCK = f'{PBA_CABA_SOURCE} §"El reloj", §"Un error y quién tiene la última palabra"'
CABA_CLOCK = f'{PBA_CABA_SOURCE} §"El reloj"'


def _clock(
    running: bool,
    times: tuple[int | None, int | None, int | None],
    dead: bool,
    sources: tuple[str, ...],
    fallback: bool,
    es: str,
    en: str,
) -> ClockRuling:
    return ClockRuling(running, *times, dead, ("RUL-26",), sources, True, fallback, es, en)


@pytest.mark.parametrize(
    ("profile", "kwargs", "want"),
    [
        # ON_REQUEST without a request: no clock, however long the wait.
        pytest.param(
            MANUAL,
            {"turn_started_at": 0, "now": 10_000},
            _clock(
                False,
                (None, None, None),
                False,
                (MANUAL_CLOCK,),
                False,
                "No se pidió reloj: no hay plazo.",
                "No clock was requested: no time limit.",
            ),
            id="manual, not requested",
        ),
        pytest.param(
            PBA,
            {"turn_started_at": 0, "now": 10_000, "acted_at": 9_000},
            _clock(
                False,
                (None, None, None),
                False,
                (PBA_CLOCK,),
                False,
                "No se pidió reloj: no hay plazo.",
                "No clock was requested: no time limit.",
            ),
            id="pba, not requested",
        ),
        # A-23: requested at 100 -> countdown from 160, dead after 170. Edges 169/170/171.
        pytest.param(
            MANUAL,
            {"turn_started_at": 40, "requested_at": 100, "now": 170},
            _clock(
                True, (100, 160, 170), False, (MANUAL_CLOCK,), False, ON_REQUEST_ES, ON_REQUEST_EN
            ),
            id="manual, at the last instant",
        ),
        pytest.param(
            MANUAL,
            {"turn_started_at": 40, "requested_at": 100, "now": 171},
            _clock(
                True,
                (100, 160, 170),
                True,
                (MANUAL_CLOCK,),
                False,
                ON_REQUEST_ES + DEAD_ES,
                ON_REQUEST_EN + DEAD_EN,
            ),
            id="manual, one second late",
        ),
        pytest.param(
            PBA,
            {"turn_started_at": 40, "requested_at": 100, "now": 500, "acted_at": 170},
            _clock(True, (100, 160, 170), False, (PBA_CLOCK,), False, ON_REQUEST_ES, ON_REQUEST_EN),
            id="pba, acted at the last instant, judged later",
        ),
        pytest.param(
            PBA,
            {"turn_started_at": 40, "requested_at": 100, "now": 120, "acted_at": 171},
            _clock(
                True,
                (100, 160, 170),
                True,
                (PBA_CLOCK,),
                False,
                ON_REQUEST_ES + DEAD_ES,
                ON_REQUEST_EN + DEAD_EN,
            ),
            id="pba, acted one second late (the act, not now, decides)",
        ),
        # A-24: CABA times every decision from the start of the turn; a request is ignored.
        pytest.param(
            CABA,
            {"turn_started_at": 0, "requested_at": 50, "now": 70},
            _clock(True, (0, 60, 70), False, (CABA_CLOCK,), False, PER_TURN_ES, PER_TURN_EN),
            id="caba, at the last instant",
        ),
        # CABA states no consequence: the manual's dead hand is borrowed (OQ-14, GEN-03).
        pytest.param(
            CABA,
            {"turn_started_at": 0, "now": 71},
            _clock(
                True,
                (0, 60, 70),
                True,
                (CABA_CLOCK, MANUAL_CLOCK),
                True,
                PER_TURN_ES + DEAD_ES,
                PER_TURN_EN + DEAD_EN,
            ),
            id="caba, one second late",
        ),
        # BET-21: the durations are settings, and the words name them.
        pytest.param(
            MANUAL.with_overrides(clock_seconds=30, clock_grace_seconds=5),
            {"turn_started_at": 0, "requested_at": 10, "now": 46},
            _clock(
                True,
                (10, 40, 45),
                True,
                (MANUAL_CLOCK,),
                False,
                "Reloj a pedido: 30 s más 5 s de cuenta regresiva." + DEAD_ES,
                "Clock on request: 30 s plus a 5 s countdown." + DEAD_EN,
            ),
            id="manual, 30 + 5",
        ),
    ],
)
def test_bet_21_clock_ruling_pinned(
    profile: RuleProfile, kwargs: dict[str, int], want: ClockRuling
) -> None:
    """BET-21, RUL-26, HREC-07: when the hand is dead, the source cited and the words."""
    assert clock_ruling(profile, **kwargs) == want


def test_bet_21_clock_on_datetimes_at_the_edge() -> None:
    """GEN-11: server times; acting at the last instant is in time, a microsecond after is not."""
    t0 = datetime(2026, 5, 1, 21, 0, tzinfo=UTC)
    expires = t0 + timedelta(seconds=100)
    live = clock_ruling(
        PBA, turn_started_at=t0, requested_at=t0 + timedelta(seconds=30), now=expires
    )
    assert (live.started_at, live.countdown_at, live.expires_at) == (
        t0 + timedelta(seconds=30),
        t0 + timedelta(seconds=90),
        expires,
    )
    assert live.running and not live.hand_dead
    late = clock_ruling(
        PBA,
        turn_started_at=t0,
        requested_at=t0 + timedelta(seconds=30),
        now=expires + timedelta(microseconds=1),
    )
    assert late.hand_dead and late.explanation_en == ON_REQUEST_EN + DEAD_EN
    caba = clock_ruling(CABA, turn_started_at=t0, now=t0 + timedelta(seconds=70))
    assert not caba.hand_dead and caba.expires_at == t0 + timedelta(seconds=70)


@pytest.mark.parametrize(
    ("kwargs"),
    [
        pytest.param(
            {"turn_started_at": 0, "requested_at": 0, "now": datetime(2026, 5, 1, tzinfo=UTC)},
            id="seconds, then a datetime now",
        ),
        pytest.param(
            {
                "turn_started_at": datetime(2026, 5, 1, tzinfo=UTC),
                "requested_at": datetime(2026, 5, 1, tzinfo=UTC),
                "now": 500,
            },
            id="datetimes, then seconds now",
        ),
    ],
)
def test_clock_refuses_mixed_time_types_in_its_own_words(kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError, match="^clock times must all be seconds or all be datetimes$"):
        clock_ruling(PBA, **kwargs)  # type: ignore[arg-type]


# --- Survivors of the 2026-12-06 run -------------------------------------------------------
# 78 of 1,723 mutants survived. The rows and tests below kill 30 of them; the other 48 are
# equivalent (no observable behaviour can differ) and are listed with their reasons in
# docs/mutation.md.

# Facing a bet of 1,000 (minimum raise to 2,000): half the minimum is 500, large enough
# for 499 to sit between 100 % and 101 % of the threshold.
F1000 = BettingContext(to_call=1000, current_bet=1000, min_raise_to=2000, stack=5000, street=FLOP)
# A bet of 1 (an all-in short of the minimum bet of 10): the smallest bet above 0, and a
# raise must go to 10.
BET1 = BettingContext(to_call=1, current_bet=1, min_raise_to=10, stack=500, street=FLOP)
OPEN_STACK50 = replace(OPEN, stack=50)  # the whole stack is less than the minimum bet

SURVIVORS_2026_12_06: dict[
    str, tuple[RuleProfile, ObservedAction, BettingContext, Want, str, str]
] = {
    # _in_turn: with no chips out, words flagged "after the chips" are still the words.
    "fold said with no chips, flagged after the chips": (
        MANUAL,
        O(word=W.FOLD, declared_before_chips=False),
        F100,
        Want(K.FOLD, rules=("RUL-01",)),
        "Declaró retirarse: la mano se retira.",
        "Declared a fold: the hand folds.",
    ),
    # _declared_call, _finish: one chip of 1 is the smallest put-out that must be completed.
    "call, a single chip of 1": (
        MANUAL,
        O(word=W.CALL, chips=(1,)),
        F100,
        Want(
            K.CALL,
            to=100,
            committed=100,
            out=1,
            add=99,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-20"),
        ),
        "Declaró igualar. Dijo «igualo» con fichas de menos: completa 99.",
        'Declared a call. Said "call" with too few chips: adds 99.',
    ),
    # _declared_call: what the call needs is counted from what is already in front (99).
    "call owing 1, chips over": (
        MANUAL,
        O(word=W.CALL, chips=(5,)),
        OWE1,
        Want(
            K.CALL,
            to=100,
            committed=1,
            out=5,
            change=4,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-02"),
        ),
        "Declaró igualar. Valen las palabras: se devuelven 4.",
        "Declared a call. The words stand: 4 returned.",
    ),
    # _words_vs_chips: the chips missing are counted from what is already in front (99).
    "all-in owing 1, chips short": (
        MANUAL,
        O(word=W.ALL_IN, chips=(500,)),
        OWE1,
        Want(
            K.ALL_IN,
            to=1099,
            committed=1000,
            out=500,
            add=500,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-02"),
        ),
        "Declaró all-in. Las palabras prevalecen sobre las fichas: faltan 500.",
        "Declared all-in. The words prevail over the chips: 500 to add.",
    ),
    # settle: an amount equal to the bet is a plain call; a closed betting round (RUL-18) is
    # not cited and nothing is corrected.
    "amount equal to the bet when betting is closed": (
        MANUAL,
        O(word=W.BET, amount=100),
        CLOSED,
        Want(K.CALL, to=100, committed=100, add=100, rules=("RUL-01",)),
        "Declaró un monto: 100.",
        "Declared an amount: 100.",
    ),
    # _declared_bet_or_raise: "raise" on an open pot is a bet; PBA's RUL-17 is not cited.
    "raise amount on an open pot below the minimum bet, pba": (
        PBA,
        O(word=W.RAISE, amount=99),
        OPEN,
        Want(
            K.BET,
            to=100,
            committed=100,
            add=100,
            status=S.CORRECTED,
            rules=("RUL-01",),
            reqs=("BET-03",),
        ),
        "Declaró un monto: 99. Una apuesta no puede ser menor que la mínima: se completa a 100.",
        "Declared an amount: 99. A bet may not be smaller than the minimum: completed to 100.",
    ),
    # _declared_bet_or_raise: facing a bet of 1, "raise to 5" is an announced raise short of
    # the minimum (MANUAL: the minimum raise), not the 50 % rule (which would make it a call).
    "raise amount facing a bet of 1, manual": (
        MANUAL,
        O(word=W.RAISE, amount=5),
        BET1,
        Want(
            K.RAISE,
            to=10,
            committed=10,
            add=10,
            status=S.CORRECTED,
            rules=("RUL-01", "RUL-17"),
            differ=True,
        ),
        "Declaró un monto: 5. No llega a la subida mínima: debe subir a 10.",
        "Declared an amount: 5. Short of the minimum raise: must raise to 10.",
    ),
    # _out_of_turn: under PBA a raise out of turn over a bet of 1 stands as a call.
    "out of turn raise facing a bet of 1, pba": (
        PBA,
        O(word=W.RAISE, amount=10, in_turn=False),
        BET1,
        Want(
            K.CALL,
            to=1,
            committed=1,
            add=1,
            status=S.CORRECTED,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Declaró un monto: 10. PBA: al llegar su turno no puede subir; queda en igualar la apuesta mayor.",
        "Out-of-turn action with no bet or raise in between. Declared an amount: 10. PBA: when the turn comes the player may not raise; it stands as a call of the highest bet.",
    ),
    # _out_of_turn: under PBA the chips of a pending out-of-turn action stay held, not returned.
    "out of turn check facing a bet with chips, pba": (
        PBA,
        O(word=W.CHECK, chips=(50,), in_turn=False),
        F100,
        Want(
            K.NONE_YET,
            out=50,
            held=50,
            status=S.INVALID,
            rules=("RUL-21", "RUL-01"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Acción fuera de turno sin apuesta ni subida intermedia. Dijo «paso» frente a una apuesta: no es una opción legal; decide el supervisor.",
        'Out-of-turn action with no bet or raise in between. Said "check" facing a bet: not a legal option; the supervisor decides.',
    ),
    # _silent: an opening bet exactly at the minimum stands as made.
    "silent opening bet at the minimum": (
        MANUAL,
        O(chips=(50, 50)),
        OPEN,
        Want(K.BET, to=100, committed=100, out=100, rules=("RUL-04",)),
        "Apuesta de apertura por el total de las fichas: 100.",
        "Opening bet for the chips' total: 100.",
    ),
    # _single_chip, _Builder.short: one chip that is the whole stack opens for less than the
    # minimum bet; an all-in stands as made.
    "silent one chip opening all-in below the minimum": (
        MANUAL,
        O(chips=(50,)),
        OPEN_STACK50,
        Want(
            K.ALL_IN,
            to=50,
            committed=50,
            out=50,
            rules=("RUL-04", "RUL-08"),
            reqs=("BET-10",),
        ),
        "Una sola ficha como apuesta de apertura: vale 50. Es un all-in por menos de una subida completa: vale así.",
        "One chip as the opening bet: it is worth 50. It is an all-in for less than a full raise: it stands.",
    ),
    # _Builder.short: 499 of a minimum of 1,000 is 49.9 %, under the 50 % threshold: a call.
    "mixed chips, 49.9 pct": (
        MANUAL,
        O(chips=(1000, 499)),
        F1000,
        Want(
            K.CALL,
            to=1000,
            committed=1000,
            out=1499,
            change=499,
            status=S.CORRECTED,
            rules=("RUL-04", "RUL-11", "RUL-15"),
        ),
        "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta. Subida corta de 499 sobre un mínimo de 1000 (< 50 %): es igualar.",
        "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule. Short raise of 499 against a minimum of 1000 (< 50 %): a call.",
    ),
    # _string_bet: under PBA the first movement alone is an under-call; its chips stay held
    # while the player chooses and only the rest is returned.
    "silent string raise, pba, first movement an under-call": (
        PBA,
        O(chips=(50, 100, 100), movements=2, first_movement_chips=1),
        F100,
        Want(
            K.NONE_YET,
            out=250,
            change=200,
            held=50,
            status=S.INVALID,
            rules=("RUL-12", "RUL-04", "RUL-19"),
            options=(K.CALL, K.FOLD),
            differ=True,
        ),
        "Fichas en 2 movimientos sin declarar: es una apuesta en etapas, no vale como subida. Propuesta: vale solo el primer movimiento (50); el resto se devuelve; el supervisor confirma o corrige. PBA: igualar con fichas de menos; puede retirar las fichas mientras el siguiente no actúe.",
        "Chips in 2 movements without a declaration: a string bet, not a raise. Proposal: only the first movement counts (50); the rest is returned; the supervisor confirms or overrides. PBA: under-call; the chips may be taken back while the next player has not acted.",
    ),
}


@pytest.mark.parametrize("name", SURVIVORS_2026_12_06)
def test_hrec_07_survivors_of_2026_12_06_pinned_with_their_words(name: str) -> None:
    """HREC-03, BET-24, HREC-07: the rulings the 2026-12-06 survivors changed, exactly."""
    _assert_pinned(*SURVIVORS_2026_12_06[name])


def test_betting_context_a_negative_bet_is_refused_as_negative() -> None:
    """A negative current bet is named for what it is, even when to_call (0) is not negative."""
    base = {"to_call": 0, "current_bet": -1, "min_raise_to": 200, "stack": 1000}
    with pytest.raises(ValueError, match="^betting amounts must not be negative$"):
        BettingContext(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("chip", "context", "total", "add"),
    [
        pytest.param(50, STACK100, 100, 50, id="the call is the whole stack"),
        pytest.param(30, SHORT50, 50, 20, id="the stack is short of the call"),
    ],
)
def test_hrec_07_a_raise_lifted_to_a_call_of_the_whole_stack_says_what_to_add(
    chip: int, context: BettingContext, total: int, add: int
) -> None:
    """PBA reads "raise" with chips short of the bet as a call; when that call takes the whole
    stack the player is all in by chips still to add, not by an all-in for less (BET-10 "it
    stands" was said before 2026-12-06)."""
    r = interpret(O(word=W.RAISE, chips=(chip,)), context, PBA)
    assert (r.kind, r.amount_to, r.chips_to_add, r.status) == (K.ALL_IN, total, add, S.CORRECTED)
    assert r.rule_ids == ("RUL-09", "RUL-17")
    assert r.requirement_ids == ()
    assert r.explanation_es == (
        f"Dijo «subo» antes de las fichas: la subida la dan las fichas ({chip}). Igualar le "
        f"lleva todo lo que tiene: all-in por {total}; debe completar {add}."
    )
    assert r.explanation_en == (
        f'Said "raise" before the chips: the chips give the raise ({chip}). The call takes '
        f"the whole stack: all in for {total}; must add {add}."
    )
