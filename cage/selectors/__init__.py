"""Reads of the cage: policies, floats, the table card, slips, counts, and access helpers;
one module per job:

- ``policy``: the cage policy in force;
- ``chips``: a table's denominations and the float's par;
- ``counts``: the float's opening and closing counts (read from the tables app through
  ``counts.count_source``) and who worked a session;
- ``slips``: fills and credits, their status, signers, numbers and what is still open;
- ``floats``: the float's movements and what it should hold;
- ``card``: the table card (buy-ins, each seat's summary and movements);
- ``cash``: a player's cash in the gaming day and the cash alerts;
- ``drop``: the rake ledger and the drop counts;
- ``access``: the ``access_*`` helpers and the blind count;
- ``day``: the day's cash sessions.

Other apps import these names from ``cage.selectors`` (this package's namespace).
"""

from .access import (
    access_gaming_day,
    access_slip,
    access_transaction,
    require_sees_expected,
)
from .card import SeatMovement, SeatSummary, buyins, effective_at, seat_movements, seat_summaries
from .cash import alerts_with_day_cash, cash_buyins_for_key, cash_total, normalise_name, player_key
from .chips import blind_denomination, float_par, smallest_denomination, table_denominations
from .counts import (
    CountSource,
    FloatCount,
    TablesCountSource,
    normalise_count,
    session_closing_count,
    session_opening_count,
    session_staff_from_tables,
    session_workers,
)
from .day import sessions_of_day
from .drop import agreed_drop_count, drop_counts, rake_ledger
from .floats import expected_float, float_movements
from .policy import cage_policy
from .slips import (
    closing_slip_adjustments,
    confirmation_of,
    pending_table_work,
    slip_counts,
    slip_is_void,
    slip_kind_series,
    slip_next_signers,
    slip_number,
    slip_number_label,
    slip_status,
    slip_step_for,
    slips_for,
    void_of,
)

__all__ = [
    "CountSource",
    "FloatCount",
    "SeatMovement",
    "SeatSummary",
    "TablesCountSource",
    "access_gaming_day",
    "access_slip",
    "access_transaction",
    "agreed_drop_count",
    "alerts_with_day_cash",
    "blind_denomination",
    "buyins",
    "cage_policy",
    "cash_buyins_for_key",
    "cash_total",
    "closing_slip_adjustments",
    "confirmation_of",
    "drop_counts",
    "effective_at",
    "expected_float",
    "float_movements",
    "float_par",
    "normalise_count",
    "normalise_name",
    "pending_table_work",
    "player_key",
    "rake_ledger",
    "require_sees_expected",
    "seat_movements",
    "seat_summaries",
    "session_closing_count",
    "session_opening_count",
    "session_staff_from_tables",
    "session_workers",
    "sessions_of_day",
    "slip_counts",
    "slip_is_void",
    "slip_kind_series",
    "slip_next_signers",
    "slip_number",
    "slip_number_label",
    "slip_status",
    "slip_step_for",
    "slips_for",
    "smallest_denomination",
    "table_denominations",
    "void_of",
]
