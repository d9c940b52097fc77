"""What every tournament service shares: the lock, and the engine's bridge (``units``).

* :func:`lock_tournament`: the one lock of a tournament (its row, ``select_for_update``,
  after its tables' sessions); every write of the tournament's state takes it first, so
  two tablets acting at once are serialised and the second sees the first's result.
"""

from __future__ import annotations

from django.db import transaction

from casino.access import Actor
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import GamingDay
from casino.selectors import require_open_gaming_day

from ..codes import TournamentsCode
from ..models import Tournament, TournamentStatus
from ..units import CENT, api_code, ask, cents, derived_seed, engine, money, refusal

__all__ = [
    "CENT",
    "api_code",
    "ask",
    "cents",
    "current_gaming_day",
    "derived_seed",
    "engine",
    "lock_tournament",
    "money",
    "refusal",
    "require_status",
]


def current_gaming_day(actor: Actor) -> GamingDay:
    return require_open_gaming_day(actor.casino)


def lock_tournament(tournament: Tournament | int, actor: Actor) -> Tournament:
    """The tournament's row, locked for the transaction, of the actor's casino.

    The sessions of its tables in play are locked first, in id order (the tables' one
    lock, ``tables.services.lock_session``): the hand recorder holds a table's session
    when it reports a stored hand (``recorder.hand_stored``) and then takes the
    tournament's row, so every writer takes the sessions before the tournament and two
    writers never wait for each other in a circle.
    """
    from tables.services import lock_session

    from ..models import TournamentTable

    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    if not transaction.get_connection().in_atomic_block:  # pragma: no cover - a bug
        raise RuntimeError("lock_tournament must run inside the service's transaction")
    sessions = (
        TournamentTable.objects.filter(
            tournament_id=pk, tournament__casino_id=actor.casino_id, broken_at__isnull=True
        )
        .order_by("session_id")
        .values_list("session_id", flat=True)
    )
    for session_id in sessions:
        lock_session(session_id, actor)
    row = (
        Tournament.objects.select_for_update()
        .select_related("structure")
        .filter(pk=pk, casino_id=actor.casino_id)
        .first()
    )
    if row is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Tournament)
    return row


def require_status(tournament: Tournament, *allowed: str) -> None:
    if tournament.status not in allowed:
        label = TournamentStatus(tournament.status).label
        raise DomainError.of(
            TournamentsCode.TOURNAMENT_STATE,
            status=label,
            field="tournament",
            details={"status": tournament.status},
        )
