"""Services of the cage (writes). See docs/cage.md for the books they keep."""

from .common import Notice, Tender
from .drop import DropCountResult, drop_count_record, variance_explain
from .policy import cage_policy_set
from .rake import (
    RakePosting,
    expected_rake,
    rake_post,
    rake_reverse,
    rake_reverse_for_revision,
    takes_rake,
)
from .slips import (
    SlipSigner,
    par_restoration,
    slip_request,
    slip_sign,
    slip_sign_in_order,
    slip_signing_blockers,
    slip_void_confirm,
    slip_void_request,
)
from .transactions.buyins import buyin_record
from .transactions.changes import (
    cash_out_record,
    colour_change_record,
    in_hand_change_record,
    tip_change_record,
)
from .transactions.departures import player_departure_record
from .transactions.reversals import transaction_reverse
from .transactions.writing import Recorded

__all__ = [
    "DropCountResult",
    "Notice",
    "RakePosting",
    "Recorded",
    "SlipSigner",
    "Tender",
    "buyin_record",
    "cage_policy_set",
    "cash_out_record",
    "colour_change_record",
    "drop_count_record",
    "expected_rake",
    "in_hand_change_record",
    "par_restoration",
    "player_departure_record",
    "rake_post",
    "rake_reverse",
    "rake_reverse_for_revision",
    "slip_request",
    "slip_sign",
    "slip_sign_in_order",
    "slip_signing_blockers",
    "slip_void_confirm",
    "slip_void_request",
    "takes_rake",
    "tip_change_record",
    "transaction_reverse",
    "variance_explain",
]
