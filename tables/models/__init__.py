"""Models of the tables app (issue 5): see each module's docstring."""

from .core import (
    AbsentPlayerPolicy,
    DealerChange,
    ForcedBets,
    NewPlayerEntry,
    OpsSettings,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    SessionEvent,
    SessionKind,
    SupervisorRelief,
    Table,
    TableSession,
    TableSettings,
    Variant,
)
from .decks import (
    DeckEvent,
    DeckFinalControl,
    DeckReceipt,
    DeckStore,
    Pack,
    PackInspection,
    PackState,
)
from .floats import FloatPar
from .keys import KeyHandout, KeyReturn
from .players import (
    ExclusionHit,
    HitReason,
    VipReferral,
)
from .procedure import PreparationChecklist
from .sanctions import SanctionEntry, SanctionLevel
from .seating import Seat, SeatEvent, SeatStatus, WaitingEntry
from .sheets import (
    STACK_SIZE,
    ClosingLine,
    ClosingSheet,
    Discrepancy,
    DiscrepancyAcknowledgement,
    OpeningLine,
    OpeningSheet,
    SheetCopyDeposit,
)
from .shifts import ShiftChange, ShiftChangeAcceptance, ShiftChangeLine

__all__ = [
    "STACK_SIZE",
    "AbsentPlayerPolicy",
    "ClosingLine",
    "ClosingSheet",
    "DealerChange",
    "ExclusionHit",
    "VipReferral",
    "DeckEvent",
    "DeckFinalControl",
    "DeckReceipt",
    "DeckStore",
    "Discrepancy",
    "DiscrepancyAcknowledgement",
    "FloatPar",
    "HitReason",
    "KeyHandout",
    "KeyReturn",
    "ForcedBets",
    "NewPlayerEntry",
    "OpeningLine",
    "OpeningSheet",
    "OpsSettings",
    "Pack",
    "PackInspection",
    "PackState",
    "PreparationChecklist",
    "RakeCapScope",
    "RakeMode",
    "RakeRounding",
    "SanctionEntry",
    "SanctionLevel",
    "Seat",
    "SeatEvent",
    "SeatStatus",
    "SessionEvent",
    "SessionKind",
    "SheetCopyDeposit",
    "ShiftChange",
    "ShiftChangeAcceptance",
    "ShiftChangeLine",
    "SupervisorRelief",
    "Table",
    "TableSession",
    "TableSettings",
    "Variant",
    "WaitingEntry",
]
