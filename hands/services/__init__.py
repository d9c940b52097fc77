"""Services of the hand recorder (writes). See docs/hands.md."""

from .jobs import (
    hands_import,
    import_job_create,
    import_job_run,
    import_summary,
    revalidation_create,
    revalidation_report,
    revalidation_run,
    session_export_phhs,
)
from .live import (
    correction_draft_open,
    correction_draft_store,
    live_hand_abandon,
    live_hand_act,
    live_hand_finish,
    live_hand_replace,
    live_hand_start,
    live_hand_truncate,
    live_hand_undo,
    live_state,
)
from .recording.correct import hand_correct
from .recording.log import hand_log
from .recording.review import hand_override, hand_review
from .seating import button_draw_record

__all__ = [
    "button_draw_record",
    "correction_draft_open",
    "correction_draft_store",
    "hand_correct",
    "hand_log",
    "hand_override",
    "hand_review",
    "hands_import",
    "import_job_create",
    "import_job_run",
    "import_summary",
    "live_hand_abandon",
    "live_hand_act",
    "live_hand_finish",
    "live_hand_replace",
    "live_hand_start",
    "live_hand_truncate",
    "live_hand_undo",
    "live_state",
    "revalidation_create",
    "revalidation_report",
    "revalidation_run",
    "session_export_phhs",
]
