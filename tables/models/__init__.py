"""Models of the tables app (issue 5): see each module's docstring."""

from .core import (
    AbsentPlayerPolicy,
    DealerChange,
    NewPlayerEntry,
    OpsSettings,
    Player,
    RakeCapScope,
    RakeMode,
    RakeRounding,
    SessionEvent,
    SupervisorRelief,
    Table,
    TableSession,
    TableSettings,
    Variant,
)
from .decks import DeckEvent, DeckFinalControl, DeckReceipt, DeckStore, Pack, PackState
from .floats import FloatPar
from .keys import KeyHandout, KeyReturn
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
    "DeckEvent",
    "DeckFinalControl",
    "DeckReceipt",
    "DeckStore",
    "Discrepancy",
    "DiscrepancyAcknowledgement",
    "FloatPar",
    "KeyHandout",
    "KeyReturn",
    "NewPlayerEntry",
    "OpeningLine",
    "OpeningSheet",
    "OpsSettings",
    "Pack",
    "PackState",
    "Player",
    "RakeCapScope",
    "RakeMode",
    "RakeRounding",
    "SanctionEntry",
    "SanctionLevel",
    "Seat",
    "SeatEvent",
    "SeatStatus",
    "SessionEvent",
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
