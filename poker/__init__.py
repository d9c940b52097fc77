"""Mesa's Texas Hold'em rules engine: pure Python, no Django (HREC-11).

Public entry points:

* :func:`validate` judges a recorded :class:`Hand` and returns a :class:`Verdict`;
* :class:`HandState` is the incremental API for live recording (BET-24);
* :mod:`poker.phh` reads and writes Poker Hand History files;
* ``python -m poker validate PATH...`` is the command line (``poker.cli``).

See docs/engine.md for the design, the violation codes and the PHH mapping.
"""

from poker.model import Action, ActionKind, CarriedPot, Hand, Street, Variant, VoidReason
from poker.profiles import CABA, MANUAL, PBA, RuleProfile, get_profile, with_overrides
from poker.state import HandState, Options, Rejected
from poker.validate import Status, Verdict, validate
from poker.violations import Code, Violation

__all__ = [
    "CABA",
    "MANUAL",
    "PBA",
    "Action",
    "ActionKind",
    "CarriedPot",
    "Code",
    "Hand",
    "HandState",
    "Options",
    "Rejected",
    "RuleProfile",
    "Status",
    "Street",
    "Variant",
    "Verdict",
    "Violation",
    "VoidReason",
    "get_profile",
    "validate",
    "with_overrides",
]
