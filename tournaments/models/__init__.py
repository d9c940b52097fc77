"""The tournaments app's records (issue 42): who did what to a tournament, and when.

The rules are the engine's (``poker.tournament``); these models keep what the room did
with them. Facts with another owner are not copied here: who sits where and with how
many chips is the table's (``tables.Seat``, read through ``tables.selectors.seat_plan``,
written through ``tables.services.seating``); a player's identity is the registry's
(``players.Player``); sanctions are the sanctions ledger's (``tables.SanctionEntry``).

- :class:`StructureTemplate` and :class:`StructureVersion`: a manager's reusable
  structures; a structure is never edited, a change is a new version.
- :class:`Tournament`, its :class:`TournamentTable` (table sessions of kind tournament,
  with the order they break in, fixed in advance, TDA 10).
- :class:`Entry` (an entry or re-entry of an identified player), :class:`EntryArrival`,
  :class:`WaitingPlayer` (the waiting list; alternates).
- :class:`LedgerEntry`: every peso in and out, numbered receipts, sealed and chained like
  the cage's transactions; :class:`Settlement`: the tournament's cash at the cage,
  counted and signed.
- :class:`ClockEvent`: the clock's append-only log (never a countdown).
- :class:`SeatDraw` with its :class:`SeatMove` rows and :class:`MoveConfirmation`: every
  seat given and every move, with its reason, the slip and the dealers' confirmation.
- :class:`Elimination` and :class:`EliminationCorrection`: busts and corrections.
- :class:`PayoutTable` (+ :class:`PayoutLine`), :class:`PayoutSlip`, :class:`Deal`
  (+ :class:`DealShare`, :class:`DealConsent`), :class:`ChipRaceRecord`.

Money is ``Decimal`` with two places; the engine works in cents (``services._common``).
Chips are integers.

One module per area (structures, tournaments, entries, ledger, clock, seats,
eliminations, payouts, deals); Django finds the models through this package's
namespace, which is the one way to import them.
"""

from .clock import ClockEvent
from .deals import Deal, DealConsent, DealMethod, DealShare
from .eliminations import ChipRaceRecord, Elimination, EliminationCorrection, ExitKind
from .entries import Entry, EntryArrival, EntryKind, WaitingPlayer
from .ledger import LedgerEntry, LedgerKind, LedgerVia, Settlement
from .payouts import PayoutLine, PayoutSlip, PayoutTable
from .seats import DrawKind, MoveConfirmation, SeatDraw, SeatMove
from .structures import StructureTemplate, StructureVersion
from .tournaments import Tournament, TournamentStatus, TournamentTable

__all__ = [
    "ChipRaceRecord",
    "ClockEvent",
    "Deal",
    "DealConsent",
    "DealMethod",
    "DealShare",
    "DrawKind",
    "Elimination",
    "EliminationCorrection",
    "Entry",
    "EntryArrival",
    "EntryKind",
    "ExitKind",
    "LedgerEntry",
    "LedgerKind",
    "LedgerVia",
    "MoveConfirmation",
    "PayoutLine",
    "PayoutSlip",
    "PayoutTable",
    "SeatDraw",
    "SeatMove",
    "Settlement",
    "StructureTemplate",
    "StructureVersion",
    "Tournament",
    "TournamentStatus",
    "TournamentTable",
    "WaitingPlayer",
]
