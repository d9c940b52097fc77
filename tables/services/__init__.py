"""Writes of the tables app (issue 5). Each function: ``<entity>_<verb>(*, actor, ...)``."""

from .counts import (
    closing_confirm_empty_bank,
    closing_count_record,
    closing_sign,
    discrepancy_acknowledge,
    opening_count_record,
    opening_sign,
    sheet_copy_deposit,
)
from .decks import (
    deck_delivery_record,
    deck_final_control_sign,
    deck_move,
    deck_receipt_sign,
    deck_rotate,
    deck_store_create,
    perm_for_move,
)
from .keys import key_hand_out, key_return
from .sanctions import sanction_impose, sanction_lift, sanction_propose, sanction_reduce
from .sessions import (
    ATTESTATIONS,
    closing_start,
    dealer_change_record,
    session_announce_last_hand,
    session_event_record,
    session_open,
    session_resume,
    session_start_play,
    session_suspend,
)
from .settings import ops_settings_change, table_create, table_settings_change

__all__ = [
    "ATTESTATIONS",
    "closing_confirm_empty_bank",
    "closing_count_record",
    "closing_sign",
    "closing_start",
    "dealer_change_record",
    "deck_delivery_record",
    "deck_final_control_sign",
    "deck_move",
    "deck_receipt_sign",
    "deck_rotate",
    "deck_store_create",
    "discrepancy_acknowledge",
    "key_hand_out",
    "key_return",
    "opening_count_record",
    "opening_sign",
    "ops_settings_change",
    "perm_for_move",
    "sanction_impose",
    "sanction_lift",
    "sanction_propose",
    "sanction_reduce",
    "session_announce_last_hand",
    "session_event_record",
    "session_open",
    "session_resume",
    "session_start_play",
    "session_suspend",
    "sheet_copy_deposit",
    "table_create",
    "table_settings_change",
]
