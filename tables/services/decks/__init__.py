"""Card-deck custody: deliveries, receipts, every move of a pack, rotation, final control;
one module per job (``stores``, ``moves``, ``inspection``, ``disposal``, ``rotation``,
``final_control``), on ``custody``'s one write of a move.

Every move locks the pack (``select_for_update``), checks it against
``tables.deckrules.ALLOWED_MOVES`` and writes an append-only ``DeckEvent``
with who, in which role and when, so two people moving the same pack at once
end with exactly one move (issue 5 "Bad input").
"""

# tables.services.sessions (a dealer change rotates the packs) imports it from here.
from .rotation import rotate_packs

__all__ = ["rotate_packs"]
