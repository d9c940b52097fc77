"""Floor rulings: what the floor *observed* becomes the *effective* action (HREC-03, BET-12..BET-24).

The hand recorder logs each action as facts (:class:`ObservedAction`): the words
spoken and whether they came before the chips touched the felt, the chips put
out, the movements, whether the chips were released, taps, turn order. The
engine knows the betting situation (:class:`BettingContext`). :func:`interpret`
applies the table's rule profile (MANUAL, PBA or CABA, ``rulings.md`` sections
A–C) and returns a :class:`Ruling`: the effective action, the chips to add or
to return, the status of BET-24 (VALID / CORRECTED / INVALID), the rule IDs and
their sources, and a short explanation in Spanish and English (HREC-07).

Amounts follow one convention throughout:

* ``player_bet`` is what the player already has in front of them this round;
  ``current_bet`` is the highest total bet of the round; ``to_call`` is their
  difference. A player's ``stack`` is the chips behind, not counting
  ``player_bet``.
* ``Ruling.amount_to`` is the player's total for the round after the action
  (``player_bet`` + ``committed``), as PHH writes bets and raises.
* ``chips_put_out + chips_to_add == committed + change + held`` always; at most
  one of ``chips_to_add`` and ``change`` is non-zero.

The engine advises, it never stops the table (AUTH-04): a supervisor may
override any ruling with a reason; the recorder stores both (HREC-07).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from poker.model import Action
from poker.profiles import ClockMode, RuleProfile, Ruleset, SameValueChipRule
from poker.rulings_catalogue import rule_source, rulesets_differ
from poker.rulings_common import (
    ConductCode,
    Notes,
    SanctionProposal,
    Street,
    propose_sanction,
)

__all__ = [
    "BettingContext",
    "ClockRuling",
    "EffectiveKind",
    "ObservedAction",
    "Ruling",
    "Status",
    "Street",
    "Word",
    "clock_ruling",
    "effective_actions",
    "interpret",
]


class Word(StrEnum):
    """The action word the player spoke (HREC-03). ``NONE`` = silent."""

    NONE = "none"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"
    TIME = "time"


class EffectiveKind(StrEnum):
    NONE_YET = "none_yet"  # no action yet, or the player still has to choose
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


class Status(StrEnum):
    """BET-24: how the recorded action relates to its effect."""

    VALID = "valid"  # the action stands as made; nothing was changed
    CORRECTED = "corrected"  # a ruling changed its effect (amount, kind, or made it count)
    INVALID = "invalid"  # a supervisor must decide (the engine only proposes)


@dataclass(frozen=True, slots=True)
class ObservedAction:
    """One action as the floor saw it (HREC-03). Amounts are chip values, never floats."""

    word: Word = Word.NONE
    # The amount spoken, as the player's total for the round ("raise to"); set
    # ``amount_is_increment`` when the player said "raise by".
    amount: int | None = None
    amount_is_increment: bool = False
    declared_before_chips: bool = True  # RUL-03: said before the chips touched the felt
    chips: tuple[int, ...] = ()  # the value of each chip put out, in the order they went
    movements: int = 1  # separate forward movements used to put the chips out
    # How many of ``chips`` (from the start) went out in the first movement; needed to
    # propose what stands after a string bet (RUL-12). None = not recorded.
    first_movement_chips: int | None = None
    released: bool = True  # RUL-05: chips count only once the player lets go
    taps: int = 0  # RUL-24: light taps on the table
    in_turn: bool = True
    # Players who acted after this player's turn had come: BET-20 (a silent player
    # who was skipped) and RUL-19 (PBA: has the next player acted yet?).
    players_acted_after: int = 0
    # When a ruling leaves the player a choice (out of turn, PBA under-call), what
    # the player chose: CALL or FOLD. NONE = not chosen yet.
    later_choice: Word = Word.NONE
    cards_forward: bool = False  # RUL-36: cards pushed forward / to the dealer
    left_seat: bool = False  # RUL-23: left the seat before completing the action
    deliberate: bool = False  # the supervisor judged an out-of-turn act deliberate

    @property
    def chips_value(self) -> int:
        return sum(self.chips)


@dataclass(frozen=True, slots=True)
class BettingContext:
    """What the engine knows when the action is judged (BET-24)."""

    to_call: int  # chips the player must add to call (0 = nothing owed)
    current_bet: int  # highest total bet of the round
    min_raise_to: int  # smallest legal total for a bet or full raise (BET-03, BET-06)
    stack: int  # the player's chips behind
    street: Street = Street.PREFLOP
    max_raise_to: int | None = None  # pot-limit maximum total (BET-07); None = no limit
    limit_size: int | None = None  # fixed-limit size; min_raise_to is then the only raise
    # A bet or raise happened between an out-of-turn action and the player's turn.
    aggressive_action_between: bool = False
    betting_open: bool = True  # False after a short all-in (BET-10) or a limit cap (BET-09)
    chip_unit: int = 1

    def __post_init__(self) -> None:
        if min(self.to_call, self.current_bet, self.stack) < 0:
            raise ValueError("betting amounts must not be negative")
        if self.to_call > self.current_bet:
            raise ValueError("to_call cannot exceed the current bet")
        if self.min_raise_to <= self.current_bet:
            raise ValueError("min_raise_to must exceed the current bet")
        if self.max_raise_to is not None and self.max_raise_to < self.min_raise_to:
            raise ValueError("max_raise_to must not be below min_raise_to")
        if self.chip_unit < 1:
            raise ValueError("chip_unit must be at least 1")

    @property
    def player_bet(self) -> int:
        return self.current_bet - self.to_call

    @property
    def all_in_to(self) -> int:
        return self.player_bet + self.stack


@dataclass(frozen=True, slots=True)
class Ruling:
    kind: EffectiveKind
    amount_to: int  # player's total for the round after the action
    committed: int  # chips this action moves from the stack to the pot (dead money on a forfeit)
    chips_put_out: int  # released chips the player put out
    chips_to_add: int  # chips the player still has to put in
    change: int  # chips returned to the player
    held: int  # chips left on the felt while the player chooses (NONE_YET)
    status: Status
    rule_ids: tuple[str, ...]  # RUL-xx applied, in the order they were applied
    requirement_ids: tuple[str, ...]  # other requirement IDs relied on (BET-03, BET-07, ...)
    sources: tuple[str, ...]  # seed and section of each rule for this table's ruleset
    rulesets_differ: bool  # the matrix marks a difference (⚠) for a rule applied
    fallback: bool  # a PBA/CABA table used the manual's rule (GEN-03)
    options: tuple[EffectiveKind, ...]  # what the player may still choose
    sanction: SanctionProposal | None
    explanation_es: str
    explanation_en: str

    @property
    def corrected(self) -> bool:
        return self.status is not Status.VALID


# ---------------------------------------------------------------------------
# Building a ruling


class _Builder:
    """Accumulates the rules applied and the explanation while a ruling is decided."""

    def __init__(self, observed: ObservedAction, ctx: BettingContext, profile: RuleProfile):
        self.o = observed
        self.c = ctx
        self.p = profile
        self.rules: list[str] = []
        self.reqs: list[str] = []
        self.notes = Notes()
        self.corrected = False
        self.invalid = False
        self.forced_fallback = False
        self.options: tuple[EffectiveKind, ...] = ()
        self.sanction: SanctionProposal | None = None
        self.raise_barred_by: str | None = None  # rule that forbids aggression now

    # -- bookkeeping ---------------------------------------------------------
    def rule(self, rule_id: str, es: str = "", en: str = "") -> None:
        if rule_id not in self.rules:
            self.rules.append(rule_id)
        if es or en:
            self.notes.add(es, en)

    def req(self, req_id: str, es: str = "", en: str = "") -> None:
        if req_id not in self.reqs:
            self.reqs.append(req_id)
        if es or en:
            self.notes.add(es, en)

    @property
    def pba(self) -> bool:
        return self.p.ruleset is Ruleset.PBA

    @property
    def caba(self) -> bool:
        return self.p.ruleset is Ruleset.CABA

    @property
    def manual(self) -> bool:
        return self.p.ruleset is Ruleset.MANUAL

    @property
    def put_out(self) -> int:
        return self.o.chips_value if self.o.released else 0

    # -- endings -------------------------------------------------------------
    def _finish(
        self, kind: EffectiveKind, committed: int, held: int = 0, *, put_out: int | None = None
    ) -> Ruling:
        out = self.put_out if put_out is None else put_out
        balance = committed + held - out
        to_add = max(balance, 0)
        change = max(-balance, 0)
        if self.invalid:
            status = Status.INVALID
        elif self.corrected or change > 0 or (to_add > 0 and out > 0):
            status = Status.CORRECTED
        else:
            status = Status.VALID
        sources: list[str] = []
        fallback = self.forced_fallback
        for rid in (*self.rules, *self.reqs):
            src = rule_source(rid, self.p.ruleset)
            if src.source not in sources:
                sources.append(src.source)
            fallback = fallback or src.fallback
        return Ruling(
            kind=kind,
            amount_to=self.c.player_bet + committed,
            committed=committed,
            chips_put_out=out,
            chips_to_add=to_add,
            change=change,
            held=held,
            status=status,
            rule_ids=tuple(self.rules),
            requirement_ids=tuple(self.reqs),
            sources=tuple(sources),
            rulesets_differ=any(rulesets_differ(r) for r in self.rules),
            fallback=fallback,
            options=self.options,
            sanction=self.sanction,
            explanation_es=self.notes.es,
            explanation_en=self.notes.en,
        )

    def act(self, total: int) -> Ruling:
        """End with a check, call, bet, raise or all-in for ``total`` (already legal)."""
        c = self.c
        committed = total - c.player_bet
        if committed == 0:
            kind = EffectiveKind.CHECK
        elif total >= c.all_in_to:
            kind = EffectiveKind.ALL_IN
        elif total <= c.current_bet:
            kind = EffectiveKind.CALL
        elif c.current_bet == 0:
            kind = EffectiveKind.BET
        else:
            kind = EffectiveKind.RAISE
        return self._finish(kind, committed)

    def fold(self, forfeit: int = 0) -> Ruling:
        """End with a fold; ``forfeit`` chips put out stay in the pot (DEAD-05)."""
        return self._finish(EffectiveKind.FOLD, forfeit)

    def pending(self, held: int, options: tuple[EffectiveKind, ...]) -> Ruling:
        self.options = options
        return self._finish(EffectiveKind.NONE_YET, 0, held)

    # -- amounts -------------------------------------------------------------
    def call_total(self) -> int:
        return min(self.c.current_bet, self.c.all_in_to)

    def still_to_add(self, total: int) -> int:
        """What the player must still put in to stand at ``total`` (the words of RUL-19)."""
        return total - self.c.player_bet - self.put_out

    def settle(self, target: int) -> int:
        """Clamp a wanted total to what the structure, the stack and the turn allow."""
        c = self.c
        if target <= c.current_bet:
            return self.call_total()
        if self.raise_barred_by is not None or not c.betting_open:
            if self.raise_barred_by == "RUL-25":
                self.rule(
                    "RUL-25",
                    f"Actuaron {self.o.players_acted_after} jugadores después de su turno sin que "
                    "dijera «tiempo»: ya no puede apostar ni subir, queda en igualar.",
                    f"{self.o.players_acted_after} players acted after the player's turn without "
                    '"time" being called: no bet or raise any more, it stands as a call.',
                )
            elif self.raise_barred_by is not None:
                self.rule(self.raise_barred_by)
            else:
                self.rule(
                    "RUL-18",
                    "La apuesta no está reabierta para este jugador: la subida queda en igualar.",
                    "Betting is not reopened for this player: the raise stands as a call.",
                )
                self.req("BET-10")
            self.corrected = True
            return self.call_total()
        cap = c.all_in_to
        why: tuple[str, str, str] | None = None
        if c.limit_size is not None and c.min_raise_to < cap:
            cap = c.min_raise_to
            why = (
                "BET-08",
                f"En límite fijo la subida es exactamente a {c.min_raise_to}.",
                f"In fixed limit the raise is exactly to {c.min_raise_to}.",
            )
        if c.max_raise_to is not None and c.max_raise_to < cap:
            cap = c.max_raise_to
            why = (
                "BET-07",
                f"En pot limit el máximo es {c.max_raise_to}; el exceso se devuelve.",
                f"In pot limit the maximum is {c.max_raise_to}; the excess is returned.",
            )
        if target > cap:
            if why is None:
                why = (
                    "BET-11",
                    f"No tiene más fichas: queda all-in por {cap}.",
                    f"The player has no more chips: all-in for {cap}.",
                )
            self.req(*why)
            self.corrected = True
            return cap
        return target

    def short(self, total: int, *, complete_always: bool, rule_if_completed: str) -> int:
        """A bet or raise short of the minimum (player not all-in): BET-17, RUL-14..RUL-17."""
        c = self.c
        if total >= c.all_in_to:
            add = self.still_to_add(c.all_in_to)
            if add > 0:
                # Lifted to a call (PBA, CABA read the chips) that takes the whole stack: the
                # player is all in, but by chips still to add, not by an all-in for less.
                self.corrected = True
                self.notes.add(
                    f"Igualar le lleva todo lo que tiene: all-in por {c.all_in_to}; debe "
                    f"completar {add}.",
                    f"The call takes the whole stack: all in for {c.all_in_to}; must add {add}.",
                )
                return self.settle(c.all_in_to)
            self.req(
                "BET-10",
                "Es un all-in por menos de una subida completa: vale así.",
                "It is an all-in for less than a full raise: it stands.",
            )
            return self.settle(c.all_in_to)
        self.corrected = True
        if c.current_bet == 0:
            self.req(
                "BET-03",
                f"Una apuesta no puede ser menor que la mínima: se completa a {c.min_raise_to}.",
                f"A bet may not be smaller than the minimum: completed to {c.min_raise_to}.",
            )
            return self.settle(c.min_raise_to)
        if complete_always:
            self.rule(
                rule_if_completed,
                f"No llega a la subida mínima: debe subir a {c.min_raise_to}.",
                f"Short of the minimum raise: must raise to {c.min_raise_to}.",
            )
            return self.settle(c.min_raise_to)
        increment = total - c.current_bet
        minimum = c.min_raise_to - c.current_bet
        pct = self.p.short_raise_threshold_pct
        if increment * 100 >= pct * minimum:
            rid = "RUL-14" if increment * 100 == pct * minimum else "RUL-16"
            self.rule(
                rid,
                f"Subida corta de {increment} sobre un mínimo de {minimum} (≥ {pct} %): "
                f"se completa a {c.min_raise_to}.",
                f"Short raise of {increment} against a minimum of {minimum} (≥ {pct} %): "
                f"completed to {c.min_raise_to}.",
            )
            return self.settle(c.min_raise_to)
        self.rule(
            "RUL-15",
            f"Subida corta de {increment} sobre un mínimo de {minimum} (< {pct} %): es igualar.",
            f"Short raise of {increment} against a minimum of {minimum} (< {pct} %): a call.",
        )
        return self.call_total()


# ---------------------------------------------------------------------------
# Public entry point


def interpret(observed: ObservedAction, context: BettingContext, profile: RuleProfile) -> Ruling:
    """Decide the effective action of one observed action under ``profile`` (HREC-03)."""
    b = _Builder(observed, context, profile)
    problem = _input_problem(observed, context)
    if problem is not None:
        b.invalid = True
        b.req("HREC-03", *problem)
        # Malformed facts: nothing is read from the chips; the supervisor re-enters them.
        return b._finish(EffectiveKind.NONE_YET, 0, put_out=0)
    if observed.left_seat:
        return _left_seat(b)
    if observed.cards_forward:
        return _cards_forward(b)
    if not observed.in_turn:
        return _out_of_turn(b)
    return _in_turn(b)


def _input_problem(o: ObservedAction, c: BettingContext) -> tuple[str, str] | None:
    if any(v <= 0 for v in o.chips):
        return ("Valor de ficha inválido.", "Invalid chip value.")
    if any(v % c.chip_unit for v in o.chips):
        return ("Hay fichas que no son múltiplo de la unidad.", "Chips not in whole chip units.")
    if o.released and o.chips_value > c.stack:
        return (
            "Las fichas puestas superan el stack del jugador.",
            "The chips put out exceed the player's stack.",
        )
    if o.amount is not None and o.amount < 0:
        return ("Monto declarado negativo.", "Negative declared amount.")
    if o.movements < 1 and o.chips:
        return ("Fichas sin movimientos registrados.", "Chips recorded with no movement.")
    if o.first_movement_chips is not None and not 0 < o.first_movement_chips <= len(o.chips):
        return (
            "El primer movimiento no coincide con las fichas.",
            "The first movement does not match the chips.",
        )
    if o.taps < 0 or o.players_acted_after < 0:
        return ("Datos negativos.", "Negative counts.")
    return None


def _left_seat(b: _Builder) -> Ruling:
    # RUL-23 / DEAD-04: leaving before completing the action is a fold (out of turn).
    b.rule(
        "RUL-23",
        "El jugador dejó el asiento sin completar su acción: mano muerta.",
        "The player left the seat before completing the action: dead hand.",
    )
    b.corrected = True
    if b.pba:
        b.sanction = propose_sanction(None, ConductCode.LEFT_SEAT_DURING_ACTION)
        b.notes.add("En PBA además se propone sanción.", "On PBA a sanction is also proposed.")
    return b.fold()


def _cards_forward(b: _Builder) -> Ruling:
    b.rule(
        "RUL-36",
        "Cartas empujadas hacia adelante: mano muerta, sin derecho al pozo.",
        "Cards pushed forward: dead hand, no right to the pot.",
    )
    return b.fold()


# ---------------------------------------------------------------------------
# In turn


def _in_turn(b: _Builder) -> Ruling:
    o = b.o
    # BET-20 / RUL-25: a silent player skipped by three players may not be aggressive.
    if o.word is not Word.TIME and o.players_acted_after >= b.p.time_call_players:
        b.raise_barred_by = "RUL-25"
    put_out = b.put_out
    # "Time" only holds the turn; with chips out, the chips speak for themselves.
    spoke = o.word not in (Word.NONE, Word.TIME) or o.amount is not None

    if o.word is Word.TIME and put_out == 0:
        b.rule(
            "RUL-25",
            "Dijo «tiempo»: retiene el turno, todavía no hay acción.",
            'Said "time": the turn is held, no action yet.',
        )
        return b.pending(0, ())

    if o.chips and not o.released and not spoke:
        return _unreleased(b)

    if not spoke and put_out == 0:
        return _taps(b)

    if spoke and (o.declared_before_chips or put_out == 0):
        return _declared(b)

    if spoke:
        b.rule(
            "RUL-03",
            "Lo dicho llegó después de que las fichas tocaran el paño: se leen como fichas sin palabra.",
            "The words came after the chips touched the felt: they are read as silent chips.",
        )
        b.corrected = True
    return _silent(b)


def _unreleased(b: _Builder) -> Ruling:
    c = b.c
    if not b.pba:
        b.rule(
            "RUL-05",
            "Las fichas no se soltaron: todavía no hay acción.",
            "The chips were not released: no action yet.",
        )
        return b.pending(0, ())
    # PBA: the hand moved towards the pot with chips forces a minimum action (OQ-39).
    target = c.current_bet if c.to_call > 0 else c.min_raise_to
    b.rule(
        "RUL-05",
        "PBA: llevó la mano con fichas hacia el pozo; debe jugar al menos la acción mínima "
        + ("(igualar)." if c.to_call > 0 else f"(apuesta mínima de {c.min_raise_to})."),
        "PBA: the hand moved towards the pot with chips; at least the minimum action is due "
        + ("(a call)." if c.to_call > 0 else f"(the minimum bet of {c.min_raise_to})."),
    )
    b.corrected = True
    return b.act(b.settle(target))


def _taps(b: _Builder) -> Ruling:
    o, c = b.o, b.c
    if o.taps >= 2:
        if c.to_call == 0:
            b.rule(
                "RUL-24",
                "Dos golpes seguidos en la mesa: pasa.",
                "Two taps in a row on the table: check.",
            )
            return b.act(c.player_bet)
        b.rule(
            "RUL-24",
            "Golpear la mesa no es pasar cuando hay una apuesta que igualar: decide el supervisor.",
            "Tapping is not a check when there is a bet to call: the supervisor decides.",
        )
        b.invalid = True
        return b.pending(0, (EffectiveKind.FOLD, EffectiveKind.CALL))
    return b.pending(0, ())


def _declared_total(o: ObservedAction, c: BettingContext) -> int | None:
    if o.amount is None:
        return None
    return c.current_bet + o.amount if o.amount_is_increment else o.amount


def _declared(b: _Builder) -> Ruling:
    """Words spoken before the chips: the words prevail (RUL-01, RUL-02, BET-12)."""
    o, c = b.o, b.c
    put_out = b.put_out
    word = o.word
    if word is Word.FOLD:
        b.rule(
            "RUL-01", "Declaró retirarse: la mano se retira.", "Declared a fold: the hand folds."
        )
        if put_out:
            b.rule("RUL-02", "Las fichas puestas se devuelven.", "The chips put out are returned.")
        return b.fold()
    if word is Word.CHECK:
        if c.to_call > 0:
            b.rule(
                "RUL-01",
                "Dijo «paso» frente a una apuesta: no es una opción legal; decide el supervisor.",
                'Said "check" facing a bet: not a legal option; the supervisor decides.',
            )
            b.invalid = True
            return b.pending(put_out, (EffectiveKind.FOLD, EffectiveKind.CALL))
        b.rule("RUL-01", "Declaró pasar.", "Declared a check.")
        if put_out:
            b.rule(
                "RUL-02",
                "Valen las palabras: se devuelven las fichas.",
                "The words stand: chips returned.",
            )
        return b.act(c.player_bet)
    if word is Word.CALL:
        return _declared_call(b)
    if word is Word.ALL_IN:
        b.rule("RUL-01", "Declaró all-in.", "Declared all-in.")
        total = b.settle(c.all_in_to)
        _words_vs_chips(b, total)
        return b.act(total)
    return _declared_bet_or_raise(b)


def _declared_call(b: _Builder) -> Ruling:
    c = b.c
    put_out = b.put_out
    total = b.call_total()
    needed = total - c.player_bet
    if c.to_call == 0:
        b.rule(
            "RUL-01",
            "Dijo «igualo» sin nada que igualar: pasa.",
            'Said "call" with nothing to call: a check.',
        )
        b.corrected = True
    else:
        b.rule("RUL-01", "Declaró igualar.", "Declared a call.")
    if 0 < put_out < needed:
        b.rule(
            "RUL-20",
            f"Dijo «igualo» con fichas de menos: completa {needed - put_out}.",
            f'Said "call" with too few chips: adds {needed - put_out}.',
        )
    elif put_out > needed:
        b.rule(
            "RUL-02",
            f"Valen las palabras: se devuelven {put_out - needed}.",
            f"The words stand: {put_out - needed} returned.",
        )
    return b.act(total)


def _words_vs_chips(b: _Builder, total: int) -> None:
    put_out = b.put_out
    committed = total - b.c.player_bet
    if put_out and put_out != committed:
        b.rule(
            "RUL-02",
            "Las palabras prevalecen sobre las fichas: "
            + (
                f"faltan {committed - put_out}."
                if committed > put_out
                else f"se devuelven {put_out - committed}."
            ),
            "The words prevail over the chips: "
            + (
                f"{committed - put_out} to add."
                if committed > put_out
                else f"{put_out - committed} returned."
            ),
        )


def _declared_bet_or_raise(b: _Builder) -> Ruling:
    o, c = b.o, b.c
    put_out = b.put_out
    declared = _declared_total(o, c)
    if declared is None:
        return _raise_without_amount(b)
    b.rule(
        "RUL-01",
        f"Declaró un monto: {declared}.",
        f"Declared an amount: {declared}.",
    )
    if declared < c.current_bet:
        b.invalid = True
        b.notes.add(
            f"El monto dicho ({declared}) no llega a la apuesta de {c.current_bet}: decide el supervisor.",
            f"The amount said ({declared}) is below the bet of {c.current_bet}: the supervisor decides.",
        )
        return b.pending(put_out, (EffectiveKind.FOLD, EffectiveKind.CALL))
    if declared == c.current_bet or declared >= c.min_raise_to or declared >= c.all_in_to:
        total = b.settle(declared)
    elif o.word is Word.RAISE and c.current_bet > 0:
        # RUL-17: "raise" announced with an amount below the minimum raise.
        if b.pba:
            b.rule(
                "RUL-17",
                "PBA: el monto anunciado por debajo del mínimo sigue la regla de subida corta.",
                "PBA: an announced amount below the minimum follows the short-raise rule.",
            )
            total = b.short(declared, complete_always=False, rule_if_completed="RUL-17")
        else:
            if b.caba:
                # CABA states only the raise announced *without* a value (OQ-31).
                b.forced_fallback = True
            total = b.short(declared, complete_always=True, rule_if_completed="RUL-17")
    else:
        # §7.4(10)(k): an amount that does not reach a legal raise -> 50 % rule.
        total = b.short(declared, complete_always=False, rule_if_completed="RUL-16")
    _words_vs_chips(b, total)
    return b.act(total)


def _movements_allowed(p: RuleProfile) -> int | None:
    """Total movements allowed after saying "raise" (RUL-13): the call plus N more."""
    extra = p.raise_movements_after_declaration
    return None if extra is None else extra + 1


def _raise_without_amount(b: _Builder) -> Ruling:
    """ "Bet" / "raise" said first, the amount given by the chips (RUL-09, RUL-13, RUL-17)."""
    o, c = b.o, b.c
    put_out = b.put_out
    if put_out == 0:
        if c.limit_size is not None:
            b.rule("RUL-01", "Declaró subir en límite fijo.", "Declared a raise in fixed limit.")
            return b.act(b.settle(c.min_raise_to))
        b.rule(
            "RUL-13",
            "Declaró subir; el monto llega con las fichas.",
            "Declared a raise; the amount follows with the chips.",
        )
        return b.pending(0, (EffectiveKind.BET if c.current_bet == 0 else EffectiveKind.RAISE,))
    allowed = _movements_allowed(b.p)
    if allowed is not None and o.movements > allowed:
        b.rule(
            "RUL-13",
            f"Tras decir «subo» usó {o.movements} movimientos; esta regla admite {allowed}.",
            f'After saying "raise" the player used {o.movements} movements; this ruleset allows {allowed}.',
        )
        return _string_bet(b)
    chips_total = c.player_bet + put_out
    single = len(o.chips) == 1
    b.rule(
        "RUL-09" if single else "RUL-13",
        f"Dijo «subo» antes de las fichas: la subida la dan las fichas ({chips_total}).",
        f'Said "raise" before the chips: the chips give the raise ({chips_total}).',
    )
    if chips_total >= c.min_raise_to or chips_total >= c.all_in_to:
        return b.act(b.settle(chips_total))
    if c.current_bet == 0:
        # An opening bet short of the minimum bet is brought up to it, as with silent chips
        # (the hypothesis profile found "bet" + one 5 chip standing as a bet of 5 against a
        # minimum of 10).
        return b.act(b.short(chips_total, complete_always=True, rule_if_completed="RUL-17"))
    if b.manual:
        # §7.4(10)(k): "raise" announced and short of the minimum -> minimum raise.
        total = b.short(chips_total, complete_always=True, rule_if_completed="RUL-17")
    else:
        # PBA: at most the chip's value; CABA: the chips put out; then the short-raise rule (OQ-31).
        b.rule("RUL-17")
        total = b.short(
            max(chips_total, c.current_bet), complete_always=False, rule_if_completed="RUL-16"
        )
    return b.act(total)


# ---------------------------------------------------------------------------
# Silent chips


def _silent(b: _Builder) -> Ruling:
    o, c = b.o, b.c
    put_out = b.put_out
    total = c.player_bet + put_out
    if o.movements > 1 and total > c.current_bet:
        b.rule(
            "RUL-12",
            f"Fichas en {o.movements} movimientos sin declarar: es una apuesta en etapas, no vale como subida.",
            f"Chips in {o.movements} movements without a declaration: a string bet, not a raise.",
        )
        return _string_bet(b)
    b.rule("RUL-04")
    if put_out < c.to_call:
        if put_out == c.stack:
            b.req(
                "BET-11",
                "Igualó con todas sus fichas: all-in por menos.",
                "Called with all the chips: all-in for less.",
            )
            return b.act(c.all_in_to)
        return _under_call(b)
    if total == c.current_bet:
        b.notes.add(f"Fichas por {put_out}: iguala.", f"Chips for {put_out}: a call.")
        return b.act(total)
    # From here the chips exceed the call.
    if len(o.chips) == 1:
        return _single_chip(b, total)
    if put_out == c.stack:
        b.req("BET-11", "Empujó todas sus fichas: all-in.", "Pushed all the chips: all-in.")
        return b.act(b.settle(c.all_in_to))
    if c.current_bet == 0:
        b.notes.add(
            f"Apuesta de apertura por el total de las fichas: {total}.",
            f"Opening bet for the chips' total: {total}.",
        )
        if total < c.min_raise_to:
            return b.act(b.short(total, complete_always=True, rule_if_completed="RUL-17"))
        return b.act(b.settle(total))
    same_value = len(set(o.chips)) == 1
    if same_value and b.p.same_value_chip_rule is SameValueChipRule.LITERAL:
        rest = put_out - o.chips[0]
        if rest <= c.to_call:
            b.rule(
                "RUL-10",
                f"Fichas del mismo valor: sin una ficha quedan {rest}, que no supera lo que debe "
                f"igualar ({c.to_call}): es igualar.",
                f"Same-value chips: without one chip {rest} is left, which does not exceed the "
                f"amount to call ({c.to_call}): a call.",
            )
            b.corrected = True
            return b.act(b.call_total())
        b.rule(
            "RUL-10",
            "Fichas del mismo valor que superan lo que debe igualar aun quitando una: subida por el total.",
            "Same-value chips exceed the amount to call even without one chip: a raise for the total.",
        )
    else:
        b.rule(
            "RUL-10" if same_value else "RUL-11",
            "Dos o más fichas: si llegan a la subida mínima son subida por el total; si no, regla de subida corta.",
            "Two or more chips: a raise for the total when they reach the minimum raise, otherwise the short-raise rule.",
        )
    if total >= c.min_raise_to:
        return b.act(b.settle(total))
    return b.act(b.short(total, complete_always=False, rule_if_completed="RUL-16"))


def _single_chip(b: _Builder, total: int) -> Ruling:
    c = b.c
    if c.current_bet == 0:
        b.rule(
            "RUL-08",
            f"Una sola ficha como apuesta de apertura: vale {total}.",
            f"One chip as the opening bet: it is worth {total}.",
        )
        if total < c.min_raise_to:
            return b.act(b.short(total, complete_always=True, rule_if_completed="RUL-17"))
        return b.act(b.settle(total))
    rid = "RUL-06" if c.street is Street.PREFLOP else "RUL-07"
    b.rule(
        rid,
        "Una sola ficha mayor que la apuesta, sin palabra: es igualar y el excedente se devuelve.",
        "One chip larger than the bet, silent: a call, the excess is returned.",
    )
    b.corrected = True
    return b.act(b.call_total())


def _under_call(b: _Builder) -> Ruling:
    """RUL-19: silent chips short of the call (the player misread the amount)."""
    o = b.o
    put_out = b.put_out
    if not b.pba:
        # What is added is what the call (capped by the stack: all in) still needs.
        add = b.still_to_add(b.call_total())
        b.rule(
            "RUL-19",
            f"Igualó con fichas de menos: debe completar {add}.",
            f"Under-called: must add {add}.",
        )
        b.corrected = True
        return b.act(b.call_total())
    next_acted = o.players_acted_after > 0
    b.rule(
        "RUL-19",
        "PBA: igualar con fichas de menos; "
        + (
            "el siguiente ya actuó: se retira perdiendo las fichas o paga lo correcto."
            if next_acted
            else "puede retirar las fichas mientras el siguiente no actúe."
        ),
        "PBA: under-call; "
        + (
            "the next player has acted: fold losing the chips or pay the right amount."
            if next_acted
            else "the chips may be taken back while the next player has not acted."
        ),
    )
    b.corrected = True
    if o.later_choice is Word.CALL:
        return b.act(b.call_total())
    if o.later_choice is Word.FOLD:
        return b.fold(forfeit=put_out if next_acted else 0)
    return b.pending(put_out, (EffectiveKind.CALL, EffectiveKind.FOLD))


def _string_bet(b: _Builder) -> Ruling:
    """RUL-12 / OQ-12: propose that only the first movement counts; the supervisor confirms."""
    o = b.o
    put_out = b.put_out
    b.invalid = True
    b.rule("RUL-12")
    k = o.first_movement_chips
    if k is None:
        b.notes.add(
            "No se registró qué fichas fueron en el primer movimiento: decide el supervisor.",
            "The chips of the first movement were not recorded: the supervisor decides.",
        )
        return b.pending(put_out, (EffectiveKind.CALL, EffectiveKind.FOLD))
    first = o.chips[:k]
    b.notes.add(
        f"Propuesta: vale solo el primer movimiento ({sum(first)}); el resto se devuelve; "
        "el supervisor confirma o corrige.",
        f"Proposal: only the first movement counts ({sum(first)}); the rest is returned; "
        "the supervisor confirms or overrides.",
    )
    sub_observed = dataclasses.replace(o, chips=first, movements=1, first_movement_chips=None)
    sub = interpret(sub_observed, b.c, b.p)
    for rid in sub.rule_ids:
        b.rule(rid)
    for req in sub.requirement_ids:
        b.req(req)
    b.notes.add(sub.explanation_es, sub.explanation_en)
    b.options = sub.options
    return b._finish(sub.kind, sub.committed, sub.held, put_out=put_out)


# ---------------------------------------------------------------------------
# Out of turn (RUL-21, RUL-22, BET-18)


def _out_of_turn(b: _Builder) -> Ruling:
    o, c, p = b.o, b.c, b.p
    # First read the action as if it had been in turn, then apply the out-of-turn rule.
    base = interpret(dataclasses.replace(o, in_turn=True, later_choice=Word.NONE), c, p)
    put_out = b.put_out
    if o.deliberate:
        b.sanction = propose_sanction(None, ConductCode.DELIBERATE_OUT_OF_TURN)
    b.corrected = True
    if base.kind is EffectiveKind.FOLD:
        b.rule(
            "RUL-23",
            "Retiro fuera de turno: obliga, la mano está muerta.",
            "Out-of-turn fold: it binds, the hand is dead.",
        )
        return b.fold()
    if c.aggressive_action_between:
        return _out_of_turn_after_aggression(b, base, put_out)
    b.rule(
        "RUL-21",
        "Acción fuera de turno sin apuesta ni subida intermedia.",
        "Out-of-turn action with no bet or raise in between.",
    )
    _inherit(b, base)
    if b.manual or b.caba:
        b.notes.add(
            "Obliga tal como se hizo." if b.manual else "CABA: es válida; no podrá subir después.",
            "It binds as made."
            if b.manual
            else "CABA: it is valid; the player may not raise later.",
        )
        b.options = base.options
        return b._finish(base.kind, base.committed, base.held)
    # PBA: the bet waits for the turn; call the highest bet (no raise) or fold losing it.
    b.options = (EffectiveKind.CALL, EffectiveKind.FOLD)
    if o.later_choice is Word.FOLD:
        b.notes.add("Eligió retirarse: pierde lo puesto.", "Chose to fold: forfeits the chips.")
        return b.fold(forfeit=put_out)
    if base.kind is EffectiveKind.NONE_YET:
        return b._finish(base.kind, base.committed, base.held)
    if base.amount_to > c.current_bet > 0:
        b.notes.add(
            "PBA: al llegar su turno no puede subir; queda en igualar la apuesta mayor.",
            "PBA: when the turn comes the player may not raise; it stands as a call of the highest bet.",
        )
        return b.act(b.call_total())
    return b._finish(base.kind, base.committed, base.held)


def _out_of_turn_after_aggression(b: _Builder, base: Ruling, put_out: int) -> Ruling:
    o = b.o
    b.rule(
        "RUL-22",
        "Acción fuera de turno y luego un jugador salteado apostó o subió.",
        "Out-of-turn action, then a skipped player bet or raised.",
    )
    if b.manual:
        b.notes.add(
            "MANUAL: no obliga; se devuelven las fichas y tiene todas las opciones.",
            "MANUAL: not binding; the chips are returned and every option is open.",
        )
        return b.pending(
            0,
            (EffectiveKind.FOLD, EffectiveKind.CALL, EffectiveKind.RAISE),
        )
    b.notes.add(
        "Las fichas quedan: solo puede igualar la apuesta mayor o retirarse perdiéndolas.",
        "The chips stay: the player may only call the highest bet or fold losing them.",
    )
    if o.later_choice is Word.FOLD:
        return b.fold(forfeit=put_out)
    if o.later_choice is Word.CALL:
        return b.act(b.call_total())
    return b.pending(put_out, (EffectiveKind.CALL, EffectiveKind.FOLD))


def _inherit(b: _Builder, base: Ruling) -> None:
    for rid in base.rule_ids:
        b.rule(rid)
    for req in base.requirement_ids:
        b.req(req)
    if base.explanation_es:
        b.notes.add(base.explanation_es, base.explanation_en)
    if base.status is Status.INVALID:
        b.invalid = True


def effective_actions(ruling: Ruling, player: int, context: BettingContext) -> tuple[Action, ...]:
    """The engine actions (``poker.model``) a ruling stands for, for ``player``'s index.

    ``NONE_YET`` yields nothing: the player still has to act. A fold with a
    forfeit (PBA/CABA out of turn, PBA under-call) is a fold here; the forfeited
    chips are in ``ruling.committed`` for the recorder to post as dead money.
    """
    kind = ruling.kind
    if kind is EffectiveKind.NONE_YET:
        return ()
    if kind is EffectiveKind.FOLD:
        return (Action.fold(player),)
    if kind is EffectiveKind.CHECK:
        return (Action.check(player),)
    if kind is EffectiveKind.CALL or ruling.amount_to <= context.current_bet:
        return (Action.call(player),)
    return (Action.bet_raise(player, ruling.amount_to),)


# ---------------------------------------------------------------------------
# The clock (RUL-26, BET-21)

Instant = int | datetime


@dataclass(frozen=True, slots=True)
class ClockRuling:
    running: bool  # a clock applies to this decision
    started_at: Instant | None
    countdown_at: Instant | None  # when the grace countdown starts
    expires_at: Instant | None
    hand_dead: bool
    rule_ids: tuple[str, ...]
    sources: tuple[str, ...]
    rulesets_differ: bool
    fallback: bool
    explanation_es: str
    explanation_en: str


def _later(a: Instant, b: Instant) -> bool:
    """``a`` is after ``b``; both must be seconds or both datetimes."""
    if isinstance(a, datetime) and isinstance(b, datetime):
        return a > b
    if isinstance(a, int) and isinstance(b, int):
        return a > b
    raise TypeError("clock times must all be seconds or all be datetimes")


def _plus(t: Instant, seconds: int) -> Instant:
    if isinstance(t, datetime):
        return t + timedelta(seconds=seconds)
    return t + seconds


def clock_ruling(
    profile: RuleProfile,
    *,
    turn_started_at: Instant,
    now: Instant,
    requested_at: Instant | None = None,
    acted_at: Instant | None = None,
) -> ClockRuling:
    """Whether a player's hand is dead on the clock (RUL-26, BET-21, OQ-14).

    ON_REQUEST (MANUAL, PBA): the clock runs only once requested; PER_TURN (CABA):
    every decision is timed from the start of the turn. The player has
    ``clock_seconds`` then ``clock_grace_seconds`` of countdown; acting at or
    before the last instant is in time. Times are epoch seconds or datetimes.
    """
    notes = Notes()
    src = rule_source("RUL-26", profile.ruleset)
    if profile.clock_mode is ClockMode.PER_TURN:
        start: Instant | None = turn_started_at
    else:
        start = requested_at
    if start is None:
        notes.add("No se pidió reloj: no hay plazo.", "No clock was requested: no time limit.")
        return ClockRuling(
            False,
            None,
            None,
            None,
            False,
            ("RUL-26",),
            (src.source,),
            True,
            False,
            notes.es,
            notes.en,
        )
    countdown = _plus(start, profile.clock_seconds)
    expires = _plus(countdown, profile.clock_grace_seconds)
    dead = _later(acted_at if acted_at is not None else now, expires)
    # CABA's extract gives the times but no consequence: the manual's dead hand (OQ-14).
    fallback = dead and profile.ruleset is Ruleset.CABA
    sources = (
        (src.source,)
        if not fallback
        else (src.source, rule_source("RUL-26", Ruleset.MANUAL).source)
    )
    mode_es = "en cada decisión" if profile.clock_mode is ClockMode.PER_TURN else "a pedido"
    mode_en = "on every decision" if profile.clock_mode is ClockMode.PER_TURN else "on request"
    notes.add(
        f"Reloj {mode_es}: {profile.clock_seconds} s más {profile.clock_grace_seconds} s de cuenta regresiva.",
        f"Clock {mode_en}: {profile.clock_seconds} s plus a {profile.clock_grace_seconds} s countdown.",
    )
    if dead:
        notes.add(
            "El plazo venció sin acción: la mano está muerta.",
            "Time ran out without an action: the hand is dead.",
        )
    return ClockRuling(
        True,
        start,
        countdown,
        expires,
        dead,
        ("RUL-26",),
        sources,
        True,
        fallback,
        notes.es,
        notes.en,
    )
