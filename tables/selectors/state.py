"""A table's current state for its page and the API (issue 5 §6)."""

from __future__ import annotations

from dataclasses import dataclass, field

from casino.errors import DomainError
from casino.models import User

from ..models import ClosingSheet, OpeningSheet, Pack, Table, TableSession
from .sanctions import EffectiveSanction, active_sanctions
from .sessions import (
    croupier_on_duty,
    live_session,
    packs_at_session,
    session_closing_count,
    session_opening_count,
    session_ready_for_play,
)


@dataclass(frozen=True)
class TableState:
    table: Table
    session: TableSession | None
    status: str  # the session's status, or "closed" without a live session
    croupier: User | None = None
    packs: list[Pack] = field(default_factory=list)
    opening_sheet: OpeningSheet | None = None
    closing_sheet: ClosingSheet | None = None
    not_ready: list[DomainError] = field(default_factory=list)
    sanctions: list[EffectiveSanction] = field(default_factory=list)

    @property
    def pack_in_play(self) -> Pack | None:
        return next((p for p in self.packs if p.state == "in_play"), None)


def table_state(table: Table) -> TableState:
    session = live_session(table)
    if session is None:
        return TableState(table=table, session=None, status=TableSession.Status.CLOSED)
    return TableState(
        table=table,
        session=session,
        status=session.status,
        croupier=croupier_on_duty(session),
        packs=list(packs_at_session(session)),
        opening_sheet=session_opening_count(session),
        closing_sheet=session_closing_count(session),
        not_ready=session_ready_for_play(session),
        sanctions=active_sanctions(table.casino, session=session),
    )
