"""Violation codes and their messages in Spanish and English.

Codes are stable strings: the hand recorder stores them and reports count them.
Each code has one message template per language; ``{...}`` fields are filled
from the details of the violation. A detail in words is given in both languages
(:class:`Words`): the supervisor reads the Spanish message, and an English phrase inside
it would be half a sentence she cannot use. Codes are listed in docs/engine.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple


class Code(StrEnum):
    MALFORMED = "MALFORMED"
    CARD_INVALID = "CARD_INVALID"
    CARD_DUPLICATE = "CARD_DUPLICATE"
    HOLE_CARDS_COUNT = "HOLE_CARDS_COUNT"
    BOARD_COUNT = "BOARD_COUNT"
    DEAL_ORDER = "DEAL_ORDER"
    BLINDS_INVALID = "BLINDS_INVALID"
    STRADDLE_NOT_ALLOWED = "STRADDLE_NOT_ALLOWED"
    OUT_OF_TURN = "OUT_OF_TURN"
    STREET_INCOMPLETE = "STREET_INCOMPLETE"
    ACTION_AFTER_END = "ACTION_AFTER_END"
    CHECK_NOT_ALLOWED = "CHECK_NOT_ALLOWED"
    CALL_NOT_ALLOWED = "CALL_NOT_ALLOWED"
    BET_BELOW_MINIMUM = "BET_BELOW_MINIMUM"
    RAISE_BELOW_MINIMUM = "RAISE_BELOW_MINIMUM"
    RAISE_ABOVE_POT = "RAISE_ABOVE_POT"
    LIMIT_SIZE = "LIMIT_SIZE"
    RAISE_CAP = "RAISE_CAP"
    ACTION_NOT_REOPENED = "ACTION_NOT_REOPENED"
    EXCEEDS_STACK = "EXCEEDS_STACK"
    AMOUNT_NOT_CHIP_MULTIPLE = "AMOUNT_NOT_CHIP_MULTIPLE"
    SHOWDOWN_INVALID = "SHOWDOWN_INVALID"
    HAND_INCOMPLETE = "HAND_INCOMPLETE"
    MISDEAL_AFTER_ACTION = "MISDEAL_AFTER_ACTION"
    FINISHING_STACKS_MISMATCH = "FINISHING_STACKS_MISMATCH"
    WINNINGS_MISMATCH = "WINNINGS_MISMATCH"
    RAKE_MISMATCH = "RAKE_MISMATCH"
    ODD_CHIP = "ODD_CHIP"
    AWARD_MISMATCH = "AWARD_MISMATCH"
    AWARD_INVALID = "AWARD_INVALID"


# (Spanish, English) templates. Keep them short: the recorder shows them inline.
MESSAGES: dict[Code, tuple[str, str]] = {
    Code.MALFORMED: ("Datos de la mano mal formados: {detail}", "Malformed hand data: {detail}"),
    Code.CARD_INVALID: ("Carta inválida: {card}", "Not a card: {card}"),
    Code.CARD_DUPLICATE: (
        "Carta repetida: {card} aparece dos veces",
        "Duplicate card: {card} appears twice",
    ),
    Code.HOLE_CARDS_COUNT: (
        "El jugador p{player} debe recibir exactamente 2 cartas ({detail})",
        "Player p{player} must be dealt exactly 2 cards ({detail})",
    ),
    Code.BOARD_COUNT: (
        "Cartas comunitarias incorrectas: {detail}",
        "Wrong number of board cards: {detail}",
    ),
    Code.DEAL_ORDER: (
        "Reparto fuera de orden: {detail}",
        "Cards dealt out of order: {detail}",
    ),
    Code.BLINDS_INVALID: (
        "Ciegas u obligatorias inválidas: {detail}",
        "Invalid forced bets: {detail}",
    ),
    Code.STRADDLE_NOT_ALLOWED: (
        "Straddle no permitido: {detail}",
        "Straddle not allowed: {detail}",
    ),
    Code.OUT_OF_TURN: (
        "Acción fuera de turno: le toca a p{expected}, actuó p{player}",
        "Out of turn: p{expected} is to act, p{player} acted",
    ),
    Code.STREET_INCOMPLETE: (
        "La ronda de apuestas no terminó: {detail}",
        "The betting round is not over: {detail}",
    ),
    Code.ACTION_AFTER_END: (
        "Acción después de terminada la mano: {detail}",
        "Action after the hand ended: {detail}",
    ),
    Code.CHECK_NOT_ALLOWED: (
        "p{player} no puede pasar: debe igualar {to_call}",
        "p{player} cannot check: {to_call} to call",
    ),
    Code.CALL_NOT_ALLOWED: (
        "p{player} no tiene nada que igualar: solo puede pasar",
        "p{player} has nothing to call: check instead",
    ),
    Code.BET_BELOW_MINIMUM: (
        "Apuesta de {amount} menor que el mínimo {minimum}",
        "Bet of {amount} below the minimum {minimum}",
    ),
    Code.RAISE_BELOW_MINIMUM: (
        "Subida a {amount} menor que el mínimo {minimum}",
        "Raise to {amount} below the minimum {minimum}",
    ),
    Code.RAISE_ABOVE_POT: (
        "Apuesta a {amount} mayor que el bote: máximo {maximum}",
        "Bet to {amount} above the pot limit: maximum {maximum}",
    ),
    Code.LIMIT_SIZE: (
        "En límite fijo la apuesta debe ser a {expected}, no a {amount}",
        "In fixed limit the bet must be to {expected}, not {amount}",
    ),
    Code.RAISE_CAP: (
        "Tope de subidas alcanzado ({cap} apuestas): solo igualar o retirarse",
        "Raise cap reached ({cap} bets): only call or fold",
    ),
    Code.ACTION_NOT_REOPENED: (
        "p{player} no puede resubir: un all-in incompleto no reabre la apuesta",
        "p{player} cannot re-raise: a short all-in does not reopen the betting",
    ),
    Code.EXCEEDS_STACK: (
        "p{player} apuesta {amount}, más que sus fichas ({available})",
        "p{player} bets {amount}, more than their stack ({available})",
    ),
    Code.AMOUNT_NOT_CHIP_MULTIPLE: (
        "{amount} no es múltiplo de la ficha mínima {unit}",
        "{amount} is not a multiple of the smallest chip {unit}",
    ),
    Code.SHOWDOWN_INVALID: ("Showdown inválido: {detail}", "Invalid showdown: {detail}"),
    Code.HAND_INCOMPLETE: (
        "La mano no está completa: {detail}",
        "The hand is incomplete: {detail}",
    ),
    Code.MISDEAL_AFTER_ACTION: (
        "No puede haber misdeal: ya actuaron dos jugadores",
        "No misdeal once two players have acted",
    ),
    Code.FINISHING_STACKS_MISMATCH: (
        "Fichas finales de p{player}: registradas {recorded}, calculadas {computed}",
        "Finishing stack of p{player}: recorded {recorded}, computed {computed}",
    ),
    Code.WINNINGS_MISMATCH: (
        "Ganancias de p{player}: registradas {recorded}, calculadas {computed}",
        "Winnings of p{player}: recorded {recorded}, computed {computed}",
    ),
    Code.RAKE_MISMATCH: (
        "Comisión registrada {recorded}, calculada {computed}",
        "Recorded rake {recorded}, computed {computed}",
    ),
    Code.AWARD_MISMATCH: (
        "Bote {pot}: se registró para {recorded}; las cartas dan {computed} (SHOW-14)",
        "Pot {pot}: awarded to {recorded}; the cards give {computed} (SHOW-14)",
    ),
    Code.AWARD_INVALID: (
        "Reparto del bote {pot} inválido: {detail}",
        "Invalid award of pot {pot}: {detail}",
    ),
    Code.ODD_CHIP: (
        "{recorded} de p{player} divide una ficha menor que la mínima ({unit})",
        "{recorded} for p{player} splits a chip below the smallest unit ({unit})",
    ),
}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: stable code, 0-based action index (None: the hand as a whole)."""

    code: Code
    action: int | None
    message_es: str
    message_en: str

    @property
    def message(self) -> str:
        return self.message_es


class Words(NamedTuple):
    """A detail in words, in Spanish and in English (GEN-07)."""

    es: str
    en: str


def make(code: Code, action: int | None, **details: Any) -> Violation:
    """Build a violation, filling the message templates (never raises).

    A :class:`Words` detail fills each language's template with its own words; any other
    detail (a number, a card, a Python error's text) is the same in both.
    """
    es, en = MESSAGES[code]
    in_es = {k: v.es if type(v) is Words else v for k, v in details.items()}
    in_en = {k: v.en if type(v) is Words else v for k, v in details.items()}
    try:
        return Violation(code, action, es.format(**in_es), en.format(**in_en))
    except (KeyError, IndexError, ValueError):  # a missing detail must not hide the code
        return Violation(code, action, es, en)
