"""The tournament app's bridge to the engine: money in cents, the engine's refusals as the
API's errors, and the seeds of the draws (used by the services and the selectors alike).

* The engine counts money in cents (ints); the models keep ``Decimal`` with two places.
* :func:`refusal`: a ``poker.tournament.TournamentError`` as the API's error (its code
  prefixed ``TOURNAMENT_``, its words from the engine's catalogue, its field).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any, TypeVar

from casino.errors import DomainError
from poker.tournament import TCode, TournamentError

CENT = Decimal("0.01")
T = TypeVar("T")

# Refusals that are about the state of the tournament (409), not the input (400).
_CONFLICTS = frozenset(
    {
        TCode.REGISTRATION_CLOSED,
        TCode.ENTRY_WINDOW_CLOSED,
        TCode.ENTRY_LIMIT_REACHED,
        TCode.RE_ENTRY_NOT_BUSTED,
        TCode.REBUY_STACK_TOO_HIGH,
        TCode.ADD_ON_NOT_AT_ITS_BREAK,
        TCode.CLOCK_NOT_STARTED,
        TCode.CLOCK_ALREADY_STARTED,
        TCode.CLOCK_ENDED,
        TCode.CLOCK_ALREADY_PAUSED,
        TCode.CLOCK_NOT_PAUSED,
        TCode.CLOCK_PAUSED,
        TCode.CLOCK_HAND_FOR_HAND_ALREADY,
        TCode.CLOCK_NOT_HAND_FOR_HAND,
        TCode.NO_OPEN_SEAT,
        TCode.PLAN_STALE,
        TCode.PLAYER_ALREADY_SEATED,
        TCode.BALANCE_IMPOSSIBLE,
        TCode.SHARED_SEAT,
        TCode.NOBODY_LEFT,
    }
)


def api_code(code: TCode) -> str:
    """The API's code of an engine refusal (``casino.api.codes`` lists them all)."""
    return f"TOURNAMENT_{code.value}"


def refusal(exc: TournamentError) -> DomainError:
    """The engine's refusal as the one error shape, in Spanish and English."""
    from .codes import TournamentRuleCode

    return DomainError.of(
        TournamentRuleCode[api_code(exc.code)],
        violation=exc,
        field=exc.field,
        details={k: v for k, v in exc.params.items() if isinstance(v, str | int)},
    )


@contextmanager
def engine() -> Iterator[None]:
    """Run engine calls; a ``TournamentError`` leaves as the API's refusal."""
    try:
        yield
    except TournamentError as exc:
        raise refusal(exc) from None


def ask(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` of the engine, its refusal turned into a DomainError."""
    with engine():
        return func(*args, **kwargs)


def cents(amount: Decimal | int | str) -> int:
    value = Decimal(str(amount))
    return int((value / CENT).to_integral_value())


def money(cents_: int) -> Decimal:
    return (Decimal(int(cents_)) * CENT).quantize(CENT)


def derived_seed(tournament: Any, purpose: str, n: int) -> int:
    """The seed of the ``n``-th ``purpose`` draw of the tournament: reproducible from the
    tournament's recorded seed, so the plan a tablet shows is the plan confirmed."""
    digest = hashlib.sha256(f"{tournament.seed}/{purpose}/{n}".encode()).digest()
    return int.from_bytes(digest[:16], "big")
