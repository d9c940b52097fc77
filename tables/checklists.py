"""Pre-opening and closing checklists (PREP-02..05, CLOSE-12): the items, in the manual's words.

Pure data. The pit boss's list (PREP-02) and the supervisor's (PREP-03, with the
table card records of PREP-04) must both be complete before the opening count
starts, unless the pit boss overrides with a written reason (PREP-05).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

PIT_BOSS_ITEMS: dict[str, object] = {
    "equipment": _("Working equipment at the table"),
    "drop_and_rake_boxes": _("Drop box and rake box fitted to this table"),
    "paddle": _("Bill paddle in place"),
    "seats_and_paperwork": _("Seats, cup holders, pens and the supervisor's paperwork"),
    "electronics": _("Electronic equipment switched on and working"),
}

SUPERVISOR_ITEMS: dict[str, object] = {
    "table_clean": _("Table clean, with chairs and cup holders"),
    "documents": _("Required documents at the table"),
    "boxes_locked": _("Drop box and tip box locked to the table"),
    "croupiers_ready": _("Croupiers in uniform, presentable and ready"),
    # ROLE-07 (8): the supervisor makes sure the croupiers show clean hands.
    "clean_hands": _("Croupiers show clean hands on arriving at the table and leaving it"),
    "programs_checked": _("Electronic or mechanical programs checked"),
    "card_records_initialled": _("Table card records initialled and dated"),
}

CLOSING_ITEMS: dict[str, object] = {
    "cut_cards_away": _("Cut cards put away"),
    "tracking_sheets_handed": _("Player tracking sheets handed to the pit boss"),
    "electronics_off": _("Electronic equipment switched off"),
    "cards_to_sorting": _("Cards taken to the sorting place"),
}
