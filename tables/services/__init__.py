"""Writes of the tables app (issue 5). Each function: ``<entity>_<verb>(*, actor, ...)``."""

from ..selectors.assignment import lock_session
from .counts import (
    closing_confirm_empty_bank,
    closing_count_record,
    closing_sign,
    discrepancy_acknowledge,
    opening_count_record,
    opening_sign,
    sheet_copy_deposit,
)
from .decks.custody import perm_for_move
from .decks.final_control import deck_final_control_sign
from .decks.moves import deck_move
from .decks.rotation import deck_rotate
from .decks.stores import deck_delivery_record, deck_receipt_sign, deck_store_create
from .keys import key_hand_out, key_return
from .sanctions import (
    sanction_appeal,
    sanction_appeal_decide,
    sanction_impose,
    sanction_lift,
    sanction_propose,
    sanction_reduce,
)
from .seating import (
    seat_set_status,
    seat_sit,
    waiting_add,
    waiting_cancel,
    waiting_seat,
)
from .sessions import (
    ATTESTATIONS,
    closing_checklist_record,
    closing_start,
    dealer_change_record,
    prep_checklist_record,
    prep_override,
    session_announce_last_hand,
    session_event_record,
    session_open,
    session_resume,
    session_start_play,
    session_supervisor_relieve,
    session_suspend,
)
from .settings import ops_settings_change, table_create, table_settings_change

__all__ = [
    "lock_session",
    "seat_set_status",
    "seat_sit",
    "waiting_add",
    "waiting_cancel",
    "waiting_seat",
    "ATTESTATIONS",
    "closing_checklist_record",
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
    "prep_checklist_record",
    "prep_override",
    "sanction_appeal",
    "sanction_appeal_decide",
    "sanction_impose",
    "sanction_lift",
    "sanction_propose",
    "sanction_reduce",
    "session_announce_last_hand",
    "session_event_record",
    "session_open",
    "session_resume",
    "session_start_play",
    "session_supervisor_relieve",
    "session_suspend",
    "sheet_copy_deposit",
    "table_create",
    "table_settings_change",
]
