"""Access helpers: fetch a session, slip, transaction or gaming day of the actor's
casino and check the actor's right in one call; the blind count's rule."""

from __future__ import annotations

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import GamingDay
from casino.roles import Perm
from tables.selectors.assignment import require_assigned_for

from ..codes import CageCode
from ..models import (
    Slip,
    TableTransaction,
)
from .slips import slips_for


def access_slip(actor: Actor, slip_id: int, perm: Perm = Perm.VIEW_CAGE) -> Slip:
    require(actor, perm)
    slip = slips_for(actor.casino, pk=slip_id).first()
    if slip is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=Slip)
    require_assigned_for(actor, perm, session=slip.session, table=slip.table)
    return slip


def access_transaction(actor: Actor, tx_id: int, perm: Perm = Perm.VIEW_CAGE) -> TableTransaction:
    require(actor, perm)
    tx = (
        TableTransaction.objects.select_related("session", "table")
        .filter(pk=tx_id, casino=actor.casino)
        .first()
    )
    if tx is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=TableTransaction)
    require_assigned_for(actor, perm, session=tx.session)
    return tx


def access_gaming_day(actor: Actor, day_id: int, perm: Perm) -> GamingDay:
    require(actor, perm)
    day = GamingDay.objects.filter(pk=day_id, casino=actor.casino).first()
    if day is None:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=GamingDay)
    return day


def require_sees_expected(actor: Actor) -> None:
    """Counters count blind: the cage cashier never sees expected figures (issue 6 item 8)."""
    require(actor, Perm.VIEW_CAGE)
    if not actor.can(Perm.VIEW_EXPECTED_FIGURES):
        raise DomainError.of(CageCode.BLIND_COUNT)
