"""Writes of the tournaments app (issue 42): one function per use case, ``<entity>_<verb>``,
keyword-only, ``actor=`` first; each runs in ``transaction.atomic``, takes the tournament's
lock (``_common.lock_tournament``), asks the engine (``poker.tournament``) and writes its
records with their audit events."""

from .clock import clock_record
from .deals import deal_approve, deal_consent, deal_propose
from .eliminations import (
    chip_race_record,
    elimination_correct,
    elimination_record,
    hidden_chips_record,
    sanction_record,
)
from .entries import (
    absentees_remove,
    entry_arrive,
    entry_purchase,
    entry_re_enter,
    entry_register,
    entry_unregister,
    waiting_add,
    waiting_cancel,
)
from .payouts import payouts_approve, payouts_propose, prize_pay, settlement_record, settlement_sign
from .seating import balance_confirm, draw_initial, move_confirm, table_add
from .structures import (
    structure_create,
    structure_from_input,
    structure_output,
    structure_revise,
    tournament_create,
)

__all__ = [
    "absentees_remove",
    "balance_confirm",
    "chip_race_record",
    "clock_record",
    "deal_approve",
    "deal_consent",
    "deal_propose",
    "draw_initial",
    "elimination_correct",
    "elimination_record",
    "entry_arrive",
    "entry_purchase",
    "entry_re_enter",
    "entry_register",
    "entry_unregister",
    "hidden_chips_record",
    "move_confirm",
    "payouts_approve",
    "payouts_propose",
    "prize_pay",
    "sanction_record",
    "settlement_record",
    "settlement_sign",
    "structure_create",
    "structure_from_input",
    "structure_output",
    "structure_revise",
    "table_add",
    "tournament_create",
    "waiting_add",
    "waiting_cancel",
]
