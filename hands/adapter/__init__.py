"""The one door between the hand recorder and the rules engine (``poker/``).

Nothing else in ``hands/`` imports ``poker``: when the engine's API moves, this package
is the only one to change. A hand goes through it in steps, one module each:

* :mod:`.units`: money and cards. The recorder keeps ``Decimal`` amounts with two
  places; the engine works in integer units. The hand's unit is the cent, and
  ``chip_unit`` is the value of the smallest active denomination of the table's chip
  set, in cents (GEN-05): bets, stacks and odd chips are whole multiples of it (BET-02,
  POT-08, RAKE-07).
* :mod:`.profile`: a table's settings version (``tables.TableSettings``) becomes a
  ``RuleProfile`` with the table's overrides (GEN-03, GEN-04): ruleset, straddle, limit
  cap, rake mode, percentage (basis points), cap and its scope, no-flop-no-drop,
  tournament, and the rake rounding the version carries (RAKE-07, OQ-04); with the
  hand's start, the drop rule of the promotion fund the table offers then
  (``hands.hooks.fund_drop``, issue 44 §1: the engine takes it beside the rake); the seats'
  positions: the recorder speaks of seat numbers (1-10), the engine of player indexes in
  PHH order (index 0 = first seat left of the button, last = the button, GAME-07).
* :mod:`.record`: the recorder's record of a hand (see :func:`normalise`), carried pots
  and declared irregularities.
* :mod:`.build`: the record becomes an engine ``Hand``; observed facts (HREC-03) become
  effective actions through ``poker.rulings.interpret``; irregularities declared by the
  floor (IRREG-14) become rulings through ``poker.irregularities.decide``.
* :mod:`.verdict`: the engine's ``Verdict`` becomes plain data (:class:`VerdictData`)
  keyed by seat, with ``Decimal`` money and messages in Spanish and English
  (violation messages rewritten with seat numbers).
* :mod:`.live`, :mod:`.replay`, :mod:`.phh`: the live hand's state for the screen, the
  replay in words, PHH in and out.
* :mod:`.simulate`: random legal hands (``poker.simulate``) as records.

Workarounds for what the engine does not model (see docs/hands.md):

* a dead blind posted by a returning player (SEAT-06, SEAT-07, POT-10) is passed to the
  engine as that player's ante: antes are dead money, which is exactly what a dead blind
  is (it goes in the pot, not towards the bet);
* engine messages print betting amounts in the hand's units (cents); the few codes whose
  messages carry amounts are rewritten in money here.

A pot carried over from a voided hand (IRREG-03, POT-09, RUL-34) is kept in the record as
``carry_in``: its amount and its eligible players as seats with who sat there (``{"seat",
"player", "name"}``). A seat is eligible only if the same player is in it (the player
id, else the name, when the records give them); a carried pot with nobody eligible in
the hand is passed through to the hand's carry-out unchanged. The chips that a void hand
keeps (``forfeits`` on the ``void`` action, or the ruling on a declared
``duplicate_cards`` irregularity with ``knowing_seats``) become the engine's
``Hand.forfeits``.

The names below are the package's public face: the recorder imports the package
(``from hands import adapter``) and calls ``adapter.build``, ``adapter.judge``...
"""

from poker.irregularities import IrregularityKind, Outcome

from .build import Built, build
from .live import live_state
from .phh import Imported, phh_export, phh_import
from .profile import (
    Rules,
    TournamentAnteKind,
    next_button,
    phh_order,
    positions,
    profile_for,
    rules_for,
    ruleset_of,
)
from .record import (
    carried_key,
    normalise,
    normalise_action,
    normalise_carried,
    record_with_irregularity,
)
from .replay import replay
from .simulate import SimulatedHand, simulate_hand, simulate_records
from .units import (
    ACTION_KINDS,
    AWARD_REASONS,
    BETTING_KINDS,
    BURN_ERRORS,
    CENT,
    CONDUCT_CODES,
    ENGINE_TAG,
    IRREGULARITY_KINDS,
    OBSERVED_WORDS,
    STRUCTURES,
    VOID_REASONS,
    button_draw,
    cards_text,
    money,
    money_text,
    parse_cards_text,
    units,
)
from .verdict import PotData, VerdictData, ViolationData, judge, summary, verdict_of

__all__ = [
    "ACTION_KINDS",
    "AWARD_REASONS",
    "BETTING_KINDS",
    "BURN_ERRORS",
    "CENT",
    "CONDUCT_CODES",
    "ENGINE_TAG",
    "IRREGULARITY_KINDS",
    "OBSERVED_WORDS",
    "STRUCTURES",
    "VOID_REASONS",
    "Built",
    "Imported",
    "IrregularityKind",
    "Outcome",
    "PotData",
    "Rules",
    "SimulatedHand",
    "TournamentAnteKind",
    "VerdictData",
    "ViolationData",
    "build",
    "button_draw",
    "cards_text",
    "carried_key",
    "judge",
    "live_state",
    "money",
    "money_text",
    "next_button",
    "normalise",
    "normalise_action",
    "normalise_carried",
    "parse_cards_text",
    "phh_export",
    "phh_import",
    "phh_order",
    "positions",
    "profile_for",
    "record_with_irregularity",
    "replay",
    "rules_for",
    "ruleset_of",
    "simulate_hand",
    "simulate_records",
    "summary",
    "units",
    "verdict_of",
]
