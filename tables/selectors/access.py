"""Fetch-and-authorise helpers (Zulip style): every read of one record goes through one.

Each checks the actor's permission, scopes the query to the actor's casino and
answers 404 for anything else, so no entry point can forget either check.
"""

from __future__ import annotations

from typing import TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.db import models

from casino.access import Actor, require
from casino.errorcodes import ApiCode
from casino.errors import DomainError
from casino.models import User
from casino.roles import Perm, Role

from ..codes import TablesCode
from ..models import (
    ClosingSheet,
    DeckReceipt,
    DeckStore,
    Discrepancy,
    OpeningSheet,
    Pack,
    SanctionEntry,
    Table,
    TableSession,
)
from .assignment import lock_session, require_assigned_for

M = TypeVar("M", bound=models.Model)


def _get(actor: Actor, qs: models.QuerySet[M], pk: object) -> M:
    try:
        obj = qs.filter(casino=actor.casino).get(pk=int(str(pk)))
    except (ValueError, TypeError, ObjectDoesNotExist):  # the model's DoesNotExist
        raise DomainError.of(ApiCode.NOT_FOUND, thing=qs.model) from None
    return obj


def access_table(actor: Actor, pk: object, perm: Perm = Perm.VIEW_TABLES) -> Table:
    require(actor, perm)
    table = _get(actor, Table.objects.select_related("chip_set", "sector"), pk)
    require_assigned_for(actor, perm, table=table)
    return table


def access_session(
    actor: Actor, pk: object, perm: Perm = Perm.VIEW_TABLES, *, lock: bool = False
) -> TableSession:
    """The session of the actor's casino, and the actor's right to ``perm`` there: the one
    access check of a table session, for every app (issue 41 §5).

    ``pk`` is an id or the session itself. With ``lock`` (a write, inside the request's
    transaction) the row is read locked, with its assignment, by the one lock
    (:func:`lock_session`), and the assignment is checked on that reading; the service
    then reuses the locked row (issue 43: one access check per request, under the lock).
    """
    require(actor, perm)
    if isinstance(pk, TableSession):
        pk = pk.pk
    if lock:
        try:
            session = lock_session(int(str(pk)), actor)
        except (TypeError, ValueError):
            raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSession) from None
    else:
        qs = TableSession.objects.select_related("table", "gaming_day", "settings", "supervisor")
        session = _get(actor, qs, pk)
    require_assigned_for(actor, perm, session=session)
    return session


def access_opening(actor: Actor, pk: object, perm: Perm = Perm.VIEW_TABLES) -> OpeningSheet:
    require(actor, perm)
    qs = OpeningSheet.objects.select_related("session", "table", "gaming_day")
    sheet = _get(actor, qs, pk)
    require_assigned_for(actor, perm, session=sheet.session)
    return sheet


def access_closing(actor: Actor, pk: object, perm: Perm = Perm.VIEW_TABLES) -> ClosingSheet:
    require(actor, perm)
    qs = ClosingSheet.objects.select_related("session", "table", "gaming_day")
    sheet = _get(actor, qs, pk)
    require_assigned_for(actor, perm, session=sheet.session)
    return sheet


def access_discrepancy(actor: Actor, pk: object, perm: Perm = Perm.VIEW_TABLES) -> Discrepancy:
    require(actor, perm)
    qs = Discrepancy.objects.select_related("sheet__session__table", "denomination")
    discrepancy = _get(actor, qs, pk)
    require_assigned_for(actor, perm, session=discrepancy.sheet.session)
    return discrepancy


def access_pack(actor: Actor, pk: object, perm: Perm = Perm.VIEW_DECKS) -> Pack:
    require(actor, perm)
    pack = _get(actor, Pack.objects.select_related("store", "session"), pk)
    if pack.session_id is not None:  # a pack at a table: the people assigned there
        require_assigned_for(actor, perm, session=pack.session)
    return pack


def access_store(actor: Actor, pk: object, perm: Perm = Perm.VIEW_DECKS) -> DeckStore:
    require(actor, perm)
    return _get(actor, DeckStore.objects.all(), pk)


def access_receipt(actor: Actor, pk: object, perm: Perm = Perm.VIEW_DECKS) -> DeckReceipt:
    require(actor, perm)
    return _get(actor, DeckReceipt.objects.select_related("store"), pk)


def access_sanction(actor: Actor, pk: object, perm: Perm = Perm.VIEW_SANCTIONS) -> SanctionEntry:
    require(actor, perm)
    qs = SanctionEntry.objects.select_related("player", "table", "session", "issued_by")
    return _get(actor, qs, pk)


def staff_member(actor: Actor, username: str | None, role: Role, *, field: str) -> User:
    """A staff member of the actor's casino who holds ``role`` (for "who" fields of forms)."""
    user = User.objects.filter(username=username or "", casino=actor.casino).first()
    if user is None or not user.is_active:
        raise DomainError.of(TablesCode.STAFF_NOT_FOUND, person=username, field=field)
    if not user.holds_role(role):
        raise DomainError.of(TablesCode.STAFF_ROLE_MISSING, user=user, role=role, field=field)
    return user


def staff_user(actor: Actor, username: str | None, *, field: str) -> User | None:
    """An active staff member of the actor's casino by username (None when not given)."""
    if not username:
        return None
    user = User.objects.filter(username=username, casino=actor.casino, is_active=True).first()
    if user is None:
        raise DomainError.of(TablesCode.STAFF_NOT_FOUND, person=username, field=field)
    return user


def sector_scope(actor: Actor, table: str = "table") -> models.Q | None:
    """The tables a pit boss answers for (RPT-17, issue 8 §2), as a filter on ``table``
    (the field that names the table; ``""`` on a query of tables): a table of a sector he is
    pit boss of, or a table in no sector (a small room has none). ``None`` for every other
    role: their scope is the casino. The floor, the hand queue, the refused attempts and the
    reports all read this one rule."""
    if actor.role != Role.PIT_BOSS:
        return None
    prefix = f"{table}__" if table else ""
    return models.Q(**{f"{prefix}sector__isnull": True}) | models.Q(
        **{f"{prefix}sector__pit_bosses": actor.user}
    )


def sector_covers(actor: Actor, table: Table) -> bool:
    """``sector_scope`` for one table."""
    if actor.role != Role.PIT_BOSS or table.sector is None:
        return True
    return table.sector.pit_bosses.filter(pk=actor.user.pk).exists()
