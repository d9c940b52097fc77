"""Who is assigned to a table now: the one reader of supervisor, croupier on duty and pit bosses.

Every signature and every recording service asks these (issue 12 §1): the
session's supervisor (or the relief whose takeover is recorded), the croupier
on duty (the latest dealer change), and the pit bosses of the table's sector.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django.db import transaction
from django.db.models import F, OuterRef, QuerySet, Subquery

from casino.access import Actor
from casino.errorcodes import ApiCode
from casino.errors import DomainError, PermissionRefused
from casino.hotqueries import HotQuery
from casino.models import Sector, User
from casino.roles import Perm, Role
from casino.scoping import Assignment, check_assignment

from ..models import DealerChange, SupervisorRelief, Table, TableSession

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class AssignmentColumns(TypedDict):
    """What :func:`with_assignment` adds to each session row."""

    relief_in: int | None
    dealer_in: int | None
    sector_pit_boss: int | None


def session_supervisor(session: TableSession) -> User:
    """The session's supervisor now: the latest recorded relief, else who opened it."""
    relief = (
        SupervisorRelief.objects.filter(session_id=session.pk)
        .select_related("incoming")
        .order_by("-at", "-id")
        .first()
    )
    return relief.incoming if relief else session.supervisor


def _sector_pit_boss_ids(table: Table) -> frozenset[int]:
    if table.sector_id is None:
        return frozenset()
    through = Sector.pit_bosses.through
    return frozenset(
        through.objects.filter(sector_id=table.sector_id).values_list("user_id", flat=True)
    )


def with_assignment(
    sessions: QuerySet[TableSession],
) -> QuerySet[WithAnnotations[TableSession, AssignmentColumns]]:
    """``sessions`` with what their assignment is read from: the latest relief's incoming
    supervisor and dealer change's incoming croupier (subqueries), and the sector's pit
    bosses by a left join (one row each, or one row of none)."""
    latest = ("-at", "-id")
    relief = SupervisorRelief.objects.filter(session_id=OuterRef("pk")).order_by(*latest)
    change = DealerChange.objects.filter(session_id=OuterRef("pk")).order_by(*latest)
    return sessions.annotate(
        relief_in=Subquery(relief.values("incoming_id")[:1]),
        dealer_in=Subquery(change.values("incoming_id")[:1]),
        sector_pit_boss=F("table__sector__pit_bosses"),
    )


def assignment_of(session: TableSession, rows: list[tuple[Any, Any, Any]]) -> Assignment:
    """The assignment from the rows of :func:`with_assignment` (relief, dealer, pit boss)."""
    relief_in, dealer_in = rows[0][:2] if rows else (None, None)
    return Assignment(
        table_label=str(session.table.number),
        supervisor_ids=frozenset({relief_in or session.supervisor_id}),
        croupier_ids=frozenset({dealer_in}) if dealer_in else frozenset(),
        pit_boss_ids=frozenset(r[2] for r in rows if r[2] is not None),
    )


# Every write asks it (issue 18 §3), built once (issue 43).
_ASSIGNMENT = HotQuery(
    lambda pk: (
        with_assignment(TableSession.objects.filter(pk=pk))
        .order_by()
        .values_list("relief_in", "dealer_in", "sector_pit_boss")
    ),
    pk=int,
)

# --- The session lock's own reading (issue 43) ----------------------------------------
# ``tables.services.lock_session`` reads the session row FOR UPDATE with its assignment in
# the same statement and marks the row: while the transaction that took the lock is open
# (and not rolled back to before it), the row is the locked one, and its assignment holds
# (a relief or a dealer change locks the session first, and forgets it). So a write checks
# the assignment once, under the lock, and the service reuses both (STYLE, "Fast in
# Django's own terms").
_LOCK = "_mesa_lock"
_ASSIGNED = "_mesa_assignment"


class _Held:
    """A no-op on-commit callback: it is in ``connection.run_on_commit`` from the locking
    read to the end of its transaction, and leaves it with a rollback to a savepoint taken
    before the read (Django drops that savepoint's callbacks), as the row lock does."""

    def __call__(self) -> None:
        return None


def hold_locked(row: TableSession, assignment: Assignment | None) -> None:
    """Mark ``row`` as read FOR UPDATE in this transaction, with ``assignment``."""
    marker = _Held()
    transaction.on_commit(marker)
    row.__dict__[_LOCK] = marker
    row.__dict__[_ASSIGNED] = assignment


def lock_held(row: TableSession) -> bool:
    """Whether ``row`` is the session row this transaction has locked (and still holds)."""
    marker = row.__dict__.get(_LOCK)
    if marker is None:
        return False
    connection = transaction.get_connection()
    return connection.in_atomic_block and any(
        func is marker for _sids, func, _robust in connection.run_on_commit
    )


def forget_assignment(row: TableSession) -> None:
    """A relief or a dealer change has just changed who is assigned: read it again."""
    row.__dict__.pop(_ASSIGNED, None)


def session_assignment(session: TableSession) -> Assignment:
    """The supervisor, croupier on duty and sector pit bosses of ``session`` now.

    One query (every write asks it, issue 18 §3), none when ``session`` is the row the
    transaction has locked (``tables.services.lock_session`` read it with the lock).
    """
    if session.__dict__.get(_ASSIGNED) is not None and lock_held(session):
        return session.__dict__[_ASSIGNED]
    return assignment_of(session, _ASSIGNMENT.all(pk=session.pk))


def sector_assignment(sector_id: int, *, label: str) -> Assignment:
    """A document of a sector, not of one table (a store's receipt, a sector sheet): only
    the sector's pit bosses are assigned; ``label`` names it in the refusal."""
    through = Sector.pit_bosses.through
    return Assignment(
        table_label=label,
        pit_boss_ids=frozenset(
            through.objects.filter(sector_id=sector_id).values_list("user_id", flat=True)
        ),
    )


def table_assignment(table: Table) -> Assignment:
    """A table's assignment outside a session (only its sector's pit bosses are known)."""
    return Assignment(table_label=str(table.number), pit_boss_ids=_sector_pit_boss_ids(table))


def require_assigned(
    actor: Actor, *, session: TableSession | None = None, table: Table | None = None
) -> Assignment:
    """Refuse the actor unless assigned to the session (or table) in the role they act in.

    Croupier: on duty there; supervisor: the session's supervisor or recorded relief;
    pit boss: of the table's sector. Other roles are casino-wide (``casino.scoping``).
    Returns the assignment read, so a service holding the session lock can check the
    croupier it names against the same reading (issue 18 §3: one query, not two).
    """
    if session is not None:
        assignment = session_assignment(session)
    elif table is not None:
        assignment = table_assignment(table)
    else:
        raise TypeError("require_assigned needs a session or a table")
    check_assignment(assignment, user_id=actor.user.pk, role=actor.role)
    return assignment


def is_assigned(actor: Actor, session: TableSession) -> bool:
    """Whether the actor may act at ``session`` in their role (for pages listing work)."""
    try:
        require_assigned(actor, session=session)
    except PermissionRefused:
        return False
    return True


# Permissions whose use at a table is scoped by the assignment, but are the room's:
# a void is a second person's control (any pit boss or the shift manager who signed
# nothing on the slip, CLOSE-07), and reading is never scoped.
ROOM_WIDE_PERMS = frozenset({Perm.VOID_SLIP})


def require_at(
    actor: Actor, *, session: TableSession | None = None, table: Table | None = None
) -> None:
    """The one rule "who works this table now" (issue 12 §1), for every service and selector.

    A session: its supervisor (or recorded relief), its croupier on duty, its table's
    sector pit bosses. A table without a session in hand is judged by its live session;
    with none, nobody is on duty there, so only the pit boss is scoped (by the table's
    sector: the supervisor who opens it is checked by ``session_open`` against the one
    named). Other roles (shift manager, security, surveillance) are casino-wide.
    """
    if session is None and table is not None:
        session = (
            TableSession.objects.filter(table=table)
            .exclude(status=TableSession.Status.CLOSED)
            .select_related("table")
            .order_by("-id")
            .first()
        )
        if session is None:
            if actor.role == Role.PIT_BOSS:
                require_assigned(actor, table=table)
            return
    if session is not None:
        require_assigned(actor, session=session)


def require_assigned_for(
    actor: Actor,
    perm: Perm,
    *,
    session: TableSession | None = None,
    table: Table | None = None,
) -> None:
    """The ``access_*`` selectors' check: fetching a table's record to change it
    (any permission but a view) refuses the person not assigned there (issue 12 §1),
    before any input is read, so the refusal is the same whatever was sent."""
    if perm.value.startswith("view_") or perm in ROOM_WIDE_PERMS:
        return
    require_at(actor, session=session, table=table)


# DECK-06: the croupier, the supervisor and the pit boss check a pack before play.
WITNESS_ROLES = (Role.CROUPIER, Role.SUPERVISOR, Role.PIT_BOSS)


def inspection_witnesses(session: TableSession, actor: Actor) -> list[tuple[User, Role]]:
    """Who may witness ``actor``'s inspection of a pack at ``session`` now (DECK-06): the
    people on duty at the table (croupier, supervisor, the sector's pit bosses), each in
    the role he is on duty in, not the actor and not in the actor's role. The witness
    chooses his own name from this list and signs with his PIN."""
    assignment = session_assignment(session)
    on_duty = {
        Role.CROUPIER: assignment.croupier_ids,
        Role.SUPERVISOR: assignment.supervisor_ids,
        Role.PIT_BOSS: assignment.pit_boss_ids,
    }
    ids = {pk for role in WITNESS_ROLES for pk in on_duty[role]} - {actor.user.pk}
    users = {u.pk: u for u in User.objects.filter(pk__in=ids, is_active=True)}
    out: list[tuple[User, Role]] = []
    for role in WITNESS_ROLES:
        if role == actor.role:
            continue
        for pk in sorted(on_duty[role] & users.keys()):
            if users[pk].holds_role(role):
                out.append((users[pk], role))
    return out


# The one lock (issue 13 §1) and the session's assignment, in one statement built once
# (issue 43). Unique by id: no ORDER BY (the model's ordering only sorts).
_SESSION_LOCKED = HotQuery(
    lambda pk: with_assignment(
        TableSession.objects.select_for_update(of=("self",))
        .select_related("table", "settings", "gaming_day")
        .filter(pk=pk)
    ).order_by(),
    pk=int,
)


def lock_session(session: TableSession | int, actor: Actor | None = None) -> TableSession:
    """The session row, locked: the one serialisation point of a table (issue 13 §1).

    Buy-ins, changes, seating, hands and the session's own moves all lock it first, so
    "is a hand in progress?", "who sits there?" and the write happen atomically (BUYIN-05,
    CASH-11) and concurrent writes queue up. With ``actor``, a session of another casino
    is not found. The cage and the hand recorder use this one function.

    The row is read with its assignment (``tables.selectors.assignment``), which the
    checks under the lock then use. A row this function has already locked in the same
    transaction is the locked row: it is returned as it is, not read again (issue 43: the
    API's access check locks it, and the service reuses it).
    """
    if isinstance(session, TableSession) and lock_held(session):
        row = session
    else:
        pk = session if isinstance(session, int) else session.pk
        rows = _SESSION_LOCKED.all(pk=pk)
        if not rows:
            raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSession)
        row = rows[0]
        hold_locked(
            row, assignment_of(row, [(r.relief_in, r.dealer_in, r.sector_pit_boss) for r in rows])
        )
    if actor is not None and row.casino_id != actor.casino.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=TableSession)
    return row
