"""The initial button draw (SHUF-09). The seating itself is the tables app's
(``tables.services.seating``, issue 13 §1)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.roles import Perm
from tables.models import TableSession
from tables.selectors.assignment import require_at
from tables.services import lock_session
from tables.services.seating import seat_number

from .. import adapter
from ..models import ButtonDraw


def button_draw_record(*, actor: Actor, session: TableSession, cards: dict[Any, str]) -> ButtonDraw:
    """The initial button draw: one card per seat, high card wins, ♠ > ♦ > ♣ > ♥ (SHUF-09)."""
    require(actor, Perm.MANAGE_SEATING)
    draw = {}
    for seat, card in (cards or {}).items():
        draw[seat_number(session, seat)] = str(card)
    winner = adapter.button_draw(draw)
    with transaction.atomic():
        s = lock_session(session)
        same_casino(actor, s)
        require_at(actor, session=s)
        record = ButtonDraw.objects.create(
            casino_id=s.casino_id,
            session=s,
            cards={str(k): v for k, v in sorted(draw.items())},
            winner_seat=winner,
            actor=actor.user,
            role=actor.role.value,
        )
        audit_record(
            actor=actor,
            action="button.draw",
            obj=record,
            after={"cards": record.cards, "winner": winner},
            gaming_day=s.gaming_day,
        )
    return record
