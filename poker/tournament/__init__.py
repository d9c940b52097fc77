"""The tournament rules that need no database: pure Python, no Django (issue 42).

Plain data in, plain data out; every random choice takes an explicit seed; every
decision is a record with its reason (:class:`Reason`) and every refusal a code
(:class:`TCode`) with its words in Spanish and English. See docs/tournaments.md.

* :mod:`~poker.tournament.structure`: :class:`TournamentStructure` (TOUR-03, 06, 07, 08)
* :mod:`~poker.tournament.entries`: :func:`entry_terms`, :func:`prize_pool`
* :mod:`~poker.tournament.clock`: :func:`clock_state` from the event log (TDA RP-8)
* :mod:`~poker.tournament.seating`: :func:`draw_seats`, :func:`draw_late_entries`,
  :func:`plan_balance`, :func:`apply_plan` (TOUR-01; TDA 7, 8, 10, 11)
* :mod:`~poker.tournament.payouts`: :func:`propose_payouts`, :func:`satellite_payouts`
* :mod:`~poker.tournament.deals`: :func:`make_deal` (chip chop, ICM)
* :mod:`~poker.tournament.chiprace`: :func:`chip_race` (TDA 24, 25)
* :mod:`~poker.tournament.places`: :func:`finishing_places`, :func:`awards`,
  :func:`qualifiers` (SANC-05, SANC-06, TOUR-06)
"""

from poker.tournament.chiprace import ChipRace, RaceRounding, RaceSeat, chip_race
from poker.tournament.clock import (
    ClockEvent,
    ClockEventKind,
    ClockState,
    ClockStatus,
    clock_check,
    clock_state,
    registration_open,
)
from poker.tournament.deals import (
    Deal,
    DealMethod,
    DealShare,
    chip_chop_equities,
    icm_equities,
    make_deal,
)
from poker.tournament.entries import EntryKind, EntryTerms, PrizePool, entry_terms, prize_pool
from poker.tournament.errors import (
    MESSAGES,
    REASONS,
    Reason,
    TCode,
    TournamentError,
    reason_rule,
    reason_words,
)
from poker.tournament.payouts import (
    PayoutTable,
    Prize,
    check_payouts,
    default_places,
    payouts_for,
    propose_payouts,
    satellite_payouts,
)
from poker.tournament.places import (
    Award,
    Exit,
    ExitKind,
    Finish,
    TableQualifiers,
    awards,
    finishing_places,
    qualifiers,
)
from poker.tournament.rng import SeededDraw
from poker.tournament.seating import (
    Draw,
    Halt,
    Move,
    Plan,
    Seat,
    Seating,
    TableSpec,
    TableState,
    apply_plan,
    draw_late_entries,
    draw_seats,
    move_slip,
    plan_balance,
    remove_players,
    tables_needed,
)
from poker.tournament.structure import (
    AddOn,
    AnteKind,
    Break,
    LeftoverRule,
    Level,
    Period,
    PeriodKind,
    Rebuy,
    ReEntry,
    SatellitePrize,
    TournamentStructure,
    structure_from_dict,
)

__all__ = [
    "MESSAGES",
    "REASONS",
    "AddOn",
    "AnteKind",
    "Award",
    "Break",
    "ChipRace",
    "ClockEvent",
    "ClockEventKind",
    "ClockState",
    "ClockStatus",
    "Deal",
    "DealMethod",
    "DealShare",
    "Draw",
    "EntryKind",
    "EntryTerms",
    "Exit",
    "ExitKind",
    "Finish",
    "Halt",
    "LeftoverRule",
    "Level",
    "Move",
    "PayoutTable",
    "Period",
    "PeriodKind",
    "Plan",
    "Prize",
    "PrizePool",
    "RaceRounding",
    "RaceSeat",
    "ReEntry",
    "Reason",
    "Rebuy",
    "SatellitePrize",
    "Seat",
    "Seating",
    "SeededDraw",
    "TCode",
    "TableQualifiers",
    "TableSpec",
    "TableState",
    "TournamentError",
    "TournamentStructure",
    "apply_plan",
    "awards",
    "check_payouts",
    "chip_chop_equities",
    "chip_race",
    "clock_check",
    "clock_state",
    "default_places",
    "draw_late_entries",
    "draw_seats",
    "entry_terms",
    "finishing_places",
    "icm_equities",
    "make_deal",
    "move_slip",
    "payouts_for",
    "plan_balance",
    "prize_pool",
    "propose_payouts",
    "qualifiers",
    "reason_rule",
    "reason_words",
    "registration_open",
    "remove_players",
    "satellite_payouts",
    "structure_from_dict",
    "tables_needed",
]
